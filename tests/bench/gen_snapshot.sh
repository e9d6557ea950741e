#!/bin/sh
# SPDX-License-Identifier: MIT
#
# gen_snapshot.sh FILE NDEV [full|names] - write a snapshot of NDEV devices
# for the load bench (tests/bench/bench_load.sh) and the load tests.
#
# full (the default): each device is a ConnectX-5 with one RoCE port, four
# GIDs (IPv6 link-local and IPv4-mapped, v1 and v2), five counters/ and
# four hw_counters/; each has its netdev (a link with five statistics), an
# IPv4 address, its subnet's route and a neighbour.  About 1.65 KB a
# device in YAML flow style: 40,000 devices (63 MiB) fit under the 64 MiB
# cap.  Addresses repeat past 65,536 devices.
# names: devices with a name only ("- {name: dN}", 16 to 20 bytes): the
# most elements a file under the cap can ask for.
# Values depend on the device number only: reproducible.
set -eu

[ $# -ge 2 ] || { echo "usage: $0 FILE NDEV [full|names]" >&2; exit 2; }
out=$1
ndev=$2
mode=${3:-full}

awk -v n="$ndev" -v mode="$mode" '
function ip4(i, last) {
	return sprintf("10.%d.%d.%d", int(i / 256) % 256, i % 256, last)
}
function mapped(i, last) {
	return sprintf("0000:0000:0000:0000:0000:ffff:0a%02x:%02x%02x",
		       int(i / 256) % 256, i % 256, last)
}
function gid(idx, g, type, nd, ip, extra) {
	return sprintf("{index: %d, gid: \"%s\", type: %s, netdev: %s, ip: \"%s\"%s}",
		       idx, g, type, nd, ip, extra)
}
function device(i,    nd, ll, lip, v4, v4g) {
	nd = "ens" i "f0np0"
	ll = sprintf("fe80:0000:0000:0000:ba59:9fff:fe%02x:%04x", int(i / 65536) % 256,
		     i % 65536)
	lip = sprintf("fe80::ba59:9fff:fe%02x:%x", int(i / 65536) % 256, i % 65536)
	v4 = ip4(i, 1)
	v4g = mapped(i, 1)
	printf "- {name: mlx5_%d, driver: mlx5_core, generation: ConnectX-5, ", i
	printf "pci: {addr: \"0000:%02x:%02x.0\", vendor_id: 5555, device_id: 4119, ",
	       int(i / 32) % 256, i % 32
	printf "cur_gts: 8.0, cur_width: 16}, ports:\n"
	printf "  [{num: 1, state: 4, phys_state: 5, rate_gbps: 100.0, "
	printf "link_layer: Ethernet, netdev: %s, active_mtu: 4096, ", nd
	printf "gid_tbl_len: 256,\n    gids: [%s,\n      %s,\n      %s,\n      %s],\n",
	       gid(0, ll, "IB/RoCE v1", nd, lip, ""), gid(1, ll, "RoCE v2", nd, lip, ""),
	       gid(2, v4g, "IB/RoCE v1", nd, v4, ", ipv4: 1"),
	       gid(3, v4g, "RoCE v2", nd, v4, ", ipv4: 1")
	printf "    counters: {ts_ns: 1000000000, values: {port_xmit_data: %d, ", i * 1000
	printf "port_rcv_data: %d, port_xmit_packets: %d, port_rcv_packets: %d, ",
	       i * 1000, i * 10, i * 10
	printf "port_rcv_errors: 0}},\n"
	printf "    hw_counters: {ts_ns: 1000000000, values: {out_of_sequence: 0, "
	printf "local_ack_timeout_err: 0, np_cnp_sent: 0, rp_cnp_handled: 0}}}]}\n"
}
function link(i,    nd) {
	nd = "ens" i "f0np0"
	printf "- {ifindex: %d, name: %s, mac: \"b8:59:9f:%02x:%02x:%02x\", mtu: 9000, ",
	       i + 2, nd, int(i / 65536) % 256, int(i / 256) % 256, i % 256
	printf "operstate: UP, up: 1, carrier: 1, "
	printf "stats: {ts_ns: 1000000000, values: {rx_bytes: %d, tx_bytes: %d, ", i * 100, i * 100
	printf "rx_packets: %d, tx_packets: %d, rx_dropped: 0}}}\n", i, i
}
BEGIN {
	print "# rocescope snapshot (format: docs/snapshot-format.md)"
	print "version: 2"
	print "source: generated"
	print "taken_at: \"2024-01-01T00:00:00Z\""
	print "devices:"
	for (i = 0; i < n; i++)
		if (mode == "names")
			printf "- {name: d%d}\n", i
		else
			device(i)
	if (mode != "names") {
		print "links:"
		for (i = 0; i < n; i++)
			link(i)
		print "addrs:"
		for (i = 0; i < n; i++)
			printf "- {ifname: ens%df0np0, family: 4, addr: \"%s\", prefixlen: 24, " \
			       "scope: global}\n", i, ip4(i, 1)
		print "routes:"
		for (i = 0; i < n; i++)
			printf "- {family: 4, dst: \"%s/24\", dev: ens%df0np0, " \
			       "table: 254, scope: link, type: unicast}\n", ip4(i, 0), i
		print "neighs:"
		for (i = 0; i < n; i++)
			printf "- {dev: ens%df0np0, family: 4, ip: \"%s\", " \
			       "mac: \"0c:42:a1:%02x:%02x:%02x\", state: REACHABLE}\n",
			       i, ip4(i, 2), int(i / 65536) % 256, int(i / 256) % 256, i % 256
	}
	print "..."
}' >"$out"
