/* SPDX-License-Identifier: MIT */
/*
 * perf_cli.h - what `rocescope bw`, `lat` and `serve` share: perftest's
 * option letters and meanings, how this host's snapshot is taken (one
 * function, to become the session's), and the output of a test in text,
 * one JSON document (--json) or JSON lines (--json-lines, docs/tests.md).
 */
#ifndef RS_CLI_PERF_CLI_H
#define RS_CLI_PERF_CLI_H

#include "cli/cli.h"
#include "perf/perftest.h"
#include "perf/test.h"
#include "session/session.h"

struct rs_perf_cli {
	const char *dev;		/* -d */
	unsigned ib_port;		/* -i */
	int gid_index;			/* -x, -1 choose */
	long size;			/* -s, 0 default */
	long iters;			/* -n, 0 default */
	double duration;		/* -D seconds, 0 none */
	long qps, tx_depth, mtu;	/* -q -t -m */
	int sweep;			/* -a */
	long tcp_port;			/* -p */
	double timeout;			/* --timeout, each phase */
	double interval;		/* --interval, progress */
	int read;			/* bw --read */
	int json_lines;			/* --json-lines */
	int perftest;			/* --perftest */
	const char *bind;		/* serve --bind */
	long count;			/* serve --count */
	long max_mem_mib;		/* serve --max-mem */
};

extern struct rs_perf_cli rs_perf_cli;

enum {
	RS_PO_DEV = 1, RS_PO_IBPORT, RS_PO_GID, RS_PO_SIZE, RS_PO_ITERS, RS_PO_DURATION,
	RS_PO_QPS, RS_PO_DEPTH, RS_PO_MTU, RS_PO_SWEEP, RS_PO_PORT, RS_PO_TIMEOUT,
	RS_PO_INTERVAL, RS_PO_READ, RS_PO_JSONL, RS_PO_PERFTEST, RS_PO_BIND, RS_PO_COUNT,
	RS_PO_MAXMEM,
};

/* perftest's letters and long names, shared by bw and lat. */
#define RS_PERF_COMMON_OPTS \
	{ "ib-dev", 'd', "DEV", N_("RDMA device (default: where the route to PEER leaves)"), \
	  RS_PO_DEV }, \
	{ "ib-port", 'i', "PORT", N_("port of the device (default 1)"), RS_PO_IBPORT }, \
	{ "gid-index", 'x', "INDEX", N_("GID index (default: the recommended RoCE v2 one)"), \
	  RS_PO_GID }, \
	{ "size", 's', "BYTES", N_("message size (bw 65536, lat 2)"), RS_PO_SIZE }, \
	{ "iters", 'n', "N", N_("messages (per QP) or round trips per size"), RS_PO_ITERS }, \
	{ "duration", 'D', "SEC", N_("run for SEC seconds instead of -n"), RS_PO_DURATION }, \
	{ "mtu", 'm', "MTU", N_("path MTU (default: the port's active MTU)"), RS_PO_MTU }, \
	{ "all", 'a', NULL, N_("every size from 2 bytes to -s (default 8 MiB)"), RS_PO_SWEEP }, \
	{ "port", 'p', "PORT", N_("control TCP port of the server (default 18515)"), RS_PO_PORT }, \
	{ "timeout", 0, "SEC", N_("limit of each phase and of a stall (default 15)"), \
	  RS_PO_TIMEOUT }, \
	{ "interval", 0, "SEC", N_("progress every SEC seconds (default 1)"), RS_PO_INTERVAL }, \
	{ "json-lines", 0, NULL, N_("one JSON object per event (progress, result)"), RS_PO_JSONL }, \
	{ "perftest", 0, NULL, N_("run perftest's own tool instead, as a reference"), \
	  RS_PO_PERFTEST }

/* The opt() of the three commands. */
int rs_perf_cli_opt(struct rs_cli *cli, int id, const char *arg);

/*
 * This host as the tests see it, through a session (src/session/), with
 * the route to peer looked up (NULL: none).  The one place a test command
 * gets its snapshot: the console hands its own session's instead.
 * 0, or -errno with err set; close with rs_session_close() either way.
 */
int rs_perf_cli_session(const char *peer, struct rs_session *sess, char *err, size_t errlen);

/* bw and lat: run the test (test = RS_PERF_BW or RS_PERF_LAT) against peer. */
int rs_perf_cli_run(struct rs_cli *cli, int test, const char *peer);

/* ----- output (perf_out.c) */
enum rs_perf_out_mode { RS_OUT_TEXT, RS_OUT_JSON, RS_OUT_JSONL };

struct rs_perf_out;

struct rs_perf_out *rs_perf_out_new(enum rs_perf_out_mode mode, const char *cmd,
				    const char *peer, unsigned port,
				    const struct rs_perf_params *p);
const struct rs_perf_report *rs_perf_out_report(struct rs_perf_out *o);
void rs_perf_out_note(struct rs_perf_out *o, const char *text);
/* The reference run of perftest, labelled as such. */
void rs_perf_out_perftest(struct rs_perf_out *o, const struct rs_perftest_cmd *cmd,
			  const struct rs_perftest_result *r);
/* The local view when no test ran (perftest mode). */
void rs_perf_out_set_local(struct rs_perf_out *o, const struct rs_perf_view *v);
/* The end: the verdict or the mapped failure; frees o; returns the exit code. */
int rs_perf_out_finish(struct rs_perf_out *o, const struct rs_perf_error *e);
/* Drop o without a word (serve: a port probe was no test). */
void rs_perf_out_free(struct rs_perf_out *o);

#endif
