/* SPDX-License-Identifier: MIT */
/*
 * slices.c - the session's long work cut into slices on the loop
 * (session.h: the first collection of a background session, and the
 * refresh of a live host or a root).
 *
 * Reading sysfs is inherently one file at a time: a host of 10,000 devices
 * has nearly a million counter files, and one refresh takes seconds.  Done
 * in one callback, it would hold the loop (and so the keyboard and the
 * signals) for all that time.  Here a zero-delay timer does at most
 * RS_SLICE_MS of work and arms itself again, so the loop polls its
 * descriptors between two slices and 'q' or SIGTERM is read within one:
 *
 *   1. the producers in order, each through its _step (collect.h) when it
 *      has one; one without steps (the files of the host, one netlink
 *      dump) runs whole in one slice;
 *   2. the series and the index (one slice: linear and quick);
 *   3. the checks, a few per slice, into findings of their own that
 *      replace the session's at the end, so the views never see half.
 */
#include "runtime/loop.h"
#include "session/session.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

enum phase { READ, CHECK };

struct rs_session_slices {
	struct rs_timer *timer;
	int refresh;			/* 0: the first collection */
	enum phase phase;
	size_t prod;			/* READ: the producer at work */
	struct rs_collect_step st;	/* its step, when it has steps */
	unsigned what;			/* CHECK: the RS_CHANGE_ bits to tell */
	size_t check;			/* CHECK: the next check */
	struct rs_findings findings;	/* CHECK: what they found so far */
};

static void step_reset(struct rs_session_slices *w)
{
	rs_strv_free(w->st.names);
	memset(&w->st, 0, sizeof(w->st));
}

/* One producer's share of a slice: 1 when it is done. */
static int run_producer(struct rs_session *s, struct rs_session_slices *w, uint64_t until)
{
	struct rs_producer *p = &s->prod[w->prod];
	const struct rs_producer_ops *o = p->ops;
	char err[RS_MSG_LEN] = "";

	w->st.until_ns = until;
	if (w->refresh ? o->refresh_step != NULL : o->collect_step != NULL) {
		int done = w->refresh ? o->refresh_step(p, s, &s->snap, &w->st) :
			   o->collect_step(p, s, &s->snap, &w->st);

		s->progress.what = o->what;
		s->progress.done = w->st.at;
		s->progress.total = w->st.total;
		return done;
	}
	/* A failure is the producer's error in the snapshot, as at once. */
	if (w->refresh && o->refresh)
		o->refresh(p, s, &s->snap);
	else if (!w->refresh)
		o->collect(p, s, &s->snap, err, sizeof(err));
	return 1;
}

/* Phase 1; 1 when every producer is done. */
static int read_some(struct rs_session *s, struct rs_session_slices *w, uint64_t until)
{
	while (w->prod < s->n_prod) {
		if (run_producer(s, w, until)) {
			step_reset(w);
			w->prod++;
		}
		if (rs_now_ns() >= until)
			break;
	}
	return w->prod >= s->n_prod;
}

/* Idle again; the findings stay as the next run's room (a host of
 * 10,000 ports has a few hundred MB of them: not allocated every tick). */
static void stop(struct rs_session *s)
{
	struct rs_session_slices *w = s->slices;

	rs_timer_stop(w->timer);
	step_reset(w);
	w->prod = w->check = 0;
	w->phase = READ;
	s->progress.busy = 0;
	s->progress.what = NULL;
	s->progress.done = s->progress.total = 0;
}

/* Phase 3 done: the findings replace the session's, the views hear. */
static void finish(struct rs_session *s)
{
	struct rs_session_slices *w = s->slices;
	struct rs_findings old = s->findings;

	s->findings = w->findings;
	w->findings = old;
	s->progress.loading = 0;
	stop(s);
	rs_session_notify(s, w->what);
}

/* Phase 2, between reading and checking. */
static void derive(struct rs_session *s, struct rs_session_slices *w)
{
	w->what = rs_session_derive(s, w->refresh);
	w->phase = CHECK;
	s->progress.what = "checks";
	s->progress.done = 0;
	for (s->progress.total = 0; rs_checks[s->progress.total].id; s->progress.total++)
		;
}

static void on_slice(struct rs_timer *t, void *arg)
{
	struct rs_session *s = arg;
	struct rs_session_slices *w = s->slices;
	uint64_t until = rs_now_ns() + RS_SLICE_MS * RS_NS_PER_MS;
	struct rs_check_ctx ctx;

	if (w->phase == READ && read_some(s, w, until))
		derive(s, w);
	if (w->phase == READ && !w->refresh) {
		/* The views show what is read so far (no findings yet). */
		rs_snap_index_build(&s->index, &s->snap);
		if (s->on_change)
			s->on_change(s, RS_CHANGE_DATA, s->change_arg);
	}
	if (w->phase == CHECK && rs_now_ns() < until) {
		rs_session_ctx(s, &ctx);
		if (rs_checks_run_some(&ctx, &w->findings, &w->check, until)) {
			finish(s);
			return;
		}
		s->progress.done = w->check;
	}
	rs_timer_arm(t, 0, 0);
}

void rs_session_slices_start(struct rs_session *s, int refresh)
{
	struct rs_session_slices *w = s->slices;

	if (s->progress.busy || !s->loop || (refresh && (s->progress.loading ||
							 !rs_session_is_dynamic(s))))
		return;
	if (!w) {
		w = s->slices = rs_xcalloc(1, sizeof(*w));
		rs_findings_init(&w->findings);
		w->timer = rs_timer_add(s->loop, on_slice, s);
	}
	w->refresh = refresh;
	s->progress.busy = 1;
	if (refresh)
		s->ticks++;
	rs_timer_arm(w->timer, 0, 0);
}

void rs_session_slices_cancel(struct rs_session *s)
{
	if (s->slices && s->progress.busy && !s->progress.loading)
		stop(s);
}

void rs_session_slices_free(struct rs_session *s)
{
	struct rs_session_slices *w = s->slices;

	if (!w)
		return;
	stop(s);
	rs_timer_del(w->timer);
	rs_findings_free(&w->findings);
	free(w);
	s->slices = NULL;
}
