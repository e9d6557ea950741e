/* SPDX-License-Identifier: MIT */
/*
 * test_perf_job.c - the session's test job (src/session/perf_job.h): the
 * lines of real lab runs (the demo's recordings) fed whole and in ragged
 * chunks, bad and oversized lines, a child that dies without a result; on
 * the event loop, real children - shell scripts that print a recorded run,
 * crash half-way or hang until stopped, and rocescope itself failing
 * without an RDMA device - with their outcome in perf.* and the remote
 * view they received in peer.*; the demo's paced replay and the wizard's
 * step on it; the capture told traffic is claimed while a test runs;
 * what a recorded host and a missing peer are told.  Every
 * wait is for a state, bounded by a guard timer; nothing measures time.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/demo.h"
#include "runtime/loop.h"
#include "session/capture_job.h"
#include "session/session.h"
#include "session/perf_job.h"
#include "util.h"

/* Every line of a recording, fed one by one. */
static void feed_recording(struct rs_test_run *r, const char *rec)
{
	const char *pos = rec, *line;
	double t, last = 0;
	size_t len;

	while (rs_test_recording_next(&pos, rec + strlen(rec), &t, &line, &len)) {
		assert_true(t >= last);		/* the recorder's times only grow */
		last = t;
		assert_int_equal(rs_test_run_line(r, line, len), 0);
	}
}

/* The demo's bandwidth recording: both views, every interval, the result. */
static void test_recorded_bw(void **state)
{
	struct rs_test_run r = { 0 };
	struct rs_test_outcome o;
	char label[RS_MSG_LEN];

	rs_test_recording_label(rs_demo_test_bw, strlen(rs_demo_test_bw), label, sizeof(label));
	assert_non_null(strstr(label, "Soft-RoCE rxe0 -> rxe1"));
	assert_non_null(strstr(label, " | rocescope bw 10.99.0.2 "));
	rs_test_run_begin(&r, RS_TEST_BW, "rocescope bw 10.99.0.2 -D 8");
	feed_recording(&r, rs_demo_test_bw);
	assert_true(r.started);
	assert_int_equal(r.size, 65536);
	assert_true(r.duration_s > 0);
	assert_true(r.have_local && r.have_remote);
	assert_string_equal(r.local.device, "rxe0");
	assert_string_equal(r.remote.device, "rxe1");
	assert_string_equal(r.remote.addr, "10.99.0.2");
	assert_int_equal(r.n_diffs, 0);
	assert_true(r.n_intervals >= 5);
	assert_int_equal(r.n_rate, r.n_intervals);
	assert_true(r.have_result);
	assert_true(r.result.bw_avg_gbps > 0 && r.result.bw_peak_gbps >= r.result.bw_avg_gbps);
	assert_int_equal(r.end, RS_TEST_PASSED);
	assert_int_equal(r.bad_lines, 0);
	rs_test_run_finish(&r, NULL);
	assert_int_equal(r.end, RS_TEST_PASSED);
	rs_test_run_outcome(&r, &o);
	assert_int_equal(o.end, RS_TEST_PASSED);
	assert_string_equal(o.device, "rxe0");
	assert_int_equal(o.link_mbps, 10000);
	assert_true(o.bw_avg_gbps == r.result.bw_avg_gbps);
	rs_test_run_free(&r);
}

/* The latency recording as a byte stream cut anywhere gives the same
 * state as whole lines; bad lines are counted, never applied. */
static void test_chunks(void **state)
{
	struct rs_test_run whole = { 0 }, cut = { 0 };
	const char *rec = rs_demo_test_lat, *pos = rec, *line;
	char *stream = rs_xmalloc(strlen(rec) + 32768), *big;
	size_t n = 0, len, off = 0, step = 1;
	double t;

	rs_test_run_begin(&whole, RS_TEST_LAT, "lat");
	feed_recording(&whole, rec);
	while (rs_test_recording_next(&pos, rec + strlen(rec), &t, &line, &len)) {
		memcpy(stream + n, line, len);
		n += len;
		stream[n++] = '\n';
	}
	rs_test_run_begin(&cut, RS_TEST_LAT, "lat");
	while (off < n) {
		size_t k = step < n - off ? step : n - off;

		rs_test_run_feed(&cut, stream + off, k);
		off += k;
		step = step % 13 + 1;
	}
	assert_int_equal(cut.n_intervals, whole.n_intervals);
	assert_memory_equal(cut.rate, whole.rate, whole.n_rate * sizeof(double));
	assert_true(cut.result.t_median_us == whole.result.t_median_us);
	assert_true(cut.result.t_median_us > 0 && cut.result.t_p99_us >= cut.result.t_median_us);
	assert_string_equal(cut.remote.hostname, whole.remote.hostname);
	assert_int_equal(cut.n_notes, whole.n_notes);
	assert_int_equal(cut.end, RS_TEST_PASSED);
	for (size_t i = 0; i < whole.n_rate; i++)
		assert_true(whole.rate[i] >= 0);	/* round trips per second */

	/* Not JSON, a line longer than the bound, a last line without \n. */
	rs_test_run_feed(&cut, "garbage\n", 8);
	big = rs_xmalloc(RS_TEST_LINE_MAX + 100);
	memset(big, 'x', RS_TEST_LINE_MAX + 99);
	big[RS_TEST_LINE_MAX + 99] = '\n';
	rs_test_run_feed(&cut, big, RS_TEST_LINE_MAX / 2);
	rs_test_run_feed(&cut, big + RS_TEST_LINE_MAX / 2, RS_TEST_LINE_MAX / 2 + 100);
	assert_int_equal(cut.bad_lines, 2);
	rs_test_run_feed(&cut, "{\"type\":\"note\",\"text\":\"last words\"}", 35);
	assert_int_equal(cut.n_notes, whole.n_notes);
	rs_test_run_finish(&cut, NULL);
	assert_string_equal(cut.notes[cut.n_notes - 1], "last words");
	free(big);
	free(stream);
	rs_test_run_free(&whole);
	rs_test_run_free(&cut);
}

/* No end, no error: the child's death is the outcome, with its words. */
static void test_died(void **state)
{
	static const char lines[] = "{\"type\":\"start\",\"test\":\"bw\",\"peer\":\"10.0.0.2\","
				    "\"size\":65536,\"iterations\":5000,\"qps\":2}\n";
	struct rs_child_status st = { .signaled = 1, .signo = SIGSEGV, .core = 1 };
	struct rs_test_run r = { 0 };
	struct rs_test_outcome o;

	rs_test_run_begin(&r, RS_TEST_BW, "rocescope bw 10.0.0.2");
	assert_int_equal(rs_test_run_feed(&r, lines, sizeof(lines) - 1), 1);
	assert_int_equal(r.qps, 2);
	rs_test_run_stderr(&r, "first\nibv_reg_mr: \x1b[31mboom\n\n",
			   strlen("first\nibv_reg_mr: \x1b[31mboom\n\n"));
	rs_test_run_finish(&r, &st);
	assert_int_equal(r.end, RS_TEST_DIED);
	assert_string_equal(r.status, "killed by SIGSEGV (core dumped)");
	assert_string_equal(r.message, "killed by SIGSEGV (core dumped); its last words: "
			    "ibv_reg_mr: \\x1b[31mboom");
	rs_test_run_outcome(&r, &o);
	assert_int_equal(o.end, RS_TEST_DIED);
	assert_string_equal(o.code, "died");
	assert_non_null(strstr(o.check, "rocescope bw 10.0.0.2"));
	rs_test_run_free(&r);

	/* An error line is the mapped failure, with the peer's code. */
	rs_test_run_begin(&r, RS_TEST_LAT, "lat");
	{
		static const char e[] = "{\"type\":\"error\",\"code\":\"peer_failed\",\"title\":"
					"\"the peer failed\",\"message\":\"m\",\"check\":\"c\","
					"\"peer_code\":\"memlock\"}";

		assert_int_equal(rs_test_run_line(&r, e, sizeof(e) - 1), 0);
	}
	assert_int_equal(r.end, RS_TEST_FAILED);
	assert_string_equal(r.title, "the peer failed");
	assert_string_equal(r.peer_code, "memlock");
	rs_test_run_free(&r);
}

/* ----- on the loop */
struct watch {
	struct rs_loop *l;
	int changes, ends;
	int stop_when_started;
	char claim[RS_MSG_LEN];		/* the capture's claim when it was stopped */
};

static void on_change(struct rs_session *s, unsigned what, void *arg)
{
	struct watch *w = arg;
	const struct rs_test_run *r = rs_session_test_run(s);

	if (!(what & RS_CHANGE_TEST))
		return;
	w->changes++;
	if (w->stop_when_started && r && r->started) {
		const struct rs_capture_ctx *cc = rs_session_capture_ctx(s);

		w->stop_when_started = 0;
		RS_STRCPY(w->claim, cc && cc->claim ? cc->claim : "");
		rs_session_test_stop(s);
	}
	if (r && !r->running) {
		w->ends++;
		rs_loop_stop(w->l, 0);
	}
}

static void on_guard(struct rs_timer *t, void *arg)
{
	rs_loop_stop(arg, -ETIMEDOUT);
}

static void run_to_end(struct rs_session *s, struct watch *w)
{
	struct rs_timer *guard = rs_timer_add(w->l, on_guard, w->l);

	rs_timer_arm(guard, 60 * RS_NS_PER_S, 0);
	while (rs_session_test_running(s))
		assert_int_equal(rs_loop_run(w->l), 0);
	rs_timer_del(guard);
}

/* A shell script as the test's program; body gets the recording's lines
 * file as $1.  Returns its path in path. */
static void script(char *path, const char *lines_path, const char *body)
{
	FILE *f;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fprintf(f, "#!/bin/sh\nL=%s\n%s\n", lines_path, body);
	fclose(f);
	chmod(path, 0755);
}

/* The bandwidth recording's JSON lines (no times) in a file. */
static void lines_file(char *path)
{
	const char *pos = rs_demo_test_bw, *line;
	FILE *f;
	size_t len;
	double t;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	while (rs_test_recording_next(&pos, pos + strlen(pos), &t, &line, &len))
		fprintf(f, "%.*s\n", (int)len, line);
	fclose(f);
}

/* A session whose children run: the rxe fixture (for the local port the
 * peer.* checks compare with) taken as the live host, on a loop. */
static void open_live_rxe(struct rs_session *s, struct watch *w)
{
	struct rs_session_opts o = { .root = getenv("RS_RXE_ROOT"), .scope = RS_SCOPE_ALL };
	char err[256];

	assert_int_equal(rs_session_open(s, &o, err, sizeof(err)), 0);
	s->kind = RS_SOURCE_LIVE;	/* children run on a live host only */
	RS_STRCPY(s->peer, "10.99.0.2");
	s->params.peer = s->peer;
	w->l = rs_loop_new();
	rs_session_on_change(s, on_change, w);
	rs_session_attach(s, w->l);
}

static void close_session(struct rs_session *s, struct watch *w)
{
	rs_session_detach(s);
	rs_loop_free(w->l);
	rs_session_close(s);
}

static void test_children(void **state)
{
	char lines[] = "/tmp/rs-tj-lines-XXXXXX", ok[] = "/tmp/rs-tj-ok-XXXXXX";
	char crash[] = "/tmp/rs-tj-crash-XXXXXX", hang[] = "/tmp/rs-tj-hang-XXXXXX";
	struct rs_test_spec spec = { .kind = RS_TEST_BW, .options = "-D 8" };
	const struct rs_test_results *tr;
	const struct rs_finding *f;
	struct watch w = { 0 };
	struct rs_session s;
	char err[256];

	lines_file(lines);
	script(ok, lines, "echo \"$@\" >&2; cat \"$L\"");
	script(crash, lines, "head -n 5 \"$L\"; kill -SEGV $$");
	script(hang, lines, "head -n 1 \"$L\"; exec sleep 60");
	open_live_rxe(&s, &w);

	/* A whole run: passed; the remote view reaches peer.*. */
	spec.program = ok;
	assert_int_equal(rs_session_test_start(&s, &spec, err, sizeof(err)), 0);
	assert_int_equal(rs_session_test_start(&s, &spec, err, sizeof(err)), -EBUSY);
	run_to_end(&s, &w);
	assert_string_equal(rs_session_test_run(&s)->err_tail, "bw 10.99.0.2 -D 8 --json-lines");
	assert_string_equal(rs_session_test_run(&s)->cmd, "rocescope bw 10.99.0.2 -D 8");
	tr = rs_session_test_results(&s);
	assert_non_null(tr->of[RS_TEST_BW]);
	assert_int_equal(tr->of[RS_TEST_BW]->end, RS_TEST_PASSED);
	assert_true(tr->of[RS_TEST_BW]->soft);		/* rxe0 of the fixture: Soft-RoCE */
	assert_true(rs_session_peer_view(&s)->known);
	assert_string_equal(rs_session_peer_view(&s)->device, "rxe1");
	f = rs_findings_get(&s.findings, "peer.same_gid_type", NULL);
	assert_int_not_equal(f->verdict, RS_SKIP);
	assert_non_null(strstr(f->evidence, "peer lab: index 1 RoCE v2 IPv4"));
	f = rs_findings_get(&s.findings, "perf.bandwidth", NULL);
	assert_int_equal(f->verdict, RS_SKIP);		/* software RoCE: shown, not judged */
	assert_non_null(strstr(f->summary, "rxe0 is software RoCE"));

	/* Crashed half-way: no result, said so with the signal. */
	spec.program = crash;
	assert_int_equal(rs_session_test_start(&s, &spec, err, sizeof(err)), 0);
	run_to_end(&s, &w);
	assert_int_equal(rs_session_test_run(&s)->end, RS_TEST_DIED);
	assert_true(rs_session_test_run(&s)->have_remote);
	f = rs_findings_get(&s.findings, "perf.bandwidth", NULL);
	assert_int_equal(f->verdict, RS_FAIL);
	assert_non_null(strstr(f->summary, "ended without a result: killed by SIGSEGV"));

	/* Hung until stopped: no outcome for the checks.  Meanwhile a capture
	 * hears that traffic is claimed, and no longer after. */
	assert_int_equal(rs_session_capture_demo(&s, err, sizeof(err)), 0);
	spec.program = hang;
	w.stop_when_started = 1;
	assert_int_equal(rs_session_test_start(&s, &spec, err, sizeof(err)), 0);
	run_to_end(&s, &w);
	assert_string_equal(w.claim, "rocescope bw 10.99.0.2 -D 8 runs");
	assert_string_equal(rs_session_capture_ctx(&s)->claim, "");
	rs_session_capture_stop(&s);
	assert_true(rs_session_test_run(&s)->stopping);
	assert_string_equal(rs_session_test_run(&s)->status, "stopped, killed by SIGTERM");
	assert_null(rs_session_test_results(&s)->of[RS_TEST_BW]);
	f = rs_findings_get(&s.findings, "perf.bandwidth", NULL);
	assert_int_equal(f->verdict, RS_SKIP);

	/* A new peer forgets the outcomes and the peer's view. */
	spec.program = ok;
	assert_int_equal(rs_session_test_start(&s, &spec, err, sizeof(err)), 0);
	run_to_end(&s, &w);
	assert_true(rs_session_peer_view(&s)->known);
	rs_session_test_forget(&s, -1);
	assert_false(rs_session_peer_view(&s)->known);
	assert_null(rs_session_test_results(&s)->of[RS_TEST_BW]);
	close_session(&s, &w);
	unlink(lines);
	unlink(ok);
	unlink(crash);
	unlink(hang);
}

/* rocescope itself on this host (no RDMA device): the mapped failure. */
static void test_rocescope_child(void **state)
{
	struct rs_session_opts o = { .peer = "127.0.0.1", .scope = RS_SCOPE_ALL };
	struct rs_test_spec spec = { .kind = RS_TEST_LAT, .options = "-n 10",
				     .program = getenv("ROCESCOPE"), .timeout_ns = 60 * RS_NS_PER_S };
	const struct rs_test_outcome *out;
	const struct rs_finding *f;
	struct watch w = { 0 };
	struct rs_session s;
	char err[256];

	if (!spec.program)
		skip();
	assert_int_equal(rs_session_open(&s, &o, err, sizeof(err)), 0);
	w.l = rs_loop_new();
	rs_session_on_change(&s, on_change, &w);
	rs_session_attach(&s, w.l);
	assert_int_equal(rs_session_test_start(&s, &spec, err, sizeof(err)), 0);
	run_to_end(&s, &w);
	out = rs_session_test_results(&s)->of[RS_TEST_LAT];
	assert_non_null(out);
	if (s.snap.n_devices) {		/* an RDMA host: whatever it said, it said it */
		close_session(&s, &w);
		skip();
	}
	assert_int_equal(out->end, RS_TEST_FAILED);
	assert_string_equal(out->code, "no_device");
	f = rs_findings_get(&s.findings, "perf.pingpong", NULL);
	assert_int_equal(f->verdict, RS_FAIL);
	assert_non_null(strstr(f->summary, "the latency test failed: no RDMA device"));
	assert_non_null(strstr(f->remedy, "rocescope devices"));
	close_session(&s, &w);
}

/* The demo replays its recordings, paced on the loop or at once for a
 * step; a saved snapshot and a live host without a peer are told why. */
static void test_replay_and_refusals(void **state)
{
	struct rs_session_opts demo = { .demo = 1 }, live = { .scope = RS_SCOPE_ALL };
	struct rs_session_opts file = { .root = getenv("RS_RXE_ROOT"), .scope = RS_SCOPE_ALL };
	struct rs_test_spec spec = { .kind = RS_TEST_LAT };
	const struct rs_test_outcome *out;
	struct watch w = { 0 };
	struct rs_session s;
	char err[256];

	assert_int_equal(rs_session_open(&s, &demo, err, sizeof(err)), 0);
	assert_int_equal(rs_session_test_start(&s, &spec, err, sizeof(err)), -EINVAL);
	w.l = rs_loop_new();
	rs_session_on_change(&s, on_change, &w);
	rs_session_attach(&s, w.l);
	assert_int_equal(rs_session_test_start(&s, &spec, err, sizeof(err)), 0);
	assert_true(rs_session_test_run(&s)->replay);
	assert_false(rs_session_test_run(&s)->have_result);	/* paced: not at once */
	run_to_end(&s, &w);
	assert_true(w.changes > 3);
	out = rs_session_test_results(&s)->of[RS_TEST_LAT];
	assert_non_null(out);
	assert_true(out->replay);
	assert_non_null(strstr(out->source, "replay of a lab run (Soft-RoCE rxe0 -> rxe1"));
	assert_false(rs_session_peer_view(&s)->known);	/* the lab's ends are not this host's */
	rs_session_test_forget(&s, RS_TEST_LAT);
	close_session(&s, &w);

	/* check --tree's step on the demo: the replay read at once. */
	assert_int_equal(rs_session_open(&s, &demo, err, sizeof(err)), 0);
	assert_int_equal(rs_session_test_step_wait(&s, RS_TEST_BW, NULL, 0, err, sizeof(err)), 0);
	assert_int_equal(rs_session_test_results(&s)->of[RS_TEST_BW]->end, RS_TEST_PASSED);
	rs_session_close(&s);

	assert_int_equal(rs_session_open(&s, &file, err, sizeof(err)), 0);
	assert_false(rs_session_test_results(&s)->can_run);
	assert_int_equal(rs_session_test_step_wait(&s, RS_TEST_BW, NULL, 0, err, sizeof(err)),
			 -EOPNOTSUPP);
	assert_non_null(strstr(err, "tests need the live host (source: root "));
	rs_session_close(&s);

	assert_int_equal(rs_session_open(&s, &live, err, sizeof(err)), 0);
	assert_true(rs_session_test_results(&s)->can_run);
	assert_int_equal(rs_session_test_step_wait(&s, RS_TEST_LAT, NULL, 0, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "no peer"));
	rs_session_close(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_recorded_bw),
		cmocka_unit_test(test_chunks),
		cmocka_unit_test(test_died),
		cmocka_unit_test(test_children),
		cmocka_unit_test(test_rocescope_child),
		cmocka_unit_test(test_replay_and_refusals),
	};
	static char root[4096];

	if (!getenv("RS_RXE_ROOT")) {
		snprintf(root, sizeof(root), "%s/tests/fixtures/roce-rxe",
			 getenv("top_srcdir") ? getenv("top_srcdir") : ".");
		setenv("RS_RXE_ROOT", root, 1);
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
