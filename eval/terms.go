package eval

import "ox88/chess"

// Term names a non-incremental evaluation term, so that a strength
// comparison (ox88 ab) can play the evaluation with and without it.
type Term uint

// The terms a Terms set can hold; termInfo says what each scores.
const (
	TermPawnStructure Term = iota
	TermPassedPawns
	TermMobility
	TermKingAttack
	TermShelter
	TermBishopPair
	TermRookFiles
	TermMopUp
	TermTempo
	NumTerms
)

// termInfo gives each term its name (Term.String, ParseTerm) and what it
// scores (Term.Doc).
var termInfo = [NumTerms]struct{ name, doc string }{
	TermPawnStructure: {"pawns", "doubled and isolated pawns"},
	TermPassedPawns:   {"passed", "passed pawn bonus by rank"},
	TermMobility:      {"mobility", "squares reached by minor and major pieces"},
	TermKingAttack:    {"kingattack", "attacks next to the enemy king"},
	TermShelter:       {"shelter", "pawns in front of the castled king"},
	TermBishopPair:    {"bishoppair", "two bishops"},
	TermRookFiles:     {"rookfiles", "rooks on open and half-open files"},
	TermMopUp:         {"mopup", "bare king to the edge"},
	TermTempo:         {"tempo", "the side to move's bonus"},
}

func (t Term) String() string {
	if t < NumTerms {
		return termInfo[t].name
	}
	return "term?"
}

// Doc says in a few words what term t scores.
func (t Term) Doc() string {
	if t < NumTerms {
		return termInfo[t].doc
	}
	return ""
}

// ParseTerm returns the term with name (as Term.String gives it).
func ParseTerm(name string) (Term, bool) {
	for i, ti := range termInfo {
		if ti.name == name {
			return Term(i), true
		}
	}
	return 0, false
}

// Terms is a set of terms, one bit per Term: the evaluation that
// Terms.Evaluate computes. A searcher holds one (search.Options.Eval), so
// that two searchers in one process can play different evaluations.
type Terms uint32

// AllTerms is the full evaluation, the one Evaluate computes.
const AllTerms Terms = 1<<NumTerms - 1

// Has reports whether t is in ts.
func (ts Terms) Has(t Term) bool { return ts&(1<<t) != 0 }

// With returns ts with t switched on or off.
func (ts Terms) With(t Term, on bool) Terms {
	if on {
		return ts | 1<<t
	}
	return ts &^ (1 << t)
}

// pawnFiles summarises one side's pawns per file for the structure terms.
// Files are stored at index file+1 so that the neighbours of the a and h
// files can be read without a bounds test.
type pawnFiles struct {
	count   [10]int // pawns on each file
	minRank [10]int // lowest rank of a pawn on the file (8 when none)
	maxRank [10]int // highest rank of a pawn on the file (-1 when none)
}

func (pf *pawnFiles) init() {
	for i := range pf.minRank {
		pf.minRank[i] = 8
		pf.maxRank[i] = -1
	}
}

// terms returns the evaluation terms that are not kept incrementally, for
// White (Black's terms subtracted). They read the board through the piece
// lists: pawn structure and passed pawns, mobility, king attack and shelter,
// bishop pair, rooks on open files, and the mop-up of bare kings, each when
// it is in ts.
func (w *weights) terms(pos *chess.Position, ts Terms) chess.Score {
	var pawns [2]pawnFiles
	pawns[0].init()
	pawns[1].init()
	for c := chess.White; c <= chess.Black; c++ {
		for _, sq := range pos.PieceSquares(chess.MakePiece(c, chess.Pawn)) {
			f, r := sq.File()+1, sq.Rank()
			pf := &pawns[c]
			pf.count[f]++
			pf.minRank[f] = min(pf.minRank[f], r)
			pf.maxRank[f] = max(pf.maxRank[f], r)
		}
	}
	var s chess.Score
	s += w.pawnStructure(pos, chess.White, &pawns, ts) - w.pawnStructure(pos, chess.Black, &pawns, ts)
	s += w.pieces(pos, chess.White, &pawns, ts) - w.pieces(pos, chess.Black, &pawns, ts)
	if ts.Has(TermMopUp) {
		s += mopUp(pos)
	}
	return s
}

// pawnStructure scores side c's doubled, isolated and passed pawns.
func (w *weights) pawnStructure(pos *chess.Position, c chess.Color, pawns *[2]pawnFiles, ts Terms) chess.Score {
	own, opp := &pawns[c], &pawns[c^1]
	var s chess.Score
	for f := 1; f <= 8; f++ {
		n := own.count[f]
		if n == 0 {
			continue
		}
		if ts.Has(TermPawnStructure) {
			if n > 1 {
				s += w.doubledPawn * chess.Score(n-1)
			}
			if own.count[f-1] == 0 && own.count[f+1] == 0 {
				s += w.isolatedPawn * chess.Score(n)
			}
		}
		if !ts.Has(TermPassedPawns) {
			continue
		}
		// A passed pawn: only the most advanced pawn of a file can be one
		// (the others are blocked by it), and no enemy pawn may stand in
		// front of it on its own or a neighbouring file.
		if c == chess.White {
			r := own.maxRank[f]
			if opp.maxRank[f-1] <= r && opp.maxRank[f] <= r && opp.maxRank[f+1] <= r {
				s += w.passedPawn[r]
			}
		} else {
			r := own.minRank[f]
			if opp.minRank[f-1] >= r && opp.minRank[f] >= r && opp.minRank[f+1] >= r {
				s += w.passedPawn[7-r]
			}
		}
	}
	return s
}

// pieces scores side c's minor and major pieces (mobility, king attack,
// rooks on open files, the bishop pair) and its king's pawn shield.
func (w *weights) pieces(pos *chess.Position, c chess.Color, pawns *[2]pawnFiles, ts Terms) chess.Score {
	var s, files chess.Score
	enemyKing := pos.KingSquare(c ^ 1)
	kingAttacks := 0
	for k := chess.Knight; k <= chess.Queen; k++ {
		for _, from := range pos.PieceSquares(chess.MakePiece(c, k)) {
			switch k {
			case chess.Knight:
				n := 0
				for _, d := range chess.KnightSteps {
					to := from + d
					if to.OnBoard() {
						if t := pos.At(to); t == chess.Empty || t.Color() != c {
							n++
						}
						if nearKing[int(to)-int(enemyKing)+119] {
							kingAttacks++
						}
					}
				}
				s += w.knightMobility * chess.Score(n-knightMobilityBase)
			case chess.Bishop:
				n, a := slide(pos, from, c, chess.BishopSteps[:], enemyKing)
				s += w.bishopMobility * chess.Score(n-bishopMobilityBase)
				kingAttacks += a
			case chess.Rook:
				n, a := slide(pos, from, c, chess.RookSteps[:], enemyKing)
				s += w.rookMobility * chess.Score(n-rookMobilityBase)
				kingAttacks += a
				f := from.File() + 1
				if ts.Has(TermRookFiles) && pawns[c].count[f] == 0 {
					if pawns[c^1].count[f] == 0 {
						files += w.rookOpenFile
					} else {
						files += w.rookHalfOpen
					}
				}
			case chess.Queen:
				n, a := slide(pos, from, c, chess.BishopSteps[:], enemyKing)
				n2, a2 := slide(pos, from, c, chess.RookSteps[:], enemyKing)
				s += w.queenMobility * chess.Score(n+n2-queenMobilityBase)
				kingAttacks += a + a2
			}
		}
	}
	if !ts.Has(TermMobility) {
		s = 0 // the loop above also finds the king attacks; drop its mobility
	}
	s += files
	if ts.Has(TermKingAttack) && pos.Count(chess.MakePiece(c, chess.Queen)) != 0 {
		s += chess.S(w.kingAttackWeight[min(kingAttacks, len(w.kingAttackWeight)-1)], 0)
	}
	if ts.Has(TermBishopPair) && pos.Count(chess.MakePiece(c, chess.Bishop)) >= 2 {
		s += w.bishopPair
	}
	if ts.Has(TermShelter) {
		s += w.shelter(pos, c)
	}
	return s
}

// slide counts the squares a slider on from reaches along steps (empty or
// enemy-occupied) and how many of them lie next to the enemy king.
func slide(pos *chess.Position, from chess.Square, c chess.Color, steps []chess.Square, enemyKing chess.Square) (n, attacks int) {
	for _, d := range steps {
		for to := from + d; to.OnBoard(); to += d {
			if nearKing[int(to)-int(enemyKing)+119] {
				attacks++
			}
			t := pos.At(to)
			if t == chess.Empty {
				n++
				continue
			}
			if t.Color() != c {
				n++
			}
			break
		}
	}
	return n, attacks
}

// shelter scores the pawns in front of side c's king when it stands on its
// first rank off the centre files (castled, or where castling would put it).
func (w *weights) shelter(pos *chess.Position, c chess.Color) chess.Score {
	k := pos.KingSquare(c)
	home, fwd := 0, chess.Square(16)
	if c == chess.Black {
		home, fwd = 7, 0xf0
	}
	if k.Rank() != home || (k.File() >= 3 && k.File() <= 4) {
		return 0
	}
	pawn := chess.MakePiece(c, chess.Pawn)
	var s chess.Score
	for df := -1; df <= 1; df++ {
		f := k.File() + df
		if f < 0 || f > 7 {
			continue
		}
		sq := chess.NewSquare(f, home) + fwd
		if pos.At(sq) == pawn || pos.At(sq+fwd) == pawn {
			s += w.shieldPawn
		}
	}
	return s
}

// mopUp returns the bonus (White's view) for the side whose opponent has a
// bare king and who has mating material: the bare king is pushed to the
// edge and the kings are brought together.
func mopUp(pos *chess.Position) chess.Score {
	for c := chess.White; c <= chess.Black; c++ {
		if pos.PieceCount(c^1) != 1 || nonPawn(pos, c) < 500 {
			continue
		}
		loser, winner := pos.KingSquare(c^1), pos.KingSquare(c)
		dist := max(abs(loser.File()-winner.File()), abs(loser.Rank()-winner.Rank()))
		v := mopEdge*centreDistance[loser] + mopDistance*(14-2*dist)
		if c == chess.Black {
			v = -v
		}
		return chess.S(v, v)
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
