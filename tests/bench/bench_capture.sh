#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench_capture.sh BUILDDIR - the capture part of `make bench`.
#
# Generates BENCH_PACKETS (default 1000000) RoCE v2 packets with
# tests/bench/gen_roce_pcap (realistic sizes and opcode mix, valid ICRCs),
# reads the file once to have it in the page cache, then times in the same
# run, best of BENCH_CAPTURE_RUNS (default 3):
#   tcpdump -r FILE -w /dev/null        the raw read (the reference cost)
#   bench_decode --raw FILE             our own read loop, nothing else
#   bench_decode --decode FILE          read + decode + ICRC + flow accounting
#   rocescope capture -r FILE --summary the command as a user runs it
#   tshark -r FILE                      what people use today (1 run)
# and prints packets/s and the ratios: decoding over the raw read (goal:
# under +25 %), tshark over rocescope (goal: at least 20x).  A reference
# tool that is not installed is skipped with a note (tshark is not a
# dependency of the project: install it by hand for this bench).
set -eu

[ $# -eq 1 ] || { echo "usage: $0 BUILDDIR" >&2; exit 2; }
B=$1
n=${BENCH_PACKETS:-1000000}
runs=${BENCH_CAPTURE_RUNS:-3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rs-benchcap.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
f=$tmp/roce.pcap

echo "capture bench: generating $n RoCE v2 packets..."
"$B/tests/bench/gen_roce_pcap" "$f" "$n"
ls -l "$f" | awk '{ printf "file: %.0f MB\n", $5 / 1e6 }'
cat "$f" >/dev/null		# into the page cache: every tool reads from memory

# best SECONDS of RUNS runs of a command (output discarded)
best() {
	r=$1
	shift
	b=
	i=0
	while [ $i -lt "$r" ]; do
		s=$(date +%s%N)
		"$@" >/dev/null 2>&1 || return 1
		e=$(date +%s%N)
		t=$((e - s))
		if [ -z "$b" ] || [ $t -lt "$b" ]; then b=$t; fi
		i=$((i + 1))
	done
	awk -v t="$b" 'BEGIN { printf "%.3f\n", t / 1e9 }'
}
line() { awk -v name="$1" -v s="$2" -v n="$n" 'BEGIN {
	printf "%-36s %8.3f s %12.0f packets/s\n", name, s, n / s }'; }

"$B/tests/bench/bench_decode" --decode "$f"	# also proves every ICRC checks
printf '%-36s %10s %22s\n' command "best of $runs" rate
raw=
if command -v tcpdump >/dev/null 2>&1; then
	raw=$(best "$runs" tcpdump -Z root -r "$f" -w /dev/null)
	line "tcpdump -r FILE -w /dev/null" "$raw"
else
	echo "note: tcpdump is not installed: no raw-read reference"
fi
oraw=$(best "$runs" "$B/tests/bench/bench_decode" --raw "$f")
line "bench_decode --raw (libpcap read)" "$oraw"
dec=$(best "$runs" "$B/tests/bench/bench_decode" --decode "$f")
line "bench_decode --decode" "$dec"
ours=$(best "$runs" "$B/rocescope" capture -r "$f" --summary)
line "rocescope capture -r FILE --summary" "$ours"
ts=
if command -v tshark >/dev/null 2>&1; then
	ts=$(best 1 tshark -r "$f")
	line "tshark -r FILE" "$ts"
else
	echo "note: tshark is not installed (apt-get install tshark): no tshark reference"
fi
echo "ratios:"
if [ -n "$raw" ]; then
	awk -v o="$ours" -v r="$raw" 'BEGIN { printf "  rocescope capture over tcpdump raw read: %+.1f %% (goal: under +25 %%)\n", (o / r - 1) * 100 }'
fi
awk -v d="$dec" -v r="$oraw" 'BEGIN { printf "  decode + flows over our own raw read:    %+.1f %%\n", (d / r - 1) * 100 }'
if [ -n "$ts" ]; then
	awk -v o="$ours" -v t="$ts" 'BEGIN { printf "  tshark / rocescope capture:              %.1f x (goal: at least 20 x)\n", t / o }'
fi
