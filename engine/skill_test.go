package engine

import (
	"fmt"
	"strings"
	"testing"

	"ox88/chess"
	"ox88/search"
)

// skillMove is what one skill-level search of a bench position gave.
type skillMove struct {
	nodes     uint64
	budget    uint64 // the hard cap (a bare king raises the level's budget)
	depth     int    // the last iteration finished
	abandoned bool
	move      chess.Move
}

// skillSearch searches pos as think does at level (a fresh table, the
// seed fixed per position), with the soft node budget on or off.
func skillSearch(e *Engine, pos *chess.Position, seed uint64, level int, soft bool) skillMove {
	e.searcher.Clear()
	e.SetSeed(seed)
	lvl := skillLevels[level]
	sl := searchLimits(pos, search.Limits{}, level)
	sl.MultiPV = lvl.lines
	if !soft {
		sl.SoftNodes = 0
	}
	sm := skillMove{budget: sl.Nodes}
	r := e.searcher.Search(pos, nil, sl, nil, func(inf search.Info) {
		if inf.Bound == search.BoundExact && len(inf.PV) > 0 {
			sm.depth = inf.Depth // reported only when the iteration finished
		}
	})
	sm.nodes, sm.abandoned, sm.move = r.Nodes, r.Nodes >= sl.Nodes, r.Move
	if len(r.Lines) > 1 {
		sm.move = e.chooseWeakMove(r.Lines, lvl)
	}
	return sm
}

// BenchmarkSkillBudget measures what the soft node budget does to the
// skill levels, over the bench positions: nodes per move, the share of
// moves whose last iteration was cut off by the node cap, the depth
// finished, and how many moves changed. It prints the table of
// docs/ENGINE.md (Part III, skill levels):
//
//	go test ./engine -run '^$' -bench SkillBudget -benchtime 1x
func BenchmarkSkillBudget(b *testing.B) {
	e := New()
	var table strings.Builder
	table.WriteString("| level | budget | nodes/move before | after | of budget before | after | abandoned before | after | depth before | after | shallower | moves changed |\n")
	table.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for level := 1; level < MaxSkill; level++ {
		var nodes [2]uint64
		var share [2]float64
		var abandoned, depth [2]int
		shallower, changed := 0, 0
		for i, fen := range search.BenchPositions {
			pos := chess.MustParseFEN(fen)
			var got [2]skillMove
			for v, soft := range [2]bool{false, true} {
				got[v] = skillSearch(e, pos, uint64(i+1), level, soft)
				nodes[v] += got[v].nodes
				share[v] += float64(got[v].nodes) / float64(got[v].budget)
				depth[v] += got[v].depth
				if got[v].abandoned {
					abandoned[v]++
				}
			}
			if got[1].depth < got[0].depth {
				shallower++
			}
			if got[1].move != got[0].move {
				changed++
			}
		}
		n := len(search.BenchPositions)
		pct := func(k int) string { return fmt.Sprintf("%.0f%%", 100*float64(k)/float64(n)) }
		fmt.Fprintf(&table, "| %d | %d | %d | %d | %.0f%% | %.0f%% | %s | %s | %.1f | %.1f | %d | %d |\n", level, skillLevels[level].nodes,
			nodes[0]/uint64(n), nodes[1]/uint64(n), 100*share[0]/float64(n), 100*share[1]/float64(n), pct(abandoned[0]), pct(abandoned[1]),
			float64(depth[0])/float64(n), float64(depth[1])/float64(n), shallower, changed)
	}
	b.Logf("%d positions, one move each per level\n%s", len(search.BenchPositions), table.String())
}
