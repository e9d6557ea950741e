#!/bin/sh
# SPDX-License-Identifier: MIT
#
# show_gids_ref.sh [ROOT] - the reference for `make bench`: our own shell
# re-implementation of what the classic `show_gids` script does, the way it
# does it: a loop over every GID file that forks `cat` for the GID, its type
# and its netdev, and `sed`/`printf` to derive the IPv4 and version columns.
# Same columns: DEV PORT INDEX GID IPv4 VER DEV.  Written for this project
# (not a copy); it exists to measure what one-process-per-file costs.
root=${1:-}
ib=$root/sys/class/infiniband

printf 'DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n'
printf -- '---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---\n'
n=0
for dev in $(ls "$ib" 2>/dev/null); do
	for port in $(ls "$ib/$dev/ports" 2>/dev/null); do
		pd=$ib/$dev/ports/$port
		for idx in $(ls "$pd/gids" 2>/dev/null | sort -n); do
			gid=$(cat "$pd/gids/$idx" 2>/dev/null)
			[ -n "$gid" ] || continue
			[ "$gid" = 0000:0000:0000:0000:0000:0000:0000:0000 ] && continue
			[ "$gid" = fe80:0000:0000:0000:0000:0000:0000:0000 ] && continue
			type=$(cat "$pd/gid_attrs/types/$idx" 2>/dev/null)
			ndev=$(cat "$pd/gid_attrs/ndevs/$idx" 2>/dev/null)
			ver=$(echo "$type" | sed -n -e 's/.*[Vv]1$/v1/p' -e 's/.*[Vv]2$/v2/p')
			ipv4=
			if echo "$gid" | grep -q '^0000:0000:0000:0000:0000:ffff:'; then
				hex=$(echo "$gid" | sed 's/.*ffff:\(..\)\(..\):\(..\)\(..\)$/\1 \2 \3 \4/')
				ipv4=$(printf '%d.%d.%d.%d' $(for b in $hex; do echo 0x$b; done))
			fi
			printf '%s\t%s\t%s\t%s\t%-15s\t%s\t%s\n' "$dev" "$port" "$idx" \
				"$gid" "$ipv4" "$ver" "$ndev"
			n=$((n + 1))
		done
	done
done
echo "n_gids_found=$n"
