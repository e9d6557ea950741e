/* SPDX-License-Identifier: MIT */
/*
 * test_checks_peer.c - the checks of the path to the peer and of both ends
 * (src/diag/checks_peer.c) on canned probe results (ping, path MTU,
 * neighbour, control port, rdma_cm) and a peer's view - for the pass and
 * every failure each check knows.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture/capture.h"
#include "diag/check.h"
#include "model/demo.h"
#include "model/snapshot_yaml.h"
#include "tests/helpers/checks_ctx.h"
#include "util.h"

static void test_probe_checks(void **state)
{
	const struct rs_finding *x;

	x = rs_cc_judge("net.ping", "peer", RS_SKIP);
	assert_non_null(strstr(x->summary, "no peer given"));
	rs_cc.params.peer = "192.168.100.20";
	x = rs_cc_judge("net.ping", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "has not run"));
	rs_cc_give(RS_PROBE_PING, (struct rs_probe_result){ .ok = 1, .sent = 3, .received = 3 });
	rs_cc_judge("net.ping", "192.168.100.20", RS_PASS);
	rs_cc_give(RS_PROBE_PING, (struct rs_probe_result){ .ok = 1, .sent = 3, .received = 2 });
	rs_cc_judge("net.ping", "192.168.100.20", RS_WARN);
	rs_cc_give(RS_PROBE_PING, (struct rs_probe_result){ .ok = 1, .sent = 3, .received = 0 });
	rs_cc_judge("net.ping", "192.168.100.20", RS_FAIL);
	/* The probe could not run: the answer is unknown, a skip that says how
	 * to let it run (docs/probes.md), never a fail. */
	rs_cc_give(RS_PROBE_PING, (struct rs_probe_result){ .ok = 0, .error = "EPERM" });
	x = rs_cc_judge("net.ping", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "ping could not run: EPERM"));
	assert_non_null(strstr(x->summary, "ping_group_range"));

	rs_cc_give(RS_PROBE_PMTU,
		   (struct rs_probe_result){ .ok = 1, .pmtu_mtu = 9000, .local_mtu = 9000 });
	rs_cc_judge("net.pmtu", "192.168.100.20", RS_PASS);
	rs_cc_give(RS_PROBE_PMTU,
		   (struct rs_probe_result){
			   .ok = 1, .pmtu_mtu = 1500, .local_mtu = 9000, .pmtu_limited = 1 });
	x = rs_cc_judge("net.pmtu", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "path MTU 1500 < local MTU 9000"));

	rs_cc_give(RS_PROBE_TCP, (struct rs_probe_result){ .ok = 1, .tcp = RS_TCP_OPEN });
	rs_cc_judge("net.control_port", "192.168.100.20", RS_PASS);
	rs_cc_give(RS_PROBE_TCP, (struct rs_probe_result){ .ok = 1, .tcp = RS_TCP_REFUSED });
	x = rs_cc_judge("net.control_port", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "nobody listens"));
	rs_cc_give(RS_PROBE_TCP, (struct rs_probe_result){ .ok = 1, .tcp = RS_TCP_TIMEOUT });
	x = rs_cc_judge("net.control_port", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "firewall"));

	rs_cc_give(RS_PROBE_RDMA_CM, (struct rs_probe_result){ .ok = 1,
							       .cm_event = "ROUTE_RESOLVED",
							       .cm_dev = "mlx5_0",
							       .cm_port = 1 });
	rs_cc_judge("rdma.cm_resolve", "192.168.100.20", RS_PASS);
	rs_cc_give(RS_PROBE_RDMA_CM,
		   (struct rs_probe_result){ .ok = 0, .error = "no RDMA device here" });
	x = rs_cc_judge("rdma.cm_resolve", "192.168.100.20", RS_SKIP);
	assert_string_equal(x->summary, "the rdma_cm probe could not run: no RDMA device here");
	assert_string_equal(x->remedy, "");
	rs_cc_give(RS_PROBE_TCP, (struct rs_probe_result){ .ok = 0, .error = "socket: EMFILE" });
	x = rs_cc_judge("net.control_port", "192.168.100.20", RS_SKIP);
	assert_string_equal(x->summary, "TCP probe could not run: socket: EMFILE");
	rs_cc_give(RS_PROBE_PMTU, (struct rs_probe_result){ .ok = 0, .error = "EPERM" });
	x = rs_cc_judge("net.pmtu", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "could not run: EPERM"));
	/* The network's answer is a conclusion (ok), not a resolution. */
	rs_cc_give(
		RS_PROBE_RDMA_CM,
		(struct rs_probe_result){
			.ok = 1,
			.cm_event = "ADDR_ERROR",
			.summary =
				"ADDR_ERROR: the interface the route uses (wrongdev) has no RDMA device" });
	x = rs_cc_judge("rdma.cm_resolve", "192.168.100.20", RS_FAIL);
	assert_string_equal(x->summary, "rdma_cm cannot resolve the peer: ADDR_ERROR: the "
					"interface the route uses (wrongdev) has no RDMA device");
	/* No DF echo answered: the path MTU is unknown, not bad. */
	rs_cc_give(RS_PROBE_PMTU,
		   (struct rs_probe_result){
			   .ok = 1, .pmtu_mtu = 0, .local_mtu = 9000, .summary = "no answer" });
	x = rs_cc_judge("net.pmtu", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "path MTU unknown"));

	/* the neighbour probe is fresher than the snapshot's table */
	rs_cc_judge("net.peer_neigh", "192.168.100.20", RS_PASS);
	rs_cc_give(RS_PROBE_NEIGH, (struct rs_probe_result){ .ok = 1,
							     .neigh_state = "FAILED",
							     .neigh_ip = "192.168.100.20",
							     .neigh_dev = "ens1f0np0" });
	rs_cc_judge("net.peer_neigh", "192.168.100.20", RS_FAIL);
}

/* A ping that got no answer names what the host itself shows is wrong. */
static void test_ping_why(void **state)
{
	struct rs_link *l = rs_cc_link("ens1f0np0");
	struct rs_neigh *nb = (struct rs_neigh *)rs_snapshot_neigh(&rs_cc.snap, "ens1f0np0",
								   "192.168.100.20");
	const struct rs_finding *x;

	assert_non_null(l);
	assert_non_null(nb);
	rs_cc.params.peer = "192.168.100.20";
	rs_cc_give(RS_PROBE_PING, (struct rs_probe_result){ .ok = 1, .sent = 3, .received = 0 });
	x = rs_cc_judge("net.ping", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "down, unreachable, or ICMP is dropped"));
	l->noarp = 1;
	x = rs_cc_judge("net.ping", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "ens1f0np0 has ARP off (NOARP)"));
	assert_string_equal(x->remedy,
			    "ip link set ens1f0np0 arp on; ip neigh flush dev ens1f0np0");
	l->noarp = 0;
	RS_STRCPY(nb->state, "PERMANENT");
	x = rs_cc_judge("net.ping", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "hand-set MAC (PERMANENT b8:59:9f:c1:22:10)"));
	assert_non_null(strstr(x->remedy, "ip neigh del 192.168.100.20 dev ens1f0np0"));
	RS_STRCPY(nb->state, "FAILED");
	x = rs_cc_judge("net.ping", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "ARP for 192.168.100.20 on ens1f0np0 gets no answer"));
	l->carrier = 0;
	x = rs_cc_judge("net.ping", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "ens1f0np0 is up but has no carrier"));
	l->carrier = 1;
	RS_STRCPY(rs_cc.snap.peer.dev, "eno1");
	x = rs_cc_judge("net.ping", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "the route leaves through eno1, which is not an RDMA "
					   "interface"));
}

static void test_both_ends(void **state)
{
	const struct rs_finding *x;

	x = rs_cc_judge("peer.same_gid_type", "peer", RS_SKIP);
	assert_non_null(strstr(x->summary, "rocescope serve"));
	rs_cc.view = (struct rs_peer_view){ .known = 1,
					    .hostname = "peer-01",
					    .gid_index = 3,
					    .gid_type = RS_GID_TYPE_ROCE_V2,
					    .gid_ipv4 = 1,
					    .active_mtu = 4096,
					    .pfc_known = 1,
					    .pfc_en = 8,
					    .addr = "192.168.100.20" };
	rs_cc.ctx.peer_view = &rs_cc.view;
	rs_cc_judge("peer.same_gid_type", "mlx5_0 port 1", RS_PASS);
	rs_cc_judge("peer.same_mtu", "mlx5_0 port 1", RS_PASS);
	rs_cc_judge("peer.same_pfc", "mlx5_0 port 1", RS_PASS);
	rs_cc.view.gid_type = RS_GID_TYPE_ROCE_V1;
	x = rs_cc_judge("peer.same_gid_type", "mlx5_0 port 1", RS_FAIL);
	assert_non_null(strstr(x->summary, "Found Incompatibility issue with GID types"));
	rs_cc.view.active_mtu = 1024;
	rs_cc_judge("peer.same_mtu", "mlx5_0 port 1", RS_WARN);
	rs_cc.view.pfc_en = 0;
	rs_cc_judge("peer.same_pfc", "mlx5_0 port 1", RS_FAIL);
	/* unknown on either end is not a difference */
	rs_cc.view.active_mtu = 0;
	x = rs_cc_judge("peer.same_mtu", "peer", RS_SKIP);
	assert_string_equal(x->summary, "the RoCE MTU of the peer is unknown");
	rs_cc.snap.devices[0].ports[0].active_mtu = 0;
	rs_cc.view.active_mtu = 4096;
	x = rs_cc_judge("peer.same_mtu", "peer", RS_SKIP);
	assert_string_equal(x->summary, "the RoCE MTU of this end is unknown");
	rs_cc.view.gid_type = RS_GID_TYPE_UNKNOWN;
	x = rs_cc_judge("peer.same_gid_type", "peer", RS_SKIP);
	assert_string_equal(x->summary, "the peer's GID type is unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_probe_checks, rs_cc_setup, rs_cc_teardown),
		cmocka_unit_test_setup_teardown(test_ping_why, rs_cc_setup, rs_cc_teardown),
		cmocka_unit_test_setup_teardown(test_both_ends, rs_cc_setup, rs_cc_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
