package review

import (
	"math"

	"ox88/game"
)

// The win-probability model (lichess's): a score of cp centipawns, from a
// side's point of view, gives that side
//
//	win% = 50 + 50·(2/(1 + exp(-winSlope·cp)) - 1)
//
// a logistic curve fitted by lichess to the results of rated games against
// Stockfish's evaluations. Scores are held to ±scoreCap first, so every
// mate (and every endgame-table win) is the same 97.5%, and a move that
// keeps a mate but makes it longer loses nothing.
const (
	winSlope = 0.00368208 // per centipawn
	scoreCap = 1000       // centipawns: ten pawns up is as good as won
)

// WinPercent returns the winning chances, 0 to 100, of the side whose
// score (centipawns or a mate score, package search) it is.
func WinPercent(score int) float64 {
	cp := float64(max(-scoreCap, min(scoreCap, score)))
	return 50 + 50*(2/(1+math.Exp(-winSlope*cp))-1)
}

// Judgement is what a move's drop in winning chances makes of it.
type Judgement uint8

// The judgements, from none to the worst.
const (
	Good Judgement = iota // lost less than InaccuracyDrop
	Inaccuracy
	Mistake
	Blunder
	numJudgements
)

// The drops in the mover's win% that make a move an inaccuracy, a mistake
// and a blunder: lichess's thresholds, 0.1, 0.2 and 0.3 of its winning
// chances (which run from -1 to 1, so half of these points of win%). At
// equal chances 5 points is about half a pawn, 15 about a piece and a half;
// in a won or lost position the same pawns move the chances less, so a
// player who is a queen up may drop a piece without a blunder mark.
const (
	InaccuracyDrop = 5.0
	MistakeDrop    = 10.0
	BlunderDrop    = 15.0
)

// judge returns the judgement of a move that dropped the mover's win% by
// drop points.
func judge(drop float64) Judgement {
	switch {
	case drop >= BlunderDrop:
		return Blunder
	case drop >= MistakeDrop:
		return Mistake
	case drop >= InaccuracyDrop:
		return Inaccuracy
	}
	return Good
}

// String returns the judgement's name, as lichess's comments spell it.
func (j Judgement) String() string {
	return [...]string{"Good", "Inaccuracy", "Mistake", "Blunder"}[j]
}

// Symbol returns the move suffix of the judgement: "?!", "?", "??" ("" for
// Good).
func (j Judgement) Symbol() string { return [...]string{"", "?!", "?", "??"}[j] }

// NAG returns the PGN NAG of the judgement ($6, $2, $4; 0 for Good).
func (j Judgement) NAG() int {
	return [...]int{0, game.NAGDubious, game.NAGMistake, game.NAGBlunder}[j]
}

// The accuracy of one move (lichess's), from the mover's win% before and
// after it:
//
//	accuracy = accScale·exp(-accDecay·(before - after)) - accOffset + accBonus
//
// held to 0..100, and 100 when the move did not lose anything. lichess
// fitted the curve to map a player's average win% loss to a percentage
// that feels like a grade; the bonus pays for the engine's own
// imprecision.
const (
	accScale  = 103.1668100711649
	accDecay  = 0.04354415386753951
	accOffset = 3.166924740191411
	accBonus  = 1
)

// MoveAccuracy returns the accuracy, 0 to 100, of a move that took the
// mover's win% from before to after.
func MoveAccuracy(before, after float64) float64 {
	if after >= before {
		return 100
	}
	a := accScale*math.Exp(-accDecay*(before-after)) - accOffset + accBonus
	return max(0, min(100, a))
}

// A side's accuracy over a game (lichess's) is the average of two means of
// its moves' accuracies: a mean weighted by how sharp the game was around
// each move, and the harmonic mean, which one bad move pulls down hard.
// The sharpness of a move is the standard deviation of White's win% over a
// window of positions around it (the game's length / 10 positions, 2 to 8),
// held to accMinWeight..accMaxWeight, so quiet stretches count less than
// the moments where the game turned.
const (
	accMinWindow, accMaxWindow = 2, 8
	accMinWeight, accMaxWeight = 0.5, 12
	// accHarmonicFloor keeps a move of accuracy 0 from making the harmonic
	// mean 0 outright.
	accHarmonicFloor = 1
)

// GameAccuracy returns each side's accuracy, indexed by chess.Color, from
// White's win% at every position of the game (white[i] after i moves; the
// first move is White's when whiteFirst). A side with no moves gets 0.
func GameAccuracy(white []float64, whiteFirst bool) [2]float64 {
	moves := len(white) - 1
	if moves < 1 {
		return [2]float64{}
	}
	size := max(accMinWindow, min(accMaxWindow, moves/10))
	weights := make([]float64, 0, moves)
	for range size - 2 { // the first moves share the first window
		weights = append(weights, windowWeight(white[:size]))
	}
	for i := 0; i+size <= len(white) && len(weights) < moves; i++ {
		weights = append(weights, windowWeight(white[i:i+size]))
	}
	var sumW, sumAW, sumInv [2]float64
	var n [2]int
	for i := range moves {
		side := i % 2
		if !whiteFirst {
			side = 1 - side
		}
		before, after := white[i], white[i+1]
		if side == 1 {
			before, after = 100-before, 100-after
		}
		a := MoveAccuracy(before, after)
		sumW[side] += weights[i]
		sumAW[side] += weights[i] * a
		sumInv[side] += 1 / max(accHarmonicFloor, a)
		n[side]++
	}
	var acc [2]float64
	for s := range acc {
		if n[s] > 0 {
			acc[s] = (sumAW[s]/sumW[s] + float64(n[s])/sumInv[s]) / 2
		}
	}
	return acc
}

// windowWeight returns the weight of a window of win%s: their standard
// deviation, held to accMinWeight..accMaxWeight.
func windowWeight(xs []float64) float64 {
	var mean float64
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	var v float64
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return max(accMinWeight, min(accMaxWeight, math.Sqrt(v/float64(len(xs)))))
}
