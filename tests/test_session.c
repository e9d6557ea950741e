/* SPDX-License-Identifier: MIT */
/*
 * test_session.c - the session (src/session/session.h) on each source:
 * a fixture root (origin fields, every producer ran, the snapshot survives
 * a save/load round trip), the live host, the demo (moves by exact
 * amounts, a reload keeps its progress, the series and the rising check
 * follow), a saved file (static; a reload that fails keeps what was
 * shown), refused options, the peer, and the session on the event loop
 * with its change callback.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "capture/capture.h"
#include "model/demo.h"
#include "model/snapshot_yaml.h"
#include "runtime/loop.h"
#include "session/capture_job.h"
#include "session/session.h"
#include "snapshot.h"
#include "tests/helpers/snapshot_sample.h"
#include "util.h"

static void assert_recent_utc(const char *t)
{
	struct tm tm = { 0 };
	const char *end = strptime(t, "%Y-%m-%dT%H:%M:%SZ", &tm);
	time_t when;

	assert_non_null(end);
	assert_int_equal(*end, '\0');
	when = timegm(&tm);
	assert_true(labs((long)(time(NULL) - when)) < 120);
}

static void round_trip(const struct rs_snapshot *s)
{
	char path[] = "/tmp/rs-test-session-XXXXXX", err[512], why[256];
	struct rs_snapshot r;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(rs_snapshot_save_file(s, path, err, sizeof(err)), 0);
	assert_int_equal(rs_snapshot_load_file(&r, path, err, sizeof(err)), 0);
	if (rs_sample_compare(s, &r, why, sizeof(why)))
		fail_msg("collected snapshot changed through YAML: %s", why);
	rs_snapshot_free(&r);
	unlink(path);
}

static uint64_t counter(const struct rs_snapshot *s, size_t dev, const char *name)
{
	const struct rs_counter *c = rs_counter_set_find(&s->devices[dev].ports[0].counters, name);

	assert_non_null(c);
	return c->value;
}

static void test_fixture_root(void **state)
{
	struct rs_session_opts o = { 0 };
	struct rs_session s;
	char root[4096], want[4200], err[256];

	snprintf(root, sizeof(root), "%s/tests/fixtures/host-mlx5", getenv("top_srcdir"));
	o.root = root;
	assert_int_equal(rs_session_open(&s, &o, err, sizeof(err)), 0);
	assert_int_equal(s.kind, RS_SOURCE_ROOT);
	if (strlen(root) + 5 < sizeof(s.snap.source)) {
		snprintf(want, sizeof(want), "root:%s", root);
		assert_string_equal(s.snap.source, want);
	} else {
		/* Too long for the field: "root:..." and the end of the path. */
		assert_memory_equal(s.snap.source, "root:...", 8);
		assert_string_equal(s.snap.source + 8,
				    root + strlen(root) - (strlen(s.snap.source) - 8));
	}
	assert_recent_utc(s.snap.taken_at);
	assert_string_equal(s.snap.host.hostname, "roce-lab-01");
	assert_true(rs_session_is_dynamic(&s));
	round_trip(&s.snap);
	rs_session_close(&s);
	rs_root_set(NULL);
}

static void test_live(void **state)
{
	struct rs_session_opts o = { 0 };
	struct rs_session s;
	char err[256];

	assert_int_equal(rs_session_open(&s, &o, err, sizeof(err)), 0);
	assert_string_equal(s.snap.source, "live");
	assert_string_equal(s.label, "live");
	assert_recent_utc(s.snap.taken_at);
	assert_true(s.snap.host.kernel[0] != '\0');
	assert_true(s.snap.n_links >= 1);	/* at least lo, from the net producer */
	assert_int_equal(rs_session_refresh(&s), 0);
	round_trip(&s.snap);
	rs_session_close(&s);
}

static void test_demo_open_refresh_reload(void **state)
{
	struct rs_session_opts o = { .demo = 1, .history = 4 };
	const struct rs_finding *f;
	struct rs_session s;
	char err[256];
	uint64_t v0, v3, ts0;

	assert_int_equal(rs_session_open(&s, &o, err, sizeof(err)), 0);
	assert_int_equal(s.kind, RS_SOURCE_DEMO);
	assert_string_equal(s.label, "demo");
	assert_true(rs_session_is_dynamic(&s));
	assert_int_equal(s.snap.n_devices, 2);
	assert_string_equal(s.snap.devices[0].name, "mlx5_0");
	/* one reading: nothing can be seen rising yet */
	f = rs_findings_port(&s.findings, "counters.error_rising", "mlx5_1", 1);
	assert_non_null(f);
	assert_int_equal(f->verdict, RS_SKIP);
	v0 = counter(&s.snap, 0, "port_xmit_data");
	ts0 = s.snap.devices[0].ports[0].counters.ts_ns;
	for (int i = 0; i < 3; i++)
		assert_int_equal(rs_session_refresh(&s), 0);
	v3 = counter(&s.snap, 0, "port_xmit_data");
	assert_int_equal(v3 - v0, rs_demo_increment("mlx5_0", "counters", "port_xmit_data", 1) +
				  rs_demo_increment("mlx5_0", "counters", "port_xmit_data", 2) +
				  rs_demo_increment("mlx5_0", "counters", "port_xmit_data", 3));
	assert_int_equal(s.snap.devices[0].ports[0].counters.ts_ns, ts0 + 3 * RS_DEMO_TICK_NS);
	/* the series saw it: tick 3's bytes per second of fake time */
	{
		const struct rs_series_set *set = rs_series_port_set(&s.series, "mlx5_0", 1,
								     RS_CO_PORT);
		const struct rs_series_ctr *c = NULL;

		for (size_t i = 0; set && i < set->n; i++)
			if (!strcmp(set->ctrs[i].name, "port_xmit_data"))
				c = &set->ctrs[i];
		assert_non_null(c);
		assert_true(c->rate == (double)rs_demo_increment("mlx5_0", "counters",
								 "port_xmit_data", 3) * 4);
	}
	/* the problem port's errors rise, the healthy one's do not */
	f = rs_findings_port(&s.findings, "counters.error_rising", "mlx5_1", 1);
	assert_int_equal(f->verdict, RS_FAIL);
	f = rs_findings_port(&s.findings, "counters.error_rising", "mlx5_0", 1);
	assert_int_equal(f->verdict, RS_PASS);
	/* A reload replays the ticks: the counters do not go back. */
	assert_int_equal(rs_session_reload(&s, err, sizeof(err)), 0);
	assert_int_equal(counter(&s.snap, 0, "port_xmit_data"), v3);
	rs_session_close(&s);
}

static void test_file_is_static(void **state)
{
	struct rs_session_opts demo = { .demo = 1 }, file = { 0 };
	char path[] = "/tmp/rs-test-session-XXXXXX";
	struct rs_session s, f;
	char err[256];
	uint64_t v;
	int fd;

	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(rs_session_open(&s, &demo, err, sizeof(err)), 0);
	assert_int_equal(rs_snapshot_save_file(&s.snap, path, err, sizeof(err)), 0);
	file.load = path;
	assert_int_equal(rs_session_open(&f, &file, err, sizeof(err)), 0);
	assert_int_equal(f.kind, RS_SOURCE_FILE);
	assert_true(!strncmp(f.label, "file ", 5) && strstr(f.label, path));
	assert_false(rs_session_is_dynamic(&f));
	v = counter(&f.snap, 1, "port_xmit_data");
	assert_int_equal(rs_session_refresh(&f), 0);
	assert_int_equal(counter(&f.snap, 1, "port_xmit_data"), v);
	assert_int_equal(rs_session_reload(&f, err, sizeof(err)), 0);
	assert_int_equal(f.snap.n_devices, 2);
	unlink(path);
	/* The file is gone: the reload fails and the old snapshot stays. */
	assert_int_not_equal(rs_session_reload(&f, err, sizeof(err)), 0);
	assert_true(err[0] != '\0');
	assert_int_equal(f.snap.n_devices, 2);
	rs_session_close(&f);
	rs_session_close(&s);
}

static void test_refused(void **state)
{
	struct rs_session_opts both = { .demo = 1, .load = "x.yaml" };
	struct rs_session_opts bad = { .load = "/nonexistent/rs-no-such.yaml" };
	struct rs_session s;
	char err[256];

	assert_int_equal(rs_session_open(&s, &both, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "--demo"));
	rs_session_close(&s);
	assert_int_not_equal(rs_session_open(&s, &bad, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "rs-no-such.yaml"));
	assert_int_equal(s.snap.n_devices, 0);
	rs_session_close(&s);
	/* --root / is the live host: it conflicts with nothing */
	assert_int_equal(rs_session_check_sources("/", NULL, 1, err, sizeof(err)), 0);
	assert_int_equal(rs_session_check_sources("/tmp", NULL, 1, err, sizeof(err)), -EINVAL);
}

/*
 * Under a fixture root libibverbs (and every other live-only producer) is
 * not asked: its recorded twins serve instead, and nothing of the running
 * host leaks into the recorded one.
 */
static void test_recorded_sources(void **state)
{
	static const enum rs_source_kind recorded[] = {
		RS_SOURCE_ROOT, RS_SOURCE_FILE, RS_SOURCE_DEMO,
	};
	struct rs_session_opts o = { 0 };
	struct rs_session s;
	char root[4096], err[256];
	int verbs = 0;

	for (size_t k = 0; k < sizeof(recorded) / sizeof(recorded[0]); k++)
		for (int sc = RS_SCOPE_ALL; sc <= RS_SCOPE_GIDS; sc++)
			for (const struct rs_producer_ops *const *p =
				     rs_producers_for(recorded[k], (enum rs_scope)sc); *p; p++)
				assert_false((*p)->live_only);
	for (const struct rs_producer_ops *const *p = rs_producers_for(RS_SOURCE_LIVE,
								       RS_SCOPE_ALL); *p; p++)
		verbs += !strcmp((*p)->name, "verbs");
	assert_int_equal(verbs, 1);

	snprintf(root, sizeof(root), "%s/tests/fixtures/roce-cx5", getenv("top_srcdir"));
	o.root = root;
	assert_int_equal(rs_session_open(&s, &o, err, sizeof(err)), 0);
	assert_true(s.snap.n_devices > 0);
	assert_int_equal(s.snap.devices[0].verbs, 0);
	assert_int_equal(s.snap.devices[0].ports[0].active_mtu, 0);
	for (size_t i = 0; i < s.snap.n_errors; i++)
		assert_string_not_equal(s.snap.errors[i].source, "verbs");
	rs_session_close(&s);
	rs_root_set(NULL);
}

/* On a recorded source a peer is remembered, and the check says the lookup
 * needs the live host (unknown, not bad); a bad address is refused. */
static void test_peer_on_demo(void **state)
{
	struct rs_session_opts o = { .demo = 1 };
	const struct rs_finding *f;
	struct rs_session s;
	char err[256], msg[256];

	assert_int_equal(rs_session_open(&s, &o, err, sizeof(err)), 0);
	assert_int_equal(rs_session_set_peer(&s, "not-an-ip", msg, sizeof(msg)), -EINVAL);
	assert_non_null(strstr(msg, "not an IP address"));
	/* another peer: its route computed from the demo's routes, said so -
	 * the default through eno1, not an RDMA interface */
	assert_int_equal(rs_session_set_peer(&s, "10.0.0.2", msg, sizeof(msg)), 0);
	assert_non_null(strstr(msg, "computed from the recorded routes"));
	assert_int_equal(s.snap.peer.computed, 1);
	assert_string_equal(s.snap.peer.dev, "eno1");
	f = rs_findings_get(&s.findings, "net.peer_route", NULL);
	assert_int_equal(f->verdict, RS_FAIL);
	assert_string_equal(f->addr, "10.0.0.2");
	assert_non_null(strstr(f->evidence, "route computed from the recording"));
	/* back to the peer the demo recorded: its own (seen) lookup again */
	assert_int_equal(rs_session_set_peer(&s, "192.168.100.20", msg, sizeof(msg)), 0);
	assert_int_equal(s.snap.peer.computed, 0);
	f = rs_findings_get(&s.findings, "net.peer_route", NULL);
	assert_int_equal(f->verdict, RS_PASS);
	assert_non_null(strstr(f->evidence, "ip route get 192.168.100.20"));
	rs_session_close(&s);
}

struct watch {
	int counters, data;
	struct rs_loop *l;
};

static void on_change(struct rs_session *s, unsigned what, void *arg)
{
	struct watch *w = arg;

	if (what & RS_CHANGE_COUNTERS)
		w->counters++;
	if (what & RS_CHANGE_DATA)
		w->data++;
	if (w->counters >= 3)
		rs_loop_stop(w->l, 0);
}

static void on_guard(struct rs_timer *t, void *arg)
{
	rs_loop_stop(arg, -ETIMEDOUT);
}

/* On the loop the session refreshes itself every interval and says so;
 * frozen, it does not; detached, the loop can go. */
static void test_on_loop(void **state)
{
	struct rs_session_opts o = { .demo = 1 };
	struct watch w = { 0 };
	struct rs_session s;
	char err[256];

	assert_int_equal(rs_session_open(&s, &o, err, sizeof(err)), 0);
	w.l = rs_loop_new();
	rs_session_on_change(&s, on_change, &w);
	rs_session_set_interval(&s, 20);
	rs_session_attach(&s, w.l);
	rs_timer_arm(rs_timer_add(w.l, on_guard, w.l), 20 * RS_NS_PER_S, 0);
	assert_int_equal(rs_loop_run(w.l), 0);
	assert_int_equal(w.counters, 3);
	assert_int_equal(s.ticks, 3);
	rs_session_set_frozen(&s, 1);
	rs_loop_run_once(w.l, 100);	/* nothing armed but the guard: no tick */
	assert_int_equal(s.ticks, 3);
	rs_session_detach(&s);
	rs_loop_free(w.l);
	rs_session_close(&s);
}

/* The capture job: stops the loop once the capture has more than
 * cap_until frames (0: never). */
struct capwatch {
	struct rs_loop *l;
	int changes;
	uint64_t until;
};

static uint64_t received(const struct rs_session *s)
{
	struct rs_capture_stats st;

	rs_capture_stats(rs_session_capture(s), &st);
	return st.received;
}

static void on_capture(struct rs_session *s, unsigned what, void *arg)
{
	struct capwatch *w = arg;

	if (!(what & RS_CHANGE_CAPTURE))
		return;
	w->changes++;
	if (w->until && rs_session_capture(s) && received(s) > w->until)
		rs_loop_stop(w->l, 0);
}

/* Run the loop until the capture passed n frames (bounded by a guard). */
static void run_until(struct rs_session *s, struct capwatch *w, uint64_t n)
{
	struct rs_timer *guard = rs_timer_add(w->l, on_guard, w->l);

	w->until = n;
	rs_timer_arm(guard, 30 * RS_NS_PER_S, 0);
	assert_int_equal(rs_loop_run(w->l), 0);
	rs_timer_del(guard);
	w->until = 0;
}

/*
 * The session's capture on the loop: the demo's replay, its verdicts in
 * the checks' context and findings, pause (no frame while paused, however
 * many rounds run), writing a pcap that reads back, stop, and a start
 * that fails with a sentence.
 */
static void test_capture_job(void **state)
{
	struct rs_session_opts o = { .demo = 1 };
	struct rs_capture_spec bad = { .kind = RS_CAP_NETDEV, .name = "nosuchdev0" };
	char err[512], path[] = "/tmp/rs-test-capjob-XXXXXX";
	struct rs_capture_spec back = { .kind = RS_CAP_FILE, .name = path };
	const struct rs_finding *f;
	struct capwatch w = { 0 };
	struct rs_check_ctx ctx;
	const struct rs_cap_totals *live, *file;
	struct rs_capture_stats st;
	struct rs_cap_verdicts v;
	struct rs_capture *c;
	struct rs_session s;
	unsigned passes;
	uint64_t n;
	int fd;

	assert_int_equal(rs_session_open(&s, &o, err, sizeof(err)), 0);
	assert_int_equal(rs_session_capture_demo(&s, err, sizeof(err)), -EINVAL);
	w.l = rs_loop_new();
	rs_session_on_change(&s, on_capture, &w);
	rs_session_attach(&s, w.l);
	assert_null(rs_session_capture(&s));
	assert_int_equal(rs_session_capture_demo(&s, err, sizeof(err)), 0);
	assert_string_equal(rs_capture_label(rs_session_capture(&s)), "replay of rdma_cm.pcap (x1)");
	run_until(&s, &w, 96);
	assert_true(w.changes >= 1);
	assert_int_equal(rs_session_capture_verdicts(&s)->seen, RS_SEEN_V2);
	rs_session_ctx(&s, &ctx);
	assert_non_null(ctx.capture);
	assert_true(ctx.capture->packets > 96);
	f = rs_findings_get(&s.findings, "capture.roce_v2", NULL);
	assert_non_null(f);
	assert_int_equal(f->verdict, RS_PASS);

	rs_session_capture_pause(&s, 1);
	assert_true(rs_session_capture_paused(&s));
	n = received(&s);
	for (int i = 0; i < 5; i++)
		rs_loop_run_once(w.l, 50);
	assert_true(received(&s) == n);
	rs_session_capture_pause(&s, 0);
	run_until(&s, &w, n);

	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	/* Written across loop restarts (the file has 96 packets), the file reads
	 * back as the session saw it: no retransmission in either. */
	assert_int_equal(rs_session_capture_write(&s, path, err, sizeof(err)), 0);
	rs_capture_stats(rs_session_capture(&s), &st);
	passes = st.passes;
	run_until(&s, &w, received(&s) + 200);
	assert_int_equal(rs_session_capture_write(&s, NULL, err, sizeof(err)), 0);
	rs_capture_stats(rs_session_capture(&s), &st);
	assert_true(st.passes >= passes + 2);
	live = rs_cap_totals(rs_capture_analysis(rs_session_capture(&s)));
	assert_int_equal(live->psn_repeats + live->dup_acks + live->psn_gaps, 0);
	for (size_t i = 0; i < rs_session_capture_verdicts(&s)->n_reasons; i++)
		assert_string_not_equal(rs_session_capture_verdicts(&s)->reasons[i].id,
					"retransmissions");
	assert_int_equal(rs_capture_open(&c, &back, err, sizeof(err)), 0);
	while (!rs_capture_done(c))
		assert_true(rs_capture_dispatch(c, 256) >= 0);
	file = rs_cap_totals(rs_capture_analysis(c));
	assert_true(file->roce_v2 >= 200);
	assert_int_equal(file->icrc_bad, 0);
	assert_int_equal(file->psn_repeats, 0);
	assert_int_equal(file->dup_acks, 0);
	assert_int_equal(file->psn_gaps, 0);
	rs_cap_verdicts(rs_capture_analysis(c), 0, 0, NULL, &v);
	assert_int_equal(v.health, rs_session_capture_verdicts(&s)->health);
	assert_string_equal(v.reasons[0].id, rs_session_capture_verdicts(&s)->reasons[0].id);
	rs_capture_close(c);
	unlink(path);

	rs_session_capture_stop(&s);
	assert_null(rs_session_capture(&s));
	assert_null(rs_session_capture_verdicts(&s));
	f = rs_findings_get(&s.findings, "capture.roce_v2", NULL);
	assert_int_equal(f->verdict, RS_SKIP);
	assert_non_null(strstr(f->summary, "no capture running"));
	assert_int_equal(rs_session_capture_start(&s, &bad, err, sizeof(err)), -ENODEV);
	assert_non_null(strstr(rs_session_capture_error(&s), "nosuchdev0"));
	assert_null(rs_session_capture(&s));
	rs_session_detach(&s);
	rs_loop_free(w.l);
	rs_session_close(&s);
}

/* Nothing seen while something says traffic runs: capture.roce_v2 fails
 * (live on lo as root; skipped without the permission). */
static void test_capture_claim(void **state)
{
	struct rs_session_opts o = { .demo = 1 };
	struct rs_capture_spec lo = { .kind = RS_CAP_NETDEV, .name = "lo" };
	const struct rs_finding *f;
	struct rs_session s;
	struct rs_loop *l;
	char err[512];
	int r;

	assert_int_equal(rs_session_open(&s, &o, err, sizeof(err)), 0);
	l = rs_loop_new();
	rs_session_attach(&s, l);
	r = rs_session_capture_start(&s, &lo, err, sizeof(err));
	if (r == -EPERM) {
		rs_session_detach(&s);
		rs_loop_free(l);
		rs_session_close(&s);
		skip();
	}
	assert_int_equal(r, 0);
	f = rs_findings_get(&s.findings, "capture.roce_v2", NULL);
	assert_int_equal(f->verdict, RS_SKIP);
	rs_session_capture_claim(&s, "a test says ib_write_bw runs");
	f = rs_findings_get(&s.findings, "capture.roce_v2", NULL);
	assert_int_equal(f->verdict, RS_FAIL);
	assert_non_null(strstr(f->evidence, "traffic claimed: a test says ib_write_bw runs"));
	rs_session_capture_claim(&s, NULL);
	f = rs_findings_get(&s.findings, "capture.roce_v2", NULL);
	assert_int_equal(f->verdict, RS_SKIP);
	rs_session_detach(&s);
	rs_loop_free(l);
	rs_session_close(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixture_root),
		cmocka_unit_test(test_live),
		cmocka_unit_test(test_demo_open_refresh_reload),
		cmocka_unit_test(test_file_is_static),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_recorded_sources),
		cmocka_unit_test(test_peer_on_demo),
		cmocka_unit_test(test_on_loop),
		cmocka_unit_test(test_capture_job),
		cmocka_unit_test(test_capture_claim),
	};

	if (!getenv("top_srcdir"))
		setenv("top_srcdir", ".", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
