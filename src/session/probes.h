/* SPDX-License-Identifier: MIT */
/*
 * probes.h - the session's probes (probes.c), one of its jobs (job.h):
 * each probe towards the peer runs in a child on the loop; the latest
 * result of each kind joins the checks' context (ctx->probes).
 */
#ifndef RS_SESSION_PROBES_H
#define RS_SESSION_PROBES_H

#include "probe/probe.h"

struct rs_session;
struct rs_job_ops;

/*
 * Probes towards the peer, each in a child process (a probe that crashes or
 * hangs is reported, never the session's death).  _wait runs it and waits
 * (the commands); _start runs it on the loop and reports RS_CHANGE_PROBE.
 * The result joins the checks' context; _forget drops it (before a re-run,
 * and for all kinds when the peer changes).
 */
int rs_session_probe_wait(struct rs_session *s, enum rs_probe_kind k);
int rs_session_probe_start(struct rs_session *s, enum rs_probe_kind k);
int rs_session_probe_running(const struct rs_session *s, enum rs_probe_kind k);
void rs_session_probe_forget(struct rs_session *s, enum rs_probe_kind k);

/* The job (jobs.c): its children are killed when the session detaches,
 * its results forgotten when the peer changes. */
extern const struct rs_job_ops rs_probes_job;


#endif
