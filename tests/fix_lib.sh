# tests/fix_lib.sh - helpers of the `rocescope fix` tests (sourced).
#
# fx_rxe DIR DEV NETDEV HEX4:HEX4 - a Soft-RoCE device of sysfs, as the
#   kernel shows one (tests/fixtures/make-roce-trees.sh, roce-rxe): DEV on
#   NETDEV, port 1 ACTIVE, GID 0 link-local and GID 1 the IPv4-mapped
#   address (the last 32 bits given as two hex groups).  DIR is a class/
#   directory: DIR/infiniband/DEV.
# fx_in NS DIR CMD... - CMD in network namespace NS (as `ip netns exec`),
#   in a mount namespace of its own where DIR/class is /sys/class (its
#   net/ the namespace's real one, its infiniband/ the devices above) and
#   DIR/etc/{sysctl.d,limits.d,modules-load.d} are /etc/sysctl.d,
#   /etc/security/limits.d and /etc/modules-load.d: rocescope then sees
#   RDMA devices on the namespace's veths and writes its /etc files where
#   the test reads them, never into this host's /etc.  The mounts end with
#   CMD.
fx_w() { mkdir -p "$(dirname "$1")" && printf '%s\n' "$2" >"$1"; }

fx_rxe() {
	local d="$1/infiniband/$2" p="$1/infiniband/$2/ports/1"
	fx_w "$d/node_guid" 5054:00ff:fe99:0001
	fx_w "$d/fw_ver" ""
	fx_w "$d/node_type" "1: CA"
	fx_w "$d/parent" "$3"
	fx_w "$p/state" "4: ACTIVE"
	fx_w "$p/phys_state" "5: LinkUp"
	fx_w "$p/rate" "10 Gb/sec (1X FDR10)"
	fx_w "$p/link_layer" Ethernet
	fx_w "$p/gids/0" fe80:0000:0000:0000:5054:00ff:fe99:0001
	fx_w "$p/gid_attrs/types/0" "RoCE v2"
	fx_w "$p/gid_attrs/ndevs/0" "$3"
	fx_w "$p/gids/1" "0000:0000:0000:0000:0000:ffff:$4"
	fx_w "$p/gid_attrs/types/1" "RoCE v2"
	fx_w "$p/gid_attrs/ndevs/1" "$3"
}

fx_dirs() {
	mkdir -p "$1/class/net" "$1/etc/sysctl.d" "$1/etc/limits.d" "$1/etc/modules-load.d"
}

# exec_fx_in NS DIR CMD... - the same, replacing the shell: in ( ... ) &,
#   $! is then CMD's own pid (ip, unshare and sh each exec the next).
FX_MOUNTS='
	d=$0
	mount --bind /sys/class/net "$d/class/net" &&
	mount --rbind "$d/class" /sys/class &&
	mount --bind "$d/etc/sysctl.d" /etc/sysctl.d &&
	mount --bind "$d/etc/limits.d" /etc/security/limits.d &&
	{ [ ! -d /etc/modules-load.d ] || mount --bind "$d/etc/modules-load.d" /etc/modules-load.d; } &&
	exec "$@"'

fx_in() {
	local ns=$1 dir=$2
	shift 2
	ip netns exec "$ns" unshare -m sh -c "$FX_MOUNTS" "$dir" "$@"
}

exec_fx_in() {
	local ns=$1 dir=$2
	shift 2
	exec ip netns exec "$ns" unshare -m sh -c "$FX_MOUNTS" "$dir" "$@"
}
