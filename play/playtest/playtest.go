// Package playtest holds the scripted games that the terminal game (tui)
// and the browser game (web) both play in their tests: the same moves,
// take-backs, redos and resignations must give the same game through
// either front end, since both drive a play.Game.
package playtest

import (
	"strings"

	"ox88/game"
	"ox88/play"
)

// Step is one action of a person, or ox88's move.
type Step struct {
	Do   string // "move", "ox88" (ox88 plays its only legal move), "undo", "redo", "resign"
	Move string // the move of a "move", in SAN
	// Refused: the front end must refuse the step with an error and
	// leave the game as it was.
	Refused bool
}

// Script is a game played through a front end, and what it must give.
type Script struct {
	Name    string
	FEN     string       // the start ("": the standard start)
	Players play.Players // who plays
	Level   int
	Steps   []Step
	// The game at the end: every move in SAN (a redo tail included), the
	// ply shown, the PGN result, the outcome's text and the player tags.
	Moves, Result, Outcome string
	Ply                    int
	White, Black           string
}

// The position of the scripts against ox88: its king on h8 has one legal
// move at each turn while White's rook walks along the sixth rank, so
// that its reply is the same whatever it searches.
const (
	boxedKing      = "7k/5K2/R7/8/8/8/8/8 w - - 0 1"
	boxedKingWhite = "8/8/8/8/8/r7/5k2/7K w - - 0 1" // the same, colours swapped: ox88 moves first
)

func move(san string) Step { return Step{Do: "move", Move: san} }

var (
	ox88   = Step{Do: "ox88"}
	undo   = Step{Do: "undo"}
	redo   = Step{Do: "redo"}
	resign = Step{Do: "resign"}
)

// Scripts are the games both front ends play.
var Scripts = []Script{
	{
		Name: "against ox88: take back to your turn, redo, play on, resign", FEN: boxedKing,
		Players: play.YouWhite, Level: 1,
		Steps: []Step{move("Rb6"), ox88, move("Rc6"), ox88, undo, redo, move("Rd6"), ox88, undo,
			move("Re6"), ox88, resign},
		Moves: "Rb6 Kh7 Rc6 Kh8 Re6 Kh7", Ply: 6, Result: "0-1", Outcome: "Black wins by resignation",
		White: "You", Black: "ox88 (level 1)",
	},
	{
		Name: "ox88 has White: take back its move and yours, redo both", FEN: boxedKingWhite,
		Players: play.YouBlack, Level: 3,
		Steps: []Step{ox88, move("Rb3"), ox88, undo, redo, move("Rd3"), ox88, resign},
		Moves: "Kh2 Rb3 Kh1 Rd3 Kh2", Ply: 5, Result: "1-0", Outcome: "White wins by resignation",
		White: "ox88 (level 3)", Black: "You",
	},
	{
		Name: "two people: take back one move, redo, resign", Players: play.TwoPeople, Level: 5,
		Steps: []Step{move("e4"), move("e5"), move("Nf3"), undo, redo, move("Nc6"), resign},
		Moves: "e4 e5 Nf3 Nc6", Ply: 4, Result: "0-1", Outcome: "Black wins by resignation",
		White: "Human", Black: "Human",
	},
	{
		Name: "two people: take back past the start, redo past the end", Players: play.TwoPeople, Level: 5,
		Steps: []Step{move("d4"), undo, {Do: "undo", Refused: true}, redo, {Do: "redo", Refused: true},
			move("d5"), move("c4"), {Do: "move", Move: "Ke7", Refused: true}},
		Moves: "d4 d5 c4", Ply: 3, Result: "*", Outcome: "Game in progress",
		White: "Human", Black: "Human",
	},
}

// Game is what a front end shows at the end of a script.
type Game struct {
	Moves, Result, Outcome string
	Ply                    int
	White, Black           string
}

// Of reads a Game from g, as the terminal game holds it.
func Of(g *game.Game) Game {
	sans := make([]string, g.Len())
	for i := range sans {
		sans[i] = g.SANAt(i + 1)
	}
	return Game{Moves: strings.Join(sans, " "), Ply: g.Ply(), Result: string(g.Result()),
		Outcome: g.Outcome().Text, White: g.Tag("White"), Black: g.Tag("Black")}
}

// Want is the Game the script must end with.
func (s *Script) Want() Game {
	return Game{Moves: s.Moves, Result: s.Result, Outcome: s.Outcome, Ply: s.Ply, White: s.White, Black: s.Black}
}
