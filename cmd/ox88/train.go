package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"ox88/chess"
	"ox88/eval"
	"ox88/nnue"
)

func init() {
	commands["train"] = command{"train a network on datagen records (pure Go, all cores)", runTrain}
}

func runTrain(args []string) int {
	fs := newFlagSet("train", `usage: ox88 train --out NET.nnue [flags] DATA.bin [DATA.bin ...]

Trains a 768*K -> Hx2 -> 1 network (H: --hidden, K: --king-buckets) on
the records ox88 datagen writes (several files are read as one, in the
order given; the last --val of them validate) with Adam on the squared
error of the expected score, and writes the quantised net (load it with
EvalFile). The data streams from disk through a shuffle buffer of
--shuffle-buffer records, so memory does not grow with the data.
Progress (positions per second, ETA) and losses go to stderr; after an
interruption, the same command with --resume continues from the
checkpoint.`)
	out := fs.String("out", "", "the quantised net, written after every epoch (see --keep-best)")
	keepBest := fs.Bool("keep-best", true, "write the net only after an epoch with the lowest validation loss so far (false: after every epoch)")
	ckpt := fs.String("checkpoint", "", "float weights, optimiser state and the place in the run (default OUT.ckpt)")
	ckptEvery := fs.Duration("checkpoint-every", 10*time.Minute, "within an epoch, write the checkpoint at most this often (and after every epoch)")
	resume := fs.Bool("resume", false, "continue from the checkpoint (same data, shape and --shuffle-buffer)")
	epochs := fs.Int("epochs", 10, "passes over the data")
	batch := fs.Int("batch", 16384, "positions per optimiser step")
	lr := fs.Float64("lr", 0.001, "Adam's step size at the start")
	finalLR := fs.Float64("final-lr", 0, "step size at the end (default lr/20)")
	schedule := fs.String("lr-schedule", "geometric", "step size from --lr to --final-lr: geometric (a constant factor each epoch), cosine (half a cosine over every step), or step (times --lr-gamma every --lr-step epochs)")
	warmup := fs.Int("warmup", 0, "optimiser steps whose step size rises linearly to the schedule's")
	stepEpochs := fs.Int("lr-step", 0, "--lr-schedule step: epochs between drops (default epochs/3)")
	gamma := fs.Float64("lr-gamma", 0.3, "--lr-schedule step: the factor of each drop")
	wdl := fs.Float64("wdl", 0, "weight of the game result in the target, 0 to 1 (the rest: the search score; keep 0 on fewer than hundreds of thousands of games)")
	val := fs.Float64("val", 0.02, "share of positions held out for validation: the last ones, from games the training never sees")
	threads := fs.Int("threads", runtime.NumCPU(), "worker goroutines")
	seed := fs.Uint64("seed", 1, "shuffles and initial weights")
	mirror := fs.Bool("mirror", true, "train positions without castling rights mirrored left to right in about half the epochs")
	yardstick := fs.Bool("yardstick", true, "first print the validation loss of the hand-written evaluation's static score")
	initNet := fs.String("init", "", "start from this net file's weights instead of random ones (\"embedded\": the net built into ox88); its shape is the one asked for, or grows into it (wider, king buckets, king mirroring)")
	compare := fs.String("compare", "", "also first print the validation loss of this net file's static score (\"embedded\": the net built into ox88), the bar a new net must pass")
	buckets := fs.Int("buckets", 1, "output layers chosen by the material on the board: 1, or 8")
	kingMirror := fs.Bool("king-mirror", false, "a king-mirrored net: each side sees the board mirrored while its king is on files e-h")
	hidden := fs.Int("hidden", nnue.Hidden, fmt.Sprintf("width of each side's accumulator: a multiple of %d up to %d", nnue.HiddenStep, nnue.MaxHidden))
	kingBuckets := fs.Int("king-buckets", 1, "king buckets, by the own king's square: 1 (none), 4 or 8 (needs --king-mirror)")
	shuffle := fs.Int("shuffle-buffer", 4<<20, "records held and shuffled at once (32 bytes each)")
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
	cfg := nnue.TrainConfig{Epochs: *epochs, BatchSize: *batch, LR: *lr, FinalLR: *finalLR, Schedule: *schedule,
		Warmup: *warmup, StepEpochs: *stepEpochs, StepGamma: *gamma, WDL: *wdl, ValFrac: *val,
		Threads: *threads, Seed: *seed, Mirror: *mirror, KingMirror: *kingMirror, Buckets: *buckets,
		Hidden: *hidden, KingBuckets: *kingBuckets, ShuffleBuffer: *shuffle,
		Checkpoint: *ckpt, CheckpointEvery: *ckptEvery, Out: *out, KeepBest: *keepBest, Progress: os.Stderr}
	if err := cfg.Check(); err != nil {
		fmt.Fprintf(os.Stderr, "train: %v\n", err)
		return 2
	}
	// The first Ctrl-C (or SIGTERM) stops at the end of the shuffle buffer
	// in hand, with a checkpoint; the second ends the program at once.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	stopCh := make(chan struct{})
	cfg.Stop = stopCh
	go func() {
		if _, ok := <-sigs; ok {
			signal.Reset(os.Interrupt, syscall.SIGTERM)
			fmt.Fprintln(os.Stderr, "train: stopping after the shuffle buffer in hand, with a checkpoint (again to quit at once)")
			close(stopCh)
		}
	}()
	var compareNet *nnue.Net
	switch *compare {
	case "":
	case "embedded":
		compareNet = nnue.Default()
	default:
		n, err := nnue.Load(*compare)
		if err != nil {
			return runError("train", err)
		}
		compareNet = n
	}
	ds, err := nnue.OpenDataset(fs.Args()...)
	if err != nil {
		return runError("train", err)
	}
	defer ds.Close()
	fmt.Fprintf(os.Stderr, "train: %d positions in %d file(s); net 768x%d -> %dx2 -> %d\n",
		ds.Len(), fs.NArg(), *kingBuckets, *hidden, *buckets)
	var tr *nnue.Trainer
	if *resume {
		if tr, err = nnue.Resume(*ckpt, cfg); err != nil {
			return runError("train", err)
		}
		e, p := tr.Place()
		fmt.Fprintf(os.Stderr, "train: resuming from %s after %d epoch(s) and %d positions of the next\n", *ckpt, e, p)
	} else if *initNet != "" {
		from := nnue.Default()
		if *initNet != "embedded" {
			if from, err = nnue.Load(*initNet); err != nil {
				return runError("train", err)
			}
		}
		if tr, err = nnue.NewTrainerFrom(cfg, from); err != nil {
			return runError("train", fmt.Errorf("--init %s: %v", *initNet, err))
		}
		if cfg.SameShape(from) {
			fmt.Fprintf(os.Stderr, "train: starting from the weights of %s\n", *initNet)
		} else {
			fmt.Fprintf(os.Stderr, "train: starting from the weights of %s (768x%d -> %dx2, king-mirrored %v), grown into the new shape\n",
				*initNet, from.KingBuckets, from.Hidden, from.Mirrored)
		}
	} else {
		tr = nnue.NewTrainer(cfg)
	}
	if *yardstick {
		hce, err := tr.StaticLoss(ds, func(r *nnue.Record) (int, bool) {
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
		if err != nil {
			return runError("train", err)
		}
		fmt.Fprintf(os.Stderr, "train: validation loss of the hand-written evaluation's static score: %.5f (the yardstick)\n", hce)
	}
	if compareNet != nil {
		loss, err := tr.StaticLoss(ds, func(r *nnue.Record) (int, bool) {
			pos, err := r.Position()
			if err != nil {
				return 0, false
			}
			return compareNet.Evaluate(pos), true
		})
		if err != nil {
			return runError("train", err)
		}
		fmt.Fprintf(os.Stderr, "train: validation loss of %s's static score: %.5f\n", *compare, loss)
	}
	stats, err := tr.TrainOn(ds)
	if errors.Is(err, nnue.ErrStopped) {
		fmt.Fprintf(os.Stderr, "train: stopped; continue with the same command and --resume (checkpoint %s)\n", *ckpt)
		return 1
	}
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
