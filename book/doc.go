// Package book reads and writes Polyglot opening books (.bin files), the
// format most engines and GUIs share.
//
// # The file
//
// A Polyglot book is a flat array of 16-byte entries, all big-endian, sorted
// by key so that a reader finds a position with a binary search:
//
//	offset  size  field
//	0       8     key     the position's Polyglot Zobrist key (chess.Position.Key)
//	8       2     move    the move, packed as below
//	10      2     weight  how often to play it, relative to its siblings
//	12      4     learn   reserved for learning; written as 0
//
// The move packs five fields of three bits each:
//
//	bits  0-2   to file     (a=0 .. h=7)
//	bits  3-5   to rank     (1=0 .. 8=7)
//	bits  6-8   from file
//	bits  9-11  from rank
//	bits 12-14  promotion   (0 none, 1 knight, 2 bishop, 3 rook, 4 queen)
//
// Castling is stored as the king taking its own rook (e1h1, e1a1, e8h8,
// e8a8), so that the same encoding serves Chess960; chess.Move stores it as
// the king's two-square step (e1g1), and Decode/Encode convert.
//
// A reader keeps the file's bytes as they are and decodes entries on demand
// (Book.Entries); a writer (Builder) counts moves from games and writes the
// entries sorted by key, then by weight (highest first), then by move.
package book
