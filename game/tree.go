package game

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"ox88/chess"
)

// The game is a tree. The main line is the Game's own moves; a move of any
// line can have variations, lines played instead of it from the position
// before it, and each move of a variation can have variations of its own,
// as deep as an analysis goes. A variation keeps moves and their SAN, not
// positions: a position in it is replayed from the main line's.

// line is a variation: its moves, their SAN, and the annotations and
// variations of its moves, by 1-based index in the line (comments[0] is a
// comment before its first move).
type line struct {
	moves    []chess.Move
	sans     []string
	comments map[int]string
	nags     map[int][]int
	vars     map[int][]*line
}

// clone returns a deep copy of l.
func (l *line) clone() *line {
	c := &line{moves: slices.Clone(l.moves), sans: slices.Clone(l.sans), comments: maps.Clone(l.comments)}
	if l.nags != nil {
		c.nags = make(map[int][]int, len(l.nags))
		for i, n := range l.nags {
			c.nags[i] = slices.Clone(n)
		}
	}
	c.vars = cloneVars(l.vars)
	return c
}

// cloneVars returns a deep copy of a line's variations.
func cloneVars(vars map[int][]*line) map[int][]*line {
	if vars == nil {
		return nil
	}
	c := make(map[int][]*line, len(vars))
	for i, ls := range vars {
		for _, l := range ls {
			c[i] = append(c[i], l.clone())
		}
	}
	return c
}

// push appends m, legal in pos (the position at the line's end).
func (l *line) push(pos *chess.Position, m chess.Move) {
	l.moves = append(l.moves, m)
	l.sans = append(l.sans, pos.SAN(m))
}

// addVariation adds v as a variation of move i.
func (l *line) addVariation(i int, v *line) int {
	if l.vars == nil {
		l.vars = map[int][]*line{}
	}
	l.vars[i] = append(l.vars[i], v)
	return len(l.vars[i]) - 1
}

// addComment sets or extends the comment after move i.
func (l *line) addComment(i int, text string) {
	text = strings.Join(strings.Fields(text), " ")
	if text == "" {
		return
	}
	if l.comments == nil {
		l.comments = map[int]string{}
	}
	if old := l.comments[i]; old != "" {
		text = old + " " + text
	}
	l.comments[i] = text
}

// addNAG adds a NAG to move i (1 or more).
func (l *line) addNAG(i, nag int) {
	if i < 1 || nag < 0 || nag > maxNAG {
		return
	}
	if l.nags == nil {
		l.nags = map[int][]int{}
	}
	l.nags[i] = append(l.nags[i], nag)
}

// bytes returns about how much memory l and its variations hold.
func (l *line) bytes() int64 {
	n := int64(64+cap(l.moves))*int64(unsafe.Sizeof(chess.Move(0))) + int64(cap(l.sans))*int64(unsafe.Sizeof(""))
	for _, s := range l.sans {
		n += int64(len(s))
	}
	for _, c := range l.comments {
		n += int64(len(c) + 48)
	}
	for _, nags := range l.nags {
		n += int64(len(nags)*8 + 48)
	}
	return n + varsBytes(l.vars)
}

// varsBytes returns about how much memory the variations hold.
func varsBytes(vars map[int][]*line) int64 {
	var n int64
	for _, ls := range vars {
		for _, l := range ls {
			n += l.bytes() + 48
		}
	}
	return n
}

// A Path names a position in the game tree. [ply] is the position after
// ply moves of the main line. [move, k, ply] is the position after ply
// moves (1 or more) of the k-th variation (from 0) of the main line's move
// number move (1-based), a line that starts from the position before that
// move; and so on, two numbers more for each variation deeper. A path has
// an odd length.
type Path []int

// String writes p as its numbers joined by dots: "7", "7.0.2".
func (p Path) String() string {
	parts := make([]string, len(p))
	for i, n := range p {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ".")
}

// InVariation reports whether p leads into a variation.
func (p Path) InVariation() bool { return len(p) > 1 }

// maxPathLen bounds a path's length (and so how deep variations nest that
// a path can reach), against requests built to make work.
const maxPathLen = 2*maxVariationDepth + 1

// resolve walks p. It returns the moves from the start to the position p
// names, the line p ends in (nil: the main line) and the ply in it.
func (g *Game) resolve(p Path) ([]chess.Move, *line, int, error) {
	if len(p)%2 == 0 || len(p) > maxPathLen {
		return nil, nil, 0, fmt.Errorf("path %v: want an odd count of numbers, at most %d", []int(p), maxPathLen)
	}
	moves, vars := g.moves, g.variations
	var ln *line
	var path []chess.Move
	for i := 0; i+1 < len(p); i += 2 {
		at, k := p[i], p[i+1]
		if at < 1 || at > len(moves) {
			return nil, nil, 0, fmt.Errorf("path %v: the line has no move %d (1 to %d)", []int(p), at, len(moves))
		}
		if k < 0 || k >= len(vars[at]) {
			return nil, nil, 0, fmt.Errorf("path %v: move %d has no variation %d (%d of them)", []int(p), at, k, len(vars[at]))
		}
		path = append(path, moves[:at-1]...)
		ln = vars[at][k]
		moves, vars = ln.moves, ln.vars
	}
	ply, least := p[len(p)-1], 0
	if ln != nil {
		least = 1
	}
	if ply < least || ply > len(moves) {
		return nil, nil, 0, fmt.Errorf("path %v: ply %d is outside its line (%d to %d)", []int(p), ply, least, len(moves))
	}
	return append(path, moves[:ply]...), ln, ply, nil
}

// MovesTo returns the moves from the start to the position p names.
func (g *Game) MovesTo(p Path) ([]chess.Move, error) {
	moves, _, _, err := g.resolve(p)
	return moves, err
}

// PositionAtPath returns the position p names.
func (g *Game) PositionAtPath(p Path) (chess.Position, error) {
	moves, _, _, err := g.resolve(p)
	if err != nil {
		return chess.Position{}, err
	}
	if !p.InVariation() {
		return g.PositionAt(p[0]), nil
	}
	pos := g.checkpoints[0]
	for _, m := range moves {
		pos.MakeMove(m)
	}
	return pos, nil
}

// PlayAt plays m, which must be legal there, from the position p names,
// and returns the path of the position it leads to. The tree keeps every
// move: the next move of p's line is followed when it is m, so is a
// variation of it that starts with m; at the end of a line m extends it;
// otherwise m starts a new variation. Nothing is dropped, and the current
// ply of the main line does not move unless m extends the main line (then
// the game is at its new end, as after Play).
func (g *Game) PlayAt(p Path, m chess.Move) (Path, error) {
	pos, err := g.PositionAtPath(p)
	if err != nil {
		return nil, err
	}
	_, ln, ply, _ := g.resolve(p)
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	if !ml.Contains(m) {
		return nil, fmt.Errorf("move %s is not legal in this position", m)
	}
	moves, vars := g.moves, g.variations
	if ln != nil {
		moves, vars = ln.moves, ln.vars
	}
	prefix := slices.Clone(p[:len(p)-1])
	switch {
	case ply < len(moves) && moves[ply] == m:
		return append(prefix, ply+1), nil
	case ply == len(moves) && ln == nil:
		_ = g.GoTo(ply)
		g.push(m)
		return Path{ply + 1}, nil
	case ply == len(moves):
		ln.push(&pos, m)
		return append(prefix, ply+1), nil
	}
	for k, v := range vars[ply+1] {
		if v.moves[0] == m {
			return append(prefix, ply+1, k, 1), nil
		}
	}
	if len(p) >= maxPathLen {
		return nil, fmt.Errorf("variations nest at most %d deep", maxVariationDepth)
	}
	v := &line{}
	v.push(&pos, m)
	var k int
	if ln == nil {
		g.variations[ply+1] = append(g.variations[ply+1], v)
		k = len(g.variations[ply+1]) - 1
	} else {
		k = ln.addVariation(ply+1, v)
	}
	return append(prefix, ply+1, k, 1), nil
}

// Node is one move of the game tree, as a front end lists it.
type Node struct {
	Path       Path     // the position the move leads to
	SAN        string   // the move
	Number     int      // its move number
	White      bool     // White's move
	NAGs       []int    // its judgements
	Comment    string   // the comment after it
	Variations [][]Node // lines played instead of it
}

// Tree returns the main line, its redo tail included, with the
// variations of every move.
func (g *Game) Tree() []Node {
	start := g.checkpoints[0]
	return treeNodes(nil, g.sans, g.comments, g.nags, g.variations, start.FullmoveNumber(), start.SideToMove() == chess.Black)
}

// treeNodes lists a line's moves: prefix is the path to the line (empty for
// the main line), number and black the move number and side of its first
// move.
func treeNodes(prefix Path, sans []string, comments map[int]string, nags map[int][]int, vars map[int][]*line, number int, black bool) []Node {
	nodes := make([]Node, len(sans))
	for i, san := range sans {
		idx := i
		if black {
			idx++
		}
		n := Node{Path: append(slices.Clone(prefix), i+1), SAN: san, Number: number + idx/2, White: idx%2 == 0,
			NAGs: slices.Clone(nags[i+1]), Comment: comments[i+1]}
		for k, v := range vars[i+1] {
			sub := append(slices.Clone(prefix), i+1, k)
			n.Variations = append(n.Variations, treeNodes(sub, v.sans, v.comments, v.nags, v.vars, n.Number, !n.White))
		}
		nodes[i] = n
	}
	return nodes
}
