package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"ox88/chess"
)

// An annotator adds three things to a move: a comment (SetComment), NAGs
// and variations. A NAG (Numeric Annotation Glyph, "$4") is PGN's number
// for a judgement; a variation is a line of moves played instead of the
// move, from the position before it.

// The NAGs of the six move judgements (PGN standard, section 10), with the
// suffix each one is read from ("Nf6??" is Nf6 with NAGBlunder).
const (
	NAGGood        = 1 // !
	NAGMistake     = 2 // ?
	NAGBrilliant   = 3 // !!
	NAGBlunder     = 4 // ??
	NAGInteresting = 5 // !?
	NAGDubious     = 6 // ?!
)

// maxNAG is the largest NAG PGN defines room for.
const maxNAG = 255

// suffixNAGs maps the move suffixes of import-format PGN to their NAGs.
var suffixNAGs = map[string]int{
	"!": NAGGood, "?": NAGMistake, "!!": NAGBrilliant,
	"??": NAGBlunder, "!?": NAGInteresting, "?!": NAGDubious,
}

// AddNAG adds nag (0 to 255) to the move of ply (1-based).
func (g *Game) AddNAG(ply, nag int) error {
	if ply < 1 || ply > len(g.moves) {
		return fmt.Errorf("ply %d has no move (1 to %d)", ply, len(g.moves))
	}
	if nag < 0 || nag > maxNAG {
		return fmt.Errorf("NAG %d is outside 0 to %d", nag, maxNAG)
	}
	g.nags[ply] = append(g.nags[ply], nag)
	return nil
}

// NAGs returns the NAGs of the move of ply, in the order they were added.
func (g *Game) NAGs(ply int) []int { return append([]int(nil), g.nags[ply]...) }

// AddVariation adds line as an alternative to the move of ply (1-based):
// its first move is played instead, from PositionAt(ply-1). Every move of
// line must be legal where it is played.
func (g *Game) AddVariation(ply int, moves []chess.Move) error {
	if ply < 1 || ply > len(g.moves) {
		return fmt.Errorf("ply %d has no move (1 to %d)", ply, len(g.moves))
	}
	if len(moves) == 0 {
		return fmt.Errorf("an empty variation")
	}
	pos := g.PositionAt(ply - 1)
	v := &line{}
	for _, m := range moves {
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		if !ml.Contains(m) {
			return fmt.Errorf("variation move %s is not legal in %s", m, pos.FEN())
		}
		v.push(&pos, m)
		pos.MakeMove(m)
	}
	g.variations[ply] = append(g.variations[ply], v)
	return nil
}

// Variations returns the moves of the variations of the move of ply (their
// own variations left out: Tree has the whole tree).
func (g *Game) Variations(ply int) [][]chess.Move {
	out := make([][]chess.Move, len(g.variations[ply]))
	for i, v := range g.variations[ply] {
		out[i] = slices.Clone(v.moves)
	}
	return out
}

// ClearAnnotations removes every comment, NAG and variation.
func (g *Game) ClearAnnotations() {
	clear(g.comments)
	clear(g.nags)
	clear(g.variations)
}

// NumberedSAN returns line, played in turn from pos, in SAN with move
// numbers as PGN writes them: "3... g6 4. Qf3 Nf6". Like SANLine it stops
// at the first move that is not legal where it stands.
func NumberedSAN(pos chess.Position, line []chess.Move) string {
	var b strings.Builder
	for i, san := range pos.SANLine(line) {
		if i > 0 {
			b.WriteByte(' ')
		}
		n := strconv.Itoa(pos.FullmoveNumber())
		switch {
		case pos.SideToMove() == chess.White:
			b.WriteString(n + ". ")
		case i == 0:
			b.WriteString(n + "... ")
		}
		b.WriteString(san)
		pos.MakeMove(line[i])
	}
	return b.String()
}

// lineWords returns the words of the variation l, played from pos: its
// moves with their numbers, NAGs, comments and own variations, the
// parentheses glued to the first and last word: "(3..." "Qe7" "4." "Qxe5)".
func lineWords(pos chess.Position, l *line) []string {
	var words []string
	interrupted := true // the next Black move names its number
	if c := l.comments[0]; c != "" {
		words = append(words, "{"+cleanComment(c)+"}")
	}
	for i, m := range l.moves {
		n := strconv.Itoa(pos.FullmoveNumber())
		switch {
		case pos.SideToMove() == chess.White:
			words = append(words, n+".")
		case interrupted:
			words = append(words, n+"...")
		}
		words = append(words, l.sans[i])
		interrupted = false
		for _, nag := range l.nags[i+1] {
			words = append(words, "$"+strconv.Itoa(nag))
		}
		if c := l.comments[i+1]; c != "" {
			words = append(words, "{"+cleanComment(c)+"}")
			interrupted = true
		}
		for _, v := range l.vars[i+1] {
			words = append(words, lineWords(pos, v)...)
			interrupted = true
		}
		pos.MakeMove(m)
	}
	words[0] = "(" + words[0]
	words[len(words)-1] += ")"
	return words
}
