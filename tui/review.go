package tui

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"ox88/chess"
	"ox88/engine"
	"ox88/game"
	"ox88/internal/version"
	"ox88/review"
	"ox88/search"
)

// defaultReviewNodes is each position's search in a review (A): ox88
// analyze's and the browser's default, so all three mark a game alike, and
// a node count gives the same review on a busy machine as on an idle one.
const defaultReviewNodes = 200_000

// reviewLinePlies bounds the better line the review panel shows, as long
// as the annotated PGN's variations.
const reviewLinePlies = 10

// reviewJob is a review running on a goroutine of its own, with an engine
// of its own (full strength, no book, one thread) and a clone of the game,
// so it shares nothing with the model. It ends when the review does or
// soon after cancel (review.Analyze stops its search), and it never waits
// for the interface: a progress report that finds the channel full is
// dropped (the next one says more), and the final message has a buffered
// place of its own.
type reviewJob struct {
	id       int
	cancel   context.CancelFunc
	progress chan reviewProgressMsg
	done     chan reviewDoneMsg
}

// reviewProgressMsg says that job id has searched done positions of total.
type reviewProgressMsg struct{ id, done, total int }

// reviewDoneMsg is the end of job id: the review and its annotated PGN,
// or the error that stopped it (context.Canceled after a cancel).
type reviewDoneMsg struct {
	id     int
	result *review.Review
	pgn    string
	err    error
}

// startReviewJob reviews g, which the job then owns, one search within
// nodes per position.
func startReviewJob(id int, g *game.Game, nodes uint64) *reviewJob {
	ctx, cancel := context.WithCancel(context.Background())
	j := &reviewJob{id: id, cancel: cancel, progress: make(chan reviewProgressMsg, 1), done: make(chan reviewDoneMsg, 1)}
	go func() {
		defer cancel()
		r, err := review.Analyze(ctx, engine.New(), g, search.Limits{Nodes: nodes}, func(done, total int) {
			select {
			case j.progress <- reviewProgressMsg{id, done, total}:
			default:
			}
		})
		msg := reviewDoneMsg{id: id, result: r, err: err}
		if err == nil {
			r.Annotate()
			g.SetTag("Annotator", version.Name())
			msg.pgn = g.PGN()
		}
		j.done <- msg
	}()
	return j
}

// listen is a command that waits for the job's next message. The model
// issues it again after each message of the job it is waiting for, and
// not after a stale job's, whose goroutine ends on its own.
func (j *reviewJob) listen() tea.Cmd {
	return func() tea.Msg {
		select {
		case p := <-j.progress:
			return p
		case d := <-j.done:
			return d
		}
	}
}

// gameReview is the review of the game: while job runs, its progress;
// then the result, its annotated PGN and the judged moves to step
// through.
type gameReview struct {
	job         *reviewJob // nil once the review is done
	done, total int        // positions searched, of the total
	result      *review.Review
	pgn         string
	marked      []review.Move // the judged moves (inaccuracies, mistakes, blunders), in order
	index       int           // the judged move on the board, in marked; -1 before the first
	backPly     int           // the game's ply when the review opened: leaving returns there
}

// startReview is A: it stops the engine and the clocks, as stepping
// through the game does, and reviews the whole game (its redo tail
// included) in the background; Esc cancels. The finished review of the
// same game opens again at once.
func (m *Model) startReview() tea.Cmd {
	if m.game().Len() == 0 {
		m.sayError("No moves to review yet.")
		return nil
	}
	m.flagFell(m.now()) // a flag that fell since the last tick ends the game first
	m.cancelEngine()
	m.p.StopClocks(m.now())
	m.input, m.loading, m.promo, m.pending = "", false, nil, nil
	m.reviewing = true
	if rv := m.rev; rv != nil && rv.result != nil && sameGame(rv.result.Game, m.game()) {
		rv.backPly = m.game().Ply()
		m.showMark(max(rv.index, 0))
		return nil
	}
	g := m.game().Clone()
	_ = g.GoTo(g.Len()) // the annotated game is written to its end
	m.reviewID++
	m.rev = &gameReview{job: startReviewJob(m.reviewID, g, m.reviewNodes), total: g.Len() + 1, index: -1, backPly: m.game().Ply()}
	m.say("Reviewing the game, %d nodes a position (Esc cancels).", m.reviewNodes)
	return m.rev.job.listen()
}

// sameGame reports whether a and b are the same game: the same start,
// moves and result.
func sameGame(a, b *game.Game) bool {
	as, bs := a.Start(), b.Start()
	if as.FEN() != bs.FEN() || a.Len() != b.Len() || a.Result() != b.Result() {
		return false
	}
	for i := 1; i <= a.Len(); i++ {
		if a.MoveAt(i) != b.MoveAt(i) {
			return false
		}
	}
	return true
}

// reviewProgress shows a running review's progress.
func (m *Model) reviewProgress(msg reviewProgressMsg) tea.Cmd {
	rv := m.rev
	if rv == nil || rv.job == nil || rv.job.id != msg.id {
		return nil // a cancelled review's
	}
	rv.done, rv.total = msg.done, msg.total
	return rv.job.listen()
}

// reviewDone opens the finished review on its first judged move.
func (m *Model) reviewDone(msg reviewDoneMsg) tea.Cmd {
	rv := m.rev
	if rv == nil || rv.job == nil || rv.job.id != msg.id {
		return nil
	}
	if msg.err != nil {
		m.closeReview()
		cmd := m.afterChange()
		m.sayError("The review failed: %v", msg.err)
		return cmd
	}
	rv.job, rv.result, rv.pgn = nil, msg.result, msg.pgn
	rv.done = rv.total
	for _, mv := range msg.result.Moves {
		if mv.Judgement != review.Good {
			rv.marked = append(rv.marked, mv)
		}
	}
	m.showMark(0)
	return nil
}

// closeReview takes the review off the screen, cancelling it if it runs
// (a cancelled review is forgotten, a finished one kept for A).
func (m *Model) closeReview() {
	if m.practice != nil {
		m.practice.cancelJob()
		m.ui.flipped = m.practice.flip
		m.practice = nil
	}
	if rv := m.rev; rv != nil && rv.job != nil {
		rv.job.cancel()
		m.rev = nil
	}
	m.reviewing = false
}

// leaveReview is Esc on a finished review: the game comes back to where
// it was, and goes on.
func (m *Model) leaveReview() tea.Cmd {
	m.closeReview()
	_ = m.game().GoTo(m.rev.backPly)
	m.afterNavigate()
	cmd := m.afterChange()
	m.say("Back to the game (A shows the review again).")
	return cmd
}

// reviewKey handles a key while the review is on the screen.
func (m *Model) reviewKey(k string) tea.Cmd {
	rv := m.rev
	switch k {
	case "esc", "q", "A":
		if rv.job != nil {
			m.closeReview()
			cmd := m.afterChange()
			m.say("Review cancelled.")
			return cmd
		}
		return m.leaveReview()
	case "n":
		return m.newGame(nil, false)
	case "f":
		m.ui.flipped = !m.ui.flipped
		return nil
	case "?":
		m.help = true
		return nil
	}
	if rv.job != nil {
		m.say("Reviewing the game: Esc cancels.")
		return nil
	}
	switch k {
	case "right", "down", "l", "j", "tab", "space":
		m.showMark(rv.index + 1)
	case "left", "up", "h", "k", "shift+tab":
		m.showMark(rv.index - 1)
	case "s":
		m.savePGN("the annotated game", "-review", rv.pgn)
	case "p":
		return m.startPractice()
	default:
		m.say("Review: arrows step through the marked moves, p practises the ? and ?? ones, s saves the annotated game, Esc leaves.")
	}
	return nil
}

// showMark puts judged move i on the board: the position before it, with
// the better move's piece picked up and the cursor on its square of
// arrival, as a hint shows a move.
func (m *Model) showMark(i int) {
	rv := m.rev
	switch {
	case len(rv.marked) == 0:
		m.say("No inaccuracies, mistakes or blunders. s saves the annotated game, Esc leaves.")
		return
	case i < 0:
		m.say("That was the first marked move.")
		return
	case i >= len(rv.marked):
		m.say("That was the last marked move.")
		return
	}
	rv.index = i
	mv := rv.marked[i]
	_ = m.game().GoTo(mv.Ply - 1)
	m.ui.visual, m.ui.selected = visualizer{}, chess.NoSquare
	pos := m.game().Position()
	text := fmt.Sprintf("%d of %d: %s%s, %s.", i+1, len(rv.marked),
		game.NumberedSAN(pos, []chess.Move{mv.Move}), mv.Judgement.Symbol(), strings.ToLower(mv.Judgement.String()))
	if mv.Better != chess.NoMove {
		m.ui.selected, m.ui.cursor = mv.Better.From(), mv.Better.To()
		text += fmt.Sprintf(" Better was %s (picked up on the board).", pos.SAN(mv.Better))
	}
	m.say("%s", text)
}
