#!/bin/sh
# SPDX-License-Identifier: MIT
#
# gen_root.sh DIR NDEV [few] - write a fixture root with NDEV mlx5 devices
# of one RoCE port each (ConnectX-5, netdev ensNf0np0, MTU 9000, four GIDs,
# the usual counters/ and hw_counters/), as plain directories; "few" keeps
# four files in each counter directory (a root of thousands of devices in
# a few hundred MB).  Used by the console bench (16 ports), the console
# screen tests (2 ports) and the scale bench and tests (thousands:
# tests/bench/bench_scale.sh, tests/test_console_scale.sh).
# Counter values depend on the device number only: reproducible.  One awk
# writes every file and makes the directories 256 devices at a time, so
# 10,000 devices (950,000 files) take seconds, not a fork per file.
set -eu

dir=$1
ndev=$2
few=${3:-}

awk -v root="$dir" -v n="$ndev" -v few="$few" '
function w(file, value) {
	printf "%s\n", value >file
	close(file)
}
function gid(p, idx, g, type, nd) {
	w(p "/gids/" idx, g)
	w(p "/gid_attrs/types/" idx, type)
	w(p "/gid_attrs/ndevs/" idx, nd)
}
# One mkdir for many directories; its command stays under the 128 KiB a
# single argument may have (sh -c COMMAND).
function mkdirs(list) {
	if (list != "" && system("mkdir -p" list))
		exit 1
}
function dirs(from, to,    i, d, nd, p, list) {
	list = ""
	for (i = from; i < to; i++) {
		d = root "/sys/class/infiniband/mlx5_" i
		nd = "ens" (i + 1) "f0np0"
		p = d "/ports/1"
		list = list " \"" d "/device/net/" nd "\" \"" p "/counters\" \"" p \
		       "/hw_counters\" \"" p "/gids\" \"" p "/gid_attrs/types\" \"" p \
		       "/gid_attrs/ndevs\" \"" root "/sys/class/net/" nd "/statistics\""
		if (length(list) > 65536) {
			mkdirs(list)
			list = ""
		}
	}
	mkdirs(list)
}
function device(i,    d, nd, k, p, net, ll, v4, c) {
	d = root "/sys/class/infiniband/mlx5_" i
	nd = "ens" (i + 1) "f0np0"
	k = i + 1
	p = d "/ports/1"
	net = root "/sys/class/net/" nd
	w(d "/fw_ver", "16.35.2000")
	w(d "/board_id", "MT_0000000008")
	w(d "/hca_type", "MT4119")
	w(d "/node_type", "1: CA")
	w(d "/node_guid", sprintf("b859:9f03:00d4:%04x", i % 65536))
	w(d "/device/vendor", "0x15b3")
	w(d "/device/device", "0x1017")
	w(d "/device/uevent", "DRIVER=mlx5_core")
	w(d "/device/current_link_speed", "8.0 GT/s PCIe")
	w(d "/device/current_link_width", "16")
	w(d "/device/max_link_speed", "8.0 GT/s PCIe")
	w(d "/device/max_link_width", "16")
	w(d "/device/net/" nd "/dev_port", "0")
	w(p "/state", "4: ACTIVE")
	w(p "/phys_state", "5: LinkUp")
	w(p "/rate", "100 Gb/sec (4X EDR)")
	w(p "/link_layer", "Ethernet")
	ll = sprintf("fe80:0000:0000:0000:ba59:9fff:fed4:%04x", i % 65536)
	v4 = sprintf("0000:0000:0000:0000:0000:ffff:0a%02x:%02x01", int(k / 256) % 256, k % 256)
	gid(p, 0, ll, "IB/RoCE v1", nd)
	gid(p, 1, ll, "RoCE v2", nd)
	gid(p, 2, v4, "IB/RoCE v1", nd)
	gid(p, 3, v4, "RoCE v2", nd)
	for (c = 1; c <= n_ctr; c++)
		w(p "/counters/" ctr[c], k * 1000)
	w(p "/hw_counters/lifespan", "12")
	for (c = 1; c <= n_hw; c++)
		w(p "/hw_counters/" hw[c], k * 10)
	w(net "/ifindex", i + 2)
	w(net "/address", sprintf("b8:59:9f:d4:%02x:%02x", int(i / 256) % 256, i % 256))
	w(net "/mtu", "9000")
	w(net "/operstate", "up")
	w(net "/carrier", "1")
	w(net "/flags", "0x1003")
	w(net "/type", "1")
	w(net "/dev_port", "0")
	for (c = 1; c <= n_st; c++)
		w(net "/statistics/" st[c], k * 100)
}
BEGIN {
	n_ctr = split("port_xmit_data port_rcv_data port_xmit_packets port_rcv_packets " \
		"unicast_xmit_packets unicast_rcv_packets multicast_xmit_packets " \
		"multicast_rcv_packets port_xmit_discards port_rcv_errors port_xmit_wait " \
		"symbol_error link_downed link_error_recovery local_link_integrity_errors " \
		"excessive_buffer_overrun_errors port_rcv_remote_physical_errors " \
		"port_rcv_switch_relay_errors port_rcv_constraint_errors " \
		"port_xmit_constraint_errors VL15_dropped", ctr, " ")
	n_hw = split("duplicate_request implied_nak_seq_err local_ack_timeout_err np_cnp_sent " \
		"np_ecn_marked_roce_packets out_of_buffer out_of_sequence packet_seq_err " \
		"req_cqe_error req_cqe_flush_error req_remote_access_errors " \
		"req_remote_invalid_request resp_cqe_error resp_cqe_flush_error " \
		"resp_local_length_error resp_remote_access_errors rnr_nak_retry_err " \
		"roce_adp_retrans roce_adp_retrans_to roce_slow_restart " \
		"roce_slow_restart_cnps roce_slow_restart_trans rp_cnp_handled " \
		"rp_cnp_ignored rx_atomic_requests rx_icrc_encapsulated rx_read_requests " \
		"rx_write_requests", hw, " ")
	n_st = split("rx_packets tx_packets rx_bytes tx_bytes rx_errors tx_errors " \
		"rx_dropped tx_dropped", st, " ")
	if (few == "few")
		n_ctr = n_hw = n_st = 4
	for (from = 0; from < n; from += 256) {
		to = from + 256 < n ? from + 256 : n
		dirs(from, to)
		for (i = from; i < to; i++)
			device(i)
	}
}'
