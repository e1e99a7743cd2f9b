package syzygy

import (
	"os"
	"path/filepath"
	"testing"
)

// fuzzFiles are the small tables FuzzTable mutates: which (mod their
// number) picks the one the bytes are parsed as.
var fuzzFiles = []string{"KQvK.rtbw", "KPvK.rtbw", "KPvK.rtbz", "KRvK.rtbz", "KBNvK.rtbw"}

// FuzzTable parses mutated table files and decodes values at a spread of
// indices: each must give an error or a value, never a panic (pairs.value
// runs without the recover that guards the probes).
func FuzzTable(f *testing.F) {
	for i, name := range fuzzFiles {
		data, err := os.ReadFile(filepath.Join(testTables, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), data)
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		name := fuzzFiles[int(which)%len(fuzzFiles)]
		kind := wdlFile
		if filepath.Ext(name) == dtzSuffix {
			kind = dtzFile
		}
		base, _, _ := tableFileName(name)
		tf, err := parseTable(data, kind, newTable(base))
		if err != nil {
			return
		}
		for side := range tf.enc {
			for sub := range tf.enc[side] {
				e := &tf.enc[side][sub]
				if e.size == 0 {
					continue
				}
				for k := uint64(0); k < 16; k++ {
					e.pairs.value(k * (e.size - 1) / 15)
				}
			}
		}
	})
}
