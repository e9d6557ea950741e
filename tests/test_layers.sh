#!/bin/sh
# SPDX-License-Identifier: MIT
# test_layers.sh - the layers of docs/architecture.md only point down, read
# from the #include lines of src/ and ui/:
#   the layers under the checks (capture, model, record, collect, runtime,
#     probe, perf) include no diag/ header: what they share with the checks
#     (verdicts, findings, the GID pick) lives in a leaf or in model/;
#   record/ includes nothing of capture/ (the CRC-32 is a utility);
#   a folder's private header (X/*_priv.h) is included only in X/.
# Each rule also runs on a copy of the tree with one violation planted, to
# show it can fail.
. "${top_srcdir:-.}/tests/lib.sh"

T=$(mktemp -d "${TMPDIR:-/tmp}/rs-layers-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

LOW="capture model record collect runtime probe perf"

# includes ROOT FOLDER...: "file:line:#include ..." of the C files there
# (a quoted include, "../" steps allowed)
includes() {
	root=$1
	shift
	for d in "$@"; do
		[ -d "$root/$d" ] || continue
		find "$root/$d" -name '*.[ch]' -exec grep -Hn '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' {} + ||
			true
	done | sed "s|^$root/||"
}

# down_only ROOT: the includes that point up; nothing printed when none
down_only() {
	for l in $LOW; do
		includes "$1" "src/$l" | grep -E '#[[:space:]]*include[[:space:]]*"(\.\./)*diag/'
	done
	includes "$1" src/record | grep -E '#[[:space:]]*include[[:space:]]*"(\.\./)*capture/'
}

# private ROOT: X/*_priv.h included outside src/X
private() {
	includes "$1" src ui | awk -F: '{
		if (!match($0, /"(\.\.\/)*[a-z_]+\/[a-z0-9_]+_priv\.h"/))
			next
		inc = substr($0, RSTART + 1, RLENGTH - 2)
		sub(/^(\.\.\/)*/, "", inc)
		split(inc, want, "/")
		split($1, at, "/")
		if (!(at[1] == "src" && at[2] == want[1]))
			print
	}'
}

plan 6
src=$top_srcdir
[ -d "$src/src/diag" ] && [ -d "$src/src/capture" ]
ok $? "the source tree is at $src"

out=$(down_only "$src")
[ -z "$out" ]
ok $? "the layers under the checks include no diag/ header, record/ no capture/ one"
[ -z "$out" ] || echo "$out" | sed "s|^|# |"

out=$(private "$src")
[ -z "$out" ]
ok $? "a folder's private header is included only in that folder"
[ -z "$out" ] || echo "$out" | sed "s|^|# |"

# The planted copy: only the folders the rules read.
mkdir -p "$T/tree"
cp -R "$src/src" "$src/ui" "$T/tree/"
printf '#include "diag/check.h"\n' >>"$T/tree/src/perf/proto.h"
out=$(down_only "$T/tree")
echo "$out" | grep -q '^src/perf/proto.h:[0-9]*:#include "diag/check.h"'
ok $? "a diag/ include planted in perf/ is found"

cp -R "$src/src" "$T/tree2"
printf '#include "../capture/decode.h"\n' >>"$T/tree2/record/codec.c"
mkdir -p "$T/t2" && mv "$T/tree2" "$T/t2/src"
out=$(down_only "$T/t2")
echo "$out" | grep -q '^src/record/codec.c:[0-9]*:#include "../capture/decode.h"'
ok $? "a capture/ include planted in record/ is found"

printf '#include "collect/net_priv.h"\n' >>"$T/tree/src/probe/ping.c"
out=$(private "$T/tree")
echo "$out" | grep -q '^src/probe/ping.c:[0-9]*:#include "collect/net_priv.h"'
ok $? "a private header of collect/ planted in probe/ is found"
