package tui

import (
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"ox88/book"
	"ox88/game"
)

// TestBook plays against the real engine with a one-line book: after 1. e4
// ox88 answers 1... c5 from the book, and says so.
func TestBook(t *testing.T) {
	g := game.New(nil)
	for _, s := range []string{"e4", "c5", "Nf3"} {
		if _, err := g.PlayString(s); err != nil {
			t.Fatal(err)
		}
	}
	bd := book.NewBuilder(0)
	start := g.Start()
	if err := bd.Add(&start, g.AllMoves(), "0-1"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "one.bin")
	if err := bd.WriteFile(path); err != nil {
		t.Fatal(err)
	}

	if _, err := NewModel(Options{Book: filepath.Join(t.TempDir(), "none.bin")}); err == nil {
		t.Fatal("a missing book is no error")
	}
	m, err := NewModel(Options{Book: path, Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	th := m.thinker.(*engineThinker)
	for _, r := range "e4" {
		m.Update(typed(r))
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	for m.thinking {
		if msg, ok := next(t, th).(bestMsg); ok {
			m.Update(msg)
		}
	}
	if got := strings.Join(m.game().SANMoves(), " "); got != "e4 c5" || m.ui.message != "ox88 played 1... c5 from its book." {
		t.Fatalf("moves %q, %q", got, m.ui.message)
	}
}
