// The evaluation view's heat map: what each piece is worth in the shown
// position (GET /api/values: the evaluation with the piece less without
// it), drawn over the board by renderBoard through heatOverlay.
"use strict";

// heatValueScale is the value (centipawns) that gets the strongest colour:
// about a queen by the hand-written evaluation.
const heatValueScale = 900;

// heatOverlay colours each piece's square by what the piece is worth
// (/api/values: the evaluation with it less without it, for its side):
// green for a piece its side is better off with, the more the stronger,
// violet for one it would be better off without (colours apart from the
// board's browns and the visualizer's blue and red). The numbers show on
// hover.
function heatOverlay() {
  const v = app.values;
  if (!v || v.fen !== app.state.fen) return "";
  return v.pieces.map((p) => {
    const [x, y] = sqXY(sqIndex(p.square));
    const t = Math.sqrt(Math.min(1, Math.abs(p.value) / heatValueScale));
    const fill = p.value >= 0 ? "#16a34a" : "#7c3aed";
    return `<rect class="heat" data-heat="${p.square}" data-value="${p.value}" x="${x}" y="${y}" width="${SQ}" height="${SQ}" ` +
      `fill="${fill}" opacity="${(0.15 + 0.6 * t).toFixed(2)}"><title>${pieceValueText(p)}</title></rect>`;
  }).join("");
}

// pieceValueText words one piece's value: "White's knight on f3: +3.12".
function pieceValueText(p) {
  return `${p.piece[0] === "w" ? "White's" : "Black's"} ${PIECE_NAMES[p.piece[1]]} on ${p.square}: ${scoreText(p.value, 0)}`;
}

// loadValues asks what each piece is worth in the shown position, by the
// evaluation chosen, and draws the heat map.
async function loadValues() {
  if (!$("chk-values").checked) {
    app.values = null;
    $("values-info").textContent = "";
    renderBoard();
    return;
  }
  const fen = app.state.fen;
  try {
    const v = await api(`/api/values?sid=${encodeURIComponent(SID)}&eval=${encodeURIComponent($("sel-values").value)}`);
    if (v.fen !== app.state.fen || fen !== app.state.fen) return; // the game moved on meanwhile
    app.values = v;
    $("values-info").textContent = `evaluation ${scoreText(v.white, 0)} for White by the ${v.evaluation === "network" ? "network" : "hand-written evaluation"}; ` +
      "each square: the evaluation with its piece less without it";
    renderBoard();
  } catch (e) { status(e.message); }
}

$("chk-values").onchange = loadValues;
$("sel-values").onchange = loadValues;
