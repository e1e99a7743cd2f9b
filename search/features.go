package search

// Switches for the pruning and reduction steps, all on. The A/B harness
// (ab_test.go) turns one off for one side of a match to measure what it is
// worth; nothing else changes them, and they must not change during a
// search.
var (
	useNullMove    = true // step 9
	useRFP         = true // step 8
	useFutility    = true // step 13, futility part
	useLMP         = true // step 13, late-move pruning part
	useLMR         = true // step 14
	useIIR         = true // step 10
	useAspiration  = true // aspirate
	useQSPruning   = true // SEE and delta pruning in Quiesce
	useCheckExtend = true // step 6
)
