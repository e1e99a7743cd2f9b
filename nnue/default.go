package nnue

import (
	_ "embed"
	"sync"
)

// defaultNet is the network built into the program, so that a fresh clone
// plays with it and no file has to be fetched. Its provenance (data,
// training command, losses, match result) is in docs/ENGINE.md, "From
// piece-square tables to a network".
//
//go:embed default.nnue
var defaultNet []byte

var (
	defaultOnce   sync.Once
	defaultParsed *Net
)

// Default returns the embedded network, decoded on first use. The same
// *Net is returned every time; it must not be changed.
func Default() *Net {
	defaultOnce.Do(func() {
		n, err := Read(defaultNet)
		if err != nil {
			panic("nnue: the embedded network is damaged: " + err.Error()) // TestDefaultNet guards this
		}
		defaultParsed = n
	})
	return defaultParsed
}
