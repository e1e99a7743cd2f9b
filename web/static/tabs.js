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
      `${fmt(r.nps)} nodes/s (${(r.timeMs / 1000).toFixed(2)} s)<br><code>${esc(r.line)}</code>`;
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
let tree = null;
function nodeLine(n, path) {
  const tog = n.children ? (n.open ? "▾" : "▸") : " ";
  const mv = n.san || "root";
  return `<div class="tline${n.pv ? " onpv" : ""}" data-path="${path}"><span class="tog">${tog}</span>` +
    `<span class="mv">${esc(mv)}</span>${n.pv ? ' <span class="pvmark">PV</span>' : ""} <span class="win">d${n.depth} [${n.alpha}, ${n.beta}]</span> ` +
    `→ <b>${n.score}</b>${n.cutoff ? ' <span class="cut">cutoff</span>' : ""}` +
    `${n.children ? ` <span class="win">(${n.children.length})</span>` : ""}</div>`;
}
function renderNode(n, path) {
  let h = nodeLine(n, path);
  if (n.open && n.children) {
    h += `<div class="tnode">` + n.children.map((c, i) => renderNode(c, path + "." + i)).join("") + "</div>";
  }
  return h;
}
function nodeAt(path) {
  const ids = path.split(".").slice(1).map(Number);
  const stack = [tree.root];
  for (const i of ids) stack.push(stack[stack.length - 1].children[i]);
  return stack;
}
// miniBoard draws a position (from /api/position) as SVG, White at the
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

function renderTree() {
  $("tree-view").innerHTML = renderNode(tree.root, "r");
}
$("tree-run").onclick = async () => {
  $("tree-summary").textContent = "searching…";
  try {
    tree = await api("/api/tree", Object.assign(positionOf("tree-pos"), { depth: parseInt($("tree-depth").value, 10), maxNodes: parseInt($("tree-nodes").value, 10) }));
    tree.root.open = true;
    $("tree-summary").textContent = `${fmt(tree.nodes)} nodes recorded, depth ${tree.depth}, from ${tree.fen}`;
    $("tree-stack").textContent = "";
    $("tree-board").innerHTML = miniBoard(await api(`/api/position?fen=${encodeURIComponent(tree.fen)}`));
    renderTree();
  } catch (e) { $("tree-summary").textContent = e.message; }
};
$("tree-view").onclick = (e) => {
  const t = e.target.closest("[data-path]");
  if (!t || !tree) return;
  const stack = nodeAt(t.dataset.path), n = stack[stack.length - 1];
  n.open = !n.open;
  renderTree();
  const sel = document.querySelector(`#tree-view [data-path="${t.dataset.path}"]`);
  if (sel) sel.classList.add("sel");
  const line = stack.slice(1).map((x) => x.uci).join(",");
  api(`/api/position?fen=${encodeURIComponent(tree.fen)}&moves=${encodeURIComponent(line)}`)
    .then((p) => { $("tree-board").innerHTML = miniBoard(p); }).catch((e) => status(e.message));
  $("tree-stack").innerHTML = "stack from the root: <b>" + (stack.slice(1).map((x) => esc(x.san)).join(" ") || "(root)") +
    `</b> — ply ${n.ply}, window [${n.alpha}, ${n.beta}], score ${n.score}${n.cutoff ? ", cut off" : ""}`;
};
$("tree-expand-pv").onclick = () => {
  if (!tree) return;
  for (let n = tree.root; n; n = (n.children || []).find((c) => c.pv)) n.open = true;
  renderTree();
};
