#!/bin/sh
# SPDX-License-Identifier: MIT
# test_capture_fuzz.sh - fuzz the RoCE decoder with libFuzzer (clang,
# -fsanitize=fuzzer,address,undefined) for a bounded number of executions:
# FUZZ_RUNS (default 200000) in `make check`, more by hand:
#   FUZZ_RUNS=20000000 make check TESTS=tests/test_capture_fuzz.sh
# Seeds: the crafted cases (tests/helpers/make_cases --seeds) and frames of
# the real captures.  Skips, saying why, when clang or its fuzzer runtime
# is missing (Debian: clang, libclang-rt-14-dev).
. "$top_srcdir/tests/lib.sh"

CC_FUZZ=${CC_FUZZ:-clang}
RUNS=${FUZZ_RUNS:-200000}
command -v "$CC_FUZZ" >/dev/null 2>&1 || skip_all "clang is not installed (apt-get install clang libclang-rt-14-dev)"
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-fuzz-$$.XXXXXX") || exit 1
on_exit 'rm -rf "$T"'

S=$top_srcdir/src
BIN=$top_builddir/tests/fuzz/fuzz_decode
mkdir -p "$top_builddir/tests/fuzz" || exit 1
# Rebuilt when missing or older than any source it is made of.
SRCS="$top_srcdir/tests/fuzz/fuzz_decode.c $S/capture/decode.c $S/capture/ib.c
	$S/capture/icrc.c $S/crc32.c $S/capture/analysis.c $S/capture/flow.c $S/diag/capture_verdicts.c
	$S/capture/format.c $S/capture/format_json.c $S/capture/replay_psn.c $S/util.c $S/json.c $S/i18n.c"
stale=
[ -x "$BIN" ] || stale=1
for f in $SRCS; do [ "$f" -nt "$BIN" ] && stale=1; done
if [ -n "$stale" ]; then
	# shellcheck disable=SC2086
	if ! "$CC_FUZZ" -g -O1 -std=gnu11 -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined -include "$top_builddir/config.h" \
		-I"$S" -I"$top_srcdir" -I"$top_builddir" $SRCS -o "$BIN" 2>"$T/cc.err"; then
		if grep -q 'fuzzer' "$T/cc.err"; then
			skip_all "clang cannot link -fsanitize=fuzzer (install libclang-rt-14-dev): $(head -c 200 "$T/cc.err")"
		fi
		cat "$T/cc.err" >&2
		echo "1..1"
		echo "not ok 1 - the fuzz target builds with clang"
		exit 0
	fi
fi

plan 2
mkdir "$T/corpus"
"$top_builddir/tests/helpers/make_cases" --seeds "$T/corpus" >/dev/null
ok $? "seed corpus: $(ls "$T/corpus" | wc -l) crafted frames"
# -runs bounds the work, not the time; one worker, no leak of the corpus into the tree.
"$BIN" -runs="$RUNS" -seed=1 -max_len=4096 -print_final_stats=1 "$T/corpus" >"$T/log" 2>&1
rc=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$T/log")
grep -E '^(#[0-9]+ *DONE|stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb))' "$T/log" |
	while IFS= read -r l; do diag "$l"; done
[ $rc -eq 0 ] && [ "${execs:-0}" -ge "$RUNS" ] && ! grep -q 'ERROR: \(AddressSanitizer\|libFuzzer\)\|runtime error:' "$T/log"
rc2=$?
[ $rc2 -eq 0 ] || tail -n 40 "$T/log" | while IFS= read -r l; do diag "$l"; done
ok $rc2 "libFuzzer: ${execs:-0} executions of the decoder, no crash, no sanitizer report"
