package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"ox88/eval"
	"ox88/internal/atomicfile"
	"ox88/nnue"
)

func init() {
	commands["tune"] = command{"fit the evaluation's weights to game results (Texel tuning)", runTune}
}

func runTune(args []string) int {
	fs := newFlagSet("tune", `usage: ox88 tune --out FILE [--epochs N] [--l2 X] DATA...

Fits the evaluation's weights to the results of the games that the
training positions come from (Texel's method) and writes the weights as
Go declarations that replace those of the same names in eval/tables.go
and eval/eval.go. DATA are files of marlinformat records (ox88 datagen
writes them) or, when the name ends in .txt, lines "FEN;result" with the
result 1, 0.5 or 0 for White. Progress and an ETA go to stderr.`)
	out := fs.String("out", "", "file to write the tuned weights to, as Go declarations")
	epochs := fs.Int("epochs", 3000, "full-batch Adam steps")
	l2 := fs.Float64("l2", eval.DefaultL2, "pull of every weight toward its current value (0: none)")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if *out == "" || fs.NArg() == 0 || *epochs <= 0 || *l2 < 0 {
		return badUsage("tune", "needs --out, a data file, epochs above 0 and l2 not below 0")
	}
	tuner := eval.NewTuner()
	read, start := 0, time.Now()
	for _, name := range fs.Args() {
		readFile := nnue.ReadRecords
		if strings.HasSuffix(name, ".txt") {
			readFile = nnue.ReadTextRecords
		}
		recs, err := readFile(name)
		if err != nil {
			return runError("tune", err)
		}
		for i := range recs {
			if err := addRecord(tuner, &recs[i]); err != nil {
				fmt.Fprintf(os.Stderr, "ox88 tune: %s: record %d: %v\n", name, i+1, err)
				return 1
			}
			if read++; read%100000 == 0 {
				fmt.Fprintf(os.Stderr, "tune: %d positions read (%s)\n", read, time.Since(start).Round(time.Second))
			}
		}
	}
	train, held := tuner.Positions()
	fmt.Fprintf(os.Stderr, "tune: %d positions read, %d to train on, %d held out\n", read, train, held)
	res, err := tuner.Fit(eval.TuneConfig{Epochs: *epochs, L2: *l2, Progress: os.Stderr})
	if err != nil {
		return runError("tune", err)
	}
	if err := atomicfile.WriteFile(*out, res.Source()); err != nil {
		return runError("tune", err)
	}
	fmt.Printf("K %.4f, loss %.6f -> %.6f, held out %.6f -> %.6f; weights in %s\n",
		res.K, res.TrainLoss[0], res.TrainLoss[1], res.HeldLoss[0], res.HeldLoss[1], *out)
	return 0
}

// addRecord gives the tuner a record's position and White's points: the
// stored result is 0, 1 or 2 for a Black win, a draw, a White win.
func addRecord(tuner *eval.Tuner, r *nnue.Record) error {
	if r.Result() > nnue.WhiteWon {
		return fmt.Errorf("result %d is not 0, 1 or 2", r.Result())
	}
	pos, err := r.Position()
	if err != nil {
		return err
	}
	_, err = tuner.Add(pos, float64(r.Result())/2)
	return err
}
