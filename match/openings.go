package match

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"ox88/chess"
	"ox88/game"
)

// Opening is where a game starts: a position and the moves played from it
// before the engines take over. EPD books give positions; PGN books give
// moves from the standard start, which engines that cannot set up a
// position (xboard's setboard=0, as Fairy-Max) can still be fed.
type Opening struct {
	FEN   string   // the start position
	Moves []string // UCI moves played from it before the engines think
	// ECO and Name are the ECO and Opening tags of a PGN opening file's
	// game, when it gives them; a game's own moves name the rest
	// (opening.Classify, in pgnText).
	ECO, Name string
}

// maxOpeningLine bounds one line of a PGN opening file.
const maxOpeningLine = 1 << 20

// LoadOpenings reads an opening book: PGN when the name ends in .pgn, EPD
// (one position per line, its first four fields, and the move counters
// when they follow, then any operations) otherwise. plies > 0 cuts each
// PGN opening to that many moves.
func LoadOpenings(path string, plies int) ([]Opening, error) {
	return loadOpenings(path, "", plies)
}

// loadOpenings is LoadOpenings with the format given: "pgn", "epd", or ""
// to go by the file's name.
func loadOpenings(path, format string, plies int) ([]Opening, error) {
	if format == "" {
		format = "epd"
		if strings.HasSuffix(strings.ToLower(path), ".pgn") {
			format = "pgn"
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ops []Opening
	if format == "pgn" {
		ops, err = readPGNOpenings(bufio.NewReader(f), plies)
	} else {
		ops, err = readEPDOpenings(f)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("%s: no openings", path)
	}
	return ops, nil
}

// readEPDOpenings reads one position per line (chess.ReadEPD); blank
// lines and lines starting with # are skipped.
func readEPDOpenings(f *os.File) ([]Opening, error) {
	epds, err := chess.ReadEPD(f)
	if err != nil {
		return nil, err
	}
	ops := make([]Opening, len(epds))
	for i, e := range epds {
		ops[i] = Opening{FEN: e.Pos.FEN()}
	}
	return ops, nil
}

// readPGNOpenings reads a PGN book one game at a time (package game parses
// each), keeping only the start and the moves: a whole book held as games
// would cost a position per ply.
func readPGNOpenings(r *bufio.Reader, plies int) ([]Opening, error) {
	var ops []Opening
	var chunk strings.Builder
	seenMoves := false
	lineNo, chunkLine := 0, 1
	flush := func() error {
		text := chunk.String()
		chunk.Reset()
		seenMoves = false
		if strings.TrimSpace(text) == "" {
			return nil
		}
		games, err := game.ParsePGN(text)
		if err != nil {
			return fmt.Errorf("game starting at line %d: %w", chunkLine, err)
		}
		for _, g := range games {
			start := g.Start()
			op := Opening{FEN: start.FEN(), ECO: g.Tag("ECO"), Name: g.Tag("Opening")}
			for i, m := range g.AllMoves() {
				if plies > 0 && i >= plies {
					break
				}
				op.Moves = append(op.Moves, m.String())
			}
			ops = append(ops, op)
		}
		return nil
	}
	for {
		line, err := r.ReadString('\n')
		if line != "" {
			lineNo++
			t := strings.TrimSpace(line)
			if strings.HasPrefix(t, "[") && seenMoves {
				if ferr := flush(); ferr != nil {
					return nil, ferr
				}
				chunkLine = lineNo
			}
			if t != "" && !strings.HasPrefix(t, "[") && !strings.HasPrefix(t, "%") {
				seenMoves = true
			}
			if chunk.Len() > maxOpeningLine*8 {
				return nil, fmt.Errorf("game starting at line %d is too long for an opening", chunkLine)
			}
			chunk.WriteString(line)
		}
		if err != nil {
			break
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return ops, nil
}

// openingPicker hands out openings: sequentially from the first, or in a
// random order fixed by the seed. Pair k (0-based) of every pairing gets
// the same opening, so each engine meets the same positions.
type openingPicker struct {
	book  []Opening
	order []int
}

func newOpeningPicker(book []Opening, random bool, seed uint64) *openingPicker {
	if len(book) == 0 {
		book = []Opening{{FEN: chess.StartFEN}}
	}
	order := make([]int, len(book))
	for i := range order {
		order[i] = i
	}
	if random {
		rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	return &openingPicker{book: book, order: order}
}

// forPair returns the opening of pair k.
func (o *openingPicker) forPair(k int) Opening { return o.book[o.order[k%len(o.order)]] }
