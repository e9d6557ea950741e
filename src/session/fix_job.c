/* SPDX-License-Identifier: MIT */
/*
 * fix_job.c - the session's fix job: `rocescope fix ... --apply` (or
 * `--undo`) run as a child on the loop, so the console stays live while
 * the host changes and the journal, the lock and the privileges are the
 * command's own (docs/fix.md).  When the child ends the session reads the
 * whole host again and runs the checks: the change is seen at once.
 *
 * The child gets the session's root and peer; its output is kept (the
 * last few lines) to say what happened, its exit code is the command's
 * (0 nothing to do, 5 all fixed, 1 some not fixed, 4 could not run).
 */
#include "runtime/loop.h"
#include "i18n.h"
#include "session/fix_job.h"
#include "session/session.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 48
#define FIX_TIMEOUT_NS (120ULL * 1000000000ULL)	/* a DF probe or a module load is seconds */

struct rs_session_fix {
	struct rs_session *s;
	struct rs_job *job;		/* its slot in the session */
	struct rs_child *child;
	char out[2048];			/* the end of what the child printed */
	size_t n_out;
	struct rs_session_fix_end end;
};

static void on_output(struct rs_child *c, int stream, const char *buf, size_t len, void *arg)
{
	struct rs_session_fix *j = arg;

	/* Keep the tail: the outcome lines come last. */
	if (len >= sizeof(j->out) - 1) {
		buf += len - (sizeof(j->out) - 1);
		len = sizeof(j->out) - 1;
	}
	if (j->n_out + len >= sizeof(j->out)) {
		size_t drop = j->n_out + len - (sizeof(j->out) - 1);

		memmove(j->out, j->out + drop, j->n_out - drop);
		j->n_out -= drop;
	}
	memcpy(j->out + j->n_out, buf, len);
	j->n_out += len;
	j->out[j->n_out] = '\0';
}

/* The line that says how it went: "some not fixed...", "rocescope: ..." */
static void last_words(struct rs_session_fix *j)
{
	char *line = NULL, *save = NULL;

	for (char *l = strtok_r(j->out, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		if (!strncmp(l, "rocescope: ", 11) || !strncmp(l, "change set ", 11) ||
		    !strncmp(l, "some not fixed", 14) || !strncmp(l, "nothing to ", 11))
			line = l;
	snprintf(j->end.message, sizeof(j->end.message), "%s", line ? line : "");
}

static void on_exit_child(struct rs_child *c, const struct rs_child_status *st, void *arg)
{
	struct rs_session_fix *j = arg;
	struct rs_session *s = j->s;
	char err[RS_MSG_LEN];

	j->child = NULL;
	j->end.running = 0;
	j->end.code = st->exited ? st->code : -1;
	rs_child_status_text(st, j->end.status, sizeof(j->end.status));
	last_words(j);
	rs_job_log(j->job, "fix: %s: %s%s%s", j->end.what, j->end.status,
		   j->end.message[0] ? ": " : "", j->end.message);
	if (rs_session_reload(s, err, sizeof(err)))
		rs_job_log(j->job, "fix: reading the host again: %s", err);
	rs_job_changed(j->job, RS_CHANGE_DATA | RS_CHANGE_EVENT);
}

int rs_session_fix_start(struct rs_session *s, const char *const *args, const char *what,
			 char *err, size_t errlen)
{
	const char *argv[MAX_ARGS];
	size_t n = 0;
	struct rs_child_spec cs = {
		.argv = argv, .stdin_fd = -1, .timeout_ns = FIX_TIMEOUT_NS,
		.on_output = on_output, .on_exit = on_exit_child,
	};
	struct rs_job *jb = rs_session_job(s, &rs_fix_job);
	struct rs_session_fix *j = jb->priv;

	if (!rs_session_can_fix(s)) {
		snprintf(err, errlen, _("a recorded host cannot be changed (source: %s)"), s->label);
		return -EOPNOTSUPP;
	}
	if (!s->loop || (j && j->child)) {
		snprintf(err, errlen, "%s", _(s->loop ? N_("a fix runs already") : N_("no event loop")));
		return -EBUSY;
	}
	j = rs_job_state(jb, sizeof(*j));
	memset(&j->end, 0, sizeof(j->end));
	j->s = s;
	j->job = jb;
	j->n_out = 0;
	j->out[0] = '\0';
	argv[n++] = rs_self_exe();
	argv[n++] = "fix";
	if (rs_session_is_recorded(s)) {	/* a fixture root */
		argv[n++] = "--root";
		argv[n++] = rs_root();
	}
	if (s->peer[0]) {
		argv[n++] = "--peer";
		argv[n++] = s->peer;
	}
	while (*args && n < MAX_ARGS - 1)
		argv[n++] = *args++;
	argv[n] = NULL;
	cs.arg = j;
	RS_STRCPY(j->end.what, what);
	j->child = rs_child_spawn(s->loop, &cs, err, errlen);
	if (!j->child)
		return -EAGAIN;
	j->end.running = 1;
	rs_job_log(jb, "fix: %s started", what);
	return 0;
}

const struct rs_session_fix_end *rs_session_fix_end(const struct rs_session *s)
{
	const struct rs_session_fix *j = rs_session_job_priv(s, &rs_fix_job);

	return j ? &j->end : NULL;
}

/* Close: a fix that runs goes on to its end (the loop still reaps it);
 * only its news is dropped. */
static void free_job(struct rs_job *jb)
{
	struct rs_session_fix *j = jb->priv;

	if (!j)
		return;
	if (j->child)
		rs_child_forget(j->child);
	free(j);
	jb->priv = NULL;
}

const struct rs_job_ops rs_fix_job = {
	.name = "fix",
	.free = free_job,
};
