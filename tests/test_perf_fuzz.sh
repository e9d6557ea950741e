#!/bin/sh
# SPDX-License-Identifier: MIT
# test_perf_fuzz.sh - libFuzzer on the control message decoder and the JSON
# lines parser (tests/fuzz/fuzz_perf_proto.c), built with clang
# (-fsanitize=fuzzer,address,undefined) from the same sources as the
# program, started from the seeds in tests/fuzz/perf-seeds/ with a fixed
# seed and a bounded number of executions (RS_FUZZ_RUNS, default 500000).
# Skipped, with the reason, when clang or its libFuzzer runtime is missing
# (Debian: apt-get install clang libclang-rt-dev).
. "$top_srcdir/tests/lib.sh"

CC_FUZZ=${CC_FUZZ:-clang}
command -v "$CC_FUZZ" >/dev/null 2>&1 || skip_all "$CC_FUZZ is not installed (apt-get install clang libclang-rt-dev)"
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-fuzz-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
printf '#include <stdint.h>\n#include <stddef.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return 0; }\n' >"$T/probe.c"
"$CC_FUZZ" -fsanitize=fuzzer,address,undefined "$T/probe.c" -o "$T/probe" >"$T/probe.log" 2>&1 ||
	skip_all "$CC_FUZZ cannot link libFuzzer with ASan/UBSan (apt-get install libclang-rt-dev): $(head -c 160 "$T/probe.log")"

plan 3
s=$top_srcdir/src
"$CC_FUZZ" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-include "$top_builddir/config.h" -I"$s" -I"$top_srcdir" -I"$top_builddir" \
	"$top_srcdir/tests/fuzz/fuzz_perf_proto.c" "$s/perf/proto.c" "$s/perf/peer_sniff.c" \
	"$s/perf/jsonl.c" "$s/perf/jsonl_write.c" \
	"$s/json.c" "$s/util.c" -lm -o "$T/fuzz" >"$T/build.log" 2>&1
rc=$?
[ $rc = 0 ] || sed 's/^/# /' "$T/build.log" | head -20
ok $rc "the fuzz target builds with libFuzzer, ASan and UBSan"

mkdir -p "$T/corpus"
cp "$top_srcdir/tests/fuzz/perf-seeds/"* "$T/corpus/"
runs=${RS_FUZZ_RUNS:-500000}
(cd "$T" && ./fuzz -runs="$runs" -seed=1 -max_len=4200 -rss_limit_mb=1024 -timeout=10 \
	-print_final_stats=1 corpus) >"$T/run.log" 2>&1
rc=$?
grep -E '^(#[0-9]+ +DONE|Done|stat::number_of_executed_units)' "$T/run.log" | sed 's/^/# /'
[ $rc = 0 ] || grep -E 'ERROR|SUMMARY|runtime error|==[0-9]+==' "$T/run.log" | head -20 | sed 's/^/# /'
ok $rc "$runs executions: no crash, no sanitizer report, decode/encode round trip holds"
n=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$T/run.log" | awk '{ print $2 }')
[ "${n:-0}" -ge "$runs" ]
ok $? "the fuzzer really ran (${n:-0} executions)"
