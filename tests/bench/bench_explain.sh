#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench_explain.sh ROCESCOPE - `make bench`, part 2: `rocescope explain`
# on logs of 16 MiB (the most it reads), against GNU grep with the same
# patterns in the same run (docs/explain.md has the figures).
#
#   noise   16 MiB of NCCL-like INFO lines with one error line in 10 000:
#           the usual pasted log
#   errors  16 MiB of the error lines of tests/fixtures/explain/pasted.log
#           and nothing else: the worst case, every line tried in full
#
# The reference is `grep -c -i -E -f PATTERNS` over the same file, with
# the patterns `rocescope explain --list --json` prints: grep only counts
# the lines that match any pattern, explain also says which entries match
# each line and prints them, so the ratio is an upper bound of what a
# faster matcher could win.  BENCH_RUNS (default 3) runs of each.
set -eu

[ $# -eq 1 ] || { echo "usage: $0 ROCESCOPE" >&2; exit 2; }
rs=$1
here=$(cd "$(dirname "$0")" && pwd)
fixture=$here/../fixtures/explain/pasted.log
runs=${BENCH_RUNS:-3}
size=16777216

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rs-bench-explain.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

if ! "$rs" --help 2>&1 | grep -qE '^  explain( |$)'; then
	echo "skip: rocescope has no 'explain' command (not in rocescope --help)"
	exit 0
fi

# The patterns, out of the JSON strings (only \\ and \" occur in them).
"$rs" explain --list --json | sed -n 's/^ *"pattern": "\(.*\)",\{0,1\}$/\1/p' |
	sed 's/\\"/"/g; s/\\\\/\\/g' >"$tmp/patterns"
grep -v '^#' "$fixture" | grep -E "Couldn|Unable|Found|Please|Failed|failed|ethernet|Requested|Changing|PCIe band|NCCL WARN" >"$tmp/errors.src"

awk -v size=$size 'BEGIN {
	srand(1)
	split("init comm channel ring tree peer connected via NET/IB GPU Direct RDMA " \
	      "enabled status ok bytes usec rank INFO NCCL transport net_ib cc", w, " ")
	while (n < size - 200) {
		line = "gpu-a:2311:2374 [0] NCCL INFO"
		k = 3 + int(rand() * 12)
		for (i = 0; i < k; i++) line = line " " w[1 + int(rand() * 22)]
		if (++count % 10000 == 0) line = "Couldn'\''t allocate MR"
		print line; n += length(line) + 1
	}
}' >"$tmp/noise"
awk -v size=$size 'NR == FNR { l[++m] = $0; next }
	END { while (n < size - 300) { x = l[1 + (i++ % m)]; print x; n += length(x) + 1 } }' \
	"$tmp/errors.src" /dev/null >"$tmp/errors"

# mean_ms RUNS CMD... -> mean wall time in ms of CMD < $input, output discarded.
mean_ms() {
	n=$1
	shift
	total=0
	i=0
	while [ $i -lt "$n" ]; do
		s=$(date +%s%N)
		"$@" <"$input" >/dev/null 2>&1 || [ $? -le 1 ]
		e=$(date +%s%N)
		total=$((total + e - s))
		i=$((i + 1))
	done
	awk -v t=$total -v n="$n" 'BEGIN { printf "%.0f\n", t / n / 1e6 }'
}

printf '%-8s %10s %12s %12s %12s %8s\n' log MiB lines "explain ms" "grep ms" "ratio"
for f in noise errors; do
	input=$tmp/$f
	mib=$(awk -v b="$(wc -c <"$input")" 'BEGIN { printf "%.1f", b / 1048576 }')
	ours=$(mean_ms "$runs" "$rs" explain -)
	ref=$(mean_ms "$runs" env LC_ALL=C grep -c -i -E -f "$tmp/patterns")
	printf '%-8s %10s %12s %12s %12s %7.1fx\n' "$f" "$mib" "$(wc -l <"$input")" "$ours" "$ref" \
		"$(awk -v a="$ours" -v b="$ref" 'BEGIN { print (b > 0 ? a / b : 0) }')"
done
echo "explain: $("$rs" explain - <"$tmp/errors" | tail -n 1)"
echo "grep:    $(LC_ALL=C grep -c -i -E -f "$tmp/patterns" "$tmp/errors") lines match"
