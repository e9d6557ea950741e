/* SPDX-License-Identifier: MIT */
/*
 * perf_opts.c - what `rocescope bw`, `lat` and `serve` share (perf_cli.h):
 * perftest's options with perftest's meanings, this host's snapshot, the
 * choice of device and GID, and the run of a client test (ours or, with
 * --perftest, perftest's own as a reference).
 */
#include "cli/perf_cli.h"
#include "i18n.h"
#include "perf/endpoint.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MIB (1024L * 1024)

struct rs_perf_cli rs_perf_cli = {
	.gid_index = -1, .tcp_port = RS_PERF_DEFAULT_PORT, .timeout = 15, .interval = 1,
	.count = 1, .max_mem_mib = 1024,
};

static int mtu_ok(long m)
{
	return m == 256 || m == 512 || m == 1024 || m == 2048 || m == 4096;
}

int rs_perf_cli_opt(struct rs_cli *cli, int id, const char *arg)
{
	struct rs_perf_cli *o = &rs_perf_cli;
	long v;

	switch (id) {
	case RS_PO_DEV: o->dev = arg; return 0;
	case RS_PO_IBPORT:
		if (rs_cli_long("-i", arg, 1, 255, &v))
			return RS_EXIT_USAGE;
		o->ib_port = (unsigned)v;
		return 0;
	case RS_PO_GID:
		if (rs_cli_long("-x", arg, 0, 65535, &v))
			return RS_EXIT_USAGE;
		o->gid_index = (int)v;
		return 0;
	case RS_PO_SIZE: return rs_cli_long("-s", arg, 1, 1024 * MIB, &o->size);
	case RS_PO_ITERS: return rs_cli_long("-n", arg, 1, 1000000000L, &o->iters);
	case RS_PO_DURATION: return rs_cli_seconds("-D", arg, 86400, &o->duration);
	case RS_PO_QPS: return rs_cli_long("-q", arg, 1, RS_PERF_MAX_QPS, &o->qps);
	case RS_PO_DEPTH: return rs_cli_long("-t", arg, 1, 8192, &o->tx_depth);
	case RS_PO_MTU:
		if (rs_cli_long("-m", arg, 256, 4096, &o->mtu))
			return RS_EXIT_USAGE;
		if (mtu_ok(o->mtu))
			return 0;
		rs_tprintf(stderr, _("rocescope: -m: %ld is not an RDMA MTU (256, 512, 1024, 2048, "
			   "4096)\n"), o->mtu);
		return RS_EXIT_USAGE;
	case RS_PO_SWEEP: o->sweep = 1; return 0;
	case RS_PO_PORT: return rs_cli_long("-p", arg, 1, 65535, &o->tcp_port);
	case RS_PO_TIMEOUT: return rs_cli_seconds("--timeout", arg, 86400, &o->timeout);
	case RS_PO_INTERVAL:	/* <= 10: the client's heartbeat keeps the server waiting */
		return rs_cli_seconds("--interval", arg, 10, &o->interval);
	case RS_PO_READ: o->read = 1; return 0;
	case RS_PO_JSONL: o->json_lines = 1; return 0;
	case RS_PO_PERFTEST: o->perftest = 1; return 0;
	case RS_PO_BIND: o->bind = arg; return 0;
	case RS_PO_COUNT: return rs_cli_long("--count", arg, 1, 1000000, &o->count);
	case RS_PO_MAXMEM: return rs_cli_long("--max-mem", arg, 1, 65536, &o->max_mem_mib);
	}
	return RS_EXIT_USAGE;
}

int rs_perf_cli_session(const char *peer, struct rs_session *sess, char *err, size_t errlen)
{
	struct rs_session_opts so = { .peer = peer, .scope = RS_SCOPE_ALL };

	return rs_session_open(sess, &so, err, errlen);
}

/* The test's parameters from the options, with perftest's defaults. */
static int params_of(int test, struct rs_perf_params *p)
{
	const struct rs_perf_cli *o = &rs_perf_cli;

	memset(p, 0, sizeof(*p));
	p->test = (uint8_t)test;
	p->verb = o->read ? RS_VERB_READ : RS_VERB_WRITE;
	p->sweep = (uint8_t)o->sweep;
	p->qps = (uint16_t)(o->qps ? o->qps : 1);
	p->size = (uint32_t)(o->size ? o->size : o->sweep ? 8 * MIB : test == RS_PERF_LAT ? 2 : 65536);
	p->tx_depth = (uint32_t)(o->tx_depth ? o->tx_depth : test == RS_PERF_LAT ? 1 : 128);
	p->mtu = (uint32_t)o->mtu;
	if (o->duration > 0 && o->iters) {
		rs_tprintf(stderr,
			   _("rocescope: -n and -D exclude each other (iterations or seconds)\n"));
		return RS_EXIT_USAGE;
	}
	if (o->duration > 0)
		p->duration_ms = (uint32_t)(o->duration * 1000 + 0.5);
	else
		p->iters = (uint64_t)(o->iters ? o->iters : test == RS_PERF_LAT ? 1000 : 5000);
	if (test == RS_PERF_LAT && (o->qps > 1 || o->read)) {
		rs_tprintf(stderr,
			   _("rocescope: lat: one QP, RDMA WRITE only (-q and --read are for bw)\n"));
		return RS_EXIT_USAGE;
	}
	if (test == RS_PERF_LAT && p->tx_depth < 2)
		p->tx_depth = 2;
	if (p->size < 2 && test == RS_PERF_LAT)
		p->size = 2;
	return 0;
}

static int pick_host(const char *peer, struct rs_session *sess, struct rs_perf_pick *pick,
		     struct rs_perf_view *v, struct rs_perf_error *e)
{
	const struct rs_snapshot *s = &sess->snap;
	char err[512] = "";
	int ret = rs_perf_cli_session(peer, sess, err, sizeof(err));

	if (ret)
		return rs_perf_fail(e, RS_PF_NO_DEVICE, -ret, "%s", err[0] ? err : strerror(-ret));
	if (rs_perf_pick(s, rs_perf_cli.dev, rs_perf_cli.ib_port, rs_perf_cli.gid_index, NULL,
			 pick, e))
		return -1;
	rs_perf_view_build(s, pick, v);
	return 0;
}

static void run_perftest(struct rs_perf_out *out, const struct rs_perf_params *p,
			 const struct rs_perf_pick *pick, const char *peer,
			 struct rs_perf_error *e)
{
	struct rs_perftest_cmd cmd;
	struct rs_perftest_result r;
	char *text = NULL;
	uint64_t t = (uint64_t)((rs_perf_cli.timeout + p->duration_ms / 1000.0) * 4 * 1e9);

	if (rs_perftest_cmd(p, pick->dev->name, pick->port->num, pick->gid_index,
			    (unsigned)rs_perf_cli.tcp_port, peer, &cmd)) {
		rs_perf_fail(e, RS_PF_NO_DEVICE, EINVAL, "perftest has no tool for this test");
		return;
	}
	if (!rs_perftest_run(&cmd, p->test == RS_PERF_LAT, t, &r, &text, e))
		rs_perf_out_perftest(out, &cmd, &r);
	else if (text && text[0] && rs_perf_cli.json_lines == 0)
		rs_tput_lines(stderr, text);	/* perftest's own words, for the user */
	free(text);
}

int rs_perf_cli_run(struct rs_cli *cli, int test, const char *peer)
{
	const struct rs_perf_cli *o = &rs_perf_cli;
	struct rs_perf_params p;
	struct rs_perf_error e = { 0 };
	struct rs_session sess;
	struct rs_perf_pick pick;
	struct rs_perf_view local;
	struct rs_perf_out *out;
	struct rs_perf_cfg cfg;
	int ret = params_of(test, &p);

	if (ret)
		return ret;
	if (cli->json && o->json_lines) {
		rs_tprintf(stderr, _("rocescope: --json and --json-lines exclude each other\n"));
		return RS_EXIT_USAGE;
	}
	out = rs_perf_out_new(o->json_lines ? RS_OUT_JSONL : cli->json ? RS_OUT_JSON : RS_OUT_TEXT,
			      cli->cmd->name, peer, (unsigned)o->tcp_port, &p);
	memset(&sess, 0, sizeof(sess));
	if (pick_host(peer, &sess, &pick, &local, &e))
		goto out;
	rs_perf_out_set_local(out, &local);
	if (o->perftest) {
		run_perftest(out, &p, &pick, peer, &e);
		goto out;
	}
	cfg = (struct rs_perf_cfg){
		.peer = peer, .tcp_port = (unsigned)o->tcp_port, .params = p,
		.timeout_ns = (uint64_t)(o->timeout * 1e9), .stall_ns = (uint64_t)(o->timeout * 1e9),
		.interval_ns = (uint64_t)(o->interval * 1e9),
	};
	rs_perf_client(&cfg, &pick, &local, rs_perf_out_report(out), &e);
out:
	rs_session_close(&sess);
	return rs_perf_out_finish(out, &e);
}
