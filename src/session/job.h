/* SPDX-License-Identifier: MIT */
/*
 * job.h - the session's background jobs, each an ops table as the
 * producers are (collect/producer.h), in one list as tmux's job.c keeps
 * its jobs.
 *
 * A job is work the session runs beside its producers: the probes, the
 * capture, the embedded tests, the recording, the replay of a recording,
 * the fix.  It fills no area of the snapshot; it may fill its own part of
 * the checks' context (the probes' results, the capture's verdicts, the
 * tests' outcomes).  The session knows none of them by name: it keeps one
 * list (rs_session_jobs[] in jobs.c, then rs_session_job_add()) and calls,
 * all optional:
 *
 *   start       the session is open (its source known), before the first
 *               reading
 *   on_reading  a reading ended (refresh 0: the first collection, a
 *               reload), before the checks run on it
 *   on_change   the session is about to tell its views what; returns more
 *               RS_CHANGE_ bits (a recording that ended: RS_CHANGE_EVENT)
 *   tick        the refresh timer fired: 1 when the job took it (a replay
 *               plays its recording), 0 lets the session refresh
 *   arm         the refresh timer is to be armed again: 1 when the job did
 *   add_to_ctx  fill its part of the checks' context
 *   on_peer     the peer changed: forget what was about the old one
 *   on_claim    a job says RDMA traffic runs now (why; NULL: no longer)
 *   stop        the loop goes (rs_session_detach): children, timers, files
 *   free        the session closes: release everything
 *
 * A job keeps its state behind j->priv (NULL until it needs some) and talks
 * back only through rs_job_*(): a line in the event log, the checks again,
 * "my part changed" for the views, a claim of traffic for the others.  Its
 * own functions for the views (rs_session_capture_start() ...) are declared
 * in session.h or its own header and find the state with rs_session_job().
 */
#ifndef RS_SESSION_JOB_H
#define RS_SESSION_JOB_H

#include <stddef.h>

struct rs_session;
struct rs_check_ctx;
struct rs_timer;
struct rs_job;

struct rs_job_ops {
	const char *name;
	void (*start)(struct rs_job *j);
	void (*on_reading)(struct rs_job *j, int refresh);
	unsigned (*on_change)(struct rs_job *j, unsigned what);
	int (*tick)(struct rs_job *j);
	int (*arm)(struct rs_job *j, struct rs_timer *tick);
	void (*add_to_ctx)(const struct rs_job *j, struct rs_check_ctx *ctx);
	void (*on_peer)(struct rs_job *j);
	void (*on_claim)(struct rs_job *j, const char *why);
	void (*stop)(struct rs_job *j);
	void (*free)(struct rs_job *j);
};

struct rs_job {
	const struct rs_job_ops *ops;
	struct rs_session *session;	/* the one it works for */
	void *priv;			/* the job's state, NULL none yet */
};

/* The jobs every session has, in the order they hear of things;
 * NULL-terminated (jobs.c: a new job is one more entry). */
extern const struct rs_job_ops *const rs_session_jobs[];

/* One more job for s (after rs_session_open(); a test's fake job): 0, or
 * -ENOSPC when RS_SESSION_MAX_JOBS are there.  Its start runs at once. */
int rs_session_job_add(struct rs_session *s, const struct rs_job_ops *ops);
/* The slot of the job of ops in s; NULL when s has none. */
struct rs_job *rs_session_job(const struct rs_session *s, const struct rs_job_ops *ops);
/* Its state (j->priv), NULL when s has no such job or it has none yet. */
void *rs_session_job_priv(const struct rs_session *s, const struct rs_job_ops *ops);

/* j's state (j->priv), made zeroed (size bytes) the first time. */
void *rs_job_state(struct rs_job *j, size_t size);

/* ----- what a job may tell the session */
void rs_job_log(struct rs_job *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Its part of the context changed: the checks run again, the views hear
 * RS_CHANGE_DATA. */
void rs_job_recheck(struct rs_job *j);
/* The views hear what (RS_CHANGE_CAPTURE, _TEST, _PROBE ...); the other
 * jobs' on_change first, as for every change. */
void rs_job_changed(struct rs_job *j, unsigned what);
/* RDMA traffic runs now because of why (NULL: no longer): every other
 * job's on_claim hears it (the capture then expects RoCE packets). */
void rs_job_claim(struct rs_job *j, const char *why);

#endif
