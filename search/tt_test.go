package search

import (
	"testing"

	"ox88/chess"
)

// TestTTSlotRoundTrip: every field survives packing into the two words,
// and a slot torn between two writes (one word from each) reads as a miss.
func TestTTSlotRoundTrip(t *testing.T) {
	tt := NewTranspositionTable(1)
	tt.newSearch()
	m := chess.NewMove(chess.E1, chess.G1, chess.NoKind, chess.FlagCastle)
	key := uint64(0x1234_5678_9abc_def0)
	tt.store(key, m, -31000+7, -1234, -1, BoundLower)
	e, ok := tt.probe(key)
	if !ok || e.move != m || e.score != -31000+7 || e.eval != -1234 || e.depth != -1 || e.bound() != BoundLower {
		t.Fatalf("round trip: %+v %v", e, ok)
	}
	other := key ^ 0xffff_0000_0000_0000 // same bucket, another position
	tt.store(other, chess.NoMove, 55, 66, 9, BoundExact)
	b := &tt.buckets[key&tt.mask]
	// Tear: slot 0's data word with slot 1's keyed word.
	b[0].data, b[1].data = b[1].data, b[0].data
	if _, ok := tt.probe(key); ok {
		t.Error("a torn slot was trusted")
	}
	if _, ok := tt.probe(other); ok {
		t.Error("a torn slot was trusted")
	}
}
