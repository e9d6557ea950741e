#!/bin/sh
# SPDX-License-Identifier: MIT
# test_i18n.sh - the message catalogues (docs/i18n.md): po/zh_CN.po is
# complete (msgfmt: 0 untranslated, 0 fuzzy) and has exactly the messages a
# fresh xgettext finds in po/POTFILES.in (with po/Makevars' options);
# POTFILES.in names every file of src/ and ui/ with a mark (and the check
# names a planted omission); the trees' titles (src/wizard/tree_titles.inc)
# are those of profiles/trees/.  Then the program: in zh_CN.UTF-8 (made
# with localedef when the system lacks it) and the build's catalogue,
# `check` prints Chinese with every command and argument intact, while
# every --json, the exporter, a snapshot and a recording are byte for
# byte what LANG=C gives; LANG=C and an unknown locale give English.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
[ -x "${R:-}" ] || skip_all "ROCESCOPE is not set to the built binary"
command -v msgfmt >/dev/null && command -v xgettext >/dev/null ||
	skip_all "gettext (msgfmt, xgettext) is not installed"
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-i18n-$$.XXXXXX") || exit 1
on_exit 'rm -rf "$T"'
PO=$top_srcdir/po
unset LANGUAGE LC_ALL LC_MESSAGES LC_CTYPE
# Chinese characters (CJK Unified Ideographs, UTF-8 E4-E9 lead bytes).
cjk() { LC_ALL=C grep -q "$(printf '[\344-\351][\200-\277][\200-\277]')" "$@"; }

# --- the catalogue ------------------------------------------------------------
msgfmt --check --statistics -o "$T/zh.mo" "$PO/zh_CN.po" 2>"$T/stat"
rc=$?
diag "msgfmt: $(cat "$T/stat")"
[ $rc = 0 ] && grep -q 'translated message' "$T/stat" && ! grep -Eq 'fuzzy|untranslated' "$T/stat"
ok $? "po/zh_CN.po passes msgfmt --check, every message translated, none fuzzy"

# XGETTEXT_OPTIONS of po/Makevars, its continuation lines joined.
opts=$(sed -n '/^XGETTEXT_OPTIONS *=/,/[^\\]$/p' "$PO/Makevars" | tr '\\\n' '  ' |
	sed -e 's/^XGETTEXT_OPTIONS *= *//' -e 's/\$(MSGID_BUGS_ADDRESS)/x@example.invalid/')
missing=
for f in $(grep -v '^#' "$PO/POTFILES.in"); do
	[ -f "$top_srcdir/$f" ] || missing="$missing $f"
done
[ -z "$missing" ]
ok $? "every file po/POTFILES.in names exists${missing:+ (not:$missing; run make potfiles)}"
# shellcheck disable=SC2086 # the options are words
(cd "$top_srcdir" && xgettext $opts --files-from=po/POTFILES.in -o "$T/fresh.pot") 2>"$T/xg"
ok $? "xgettext reads po/POTFILES.in with po/Makevars' options"
[ -s "$T/xg" ] && diag "$(cat "$T/xg")"
n_pot=$(grep -c '^msgid ' "$T/fresh.pot")
diag "xgettext: $((n_pot - 1)) messages in the sources"
msgcmp --use-untranslated "$PO/zh_CN.po" "$T/fresh.pot" >"$T/cmp1" 2>&1 &&
	msgcmp --use-untranslated "$T/fresh.pot" "$PO/zh_CN.po" >"$T/cmp2" 2>&1
ok $? "po/zh_CN.po has exactly the sources' messages (else: make update-po, translate)"
grep -h 'this message' "$T/cmp1" "$T/cmp2" | head -5 | while read -r l; do diag "$l"; done

# The files of src/ and ui/ with a mark that LIST ($1) lacks, one a line.
unlisted() {
	(cd "$top_srcdir" && find src ui \( -name '*.c' -o -name '*.h' -o -name '*.inc' \) \
		! -name version.c ! -name trees_data.c -exec \
		grep -lE '(^|[^A-Za-z0-9_])(N?_|RS_FSUMMARY|rs_trn)\(' {} + | LC_ALL=C sort) >"$T/marked"
	grep -v '^#' "$1" | LC_ALL=C sort | LC_ALL=C comm -23 "$T/marked" -
}
unlisted "$PO/POTFILES.in" >"$T/unlisted"
[ ! -s "$T/unlisted" ]
ok $? "po/POTFILES.in lists every file of src/ and ui/ with a mark"
[ -s "$T/unlisted" ] && diag "not in po/POTFILES.in (run make potfiles):" "$(cat "$T/unlisted")"
grep -vx 'src/wizard/tree.c' "$PO/POTFILES.in" >"$T/planted"
unlisted "$T/planted" | grep -qx 'src/wizard/tree.c'
ok $? "the check names a file left out of the list (src/wizard/tree.c planted)"

# The trees' titles: what rs-tree-titles makes of profiles/trees/ now.
G=$top_builddir/rs-tree-titles
if [ -x "$G" ]; then
	trees=$(cd "$top_srcdir" && echo profiles/trees/connection-failure.yaml \
		profiles/trees/low-bandwidth.yaml profiles/trees/large-message-crash.yaml \
		profiles/trees/first-time-setup.yaml)
	# shellcheck disable=SC2086
	(cd "$top_srcdir" && "$G" $trees) >"$T/titles.inc"
	cmp -s "$T/titles.inc" "$top_srcdir/src/wizard/tree_titles.inc"
	ok $? "src/wizard/tree_titles.inc has the trees' titles (else: make update-po)"
	n_t=$(grep -c '^N_(' "$T/titles.inc")
	[ "$n_t" -ge 40 ] && grep -qx 'N_("First-time RoCE v2 setup")' "$T/titles.inc"
	ok $? "the trees' titles and steps are extracted ($n_t)"
	mkdir -p "$T/tree"
	sed 's/^title: First-time RoCE v2 setup$/title: First time/' \
		"$top_srcdir/profiles/trees/first-time-setup.yaml" >"$T/tree/first-time-setup.yaml"
	(cd "$T" && "$G" tree/first-time-setup.yaml) | grep -qx 'N_("First time")'
	ok $? "a title changed in a tree changes the extraction"
else
	skip "rs-tree-titles is not built"
	skip "rs-tree-titles is not built"
	skip "rs-tree-titles is not built"
fi

# --- the program in each locale ---------------------------------------------
run() { # LANG CMD... - rocescope's stdout and exit code into $T/out.LANG
	l=$1; shift
	LANG=$l "$R" "$@" >"$T/out.$l" 2>"$T/err.$l"
	echo "rc=$?" >>"$T/out.$l"
}
same() { # DESCRIPTION CMD... - LANG=C and zh_CN.UTF-8 give the same bytes
	d=$1; shift
	run C "$@"; run zh_CN.UTF-8 "$@"
	cmp -s "$T/out.C" "$T/out.zh_CN.UTF-8" && ! cjk "$T/out.zh_CN.UTF-8"
	ok $? "$d: byte-identical in zh_CN.UTF-8 and LANG=C"
}

nls=$(grep -c '^#define ENABLE_NLS 1' "$top_builddir/config.h")
loc_ok=
if locale -a 2>/dev/null | grep -qix 'zh_CN.utf-\{0,1\}8'; then
	loc_ok=1
elif [ ! -f /usr/share/i18n/locales/zh_CN ]; then
	why="no zh_CN locale and no /usr/share/i18n/locales/zh_CN to make one (Debian: locales)"
elif mkdir -p "$T/loc" && localedef -i zh_CN -f UTF-8 "$T/loc/zh_CN.UTF-8" >/dev/null 2>&1 ||
     [ -f "$T/loc/zh_CN.UTF-8/LC_CTYPE" ]; then
	LOCPATH=$T/loc; export LOCPATH; loc_ok=1
else
	why="localedef could not make zh_CN.UTF-8"
fi
if [ "$nls" = 0 ] && [ -n "$loc_ok" ]; then
	# Built with --disable-nls: a catalogue at hand changes nothing.
	mkdir -p "$T/msgs/zh_CN/LC_MESSAGES"
	cp "$T/zh.mo" "$T/msgs/zh_CN/LC_MESSAGES/rocescope.mo"
	run C --demo check --tree first-time-setup
	ROCESCOPE_LOCALEDIR=$T/msgs run zh_CN.UTF-8 --demo check --tree first-time-setup
	cmp -s "$T/out.C" "$T/out.zh_CN.UTF-8"
	ok $? "built with --disable-nls: zh_CN.UTF-8 and a catalogue give LANG=C's English"
fi
[ "$nls" = 0 ] && loc_ok= && why="built with --disable-nls"
# The build's catalogue, where ROCESCOPE_LOCALEDIR looks for it.
gmo=$top_srcdir/po/zh_CN.gmo
[ -f "$gmo" ] || gmo=$top_builddir/po/zh_CN.gmo
if [ -n "$loc_ok" ] && [ -f "$gmo" ]; then
	mkdir -p "$T/msgs/zh_CN/LC_MESSAGES"
	cp "$gmo" "$T/msgs/zh_CN/LC_MESSAGES/rocescope.mo"
	ROCESCOPE_LOCALEDIR=$T/msgs; export ROCESCOPE_LOCALEDIR
elif [ -n "$loc_ok" ]; then
	loc_ok=; why="the build made no po/zh_CN.gmo"
	[ "$nls" = 0 ] || { ok 1 "the build compiled po/zh_CN.po into po/zh_CN.gmo"; }
fi

if [ -n "$loc_ok" ]; then
	# Chinese, with every command, path and argument of the English intact:
	# the words of LANG=C's output that are a flag (-x, --peer), a path, an
	# assignment (NCCL_IB_GID_INDEX=3, rp_filter=2) or an IPv4 address,
	# punctuation at their ends removed, are all in the Chinese output
	# (where Chinese text, full-width punctuation included, ends a word).
	words() {
		LC_ALL=C tr ' \t\200-\377' '\n\n\n' <"$1" |
			sed -e 's/^[][(){}"'\''`,.;:]*//' -e 's/[][(){}"'\''`,.;:]*$//' |
			grep -E '=|^-|^/|^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+' | LC_ALL=C sort -u
	}
	for tree in first-time-setup connection-failure; do
		run C --demo --peer 192.168.100.2 check --tree $tree
		run zh_CN.UTF-8 --demo --peer 192.168.100.2 check --tree $tree
		cjk "$T/out.zh_CN.UTF-8" && ! cjk "$T/out.C" &&
			[ "$(tail -n 1 "$T/out.C")" = "$(tail -n 1 "$T/out.zh_CN.UTF-8")" ]
		ok $? "check --tree $tree prints Chinese in zh_CN.UTF-8, the same exit code"
		words "$T/out.C" >"$T/w.C"; words "$T/out.zh_CN.UTF-8" >"$T/w.zh"
		LC_ALL=C comm -23 "$T/w.C" "$T/w.zh" >"$T/w.lost"
		[ ! -s "$T/w.lost" ] && [ "$(wc -l <"$T/w.C")" -ge 10 ]
		ok $? "check --tree $tree in Chinese keeps the commands and arguments ($(wc -l <"$T/w.C") words)"
		[ -s "$T/w.lost" ] && diag "lost: $(head -5 "$T/w.lost" | tr '\n' ' ')"
	done
	run zh_CN.UTF-8 --demo check --tree first-time-setup
	grep -q '^first-time-setup: 首次配置 RoCE v2 ' "$T/out.zh_CN.UTF-8" &&
		grep -q ' 端口为 ACTIVE，链路层为 Ethernet（5.1）$' "$T/out.zh_CN.UTF-8"
	ok $? "a tree's title and its steps' are the catalogue's translations"
	run C --demo check; run zh_CN.UTF-8 --demo check
	[ "$(tail -n 1 "$T/out.C")" = "$(tail -n 1 "$T/out.zh_CN.UTF-8")" ]
	ok $? "check on the demo: the same exit code in both locales"
	words "$T/out.C" >"$T/w.C"; words "$T/out.zh_CN.UTF-8" >"$T/w.zh"
	[ -z "$(LC_ALL=C comm -23 "$T/w.C" "$T/w.zh")" ]
	ok $? "check on the demo in zh_CN.UTF-8 keeps every command and argument"

	# Every command that takes --json (from the help), each in both locales.
	for c in $("$R" --help | awk '/^Commands:/ { c = 1; next } /^$/ { c = 0 } c { print $1 }'); do
		"$R" help "$c" | grep -Eq -- '--json([^-]|$)' && echo "$c"
	done >"$T/json_cmds"
	pcap=$top_srcdir/tests/fixtures/pcaps/linlinw5-rdma_ib_tutorial/pingpong_rc.pcap
	for c in $(cat "$T/json_cmds"); do
		case $c in
		devices|gids|qps) set -- --demo "$c" --json ;;
		counters) set -- --demo counters --json -c 1 -i 0.1 ;;
		check) set -- --demo check --json ;;
		fix) set -- --demo fix --dry-run --json ;;
		capture) set -- capture -r "$pcap" --summary --json ;;
		explain) set -- explain --json "Couldn't connect to 192.0.2.1:18515" ;;
		bw|lat) set -- "$c" 192.0.2.1 --json ;;
		*) ok 1 "$c takes --json: give it a case in tests/test_i18n.sh"; continue ;;
		esac
		same "$*" "$@"
	done
	[ "$(wc -l <"$T/json_cmds")" -ge 8 ]
	ok $? "the commands with --json were found ($(echo $(cat "$T/json_cmds")))"
	for tree in connection-failure low-bandwidth large-message-crash first-time-setup; do
		same "check --tree $tree --json" --demo --peer 192.168.100.2 check --tree $tree --json
	done
	same "explain --list --json" explain --list --json
	# The scrape's own time aside (rocescope_last_refresh_timestamp_seconds).
	for l in C zh_CN.UTF-8; do
		LANG=$l "$R" --demo exporter --once | grep -v '_timestamp_seconds ' >"$T/$l.prom"
	done
	cmp -s "$T/C.prom" "$T/zh_CN.UTF-8.prom" && ! cjk "$T/zh_CN.UTF-8.prom" &&
		[ "$(wc -l <"$T/C.prom")" -ge 50 ]
	ok $? "exporter --once: the metrics are byte-identical in zh_CN.UTF-8 and LANG=C"
	same "snapshot" --demo snapshot
	# A recording's samples carry the time they were taken: what can follow
	# the locale is its text (snapshots, findings), the same in both.
	for l in C zh_CN.UTF-8; do
		LANG=$l "$R" --demo record -o "$T/$l.rsrec" --interval 0.1 --duration 0.3 \
			>/dev/null 2>&1
		strings -n 8 "$T/$l.rsrec" | LC_ALL=C sort -u >"$T/$l.rectext"
	done
	[ -s "$T/C.rectext" ] && cmp -s "$T/C.rectext" "$T/zh_CN.UTF-8.rectext" &&
		! cjk "$T/zh_CN.UTF-8.rectext"
	ok $? "a recording's text (snapshot, findings) is the same in zh_CN.UTF-8 and LANG=C"

	# fix under a fixture root: its journal (and what it writes to the
	# host) in the same bytes, applied and undone, in both locales.
	FX=$top_srcdir/tests/fixtures
	D=$T/fixroot
	mkdir -p "$T/pristine"
	cp -a "$FX/roce-cx5/." "$T/pristine/" && cp -a "$FX/host-mlx5/." "$T/pristine/"
	for h in "$T/pristine"/sys/kernel/mm/hugepages/*/nr_hugepages; do echo 0 >"$h"; done
	printf '%s\n' "* soft memlock 8192" >"$T/pristine/etc/security/limits.d/20-small.conf"
	printf 'profile: site\nhugepages: 512\n' >"$T/site.yaml"
	for l in C zh_CN.UTF-8; do
		rm -rf "$D" && cp -a "$T/pristine" "$D"
		LANG=$l "$R" --root "$D" fix --profile "$T/site.yaml" --apply \
			host.no_hugepages host.memlock_small >/dev/null 2>&1
		cp "$D/var/lib/rocescope/changes/1.json" "$T/$l.applied.json"
		LANG=$l "$R" --root "$D" fix --undo >/dev/null 2>&1
		cp "$D/var/lib/rocescope/changes/1.json" "$T/$l.undone.json"
		rm -f "$D/var/lib/rocescope/changes/1.json" "$D/var/lib/rocescope/lock"
		(cd "$D" && find . -type f -newer "$T/site.yaml" -exec cat {} +) >"$T/$l.written"
		sed -i '/"started": /d' "$T/$l.applied.json" "$T/$l.undone.json"
	done
	grep -q '"state": "applied"' "$T/C.applied.json" &&
		grep -q '"undone": true' "$T/C.undone.json" &&
		cmp -s "$T/C.applied.json" "$T/zh_CN.UTF-8.applied.json" &&
		cmp -s "$T/C.undone.json" "$T/zh_CN.UTF-8.undone.json" &&
		cmp -s "$T/C.written" "$T/zh_CN.UTF-8.written" &&
		! cjk "$T/zh_CN.UTF-8.applied.json" "$T/zh_CN.UTF-8.written"
	ok $? "fix --apply and --undo: the journal and the files written are the same bytes in both locales"
else
	for i in 1 2 3 4 5 6 7 8 9; do skip "$why: Chinese output not checked"; done
fi

# --- English where no catalogue is wanted ----------------------------------
for args in "--demo check" "--demo check --tree first-time-setup" "--help" "help check"; do
	# shellcheck disable=SC2086
	run C $args; run xx_YY.UTF-8 $args
	cmp -s "$T/out.C" "$T/out.xx_YY.UTF-8" && ! cjk "$T/out.C"
	ok $? "rocescope $args: an unknown locale gives LANG=C's English"
done
LANGUAGE=zh_CN LANG=C "$R" --demo check --tree first-time-setup >"$T/out.lang"
! cjk "$T/out.lang"
ok $? "LANG=C stays English even with LANGUAGE=zh_CN (gettext's rule)"

plan "$rs_n"
