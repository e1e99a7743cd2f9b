// Package syzygy probes Syzygy endgame tablebases (Ronald de Man's format)
// in pure Go: win/draw/loss (WDL, the .rtbw files) and distance to zeroing
// (DTZ, the .rtbz files), for positions with few pieces and no castling
// rights. It imports only the standard library and ox88/chess.
//
// # Using it
//
//	tb, err := syzygy.Open("/tb/3-4-5:/tb/6") // os.PathListSeparator between directories
//	wdl, err := tb.ProbeWDL(pos)               // in the search, at any node
//	dtz, err := tb.ProbeDTZ(pos)               // distance to the next capture or pawn move
//	moves, wdl, dtz, err := tb.ProbeRoot(pos)  // at the root: every legal move ranked
//
// All values are from the side to move's point of view. A Tablebases is
// safe for concurrent use: tables are mapped and parsed on their first
// probe, once, under a sync.Once each, and never change afterwards.
//
// # The files
//
// A table covers one material signature, named strong side first
// ("KRPvKR"); it also answers for the colour-swapped material (KRvKRP),
// by swapping the colours of the pieces and mirroring the ranks. A file is
//
//	magic (4 bytes) | flags | per sub-table: piece order, grouping order
//	| per sub-table: Huffman/pairs header | (DTZ) value maps
//	| index tables | block-size tables | 64-byte-aligned compressed blocks
//	| 16-byte checksum
//
// A WDL file holds two sides to move (two "sides" per sub-table, unless
// the material is symmetric); a DTZ file holds one side to move only, the
// one that compresses better. Pawnless tables have one sub-table; pawn
// tables have four, one per file (a-d) of the leading pawn.
//
// # From a position to a value
//
//  1. The index (index.go). The pieces are listed in the table's order.
//     Pawnless: the board is mirrored so that the first piece lies in the
//     a1-d1-d4 triangle, and below the a1-h8 diagonal when the leading
//     pieces allow; the two kings (or the first three unique pieces) form
//     one number (462 or 31332 placements), and each further group of like
//     pieces is a combination of the squares still free. Pawn tables: the
//     leading pawns choose the sub-table by file and form the first number;
//     the other pawns and then the pieces follow as combinations.
//  2. The value (pairs.go). The index selects a block through the index
//     table and the block sizes; inside the block, a canonical Huffman code
//     yields symbols, each of which expands through a pairs grammar (a
//     symbol is a value or a pair of symbols) into a run of values.
//  3. The meaning (probe.go). A WDL value is 0..4 for loss, blessed loss,
//     draw, cursed win, win. A DTZ value goes through the table's map and
//     is doubled unless the table stores exact plies.
//
// The tables store "don't care" values where a capture is the best move,
// so a WDL probe first searches captures (alpha-beta over WDL values) and
// takes the better of the captures and the table. En passant is such a
// capture: the tables know nothing of en-passant rights, and the capture
// search supplies them exactly as the reference probers (Fathom,
// Stockfish) do, including the position where the en-passant capture is
// the only legal move.
//
// # DTZ conventions
//
// ProbeDTZ returns Fathom's and Stockfish's value: 0 for a draw; for a win,
// the plies to the next capture or pawn move, counting that move (so 1 when
// it is played now), above 100 for a cursed win; for a loss the negative
// counterparts; -1 when the side to move is mated. As in the reference, the
// value can be one ply short where a table stores moves rather than plies
// (n may mean a win in n+1 plies); this never happens for positions on
// the edge of the fifty-move rule, so a win stays a win as long as DTZ plus
// the halfmove clock stays within 100, which is what ProbeRoot's ranking
// keeps. When a DTZ file stores only the other side to move, the value
// comes from a one-ply search over the DTZ of the replies.
package syzygy
