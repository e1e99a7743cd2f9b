package eval

import "ox88/chess"

// Phase weights: how much each piece counts toward "middlegame". With all
// pieces on the board the phase is totalPhase; with only kings and pawns it
// is 0 and the endgame tables rule alone.
const (
	knightPhase = 1
	bishopPhase = 1
	rookPhase   = 2
	queenPhase  = 4
	totalPhase  = 24 // 4 minors + 4 rooks*2 + 2 queens*4
)

// Named terms that are not incremental (middlegame, endgame halves). Each
// was measured by fixed-node self-play (ox88 ab) and on the WAC
// suite, and its weights tuned on game results (ox88 tune); see
// docs/ENGINE.md, Part II for the numbers and the decisions. The
// pawn shield and the king-attack count showed no effect in games (+2 and
// -5 Elo, +-40) but the engine solves more WAC positions with both (289 of
// 300 at a million nodes, 286 without), so they stay.
var (
	doubledPawn  = chess.S(-12, -19) // per extra pawn on a file
	isolatedPawn = chess.S(-13, -9)  // no friendly pawn on a neighbouring file
	bishopPair   = chess.S(34, 51)   // two bishops cover both colours
	rookOpenFile = chess.S(26, 12)   // no pawns at all on the rook's file
	rookHalfOpen = chess.S(19, 12)   // no own pawn on the rook's file
	shieldPawn   = chess.S(11, -4)   // own pawn just in front of a castled king
	tempoBonus   = chess.S(7, 1)     // the side to move is a tempo ahead
)

// passedPawn is the bonus for a passed pawn by its rank counted from its own
// side (0 = first rank, 6 = seventh).
var passedPawn = [8]chess.Score{
	chess.S(0, 0), chess.S(0, 14), chess.S(3, 19), chess.S(10, 34),
	chess.S(26, 60), chess.S(42, 91), chess.S(66, 130), chess.S(0, 0),
}

// Mobility: per square a piece reaches (empty or enemy), after subtracting
// a typical count so that the terms do not shift the piece values.
var (
	knightMobility = chess.S(4, 3)
	bishopMobility = chess.S(3, 10)
	rookMobility   = chess.S(2, 5)
	queenMobility  = chess.S(2, 5)
)

// Typical mobility counts subtracted before the per-square weights apply.
const (
	knightMobilityBase = 4
	bishopMobilityBase = 6
	rookMobilityBase   = 6
	queenMobilityBase  = 12
)

// kingAttackWeight[n] is the middlegame bonus for n attacks by pieces on
// the squares next to the enemy king (one attack is little, several are a
// storm). Counts above the table use its last entry.
var kingAttackWeight = [...]int{0, 0, 11, 25, 44, 66, 96, 130, 170, 210}

// Mop-up, for a bare king against mating material: drive the lone king to
// the edge and bring the winning king close. Without it a weak search
// shuffles in KQK/KRK; the values only order positions, they are small next
// to the material margin.
const (
	mopEdge     = 12 // per step the lone king stands from the centre
	mopDistance = 6  // per step the kings are closer than the maximum (14)
)

// nearKing[diff] reports whether two squares whose 0x88 difference plus 119
// is diff are at most one king step apart.
var nearKing [240]bool

// centreDistance[sq] is how many king steps sq lies from the central four.
var centreDistance [128]int

func init() {
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			nearKing[dr*16+df+119] = true
		}
	}
	for i := 0; i < 64; i++ {
		sq := chess.SquareFrom64(i)
		f, r := sq.File(), sq.Rank()
		fd := max(3-f, f-4)
		rd := max(3-r, r-4)
		centreDistance[sq] = max(fd, rd) + min(fd, rd)/2
	}
}

// Evaluate returns the value of pos in centipawns for the side to move:
// positive when the side to move stands better. It blends the middlegame
// and endgame halves of the score by the phase (the amount of non-pawn
// material left).
func Evaluate(pos *chess.Position) int { return AllTerms.Evaluate(pos) }

// Evaluate returns the value of pos for the side to move as Evaluate does,
// with only the terms in ts.
func (ts Terms) Evaluate(pos *chess.Position) int { return defaultWeights.evaluate(pos, ts) }

// evaluate is Terms.Evaluate with the weights w.
func (w *weights) evaluate(pos *chess.Position, ts Terms) int {
	s := w.pieceSquareTotal(pos) + w.terms(pos, ts)
	if ts.Has(TermTempo) {
		if pos.SideToMove() == chess.White {
			s += w.tempoBonus
		} else {
			s -= w.tempoBonus
		}
	}
	phase := Phase(pos)
	v := (s.MG()*phase + s.EG()*(totalPhase-phase)) / totalPhase
	v = scaleDrawish(pos, v)
	if pos.SideToMove() == chess.Black {
		return -v
	}
	return v
}

// Phase returns the game phase, totalPhase with all pieces on the board
// down to 0 with only kings and pawns.
func Phase(pos *chess.Position) int {
	ph := knightPhase*(pos.Count(chess.WKnight)+pos.Count(chess.BKnight)) +
		bishopPhase*(pos.Count(chess.WBishop)+pos.Count(chess.BBishop)) +
		rookPhase*(pos.Count(chess.WRook)+pos.Count(chess.BRook)) +
		queenPhase*(pos.Count(chess.WQueen)+pos.Count(chess.BQueen))
	return min(ph, totalPhase)
}

// simpleValue is the textbook value of each kind, used for the material
// telemetry and the search's capture ordering.
var simpleValue = [8]int{0, 100, 300, 300, 500, 900, 0, 0}

// PieceValue returns the textbook value of kind k (pawn 100, king 0).
func PieceValue(k chess.Kind) int { return simpleValue[k&7] }

// Material returns the textbook material balance (pawn 100, minor 300, rook
// 500, queen 900) for the side to move.
func Material(pos *chess.Position) int {
	m := 0
	for k := chess.Pawn; k < chess.King; k++ {
		m += simpleValue[k] * (pos.Count(chess.MakePiece(chess.White, k)) - pos.Count(chess.MakePiece(chess.Black, k)))
	}
	if pos.SideToMove() == chess.Black {
		return -m
	}
	return m
}

// nonPawn returns side c's non-pawn material in textbook values.
func nonPawn(pos *chess.Position, c chess.Color) int {
	return 300*(pos.Count(chess.MakePiece(c, chess.Knight))+pos.Count(chess.MakePiece(c, chess.Bishop))) +
		500*pos.Count(chess.MakePiece(c, chess.Rook)) + 900*pos.Count(chess.MakePiece(c, chess.Queen))
}

// drawishDivisor divides the score of a side that cannot win: no pawns and
// at most a minor piece ahead of nothing.
const drawishDivisor = 16

// scaleDrawish shrinks a White-view score when the side it favours has no
// pawns and too little material to mate (a lone minor piece, or nothing),
// so that the search does not trade into a "won" ending that is a draw.
func scaleDrawish(pos *chess.Position, v int) int {
	strong := chess.White
	if v < 0 {
		strong = chess.Black
	}
	if pos.Count(chess.MakePiece(strong, chess.Pawn)) != 0 {
		return v
	}
	if nonPawn(pos, strong)-nonPawn(pos, strong.Other()) <= 300 && nonPawn(pos, strong) < 600 {
		return v / drawishDivisor
	}
	return v
}
