package eval

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"ox88/chess"
)

// TestTune fits the evaluation's weights to game results (Texel's method):
// it finds the weights that best predict, through a logistic curve, the
// results of the games the training positions came from. It runs only when
// OX88_TUNE names a file of "FEN;result" lines (search/datagen_test.go
// writes one) and prints the tuned weights as Go source:
//
//	OX88_TUNE=/tmp/tune.txt OX88_TUNE_EPOCHS=3000 go test ./eval -run TestTune -v -timeout 0
//
// The evaluation is linear in its weights (tapered by phase), so each
// position is reduced once to its features: how many of each weight it
// counts for White minus for Black. Material and piece-square features are
// read off the board; the other terms' features are measured by nudging
// each weight by one and watching terms() change, so the tuner cannot
// drift from the evaluation it tunes. A check at load time rebuilds every
// position's score from its features and demands equality.
func TestTune(t *testing.T) {
	file := os.Getenv("OX88_TUNE")
	if file == "" {
		t.Skip("set OX88_TUNE to tune the evaluation")
	}
	epochs := 3000
	if v, err := strconv.Atoi(os.Getenv("OX88_TUNE_EPOCHS")); err == nil {
		epochs = v
	}
	// l2 pulls every weight toward its starting value, so that a weight
	// the data says little about (a piece on a square it rarely reaches)
	// stays where a person put it instead of fitting the noise of a few
	// games.
	l2 := 1e-7
	if v, err := strconv.ParseFloat(os.Getenv("OX88_TUNE_L2"), 64); err == nil {
		l2 = v
	}
	params := tuneParams()
	data, err := loadTuneData(file, params)
	if err != nil {
		t.Fatal(err)
	}
	// Hold out every tenth position to watch for overfitting.
	var train, valid []tunePos
	for i, p := range data {
		if i%10 == 9 {
			valid = append(valid, p)
		} else {
			train = append(train, p)
		}
	}
	w := make([][2]float64, len(params))
	for i, p := range params {
		mg, eg := p.get()
		w[i] = [2]float64{float64(mg), float64(eg)}
	}
	w0 := make([][2]float64, len(w))
	copy(w0, w)
	// Weights seen in fewer than one position in a thousand stay fixed.
	seen := make([]int, len(params))
	for _, p := range train {
		for _, f := range p.feats {
			seen[f.index]++
		}
	}
	frozen := make([]bool, len(params))
	for i := range params {
		frozen[i] = seen[i] < len(train)/1000 || params[i].fixed
	}
	k := fitK(train, w)
	t.Logf("%d positions (%d train, %d validation), K=%.4f, loss %.6f / %.6f",
		len(data), len(train), len(valid), k, tuneLoss(train, w, k), tuneLoss(valid, w, k))

	// Adam over the weights, full batch.
	const lr, beta1, beta2, eps = 1.0, 0.9, 0.999, 1e-8
	m := make([][2]float64, len(w))
	v := make([][2]float64, len(w))
	g := make([][2]float64, len(w))
	for e := 1; e <= epochs; e++ {
		tuneGradient(train, w, k, g)
		for i := range w {
			if frozen[i] {
				continue
			}
			for h := 0; h < 2; h++ {
				if h == 1 && params[i].mgOnly {
					continue
				}
				g[i][h] += 2 * l2 * (w[i][h] - w0[i][h])
				m[i][h] = beta1*m[i][h] + (1-beta1)*g[i][h]
				v[i][h] = beta2*v[i][h] + (1-beta2)*g[i][h]*g[i][h]
				mh := m[i][h] / (1 - math.Pow(beta1, float64(e)))
				vh := v[i][h] / (1 - math.Pow(beta2, float64(e)))
				w[i][h] -= lr * mh / (math.Sqrt(vh) + eps)
			}
		}
		if e%250 == 0 || e == epochs {
			t.Logf("epoch %d: loss %.6f / %.6f", e, tuneLoss(train, w, k), tuneLoss(valid, w, k))
		}
	}
	for i, p := range params {
		p.set(int(math.Round(w[i][0])), int(math.Round(w[i][1])))
	}
	fmt.Println(tunedSource())
}

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

var pstTables = [7][2]*[64]int{
	chess.Pawn: {&pawnMg, &pawnEg}, chess.Knight: {&knightMg, &knightEg},
	chess.Bishop: {&bishopMg, &bishopEg}, chess.Rook: {&rookMg, &rookEg},
	chess.Queen: {&queenMg, &queenEg}, chess.King: {&kingMg, &kingEg},
}

func tuneParams() []tuneParam {
	var ps []tuneParam
	for i, p := range []*chess.Score{&pawnValue, &knightValue, &bishopValue, &rookValue, &queenValue} {
		ps = append(ps, scoreParam(fmt.Sprintf("value%d", i+1), p))
	}
	for k := chess.Pawn; k <= chess.King; k++ {
		for t := 0; t < 64; t++ {
			mg, eg := pstTables[k][0], pstTables[k][1]
			ps = append(ps, tuneParam{name: fmt.Sprintf("pst%d[%d]", k, t),
				get: func() (int, int) { return mg[t], eg[t] },
				set: func(a, b int) { mg[t], eg[t] = a, b }})
		}
	}
	for _, sp := range []struct {
		name string
		p    *chess.Score
	}{
		{"doubledPawn", &doubledPawn}, {"isolatedPawn", &isolatedPawn}, {"bishopPair", &bishopPair},
		{"rookOpenFile", &rookOpenFile}, {"rookHalfOpen", &rookHalfOpen}, {"shieldPawn", &shieldPawn},
		{"tempoBonus", &tempoBonus},
		{"knightMobility", &knightMobility}, {"bishopMobility", &bishopMobility},
		{"rookMobility", &rookMobility}, {"queenMobility", &queenMobility},
	} {
		ps = append(ps, scoreParam(sp.name, sp.p))
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

// tunePos is one training position reduced to its features.
type tunePos struct {
	result float64 // 1, 0.5, 0 for White
	phase  float64 // middlegame share, Phase/totalPhase
	feats  []tuneFeat
}

type tuneFeat struct {
	index int32
	coef  int32
}

// loadTuneData reads the training file and extracts every position's
// features, skipping positions the linear model does not describe (a
// drawish scale, a bare king).
func loadTuneData(name string, params []tuneParam) ([]tunePos, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []tunePos
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fen, res, ok := strings.Cut(sc.Text(), ";")
		if !ok {
			continue
		}
		result, err := strconv.ParseFloat(res, 64)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", sc.Text(), err)
		}
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			return nil, err
		}
		if pos.PieceCount(chess.White) == 1 || pos.PieceCount(chess.Black) == 1 {
			continue
		}
		feats, err := checkedFeatures(pos, params)
		if err != nil {
			return nil, err
		}
		s := unblended(pos)
		ph := Phase(pos)
		v := (s.MG()*ph + s.EG()*(totalPhase-ph)) / totalPhase
		if scaleDrawish(pos, v) != v {
			continue
		}
		out = append(out, tunePos{result: result, phase: float64(ph) / totalPhase, feats: feats})
	}
	return out, sc.Err()
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
		return nil, fmt.Errorf("%s: features give %d/%d, the evaluation %d/%d", pos.FEN(), mg, eg, s.MG(), s.EG())
	}
	return feats, nil
}

// TestTuneFeatures runs in every go test: the tuner's features rebuild the
// evaluation of every data position exactly, so a new term or a changed
// one that the tuner does not know about fails here, not in a tuning run.
func TestTuneFeatures(t *testing.T) {
	params := tuneParams()
	for _, fen := range dataFENs(t) {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if pos.PieceCount(chess.White) == 1 || pos.PieceCount(chess.Black) == 1 {
			continue // the mop-up is not a tuned term; the tuner skips these too
		}
		if _, err := checkedFeatures(pos, params); err != nil {
			t.Error(err)
		}
	}
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

// tuneEval is the model's White-view evaluation of p with weights w.
func tuneEval(p *tunePos, w [][2]float64) float64 {
	mg, eg := 0.0, 0.0
	for _, f := range p.feats {
		mg += float64(f.coef) * w[f.index][0]
		eg += float64(f.coef) * w[f.index][1]
	}
	return mg*p.phase + eg*(1-p.phase)
}

func sigmoid(k, e float64) float64 { return 1 / (1 + math.Pow(10, -k*e/400)) }

func tuneLoss(data []tunePos, w [][2]float64, k float64) float64 {
	sum := 0.0
	for i := range data {
		d := data[i].result - sigmoid(k, tuneEval(&data[i], w))
		sum += d * d
	}
	return sum / float64(len(data))
}

// tuneGradient fills g with the loss's gradient with respect to w.
func tuneGradient(data []tunePos, w [][2]float64, k float64, g [][2]float64) {
	for i := range g {
		g[i] = [2]float64{}
	}
	c := k * math.Ln10 / 400
	for i := range data {
		p := &data[i]
		s := sigmoid(k, tuneEval(p, w))
		d := -2 * (p.result - s) * s * (1 - s) * c / float64(len(data))
		for _, f := range p.feats {
			g[f.index][0] += d * float64(f.coef) * p.phase
			g[f.index][1] += d * float64(f.coef) * (1 - p.phase)
		}
	}
}

// fitK finds the logistic scale that best fits the current weights.
func fitK(data []tunePos, w [][2]float64) float64 {
	lo, hi := 0.1, 3.0
	for range 60 {
		a, b := lo+(hi-lo)/3, hi-(hi-lo)/3
		if tuneLoss(data, w, a) < tuneLoss(data, w, b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// tunedSource prints the current weights as the Go source of their
// declarations.
func tunedSource() string {
	var b strings.Builder
	fmt.Fprintf(&b, "\tpawnValue   = chess.S(%d, %d)\n", pawnValue.MG(), pawnValue.EG())
	fmt.Fprintf(&b, "\tknightValue = chess.S(%d, %d)\n", knightValue.MG(), knightValue.EG())
	fmt.Fprintf(&b, "\tbishopValue = chess.S(%d, %d)\n", bishopValue.MG(), bishopValue.EG())
	fmt.Fprintf(&b, "\trookValue   = chess.S(%d, %d)\n", rookValue.MG(), rookValue.EG())
	fmt.Fprintf(&b, "\tqueenValue  = chess.S(%d, %d)\n", queenValue.MG(), queenValue.EG())
	names := [7]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}
	for k := chess.Pawn; k <= chess.King; k++ {
		for h, half := range []string{"Mg", "Eg"} {
			fmt.Fprintf(&b, "var %s%s = [64]int{\n", names[k], half)
			for r := 0; r < 8; r++ {
				b.WriteString("\t")
				for f := 0; f < 8; f++ {
					fmt.Fprintf(&b, "%d, ", pstTables[k][h][r*8+f])
				}
				b.WriteString("\n")
			}
			b.WriteString("}\n")
		}
	}
	for _, sp := range []struct {
		name string
		s    chess.Score
	}{{"doubledPawn", doubledPawn}, {"isolatedPawn", isolatedPawn}, {"bishopPair", bishopPair},
		{"rookOpenFile", rookOpenFile}, {"rookHalfOpen", rookHalfOpen}, {"shieldPawn", shieldPawn},
		{"tempoBonus", tempoBonus}, {"knightMobility", knightMobility}, {"bishopMobility", bishopMobility},
		{"rookMobility", rookMobility}, {"queenMobility", queenMobility}} {
		fmt.Fprintf(&b, "%s = chess.S(%d, %d)\n", sp.name, sp.s.MG(), sp.s.EG())
	}
	b.WriteString("passedPawn:")
	for _, s := range passedPawn {
		fmt.Fprintf(&b, " chess.S(%d, %d),", s.MG(), s.EG())
	}
	fmt.Fprintf(&b, "\nkingAttackWeight: %v\n", kingAttackWeight)
	return b.String()
}
