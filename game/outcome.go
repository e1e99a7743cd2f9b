package game

import "ox88/chess"

// Result is a game's result as PGN writes it.
type Result string

// The four PGN results.
const (
	WhiteWins Result = "1-0"
	BlackWins Result = "0-1"
	Draw      Result = "1/2-1/2"
	NoResult  Result = "*" // the game goes on (or its end is unknown)
)

// Winner returns the side that won and whether one did.
func (r Result) Winner() (chess.Color, bool) {
	switch r {
	case WhiteWins:
		return chess.White, true
	case BlackWins:
		return chess.Black, true
	}
	return chess.White, false
}

// Reason says why a game ended.
type Reason int

// The reasons a game ends. The board shows the first five; the others are
// set with SetOutcome.
const (
	NoReason             Reason = iota // not over, or over for a reason nobody recorded
	Checkmate                          // the side to move is mated
	Stalemate                          // the side to move has no legal move and is not in check
	Threefold                          // the same position for the third time
	FiftyMoves                         // fifty moves each without a capture or pawn move
	InsufficientMaterial               // neither side can ever mate
	Resignation                        // the loser resigned
	Timeout                            // the loser's clock ran out
	Agreement                          // the players agreed a draw
	Adjudication                       // an arbiter or match runner decided
	IllegalMove                        // the loser (an engine) sent an illegal move
	Crash                              // the loser (an engine) stopped working
	Abandoned                          // the loser left the game
)

// reasonWords are the reasons in words, as they follow "by" or "on".
var reasonWords = [...]string{
	NoReason:             "",
	Checkmate:            "by checkmate",
	Stalemate:            "by stalemate",
	Threefold:            "by threefold repetition",
	FiftyMoves:           "by the fifty-move rule",
	InsufficientMaterial: "by insufficient material",
	Resignation:          "by resignation",
	Timeout:              "on time",
	Agreement:            "by agreement",
	Adjudication:         "by adjudication",
	IllegalMove:          "by an illegal move of the loser",
	Crash:                "because the loser's engine crashed",
	Abandoned:            "because the loser abandoned the game",
}

// String returns the reason in words ("by checkmate").
func (r Reason) String() string {
	if r < 0 || int(r) >= len(reasonWords) {
		return "for an unknown reason"
	}
	return reasonWords[r]
}

// Outcome is how a game ended: the result, the reason, and both in words.
type Outcome struct {
	Result Result
	Reason Reason
	Text   string // "White wins by checkmate", "Draw by threefold repetition", "Game in progress"
}

// NewOutcome returns the outcome of result for reason, with its text.
func NewOutcome(result Result, reason Reason) Outcome {
	text := ""
	switch result {
	case WhiteWins:
		text = "White wins"
	case BlackWins:
		text = "Black wins"
	case Draw:
		text = "Draw"
	default:
		return Outcome{Result: NoResult, Text: "Game in progress"}
	}
	if w := reason.String(); w != "" {
		text += " " + w
	}
	return Outcome{Result: result, Reason: reason, Text: text}
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Result != NoResult && o.Result != "" }

// String returns the outcome in words.
func (o Outcome) String() string { return o.Text }

// WinFor returns the result in which c wins.
func WinFor(c chess.Color) Result {
	if c == chess.White {
		return WhiteWins
	}
	return BlackWins
}

// Outcome returns how the game stands at the current ply: an outcome set
// with SetOutcome at this ply, else what the board and the history say
// (checkmate, stalemate, insufficient material, threefold repetition, the
// fifty-move rule, in that order), else a game in progress.
func (g *Game) Outcome() Outcome {
	if g.set.Over() && g.setPly == g.ply {
		return g.set
	}
	return g.boardOutcome(g.ply)
}

// boardOutcome is what the rules say about the position after ply moves.
func (g *Game) boardOutcome(ply int) Outcome {
	at := g.PositionAt(ply)
	pos := &at
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	if ml.N == 0 {
		if pos.InCheck() {
			return NewOutcome(WinFor(pos.SideToMove().Other()), Checkmate)
		}
		return NewOutcome(Draw, Stalemate)
	}
	if InsufficientMaterialOnBoard(pos) {
		return NewOutcome(Draw, InsufficientMaterial)
	}
	if g.repetitions(ply) >= 3 {
		return NewOutcome(Draw, Threefold)
	}
	if pos.HalfmoveClock() >= fiftyMovePlies {
		return NewOutcome(Draw, FiftyMoves)
	}
	return NewOutcome(NoResult, NoReason)
}

// fiftyMovePlies is the halfmove clock at which the fifty-move rule ends
// the game: fifty moves by each side.
const fiftyMovePlies = 100

// repetitions counts how often the position after ply moves has occurred
// in the game up to then, itself included. Only positions since the last
// capture or pawn move can match, and only every second one has the same
// side to move.
func (g *Game) repetitions(ply int) int {
	key := g.keys[ply]
	at := g.PositionAt(ply)
	back := min(at.HalfmoveClock(), ply)
	n := 1
	for i := ply - 2; i >= ply-back; i -= 2 {
		if g.keys[i] == key {
			n++
		}
	}
	return n
}

// Result returns the game's result at its last ply, whatever ply the
// game is viewed at: an outcome set there (from a PGN result, a
// resignation, the clock) or what the board shows (mate, a draw by rule),
// else NoResult. It is the PGN Result tag's value.
func (g *Game) Result() Result {
	last := len(g.moves)
	if g.set.Over() && g.setPly == last {
		return g.set.Result
	}
	if r := g.boardOutcome(last).Result; r != "" {
		return r
	}
	return NoResult
}

// Repetitions returns how often the current position has occurred in the
// game so far, itself included (1 for a new position).
func (g *Game) Repetitions() int { return g.repetitions(g.ply) }

// SetOutcome records an outcome the board cannot show (resignation, time,
// agreement, adjudication) at the current ply. An outcome whose Result is
// NoResult clears it. Text is filled in when empty.
func (g *Game) SetOutcome(o Outcome) {
	if o.Text == "" {
		o = NewOutcome(o.Result, o.Reason)
	}
	if !o.Over() {
		g.set = Outcome{Result: NoResult}
		return
	}
	g.set, g.setPly = o, g.ply
}

// TimeoutOutcome returns the outcome when loser's clock runs out at the
// current position: the other side wins, unless it could never mate (a bare
// king, or king and one minor piece against a bare king), which is a draw.
func (g *Game) TimeoutOutcome(loser chess.Color) Outcome {
	pos := &g.cur
	if !canMate(pos, loser.Other(), loser) {
		return NewOutcome(Draw, Timeout)
	}
	return NewOutcome(WinFor(loser.Other()), Timeout)
}

// InsufficientMaterialOnBoard reports whether neither side can ever mate,
// whatever is played: king against king, king and one minor piece against
// a king, or kings and bishops only with every bishop on squares of one
// colour.
func InsufficientMaterialOnBoard(pos *chess.Position) bool {
	minors, bishops := 0, 0
	bishopColors := 0 // bit 0: a bishop on a dark square, bit 1: on a light one
	for _, c := range [2]chess.Color{chess.White, chess.Black} {
		for _, k := range [3]chess.Kind{chess.Pawn, chess.Rook, chess.Queen} {
			if pos.Count(chess.MakePiece(c, k)) != 0 {
				return false
			}
		}
		minors += pos.Count(chess.MakePiece(c, chess.Knight))
		for _, sq := range pos.PieceSquares(chess.MakePiece(c, chess.Bishop)) {
			minors++
			bishops++
			bishopColors |= 1 << ((sq.File() + sq.Rank()) & 1)
		}
	}
	return minors <= 1 || (minors == bishops && bishopColors != 3)
}

// canMate reports whether side could ever mate other with the material on
// the board: not with a bare king, nor with king and one minor piece
// against a bare king.
func canMate(pos *chess.Position, side, other chess.Color) bool {
	if InsufficientMaterialOnBoard(pos) {
		return false
	}
	switch pos.PieceCount(side) {
	case 1:
		return false
	case 2:
		minor := pos.Count(chess.MakePiece(side, chess.Knight)) + pos.Count(chess.MakePiece(side, chess.Bishop))
		if minor == 1 && pos.PieceCount(other) == 1 {
			return false
		}
	}
	return true
}
