package tui

import (
	"fmt"

	"ox88/chess"
	"ox88/game"
	"ox88/play"
	"ox88/search"
)

// defaultAnalysisLines is how many lines the analysis shows until L
// changes it.
const defaultAnalysisLines = 3

// analysis is the continuous analysis (z): while it is on and the engine
// is not busy with ox88's own move or a hint, the thinker searches the
// position on the board without limit and with several lines (MultiPV);
// any change of the position (a move, a take-back, a jump, a new game)
// stops that search and starts one on the new position.
type analysis struct {
	on    bool
	lines int // how many lines, 1..play.MaxAnalysisLines
	// ply and key name the position the running (or last) analysis is of;
	// infos hold the latest exact report of each of its lines, by MultiPV.
	ply   int
	key   uint64
	infos []search.Info
	ended bool // the search ended by itself (a forced mate, the depth cap)
}

// toggleAnalysis is z: analysis on or off.
func (m *Model) toggleAnalysis() {
	m.an.on = !m.an.on
	if !m.an.on {
		m.stopAnalysis()
		m.an.infos = nil
		m.say("Analysis off.")
		return
	}
	m.say("Analysis on: %d lines (L changes it, 1 to %d; z stops).", m.an.lines, play.MaxAnalysisLines)
}

// cycleAnalysisLines is L: one line more, from the most back to one; a
// running analysis starts again with the new count.
func (m *Model) cycleAnalysisLines() {
	m.an.lines = m.an.lines%play.MaxAnalysisLines + 1
	m.stopAnalysis()
	m.an.infos = nil
	m.say("Analysis shows %d line%s (L changes it, 1 to %d).", m.an.lines, plural(m.an.lines), play.MaxAnalysisLines)
}

// analysingHere reports whether the analysis on record is of the position
// on the board.
func (m *Model) analysingHere() bool {
	pos := m.game().Position()
	return m.an.ply == m.game().Ply() && m.an.key == pos.Key()
}

// stopAnalysis cancels a running analysis; its late reports are ignored.
func (m *Model) stopAnalysis() {
	if m.analysing {
		m.thinker.Cancel()
		m.analysing = false
		m.searchID++
	}
}

// analyse starts the analysis of the position on the board when it is on,
// the engine is free and the position is not being analysed already (or
// was, to the end). afterChange calls it.
func (m *Model) analyse() {
	if m.analysing && !m.analysingHere() {
		m.stopAnalysis()
	}
	if !m.an.on || m.analysing || m.thinking || m.hinting || m.watching || m.reviewing || m.practice != nil {
		return
	}
	if m.an.ended && m.analysingHere() {
		return // searched to the end already
	}
	req, err := m.p.Analysis(m.an.lines)
	if err != nil {
		return // the game is over: nothing to analyse
	}
	pos := m.game().Position()
	m.searchID++
	m.analysing = true
	m.an.ply, m.an.key, m.an.infos, m.an.ended = m.game().Ply(), pos.Key(), nil, false
	m.thinker.Start(SearchRequest{ID: m.searchID, Request: req})
}

// analysisInfo keeps a report of the running analysis: the latest exact
// report of each line (a bound from a failed aspiration window is not
// shown; the line's last exact score stays until the next one).
func (m *Model) analysisInfo(inf search.Info) {
	i := max(inf.MultiPV, 1) - 1
	if len(inf.PV) == 0 || inf.Bound != search.BoundExact || i >= m.an.lines {
		return
	}
	for len(m.an.infos) <= i {
		m.an.infos = append(m.an.infos, search.Info{})
	}
	m.an.infos[i] = inf
}

// analysisEnded notes that the analysis ended by itself.
func (m *Model) analysisEnded() {
	m.analysing = false
	m.an.ended = true
}

// analysisLines are the panel's lines of the analysis:
//
//	Analysis, 3 lines (z off, L lines)
//	depth 14  nodes 3.1M  2.4s
//	1 +0.31 d14 1. e4 e5 2. Nf3 Nc6 3. Bb5
//	2 +0.25 d14 1. d4 Nf6 2. c4 e6
//	3 +0.18 d13 1. Nf3 d5 2. d4
//
// one row a line, cut at the panel's width.
func (m *Model) analysisLines(width int) []string {
	head := fmt.Sprintf("Analysis, %d line%s (z off, L lines)", m.an.lines, plural(m.an.lines))
	switch {
	case m.over():
		return []string{head, "the game is over"}
	case m.thinking:
		return append([]string{head, "paused while ox88 thinks"}, m.thinkingLines(width)...)
	case m.hinting:
		return []string{head, "paused for the hint"}
	case !m.analysingHere() || len(m.an.infos) == 0:
		if m.analysing {
			return []string{head, "starting..."}
		}
		return []string{head, "waiting"}
	}
	pos := m.game().Position()
	last := m.an.infos[0]
	for _, inf := range m.an.infos {
		if inf.Nodes > last.Nodes {
			last = inf
		}
	}
	state := fmt.Sprintf("depth %d  nodes %s  %s", m.an.infos[0].Depth, count(last.Nodes), shortDuration(last.Time))
	if m.an.ended {
		state += "  (done)"
	}
	lines := []string{head, state}
	for i, inf := range m.an.infos {
		if len(inf.PV) == 0 {
			continue // not reported yet
		}
		lines = append(lines, fmt.Sprintf("%d %s d%d %s", i+1, lineScore(inf, pos.SideToMove()), inf.Depth,
			game.NumberedSAN(pos, inf.PV)))
	}
	return lines
}

// lineScore writes a line's score as scoreText does, or, when the endgame
// tables decided the root, their verdict: "tablebase win for White",
// "tablebase draw", "tablebase cursed win for Black" (a win the fifty-move
// rule draws).
func lineScore(inf search.Info, side chess.Color) string {
	switch inf.TB {
	case search.NoVerdict:
		return scoreText(inf, side)
	case search.VerdictDraw:
		return inf.TB.String()
	case search.VerdictWin, search.VerdictCursedWin:
		return inf.TB.String() + " for " + side.Title()
	}
	// A loss for the side to move is the other side's win.
	win := search.VerdictWin
	if inf.TB == search.VerdictBlessedLoss {
		win = search.VerdictCursedWin
	}
	return win.String() + " for " + side.Other().Title()
}
