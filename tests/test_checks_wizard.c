/* SPDX-License-Identifier: MIT */
/*
 * test_checks_wizard.c - the checks the troubleshooting trees added, on
 * fixture contexts: the demo host (its QoS story: PFC and DSCP trust on
 * mlx5_0, 802.3x pause only on mlx5_1; strict rp_filter on two ports in
 * one subnet), edited copies of it, site profiles, canned probe results and
 * a peer's view, and the verdicts of real captures (the demo's pcap) -
 * for the pass and every failure each check knows.
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
#include "util.h"

struct world {
	struct rs_snapshot snap;
	struct rs_check_params params;
	struct rs_profile profile;
	struct rs_probe_result res[RS_PROBE_KINDS];
	struct rs_probe_results probes;
	struct rs_peer_view view;
	struct rs_check_ctx ctx;
	struct rs_findings f;
};

static struct world w;

static int setup(void **state)
{
	char err[256];

	memset(&w, 0, sizeof(w));
	assert_int_equal(rs_snapshot_load_yaml(&w.snap, rs_demo_host_yaml, rs_demo_host_yaml_len,
					       "demo", err, sizeof(err)), 0);
	rs_check_params_init(&w.params);
	w.ctx.snap = &w.snap;
	w.ctx.params = &w.params;
	w.ctx.probes = &w.probes;
	rs_findings_init(&w.f);
	return 0;
}

static int teardown(void **state)
{
	rs_findings_free(&w.f);
	rs_snapshot_free(&w.snap);
	return 0;
}

/* Run one check; the finding about object must have verdict v. */
static const struct rs_finding *judge(const char *id, const char *object, enum rs_verdict v)
{
	const struct rs_finding *x;

	rs_findings_free(&w.f);
	assert_int_equal(rs_check_run(&w.ctx, id, &w.f), 0);
	x = rs_findings_get(&w.f, id, object);
	if (!x)
		fail_msg("no finding %s about %s", id, object ? object : "(any)");
	if (x->verdict != v)
		fail_msg("%s %s: %s, want %s (%s)", id, x->object, rs_verdict_name(x->verdict),
			 rs_verdict_name(v), x->summary);
	return x;
}

static struct rs_link *link_of(const char *name)
{
	return (struct rs_link *)rs_snapshot_link(&w.snap, name);
}

static void use_profile(const char *name)
{
	char path[4096], err[512];

	snprintf(path, sizeof(path), "%s/profiles/%s.yaml", getenv("top_srcdir"), name);
	if (rs_profile_load(&w.profile, path, err, sizeof(err)))
		fail_msg("%s", err);
	w.params.profile = &w.profile;
}

static void test_flow_control(void **state)
{
	const struct rs_finding *x;

	x = judge("qos.pause", "mlx5_0 port 1", RS_PASS);
	assert_string_equal(x->summary, "PFC on priority 3");
	x = judge("qos.pause", "mlx5_1 port 1", RS_PASS);
	assert_non_null(strstr(x->summary, "802.3x pause on"));
	/* neither: a warning with the command */
	link_of("ens1f1np1")->pause.rx = link_of("ens1f1np1")->pause.tx = 0;
	x = judge("qos.pause", "mlx5_1 port 1", RS_WARN);
	assert_non_null(strstr(x->remedy, "ethtool -A ens1f1np1 rx on tx on"));
	/* both 802.3x and PFC */
	link_of("ens1f0np0")->pause.rx = 1;
	x = judge("qos.pause", "mlx5_0 port 1", RS_WARN);
	assert_non_null(strstr(x->summary, "both on"));
	/* a driver without DCB nor pause: unknown, not bad */
	link_of("ens1f1np1")->dcb.known = 0;
	link_of("ens1f1np1")->pause.known = 0;
	RS_STRCPY(link_of("ens1f1np1")->dcb.error, "the driver does not answer DCB (EOPNOTSUPP)");
	x = judge("qos.pause", "mlx5_1 port 1", RS_SKIP);
	assert_non_null(strstr(x->summary, "EOPNOTSUPP"));
	/* 802.3x off and DCB not read (issue 12): PFC may be on, so "no flow
	 * control" would be a guess */
	link_of("ens1f1np1")->pause.known = 1;
	RS_STRCPY(link_of("ens1f1np1")->dcb.error, "not recorded: DCB is only read from a live host");
	x = judge("qos.pause", "mlx5_1 port 1", RS_SKIP);
	assert_string_equal(x->summary, "flow control of ens1f1np1 unknown: 802.3x pause off, "
			    "PFC unknown: not recorded: DCB is only read from a live host");
	assert_string_equal(x->remedy, "");
	/* a driver without DCB has no PFC: no flow control at all is a fact */
	RS_STRCPY(link_of("ens1f1np1")->dcb.error, "the driver does not answer DCB (EOPNOTSUPP)");
	judge("qos.pause", "mlx5_1 port 1", RS_WARN);
}

static void test_pfc_trust_ecn(void **state)
{
	const struct rs_finding *x;

	judge("qos.pfc", "mlx5_0 port 1", RS_PASS);
	x = judge("qos.pfc", "mlx5_1 port 1", RS_WARN);
	assert_non_null(strstr(x->remedy, "mlnx_qos -i ens1f1np1 --pfc 0,0,0,1,0,0,0,0"));
	judge("qos.trust", "mlx5_0 port 1", RS_PASS);
	judge("qos.trust", "mlx5_1 port 1", RS_PASS);	/* pcp, but no PFC to miss */
	judge("qos.ecn", "mlx5_0 port 1", RS_PASS);
	judge("qos.ecn", "mlx5_1 port 1", RS_WARN);
	/* PFC with PCP trust on an untagged port: RoCE misses the priority */
	RS_STRCPY(link_of("ens1f0np0")->dcb.trust, "pcp");
	x = judge("qos.trust", "mlx5_0 port 1", RS_WARN);
	assert_non_null(strstr(x->remedy, "--trust dscp"));
	/* the lossless site: mlx5_1 without PFC fails, trust must be dscp */
	use_profile("lossless");
	judge("qos.pfc", "mlx5_1 port 1", RS_FAIL);
	judge("qos.trust", "mlx5_0 port 1", RS_FAIL);
	judge("qos.ecn", "mlx5_1 port 1", RS_FAIL);
	/* the lab site runs without PFC: mlx5_0's PFC is worth a look */
	use_profile("lab");
	judge("qos.pfc", "mlx5_1 port 1", RS_PASS);
	judge("qos.pfc", "mlx5_0 port 1", RS_WARN);
	/* DCB unknown: skip with the reason */
	link_of("ens1f1np1")->dcb.known = 0;
	RS_STRCPY(link_of("ens1f1np1")->dcb.error, "not recorded");
	x = judge("qos.pfc", "mlx5_1 port 1", RS_SKIP);
	assert_non_null(strstr(x->summary, "not recorded"));
	link_of("ens1f1np1")->ecn.known = 0;
	judge("qos.ecn", "mlx5_1 port 1", RS_SKIP);
	/* DCB answered without a trust mode (a hand-written file): unknown,
	 * not "trust , the site trusts dscp" */
	link_of("ens1f0np0")->dcb.trust[0] = '\0';
	x = judge("qos.trust", "mlx5_0 port 1", RS_SKIP);
	assert_string_equal(x->summary, "trust mode unknown: DCB answered without it");
}

static void test_arp_flux(void **state)
{
	const struct rs_finding *x;

	x = judge("net.arp_flux", "ens1f1np1", RS_FAIL);	/* strict rp_filter */
	assert_non_null(strstr(x->remedy, "net.ipv4.conf.ens1f1np1.rp_filter=2"));
	link_of("ens1f1np1")->rp_filter = 2;
	x = judge("net.arp_flux", "ens1f1np1", RS_WARN);	/* arp_ignore 0 */
	assert_non_null(strstr(x->summary, "ARP flux"));
	link_of("ens1f1np1")->arp_ignore = 1;
	link_of("ens1f1np1")->arp_announce = 2;
	judge("net.arp_flux", "ens1f1np1", RS_PASS);
	link_of("ens1f1np1")->rp_filter = -1;
	judge("net.arp_flux", "ens1f1np1", RS_SKIP);
}

static void test_user_index(void **state)
{
	const struct rs_finding *x;

	judge("gid.user_index", "host", RS_SKIP);	/* no -x given */
	w.params.gid_index = 3;
	judge("gid.user_index", "mlx5_0 port 1", RS_PASS);
	w.params.gid_index = 2;
	x = judge("gid.user_index", "mlx5_0 port 1", RS_FAIL);
	assert_non_null(strstr(x->summary, "RoCE v1"));
	assert_non_null(strstr(x->remedy, "use -x 3"));
	w.params.gid_index = 1;
	x = judge("gid.user_index", "mlx5_0 port 1", RS_WARN);
	assert_non_null(strstr(x->summary, "link-local"));
	w.params.gid_index = 9;
	x = judge("gid.user_index", "mlx5_0 port 1", RS_FAIL);
	assert_non_null(strstr(x->summary, "empty"));
	/* the address behind index 3 was removed from the netdev: stale */
	w.params.gid_index = 3;
	for (size_t i = 0; i < w.snap.n_addrs; i++)
		if (!strcmp(w.snap.addrs[i].addr, "192.168.100.1"))
			RS_STRCPY(w.snap.addrs[i].addr, "192.168.100.9");
	x = judge("gid.user_index", "mlx5_0 port 1", RS_FAIL);
	assert_non_null(strstr(x->summary, "no longer on"));
	x = judge("gid.no_roce_v2", "mlx5_0 port 1", RS_WARN);
	assert_non_null(strstr(x->summary, "no longer on"));
	/* the entry's type not read: neither a RoCE v1 trap nor a pass (issue 12) */
	w.snap.devices[0].ports[0].gids[3].type = RS_GID_TYPE_UNKNOWN;
	x = judge("gid.user_index", "mlx5_0 port 1", RS_SKIP);
	assert_string_equal(x->summary, "GID index 3: its type is unknown (gid_attrs/types not "
			    "read)");
	/* no GID table read at all: an index is not "empty", it is unknown */
	w.snap.devices[0].ports[0].n_gids = 0;
	w.snap.devices[0].ports[0].gid_tbl_len = 0;
	w.params.gid_index = 9;
	x = judge("gid.user_index", "mlx5_0 port 1", RS_SKIP);
	assert_string_equal(x->summary, "GID index 9: the port's GID table was not read");
	w.snap.devices[0].ports[0].n_gids = 6;	/* teardown frees the array */
}

static void test_large_messages(void **state)
{
	const struct rs_finding *x;

	judge("host.memlock_for_test", "host", RS_SKIP);	/* no -s */
	judge("device.max_mr", "host", RS_SKIP);
	w.params.msg_size = 8 << 20;
	judge("host.memlock_for_test", "host", RS_PASS);	/* unlimited */
	judge("device.max_mr", "mlx5_0 port 1", RS_PASS);
	w.snap.host.memlock_soft = 64 << 10;
	x = judge("host.memlock_for_test", "host", RS_FAIL);
	assert_non_null(strstr(x->evidence, "= 1024 MiB"));	/* 8 MiB x 128 x 1 */
	assert_non_null(strstr(x->summary, "Couldn't allocate MR"));
	w.snap.host.cap_ipc_lock = 1;
	x = judge("host.memlock_for_test", "host", RS_PASS);
	assert_non_null(strstr(x->summary, "CAP_IPC_LOCK"));
	w.params.msg_size = 2ULL << 30;
	judge("device.max_mr", "mlx5_0 port 1", RS_FAIL);
	w.snap.devices[0].max_mr_size = 0;
	judge("device.max_mr", "mlx5_0 port 1", RS_SKIP);
}

static void test_profile_checks(void **state)
{
	judge("profile.mtu", "host", RS_SKIP);
	judge("profile.firmware", "host", RS_SKIP);
	use_profile("lossless");
	judge("profile.mtu", "mlx5_0 port 1", RS_PASS);
	judge("profile.mtu", "mlx5_1 port 1", RS_FAIL);
	judge("profile.link_speed", "mlx5_0 port 1", RS_PASS);
	judge("profile.firmware", "mlx5_0", RS_PASS);
	RS_STRCPY(w.snap.devices[0].fw_ver, "16.31.1014");
	judge("profile.firmware", "mlx5_0", RS_WARN);
	w.snap.devices[0].ports[0].rate_gbps = 25;
	judge("profile.link_speed", "mlx5_0 port 1", RS_FAIL);
}

static void give(enum rs_probe_kind k, struct rs_probe_result r)
{
	r.kind = k;
	w.res[k] = r;
	w.probes.of[k] = &w.res[k];
}

static void test_probe_checks(void **state)
{
	const struct rs_finding *x;

	x = judge("net.ping", "peer", RS_SKIP);
	assert_non_null(strstr(x->summary, "no peer given"));
	w.params.peer = "192.168.100.20";
	x = judge("net.ping", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "has not run"));
	give(RS_PROBE_PING, (struct rs_probe_result){ .ok = 1, .sent = 3, .received = 3 });
	judge("net.ping", "192.168.100.20", RS_PASS);
	give(RS_PROBE_PING, (struct rs_probe_result){ .ok = 1, .sent = 3, .received = 2 });
	judge("net.ping", "192.168.100.20", RS_WARN);
	give(RS_PROBE_PING, (struct rs_probe_result){ .ok = 1, .sent = 3, .received = 0 });
	judge("net.ping", "192.168.100.20", RS_FAIL);
	/* The probe could not run: the answer is unknown, a skip that says how
	 * to let it run (docs/probes.md; it was a fail before issue 12). */
	give(RS_PROBE_PING, (struct rs_probe_result){ .ok = 0, .error = "EPERM" });
	x = judge("net.ping", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "ping could not run: EPERM"));
	assert_non_null(strstr(x->summary, "ping_group_range"));

	give(RS_PROBE_PMTU, (struct rs_probe_result){ .ok = 1, .pmtu_mtu = 9000,
						       .local_mtu = 9000 });
	judge("net.pmtu", "192.168.100.20", RS_PASS);
	give(RS_PROBE_PMTU, (struct rs_probe_result){ .ok = 1, .pmtu_mtu = 1500, .local_mtu = 9000,
						       .pmtu_limited = 1 });
	x = judge("net.pmtu", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "path MTU 1500 < local MTU 9000"));

	give(RS_PROBE_TCP, (struct rs_probe_result){ .ok = 1, .tcp = RS_TCP_OPEN });
	judge("net.control_port", "192.168.100.20", RS_PASS);
	give(RS_PROBE_TCP, (struct rs_probe_result){ .ok = 1, .tcp = RS_TCP_REFUSED });
	x = judge("net.control_port", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "nobody listens"));
	give(RS_PROBE_TCP, (struct rs_probe_result){ .ok = 1, .tcp = RS_TCP_TIMEOUT });
	x = judge("net.control_port", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "firewall"));

	give(RS_PROBE_RDMA_CM, (struct rs_probe_result){ .ok = 1, .cm_event = "ROUTE_RESOLVED",
		.cm_dev = "mlx5_0", .cm_port = 1 });
	judge("rdma.cm_resolve", "192.168.100.20", RS_PASS);
	give(RS_PROBE_RDMA_CM, (struct rs_probe_result){ .ok = 0,
							  .error = "no RDMA device here" });
	x = judge("rdma.cm_resolve", "192.168.100.20", RS_SKIP);
	assert_string_equal(x->summary, "the rdma_cm probe could not run: no RDMA device here");
	assert_string_equal(x->remedy, "");
	give(RS_PROBE_TCP, (struct rs_probe_result){ .ok = 0, .error = "socket: EMFILE" });
	x = judge("net.control_port", "192.168.100.20", RS_SKIP);
	assert_string_equal(x->summary, "TCP probe could not run: socket: EMFILE");
	give(RS_PROBE_PMTU, (struct rs_probe_result){ .ok = 0, .error = "EPERM" });
	x = judge("net.pmtu", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "could not run: EPERM"));
	/* The network's answer is a conclusion (ok), not a resolution. */
	give(RS_PROBE_RDMA_CM, (struct rs_probe_result){ .ok = 1, .cm_event = "ADDR_ERROR",
		.summary = "ADDR_ERROR: the interface the route uses (wrongdev) has no RDMA device" });
	x = judge("rdma.cm_resolve", "192.168.100.20", RS_FAIL);
	assert_string_equal(x->summary, "rdma_cm cannot resolve the peer: ADDR_ERROR: the "
			    "interface the route uses (wrongdev) has no RDMA device");
	/* No DF echo answered: the path MTU is unknown, not bad. */
	give(RS_PROBE_PMTU, (struct rs_probe_result){ .ok = 1, .pmtu_mtu = 0, .local_mtu = 9000,
						       .summary = "no answer" });
	x = judge("net.pmtu", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "path MTU unknown"));

	/* the neighbour probe is fresher than the snapshot's table */
	judge("net.peer_neigh", "192.168.100.20", RS_PASS);
	give(RS_PROBE_NEIGH, (struct rs_probe_result){ .ok = 1, .neigh_state = "FAILED",
		.neigh_ip = "192.168.100.20", .neigh_dev = "ens1f0np0" });
	judge("net.peer_neigh", "192.168.100.20", RS_FAIL);
}

/* A ping that got no answer names what the host itself shows is wrong. */
static void test_ping_why(void **state)
{
	struct rs_link *l = link_of("ens1f0np0");
	struct rs_neigh *nb = (struct rs_neigh *)rs_snapshot_neigh(&w.snap, "ens1f0np0",
								   "192.168.100.20");
	const struct rs_finding *x;

	assert_non_null(l);
	assert_non_null(nb);
	w.params.peer = "192.168.100.20";
	give(RS_PROBE_PING, (struct rs_probe_result){ .ok = 1, .sent = 3, .received = 0 });
	x = judge("net.ping", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "down, unreachable, or ICMP is dropped"));
	l->noarp = 1;
	x = judge("net.ping", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "ens1f0np0 has ARP off (NOARP)"));
	assert_string_equal(x->remedy, "ip link set ens1f0np0 arp on; ip neigh flush dev ens1f0np0");
	l->noarp = 0;
	RS_STRCPY(nb->state, "PERMANENT");
	x = judge("net.ping", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "hand-set MAC (PERMANENT b8:59:9f:c1:22:10)"));
	assert_non_null(strstr(x->remedy, "ip neigh del 192.168.100.20 dev ens1f0np0"));
	RS_STRCPY(nb->state, "FAILED");
	x = judge("net.ping", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "ARP for 192.168.100.20 on ens1f0np0 gets no answer"));
	l->carrier = 0;
	x = judge("net.ping", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "ens1f0np0 is up but has no carrier"));
	l->carrier = 1;
	RS_STRCPY(w.snap.peer.dev, "eno1");
	x = judge("net.ping", "192.168.100.20", RS_FAIL);
	assert_non_null(strstr(x->summary, "the route leaves through eno1, which is not an RDMA "
			       "interface"));
}

static void test_both_ends(void **state)
{
	const struct rs_finding *x;

	x = judge("peer.same_gid_type", "peer", RS_SKIP);
	assert_non_null(strstr(x->summary, "rocescope serve"));
	w.view = (struct rs_peer_view){ .known = 1, .hostname = "peer-01", .gid_index = 3,
		.gid_type = RS_GID_TYPE_ROCE_V2, .gid_ipv4 = 1, .active_mtu = 4096,
		.pfc_known = 1, .pfc_en = 8, .addr = "192.168.100.20" };
	w.ctx.peer_view = &w.view;
	judge("peer.same_gid_type", "mlx5_0 port 1", RS_PASS);
	judge("peer.same_mtu", "mlx5_0 port 1", RS_PASS);
	judge("peer.same_pfc", "mlx5_0 port 1", RS_PASS);
	w.view.gid_type = RS_GID_TYPE_ROCE_V1;
	x = judge("peer.same_gid_type", "mlx5_0 port 1", RS_FAIL);
	assert_non_null(strstr(x->summary, "Found Incompatibility issue with GID types"));
	w.view.active_mtu = 1024;
	judge("peer.same_mtu", "mlx5_0 port 1", RS_WARN);
	w.view.pfc_en = 0;
	judge("peer.same_pfc", "mlx5_0 port 1", RS_FAIL);
	/* unknown on either end is not a difference (issue 12) */
	w.view.active_mtu = 0;
	x = judge("peer.same_mtu", "peer", RS_SKIP);
	assert_string_equal(x->summary, "the RoCE MTU of the peer is unknown");
	w.snap.devices[0].ports[0].active_mtu = 0;
	w.view.active_mtu = 4096;
	x = judge("peer.same_mtu", "peer", RS_SKIP);
	assert_string_equal(x->summary, "the RoCE MTU of this end is unknown");
	w.view.gid_type = RS_GID_TYPE_UNKNOWN;
	x = judge("peer.same_gid_type", "peer", RS_SKIP);
	assert_string_equal(x->summary, "the peer's GID type is unknown");
}

/* perf.pingpong on every outcome: none (recorded host, no peer, not run
 * yet), passed, the mapped failure, a child that died. */
static void test_pingpong(void **state)
{
	struct rs_test_results tr = { .can_run = 0 };
	struct rs_test_outcome o = { .kind = RS_TEST_LAT, .end = RS_TEST_PASSED,
		.source = "rocescope lat 10.99.0.2 -n 100", .peer = "10.99.0.2", .device = "rxe0",
		.have_result = 1, .size = 2, .iterations = 100, .t_min_us = 26.2,
		.t_median_us = 29.8, .t_avg_us = 31.0, .t_p99_us = 40.5, .t_max_us = 55.0 };
	const struct rs_finding *x;

	x = judge("perf.pingpong", "peer", RS_SKIP);
	assert_non_null(strstr(x->summary, "no peer given"));
	w.ctx.tests = &tr;
	x = judge("perf.pingpong", "peer", RS_SKIP);
	assert_non_null(strstr(x->summary, "a recorded host cannot run a test"));
	tr.can_run = 1;
	w.params.peer = "10.99.0.2";
	x = judge("perf.pingpong", "10.99.0.2", RS_SKIP);
	assert_non_null(strstr(x->summary, "no latency test has run: rocescope lat 10.99.0.2"));
	tr.of[RS_TEST_LAT] = &o;
	x = judge("perf.pingpong", "10.99.0.2", RS_PASS);
	assert_string_equal(x->summary, "the ping-pong completed: 100 round trips of 2 B, one-way "
			    "latency median 29.80 us (min 26.20, p99 40.50, max 55.00)");
	assert_string_equal(x->evidence, "rocescope lat 10.99.0.2 -n 100: passed");
	o.replay = 1;
	x = judge("perf.pingpong", "10.99.0.2", RS_PASS);
	assert_non_null(strstr(x->summary, "a lab run, replayed: the ping-pong completed"));
	o = (struct rs_test_outcome){ .kind = RS_TEST_LAT, .end = RS_TEST_FAILED,
		.source = "rocescope lat 10.99.0.2 -n 100", .code = "control_unreachable",
		.title = "control port unreachable",
		.message = "cannot connect to 10.99.0.2:18515: connection refused (nothing listens "
			   "there)",
		.check = "is rocescope serve running on the peer, on this port?" };
	x = judge("perf.pingpong", "10.99.0.2", RS_FAIL);
	assert_string_equal(x->summary, "the latency test failed: control port unreachable: cannot "
			    "connect to 10.99.0.2:18515: connection refused (nothing listens there)");
	assert_string_equal(x->remedy, "is rocescope serve running on the peer, on this port?");
	assert_non_null(strstr(x->evidence, "error control_unreachable"));
	o.end = RS_TEST_DIED;
	RS_STRCPY(o.code, "died");
	RS_STRCPY(o.message, "killed by SIGSEGV (core dumped), and said nothing");
	x = judge("perf.pingpong", "10.99.0.2", RS_FAIL);
	assert_string_equal(x->summary, "the latency test ended without a result: killed by "
			    "SIGSEGV (core dumped), and said nothing");
}

/* perf.bandwidth: a profile's floor, half the port's rate, software RoCE
 * and an unknown rate (shown, not judged), a failure, nothing yet. */
static void test_bandwidth(void **state)
{
	struct rs_test_results tr = { .can_run = 1 };
	struct rs_test_outcome o = { .kind = RS_TEST_BW, .end = RS_TEST_PASSED,
		.source = "rocescope bw 192.168.100.20 -D 2", .peer = "192.168.100.20",
		.device = "mlx5_0", .link_mbps = 100000, .have_result = 1, .size = 65536,
		.iterations = 350000, .qps = 1, .seconds = 2, .bw_avg_gbps = 91.7,
		.bw_peak_gbps = 92.1, .msg_rate_mpps = 0.175 };
	const struct rs_finding *x;

	w.ctx.tests = &tr;
	w.params.peer = "192.168.100.20";
	x = judge("perf.bandwidth", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "no bandwidth test has run: rocescope bw"));
	tr.of[RS_TEST_BW] = &o;
	x = judge("perf.bandwidth", "192.168.100.20", RS_PASS);
	assert_string_equal(x->summary, "bandwidth 91.7 Gb/s reaches half of the 100 Gb/s port");
	assert_non_null(strstr(x->evidence, "91.7 Gb/s average, 92.1 peak"));
	o.bw_avg_gbps = 31.0;
	x = judge("perf.bandwidth", "192.168.100.20", RS_FAIL);
	assert_string_equal(x->summary, "bandwidth 31 Gb/s is below half of the 100 Gb/s port");
	assert_non_null(strstr(x->remedy, "low-bandwidth --peer 192.168.100.20"));
	w.profile.bandwidth_floor_gbps = 25;
	RS_STRCPY(w.profile.name, "lossless");
	w.params.profile = &w.profile;
	x = judge("perf.bandwidth", "192.168.100.20", RS_PASS);
	assert_string_equal(x->summary, "bandwidth 31 Gb/s reaches the site's floor 25 Gb/s "
			    "(profile lossless)");
	w.profile.bandwidth_floor_gbps = 80;
	judge("perf.bandwidth", "192.168.100.20", RS_FAIL);
	w.params.profile = NULL;
	o.soft = 1;
	RS_STRCPY(o.device, "rxe0");
	x = judge("perf.bandwidth", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "not judged: rxe0 is software RoCE"));
	o.soft = 0;
	o.link_mbps = 0;
	x = judge("perf.bandwidth", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "the port's rate is unknown"));
	o.end = RS_TEST_FAILED;
	RS_STRCPY(o.title, "retry exceeded (work completion status 12)");
	RS_STRCPY(o.message, "packets lost on the path");
	RS_STRCPY(o.check, "neighbour (ARP), MTU on every hop, PFC/pause, the switch");
	x = judge("perf.bandwidth", "192.168.100.20", RS_FAIL);
	assert_string_equal(x->summary, "the bandwidth test failed: retry exceeded (work completion "
			    "status 12): packets lost on the path");
	assert_string_equal(x->remedy, "neighbour (ARP), MTU on every hop, PFC/pause, the switch");
}

/* The capture checks on the verdicts of the demo's real capture, an empty
 * one (with and without a claim of traffic), RoCE v1 and a sick wire. */
static void test_capture(void **state)
{
	struct rs_capture_spec spec = { .kind = RS_CAP_FILE, .name = rs_demo_pcap_name,
					.data = rs_demo_pcap, .data_len = rs_demo_pcap_len };
	struct rs_capture_ctx cap = { .label = "file rdma_cm.pcap", .claim = "" };
	struct rs_cap_analysis *empty = rs_cap_analysis_new(0, 0);
	struct rs_cap_verdicts v;
	const struct rs_finding *x;
	struct rs_capture *c;
	char err[256];

	x = judge("capture.roce_v2", "host", RS_SKIP);
	assert_non_null(strstr(x->summary, "no capture running"));
	judge("capture.wire_health", "host", RS_SKIP);
	assert_int_equal(rs_capture_open(&c, &spec, err, sizeof(err)), 0);
	while (!rs_capture_done(c))
		assert_true(rs_capture_dispatch(c, 256) >= 0);
	rs_cap_verdicts(rs_capture_analysis(c), 0, 0, NULL, &v);
	cap.verdicts = &v;
	cap.packets = 96;
	w.ctx.capture = &cap;
	x = judge("capture.roce_v2", "capture", RS_PASS);
	assert_string_equal(x->summary, "RoCE v2: 96 packets to UDP port 4791");
	assert_non_null(strstr(x->evidence, "file rdma_cm.pcap: 96 frames, RoCE seen: v2"));
	judge("capture.wire_health", "capture clean", RS_PASS);
	x = judge("capture.wire_health", "capture ecn_off", RS_WARN);
	assert_non_null(strstr(x->summary, "DCQCN cannot react"));
	assert_non_null(strstr(x->remedy, "qos.ecn"));
	/* A site that runs without ECN on purpose says so: then it passes. */
	w.profile.ecn = 0;
	w.params.profile = &w.profile;
	x = judge("capture.wire_health", "capture ecn_off", RS_PASS);
	assert_non_null(strstr(x->summary, "as the site profile asks (ecn: false)"));
	w.params.profile = NULL;
	rs_capture_close(c);

	rs_cap_verdicts(empty, 0, 0, NULL, &v);
	x = judge("capture.roce_v2", "capture", RS_SKIP);
	assert_non_null(strstr(x->summary, "no RoCE packet"));
	judge("capture.wire_health", "capture no_roce", RS_SKIP);
	cap.claim = "rxe0 port 1 counts RDMA packets (hw_counters/sent_pkts 120/s)";
	rs_cap_verdicts(empty, 0, 1, "use the sniffer", &v);
	x = judge("capture.roce_v2", "capture", RS_FAIL);
	assert_non_null(strstr(x->summary, "does not pass here"));
	assert_non_null(strstr(x->summary, "use the sniffer"));
	assert_non_null(strstr(x->evidence, "traffic claimed: rxe0 port 1"));
	assert_true(x->remedy[0] != '\0');
	rs_cap_analysis_free(empty);

	memset(&v, 0, sizeof(v));
	v.seen = RS_SEEN_V1;
	v.roce = RS_WARN;
	v.health = RS_FAIL;
	v.n_reasons = 2;
	v.reasons[0].verdict = RS_FAIL;
	strcpy(v.reasons[0].id, "icrc_bad");
	strcpy(v.reasons[0].text, "2 RoCE packets with a bad ICRC");
	v.reasons[1].verdict = RS_WARN;
	strcpy(v.reasons[1].id, "congestion");
	x = judge("capture.roce_v2", "capture", RS_WARN);
	assert_non_null(strstr(x->remedy, "RoCE v2 GID index"));
	x = judge("capture.wire_health", "capture icrc_bad", RS_FAIL);
	assert_string_equal(x->summary, "2 RoCE packets with a bad ICRC");
	x = judge("capture.wire_health", "capture congestion", RS_WARN);
	assert_non_null(strstr(x->remedy, "qos."));
	w.ctx.capture = NULL;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_flow_control, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pfc_trust_ecn, setup, teardown),
		cmocka_unit_test_setup_teardown(test_arp_flux, setup, teardown),
		cmocka_unit_test_setup_teardown(test_user_index, setup, teardown),
		cmocka_unit_test_setup_teardown(test_large_messages, setup, teardown),
		cmocka_unit_test_setup_teardown(test_profile_checks, setup, teardown),
		cmocka_unit_test_setup_teardown(test_probe_checks, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ping_why, setup, teardown),
		cmocka_unit_test_setup_teardown(test_both_ends, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pingpong, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bandwidth, setup, teardown),
		cmocka_unit_test_setup_teardown(test_capture, setup, teardown),
	};

	if (!getenv("top_srcdir"))
		setenv("top_srcdir", ".", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
