package chess

import (
	"path/filepath"
	"slices"
	"testing"
)

// checkStages checks at the node p that GenerateCaptures followed by
// GenerateQuiets lists exactly GenerateMoves' moves, the quiet ones in
// GenerateMoves' order (and GenerateCapturesWith followed by
// GenerateQuietsWith, sharing one CheckInfo, the same list), and that
// IsLegal, and IsLegalWith with one CheckInfo for the node filled by
// whichever candidate needs it first, accept exactly the legal moves
// among candidates: the moves of the nodes above (foreign), each legal
// move with a flag or its promotion changed, and, when wide is set, every
// move of one of our pieces to any square with any flags (and the en-passant
// captures onto the en-passant square at every node). It walks the
// tree to depth and returns the number of nodes checked.
func checkStages(t *testing.T, p *Position, depth int, foreign []Move, wide bool) int {
	var all, staged MoveList
	p.GenerateMoves(&all)
	p.GenerateCaptures(&staged)
	nCaps := staged.N
	p.GenerateQuiets(&staged)
	quiets := staged.Moves[nCaps:staged.N]
	var shared MoveList
	var ci CheckInfo
	p.GenerateCapturesWith(&shared, &ci)
	if shared.N != nCaps || !ci.ready {
		t.Fatalf("%s: GenerateCapturesWith gave %d moves (ready %v), GenerateCaptures %d", p.FEN(), shared.N, ci.ready, nCaps)
	}
	p.GenerateQuietsWith(&shared, &ci)
	if !slices.Equal(shared.Slice(), staged.Slice()) {
		t.Fatalf("%s: with a shared CheckInfo %v, without %v", p.FEN(), shared.Slice(), staged.Slice())
	}
	j := 0
	for _, m := range all.Slice() {
		if m.IsQuiet() {
			if j >= len(quiets) || quiets[j] != m {
				t.Fatalf("%s: quiet moves %v are not the ordered subsequence of %v", p.FEN(), quiets, all.Slice())
			}
			j++
		}
	}
	if j != len(quiets) {
		t.Fatalf("%s: GenerateQuiets gave %d extra moves: %v", p.FEN(), len(quiets)-j, quiets)
	}
	got, want := slices.Clone(staged.Slice()), slices.Clone(all.Slice())
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: captures then quiets %v, all moves %v", p.FEN(), staged.Slice(), all.Slice())
	}

	fen, key := p.FEN(), p.Key()
	var lazy CheckInfo // filled by the first IsLegalWith that needs it
	legal := func(m Move) {
		_, in := slices.BinarySearch(want, m)
		if p.IsLegal(m) != in {
			t.Fatalf("%s: IsLegal(%s %#x) = %v, GenerateMoves lists it: %v", fen, m, uint32(m), !in, in)
		}
		if p.IsLegalWith(m, &lazy) != in {
			t.Fatalf("%s: IsLegalWith(%s %#x) = %v, GenerateMoves lists it: %v", fen, m, uint32(m), !in, in)
		}
	}
	for _, m := range foreign {
		legal(m)
	}
	for _, m := range want {
		legal(m)
		for _, f := range []Move{FlagCapture, FlagEnPassant, FlagCastle, FlagDoublePush, 1 << 7, 1 << 15, 1 << 24} {
			legal(m ^ f)
		}
		for k := Move(0); k < 8; k++ {
			legal(m&^(7<<16) | k<<16)
		}
	}
	if ep := p.EnPassant(); ep.OnBoard() {
		for _, d := range pawnCaptures[p.SideToMove()] {
			if from := ep - d; from.OnBoard() {
				legal(NewMove(from, ep, NoKind, FlagCapture|FlagEnPassant))
			}
		}
	}
	if wide {
		for from := Square(0); from < 128; from++ {
			if !from.OnBoard() || p.At(from) == Empty || p.At(from).Color() != p.SideToMove() {
				continue
			}
			for to := Square(0); to < 128; to++ {
				if !to.OnBoard() {
					continue
				}
				for _, f := range []Move{0, FlagCapture, FlagDoublePush, FlagCastle, FlagCapture | FlagEnPassant} {
					for _, k := range []Kind{NoKind, Knight, Queen, King} {
						legal(NewMove(from, to, k, f))
					}
				}
			}
		}
	}
	if p.FEN() != fen || p.Key() != key {
		t.Fatalf("%s: IsLegal changed the position to %s", fen, p.FEN())
	}
	if depth == 0 {
		return 1
	}
	nodes := 1
	foreign = append(foreign[:len(foreign):len(foreign)], want...)
	if len(foreign) > 300 {
		foreign = foreign[len(foreign)-300:]
	}
	for _, m := range all.Slice() {
		u := p.MakeMove(m)
		nodes += checkStages(t, p, depth-1, foreign, false)
		p.UnmakeMove(m, u)
	}
	return nodes
}

// TestStagedGeneration: over the perft suites' positions (and a walk of
// two plies from each, three from the first two, within a budget of
// nodes per file; every Chess960 position to one ply), the captures and the quiet moves together are exactly the
// legal moves, and IsLegal agrees with GenerateMoves.
func TestStagedGeneration(t *testing.T) {
	budget := 150_000
	if testing.Short() {
		budget = 20_000
	}
	visited := 0
	for _, file := range []string{"../testdata/perft-standard.epd", "../testdata/perftsuite.epd", "../testdata/chess960.epd"} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			suite, err := ReadEPDFile(file)
			if err != nil {
				t.Fatal(err)
			}
			n := 0 // nodes checked in this file
			for i, e := range suite {
				depth := 2
				switch {
				case filepath.Base(file) == "chess960.epd":
					depth = 1
				case n > budget:
					depth = 0
				case i < 2:
					depth = 3
				}
				n += checkStages(t, e.Pos, depth, nil, true)
			}
			visited += n
		})
	}
	if visited < 20_000 && !testing.Short() {
		t.Errorf("only %d nodes checked", visited)
	}
}

// TestGenerateQuietsAppends: GenerateQuiets keeps what the list holds.
func TestGenerateQuietsAppends(t *testing.T) {
	p := MustParseFEN(kiwipete)
	var ml MoveList
	ml.Moves[0], ml.N = NoMove, 1
	p.GenerateQuiets(&ml)
	var all MoveList
	p.GenerateMoves(&all)
	if ml.N != 1+40 || ml.Moves[0] != NoMove || !all.Contains(ml.Moves[1]) {
		t.Errorf("GenerateQuiets after one move: %d moves, first %s", ml.N, ml.Moves[0])
	}
}
