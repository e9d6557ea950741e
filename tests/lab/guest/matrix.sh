# SPDX-License-Identifier: MIT
# tests/lab/guest/matrix.sh - the fault matrices' walk (tests/lab/tests/
# 45-trees.sh on one host, tests/lab/pair/20-matrix.sh on two): run a tree
# as a user would, read its JSON outcome, judge it against the check that
# names the real cause, log the table row docs/lab.md shows.

# walk FAULT TREE WANT ARGS... - rocescope check --tree TREE here (behind
# PRE), the outcome's step, check and cause_check into STEP CHECK CAUSE,
# RIGHT 0 when CHECK or CAUSE is WANT; the row is logged.
PRE=()
walk() {
	local fault=$1 tree=$2 want=$3 j=$LAB_T/$1.json v t0
	shift 3
	t0=$(cut -d' ' -f1 /proc/uptime)
	timeout 300 "${PRE[@]}" "$ROCESCOPE" check --tree "$tree" "$@" --json >"$j" 2>"$LAB_T/$fault.err"
	RC=$?
	SECS=$(awk -v a="$t0" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%.0f", b - a }')
	STEP=$(jq -r '.outcome.step // "-"' "$j" 2>/dev/null)
	CHECK=$(jq -r '.outcome.check // "-"' "$j" 2>/dev/null)
	CAUSE=$(jq -r '.outcome.cause_check // "-"' "$j" 2>/dev/null)
	v=$(jq -r '.outcome.verdict // "?"' "$j" 2>/dev/null)
	RIGHT=1
	{ [ "$CHECK" = "$want" ] || [ "$CAUSE" = "$want" ]; } && RIGHT=0
	diag "MATRIX | $fault | $tree | ${STEP:--} | ${CHECK:--} | ${CAUSE:--} | ${v:-?} (exit $RC) | $([ $RIGHT = 0 ] && echo right || echo "WRONG, wanted $want") | ${SECS} s (at ${t0%.*} s)"
	diag "  steps: $(jq -r '[.steps[] | .id + ":" + .verdict + (if .cause_check then
		"(" + .cause_check + ")" else "" end)] | join(" ")' "$j" 2>/dev/null)"
	[ $RIGHT = 0 ] || { jq -c '.steps[] | [.id, .verdict, .cause_check, .summary]' "$j" 2>/dev/null |
		sed 's/^/#   /'; diag_file "$LAB_T/$fault.err" 4; }
}
# healthy TREE ARGS... - no step fails
healthy() {
	local tree=$1
	shift
	local t0
	t0=$(cut -d' ' -f1 /proc/uptime)
	timeout 300 "$ROCESCOPE" check --tree "$tree" "$@" --json >"$LAB_T/h.json" 2>/dev/null
	RC=$?
	SECS=$(awk -v a="$t0" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%.0f", b - a }')
	diag "MATRIX | none | $tree | - | - | - | $(jq -r .outcome.verdict "$LAB_T/h.json" 2>/dev/null) (exit $RC) | $(
		[ $RC = 0 ] || [ $RC = 3 ] && echo right || echo WRONG) | ${SECS} s"
	ok "$( { [ $RC = 0 ] || [ $RC = 3 ]; } &&
		jq -e '[.steps[] | select(.verdict == "fail")] | length == 0' "$LAB_T/h.json" >/dev/null
		echo $?)" "healthy: $tree has no failing step"
	[ $RC = 0 ] || [ $RC = 3 ] || jq -c '.steps[] | select(.verdict == "fail") | [.id, .summary]' \
		"$LAB_T/h.json" | sed 's/^/#   /'
}


# scenario FAULT TREE WANT DESCRIPTION ARGS... - fault_FAULT, the walk, its
# undo (UNDO, a command; unfault_FAULT when empty), and the result
UNDO=
scenario() {
	local fault=$1 tree=$2 want=$3 desc=$4
	shift 4
	"fault_$fault"
	walk "$fault" "$tree" "$want" "$@"
	${UNDO:-unfault_$fault}
	ok $RIGHT "$desc"
}
