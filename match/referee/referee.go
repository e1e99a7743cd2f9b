// Package referee checks games with a move generator that is not ox88's:
// Stockfish's "go perft 1" lists the legal moves of a position, and every
// move of every game must be among them. It is the outside referee of the
// soak tests (scripts/soak.sh, ox88 referee).
package referee

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"ox88/game"
)

// DefaultStockfish is where Debian installs Stockfish.
const DefaultStockfish = "/usr/games/stockfish"

// Referee is a running Stockfish used as a move generator.
type Referee struct {
	cmd      *exec.Cmd
	in       io.WriteCloser
	out      *bufio.Scanner
	chess960 bool // Stockfish's UCI_Chess960
}

// Start runs the Stockfish binary at path.
func Start(path string) (*Referee, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("referee: %w", err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	return &Referee{cmd: cmd, in: in, out: sc}, nil
}

// Close ends Stockfish.
func (r *Referee) Close() error {
	fmt.Fprintln(r.in, "quit")
	r.in.Close()
	done := make(chan error, 1)
	go func() { done <- r.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		r.cmd.Process.Kill()
		return <-done
	}
}

// LegalMoves returns the legal moves (UCI notation) after moves from fen,
// as Stockfish's "go perft 1" lists them.
func (r *Referee) LegalMoves(fen string, moves []string) (map[string]bool, error) {
	pos := "position fen " + fen
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	if _, err := fmt.Fprintf(r.in, "%s\ngo perft 1\n", pos); err != nil {
		return nil, fmt.Errorf("referee: %w", err)
	}
	legal := map[string]bool{}
	for r.out.Scan() {
		line := r.out.Text()
		if strings.HasPrefix(line, "Nodes searched") {
			return legal, nil
		}
		if mv, count, ok := strings.Cut(line, ": "); ok && count == "1" {
			legal[mv] = true
		}
	}
	return nil, errors.New("referee: stockfish ended")
}

// Report is what a check found.
type Report struct {
	Games, Moves int
	Illegal      []string // "game G ply P: MOVE after ..."
}

// String returns "N games, M moves checked by Stockfish's perft 1: K illegal".
func (rep Report) String() string {
	return fmt.Sprintf("%d games, %d moves checked by Stockfish's perft 1: %d illegal", rep.Games, rep.Moves, len(rep.Illegal))
}

// Check replays every game and asks the referee about every move. A
// Chess960 game (its start position says so) is checked with Stockfish's
// UCI_Chess960 on, castling written king-takes-rook.
func (r *Referee) Check(games []*game.Game) (Report, error) {
	var rep Report
	for _, g := range games {
		if err := r.CheckGame(&rep, g); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// CheckGame is Check of one more game, counted into rep: a caller that
// reads games one at a time (game.PGNReader) checks each as it comes.
func (r *Referee) CheckGame(rep *Report, g *game.Game) error {
	rep.Games++
	start := g.Start()
	if start.Chess960() != r.chess960 {
		r.chess960 = start.Chess960()
		if _, err := fmt.Fprintf(r.in, "setoption name UCI_Chess960 value %t\n", r.chess960); err != nil {
			return fmt.Errorf("referee: %w", err)
		}
	}
	fen := start.FEN()
	moves := start.UCILine(g.AllMoves())
	for i, m := range moves {
		legal, err := r.LegalMoves(fen, moves[:i])
		if err != nil {
			return err
		}
		rep.Moves++
		if !legal[m] {
			rep.Illegal = append(rep.Illegal, fmt.Sprintf("game %d ply %d: %s after %v", rep.Games, i+1, m, moves[:i]))
		}
	}
	return nil
}
