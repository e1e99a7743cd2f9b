// Package search chooses moves: iterative deepening over a fail-soft
// principal variation search (negamax alpha-beta), with a quiescence search
// at the horizon, a transposition table, and the usual pruning. It reports
// progress through a callback and never prints; it stops through an atomic
// flag, a node budget or a clock.
//
// The order of the steps (negamax.go numbers them in the code):
//
//	Search                       search.go   bank a legal move, then deepen
//	  iterate                                depth 1, 2, 3 ... until a limit
//	    aspirate                             window around the last score,
//	                                         widened on fail high/low
//	      rootSearch                         every root move, PVS, MultiPV
//	        negamax                negamax.go
//	           1 quiescence at depth 0 (quiesce.go, Quiesce: stand pat, on the
//	             table's score when its bound allows, captures by MVV-LVA,
//	             losing captures cut by SEE, delta pruning)
//	           2 count the node, check limits every 1024 nodes
//	           3 draws: fifty moves, repetition (game + path), bare kings
//	           4 mate distance pruning
//	           5 transposition table probe (tt.go: probe/store)
//	           6 check extension
//	           7 static evaluation (Options.Eval.Evaluate, or from the table),
//	             plus the correction history (corrhist.go: correctedEval)
//	          7c the parent's reduction in hindsight: a ply more or less
//	             by the two static evaluations (hindsight)
//	           8 reverse futility pruning
//	           9 null-move pruning
//	          10 internal iterative reduction
//	         10b singular extensions, multi-cut (singular.go)
//	          11 moves in stages (order.go: nextMove): the hash move,
//	             captures, killers, then quiet moves (out of a pawn's
//	             attack earlier, into one later) generated only now
//	          12 move loop: nextMove gives the next move
//	          13 futility and late-move pruning of quiet moves, and
//	             futility of captures
//	          14 late move reductions (a ply more at expected cut nodes and
//	             where the replies to earlier moves cut off often)
//	          15 PVS: null window, re-search on surprise
//	          16 killers and history on a quiet cutoff
//	          17 store in the table; teach the correction history
//	             (updateCorrHist)
//
// Every step is plain code; its margins, depth limits and reduction
// parameters are named in one table, params.go, with the range a tuner may
// try. Options (options.go) holds what two searchers of one process may
// differ in: the evaluation, and Options.Experiment, the one switch a new
// idea is tried behind with ox88 ab.
//
// Scores are centipawns for the side to move; a mate found ply plies from
// the root scores Mate-ply (MateIn converts). A Recorder attached with
// SetRecorder (recorder.go) hears every node and every step's decision;
// Trace (tree.go) keeps them for the search tree debugger (ox88 trace, the
// browser's tree tab). Without one the search pays a nil test per hook.
package search
