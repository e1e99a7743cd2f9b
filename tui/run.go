package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// Run plays a game on the terminal until the player quits.
func Run(opts Options) error {
	m, err := NewModel(opts)
	if err != nil {
		return err
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
