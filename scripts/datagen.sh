#!/usr/bin/env bash
# datagen.sh: starts, or resumes, one shard of training data in the
# background at the lowest CPU priority, so that builds, tests and reading
# go on beside it. A shard is a seed and a node budget; its binary is built
# once, from the commit it was started at, and kept beside the data, so a
# shard resumed after later commits still plays the same engine. Every
# start and stop is logged in DATA/shards.log with the commit, the count and
# the CPU seconds of the run (the sum over a shard's runs is its cost).
#
# usage: scripts/datagen.sh SEED [NODES]    start or resume shard SEED (default 2000 nodes a move)
#        scripts/datagen.sh --stop          stop every running shard (they resume where they stopped)
#        scripts/datagen.sh --status        each shard's positions, games and state
# environment:
#   DATA=/work/data    where shards, binaries and the log go
#   WORKERS=2          games played at once
#   OPENINGS=FILE      start positions (EPD or PGN) instead of the standard start;
#                      read when a shard starts and kept beside it (DATA/SHARD.openings)
#   PLIES=8            random moves played from each start position
# A shard's node budget, openings and plies are fixed when it starts
# (DATA/SHARD.meta); resuming it ignores OPENINGS and PLIES.
set -euo pipefail
DATA=${DATA:-/work/data}
mkdir -p "$DATA/bin"
log() { echo "$(date -u +%FT%TZ) $*" >>"$DATA/shards.log"; }
count() { local n; n=$(stat -c %s "$1" 2>/dev/null || echo 0); echo $((n / 32)); }

case "${1:-}" in
--stop)
	for p in "$DATA"/*.pid; do
		[ -e "$p" ] || continue
		pid=$(cat "$p")
		cpu=$(ps -o times= -p "$pid" 2>/dev/null | tr -d ' ' || true)
		if kill -INT "$pid" 2>/dev/null; then
			while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
		fi
		rm -f "$p"
		shard=${p%.pid}
		log "stop $(basename "$shard") positions $(count "$shard.bin") cpu-seconds ${cpu:-0}"
	done
	exit 0
	;;
--status)
	for m in "$DATA"/*.meta; do
		[ -e "$m" ] || continue
		shard=${m%.meta}
		state=stopped
		if [ -e "$shard.pid" ] && kill -0 "$(cat "$shard.pid")" 2>/dev/null; then
			state="running, $(ps -o times= -p "$(cat "$shard.pid")" | tr -d ' ') cpu-seconds this run"
		fi
		echo "$(basename "$shard") $(cat "$m") positions $(count "$shard.bin") $state"
		tail -c 300 "$shard.err" 2>/dev/null | tr '\r' '\n' | grep -v '^$' | tail -1 | sed 's/^/    /'
	done
	exit 0
	;;
""|-*)
	sed -n '2,/^set /p' "$0" | sed '$d'
	exit 2
	;;
esac

seed=$1
nodes=${2:-2000}
shard="$DATA/s$seed-n$nodes"
if [ -e "$shard.pid" ] && kill -0 "$(cat "$shard.pid")" 2>/dev/null; then
	echo "shard s$seed-n$nodes is already running (pid $(cat "$shard.pid"))"
	exit 0
fi
if [ ! -e "$shard.meta" ]; then
	case "${PLIES:-8}" in ''|*[!0-9]*) echo "PLIES=$PLIES: want a number of plies" >&2; exit 2 ;; esac
	if [ -n "${OPENINGS:-}" ] && [ ! -r "$OPENINGS" ]; then
		echo "OPENINGS=$OPENINGS: no such readable file" >&2
		exit 2
	fi
	root=$(cd "$(dirname "$0")/.." && pwd)
	commit=$(git -C "$root" rev-parse --short HEAD)
	if [ -n "$(git -C "$root" status --porcelain -- '*.go' nnue/default.nnue)" ]; then
		echo "the work tree has uncommitted changes: a shard's engine must be a commit" >&2
		exit 1
	fi
	(cd "$root" && go build -o "$DATA/bin/$commit/ox88" ./cmd/ox88)
	meta="commit $commit seed $seed nodes $nodes"
	if [ -n "${OPENINGS:-}" ]; then
		cp "$OPENINGS" "$shard.openings"
		meta="$meta openings $(basename "$OPENINGS" | tr -c 'A-Za-z0-9._\n-' _) $(sha256sum <"$shard.openings" | cut -c1-12)"
	fi
	[ -n "${PLIES:-}" ] && meta="$meta plies $PLIES"
	echo "$meta" >"$shard.meta"
fi
read -r _ commit _ _ _ _ rest <"$shard.meta"
extra=()
[ -e "$shard.openings" ] && extra+=(--openings "$shard.openings")
case " ${rest:-} " in *" plies "*) p=${rest#*plies }; extra+=(--random-plies "${p%% *}") ;; esac
if [ ! -x "$DATA/bin/$commit/ox88" ] && [ -x "$DATA/bin/ox88-$commit" ]; then
	mkdir -p "$DATA/bin/$commit" && mv "$DATA/bin/ox88-$commit" "$DATA/bin/$commit/ox88" # the older layout
fi
nohup nice -n 19 "$DATA/bin/$commit/ox88" datagen --out "$shard.bin" --seed "$seed" \
	--nodes "$nodes" --workers "${WORKERS:-2}" "${extra[@]}" >>"$shard.out" 2>>"$shard.err" &
echo $! >"$shard.pid"
log "start s$seed-n$nodes commit $commit positions $(count "$shard.bin") pid $!"
echo "shard s$seed-n$nodes running (pid $!, commit $commit); scripts/datagen.sh --status"
