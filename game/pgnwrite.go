package game

import (
	"strconv"
	"strings"

	"ox88/chess"
)

// sevenTagRoster are the tags every PGN game carries, in this order, with
// the value PGN uses for "unknown".
var sevenTagRoster = [...]tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// pgnLineWidth is the longest movetext line PGN export allows.
const pgnLineWidth = 80

// PGN returns the game up to the current ply in PGN: the Seven Tag Roster,
// the other tags in the order they were set, Variant "Chess960" when the
// game is Chess960 (its start position says so: chess.Position.Chess960),
// SetUp and FEN (X-FEN) when the game did not start from the standard
// position, the moves with their NAGs, comments and variations (in that
// order, as the PGN standard has them), and the result (the outcome at the
// current ply).
func (g *Game) PGN() string { return g.pgn(g.ply, g.Outcome().Result) }

// WholePGN returns the whole game in PGN, as PGN does at the last ply: the
// moves after the current one and their variations included (an analysis
// board exports its tree whichever move it shows).
func (g *Game) WholePGN() string {
	ply, cur := g.ply, g.cur
	_ = g.GoTo(len(g.moves))
	result := g.Outcome().Result
	g.ply, g.cur = ply, cur
	return g.pgn(len(g.moves), result)
}

// pgn writes the game up to move upTo with result.
func (g *Game) pgn(upTo int, result Result) string {
	var b strings.Builder
	for _, t := range sevenTagRoster {
		v := g.Tag(t.key)
		switch {
		case t.key == "Result":
			v = string(result)
		case v == "":
			v = t.value
		}
		writeTag(&b, t.key, v)
	}
	start := g.checkpoints[0]
	custom := start.FEN() != chess.StartFEN
	for _, t := range g.tags {
		if isRosterTag(t.key) || t.key == "SetUp" || t.key == "FEN" || t.key == "Variant" && start.Chess960() {
			continue // written from the game itself
		}
		writeTag(&b, t.key, t.value)
	}
	if start.Chess960() {
		writeTag(&b, "Variant", "Chess960")
	}
	if custom {
		writeTag(&b, "SetUp", "1")
		writeTag(&b, "FEN", start.FEN())
	}
	b.WriteByte('\n')
	w := &wrapper{b: &b}
	if c := g.comments[0]; c != "" {
		w.word("{" + cleanComment(c) + "}")
	}
	pos := start // the position before move i, replayed along
	for i := 0; i < upTo; i++ {
		if i > 0 {
			pos.MakeMove(g.moves[i-1])
		}
		n := strconv.Itoa(pos.FullmoveNumber())
		switch {
		case pos.SideToMove() == chess.White:
			w.word(n + ".")
		case i == 0 || g.comments[i] != "" || len(g.variations[i]) > 0:
			w.word(n + "...") // Black's move after an interruption names its number
		}
		w.word(g.sans[i])
		for _, nag := range g.nags[i+1] {
			w.word("$" + strconv.Itoa(nag))
		}
		if c := g.comments[i+1]; c != "" {
			w.word("{" + cleanComment(c) + "}")
		}
		for _, v := range g.variations[i+1] {
			for _, word := range lineWords(pos, v) {
				w.word(word)
			}
		}
	}
	w.word(string(result))
	b.WriteString("\n")
	return b.String()
}

// isChess960 reports whether a Variant tag's value names Chess960, in any
// of the spellings in use ("Chess960", "fischerandom", "Fischer Random").
func isChess960(variant string) bool {
	v := strings.ToLower(strings.ReplaceAll(variant, " ", ""))
	return v == "chess960" || v == "fischerandom" || v == "fischerrandom" || v == "960"
}

// isRosterTag reports whether k is one of the Seven Tag Roster.
func isRosterTag(k string) bool {
	for _, t := range sevenTagRoster {
		if t.key == k {
			return true
		}
	}
	return false
}

// writeTag writes one tag pair, escaping quotes and backslashes.
func writeTag(b *strings.Builder, k, v string) {
	v = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(v)
	b.WriteString("[" + k + ` "` + v + "\"]\n")
}

// cleanComment makes text safe inside braces: a closing brace would end the
// comment early, so it becomes a parenthesis.
func cleanComment(text string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(text, "}", ")")), " ")
}

// wrapper writes space-separated words in lines of at most pgnLineWidth
// characters; a comment longer than a line is broken between its words.
type wrapper struct {
	b   *strings.Builder
	col int
}

// word writes one token (a long comment is split into several words).
func (w *wrapper) word(s string) {
	if parts := strings.Fields(s); len(s) > pgnLineWidth && len(parts) > 1 {
		for _, part := range parts {
			w.word(part) // a long comment, broken between its words
		}
		return
	}
	if w.col > 0 && w.col+1+len(s) > pgnLineWidth {
		w.b.WriteByte('\n')
		w.col = 0
	}
	if w.col > 0 {
		w.b.WriteByte(' ')
		w.col++
	}
	w.b.WriteString(s)
	w.col += len(s)
}
