#!/usr/bin/env bash
# ladder.sh: do ox88's skill levels keep their order? Plays each level
# against the next one up with "ox88 match" (level 1 against 2, 2 against
# 3, ...) and appends one Markdown row per rung to $OUT/ladder.md.
#
# The weak levels think with a node budget (engine/skill.go), so their
# games do not depend on the machine's speed or load: the clock below is
# generous enough never to bind before the budget does (level 8, 400,000
# nodes a move, thinks about half a second). The games differ because each
# engine draws its random choices from its own clock-seeded generator
# (UCI Seed 0), and the openings come from the 8-move book.
#
# usage: scripts/ladder.sh [FIRST [LAST]]   (default: levels 1 to 8)
# environment:
#   GAMES=100  CONCURRENCY=2  TC=60+1  OUT=ladder-results
#   OX88=path to an ox88 binary (default: built from this tree into $OUT)
set -euo pipefail
cd "$(dirname "$0")/.."

first=${1:-1}
last=${2:-8}
GAMES=${GAMES:-100}
CONCURRENCY=${CONCURRENCY:-2}
TC=${TC:-60+1}
OUT=${OUT:-ladder-results}
mkdir -p "$OUT"
if [ -z "${OX88:-}" ]; then
	OX88="$OUT/ox88"
	go build -o "$OX88" ./cmd/ox88
fi
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)

for ((k = first; k < last; k++)); do
	up=$((k + 1))
	log="$OUT/level$up-v-level$k.log"
	pgn="$OUT/level$up-v-level$k.pgn"
	rm -f "$pgn" "$pgn.journal"
	cmd=("$OX88" match
		--engine "cmd=$OX88" args=uci "name=level$up" "option.Skill Level=$((2 * up))"
		--engine "cmd=$OX88" args=uci "name=level$k" "option.Skill Level=$((2 * k))"
		--tc "$TC" --games "$GAMES" --concurrency "$CONCURRENCY"
		--openings testdata/openings-8moves-2000.epd --order random --seed "$k" --pgnout "$pgn")
	echo "== level $up v level $k: ${cmd[*]}"
	"${cmd[@]}" | tee "$log"
	score=$(grep '^Score of ' "$log" | tail -1)
	elo=$(grep '^Elo difference: ' "$log" | tail -1 | sed -E 's/Elo difference: ([^,]+), LOS.*/\1/')
	# Score of A vs B: W - L - D  [s] N  ->  the row, from the stronger side.
	read -r w l d s n < <(sed -E 's/.*: ([0-9]+) - ([0-9]+) - ([0-9]+)  \[([0-9.]+)\] ([0-9]+)/\1 \2 \3 \4 \5/' <<<"$score")
	printf '| %d v %d | %s | %s / %s / %s | %s | %s | %s | %s |\n' "$up" "$k" "$n" "$w" "$d" "$l" "$s" "$elo" "$TC" "$commit" >>"$OUT/ladder.md"
done
echo "rows appended to $OUT/ladder.md"
