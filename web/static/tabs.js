// The other tabs: perft and bench, where the time goes (profile), and the
// search tree debugger.
"use strict";

document.querySelectorAll("#tabs button").forEach((b) => {
  b.onclick = () => {
    document.querySelectorAll("#tabs button").forEach((x) => x.classList.toggle("active", x === b));
    document.querySelectorAll(".tab").forEach((t) => t.classList.toggle("active", t.id === "tab-" + b.dataset.tab));
  };
});

const fmt = (n) => Number(n).toLocaleString("en");
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

// ---- Perft ----
let perftES = null;
api("/api/perft/positions").then((d) => {
  $("perft-pos").innerHTML = d.positions.map((p, i) =>
    `<option value="${i}" title="${esc(p.fen)}">${esc(p.name)}</option>`).join("") +
    `<option value="game">this game's position</option>`;
  $("perft-depth").max = d.maxDepth;
  for (const sel of document.querySelectorAll(".possel")) {
    sel.insertAdjacentHTML("beforeend", d.positions.map((p) => `<option value="${esc(p.fen)}">${esc(p.name)}</option>`).join(""));
  }
});

// positionOf returns the request fields naming the position a select picks.
function positionOf(id) {
  const v = $(id).value;
  return v === "game" ? { sid: SID } : { fen: v };
}

function perftDone() {
  if (perftES) perftES.close();
  perftES = null;
  $("perft-run").disabled = false;
  $("perft-cancel").disabled = true;
}

$("perft-run").onclick = () => {
  perftDone();
  const pos = $("perft-pos").value, depth = $("perft-depth").value;
  const where = pos === "game" ? "fen=" + encodeURIComponent(app.state.fen) : "pos=" + encodeURIComponent(pos);
  const es = stream(`/api/perft?${where}&depth=${encodeURIComponent(depth)}`);
  perftES = es;
  $("perft-run").disabled = true;
  $("perft-cancel").disabled = false;
  $("perft-bar").value = 0;
  $("perft-result").textContent = "counting…";
  $("perft-divide").innerHTML = "";
  const rows = [];
  es.addEventListener("progress", (e) => {
    const p = JSON.parse(e.data);
    $("perft-bar").max = p.total;
    $("perft-bar").value = p.done;
    rows.push(`<tr><td>${esc(p.move)}</td><td>${fmt(p.count)}</td></tr>`);
    $("perft-divide").innerHTML = "<tr><th>move</th><th>leaves</th></tr>" + rows.join("");
    $("perft-result").textContent = `${p.done} of ${p.total} root moves: ${fmt(p.nodes)} leaves, ${fmt(p.nps)} nodes/s`;
  });
  es.addEventListener("done", (e) => {
    const r = JSON.parse(e.data);
    perftDone();
    $("perft-bar").value = $("perft-bar").max;
    const ref = r.expected ? (r.match ? `<span class="ok">matches the published ${fmt(r.expected)}</span>`
      : `<span class="bad">published: ${fmt(r.expected)}</span>`) : "no published count";
    $("perft-result").innerHTML = `perft ${depth}: <b id="perft-count">${fmt(r.nodes)}</b> — ${ref}; ` +
      `${(r.timeMs / 1000).toFixed(2)} s, ${fmt(r.nps)} nodes/s`;
  });
  es.onerror = () => { if (perftES === es) { perftDone(); $("perft-result").textContent = "perft stopped (server busy or bad request)"; } };
};
$("perft-cancel").onclick = () => { perftDone(); $("perft-result").textContent += " — cancelled"; };

// ---- Bench ----
$("bench-run").onclick = () => {
  const depth = $("bench-depth").value;
  const es = stream(`/api/bench?depth=${encodeURIComponent(depth)}`);
  $("bench-run").disabled = true;
  $("bench-result").textContent = "searching…";
  const end = () => { es.close(); $("bench-run").disabled = false; };
  es.addEventListener("progress", (e) => {
    const p = JSON.parse(e.data);
    $("bench-bar").max = p.total;
    $("bench-bar").value = p.done;
    $("bench-result").textContent = `${p.done} of ${p.total} positions, ${fmt(p.nodes)} nodes`;
  });
  es.addEventListener("done", (e) => {
    const r = JSON.parse(e.data);
    end();
    $("bench-bar").value = $("bench-bar").max;
    $("bench-result").innerHTML = `depth ${r.depth}: signature <b id="bench-sig">${r.nodes}</b> nodes, ` +
      `${fmt(r.nps)} nodes/s (${(r.timeMs / 1000).toFixed(2)} s)<br><code>${esc(r.line)}</code><br>` +
      `<span id="bench-ordering">move ordering: ${fmt(r.cutoffs)} cutoffs, ` +
      `${r.firstMovePct.toFixed(1)}% by the first move, ${r.movesPerCutoff.toFixed(2)} moves per cutoff</span>`;
  });
  es.onerror = () => { end(); $("bench-result").textContent = "bench stopped (server busy or bad request)"; };
};

// ---- Profile ----
$("prof-run").onclick = async () => {
  $("prof-run").disabled = true;
  $("prof-summary").textContent = "profiling…";
  try {
    const r = await api("/api/profile", Object.assign(positionOf("prof-pos"), { seconds: parseFloat($("prof-seconds").value) }));
    $("prof-summary").textContent = `${r.samples} samples over ${r.seconds} s of search ` +
      `(depth ${r.depth}, ${fmt(r.nodes)} nodes, ${fmt(r.nps)} nodes/s)` +
      (r.labelled ? "; only the search's goroutine counted" : "; the whole process counted");
    $("prof-chart").innerHTML = r.components.map((c) =>
      `<div class="bar" data-component="${esc(c.name)}"><span class="name">${esc(c.name)}</span>` +
      `<span class="track"><span class="fill" style="display:block;width:${(c.share * 100).toFixed(1)}%"></span></span>` +
      `<span class="pct">${(c.share * 100).toFixed(1)}%</span></div>` +
      `<div class="funcs">${c.functions.map((f) => esc(f.name.replace(/^ox88\//, "")) + " " + (f.share * 100).toFixed(1) + "%").join(" · ")}</div>`).join("");
    $("prof-rules").innerHTML = "<tr><th>function (pattern)</th><th>component</th></tr>" + r.rules.map((x) =>
      `<tr><td>${esc(x.pattern)}</td><td>${esc(x.component || "(its caller)")}</td></tr>`).join("") +
      "<tr><td>any other ox88 function</td><td>other</td></tr><tr><td>no ox88 frame (runtime, GC)</td><td>other</td></tr>";
  } catch (e) {
    $("prof-summary").textContent = e.message;
  }
  $("prof-run").disabled = false;
};

// ---- Search tree ----
// Every request searches again (the same search: one thread, a fresh
// table) and answers with the state at one node: the stack from the root,
// each ply with the children searched so far, and the board there.
let tree = null;
function treeRequest(cursor) {
  const base = Object.assign(positionOf("tree-pos"), { depth: parseInt($("tree-depth").value, 10) });
  return Object.assign(base, cursor);
}
async function treeGo(cursor) {
  $("tree-summary").textContent = "searching…";
  try {
    tree = await api("/api/tree", treeRequest(cursor));
  } catch (e) { $("tree-summary").textContent = e.message; return; }
  const t = tree, top = t.stack[t.stack.length - 1] || { root: true };
  $("tree-summary").innerHTML = `node <b id="tree-at">#${t.number}</b> (${top.root ? "a root" : esc(top.san)}) — ` +
    `the search to depth ${t.depth} counted <b id="tree-count">${t.nodes}</b> nodes, best ${esc(t.best)} ${esc(t.score)}` +
    (t.truncated ? `; the first ${fmt(t.recorded)} records kept` : "") +
    (t.message ? ` — <span class="bad">${esc(t.message)}</span>` : "");
  $("tree-node").value = Math.max(t.number, 1);
  $("tree-stack").innerHTML = "<tr><th>ply</th><th>move</th><th>#</th><th>depth</th><th>window</th><th>eval</th><th>score</th><th>what happened</th></tr>" +
    t.stack.map((f) => `<tr class="${f.returned ? "ret" : "open"}"><td>${f.ply}</td><td>${esc(f.root ? "root" : f.san)}${f.pv ? ' <span class="pvmark">PV</span>' : ""}</td>` +
      `<td>${f.root ? "" : f.number}</td><td>${esc(f.depth)}</td><td>${esc(f.window)}</td><td>${esc(f.eval)}</td>` +
      `<td>${f.returned ? esc(f.score) : "open"}</td><td class="what">${esc(f.what || "")}</td></tr>`).join("");
  $("tree-view").innerHTML = t.stack.length ? treeFrame(0) : "";
  const cur = document.querySelector("#tree-view .tline.sel");
  if (cur) cur.scrollIntoView({ block: "nearest" });
  $("tree-board").innerHTML = miniBoard(t.board);
}
// nodeLine writes one node of the tree; a click moves the cursor there.
function nodeLine(n, cls) {
  const mv = n.root ? "root" : n.san;
  return `<div class="tline ${cls}" data-index="${n.index}"><span class="mv">${esc(mv)}</span>` +
    `${n.root ? "" : ` <span class="win">#${n.number}</span>`} <span class="win">${esc(n.depth)} ${esc(n.window)} eval ${esc(n.eval)}</span>` +
    `${n.what ? ` <span class="what">${esc(n.what)}</span>` : ""}</div>`;
}
// treeFrame writes stack frame k with its children, the one on the path
// to the cursor opened.
function treeFrame(k) {
  const f = tree.stack[k], next = tree.stack[k + 1];
  let h = k === 0 ? nodeLine(f, "onpath" + (tree.stack.length === 1 ? " sel" : "")) : "";
  const kids = (f.children || []).map((c) => {
    if (next && c.index === next.index) {
      return nodeLine(c, "onpath" + (k + 2 === tree.stack.length ? " sel" : "")) + treeFrame(k + 1);
    }
    return nodeLine(c, "");
  }).join("");
  return h + (kids ? `<div class="tnode">${kids}</div>` : "");
}
// miniBoard draws a position (board, last, check) as SVG, White at the
// bottom, the last move tinted.
function miniBoard(p) {
  const out = [];
  for (let i = 0; i < 64; i++) {
    const f = i % 8, r = Math.floor(i / 8), x = f * 100, y = (7 - r) * 100, name = FILES[f] + (r + 1);
    out.push(`<rect x="${x}" y="${y}" width="100" height="100" fill="${(f + r) % 2 === 0 ? "var(--dark)" : "var(--light)"}"/>`);
    if (p.last.includes(name)) out.push(`<rect x="${x}" y="${y}" width="100" height="100" fill="#f6e05e" opacity=".45"/>`);
    if (p.check === name) out.push(`<circle cx="${x + 50}" cy="${y + 50}" r="46" fill="#ff2020" opacity=".5"/>`);
    if (p.board[i]) out.push(pieceMarkup(p.board[i], x + 5, y + 5, 90));
  }
  return out.join("");
}

$("tree-run").onclick = () => treeGo({});
$("tree-goto").onclick = () => treeGo({ node: parseInt($("tree-node").value, 10) });
$("tree-step").onclick = () => { if (tree) treeGo({ at: Math.min(tree.cursor + 1, tree.recorded - 1) }); };
$("tree-back").onclick = () => { if (tree) treeGo({ at: Math.max(tree.cursor - 1, 0) }); };
$("tree-continue").onclick = () => {
  const spec = $("tree-break-kind").value + "=" + $("tree-break-value").value.trim();
  treeGo({ breakOn: spec, after: tree ? tree.cursor : -1 });
};
$("tree-break-kind").onchange = () => {
  const k = $("tree-break-kind").value;
  $("tree-break-value").value = { cutoff: "tt", move: "e2e4", depth: "2", ply: "3" }[k];
  if (k === "cutoff") $("tree-break-value").setAttribute("list", "tree-steps"); else $("tree-break-value").removeAttribute("list");
};
$("tree-view").onclick = (e) => {
  const t = e.target.closest("[data-index]");
  if (t && tree) treeGo({ at: parseInt(t.dataset.index, 10) });
};
