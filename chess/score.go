package chess

// Score packs a middlegame and an endgame value into one int32 so that a
// sum of both halves costs one addition per term (package eval's tapered
// evaluation adds them up by the hundred): the endgame half
// sits in the upper 16 bits, the middlegame half in the lower 16, and the
// carry from a negative lower half is undone when the upper half is read.
type Score int32

// S packs a middlegame and an endgame value.
func S(mg, eg int) Score { return Score(int32(uint32(eg)<<16) + int32(mg)) }

// MG returns the middlegame half.
func (s Score) MG() int { return int(int16(uint16(uint32(s)))) }

// EG returns the endgame half.
func (s Score) EG() int { return int(int16(uint16(uint32(s+0x8000) >> 16))) }
