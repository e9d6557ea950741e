#!/bin/sh
# SPDX-License-Identifier: MIT
#
# gen_tree.sh DIR [DEVICES [PORTS [GIDS]]] - write a large RDMA sysfs tree for
# `make bench`: by default 8 ConnectX-5 devices x 2 ports x 256 GID slots,
# every slot in use, types alternating IB/RoCE v1 and RoCE v2, addresses
# alternating IPv4-mapped and IPv6, each with its netdev (every 8th pair on
# a VLAN netdev listed in proc/net/vlan), plus counters/ and hw_counters/.
# The layout is that of tests/fixtures/roce-cx5 (links into sys/devices).
set -eu

[ $# -ge 1 ] || { echo "usage: $0 DIR [DEVICES [PORTS [GIDS]]]" >&2; exit 2; }
root=$1
ndev=${2:-8}
nport=${3:-2}
ngid=${4:-256}
mkdir -p "$root"

w() {
	local file="$1"
	shift
	printf '%s\n' "$@" >"$file"
}

mkdir -p "$root/sys/class/infiniband" "$root/sys/class/net" \
	"$root/sys/bus/pci/drivers/mlx5_core" "$root/proc/net/vlan"
: >"$root/sys/bus/pci/drivers/mlx5_core/bind"

d=0
while [ $d -lt "$ndev" ]; do
	slot=$(printf '0000:%02x:00.0' $((0x20 + d)))
	fn=sys/devices/pci0000:00/$slot
	mkdir -p "$root/$fn/net"
	w "$root/$fn/vendor" 0x15b3
	w "$root/$fn/device" 0x1017
	w "$root/$fn/current_link_speed" "8.0 GT/s PCIe"
	w "$root/$fn/max_link_speed" "8.0 GT/s PCIe"
	w "$root/$fn/current_link_width" 16
	w "$root/$fn/max_link_width" 16
	ln -s ../../../bus/pci/drivers/mlx5_core "$root/$fn/driver"
	ib=$fn/infiniband/mlx5_$d
	mkdir -p "$root/$ib/ports"
	ln -s ../../../$slot "$root/$ib/device"
	ln -s "../../${ib#sys/}" "$root/sys/class/infiniband/mlx5_$d"
	w "$root/$ib/fw_ver" 16.35.2000
	w "$root/$ib/board_id" MT_0000000080
	w "$root/$ib/hca_type" MT4119
	w "$root/$ib/node_guid" "$(printf 'b859:9f03:00%02x:0000' $d)"
	p=1
	while [ $p -le "$nport" ]; do
		pd=$root/$ib/ports/$p
		mkdir -p "$pd/gids" "$pd/gid_attrs/types" "$pd/gid_attrs/ndevs" \
			"$pd/counters" "$pd/hw_counters"
		w "$pd/state" "4: ACTIVE"
		w "$pd/phys_state" "5: LinkUp"
		w "$pd/rate" "100 Gb/sec (4X EDR)"
		w "$pd/link_layer" Ethernet
		ifn=ens${d}f$((p - 1))
		vlan=$ifn.$((100 + p))
		mkdir -p "$root/$fn/net/$ifn/statistics"
		w "$root/$fn/net/$ifn/dev_port" $((p - 1))
		w "$root/$fn/net/$ifn/mtu" 4200
		w "$root/$fn/net/$ifn/operstate" up
		w "$root/$fn/net/$ifn/carrier" 1
		w "$root/$fn/net/$ifn/address" "$(printf 'b8:59:9f:00:%02x:%02x' $d $p)"
		ln -s "../../${fn#sys/}/net/$ifn" "$root/sys/class/net/$ifn"
		w "$root/proc/net/vlan/$vlan" "$vlan  VID: $((100 + p))	 REORDER_HDR: 1"
		i=0
		while [ $i -lt "$ngid" ]; do
			k=$((i / 2))
			if [ $((k % 2)) -eq 0 ]; then
				gid=$(printf '0000:0000:0000:0000:0000:ffff:0a%02x:%02x%02x' \
					$d $p $((k % 256)))
			else
				gid=$(printf '2001:0db8:00%02x:00%02x:0000:0000:0000:%04x' \
					$d $p $k)
			fi
			w "$pd/gids/$i" "$gid"
			if [ $((i % 2)) -eq 0 ]; then
				w "$pd/gid_attrs/types/$i" "IB/RoCE v1"
			else
				w "$pd/gid_attrs/types/$i" "RoCE v2"
			fi
			if [ $((k % 8)) -eq 7 ]; then
				w "$pd/gid_attrs/ndevs/$i" "$vlan"
			else
				w "$pd/gid_attrs/ndevs/$i" "$ifn"
			fi
			i=$((i + 1))
		done
		for c in port_xmit_data port_rcv_data port_xmit_packets \
			port_rcv_packets port_xmit_discards port_rcv_errors \
			symbol_error link_downed; do
			w "$pd/counters/$c" $((d * 1000 + p))
		done
		for c in out_of_buffer out_of_sequence packet_seq_err \
			local_ack_timeout_err np_cnp_sent rp_cnp_handled \
			np_ecn_marked_roce_packets duplicate_request \
			rx_write_requests rx_read_requests; do
			w "$pd/hw_counters/$c" $((d * 100 + p))
		done
		w "$pd/hw_counters/lifespan" 12
		p=$((p + 1))
	done
	d=$((d + 1))
done
