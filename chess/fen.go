package chess

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StartPosition returns the standard starting position.
func StartPosition() *Position { return MustParseFEN(StartFEN) }

// MustParseFEN is ParseFEN for FENs known to be valid (tables, tests): it
// panics on an error instead of returning it.
func MustParseFEN(fen string) *Position {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

// MaxFENCounter bounds the halfmove clock and the fullmove number that
// ParseFEN accepts and that FEN writes: a game of any length a move list
// can hold (a 208,000-ply list reached a clock of 208,000) prints a FEN
// that parses again. A counter beyond it is written as MaxFENCounter,
// which changes nothing the rules ask of it (the fifty-move rule needs
// only "100 or more").
const MaxFENCounter = 999_999_999

// ParseFEN reads a position from Forsyth-Edwards Notation. The halfmove and
// fullmove fields may be left out (they default to 0 and 1). Anything
// malformed or impossible is an error that says what is wrong.
//
// The castling field may be standard ("KQkq"), X-FEN or Shredder-FEN, so
// Chess960 positions read as well: a letter A-H (a-h for Black) names the
// file of the rook that castles, on the side of the king it stands on, and
// K or Q (k, q) names the outermost rook on that side of the king. A right
// whose king is not on its first rank, or whose rook is not there, is
// dropped silently; use ParseFENNotes to hear about it. A position whose
// castling king or rooks are not on the standard squares has Chess960 on.
func ParseFEN(fen string) (*Position, error) {
	p, _, err := ParseFENNotes(fen)
	return p, err
}

// ParseFENNotes is ParseFEN that also returns notes on what it corrected
// (castling rights dropped because the king or the rook is not there).
func ParseFENNotes(fen string) (*Position, []string, error) {
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return nil, nil, fmt.Errorf("FEN needs 4 to 6 space-separated fields (board, side, castling, en passant[, halfmove, fullmove]), got %d", len(fields))
	}
	p := &Position{ep: NoSquare, fullmove: 1}
	p.clearBoard()
	if err := p.parseBoard(fields[0]); err != nil {
		return nil, nil, err
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, nil, fmt.Errorf("side to move must be \"w\" or \"b\", got %q", fields[1])
	}
	notes, err := p.parseCastling(fields[2])
	if err != nil {
		return nil, nil, err
	}
	if err := p.parseEnPassant(fields[3]); err != nil {
		return nil, nil, err
	}
	if len(fields) >= 5 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > MaxFENCounter {
			return nil, nil, fmt.Errorf("halfmove clock must be a number from 0 to %d, got %q", MaxFENCounter, fields[4])
		}
		p.halfmove = n
	}
	if len(fields) == 6 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 0 || n > MaxFENCounter {
			return nil, nil, fmt.Errorf("fullmove number must be a number from 0 to %d, got %q", MaxFENCounter, fields[5])
		}
		p.fullmove = n
	}
	if p.IsAttacked(p.KingSquare(p.side^1), p.side) {
		return nil, nil, fmt.Errorf("the side not to move (%s) is in check", p.side^1)
	}
	p.key = p.ComputeKey()
	return p, notes, nil
}

// parseBoard reads the piece placement field and fills board, lists and
// counts.
func (p *Position) parseBoard(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("board needs 8 ranks separated by '/', got %d", len(ranks))
	}
	type placed struct {
		sq Square
		pc Piece
	}
	var kings [2][]Square
	var others []placed
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			pc, ok := pieceFromLetter(c)
			if !ok {
				return fmt.Errorf("rank %d: %q is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8", rank+1, c)
			}
			if file > 7 {
				return fmt.Errorf("rank %d has more than 8 squares", rank+1)
			}
			sq := NewSquare(file, rank)
			if pc.Kind() == Pawn && (rank == 0 || rank == 7) {
				return fmt.Errorf("a pawn stands on %s: pawns cannot be on the first or last rank", sq)
			}
			if pc.Kind() == King {
				kings[pc.Color()] = append(kings[pc.Color()], sq)
			} else {
				others = append(others, placed{sq, pc})
			}
			file++
		}
		if file != 8 {
			return fmt.Errorf("rank %d has %d squares, not 8", rank+1, file)
		}
	}
	for c := White; c <= Black; c++ {
		switch len(kings[c]) {
		case 0:
			return fmt.Errorf("%s has no king", c)
		case 1:
		default:
			return fmt.Errorf("%s has %d kings", c, len(kings[c]))
		}
	}
	var perSide, pawns [2]int
	for _, o := range others {
		perSide[o.pc.Color()]++
		if o.pc.Kind() == Pawn {
			pawns[o.pc.Color()]++
		}
	}
	for c := White; c <= Black; c++ {
		if perSide[c] > 15 {
			return fmt.Errorf("%s has %d pieces besides the king; at most 15 are possible", c, perSide[c])
		}
		if pawns[c] > 8 {
			return fmt.Errorf("%s has %d pawns; at most 8 are possible", c, pawns[c])
		}
	}
	// Kings first, so that each king sits in slot 0 of its list.
	p.put(kings[White][0], WKing)
	p.put(kings[Black][0], BKing)
	for _, o := range others {
		p.put(o.sq, o.pc)
	}
	return nil
}

// parseCastling reads the castling field (standard, X-FEN or Shredder-FEN;
// see ParseFEN), dropping rights whose king or rook is not there.
func (p *Position) parseCastling(s string) ([]string, error) {
	for sq := range p.castleMask {
		p.castleMask[sq] = AllCastle
	}
	if s == "-" {
		return nil, nil
	}
	var notes []string
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c &^ 0x20 // upper case
		if letter != 'K' && letter != 'Q' && (letter < 'A' || letter > 'H') {
			return nil, fmt.Errorf("castling field %q: %q is not one of K, Q, k, q or a rook's file (A-H, a-h)", s, c)
		}
		color, home := White, 0
		if c >= 'a' {
			color, home = Black, 7
		}
		ksq := p.KingSquare(color)
		if ksq.Rank() != home {
			notes = append(notes, fmt.Sprintf("castling right %c dropped: the %s king is not on rank %d", c, color, home+1))
			continue
		}
		rook := MakePiece(color, Rook)
		rsq := NoSquare
		switch letter {
		case 'K': // the outermost rook on the h-side of the king
			for f := 7; f > ksq.File() && rsq == NoSquare; f-- {
				if p.board[NewSquare(f, home)] == rook {
					rsq = NewSquare(f, home)
				}
			}
		case 'Q': // the outermost rook on the a-side
			for f := 0; f < ksq.File() && rsq == NoSquare; f++ {
				if p.board[NewSquare(f, home)] == rook {
					rsq = NewSquare(f, home)
				}
			}
		default:
			if sq := NewSquare(int(letter-'A'), home); p.board[sq] == rook {
				rsq = sq
			}
		}
		if rsq == NoSquare {
			var where string
			switch letter {
			case 'K':
				where = "on the king side of " + ksq.String()
			case 'Q':
				where = "on the queen side of " + ksq.String()
			default:
				where = "on " + NewSquare(int(letter-'A'), home).String()
			}
			notes = append(notes, fmt.Sprintf("castling right %c dropped: no %s rook %s", c, color, where))
			continue
		}
		right, side := 2*int(color), "king"
		if rsq < ksq {
			right, side = right+1, "queen"
		}
		if p.castle&(1<<right) != 0 {
			return nil, fmt.Errorf("castling field %q repeats %s's %s-side right", s, color, side)
		}
		p.setCastling(right, ksq, rsq)
	}
	return notes, nil
}

// parseEnPassant reads the en-passant field and checks that a pawn could
// just have pushed past the square.
func (p *Position) parseEnPassant(s string) error {
	if s == "-" {
		return nil
	}
	sq, err := ParseSquare(s)
	if err != nil {
		return fmt.Errorf("en-passant field: %v", err)
	}
	wantRank, pusher, dir := 5, BPawn, Square(south) // White to move: Black pushed
	if p.side == Black {
		wantRank, pusher, dir = 2, WPawn, north
	}
	if sq.Rank() != wantRank {
		return fmt.Errorf("en-passant square %s is on the wrong rank: with %s to move it must be on rank %d", sq, p.side, wantRank+1)
	}
	if p.board[sq] != Empty || p.board[sq-dir] != Empty || p.board[sq+dir] != pusher {
		return fmt.Errorf("en-passant square %s: no %s pawn could just have pushed two squares past it", sq, pusher.Color())
	}
	p.ep = sq
	return nil
}

// FEN returns the position in Forsyth-Edwards Notation, its castling
// rights in X-FEN: KQkq for every rook that is the outermost on its side of
// the king (so standard positions, and Chess960 start positions, read as
// usual), and the rook's file letter for any other.
func (p *Position) FEN() string { return p.fen(false) }

// Placement writes FEN's first field from a board of FEN piece letters
// indexed a1 = 0 ... h8 = 63 (0 for an empty square): ranks from 8 down,
// runs of empty squares as digits.
func Placement(board *[64]byte) string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			c := board[rank*8+file]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// ShredderFEN returns the position in Shredder-FEN: FEN whose castling
// rights always name the rooks' files ("HAha" for the standard position).
func (p *Position) ShredderFEN() string { return p.fen(true) }

// fen writes the FEN, the castling rights in Shredder-FEN when shredder is
// true, else in X-FEN.
func (p *Position) fen(shredder bool) string {
	var letters [64]byte
	for i := range letters {
		if pc := p.board[SquareFrom64(i)]; pc != Empty {
			letters[i] = pc.String()[0]
		}
	}
	var b strings.Builder
	b.WriteString(Placement(&letters))
	side := "w"
	if p.side == Black {
		side = "b"
	}
	fmt.Fprintf(&b, " %s %s %s %d %d", side, p.castlingField(shredder), p.ep,
		min(p.halfmove, MaxFENCounter), min(p.fullmove, MaxFENCounter))
	return b.String()
}

// castlingField writes the castling rights for FEN (see FEN and
// ShredderFEN): White's before Black's, the king side first.
func (p *Position) castlingField(shredder bool) string {
	var b []byte
	for i := range p.castlePlans {
		if p.castle&(1<<i) == 0 {
			continue
		}
		rsq := p.castlePlans[i].rookFrom
		letter := "KQkq"[i]
		if shredder || !p.outermostRook(i) {
			letter = byte('A' + rsq.File())
			if i >= 2 {
				letter = byte('a' + rsq.File())
			}
		}
		b = append(b, letter)
	}
	if len(b) == 0 {
		return "-"
	}
	return string(b)
}

// outermostRook reports whether the rook of the castling right with bit
// number i is the outermost of its colour on its side of the king, which
// X-FEN writes as K or Q.
func (p *Position) outermostRook(i int) bool {
	rsq := p.castlePlans[i&3].rookFrom
	rook := p.board[rsq]
	step := east
	if i&1 != 0 {
		step = west
	}
	for sq := rsq + step; sq.OnBoard(); sq += step {
		if p.board[sq] == rook {
			return false
		}
	}
	return true
}

// String returns the FEN.
func (p *Position) String() string { return p.FEN() }

// Board returns a text diagram of the position, White at the bottom.
func (p *Position) Board() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		fmt.Fprintf(&b, "%d ", rank+1)
		for file := 0; file < 8; file++ {
			b.WriteString(" " + p.board[NewSquare(file, rank)].String())
		}
		b.WriteByte('\n')
	}
	b.WriteString("   a b c d e f g h\n")
	return b.String()
}
