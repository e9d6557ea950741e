#!/bin/sh
# SPDX-License-Identifier: MIT
#
# gen_root.sh DIR NDEV - write a fixture root with NDEV mlx5 devices of one
# RoCE port each (ConnectX-5, netdev ensNf0np0, MTU 9000, four GIDs, the
# usual counters/ and hw_counters/), as plain directories.  Used by the
# console bench (16 ports) and the console screen tests (2 ports).
# Counter values depend on the device number only: reproducible.
set -eu

dir=$1
ndev=$2

w() { # w FILE VALUE (the directory exists: one mkdir per device, not per file)
	printf '%s\n' "$2" >"$1"
}

gid() { # gid PORTDIR INDEX GID TYPE NDEV
	w "$1/gids/$2" "$3"
	w "$1/gid_attrs/types/$2" "$4"
	w "$1/gid_attrs/ndevs/$2" "$5"
}

i=0
while [ "$i" -lt "$ndev" ]; do
	d="$dir/sys/class/infiniband/mlx5_$i"
	nd="ens$((i + 1))f0np0"
	bus=$(printf '0000:%02x:00.0' $((i + 16)))
	k=$((i + 1))
	p="$d/ports/1"
	n="$dir/sys/class/net/$nd"
	mkdir -p "$d/device/net/$nd" "$p/counters" "$p/hw_counters" "$p/gids" \
		"$p/gid_attrs/types" "$p/gid_attrs/ndevs" "$n/statistics"
	w "$d/fw_ver" 16.35.2000
	w "$d/board_id" MT_0000000008
	w "$d/hca_type" MT4119
	w "$d/node_type" "1: CA"
	w "$d/node_guid" "b859:9f03:00d4:$(printf '%04x' $i)"
	w "$d/device/vendor" 0x15b3
	w "$d/device/device" 0x1017
	w "$d/device/uevent" "DRIVER=mlx5_core"
	w "$d/device/current_link_speed" "8.0 GT/s PCIe"
	w "$d/device/current_link_width" 16
	w "$d/device/max_link_speed" "8.0 GT/s PCIe"
	w "$d/device/max_link_width" 16
	w "$d/device/net/$nd/dev_port" 0
	w "$p/state" "4: ACTIVE"
	w "$p/phys_state" "5: LinkUp"
	w "$p/rate" "100 Gb/sec (4X EDR)"
	w "$p/link_layer" Ethernet
	gid "$p" 0 "fe80:0000:0000:0000:ba59:9fff:fed4:$(printf '%04x' $i)" "IB/RoCE v1" "$nd"
	gid "$p" 1 "fe80:0000:0000:0000:ba59:9fff:fed4:$(printf '%04x' $i)" "RoCE v2" "$nd"
	gid "$p" 2 "0000:0000:0000:0000:0000:ffff:0a00:$(printf '%02x01' $k)" "IB/RoCE v1" "$nd"
	gid "$p" 3 "0000:0000:0000:0000:0000:ffff:0a00:$(printf '%02x01' $k)" "RoCE v2" "$nd"
	for c in port_xmit_data port_rcv_data port_xmit_packets port_rcv_packets \
		unicast_xmit_packets unicast_rcv_packets multicast_xmit_packets \
		multicast_rcv_packets port_xmit_discards port_rcv_errors port_xmit_wait \
		symbol_error link_downed link_error_recovery local_link_integrity_errors \
		excessive_buffer_overrun_errors port_rcv_remote_physical_errors \
		port_rcv_switch_relay_errors port_rcv_constraint_errors \
		port_xmit_constraint_errors VL15_dropped; do
		w "$p/counters/$c" $((k * 1000))
	done
	w "$p/hw_counters/lifespan" 12
	for c in duplicate_request implied_nak_seq_err local_ack_timeout_err np_cnp_sent \
		np_ecn_marked_roce_packets out_of_buffer out_of_sequence packet_seq_err \
		req_cqe_error req_cqe_flush_error req_remote_access_errors \
		req_remote_invalid_request resp_cqe_error resp_cqe_flush_error \
		resp_local_length_error resp_remote_access_errors rnr_nak_retry_err \
		roce_adp_retrans roce_adp_retrans_to roce_slow_restart \
		roce_slow_restart_cnps roce_slow_restart_trans rp_cnp_handled \
		rp_cnp_ignored rx_atomic_requests rx_icrc_encapsulated rx_read_requests \
		rx_write_requests; do
		w "$p/hw_counters/$c" $((k * 10))
	done
	w "$n/ifindex" $((i + 2))
	w "$n/address" "b8:59:9f:d4:00:$(printf '%02x' $i)"
	w "$n/mtu" 9000
	w "$n/operstate" up
	w "$n/carrier" 1
	w "$n/flags" 0x1003
	w "$n/type" 1
	w "$n/dev_port" 0
	for s in rx_packets tx_packets rx_bytes tx_bytes rx_errors tx_errors rx_dropped tx_dropped; do
		w "$n/statistics/$s" $((k * 100))
	done
	i=$((i + 1))
done
