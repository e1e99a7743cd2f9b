package telemetry

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"ox88/chess"
)

// WriteTable writes the games for a terminal: a heading per game, each
// engine's summary tag when the PGN has one, then one row per move:
//
//	ply  move           depth     nodes  score  white    bal   diff      tt    time  material
//	  5  3. d4              5      1435    +29    +29     +0    +29     425   0.00s        +0
//
// score is the mover's as the engine reported it (M5 and -M3 for mates),
// white the same from White's point of view, material the board's after the move (White's
// view); a column the comment did not give is blank, a book move says so.
func WriteTable(w io.Writer, games []Game) error {
	var b strings.Builder
	for i, g := range games {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(g.String() + "\n")
		for side, s := range g.Summary {
			if s != "" {
				fmt.Fprintf(&b, "  %s %s: %s\n", chess.Color(side).Title(), [2]string{g.White, g.Black}[side], s)
			}
		}
		fmt.Fprintf(&b, "%4s  %-13s %5s %9s %6s %6s %6s %6s %7s %7s %9s\n",
			"ply", "move", "depth", "nodes", "score", "white", "bal", "diff", "tt", "time", "material")
		for _, m := range g.Moves {
			fmt.Fprintf(&b, "%4d  %-13s ", m.Ply, m.SAN)
			switch {
			case m.Book:
				fmt.Fprintf(&b, "%5s %9s %6s %6s %6s %6s %7s %7s ", "book", "", "", "", "", "", "", "")
			case m.Searched:
				score, white := "", ""
				if m.HasScore {
					score, white = scoreText(m.Score, m.Mate), scoreText(m.WhiteScore(), m.Mate)
					if m.Side == chess.Black {
						white = scoreText(m.WhiteScore(), -m.Mate)
					}
				}
				fmt.Fprintf(&b, "%5s %9s %6s %6s %6s %6s %7s %7s ", blankZero(int64(m.Depth)), blankZero(int64(m.Nodes)),
					score, white, opt(m.Bal, m.HasBal), opt(m.Diff, m.HasDiff), optPlain(m.TT, m.HasTT),
					fmt.Sprintf("%.2fs", m.Time.Seconds()))
			default:
				fmt.Fprintf(&b, "%5s %9s %6s %6s %6s %6s %7s %7s ", "", "", "", "", "", "", "", "")
			}
			fmt.Fprintf(&b, "%9s\n", signed(int64(m.Material)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// scoreText writes a score as the telemetry comment does: "+31", "M5", "-M3".
func scoreText(score, mate int) string {
	switch {
	case mate > 0:
		return "M" + strconv.Itoa(mate)
	case mate < 0:
		return "-M" + strconv.Itoa(-mate)
	}
	return signed(int64(score))
}

// signed writes n with its sign: "+5", "-3", "+0".
func signed(n int64) string { return fmt.Sprintf("%+d", n) }

// opt writes n signed when it was reported, else nothing.
func opt(n int64, ok bool) string {
	if !ok {
		return ""
	}
	return signed(n)
}

// optPlain writes n when it was reported, else nothing.
func optPlain(n int64, ok bool) string {
	if !ok {
		return ""
	}
	return strconv.FormatInt(n, 10)
}

// blankZero writes n, or nothing for 0 (not reported).
func blankZero(n int64) string {
	if n == 0 {
		return ""
	}
	return strconv.FormatInt(n, 10)
}
