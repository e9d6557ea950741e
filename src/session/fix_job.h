/* SPDX-License-Identifier: MIT */
/*
 * fix_job.h - the session's fix job (fix_job.c), one of its jobs (job.h).
 */
#ifndef RS_SESSION_FIX_JOB_H
#define RS_SESSION_FIX_JOB_H

#include "snapshot.h"

struct rs_session;
struct rs_job_ops;

/*
 * The fix job (fix_job.c): `rocescope fix ARGS` (with the session's root
 * and peer) in a child on the loop; when it ends the host is read again
 * and the change callback says RS_CHANGE_DATA.  One at a time.
 */
struct rs_session_fix_end {
	int running;
	int code;			/* the command's exit code, -1 killed */
	char what[64];			/* "apply net.arp_flux", "undo" */
	char status[64];		/* "exit 5" */
	char message[RS_MSG_LEN];	/* its last line that says how it went */
};
int rs_session_fix_start(struct rs_session *s, const char *const *args, const char *what,
			 char *err, size_t errlen);
/* The running or last fix, NULL none yet. */
const struct rs_session_fix_end *rs_session_fix_end(const struct rs_session *s);

/* The job (jobs.c). */
extern const struct rs_job_ops rs_fix_job;


#endif
