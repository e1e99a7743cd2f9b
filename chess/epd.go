package chess

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// EPD is one line of an Extended Position Description file: a position and
// the operations that follow it. The position is a FEN's first four fields,
// with the halfmove clock and fullmove number after them when both are
// there; an operation is an opcode and its operands, ended by a semicolon
// (the last may leave it out), and an operand in double quotes may hold
// spaces and semicolons. Test suites and perft suites are both EPD:
//
//	2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";
//	rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400
//
// ParseEPD checks and decodes the operations ox88 uses (bm, am, id and the
// perft counts D1, D2, ...) and keeps every operation in Ops.
type EPD struct {
	Pos   *Position
	Ops   []EPDOp      // every operation, in the order of the line
	ID    string       // the operand of id, "" without one
	Best  []Move       // bm: the moves that solve a test position
	Avoid []Move       // am: the moves that fail it
	Perft []PerftCount // Dn: perft counts, in the order of the line
	Line  int          // the line number in its file (ReadEPD); 0 from ParseEPD
}

// EPDOp is one operation of an EPD line: its opcode and its operands,
// quotes removed.
type EPDOp struct {
	Opcode   string
	Operands []string
}

// maxEPDLine bounds one line of an EPD file.
const maxEPDLine = 1 << 20

// maxEPDPerftDepth bounds the depth of a Dn count: perft allocates a move
// list per ply, and no published count goes near it.
const maxEPDPerftDepth = 32

// epdToken is one word of an EPD line, or one semicolon, or one quoted
// operand (which may hold spaces and semicolons).
type epdToken struct {
	text   string
	quoted bool
}

// isEnd reports whether t is a semicolon that ends an operation.
func (t epdToken) isEnd() bool { return t.text == ";" && !t.quoted }

// isWord reports whether t is a bare word: neither quoted nor a semicolon.
func (t epdToken) isWord() bool { return !t.quoted && t.text != ";" }

// ParseEPD reads one EPD line. Anything malformed is an error that says
// what is wrong: a bad position, an opcode that does not start with a
// letter, an opcode given twice, an unclosed quote, a bm or am move that is
// not legal in the position, a perft count that is not a number.
func ParseEPD(line string) (*EPD, error) {
	toks, err := epdTokens(line)
	if err != nil {
		return nil, err
	}
	n := 0
	for n < 4 && n < len(toks) && toks[n].isWord() {
		n++
	}
	if n < 4 {
		return nil, fmt.Errorf("an EPD line starts with a FEN's four fields (board, side, castling, en passant), got %d", n)
	}
	if len(toks) >= 6 && toks[4].isWord() && isDigits(toks[4].text) && toks[5].isWord() && isDigits(toks[5].text) {
		n = 6 // the halfmove clock and fullmove number
	}
	fen := make([]string, n)
	for i := range fen {
		fen[i] = toks[i].text
	}
	pos, err := ParseFEN(strings.Join(fen, " "))
	if err != nil {
		return nil, err
	}
	e := &EPD{Pos: pos}
	for rest := toks[n:]; len(rest) > 0; {
		end := 0
		for end < len(rest) && !rest[end].isEnd() {
			end++
		}
		if end > 0 { // ";;" and the perft suites' leading ";" are empty operations
			if err := e.addOp(rest[:end]); err != nil {
				return nil, err
			}
		}
		rest = rest[min(end+1, len(rest)):]
	}
	return e, nil
}

// epdTokens splits an EPD line into words, semicolons and quoted operands.
func epdTokens(line string) ([]epdToken, error) {
	var toks []epdToken
	for i := 0; i < len(line); {
		switch c := line[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == ';':
			toks = append(toks, epdToken{text: ";"})
			i++
		case c == '"':
			end := strings.IndexByte(line[i+1:], '"')
			if end < 0 {
				return nil, fmt.Errorf("the quoted operand at column %d is never closed", i+1)
			}
			toks = append(toks, epdToken{text: line[i+1 : i+1+end], quoted: true})
			i += end + 2
		default:
			j := i
			for j < len(line) && !strings.ContainsRune(" \t\r\n;\"", rune(line[j])) {
				j++
			}
			toks = append(toks, epdToken{text: line[i:j]})
			i = j
		}
	}
	return toks, nil
}

// addOp checks one operation, decodes it when ox88 knows its opcode, and
// appends it to e.Ops.
func (e *EPD) addOp(toks []epdToken) error {
	op := EPDOp{Opcode: toks[0].text}
	if !toks[0].isWord() || !isOpcode(op.Opcode) {
		return fmt.Errorf("%q is not an opcode (a letter, then letters, digits or _)", op.Opcode)
	}
	for _, o := range e.Ops {
		if o.Opcode == op.Opcode {
			return fmt.Errorf("opcode %s is given twice", op.Opcode)
		}
	}
	for _, t := range toks[1:] {
		op.Operands = append(op.Operands, t.text)
	}
	e.Ops = append(e.Ops, op)
	switch {
	case op.Opcode == "bm" || op.Opcode == "am":
		if len(op.Operands) == 0 {
			return fmt.Errorf("%s needs at least one move", op.Opcode)
		}
		for _, san := range op.Operands {
			m, err := e.Pos.ParseSAN(strings.TrimRight(san, ",")) // some suites separate moves with commas
			if err != nil {
				return fmt.Errorf("%s: %v", op.Opcode, err)
			}
			if op.Opcode == "bm" {
				e.Best = append(e.Best, m)
			} else {
				e.Avoid = append(e.Avoid, m)
			}
		}
	case op.Opcode == "id":
		if len(op.Operands) != 1 {
			return fmt.Errorf("id needs one operand, got %d", len(op.Operands))
		}
		e.ID = op.Operands[0]
	case op.Opcode[0] == 'D' && isDigits(op.Opcode[1:]):
		depth, err := strconv.Atoi(op.Opcode[1:])
		if err != nil || depth < 1 || depth > maxEPDPerftDepth {
			return fmt.Errorf("%s: the perft depth must be 1 to %d", op.Opcode, maxEPDPerftDepth)
		}
		if len(op.Operands) != 1 {
			return fmt.Errorf("%s needs one count, got %d operands", op.Opcode, len(op.Operands))
		}
		nodes, err := strconv.ParseUint(op.Operands[0], 10, 64)
		if err != nil {
			return fmt.Errorf("%s: the count %q is not a number", op.Opcode, op.Operands[0])
		}
		e.Perft = append(e.Perft, PerftCount{depth, nodes})
	}
	return nil
}

// isOpcode reports whether s is an EPD opcode: a letter, then letters,
// digits or underscores.
func isOpcode(s string) bool {
	for i, c := range s {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c != '_' && (c < '0' || c > '9')) {
			return false
		}
	}
	return s != ""
}

// isDigits reports whether s is one or more decimal digits.
func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// ReadEPD reads an EPD file, one position per line; blank lines and lines
// that start with # are skipped. A malformed line is an error that names
// it.
func ReadEPD(r io.Reader) ([]*EPD, error) {
	var out []*EPD
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxEPDLine)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		e, err := ParseEPD(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		e.Line = n
		out = append(out, e)
	}
	return out, sc.Err()
}

// ReadEPDFile is ReadEPD of the named file; its errors start with the name.
func ReadEPDFile(name string) ([]*EPD, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	epds, err := ReadEPD(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return epds, nil
}
