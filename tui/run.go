package tui

import (
	tea "github.com/charmbracelet/bubbletea"
)

// Run plays a game on the terminal until the player quits.
func Run(opts Options) error {
	m, err := NewModel(opts)
	if err != nil {
		return err
	}
	p := tea.NewProgram(m, tea.WithAltScreen(), tea.WithMouseCellMotion())
	_, err = p.Run()
	return err
}
