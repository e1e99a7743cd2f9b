package match

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"ox88/match/stats"
)

// showProgress rewrites the live status line: games played, the first
// pairing's score and Elo, and the SPRT's log-likelihood ratio.
func showProgress(cfg *config, res *matchResult, total int, elapsed time.Duration) {
	if cfg.Progress == nil {
		return
	}
	pr := res.Pairings[0]
	t := pr.Tally
	elo, margin := t.Elo()
	line := fmt.Sprintf("%d/%d games  %s vs %s: +%d -%d =%d  %.3f  Elo %s +/- %s",
		res.Games, total, cfg.Engines[pr.A].Name, cfg.Engines[pr.B].Name,
		t.Wins, t.Losses, t.Draws, t.Score(), stats.FormatElo(elo), stats.FormatElo(margin))
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
func clearProgress(cfg *config) {
	if cfg.Progress != nil {
		fmt.Fprint(cfg.Progress, "\r\033[K")
	}
}

// writeReport writes the final report: each engine's telemetry over the
// match, then for each pairing the details and cutechess-cli's two lines,
// so scripts written for it keep working.
func writeReport(w io.Writer, cfg *config, res *matchResult) {
	switch {
	case res.Interrupted:
		fmt.Fprintf(w, "Match interrupted after %d games: the result so far.\n", res.Games)
	case res.Stopped != "":
		fmt.Fprintf(w, "Match stopped after %d games: %s.\n", res.Games, res.Stopped)
	}
	if res.Restarts > 0 {
		fmt.Fprintf(w, "Engines restarted after a fault: %d\n", res.Restarts)
	}
	fmt.Fprintln(w, "\nTelemetry (searched and book moves, nodes, the most in one move, nodes a second, thinking time, moves by depth reached, moves with a mate score):")
	for i, e := range cfg.Engines {
		fmt.Fprintf(w, "  %s: %s\n", e.Name, res.Engines[i])
	}
	for _, pr := range res.Pairings {
		a, b := cfg.Engines[pr.A].Name, cfg.Engines[pr.B].Name
		t := pr.Tally
		limits := cfg.Engines[pr.A].Limits.describe()
		if other := cfg.Engines[pr.B].Limits.describe(); other != limits {
			limits = fmt.Sprintf("%s for %s, %s for %s", limits, a, other, b)
		}
		fmt.Fprintf(w, "\n%s vs %s: %d games, limits %s\n", a, b, t.Games(), limits)
		wt := pr.WhiteTally
		bt := stats.Tally{Wins: t.Wins - wt.Wins, Losses: t.Losses - wt.Losses, Draws: t.Draws - wt.Draws}
		fmt.Fprintf(w, "  %s with White: %d - %d - %d  [%.3f] %d\n", a, wt.Wins, wt.Losses, wt.Draws, wt.Score(), wt.Games())
		fmt.Fprintf(w, "  %s with Black: %d - %d - %d  [%.3f] %d\n", a, bt.Wins, bt.Losses, bt.Draws, bt.Score(), bt.Games())
		if t.Pairs() > 0 {
			p := t.Penta
			fmt.Fprintf(w, "  Pentanomial over %d pairs (0, 1/2, 1, 3/2, 2 points): %d %d %d %d %d\n", t.Pairs(), p[0], p[1], p[2], p[3], p[4])
			if elo, margin, ok := t.PentaElo(); ok {
				line := fmt.Sprintf("  Elo from pairs: %s +/- %s", stats.FormatElo(elo), stats.FormatElo(margin))
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
		fmt.Fprintln(w, stats.ScoreLine(a, b, t))
		fmt.Fprintln(w, stats.EloLine(t))
	}
}
