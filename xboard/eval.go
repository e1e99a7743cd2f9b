package xboard

import (
	"fmt"
	"strings"

	"ox88/engine"
)

// eval handles "eval", which CECP does not define (a person at the
// terminal asks it): the position's static evaluation by the embedded
// network and what each piece is worth to its side (engine.PieceValues,
// the heat map of the terminal and the browser), as UCI's eval prints
// them, each line starting with "# " so that a GUI ignores it.
func (s *Server) eval() {
	s.mu.Lock()
	pos := s.g.Position()
	s.mu.Unlock()
	white, values := engine.PieceValues(&pos, true)
	text := engine.FormatPieceValues(values, "network") +
		fmt.Sprintf("Network evaluation %+.2f (white side)", float64(white)/100)
	for _, l := range strings.Split(text, "\n") {
		s.out.Println(strings.TrimRight("# "+l, " "))
	}
}
