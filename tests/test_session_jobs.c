/* SPDX-License-Identifier: MIT */
/*
 * test_session_jobs.c - the session's job table (src/session/job.h): a
 * job the session has never heard of, added from here, hears the start,
 * every reading and change, the checks' context, the tick and its arming,
 * a new peer, another job's claim, the detach and the close; what it
 * posts (a log line, a recheck, "my part changed") reaches the event log
 * and the views.  session.c is not touched for it: that is the point.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runtime/loop.h"
#include "session/job.h"
#include "session/session.h"
#include "util.h"

#define FAKE_BIT 0x4000		/* a change only the fake job makes */

/* What the fake job heard. */
struct heard {
	int start, readings, refreshes, changes, ctx, ticks, arms, peers, claims, stops, frees;
	unsigned what;			/* the bits of the last change */
	char claim[64];
	int take_ticks;			/* tick returns 1 this many times */
	struct rs_timer *tick;		/* given by arm */
};

static struct heard heard;

static void f_start(struct rs_job *j)
{
	heard.start++;
	j->priv = &heard;
}

static void f_reading(struct rs_job *j, int refresh)
{
	heard.readings++;
	heard.refreshes += refresh;
}

static unsigned f_change(struct rs_job *j, unsigned what)
{
	heard.changes++;
	heard.what = what;
	return 0;
}

static int f_tick(struct rs_job *j)
{
	heard.ticks++;
	if (!heard.take_ticks)
		return 0;
	heard.take_ticks--;
	return 1;
}

static int f_arm(struct rs_job *j, struct rs_timer *t)
{
	heard.arms++;
	heard.tick = t;
	return 0;		/* the session arms it as usual */
}

static void f_ctx(const struct rs_job *j, struct rs_check_ctx *ctx)
{
	heard.ctx++;
}

static void f_peer(struct rs_job *j)
{
	heard.peers++;
}

static void f_claim(struct rs_job *j, const char *why)
{
	heard.claims++;
	snprintf(heard.claim, sizeof(heard.claim), "%s", why ? why : "(none)");
}

static void f_stop(struct rs_job *j)
{
	heard.stops++;
}

static void f_free(struct rs_job *j)
{
	heard.frees++;
	j->priv = NULL;
}

static const struct rs_job_ops fake = {
	.name = "fake", .start = f_start, .on_reading = f_reading, .on_change = f_change,
	.tick = f_tick, .arm = f_arm, .add_to_ctx = f_ctx, .on_peer = f_peer,
	.on_claim = f_claim, .stop = f_stop, .free = f_free,
};

/* A second job that only posts: the claim is heard by the others only. */
static const struct rs_job_ops poster = { .name = "poster", .on_claim = f_claim };

struct view {
	int calls;
	unsigned what;
};

static void on_change(struct rs_session *s, unsigned what, void *arg)
{
	struct view *v = arg;

	v->calls++;
	v->what |= what;
}

static void open_demo(struct rs_session *s)
{
	struct rs_session_opts o = { .demo = 1 };
	char err[256];

	memset(&heard, 0, sizeof(heard));
	assert_int_equal(rs_session_open(s, &o, err, sizeof(err)), 0);
	assert_int_equal(rs_session_job_add(s, &fake), 0);
	assert_int_equal(heard.start, 1);
	assert_ptr_equal(rs_session_job_priv(s, &fake), &heard);
}

/* Every job of the table is in every session, named, and findable. */
static void test_table(void **state)
{
	struct rs_session s;
	size_t n = 0;

	open_demo(&s);
	for (const struct rs_job_ops *const *j = rs_session_jobs; *j; j++, n++) {
		assert_non_null((*j)->name);
		assert_ptr_equal(rs_session_job(&s, *j)->ops, *j);
		assert_ptr_equal(rs_session_job(&s, *j)->session, &s);
	}
	assert_true(n >= 6);	/* probes, capture, tests, replay, fix, recording */
	assert_int_equal(s.n_jobs, n + 1);
	assert_null(rs_session_job(&s, &poster));
	while (s.n_jobs < RS_SESSION_MAX_JOBS)
		assert_int_equal(rs_session_job_add(&s, &poster), 0);
	assert_int_equal(rs_session_job_add(&s, &poster), -ENOSPC);
	rs_session_close(&s);
	assert_int_equal(heard.frees, 1);
}

/* Readings, changes, the context and the peer reach it without a loop. */
static void test_hears_the_session(void **state)
{
	struct rs_session s;
	struct rs_check_ctx ctx;
	struct view v = { 0 };
	char msg[256];

	open_demo(&s);
	rs_session_on_change(&s, on_change, &v);
	assert_int_equal(rs_session_refresh(&s), 0);
	assert_int_equal(heard.readings, 1);
	assert_int_equal(heard.refreshes, 1);
	assert_int_equal(heard.changes, 1);
	assert_true(heard.what & RS_CHANGE_COUNTERS);
	assert_int_equal(v.calls, 1);
	assert_true(heard.ctx >= 1);	/* the checks ran with its part */
	heard.ctx = 0;
	rs_session_ctx(&s, &ctx);
	assert_int_equal(heard.ctx, 1);
	assert_int_equal(rs_session_reload(&s, msg, sizeof(msg)), 0);
	assert_int_equal(heard.readings, 2);
	assert_int_equal(heard.refreshes, 1);
	assert_int_equal(rs_session_set_peer(&s, "10.0.0.9", msg, sizeof(msg)), 0);
	assert_int_equal(heard.peers, 1);
	rs_session_close(&s);
	assert_int_equal(heard.stops, 1);
	assert_int_equal(heard.frees, 1);
	assert_null(rs_session_job(&s, &fake));
}

/* What it posts: the event log, the checks and the views, the claim. */
static void test_posts(void **state)
{
	struct rs_session s;
	struct view v = { 0 };
	struct rs_job *j;

	open_demo(&s);
	rs_session_on_change(&s, on_change, &v);
	j = rs_session_job(&s, &fake);
	rs_job_log(j, "fake: %d things", 3);
	assert_string_equal(rs_session_event(&s, s.n_events)->text, "fake: 3 things");
	rs_job_changed(j, FAKE_BIT);
	assert_int_equal(v.calls, 1);
	assert_int_equal(v.what, FAKE_BIT);
	assert_int_equal(heard.what, FAKE_BIT);	/* the jobs hear it too */
	rs_job_recheck(j);
	assert_int_equal(v.calls, 2);
	assert_true(v.what & RS_CHANGE_DATA);
	assert_int_equal(rs_session_job_add(&s, &poster), 0);
	rs_job_claim(rs_session_job(&s, &poster), "a fake test runs");
	assert_int_equal(heard.claims, 1);	/* the fake heard, the poster did not */
	assert_string_equal(heard.claim, "a fake test runs");
	rs_job_claim(j, NULL);
	assert_int_equal(heard.claims, 2);	/* the poster heard the fake */
	assert_string_equal(heard.claim, "(none)");
	rs_session_close(&s);
}

static void on_guard(struct rs_timer *t, void *arg)
{
	rs_loop_stop(arg, -ETIMEDOUT);
}

/* On a loop: the arming, the tick (taken, then left to the session),
 * the detach. */
static void test_on_loop(void **state)
{
	struct rs_session s;
	struct rs_loop *l = rs_loop_new();
	struct rs_timer *guard = rs_timer_add(l, on_guard, l);

	open_demo(&s);
	rs_session_set_interval(&s, 10);
	heard.take_ticks = 2;
	rs_session_attach(&s, l);
	assert_int_equal(heard.arms, 1);
	assert_non_null(heard.tick);
	rs_timer_arm(guard, 20 * RS_NS_PER_S, 0);
	while (heard.ticks < 3 && rs_loop_run_once(l, -1) >= 0 && rs_timer_armed(guard))
		;
	assert_int_equal(heard.ticks, 3);
	/* Two ticks were the job's: the session refreshed on the third only. */
	assert_int_equal(s.ticks, 1);
	assert_int_equal(heard.refreshes, 1);
	rs_session_set_frozen(&s, 1);
	assert_int_equal(heard.arms, 2);
	rs_session_detach(&s);
	assert_int_equal(heard.stops, 1);
	assert_int_equal(heard.frees, 0);
	rs_loop_free(l);
	rs_session_close(&s);
	assert_int_equal(heard.frees, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_hears_the_session),
		cmocka_unit_test(test_posts),
		cmocka_unit_test(test_on_loop),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
