# tests/console_lib.sh - helpers of the console screen tests: the console
# runs in a tmux session on its own socket, send-keys types, capture-pane -p
# reads.  Source after tests/lib.sh.  Every wait is a bounded poll of the
# screen (at most ~30 s); the tmux server and the temp dir go on exit.
command -v tmux >/dev/null 2>&1 || skip_all "tmux is not installed"
[ -x "${ROCESCOPE:-}" ] || skip_all "ROCESCOPE is not set to the built binary"

sock=rs$$
tmp=$(mktemp -d /tmp/rs-console-XXXXXX)
T() { tmux -L "$sock" -f /dev/null "$@"; }
# kill-server leaves the socket file behind: remove it too.
trap 'T kill-server >/dev/null 2>&1; rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$sock"; rm -rf "$tmp"' EXIT INT TERM

# start NAME ENV... -- ARGS...: run the console in a new 80x24 session.  The
# pane stays after it exits and shows "EXITED <status>"; its pid is in
# $tmp/NAME.pid.
start() {
	name=$1
	shift
	envs=""
	while [ "$1" != "--" ]; do
		envs="$envs $1"
		shift
	done
	shift
	T new-session -d -s "$name" -x 80 -y 24 \
		"sh -c 'ulimit -c 0; echo \$\$ >$tmp/$name.pid; exec env $envs $ROCESCOPE $*'; echo EXITED \$?; sleep 600"
}

screen() { T capture-pane -p -t "$1"; }

# wait_for NAME PATTERN: poll the screen until grep -E finds PATTERN.
wait_for() {
	i=0
	while [ $i -lt 300 ]; do
		screen "$1" >"$tmp/screen"
		LC_ALL=C grep -Eq -- "$2" "$tmp/screen" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	diag "timed out waiting for '$2' on $1; screen was:"
	sed 's/^/#   /' "$tmp/screen"
	return 1
}

# wait_gone NAME PATTERN: poll until PATTERN is no longer on the screen.
wait_gone() {
	i=0
	while [ $i -lt 300 ]; do
		screen "$1" | grep -Eq -- "$2" || return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

keys() { n=$1; shift; T send-keys -t "$n" "$@"; }

UTF=LANG=C.UTF-8
UTF_ALL=LC_ALL=C.UTF-8

# wait_above NAME FN N: poll until `FN NAME` (a number read off the screen)
# is more than N.
wait_above() {
	i=0
	while [ $i -lt 300 ]; do
		v=$($2 "$1")
		[ -n "$v" ] && [ "$v" -gt "$3" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
