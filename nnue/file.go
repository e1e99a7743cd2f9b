package nnue

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"ox88/chess"
)

// textResults are the results of the text format, White's points.
var textResults = map[string]uint8{"1": WhiteWon, "0.5": Drawn, "0": BlackWon}

// ReadTextRecords reads a file of lines "FEN;result", the result 1, 0.5 or
// 0 for White (the format the evaluation tuner read before datagen
// existed), each packed into a Record with the score 0.
func ReadTextRecords(name string) ([]Record, error) {
	file, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	var recs []Record
	sc := bufio.NewScanner(file)
	for line := 1; sc.Scan(); line++ {
		fen, res, _ := strings.Cut(sc.Text(), ";")
		result, ok := textResults[strings.TrimSpace(res)]
		if !ok {
			return nil, fmt.Errorf("%s:%d: want \"FEN;result\" with the result 1, 0.5 or 0, got %q", name, line, sc.Text())
		}
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		recs = append(recs, Pack(pos, 0, result))
	}
	return recs, sc.Err()
}

// Position returns the record's position.
func (r *Record) Position() (*chess.Position, error) {
	fen, err := r.FEN()
	if err != nil {
		return nil, err
	}
	return chess.ParseFEN(fen)
}
