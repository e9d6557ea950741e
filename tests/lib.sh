# tests/lib.sh - TAP helpers for shell tests.  Source it, call plan/ok/skip_all.
# Each shell test prints TAP on stdout; the automake tap driver counts it.
rs_n=0
rs_failed=0
plan() { echo "1..$1"; }
ok() { # ok CONDITION-EXIT-STATUS DESCRIPTION
	rs_n=$((rs_n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $rs_n - $2"; else echo "not ok $rs_n - $2"; rs_failed=1; fi
}
skip() { rs_n=$((rs_n + 1)); echo "ok $rs_n # SKIP $1"; }
skip_all() { echo "1..0 # SKIP $1"; exit 0; }
diag() { printf '# %s\n' "$@"; }

# on_exit COMMAND: run the shell command COMMAND when the test ends, by
# exit or by INT, TERM or HUP, before the commands registered earlier (the
# tmux server goes before the directory its socket and files are in).
# Every test removes what it made: one list, so no later trap drops an
# earlier one's cleanup.
rs_on_exit=:
on_exit() {
	rs_on_exit="$1; $rs_on_exit"
	trap 'eval "$rs_on_exit"' EXIT
	trap 'exit 1' INT TERM HUP
}

need_root_netns() {
	[ "$(id -u)" = 0 ] || skip_all "needs root for network namespaces"
	command -v ip >/dev/null || skip_all "iproute2 (ip) is not installed"
	ip netns add rs-probe-$$ 2>/dev/null || skip_all "cannot create network namespaces here"
	ip netns del rs-probe-$$
}

# need_zh_locale DIR: a zh_CN.UTF-8 locale, the system's or one localedef
# makes in DIR (then LOCPATH=DIR, exported); the test skips when neither.
need_zh_locale() {
	locale -a 2>/dev/null | grep -qix 'zh_CN.utf-\{0,1\}8' && return 0
	command -v localedef >/dev/null 2>&1 || skip_all "no zh_CN.UTF-8 locale and no localedef"
	mkdir -p "$1"
	localedef -i zh_CN -f UTF-8 "$1/zh_CN.UTF-8" >/dev/null 2>&1 ||
		skip_all "no zh_CN.UTF-8 locale and localedef cannot make one"
	LOCPATH=$1
	export LOCPATH
}

# explain_ranked_classes FILE: the classes of the ranking in the
# `rocescope --json explain` output FILE, most likely first, one a line.
explain_ranked_classes() {
	awk '/^  "ranked": \[/ { on = 1; next }
	     on && /^  \]/ { exit }
	     on && /^      "class": / { c = $2; gsub(/[",]/, "", c); print c }' "$1"
}
