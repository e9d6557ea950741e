#!/bin/sh
# SPDX-License-Identifier: MIT
# test_explain_sweep.sh - `rocescope explain` on every error and warning
# line a tool prints, one line at a time: the sweep fixtures
# (tests/fixtures/explain/sweep/*.txt) hold, per tool, a line made from
# each format string of its source, with the class that line should be
# given.  A fixture file is a list of cases:
#
#     @ REPOSITORY PATH: FORMAT     where the line comes from
#     = CLASS                       what the first match's class must be;
#                                   "consequence" for a line that only
#                                   says something before it failed (it
#                                   must be recognised, any class), or
#                                   "benign" for one that must not match
#     THE LINE                      the format with its values filled in
#
# Lines starting with "#" and blank lines are comments.  Each case is
# scored alone; the coverage of each file goes to the TAP log
# (docs/explain.md quotes it), and a case that is not as expected fails
# that file's test.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
S=$top_srcdir/tests/fixtures/explain/sweep
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-sweep-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

# sweep FILE: score each case; print "N RECOGNISED RIGHT BAD".
sweep() {
	n=0 rec=0 right=0 bad=0 src= want=
	while IFS= read -r l; do
		case $l in
		'#'*|'') continue ;;
		'@ '*) src=${l#@ }; continue ;;
		'= '*) want=${l#= }; continue ;;
		esac
		if [ -z "$src" ] || [ -z "$want" ]; then
			diag "$(basename "$1"): a line without its @ source or = class: $l"
			bad=$((bad + 1))
			continue
		fi
		n=$((n + 1))
		printf '%s\n' "$l" | $R --json explain - >"$T/j" 2>/dev/null
		rc=$?
		got=$(explain_ranked_classes "$T/j" | head -n 1)
		[ $rc -eq 0 ] && [ -n "$got" ] && rec=$((rec + 1))
		case $want in
		benign) [ $rc -ne 0 ] ;;
		consequence) [ $rc -eq 0 ] && [ -n "$got" ] ;;
		*) [ "$got" = "$want" ] ;;
		esac
		if [ $? -eq 0 ]; then
			right=$((right + 1))
		else
			bad=$((bad + 1))
			diag "$(basename "$1"): want $want, got ${got:-nothing}: $src"
		fi
		src= want=
	done <"$1"
	echo "$n $rec $right $bad"
}

count=0
for f in "$S"/*.txt; do
	[ -f "$f" ] || continue
	count=$((count + 1))
	set -- $(sweep "$f" | tee "$T/out" | tail -n 1)
	sed '$d' "$T/out"
	name=$(basename "$f" .txt)
	diag "$name: $1 lines, $2 recognised, $3 as expected"
	[ "$4" -eq 0 ] && [ "$1" -gt 0 ]
	ok $? "sweep $name: each of its $1 lines is given the class expected"
done
[ $count -gt 0 ]
ok $? "sweep: $count fixture files"
plan $((count + 1))
exit $rs_failed
