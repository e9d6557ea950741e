#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench_explain.sh ROCESCOPE - `make bench`, part 2: `rocescope explain`
# on a large log against GNU grep, in one run (docs/explain.md has the
# figures).
#
#   log     BENCH_EXPLAIN_MB MiB (default 1024) of what a pasted job log
#           holds: NCCL INFO lines, dmesg, perftest's result table, UCX
#           info lines, with one error line of tests/fixtures/explain/
#           pasted.log in 10 000
#   errors  16 MiB of nothing but those error lines: the worst case,
#           every line matched in full (printed, not held to a limit)
#
# The reference is `grep -ciE 'error|fail|warn'` over the same file, in
# the C locale (grep's fastest).  The CPU time (user + system) of each is
# measured with /usr/bin/time when it is there (else the shell's times),
# with explain's peak resident memory.  The bench fails when explain takes
# more than 5 times grep's CPU time on the log, or more than 64 MiB.  The
# files are made in a temporary directory and removed at the end.
set -eu

[ $# -eq 1 ] || { echo "usage: $0 ROCESCOPE" >&2; exit 2; }
rs=$1
here=$(cd "$(dirname "$0")" && pwd)
fixture=$here/../fixtures/explain/pasted.log
mib=${BENCH_EXPLAIN_MB:-1024}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rs-bench-explain.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

if ! "$rs" --help 2>&1 | grep -qE '^  explain( |$)'; then
	echo "skip: rocescope has no 'explain' command (not in rocescope --help)"
	exit 0
fi

grep -v '^#' "$fixture" | grep -E "Couldn|Unable|Found|Please|Failed|failed|ethernet|Requested|Changing|PCIe band|NCCL WARN" >"$tmp/errors.src"

# 16 MiB of log, then as many copies as the size asks for.
awk -v size=16777216 'NR == FNR { err[++m] = $0; next }
END {
	srand(1)
	split("init comm channel ring tree peer connected via NET/IB GPU Direct RDMA " \
	      "enabled status ok bytes usec rank nranks cudaDev busId transport net_ib cc " \
	      "proxy Channel send recv nvls graph pattern crossNic nChannels bw type", w, " ")
	nw = 34
	while (n < size - 300) {
		r = ++count % 10
		if (count % 10000 == 0) {
			line = err[1 + int(rand() * m)]
		} else if (r < 6) {
			line = sprintf("gpu-%c:%d:%d [%d] NCCL INFO", 97 + count % 8, 2311 + count % 7,
				       2374 + count % 13, count % 8)
			k = 3 + int(rand() * 12)
			for (i = 0; i < k; i++) line = line " " w[1 + int(rand() * nw)]
		} else if (r < 8) {
			line = sprintf("[%10.6f] mlx5_core 0000:3b:00.%d: poll_health: %d ok, " \
				       "eth%d: rx_packets %d tx_bytes %d", count / 1000.0, count % 2,
				       count, count % 4, count * 7, count * 1500)
		} else if (r < 9) {
			line = sprintf(" %-10d %-10d %16.2f %16.2f %14.6f", 2 ^ (count % 23), 5000,
				       rand() * 100, rand() * 100, rand())
		} else {
			line = sprintf("[1666.%06d] [host-%d:%d:0] ucp_worker.c:1903 UCX  INFO  " \
				       "ucp_context_0 inter-node cfg#%d tag(rc_mlx5/mlx5_0:1)",
				       count % 1000000, count % 4, 30000 + count % 999, count % 9)
		}
		print line
		n += length(line) + 1
	}
}' "$tmp/errors.src" /dev/null >"$tmp/block"
: >"$tmp/log"
i=0
while [ $i -lt "$mib" ]; do
	left=$((mib - i))
	if [ $left -ge 16 ]; then
		cat "$tmp/block" >>"$tmp/log"
		i=$((i + 16))
	else
		head -c $((left * 1048576)) "$tmp/block" >>"$tmp/log"
		i=$mib
	fi
done
awk -v size=16777216 'NR == FNR { l[++m] = $0; next }
	END { while (n < size - 300) { x = l[1 + (i++ % m)]; print x; n += length(x) + 1 } }' \
	"$tmp/errors.src" /dev/null >"$tmp/errors"

# cpu FILE CMD... -> "SECONDS KIB": user + system CPU time and peak RSS.
# The output goes to a file: GNU grep stops at the first match when its
# output is /dev/null, which would measure nothing.
cpu() {
	f=$1
	shift
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" <"$f" >"$tmp/out" 2>&1 ||
			[ $? -le 1 ]
		awk '{ printf "%.2f %d\n", $1 + $2, $3 }' "$tmp/time"
	else
		( "$@" <"$f" >"$tmp/out" 2>&1 || true; times ) | tail -n 1 |
			awk '{ gsub(/[ms]/, " "); split($0, a, " ");
			       printf "%.2f 0\n", a[1] * 60 + a[2] + a[3] * 60 + a[4] }'
	fi
}

# a / b to one decimal, "-" when b is below what the timer resolves.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b >= 0.02) printf "%.1fx", a / b; else printf "-" }'; }

printf '%-7s %8s %11s %12s %9s %7s %12s\n' log MiB lines "explain CPU" "grep CPU" ratio \
	"explain RSS"
status=0
for f in log errors; do
	input=$tmp/$f
	size=$(awk -v b="$(wc -c <"$input")" 'BEGIN { printf "%.0f", b / 1048576 }')
	set -- $(cpu "$input" "$rs" explain -)
	ours=$1 rss=$2
	set -- $(cpu "$input" env LC_ALL=C grep -ciE 'error|fail|warn')
	ref=$1
	r=$(ratio "$ours" "$ref")
	printf '%-7s %8s %11s %11ss %8ss %7s %9s MiB\n' "$f" "$size" "$(wc -l <"$input")" \
		"$ours" "$ref" "$r" "$((rss / 1024))"
	if [ "$f" = log ]; then
		awk -v r="${r%x}" 'BEGIN { exit !(r != "-" && r <= 5) }' || {
			echo "explain: more than 5 times grep's CPU time"; status=1; }
		[ "$rss" -lt 65536 ] || { echo "explain: more than 64 MiB resident"; status=1; }
	fi
done
echo "explain on the log: $("$rs" explain - <"$tmp/log" | tail -n 1)"
echo "grep on the log:    $(LC_ALL=C grep -ciE 'error|fail|warn' "$tmp/log") lines match"
exit $status
