#!/usr/bin/env bash
# selfplay-legal.sh [GAMES] [TC]: the protocol issue's soak test. ox88 plays
# itself through "ox88 match" over UCI (default 200 games at 1+0.01), every
# move of every game is checked by Stockfish's own move generator
# ("position fen ... moves ..." then "go perft 1"), and any illegal move,
# crash, stall or time loss fails the run. Needs /usr/games/stockfish.
#
# At 1+0.01 the clock late in a game holds a few tens of milliseconds, so a
# scheduler stall of a few hundred milliseconds on a busy machine loses the
# game whatever the engine does. When it may (as root), the script raises
# its own priority (nice -15) so that the run measures the engine, not the
# machine's load; OX88_SELFPLAY_NICE=0 turns that off.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
tc=${2:-1+0.01}
prio=()
if [ "${OX88_SELFPLAY_NICE:-1}" != 0 ] && nice -n -15 true 2>/dev/null; then
	prio=(nice -n -15)
fi
OX88_SELFPLAY_GAMES=$games OX88_SELFPLAY_TC=$tc OX88_SELFPLAY_PGN=${OX88_SELFPLAY_PGN:-/tmp/ox88-selfplay.pgn} \
	"${prio[@]}" go test ./cmd/ox88 -run '^TestSelfPlayLegal$' -v -count=1 -timeout 3h
