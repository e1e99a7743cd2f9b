package nnue

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"ox88/chess"
)

// randomNet returns a plain net with random weights of realistic size.
func randomNet(seed uint64) *Net { return randomShape(seed, Hidden, 1, 1, false) }

// randomShape returns a net of the given shape with random weights of
// realistic size, each output layer random.
func randomShape(seed uint64, hidden, kingBuckets, buckets int, mirrored bool) *Net {
	rng := rand.New(rand.NewPCG(seed, 1))
	n := NewNet(hidden, kingBuckets, buckets, mirrored)
	for i := range n.FTWeights {
		n.FTWeights[i] = int16(rng.IntN(129) - 64)
	}
	for j := range n.FTBias {
		n.FTBias[j] = int16(rng.IntN(200))
	}
	rng2 := rand.New(rand.NewPCG(seed, 2))
	for b := range n.Buckets {
		r := rng
		if b > 0 {
			r = rng2
		}
		for j := range n.layer(int(b)) {
			n.layer(int(b))[j] = int16(r.IntN(255) - 127)
		}
		n.OutBias[b] = int32(r.IntN(20000) - 10000)
	}
	n.QB = RawQB
	return n
}

// randomBucketedNet returns a plain net of OutputBuckets random output
// layers.
func randomBucketedNet(seed uint64) *Net { return randomShape(seed, Hidden, 1, OutputBuckets, false) }

// treeFENs are positions rich in castling, en passant and promotion.
var treeFENs = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	// Chess960: the king already on its target (g1, g8), the rook on the
	// king's target (c1, c8), king and rook swapping squares.
	"1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1",
	"1rkr4/pp1ppppp/8/8/8/8/PP1PPPPP/1RKR4 w DBdb - 0 1",
	"2rk2r1/p1pppp1p/8/8/8/8/P1PPPP1P/2RK2R1 w GCgc - 0 1",
}

// TestAccumulatorDrift walks perft trees with a Stack, as the search does,
// and checks at every node that the incrementally kept accumulators equal
// the ones computed from scratch, and that the evaluation equals that of
// the colour-mirrored twin.
//
// It runs for a plain net and a king-mirrored one, whose kings crossing
// the middle of the board (castling long among them) refresh their side.
func TestAccumulatorDrift(t *testing.T) {
	for _, mirrored := range []bool{false, true} {
		net := randomNet(1)
		net.Mirrored = mirrored
		t.Run(map[bool]string{false: "plain", true: "king-mirrored"}[mirrored], func(t *testing.T) { testDrift(t, net, 3) })
	}
	// The output layers share the accumulators: two plies show that the
	// layer follows the material through captures and promotions.
	t.Run("bucketed", func(t *testing.T) { testDrift(t, randomBucketedNet(1), 2) })
	// Other widths, and king buckets: a king move into another bucket
	// refreshes its side (every king move of the start of the trees
	// changes bucket in the 8-bucket layout's first rank).
	for _, c := range []struct {
		name                string
		hidden, kingBuckets int
		mirrored            bool
	}{
		{"hidden 64", HiddenStep, 1, false},
		{"hidden 512", 512, 1, true},
		{"hidden 1024", MaxHidden, 1, false},
		{"4 king buckets", Hidden, 4, true},
		{"8 king buckets, hidden 512", 512, 8, true},
	} {
		t.Run(c.name, func(t *testing.T) { testDrift(t, randomShape(1, c.hidden, c.kingBuckets, 1, c.mirrored), 2) })
	}
}

// TestBuckets: a bucketed net evaluates each position with the output
// layer of its material, (pieces-2)/4, and the trainer picks the same
// layer for the position's record.
func TestBuckets(t *testing.T) {
	net := randomBucketedNet(8)
	for pieces, want := range map[int]int{2: 0, 5: 0, 6: 1, 17: 3, 29: 6, 30: 7, 32: 7} {
		if got := net.Bucket(pieces); got != want {
			t.Errorf("%d pieces: bucket %d, want %d", pieces, got, want)
		}
	}
	if got := randomNet(8).Bucket(32); got != 0 {
		t.Errorf("a net of one output layer: bucket %d", got)
	}
	seen := map[int]bool{}
	for _, fen := range append(treeFENs, "8/8/4k3/8/8/3K4/8/7R w - - 0 1", "8/8/4k3/8/3n4/3K4/8/1R5R w - - 0 1") {
		pos := chess.MustParseFEN(fen)
		b := net.Bucket(pieceCount(pos))
		seen[b] = true
		var acc Accumulator
		net.Refresh(&acc, pos)
		side := pos.SideToMove()
		x := screluDotGeneric(acc.v[side][:net.Hidden], acc.v[side^1][:net.Hidden], net.layer(b))/QA + int64(net.OutBias[b])
		if got, want := net.Evaluate(pos), int(x*Scale/(QA*int64(net.QB))); got != want {
			t.Errorf("%s: %d, want %d from layer %d", fen, got, want, b)
		}
		r := Pack(pos, 0, Drawn)
		var s sample
		prepare(&r, 0.3, &s, false, false, OutputBuckets, 1)
		if s.bucket != b {
			t.Errorf("%s: the trainer's layer %d, the net's %d", fen, s.bucket, b)
		}
	}
	if len(seen) < 3 {
		t.Errorf("the positions reached only layers %v", seen)
	}
}

func testDrift(t *testing.T, net *Net, depth int) {
	if testing.Short() {
		depth = min(depth, 2)
	}
	for _, fen := range treeFENs {
		pos := chess.MustParseFEN(fen)
		st := NewStack(net)
		st.Reset(pos)
		nodes := 0
		var walk func(d int)
		walk = func(d int) {
			nodes++
			var fresh Accumulator
			net.Refresh(&fresh, pos)
			if *st.Current() != fresh {
				t.Fatalf("%s: accumulator drifted at %s", fen, pos.FEN())
			}
			if e, m := st.Evaluate(pos), net.Evaluate(pos.Mirror()); e != m {
				t.Fatalf("%s: eval %d, mirrored twin %d", pos.FEN(), e, m)
			}
			if d == 0 {
				return
			}
			var ml chess.MoveList
			pos.GenerateMoves(&ml)
			for _, m := range ml.Slice() {
				st.Push(pos, m)
				u := pos.MakeMove(m)
				// Evaluate only every other node on the way down, so the
				// lazy catch-up over several plies is tested too.
				if nodes%2 == 0 {
					st.Evaluate(pos)
				}
				walk(d - 1)
				pos.UnmakeMove(m, u)
				st.Pop()
			}
			if !pos.InCheck() {
				st.Push(pos, chess.NoMove)
				u := pos.MakeNullMove()
				var fresh Accumulator
				net.Refresh(&fresh, pos)
				if *st.Current() != fresh {
					t.Fatalf("%s: accumulator drifted after a null move at %s", fen, pos.FEN())
				}
				pos.UnmakeNullMove(u)
				st.Pop()
			}
		}
		walk(depth)
		t.Logf("%s: %d nodes", fen, nodes)
	}
}

// TestKingMirror: a king-mirrored net values a position without castling
// rights and its left-right mirror image exactly alike (both sides' kings
// change halves, so both see the same features), a plain one does not; and
// the trainer's features of a record are the net's, flip included. The
// same holds for king-bucketed nets, whose kings' buckets are mirrored too.
func TestKingMirror(t *testing.T) {
	for _, c := range []struct{ fen, flipped string }{
		{"r2q1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R2Q1RK1 w - - 0 10",
			"1kr1q2r/pppb2pp/2n2n2/4p3/4P3/2N1BN2/PPP3PP/1KR1Q2R w - - 0 10"},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1", "8/5p2/4p3/r5PK/k1p3R1/8/1P1P4/8 b - - 0 1"},
		{"4k3/8/8/8/8/8/8/3K4 w - - 0 1", "3k4/8/8/8/8/8/8/4K3 w - - 0 1"},
	} {
		t.Run(c.fen, func(t *testing.T) {
			a, b := chess.MustParseFEN(c.fen), chess.MustParseFEN(c.flipped)
			net := randomNet(6)
			if net.Evaluate(a) == net.Evaluate(b) {
				t.Errorf("%s: a plain random net values it as its mirror image", c.fen)
			}
			for _, kb := range []int{1, 4, 8} {
				net := randomShape(6, Hidden, kb, 1, true)
				if ea, eb := net.Evaluate(a), net.Evaluate(b); ea != eb {
					t.Errorf("%s, %d king buckets: %d, its mirror image %d", c.fen, kb, ea, eb)
				}
				for _, pos := range []*chess.Position{a, b} {
					r := Pack(pos, 0, Drawn)
					var s sample
					prepare(&r, 0.3, &s, false, true, 1, kb)
					stm := pos.SideToMove()
					var want sample
					for pc := chess.WPawn; pc <= chess.BKing; pc++ {
						if pc.Kind() == chess.NoKind || pc.Kind() > chess.King {
							continue
						}
						for _, sq := range pos.PieceSquares(pc) {
							want.us[want.n] = uint16(net.kingView(stm, pos.KingSquare(stm)).input(stm, pc, sq))
							want.them[want.n] = uint16(net.kingView(stm^1, pos.KingSquare(stm^1)).input(stm^1, pc, sq))
							want.n++
						}
					}
					if !sameFeatures(s, want) {
						t.Errorf("%s, %d king buckets: trainer's features %v %v, the net's %v %v", pos.FEN(), kb, s.us[:s.n], s.them[:s.n], want.us[:want.n], want.them[:want.n])
					}
				}
			}
		})
	}
}

// TestKingBuckets: the layouts give each square of a king's half board a
// bucket, the buckets are used, and a king's bucket is seen from its own
// side: White's king on g1 and Black's on g8 are in the same bucket, and
// so is either on b1/b8 (mirrored).
func TestKingBuckets(t *testing.T) {
	for kb, layout := range kingBucketLayouts {
		seen := map[uint8]bool{}
		for _, b := range layout {
			seen[b] = true
		}
		if len(seen) != kb {
			t.Errorf("layout of %d buckets uses %d", kb, len(seen))
		}
		net := NewNet(HiddenStep, kb, 1, true)
		sq := func(s string) chess.Square { q, _ := chess.ParseSquare(s); return q }
		w, bl := net.kingView(chess.White, sq("g1")), net.kingView(chess.Black, sq("g8"))
		if w != bl || w.flip != 7 {
			t.Errorf("%d buckets: g1 %+v, g8 %+v", kb, w, bl)
		}
		if v := net.kingView(chess.White, sq("b1")); v.base != w.base || v.flip != 0 {
			t.Errorf("%d buckets: b1 %+v, g1 %+v", kb, v, w)
		}
		if v := net.kingView(chess.White, sq("e4")); v.base == w.base {
			t.Errorf("%d buckets: e4 in g1's bucket", kb)
		}
	}
	if ValidArch(Hidden, 4, false) == nil || ValidArch(Hidden, 3, true) == nil || ValidArch(100, 1, false) == nil ||
		ValidArch(2*MaxHidden, 1, false) == nil || ValidArch(512, 8, true) != nil {
		t.Error("ValidArch accepts a shape it should not, or refuses 512 with 8 king buckets")
	}
}

// TestNetFileRoundTrip writes and reads a net, plain and king-mirrored,
// and rejects damaged, truncated and foreign files with ErrBadNet.
func TestNetFileRoundTrip(t *testing.T) {
	mirrored := randomNet(2)
	mirrored.Mirrored = true
	mdata := roundTrip(t, "king-mirrored", mirrored)
	for _, mirrored := range []bool{false, true} {
		bucketed := randomBucketedNet(2)
		bucketed.Mirrored = mirrored
		b := roundTrip(t, "bucketed", bucketed)
		for name, bad := range map[string][]byte{
			"buckets":   append(append([]byte(nil), b[:36]...), append([]byte{4, 0, 0, 0}, b[40:]...)...),
			"flags":     append(append([]byte(nil), b[:32]...), append([]byte{4, 0, 0, 0}, b[36:]...)...),
			"truncated": b[:len(b)-100],
		} {
			if _, err := Read(bad); !errors.Is(err, ErrBadNet) {
				t.Errorf("bucketed net, %s: got %v, want ErrBadNet", name, err)
			}
		}
	}
	// Other shapes are written as version 4, and a damaged shape field
	// is refused.
	for _, c := range []struct{ hidden, kb, buckets int }{{512, 1, 1}, {HiddenStep, 4, OutputBuckets}, {768, 8, 1}} {
		t.Run(fmt.Sprintf("hidden %d, %d king buckets, %d output buckets", c.hidden, c.kb, c.buckets), func(t *testing.T) {
			n := randomShape(2, c.hidden, c.kb, c.buckets, true)
			b := roundTrip(t, "version 4", n)
			if v := b[8]; v != fileVersionShape {
				t.Errorf("hidden %d, %d king buckets: version %d", c.hidden, c.kb, v)
			}
			for name, at := range map[string]int{"hidden": 16, "inputs": 12, "king buckets": 40, "layers": 36} {
				bad := bytes.Clone(b)
				bad[at]++
				if _, err := Read(bad); !errors.Is(err, ErrBadNet) {
					t.Errorf("version 4, %s: got %v, want ErrBadNet", name, err)
				}
			}
		})
	}
	net := randomNet(2)
	data := roundTrip(t, "plain", net)
	if data[8] != fileVersion {
		t.Errorf("a plain net of width %d written as version %d", Hidden, data[8])
	}
	if !bytes.Equal(data[headerSize:len(data)-4], mdata[headerSize:len(data)-4]) {
		t.Error("the flag changed the arrays")
	}
	// A raw dump of the arrays (bullet's quantised output) reads too.
	raw := append([]byte(nil), data[headerSize:len(data)-4]...)
	if got, err := Read(append(raw, make([]byte, 12)...)); err != nil || !got.Equal(net) {
		t.Fatalf("raw dump: %v", err)
	}
	bad := map[string][]byte{
		"empty":     nil,
		"truncated": data[:len(data)/2],
		"text":      []byte("this is not a network\n"),
		"flipped":   append(append([]byte(nil), data[:100]...), append([]byte{data[100] ^ 1}, data[101:]...)...),
		"shape":     append(append([]byte(nil), data[:16]...), append([]byte{1, 2, 0, 0}, data[20:]...)...),
		"version":   append(append([]byte(nil), data[:8]...), append([]byte{5, 0, 0, 0}, data[12:]...)...),
		"v4 header": append(append([]byte(nil), data[:8]...), append([]byte{4, 0, 0, 0}, data[12:]...)...),
		"v3 header": append(append([]byte(nil), data[:8]...), append([]byte{3, 0, 0, 0}, data[12:]...)...),
		"QB 0":      append(append([]byte(nil), data[:24]...), append([]byte{0, 0, 0, 0}, data[28:]...)...),
		"QB 65536":  append(append([]byte(nil), data[:24]...), append([]byte{0, 0, 1, 0}, data[28:]...)...),
	}
	for name, b := range bad {
		if _, err := Read(b); !errors.Is(err, ErrBadNet) {
			t.Errorf("%s: got %v, want ErrBadNet", name, err)
		}
	}
}

// TestOutputScale: a net carries its own output scale QB, which its file
// keeps and Output divides by; a raw dump has RawQB.
func TestOutputScale(t *testing.T) {
	net := randomNet(7)
	net.QB = QB
	data := roundTrip(t, "QB 1024", net) // the whole net, QB included
	if raw, err := Read(data[headerSize : len(data)-4]); err != nil || raw.QB != RawQB {
		t.Fatalf("raw dump: error %v, or not QB %d", err, RawQB)
	}
	for _, fen := range treeFENs {
		pos := chess.MustParseFEN(fen)
		var acc Accumulator
		net.Refresh(&acc, pos)
		side := pos.SideToMove()
		x := screluDotGeneric(acc.v[side][:Hidden], acc.v[side^1][:Hidden], net.layer(0))/QA + int64(net.OutBias[0])
		for _, qb := range []int32{RawQB, QB} {
			net.QB = qb
			if got, want := net.Evaluate(pos), int(x*Scale/(QA*int64(qb))); got != want {
				t.Errorf("%s, QB %d: %d, want %d", fen, qb, got, want)
			}
		}
	}
}

// roundTrip writes n, reads it back, fails the test unless the same net
// returns, and gives the file's bytes.
func roundTrip(t *testing.T, name string, n *Net) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := n.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if got, err := Read(buf.Bytes()); err != nil || !got.Equal(n) {
		t.Fatalf("%s net: read back %v, a different net or an error", name, err)
	}
	return buf.Bytes()
}

// FuzzRead: any bytes give a net or ErrBadNet, never a panic.
func FuzzRead(f *testing.F) {
	var buf bytes.Buffer
	randomNet(3).Write(&buf)
	f.Add(buf.Bytes()[:64])
	f.Add([]byte(fileMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := Read(b); err != nil && !errors.Is(err, ErrBadNet) {
			t.Fatal(err)
		}
	})
}

// benchShapes are the shapes BenchmarkStackPushEvaluate and
// TestNoAllocs try.
var benchShapes = []struct {
	name                string
	hidden, kingBuckets int
}{
	{"256", Hidden, 1}, {"512", 512, 1}, {"768", 768, 1}, {"1024", MaxHidden, 1},
	{"256-kb4", Hidden, 4}, {"256-kb8", Hidden, 8}, {"512-kb4", 512, 4},
}

// shapeStack returns a Stack on a random net of the given shape, set to
// a position with castling and king moves, and that position's moves.
func shapeStack(hidden, kingBuckets int) (*Stack, *chess.Position, *chess.MoveList) {
	net := randomShape(4, hidden, kingBuckets, OutputBuckets, true)
	pos := chess.MustParseFEN(treeFENs[1])
	st := NewStack(net)
	st.Reset(pos)
	var ml chess.MoveList
	pos.GenerateMoves(&ml)
	return st, pos, &ml
}

// pushEvaluate makes, evaluates and takes back move i of ml.
func pushEvaluate(st *Stack, pos *chess.Position, ml *chess.MoveList, i int) {
	m := ml.Moves[i%ml.N]
	st.Push(pos, m)
	u := pos.MakeMove(m)
	st.Evaluate(pos)
	pos.UnmakeMove(m, u)
	st.Pop()
}

// BenchmarkStackPushEvaluate times a make, update and evaluation for each
// shape (king-mirrored, 8 output layers), over the moves of a position
// with castling and king moves.
func BenchmarkStackPushEvaluate(b *testing.B) {
	for _, c := range benchShapes {
		b.Run(c.name, func(b *testing.B) {
			st, pos, ml := shapeStack(c.hidden, c.kingBuckets)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				pushEvaluate(st, pos, ml, i)
			}
		})
	}
}

// TestNoAllocs: the search's use of a Stack allocates nothing, whatever
// the net's shape.
func TestNoAllocs(t *testing.T) {
	for _, c := range benchShapes {
		t.Run(c.name, func(t *testing.T) {
			st, pos, ml := shapeStack(c.hidden, c.kingBuckets)
			i := 0
			if a := testing.AllocsPerRun(200, func() { pushEvaluate(st, pos, ml, i); i++ }); a != 0 {
				t.Errorf("%s: %v allocations a move", c.name, a)
			}
		})
	}
}

// TestLanesMatchInt16 checks the packed-lane additions against plain int16
// arithmetic, overflow wrap-around included.
func TestLanesMatchInt16(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	a, b, sum, diff := make([]int16, Hidden), make([]int16, Hidden), make([]int16, Hidden), make([]int16, Hidden)
	for round := 0; round < 200; round++ {
		for i := range a {
			a[i], b[i] = int16(rng.Uint32()), int16(rng.Uint32())
		}
		a[0], b[0] = 32767, 1 // wraps
		a[1], b[1] = -32768, 1
		la, lb := lanes(a), lanes(b)
		ls, ld := lanes(sum), lanes(diff)
		for i := range la {
			ls[i], ld[i] = add16(la[i], lb[i]), sub16(la[i], lb[i])
		}
		for i := range a {
			if sum[i] != a[i]+b[i] || diff[i] != a[i]-b[i] {
				t.Fatalf("lane %d: %d %d: sum %d diff %d", i, a[i], b[i], sum[i], diff[i])
			}
		}
	}
}

// TestDefaultNet: the embedded net decodes, evaluates the start position
// near equality and a queen up as winning, for either side to move.
func TestDefaultNet(t *testing.T) {
	n := Default()
	if e := n.Evaluate(chess.StartPosition()); e < -100 || e > 150 {
		t.Errorf("start position: %d", e)
	}
	up := chess.MustParseFEN("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if e := n.Evaluate(up); e < 200 {
		t.Errorf("a queen up, to move: %d", e)
	}
	down := chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1")
	if e := n.Evaluate(down); e > -200 {
		t.Errorf("a queen down, to move: %d", e)
	}
}
