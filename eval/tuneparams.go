package eval

import (
	"bytes"
	"fmt"

	"ox88/chess"
)

// tuneParam is one weight (a middlegame and an endgame half) the tuner may
// change.
type tuneParam struct {
	name   string
	get    func() (mg, eg int)
	set    func(mg, eg int)
	mgOnly bool // the endgame half is unused (king attack weights)
	fixed  bool // not tuned
}

func scoreParam(name string, p *chess.Score) tuneParam {
	return tuneParam{name: name,
		get: func() (int, int) { return p.MG(), p.EG() },
		set: func(mg, eg int) { *p = chess.S(mg, eg) }}
}

// Parameter layout: material (5), then the piece-square tables (6 kinds x
// 64 written squares), then the other terms.
const (
	tuneMaterial = 0
	tunePST      = 5
	tuneTerms    = tunePST + 6*64
)

// namedScore is a weight declared as a single chess.Score variable.
type namedScore struct {
	name string
	p    *chess.Score
}

// materialWeights and termWeights are the single-Score weights, in the
// order of their declarations in tables.go and eval.go.
var (
	materialWeights = []namedScore{{"pawnValue", &pawnValue}, {"knightValue", &knightValue},
		{"bishopValue", &bishopValue}, {"rookValue", &rookValue}, {"queenValue", &queenValue}}
	termWeights = []namedScore{{"doubledPawn", &doubledPawn}, {"isolatedPawn", &isolatedPawn},
		{"bishopPair", &bishopPair}, {"rookOpenFile", &rookOpenFile}, {"rookHalfOpen", &rookHalfOpen},
		{"shieldPawn", &shieldPawn}, {"tempoBonus", &tempoBonus},
		{"knightMobility", &knightMobility}, {"bishopMobility", &bishopMobility},
		{"rookMobility", &rookMobility}, {"queenMobility", &queenMobility}}
)

// pstTables are the written piece-square tables by kind, middlegame and
// endgame.
var pstTables = [7][2]*[64]int{
	chess.Pawn: {&pawnMg, &pawnEg}, chess.Knight: {&knightMg, &knightEg},
	chess.Bishop: {&bishopMg, &bishopEg}, chess.Rook: {&rookMg, &rookEg},
	chess.Queen: {&queenMg, &queenEg}, chess.King: {&kingMg, &kingEg},
}

// pstNames are the tables' names without Mg or Eg.
var pstNames = [7]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

func tuneParams() []tuneParam {
	var ps []tuneParam
	for _, ns := range materialWeights {
		ps = append(ps, scoreParam(ns.name, ns.p))
	}
	for k := chess.Pawn; k <= chess.King; k++ {
		for t := 0; t < 64; t++ {
			mg, eg := pstTables[k][0], pstTables[k][1]
			ps = append(ps, tuneParam{name: fmt.Sprintf("%sMg/Eg[%d]", pstNames[k], t),
				get: func() (int, int) { return mg[t], eg[t] },
				set: func(a, b int) { mg[t], eg[t] = a, b }})
		}
	}
	for _, ns := range termWeights {
		ps = append(ps, scoreParam(ns.name, ns.p))
	}
	for r := 1; r <= 6; r++ {
		ps = append(ps, scoreParam(fmt.Sprintf("passedPawn[%d]", r), &passedPawn[r]))
	}
	for n := range kingAttackWeight {
		// Zero and one attack stay at 0: the first weight would only
		// duplicate the queen's value (the term counts with a queen).
		ps = append(ps, tuneParam{name: fmt.Sprintf("kingAttackWeight[%d]", n), mgOnly: true, fixed: n < 2,
			get: func() (int, int) { return kingAttackWeight[n], 0 },
			set: func(mg, _ int) { kingAttackWeight[n] = mg }})
	}
	return ps
}

// unblended is Evaluate's White-view sum before the phase blend.
func unblended(pos *chess.Position) chess.Score {
	s := pos.PieceSquareTotal() + terms(pos, AllTerms)
	if pos.SideToMove() == chess.White {
		return s + tempoBonus
	}
	return s - tempoBonus
}

// checkedFeatures returns pos's features after checking that they rebuild
// the evaluation's own sum exactly.
func checkedFeatures(pos *chess.Position, params []tuneParam) ([]tuneFeat, error) {
	feats, mg, eg := features(pos, params)
	if s := unblended(pos); mg != s.MG() || eg != s.EG() {
		return nil, fmt.Errorf("eval: %s: the tuner's features give %d/%d, the evaluation %d/%d", pos.FEN(), mg, eg, s.MG(), s.EG())
	}
	return feats, nil
}

// features returns pos's feature list and the middlegame and endgame sums
// it gives with the current weights.
func features(pos *chess.Position, params []tuneParam) ([]tuneFeat, int, int) {
	coef := map[int]int{}
	for c := chess.White; c <= chess.Black; c++ {
		sign := 1 - 2*int(c)
		for k := chess.Pawn; k <= chess.King; k++ {
			for _, sq := range pos.PieceSquares(chess.MakePiece(c, k)) {
				if c == chess.Black {
					sq = sq.Mirror()
				}
				if k != chess.King {
					coef[tuneMaterial+int(k)-1] += sign
				}
				coef[tunePST+(int(k)-1)*64+(7-sq.Rank())*8+sq.File()] += sign
			}
		}
	}
	base := terms(pos, AllTerms)
	for i := tuneTerms; i < len(params); i++ {
		p := params[i]
		if p.name == "tempoBonus" {
			coef[i] = 1
			if pos.SideToMove() == chess.Black {
				coef[i] = -1
			}
			continue
		}
		mg, eg := p.get()
		p.set(mg+1, eg)
		d := (terms(pos, AllTerms) - base).MG()
		p.set(mg, eg)
		if d != 0 {
			coef[i] = d
		}
	}
	var feats []tuneFeat
	smg, seg := 0, 0
	for i, c := range coef {
		if c == 0 {
			continue
		}
		feats = append(feats, tuneFeat{int32(i), int32(c)})
		mg, eg := params[i].get()
		smg += c * mg
		seg += c * eg
	}
	return feats, smg, seg
}

// tunedSource returns the current weights as Go declarations, formatted
// as gofmt would, under a comment that ends with note.
func tunedSource(note string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Weights written by ox88 tune %s.\n", note)
	b.WriteString("// They replace the declarations of the same names in eval/tables.go and eval/eval.go.\n\n")
	b.WriteString("package eval\n\nimport \"ox88/chess\"\n")
	scores := func(list []namedScore) {
		width := 0
		for _, ns := range list {
			width = max(width, len(ns.name))
		}
		b.WriteString("\nvar (\n")
		for _, ns := range list {
			fmt.Fprintf(&b, "\t%-*s = chess.S(%d, %d)\n", width, ns.name, ns.p.MG(), ns.p.EG())
		}
		b.WriteString(")\n")
	}
	scores(materialWeights)
	for k := chess.Pawn; k <= chess.King; k++ {
		for h, half := range []string{"Mg", "Eg"} {
			fmt.Fprintf(&b, "\nvar %s%s = [64]int{\n", pstNames[k], half)
			for r := 0; r < 8; r++ {
				b.WriteString("\t")
				for f := 0; f < 8; f++ {
					sep := " "
					if f == 7 {
						sep = "\n"
					}
					fmt.Fprintf(&b, "%d,%s", pstTables[k][h][r*8+f], sep)
				}
			}
			b.WriteString("}\n")
		}
	}
	scores(termWeights)
	b.WriteString("\nvar passedPawn = [8]chess.Score{\n\t")
	for i, s := range passedPawn {
		sep := " "
		if i == len(passedPawn)-1 {
			sep = "\n"
		}
		fmt.Fprintf(&b, "chess.S(%d, %d),%s", s.MG(), s.EG(), sep)
	}
	b.WriteString("}\n\nvar kingAttackWeight = [...]int{")
	for i, v := range kingAttackWeight {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, v)
	}
	b.WriteString("}\n")
	return b.Bytes()
}
