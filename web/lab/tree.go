package lab

import (
	"net/http"
	"strconv"

	"ox88/chess"
	"ox88/engine"
	"ox88/search"
	"ox88/web/internal/wire"
)

// The search tree tab is the debugger of the engine's own search: every
// request searches the position again, deterministically (one thread, a
// fresh table: engine.Trace), records its first engine.MaxTraceNodes
// nodes, and answers with the state at one cursor: the stack from the
// root to the cursor's node, each ply with the children searched so far,
// and the board there. Stepping is asking for the next cursor; the server
// keeps nothing between requests.

// maxTreeDepth bounds the depth of a traced search: deeper searches count
// more nodes than the trace keeps.
const maxTreeDepth = 8

type treeRequest struct {
	Sid   string `json:"sid,omitempty"`
	FEN   string `json:"fen,omitempty"`
	Depth int    `json:"depth"`
	// The cursor, the first of these given: the search's node Node, the
	// first cursor after After where BreakOn holds, the cursor At; by
	// default the end of the search.
	Node    uint64 `json:"node,omitempty"`
	BreakOn string `json:"breakOn,omitempty"`
	After   int    `json:"after,omitempty"`
	At      *int   `json:"at,omitempty"`
}

// treeNodeJSON is a node as the page shows it: scores and window from the
// side to move's point of view at the node.
type treeNodeJSON struct {
	Index    int    `json:"index"`
	Number   uint64 `json:"number"` // the search's node number (a root: the nodes before it)
	Root     bool   `json:"root,omitempty"`
	SAN      string `json:"san,omitempty"`
	Ply      int    `json:"ply"`
	Depth    string `json:"depth"`
	Window   string `json:"window"`
	Eval     string `json:"eval"`
	PV       bool   `json:"pv,omitempty"`
	Returned bool   `json:"returned,omitempty"`
	Score    string `json:"score,omitempty"`
	What     string `json:"what,omitempty"`
	// Children are a stack frame's children searched by the cursor.
	Children []treeNodeJSON `json:"children,omitempty"`
}

type treeJSON struct {
	FEN       string         `json:"fen"`
	Depth     int            `json:"depth"`
	Nodes     uint64         `json:"nodes"`    // the search's node count
	Recorded  int            `json:"recorded"` // records, roots included
	Truncated bool           `json:"truncated,omitempty"`
	Best      string         `json:"best"`
	Score     string         `json:"score"`
	Cursor    int            `json:"cursor"`
	Number    uint64         `json:"number"` // the search's node number at the cursor
	Message   string         `json:"message,omitempty"`
	Stack     []treeNodeJSON `json:"stack"`
	Board     positionJSON   `json:"board"` // the position at the cursor
}

// positionJSON is a position for the tree tab's small board.
type positionJSON struct {
	FEN   string     `json:"fen"`
	Board [64]string `json:"board"`
	Last  []string   `json:"last"`
	Check string     `json:"check"`
}

// handleTree traces a search of the requested depth and answers with the
// state at the requested cursor.
func (l *lab) handleTree(w http.ResponseWriter, r *http.Request) {
	req := &treeRequest{}
	if !wire.ReadJSON(w, r, req) {
		return
	}
	if req.Depth < 1 || req.Depth > maxTreeDepth {
		wire.Error(w, http.StatusBadRequest, "depth: want 1 to "+strconv.Itoa(maxTreeDepth))
		return
	}
	var brk search.Break
	if req.BreakOn != "" {
		var err error
		if brk, err = search.ParseBreak(req.BreakOn); err != nil {
			wire.Error(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	pos, ok := l.requestPosition(w, req.Sid, req.FEN)
	if !ok {
		return
	}
	eng, ok := l.host.Acquire(w, r)
	if !ok {
		return
	}
	defer l.host.Release(eng)
	eng.SetPosition(pos, nil)
	tr, res := eng.Trace(req.Depth, engine.MaxTraceNodes)
	out := treeJSON{FEN: pos.FEN(), Depth: req.Depth, Nodes: tr.Count, Recorded: tr.Len(), Truncated: tr.Truncated(),
		Score: search.ScoreText(res.Score), Stack: []treeNodeJSON{}}
	if res.Move != chess.NoMove {
		out.Best = pos.SAN(res.Move)
	}
	if tr.Len() == 0 {
		out.Message = "no legal move: nothing to search"
		out.Board = boardJSON(pos, chess.NoMove)
		wire.JSON(w, http.StatusOK, out)
		return
	}
	c := tr.Len() - 1
	switch {
	case req.Node > 0:
		i, ok := tr.Index(req.Node)
		if !ok {
			msg := "node: the search counted " + strconv.FormatUint(tr.Count, 10) + " nodes"
			if req.Node <= tr.Count {
				msg += "; the trace keeps the first " + strconv.Itoa(engine.MaxTraceNodes)
			}
			wire.Error(w, http.StatusBadRequest, msg)
			return
		}
		c = i
	case req.BreakOn != "":
		if i, ok := tr.Find(req.After, brk); ok {
			c = i
		} else {
			c = min(max(req.After, 0), c)
			out.Message = "no node after this one where " + brk.String()
		}
	case req.At != nil:
		if *req.At < 0 || *req.At >= tr.Len() {
			wire.Error(w, http.StatusBadRequest, "at: want 0 to "+strconv.Itoa(tr.Len()-1))
			return
		}
		c = *req.At
	}
	out.Cursor, out.Number = c, tr.Node(c).Number
	for _, i := range tr.Stack(c) {
		f := treeNode(tr, i, c)
		for _, j := range tr.Children(i, c) {
			f.Children = append(f.Children, treeNode(tr, j, c))
		}
		out.Stack = append(out.Stack, f)
	}
	at := tr.Position(c)
	out.Board = boardJSON(&at, tr.Node(c).Move)
	wire.JSON(w, http.StatusOK, out)
}

// boardJSON writes pos for the small board, last (NoMove: none) tinted.
func boardJSON(pos *chess.Position, last chess.Move) positionJSON {
	out := positionJSON{FEN: pos.FEN(), Board: wire.Board(pos), Last: []string{}}
	if last != chess.NoMove {
		out.Last = []string{last.From().String(), last.To().String()}
	}
	if pos.InCheck() {
		out.Check = pos.KingSquare(pos.SideToMove()).String()
	}
	return out
}

// treeNode writes node i of tr at cursor c for the page.
func treeNode(tr *search.Trace, i, c int) treeNodeJSON {
	n := tr.Node(i)
	out := treeNodeJSON{Index: i, Number: n.Number, Root: n.Kind == search.NodeRoot, SAN: tr.MoveText(i), Ply: n.Ply,
		Depth: n.DepthText(), Window: n.WindowText(), Eval: n.EvalText(), PV: n.PV, Returned: tr.Returned(i, c), What: tr.What(i, c)}
	if out.Returned {
		out.Score = search.ScoreText(n.Score)
	}
	return out
}
