/* SPDX-License-Identifier: MIT */
/*
 * record_job.h - recording the session to a file (record_job.c), one of
 * its jobs (job.h): it hears every change before the views do.
 */
#ifndef RS_SESSION_RECORD_JOB_H
#define RS_SESSION_RECORD_JOB_H

#include <stddef.h>
#include <stdint.h>

struct rs_session;
struct rs_job_ops;

/*
 * Recording (record_job.c, docs/recording.md): every reading from now on
 * is appended to path: the host first, then one sample per refresh, host
 * and findings records when they change.  A source that does not move (a
 * saved snapshot, a replay) is refused.  A file that exists is refused
 * (-EEXIST, err says whether it is a recording) unless mode is FORCE
 * (emptied) or APPEND (a recording of the same host and counters goes on;
 * anything else is refused with the reason); on success err says what was
 * found ("appending to ..."), or is "".  The path is opened as util_out.h
 * says.  _stop ends the file and syncs it; msg says what was kept.  _info:
 * 1 and the figures of this recording while it runs, else 0.  _note
 * writes what changed (the job's on_change: every change, before the
 * views hear of it).
 */
enum rs_rec_mode { RS_REC_NEW, RS_REC_FORCE, RS_REC_APPEND };
int rs_session_record_start(struct rs_session *s, const char *path, enum rs_rec_mode mode,
			    char *err, size_t errlen);
int rs_session_record_stop(struct rs_session *s, char *msg, size_t msglen);
int rs_session_record_info(const struct rs_session *s, const char **path,
			   unsigned long *samples, uint64_t *bytes);
unsigned rs_session_record_note(struct rs_session *s, unsigned what);

/* The job (jobs.c). */
extern const struct rs_job_ops rs_record_job;


#endif
