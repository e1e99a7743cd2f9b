package nnue

import (
	"testing"

	"ox88/chess"
)

// TestRecordRoundTrip packs positions and reads them back: the FEN (all six
// fields), the score and the result come out as they went in.
func TestRecordRoundTrip(t *testing.T) {
	fens := []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b Kq - 3 17",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"8/8/8/8/8/8/8/K6k b - - 99 300",
	}
	for i, fen := range fens {
		pos := chess.MustParseFEN(fen)
		r := Pack(pos, 1234-i*1000, uint8(i%3))
		got, err := r.FEN()
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got != pos.FEN() {
			t.Errorf("round trip:\n got %s\nwant %s", got, pos.FEN())
		}
		if r.Score() != 1234-i*1000 || r.Result() != uint8(i%3) {
			t.Errorf("%s: score %d result %d", fen, r.Score(), r.Result())
		}
		if r.BlackToMove() != (pos.SideToMove() == chess.Black) {
			t.Errorf("%s: side to move", fen)
		}
	}
}

// TestRecordLayout pins the bytes of the start position: a record made
// elsewhere from the same position reads the same.
func TestRecordLayout(t *testing.T) {
	r := Pack(chess.StartPosition(), -5, WhiteWon)
	want := "ffff00000000ffff" + // occupancy, little-endian
		"16422561" + "00000000" + // RNBQKBNR (castling rooks 6), 8 pawns: low nibble first
		"88888888" + "9ecaade9" + // 8 black pawns, rnbqkbnr (castling rooks e)
		"40" + "00" + "0100" + "fbff" + "02" + "00"
	got := ""
	for _, b := range r {
		got += string("0123456789abcdef"[b>>4]) + string("0123456789abcdef"[b&15])
	}
	if got != want {
		t.Errorf("start position record\n got %s\nwant %s", got, want)
	}
}

// FuzzRecordFEN feeds arbitrary bytes to the decoder: an error or a FEN
// that parses, never a panic.
func FuzzRecordFEN(f *testing.F) {
	r := Pack(chess.StartPosition(), 0, Drawn)
	f.Add(r[:])
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) != RecordSize {
			return
		}
		var r Record
		copy(r[:], b)
		fen, err := r.FEN()
		if err != nil {
			return
		}
		_, _ = chess.ParseFEN(fen) // may reject (two kings missing etc.), must not panic
	})
}
