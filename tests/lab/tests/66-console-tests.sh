#!/bin/bash
# SPDX-License-Identifier: MIT
# 66-console-tests.sh - recording only (first cut).
. /lab-guest/tap.sh
plan 2
R=$ROCESCOPE
listening() { netstat -ltn 2>/dev/null | grep -q ":${1:-18515} "; }
serve_bg() {
	timeout 120 "$R" serve -d rxe1 --timeout 60 "$@" >"$LAB_T/srv.out" 2>&1 &
	spid=$!
	lab_wait 60 listening || diag "serve does not listen: $(cat "$LAB_T/srv.out")"
}
# record FILE ARGS... - `rocescope ARGS --json-lines` with the time each line came
record() {
	local f=$1 t0 now d l
	shift
	serve_bg
	t0=${EPOCHREALTIME/./}
	{
		echo "# label: a lab run (Soft-RoCE rxe0 -> rxe1 under QEMU, recorded $(date -u +%F)) | rocescope $*"
		echo "# tests/lab/tests/66-console-tests.sh: seconds since the start as each line came, the line"
		timeout 120 "$R" "$@" --json-lines 2>"$LAB_T/rec.err" | while IFS= read -r l; do
			now=${EPOCHREALTIME/./}
			d=$((now - t0))
			printf '%d.%03d %s\n' $((d / 1000000)) $(((d % 1000000) / 1000)) "$l"
		done
	} >"$f"
	wait $spid
}
record /lab/out/test-bw.jsonl bw 10.99.0.2 -d rxe0 -D 8 --interval 0.5
ok "$(tail -n1 /lab/out/test-bw.jsonl | grep -q '"type":"end"'; echo $?)" "bw recorded"
record /lab/out/test-lat.jsonl lat 10.99.0.2 -d rxe0 -D 5 --interval 0.5
ok "$(tail -n1 /lab/out/test-lat.jsonl | grep -q '"type":"end"'; echo $?)" "lat recorded"
