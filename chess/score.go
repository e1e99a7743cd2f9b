package chess

// Score packs a middlegame and an endgame value into one int32 so that a
// running total of both costs one addition per piece moved: the endgame half
// sits in the upper 16 bits, the middlegame half in the lower 16, and the
// carry from a negative lower half is undone when the upper half is read.
type Score int32

// S packs a middlegame and an endgame value.
func S(mg, eg int) Score { return Score(int32(uint32(eg)<<16) + int32(mg)) }

// MG returns the middlegame half.
func (s Score) MG() int { return int(int16(uint16(uint32(s)))) }

// EG returns the endgame half.
func (s Score) EG() int { return int(int16(uint16(uint32(s+0x8000) >> 16))) }

// pieceSquare holds, for every piece and square, the material plus
// piece-square value of that piece standing there, from White's point of
// view (Black's entries are negative). The chess package does not know chess
// values: package eval installs its tables with SetPieceSquareTable. With no
// table installed every entry is zero and the running total stays zero.
var pieceSquare [16][128]Score

// SetPieceSquareTable installs the table that Position keeps its running
// total with. t[p][sq] is the value of piece p on square sq for White (so
// Black pieces should carry negative values). It must be called before any
// Position is created (package eval does it in its init function): a
// position made earlier keeps a total computed with the old table.
func SetPieceSquareTable(t *[16][128]Score) { pieceSquare = *t }
