/* SPDX-License-Identifier: MIT */
/*
 * perf_job.h - the session's embedded tests: `rocescope bw|lat PEER ...
 * --json-lines` run as a child of the event loop, its lines parsed as they
 * come (src/perf/jsonl.h), what it said kept for the views, its outcome
 * kept for the checks (perf.pingpong, perf.bandwidth) and the peer's own
 * view it received handed to the peer.* checks (ctx->peer_view).
 *
 * One test at a time.  The child is this program itself (its path read
 * from /proc/self/exe), so a crash, a hang or a huge registration can
 * never take the console down: a child that ends without an "end" or
 * "error" line is reported as such, with its signal.  On the demo host a
 * test is a replay of a run recorded in the Soft-RoCE lab (profiles/demo/,
 * compiled in), paced by its own timestamps and labelled as a replay; a
 * saved snapshot or a fixture root cannot run one (-EOPNOTSUPP).
 *
 * Views hear RS_CHANGE_TEST for every batch of lines; the end also re-runs
 * the checks (RS_CHANGE_DATA) and logs an event.  rs_test_run_*() are the
 * pure part (lines in, state out) and are what the unit tests feed.
 */
#ifndef RS_SESSION_PERF_JOB_H
#define RS_SESSION_PERF_JOB_H

#include <stddef.h>
#include <stdint.h>

#include "diag/check.h"
#include "model/peer_view.h"
#include "perf/jsonl.h"
#include "perf/endpoint.h"
#include "runtime/loop.h"

struct rs_session;
struct rs_job_ops;

#define RS_TEST_SAMPLES 120		/* interval rates kept for the graph */
#define RS_TEST_NOTES 4
#define RS_TEST_LINE_MAX 16384		/* a longer line is dropped, and counted */

struct rs_test_diff {
	char what[32];
	char local[RS_PERF_STR_LEN];
	char remote[RS_PERF_STR_LEN];
	char text[RS_PERF_MSG_LEN];
};

/* What one run said so far, for the views. */
struct rs_test_run {
	enum rs_test_kind kind;
	char cmd[RS_MSG_LEN];		/* "rocescope bw 10.99.0.2 -D 5" */
	int replay;			/* a recording, not this host */
	char label[RS_MSG_LEN];		/* a replay's provenance */
	int running, stopping;		/* stopping: asked to stop (k) */
	uint64_t started_ns, ended_ns;	/* CLOCK_MONOTONIC */

	int started;			/* the start line came */
	uint64_t size, iterations;
	double duration_s;
	unsigned qps;
	int have_local, have_remote;
	struct rs_perf_view local, remote;
	struct rs_test_diff diffs[RS_PERF_MAX_DIFFS];
	int n_diffs;
	char notes[RS_TEST_NOTES][RS_PERF_MSG_LEN];
	int n_notes;

	/* Interval lines: Gb/s (bw) or round trips per second (lat). */
	double rate[RS_TEST_SAMPLES];	/* oldest first */
	size_t n_rate;
	unsigned long n_intervals;
	double last_t_s, interval_s;
	uint64_t last_iters;

	int have_result;
	struct rs_perf_line result;	/* the last result line */

	enum rs_test_end end;		/* 0 while running */
	char code[32], peer_code[32];
	char title[96];
	char message[RS_MSG_LEN];	/* the error's, or how the child ended */
	char check[RS_MSG_LEN];
	char status[RS_MSG_LEN];	/* "exit 0", "killed by SIGSEGV (core dumped)" */
	char err_tail[RS_MSG_LEN];	/* the child's last stderr line, escaped */
	unsigned bad_lines;		/* lines that did not parse or were too long */

	char *buf;			/* a line not complete yet */
	size_t len;
	int dropping;			/* inside a line longer than RS_TEST_LINE_MAX */
};

/* ----- the pure part */
void rs_test_run_begin(struct rs_test_run *r, enum rs_test_kind k, const char *cmd);
void rs_test_run_free(struct rs_test_run *r);
/* Bytes of the child's stdout, in any chunks; returns the lines applied. */
int rs_test_run_feed(struct rs_test_run *r, const char *buf, size_t len);
/* One whole line; 0, or -EINVAL when it does not parse (counted). */
int rs_test_run_line(struct rs_test_run *r, const char *line, size_t len);
/* Bytes of the child's stderr: its last line is kept, escaped. */
void rs_test_run_stderr(struct rs_test_run *r, const char *buf, size_t len);
/* The child ended (st NULL: a replay ran out); decides r->end. */
void rs_test_run_finish(struct rs_test_run *r, const struct rs_child_status *st);
/* The outcome the checks read. */
void rs_test_run_outcome(const struct rs_test_run *r, struct rs_test_outcome *o);
/* "bw" / "lat"; and "bandwidth" / "latency" for a person to read, in
 * their language (English in machine mode). */
const char *rs_test_kind_cmd(enum rs_test_kind k);
const char *rs_test_kind_name(enum rs_test_kind k);

/*
 * A recording: lines "SECONDS JSON" (SECONDS since the child started, as
 * the recorder saw each line arrive), '#' lines are comments, "# label:
 * TEXT" names it.  Next line from *pos; 1 with t, line, len set, 0 at the
 * end.
 */
int rs_test_recording_next(const char **pos, const char *end, double *t, const char **line,
			   size_t *len);
/* The label of a recording into buf ("" none). */
void rs_test_recording_label(const char *rec, size_t len, char *buf, size_t buflen);

/* ----- the session's job */
struct rs_test_spec {
	enum rs_test_kind kind;
	const char *options;		/* as after `rocescope bw PEER`: "-s 65536 -D 5" */
	uint64_t timeout_ns;		/* the loop kills it then (0: never; stop ends it) */
	const char *program;		/* NULL: this program */
};

/* Start on the session's loop (attached).  0, or -errno with err set:
 * -EBUSY a test runs, -EINVAL no peer, -EOPNOTSUPP a recorded host. */
int rs_session_test_start(struct rs_session *s, const struct rs_test_spec *spec, char *err,
			  size_t errlen);
/*
 * A wizard step's test: short (lat -n 100, bw -D 2), with the -x, -s, -q,
 * -t the user gave (params) and the step's device and port (dev NULL:
 * none), bounded.  _wait runs it to its end on a loop of its own (the
 * CLI; a replay is not paced there).
 */
int rs_session_test_step(struct rs_session *s, enum rs_test_kind k, const char *dev,
			 unsigned port, char *err, size_t errlen);
int rs_session_test_step_wait(struct rs_session *s, enum rs_test_kind k, const char *dev,
			      unsigned port, char *err, size_t errlen);
/* Ask the running test to stop (SIGTERM, SIGKILL 3 s later); a stopped
 * test leaves no outcome for the checks. */
void rs_session_test_stop(struct rs_session *s);
int rs_session_test_running(const struct rs_session *s);
/* The running or last run, NULL before the first. */
const struct rs_test_run *rs_session_test_run(const struct rs_session *s);
/* What the checks see (ctx->tests); never NULL. */
const struct rs_test_results *rs_session_test_results(const struct rs_session *s);
/* The peer's own view a real test received (ctx->peer_view); never NULL,
 * known 0 when none. */
const struct rs_peer_view *rs_session_peer_view(const struct rs_session *s);
/* Forget the outcome of kind k, or (-1: the peer changed) all of them
 * and the peer's view. */
void rs_session_test_forget(struct rs_session *s, int k);
/* The job (jobs.c): stopped when the session detaches, its outcomes and
 * the peer's view forgotten when the peer changes. */
extern const struct rs_job_ops rs_perf_job;

#endif
