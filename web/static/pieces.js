// Chess pieces drawn for ox88 (no outside artwork): each is SVG markup in a
// 100 x 100 box, built from a base, a body and a head. White pieces are
// light with a dark outline, Black pieces dark with a light inner line.
"use strict";
const PIECE_SHAPES = {
  P: '<circle cx="50" cy="30" r="11"/>' +
     '<path d="M41 41 h18 l-3 5 c6 8 9 20 10 30 h-32 c1-10 4-22 10-30 z"/>' +
     '<path d="M26 88 v-6 c0-4 3-7 7-7 h34 c4 0 7 3 7 7 v6 z"/>',
  R: '<path d="M28 16 h9 v7 h8 v-7 h10 v7 h8 v-7 h9 v16 l-6 5 h-32 l-6-5 z"/>' +
     '<path d="M34 37 h32 l2 38 h-36 z"/>' +
     '<path d="M24 88 v-6 c0-4 3-7 7-7 h38 c4 0 7 3 7 7 v6 z"/>' +
     '<path class="d" d="M34 43 h32 M33 69 h34" fill="none"/>',
  N: '<path d="M30 75 c0-12 6-20 14-27 c-6 1-12 4-15 8 c-4 0-7-3-6-7 c2-8 10-18 18-24 l2-9 l5 7 c16 2 26 16 26 34 c0 8-1 14-2 18 z"/>' +
     '<circle class="d" cx="42" cy="32" r="2.6"/>' +
     '<path class="d" d="M24 50 c1 1 3 1 4 0" fill="none"/>' +
     '<path d="M24 88 v-6 c0-4 3-7 7-7 h38 c4 0 7 3 7 7 v6 z"/>',
  B: '<circle cx="50" cy="13" r="5"/>' +
     '<path d="M50 18 c12 8 17 20 14 32 c-2 7-6 10-6 10 h-16 c0 0-4-3-6-10 c-3-12 2-24 14-32 z"/>' +
     '<path d="M38 60 h24 l3 8 h-30 z"/>' +
     '<path d="M24 88 v-6 c3-6 12-8 26-8 c14 0 23 2 26 8 v6 z"/>' +
     '<path class="d" d="M50 30 v14 M43 37 h14" fill="none"/>',
  Q: '<circle cx="18" cy="24" r="5"/><circle cx="34" cy="16" r="5"/><circle cx="50" cy="13" r="5"/>' +
     '<circle cx="66" cy="16" r="5"/><circle cx="82" cy="24" r="5"/>' +
     '<path d="M20 29 l12 30 l4-38 l14 34 l14-34 l4 38 l12-30 l-6 43 h-48 z"/>' +
     '<path d="M24 88 v-6 c0-4 3-7 7-7 h38 c4 0 7 3 7 7 v6 z"/>' +
     '<path class="d" d="M28 66 c14-4 30-4 44 0" fill="none"/>',
  K: '<path d="M46 6 h8 v7 h7 v8 h-7 v9 h-8 v-9 h-7 v-8 h7 z"/>' +
     '<path d="M50 33 c-22-12-40 2-30 20 l8 18 h44 l8-18 c10-18-8-32-30-20 z"/>' +
     '<path d="M24 88 v-6 c0-4 3-7 7-7 h38 c4 0 7 3 7 7 v6 z"/>' +
     '<path class="d" d="M50 35 v34 M30 60 c13-4 27-4 40 0" fill="none"/>',
};

// pieceMarkup returns the SVG group of piece code ("wP", "bK") at (x, y),
// size units wide.
function pieceMarkup(code, x, y, size) {
  const white = code[0] === "w";
  const fill = white ? "#fafafa" : "#2a2a2a";
  const line = white ? "#1b1b1b" : "#000";
  const detail = white ? "#1b1b1b" : "#cfcfcf";
  const s = size / 100;
  return `<g class="piece" transform="translate(${x} ${y}) scale(${s})" fill="${fill}" stroke="${line}" ` +
    `stroke-width="2.6" stroke-linejoin="round" style="--d:${detail}">` +
    PIECE_SHAPES[code[1]].replace(/class="d"/g, `stroke="${detail}" stroke-width="2"`) + "</g>";
}
