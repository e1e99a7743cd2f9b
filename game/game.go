package game

import (
	"fmt"
	"maps"
	"slices"
	"unsafe"

	"ox88/chess"
)

// Game is one game: a start position, the moves played from it, a current
// ply that Undo, Redo and GoTo move, tags, comments and a set outcome.
type Game struct {
	// checkpoints[k] is the position after k*checkpointEvery moves; the
	// others are replayed from the one before them (positionAt), so that
	// a long game costs tens of bytes a ply, not a whole Position.
	checkpoints []chess.Position
	keys        []uint64       // keys[i] is the Zobrist key of the position after i moves
	moves       []chess.Move   // moves[i] leads from the position after i moves to the next
	sans        []string       // sans[i] is moves[i] in SAN
	ply         int            // the current position is the one after ply moves
	cur         chess.Position // the position after ply moves

	tags     []tag          // in the order they were set
	comments map[int]string // comments[i] follows the move of ply i (0: before the first move)
	// nags[i] and variations[i] annotate the move of ply i (annotate.go);
	// a variation is a line of the game tree (tree.go).
	nags       map[int][]int
	variations map[int][]*line

	set    Outcome // an outcome the board cannot show (resignation, time...)
	setPly int     // the ply at which set was decided
}

// tag is one PGN tag pair.
type tag struct{ key, value string }

// New returns a game that starts at start (the standard start position if
// start is nil).
func New(start *chess.Position) *Game {
	if start == nil {
		start = chess.StartPosition()
	}
	return &Game{
		checkpoints: []chess.Position{*start},
		keys:        []uint64{start.Key()},
		cur:         *start,
		comments:    map[int]string{},
		nags:        map[int][]int{},
		variations:  map[int][]*line{},
		set:         Outcome{Result: NoResult},
	}
}

// NewFromFEN returns a game that starts at the position in fen.
func NewFromFEN(fen string) (*Game, error) {
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	return New(pos), nil
}

// Clone returns a copy of g that shares nothing with it: the moves, the
// redo tail and the current ply, the tags, the annotations and a set
// outcome. A job on another goroutine (the terminal game's review) works
// on a clone while the game goes on.
func (g *Game) Clone() *Game {
	c := *g
	c.checkpoints = slices.Clone(g.checkpoints)
	c.keys = slices.Clone(g.keys)
	c.moves = slices.Clone(g.moves)
	c.sans = slices.Clone(g.sans)
	c.tags = slices.Clone(g.tags)
	c.comments = maps.Clone(g.comments)
	c.nags = make(map[int][]int, len(g.nags))
	for ply, nags := range g.nags {
		c.nags[ply] = slices.Clone(nags) // AddNAG appends to them
	}
	c.variations = cloneVars(g.variations) // PlayAt extends them
	return &c
}

// Start returns the position the game started from.
func (g *Game) Start() chess.Position { return g.checkpoints[0] }

// Position returns a copy of the current position.
func (g *Game) Position() chess.Position { return g.cur }

// SideToMove returns the side to move in the current position.
func (g *Game) SideToMove() chess.Color { return g.cur.SideToMove() }

// PositionAt returns a copy of the position after ply moves (0 <= ply <= Len()).
func (g *Game) PositionAt(ply int) chess.Position {
	if ply == g.ply {
		return g.cur
	}
	return g.positionAt(ply)
}

// checkpointEvery is how many plies apart the game keeps whole positions.
const checkpointEvery = 32

// positionAt replays the position after ply moves from the checkpoint
// before it.
func (g *Game) positionAt(ply int) chess.Position {
	pos := g.checkpoints[ply/checkpointEvery]
	for i := ply / checkpointEvery * checkpointEvery; i < ply; i++ {
		pos.MakeMove(g.moves[i])
	}
	return pos
}

// Moves returns the moves played up to the current ply.
func (g *Game) Moves() []chess.Move { return append([]chess.Move(nil), g.moves[:g.ply]...) }

// AllMoves returns every move of the game, the redo tail included.
func (g *Game) AllMoves() []chess.Move { return append([]chess.Move(nil), g.moves...) }

// Ply returns the number of moves played up to the current position.
func (g *Game) Ply() int { return g.ply }

// Len returns the number of moves in the game, the redo tail included.
func (g *Game) Len() int { return len(g.moves) }

// LastMove returns the move that led to the current position, or NoMove.
func (g *Game) LastMove() chess.Move {
	if g.ply == 0 {
		return chess.NoMove
	}
	return g.moves[g.ply-1]
}

// MoveAt returns the move of ply i (1-based: MoveAt(1) is the first move).
func (g *Game) MoveAt(i int) chess.Move { return g.moves[i-1] }

// SANAt returns the move of ply i (1-based) in SAN.
func (g *Game) SANAt(i int) string { return g.sans[i-1] }

// SANMoves returns the moves up to the current ply in SAN.
func (g *Game) SANMoves() []string { return append([]string(nil), g.sans[:g.ply]...) }

// Keys returns the Zobrist keys of every position from the start through
// the current one, for repetition detection.
func (g *Game) Keys() []uint64 {
	return slices.Clone(g.keys[:g.ply+1])
}

// Play plays m, which must be legal in the current position. Moves after
// the current ply (the redo tail) are dropped, with their annotations, and so
// is an outcome set with SetOutcome: a move means the game goes on.
func (g *Game) Play(m chess.Move) error {
	pos := g.cur
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	if !ml.Contains(m) {
		return fmt.Errorf("move %s is not legal in this position", m)
	}
	g.push(m)
	return nil
}

// push plays m, known to be legal.
func (g *Game) push(m chess.Move) {
	pos := g.cur
	san := pos.SAN(m)
	pos.MakeMove(m)
	g.truncate()
	g.moves = append(g.moves, m)
	g.sans = append(g.sans, san)
	g.keys = append(g.keys, pos.Key())
	g.ply++
	g.cur = pos
	if g.ply%checkpointEvery == 0 {
		g.checkpoints = append(g.checkpoints, pos)
	}
	g.set = Outcome{Result: NoResult}
}

// truncate drops the redo tail and its comments, NAGs and variations.
func (g *Game) truncate() {
	if g.ply == len(g.moves) {
		return
	}
	maps.DeleteFunc(g.comments, func(ply int, _ string) bool { return ply > g.ply })
	maps.DeleteFunc(g.nags, func(ply int, _ []int) bool { return ply > g.ply })
	maps.DeleteFunc(g.variations, func(ply int, _ []*line) bool { return ply > g.ply })
	g.checkpoints = g.checkpoints[:g.ply/checkpointEvery+1]
	g.keys = g.keys[:g.ply+1]
	g.moves = g.moves[:g.ply]
	g.sans = g.sans[:g.ply]
}

// PlayString reads a move in UCI ("e2e4") or SAN ("Nf3") notation and plays
// it. The error says why a move was refused.
func (g *Game) PlayString(s string) (chess.Move, error) {
	pos := g.cur
	m, err := pos.ParseMove(s) // returns only legal moves
	if err != nil {
		return chess.NoMove, err
	}
	g.push(m)
	return m, nil
}

// Undo steps back one move and reports whether there was one to take back.
// The move stays in the redo tail.
func (g *Game) Undo() bool {
	if g.ply == 0 {
		return false
	}
	g.ply--
	g.cur = g.positionAt(g.ply)
	return true
}

// Redo replays the next move of the redo tail and reports whether there was
// one.
func (g *Game) Redo() bool {
	if g.ply == len(g.moves) {
		return false
	}
	g.ply++
	g.cur.MakeMove(g.moves[g.ply-1])
	return true
}

// GoTo makes the position after ply moves the current one (0 is the start,
// Len() the end); moves are neither added nor dropped.
func (g *Game) GoTo(ply int) error {
	if ply < 0 || ply > len(g.moves) {
		return fmt.Errorf("ply %d is outside the game (0 to %d)", ply, len(g.moves))
	}
	if ply != g.ply {
		g.ply = ply
		g.cur = g.positionAt(ply)
	}
	return nil
}

// SetTag sets the PGN tag k to v (an empty v removes it). Result is not a
// tag one sets: it follows the outcome.
func (g *Game) SetTag(k, v string) {
	for i := range g.tags {
		if g.tags[i].key == k {
			if v == "" {
				g.tags = append(g.tags[:i], g.tags[i+1:]...)
			} else {
				g.tags[i].value = v
			}
			return
		}
	}
	if v != "" {
		g.tags = append(g.tags, tag{k, v})
	}
}

// Tag returns the value of the PGN tag k, or "".
func (g *Game) Tag(k string) string {
	for _, t := range g.tags {
		if t.key == k {
			return t.value
		}
	}
	return ""
}

// SetComment sets the comment that follows the move of ply (1-based; 0 is
// a comment before the first move). An empty text removes it.
func (g *Game) SetComment(ply int, text string) {
	if ply < 0 || ply > len(g.moves) {
		return
	}
	if text == "" {
		delete(g.comments, ply)
		return
	}
	g.comments[ply] = text
}

// Comment returns the comment after the move of ply, or "".
func (g *Game) Comment(ply int) string { return g.comments[ply] }

// setChess960 marks the game's positions as Chess960 ones (a PGN's
// Variant tag read after its start).
func (g *Game) setChess960() {
	for i := range g.checkpoints {
		g.checkpoints[i].SetChess960(true)
	}
	g.cur.SetChess960(true)
}

// Bytes returns about how much memory g holds: its positions, moves, keys,
// SAN, tags and annotations. The browser game bounds its sessions by it.
func (g *Game) Bytes() int64 {
	n := int64(cap(g.checkpoints)+1)*int64(unsafe.Sizeof(chess.Position{})) +
		int64(cap(g.keys))*8 + int64(cap(g.moves))*int64(unsafe.Sizeof(chess.Move(0))) +
		int64(cap(g.sans))*int64(unsafe.Sizeof(""))
	for _, s := range g.sans {
		n += int64(len(s))
	}
	for _, t := range g.tags {
		n += int64(len(t.key) + len(t.value) + 32)
	}
	for _, c := range g.comments {
		n += int64(len(c) + 48)
	}
	for _, nags := range g.nags {
		n += int64(len(nags)*8 + 48)
	}
	return n + varsBytes(g.variations)
}
