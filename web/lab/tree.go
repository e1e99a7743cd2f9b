package lab

import (
	"net/http"
	"strconv"
	"strings"

	"ox88/chess"
	"ox88/search"
	"ox88/web/internal/wire"
)

// The search tree tab is the debugger: a small plain alpha-beta search
// (search.RecordTree, through engine.SearchTree) records every node it
// visits, and the page walks the tree: the move, the window, the score, a
// cutoff, the principal variation.

// Bounds of a recorded tree: deep trees get large fast, and the page has to
// draw them.
const (
	maxTreeDepth     = 5
	maxTreeNodes     = 50000
	defaultTreeNodes = 5000
)

type treeRequest struct {
	Sid      string `json:"sid,omitempty"`
	FEN      string `json:"fen,omitempty"`
	Depth    int    `json:"depth"`
	MaxNodes int    `json:"maxNodes,omitempty"`
}

// treeNodeJSON is a node for the page. Scores and window are from the point
// of view of the side to move at the node.
type treeNodeJSON struct {
	SAN      string          `json:"san,omitempty"`
	UCI      string          `json:"uci,omitempty"`
	Depth    int             `json:"depth"`
	Ply      int             `json:"ply"`
	Alpha    string          `json:"alpha"`
	Beta     string          `json:"beta"`
	Score    string          `json:"score"`
	Cutoff   bool            `json:"cutoff,omitempty"`
	PV       bool            `json:"pv,omitempty"`
	Children []*treeNodeJSON `json:"children,omitempty"`
}

type treeJSON struct {
	FEN   string        `json:"fen"`
	Depth int           `json:"depth"`
	Nodes int           `json:"nodes"`
	Root  *treeNodeJSON `json:"root"`
}

// scoreText writes a search score for people: "+0.35", "M3", "-M2", or
// "inf" for the open window's bounds.
func scoreText(v int) string {
	switch {
	case v >= search.Infinity:
		return "+inf"
	case v <= -search.Infinity:
		return "-inf"
	case search.IsMate(v):
		n := search.MateIn(v)
		if n < 0 {
			return "-M" + strconv.Itoa(-n)
		}
		return "M" + strconv.Itoa(n)
	}
	sign := "+"
	if v < 0 {
		sign, v = "-", -v
	}
	return sign + strconv.Itoa(v/100) + "." + strconv.Itoa(v%100/10) + strconv.Itoa(v%10)
}

// convertTree turns n, a node at pos, into JSON, counting the nodes.
func convertTree(pos *chess.Position, n *search.TreeNode, count *int) *treeNodeJSON {
	*count++
	out := &treeNodeJSON{Depth: n.Depth, Ply: n.Ply, Alpha: scoreText(n.Alpha), Beta: scoreText(n.Beta),
		Score: scoreText(n.Score), Cutoff: n.Cutoff, PV: n.PV}
	for _, c := range n.Children {
		var ml chess.MoveList
		pos.GenerateMoves(&ml)
		if !ml.Contains(c.Move) {
			continue // never expected; a bad tree must not panic the server
		}
		san := pos.SAN(c.Move)
		u := pos.MakeMove(c.Move)
		child := convertTree(pos, c, count)
		pos.UnmakeMove(c.Move, u)
		child.SAN, child.UCI = san, c.Move.String()
		out.Children = append(out.Children, child)
	}
	return out
}

// handleTree records a search tree of the requested depth and node budget
// and answers with it.
func (l *lab) handleTree(w http.ResponseWriter, r *http.Request) {
	req := &treeRequest{}
	if !wire.ReadJSON(w, r, req) {
		return
	}
	if req.Depth < 1 || req.Depth > maxTreeDepth {
		wire.Error(w, http.StatusBadRequest, "depth: want 1 to "+strconv.Itoa(maxTreeDepth))
		return
	}
	if req.MaxNodes == 0 {
		req.MaxNodes = defaultTreeNodes
	}
	if req.MaxNodes < 1 || req.MaxNodes > maxTreeNodes {
		wire.Error(w, http.StatusBadRequest, "maxNodes: want 1 to "+strconv.Itoa(maxTreeNodes))
		return
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
	tree := eng.SearchTree(req.Depth, req.MaxNodes)
	out := treeJSON{FEN: pos.FEN(), Depth: req.Depth}
	root := *pos
	out.Root = convertTree(&root, tree, &out.Nodes)
	wire.JSON(w, http.StatusOK, out)
}

// positionJSON is a position for the tree tab's small board.
type positionJSON struct {
	FEN   string     `json:"fen"`
	Board [64]string `json:"board"`
	Last  []string   `json:"last"`
	Check string     `json:"check"`
}

// maxLineMoves bounds the moves of a /api/position request.
const maxLineMoves = 64

// handlePosition answers the position after ?moves= (UCI, comma-separated)
// from ?fen= (default: the start): the tree tab shows each node's position.
func (l *lab) handlePosition(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	pos := chess.StartPosition()
	if fen := q.Get("fen"); fen != "" {
		var err error
		if pos, err = chess.ParseFEN(fen); err != nil {
			wire.Error(w, http.StatusBadRequest, "FEN: "+err.Error())
			return
		}
	}
	out := positionJSON{Last: []string{}}
	if ms := q.Get("moves"); ms != "" {
		list := strings.Split(ms, ",")
		if len(list) > maxLineMoves {
			wire.Error(w, http.StatusBadRequest, "moves: at most "+strconv.Itoa(maxLineMoves))
			return
		}
		for _, u := range list {
			m, err := pos.ParseUCI(u)
			if err != nil {
				wire.Error(w, http.StatusBadRequest, err.Error())
				return
			}
			pos.MakeMove(m)
			out.Last = []string{m.From().String(), m.To().String()}
		}
	}
	out.FEN, out.Board = pos.FEN(), wire.Board(pos)
	if pos.InCheck() {
		out.Check = pos.KingSquare(pos.SideToMove()).String()
	}
	wire.JSON(w, http.StatusOK, out)
}
