// The analysis board: the engine analyses the position shown, in 1 to 5
// lines, for as long as it is shown (GET /api/analyse, an event stream
// opened again whenever the position or a choice changes); the best move
// of each line is an arrow and line 1 moves the evaluation bar; a click
// on a move of a line plays the line up to it. The opening explorer lists
// the book's moves for the position (GET /api/book).
"use strict";

const an = {
  es: null,     // the open analysis stream
  key: "",      // what it analyses: position, path and choices
  lines: [],    // the latest report of each line (lineJSON)
  path: null,   // the path of the position analysed
  retries: 0,   // streams that ended without a report, in a row
  bookKey: "",  // the position the explorer shows
};

// The threads a person may choose: the machine's cores.
$("an-threads").innerHTML = Array.from({ length: Math.max(1, navigator.hardwareConcurrency || 1) },
  (_, i) => `<option>${i + 1}</option>`).join("");

function analysisChoices() {
  return { lines: $("an-lines").value, wdl: $("an-wdl").checked ? 1 : 0, threads: $("an-threads").value, hash: $("an-hash").value };
}

// analysisSync opens, closes or restarts the analysis stream to match the
// state shown and the choices, and refreshes the explorer.
function analysisSync() {
  const st = app.state;
  $("analysis").hidden = !st.analysis;
  $("explorer").hidden = !st.analysis;
  // The analysis panel replaces the engine's move panel and the game's score graph.
  $("think").hidden = st.analysis;
  $("graph-panel").hidden = st.analysis;
  $("btn-go").disabled = st.analysis;
  $("btn-resign").disabled = st.analysis;
  if (st.analysis) loadBook();
  const on = st.analysis && $("an-on").checked && !st.outcome.over;
  const c = analysisChoices();
  const key = on ? [st.fen, st.path.join("."), c.lines, c.wdl, c.threads, c.hash].join("|") : "";
  if (key === an.key && (an.es || !on)) return;
  if (an.es) { an.es.close(); an.es = null; }
  an.key = key;
  an.lines = [];
  an.path = st.path.slice();
  if (!on) {
    $("an-status").textContent = st.analysis ? (st.outcome.over ? st.outcome.text : "engine off") : "";
    renderLines();
    return;
  }
  const q = new URLSearchParams(Object.assign({ sid: SID }, c));
  const es = stream("/api/analyse?" + q.toString());
  an.es = es;
  $("an-status").textContent = "analysing…";
  es.addEventListener("info", (e) => {
    const l = JSON.parse(e.data);
    if (an.es !== es || l.fen !== app.state.fen) return;
    an.retries = 0;
    an.lines[l.multipv - 1] = l;
    an.lines.length = Math.min(an.lines.length, parseInt(c.lines, 10));
    $("an-status").textContent = `depth ${l.depth} · ${fmt(l.nodes)} nodes · ${(l.timeMs / 1000).toFixed(1)} s`;
    renderLines();
    renderBoard();
    renderEval();
  });
  es.addEventListener("done", (e) => {
    if (an.es !== es) return;
    es.close();
    an.es = null;
    $("an-status").textContent = JSON.parse(e.data).reason;
  });
  // The server ends the stream when the tab's next request comes (the
  // position changes) or the stream breaks: open it again if nothing
  // newer did, a few times.
  es.onerror = () => {
    if (an.es !== es) return;
    es.close();
    an.es = null;
    an.key = "";
    if (++an.retries <= 3) setTimeout(analysisSync, 300 * an.retries);
    else $("an-status").textContent = "the analysis stream closed; switch the engine off and on to try again";
  };
}

// numbered writes the SAN moves of a line from fen with move numbers.
function numbered(fen, sans) {
  const f = fen.split(" ");
  let n = parseInt(f[5], 10), white = f[1] === "w";
  return sans.map((san, i) => {
    const label = white ? n + ". " : i === 0 ? n + "... " : "";
    if (!white) n++;
    white = !white;
    return label + san;
  });
}

function lineScore(l) {
  return scoreText(l.white, l.mate ? (app.state.turn === "w" ? l.mate : -l.mate) : 0);
}

function renderLines() {
  const box = $("an-lines-list");
  box.innerHTML = an.lines.filter((l) => l).map((l) => {
    const k = l.multipv - 1;
    const moves = numbered(l.fen, l.pv).map((m, j) => `<span class="pvm" data-k="${k}" data-j="${j}">${esc(m)}</span>`).join(" ");
    // The chances for White, as the score is: the report's are the side to move's.
    const [w, d, b] = l.wdl && l.fen.split(" ")[1] === "b" ? [l.wdl[2], l.wdl[1], l.wdl[0]] : l.wdl || [];
    const wdl = l.wdl ? `<span class="wdl" title="White wins, draw, Black wins">W ${(w / 10).toFixed(1)}% D ${(d / 10).toFixed(1)}% B ${(b / 10).toFixed(1)}%</span>` : "";
    const tb = l.tb ? `<span class="tb">${esc(l.tb)} for ${l.fen.split(" ")[1] === "w" ? "White" : "Black"}</span>` : "";
    return `<div class="aline" data-k="${k}"><span class="sc">${lineScore(l)}</span><span class="dep">d${l.depth}</span>${tb}${wdl}${moves}</div>`;
  }).join("");
}

// analysisArrows draws the first move of every line, the best line's
// thickest.
function analysisArrows() {
  return an.lines.filter((l) => l && l.best && l.fen === app.state.fen).map((l, i) => {
    const [from, to] = l.best, [fx, fy] = sqXY(sqIndex(from)), [tx, ty] = sqXY(sqIndex(to));
    return `<line class="anarrow" data-line="${l.multipv}" x1="${fx + 50}" y1="${fy + 50}" x2="${tx + 50}" y2="${ty + 50}" stroke="#15803d" ` +
      `stroke-width="${i === 0 ? 14 : 8}" opacity="${i === 0 ? 0.75 : 0.4}" marker-end="url(#ah-g)" pointer-events="none"/>`;
  }).reverse().join("");
}

// analysisEval is the best line's score for the evaluation bar.
function analysisEval() {
  const l = an.lines[0];
  if (!l || l.fen !== app.state.fen) return null;
  return { white: l.white, mate: l.mate ? (app.state.turn === "w" ? l.mate : -l.mate) : 0 };
}

// A click on a move of a line plays the line up to it, from the position
// the line was found in.
$("an-lines-list").addEventListener("click", async (e) => {
  const t = e.target.closest(".pvm");
  if (!t) return;
  const l = an.lines[parseInt(t.dataset.k, 10)];
  if (!l) return;
  const line = l.uci.slice(0, parseInt(t.dataset.j, 10) + 1);
  if (await gameCall("/api/move", { path: an.path, line })) status("Played the line to " + t.textContent + ".");
});

for (const id of ["an-on", "an-lines", "an-wdl", "an-threads", "an-hash"]) $(id).onchange = () => { an.retries = 0; analysisSync(); };

// loadBook shows the book's moves for the position shown.
async function loadBook() {
  const st = app.state, key = st.fen;
  if (key === an.bookKey) return;
  an.bookKey = key;
  try {
    const d = await api("/api/book?sid=" + encodeURIComponent(SID));
    if (d.fen !== app.state.fen) return;
    $("ex-note").textContent = d.note || (d.moves.length ? `${d.book}: ${d.moves.length} moves` : `${d.book}: no moves for this position`);
    $("ex-moves").innerHTML = d.moves.length ? "<tr><th>move</th><th>weight</th><th>share</th><th></th></tr>" + d.moves.map((m) =>
      `<tr data-uci="${m.uci}"><td>${esc(m.san)}</td><td>${fmt(m.weight)}</td><td>${(m.share * 100).toFixed(1)}%</td>` +
      `<td class="share"><div style="width:${(m.share * 100).toFixed(1)}%"></div></td></tr>`).join("") : "";
  } catch (e) { an.bookKey = ""; $("ex-note").textContent = e.message; }
}

$("ex-moves").addEventListener("click", (e) => {
  const t = e.target.closest("tr[data-uci]");
  if (t) playMove(t.dataset.uci);
});
