package uci

import (
	"strings"

	"ox88/engine"
	"ox88/nnue"
)

// helpText is the answer to "help": what the engine is and the commands
// it takes beyond the protocol's.
const helpText = `ox88 is a chess engine. It speaks the Universal Chess Interface (UCI) to a
GUI, a match runner or a script; "ox88" on a terminal plays a game instead.
Besides the protocol's commands (uci, isready, setoption, ucinewgame,
position, go, stop, ponderhit, quit) it takes:
  d                  the board, its FEN and its hash key
  eval               what the evaluation makes of the position, piece by piece
  go perft N         the leaves of each move's tree N plies deep, and their sum
  help               this text
`

// evalNet returns the network the searches evaluate with, or nil for the
// hand-written evaluation: EvalFile's, or the embedded one, when UseNNUE
// is on (as applyNet gives the engine).
func (s *Server) evalNet() *nnue.Net {
	if !s.opts.useNNUE {
		return nil
	}
	if s.net != nil {
		return s.net
	}
	return nnue.Default()
}

// eval handles "eval": the position's static evaluation, and what each
// piece but the kings is worth to its side, the evaluation with it less
// the evaluation without it (engine.PieceValuesOf, the terminal's and the
// browser's heat map), as a board of pawns from White's side down, in the
// spirit of Stockfish's "NNUE derived piece values":
//
//	+-------+-------+ ...
//	|   r   |   n   |
//	| +4.95 | +3.10 |
//	+-------+-------+ ...
//	...
//	Network evaluation      +0.19 (white side)
func (s *Server) eval() {
	pos := s.current()
	n := s.evalNet()
	which := "Network"
	if n == nil {
		which = "Hand-written"
	}
	white, values := engine.PieceValuesOf(&pos, n)
	s.out.Printf("%s", engine.FormatPieceValues(values, strings.ToLower(which)))
	s.out.Printf("%s evaluation %+.2f (white side)\n", which, float64(white)/100)
}
