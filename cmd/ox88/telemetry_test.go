package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTelemetryCommand prints the table of the committed sample and writes
// its SVG; a missing file and stray arguments are errors.
func TestTelemetryCommand(t *testing.T) {
	sample := filepath.Join("..", "..", "match", "telemetry", "testdata", "sample.pgn")
	out, code := captureStdout(t, func() int { return runTelemetry([]string{sample}) })
	if code != 0 || !strings.HasPrefix(out, "Game 1: ox88a - ox88b, 1/2-1/2 (adjudication), 80 plies\n") ||
		!strings.Contains(out, "\nGame 2: ox88a - weak, 1-0 (normal), 7 plies\n") {
		t.Errorf("exit %d, table:\n%.300s", code, out)
	}
	svg := filepath.Join(t.TempDir(), "t.svg")
	if out, code := captureStdout(t, func() int { return runTelemetry([]string{sample, "--svg", svg}) }); code != 0 || out != "" {
		t.Fatalf("exit %d, standard output %q", code, out)
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Games []struct{} `xml:"g"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil || len(doc.Games) != 2 {
		t.Errorf("SVG: %v, %d game blocks", err, len(doc.Games))
	}
	// A PGN without telemetry is a note on standard error and exit 1, not
	// an empty table and exit 0.
	plain := filepath.Join(t.TempDir(), "plain.pgn")
	os.WriteFile(plain, []byte("[White \"a\"]\n1. e4 {a person's note} e5 *\n"), 0o644)
	if out, code := captureStdout(t, func() int { return runTelemetry([]string{plain}) }); code != 1 || out != "" {
		t.Errorf("no telemetry: exit %d, standard output %q", code, out)
	}
	for _, c := range []struct {
		args []string
		code int
	}{{nil, 2}, {[]string{sample, "extra"}, 2}, {[]string{"missing.pgn"}, 1}, {[]string{plain}, 1}} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			if _, code := captureStdout(t, func() int { return runTelemetry(c.args) }); code != c.code {
				t.Errorf("%v: exit %d, want %d", c.args, code, c.code)
			}
		})
	}
}
