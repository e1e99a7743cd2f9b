package search

// The search's parameters: every margin, depth limit, reduction and
// history constant that shapes the tree, in one table. Each line is
//
//	name = value // [min, max] meaning
//
// where min and max bound what a tuner (SPSA, say) may try; the value is
// the engine's. They are constants, so the compiled search pays nothing
// for naming them; TestParams reads this file and checks every line's
// form and that each value lies in its range. Depths are in plies,
// margins in centipawns. docs/ENGINE.md, Part III, explains each step.
const (
	// Step 7c: the parent's reduction in hindsight (hindsight).
	hindsightDeeper    = 3   // [2, 5] a ply deeper after a parent reduction of this many plies ...
	hindsightShallower = 2   // [1, 4] ... a ply shallower after one of this many ...
	hindsightMargin    = 175 // [50, 400] ... when the move cost its mover more than this
	hindsightMinDepth  = 2   // [1, 4] ... and the node has at least this depth

	// Step 8: reverse futility pruning.
	rfpMaxDepth = 6  // [3, 10] up to this depth
	rfpMargin   = 75 // [40, 150] per ply of depth

	// Step 9: null-move pruning.
	nullMinDepth      = 3 // [2, 5] from this depth
	nullBaseReduction = 3 // [2, 5] R = nullBaseReduction + depth/nullDepthDivisor
	nullDepthDivisor  = 6 // [3, 12] a ply more reduction per this many plies of depth

	// Step 10: internal iterative reduction.
	iirMinDepth = 4 // [2, 8] a node without a hash move is reduced from this depth

	// Step 10b: singular extensions (singular.go).
	singularMinDepth      = 6  // [4, 10] test the hash move from this depth on ...
	singularTTDepthMargin = 3  // [1, 5] ... when the table searched it at least depth-this deep
	singularMarginPerPly  = 2  // [1, 4] singularBeta = ttScore - singularMarginPerPly*depth
	doubleExtensionMargin = 20 // [5, 60] extend twice when the other moves stay this far below singularBeta ...
	maxDoubleExtensions   = 6  // [2, 12] ... and fewer than this many double extensions are on the path

	// Step 13: futility and late-move pruning.
	futilityMaxDepth = 3   // [1, 6] futility of quiet moves up to this (reduced) depth
	futilityBase     = 90  // [40, 200] margin at depth 1 ...
	futilityPerDepth = 80  // [40, 160] ... plus this per further ply
	lmpMaxDepth      = 4   // [2, 8] late-move pruning up to this depth
	lmpBase          = 3   // [1, 8] quiet moves allowed: lmpBase + depth*depth
	capFutMaxDepth   = 6   // [2, 10] futility of late captures up to this depth ...
	capFutBase       = 150 // [50, 300] ... margin over the victim's value ...
	capFutPerDepth   = 100 // [40, 200] ... plus this per ply

	// Step 14: late move reductions, lmrTable[d][n] = lmrBase + ln d * ln n / lmrDivisor.
	lmrBase           = 0.5  // [0, 1.5] the table's rounding offset
	lmrDivisor        = 2.0  // [1.5, 4] a larger divisor reduces less
	lmrMinDepth       = 3    // [2, 5] reduce from this depth ...
	lmrMinMoves       = 3    // [1, 6] ... from this move on
	lmrHistoryDivisor = 8192 // [2048, 32768] a quiet move's history, divided by this, is taken off its reduction
	cutCountMin       = 3    // [1, 8] more cutoffs than this among the children reduce a late move a ply more
	rootLMRMinDepth   = 3    // [2, 6] a late quiet root move is reduced a ply from this depth ...
	rootLMRMinMoves   = 4    // [2, 10] ... from this move after the line's first on

	// Step 16 and move ordering (order.go).
	historyMax       = 1 << 14 // [4096, 16384] history values stay within +-historyMax (contHist is int16)
	threatBonus      = 12000   // [0, 16000] a quiet piece move out of a pawn's attack earlier, into one later
	rootForcingBonus = 50      // [0, 200] the root's first order tries captures and promotions this much earlier

	// Steps 7 and 17: the correction history (corrhist.go).
	corrHistWeightScale = 256 // [128, 1024] an update moves an entry weight/corrHistWeightScale of the way ...
	corrHistMaxWeight   = 16  // [4, 64] ... with weight min(depth+1, corrHistMaxWeight)
	corrHistLimitCp     = 32  // [8, 96] an entry corrects by at most this either way

	// Quiescence (quiesce.go).
	qsDeltaMargin      = 200 // [50, 400] delta pruning: a capture that cannot come this near alpha is skipped
	qsMaxCheckEvasions = 4   // [1, 8] quiescence plies in which check is answered with all moves

	// Aspiration windows at the root.
	aspirationDepth    = 5    // [3, 8] from this depth on, search a window around the last score
	aspirationDelta    = 20   // [8, 50] first half-width; it doubles after each failure ...
	aspirationMaxDelta = 1000 // [300, 2000] ... and beyond this the window is open

	// Time while deepening: an iteration is not started if it probably
	// cannot finish, and the soft budget stretches when the search is
	// unsettled.
	newIterationShare = 0.55 // [0.3, 0.8] start a new iteration only before this share of the soft budget
	bestMoveChangeMul = 1.6  // [1, 2.5] budget factor after the best move changed ...
	stretchDecay      = 0.9  // [0.7, 1] ... and after it stayed (never below 1)
	scoreDropMul      = 1.4  // [1, 2.5] budget factor after the score fell by scoreDropMargin
	scoreDropMargin   = 30   // [10, 80] centipawns
	maxStretch        = 3.0  // [1.5, 5] the soft budget never grows beyond this factor
	iterationGrowth   = 2    // [1, 5] the next iteration is predicted to cost this many times the last (Limits.SoftNodes)

	// The transposition table's replacement (tt.go).
	ageWeight = 4 // [1, 8] plies of depth one search's worth of age costs an entry
)
