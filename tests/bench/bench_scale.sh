#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench_scale.sh BUILDDIR - `make bench-scale`: rocescope on hosts of tens
# of thousands of devices (docs/snapshot-format.md, docs/console.md).
#
#   --load of 40,000 devices (tests/bench/gen_snapshot.sh: each with a
#   port, four GIDs, counters, its link, address, route and neighbour;
#   just under the 64 MiB cap): `devices` and `check`, wall time and peak
#   resident memory;
#   the biggest file of the most elements under the cap (devices with a
#   name only): refused at the memory bound, how soon and with how much;
#   the console on a root of 10,000 devices (tests/bench/gen_root.sh, one
#   RoCE port each, 95 files: about 950,000 files): time to the first
#   screen, to the end of the first collection, and from 'q' and from
#   SIGTERM to the exit, during the collection and during refreshes.
#
# Peak memory is VmHWM of /proc/PID/status, read every 20 ms while the
# command runs.  Figures only (no limits): the machine is shared.
# BENCH_SCALE_LOAD (40000) and BENCH_SCALE_ROOT (10000) change the sizes.
set -eu
b=$1
here=$(cd "$(dirname "$0")" && pwd)
nload=${BENCH_SCALE_LOAD:-40000}
nroot=${BENCH_SCALE_ROOT:-10000}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rs-bench-scale.XXXXXX")
sock=rsbs$$
trap 'tmux -L $sock kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

ms() { echo $(( $(date +%s%N) / 1000000 )); }

# peak LABEL CMD...: run CMD (stdout dropped), print its wall time, exit
# status and peak resident memory.
peak() {
	label=$1
	shift
	t0=$(ms)
	"$@" >/dev/null 2>"$tmp/err" &
	pid=$!
	hwm=0
	while kill -0 "$pid" 2>/dev/null; do
		v=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status" \
			2>/dev/null || true)
		[ -n "$v" ] && [ "$v" -gt "$hwm" ] && hwm=$v
		sleep 0.02
	done
	rc=0
	wait "$pid" || rc=$?
	t1=$(ms)
	echo "$label: $((t1 - t0)) ms, exit $rc, peak resident $((hwm / 1024)) MiB"
	[ "$rc" = 0 ] || sed 's/^/    /' "$tmp/err"
}

sh "$here/gen_snapshot.sh" "$tmp/load.yaml" "$nload"
echo "snapshot of $nload devices: $(( $(wc -c <"$tmp/load.yaml") / 1048576 )) MiB"
peak "devices --load ($nload devices)" "$b/rocescope" devices --load "$tmp/load.yaml"
peak "check --load ($nload devices)" "$b/rocescope" check --load "$tmp/load.yaml"

# As many names as fit under the cap: 3.5 million devices are asked for.
sh "$here/gen_snapshot.sh" "$tmp/names.yaml" 3500000 names
echo "snapshot of 3500000 named devices: $(( $(wc -c <"$tmp/names.yaml") / 1048576 )) MiB"
peak "devices --load (3500000 names, refused at the bound)" \
	"$b/rocescope" devices --load "$tmp/names.yaml"
rm -f "$tmp/load.yaml" "$tmp/names.yaml"

if ! command -v tmux >/dev/null 2>&1; then
	echo "console on $nroot devices: skipped (no tmux)"
	exit 0
fi
t0=$(ms)
sh "$here/gen_root.sh" "$tmp/root" "$nroot"
echo "root of $nroot devices written in $(( $(ms) - t0 )) ms"
T() { tmux -L "$sock" -f /dev/null "$@"; }

# console NAME: start it on the root; its pid in $tmp/NAME.pid.
console() {
	rm -f "$tmp/$1.pid"
	cmd="exec env LANG=C.UTF-8 $b/rocescope --root $tmp/root"
	T new-session -d -s "$1" -x 80 -y 24 \
		"sh -c 'echo \$\$ >$tmp/$1.pid; $cmd'; echo EXITED \$?; sleep 600"
	while [ ! -s "$tmp/$1.pid" ]; do sleep 0.01; done
}

# until NAME PATTERN: poll the screen (10 ms) until PATTERN is on it.
until_screen() {
	while ! T capture-pane -p -t "$1" | grep -Eq -- "$2"; do sleep 0.01; done
}

# stop NAME HOW WHEN: q or SIGTERM, the time to the exit.
stop() {
	t0=$(ms)
	if [ "$2" = q ]; then T send-keys -t "$1" q; else kill -TERM "$(cat "$tmp/$1.pid")"; fi
	until_screen "$1" 'EXITED'
	echo "console, $2 $3: exit after $(( $(ms) - t0 )) ms"
}

t0=$(ms)
console a
until_screen a 'reading [0-9]+ of'
echo "console on $nroot devices: first screen after $(( $(ms) - t0 )) ms"
stop a q "while reading the devices"
console b
until_screen b 'reading [0-9]+ of'
stop b SIGTERM "while reading the devices"
t0=$(ms)
console c
until_screen c 'every 1 s'
echo "console on $nroot devices: all read and checked after $(( $(ms) - t0 )) ms"
sleep 3
hwm=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$(cat "$tmp/c.pid")/status")
echo "console on $nroot devices: peak resident $((hwm / 1024)) MiB"
stop c q "during refreshes"
console d
until_screen d 'every 1 s'
sleep 2
stop d SIGTERM "during refreshes"
