#!/bin/sh
# SPDX-License-Identifier: MIT
# test_tree_hygiene.sh - the tree explains itself: no comment, test name or
# document in src ui tests docs profiles points at an issue number ("issue"
# and a number: the issue tracker is not shipped, and the code should say
# why, not when) or at a file outside the repository (the design notes
# and lab notes the project was started from, a shared folder on the
# development machine, the Chinese setup guide the checklist and trees
# follow): a fact the code rests on is in docs/, with its public source
# (docs/facts.md, docs/lab.md, docs/guide.md for that guide).  The
# patterns are written with brackets so that this file does not match
# itself.  The corpus of real logs (tests/fixtures/explain/corpus) quotes
# other projects' threads with their sources and is left out.
. "$top_srcdir/tests/lib.sh"

plan 3
cd "$top_srcdir" || exit 1
# hits PATTERN: "file:line: text" of every line matching grep -E PATTERN
hits() {
	grep -rnIE -- "$1" src ui tests docs profiles 2>/dev/null |
		grep -v '^tests/fixtures/explain/corpus/'
}

out=$(hits '\b[Ii]ssues? #?[0-9]+\b')
[ -z "$out" ]; ok $? "no issue numbers in src ui tests docs profiles"
[ -z "$out" ] || printf '%s\n' "$out" | sed 's/^/# /'

out=$(hits '(HOST-APIS|LAB|ROCE-WIRE|DESIGN|STYLE)[.]md|[.][.]/shared|/work/(shared|main|wt|labcache)')
[ -z "$out" ]; ok $? "no references to files outside the repository"
[ -z "$out" ] || printf '%s\n' "$out" | sed 's/^/# /'
# The guide is cited as docs/guide.md with its section: not by the name it
# has on the development machine, nor by its path there.
out=$(hits '[Ss]eed[ -]guide|shared/[s]eed')
[ -z "$out" ]; ok $? "the setup guide is cited as docs/guide.md"
[ -z "$out" ] || printf '%s\n' "$out" | sed 's/^/# /'
exit $rs_failed
