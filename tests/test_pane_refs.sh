#!/bin/sh
# SPDX-License-Identifier: MIT
# test_pane_refs.sh - every text that sends the reader to a pane by number
# agrees with the pane table (src/panes.c), which gives the console its tab
# order: "the Tests pane (9)", "9: the Tests pane".  Code may not write a
# pane's number in a string at all: it asks rs_pane_ref() (src/panes.h).
. "$top_srcdir/tests/lib.sh"

tbl=$top_srcdir/src/panes.c
[ -f "$tbl" ] || skip_all "src/panes.c is not in this tree"
plan 4
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-panes-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

# NAME NUMBER per line, in the table's order.
# (the tenth pane's number is its key, 0)
sed -n 's/^\t\[RS_PANE_[A-Z]*\] = { \(N_(\)*"\([A-Za-z]*\)".*/\2/p' "$tbl" | awk '{ print $1, NR % 10 }' >"$T/table"
[ "$(wc -l <"$T/table")" -eq 10 ] && grep -qx 'Overview 1' "$T/table" && grep -qx 'Tests 9' "$T/table" &&
	grep -qx 'QPs 0' "$T/table"
ok $? "the pane table lists ten panes, Overview first, Tests ninth and QPs last (0)"

# Every "X pane (N" and "N: the X pane" in FILES...: "file:line: X N" for
# the ones whose number is not X's.
wrong_refs() {
	for f in "$@"; do
		[ -f "$f" ] || continue
		# a line may break between "pane" and its number: join each with the next
		awk '{ prev = cur; cur = $0; if (NR > 1) print FILENAME ":" NR - 1 ": " prev " " cur }
		     END { print FILENAME ":" NR ": " cur }' "$f" |
		grep -oE '^[^:]+:[0-9]+:|[A-Z][A-Za-z]+ pane \(`?[0-9]+|[0-9]+`?: the [A-Z][A-Za-z]+ pane' |
		awk -v tbl="$T/table" '
			BEGIN { while ((getline l < tbl) > 0) { split(l, a, " "); num[a[1]] = a[2] } }
			/^[^ ]+:[0-9]+:$/ { where = $0; next }
			{ s = $0; gsub(/[`(:]/, " ", s); n = split(s, w, " ")
			  if (w[1] ~ /^[0-9]+$/) { d = w[1]; name = w[3] } else { name = w[1]; d = w[n] }
			  if (name in num && num[name] != d) print where, name, d }'
	done | sort -u
}

wrong_refs $(find "$top_srcdir/src" "$top_srcdir/ui" "$top_srcdir/profiles" -name '*.[ch]' -o -name '*.yaml' 2>/dev/null) >"$T/code"
[ ! -s "$T/code" ]; ok $? "code: every pane named with a number has the table's number"
sed 's/^/# /' "$T/code"

# In code the number is never written in: the table gives it.  (panes.h's
# own comment shows the form rs_pane_ref() writes.)
find "$top_srcdir/src" "$top_srcdir/ui" -name '*.c' 2>/dev/null |
	xargs grep -nE '"[^"]*([A-Z][a-z]+ pane \([0-9]|[0-9]: the [A-Z][a-z]+ pane)' >"$T/lit"
[ ! -s "$T/lit" ]; ok $? "code: no pane number written in a string (rs_pane_ref gives it)"
sed 's/^/# /' "$T/lit"

wrong_refs "$top_srcdir/README.md" "$top_srcdir"/docs/*.md "$top_srcdir"/docs/man/* >"$T/docs"
[ ! -s "$T/docs" ]; ok $? "docs: every pane named with a number has the table's number"
sed 's/^/# /' "$T/docs"
