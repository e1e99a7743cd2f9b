package match

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"
)

// showProgress rewrites the live status line: games played, the first
// pairing's score and Elo, and the SPRT's log-likelihood ratio.
func showProgress(cfg *Config, res *Result, total int, elapsed time.Duration) {
	if cfg.Progress == nil {
		return
	}
	pr := res.Pairings[0]
	t := pr.Tally
	elo, margin := t.Elo()
	line := fmt.Sprintf("%d/%d games  %s vs %s: +%d -%d =%d  %.3f  Elo %s +/- %s",
		res.Games, total, cfg.Engines[pr.A].Name, cfg.Engines[pr.B].Name,
		t.Wins, t.Losses, t.Draws, t.Score(), fmtFloat(elo, 1), fmtFloat(margin, 1))
	if len(res.Pairings) > 1 {
		line = fmt.Sprintf("%d/%d games", res.Games, total)
		for _, p := range res.Pairings {
			line += fmt.Sprintf("  %s %.3f", cfg.Engines[p.B].Name, p.Tally.Score())
		}
	}
	if cfg.SPRT != nil {
		lo, hi := cfg.SPRT.Bounds()
		line += fmt.Sprintf("  LLR %.2f [%.2f, %.2f]", pr.llr, lo, hi)
	}
	line += fmt.Sprintf("  %s", elapsed.Round(time.Second))
	fmt.Fprint(cfg.Progress, "\r\033[K"+line)
}

// clearProgress erases the live status line.
func clearProgress(cfg *Config) {
	if cfg.Progress != nil {
		fmt.Fprint(cfg.Progress, "\r\033[K")
	}
}

// fmtFloat formats x with the given decimals, writing infinities and NaN
// as cutechess-cli does ("inf", "-inf", "nan").
func fmtFloat(x float64, decimals int) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	if x == 0 {
		x = 0 // no "-0.0"
	}
	return fmt.Sprintf("%.*f", decimals, x)
}

// ScoreLine returns cutechess-cli's first summary line:
// "Score of A vs B: W - L - D  [0.xxx] N".
func ScoreLine(a, b string, t Tally) string {
	return fmt.Sprintf("Score of %s vs %s: %d - %d - %d  [%.3f] %d", a, b, t.Wins, t.Losses, t.Draws, t.Score(), t.Games())
}

// EloLine returns cutechess-cli's second summary line:
// "Elo difference: E +/- I, LOS: L %, DrawRatio: D %".
func EloLine(t Tally) string {
	elo, margin := t.Elo()
	return fmt.Sprintf("Elo difference: %s +/- %s, LOS: %.1f %%, DrawRatio: %.1f %%",
		fmtFloat(elo, 1), fmtFloat(margin, 1), 100*t.LOS(), 100*t.DrawRatio())
}

// WriteReport writes the final report: for each pairing the details, then
// cutechess-cli's two lines, so scripts written for it keep working.
func WriteReport(w io.Writer, cfg *Config, res *Result) {
	switch {
	case res.Interrupted:
		fmt.Fprintf(w, "Match interrupted after %d games: the result so far.\n", res.Games)
	case res.Stopped != "":
		fmt.Fprintf(w, "Match stopped after %d games: %s.\n", res.Games, res.Stopped)
	}
	if res.Restarts > 0 {
		fmt.Fprintf(w, "Engines restarted after a fault: %d\n", res.Restarts)
	}
	for _, pr := range res.Pairings {
		a, b := cfg.Engines[pr.A].Name, cfg.Engines[pr.B].Name
		t := pr.Tally
		fmt.Fprintf(w, "\n%s vs %s: %d games, limits %s\n", a, b, t.Games(), cfg.Limits.Describe())
		wt := pr.WhiteTally
		bt := Tally{Wins: t.Wins - wt.Wins, Losses: t.Losses - wt.Losses, Draws: t.Draws - wt.Draws}
		fmt.Fprintf(w, "  %s with White: %d - %d - %d  [%.3f] %d\n", a, wt.Wins, wt.Losses, wt.Draws, wt.Score(), wt.Games())
		fmt.Fprintf(w, "  %s with Black: %d - %d - %d  [%.3f] %d\n", a, bt.Wins, bt.Losses, bt.Draws, bt.Score(), bt.Games())
		if t.Pairs() > 0 {
			p := t.Penta
			fmt.Fprintf(w, "  Pentanomial over %d pairs (0, 1/2, 1, 3/2, 2 points): %d %d %d %d %d\n", t.Pairs(), p[0], p[1], p[2], p[3], p[4])
			if elo, margin, ok := t.PentaElo(); ok {
				line := fmt.Sprintf("  Elo from pairs: %s +/- %s", fmtFloat(elo, 1), fmtFloat(margin, 1))
				if nelo, ok := t.NormalizedElo(); ok {
					line += fmt.Sprintf(", normalised Elo %.1f", nelo)
				}
				fmt.Fprintln(w, line)
			}
		}
		if cfg.SPRT != nil {
			lo, hi := cfg.SPRT.Bounds()
			d, llr := cfg.SPRT.Decide(t)
			fmt.Fprintf(w, "  SPRT (%s, normalised Elo): LLR %.2f, bounds [%.2f, %.2f]: %s\n", cfg.SPRT, llr, lo, hi, d)
		}
		for i, f := range pr.Faults {
			name := a
			if i == 1 {
				name = b
			}
			fmt.Fprintf(w, "  %s faults: %d illegal moves, %d crashes, %d stalls, %d time losses\n", name, f.Illegal, f.Crash, f.Stall, f.Time)
		}
		var texts []string
		for k := range pr.Terminations {
			texts = append(texts, k)
		}
		sort.Strings(texts)
		var parts []string
		for _, k := range texts {
			parts = append(parts, fmt.Sprintf("%s: %d", k, pr.Terminations[k]))
		}
		if len(parts) > 0 {
			fmt.Fprintf(w, "  Endings: %s\n", strings.Join(parts, "; "))
		}
		fmt.Fprintln(w, ScoreLine(a, b, t))
		fmt.Fprintln(w, EloLine(t))
	}
}
