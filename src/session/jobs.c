/* SPDX-License-Identifier: MIT */
/*
 * jobs.c - the session's jobs (job.h): the one table of them, their slots
 * in a session, and the few things a job may tell the session.
 *
 * A new job is one entry in rs_session_jobs[] (and its own file): the
 * session calls its ops at every change, reading, tick, peer, detach and
 * close, and its own functions for the views find its state through
 * rs_session_job().  The order is the order they hear of a change: the
 * recording comes after the jobs whose parts it writes.
 */
#include "session/capture_job.h"
#include "session/fix_job.h"
#include "session/perf_job.h"
#include "session/probes.h"
#include "session/qp_job.h"
#include "session/record_job.h"
#include "session/replay.h"
#include "session/session.h"
#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

const struct rs_job_ops *const rs_session_jobs[] = {
	&rs_probes_job,
	&rs_capture_job,
	&rs_perf_job,
	&rs_replay_job,
	&rs_fix_job,
	&rs_qp_job,
	&rs_record_job,
	NULL,
};

int rs_session_job_add(struct rs_session *s, const struct rs_job_ops *ops)
{
	struct rs_job *j;

	if (s->n_jobs == RS_SESSION_MAX_JOBS)
		return -ENOSPC;
	j = &s->jobs[s->n_jobs++];
	j->ops = ops;
	j->session = s;
	j->priv = NULL;
	if (ops->start)
		ops->start(j);
	return 0;
}

struct rs_job *rs_session_job(const struct rs_session *s, const struct rs_job_ops *ops)
{
	for (size_t i = 0; i < s->n_jobs; i++)
		if (s->jobs[i].ops == ops)
			return (struct rs_job *)&s->jobs[i];
	return NULL;
}

void *rs_session_job_priv(const struct rs_session *s, const struct rs_job_ops *ops)
{
	const struct rs_job *j = rs_session_job(s, ops);

	return j ? j->priv : NULL;
}

void *rs_job_state(struct rs_job *j, size_t size)
{
	if (!j->priv)
		j->priv = rs_xcalloc(1, size);
	return j->priv;
}

void rs_job_log(struct rs_job *j, const char *fmt, ...)
{
	char line[RS_MSG_LEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	rs_session_log(j->session, "%s", line);
}

void rs_job_recheck(struct rs_job *j)
{
	rs_session_recheck(j->session);
}

void rs_job_changed(struct rs_job *j, unsigned what)
{
	rs_session_notify(j->session, what);
}

void rs_job_claim(struct rs_job *j, const char *why)
{
	struct rs_session *s = j->session;

	for (size_t i = 0; i < s->n_jobs; i++)
		if (&s->jobs[i] != j && s->jobs[i].ops->on_claim)
			s->jobs[i].ops->on_claim(&s->jobs[i], why);
}
