/* SPDX-License-Identifier: MIT */
/*
 * capture_job.h - the session's capture (capture_job.c), one of its jobs
 * (job.h): its verdicts join the checks' context (ctx->capture).
 */
#ifndef RS_SESSION_CAPTURE_JOB_H
#define RS_SESSION_CAPTURE_JOB_H

#include <stddef.h>

struct rs_session;
struct rs_capture;
struct rs_capture_spec;
struct rs_cap_verdicts;
struct rs_capture_ctx;
struct rs_job_ops;

/*
 * The capture (capture_job.c): one at a time, on the loop (the session
 * must be attached).  Its packets are dispatched 256 at a time from the
 * source's fd and a 250 ms timer (a file: a timer at the replay's pace);
 * RS_CHANGE_CAPTURE comes at most every 250 ms.  Its verdicts join the
 * checks' context (capture.roce_v2, capture.wire_health).  A start that
 * fails (no permission, no such interface) keeps no capture and says why
 * in err, and in rs_session_capture_error() for the views.
 */
int rs_session_capture_start(struct rs_session *s, const struct rs_capture_spec *spec,
			     char *err, size_t errlen);
/* The bundled demo capture, replayed in a loop at its own pace. */
int rs_session_capture_demo(struct rs_session *s, char *err, size_t errlen);
void rs_session_capture_stop(struct rs_session *s);
/* Paused: no dispatch (a file waits; a live source's kernel buffer fills,
 * then drops, and the drop count says so). */
void rs_session_capture_pause(struct rs_session *s, int paused);
int rs_session_capture_paused(const struct rs_session *s);
/* Start (path) or stop (NULL) writing what is captured to a pcap file. */
int rs_session_capture_write(struct rs_session *s, const char *path, char *err, size_t errlen);
/* The running capture and its verdicts, or NULL. */
const struct rs_capture *rs_session_capture(const struct rs_session *s);
const struct rs_cap_verdicts *rs_session_capture_verdicts(const struct rs_session *s);
/* Why the last start failed or the capture ended; "" when none. */
const char *rs_session_capture_error(const struct rs_session *s);
/* Something says RDMA traffic runs now (NULL: no longer): a capture that
 * sees no RoCE packet then fails capture.roce_v2.  The other jobs say it
 * with rs_job_claim() (job.h), which lands here. */
void rs_session_capture_claim(struct rs_session *s, const char *why);
/* What the checks see of the capture (NULL: none running). */
const struct rs_capture_ctx *rs_session_capture_ctx(const struct rs_session *s);
/* The job (jobs.c): stopped and forgotten when the session detaches. */
extern const struct rs_job_ops rs_capture_job;


#endif
