/* SPDX-License-Identifier: MIT */
/*
 * test_wizard.c - the troubleshooting trees and site profiles as data
 * (profiles/trees/ and the site profiles of profiles/): every shipped one loads and is valid,
 * broken ones are refused at the right line, and the runner walks a tree
 * on the demo host - asking for probes in order, stopping at the cause of
 * a chain, going through a checklist, and re-running from a step.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag/profile.h"
#include "util.h"
#include "model/demo.h"
#include "model/snapshot_yaml.h"
#include "wizard/run.h"
#include "wizard/tree.h"

static void load_demo(struct rs_snapshot *s)
{
	char err[256];

	assert_int_equal(rs_snapshot_load_yaml(s, rs_demo_host_yaml, rs_demo_host_yaml_len,
					       "demo", err, sizeof(err)), 0);
}

static void test_shipped_trees(void **state)
{
	char err[512];

	for (size_t i = 0; rs_tree_names[i]; i++) {
		struct rs_tree t;

		if (rs_tree_load(&t, rs_tree_names[i], err, sizeof(err)))
			fail_msg("%s", err);
		assert_string_equal(t.name, rs_tree_names[i]);
		assert_true(t.n >= 4);
		assert_true(t.title[0]);
		rs_tree_free(&t);
	}
	assert_int_not_equal(rs_tree_load(&(struct rs_tree){ 0 }, "no-such-tree", err,
					  sizeof(err)), 0);
	assert_non_null(strstr(err, "connection-failure"));
}

/* The same trees from their files in the source tree (what is installed). */
static void test_tree_files(void **state)
{
	char path[4096], err[512];

	for (size_t i = 0; rs_tree_names[i]; i++) {
		struct rs_tree t;

		snprintf(path, sizeof(path), "%s/profiles/trees/%s.yaml", getenv("top_srcdir"),
			 rs_tree_names[i]);
		if (rs_tree_load(&t, path, err, sizeof(err)))
			fail_msg("%s", err);
		assert_string_equal(t.name, rs_tree_names[i]);
		rs_tree_free(&t);
	}
}

/* A broken tree is refused with file:line:col and what is wrong. */
static void refused(const char *yaml, const char *want)
{
	struct rs_tree t;
	char err[512];

	if (!rs_tree_parse(&t, yaml, strlen(yaml), "bad.yaml", err, sizeof(err)))
		fail_msg("accepted a broken tree (wanted: %s)", want);
	if (!strstr(err, want) || strncmp(err, "bad.yaml:", 9))
		fail_msg("message '%s' lacks '%s' or the position", err, want);
}

#define HEAD "tree: t\ntitle: T\nsteps:\n"
#define STEP(id, check, to) "  - id: " id "\n    check: " check "\n    title: x\n    next: " to "\n"

static void test_broken_trees(void **state)
{
	refused(HEAD STEP("a", "device.none", "end") "    colour: red\n", "bad.yaml:8:5: unknown key 'colour'");
	refused(HEAD STEP("a", "device.none", "b") STEP("a", "port.not_active", "end"),
		"step id 'a' used twice");
	refused(HEAD STEP("a", "no.such", "end"), "no check 'no.such'");
	refused(HEAD STEP("a", "device.none", "nowhere"), "'next: nowhere': no step has that id");
	refused(HEAD STEP("a", "device.none", "end") STEP("b", "port.not_active", "end"),
		"step 'b' cannot be reached");
	refused(HEAD STEP("a", "device.none", "b") STEP("b", "port.not_active", "a"),
		"leads back to a step before it");
	refused("tree: t\ntitle: T\nsteps: []\n", "a list of at least one step");
	refused("tree: t\ntitle: T\nkind: maze\nsteps:\n" STEP("a", "device.none", "end"),
		"'kind': chain or checklist");
	refused("tree: t\ntitle: T\nsteps:\n  - id: a\n    check: device.none\n    title: x\n",
		"says nowhere to go");
	refused("tree: [unclosed\n", "bad.yaml:");
	refused("tree: &x t\ntitle: *x\nsteps: []\n", "not accepted");
	refused(HEAD STEP("end", "device.none", "end"), "'end' is not a step id");
	/* Text reaches the terminal: no escape sequence, no C1 control, no DEL. */
	refused("tree: t\ntitle: \"red \\e[31m\"\nsteps: []\n", "bad.yaml:2:8: a control character");
	refused("tree: t\ntitle: \"\\u009b31m\"\nsteps: []\n", "a control character");
	refused("tree: t\ntitle: \"a\\tb\"\nsteps: []\n", "a control character");
}

static int parse_profile(struct rs_profile *p, const char *yaml, char *err, size_t len)
{
	return rs_profile_parse(p, yaml, strlen(yaml), "p.yaml", err, len);
}

static void test_profiles(void **state)
{
	static const char *const names[] = { "lab", "lossless" };
	struct rs_profile p;
	char path[4096], err[512];

	for (size_t i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/profiles/%s.yaml", getenv("top_srcdir"), names[i]);
		if (rs_profile_load(&p, path, err, sizeof(err)))
			fail_msg("%s", err);
		assert_string_equal(p.name, names[i]);
	}
	assert_int_equal(p.pfc_priority, 3);
	assert_string_equal(p.trust, "dscp");
	assert_int_equal(p.ecn, 1);
	assert_int_equal(p.n_known_good, 2);
	assert_int_not_equal(parse_profile(&p, "profile: x\nmtu: 12\n", err, sizeof(err)), 0);
	assert_non_null(strstr(err, "p.yaml:2:6: 'mtu'"));
	assert_int_not_equal(parse_profile(&p, "profile: x\ntrust: both\n", err, sizeof(err)), 0);
	assert_non_null(strstr(err, "dscp or pcp"));
	assert_int_not_equal(parse_profile(&p, "profile: x\npfc: 3\n", err, sizeof(err)), 0);
	assert_non_null(strstr(err, "p.yaml:2:1: unknown key 'pfc'"));
	assert_int_not_equal(parse_profile(&p, "mtu: 9000\n", err, sizeof(err)), 0);
	assert_non_null(strstr(err, "no name"));
	assert_int_not_equal(parse_profile(&p, "profile: x\npfc_priority: 9\n", err,
					   sizeof(err)), 0);
	assert_non_null(strstr(err, "0 to 7, or none"));
	assert_int_equal(parse_profile(&p, "profile: x\npfc_priority: none\necn: off\n", err,
				       sizeof(err)), 0);
	assert_int_equal(p.pfc_priority, RS_PFC_NONE);
	assert_int_equal(p.ecn, 0);
	/* A block scalar's final newline is not part of the text. */
	assert_int_equal(parse_profile(&p, "profile: x\ndescription: |\n  one line\n", err,
				       sizeof(err)), 0);
	assert_string_equal(p.description, "one line");
	assert_int_not_equal(parse_profile(&p, "profile: x\ndescription: \"\\e]0;t\\a\"\n", err,
					   sizeof(err)), 0);
	assert_non_null(strstr(err, "p.yaml:2:14: a control character"));
}

/* The ctx of a run: the demo, the parameters and the probes given. */
struct world {
	struct rs_snapshot snap;
	struct rs_check_params params;
	struct rs_probe_result res[RS_PROBE_KINDS];
	struct rs_probe_results probes;
	struct rs_check_ctx ctx;
};

static void world_init(struct world *w)
{
	memset(w, 0, sizeof(*w));
	load_demo(&w->snap);
	rs_check_params_init(&w->params);
	w->ctx.snap = &w->snap;
	w->ctx.params = &w->params;
	w->ctx.probes = &w->probes;
}

static void give(struct world *w, enum rs_probe_kind k, const struct rs_probe_result *r)
{
	w->res[k] = *r;
	w->res[k].kind = k;
	w->probes.of[k] = &w->res[k];
}

static const char *step_id(const struct rs_run *r, size_t i)
{
	return r->tree->nodes[r->steps[i].node].id;
}

/* connection-failure on the demo, towards its peer: the runner asks for
 * each probe in the tree's order (the neighbour before ping: what the host
 * knows first), and the closed control port is the cause - its own: no
 * other check explains it. */
static void test_run_connection_failure(void **state)
{
	struct world w;
	struct rs_tree t;
	struct rs_run r;
	enum rs_probe_kind need;
	char err[512];

	world_init(&w);
	w.params.peer = "192.168.100.20";
	/* The demo's shared subnet comes with strict rp_filter (the arp-flux
	 * step's story, test_run_arp_flux); here the sysctls are right. */
	for (size_t i = 0; i < w.snap.n_links; i++) {
		w.snap.links[i].rp_filter = 2;
		w.snap.links[i].arp_ignore = 1;
		w.snap.links[i].arp_announce = 2;
	}
	assert_int_equal(rs_tree_load(&t, "connection-failure", err, sizeof(err)), 0);
	rs_run_init(&r, &t);
	rs_run_subject(&r, &w.snap, NULL, 0);
	assert_string_equal(r.subject.dev, "mlx5_0");	/* the route to the peer */
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), 1);
	assert_int_equal(need, RS_PROBE_NEIGH);
	give(&w, RS_PROBE_NEIGH, &(struct rs_probe_result){ .ok = 1,
		.neigh_state = "REACHABLE", .neigh_mac = "b8:59:9f:c1:22:10",
		.neigh_dev = "ens1f0np0", .neigh_ip = "192.168.100.20",
		.neigh_arp = "answered", .neigh_arp_mac = "b8:59:9f:c1:22:10",
		.neigh_arp_macs = 1 });
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), 1);
	assert_int_equal(need, RS_PROBE_PING);
	give(&w, RS_PROBE_PING, &(struct rs_probe_result){ .ok = 1, .sent = 3, .received = 3,
							   .summary = "3/3 replies" });
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), 1);
	assert_int_equal(need, RS_PROBE_TCP);
	give(&w, RS_PROBE_TCP, &(struct rs_probe_result){ .ok = 1, .tcp = RS_TCP_REFUSED,
							  .summary = "refused" });
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), 0);
	assert_true(rs_run_done(&r));
	assert_int_equal(rs_run_worst(&r), RS_FAIL);
	assert_true(r.cause >= 0);
	assert_string_equal(step_id(&r, (size_t)r.cause), "control-port");
	assert_non_null(strstr(r.steps[r.cause].finding.summary, "nobody listens"));
	assert_null(r.steps[r.cause].cause_check);
	assert_string_equal(step_id(&r, 0), "port");
	assert_string_equal(step_id(&r, 1), "address");
	assert_string_equal(step_id(&r, 4), "route");
	/* the steps the tree does not judge without a peer's view say so */
	for (size_t i = 0; i < r.n_steps; i++)
		if (!strcmp(step_id(&r, i), "both-ends"))
			assert_int_equal(r.steps[i].verdict, RS_SKIP);

	/* Fixed (a server now listens): re-run from the failed step. */
	rs_run_rewind(&r, (size_t)r.cause);
	assert_false(rs_run_done(&r));
	give(&w, RS_PROBE_TCP, &(struct rs_probe_result){ .ok = 1, .tcp = RS_TCP_OPEN,
							  .summary = "open" });
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), 1);
	assert_int_equal(need, RS_PROBE_RDMA_CM);
	give(&w, RS_PROBE_RDMA_CM, &(struct rs_probe_result){ .ok = 1, .cm_event = "ROUTE_RESOLVED",
		.cm_dev = "mlx5_0", .cm_port = 1 });
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), 0);
	assert_int_equal(r.cause, -1);
	assert_int_equal(rs_run_worst(&r), RS_PASS);
	rs_run_free(&r);
	rs_tree_free(&t);
	rs_snapshot_free(&w.snap);
}

/* The problem port of the demo, asked for by name: its MTU is the cause. */
/* The untouched demo: two ports in one subnet with strict rp_filter stop
 * the walk at arp-flux, after the neighbour step passed. */
static void test_run_arp_flux(void **state)
{
	struct world w;
	struct rs_tree t;
	struct rs_run r;
	enum rs_probe_kind need;
	char err[512];

	world_init(&w);
	w.params.peer = "192.168.100.20";
	assert_int_equal(rs_tree_load(&t, "connection-failure", err, sizeof(err)), 0);
	rs_run_init(&r, &t);
	rs_run_subject(&r, &w.snap, NULL, 0);
	while (rs_run_advance(&r, &w.ctx, &need))
		give(&w, need, &(struct rs_probe_result){ .ok = 1, .sent = 3, .received = 3,
			.neigh_state = "REACHABLE", .neigh_mac = "b8:59:9f:c1:22:10",
			.neigh_dev = "ens1f0np0", .neigh_ip = "192.168.100.20" });
	assert_true(r.cause >= 0);
	assert_string_equal(step_id(&r, (size_t)r.cause), "arp-flux");
	assert_string_equal(step_id(&r, (size_t)r.cause - 1), "arp");
	assert_int_equal(r.steps[r.cause - 1].verdict, RS_PASS);
	assert_non_null(strstr(r.steps[r.cause].finding.summary, "strict rp_filter"));
	assert_non_null(strstr(r.steps[r.cause].finding.remedy, "rp_filter=2"));
	rs_run_free(&r);
	rs_tree_free(&t);
	rs_snapshot_free(&w.snap);
}

static void test_run_low_bandwidth_subject(void **state)
{
	struct world w;
	struct rs_tree t;
	struct rs_run r;
	enum rs_probe_kind need;
	char err[512];

	world_init(&w);
	w.params.peer = "192.168.100.20";
	assert_int_equal(rs_tree_load(&t, "low-bandwidth", err, sizeof(err)), 0);
	rs_run_init(&r, &t);
	rs_run_subject(&r, &w.snap, "mlx5_1", 1);
	assert_string_equal(r.subject.netdev, "ens1f1np1");
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), 1);
	assert_int_equal(need, RS_PROBE_PMTU);
	assert_string_equal(step_id(&r, 0), "route");
	assert_int_equal(r.steps[1].verdict, RS_WARN);	/* MTU 1500: RoCE MTU 1024 */
	give(&w, RS_PROBE_PMTU, &(struct rs_probe_result){ .ok = 1, .pmtu_mtu = 1500,
		.pmtu_payload = 1472, .local_mtu = 1500 });
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), 0);
	/* PMTU passes (the path carries 1500); flow control: 802.3x only,
	 * PFC off - a warning; the PCIe link fails: the cause */
	assert_string_equal(step_id(&r, (size_t)r.cause), "pcie");
	rs_run_free(&r);
	rs_tree_free(&t);
	rs_snapshot_free(&w.snap);
}

/* A checklist runs every item, failures included. */
static void test_run_checklist(void **state)
{
	struct world w;
	struct rs_tree t;
	struct rs_run r;
	enum rs_probe_kind need;
	char err[512];

	world_init(&w);
	w.snap.host.memlock_soft = 64 << 10;	/* a distribution default */
	assert_int_equal(rs_tree_load(&t, "first-time-setup", err, sizeof(err)), 0);
	assert_int_equal(t.kind, RS_TREE_CHECKLIST);
	rs_run_init(&r, &t);
	rs_run_subject(&r, &w.snap, "mlx5_1", 1);
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), 0);	/* no peer: no probe asked */
	assert_int_equal(r.n_steps, t.n);	/* every item, after the failure too */
	assert_string_equal(step_id(&r, (size_t)r.cause), "memlock");
	for (size_t i = 0; i < r.n_steps; i++) {
		if (!strcmp(step_id(&r, i), "subnet") || !strcmp(step_id(&r, i), "mtu"))
			assert_int_equal(r.steps[i].verdict, RS_WARN);	/* the demo's story */
		if (!strcmp(step_id(&r, i), "pingpong"))
			assert_int_equal(r.steps[i].verdict, RS_SKIP);
	}
	rs_run_free(&r);
	rs_tree_free(&t);
	rs_snapshot_free(&w.snap);
}

/* first-time-setup with a peer on a host that can run tests (the demo: a
 * replay): the runner asks for the latency test, then the bandwidth test,
 * as it asks for probes, and their outcomes decide the two steps; a
 * recorded host that cannot run one is never asked. */
static void test_run_tests(void **state)
{
	struct rs_test_results tr = { .can_run = 1 };
	struct rs_test_outcome lat = { .kind = RS_TEST_LAT, .end = RS_TEST_PASSED,
		.source = "replay", .replay = 1 };
	struct rs_test_outcome bw = { .kind = RS_TEST_BW, .end = RS_TEST_FAILED,
		.source = "rocescope bw 192.168.100.20 -D 2", .title = "control port unreachable",
		.message = "connection refused", .check = "start rocescope serve on the peer" };
	struct world w;
	struct rs_tree t;
	struct rs_run r;
	enum rs_probe_kind need;
	char err[512];

	world_init(&w);
	w.params.peer = "192.168.100.20";
	w.ctx.recorded = 1;		/* no probe: only the tests are asked for */
	w.ctx.tests = &tr;
	assert_int_equal(rs_tree_load(&t, "first-time-setup", err, sizeof(err)), 0);
	rs_run_init(&r, &t);
	rs_run_subject(&r, &w.snap, NULL, 0);
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), RS_RUN_TEST);
	assert_int_equal(r.need_test, RS_TEST_LAT);
	assert_string_equal(step_id(&r, r.n_steps - 1), "pcie");	/* the step before */
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), RS_RUN_TEST);	/* still none */
	tr.of[RS_TEST_LAT] = &lat;
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), RS_RUN_TEST);
	assert_int_equal(r.need_test, RS_TEST_BW);
	assert_string_equal(step_id(&r, r.n_steps - 1), "pingpong");
	assert_int_equal(r.steps[r.n_steps - 1].verdict, RS_PASS);
	tr.of[RS_TEST_BW] = &bw;
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), RS_RUN_DONE);
	assert_string_equal(step_id(&r, r.n_steps - 1), "bandwidth");
	assert_int_equal(r.steps[r.n_steps - 1].verdict, RS_FAIL);
	assert_non_null(strstr(r.steps[r.n_steps - 1].finding.summary, "connection refused"));
	/* Re-run from the bandwidth step after a fix: its test is asked again. */
	rs_run_rewind(&r, r.n_steps - 1);
	tr.of[RS_TEST_BW] = NULL;
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), RS_RUN_TEST);
	assert_int_equal(r.need_test, RS_TEST_BW);
	rs_run_free(&r);

	/* A saved snapshot: no test can run, the steps say so. */
	tr = (struct rs_test_results){ .can_run = 0 };
	rs_run_init(&r, &t);
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), RS_RUN_DONE);
	assert_string_equal(step_id(&r, r.n_steps - 1), "bandwidth");
	assert_int_equal(r.steps[r.n_steps - 1].verdict, RS_SKIP);
	assert_non_null(strstr(r.steps[r.n_steps - 1].finding.summary,
			       "a recorded host cannot run a test"));
	rs_run_free(&r);
	rs_tree_free(&t);
	rs_snapshot_free(&w.snap);
}

/* The demo with the shared subnet's sysctls right (no flux to warn of). */
static void calm_sysctls(struct world *w)
{
	for (size_t i = 0; i < w->snap.n_links; i++) {
		w->snap.links[i].rp_filter = 2;
		w->snap.links[i].arp_ignore = 1;
		w->snap.links[i].arp_announce = 2;
	}
}

/*
 * first-time-setup asks ping before the neighbour (the guide's order,
 * docs/guide.md 3.1): the ping fails, and its cause is the neighbour - a
 * hand-set MAC that is not the one answering ARP.  The runner runs the
 * neighbour probe for the cause, then names it: cause_check net.peer_neigh
 * with its own finding, the ping's finding kept as the symptom.
 */
static void test_run_cause_ping(void **state)
{
	struct world w;
	struct rs_tree t;
	struct rs_run r;
	enum rs_probe_kind need;
	char err[512];
	const struct rs_step *st = NULL;

	world_init(&w);
	calm_sysctls(&w);
	w.params.peer = "192.168.100.20";
	assert_int_equal(rs_tree_load(&t, "first-time-setup", err, sizeof(err)), 0);
	rs_run_init(&r, &t);
	rs_run_subject(&r, &w.snap, NULL, 0);
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), RS_RUN_PROBE);
	assert_int_equal(need, RS_PROBE_PING);
	give(&w, RS_PROBE_PING, &(struct rs_probe_result){ .ok = 1, .sent = 3, .received = 0,
							   .summary = "0/3 replies" });
	/* the ping failed: its cause needs the neighbour probe */
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), RS_RUN_PROBE);
	assert_int_equal(need, RS_PROBE_NEIGH);
	assert_string_equal(step_id(&r, r.n_steps - 1), "route");	/* ping not kept yet */
	give(&w, RS_PROBE_NEIGH, &(struct rs_probe_result){ .ok = 1,
		.neigh_state = "PERMANENT", .neigh_mac = "02:00:00:00:99:99",
		.neigh_dev = "ens1f0np0", .neigh_ip = "192.168.100.20",
		.neigh_arp = "answered", .neigh_arp_mac = "b8:59:9f:c1:22:10",
		.neigh_arp_macs = 1 });
	while (rs_run_advance(&r, &w.ctx, &need) == RS_RUN_PROBE)
		give(&w, need, &(struct rs_probe_result){ .ok = 1 });
	for (size_t i = 0; i < r.n_steps; i++)
		if (!strcmp(step_id(&r, i), "ping"))
			st = &r.steps[i];
	assert_non_null(st);
	assert_int_equal(st->verdict, RS_FAIL);
	assert_string_equal(st->cause_check, "net.peer_neigh");
	assert_string_equal(st->finding.id, "net.ping");
	assert_non_null(strstr(st->cause.summary, "answers ARP with b8:59:9f:c1:22:10"));
	assert_non_null(strstr(st->cause.remedy, "ip neigh del 192.168.100.20 dev ens1f0np0"));
	assert_ptr_equal(rs_step_headline(st), &st->cause);
	assert_true(rs_run_first(&r) >= 0);
	assert_string_equal(step_id(&r, (size_t)rs_run_first(&r)), "ping");
	rs_run_free(&r);
	rs_tree_free(&t);
	rs_snapshot_free(&w.snap);
}

/*
 * The ping-pong fails ("no progress") and the view the test brought from
 * the peer says its neighbour entry for our address holds the MAC of our
 * other port: ARP flux, named as the ping-pong's cause, both interfaces.
 * Before the view came the same walk saw no flux (sysctls right).
 */
static void test_run_cause_flux(void **state)
{
	struct rs_test_results tr = { .can_run = 1 };
	struct rs_test_outcome lat = { .kind = RS_TEST_LAT, .end = RS_TEST_FAILED,
		.source = "rocescope lat 192.168.100.20 -n 100", .code = "stalled",
		.title = "no progress", .message = "no completion in 15 s" };
	struct rs_peer_view pv = { .known = 1, .hostname = "peer-b",
		.neigh_ip = "192.168.100.1", .neigh_mac = "98:03:9b:0a:1b:2d" };
	struct world w;
	struct rs_tree t;
	struct rs_run r;
	enum rs_probe_kind need;
	char err[512];
	int what;

	world_init(&w);
	calm_sysctls(&w);
	w.params.peer = "192.168.100.20";
	w.params.gid_index = 3;
	w.ctx.recorded = 1;
	w.ctx.tests = &tr;
	assert_int_equal(rs_tree_load(&t, "connection-failure", err, sizeof(err)), 0);
	rs_run_init(&r, &t);
	rs_run_subject(&r, &w.snap, NULL, 0);
	what = rs_run_advance(&r, &w.ctx, &need);
	assert_int_equal(what, RS_RUN_TEST);
	assert_string_equal(step_id(&r, r.n_steps - 1), "rdma-cm");
	tr.of[RS_TEST_LAT] = &lat;
	w.ctx.peer_view = &pv;		/* the test's WELCOME brought it */
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), RS_RUN_DONE);
	assert_string_equal(step_id(&r, (size_t)r.cause), "pingpong");
	assert_string_equal(r.steps[r.cause].cause_check, "net.arp_flux");
	assert_non_null(strstr(r.steps[r.cause].cause.summary, "ARP flux: the peer peer-b's entry "
			       "for 192.168.100.1 (the address of ens1f0np0) holds "
			       "98:03:9b:0a:1b:2d, the MAC of ens1f1np1"));
	assert_non_null(strstr(r.steps[r.cause].cause.remedy, "arp_ignore=1"));
	assert_non_null(strstr(r.steps[r.cause].finding.summary, "no progress"));
	rs_run_free(&r);
	rs_tree_free(&t);
	rs_snapshot_free(&w.snap);
}

/* Nothing fails yet, but the default route leaves through the RDMA port:
 * the checklist's first latent warning, before the advice (no huge pages). */
static void test_run_first_latent(void **state)
{
	struct world w;
	struct rs_tree t;
	struct rs_run r;
	enum rs_probe_kind need;
	struct rs_route *rt;
	char err[512];
	int first;

	world_init(&w);
	calm_sysctls(&w);
	for (size_t i = 0; i < w.snap.n_devices; i++) {
		struct rs_pci_link *pl = &w.snap.devices[i].pci;

		pl->cur_width = pl->max_width;
		pl->cur_gts = pl->max_gts;
		RS_STRCPY(pl->cur_speed, pl->max_speed);
	}
	w.snap.host.n_hugepages = 0;	/* advice: a warning, not latent */
	for (size_t i = 0; i < w.snap.n_addrs; i++)	/* no shared subnet */
		if (!strcmp(w.snap.addrs[i].ifname, "ens1f1np1"))
			RS_STRCPY(w.snap.addrs[i].ifname, "gone");
	rt = RS_APPEND(w.snap.routes, w.snap.n_routes);
	*rt = (struct rs_route){ .family = 4, .dst = "default", .dev = "ens1f0np0",
				 .table = 254, .metric = 50, .type = "unicast" };
	assert_int_equal(rs_tree_load(&t, "first-time-setup", err, sizeof(err)), 0);
	rs_run_init(&r, &t);
	rs_run_subject(&r, &w.snap, "mlx5_0", 1);
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), RS_RUN_DONE);
	assert_int_equal(r.cause, -1);
	first = rs_run_first(&r);
	assert_true(first >= 0);
	assert_string_equal(step_id(&r, (size_t)first), "default-route");
	assert_int_equal(r.steps[first].verdict, RS_WARN);
	assert_non_null(strstr(r.steps[first].finding.summary, "ens1f0np0"));
	for (size_t i = 0; i < (size_t)first; i++)
		if (r.steps[i].verdict == RS_WARN)
			assert_false(t.nodes[r.steps[i].node].latent);
	rs_run_free(&r);
	rs_tree_free(&t);
	rs_snapshot_free(&w.snap);
}

/*
 * The subject is the port the route to the peer leaves by (issue: a walk
 * of the first port).  mlx5_0 loses its address; the peer's subnet is on
 * mlx5_1's netdev: the walk is about mlx5_1, and its address passes.  A
 * route through a VLAN on a port is that port.  A route through a
 * non-RDMA interface: the first ACTIVE port, with the route named as the
 * cause in connection-failure and low-bandwidth alike.
 */
static void test_run_subject_route(void **state)
{
	static const char *const trees[] = { "connection-failure", "low-bandwidth" };
	struct world w;
	struct rs_run r;
	struct rs_tree t;
	enum rs_probe_kind need;
	char err[512];

	world_init(&w);
	calm_sysctls(&w);
	w.ctx.recorded = 1;
	w.params.peer = "192.168.200.20";
	for (size_t i = 0; i < w.snap.n_addrs; i++)
		if (!strcmp(w.snap.addrs[i].ifname, "ens1f0np0") && w.snap.addrs[i].family == 4)
			RS_STRCPY(w.snap.addrs[i].ifname, "gone");
	w.snap.peer = (struct rs_route_lookup){ .peer = "192.168.200.20", .ok = 1,
						.dev = "ens1f1np1", .src = "192.168.200.2" };
	assert_int_equal(rs_tree_load(&t, "connection-failure", err, sizeof(err)), 0);
	rs_run_init(&r, &t);
	rs_run_subject(&r, &w.snap, NULL, 0);
	assert_string_equal(r.subject.dev, "mlx5_1");
	assert_true(r.subject.on_route);
	rs_run_advance(&r, &w.ctx, &need);
	assert_string_equal(step_id(&r, 1), "address");
	assert_int_equal(r.steps[1].verdict, RS_PASS);
	rs_run_free(&r);
	rs_tree_free(&t);

	/* a VLAN on ens1f1np1 */
	{
		struct rs_link *l = RS_APPEND(w.snap.links, w.snap.n_links);

		rs_link_init(l);
		RS_STRCPY(l->name, "ens1f1np1.100");
		l->vlan_id = 100;
		RS_STRCPY(l->vlan_parent, "ens1f1np1");
	}
	RS_STRCPY(w.snap.peer.dev, "ens1f1np1.100");
	rs_run_subject(&r, &w.snap, NULL, 0);
	assert_string_equal(r.subject.dev, "mlx5_1");
	assert_true(r.subject.on_route);

	/* the management interface (mlx5_0's address back) */
	for (size_t i = 0; i < w.snap.n_addrs; i++)
		if (!strcmp(w.snap.addrs[i].ifname, "gone"))
			RS_STRCPY(w.snap.addrs[i].ifname, "ens1f0np0");
	RS_STRCPY(w.snap.peer.dev, "eno1");
	for (size_t k = 0; k < 2; k++) {
		assert_int_equal(rs_tree_load(&t, trees[k], err, sizeof(err)), 0);
		rs_run_init(&r, &t);
		rs_run_subject(&r, &w.snap, NULL, 0);
		assert_false(r.subject.on_route);
		assert_string_equal(r.subject.route_dev, "eno1");
		assert_int_equal(rs_run_advance(&r, &w.ctx, &need), RS_RUN_DONE);
		assert_true(r.cause >= 0);
		assert_string_equal(r.steps[r.cause].finding.id, "net.peer_route");
		assert_non_null(strstr(r.steps[r.cause].finding.summary, "eno1 is not an RDMA "
				       "interface"));
		rs_run_free(&r);
		rs_tree_free(&t);
	}
	rs_snapshot_free(&w.snap);
}

/* large-message-crash: memlock passes, a message larger than the port's
 * largest stops the tree at the size step. */
static void test_run_large_message(void **state)
{
	struct world w;
	struct rs_tree t;
	struct rs_run r;
	enum rs_probe_kind need;
	char err[512];

	world_init(&w);
	w.params.msg_size = 2ULL << 30;	/* 2 GiB > max_msg_sz 1 GiB */
	assert_int_equal(rs_tree_load(&t, "large-message-crash", err, sizeof(err)), 0);
	rs_run_init(&r, &t);
	rs_run_subject(&r, &w.snap, NULL, 0);
	assert_int_equal(rs_run_advance(&r, &w.ctx, &need), 0);
	assert_int_equal(r.n_steps, 4);
	assert_int_equal(r.steps[0].verdict, RS_PASS);
	assert_int_equal(r.steps[1].verdict, RS_PASS);	/* memlock unlimited */
	assert_string_equal(step_id(&r, (size_t)r.cause), "size");
	assert_non_null(strstr(r.steps[r.cause].finding.remedy, "1073741824"));
	rs_run_free(&r);
	rs_tree_free(&t);
	rs_snapshot_free(&w.snap);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped_trees),
		cmocka_unit_test(test_tree_files),
		cmocka_unit_test(test_broken_trees),
		cmocka_unit_test(test_profiles),
		cmocka_unit_test(test_run_connection_failure),
		cmocka_unit_test(test_run_arp_flux),
		cmocka_unit_test(test_run_low_bandwidth_subject),
		cmocka_unit_test(test_run_checklist),
		cmocka_unit_test(test_run_tests),
		cmocka_unit_test(test_run_large_message),
		cmocka_unit_test(test_run_cause_ping),
		cmocka_unit_test(test_run_cause_flux),
		cmocka_unit_test(test_run_first_latent),
		cmocka_unit_test(test_run_subject_route),
	};

	if (!getenv("top_srcdir"))
		setenv("top_srcdir", ".", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
