package chess

import (
	"fmt"
	"strings"
)

// ParseUCI reads a move in UCI notation ("e2e4", "e7e8q", "e1g1") and
// returns the legal move it names in p. Castling may be written either way
// in either mode (see Chess960): as the king's move ("e1g1") or as the king
// taking its rook ("e1h1", as Polyglot and Chess960 GUIs do). Where the two
// readings collide, king-takes-rook wins over the king's move, and a move
// that is not castling wins over both: in Chess960 "b1c1" is the king's
// step when it has one, and castling with a rook on c1 before castling to c1.
func (p *Position) ParseUCI(s string) (Move, error) {
	if len(s) < 4 || len(s) > 5 {
		return NoMove, fmt.Errorf("move %q: UCI moves look like e2e4 or e7e8q", s)
	}
	from, err1 := ParseSquare(s[0:2])
	to, err2 := ParseSquare(s[2:4])
	if err1 != nil || err2 != nil {
		return NoMove, fmt.Errorf("move %q: bad square", s)
	}
	promo := NoKind
	if len(s) == 5 {
		i := strings.IndexByte("nbrq", s[4]|0x20)
		if i < 0 {
			return NoMove, fmt.Errorf("move %q: promotion must be one of n, b, r, q", s)
		}
		promo = Knight + Kind(i)
	}
	var ml MoveList
	p.GenerateMoves(&ml)
	takesRook, kingMove := NoMove, NoMove
	for _, m := range ml.Slice() {
		switch {
		case m.From() != from || m.Promotion() != promo:
		case !m.IsCastle():
			if m.To() == to {
				return m, nil
			}
		case to == p.castlePlans[castleIndex(m)].rookFrom:
			takesRook = m
		case to == m.To():
			kingMove = m
		}
	}
	if takesRook != NoMove {
		return takesRook, nil
	}
	if kingMove != NoMove {
		return kingMove, nil
	}
	return NoMove, fmt.Errorf("move %q is not legal in this position", s)
}

// UCI returns m in UCI notation as p's mode wants it: castling as the king
// taking its rook ("e1h1") when p.Chess960(), else as the king's move
// ("e1g1", Move.String). m must be legal in p.
func (p *Position) UCI(m Move) string {
	if m.IsCastle() && p.chess960 {
		return m.From().String() + p.castlePlans[castleIndex(m)].rookFrom.String()
	}
	return m.String()
}

// UCILine returns the moves of line, played in turn from p, in UCI notation
// as p's mode wants it, stopping like SANLine at the first move that is not
// legal where it stands. p itself is not changed.
func (p *Position) UCILine(line []Move) []string {
	return p.writeLine(line, (*Position).UCI)
}

// SAN returns m in Standard Algebraic Notation ("Nbd7", "exd5", "O-O",
// "e8=Q+", "Qh7#"). m must be legal in p.
func (p *Position) SAN(m Move) string {
	var b strings.Builder
	from, to := m.From(), m.To()
	pc := p.board[from]
	switch {
	case m.IsCastle():
		if to.File() == 6 {
			b.WriteString("O-O")
		} else {
			b.WriteString("O-O-O")
		}
	case pc.Kind() == Pawn:
		if m.IsCapture() {
			b.WriteByte(byte('a' + from.File()))
			b.WriteByte('x')
		}
		b.WriteString(to.String())
		if k := m.Promotion(); k != NoKind {
			b.WriteString("=" + k.Letter())
		}
	default:
		b.WriteString(pc.Kind().Letter())
		// Disambiguate among other pieces of the same kind reaching to:
		// by file if that suffices, else by rank, else both.
		var ml MoveList
		p.GenerateMoves(&ml)
		ambiguous, sameFile, sameRank := false, false, false
		for _, o := range ml.Slice() {
			if o.To() != to || o.From() == from || p.board[o.From()] != pc {
				continue
			}
			ambiguous = true
			if o.From().File() == from.File() {
				sameFile = true
			}
			if o.From().Rank() == from.Rank() {
				sameRank = true
			}
		}
		if ambiguous {
			if !sameFile {
				b.WriteByte(byte('a' + from.File()))
			} else if !sameRank {
				b.WriteByte(byte('1' + from.Rank()))
			} else {
				b.WriteString(from.String())
			}
		}
		if m.IsCapture() {
			b.WriteByte('x')
		}
		b.WriteString(to.String())
	}
	u := p.MakeMove(m)
	if p.InCheck() {
		var ml MoveList
		p.GenerateMoves(&ml)
		if ml.N == 0 {
			b.WriteByte('#')
		} else {
			b.WriteByte('+')
		}
	}
	p.UnmakeMove(m, u)
	return b.String()
}

// SANLine returns the moves of line, played in turn from p, in SAN. It
// stops at the first move that is not legal where it stands, so a stale or
// corrupt line (a PV of another position) gives a shorter result, never a
// wrong one. p itself is not changed.
func (p *Position) SANLine(line []Move) []string {
	return p.writeLine(line, (*Position).SAN)
}

// writeLine writes the moves of line, played in turn from a copy of p, with
// write, up to the first move that is not legal where it stands.
func (p *Position) writeLine(line []Move, write func(*Position, Move) string) []string {
	pos := *p
	out := make([]string, 0, len(line))
	var ml MoveList
	for _, m := range line {
		pos.GenerateMoves(&ml)
		if !ml.Contains(m) {
			break
		}
		out = append(out, write(&pos, m))
		pos.MakeMove(m)
	}
	return out
}

// ParseSAN reads a move in Standard Algebraic Notation and returns the legal
// move it names. It is lenient where that is unambiguous: check marks and
// annotations (+ # ! ?) are optional, "0-0" is castling, "e8Q" and "e8=Q"
// both promote, "exd6e.p." is en passant, and a UCI move is accepted too.
func (p *Position) ParseSAN(s string) (Move, error) {
	orig := s
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(s, "e.p.")
	s = strings.TrimRight(s, "+#!? ")
	if s == "" {
		return NoMove, fmt.Errorf("empty move")
	}
	var ml MoveList
	p.GenerateMoves(&ml)
	switch strings.ReplaceAll(s, "0", "O") {
	case "O-O", "O-O-O":
		long := len(s) == 5
		for _, m := range ml.Slice() {
			if m.IsCastle() && (m.To().File() == 2) == long {
				return m, nil
			}
		}
		return NoMove, fmt.Errorf("move %q: castling is not legal here", orig)
	}

	kind := Pawn
	if strings.IndexByte("NBRQK", s[0]) >= 0 {
		kind = Kind(strings.IndexByte(".PNBRQK", s[0]))
		s = s[1:]
	}
	promo := NoKind
	if n := len(s); n >= 2 && strings.IndexByte("NBRQnbrq", s[n-1]) >= 0 && kind == Pawn {
		promo = Knight + Kind(strings.IndexByte("NBRQ", s[n-1]&^0x20))
		s = strings.TrimSuffix(s[:n-1], "=")
	}
	s = strings.ReplaceAll(s, "x", "")
	s = strings.ReplaceAll(s, "-", "")
	if len(s) < 2 {
		if m, err := p.ParseUCI(orig); err == nil {
			return m, nil
		}
		return NoMove, fmt.Errorf("move %q: no destination square", orig)
	}
	to, err := ParseSquare(s[len(s)-2:])
	if err != nil {
		if m, err := p.ParseUCI(orig); err == nil {
			return m, nil
		}
		return NoMove, fmt.Errorf("move %q: bad destination square", orig)
	}
	hint := s[:len(s)-2]
	if len(hint) > 2 {
		return NoMove, fmt.Errorf("move %q is not SAN", orig)
	}
	found := NoMove
	matches := 0
	for _, m := range ml.Slice() {
		if m.To() != to || p.board[m.From()].Kind() != kind || m.Promotion() != promo || m.IsCastle() {
			continue // castling is O-O or O-O-O, never a king move to a square
		}
		ok := true
		for i := 0; i < len(hint); i++ {
			c := hint[i]
			switch {
			case c >= 'a' && c <= 'h':
				ok = ok && m.From().File() == int(c-'a')
			case c >= '1' && c <= '8':
				ok = ok && m.From().Rank() == int(c-'1')
			default:
				ok = false
			}
		}
		if ok {
			found = m
			matches++
		}
	}
	switch matches {
	case 1:
		return found, nil
	case 0:
		if m, err := p.ParseUCI(orig); err == nil {
			return m, nil
		}
		if kind == Pawn && promo == NoKind && (to.Rank() == 7 || to.Rank() == 0) {
			return NoMove, fmt.Errorf("move %q: a pawn reaching the last rank must promote (e.g. %s=Q)", orig, orig)
		}
		return NoMove, fmt.Errorf("move %q is not legal in this position", orig)
	default:
		return NoMove, fmt.Errorf("move %q is ambiguous", orig)
	}
}

// ParseMove accepts a move in UCI or SAN notation.
func (p *Position) ParseMove(s string) (Move, error) {
	if m, err := p.ParseUCI(strings.TrimSpace(s)); err == nil {
		return m, nil
	}
	return p.ParseSAN(s)
}
