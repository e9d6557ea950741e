#!/bin/bash
# SPDX-License-Identifier: MIT
# 64-perf-bench.sh - rocescope bw/lat next to perftest's ib_write_bw and
# ib_write_lat on the same rxe pair, in one VM boot, alternating runs of
# the same size and iterations (PERF_BENCH_ROUNDS rounds, default 5).
# Prints every figure and the ratios (goal: our bandwidth >= perftest's,
# our latency <= perftest's); asserts only that every run completed - the
# speed of software RoCE under emulation is no threshold (docs/tests.md).
# `make bench-lab` runs this file alone.
. /lab-guest/tap.sh
ROUNDS=${PERF_BENCH_ROUNDS:-5}
BW_SIZE=65536 BW_ITERS=${PERF_BENCH_BW_ITERS:-1000}
LAT_SIZE=2 LAT_ITERS=${PERF_BENCH_LAT_ITERS:-3000}
plan 2
R=$ROCESCOPE
rs_has_cmd bw || skip_all "rocescope has no bw command"
listening() { netstat -ltn 2>/dev/null | grep -q ":18515 "; }

# run_ours TEST SIZE ITERS OUT - rocescope serve + client, the JSON to OUT
run_ours() {
	timeout 120 "$R" serve -d rxe1 -x 1 --timeout 60 >"$LAB_T/srv.out" 2>&1 &
	local spid=$!
	lab_wait 60 listening
	timeout 120 "$R" "$1" 10.99.0.2 -d rxe0 -x 1 -s "$2" -n "$3" --json >"$4" 2>>"$LAB_T/bench.err"
	local rc=$?
	wait $spid
	return $rc
}
# run_perftest TEST SIZE ITERS OUT - ib_write_{bw,lat} on both ends; the
# client through rocescope --perftest, which reads perftest's result table
run_perftest() {
	local tool=ib_write_$1 extra=()
	[ "$1" = bw ] && extra=(--report_gbits)
	timeout 120 $tool -d rxe1 -x 1 -s "$2" -n "$3" -F "${extra[@]}" >"$LAB_T/pt.out" 2>&1 &
	local spid=$!
	lab_wait 60 listening
	timeout 120 "$R" "$1" 10.99.0.2 -d rxe0 -x 1 -s "$2" -n "$3" --perftest --json >"$4" 2>>"$LAB_T/bench.err"
	local rc=$?
	wait $spid
	return $rc
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR ? v[int((NR + 1) / 2)] : 0) }'; }

diag "clocksource: $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)"
fails=0
: >"$LAB_T/bw.ours"; : >"$LAB_T/bw.pt"; : >"$LAB_T/lat.ours"; : >"$LAB_T/lat.pt"
# keep FILE JQ OUT - append the figure(s) of a run to OUT; a run without
# them (failed, or no result table) counts as failed and adds nothing.
keep() {
	local v
	v=$(jq -r "$2" "$1" 2>/dev/null)
	case $v in
	*null*|"") fails=$((fails + 1)); diag "a run gave no figure: $(jq -c .error "$1" 2>&1 | cut -c1-200)" ;;
	*) echo "$v" >>"$3" ;;
	esac
}
# reference TEST SIZE ITERS JQ OUT - one perftest run, tried a second time
# when it fails or gives no figure: under emulation ib_write_lat's clock
# estimate sometimes fails and it prints nan (rocescope --perftest then says
# it failed); the reference's hiccup is said, not counted against ours.
reference() {
	local try
	for try in 1 2; do
		if run_perftest "$1" "$2" "$3" "$LAB_T/p.json" &&
		   jq -e "$4 | tostring | test(\"null\") | not" "$LAB_T/p.json" >/dev/null 2>&1; then
			keep "$LAB_T/p.json" "$4" "$5"
			return
		fi
		diag "perftest $1 run $try gave no figure: $(jq -c .error "$LAB_T/p.json" 2>&1 | cut -c1-200)"
	done
	fails=$((fails + 1))
}
for ((i = 1; i <= ROUNDS; i++)); do
	run_ours bw $BW_SIZE $BW_ITERS "$LAB_T/o.json" || fails=$((fails + 1))
	keep "$LAB_T/o.json" '.bw_avg_gbps' "$LAB_T/bw.ours"
	reference bw $BW_SIZE $BW_ITERS '.bw_avg_gbps' "$LAB_T/bw.pt"
	run_ours lat $LAT_SIZE $LAT_ITERS "$LAB_T/o.json" || fails=$((fails + 1))
	keep "$LAB_T/o.json" '"\(.t_avg_us) \(.t_median_us)"' "$LAB_T/lat.ours"
	reference lat $LAT_SIZE $LAT_ITERS '"\(.t_avg_us) \(.t_median_us)"' "$LAB_T/lat.pt"
	diag "round $i: bw ours $(tail -n1 "$LAB_T/bw.ours") perftest $(tail -n1 "$LAB_T/bw.pt") Gb/s;" \
		"lat avg/median ours $(tail -n1 "$LAB_T/lat.ours") perftest $(tail -n1 "$LAB_T/lat.pt") us"
done
bo=$(median <"$LAB_T/bw.ours") bp=$(median <"$LAB_T/bw.pt")
lo=$(cut -d' ' -f1 "$LAB_T/lat.ours" | median) lp=$(cut -d' ' -f1 "$LAB_T/lat.pt" | median)
mo=$(cut -d' ' -f2 "$LAB_T/lat.ours" | median) mp=$(cut -d' ' -f2 "$LAB_T/lat.pt" | median)
awk -v bo="$bo" -v bp="$bp" -v lo="$lo" -v lp="$lp" -v mo="$mo" -v mp="$mp" -v r="$ROUNDS" \
	-v bs=$BW_SIZE -v bi=$BW_ITERS -v ls=$LAT_SIZE -v li=$LAT_ITERS 'BEGIN {
	printf "# bench: median of %d alternating runs, rxe0 -> rxe1, TCG\n", r
	printf "# bench: bw  %d B x %d: rocescope %.3f Gb/s, ib_write_bw %.3f Gb/s, ratio %.2f (goal >= 1)\n", bs, bi, bo, bp, (bp > 0 ? bo / bp : 0)
	printf "# bench: lat %d B x %d: rocescope t_avg %.2f us, ib_write_lat %.2f us, ratio %.2f (goal <= 1)\n", ls, li, lo, lp, (lp > 0 ? lo / lp : 0)
	printf "# bench: lat median: rocescope %.2f us, ib_write_lat t_typical %.2f us, ratio %.2f\n", mo, mp, (mp > 0 ? mo / mp : 0)
}'
[ -s "$LAB_T/bench.err" ] && diag_file "$LAB_T/bench.err" 6
ok $fails "all $((ROUNDS * 4)) bench runs completed ($fails failed)"
ok "$(awk -v a="$bo" -v b="$bp" -v c="$lo" -v d="$lp" 'BEGIN { exit !(a > 0 && b > 0 && c > 0 && d > 0) }'; echo $?)" \
	"every figure was measured (no speed threshold: see the ratios above)"
