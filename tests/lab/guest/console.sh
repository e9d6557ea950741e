# SPDX-License-Identifier: MIT
# console.sh - what the lab tests that drive the console share: a tmux
# server of their own (session "con"), a UTF-8 locale, a TERM the image's
# terminfo knows, and bounded polls of the screen.  Source after tap.sh.
command -v tmux >/dev/null 2>&1 || skip_all "the image has no tmux (tests/lab/build-image.sh)"

S=lab$$
T() { tmux -L "$S" -f /dev/null "$@"; }
trap 'T kill-server >/dev/null 2>&1; rm -rf "$LAB_T"' EXIT

# tmux 3.3 refuses to start without a UTF-8 locale; libc-bin ships C.UTF-8.
export LC_ALL=C.UTF-8 LANG=C.UTF-8
# The terminal type the console gets must resolve in the image's terminfo.
term=""
for t in tmux-256color screen-256color screen; do
	for d in /etc/terminfo /lib/terminfo /usr/share/terminfo; do
		[ -e "$d/${t:0:1}/$t" ] && { term=$t; break 2; }
	done
done
[ -n "$term" ] || skip_all "no tmux/screen terminfo entry in the image (ncurses-base)"

screen() { T capture-pane -p -t con >"$LAB_T/screen" 2>&1; }
show_screen() { diag "screen:"; sed 's/^/#   | /' "$LAB_T/screen"; }
# wait_for SECONDS REGEX - poll the screen every 0.25 s until REGEX is on it
wait_for() {
	local n=$(( $1 * 4 ))
	while [ $n -gt 0 ]; do
		screen
		grep -Eq -- "$2" "$LAB_T/screen" && return 0
		sleep 0.25
		n=$((n - 1))
	done
	return 1
}
keys() { T send-keys -t con "$@"; }
# console_start COLS ROWS: the console in session "con"; its pid goes to
# $LAB_T/con.pid, and the pane shows "EXITED <status>" when it ends.
console_start() {
	T new-session -d -s con -x "$1" -y "$2" \
		"sh -c 'echo \$\$ >$LAB_T/con.pid; exec env TERM=$term $ROCESCOPE'; echo EXITED \$?; sleep 600" \
		2>"$LAB_T/tmux.err"
}
# console_quit: q, then wait (bounded) for the process to end and the pane
# to say "EXITED <status>"; 0 when it is gone and exited 0.
console_quit() {
	local cpid
	keys q
	cpid=$(cat "$LAB_T/con.pid" 2>/dev/null)
	lab_wait 10 sh -c "! kill -0 $cpid"
	wait_for 5 '^EXITED '
	! kill -0 "$cpid" 2>/dev/null && grep -qx 'EXITED 0' "$LAB_T/screen"
}
