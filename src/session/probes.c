/* SPDX-License-Identifier: MIT */
/*
 * probes.c - the session's probes (session.h): each runs rs_probe_run() in a
 * child process through the event loop and sends its result back as the
 * raw struct on the child's stdout (same binary, same layout).  A child
 * that dies (a signal, a timeout) or writes anything else gives a result
 * that says so, and the session carries on.  The job (rs_probes_job) keeps
 * the latest result of each kind for the checks (ctx->probes), kills its
 * children when the session detaches and forgets all when the peer changes.
 */
#include "runtime/loop.h"
#include "session/probes.h"
#include "session/session.h"
#include "util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PROBE_GRACE_NS (5 * RS_NS_PER_S)	/* beyond the probe's own timeout */
#define PROBE_BOUND_NS (120 * RS_NS_PER_S)

/* The job's state: the results and the children on the session's loop. */
struct probes {
	struct rs_probe_result probe[RS_PROBE_KINDS];	/* latest result of each probe */
	struct rs_probe_results probes;	/* the ones there are, for the checks */
	struct rs_child *child[RS_PROBE_KINDS];	/* running, on the loop */
	char *buf[RS_PROBE_KINDS];	/* what the child wrote so far */
	size_t len[RS_PROBE_KINDS];
};

/* One probe running: on the session's loop or on a private one (_wait). */
struct job {
	struct rs_session *s;
	struct rs_job *slot;
	enum rs_probe_kind k;
	struct rs_probe_req req;
	int done;
	int heap;		/* started on the session's loop: freed at its end */
};

static struct probes *get(const struct rs_session *s)
{
	return rs_session_job_priv(s, &rs_probes_job);
}

static void request(const struct rs_session *s, enum rs_probe_kind k, struct rs_probe_req *req)
{
	memset(req, 0, sizeof(*req));
	req->kind = k;
	RS_STRCPY(req->peer, s->peer);
	/* Leave through the interface the route names, as an application would. */
	if (s->snap.peer.ok && !strcmp(s->snap.peer.peer, s->peer))
		RS_STRCPY(req->ifname, s->snap.peer.dev);
}

/* In the child: run the probe, write the result. */
static int child_main(void *arg)
{
	const struct job *j = arg;
	struct rs_probe_result res;
	const char *p = (const char *)&res;
	size_t left = sizeof(res);

	memset(&res, 0, sizeof(res));
	rs_probe_run(&j->req, &res);
	while (left) {
		ssize_t n = write(1, p, left);

		if (n <= 0)
			return 3;
		p += n;
		left -= (size_t)n;
	}
	return 0;
}

static void publish(struct rs_job *jb, enum rs_probe_kind k)
{
	struct probes *p = jb->priv;

	p->probes.of[k] = &p->probe[k];
	rs_job_recheck(jb);
	rs_job_changed(jb, RS_CHANGE_PROBE);
}

static void on_output(struct rs_child *c, int stream, const char *buf, size_t len, void *arg)
{
	struct job *j = arg;
	struct probes *p = j->slot->priv;

	if (stream != 1 || p->len[j->k] + len > sizeof(struct rs_probe_result))
		return;
	if (!p->buf[j->k])
		p->buf[j->k] = rs_xmalloc(sizeof(struct rs_probe_result));
	memcpy(p->buf[j->k] + p->len[j->k], buf, len);
	p->len[j->k] += len;
}

/* What came back: the child's result, or why there is none. */
static void take_result(struct rs_job *jb, enum rs_probe_kind k,
			const struct rs_child_status *st)
{
	struct probes *p = jb->priv;
	struct rs_probe_result *r = &p->probe[k];
	char how[RS_NAME_LEN * 2];

	if (st->exited && st->code == 0 && p->len[k] == sizeof(*r)) {
		memcpy(r, p->buf[k], sizeof(*r));
		r->kind = k;
		return;
	}
	memset(r, 0, sizeof(*r));
	r->kind = k;
	r->err = EIO;
	rs_child_status_text(st, how, sizeof(how));
	snprintf(r->error, sizeof(r->error), "the %s probe ended without a result (%s)",
		 rs_probe_kind_name(k), how);
	rs_job_log(jb, "%s", r->error);
}

static void on_exit_job(struct rs_child *c, const struct rs_child_status *st, void *arg)
{
	struct job *j = arg;
	struct rs_job *jb = j->slot;
	struct probes *p = jb->priv;
	enum rs_probe_kind k = j->k;

	take_result(jb, k, st);
	free(p->buf[k]);
	p->buf[k] = NULL;
	p->len[k] = 0;
	p->child[k] = NULL;
	j->done = 1;
	if (j->heap)
		free(j);
	publish(jb, k);
}

static struct rs_child *spawn(struct rs_session *s, struct rs_loop *l, struct job *j)
{
	struct rs_child_spec spec = {
		.fn = child_main,
		.fn_arg = j,
		.stdin_fd = -1,
		.timeout_ns = (j->req.timeout_ms ? j->req.timeout_ms * RS_NS_PER_MS :
			       PROBE_BOUND_NS) + PROBE_GRACE_NS,
		.on_output = on_output,
		.on_exit = on_exit_job,
		.arg = j,
	};
	char err[RS_MSG_LEN];
	struct rs_child *c = rs_child_spawn(l, &spec, err, sizeof(err));

	if (!c)
		rs_job_log(j->slot, "%s probe: %s", rs_probe_kind_name(j->k), err);
	return c;
}

int rs_session_probe_start(struct rs_session *s, enum rs_probe_kind k)
{
	struct probes *p;
	struct job *j;

	if (!s->loop || !s->peer[0])
		return -EINVAL;
	p = get(s);
	if (p->child[k])
		return -EBUSY;
	rs_session_probe_forget(s, k);
	j = rs_xcalloc(1, sizeof(*j));
	j->s = s;
	j->slot = rs_session_job(s, &rs_probes_job);
	j->k = k;
	j->heap = 1;
	request(s, k, &j->req);
	p->child[k] = spawn(s, s->loop, j);
	if (!p->child[k]) {
		free(j);
		return -EAGAIN;
	}
	return 0;
}

int rs_session_probe_wait(struct rs_session *s, enum rs_probe_kind k)
{
	struct job j = { .s = s, .k = k };
	struct rs_loop *l;
	int ret = 0;

	if (!s->peer[0])
		return -EINVAL;
	j.slot = rs_session_job(s, &rs_probes_job);
	rs_session_probe_forget(s, k);
	request(s, k, &j.req);
	l = rs_loop_new();
	if (!spawn(s, l, &j))
		ret = -EAGAIN;
	while (!ret && !j.done)
		if (rs_loop_run_once(l, -1) < 0)
			ret = -EIO;
	rs_loop_free(l);
	if (!j.done) {
		/* No child ran: the step still gets a result, saying why. */
		struct rs_probe_result *r = &get(s)->probe[k];

		memset(r, 0, sizeof(*r));
		r->kind = k;
		r->err = -ret;
		snprintf(r->error, sizeof(r->error), "the %s probe could not start",
			 rs_probe_kind_name(k));
		publish(j.slot, k);
	}
	return ret;
}

int rs_session_probe_running(const struct rs_session *s, enum rs_probe_kind k)
{
	const struct probes *p = get(s);

	return p && p->child[k] != NULL;
}

void rs_session_probe_forget(struct rs_session *s, enum rs_probe_kind k)
{
	struct probes *p = get(s);

	if (!p)
		return;
	p->probes.of[k] = NULL;
	memset(&p->probe[k], 0, sizeof(p->probe[k]));
}

/* ----- the job */

/* The results are there from the start (none yet), as the checks expect. */
static void start(struct rs_job *jb)
{
	rs_job_state(jb, sizeof(struct probes));
}

static void add_to_ctx(const struct rs_job *jb, struct rs_check_ctx *ctx)
{
	const struct probes *p = jb->priv;

	ctx->probes = p ? &p->probes : NULL;
}

static void on_peer(struct rs_job *jb)
{
	for (int k = 0; k < RS_PROBE_KINDS; k++)
		rs_session_probe_forget(jb->session, (enum rs_probe_kind)k);
}

/* The loop goes: its children with it (the results stay). */
static void stop(struct rs_job *jb)
{
	struct probes *p = jb->priv;

	for (int k = 0; p && k < RS_PROBE_KINDS; k++)
		if (p->child[k]) {
			rs_child_forget(p->child[k]);
			rs_child_kill(p->child[k], SIGKILL);
			p->child[k] = NULL;
			free(p->buf[k]);
			p->buf[k] = NULL;
			p->len[k] = 0;
		}
}

static void free_job(struct rs_job *jb)
{
	struct probes *p = jb->priv;

	for (int k = 0; p && k < RS_PROBE_KINDS; k++)
		free(p->buf[k]);
	free(p);
	jb->priv = NULL;
}

const struct rs_job_ops rs_probes_job = {
	.name = "probes",
	.start = start,
	.add_to_ctx = add_to_ctx,
	.on_peer = on_peer,
	.stop = stop,
	.free = free_job,
};
