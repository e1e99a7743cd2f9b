package telemetry

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"ox88/chess"
	"ox88/eval"
	"ox88/game"
)

// MateCP is the centipawn value a mate score is drawn at: beyond every
// evaluation a chart needs to show.
const MateCP = 1000

// Move is one move of a game with what its comment says of the search.
type Move struct {
	Ply    int         // 1-based
	Number int         // the move number (12 for both 12. Nf3 and 12... Nf6)
	Side   chess.Color // the mover
	SAN    string      // with its move number: "12. Nf3", "12... Nf6"
	// Book: the comment was {book}, the move was not searched.
	Book bool
	// Searched: the comment was an engine's (either form); Depth, Nodes,
	// Time and the fields with a Has flag are what it reported.
	Searched bool
	Depth    int
	Nodes    uint64
	Time     time.Duration
	Score    int // centipawns, the mover's view (HasScore; not for a mate)
	Mate     int // non-zero: mate in this many moves, negative when mated (HasScore)
	HasScore bool
	TT       int64 // transposition-table hits (HasTT)
	Bal      int64 // the material balance the engine saw, the mover's view (HasBal)
	Diff     int64 // the score minus Bal (HasDiff)
	HasTT    bool
	HasBal   bool
	HasDiff  bool
	// Material is the board's textbook material balance after the move,
	// White's view, in centipawns: known for every move, whoever played it.
	Material int
	// Ending is the game's ending, on the last move's comment only.
	Ending string
}

// WhiteScore returns the move's score from White's point of view, in
// centipawns, a mate at ±MateCP.
func (m Move) WhiteScore() int {
	s := m.Score
	switch {
	case m.Mate > 0:
		s = MateCP
	case m.Mate < 0:
		s = -MateCP
	}
	if m.Side == chess.Black {
		return -s
	}
	return s
}

// Game is one game of the PGN with its moves' telemetry.
type Game struct {
	Number       int // 1-based, in the order of the file
	Event, Round string
	White, Black string
	Result       string
	Termination  string
	// Summary holds each engine's summary tag (WhiteTelemetry,
	// BlackTelemetry), by chess.Color; "" when the PGN has none.
	Summary [2]string
	Moves   []Move
}

// Read reads every game of a PGN and its moves' telemetry.
// The games are read one at a time (game.PGNReader): only their
// telemetry is kept.
func Read(r io.Reader) ([]Game, error) {
	var out []Game
	for g, err := range game.NewPGNReader(r).Games() {
		if err != nil {
			return nil, err
		}
		t := FromGame(g)
		t.Number = len(out) + 1
		out = append(out, t)
	}
	return out, nil
}

// HasTelemetry reports whether any of g's moves has a comment an engine
// runner wrote ({book} or a search's report).
func (g *Game) HasTelemetry() bool {
	for _, m := range g.Moves {
		if m.Book || m.Searched {
			return true
		}
	}
	return false
}

// FromGame reads the telemetry of g's moves from their comments.
func FromGame(g *game.Game) Game {
	t := Game{Event: g.Tag("Event"), Round: g.Tag("Round"), White: g.Tag("White"), Black: g.Tag("Black"),
		Result: string(g.Result()), Termination: g.Tag("Termination"),
		Summary: [2]string{g.Tag("WhiteTelemetry"), g.Tag("BlackTelemetry")}}
	for ply := 1; ply <= g.Len(); ply++ {
		before, after := g.PositionAt(ply-1), g.PositionAt(ply)
		m := ParseComment(g.Comment(ply))
		m.Ply, m.Number, m.Side = ply, before.FullmoveNumber(), before.SideToMove()
		m.SAN = game.NumberedSAN(before, []chess.Move{g.MoveAt(ply)})
		m.Material = eval.Material(&after)
		if after.SideToMove() == chess.Black {
			m.Material = -m.Material
		}
		t.Moves = append(t.Moves, m)
	}
	return t
}

// ParseComment reads one move's comment (see the package comment); a
// comment in neither form gives a Move with neither Book nor Searched set.
func ParseComment(c string) Move {
	var m Move
	c, m.Ending, _ = strings.Cut(c, ", ")
	words := strings.Fields(c)
	switch {
	case len(words) == 1 && words[0] == "book":
		m.Book = true
		return m
	case len(words) == 0:
		return m
	}
	d, ok := parseSeconds(words[len(words)-1])
	if !ok {
		return Move{} // every engine comment ends in its time
	}
	m.Time = d
	for _, w := range words[:len(words)-1] {
		if !m.field(w) {
			return Move{}
		}
	}
	m.Searched = true
	return m
}

// field reads one word of an engine comment, a key=value of the telemetry
// form or cutechess-cli's SCORE/DEPTH, and reports whether it was one.
func (m *Move) field(w string) bool {
	if score, depth, ok := strings.Cut(w, "/"); ok { // +0.31/12, -M3/20
		d, err := strconv.Atoi(depth)
		if err != nil || !m.parseScore(score, true) {
			return false
		}
		m.Depth = d
		return true
	}
	k, v, ok := strings.Cut(w, "=")
	if !ok {
		return false
	}
	n, err := strconv.ParseInt(strings.TrimPrefix(v, "+"), 10, 64)
	switch k {
	case "score":
		return m.parseScore(v, false)
	case "d":
		m.Depth = int(n)
	case "nodes":
		m.Nodes = uint64(max(n, 0))
	case "tt":
		m.TT, m.HasTT = n, true
	case "bal":
		m.Bal, m.HasBal = n, true
	case "diff":
		m.Diff, m.HasDiff = n, true
	default:
		return true // a key a later runner may add: skipped, not refused
	}
	return err == nil
}

// parseScore reads a score: "M5" or "-M3" (with or without a "+"), else
// centipawns, or pawns with decimals when pawns is set (cutechess-cli's
// "+0.31").
func (m *Move) parseScore(s string, pawns bool) bool {
	sign := 1
	switch {
	case strings.HasPrefix(s, "-"):
		sign, s = -1, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	if n, ok := strings.CutPrefix(s, "M"); ok {
		k, err := strconv.Atoi(n)
		if err != nil || k <= 0 {
			return false
		}
		m.Mate, m.HasScore = sign*k, true
		return true
	}
	if pawns {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return false
		}
		m.Score, m.HasScore = sign*int(math.Round(f*100)), true
		return true
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return false
	}
	m.Score, m.HasScore = sign*n, true
	return true
}

// parseSeconds reads a time in seconds with an "s": "0.52s".
func parseSeconds(w string) (time.Duration, bool) {
	s, ok := strings.CutSuffix(w, "s")
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 {
		return 0, false
	}
	return time.Duration(math.Round(f * float64(time.Second))), true
}

// String words a game's heading: "Game 2: ox88a - ox88b, 1-0 (normal), 61 plies".
func (g Game) String() string {
	s := fmt.Sprintf("Game %d: %s - %s, %s", g.Number, g.White, g.Black, g.Result)
	if g.Termination != "" {
		s += " (" + g.Termination + ")"
	}
	return s + fmt.Sprintf(", %d plies", len(g.Moves))
}
