#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench_exporter.sh ROCESCOPE SCRAPE_CLIENT - the exporter's costs on a
# generated 16-port root (gen_root.sh; BENCH_EXPORTER_PORTS), printed as
# figures, nothing asserted:
#   - CPU per refresh: the exporter reads the counters every 50 ms with
#     nobody scraping; its process CPU (process_cpu_seconds_total) over the
#     refreshes it did (rocescope_refreshes_total).  Reference in the same
#     run: one `cat` process reading the same counter files, per refresh.
#   - CPU to build the text once (rocescope_exporter_build_cpu_seconds)
#     and its size.
#   - CPU per scrape: refresh every hour (so the text is built once), then
#     BENCH_SCRAPES scrapes; process CPU / scrapes.
#   - scrapes per second with 1, 4, 16 and 64 concurrent keep-alive clients
#     (scrape_client load; the clients share the machine's 2 cores).
# Loopback only.
set -eu

[ $# -eq 2 ] || { echo "usage: $0 ROCESCOPE SCRAPE_CLIENT" >&2; exit 2; }
rocescope=$1
client=$2
here=$(cd "$(dirname "$0")" && pwd)
nport=${BENCH_EXPORTER_PORTS:-16}
scrapes=${BENCH_SCRAPES:-4000}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rs-bench-exp.XXXXXX")
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
sh "$here/gen_root.sh" "$tmp/root" "$nport"
echo "exporter bench: $nport ports ($tmp/root)"

start() { # start INTERVAL
	: >"$tmp/err"	# emptied here: the background job may open it late
	"$rocescope" --root "$tmp/root" exporter --listen 127.0.0.1:0 --interval "$1" \
		--max-connections 128 2>>"$tmp/err" &
	pid=$!
	addr=
	i=0
	while [ -z "$addr" ] && [ $i -lt 300 ]; do
		addr=$(sed -n 's|.*exporter on http://\([^/]*\)/metrics.*|\1|p' "$tmp/err" 2>/dev/null || true)
		[ -n "$addr" ] || sleep 0.1
		i=$((i + 1))
	done
	[ -n "$addr" ] || { echo "the exporter did not start: $(cat "$tmp/err")" >&2; exit 1; }
}
stop() { kill "$pid"; wait "$pid" || true; pid=; }
metric() { # metric NAME - its value in a fresh scrape
	"$client" "$addr" get /metrics 2>/dev/null | awk -v n="$1" '$1 == n { print $2 }'
}

# --- per refresh ---------------------------------------------------------
start 0.05
c0=$(metric process_cpu_seconds_total)
r0=$(metric rocescope_refreshes_total)
sleep 10
c1=$(metric process_cpu_seconds_total)
r1=$(metric rocescope_refreshes_total)
build=$(metric rocescope_exporter_build_cpu_seconds)
size=$("$client" "$addr" get /metrics 2>/dev/null | wc -c)
lines=$("$client" "$addr" get /metrics 2>/dev/null | grep -vc '^#')
stop
# (the two scrapes in between each built the text once more: subtracted)
per_refresh=$(awk -v a="$c0" -v b="$c1" -v n=$((r1 - r0)) -v bld="$build" \
	'BEGIN { printf "%.3f", ((b - a) - 2 * bld) / n * 1000 }')
files=$(find "$tmp/root/sys/class/infiniband" -path '*counters/*' -type f | sort)
nfiles=$(echo "$files" | wc -l)
s=$(date +%s%N)
k=0
while [ $k -lt 100 ]; do cat $files >/dev/null; k=$((k + 1)); done
e=$(date +%s%N)
ref=$(awk -v t=$((e - s)) 'BEGIN { printf "%.3f", t / 100 / 1e6 }')
echo "  per refresh: $per_refresh ms CPU ($((r1 - r0)) refreshes in 10 s at 50 ms:" \
	"sysfs counters, series, every check)"
echo "  reference:   $ref ms wall for one cat of the same $nfiles counter files" \
	"(ratio $(awk -v a="$per_refresh" -v b="$ref" 'BEGIN { printf "%.2f", a / b }'))"
echo "  build once:  $(awk -v b="$build" 'BEGIN { printf "%.3f", b * 1000 }') ms CPU" \
	"for $size bytes, $lines samples"

# --- per scrape ------------------------------------------------------------
start 3600
"$client" "$addr" get /metrics >/dev/null 2>&1	# the one build
c0=$(metric process_cpu_seconds_total)
"$client" "$addr" load 1 "$scrapes" >"$tmp/load" 2>&1
c1=$(metric process_cpu_seconds_total)
echo "  per scrape:  $(awk -v a="$c0" -v b="$c1" -v n="$scrapes" \
	'BEGIN { printf "%.1f", (b - a) / n * 1e6 }') us CPU (text built once, $scrapes scrapes," \
	"one keep-alive client)"
for n in 1 4 16 64; do
	m=$((scrapes / n))
	"$client" "$addr" load "$n" "$m" >"$tmp/load" 2>&1 || echo "  (some scrapes failed)"
	echo "  $n client(s): $(awk '{ print $10 }' "$tmp/load" | sed 's|/s| scrapes/s|')" \
		"($(awk '{ print $2 }' "$tmp/load") scrapes of $size bytes)"
done
stop
