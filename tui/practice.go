package tui

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"ox88/chess"
	"ox88/engine"
	"ox88/game"
	"ox88/review"
)

// practice is p in a finished review: the player goes back to each
// position where their move was marked ? or ??, and tries moves until one
// is good enough (review.Judge), or asks for the line. Answers are never
// played into the game.
type practice struct {
	list   []review.Exercise
	index  int
	status []practiceStatus // by exercise
	last   *review.Answer   // the last answer judged in this exercise
	shown  bool             // the line of this exercise is shown
	job    *judgeJob        // the answer being judged, or nil
	jobID  int
	eng    *engine.Engine // judges the answers, one at a time
	flip   bool           // the board's side before the practice
}

// practiceStatus is what became of an exercise.
type practiceStatus uint8

const (
	untried practiceStatus = iota
	tried                  // answered, not yet well
	solved                 // a good answer, before the line was shown
	shown                  // the line was shown
)

var practiceWords = [...]string{untried: "", tried: "tried", solved: "solved", shown: "line shown"}

// judgeJob judges one answer on a goroutine of its own.
type judgeJob struct {
	id     int
	cancel context.CancelFunc
	done   chan judgeDoneMsg
}

// judgeDoneMsg is the judgement of job id.
type judgeDoneMsg struct {
	id     int
	answer review.Answer
	err    error
}

func (j *judgeJob) listen() tea.Cmd { return func() tea.Msg { return <-j.done } }

// startPractice is p in a finished review: the exercises of the people's
// sides (both when ox88 played both, or in a game read from a file).
func (m *Model) startPractice() tea.Cmd {
	r := m.rev.result
	var sides []chess.Color
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if m.p.Players().Human(c) {
			sides = append(sides, c)
		}
	}
	list := r.Exercises(sides...)
	if len(list) == 0 {
		m.say("No mistakes or blunders to practise (? and ?? marks).")
		return nil
	}
	m.practice = &practice{list: list, status: make([]practiceStatus, len(list)), flip: m.ui.flipped}
	m.showExercise(0)
	return nil
}

// showExercise puts exercise i on the board, its side at the bottom.
func (m *Model) showExercise(i int) {
	p := m.practice
	p.cancelJob()
	p.index, p.last, p.shown = i, nil, false
	x := p.list[i]
	_ = m.game().GoTo(x.Ply - 1)
	m.ui.flipped = x.Side == chess.Black
	m.ui.selected, m.ui.visual, m.promo, m.input = chess.NoSquare, visualizer{}, nil, ""
	pos := x.Position()
	m.say("%d of %d: %s to move. Find a better move than %s%s (s shows the line, n the next, Esc leaves).",
		i+1, len(p.list), x.Side.Title(), game.NumberedSAN(pos, []chess.Move{x.Played}), x.Judgement.Symbol())
}

// cancelJob forgets the answer being judged.
func (p *practice) cancelJob() {
	if p.job != nil {
		p.job.cancel()
		p.job = nil
	}
}

// leavePractice is Esc: back to the review's marked move.
func (m *Model) leavePractice() {
	p := m.practice
	p.cancelJob()
	m.practice = nil
	m.ui.flipped = p.flip
	m.promo, m.input = nil, ""
	m.showMark(max(m.rev.index, 0))
}

// practiceKey handles a key in the practice: a move (typed, or picked
// with the cursor) answers; s shows the line, n goes to the next
// exercise, Esc back to the review.
func (m *Model) practiceKey(text, k string) tea.Cmd {
	p := m.practice
	if m.promo != nil {
		return m.promoKey(k)
	}
	if m.input != "" {
		switch k {
		case "enter":
			return m.submitInput()
		case "esc":
			m.input = ""
		case "backspace":
			m.input = m.input[:len(m.input)-1]
		default:
			if len(m.input) < maxInput {
				m.input += text
			}
		}
		return nil
	}
	switch k {
	case "esc", "q":
		m.leavePractice()
	case "?":
		m.help = true
	case "up":
		m.moveCursor(0, 1)
	case "down":
		m.moveCursor(0, -1)
	case "left":
		m.moveCursor(-1, 0)
	case "right":
		m.moveCursor(1, 0)
	case "enter", "space":
		return m.pick(m.ui.cursor)
	case "s":
		p.shown = true
		if p.status[p.index] != solved {
			p.status[p.index] = shown
		}
		x := p.list[p.index]
		pos := x.Position()
		m.say("The line: %s (n: the next exercise).", game.NumberedSAN(pos, x.Line[:min(len(x.Line), reviewLinePlies)]))
	case "n", "tab":
		if p.index+1 < len(p.list) {
			m.showExercise(p.index + 1)
			return nil
		}
		done := 0
		for _, s := range p.status {
			if s == solved {
				done++
			}
		}
		m.say("That was the last exercise: %d of %d solved. Esc goes back to the review.", done, len(p.list))
	default:
		if r := []rune(text); len(r) == 1 && r[0] > ' ' {
			m.input = text // a typed move
		}
	}
	return nil
}

// practiceAnswer takes a move tried in the practice: the best and the
// played move are judged at once, any other by a search on a job of its
// own (review.Judge), whose result comes back as judgeDoneMsg.
func (m *Model) practiceAnswer(mv chess.Move) tea.Cmd {
	p := m.practice
	x := p.list[p.index]
	m.ui.selected, m.promo = chess.NoSquare, nil
	if a, ok := x.Known(mv); ok {
		m.showAnswer(a)
		return nil
	}
	if p.eng == nil {
		p.eng = engine.New()
	}
	p.jobID++
	ctx, cancel := context.WithCancel(context.Background())
	j := &judgeJob{id: p.jobID, cancel: cancel, done: make(chan judgeDoneMsg, 1)}
	p.job = j
	go func(eng *engine.Engine) {
		defer cancel()
		a, err := review.Judge(ctx, eng, x, mv)
		j.done <- judgeDoneMsg{id: j.id, answer: a, err: err}
	}(p.eng)
	pos := x.Position()
	m.say("Checking %s...", pos.SAN(mv))
	return j.listen()
}

// judgeDone shows the judgement of the latest answer.
func (m *Model) judgeDone(msg judgeDoneMsg) tea.Cmd {
	p := m.practice
	if p == nil || p.job == nil || p.job.id != msg.id {
		return nil // an answer no longer asked about
	}
	p.job = nil
	if msg.err != nil {
		m.sayError("Judging the move failed: %v", msg.err)
		return nil
	}
	m.showAnswer(msg.answer)
	return nil
}

// showAnswer says what the answer is worth, and marks the exercise.
func (m *Model) showAnswer(a review.Answer) {
	p := m.practice
	x := p.list[p.index]
	p.last = &a
	pos := x.Position()
	san := pos.SAN(a.Move)
	switch {
	case a.Accepted:
		if p.status[p.index] != shown {
			p.status[p.index] = solved
		}
		m.ui.selected, m.ui.cursor = a.Move.From(), a.Move.To()
		if a.Move == x.Best {
			m.say("Right: %s is ox88's move too. n: the next exercise.", san)
			return
		}
		m.say("Good: %s keeps %.0f%% (the best move %.0f%%). n: the next exercise, s the line.", san, a.After, a.Before)
	case a.Move == x.Played:
		m.markTried()
		m.sayError("%s is the move of the game. Try another (s shows the line).", san)
	default:
		m.markTried()
		m.sayError("Not good enough: %s leaves %.0f%% where the best move keeps %.0f%%. Try again (s shows the line, n skips).",
			san, a.After, a.Before)
	}
}

// markTried notes a wrong answer to an exercise not yet solved or shown.
func (p *practice) markTried() {
	if p.status[p.index] == untried {
		p.status[p.index] = tried
	}
}

func (m *Model) markTried() { m.practice.markTried() }

// practicePanel is the panel during the practice:
//
//	Practice: 2 exercises
//	  1. 3... Nf6??  solved
//	> 2. 9. Bxf7?    tried
//
//	Black to move: better than 3... Nf6??
//	it took Black's chances from 52% to 2%
//	last try Qe7: 49%, good
//	line 3... g6 4. Qf3 Nf6
func (m *Model) practicePanel(width, height int) string {
	p := m.practice
	lines := []string{m.st.render(bold, fmt.Sprintf("Practice: %d exercise%s", len(p.list), plural(len(p.list))))}
	for i, x := range p.list {
		pos := x.Start
		for _, mv := range x.Moves {
			pos.MakeMove(mv)
		}
		mark := "  "
		if i == p.index {
			mark = "> "
		}
		lines = append(lines, fmt.Sprintf("%s%d. %-14s %s", mark, i+1,
			game.NumberedSAN(pos, []chess.Move{x.Played})+x.Judgement.Symbol(), practiceWords[p.status[i]]))
	}
	x := p.list[p.index]
	pos := x.Position()
	played := x.Grade(x.Played, x.PlayedScore)
	lines = append(lines, "", m.st.render(bold, fmt.Sprintf("%s to move: better than %s%s", x.Side.Title(),
		game.NumberedSAN(pos, []chess.Move{x.Played}), x.Judgement.Symbol())),
		fmt.Sprintf("it took %s's chances from %.0f%% to %.0f%%", x.Side.Title(), played.Before, played.After))
	switch {
	case p.job != nil:
		lines = append(lines, "checking the answer...")
	case p.last != nil:
		verdict := "not good enough"
		if p.last.Accepted {
			verdict = "good"
		}
		lines = append(lines, fmt.Sprintf("last try %s: %.0f%%, %s", pos.SAN(p.last.Move), p.last.After, verdict))
	}
	if p.shown {
		// No-break spaces keep each move number with its move.
		line := strings.ReplaceAll(game.NumberedSAN(pos, x.Line[:min(len(x.Line), reviewLinePlies)]), ". ", ".\u00a0")
		for _, l := range wrap("line "+line, width) {
			lines = append(lines, strings.ReplaceAll(l, "\u00a0", " "))
		}
	}
	for i, s := range lines {
		lines[i] = truncate(s, width)
	}
	return strings.Join(clip(lines, height), "\n")
}
