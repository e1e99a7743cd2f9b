package chess

// Without returns a copy of p with the piece on sq taken off, and false
// when sq holds no piece or a king (a position keeps its two kings). It is
// for study: what a piece is worth is the evaluation of p less that of the
// copy. The copy may be a position no game reaches (the side not to move
// in check, a castling right without its rook), so it is for evaluation
// only, never for move generation or a search. Its key changes through
// remove, as in MakeMove.
func (p *Position) Without(sq Square) (Position, bool) {
	if !sq.OnBoard() {
		return Position{}, false
	}
	if pc := p.At(sq); pc == Empty || pc.Kind() == King {
		return Position{}, false
	}
	q := *p
	q.remove(sq)
	return q, true
}
