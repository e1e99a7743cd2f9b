package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// Run plays a game on the terminal until the player quits.
func Run(opts Options) error {
	m, err := NewModel(opts)
	if err != nil {
		return err
	}
	p := tea.NewProgram(m, tea.WithAltScreen(), tea.WithMouseCellMotion())
	if _, err := p.Run(); err != nil {
		return err
	}
	// Leave the game on the terminal, so that it is not lost with the
	// alternate screen.
	if m.g.Ply() > 0 {
		m.setTags()
		fmt.Print("\n" + m.g.PGN())
	}
	return nil
}
