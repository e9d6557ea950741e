/* SPDX-License-Identifier: MIT */
/*
 * capture_job.c - the session's capture (session.h): one capture object
 * (src/capture/capture.h) run on the session's event loop, its verdicts
 * kept current for the checks, its views told at most every 250 ms.
 *
 * A live source (a netdev, the mlx5 sniffer) has a descriptor: the loop
 * calls rs_capture_dispatch(c, 256) when it is readable, and a 250 ms
 * timer dispatches too (libpcap's block timeout may hold a few packets
 * back) and publishes.  A file has none: a one-shot timer armed with
 * rs_capture_delay_ns() after every dispatch paces the replay.  The budget
 * bounds the work of one round, so the keyboard and the other panes never
 * wait for the capture; what the kernel buffer could not hold shows in
 * libpcap's drop counts.  Memory is the capture's caps (4096 flows, 4096
 * packets in the ring), nothing grows with time.
 *
 * The sniffer runs in this process, after the view asked the user
 * (docs/capture.md says why).  The verdicts are computed here, with
 * "traffic claimed" when the RDMA port behind the captured netdev counts
 * RDMA packets in its hw_counters, or when another job says a test runs
 * (rs_job_claim, job.h).  The job (rs_capture_job) fills ctx->capture.
 */
#include "capture/capture.h"
#include "i18n.h"
#include "model/demo.h"
#include "runtime/loop.h"
#include "session/capture_job.h"
#include "session/session.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAP_BUDGET 256
#define CAP_TICK_NS (250 * RS_NS_PER_MS)

struct rs_session_capture {
	struct rs_session *s;
	struct rs_job *job;		/* its slot in the session */
	struct rs_capture *c;		/* NULL: none running */
	struct rs_io *io;
	struct rs_timer *tick;		/* 250 ms: dispatch, verdicts, notify */
	struct rs_timer *pace;		/* a file: the next dispatch */
	enum rs_cap_kind kind;
	char netdev[RS_NAME_LEN];	/* the netdev captured on, "" else */
	int paused;
	uint64_t paused_at;
	uint64_t published;		/* frames received at the last notify */
	struct rs_cap_verdicts v;
	struct rs_capture_ctx ctx;
	char claim[RS_MSG_LEN];		/* from the counters or a caller */
	char claim_by[RS_MSG_LEN];	/* a caller's claim */
	char error[RS_MSG_LEN];
};

static struct rs_session_capture *get(const struct rs_session *s)
{
	return rs_session_job_priv(s, &rs_capture_job);
}

static struct rs_session_capture *job(struct rs_session *s)
{
	struct rs_job *jb = rs_session_job(s, &rs_capture_job);
	struct rs_session_capture *j = rs_job_state(jb, sizeof(*j));

	j->s = s;
	j->job = jb;
	return j;
}

/* The RDMA port behind the captured netdev counts RDMA packets (hw_counters
 * of the traffic group rose in the last interval): traffic runs there. */
static void claim_from_counters(struct rs_session_capture *j)
{
	const struct rs_snapshot *snap = &j->s->snap;

	j->claim[0] = '\0';
	if (j->claim_by[0]) {
		RS_STRCPY(j->claim, j->claim_by);
		return;
	}
	for (size_t d = 0; j->netdev[0] && d < snap->n_devices; d++)
		for (size_t p = 0; p < snap->devices[d].n_ports; p++) {
			const struct rs_device *dev = &snap->devices[d];
			const struct rs_series_set *set;

			if (strcmp(dev->ports[p].netdev, j->netdev))
				continue;
			set = rs_series_port_set(&j->s->series, dev->name, dev->ports[p].num,
						 RS_CO_HW);
			for (size_t i = 0; set && i < set->n; i++) {
				const struct rs_series_ctr *c = &set->ctrs[i];

				if (!c->cls || c->cls->group != RS_CG_TRAFFIC ||
				    (c->cls->flags & RS_CF_BYTES) || !c->has_rate || c->rate <= 0)
					continue;
				snprintf(j->claim, sizeof(j->claim), "%s port %u counts RDMA "
					 "packets (hw_counters/%s %.0f/s)", dev->name,
					 dev->ports[p].num, c->name, c->rate);
				return;
			}
		}
}

static void verdicts(struct rs_session_capture *j)
{
	struct rs_capture_stats st;

	rs_capture_stats(j->c, &st);
	claim_from_counters(j);
	rs_cap_verdicts(rs_capture_analysis(j->c), st.dropped + st.if_dropped, j->claim[0] != 0,
			rs_capture_note(j->c), &j->v);
	j->ctx.label = rs_capture_label(j->c);
	j->ctx.verdicts = &j->v;
	j->ctx.packets = st.received;
	j->ctx.claim = j->claim;
}

static int same_answers(const struct rs_cap_verdicts *a, const struct rs_cap_verdicts *b)
{
	if (a->seen != b->seen || a->roce != b->roce || a->health != b->health ||
	    a->n_reasons != b->n_reasons)
		return 0;
	for (size_t i = 0; i < a->n_reasons; i++)
		if (a->reasons[i].verdict != b->reasons[i].verdict ||
		    strcmp(a->reasons[i].id, b->reasons[i].id))
			return 0;
	return 1;
}

/* New verdicts; the checks run again when an answer changed; views hear. */
static void publish(struct rs_session_capture *j, int force)
{
	struct rs_cap_verdicts old = j->v;
	uint64_t received;

	verdicts(j);
	received = j->ctx.packets;
	if (!same_answers(&old, &j->v))
		rs_job_recheck(j->job);
	else if (!force && received == j->published)
		return;
	j->published = received;
	rs_job_changed(j->job, RS_CHANGE_CAPTURE);
}

static void detach(struct rs_session_capture *j)
{
	rs_io_del(j->io);
	rs_timer_del(j->tick);
	rs_timer_del(j->pace);
	j->io = NULL;
	j->tick = j->pace = NULL;
}

/* The source failed (interface gone, file damaged): keep what was
 * captured for the views, stop reading, say why and where (libpcap's
 * reason, the packet number). */
static void failed(struct rs_session_capture *j)
{
	snprintf(j->error, sizeof(j->error), "%s: %s", rs_capture_label(j->c),
		 rs_capture_status(j->c));
	rs_job_log(j->job, "capture: %s", j->error);
	detach(j);
	publish(j, 1);
}

/* A file read to its end: the views say so at once, not "capturing". */
static void ended(struct rs_session_capture *j)
{
	rs_job_log(j->job, "capture: %s: %s", rs_capture_label(j->c), rs_capture_status(j->c));
	publish(j, 1);
}

static void pace(struct rs_session_capture *j)
{
	uint64_t ns;

	if (!j->pace || j->paused || rs_capture_done(j->c))
		return;
	ns = rs_capture_delay_ns(j->c);
	if (ns != UINT64_MAX)
		rs_timer_arm(j->pace, ns ? ns : 1, 0);
}

static int dispatch(struct rs_session_capture *j)
{
	int r = rs_capture_dispatch(j->c, CAP_BUDGET);

	if (r < 0)
		failed(j);
	else if (rs_capture_done(j->c))
		ended(j);
	return r;
}

static void on_readable(struct rs_io *io, int fd, unsigned revents, void *arg)
{
	dispatch(arg);
}

static void on_pace(struct rs_timer *t, void *arg)
{
	struct rs_session_capture *j = arg;

	if (dispatch(j) >= 0)
		pace(j);
}

static void on_tick(struct rs_timer *t, void *arg)
{
	struct rs_session_capture *j = arg;

	if (!j->paused && j->io && dispatch(j) < 0)
		return;
	publish(j, 0);
}

static void attach(struct rs_session_capture *j)
{
	struct rs_loop *l = j->s->loop;
	int fd = rs_capture_fd(j->c);

	j->tick = rs_timer_add(l, on_tick, j);
	rs_timer_arm(j->tick, CAP_TICK_NS, CAP_TICK_NS);
	if (fd >= 0) {
		j->io = rs_io_add(l, fd, POLLIN, on_readable, j);
	} else {
		j->pace = rs_timer_add(l, on_pace, j);
		pace(j);
	}
}

int rs_session_capture_start(struct rs_session *s, const struct rs_capture_spec *spec,
			     char *err, size_t errlen)
{
	struct rs_session_capture *j;
	int r;

	if (!s->loop) {
		snprintf(err, errlen, _("the capture runs on the event loop (attach the session)"));
		return -EINVAL;
	}
	rs_session_capture_stop(s);
	j = job(s);
	j->error[0] = '\0';
	r = rs_capture_open(&j->c, spec, err, errlen);
	if (r) {
		j->c = NULL;
		snprintf(j->error, sizeof(j->error), "%s", err);
		return r;
	}
	j->kind = spec->kind;
	snprintf(j->netdev, sizeof(j->netdev), "%s", spec->kind == RS_CAP_NETDEV ? spec->name : "");
	j->paused = 0;
	j->published = 0;
	memset(&j->v, 0, sizeof(j->v));
	attach(j);
	rs_job_log(j->job, "capture: %s started", rs_capture_label(j->c));
	publish(j, 1);
	return 0;
}

int rs_session_capture_demo(struct rs_session *s, char *err, size_t errlen)
{
	struct rs_capture_spec spec = {
		.kind = RS_CAP_FILE,
		.name = rs_demo_pcap_name,
		.data = rs_demo_pcap,
		.data_len = rs_demo_pcap_len,
		.replay_speed = 1,
		.replay_loop = 1,
	};

	return rs_session_capture_start(s, &spec, err, errlen);
}

void rs_session_capture_stop(struct rs_session *s)
{
	struct rs_session_capture *j = get(s);

	if (!j || !j->c)
		return;
	detach(j);
	rs_job_log(j->job, "capture: %s stopped", rs_capture_label(j->c));
	rs_capture_close(j->c);
	j->c = NULL;
	j->paused = 0;
	memset(&j->ctx, 0, sizeof(j->ctx));
	rs_job_recheck(j->job);
	rs_job_changed(j->job, RS_CHANGE_CAPTURE);
}

void rs_session_capture_pause(struct rs_session *s, int paused)
{
	struct rs_session_capture *j = get(s);

	if (!j || !j->c || !!paused == j->paused)
		return;
	j->paused = !!paused;
	if (j->io)
		rs_io_set_events(j->io, paused ? 0 : POLLIN);
	if (paused) {
		j->paused_at = rs_now_ns();
		if (j->pace)
			rs_timer_stop(j->pace);
	} else {
		/* A replay resumes where it stopped, not with a burst of the packets
		 * that fell due meanwhile. */
		rs_capture_resume(j->c, rs_now_ns() - j->paused_at);
		pace(j);
	}
}

int rs_session_capture_paused(const struct rs_session *s)
{
	const struct rs_session_capture *j = get(s);

	return j && j->c && j->paused;
}

int rs_session_capture_write(struct rs_session *s, const char *path, char *err, size_t errlen)
{
	struct rs_session_capture *j = get(s);
	int r;

	if (!j || !j->c) {
		snprintf(err, errlen, _("no capture running"));
		return -EINVAL;
	}
	r = rs_capture_write(j->c, path, 0, 0, err, errlen);
	if (!r)
		rs_job_log(j->job, "capture: %s %s", path ? "writing to" : "stopped writing",
			   path ? path : "the file");
	return r;
}

const struct rs_capture *rs_session_capture(const struct rs_session *s)
{
	const struct rs_session_capture *j = get(s);

	return j ? j->c : NULL;
}

const struct rs_cap_verdicts *rs_session_capture_verdicts(const struct rs_session *s)
{
	const struct rs_session_capture *j = get(s);

	return j && j->c ? &j->v : NULL;
}

const char *rs_session_capture_error(const struct rs_session *s)
{
	const struct rs_session_capture *j = get(s);

	return j ? j->error : "";
}

void rs_session_capture_claim(struct rs_session *s, const char *why)
{
	struct rs_session_capture *j = job(s);

	snprintf(j->claim_by, sizeof(j->claim_by), "%s", why ? why : "");
	if (j->c)
		publish(j, 1);
}

const struct rs_capture_ctx *rs_session_capture_ctx(const struct rs_session *s)
{
	const struct rs_session_capture *j = get(s);

	return j && j->c ? &j->ctx : NULL;
}

static void add_to_ctx(const struct rs_job *jb, struct rs_check_ctx *ctx)
{
	ctx->capture = rs_session_capture_ctx(jb->session);
}

static void on_claim(struct rs_job *jb, const char *why)
{
	rs_session_capture_claim(jb->session, why);
}

/* Detach and close: the capture runs on the loop, so it ends with it. */
static void stop(struct rs_job *jb)
{
	struct rs_session_capture *j = jb->priv;

	if (!j)
		return;
	if (j->c) {
		detach(j);
		rs_capture_close(j->c);
	}
	free(j);
	jb->priv = NULL;
}

const struct rs_job_ops rs_capture_job = {
	.name = "capture",
	.add_to_ctx = add_to_ctx,
	.on_claim = on_claim,
	.stop = stop,
};
