// Game review: one click reviews the whole game on the server (GET
// /api/review runs package review, one search per position, as a job whose
// progress arrives as events); then the evaluation graph, each side's
// accuracy, the judged moves marked in the move list (?!, ?, ??) with the
// better move and its line, and the annotated PGN to save. Then practice
// ("learn from your mistakes"): the board goes back to each position where
// a move was marked ? or ??, a move made there is judged by the server
// (POST /api/practice) instead of played, and the line is shown on request.
"use strict";

const review = { data: null, es: null, byPly: new Map() };

// practice is the exercise shown (review.data.exercises[i]) while on;
// shown is set once its line has been asked for.
const practice = { on: false, i: 0, shown: false };

// JUDGEMENT_COLOURS are the marks' colours, as the chess sites use them.
const JUDGEMENT_COLOURS = { inaccuracy: "#d4a20c", mistake: "#e07000", blunder: "#d02020" };

// reviewValid returns how many plies of the review still match the game on
// the board (the review is of the game as it was when it ran), or -1 when
// none does.
function reviewValid() {
  const r = review.data, st = app.state;
  if (!r || !st || r.start !== st.start) return -1;
  let n = 0;
  while (n < r.moves.length && n < st.moves.length && r.moves[n] === st.moves[n]) n++;
  return n;
}

// reviewMark returns the mark of the move of ply ({symbol, judgement,
// title}), or null.
function reviewMark(ply) {
  const m = review.byPly.get(ply);
  if (!m || ply > reviewValid()) return null;
  return { symbol: m.symbol, judgement: m.judgement, title: cap(m.judgement) + (m.line ? `. Better: ${m.line}` : "") };
}

// reviewBetter returns [from, to] of the better move in the position after
// ply moves, when the move played there is marked, for the board's arrow.
function reviewBetter(ply) {
  if (practiceHides()) return null;
  const m = review.byPly.get(ply + 1);
  if (!m || ply + 1 > reviewValid() || !m.betterUci) return null;
  return [m.betterUci.slice(0, 2), m.betterUci.slice(2, 4)];
}

function cap(s) { return s[0].toUpperCase() + s.slice(1); }

// markText words a judged move: "3... Nf6?? (blunder: Black's winning
// chances 46.8% → 2.5%); better 3... g6 4. Qf3 Nf6".
function markText(m) {
  return `<b>${m.move}${m.symbol}</b> (${m.judgement}: ${cap(m.side)}'s ` +
    `winning chances ${m.before.toFixed(1)}% → ${m.after.toFixed(1)}%)` + (m.line ? `; better <b>${m.line}</b>` : "");
}

// renderReview draws the review for the game on the board: the graph,
// the accuracy line, the list of judged moves and the note on the move at
// the current ply.
function renderReview() {
  const r = review.data, valid = reviewValid(), note = $("move-note");
  if (!r || valid < 0) {
    $("review-graph").toggleAttribute("hidden", true); // an SVG element has no hidden property
    $("review-marks").innerHTML = "";
    $("review-pgn").hidden = true;
    note.innerHTML = "";
    if (r) $("review-summary").textContent = "The review was of another game; review this one again.";
    return;
  }
  const side = (i, name) => `${name}: accuracy <b>${r.accuracy[i].toFixed(1)}</b>, ${r.counts[i][0]} ?!, ${r.counts[i][1]} ?, ${r.counts[i][2]} ??`;
  $("review-summary").innerHTML = side(0, "White") + "<br>" + side(1, "Black") + `<br><small>${r.budget} per position` +
    (valid < r.moves.length ? `; the game has changed since: the first ${valid} plies still count` : "") + "</small>";
  $("review-pgn").hidden = false;
  renderReviewGraph(valid);
  const marks = r.marks.filter((m) => m.ply <= valid);
  $("review-marks").innerHTML = marks.length ? marks.map((m) =>
    `<li data-goto="${m.ply - 1}" class="mark-${m.judgement}">${markText(m)}</li>`).join("") : "<li>No move lost much: no marks.</li>";
  // The note: the marked move played from here (its better move is the
  // blue arrow), or the marked move that led here.
  $("practice-run").hidden = practice.on || !exercises().some((x) => x.ply <= valid);
  $("review-marks").hidden = practice.on; // the marks name the better moves
  if (practice.on && !practiceActive()) $("practice-result").textContent = "The board has left the exercise: Back or Next returns to one.";
  if (practiceHides()) { note.innerHTML = ""; return; }
  const ply = app.state.ply, next = review.byPly.get(ply + 1), last = review.byPly.get(ply);
  if (next && ply + 1 <= valid) note.innerHTML = "Played here: " + markText(next) + " (the blue arrow)";
  else if (last && ply <= valid) note.innerHTML = markText(last);
  else note.innerHTML = "";
}

// renderReviewGraph draws White's winning chances over the game, lichess
// style: the area between the 50% line and the curve, a dot on every
// judged move in its colour, the current ply as a dashed line.
function renderReviewGraph(valid) {
  const r = review.data, g = $("review-graph"), W = 400, H = 140;
  const n = Math.max(r.win.length - 1, 1);
  const x = (i) => (i / n * W).toFixed(1), y = (w) => (H - w / 100 * H).toFixed(1);
  const pts = r.win.slice(0, valid + 1).map((w, i) => `${x(i)},${y(w)}`);
  const area = `${x(0)},${H / 2} ${pts.join(" ")} ${x(valid)},${H / 2}`;
  const dots = r.marks.filter((m) => m.ply <= valid).map((m) =>
    `<circle class="gmark gmark-${m.judgement}" data-ply="${m.ply}" cx="${x(m.ply)}" cy="${y(r.win[m.ply])}" r="4.5" ` +
    `fill="${JUDGEMENT_COLOURS[m.judgement]}"><title>${m.move}${m.symbol}</title></circle>`).join("");
  const cur = x(Math.min(app.state.ply, n));
  g.innerHTML = `<rect width="${W}" height="${H}" fill="#444"/><polygon class="evalarea" points="${area}" fill="#f4f4f4"/>` +
    `<polyline class="evalline" points="${pts.join(" ")}" fill="none" stroke="#888" stroke-width="1.5"/>` +
    `<line x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}" stroke="#999" stroke-dasharray="4 3"/>` + dots +
    `<line x1="${cur}" y1="0" x2="${cur}" y2="${H}" stroke="#e0a000" stroke-width="2" stroke-dasharray="3 3"/>`;
  g.toggleAttribute("hidden", false);
}

// reviewDone ends a running review's stream.
function reviewDone() {
  if (review.es) review.es.close();
  review.es = null;
  $("review-run").textContent = "Review this game";
  $("review-bar").hidden = true;
}

$("review-run").onclick = () => {
  if (review.es) {
    reviewDone();
    $("review-summary").textContent = "Review stopped.";
    return;
  }
  if (!app.state.moves.length) { $("review-summary").textContent = "No moves to review: play or load a game first."; return; }
  const es = stream(`/api/review?sid=${encodeURIComponent(SID)}&${$("review-budget").value}`);
  review.es = es;
  $("review-run").textContent = "Stop the review";
  $("review-bar").hidden = false;
  $("review-bar").value = 0;
  $("review-summary").textContent = "Reviewing…";
  es.addEventListener("progress", (e) => {
    const p = JSON.parse(e.data);
    $("review-bar").max = p.total;
    $("review-bar").value = p.done;
    $("review-summary").textContent = `Reviewing: ${p.done} of ${p.total} positions searched`;
  });
  es.addEventListener("done", (e) => {
    reviewDone();
    review.data = JSON.parse(e.data);
    review.byPly = new Map(review.data.marks.map((m) => [m.ply, m]));
    practice.on = false;
    $("practice").hidden = true;
    renderAll();
    status("Review done.");
  });
  es.addEventListener("fail", (e) => {
    reviewDone();
    $("review-summary").textContent = JSON.parse(e.data).error;
  });
  es.onerror = () => {
    if (review.es !== es) return;
    reviewDone();
    $("review-summary").textContent = "The review stopped (the server may be busy: try again in a moment).";
  };
};

// A judged move in the list, or its dot on the graph, shows the position
// before it with the better move.
$("review-marks").onclick = (e) => {
  const t = e.target.closest("[data-goto]");
  if (t) { stopThink(); gameCall("/api/goto", { ply: parseInt(t.dataset.goto, 10) }); }
};
$("review-graph").onclick = (e) => {
  const b = $("review-graph").getBoundingClientRect(), n = Math.max(review.data.win.length - 1, 1);
  const dot = e.target.closest("[data-ply]");
  const ply = dot ? parseInt(dot.dataset.ply, 10) - 1 : Math.round((e.clientX - b.left) / b.width * n);
  stopThink();
  gameCall("/api/goto", { ply: Math.max(0, Math.min(ply, reviewValid())) });
};
$("review-pgn").onclick = () => download(`ox88-review-${stamp()}.pgn`, review.data.pgn, "application/x-chess-pgn");


function exercises() { return (review.data && review.data.exercises) || []; }

// practiceActive reports whether the board shows the current exercise's
// position, where a move made is judged instead of played.
function practiceActive() {
  const x = exercises()[practice.i];
  return practice.on && !!x && !!app.state && app.state.ply === x.ply - 1 && reviewValid() >= x.ply;
}

// practiceHides reports whether the better move must stay hidden: the
// current exercise is on the board and its line not asked for.
function practiceHides() { return practiceActive() && !practice.shown; }

// practiceShow puts the board in exercise i's position.
function practiceShow(i) {
  const xs = exercises(), x = xs[i];
  if (!x) return;
  Object.assign(practice, { on: true, i, shown: false });
  $("practice").hidden = false;
  $("practice-count").textContent = `(${i + 1} of ${xs.length})`;
  $("practice-prompt").innerHTML = `${cap(x.side)} to move. The game went <b>${x.played}${x.symbol}</b> ` +
    `(a ${x.judgement}): find a better move on the board.`;
  $("practice-result").textContent = "";
  $("practice-result").className = "";
  $("practice-prev").disabled = i === 0;
  $("practice-next").disabled = i === xs.length - 1;
  stopThink();
  gameCall("/api/goto", { ply: x.ply - 1 });
}

// practiceTry has the server judge move (UCI or SAN) in the current
// exercise and says what it thinks; the game is not changed.
async function practiceTry(move) {
  const i = practice.i, res = $("practice-result");
  app.selected = null;
  renderBoard();
  res.className = "";
  res.textContent = "Judging…";
  try {
    const a = await api("/api/practice", { sid: SID, exercise: i, move });
    if (practice.i !== i || !practice.on) return true;
    const chances = `winning chances ${a.before.toFixed(1)}% with the best move, ${a.after.toFixed(1)}% with this one`;
    res.className = a.accepted ? "good" : "bad";
    res.innerHTML = a.accepted
      ? `<b>${a.move}</b>: good move!` + (a.best ? " It is the engine's choice." : ` (${chances})`)
      : a.played ? `<b>${a.move}</b> is the move the game went: try another.`
        : `<b>${a.move}</b> loses too much (${chances}): try again.`;
  } catch (e) {
    res.className = "bad";
    res.textContent = e.message;
  }
  return true;
}

$("practice-run").onclick = () => {
  const valid = reviewValid(), i = exercises().findIndex((x) => x.ply <= valid);
  if (i >= 0) practiceShow(i);
};
$("practice-prev").onclick = () => practiceShow(practice.i - 1);
$("practice-next").onclick = () => practiceShow(practice.i + 1);
$("practice-line").onclick = () => {
  const x = exercises()[practice.i];
  if (!x) return;
  practice.shown = true;
  $("practice-prompt").innerHTML += `<br>Better: <b>${x.line}</b> (the blue arrow)`;
  renderAll();
};
$("practice-end").onclick = () => {
  practice.on = false;
  $("practice").hidden = true;
  renderAll();
};
