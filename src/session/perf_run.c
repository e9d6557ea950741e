/* SPDX-License-Identifier: MIT */
/*
 * perf_run.c - the pure part of the test job (perf_job.h): the child's
 * bytes become lines, each line is parsed with rs_perf_line_parse() (the
 * one parser of --json-lines) and applied to the run's state; the child's
 * end decides the outcome.  No I/O, no clock but what the caller gives.
 *
 * Bounds: a partial line is kept up to RS_TEST_LINE_MAX bytes, a longer
 * one is dropped whole and counted; the graph keeps the last
 * RS_TEST_SAMPLES intervals; notes and differences have fixed slots.
 * Strings stay as the child wrote them (it escapes what came from the
 * peer); the views print them through the console's pen.
 */
#include "i18n.h"
#include "session/perf_job.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_cmd[RS_TEST_KINDS] = { "lat", "bw" };
/* TRANSLATORS: the kind of a test, inside sentences ("the %s test"). */
static const char *const kind_name[RS_TEST_KINDS] = { N_("latency"), N_("bandwidth") };

const char *rs_test_kind_cmd(enum rs_test_kind k)
{
	return (unsigned)k < RS_TEST_KINDS ? kind_cmd[k] : "?";
}

const char *rs_test_kind_name(enum rs_test_kind k)
{
	return (unsigned)k < RS_TEST_KINDS ? _(kind_name[k]) : "?";
}

void rs_test_run_begin(struct rs_test_run *r, enum rs_test_kind k, const char *cmd)
{
	free(r->buf);
	memset(r, 0, sizeof(*r));
	r->kind = k;
	RS_STRCPY(r->cmd, cmd);
	r->running = 1;
}

void rs_test_run_free(struct rs_test_run *r)
{
	free(r->buf);
	r->buf = NULL;
	r->len = 0;
}

/* An interval line: the rate of that interval joins the graph. */
static void interval(struct rs_test_run *r, const struct rs_perf_line *l)
{
	double dt = l->t_s - r->last_t_s, v;

	if (l->n <= 1 || l->t_s < r->last_t_s)	/* a new size of a sweep starts over */
		dt = l->t_s;
	if (r->kind == RS_TEST_BW)
		v = l->gbps;
	else
		v = dt > 0 && l->iterations >= r->last_iters ?
		    (double)(l->iterations - (l->n <= 1 ? 0 : r->last_iters)) / dt : 0;
	if (dt > 0)
		r->interval_s = dt;
	r->last_t_s = l->t_s;
	r->last_iters = l->iterations;
	r->n_intervals++;
	if (r->n_rate == RS_TEST_SAMPLES) {
		memmove(r->rate, r->rate + 1, (RS_TEST_SAMPLES - 1) * sizeof(r->rate[0]));
		r->n_rate--;
	}
	r->rate[r->n_rate++] = v;
}

static void start_line(struct rs_test_run *r, const struct rs_perf_line *l)
{
	r->started = 1;
	r->size = l->size;
	r->iterations = l->iterations;
	r->duration_s = l->duration_s;
	r->qps = (unsigned)l->qps;
}

static void error_line(struct rs_test_run *r, const struct rs_perf_line *l)
{
	r->end = RS_TEST_FAILED;
	RS_STRCPY(r->code, l->code);
	RS_STRCPY(r->peer_code, l->peer_code);
	RS_STRCPY(r->title, l->title);
	RS_STRCPY(r->message, l->message);
	RS_STRCPY(r->check, l->check);
}

static void apply(struct rs_test_run *r, const struct rs_perf_line *l)
{
	struct rs_test_diff *d;

	switch (l->type) {
	case RS_LINE_START:
		start_line(r, l);
		break;
	case RS_LINE_VIEW:
		if (!strcmp(l->side, "remote")) {
			r->remote = l->view;
			r->have_remote = 1;
		} else {
			r->local = l->view;
			r->have_local = 1;
		}
		break;
	case RS_LINE_DIFF:
		if (r->n_diffs >= RS_PERF_MAX_DIFFS)
			break;
		d = &r->diffs[r->n_diffs++];
		RS_STRCPY(d->what, l->what);
		RS_STRCPY(d->local, l->local);
		RS_STRCPY(d->remote, l->remote);
		RS_STRCPY(d->text, l->text);
		break;
	case RS_LINE_NOTE:
		if (r->n_notes < RS_TEST_NOTES)
			RS_STRCPY(r->notes[r->n_notes++], l->text);
		break;
	case RS_LINE_INTERVAL:
		interval(r, l);
		break;
	case RS_LINE_RESULT:
		r->result = *l;
		r->have_result = 1;
		break;
	case RS_LINE_END:
		r->end = RS_TEST_PASSED;
		break;
	case RS_LINE_ERROR:
		error_line(r, l);
		break;
	default:
		break;		/* a newer writer's line type: nothing to show */
	}
}

int rs_test_run_line(struct rs_test_run *r, const char *line, size_t len)
{
	struct rs_perf_line *l = rs_xmalloc(sizeof(*l));
	int ret = rs_perf_line_parse(line, len, l);

	if (ret)
		r->bad_lines++;
	else
		apply(r, l);
	free(l);
	return ret;
}

int rs_test_run_feed(struct rs_test_run *r, const char *buf, size_t len)
{
	int lines = 0;

	while (len) {
		const char *nl = memchr(buf, '\n', len);
		size_t n = nl ? (size_t)(nl - buf) : len;

		if (!r->dropping && r->len + n > RS_TEST_LINE_MAX) {
			r->dropping = 1;	/* too long: the rest of it is skipped */
			r->bad_lines++;
			r->len = 0;
		}
		if (!r->dropping) {
			r->buf = rs_xrealloc(r->buf, r->len + n + 1);
			memcpy(r->buf + r->len, buf, n);
			r->len += n;
		}
		if (!nl)
			break;
		if (!r->dropping && r->len) {
			rs_test_run_line(r, r->buf, r->len);
			lines++;
		}
		r->dropping = 0;
		r->len = 0;
		buf = nl + 1;
		len -= n + 1;
	}
	return lines;
}

void rs_test_run_stderr(struct rs_test_run *r, const char *buf, size_t len)
{
	/* The last non-empty line of this chunk; a line cut between chunks
	 * shows its end, which is where a message says what went wrong. */
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
		len--;
	if (!len)
		return;
	for (size_t i = len; i > 0; i--)
		if (buf[i - 1] == '\n') {
			buf += i;
			len -= i;
			break;
		}
	rs_escape_text(r->err_tail, sizeof(r->err_tail), buf, len);
}

/* Neither "end" nor "error": say how the child ended, and what to do. */
static void died(struct rs_test_run *r)
{
	r->end = RS_TEST_DIED;
	RS_STRCPY(r->code, "died");
	RS_STRCPY(r->title, "the test ended without a result");
	if (r->err_tail[0])
		snprintf(r->message, sizeof(r->message), "%.80s; its last words: %.150s", r->status,
			 r->err_tail);
	else
		snprintf(r->message, sizeof(r->message), "%.200s, and said nothing", r->status);
	snprintf(r->check, sizeof(r->check), "run it by hand to see its own output: %.200s",
		 r->cmd);
}

void rs_test_run_finish(struct rs_test_run *r, const struct rs_child_status *st)
{
	if (r->dropping || r->len)	/* a last line without its newline */
		rs_test_run_feed(r, "\n", 1);
	r->running = 0;
	if (st)
		rs_child_status_text(st, r->status, sizeof(r->status));
	else
		RS_STRCPY(r->status, r->end ? "replayed" : "the recording ended");
	if (!r->end)
		died(r);
}

void rs_test_run_outcome(const struct rs_test_run *r, struct rs_test_outcome *o)
{
	const struct rs_perf_line *res = &r->result;

	memset(o, 0, sizeof(*o));
	o->kind = r->kind;
	o->end = r->end;
	o->replay = r->replay;
	if (r->replay)
		snprintf(o->source, sizeof(o->source), "replay of %.110s: %.120s", r->label, r->cmd);
	else
		RS_STRCPY(o->source, r->cmd);
	RS_STRCPY(o->peer, r->have_remote ? r->remote.addr : "");
	RS_STRCPY(o->device, r->local.device);
	o->link_mbps = r->local.link_mbps;
	RS_STRCPY(o->code, r->code);
	RS_STRCPY(o->title, r->title);
	RS_STRCPY(o->message, r->message);
	RS_STRCPY(o->check, r->check);
	o->have_result = r->have_result;
	o->qps = r->qps;
	if (!r->have_result)
		return;
	o->size = res->size;
	o->iterations = res->iterations;
	o->seconds = res->t_s;
	o->bw_avg_gbps = res->bw_avg_gbps;
	o->bw_peak_gbps = res->bw_peak_gbps;
	o->msg_rate_mpps = res->msg_rate_mpps;
	o->t_min_us = res->t_min_us;
	o->t_median_us = res->t_median_us;
	o->t_avg_us = res->t_avg_us;
	o->t_p99_us = res->t_p99_us;
	o->t_max_us = res->t_max_us;
}

int rs_test_recording_next(const char **pos, const char *end, double *t, const char **line,
			   size_t *len)
{
	while (*pos < end) {
		const char *p = *pos, *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		char *num_end;

		*pos = nl ? nl + 1 : end;
		if (p == eol || *p == '#')
			continue;
		*t = strtod(p, &num_end);
		if (num_end == p || num_end >= eol || *num_end != ' ')
			continue;	/* not "SECONDS JSON": skipped */
		*line = num_end + 1;
		*len = (size_t)(eol - *line);
		return 1;
	}
	return 0;
}

void rs_test_recording_label(const char *rec, size_t len, char *buf, size_t buflen)
{
	const char *p = rec, *end = rec + len;

	buf[0] = '\0';
	while (p < end && *p == '#') {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;

		if (eol - p > 9 && !strncmp(p, "# label: ", 9)) {
			snprintf(buf, buflen, "%.*s", (int)(eol - p - 9), p + 9);
			return;
		}
		p = nl ? nl + 1 : end;
	}
}
