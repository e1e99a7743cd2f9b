// Package docs holds the tests that keep the guide and the README true to
// the code: the bench signature they quote and the names they cite.
package docs

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"ox88/search"
)

// signatureDocs are the documents that quote the current bench signature.
var signatureDocs = []string{"../README.md", "ENGINE.md", "STRENGTH.md"}

// quotedSignature is how the documents quote the current signature: as the
// bench's last line in backticks, `N nodes … nps`. Older signatures
// are quoted without backticks.
var quotedSignature = regexp.MustCompile("`([0-9]+) nodes")

// TestBenchSignatureInDocs checks that every quoted signature is
// search.BenchSignature, and that the guide quotes it.
func TestBenchSignatureInDocs(t *testing.T) {
	want := strconv.Itoa(search.BenchSignature)
	for _, name := range signatureDocs {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		found := quotedSignature.FindAllStringSubmatch(string(text), -1)
		for _, m := range found {
			if m[1] != want {
				t.Errorf("%s quotes the bench signature %s; search.BenchSignature is %s", name, m[1], want)
			}
		}
		if name == "ENGINE.md" && len(found) == 0 {
			t.Errorf("%s does not quote the bench signature as `%s nodes … nps`", name, want)
		}
	}
}
