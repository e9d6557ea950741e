#!/bin/sh
# SPDX-License-Identifier: MIT
# test_man.sh - the manual pages: each renders without a groff warning, and
# they agree with the program both ways: every command of `rocescope --help`
# has its page rocescope-CMD(1) and an entry in rocescope(1) COMMANDS; every
# option of `--help` and of `rocescope help CMD` is documented, and every
# documented option exists; short/long pairs match; the console's key
# tables (ui/*.c) and rocescope(1)'s Keys agree.  All of it is read from the
# help output and the pages, so a new command or option without its man
# text fails here.  The same checks run on a stub that adds a command and
# an option, to show they can fail.
. "$top_srcdir/tests/lib.sh"

MAN_SRC=$top_srcdir/docs/man
MAN_BUILT=$top_builddir/docs/man
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-man-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

# Options a help text names, "SHORT LONG" (SHORT "-" when absent), from
# "  -x, --long ARG  text", "      --long ARG", "[--long ARG]", "--long ARG,";
# a short option alone ("[-o FILE]") gives "-x ?" (its long form is looked
# up among the pairs).  "(no --json)" names an option that does not apply.
help_opts() {
	awk '{
		line = $0; rest = ""
		gsub(/\(no --[a-z][a-z0-9-]*\)/, "", line)
		while (match(line, /(-[A-Za-z0-9], )?--[a-z][a-z0-9-]*/)) {
			tok = substr(line, RSTART, RLENGTH)
			rest = rest substr(line, 1, RSTART - 1) " "
			line = substr(line, RSTART + RLENGTH)
			n = split(tok, w, /, /)
			if (n == 2) print w[1], w[2]; else print "-", w[1]
		}
		line = rest line
		while (match(line, /(^|[[ ])-[A-Za-z0-9]([] ,]|$)/)) {
			tok = substr(line, RSTART, RLENGTH)
			line = substr(line, RSTART + RLENGTH)
			sub(/^[[ ]/, "", tok); sub(/[] ,]$/, "", tok)
			print tok, "?"
		}
	}'
}

# The commands under "Commands:" in --help, without "help".
help_cmds() {
	awk '/^[A-Za-z].*:$/ { in_cmds = ($0 ~ /^Commands:/); next }
	     /^$/ { in_cmds = 0 }
	     in_cmds && /^  +[a-z][a-z0-9-]*( |$)/ && $1 != "help" { print $1 }'
}

# The tag lines (the line after .TP) of section SECTION (.SH, or .SS with
# "SS NAME") of a roff page, with escapes, fonts and quotes removed.
man_tags() { # PAGE SECTION
	awk -v want="$2" '
		/^\.S[HS] / {
			name = $0; sub(/^\.S[HS] +/, "", name); gsub(/"/, "", name)
			if ($1 == ".SH") { sh = name; ss = "" } else ss = name
			insec = (want == sh || want == "SS " ss)
			next
		}
		insec && /^\.TP/ { tag = 1; next }
		insec && tag {
			tag = 0; s = $0
			sub(/^\.[A-Z]+ */, "", s)
			gsub(/\\-/, "-", s); gsub(/\\f[BIRP]/, "", s); gsub(/"/, "", s)
			gsub(/ +,/, ",", s); gsub(/  +/, " ", s)
			print s
		}' "$1"
}

# Every page that exists in the source tree, as command names ("" = main).
page_cmds() {
	for f in "$MAN_SRC"/rocescope-*.1.in; do
		[ -e "$f" ] || continue
		f=${f##*/rocescope-}; echo "${f%.1.in}"
	done
}

# "a b c" minus "b": the lines of file $1 that are not in file $2.
minus() { sort -u "$1" >"$T/m1"; sort -u "$2" >"$T/m2"; comm -23 "$T/m1" "$T/m2"; }

# The lines of $1 with "-x ?" replaced by the pair "-x --long" of $1 or $2.
resolve() {
	cat "$2" "$1" >"$T/pairs"
	awk 'FNR == NR { if ($2 != "?" && $1 != "-") long[$1] = $2; next }
	     { if ($2 == "?" && ($1 in long)) print $1, long[$1]; else print }' \
		"$T/pairs" "$1"
}

# The consistency checks for program $1; print one line per problem.
check_cmds() {
	"$1" --help | help_cmds | sort -u >"$T/cmds"
	page_cmds >"$T/pages"
	man_tags "$MAN_SRC/rocescope.1.in" COMMANDS | awk '$1 != "help" { print $1 }' >"$T/listed"
	minus "$T/cmds" "$T/pages" | sed 's/^/no page docs\/man\/rocescope-/; s/$/.1.in for the command/'
	minus "$T/pages" "$T/cmds" | sed 's/^/a page for "/; s/$/", which --help does not list/'
	minus "$T/cmds" "$T/listed" | sed 's/^/rocescope(1) COMMANDS lacks /'
	minus "$T/listed" "$T/cmds" | sed 's/^/rocescope(1) COMMANDS lists /; s/$/, which --help does not/'
	for c in $(cat "$T/cmds"); do
		grep -qx "docs/man/rocescope-$c.1" "$T/mans" ||
			echo "docs/man/rocescope-$c.1 is not built: add $c to RS_MAN_COMMANDS in docs/local.mk"
	done
}

check_opts() {
	prog=$1
	man_tags "$MAN_SRC/rocescope.1.in" OPTIONS | help_opts >"$T/main_opts"
	: >"$T/all_man_opts"
	cat "$T/main_opts" >>"$T/all_man_opts"
	for f in "$MAN_SRC"/rocescope-*.1.in; do
		man_tags "$f" OPTIONS | help_opts >>"$T/all_man_opts"
	done
	# Global: --help against every page; rocescope(1) against --help.
	"$prog" --help | help_opts >"$T/help_raw"
	resolve "$T/help_raw" "$T/help_raw" >"$T/help_opts"
	cp "$T/help_opts" "$T/all_help_opts"
	awk '{ print $2 }' "$T/help_opts" >"$T/h"; awk '{ print $2 }' "$T/all_man_opts" >"$T/a"
	minus "$T/h" "$T/a" | sed 's/^/option /; s/$/ of --help is in no man page OPTIONS/'
	awk '{ print $2 }' "$T/main_opts" >"$T/a"
	minus "$T/a" "$T/h" | sed 's/^/rocescope(1) documents /; s/$/, which --help does not name/'
	# Each command: its help against its page plus rocescope(1).
	for c in $("$prog" --help | help_cmds); do
		"$prog" help "$c" | help_opts >"$T/c_raw"
		resolve "$T/c_raw" "$T/help_opts" >"$T/c_help"
		grep ' ?$' "$T/c_help" | sed "s/ ?\$//; s/^/'help $c' names /; s/\$/, whose long form no help gives/"
		grep -v ' ?$' "$T/c_help" >>"$T/all_help_opts"
		page="$MAN_SRC/rocescope-$c.1.in"
		if [ -e "$page" ]; then man_tags "$page" OPTIONS | help_opts; fi >"$T/c_man"
		awk '{ print $2 }' "$T/c_help" >"$T/h"
		cat "$T/c_man" "$T/main_opts" | awk '{ print $2 }' >"$T/a"
		minus "$T/h" "$T/a" | sed "s/^/option /; s/\$/ of 'help $c' is not in rocescope-$c(1) or rocescope(1)/"
		awk '{ print $2 }' "$T/c_man" >"$T/a"
		minus "$T/a" "$T/h" | sed "s/^/rocescope-$c(1) documents /; s/\$/, which 'help $c' does not name/"
	done
	# Short forms: the same "-x --long" pairs on both sides.
	awk '$1 != "-"' "$T/all_help_opts" >"$T/h"; awk '$1 != "-"' "$T/all_man_opts" >"$T/a"
	minus "$T/h" "$T/a" | sed 's/^/the help pairs /; s/$/, the man pages do not/'
	minus "$T/a" "$T/h" | sed 's/^/the man pages pair /; s/$/, the help does not/'
}

# The labels of the console's key tables (ui/*.c: rows of a struct ui_key
# table with a label, its help marked N_() or not) against the tags of
# rocescope(1) Keys.
check_keys() {
	awk '/struct ui_key [a-z_]+\[\] *= *\{/ { t = 1; next }
	     t && /^};/ { t = 0 }
	     t && /^[ \t]*\{.*"[^"]*", (N_\()?"/ {
		s = $0; sub(/^[^"]*"/, "", s); sub(/".*/, "", s); print s
	     }' "$top_srcdir"/ui/*.c >"$T/keys_c"
	man_tags "$MAN_SRC/rocescope.1.in" "SS Keys" | awk '{ n = split($0, k, /, /); for (i = 1; i <= n; i++) print k[i] }' >"$T/keys_man"
	minus "$T/keys_c" "$T/keys_man" | sed 's/^/key "/; s/$/" of the console is not in rocescope(1) Keys/'
	minus "$T/keys_man" "$T/keys_c" | sed 's/^/rocescope(1) Keys lists "/; s/$/", which no key table has/'
}

# The pages the build made (what make install installs).
(cd "$top_builddir" && ls docs/man/*.1 2>/dev/null) >"$T/mans"

# --- every page renders without a warning -----------------------------------
if command -v groff >/dev/null; then
	for m in $(cat "$T/mans"); do
		groff -man -Tutf8 -ww -z "$top_builddir/$m" >"$T/warn" 2>&1 && [ ! -s "$T/warn" ]
		ok $? "$m renders with groff -man -Tutf8 -ww, no warning"
		[ -s "$T/warn" ] && diag "$(cat "$T/warn")"
	done
	# The same pages under a long installed prefix (distcheck installs in
	# its build tree), made as docs/local.mk makes them: a path breaks at
	# its slashes and a paragraph holding one is left-adjusted.
	long=$(printf '/distcheck-build-0.1.0%.0s' 1 2 3)/_inst/share
	pk=$(echo "$long/rocescope" | sed 's|/|/\\\\:|g')
	dc=$(echo "$long/doc/rocescope" | sed 's|/|/\\\\:|g')
	bad=
	for m in "$top_srcdir"/docs/man/*.1.in; do
		sed -e "s|@PKGDATADIR@|$pk|g" -e "s|@DOCDIR@|$dc|g" -e 's|@VERSION@|0.1.0|g' "$m" |
			groff -man -Tutf8 -ww -z >"$T/warn" 2>&1
		[ -s "$T/warn" ] && bad="$bad ${m##*/}" && diag "${m##*/}: $(cat "$T/warn")"
	done
	[ -z "$bad" ]
	ok $? "every page renders without a warning under a long installed prefix"
else
	skip "groff is not installed: pages not rendered"
fi
[ -s "$T/mans" ] && grep -qx docs/man/rocescope.1 "$T/mans"
ok $? "the build made the pages, rocescope.1 among them"
grep -l '@[A-Z]*@' $(sed "s|^|$top_builddir/|" "$T/mans") >"$T/left" 2>/dev/null
[ ! -s "$T/left" ]
ok $? "no @PLACEHOLDER@ left in the built pages"

# --- rocescope(1) in Simplified Chinese (docs/man/zh_CN) --------------------
ZH=$top_builddir/docs/man/zh_CN/rocescope.1
[ -s "$ZH" ] && ! grep -q '@[A-Z]*@' "$ZH"
ok $? "the build made docs/man/zh_CN/rocescope.1, no @PLACEHOLDER@ left"
if command -v mandoc >/dev/null; then
	mandoc -Tlint "$ZH" >"$T/warn" 2>&1
	ok $? "docs/man/zh_CN/rocescope.1 is mandoc -Tlint clean"
	[ -s "$T/warn" ] && diag "$(cat "$T/warn")"
else
	skip "mandoc is not installed (Debian: mandoc): zh_CN page not linted"
fi
if command -v groff >/dev/null; then
	# -k: preconv, as man(1) runs it, for the UTF-8 text.
	groff -k -man -Tutf8 -ww -z "$ZH" >"$T/warn" 2>&1 && [ ! -s "$T/warn" ]
	ok $? "docs/man/zh_CN/rocescope.1 renders with groff -k -man -Tutf8 -ww, no warning"
	[ -s "$T/warn" ] && diag "$(cat "$T/warn")"
else
	skip "groff is not installed: zh_CN page not rendered"
fi
# The NAME line man-db's whatis takes, and sections the English page has.
sed -n '/^\.SH 名称/,/^\.SH/p' "$ZH" | grep -q '^rocescope \\- ' &&
	grep -q '^\.SH 描述' "$ZH" && grep -q '^\.TH ROCESCOPE 1 ' "$ZH"
ok $? "the zh_CN page has its NAME (名称: rocescope \\- ...) and DESCRIPTION (描述)"

# --- the pages agree with the program ---------------------------------------
check_cmds "$ROCESCOPE" >"$T/p_cmds"
[ ! -s "$T/p_cmds" ]
ok $? "every command of --help has its page and a COMMANDS entry, and no other"
[ -s "$T/p_cmds" ] && diag "$(cat "$T/p_cmds")"
[ -s "$T/cmds" ]
ok $? "--help lists commands ($(echo $(cat "$T/cmds")))"

check_opts "$ROCESCOPE" >"$T/p_opts"
[ ! -s "$T/p_opts" ]
ok $? "every option of --help and 'help CMD' is documented, and no other"
[ -s "$T/p_opts" ] && diag "$(cat "$T/p_opts")"
[ "$(wc -l <"$T/main_opts")" -ge 5 ]
ok $? "rocescope(1) OPTIONS has the global options ($(wc -l <"$T/main_opts"))"

check_keys >"$T/p_keys"
[ ! -s "$T/p_keys" ]
ok $? "rocescope(1) Keys lists every key of the console's key tables, and no other"
[ -s "$T/p_keys" ] && diag "$(cat "$T/p_keys")"
[ "$(wc -l <"$T/keys_c")" -ge 10 ]
ok $? "the key tables were read ($(wc -l <"$T/keys_c") labels)"

# Every rocescope-X(1) a page refers to exists.
sed -n 's/.*rocescope\\-\([a-z][a-z0-9-]*\) *(1).*/\1/p' "$MAN_SRC"/*.1.in | sort -u >"$T/refs"
page_cmds >"$T/pages"
[ -z "$(minus "$T/refs" "$T/pages")" ]
ok $? "every rocescope-CMD(1) reference names an existing page"

# --- the checks fail when the help grows without the pages ------------------
cat >"$T/stub" <<EOF
#!/bin/sh
if [ "\$1" = --help ]; then
	"$ROCESCOPE" --help | sed -e '/^Commands:/a\\
  frob      frobnicate the host' -e '/^  -h, --help/i\\
  -z, --zap             zap everything'
elif [ "\$1 \$2" = "help frob" ]; then
	echo "Usage: rocescope [OPTIONS] frob [--frobnicate N]"
else
	exec "$ROCESCOPE" "\$@"
fi
EOF
chmod +x "$T/stub"
check_cmds "$T/stub" >"$T/s_cmds"
grep -q 'no page docs/man/rocescope-frob.1.in' "$T/s_cmds" &&
	grep -q 'COMMANDS lacks frob' "$T/s_cmds"
ok $? "a command without a page is reported"
check_opts "$T/stub" >"$T/s_opts"
grep -q 'option --zap of --help is in no man page' "$T/s_opts" &&
	grep -q "option --frobnicate of 'help frob'" "$T/s_opts" &&
	grep -q 'the help pairs -z --zap' "$T/s_opts"
ok $? "an undocumented option is reported"

plan "$rs_n"
