package web

import (
	"fmt"
	"net/http"

	"ox88/engine"
	"ox88/web/internal/wire"
)

// valuesJSON is the evaluation view's heat map: what each piece but the
// kings is worth in the tab's position (engine.PieceValues).
type valuesJSON struct {
	Evaluation string           `json:"evaluation"` // "network" or "hand-written"
	FEN        string           `json:"fen"`        // the position valued
	White      int              `json:"white"`      // its evaluation, centipawns, White's view
	Pieces     []pieceValueJSON `json:"pieces"`
}

type pieceValueJSON struct {
	Square string `json:"square"` // "e4"
	Piece  string `json:"piece"`  // "wN", as the board has it
	Value  int    `json:"value"`  // centipawns for the piece's side: the evaluation with it less without it
}

// Evaluations the heat map can ask for (GET /api/values?eval=...).
const (
	evalNetwork     = "network"
	evalHandWritten = "hand-written"
)

// handleValues answers GET /api/values?sid=S[&eval=network|hand-written]:
// each piece's value in the tab's current position, by the network (the
// default) or the hand-written evaluation. It is 31 evaluations, no
// search, so it takes no job slot.
func (s *Server) handleValues(w http.ResponseWriter, r *http.Request) {
	which := r.URL.Query().Get("eval")
	if which == "" {
		which = evalNetwork
	}
	if which != evalNetwork && which != evalHandWritten {
		wire.Error(w, http.StatusBadRequest, fmt.Sprintf("eval %q: want %s or %s", which, evalNetwork, evalHandWritten))
		return
	}
	pos, ok := s.tabPosition(w, r.URL.Query().Get("sid"))
	if !ok {
		return
	}
	white, values := engine.PieceValues(&pos, which == evalNetwork)
	board := wire.Board(&pos)
	out := valuesJSON{Evaluation: which, FEN: pos.FEN(), White: white, Pieces: make([]pieceValueJSON, len(values))}
	for i, v := range values {
		out.Pieces[i] = pieceValueJSON{Square: v.Square.String(), Piece: board[v.Square.Index64()], Value: v.Value}
	}
	wire.JSON(w, http.StatusOK, out)
}
