package game

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"strings"
)

// PGNReader reads games from a PGN stream one at a time, so a file of any
// number of games is read in the memory of one game's text and the game
// made from it (ReadPGN holds them all: 20,000 short games once took 870
// MB before the first was looked at). It cuts the stream into games at a
// tag line that follows movetext, outside a {comment}, and reads each
// piece as ParsePGN does; an error names the line in the whole stream.
type PGNReader struct {
	r       *bufio.Reader
	line    int     // lines read so far
	pending string  // a tag line read ahead: the next game's first
	games   []*Game // games parsed from the last piece, not yet returned
	n       int     // games returned
	err     error   // the error to return from now on
	buf     strings.Builder
}

// maxGameBytes bounds one game's text (its tags, moves and comments), so
// a file without any game structure cannot eat memory: 8 MB is thirty
// times a 35,000-ply game's text (a file of 200,000 tag lines and no
// moves, 22 MB, once took 120 MB as one game).
const maxGameBytes = 8 << 20

// NewPGNReader returns a reader of the games in r.
func NewPGNReader(r io.Reader) *PGNReader {
	return &PGNReader{r: bufio.NewReaderSize(r, 64<<10)}
}

// Next returns the next game, or io.EOF after the last one. A stream
// without any game is an error, as in ParsePGN; so is a game that cannot
// be read, after which Next returns the same error again.
func (p *PGNReader) Next() (*Game, error) {
	for len(p.games) == 0 {
		if p.err != nil {
			return nil, p.err
		}
		text, startLine, err := p.piece()
		if err != nil && err != io.EOF {
			p.err = err
			return nil, err
		}
		if strings.TrimSpace(text) != "" {
			pp := &pgnParser{text: text, line: startLine, cutAtTags: err == nil}
			for {
				g, perr := pp.game()
				if perr != nil {
					p.err, p.games = perr, nil
					return nil, perr
				}
				if g == nil {
					break
				}
				p.games = append(p.games, g)
			}
		}
		if err == io.EOF && len(p.games) == 0 {
			p.err = io.EOF
			if p.n == 0 {
				p.err = errors.New("no game found in the PGN text")
			}
		}
	}
	g := p.games[0]
	p.games[0] = nil
	p.games = p.games[1:]
	p.n++
	return g, nil
}

// Games iterates over the games; an error ends the iteration (io.EOF is
// not an error).
func (p *PGNReader) Games() iter.Seq2[*Game, error] {
	return func(yield func(*Game, error) bool) {
		for {
			g, err := p.Next()
			if err == io.EOF {
				return
			}
			if !yield(g, err) || err != nil {
				return
			}
		}
	}
}

// piece reads the text of the next game (tags, then movetext up to the
// next tag line outside a comment) and the line it starts on; io.EOF with
// the last piece.
func (p *PGNReader) piece() (string, int, error) {
	p.buf.Reset()
	startLine := p.line + 1
	if p.pending != "" {
		p.buf.WriteString(p.pending)
		startLine = p.line
		p.pending = ""
	}
	inComment, seenMoves := false, false
	for {
		line, err := p.r.ReadString('\n')
		if line != "" {
			p.line++
			if !inComment && seenMoves && strings.HasPrefix(strings.TrimLeft(line, " \t\r\ufeff"), "[") {
				p.pending = line
				return p.buf.String(), startLine, nil
			}
			if p.buf.Len()+len(line) > maxGameBytes {
				return "", 0, fmt.Errorf("PGN line %d: a game's text is larger than %d MB", startLine, maxGameBytes>>20)
			}
			p.buf.WriteString(line)
			inComment, seenMoves = scanPGNLine(line, inComment, seenMoves)
		}
		if err != nil {
			if err == io.EOF {
				return p.buf.String(), startLine, io.EOF
			}
			return "", 0, err
		}
	}
}

// scanPGNLine follows a line's {comments} and reports whether the line
// ends inside one and whether movetext has begun (anything but a tag
// line, white space, a % escape or a comment).
func scanPGNLine(line string, inComment, seenMoves bool) (bool, bool) {
	t := strings.TrimLeft(line, " \t\r\ufeff")
	if !inComment && (strings.HasPrefix(t, "[") || strings.HasPrefix(t, "%")) {
		return false, seenMoves
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case inComment:
			if c == '}' {
				inComment = false
			}
		case c == '{':
			inComment = true
		case c == ';':
			return false, seenMoves
		case c != ' ' && c != '\t' && c != '\r' && c != '\n':
			seenMoves = true
		}
	}
	return inComment, seenMoves
}

// EachPGNGame calls each for every game of the named file in turn, reading
// the next only after each returns; an error from reading (prefixed with
// the name) or from each ends it.
func EachPGNGame(name string, each func(i int, g *Game) error) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	r := NewPGNReader(f)
	for i := 0; ; i++ {
		g, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := each(i, g); err != nil {
			return err
		}
	}
}
