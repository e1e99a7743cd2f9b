package engine

import (
	"ox88/chess"
	"ox88/search"
)

// MaxSkill is the full-strength skill level.
const MaxSkill = 10

// skillLevel is one row of the skill table. The weak levels think with a
// node budget (a depth cap would make them blind to short tactics at one
// depth and brilliant at the next; a node budget weakens them smoothly, as
// the cc65 guide found), look at several lines, and pick among the moves
// that score within margin of the best, so their mistakes are the near
// misses a person makes, never a piece left hanging by choice.
type skillLevel struct {
	name   string
	nodes  uint64 // node budget per move (0: none)
	lines  int    // root lines searched to choose among
	margin int    // centipawns below the best a chosen move may score
}

// skillLevels is indexed by level (1..MaxSkill); entry 0 is unused.
var skillLevels = [MaxSkill + 1]skillLevel{
	{},
	{"beginner", 400, 4, 150},
	{"novice", 1000, 4, 120},
	{"casual", 2500, 4, 100},
	{"club player", 6000, 3, 80},
	{"intermediate", 15000, 3, 60},
	{"advanced", 40000, 3, 40},
	{"expert", 120000, 2, 25},
	{"candidate master", 400000, 2, 15},
	{"master", 1500000, 2, 8},
	{"full strength", 0, 1, 0},
}

// Elo anchors of the skill levels for UCI_Elo: the level whose Elo is the
// nearest at or below the request is used. Rough guesses until the match
// runner calibrates them against known engines.
var skillElo = [MaxSkill + 1]int{0, 800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400, 2600}

// SkillName returns the name of level (clamped to 1..MaxSkill).
func SkillName(level int) string { return skillLevels[min(max(level, 1), MaxSkill)].name }

// SkillForElo returns the skill level for a UCI_Elo rating: the strongest
// level whose estimated rating does not exceed elo (level 1 below 800).
func SkillForElo(elo int) int {
	level := 1
	for l := 1; l <= MaxSkill; l++ {
		if skillElo[l] <= elo {
			level = l
		}
	}
	return level
}

// SkillElo returns the estimated rating of level.
func SkillElo(level int) int { return skillElo[min(max(level, 1), MaxSkill)] }

// winningScore: above this the weak levels stop choosing among near-best
// moves and play the best they found, so that a won game is won (a random
// walk among "still winning" moves in KR v K runs into the fifty-move rule).
const winningScore = 400

// chooseWeakMove picks, among the search's lines, one that scores within the
// level's margin of the best, favouring the better ones: a line at the
// best score is margin+1 times as likely as one at the edge. A mate for the
// side to move is always played, and so is the best move when clearly
// winning, so that won games are won.
func (e *Engine) chooseWeakMove(lines []search.Line, lvl skillLevel) chess.Move {
	best := lines[0].Score
	if search.IsMate(best) && best > 0 {
		return lines[0].Move
	}
	margin := lvl.margin
	if best > winningScore {
		return lines[0].Move
	}
	total := 0
	for _, l := range lines {
		if d := best - l.Score; d <= margin {
			total += margin + 1 - d
		}
	}
	if total <= 0 {
		return lines[0].Move
	}
	pick := e.rng.IntN(total)
	for _, l := range lines {
		if d := best - l.Score; d <= margin {
			pick -= margin + 1 - d
			if pick < 0 {
				return l.Move
			}
		}
	}
	return lines[0].Move
}
