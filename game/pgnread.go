package game

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"ox88/chess"
)

// maxPGNBytes bounds what ReadPGN reads, so a wrong file cannot eat memory.
const maxPGNBytes = 64 << 20

// ReadPGN reads every game from r (see ParsePGN).
func ReadPGN(r io.Reader) ([]*Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxPGNBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxPGNBytes {
		return nil, fmt.Errorf("PGN input is larger than %d MB", maxPGNBytes>>20)
	}
	return ParsePGN(string(data))
}

// ReadPGNFile is ReadPGN of the named file; its errors start with the
// name.
func ReadPGNFile(name string) ([]*Game, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games, err := ReadPGN(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return games, nil
}

// ParsePGN reads every game in text. It is lenient where the meaning is
// clear: move numbers may be missing or glued to the move ("1.e4"), SAN
// may lack check marks or use 0-0, NAGs and annotation marks ("?!") are
// kept as NAGs (see AddNAG), variations nested to maxVariationDepth are
// read into the game tree (their moves must be legal), a missing result is "*", and a game without tags
// is fine. Anything it cannot read is an error that names the line and
// the reason; no game is returned then.
func ParsePGN(text string) ([]*Game, error) {
	p := &pgnParser{text: text, line: 1}
	var games []*Game
	for {
		g, err := p.game()
		if err != nil {
			return nil, err
		}
		if g == nil {
			break
		}
		games = append(games, g)
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("no game found in the PGN text")
	}
	return games, nil
}

// pgnParser walks the text once, keeping the line number for errors.
type pgnParser struct {
	text string
	pos  int
	line int
	// cutAtTags: text is a piece of a stream that ends where the next
	// game's tags begin (PGNReader).
	cutAtTags bool
}

// errorf returns an error that names line.
func (p *pgnParser) errorf(line int, format string, args ...any) error {
	return fmt.Errorf("PGN line %d: %s", line, fmt.Sprintf(format, args...))
}

// skipSpace skips white space and "%" escape lines.
func (p *pgnParser) skipSpace() {
	for p.pos < len(p.text) {
		c := p.text[p.pos]
		switch {
		case c == '\n':
			p.line++
			p.pos++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			p.pos++
		case c == '%' && (p.pos == 0 || p.text[p.pos-1] == '\n'):
			p.skipLine()
		case c == 0xef && strings.HasPrefix(p.text[p.pos:], "\ufeff"):
			p.pos += 3 // a byte order mark
		default:
			return
		}
	}
}

// skipLine skips to the end of the line (the newline stays).
func (p *pgnParser) skipLine() {
	for p.pos < len(p.text) && p.text[p.pos] != '\n' {
		p.pos++
	}
}

// game reads the next game, or returns nil at the end of the text.
func (p *pgnParser) game() (*Game, error) {
	p.skipSpace()
	if p.pos >= len(p.text) {
		return nil, nil
	}
	startLine := p.line
	var tags []tag
	for {
		p.skipSpace()
		if p.pos >= len(p.text) || p.text[p.pos] != '[' {
			break
		}
		t, err := p.tagPair()
		if err != nil {
			return nil, err
		}
		tags = append(tags, t)
	}
	var g *Game
	for _, t := range tags {
		if t.key == "FEN" {
			var err error
			if g, err = NewFromFEN(t.value); err != nil {
				return nil, p.errorf(startLine, "bad FEN tag: %v", err)
			}
		}
	}
	if g == nil {
		g = New(nil)
	}
	for _, t := range tags {
		chess960 := t.key == "Variant" && isChess960(t.value)
		if chess960 {
			g.setChess960() // the tag is written from it
		}
		if t.key != "Result" && t.key != "SetUp" && t.key != "FEN" && !chess960 {
			g.SetTag(t.key, t.value)
		}
	}
	result, err := p.movetext(g)
	if err != nil {
		return nil, err
	}
	if result == NoResult {
		for _, t := range tags {
			if t.key == "Result" {
				result = Result(t.value)
			}
		}
	}
	finish(g, result)
	return g, nil
}

// tagPair reads `[Key "value"]`.
func (p *pgnParser) tagPair() (tag, error) {
	line := p.line
	p.pos++ // '['
	p.skipSpace()
	start := p.pos
	for p.pos < len(p.text) && isSymbolByte(p.text[p.pos]) {
		p.pos++
	}
	key := p.text[start:p.pos]
	if key == "" {
		return tag{}, p.errorf(line, "a tag must start with a name, as in [Event \"...\"]")
	}
	p.skipSpace()
	if p.pos >= len(p.text) || p.text[p.pos] != '"' {
		return tag{}, p.errorf(line, "tag %s: the value must be in double quotes", key)
	}
	p.pos++
	var v strings.Builder
	for {
		if p.pos >= len(p.text) || p.text[p.pos] == '\n' {
			return tag{}, p.errorf(line, "tag %s: the value has no closing quote", key)
		}
		c := p.text[p.pos]
		p.pos++
		if c == '"' {
			break
		}
		if c == '\\' && p.pos < len(p.text) && (p.text[p.pos] == '"' || p.text[p.pos] == '\\') {
			c = p.text[p.pos]
			p.pos++
		}
		v.WriteByte(c)
	}
	p.skipSpace()
	if p.pos >= len(p.text) || p.text[p.pos] != ']' {
		return tag{}, p.errorf(line, "tag %s: missing ]", key)
	}
	p.pos++
	return tag{key, v.String()}, nil
}

// isSymbolByte reports whether c can be part of a PGN symbol (a move, a
// move number, a result or a tag name).
func isSymbolByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		strings.IndexByte("_+#=:-/", c) >= 0
}

// maxVariationDepth bounds how deep variations nest, in PGN and in paths.
const maxVariationDepth = 64

// pgnFrame is a variation being read: the line, the position at its end
// and before its last move.
type pgnFrame struct {
	ln          *line
	pos, before chess.Position
	line        int // where its ( stands
}

// movetext reads moves, comments and variations up to the result (or the
// next game's tags, or the end), playing the main line on g and building
// its variations.
func (p *pgnParser) movetext(g *Game) (Result, error) {
	var stack []*pgnFrame // the open variations, innermost last
	for {
		p.skipSpace()
		if p.pos >= len(p.text) {
			break
		}
		at := p.line
		c := p.text[p.pos]
		var top *pgnFrame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch {
		case c == '[':
			if top != nil {
				return NoResult, p.errorf(stack[0].line, "variation not closed before the next game's tags")
			}
			return NoResult, nil // the next game's tags: this one had no result
		case c == '{':
			end := strings.IndexByte(p.text[p.pos:], '}')
			if end < 0 {
				return NoResult, p.errorf(at, "comment { has no closing }")
			}
			body := p.text[p.pos+1 : p.pos+end]
			p.line += strings.Count(body, "\n")
			p.pos += end + 1
			if top == nil {
				addComment(g, body)
			} else {
				top.ln.addComment(len(top.ln.moves), body)
			}
		case c == ';':
			start := p.pos + 1
			p.skipLine()
			if top == nil {
				addComment(g, p.text[start:p.pos])
			} else {
				top.ln.addComment(len(top.ln.moves), p.text[start:p.pos])
			}
		case c == '(':
			if len(stack) >= maxVariationDepth {
				return NoResult, p.errorf(at, "variations nest deeper than %d", maxVariationDepth)
			}
			v := &pgnFrame{ln: &line{}, line: at}
			switch {
			case top == nil && g.Ply() == 0, top != nil && len(top.ln.moves) == 0:
				return NoResult, p.errorf(at, "a variation ( must follow the move it is played instead of")
			case top == nil:
				v.pos = g.PositionAt(g.Ply() - 1)
				g.variations[g.Ply()] = append(g.variations[g.Ply()], v.ln)
			default:
				v.pos = top.before
				top.ln.addVariation(len(top.ln.moves), v.ln)
			}
			stack = append(stack, v)
			p.pos++
		case c == ')':
			if top == nil {
				return NoResult, p.errorf(at, "unexpected ) with no variation open")
			}
			if len(top.ln.moves) == 0 {
				return NoResult, p.errorf(top.line, "an empty variation ()")
			}
			stack = stack[:len(stack)-1]
			p.pos++
		case c == '$':
			p.pos++
			start := p.pos
			for p.pos < len(p.text) && p.text[p.pos] >= '0' && p.text[p.pos] <= '9' {
				p.pos++
			}
			if p.pos == start {
				return NoResult, p.errorf(at, "$ must be followed by a number (a NAG)")
			}
			if nag, err := strconv.Atoi(p.text[start:p.pos]); err == nil {
				p.addNAG(g, top, nag) // refused (and dropped) before the first move or above 255
			}
		case c == '!' || c == '?':
			start := p.pos
			for p.pos < len(p.text) && (p.text[p.pos] == '!' || p.text[p.pos] == '?') {
				p.pos++
			}
			if nag, ok := suffixNAGs[p.text[start:p.pos]]; ok {
				p.addNAG(g, top, nag) // an unknown run such as "!!!" is dropped
			}
		case c == '.':
			p.pos++ // the dots of move numbers
		case c == '*':
			p.pos++
			if top == nil {
				return NoResult, nil
			}
		case isSymbolByte(c):
			start := p.pos
			for p.pos < len(p.text) && isSymbolByte(p.text[p.pos]) {
				p.pos++
			}
			tok := p.text[start:p.pos]
			if r := Result(tok); r == WhiteWins || r == BlackWins || r == Draw {
				if top != nil {
					return NoResult, p.errorf(stack[0].line, "variation not closed before the result %s", tok)
				}
				return r, nil
			}
			if isMoveNumber(tok) {
				continue
			}
			if top != nil {
				m, err := top.pos.ParseMove(tok)
				if err != nil {
					return NoResult, p.errorf(at, "variation move %s %s: %v", moveNumberText(&top.pos), tok, err)
				}
				top.before = top.pos
				top.ln.push(&top.pos, m)
				top.pos.MakeMove(m)
				continue
			}
			if _, err := g.PlayString(tok); err != nil {
				pos := g.Position()
				return NoResult, p.errorf(at, "move %s %s: %v", moveNumberText(&pos), tok, err)
			}
		default:
			return NoResult, p.errorf(at, "unexpected character %q", c)
		}
	}
	if len(stack) > 0 && p.cutAtTags {
		return NoResult, p.errorf(stack[0].line, "variation not closed before the next game's tags")
	}
	if len(stack) > 0 {
		return NoResult, p.errorf(stack[0].line, "variation ( is never closed")
	}
	return NoResult, nil
}

// addNAG adds a NAG to the last move read, of the main line or of the
// innermost open variation.
func (p *pgnParser) addNAG(g *Game, top *pgnFrame, nag int) {
	if top == nil {
		g.AddNAG(g.Ply(), nag)
		return
	}
	top.ln.addNAG(len(top.ln.moves), nag)
}

// moveNumberText writes the number of the move to play in pos: "2." or
// "2...".
func moveNumberText(pos *chess.Position) string {
	if pos.SideToMove() == chess.White {
		return strconv.Itoa(pos.FullmoveNumber()) + "."
	}
	return strconv.Itoa(pos.FullmoveNumber()) + "..."
}

// isMoveNumber reports whether tok is all digits (the "12" of "12.").
func isMoveNumber(tok string) bool {
	for i := 0; i < len(tok); i++ {
		if tok[i] < '0' || tok[i] > '9' {
			return false
		}
	}
	return true
}

// addComment attaches a comment to the last move played (or before the
// first move), joining it to one already there.
func addComment(g *Game, text string) {
	text = strings.Join(strings.Fields(text), " ")
	if text == "" {
		return
	}
	if old := g.Comment(g.Ply()); old != "" {
		text = old + " " + text
	}
	g.SetComment(g.Ply(), text)
}

// terminations maps the PGN Termination tag to a reason.
var terminations = map[string]Reason{
	"time forfeit":     Timeout,
	"adjudication":     Adjudication,
	"abandoned":        Abandoned,
	"rules infraction": IllegalMove,
	"emergency":        Crash,
}

// finish sets the outcome a PGN result gives, when the board does not show
// it already. The board wins over the text: a mate is a mate.
func finish(g *Game, result Result) {
	if result != WhiteWins && result != BlackWins && result != Draw {
		return
	}
	if g.Outcome().Over() {
		return
	}
	// Without a Termination tag the reason is unknown (a resignation, an
	// agreed draw, a forfeit...), and the outcome says only who won.
	g.SetOutcome(NewOutcome(result, terminations[strings.ToLower(g.Tag("Termination"))]))
}
