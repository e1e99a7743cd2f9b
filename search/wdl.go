package search

import (
	"math"

	"ox88/chess"
	"ox88/eval"
)

// The win/draw/loss model turns a score into the chances a game goes on to
// be won, drawn or lost, as ox88's own games turned out. It is what UCI's
// "wdl W D L" reports (uci option UCI_ShowWDL).
//
// For a score s (centipawns, the side to move's view) and the material m
// on the board (MaterialCount):
//
//	P(win)  = 1 / (1 + exp((a(m) - s) / b(m)))
//	P(loss) = 1 / (1 + exp((a(m) + s) / b(m)))
//	P(draw) = 1 - P(win) - P(loss)
//
// a is the score at which a win becomes as likely as not, b how quickly the
// chances turn around it. A draw is never negative while a >= 0, and the
// model is symmetric: the loss at s is the win at -s. a and b depend on the
// material: with little material left, a pawn or two is often not enough
// to win, so a is large. They are given at a few material counts
// (wdlKnots) and interpolated linearly between them (held at the ends).
//
// The knots were fitted by maximum likelihood to the results of ox88's
// self-play games (ox88 datagen, 5000 nodes per move, the hand-written
// evaluation): 148,798 positions from 1,719 games, the search score of each
// position against its game's result, mate scores left out. To refit on
// other games (a new evaluation, another node count), with FILE a file of
// nnue.Record values:
//
//	go test ./search -run TestFitWDL -wdl.data FILE -v
//
// prints the knots to paste here, with the log-likelihood per position of
// the fitted model and of the material-blind one (here -0.728 against
// -0.807 for a single a = 177, b = 168: the material earns its place).
var wdlKnots = [...]wdlKnot{
	{material: 6, a: 566, b: 249},
	{material: 14, a: 259, b: 141},
	{material: 24, a: 114, b: 92},
	{material: 36, a: 128, b: 99},
	{material: 54, a: 101, b: 118},
	{material: 76, a: 80, b: 120},
}

// wdlKnot is one row of the model: a and b, in centipawns, at a material
// count.
type wdlKnot struct {
	material int
	a, b     float64
}

// WDL returns the chances, per mille, that the side to move wins, draws or
// loses from a position it scores score (centipawns or a mate score) with
// material on the board (MaterialCount). The three sum to 1000; a mate
// score is a certain win or loss.
func WDL(score, material int) (win, draw, loss int) {
	switch {
	case score > MateBound:
		return 1000, 0, 0
	case score < -MateBound:
		return 0, 0, 1000
	}
	a, b := wdlParams(material)
	win, loss = winPermille(float64(score), a, b), winPermille(float64(-score), a, b)
	if win+loss > 1000 { // both rounded up from halves
		if win > loss {
			win--
		} else {
			loss--
		}
	}
	return win, 1000 - win - loss, loss
}

// winPermille returns P(win) per mille for score s under parameters a, b.
func winPermille(s, a, b float64) int {
	return int(math.Round(1000 / (1 + math.Exp((a-s)/b))))
}

// wdlParams interpolates a and b at material between the knots.
func wdlParams(material int) (a, b float64) {
	k := wdlKnots[:]
	if material <= k[0].material {
		return k[0].a, k[0].b
	}
	for i := 1; i < len(k); i++ {
		if material <= k[i].material {
			t := float64(material-k[i-1].material) / float64(k[i].material-k[i-1].material)
			return k[i-1].a + t*(k[i].a-k[i-1].a), k[i-1].b + t*(k[i].b-k[i-1].b)
		}
	}
	return k[len(k)-1].a, k[len(k)-1].b
}

// MaterialCount returns the material on the board, both sides together, in
// pawns: pawn 1, knight and bishop 3, rook 5, queen 9 (78 at the start).
// It is the material the WDL model depends on.
func MaterialCount(pos *chess.Position) int {
	m := 0
	for k := chess.Pawn; k < chess.King; k++ {
		n := pos.Count(chess.MakePiece(chess.White, k)) + pos.Count(chess.MakePiece(chess.Black, k))
		m += n * eval.PieceValue(k) / eval.PieceValue(chess.Pawn)
	}
	return m
}
