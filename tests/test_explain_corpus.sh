#!/bin/sh
# SPDX-License-Identifier: MIT
# test_explain_corpus.sh - `rocescope explain` on real pasted logs
# (tests/fixtures/explain/corpus/, its README says where each came from):
# for each case, is the paste recognised, is the first cause of the
# ranking the class the thread established, is it among the causes at
# all.  Each set (seen/, and a held-out set beside it when there is one)
# is scored apart: the rules are checked against seen/ only.  The
# figures go to the TAP log; docs/explain.md quotes them.
# RS_CORPUS_SETS names the sets to score (default: every directory of
# the corpus); while the rules are worked on, RS_CORPUS_SETS=seen keeps
# the held-out cases unread.  The test fails when, over seen/ (the
# cases the rules are checked against), fewer than 90 % of the pastes
# are recognised or fewer than 75 % rank the right class first, and
# when seen/ shrinks below 80 cases.  A held-out set is only scored: it
# measures the rules on text they were not written from, and the next
# round studies it (README of the corpus); it cannot fail the build.
# When seen/ is not among the sets scored, the gate reads all of them.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
C=$top_srcdir/tests/fixtures/explain/corpus
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-corpus-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

# score DIR: one line "N RECOGNISED FIRST ANY", and per case a diag line.
score() {
	n=0 rec=0 first=0 any=0
	: >"$T/cases.$1"
	for f in "$C/$1"/*.txt; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		want=$(sed -n 's/^cause: //p' "$f" | head -n 1)
		sed '1,/^---$/d' "$f" | $R --json explain - >"$T/j" 2>/dev/null
		rc=$?
		explain_ranked_classes "$T/j" >"$T/c"
		got=$(head -n 1 "$T/c")
		mark=miss
		if [ $rc -eq 0 ] && [ -n "$got" ]; then
			rec=$((rec + 1))
			mark=other
			if grep -qx "$want" "$T/c"; then
				any=$((any + 1))
				mark=any
			fi
			if [ "$got" = "$want" ]; then
				first=$((first + 1))
				mark=first
			fi
		fi
		printf '%s %s want=%s got=%s\n' "$mark" "$(basename "$f" .txt)" "$want" \
			"$(tr '\n' ',' <"$T/c" | sed 's/,$//')" >>"$T/cases.$1"
	done
	echo "$n $rec $first $any"
}

pct() { [ "$2" -gt 0 ] && echo $(($1 * 1000 / $2)) | sed 's/\(.\)$/.\1/' || echo 0; }

figures() {
	diag "$1 $2 cases, recognised $3 ($(pct $3 $2) %), first right $4 ($(pct $4 $2) %)," \
		"any right $5 ($(pct $5 $2) %)" | tr '\n' ' ' | sed 's/ # / /; s/ $/\n/'
}

sets=${RS_CORPUS_SETS:-$(cd "$C" && for d in */; do printf '%s ' "${d%/}"; done)}
n=0 rec=0 first=0 any=0 names=
for s in $sets; do
	set -- $(score "$s")
	n=$((n + $1)) rec=$((rec + $2)) first=$((first + $3)) any=$((any + $4))
	eval "fig_$s=\"$*\""
	names="$names, $1 $s"
	while read -r line; do diag "$s: $line"; done <"$T/cases.$s"
done
for s in $sets; do
	eval "figures \"$s:\" \$fig_$s"
done
figures "all:" $n $rec $first $any

# The gate: seen/ when it was scored, else every set scored.
if [ -n "${fig_seen:-}" ]; then
	set -- $fig_seen
	n=$1 rec=$2 first=$3 gate=seen/
else
	gate="the sets scored"
fi
[ "$n" -ge 80 ]
ok $? "corpus: $n real cases in $gate (${names#, })"
[ $((rec * 100)) -ge $((n * 90)) ]
ok $? "corpus: $rec of $n pastes in $gate recognised (at least 90 %)"
[ $((first * 100)) -ge $((n * 75)) ]
ok $? "corpus: the first cause is the thread's in $first of $n in $gate (at least 75 %)"
bad=0
for f in "$C"/*/*.txt; do
	for h in source tool cause established note; do
		grep -q "^$h: ." "$f" || { bad=1; diag "$(basename "$f"): no $h"; }
	done
	want=$(sed -n 's/^cause: //p' "$f" | head -n 1)
	$R explain --list | grep -q "\[$want\]\$" || { bad=1; diag "$(basename "$f"): class $want?"; }
	grep -qx -- --- "$f" || { bad=1; diag "$(basename "$f"): no --- line"; }
done
[ $bad = 0 ]
ok $? "corpus: every case has its source, tool, cause (a known class), how it was established"
plan 4
exit $rs_failed
