// The Play tab: the board, moves by click-click, drag-and-drop or typed,
// who plays which side, the engine's thinking over Server-Sent Events,
// clocks, the move list, the attack visualizer, FEN and PGN pasted, opened
// and saved. The heat map of what each piece is worth is in values.js, game
// review in review.js.
"use strict";

const $ = (id) => document.getElementById(id);
const FILES = "abcdefgh";
const SQ = 100; // board units per square

// Each tab keeps its own game: the session id lives in sessionStorage,
// which a browser keeps per tab.
function newSid() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  return "s" + Math.random().toString(36).slice(2) + Date.now().toString(36);
}
const SID = sessionStorage.getItem("ox88-sid") || newSid();
sessionStorage.setItem("ox88-sid", SID);

const app = {
  state: null, flipped: false, selected: null, drag: null, hover: null,
  think: null, stateAt: 0, lastInfo: null,
  watch: null,  // the pause before ox88's next move against itself
  values: null, // the heat map: /api/values for the shown position
};

// watchPause is the pause between moves when ox88 plays itself without
// clocks, so a person can follow (the terminal game's watchPause).
const watchPause = 700;

// The server's token, when it asks for one (served beyond loopback, or
// with --token): it comes in the page's address, as Jupyter's does, and goes
// with every API call, in a header, or in the query of an EventSource,
// which cannot set headers.
const TOKEN = new URLSearchParams(location.search).get("token") || "";

// stream opens an event stream from this server, with the token.
function stream(path) {
  return new EventSource(TOKEN ? path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(TOKEN) : path);
}

function status(msg) { $("status").textContent = msg || ""; }

// api calls this server: a GET, or a POST of body as JSON (the only type
// the server takes, so that no page elsewhere can post a form to it).
async function api(path, body) {
  const headers = TOKEN ? { "X-Ox88-Token": TOKEN } : {};
  const opt = { headers };
  if (body !== undefined) {
    Object.assign(opt, { method: "POST", body: JSON.stringify(body) });
    headers["Content-Type"] = "application/json";
  }
  const r = await fetch(path, opt);
  const data = await r.json().catch(() => ({ error: "bad response" }));
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

// gameCall posts to a game route and shows the new state.
async function gameCall(path, extra) {
  try {
    setState(await api(path, Object.assign({ sid: SID }, extra || {})));
    status("");
    return true;
  } catch (e) { status(e.message); return false; }
}

function sqName(i) { return FILES[i % 8] + (Math.floor(i / 8) + 1); }
function sqIndex(name) { return FILES.indexOf(name[0]) + 8 * (parseInt(name[1], 10) - 1); }
function sqXY(i) {
  let f = i % 8, r = Math.floor(i / 8);
  if (app.flipped) { f = 7 - f; r = 7 - r; }
  return [f * SQ, (7 - r) * SQ];
}
function pointSq(evt) {
  const b = $("board").getBoundingClientRect();
  let f = Math.floor((evt.clientX - b.left) / b.width * 8), r = 7 - Math.floor((evt.clientY - b.top) / b.height * 8);
  if (f < 0 || f > 7 || r < 0 || r > 7) return -1;
  if (app.flipped) { f = 7 - f; r = 7 - r; }
  return f + 8 * r;
}

function setState(st) {
  app.state = st;
  app.stateAt = performance.now();
  app.selected = null;
  renderAll();
  if ($("chk-values").checked) loadValues();
  analysisSync(); // analysis.js: the lines and the explorer follow the position
}

function renderAll() {
  renderBoard(); renderMoves(); renderClocks(); renderGraph(); renderEval(); renderSettings(); renderReview();
  const st = app.state;
  const o = $("outcome");
  o.hidden = !st.outcome.over;
  o.textContent = st.outcome.over ? st.outcome.text + " (" + st.outcome.result + ")" : "";
  if (document.activeElement !== $("fen")) $("fen").value = st.fen;
  if (document.activeElement !== $("pgn")) $("pgn").value = st.pgn;
}

function legalFrom(from) { return app.state.legal.filter((m) => m.from === from); }
function isMine(i) {
  const st = app.state, p = st.board[i];
  return p && p[0] === st.turn && !st.outcome.over && !app.think;
}

function renderBoard() {
  const st = app.state;
  const out = [];
  const lastSet = new Set(st.last);
  const dests = new Set(app.selected !== null ? legalFrom(sqName(app.selected)).map((m) => m.to) : []);
  for (let i = 0; i < 64; i++) {
    const [x, y] = sqXY(i), name = sqName(i);
    const dark = (i % 8 + Math.floor(i / 8)) % 2 === 0;
    let fill = dark ? "var(--dark)" : "var(--light)";
    out.push(`<rect data-sq="${name}" x="${x}" y="${y}" width="${SQ}" height="${SQ}" fill="${fill}"/>`);
    if (lastSet.has(name)) out.push(`<rect x="${x}" y="${y}" width="${SQ}" height="${SQ}" fill="#f6e05e" opacity=".45" pointer-events="none"/>`);
    if (app.selected === i) out.push(`<rect x="${x}" y="${y}" width="${SQ}" height="${SQ}" fill="#3b82f6" opacity=".45" pointer-events="none"/>`);
    if (st.check === name) out.push(`<circle cx="${x + 50}" cy="${y + 50}" r="48" fill="url(#checkglow)" pointer-events="none"/>`);
  }
  // Coordinates along the edges.
  for (let k = 0; k < 8; k++) {
    const f = app.flipped ? 7 - k : k, r = app.flipped ? k + 1 : 8 - k;
    out.push(`<text x="${k * SQ + 92}" y="795" class="coord">${FILES[f]}</text><text x="4" y="${k * SQ + 16}" class="coord">${r}</text>`);
  }
  out.push(heatOverlay());
  for (let i = 0; i < 64; i++) {
    const p = st.board[i];
    if (!p || (app.drag && app.drag.from === i)) continue;
    const [x, y] = sqXY(i);
    out.push(`<g data-piece="${p}" data-at="${sqName(i)}" pointer-events="none">${pieceMarkup(p, x + 5, y + 5, 90)}</g>`);
  }
  for (const d of dests) {
    const [x, y] = sqXY(sqIndex(d));
    const occupied = st.board[sqIndex(d)];
    out.push(occupied
      ? `<circle class="dest" cx="${x + 50}" cy="${y + 50}" r="44" fill="none" stroke="#14532d" stroke-width="7" opacity=".5" pointer-events="none"/>`
      : `<circle class="dest" cx="${x + 50}" cy="${y + 50}" r="14" fill="#14532d" opacity=".5" pointer-events="none"/>`);
  }
  // While the engine thinks, its best move so far is a green arrow.
  if (app.think && app.bestArrow) {
    out.push(arrow(app.bestArrow, "bestarrow", "#15803d", "ah-g"));
  }
  // On the analysis board, the best move of each line (analysis.js).
  if (st.analysis) out.push(analysisArrows());
  // Reviewed, the position before a marked move shows the better move.
  const better = reviewBetter(st.ply);
  if (better) out.push(arrow(better, "betterarrow", "#2563eb", "ah-w"));
  out.push(attackOverlay());
  if (app.drag && app.drag.pt) {
    out.push(`<g pointer-events="none">${pieceMarkup(app.state.board[app.drag.from], app.drag.pt[0] - 50, app.drag.pt[1] - 50, 100)}</g>`);
  }
  $("board").innerHTML = `<defs><radialGradient id="checkglow"><stop offset="0" stop-color="#ff2020" stop-opacity=".9"/>` +
    `<stop offset="1" stop-color="#ff2020" stop-opacity="0"/></radialGradient>` +
    `<marker id="ah-w" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="#1d4ed8"/></marker>` +
    `<marker id="ah-g" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="3" markerHeight="3" orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="#15803d"/></marker>` +
    `<marker id="ah-b" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="#b91c1c"/></marker></defs>` +
    `<style>.coord{font:14px sans-serif;fill:#5a4630;pointer-events:none}.cnt{font:bold 20px monospace;pointer-events:none}</style>` + out.join("");
}

// arrow draws a move [from, to] on the board.
function arrow([from, to], cls, color, marker) {
  const [fx, fy] = sqXY(sqIndex(from)), [tx, ty] = sqXY(sqIndex(to));
  return `<line class="${cls}" x1="${fx + 50}" y1="${fy + 50}" x2="${tx + 50}" y2="${ty + 50}" stroke="${color}" ` +
    `stroke-width="12" opacity=".65" marker-end="url(#${marker})" pointer-events="none"/>`;
}

const PIECE_NAMES = { P: "pawn", N: "knight", B: "bishop", R: "rook", Q: "queen", K: "king" };

// attackOverlay draws the visualizer: arrows from every attacker of the
// hovered square, and the attack counts of both sides on every square.
function attackOverlay() {
  const st = app.state, out = [];
  if ($("chk-counts").checked) {
    for (let i = 0; i < 64; i++) {
      const [x, y] = sqXY(i);
      const w = st.attacks[0][i].length, b = st.attacks[1][i].length;
      if (w) out.push(`<text class="cnt" x="${x + 4}" y="${y + 95}" fill="#1d4ed8">${w}</text>`);
      if (b) out.push(`<text class="cnt" x="${x + 82}" y="${y + 20}" fill="#b91c1c">${b}</text>`);
    }
  }
  const info = $("hoverinfo");
  if ($("chk-hover").checked && app.hover !== null && !app.drag) {
    const i = app.hover, [tx, ty] = sqXY(i);
    const w = st.attacks[0][i], b = st.attacks[1][i];
    for (const [list, color, mk] of [[w, "#1d4ed8", "ah-w"], [b, "#b91c1c", "ah-b"]]) {
      for (const a of list) {
        const [fx, fy] = sqXY(a);
        out.push(`<line x1="${fx + 50}" y1="${fy + 50}" x2="${tx + 50}" y2="${ty + 50}" stroke="${color}" stroke-width="7" opacity=".7" marker-end="url(#${mk})" pointer-events="none"/>`);
      }
    }
    out.push(`<rect x="${tx + 3}" y="${ty + 3}" width="94" height="94" fill="none" stroke="#111" stroke-width="4" stroke-dasharray="8 6" pointer-events="none"/>`);
    const p = st.board[i];
    const list = (l) => (l.length ? " (" + l.map(sqName).join(", ") + ")" : "");
    const wb = `<b style="color:#1d4ed8">${w.length}</b>${list(w)}`, bb = `<b style="color:#b91c1c">${b.length}</b>${list(b)}`;
    if (p) {
      // A piece's own side defends it; the other side attacks it.
      const [def, att] = p[0] === "w" ? [wb, bb] : [bb, wb];
      info.innerHTML = `<b>${p[0] === "w" ? "White's" : "Black's"} ${PIECE_NAMES[p[1]]} on ${sqName(i)}</b>: defended by ${def}, attacked by ${att}`;
      const v = app.values && app.values.fen === st.fen && app.values.pieces.find((x) => x.square === sqName(i));
      if (v) info.innerHTML += `; worth <b class="worth">${scoreText(v.value, 0)}</b> to its side`;
    } else {
      info.innerHTML = `<b>${sqName(i)}</b>: attacked by White ${wb}, by Black ${bb}`;
    }
  } else {
    info.innerHTML = "Hover a square to see its attackers (blue: White, red: Black) and defenders.";
  }
  return out.join("");
}

function renderMoves() {
  const st = app.state, ol = $("moves");
  $("opening").innerHTML = st.opening ? `<b>${st.opening.eco}</b> ${esc(st.opening.name)}` : "";
  // The analysis board, or a game with variations, shows the game tree.
  ol.classList.toggle("tree", st.analysis || st.tree.some((n) => n.vars));
  if (ol.classList.contains("tree")) {
    ol.innerHTML = `<li>${treeHTML(st.tree, st.path.join("."), true, true)}</li>`;
    const cur = ol.querySelector(".cur");
    if (cur) cur.scrollIntoView({ block: "nearest" });
    return;
  }
  const items = [];
  for (let i = 0; i < st.moves.length; i += 2) {
    const cell = (k) => {
      if (k >= st.moves.length) return "";
      const m = reviewMark(k + 1);
      const mark = m ? `<sup class="mark mark-${m.judgement}">${m.symbol}</sup>` : "";
      return `<span data-ply="${k + 1}" class="${k + 1 === st.ply ? "cur" : k + 1 > st.ply ? "tail" : ""}"` +
        `${m ? ` title="${m.title}"` : ""}>${st.moves[k]}${mark}</span>`;
    };
    items.push(`<li>${cell(i)} ${cell(i + 1)}</li>`);
  }
  ol.innerHTML = items.join("");
  const cur = ol.querySelector(".cur");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

// treeHTML writes a line of the game tree: its moves with their numbers
// (before White's, and before Black's after an interruption), comments,
// and variations in parentheses, nested. cur is the path shown.
function treeHTML(nodes, cur, main, first) {
  const out = [];
  let num = first;
  for (const n of nodes) {
    const p = n.path.join(".");
    const label = n.white ? n.n + ". " : num ? n.n + "... " : "";
    const ply = main ? ` data-ply="${n.path[0]}"` : "";
    out.push(`<span class="mv${p === cur ? " cur" : ""}" data-path="${p}"${ply}>${label}${n.san}</span>`);
    num = false;
    if (n.comment) { out.push(`<span class="cmt">${esc(n.comment)}</span>`); num = true; }
    for (const v of n.vars || []) { out.push(`<div class="var">(${treeHTML(v, cur, false, true)})</div>`); num = true; }
  }
  return out.join(" ");
}

// fmtClock writes a clock as m:ss, with tenths under ten seconds (the
// terminal game's formatClock).
function fmtClock(ms) {
  ms = Math.max(0, ms);
  if (ms < 10000) return "0:0" + (Math.floor(ms / 100) / 10).toFixed(1);
  const s = Math.floor(ms / 1000);
  if (s >= 3600) return Math.floor(s / 3600) + ":" + String(Math.floor(s / 60) % 60).padStart(2, "0") + ":" + String(s % 60).padStart(2, "0");
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

function renderClocks() {
  const st = app.state;
  if (!st || st.tc.base === 0) { $("clock-top").textContent = ""; $("clock-bottom").textContent = ""; return; }
  const el = performance.now() - app.stateAt;
  const left = { w: st.clock.white, b: st.clock.black };
  if (st.clock.running) left[st.clock.running] -= el;
  const bottom = app.flipped ? "b" : "w", top = bottom === "w" ? "b" : "w";
  for (const [id, side] of [["clock-top", top], ["clock-bottom", bottom]]) {
    const c = $(id);
    c.textContent = (side === "w" ? "White " : "Black ") + fmtClock(left[side]);
    c.classList.toggle("running", st.clock.running === side);
    c.classList.toggle("low", left[side] < 10000);
  }
  if (st.clock.running && left[st.clock.running] <= 0 && !app.flagAsked) {
    app.flagAsked = true;
    api("/api/state?sid=" + SID).then(setState).catch(() => {}).finally(() => { app.flagAsked = false; });
  }
}
setInterval(() => { if (app.state) renderClocks(); }, 100);

function scoreText(cp, mate) {
  if (mate) return (mate > 0 ? "M" : "-M") + Math.abs(mate);
  return (cp >= 0 ? "+" : "") + (cp / 100).toFixed(2);
}

function renderEval(white, mate) {
  if (white === undefined && app.state.analysis && typeof analysisEval === "function") {
    const e = analysisEval();
    if (e) { white = e.white; mate = e.mate; }
  }
  if (white === undefined) {
    const sc = app.state.scores.filter((x) => x);
    if (!sc.length) { white = 0; } else { white = sc[sc.length - 1].cp; mate = sc[sc.length - 1].mate; }
  }
  const frac = 1 / (1 + Math.exp(-white / 250));
  $("evalfill").style.height = (frac * 100).toFixed(1) + "%";
  $("evalbar").classList.toggle("flipped", app.flipped);
  $("evaltext").textContent = scoreText(white, mate);
}

function renderGraph() {
  // At least graphMinPlies plies wide, so the first moves do not fill it.
  const graphMinPlies = 20;
  const sc = app.state.scores, n = Math.max(app.state.moves.length, graphMinPlies);
  const clamp = (v) => Math.max(-800, Math.min(800, v));
  const pts = [];
  sc.forEach((p, i) => { if (p) pts.push(`${(i / n * 400).toFixed(1)},${(60 - clamp(p.cp) / 800 * 56).toFixed(1)}`); });
  $("graph").innerHTML = `<rect width="400" height="120" fill="#fafafa"/><line x1="0" y1="60" x2="400" y2="60" stroke="#bbb"/>` +
    (pts.length ? `<polyline points="${pts.join(" ")}" fill="none" stroke="#2f6fb3" stroke-width="2"/>` +
      pts.map((p) => `<circle cx="${p.split(",")[0]}" cy="${p.split(",")[1]}" r="2.5" fill="#2f6fb3"/>`).join("") : "") +
    `<line x1="${(app.state.ply / n * 400).toFixed(1)}" y1="0" x2="${(app.state.ply / n * 400).toFixed(1)}" y2="120" stroke="#e0a000" stroke-dasharray="3 3"/>`;
}

function renderSettings() {
  const st = app.state;
  const lv = $("sel-level");
  if (!lv.options.length) {
    lv.innerHTML = st.levels.map((l) => `<option value="${l.level}">${l.level}: ${l.name} (≤ ${l.moveTime} s)</option>`).join("");
  }
  lv.value = String(st.level);
  $("sel-human").value = st.analysis ? "analysis" : st.human;
  const tc = $("sel-tc");
  // A time control of no preset (a loaded game's, one set through the
  // API) gets an entry of its own.
  if (![...tc.options].some((o) => o.value === st.tc.text)) tc.insertAdjacentHTML("beforeend", `<option>${st.tc.text}</option>`);
  tc.value = st.tc.text;
}

function renderInfo(inf) {
  if (inf.depth) $("i-depth").textContent = inf.depth + (inf.seldepth ? "/" + inf.seldepth : "");
  $("i-nodes").textContent = inf.nodes.toLocaleString("en");
  $("i-nps").textContent = Math.round(inf.nps / 1000).toLocaleString("en") + " kN/s";
  $("i-time").textContent = (inf.timeMs / 1000).toFixed(2) + " s";
  if (inf.currmove) $("i-curr").textContent = inf.currmove + (inf.currmoveNumber ? " (" + inf.currmoveNumber + ")" : "");
  if (inf.best && app.think) {
    app.bestArrow = inf.best;
    renderBoard();
  }
  if (inf.pv && inf.pv.length && inf.pv[0]) {
    $("i-score").textContent = scoreText(inf.score, inf.mate) + " (" + scoreText(inf.white, 0) + " for White)";
    $("i-pv").textContent = inf.pv.join(" ");
    renderEval(inf.white, inf.mate && (app.state.turn === "w" ? inf.mate : -inf.mate));
  }
}

// startThink asks the engine for a move; its reports arrive as events.
function startThink() {
  clearTimeout(app.watch);
  app.watch = null;
  if (app.think) return;
  const es = stream("/api/think?sid=" + encodeURIComponent(SID) + "&turn=" + app.state.turn);
  app.think = es;
  app.bestArrow = null;
  $("btn-go").textContent = "Move now";
  status("engine thinking…");
  for (const id of ["i-depth", "i-nodes", "i-nps", "i-time", "i-score", "i-curr"]) $(id).textContent = "–";
  $("i-pv").textContent = "";
  const finish = () => {
    es.close();
    if (app.think === es) { app.think = null; $("btn-go").textContent = "Engine move"; }
  };
  es.addEventListener("info", (e) => renderInfo(JSON.parse(e.data)));
  es.addEventListener("done", (e) => {
    finish();
    const d = JSON.parse(e.data);
    if (d.info) renderInfo(d.info);
    status("engine played " + d.move + (d.book ? " from its book" : "") +
      (d.best ? ` (level ${d.state.level} picks among near-best moves; the best line starts ${d.best})` : ""));
    setState(d.state);
    // After "Engine move" played the person's side, the engine answers;
    // playing itself without clocks, it pauses so the moves can be followed.
    if (d.state.engineToMove) {
      if (d.state.human === "none" && d.state.tc.base === 0) app.watch = setTimeout(startThink, watchPause);
      else startThink();
    }
  });
  es.addEventListener("fail", (e) => {
    finish();
    status(JSON.parse(e.data).error);
    api("/api/state?sid=" + SID).then(setState).catch(() => {});
  });
  es.onerror = () => {
    if (app.think !== es) return;
    finish();
    status("the engine's stream closed");
    api("/api/state?sid=" + SID).then(setState).catch(() => {});
  };
}

function stopThink() {
  clearTimeout(app.watch);
  app.watch = null;
  if (app.think) { app.think.close(); app.think = null; $("btn-go").textContent = "Engine move"; }
}

// tryMove plays from-to, asking for the promotion piece when there is a
// choice; the engine answers when it has the move.
function tryMove(from, to) {
  const cands = app.state.legal.filter((m) => m.from === from && m.to === to);
  if (!cands.length) return false;
  if (cands.length > 1 && cands[0].promo) {
    const box = $("promo");
    const color = app.state.turn;
    box.innerHTML = ["q", "r", "b", "n"].map((p) =>
      `<svg viewBox="0 0 100 100" data-promo="${p}">${pieceMarkup(color + p.toUpperCase(), 5, 5, 90)}</svg>`).join("");
    box.hidden = false;
    box.onclick = (e) => {
      const t = e.target.closest("[data-promo]");
      if (!t) return;
      box.hidden = true;
      playMove(from + to + t.dataset.promo);
    };
    return true;
  }
  playMove(cands[0].uci);
  return true;
}

// playMove plays a move given in UCI or SAN and reports whether it was
// played; the server reads it (chess.Position.ParseMove) and its error is
// shown as it is.
async function playMove(move) {
  if (practiceActive()) return practiceTry(move); // review.js: a move tried, not played
  const before = app.state;
  if (!await gameCall("/api/move", { move })) return false;
  const st = app.state;
  const san = (before.legal.find((m) => m.uci === move || m.san === move) || {}).san || st.moves[st.ply - 1];
  status("You played " + moveNumber(before) + san + ".");
  if (st.engineToMove) startThink();
  return true;
}

// moveNumber returns "12. " or "12... " for the side to move in st.
function moveNumber(st) {
  return st.fen.split(" ")[5] + (st.turn === "w" ? ". " : "... ");
}

// submitTyped plays the typed move: e2e4, Nf3, O-O, e8=Q.
async function submitTyped(e) {
  e.preventDefault();
  const box = $("move-input"), text = box.value.trim();
  if (!text) return;
  if (app.think) { status("ox88 is thinking: Move now makes it play at once."); return; }
  $("promo").hidden = true;
  if (await playMove(text)) box.value = "";
}

// stamp returns the local date and time as 20260102-150405, for file names.
function stamp() {
  const d = new Date(), p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

// download saves text as the file name (no server round trip: the page has
// the text). The last one is kept in app.saved for the tests.
function download(name, text, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  app.saved = { name, text };
  status("Saved the " + (type === "application/x-chess-pgn" ? "game" : "position") + " to " + name + ".");
}

// looksLikeFEN reports whether text is one line of a FEN (the terminal
// game's test: four fields or more and seven slashes), not a PGN.
function looksLikeFEN(text) {
  return !text.includes("\n") && !text.startsWith("[") && text.split(/\s+/).length >= 4 && (text.match(/\//g) || []).length === 7;
}

// importText loads a FEN or a PGN (pasted, or the file name's text); a
// game read from a PGN is for looking at until "Who plays" says otherwise,
// as in the terminal game.
async function importText(text, name) {
  text = text.trim();
  if (!text) { status("Nothing loaded."); return; }
  stopThink();
  const fen = looksLikeFEN(text);
  if (!await gameCall("/api/import", fen ? { fen: text } : { pgn: text })) return;
  const st = app.state;
  status(fen ? "Loaded the position." : `Loaded ${name || "the game"} (${st.moves.length} plies; the arrow keys step through it, Who plays to play on against ox88).`);
  if (st.engineToMove) startThink();
}

// Board input: pointer down on your piece selects it (and starts a drag);
// releasing on another square moves there; a click on a legal destination
// of the selected piece moves too.
function onDown(e) {
  if (!app.state) return;
  const i = pointSq(e);
  if (i < 0) return;
  $("promo").hidden = true;
  if (app.selected !== null && app.selected !== i) {
    const from = sqName(app.selected), to = sqName(i);
    if (legalFrom(from).some((m) => m.to === to)) {
      app.selected = null;
      tryMove(from, to);
      return;
    }
  }
  if (isMine(i)) {
    app.selected = i;
    app.drag = { from: i, pt: null, id: e.pointerId };
    $("board").setPointerCapture(e.pointerId);
  } else {
    app.selected = null;
  }
  renderBoard();
}

function boardPoint(e) {
  const b = $("board").getBoundingClientRect();
  return [(e.clientX - b.left) / b.width * 800, (e.clientY - b.top) / b.height * 800];
}

function onMove(e) {
  if (!app.state) return;
  if (app.drag) {
    app.drag.pt = boardPoint(e);
    renderBoard();
    return;
  }
  const i = pointSq(e);
  if (i !== app.hover) { app.hover = i < 0 ? null : i; renderBoard(); }
}

function onUp(e) {
  if (!app.drag) return;
  const d = app.drag;
  app.drag = null;
  const i = pointSq(e);
  if (i >= 0 && i !== d.from && d.pt) {
    const from = sqName(d.from), to = sqName(i);
    app.selected = null;
    if (!tryMove(from, to)) renderBoard();
    return;
  }
  renderBoard();
}

function init() {
  const b = $("board");
  b.addEventListener("pointerdown", onDown);
  b.addEventListener("pointermove", onMove);
  b.addEventListener("pointerup", onUp);
  b.addEventListener("pointercancel", () => { app.drag = null; renderBoard(); });
  $("move-form").onsubmit = submitTyped;
  // Arrow keys step through the game (review), Home and End jump; a
  // letter that starts a move (a-h, N B R Q K, O) goes to the move box.
  document.addEventListener("keydown", (e) => {
    if (!app.state || (e.target.matches && e.target.matches("input, textarea, select")) || !$("tab-play").classList.contains("active")) return;
    if (/^[a-hNBRQKO]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      $("move-input").focus(); // the key's character lands in the box
      return;
    }
    if (app.state.analysis && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
      e.preventDefault();
      gameCall(e.key === "ArrowLeft" ? "/api/undo" : "/api/redo");
      return;
    }
    const to = { ArrowLeft: app.state.ply - 1, ArrowRight: app.state.ply + 1, Home: 0, End: app.state.moves.length }[e.key];
    if (to === undefined || to < 0 || to > app.state.moves.length || to === app.state.ply) return;
    e.preventDefault();
    stopThink();
    gameCall("/api/goto", { ply: to });
  });
  b.addEventListener("pointerleave", () => { if (!app.drag) { app.hover = null; renderBoard(); } });
  $("moves").addEventListener("click", (e) => {
    const t = e.target.closest("[data-path], [data-ply]");
    if (!t) return;
    stopThink();
    if (app.state.analysis) gameCall("/api/goto", { path: t.dataset.path.split(".").map(Number) });
    else if (t.dataset.ply) gameCall("/api/goto", { ply: parseInt(t.dataset.ply, 10) });
    else status("Variations are followed on the analysis board (Who plays).");
  });
  $("btn-new").onclick = async () => { stopThink(); if (await gameCall("/api/new")) if (app.state.engineToMove) startThink(); };
  // Chess960: the start position by number (518 is the standard array),
  // a random one when the box is empty; the king takes its rook to castle.
  $("btn-new960").onclick = async () => {
    stopThink();
    const box = $("num960");
    const n = box.value === "" ? Math.floor(Math.random() * 960) : parseInt(box.value, 10);
    if (await gameCall("/api/new", { chess960: n })) {
      status("Chess960 start position " + n);
      if (app.state.engineToMove) startThink();
    }
  };
  $("btn-flip").onclick = () => { app.flipped = !app.flipped; renderAll(); };
  $("btn-undo").onclick = () => { stopThink(); gameCall("/api/undo"); };
  $("btn-redo").onclick = () => { stopThink(); gameCall("/api/redo"); };
  // Engine move: the engine plays the side to move; while it thinks the
  // button reads Move now and stops the search at its best move so far.
  $("btn-go").onclick = () => {
    if (app.think) api("/api/movenow", { sid: SID }).catch((e) => status(e.message));
    else if (!app.state.outcome.over) startThink();
  };
  $("btn-resign").onclick = () => { stopThink(); gameCall("/api/resign"); };
  // A settings change stops a running search; the engine then starts again
  // with the new settings.
  const settings = async (body) => {
    const was = !!app.think;
    stopThink();
    if (await gameCall("/api/settings", body) && was && app.state.engineToMove) startThink();
  };
  $("sel-level").onchange = (e) => settings({ level: parseInt(e.target.value, 10) });
  // Who plays changes for the game on the board, as the terminal's p does.
  $("sel-human").onchange = async (e) => {
    stopThink();
    if (e.target.value === "analysis") {
      if (await gameCall("/api/settings", { analysis: true })) status("Analysis board: move both sides; ox88 analyses the position shown.");
      return;
    }
    if (app.state.analysis && !await gameCall("/api/settings", { analysis: false })) return;
    if (e.target.value === "white" || e.target.value === "black") app.flipped = e.target.value === "black";
    if (await gameCall("/api/settings", { human: e.target.value })) {
      status("Now " + app.state.players + ".");
      if (app.state.engineToMove) startThink();
    }
  };
  $("sel-tc").onchange = (e) => settings({ tc: e.target.value });
  $("chk-counts").onchange = renderBoard;
  $("chk-hover").onchange = renderBoard;
  $("btn-fen-load").onclick = () => importText($("fen").value);
  $("btn-pgn-load").onclick = () => importText($("pgn").value);
  $("btn-pgn-save").onclick = () => download(`ox88-${stamp()}.pgn`, app.state.pgn, "application/x-chess-pgn");
  $("btn-fen-save").onclick = () => download(`ox88-${stamp()}.fen`, app.state.fen + "\n", "text/plain");
  $("btn-open").onclick = () => $("file-open").click();
  $("file-open").onchange = async (e) => {
    const f = e.target.files[0];
    e.target.value = "";
    if (f) importText(await f.text(), f.name);
  };
  const copy = (id) => {
    const v = $(id).value;
    if (navigator.clipboard) navigator.clipboard.writeText(v).then(() => status("copied"), () => { $(id).select(); document.execCommand("copy"); });
    else { $(id).select(); document.execCommand("copy"); status("copied"); }
  };
  $("btn-fen-copy").onclick = () => copy("fen");
  $("btn-pgn-copy").onclick = () => copy("pgn");
  api("/api/state?sid=" + SID).then((st) => {
    app.flipped = st.human === "black";
    setState(st);
    if (st.engineToMove) startThink();
  }).catch((e) => status(e.message));
}
init();
