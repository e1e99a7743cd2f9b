package main

import (
	"fmt"
	"os"
	"runtime"

	"ox88/chess"
	"ox88/eval"
	"ox88/nnue"
)

func init() {
	commands["train"] = command{"train a network on datagen records (pure Go, all cores)", runTrain}
}

func runTrain(args []string) int {
	fs := newFlagSet("train", `usage: ox88 train --out NET.bin [flags] DATA.bin [DATA.bin ...]

Trains the 768 -> 256x2 -> 1 network on the records ox88 datagen writes
(several files are read as one) with Adam on the squared error of the
expected score, and writes the quantised net (load it with EvalFile).
Progress and losses go to stderr.`)
	out := fs.String("out", "", "the quantised net, written after every epoch (see --keep-best)")
	keepBest := fs.Bool("keep-best", true, "write the net only after an epoch with the lowest validation loss so far (false: after every epoch)")
	ckpt := fs.String("checkpoint", "", "float weights and optimiser state, written after every epoch (default OUT.ckpt)")
	resume := fs.Bool("resume", false, "continue from the checkpoint")
	epochs := fs.Int("epochs", 10, "passes over the data")
	batch := fs.Int("batch", 16384, "positions per optimiser step")
	lr := fs.Float64("lr", 0.001, "Adam's step size at the start")
	finalLR := fs.Float64("final-lr", 0, "step size of the last epoch (default lr/20; decays geometrically)")
	wdl := fs.Float64("wdl", 0, "weight of the game result in the target, 0 to 1 (the rest: the search score; keep 0 on fewer than hundreds of thousands of games)")
	val := fs.Float64("val", 0.02, "share of positions held out for validation: the last ones, from games the training never sees")
	threads := fs.Int("threads", runtime.NumCPU(), "worker goroutines")
	seed := fs.Uint64("seed", 1, "shuffles and initial weights")
	mirror := fs.Bool("mirror", true, "train positions without castling rights mirrored left to right in about half the epochs")
	yardstick := fs.Bool("yardstick", true, "first print the validation loss of the hand-written evaluation's static score")
	buckets := fs.Int("buckets", 1, "output layers chosen by the material on the board: 1, or 8")
	kingMirror := fs.Bool("king-mirror", false, "a king-mirrored net: each side sees the board mirrored while its king is on files e-h")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if *out == "" || fs.NArg() == 0 {
		return usageError(fs)
	}
	if *buckets != 1 && *buckets != nnue.OutputBuckets {
		fmt.Fprintf(os.Stderr, "train: --buckets %d: a net has 1 or %d output layers\n", *buckets, nnue.OutputBuckets)
		return 2
	}
	if *ckpt == "" {
		*ckpt = *out + ".ckpt"
	}
	var recs []nnue.Record
	for _, name := range fs.Args() {
		r, err := nnue.ReadRecords(name)
		if err != nil {
			return runError("train", err)
		}
		recs = append(recs, r...)
	}
	fmt.Fprintf(os.Stderr, "train: %d positions from %d file(s)\n", len(recs), fs.NArg())
	cfg := nnue.TrainConfig{Epochs: *epochs, BatchSize: *batch, LR: *lr, FinalLR: *finalLR, WDL: *wdl, ValFrac: *val,
		Threads: *threads, Seed: *seed, Mirror: *mirror, KingMirror: *kingMirror, Buckets: *buckets, Checkpoint: *ckpt, Out: *out, KeepBest: *keepBest, Progress: os.Stderr}
	tr := nnue.NewTrainer(cfg)
	if *resume {
		var err error
		if tr, err = nnue.Resume(*ckpt, cfg); err != nil {
			return runError("train", err)
		}
	}
	if *yardstick {
		hce := tr.StaticLoss(recs, func(r *nnue.Record) (int, bool) {
			fen, err := r.FEN()
			if err != nil {
				return 0, false
			}
			pos, err := chess.ParseFEN(fen)
			if err != nil {
				return 0, false
			}
			return eval.Evaluate(pos), true
		})
		fmt.Fprintf(os.Stderr, "train: validation loss of the hand-written evaluation's static score: %.5f (the yardstick)\n", hce)
	}
	stats, err := tr.Train(recs)
	if err != nil {
		return runError("train", err)
	}
	for _, s := range stats {
		saved := ""
		if s.Saved {
			saved = " saved"
		}
		fmt.Printf("epoch %d train %.6f validation %.6f lr %.6f time %s%s\n", s.Epoch, s.TrainLoss, s.ValLoss, s.LearningRate, s.Elapsed.Round(1e9), saved)
	}
	return 0
}
