package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

func TestThreads(t *testing.T) {
	h := newHarness(t, Options{Threads: 3}, 80, 24)
	if !strings.Contains(h.m.screen(), "ox88 on 3 threads: waiting") {
		t.Fatalf("no thread count:\n%s", h.m.screen())
	}
	h.typeText("e4\r")
	if !strings.Contains(h.m.screen(), "ox88 on 3 threads thinking") {
		t.Fatalf("no thread count while thinking:\n%s", h.m.screen())
	}
	if h := newHarness(t, Options{}, 80, 24); h.m.threads != DefaultThreads() {
		t.Fatalf("threads %d by default, want %d", h.m.threads, DefaultThreads())
	}
	if _, err := NewModel(Options{Threads: -1}); err == nil || err.Error() != "threads must be 1 to 256, got -1" {
		t.Fatalf("threads -1: %v", err)
	}
	// The real engine gets the threads.
	m, err := NewModel(Options{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	if n := m.thinker.(*engineThinker).eng.Threads(); n != 2 {
		t.Fatalf("the engine has %d threads, want 2", n)
	}
}

// TestPaste checks that pasted text, which Bubble Tea sends whole, goes to
// the input line: a move, or a FEN at the load prompt.
func TestPaste(t *testing.T) {
	h := newHarness(t, Options{Color: "both"}, 80, 24)
	h.send(tea.PasteMsg{Content: " e2e4\n"})
	if h.m.input != "e2e4" {
		t.Fatalf("input %q after a paste", h.m.input)
	}
	h.press(tea.KeyEnter)
	h.wantMoves("e4")
	fen := "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
	h.typeText("o")
	h.send(tea.PasteMsg{Content: fen})
	h.press(tea.KeyEnter)
	if pos := h.m.game().Position(); pos.FEN() != fen {
		t.Fatalf("loaded %q, want %q (%s)", pos.FEN(), fen, h.m.ui.message)
	}
}

// TestColourProfile checks that the profile Bubble Tea reports decides
// between a coloured board and a plain one marked with characters.
func TestColourProfile(t *testing.T) {
	h := newHarness(t, Options{ASCII: true}, 60, 20)
	h.send(tea.ColorProfileMsg{Profile: colorprofile.TrueColor})
	if s := h.m.screen(); !strings.Contains(s, "\x1b[") || strings.Contains(s, " . ") {
		t.Fatalf("true colour drew no colours or plain marks:\n%q", s)
	}
	h.send(tea.ColorProfileMsg{Profile: colorprofile.ASCII})
	if s := h.m.screen(); strings.Contains(s, "\x1b") || !strings.Contains(s, "4  .  .  .") {
		t.Fatalf("no colour drew escapes or no dots:\n%q", s)
	}
}
