package game

import (
	"runtime"
	"testing"

	"ox88/chess"
)

// TestLongGameMemory: a game of 35,000 plies holds tens of bytes a ply,
// not a whole position a ply (about 1.7 KB before checkpoints), and Bytes
// says about as much as it holds.
func TestLongGameMemory(t *testing.T) {
	const plies = 35000
	shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8"} // repeats; a Game plays on past a draw
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	g := New(nil)
	for i := range plies {
		if _, err := g.PlayString(shuffle[i%4]); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	perPly := held / plies
	t.Logf("%d plies: %d bytes held, %d a ply; Bytes %d", plies, held, perPly, g.Bytes())
	if perPly > 160 {
		t.Errorf("a %d-ply game holds %d bytes, %d a ply; want at most 160", plies, held, perPly)
	}
	if b := g.Bytes(); b < held/2 || b > held*2 {
		t.Errorf("Bytes says %d, the heap grew by %d", b, held)
	}
	runtime.KeepAlive(g)
}

// TestCheckpointPositions: every position replayed from its checkpoint is
// the one the moves lead to, after GoTo, Undo and Redo, and after playing
// from an earlier ply.
func TestCheckpointPositions(t *testing.T) {
	g := New(nil)
	moves := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O"}
	for range 5 {
		for _, m := range []string{"Nh4", "Nh5", "Nf3", "Nf6"} {
			moves = append(moves, m)
		}
	}
	moves = moves[:len(moves)-4]
	for _, m := range moves[:16] {
		if _, err := g.PlayString(m); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range []string{"Nh2", "Nh5"} {
		if _, err := g.PlayString(m); err == nil {
			t.Fatalf("%s was legal", m)
		}
	}
	for _, m := range moves[16:] {
		if _, err := g.PlayString(m); err != nil {
			t.Fatal(err)
		}
	}
	fens := make([]string, len(moves)+1) // replayed by hand
	pos := g.Start()
	fens[0] = pos.FEN()
	for i := range moves {
		pos.MakeMove(g.MoveAt(i + 1))
		fens[i+1] = pos.FEN()
	}
	for ply := len(moves); ply >= 0; ply-- {
		at := g.PositionAt(ply)
		if at.FEN() != fens[ply] {
			t.Fatalf("PositionAt(%d) = %s, want %s", ply, at.FEN(), fens[ply])
		}
		_ = g.GoTo(ply)
		if cur := g.Position(); cur.FEN() != fens[ply] || g.Keys()[ply] != cur.Key() {
			t.Fatalf("GoTo(%d): %s", ply, cur.FEN())
		}
	}
	for g.Redo() {
		if cur := g.Position(); cur.FEN() != fens[g.Ply()] {
			t.Fatalf("Redo to %d: %s", g.Ply(), cur.FEN())
		}
	}
	for g.Undo() {
		if cur := g.Position(); cur.FEN() != fens[g.Ply()] {
			t.Fatalf("Undo to %d: %s", g.Ply(), cur.FEN())
		}
	}
	// Play from ply 20: the tail goes, checkpoints past it too.
	_ = g.GoTo(20)
	pos = g.Position()
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	if err := g.Play(ml.Moves[0]); err != nil || g.Len() != 21 {
		t.Fatalf("play from ply 20: %v, %d plies", err, g.Len())
	}
	pos.MakeMove(ml.Moves[0])
	if at := g.PositionAt(21); at.FEN() != pos.FEN() {
		t.Fatalf("ply 21: %s, want %s", at.FEN(), pos.FEN())
	}
	if at := g.PositionAt(20); at.FEN() != fens[20] {
		t.Fatalf("ply 20: %s", at.FEN())
	}
}
