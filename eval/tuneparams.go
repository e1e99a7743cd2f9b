package eval

import (
	"bytes"
	"fmt"

	"ox88/chess"
)

// tuneParam is one weight (a middlegame and an endgame half) the tuner may
// change, in the weights its get and set were made for (tuneParams).
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

// namedScore is a weight declared as a single chess.Score variable: its
// name in the source and its place in a weights.
type namedScore struct {
	name string
	p    *chess.Score
}

// materialWeights and termWeights are w's single-Score weights, in the
// order of their declarations in tables.go and eval.go.
func (w *weights) materialWeights() []namedScore {
	return []namedScore{{"pawnValue", &w.material[chess.Pawn]}, {"knightValue", &w.material[chess.Knight]},
		{"bishopValue", &w.material[chess.Bishop]}, {"rookValue", &w.material[chess.Rook]},
		{"queenValue", &w.material[chess.Queen]}}
}

func (w *weights) termWeights() []namedScore {
	return []namedScore{{"doubledPawn", &w.doubledPawn}, {"isolatedPawn", &w.isolatedPawn},
		{"bishopPair", &w.bishopPair}, {"rookOpenFile", &w.rookOpenFile}, {"rookHalfOpen", &w.rookHalfOpen},
		{"shieldPawn", &w.shieldPawn}, {"tempoBonus", &w.tempoBonus},
		{"knightMobility", &w.knightMobility}, {"bishopMobility", &w.bishopMobility},
		{"rookMobility", &w.rookMobility}, {"queenMobility", &w.queenMobility}}
}

// pstNames are the tables' names without Mg or Eg.
var pstNames = [7]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

// tuneParams returns the weights of w the tuner fits, bound to w: their
// set changes w (but not its piece-square table, which only the
// evaluation reads).
func tuneParams(w *weights) []tuneParam {
	var ps []tuneParam
	for _, ns := range w.materialWeights() {
		ps = append(ps, scoreParam(ns.name, ns.p))
	}
	for k := chess.Pawn; k <= chess.King; k++ {
		for t := 0; t < 64; t++ {
			mg, eg := &w.pst[k][0], &w.pst[k][1]
			ps = append(ps, tuneParam{name: fmt.Sprintf("%sMg/Eg[%d]", pstNames[k], t),
				get: func() (int, int) { return mg[t], eg[t] },
				set: func(a, b int) { mg[t], eg[t] = a, b }})
		}
	}
	for _, ns := range w.termWeights() {
		ps = append(ps, scoreParam(ns.name, ns.p))
	}
	for r := 1; r <= 6; r++ {
		ps = append(ps, scoreParam(fmt.Sprintf("passedPawn[%d]", r), &w.passedPawn[r]))
	}
	for n := range w.kingAttackWeight {
		// Zero and one attack stay at 0: the first weight would only
		// duplicate the queen's value (the term counts with a queen).
		ps = append(ps, tuneParam{name: fmt.Sprintf("kingAttackWeight[%d]", n), mgOnly: true, fixed: n < 2,
			get: func() (int, int) { return w.kingAttackWeight[n], 0 },
			set: func(mg, _ int) { w.kingAttackWeight[n] = mg }})
	}
	return ps
}

// unblended is Evaluate's White-view sum before the phase blend, with the
// weights w.
func unblended(w *weights, pos *chess.Position) chess.Score {
	s := w.pieceSquareTotal(pos) + w.terms(pos, AllTerms)
	if pos.SideToMove() == chess.White {
		return s + w.tempoBonus
	}
	return s - w.tempoBonus
}

// checkedFeatures returns pos's features after checking that they rebuild
// the evaluation's own sum with the weights w exactly; params are w's.
func checkedFeatures(w *weights, pos *chess.Position, params []tuneParam) ([]tuneFeat, error) {
	feats, mg, eg := features(w, pos, params)
	if s := unblended(w, pos); mg != s.MG() || eg != s.EG() {
		return nil, fmt.Errorf("eval: %s: the tuner's features give %d/%d, the evaluation %d/%d", pos.FEN(), mg, eg, s.MG(), s.EG())
	}
	return feats, nil
}

// features returns pos's feature list and the middlegame and endgame sums
// it gives with the weights w, whose params it nudges one at a time to
// measure the terms' features (and sets back).
func features(w *weights, pos *chess.Position, params []tuneParam) ([]tuneFeat, int, int) {
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
	base := w.terms(pos, AllTerms)
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
		d := (w.terms(pos, AllTerms) - base).MG()
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

// tunedSource returns the weights w as Go declarations, formatted as
// gofmt would, under a comment that ends with note.
func tunedSource(w *weights, note string) []byte {
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
	scores(w.materialWeights())
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
					fmt.Fprintf(&b, "%d,%s", w.pst[k][h][r*8+f], sep)
				}
			}
			b.WriteString("}\n")
		}
	}
	scores(w.termWeights())
	b.WriteString("\nvar passedPawn = [8]chess.Score{\n\t")
	for i, s := range w.passedPawn {
		sep := " "
		if i == len(w.passedPawn)-1 {
			sep = "\n"
		}
		fmt.Fprintf(&b, "chess.S(%d, %d),%s", s.MG(), s.EG(), sep)
	}
	b.WriteString("}\n\nvar kingAttackWeight = [...]int{")
	for i, v := range w.kingAttackWeight {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, v)
	}
	b.WriteString("}\n")
	return b.Bytes()
}
