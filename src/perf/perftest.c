/* SPDX-License-Identifier: MIT */
/*
 * perftest.c - perftest as the reference (perftest.h): its command line,
 * its result table, and running it as a child of the event loop.
 */
#include "perf/perftest.h"
#include "runtime/loop.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OUT_MAX (256 * 1024)

static void add(struct rs_perftest_cmd *c, const char *fmt, ...) RS_PRINTF(2, 3);

static void add(struct rs_perftest_cmd *c, const char *fmt, ...)
{
	va_list ap;

	if (c->argc >= RS_PERFTEST_MAX_ARGS - 1)
		return;
	va_start(ap, fmt);
	vsnprintf(c->store[c->argc], sizeof(c->store[c->argc]), fmt, ap);
	va_end(ap);
	c->argv[c->argc] = c->store[c->argc];
	c->argv[++c->argc] = NULL;
}

int rs_perftest_cmd(const struct rs_perf_params *p, const char *dev, unsigned port,
		    int gid_index, unsigned tcp_port, const char *peer,
		    struct rs_perftest_cmd *c)
{
	memset(c, 0, sizeof(*c));
	if (p->verb == RS_VERB_SEND || (p->test == RS_PERF_LAT && p->verb != RS_VERB_WRITE))
		return -EINVAL;
	add(c, "%s", p->test == RS_PERF_LAT ? "ib_write_lat" :
	    p->verb == RS_VERB_READ ? "ib_read_bw" : "ib_write_bw");
	if (dev && dev[0])
		add(c, "-d"), add(c, "%s", dev);
	if (port)
		add(c, "-i"), add(c, "%u", port);
	if (gid_index >= 0)
		add(c, "-x"), add(c, "%d", gid_index);
	if (p->sweep)
		add(c, "-a");
	else
		add(c, "-s"), add(c, "%u", p->size);
	if (p->duration_ms)
		add(c, "-D"), add(c, "%u", (p->duration_ms + 999) / 1000);
	else
		add(c, "-n"), add(c, "%llu", (unsigned long long)p->iters);
	if (p->test == RS_PERF_BW)
		add(c, "-q"), add(c, "%u", p->qps), add(c, "-t"), add(c, "%u", p->tx_depth),
			add(c, "--report_gbits");
	if (p->mtu)
		add(c, "-m"), add(c, "%u", p->mtu);
	add(c, "-p"), add(c, "%u", tcp_port);
	add(c, "-F");	/* no failure on a CPU frequency warning */
	if (peer)
		add(c, "%s", peer);
	return 0;
}

/* The numbers of one result row, in the order perftest prints them. */
static int row(const char *line, int lat, struct rs_perftest_row *r)
{
	double v[9];
	int n = 0;
	const char *s = line;
	char *end;

	while (n < 9) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s || *s == '\n')
			break;
		v[n] = strtod(s, &end);
		/* perftest prints nan or inf when its clock estimate fails
		 * (seen under emulation): that row has no figure to report */
		if (end == s || !isfinite(v[n]))
			return -1;
		n++;
		s = end;
	}
	memset(r, 0, sizeof(*r));
	if (n < (lat ? 7 : 5) || !(v[0] >= 1 && v[0] < 1e15) || !(v[1] >= 1 && v[1] < 1e15))
		return -1;
	r->size = (uint64_t)v[0];
	r->iterations = (uint64_t)v[1];
	if (!lat) {
		r->bw_peak_gbps = v[2], r->bw_avg_gbps = v[3], r->msg_rate_mpps = v[4];
		return 0;
	}
	r->t_min_us = v[2], r->t_max_us = v[3], r->t_typical_us = v[4], r->t_avg_us = v[5];
	r->t_stdev_us = v[6];
	r->t_p99_us = n > 7 ? v[7] : 0;
	r->t_p999_us = n > 8 ? v[8] : 0;
	return 0;
}

int rs_perftest_parse(const char *out, int lat, struct rs_perftest_result *r)
{
	const char *p = strstr(out, "#bytes");

	memset(r, 0, sizeof(*r));
	r->lat = lat;
	while (p && (p = strchr(p, '\n'))) {
		p++;
		if (r->n < RS_PERFTEST_MAX_ROWS && !row(p, lat, &r->rows[r->n]))
			r->n++;
		else if (*p != ' ' && *p != '\t' && (*p < '0' || *p > '9'))
			if (r->n)
				break;	/* the rule line after the table */
	}
	return r->n ? 0 : -ENOENT;
}

struct run {
	char *buf;
	size_t len;
	int done;
	struct rs_child_status st;
};

static void on_output(struct rs_child *c, int stream, const char *buf, size_t len, void *arg)
{
	struct run *r = arg;

	if (r->len + len > OUT_MAX)
		len = OUT_MAX - r->len;	/* the table is near the end: keep the start */
	memcpy(r->buf + r->len, buf, len);
	r->len += len;
	r->buf[r->len] = '\0';
}

static void on_child_exit(struct rs_child *c, const struct rs_child_status *st, void *arg)
{
	struct run *r = arg;

	r->st = *st;
	r->done = 1;
}

static int finish(const struct rs_perftest_cmd *cmd, struct run *run, int lat,
		  struct rs_perftest_result *res, struct rs_perf_error *e)
{
	char st[96];

	rs_child_status_text(&run->st, st, sizeof(st));
	if (run->st.timed_out)
		return rs_perf_fail(e, RS_PF_STALLED, ETIMEDOUT, "%s %s (perftest retries forever "
				    "on a lost path)", cmd->argv[0], st);
	if (run->st.exited && run->st.code == 127)
		return rs_perf_fail(e, RS_PF_NO_DEVICE, ENOENT, "%s is not installed (apt-get "
				    "install perftest)", cmd->argv[0]);
	if (rs_perftest_parse(run->buf, lat, res) || !run->st.exited || run->st.code)
		return rs_perf_fail(e, RS_PF_PEER_FAILED, EIO, "%s failed (%s): see its output",
				    cmd->argv[0], st);
	return 0;
}

int rs_perftest_run(const struct rs_perftest_cmd *cmd, int lat, uint64_t timeout_ns,
		    struct rs_perftest_result *res, char **out, struct rs_perf_error *e)
{
	struct run run = { .buf = rs_xmalloc(OUT_MAX + 1) };
	struct rs_child_spec spec = {
		.argv = cmd->argv, .stdin_fd = -1, .timeout_ns = timeout_ns,
		.on_output = on_output, .on_exit = on_child_exit, .arg = &run,
	};
	struct rs_loop *l = rs_loop_new();
	char err[160];
	int ret = -1;

	run.buf[0] = '\0';
	if (!rs_child_spawn(l, &spec, err, sizeof(err))) {
		rs_perf_fail(e, RS_PF_NO_DEVICE, ENOENT, "%s: %s", cmd->argv[0], err);
		goto out;
	}
	while (!run.done)
		if (rs_loop_run_once(l, -1) < 0)
			break;
	ret = run.done ? finish(cmd, &run, lat, res, e) :
		rs_perf_fail(e, RS_PF_RESOURCES, EIO, "event loop failed");
out:
	rs_loop_free(l);
	*out = run.buf;
	return ret;
}
