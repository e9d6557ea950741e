# SPDX-License-Identifier: MIT
# tests/hostile_tree.sh - a fixture tree whose strings would drive a
# terminal: a copy of tests/fixtures/roce-cx5 with ESC sequences (a window
# title, colours, clear screen), BEL, C1 controls (as UTF-8 and as raw
# bytes), a bidirectional override and invalid UTF-8 in board_id, fw_ver,
# the hostname, a GID file, a GID's netdev and a counter's name.  Made at
# test time so no such bytes live in the source tree.  Source it, then:
#   hostile_tree DIR        (DIR must not exist)
#   hostile_clean FILE [--controls-only]
#                           0 when FILE has no C0 control but newline, no
#                           DEL, no C1, no bidi override (not looked for with
#                           --controls-only), and is valid UTF-8
hostile_tree() {
	cp -R "$top_srcdir/tests/fixtures/roce-cx5" "$1" || return 1
	chmod -R u+w "$1"
	_d=$1/sys/class/infiniband/mlx5_0
	# one printf per file: ESC ] 0 ; title BEL, CSI as U+009B, \377
	printf 'MT_\033]0;pwned\007\302\2332J\377end\n' >"$_d/board_id"
	printf '16.\033[31m35\235.2000\342\200\256\n' >"$_d/fw_ver"
	mkdir -p "$1/proc/sys/kernel"
	printf 'host\033]2;x\007\302\205\376\n' >"$1/proc/sys/kernel/hostname"
	printf 'fe80:0000:0000:0000:\033[5m:0000:0000:0001\n' >"$_d/ports/1/gids/1"
	printf 'ens1f0np0\033[2J\n' >"$_d/ports/1/gid_attrs/ndevs/3"
	printf '7\n' >"$_d/ports/1/hw_counters/evil$(printf '\033')[31m"
}

hostile_clean() {
	[ "$(tr -d '\000' <"$1" | wc -c)" -eq "$(wc -c <"$1")" ] || return 1
	LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$1" && return 1
	LC_ALL=C grep -q "$(printf '\302[\200-\237]')" "$1" && return 1
	if [ "${2:-}" != --controls-only ]; then
		LC_ALL=C grep -q "$(printf '\342\200[\252-\256]')" "$1" && return 1
		LC_ALL=C grep -q "$(printf '\342\201[\246-\251]')" "$1" && return 1
	fi
	if command -v iconv >/dev/null 2>&1; then
		iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1 || return 1
	fi
	return 0
}
