package lab

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"runtime/pprof"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/google/pprof/profile"

	"ox88/chess"
	"ox88/engine"
	"ox88/search"
	"ox88/web/internal/wire"
)

// The profile tab answers "where does the search spend its time?". It runs
// a search under the CPU profiler, reads the profile with pprof's own
// reader (github.com/google/pprof/profile) and charges each sample to a
// component of the engine by the name of the leaf-most ox88 function on
// its stack (inlined frames count as their own functions). Runtime work
// called from ox88 code (memory, maps) counts for the ox88 function that
// called it; samples with no ox88 frame at all (garbage collection, the
// scheduler) are "other".

// The components, in the order the page draws them.
const (
	compGeneration = "generation"
	compMakeUnmake = "make/unmake"
	compAttack     = "attack test"
	compEval       = "evaluation"
	compOrdering   = "move ordering"
	compTT         = "transposition table"
	compOther      = "other"
)

var componentOrder = []string{compGeneration, compMakeUnmake, compAttack, compEval, compOrdering, compTT, compOther}

// componentRule charges functions matching Pattern to Component. A pattern
// is a full function name as the profile spells it ("ox88/chess.(*Position).generate",
// which also covers its closures "...generate.func1"), or a prefix ending
// in "*" ("ox88/eval.*"). Rules are tried in order; the first match wins.
// Component "" marks a pass-through helper (a tiny accessor the compiler
// usually inlines): the sample goes to its caller instead.
type componentRule struct {
	Component string `json:"component"`
	Pattern   string `json:"pattern"`
}

// componentRules is the function-to-component mapping, documented in
// docs/ENGINE.md, Part VII. Adjust it here when functions are renamed;
// TestComponentRulesExist fails on a rule that names none.
var componentRules = []componentRule{
	// Pass-through helpers: charged to their caller.
	{"", "ox88/chess.(*Position).At"},
	{"", "ox88/chess.(*Position).SideToMove"},
	{"", "ox88/chess.(*Position).KingSquare"},
	{"", "ox88/chess.(*Position).Count"},
	{"", "ox88/chess.(*Position).Key"},
	{"", "ox88/chess.(*MoveList).Slice"},
	{"", "ox88/chess.Square.*"},
	{"", "ox88/chess.Move.*"},
	{"", "ox88/chess.Piece.*"},
	{"", "ox88/chess.Kind.*"},
	{"", "ox88/chess.Color.*"},
	{"", "ox88/chess.Score.*"},
	{"", "ox88/chess.MakePiece"},
	{"", "ox88/chess.S"},

	// Attack test: "is this square attacked?", asked by the king's moves,
	// castling and the check test.
	{compAttack, "ox88/chess.(*Position).IsAttacked"},
	{compAttack, "ox88/chess.(*Position).InCheck"},
	{compAttack, "ox88/chess.(*Position).AttackersOf"},
	{compAttack, "ox88/chess.(*Position).GivesCheck"},
	{compAttack, "ox88/chess.(*Position).castlingGivesCheck"},
	{compAttack, "ox88/chess.(*Position).clearBetween"},
	{compAttack, "ox88/chess.(*Position).discovers"},
	{compAttack, "ox88/chess.pieceAttackBit"},
	{compAttack, "ox88/chess.diffIndex"},

	// Generation: the legal move generator and its helpers.
	{compGeneration, "ox88/chess.(*Position).GenerateMoves"},
	{compGeneration, "ox88/chess.(*Position).GenerateCaptures"},
	{compGeneration, "ox88/chess.(*Position).generate"},
	{compGeneration, "ox88/chess.(*Position).genSlider"},
	{compGeneration, "ox88/chess.(*Position).genSliderCaptures"},
	{compGeneration, "ox88/chess.(*Position).checkInfo"},
	{compGeneration, "ox88/chess.(*Position).CountMoves"},
	{compGeneration, "ox88/chess.(*Position).countSlider"},
	{compGeneration, "ox88/chess.(*Position).countCastling"},
	{compGeneration, "ox88/chess.(*Position).castleBlocked"},
	{compGeneration, "ox88/chess.(*Position).castlePathSafe"},
	{compGeneration, "ox88/chess.(*Position).addEnPassant"},
	{compGeneration, "ox88/chess.(*Position).epLegal"},
	{compGeneration, "ox88/chess.(*Position).PieceSquares"},
	{compGeneration, "ox88/chess.pinDirection"},
	{compGeneration, "ox88/chess.addPromotions"},
	{compGeneration, "ox88/chess.(*MoveList).add"},
	{compGeneration, "ox88/chess.bit"},
	{compGeneration, "ox88/chess.(*targets).*"},

	// Make/unmake: the board, piece lists, key and score updated in place.
	{compMakeUnmake, "ox88/chess.(*Position).MakeMove"},
	{compMakeUnmake, "ox88/chess.(*Position).UnmakeMove"},
	{compMakeUnmake, "ox88/chess.(*Position).MakeNullMove"},
	{compMakeUnmake, "ox88/chess.(*Position).UnmakeNullMove"},
	{compMakeUnmake, "ox88/chess.(*Position).put"},
	{compMakeUnmake, "ox88/chess.(*Position).putAt"},
	{compMakeUnmake, "ox88/chess.(*Position).remove"},
	{compMakeUnmake, "ox88/chess.(*Position).relocate"},
	{compMakeUnmake, "ox88/chess.(*Position).promote"},
	{compMakeUnmake, "ox88/chess.(*Position).unpromote"},
	{compMakeUnmake, "ox88/chess.(*Position).epKeyed"},
	{compMakeUnmake, "ox88/chess.(*Position).castleMove"},
	{compMakeUnmake, "ox88/chess.(*Position).CastlingRook"},

	// Evaluation: everything in package eval, and the network (package
	// nnue), its accumulator updates at make/unmake included.
	{compEval, "ox88/eval.*"},
	{compEval, "ox88/nnue.*"},

	// Transposition table: probe, store and the mate-score conversions.
	{compTT, "ox88/search.(*TranspositionTable).*"},
	{compTT, "ox88/search.scoreToTT"},
	{compTT, "ox88/search.scoreFromTT"},

	// Move ordering: scoring, picking, history, static exchange.
	{compOrdering, "ox88/search.(*Searcher).scoreMoves"},
	{compOrdering, "ox88/search.(*Searcher).pickMove"},
	{compOrdering, "ox88/search.(*Searcher).updateHistory"},
	{compOrdering, "ox88/search.(*Searcher).see"},
	{compOrdering, "ox88/search.(*Searcher).orderRoot"},
	{compOrdering, "ox88/search.mvvLva"},
	{compOrdering, "ox88/search.leastAttacker"},
	{compOrdering, "ox88/search.pieceValue"},
	{compOrdering, "ox88/search.bit64"},
}

// ruleMatches reports whether the function name fn matches pattern.
func ruleMatches(pattern, fn string) bool {
	if p, ok := strings.CutSuffix(pattern, "*"); ok {
		return strings.HasPrefix(fn, p)
	}
	return fn == pattern || strings.HasPrefix(fn, pattern+".func")
}

// classifyFunction returns the component of fn, "" for a pass-through
// helper, or compOther for other ox88 functions.
func classifyFunction(fn string) string {
	for _, r := range componentRules {
		if ruleMatches(r.Pattern, fn) {
			return r.Component
		}
	}
	return compOther
}

// classifySample returns the component a sample with stack (leaf first,
// each location's inlined functions innermost first) is charged to and the
// function charged (empty when the stack has no ox88 frame).
func classifySample(stack []*profile.Location) (component, fn string) {
	for _, loc := range stack {
		for _, line := range loc.Line {
			if line.Function == nil || !strings.HasPrefix(line.Function.Name, "ox88/") {
				continue
			}
			if c := classifyFunction(line.Function.Name); c != "" {
				return c, line.Function.Name
			}
		}
	}
	return compOther, ""
}

// profileLabel marks the goroutines of a profiled search so that samples
// from other work in the process (other tabs' searches) can be left out.
const profileLabel = "ox88-profile"

// Bounds of a profile run.
const (
	defaultProfileSeconds = 3
	maxProfileSeconds     = 20
	// minProfileSearch is the shortest search worth starting to fill the
	// requested time.
	minProfileSearch = 20 * time.Millisecond
	// topFunctions is how many functions the page lists under each bar.
	topFunctions = 6
)

type profileRequest struct {
	Sid     string  `json:"sid,omitempty"` // profile from this tab's position
	FEN     string  `json:"fen,omitempty"` // or from this position
	Seconds float64 `json:"seconds,omitempty"`
}

type componentJSON struct {
	Name      string         `json:"name"`
	Samples   int            `json:"samples"`
	Share     float64        `json:"share"`
	Functions []functionJSON `json:"functions"`
}

type functionJSON struct {
	Name    string  `json:"name"`
	Samples int     `json:"samples"`
	Share   float64 `json:"share"`
}

type profileJSON struct {
	FEN        string          `json:"fen"`
	Seconds    float64         `json:"seconds"`
	Samples    int             `json:"samples"`
	Labelled   bool            `json:"labelled"` // only the search's own goroutine was counted
	Depth      int             `json:"depth"`
	Nodes      uint64          `json:"nodes"`
	NPS        uint64          `json:"nps"`
	Components []componentJSON `json:"components"`
	Rules      []componentRule `json:"rules"`
}

// profiling is held while a profile runs: the profiler is process-wide, so
// one profile runs at a time in the process.
var profiling sync.Mutex

// handleProfile runs one search of the requested length under the CPU
// profiler and answers with the share of each component. Only one profile
// runs at a time (profiling); a second request gets 409.
func (l *lab) handleProfile(w http.ResponseWriter, r *http.Request) {
	req := &profileRequest{}
	if !wire.ReadJSON(w, r, req) {
		return
	}
	if req.Seconds == 0 {
		req.Seconds = defaultProfileSeconds
	}
	if req.Seconds < 0.1 || req.Seconds > maxProfileSeconds {
		wire.Error(w, http.StatusBadRequest, "seconds: want 0.1 to 20")
		return
	}
	pos, ok := l.requestPosition(w, req.Sid, req.FEN)
	if !ok {
		return
	}
	var ml chess.MoveList
	if pos.GenerateMoves(&ml); ml.N == 0 {
		wire.Error(w, http.StatusBadRequest, "the position has no legal move to search")
		return
	}
	if !profiling.TryLock() {
		wire.Error(w, http.StatusConflict, "a profile is already running; try again when it ends")
		return
	}
	defer profiling.Unlock()
	ctx := r.Context()
	eng, ok := l.host.Acquire(w, r)
	if !ok {
		return
	}
	defer l.host.Release(eng)

	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		wire.Error(w, http.StatusConflict, "cannot start the CPU profiler: "+err.Error())
		return
	}
	token := make([]byte, 8)
	_, _ = rand.Read(token)
	label := hex.EncodeToString(token)
	done := make(chan engine.Result, 1)
	eng.OnBestMove(func(res engine.Result) { done <- res })
	eng.SetPosition(pos, nil)
	eng.SetSkill(engine.MaxSkill) // a pooled engine keeps the last tab's level
	// Search until the time is used: a search that ends early (a forced
	// line, a depth cap) is followed by another from a cleared table.
	total := time.Duration(req.Seconds * float64(time.Second))
	start := time.Now()
	var res engine.Result
	var nodes uint64
	for ctx.Err() == nil {
		left := total - time.Since(start)
		if left < minProfileSearch {
			break
		}
		eng.NewGame()
		// The search goroutine that Go starts inherits the label.
		pprof.Do(ctx, pprof.Labels(profileLabel, label), func(context.Context) { eng.Go(search.Limits{MoveTime: left}) })
		select {
		case res = <-done:
		case <-ctx.Done():
			eng.Stop()
			res = <-done
		}
		nodes += res.Info.Nodes
		if res.Info.Nodes == 0 {
			break // nothing to search
		}
	}
	el := time.Since(start)
	pprof.StopCPUProfile()
	if ctx.Err() != nil {
		return
	}
	prof, err := profile.Parse(&buf)
	if err != nil {
		wire.Error(w, http.StatusInternalServerError, err.Error())
		return
	}
	out := summarizeProfile(prof, label)
	out.FEN = pos.FEN()
	out.Seconds = req.Seconds
	out.Depth, out.Nodes, out.NPS = res.Info.Depth, nodes, search.NPS(nodes, el)
	wire.JSON(w, http.StatusOK, out)
}

// summarizeProfile charges the samples of prof, a CPU profile, to
// components. With label set, only samples carrying it count, unless none
// do (then all count).
func summarizeProfile(prof *profile.Profile, label string) *profileJSON {
	out := &profileJSON{Rules: componentRules}
	samples := prof.Sample
	if label != "" {
		mine := slices.DeleteFunc(slices.Clone(samples), func(s *profile.Sample) bool {
			return !slices.Contains(s.Label[profileLabel], label)
		})
		if len(mine) > 0 {
			samples, out.Labelled = mine, true
		}
	}
	byComp := map[string]map[string]int{}
	counts := map[string]int{}
	for _, s := range samples {
		// A record of runtime/pprof's CPU profile stands for Value[0]
		// samples of the same stack and labels.
		n := 1
		if len(s.Value) > 0 {
			n = int(s.Value[0])
		}
		c, fn := classifySample(s.Location)
		if fn == "" {
			fn = "(no ox88 frame)"
		}
		if byComp[c] == nil {
			byComp[c] = map[string]int{}
		}
		byComp[c][fn] += n
		counts[c] += n
		out.Samples += n
	}
	for _, name := range componentOrder {
		cj := componentJSON{Name: name, Samples: counts[name], Functions: []functionJSON{}}
		if out.Samples > 0 {
			cj.Share = float64(cj.Samples) / float64(out.Samples)
		}
		for fn, n := range byComp[name] {
			cj.Functions = append(cj.Functions, functionJSON{Name: fn, Samples: n, Share: float64(n) / float64(out.Samples)})
		}
		sort.Slice(cj.Functions, func(i, j int) bool {
			a, b := cj.Functions[i], cj.Functions[j]
			return a.Samples > b.Samples || a.Samples == b.Samples && a.Name < b.Name
		})
		if len(cj.Functions) > topFunctions {
			cj.Functions = cj.Functions[:topFunctions]
		}
		out.Components = append(out.Components, cj)
	}
	return out
}
