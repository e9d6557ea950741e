#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench.sh ROCESCOPE BENCH_COLLECT - `make bench`.
#
# Generates a tree (gen_tree.sh; BENCH_DEVICES x BENCH_PORTS x BENCH_GIDS,
# default 8 x 2 x 256) in a temporary directory, checks that the collector
# and the reference script (show_gids_ref.sh) list the same GIDs, then times
# in the same run:
#   rocescope --root TREE gids
#   rocescope --root TREE snapshot    (YAML to stdout, discarded)
#   bench_collect --table TREE     (the collector alone, same output as ref)
#   sh show_gids_ref.sh TREE       (the reference: one process per file)
# with hyperfine when installed, else a loop around `date +%s%N`, and prints
# the mean times and the ratio reference / ours.  A rocescope command the
# binary does not know yet (not in `rocescope --help`) is skipped, saying so.
# BENCH_RUNS (default 10) runs of ours, BENCH_REF_RUNS (default 1) of the
# reference, which takes from tens of seconds to many minutes per run,
# depending on how fast this machine forks.
set -eu

[ $# -eq 2 ] || { echo "usage: $0 ROCESCOPE BENCH_COLLECT" >&2; exit 2; }
rocescope=$1
collect=$2
here=$(cd "$(dirname "$0")" && pwd)
ndev=${BENCH_DEVICES:-8}
nport=${BENCH_PORTS:-2}
ngid=${BENCH_GIDS:-256}
runs=${BENCH_RUNS:-10}
ref_runs=${BENCH_REF_RUNS:-1}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rs-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
tree=$tmp/tree

t0=$(date +%s%N)
sh "$here/gen_tree.sh" "$tree" "$ndev" "$nport" "$ngid"
t1=$(date +%s%N)
echo "tree: $ndev devices x $nport ports x $ngid GIDs in $tree" \
	"(generated in $(( (t1 - t0) / 1000000 )) ms)"

# The reference, timed with a plain loop: one run takes tens of seconds (a
# fork per file), so timer precision does not matter; its output from the
# last run is compared with ours before anything of ours is timed.
echo "reference: sh show_gids_ref.sh, $ref_runs run(s), this takes a while..."
ref_total=0
i=0
while [ $i -lt "$ref_runs" ]; do
	s=$(date +%s%N)
	sh "$here/show_gids_ref.sh" "$tree" >"$tmp/ref.txt"
	e=$(date +%s%N)
	ref_total=$((ref_total + e - s))
	i=$((i + 1))
done
ref_ms=$(awk -v t=$ref_total -v n="$ref_runs" 'BEGIN { printf "%.1f\n", t / n / 1e6 }')
"$collect" --table "$tree" >"$tmp/ours.txt"
if ! cmp -s "$tmp/ours.txt" "$tmp/ref.txt"; then
	echo "FAIL: bench_collect and show_gids_ref.sh disagree:" >&2
	diff "$tmp/ref.txt" "$tmp/ours.txt" | head -20 >&2
	exit 1
fi
echo "check: both list $(tail -n 1 "$tmp/ours.txt" | cut -d= -f2) GIDs, identical output"

# name|command|runs, one per line; ours first, the reference last.
: >"$tmp/cmds"
add() { printf '%s|%s|%s\n' "$1" "$2" "$3" >>"$tmp/cmds"; }
knows() { "$rocescope" --help 2>&1 | grep -qE "^  $1( |\$)"; }
if knows gids; then
	add "rocescope gids" "$rocescope --root $tree gids" "$runs"
else
	echo "skip: rocescope has no 'gids' command yet (not in rocescope --help)"
fi
if knows snapshot; then
	# Not `-o /dev/null`: -o writes FILE.tmp and renames it over FILE,
	# which as root would replace the /dev/null device with a plain file.
	# stdout is discarded by the timer instead: the same work, no rename.
	add "rocescope snapshot" "$rocescope --root $tree snapshot" "$runs"
else
	echo "skip: rocescope has no 'snapshot' command yet (not in rocescope --help)"
fi
add "bench_collect --table" "$collect --table $tree" "$runs"

# mean_ms COMMAND RUNS -> mean wall time in ms (output discarded).
mean_ms() {
	if command -v hyperfine >/dev/null 2>&1; then
		hyperfine -N --style none --warmup 1 --runs "$2" \
			--export-csv "$tmp/h.csv" "$1" >/dev/null 2>&1 || return 1
		awk -F, 'NR == 2 { printf "%.1f\n", $2 * 1000 }' "$tmp/h.csv"
		return 0
	fi
	total=0
	i=0
	while [ $i -lt "$2" ]; do
		s=$(date +%s%N)
		$1 >/dev/null 2>&1 || return 1
		e=$(date +%s%N)
		total=$((total + e - s))
		i=$((i + 1))
	done
	awk -v t=$total -v n="$2" 'BEGIN { printf "%.1f\n", t / n / 1e6 }'
}

if command -v hyperfine >/dev/null 2>&1; then
	echo "timer: $(hyperfine --version) (-N, 1 warmup)"
else
	echo "timer: date +%s%N loop (hyperfine not installed)"
fi
printf '%-24s %12s %6s\n' command "mean ms" runs
: >"$tmp/results"
while IFS='|' read -r name cmd n; do
	if ms=$(mean_ms "$cmd" "$n"); then
		printf '%-24s %12s %6s\n' "$name" "$ms" "$n"
		printf '%s|%s\n' "$name" "$ms" >>"$tmp/results"
	else
		printf '%-24s %12s %6s\n' "$name" FAILED "$n"
	fi
done <"$tmp/cmds"

printf '%-24s %12s %6s\n' "show_gids_ref.sh" "$ref_ms" "$ref_runs"
awk -F'|' -v ref="$ref_ms" '$2 > 0 {
	printf "ratio show_gids_ref.sh / %-22s %10.1f x\n", $1, ref / $2 }' "$tmp/results"
echo "in-process (no exec):"
"$collect" --loop "$runs" "$tree"
