#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench_record.sh BUILDDIR - `make bench-record` (docs/recording.md).
#
# On a generated root of 16 RoCE ports (gen_root.sh):
#   bench_record ... busy / idle   an hour of samples one second apart:
#                                  bytes per sample and per hour, the
#                                  recorder's CPU per sample next to the
#                                  session's refresh, load and seek times;
#   the console replaying that hour (tmux, 80x24): its CPU at x1 and at
#   x64, read from /proc/PID/stat over 5 s each.
# Figures only; BENCH_REC_SAMPLES (default 3600) changes the length.
set -eu
b=$1
here=$(cd "$(dirname "$0")" && pwd)
n=${BENCH_REC_SAMPLES:-3600}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rs-bench-rec.XXXXXX")
sock=rsbr$$
trap 'tmux -L $sock kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

sh "$here/gen_root.sh" "$tmp/root" 16
"$b/tests/bench/bench_record" "$tmp/root" "$n" busy "$tmp/busy.rsrec"
"$b/tests/bench/bench_record" "$tmp/root" "$n" idle "$tmp/idle.rsrec"
t0=$(date +%s%N)
"$b/rocescope" counters --replay "$tmp/busy.rsrec" --json >/dev/null
t1=$(date +%s%N)
echo "counters --replay --json of the busy hour: $(( (t1 - t0) / 1000000 )) ms"

if ! command -v tmux >/dev/null 2>&1; then
	echo "console replay: skipped (no tmux)"
	exit 0
fi
T() { tmux -L "$sock" -f /dev/null "$@"; }
T new-session -d -s c -x 80 -y 24 \
	"sh -c 'echo \$\$ >$tmp/pid; exec env LANG=C.UTF-8 $b/rocescope --replay $tmp/busy.rsrec'; sleep 60"
i=0
while [ ! -s "$tmp/pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
pid=$(cat "$tmp/pid")
T send-keys -t c 3	# the Counters pane: the most rows and sparklines
hz=$(getconf CLK_TCK)
# cpu SECONDS: the console's CPU share over SECONDS of wall time, in %
cpu() {
	a=$(awk '{ print $14 + $15 }' "/proc/$pid/stat"); s=$(date +%s%N)
	sleep "$1"
	e=$(awk '{ print $14 + $15 }' "/proc/$pid/stat"); f=$(date +%s%N)
	awk -v a="$a" -v e="$e" -v s="$s" -v f="$f" -v hz="$hz" \
		'BEGIN { printf "%.1f", (e - a) / hz / ((f - s) / 1e9) * 100 }'
}
sleep 1
echo "console replaying 16 ports, Counters pane, x1: $(cpu 10) % of a core"
T send-keys -t c '>' '>' '>' '>' '>' '>'
echo "console replaying 16 ports, Counters pane, x64: $(cpu 5) % of a core"
T send-keys -t c Space
echo "console paused: $(cpu 3) % of a core"
T send-keys -t c q
