#!/bin/bash
# SPDX-License-Identifier: MIT
# test_wizard_doc.sh - docs/wizard.md's table of the trees is the shipped
# trees (profiles/trees/*.yaml): for each tree its kind, whether it needs
# the peer, and every step's id and check in order, with the latent mark;
# no tree missing, none listed that is not shipped.
. "$top_srcdir/tests/lib.sh"
doc=$top_srcdir/docs/wizard.md
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-wizdoc-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
trees=$(cd "$top_srcdir/profiles/trees" && ls *.yaml | sed 's/\.yaml$//')
plan $(($(echo "$trees" | wc -l) + 1))

# The row the YAML says: "| `NAME` | KIND[, needs peer] | id (`check`) → ..."
row_of_yaml() {
	awk -v name="$1" '
		/^kind: checklist/ { kind = "checklist" }
		/^needs: peer/ { needs = ", needs peer" }
		/^  - id: / { if (id != "") add(); id = $3; check = ""; latent = "" }
		/^    check: / { check = $2 }
		/^    latent: true/ { latent = "*" }
		function add() { steps = steps (steps == "" ? "" : " → ") id latent " (`" check "`)" }
		END { add(); printf "| `%s` | %s%s | %s |\n", name, kind == "" ? "chain" : kind, needs, steps }
	' "$top_srcdir/profiles/trees/$1.yaml"
}
for t in $trees; do
	row_of_yaml "$t" >"$T/want"
	grep -F "| \`$t\` |" "$doc" | head -n1 >"$T/got"
	cmp -s "$T/want" "$T/got"
	ok $? "docs/wizard.md lists $t as shipped: every step and check, in order"
	cmp -s "$T/want" "$T/got" || diag "want: $(cat "$T/want")" "doc:  $(cat "$T/got")"
done
listed=$(sed -n '/^| tree | kind | steps/,/^$/p' "$doc" | grep -o '^| `[a-z-]*`' | tr -d '|` ')
[ "$(echo "$listed" | sort)" = "$(echo "$trees" | sort)" ]
ok $? "the table lists exactly the shipped trees"
