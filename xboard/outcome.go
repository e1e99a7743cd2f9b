package xboard

import "ox88/game"

// claimReasons are xboard's words for the draws the rules decide.
var claimReasons = map[game.Reason]string{
	game.Stalemate:            "Stalemate",
	game.InsufficientMaterial: "Draw by insufficient material",
	game.FiftyMoves:           "Draw by fifty move rule",
	game.Threefold:            "Draw by repetition",
}

// claim tells whether g is over under the rules (game.Game.Outcome) and,
// if so, returns the claim xboard expects: the result and the reason in
// braces, "1-0 {White mates}" or "1/2-1/2 {Draw by repetition}".
func claim(g *game.Game) (string, bool) {
	o := g.Outcome()
	if !o.Over() {
		return "", false
	}
	reason, ok := claimReasons[o.Reason]
	if winner, won := o.Result.Winner(); won && o.Reason == game.Checkmate {
		reason, ok = [2]string{"White mates", "Black mates"}[winner], true
	}
	if !ok {
		reason = o.Text
	}
	return string(o.Result) + " {" + reason + "}", true
}
