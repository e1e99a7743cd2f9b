package tui

import (
	"errors"
	"fmt"
	"os"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"golang.org/x/term"
)

// ErrNoTerminal is Run's error where there is no terminal to play on.
var ErrNoTerminal = errors.New("the terminal game needs a terminal: standard input is not one and there is no /dev/tty (ox88 uci speaks UCI through pipes; ox88 web serves the browser game)")

// haveTerminal reports whether Bubble Tea will find a terminal: standard
// input, or else the process's controlling terminal.
func haveTerminal() bool {
	if term.IsTerminal(int(os.Stdin.Fd())) {
		return true
	}
	f, err := os.Open("/dev/tty")
	if err != nil {
		return false
	}
	f.Close()
	return true
}

// Run plays a game on the terminal until the player quits.
func Run(opts Options) error {
	m, err := NewModel(opts)
	if err != nil {
		return err
	}
	if !haveTerminal() {
		return ErrNoTerminal
	}
	var progOpts []tea.ProgramOption
	if opts.Profile != colorprofile.Unknown {
		progOpts = append(progOpts, tea.WithColorProfile(opts.Profile))
	}
	if _, err := tea.NewProgram(m, progOpts...).Run(); err != nil {
		return err
	}
	// Leave the game on the terminal, so that it is not lost with the
	// alternate screen.
	if m.game().Ply() > 0 {
		fmt.Print("\n" + m.game().PGN())
	}
	return nil
}
