package linetest

import (
	"path/filepath"
	"testing"

	"ox88/book"
	"ox88/chess"
)

// StartBook writes an opening book to a temporary file and returns its
// path: one game from the start position for each of moves (in UCI), each
// won by White, so a move given twice weighs twice as much.
func StartBook(t *testing.T, moves ...string) string {
	t.Helper()
	bd := book.NewBuilder(0)
	start := chess.StartPosition()
	for _, uci := range moves {
		m, err := start.ParseUCI(uci)
		if err != nil {
			t.Fatal(err)
		}
		bd.Add(start, []chess.Move{m}, "1-0")
	}
	path := filepath.Join(t.TempDir(), "book.bin")
	if err := bd.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	return path
}
