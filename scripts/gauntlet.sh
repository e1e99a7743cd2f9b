#!/usr/bin/env bash
# gauntlet.sh: ox88's strength report. Installs the Debian chess engines
# that are missing, then plays ox88 against each of them with "ox88 match"
# (a gauntlet: ox88 is the first engine). Each opponent gets its own match,
# log and PGN under $OUT; a Markdown row per match is appended to
# $OUT/table.md for docs/STRENGTH.md.
#
# usage: scripts/gauntlet.sh [OPPONENT ...]
#   opponents (default: all): fairymax hoichess phalanx gnuchess glaurung
#   toga2 ethereal sf1350 sf1600 sf2000 sf2400 sf2850 sfskill4 (sfNNNN: any
#   UCI_Elo from 1350 to 2850)
# environment:
#   GAMES=100  TC=10+0.1  CONCURRENCY=2  OUT=gauntlet-results
#   OX88=path to an ox88 binary (default: built from this tree into $OUT)
#   BOOK=testdata/openings-200.pgn (PGN: fairymax and other xboard engines
#   cannot set up a position, so every engine is fed opening moves)
#   EXTRA="more ox88 match flags"
#   OX88_OPTS="option.UCI_LimitStrength=true option.UCI_Elo=1600" plays a
#   weakened ox88 (its name gets the settings appended): the way to
#   calibrate ox88's skill levels against Stockfish's UCI_Elo ladder.
#   OX88_COMMIT: the commit the binary was built from (for the table).
#   OVERHEAD=MS sets "Move Overhead" of ox88 and the UCI opponents: on a
#   loaded machine engines that budget to the last millisecond lose on time.
set -euo pipefail
cd "$(dirname "$0")/.."

GAMES=${GAMES:-100}
TC=${TC:-10+0.1}
CONCURRENCY=${CONCURRENCY:-2}
OUT=${OUT:-gauntlet-results}
BOOK=${BOOK:-testdata/openings-200.pgn}
EXTRA=${EXTRA:-}
mkdir -p "$OUT"

# Install what is missing (Debian/Ubuntu; needs root or sudo).
need=()
for pkg in fairymax hoichess phalanx gnuchess glaurung toga2 ethereal-chess stockfish; do
	[ -x "/usr/games/$pkg" ] || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
	echo "installing: ${need[*]}"
	sudo=""
	[ "$(id -u)" = 0 ] || sudo=sudo
	$sudo apt-get install -y "${need[@]}"
fi

if [ -z "${OX88:-}" ]; then
	OX88="$OUT/ox88"
	go build -o "$OX88" ./cmd/ox88
fi
commit=${OX88_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
read -r -a ox88opts <<<"${OX88_OPTS:-}"
# The name says how ox88 was weakened: ox88-UCI_Elo=1600 and the like.
ox88name=ox88
for o in "${ox88opts[@]}"; do
	case "$o" in *=true) ;; *) ox88name="$ox88name-${o#option.}" ;; esac
done
overhead=()
[ -z "${OVERHEAD:-}" ] || overhead=("option.Move Overhead=$OVERHEAD")

# opponent NAME prints the --engine settings of one opponent. Hash goes to
# the UCI engines only: an xboard engine may quit on an option it does not
# know (the runner holds back undeclared xboard options anyway).
opponent() {
	case "$1" in
	fairymax) echo "cmd=/usr/games/fairymax name=fairymax proto=xboard" ;;
	hoichess) echo "cmd=/usr/games/hoichess name=hoichess proto=xboard" ;;
	phalanx) echo "cmd=/usr/games/phalanx name=phalanx proto=xboard" ;;
	gnuchess) echo "cmd=/usr/games/gnuchess args=--uci name=gnuchess proto=uci option.Hash=16" ;;
	glaurung) echo "cmd=/usr/games/glaurung name=glaurung proto=uci option.Threads=1 option.Hash=16" ;;
	toga2) echo "cmd=/usr/games/toga2 name=toga2 proto=uci option.Hash=16" ;;
	ethereal) echo "cmd=/usr/games/ethereal-chess name=ethereal proto=uci option.Threads=1 option.Hash=16" ;;
	sf[0-9]*) echo "cmd=/usr/games/stockfish name=stockfish-elo${1#sf} proto=uci option.Threads=1 option.Hash=16 option.UCI_LimitStrength=true option.UCI_Elo=${1#sf}" ;;
	sfskill4) echo "cmd=/usr/games/stockfish name=stockfish-skill4 proto=uci option.Threads=1 option.Hash=16 option.Skill_Level=4" ;;
	*) echo "unknown opponent $1" >&2; return 1 ;;
	esac
}

opponents=("$@")
[ ${#opponents[@]} -gt 0 ] || opponents=(fairymax hoichess phalanx gnuchess glaurung toga2 ethereal sf1350 sf1600 sf2000 sf2400 sf2850 sfskill4)

for opp in "${opponents[@]}"; do
	settings=$(opponent "$opp")
	# "Skill Level" has a space: the word is written with _ above and
	# turned back here, so the settings survive word splitting.
	read -r -a words <<<"$settings"
	words=("${words[@]//Skill_Level/Skill Level}")
	case "$settings" in *proto=uci*) words+=("${overhead[@]}") ;; esac
	log="$OUT/$opp.log"
	pgn="$OUT/$opp.pgn"
	rm -f "$pgn" "$pgn.journal"
	cmd=("$OX88" match --engine "cmd=$OX88" args=uci "name=$ox88name" option.Hash=16 "${ox88opts[@]}" "${overhead[@]}" --engine "${words[@]}"
		--tc "$TC" --games "$GAMES" --concurrency "$CONCURRENCY"
		--openings "$BOOK" --order random --seed 1 --pgnout "$pgn" $EXTRA)
	echo "== $opp: ${cmd[*]}"
	start=$(date -u +%Y-%m-%d)
	"${cmd[@]}" | tee "$log"
	score=$(grep '^Score of ' "$log" | tail -1)
	elo=$(grep '^Elo difference: ' "$log" | tail -1)
	# Score of ox88 vs X: W - L - D  [s] N  ->  the table row.
	read -r w l d s n < <(echo "$score" | sed -E 's/.*: ([0-9]+) - ([0-9]+) - ([0-9]+)  \[([0-9.]+)\] ([0-9]+)/\1 \2 \3 \4 \5/')
	e=$(echo "$elo" | sed -E 's/Elo difference: ([^,]+), LOS.*/\1/')
	faults=$(grep -c 'faults: 0 illegal moves, 0 crashes, 0 stalls' "$log" || true)
	printf '| %s vs %s | %s | %s / %s / %s | %s | %s | %s | %s | ox88 %s; `%s` |\n' \
		"$ox88name" "$opp" "$n" "$w" "$d" "$l" "$s" "$e" "$TC" "$start" "$commit" \
		"scripts/gauntlet.sh $opp (GAMES=$GAMES TC=$TC CONCURRENCY=$CONCURRENCY${OX88_OPTS:+ OX88_OPTS=$OX88_OPTS}${OVERHEAD:+ OVERHEAD=$OVERHEAD}${EXTRA:+ EXTRA=$EXTRA})" >>"$OUT/table.md"
	[ "$faults" = 2 ] || echo "warning: $opp: faults reported, see $log" >&2
done
echo "rows appended to $OUT/table.md"
