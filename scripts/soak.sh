#!/usr/bin/env bash
# soak.sh: the reliability soak. Plays rounds of matches through "ox88 match"
# (ox88 against itself and against the Debian engines, at mixed time
# controls down to 1+0.01 and at fixed nodes, part of it with a -race build),
# checks every move of every game with Stockfish's move generator
# ("ox88 referee"), looks for engine processes left behind after each match,
# and adds each match's counts to a tally. Runs can be spread over days:
# the tally accumulates, and the summary line is the total.
#
# usage: scripts/soak.sh [ROUNDS]        (default 1 round: one match per configuration)
#        scripts/soak.sh --summary       the tally's totals in one line
#        scripts/soak.sh --table         the tally by configuration, as Markdown
# environment:
#   GAMES=20           games per match
#   OUT=soak-results   where PGNs, logs and tally.tsv go
#   CONFIGS="..."      a subset of the configuration names below
#   CONCURRENCY=1      games at once per match
#
# Timed configurations want the machine to themselves: a test suite or a
# build running beside them starves the engines and they lose on time (15
# such losses in one overloaded hour, Stockfish's among them; 0 in the same
# matches on the quiet machine). Fixed-node configurations do not care.
#
# tally.tsv columns: date config games moves illegal crashes stalls timeloss orphans
# The summary (scripts/soak.sh --summary) sums them for docs/STRENGTH.md.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-soak-results}
GAMES=${GAMES:-20}
CONCURRENCY=${CONCURRENCY:-1}
mkdir -p "$OUT"
tally="$OUT/tally.tsv"

summary() {
	[ -f "$tally" ] || { echo "no tally yet"; return; }
	awk -F'\t' '{g+=$3; m+=$4; il+=$5; cr+=$6; st+=$7; tl+=$8; or+=$9; n++}
		END {printf "%d matches, %d games, %d moves checked: %d illegal, %d crashes, %d stalls, %d time losses, %d orphaned processes\n", n, g, m, il, cr, st, tl, or}' "$tally"
}
# table prints the tally by configuration as a Markdown table, for
# docs/STRENGTH.md.
table() {
	[ -f "$tally" ] || { echo "no tally yet"; return; }
	echo "| configuration | matches | games | moves refereed | illegal | crashes | stalls | time losses | orphans |"
	echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
	awk -F'\t' '{n[$2]++; g[$2]+=$3; m[$2]+=$4; il[$2]+=$5; cr[$2]+=$6; st[$2]+=$7; tl[$2]+=$8; or[$2]+=$9}
		END {for (c in n) printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d |\n", c, n[c], g[c], m[c], il[c], cr[c], st[c], tl[c], or[c]}' "$tally" | sort
	awk -F'\t' '{n++; g+=$3; m+=$4; il+=$5; cr+=$6; st+=$7; tl+=$8; or+=$9}
		END {printf "| **total** | **%d** | **%d** | **%d** | **%d** | **%d** | **%d** | **%d** | **%d** |\n", n, g, m, il, cr, st, tl, or}' "$tally"
}
case "${1:-}" in
--summary)
	summary
	exit 0
	;;
--table)
	table
	exit 0
	;;
esac
rounds=${1:-1}

ox88="$OUT/ox88"
ox88race="$OUT/ox88-race"
go build -o "$ox88" ./cmd/ox88
go build -race -o "$ox88race" ./cmd/ox88

# 2,000 openings taken in a random order (the seed is the clock's, and each
# match's log prints it): a fixed-node game from a given opening is the same
# game every time, so a soak that replayed the same openings would test the
# same moves again. The Chess960 configuration picks 50 random start
# positions of the 960 for each match.
books=testdata/openings-8moves-2000.epd
# name | engines and limits (ox88 match flags)
configs=(
	"self-1+0.01|--engine cmd=$ox88 args=uci name=a --engine cmd=$ox88 args=uci name=b --tc 1+0.01 --each option.Move\ Overhead=50"
	"self-5+0.05|--engine cmd=$ox88 args=uci name=a --engine cmd=$ox88 args=uci name=b --tc 5+0.05"
	"self-nodes|--engine cmd=$ox88 args=uci name=a nodes=5000 --engine cmd=$ox88 args=uci name=b nodes=8000"
	"self-960|--engine cmd=$ox88 args=uci name=a nodes=6000 --engine cmd=$ox88 args=uci name=b nodes=6000 CHESS960"
	"self-threads|--engine cmd=$ox88 args=uci name=t2 option.Threads=2 --engine cmd=$ox88 args=uci name=t1 --tc 2+0.02"
	"race-nodes|--engine cmd=$ox88race args=uci name=race nodes=4000 --engine cmd=$ox88 args=uci name=plain nodes=4000"
	"race-2+0.02|--engine cmd=$ox88race args=uci name=race --engine cmd=$ox88 args=uci name=plain --tc 4+0.04 --each option.Move\ Overhead=100"
	"xboard-self|--engine cmd=$ox88 args=xboard proto=xboard name=xb --engine cmd=$ox88 args=uci name=uci --tc 2+0.02"
	"fairymax|--engine cmd=$ox88 args=uci name=ox88 --engine cmd=/usr/games/fairymax proto=xboard name=fairymax --tc 2+0.02 PGNBOOK"
	"stockfish-1350|--engine cmd=$ox88 args=uci name=ox88 --engine cmd=/usr/games/stockfish name=sf option.UCI_LimitStrength=true option.UCI_Elo=1350 --tc 2+0.02"
	"stockfish-depth|--engine cmd=$ox88 args=uci name=ox88 nodes=20000 --engine cmd=/usr/games/stockfish name=sf depth=6"
	"phalanx|--engine cmd=$ox88 args=uci name=ox88 --engine cmd=/usr/games/phalanx proto=xboard name=phalanx --tc 2+0.02"
)

# engines_orphaned counts engine processes whose parent is gone (they were
# handed to init, PID 1): what a match runner that died or forgot an engine
# leaves behind. Engines that other programs on the machine are running
# have a living parent and do not count. It also lists them in the log.
engines_orphaned() {
	ps -eo pid=,ppid=,args= | awk -v out="$OUT" '$2 == 1 && (index($3, out "/ox88") == 1 || $3 ~ /^\/usr\/games\/(fairymax|stockfish|phalanx|hoichess)/)' | tee -a "$1" | wc -l
}

for ((r = 1; r <= rounds; r++)); do
	for c in "${configs[@]}"; do
		name=${c%%|*}
		flags=${c#*|}
		if [ -n "${CONFIGS:-}" ] && [[ " $CONFIGS " != *" $name "* ]]; then
			continue
		fi
		if [[ "$flags" == *"/usr/games/"* ]]; then
			bin=$(grep -o '/usr/games/[a-z]*' <<<"$flags" | head -1)
			[ -x "$bin" ] || { echo "skip $name: $bin missing"; continue; }
		fi
		stamp=$(date +%Y%m%dT%H%M%S)
		pgn="$OUT/$name-$stamp.pgn"
		log="$OUT/$name-$stamp.log"
		echo "soak: round $r, $name, $GAMES games"
		# shellcheck disable=SC2086
		openings="--openings file=$books order=random"
		if [[ "$flags" == *PGNBOOK* ]]; then
			# An engine that cannot set up a position (fairymax: setboard=0)
			# is fed the opening's moves from the start: a PGN book.
			flags=${flags/PGNBOOK/}
			openings="--openings file=testdata/openings-200.pgn order=random"
		fi
		if [[ "$flags" == *CHESS960* ]]; then
			first=$((RANDOM % 911))
			flags=${flags/CHESS960/--chess960 $first-$((first + 49))}
			openings=""
		fi
		eval "\"$ox88\" match $flags --games $GAMES --concurrency $CONCURRENCY $openings --pgnout \"$pgn\" --quiet" >"$log" 2>&1 || true
		sleep 1
		orphans=$(engines_orphaned "$log")
		faults=$(grep -o 'faults: [0-9]* illegal moves, [0-9]* crashes, [0-9]* stalls, [0-9]* time losses' "$log" |
			awk '{il+=$2; cr+=$5; st+=$7; tl+=$9} END {printf "%d\t%d\t%d\t%d", il, cr, st, tl}')
		[ -n "$faults" ] || faults=$'0\t0\t0\t0'
		ref=$("$ox88" referee "$pgn" 2>&1 | tail -1) || true
		games=$(sed -n 's/^\([0-9]*\) games, .*/\1/p' <<<"$ref")
		moves=$(sed -n 's/.*games, \([0-9]*\) moves checked.*/\1/p' <<<"$ref")
		illegal=$(sed -n 's/.*: \([0-9]*\) illegal$/\1/p' <<<"$ref")
		if [ -z "$games" ] && [ ! -s "$pgn" ]; then
			# No game was played: the match could not start (its log says why).
			echo "soak: $name: no game played, not counted: $(tail -2 "$log" | head -1)" >&2
			continue
		fi
		if [ -z "$games" ]; then
			echo "soak: $name: the referee could not read $pgn: $ref" >&2
			games=0 moves=0 illegal=1
		fi
		# The runner's own illegal-move count and the referee's both count.
		runner_illegal=$(cut -f1 <<<"$faults")
		illegal=$((illegal > runner_illegal ? illegal : runner_illegal))
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$stamp" "$name" "$games" "$moves" "$illegal" "$(cut -f2- <<<"$faults")" "$orphans" >>"$tally"
		echo "soak: $name: $ref; runner faults (illegal crash stall time) $faults; orphans $orphans"
	done
done
summary
