/* SPDX-License-Identifier: MIT */
/*
 * perf_job.c - the session's test job (perf_job.h): one `rocescope bw|lat
 * PEER ... --json-lines` child on the event loop, or on the demo a paced
 * replay of a recorded lab run; what it says goes through perf_run.c.
 *
 * While a real test runs the other jobs are told traffic is claimed
 * (rs_job_claim), so a capture that sees no RoCE packet then fails
 * capture.roce_v2.  The remote view a real run receives becomes the
 * checks' peer_view (the peer.* checks); a replay's does not, since its
 * two ends are the lab's, not this host and its peer.  A run the user
 * stopped leaves no outcome: stopping is not evidence of anything.
 */
#include "model/demo.h"
#include "i18n.h"
#include "perf/endpoint.h"
#include "session/perf_job.h"
#include "session/session.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_ARGS 40
#define KILL_AFTER_NS (3 * RS_NS_PER_S)		/* SIGTERM did not end it: SIGKILL */
#define STEP_BOUND_NS (120 * RS_NS_PER_S)	/* a wizard step's test */

struct rs_session_test {
	struct rs_session *s;
	struct rs_job *job;		/* its slot in the session */
	struct rs_loop *l;		/* the loop the run is on */
	struct rs_child *child;
	struct rs_timer *pace;		/* a replay: its next line */
	struct rs_timer *escalate;	/* SIGKILL after a stop */
	struct rs_test_run run;
	int have_run;
	struct rs_test_outcome out[RS_TEST_KINDS];
	struct rs_test_results res;
	const char *rec, *rec_pos, *rec_end;	/* a replay's recording */
	uint64_t rec_t0;
	struct rs_peer_view peer_view;	/* the peer's own view, when known */
};

static const struct rs_test_results live_none = { .can_run = 1 };
static const struct rs_test_results recorded_none = { .can_run = 0 };
static const struct rs_peer_view no_view;

static struct rs_session_test *get(const struct rs_session *s)
{
	return rs_session_job_priv(s, &rs_perf_job);
}

/* Made when first needed: what the source can do is read then. */
static struct rs_session_test *job(struct rs_session *s)
{
	struct rs_job *jb = rs_session_job(s, &rs_perf_job);
	int first = !jb->priv;
	struct rs_session_test *j = rs_job_state(jb, sizeof(*j));

	if (first)
		j->res.can_run = rs_session_can_test(s);
	j->s = s;
	j->job = jb;
	return j;
}

/* This program, as a path the child can exec (valgrind and ASan builds
 * too: readlink gives the program, not the tool).  RS_TEST_PROGRAM names
 * another (a wrapper; the screen tests' stand-in for a run that hangs). */

/* The device of this end is software RoCE: the snapshot's generation, or
 * (a replay, a device not here) its name. */
static int soft_device(const struct rs_session *s, const char *dev)
{
	for (size_t i = 0; i < s->snap.n_devices; i++)
		if (!strcmp(s->snap.devices[i].name, dev))
			return !strncmp(s->snap.devices[i].generation, "Soft-", 5);
	return !strncmp(dev, "rxe", 3) || !strncmp(dev, "siw", 3);
}

/* The run ended: its outcome for the checks (unless it was stopped), the
 * claim of traffic withdrawn, the checks again, the views told. */
static void ended(struct rs_session_test *j)
{
	struct rs_session *s = j->s;
	struct rs_test_run *r = &j->run;
	int stopped = r->stopping && (r->end == RS_TEST_DIED || !strcmp(r->code, "interrupted"));

	r->ended_ns = rs_now_ns();
	rs_timer_del(j->escalate);
	rs_timer_del(j->pace);
	j->escalate = j->pace = NULL;
	if (!r->replay)
		rs_job_claim(j->job, NULL);
	if (stopped) {
		j->res.of[r->kind] = NULL;
		rs_job_log(j->job, "test: %s stopped", r->cmd);
	} else {
		rs_test_run_outcome(r, &j->out[r->kind]);
		j->out[r->kind].soft = soft_device(s, r->local.device);
		j->res.of[r->kind] = &j->out[r->kind];
		if (r->end == RS_TEST_PASSED)
			rs_job_log(j->job, "test: %s passed", r->cmd);
		else
			rs_job_log(j->job, "test: %s: %s: %s", r->cmd, r->title, r->message);
	}
	rs_job_recheck(j->job);
	rs_job_changed(j->job, RS_CHANGE_TEST | RS_CHANGE_EVENT);
}

/* Lines came: the views hear; a real run's remote view joins the checks. */
static void took_lines(struct rs_session_test *j, int had_remote)
{
	if (!had_remote && j->run.have_remote && !j->run.replay) {
		rs_perf_view_to_peer(&j->run.remote, &j->peer_view);
		rs_job_recheck(j->job);
	}
	rs_job_changed(j->job, RS_CHANGE_TEST);
}

static void on_output(struct rs_child *c, int stream, const char *buf, size_t len, void *arg)
{
	struct rs_session_test *j = arg;
	int had = j->run.have_remote;

	if (stream == 2) {
		rs_test_run_stderr(&j->run, buf, len);
		return;
	}
	if (rs_test_run_feed(&j->run, buf, len))
		took_lines(j, had);
}

static void on_exit_child(struct rs_child *c, const struct rs_child_status *st, void *arg)
{
	struct rs_session_test *j = arg;

	j->child = NULL;
	rs_test_run_finish(&j->run, st);
	ended(j);
}

static void on_escalate(struct rs_timer *t, void *arg)
{
	struct rs_session_test *j = arg;

	if (j->child)
		rs_child_kill(j->child, SIGKILL);
}

/* A replay: every line that fell due, then the timer to the next one. */
static void on_pace(struct rs_timer *t, void *arg)
{
	struct rs_session_test *j = arg;
	double elapsed = (double)(rs_loop_now(j->l) - j->rec_t0) / 1e9, at;
	int had = j->run.have_remote, n = 0, more = 0;
	const char *line, *pos;
	size_t len;

	for (;;) {
		pos = j->rec_pos;
		if (!rs_test_recording_next(&pos, j->rec_end, &at, &line, &len))
			break;
		if (at > elapsed) {
			rs_timer_arm(j->pace, (uint64_t)((at - elapsed) * 1e9) + 1, 0);
			more = 1;
			break;
		}
		j->rec_pos = pos;
		rs_test_run_line(&j->run, line, len);
		n++;
	}
	if (n)
		took_lines(j, had);
	if (!more) {
		rs_test_run_finish(&j->run, NULL);
		ended(j);
	}
}

static void replay_begin(struct rs_session_test *j, enum rs_test_kind k)
{
	struct rs_test_run *r = &j->run;
	const char *rec = k == RS_TEST_BW ? rs_demo_test_bw : rs_demo_test_lat;
	size_t len = strlen(rec);
	char cmd[RS_MSG_LEN];

	rs_test_recording_label(rec, len, cmd, sizeof(cmd));
	rs_test_run_begin(r, k, "");
	/* "# label: PROVENANCE | COMMAND" */
	{
		char *bar = strstr(cmd, " | ");

		if (bar) {
			*bar = '\0';
			RS_STRCPY(r->cmd, bar + 3);
		}
		snprintf(r->label, sizeof(r->label), "%s", cmd);
	}
	r->replay = 1;
	j->rec = j->rec_pos = rec;
	j->rec_end = rec + len;
}

/* "rocescope bw PEER OPTIONS" for people; argv for the child. */
static int build_argv(const struct rs_session *s, const struct rs_test_spec *spec,
		      char *words, const char **argv, char *cmd, size_t cmdlen)
{
	size_t n = 0;
	char *save = NULL, *w;

	argv[n++] = spec->program ? spec->program : getenv("RS_TEST_PROGRAM") ?
		    getenv("RS_TEST_PROGRAM") : rs_self_exe();
	argv[n++] = rs_test_kind_cmd(spec->kind);
	argv[n++] = s->peer;
	snprintf(words, 256, "%s", spec->options ? spec->options : "");
	for (w = strtok_r(words, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		if (n >= MAX_ARGS - 2)
			return -E2BIG;
		argv[n++] = w;
	}
	argv[n++] = "--json-lines";
	argv[n] = NULL;
	snprintf(cmd, cmdlen, "rocescope %s %s", rs_test_kind_cmd(spec->kind), s->peer);
	for (size_t i = 3; i < n - 1; i++) {
		size_t used = strlen(cmd);

		if (used + 1 < cmdlen) {
			cmd[used] = ' ';
			rs_escape_text(cmd + used + 1, cmdlen - used - 1, argv[i], strlen(argv[i]));
		}
	}
	return 0;
}

static int refuse(struct rs_session *s, char *err, size_t errlen)
{
	const struct rs_session_test *j = get(s);

	if (!rs_session_can_test(s)) {
		snprintf(err, errlen, _("tests need the live host (source: %s)"), s->label);
		return -EOPNOTSUPP;
	}
	if (j && (j->child || j->pace)) {
		snprintf(err, errlen, _("a test runs already: %s (k stops it)"), j->run.cmd);
		return -EBUSY;
	}
	if (!rs_session_is_demo(s) && !s->peer[0]) {
		snprintf(err, errlen, _("no peer: the test needs the peer's address (p)"));
		return -EINVAL;
	}
	return 0;
}

static int spawn(struct rs_session_test *j, const struct rs_test_spec *spec, char *err,
		 size_t errlen)
{
	const char *argv[MAX_ARGS];
	char words[256], cmd[RS_MSG_LEN], claim[RS_MSG_LEN];
	struct rs_child_spec cs = {
		.argv = argv, .stdin_fd = -1, .timeout_ns = spec->timeout_ns,
		.on_output = on_output, .on_exit = on_exit_child, .arg = j,
	};

	if (build_argv(j->s, spec, words, argv, cmd, sizeof(cmd))) {
		snprintf(err, errlen, "too many options");
		return -E2BIG;
	}
	rs_test_run_begin(&j->run, spec->kind, cmd);
	j->have_run = 1;
	j->child = rs_child_spawn(j->l, &cs, err, errlen);
	if (!j->child) {
		/* That is the outcome: a step waiting for it goes on. */
		j->run.running = 0;
		j->run.end = RS_TEST_DIED;
		RS_STRCPY(j->run.code, "died");
		RS_STRCPY(j->run.title, "the test could not start");
		snprintf(j->run.message, sizeof(j->run.message), "%s", err);
		ended(j);
		return -EAGAIN;
	}
	j->run.started_ns = rs_now_ns();
	snprintf(claim, sizeof(claim), "%.240s runs", cmd);
	rs_job_claim(j->job, claim);
	return 0;
}

/* Start on loop l: a child, or (the demo) a replay; paced 0: all at once. */
static int start_on(struct rs_session *s, struct rs_loop *l, const struct rs_test_spec *spec,
		    int paced, char *err, size_t errlen)
{
	struct rs_session_test *j;
	int r = refuse(s, err, errlen);

	if (r)
		return r;
	j = job(s);
	j->l = l;
	if (!rs_session_is_demo(s)) {
		r = spawn(j, spec, err, errlen);
		rs_job_changed(j->job, RS_CHANGE_TEST);
		return r;
	}
	replay_begin(j, spec->kind);
	j->have_run = 1;
	j->run.started_ns = rs_now_ns();
	j->rec_t0 = l ? rs_loop_now(l) : 0;
	if (paced) {
		j->pace = rs_timer_add(l, on_pace, j);
		rs_timer_arm(j->pace, 1, 0);
	} else {
		const char *line;
		double t;
		size_t len;

		while (rs_test_recording_next(&j->rec_pos, j->rec_end, &t, &line, &len))
			rs_test_run_line(&j->run, line, len);
		rs_test_run_finish(&j->run, NULL);
		ended(j);
	}
	rs_job_changed(j->job, RS_CHANGE_TEST);
	return 0;
}

int rs_session_test_start(struct rs_session *s, const struct rs_test_spec *spec, char *err,
			  size_t errlen)
{
	if (!s->loop) {
		snprintf(err, errlen, _("a test runs on the event loop (attach the session)"));
		return -EINVAL;
	}
	return start_on(s, s->loop, spec, 1, err, errlen);
}

/* A step's options: short, and what the user gave for the walk. */
static void step_options(const struct rs_session *s, enum rs_test_kind k, const char *dev,
			 unsigned port, char *buf, size_t len)
{
	const struct rs_check_params *p = &s->params;
	size_t n = (size_t)snprintf(buf, len, "%s", k == RS_TEST_LAT ? "-n 100" : "-D 2");

#define ADD(...) (n += n < len ? (size_t)snprintf(buf + n, len - n, __VA_ARGS__) : 0)
	if (dev && dev[0] && !strchr(dev, ' '))
		ADD(" -d %s -i %u", dev, port ? port : 1);
	if (p->gid_index >= 0)
		ADD(" -x %d", p->gid_index);
	if (k == RS_TEST_BW && p->msg_size)
		ADD(" -s %llu", (unsigned long long)p->msg_size);
	if (k == RS_TEST_BW && p->qps)
		ADD(" -q %u", p->qps);
	if (k == RS_TEST_BW && p->tx_depth)
		ADD(" -t %u", p->tx_depth);
#undef ADD
}

int rs_session_test_step(struct rs_session *s, enum rs_test_kind k, const char *dev,
			 unsigned port, char *err, size_t errlen)
{
	char opts[256];
	struct rs_test_spec spec = { .kind = k, .options = opts, .timeout_ns = STEP_BOUND_NS };

	step_options(s, k, dev, port, opts, sizeof(opts));
	return rs_session_test_start(s, &spec, err, errlen);
}

int rs_session_test_step_wait(struct rs_session *s, enum rs_test_kind k, const char *dev,
			      unsigned port, char *err, size_t errlen)
{
	char opts[256];
	struct rs_test_spec spec = { .kind = k, .options = opts, .timeout_ns = STEP_BOUND_NS };
	struct rs_loop *l;
	int ret;

	step_options(s, k, dev, port, opts, sizeof(opts));
	if (rs_session_is_demo(s))
		return start_on(s, NULL, &spec, 0, err, errlen);
	l = rs_loop_new();
	ret = start_on(s, l, &spec, 0, err, errlen);
	while (!ret && get(s)->child)
		if (rs_loop_run_once(l, -1) < 0)
			ret = -EIO;
	rs_loop_free(l);
	if (get(s))
		get(s)->l = NULL;
	return ret;
}

void rs_session_test_stop(struct rs_session *s)
{
	struct rs_session_test *j = get(s);

	if (!j || !j->run.running)
		return;
	j->run.stopping = 1;
	if (j->pace) {			/* a replay stops where it is */
		rs_test_run_finish(&j->run, NULL);
		RS_STRCPY(j->run.status, "stopped");
		ended(j);
		return;
	}
	if (!j->child)
		return;
	rs_child_kill(j->child, SIGTERM);
	if (!j->escalate) {
		j->escalate = rs_timer_add(j->l, on_escalate, j);
		rs_timer_arm(j->escalate, KILL_AFTER_NS, 0);
	}
}

int rs_session_test_running(const struct rs_session *s)
{
	const struct rs_session_test *j = get(s);

	return j && j->run.running;
}

const struct rs_test_run *rs_session_test_run(const struct rs_session *s)
{
	const struct rs_session_test *j = get(s);

	return j && j->have_run ? &j->run : NULL;
}

const struct rs_test_results *rs_session_test_results(const struct rs_session *s)
{
	const struct rs_session_test *j = get(s);

	if (j)
		return &j->res;
	return rs_session_can_test(s) ? &live_none : &recorded_none;
}

const struct rs_peer_view *rs_session_peer_view(const struct rs_session *s)
{
	const struct rs_session_test *j = get(s);

	return j ? &j->peer_view : &no_view;
}

void rs_session_test_forget(struct rs_session *s, int k)
{
	struct rs_session_test *j = get(s);

	if (j && k < 0)
		memset(&j->peer_view, 0, sizeof(j->peer_view));
	for (int i = 0; j && i < RS_TEST_KINDS; i++)
		if (k < 0 || k == i)
			j->res.of[i] = NULL;
}

/* ----- the job */

static void add_to_ctx(const struct rs_job *jb, struct rs_check_ctx *ctx)
{
	const struct rs_peer_view *v = rs_session_peer_view(jb->session);

	ctx->tests = rs_session_test_results(jb->session);
	ctx->peer_view = v->known ? v : NULL;
}

static void on_peer(struct rs_job *jb)
{
	rs_session_test_forget(jb->session, -1);
}

/* Detach and close: the child and the timers go with the loop, and what
 * the runs said with them. */
static void stop(struct rs_job *jb)
{
	struct rs_session_test *j = jb->priv;

	if (!j)
		return;
	if (j->child) {
		rs_child_forget(j->child);
		rs_child_kill(j->child, SIGKILL);
	}
	rs_timer_del(j->pace);
	rs_timer_del(j->escalate);
	rs_test_run_free(&j->run);
	free(j);
	jb->priv = NULL;
}

const struct rs_job_ops rs_perf_job = {
	.name = "tests",
	.add_to_ctx = add_to_ctx,
	.on_peer = on_peer,
	.stop = stop,
};
