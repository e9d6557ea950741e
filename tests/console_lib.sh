# tests/console_lib.sh - helpers of the console screen tests: the console
# runs in a tmux session on its own socket, send-keys types, capture-pane -p
# reads.  Source after tests/lib.sh.  The tmux server and the temp dir go on
# exit (on_exit).
#
# A screen is drawn in pieces: tmux reads the console's output as it
# comes, so one capture may hold part of the new screen and part of the
# old.  Every assertion therefore polls for exactly what it asserts (the
# wait_* helpers below, at most ~30 s each); it never waits for one thing
# and then reads another off the same capture, and never sleeps a fixed
# time instead.  Each wait leaves the screen it matched in $tmp/screen.
command -v tmux >/dev/null 2>&1 || skip_all "tmux is not installed"
[ -x "${ROCESCOPE:-}" ] || skip_all "ROCESCOPE is not set to the built binary"

sock=rs$$
tmp=$(mktemp -d "${TMPDIR:-/tmp}"/rs-console-XXXXXX)
T() { tmux -L "$sock" -f /dev/null "$@"; }
on_exit 'rm -rf "$tmp"'
# kill-server leaves the socket file behind: remove it too.
on_exit 'T kill-server >/dev/null 2>&1; rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$sock"'

# start NAME ENV... -- ARGS...: run the console in a new 80x24 session.  The
# pane stays after it exits and shows "EXITED <status>"; its pid is in
# $tmp/NAME.pid.
# (The helpers' own variables begin with _: a test's are left alone.)
start() {
	_s=$1
	shift
	_env=""
	while [ "$1" != "--" ]; do
		_env="$_env $1"
		shift
	done
	shift
	T new-session -d -s "$_s" -x 80 -y 24 \
		"sh -c 'ulimit -c 0; echo \$\$ >$tmp/$_s.pid; exec env $_env $ROCESCOPE $*'; echo EXITED \$?; sleep 600"
}

screen() { T capture-pane -p -t "$1"; }

# Conditions on the last screen read ($tmp/screen), for wait_until.
# has PATTERN: a line matches the extended regular expression PATTERN
has() { LC_ALL=C grep -Eq -- "$1" "$tmp/screen"; }
# has_text TEXT: a line holds TEXT, as it is
has_text() { LC_ALL=C grep -Fq -- "$1" "$tmp/screen"; }
# has_line LINE: a line is LINE exactly, trailing blanks aside
has_line() { sed 's/ *$//' "$tmp/screen" | LC_ALL=C grep -Fxq -- "$1"; }
# all_of PATTERN... [-- ABSENT...]: every PATTERN matches and no ABSENT does
all_of() {
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		has "$1" || return 1
		shift
	done
	[ $# -gt 0 ] && shift
	for _p; do
		has "$_p" && return 1
	done
	return 0
}
# lines_are FIRST LAST FILE [SED]: lines FIRST to LAST, trailing blanks
# removed and edited by the sed -E script SED (for what moves each tick),
# are FILE's (they are left in $tmp/lines)
lines_are() {
	sed -n "$1,$2p" "$tmp/screen" | sed 's/ *$//' | sed -E "${4:-}" >"$tmp/lines"
	cmp -s "$3" "$tmp/lines"
}

# wait_until NAME CONDITION [ARG...]: read NAME's screen into $tmp/screen
# until CONDITION ARG... holds on it; on a timeout the screen goes to the log.
wait_until() {
	_n=$1
	shift
	_i=0
	while [ $_i -lt 300 ]; do
		screen "$_n" >"$tmp/screen"
		"$@" && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	diag "timed out on $_n waiting for: $*; screen was:"
	sed 's/^/#   /' "$tmp/screen"
	return 1
}

# wait_for NAME PATTERN: until a line matches grep -E PATTERN.
wait_for() { wait_until "$1" has "$2"; }
# wait_text NAME TEXT: until a line holds TEXT (no pattern).
wait_text() { wait_until "$1" has_text "$2"; }
# wait_line NAME LINE: until a line is LINE exactly.
wait_line() { wait_until "$1" has_line "$2"; }
# wait_all NAME PATTERN... [-- ABSENT...]: until one screen has every
# PATTERN and none of ABSENT.
wait_all() {
	_w=$1
	shift
	wait_until "$_w" all_of "$@"
}
# wait_lines NAME FIRST LAST FILE [SED]: until lines FIRST to LAST (edited
# by SED) are FILE's; on a timeout the difference goes to the log.
wait_lines() {
	wait_until "$1" lines_are "$2" "$3" "$4" "${5:-}" && return 0
	diff "$4" "$tmp/lines" | sed 's/^/# /'
	return 1
}

# tab_bar_fits TEXT: the tab bar (the first line) holds TEXT and fits in
# 80 columns
tab_bar_fits() { head -1 "$tmp/screen" | grep -Fq -- "$1" && [ "$(head -1 "$tmp/screen" | wc -L)" -le 80 ]; }

# line_then LINE NEXT: a line matching LINE has one matching NEXT under it
# (both grep -E: a line wrapped under its column)
line_then() { grep -E -A1 -- "$1" "$tmp/screen" | sed 1d | grep -Eq -- "$2"; }

# settled NAME: the screen read again a moment later is the same: drawn
# whole (for screens that stay, as the help)
settled() {
	sleep 0.1
	screen "$1" >"$tmp/screen.again"
	cmp -s "$tmp/screen" "$tmp/screen.again"
}
# row3_is_not TEXT: the screen's third line (a page's first) is not TEXT
row3_is_not() { [ "$(sed -n 3p "$tmp/screen")" != "$1" ]; }
# page_to NAME PATTERN: PgDn through a screen that stays (the help) until
# PATTERN is on it, at most 20 pages; each page is read once drawn whole
# and added to $tmp/pages.
page_to() {
	_j=0
	while wait_until "$1" settled "$1"; do
		cat "$tmp/screen" >>"$tmp/pages"
		has "$2" && return 0
		[ $_j -ge 20 ] && break
		_was=$(sed -n 3p "$tmp/screen")
		keys "$1" NPage
		wait_until "$1" row3_is_not "$_was" || break
		_j=$((_j + 1))
	done
	diag "page_to: '$2' not found in the pages"
	return 1
}

# wait_gone NAME PATTERN: poll until PATTERN is no longer on the screen.
wait_gone() { wait_all "$1" -- "$2"; }

keys() {
	_k=$1
	shift
	T send-keys -t "$_k" "$@"
}

UTF=LANG=C.UTF-8
UTF_ALL=LC_ALL=C.UTF-8

# wait_above NAME FN N: poll until `FN NAME` (a number read off the screen)
# is more than N.
wait_above() {
	_i=0
	while [ $_i -lt 300 ]; do
		_v=$($2 "$1")
		[ -n "$_v" ] && [ "$_v" -gt "$3" ] && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	diag "timed out on $1 waiting for $2 above $3 (last: ${_v:-none})"
	return 1
}
