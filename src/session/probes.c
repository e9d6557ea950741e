/* SPDX-License-Identifier: MIT */
/*
 * probes.c - the session's probes (session.h): each runs rs_probe_run() in a
 * child process through the event loop and sends its result back as the
 * raw struct on the child's stdout (same binary, same layout).  A child
 * that dies (a signal, a timeout) or writes anything else gives a result
 * that says so, and the session carries on.
 */
#include "runtime/loop.h"
#include "session/session.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PROBE_GRACE_NS (5 * RS_NS_PER_S)	/* beyond the probe's own timeout */
#define PROBE_BOUND_NS (120 * RS_NS_PER_S)

struct job {
	struct rs_session *s;
	enum rs_probe_kind k;
	struct rs_probe_req req;
	int done;
	int heap;		/* started on the session's loop: freed at its end */
};

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

static void publish(struct rs_session *s, enum rs_probe_kind k)
{
	s->probes.of[k] = &s->probe[k];
	rs_session_recheck(s);
	if (s->on_change)
		s->on_change(s, RS_CHANGE_PROBE, s->change_arg);
}

static void on_output(struct rs_child *c, int stream, const char *buf, size_t len, void *arg)
{
	struct job *j = arg;
	struct rs_session *s = j->s;

	if (stream != 1 || s->probe_len[j->k] + len > sizeof(struct rs_probe_result))
		return;
	if (!s->probe_buf[j->k])
		s->probe_buf[j->k] = rs_xmalloc(sizeof(struct rs_probe_result));
	memcpy(s->probe_buf[j->k] + s->probe_len[j->k], buf, len);
	s->probe_len[j->k] += len;
}

/* What came back: the child's result, or why there is none. */
static void take_result(struct rs_session *s, enum rs_probe_kind k,
			const struct rs_child_status *st)
{
	struct rs_probe_result *r = &s->probe[k];
	char how[RS_NAME_LEN * 2];

	if (st->exited && st->code == 0 && s->probe_len[k] == sizeof(*r)) {
		memcpy(r, s->probe_buf[k], sizeof(*r));
		r->kind = k;
		return;
	}
	memset(r, 0, sizeof(*r));
	r->kind = k;
	r->err = EIO;
	rs_child_status_text(st, how, sizeof(how));
	snprintf(r->error, sizeof(r->error), "the %s probe ended without a result (%s)",
		 rs_probe_kind_name(k), how);
	rs_session_log(s, "%s", r->error);
}

static void on_exit_job(struct rs_child *c, const struct rs_child_status *st, void *arg)
{
	struct job *j = arg;
	struct rs_session *s = j->s;
	enum rs_probe_kind k = j->k;

	take_result(s, k, st);
	free(s->probe_buf[k]);
	s->probe_buf[k] = NULL;
	s->probe_len[k] = 0;
	s->probe_job[k] = NULL;
	j->done = 1;
	if (j->heap)
		free(j);
	publish(s, k);
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
		rs_session_log(s, "%s probe: %s", rs_probe_kind_name(j->k), err);
	return c;
}

int rs_session_probe_start(struct rs_session *s, enum rs_probe_kind k)
{
	struct job *j;

	if (!s->loop || !s->peer[0])
		return -EINVAL;
	if (s->probe_job[k])
		return -EBUSY;
	rs_session_probe_forget(s, k);
	j = rs_xcalloc(1, sizeof(*j));
	j->s = s;
	j->k = k;
	j->heap = 1;
	request(s, k, &j->req);
	s->probe_job[k] = spawn(s, s->loop, j);
	if (!s->probe_job[k]) {
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
		struct rs_probe_result *r = &s->probe[k];

		memset(r, 0, sizeof(*r));
		r->kind = k;
		r->err = -ret;
		snprintf(r->error, sizeof(r->error), "the %s probe could not start",
			 rs_probe_kind_name(k));
		publish(s, k);
	}
	return ret;
}

int rs_session_probe_running(const struct rs_session *s, enum rs_probe_kind k)
{
	return s->probe_job[k] != NULL;
}

void rs_session_probe_forget(struct rs_session *s, enum rs_probe_kind k)
{
	s->probes.of[k] = NULL;
	memset(&s->probe[k], 0, sizeof(s->probe[k]));
}
