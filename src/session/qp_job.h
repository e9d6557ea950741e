/* SPDX-License-Identifier: MIT */
/*
 * qp_job.h - the session's QP poller: it follows every queue pair across
 * the session's readings (model/qp_track.h: PSN movement, ERR and gone
 * times, rates), fills its part of the checks' context (ctx->qps), and
 * binds a per-QP counter to a QP when the user asks (`b` in the QPs pane,
 * `qps --bind`), saying what it changed, and takes every counter it bound
 * off again when it stops.  Nothing is ever bound without that request.
 *
 * One entry of the session's job table (job.h): on_reading (the first
 * starts the table; each later one, before the checks, is one more
 * reading), add_to_ctx, free (unbind).  The QPs themselves are read
 * by the RDMA resources producer with the rest of the snapshot, so a
 * saved snapshot, the demo host and a recording carry them too.
 */
#ifndef RS_QP_JOB_H
#define RS_QP_JOB_H

#include <stddef.h>

#include "diag/check.h"
#include "model/qp_track.h"

struct rs_session;
struct rs_job_ops;

/* A counter this session bound, until it is taken off. */
struct rs_qp_binding {
	char device[RS_NAME_LEN];
	unsigned port, lqpn, counter_id;
	uint64_t at_ns;
};

/* The job (jobs.c): a reading after each of the session's, before the
 * checks; its table in ctx->qps; every counter it bound taken off when
 * the session closes. */
extern const struct rs_job_ops rs_qp_job;

/* The followed QPs, or NULL before the first reading. */
const struct rs_qp_table *rs_session_qps(const struct rs_session *s);
/*
 * Bind a new per-QP counter to QP lqpn of dev (live host, CAP_NET_ADMIN,
 * a driver that counts per QP).  0, or -errno; msg says what was done or
 * why not, in words ("rxe0 cannot count per QP: ...").
 */
int rs_session_qp_bind(struct rs_session *s, const char *dev, unsigned lqpn, char *msg,
		       size_t len);
/* Take off the counter this session bound to that QP. */
int rs_session_qp_unbind(struct rs_session *s, const char *dev, unsigned lqpn, char *msg,
			 size_t len);
/* The counters bound by this session now (n of them). */
const struct rs_qp_binding *rs_session_qp_bindings(const struct rs_session *s, size_t *n);

#endif
