/* SPDX-License-Identifier: MIT */
/*
 * cmd_serve.c - `rocescope serve`: the other end of `rocescope bw|lat`.
 *
 * Binds the address given (--bind), or by default the address of the RDMA
 * interface it serves (the IP of the recommended RoCE v2 GID of -d DEV, or
 * of the first ACTIVE RoCE port) - never every interface unless asked with
 * --bind 0.0.0.0.  Serves one client at a time (the listener is not
 * watched while a test runs: later clients wait in the backlog), --count
 * tests in all, and gives up when nobody comes within --timeout.  Each
 * client is bounded: one control buffer, phase timeouts, test memory
 * capped by --max-mem.  Exit 0 when every test served passed, 1 otherwise
 * (and when nobody came), 2 usage.
 */
#include "cli/perf_cli.h"
#include "i18n.h"
#include "perf/endpoint.h"
#include "util.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Connections that close without a word (port probes) are not tests; past
 * this many they count, so a port scan cannot keep serve waiting forever. */
#define MAX_PROBES 16

static const struct rs_opt serve_opts[] = {
	{ "bind", 0, "ADDR", N_("address to listen on (default: the RDMA interface's)"), RS_PO_BIND },
	{ "port", 'p', "PORT", N_("control TCP port (default 18515)"), RS_PO_PORT },
	{ "count", 0, "N", N_("serve N tests, then exit (default 1)"), RS_PO_COUNT },
	{ "timeout", 0, "SEC", N_("give up when no client comes in SEC s (default 300)"),
	  RS_PO_TIMEOUT },
	{ "ib-dev", 'd', "DEV", N_("RDMA device (default: the one holding --bind)"), RS_PO_DEV },
	{ "ib-port", 'i', "PORT", N_("port of the device (default 1)"), RS_PO_IBPORT },
	{ "gid-index", 'x', "INDEX", N_("GID index (default: the recommended RoCE v2 one)"),
	  RS_PO_GID },
	{ "mtu", 'm', "MTU", N_("path MTU at most (default: the port's active MTU)"), RS_PO_MTU },
	{ "max-mem", 0, "MIB", N_("most test memory a client may ask for (default 1024)"),
	  RS_PO_MAXMEM },
	{ "interval", 0, "SEC", N_("the clients' progress interval (default 1)"), RS_PO_INTERVAL },
	{ "json-lines", 0, NULL, N_("one JSON object per event"), RS_PO_JSONL },
	{ NULL, 0, NULL, NULL, 0 },
};

static int timeout_given;

static int serve_opt(struct rs_cli *cli, int id, const char *arg)
{
	if (id == RS_PO_TIMEOUT)
		timeout_given = 1;
	return rs_perf_cli_opt(cli, id, arg);
}

struct served {
	struct rs_session sess;
	struct rs_perf_pick pick;
	struct rs_perf_view view;
	char bind[RS_PERF_STR_LEN];
	struct rs_loop *loop;
	int lfd;
};

static int pick_and_bind(struct served *sv, struct rs_perf_error *e)
{
	const struct rs_perf_cli *o = &rs_perf_cli;
	char err[512] = "";
	int ret = rs_perf_cli_session(NULL, &sv->sess, err, sizeof(err));
	const char *want = o->bind && strcmp(o->bind, "0.0.0.0") ? o->bind : NULL;

	if (ret)
		return rs_perf_fail(e, RS_PF_NO_DEVICE, -ret, "%s", err);
	if (rs_perf_pick(&sv->sess.snap, o->dev, o->ib_port, o->gid_index, want, &sv->pick, e))
		return -1;
	rs_perf_view_build(&sv->sess.snap, &sv->pick, &sv->view);
	if (o->bind)
		RS_STRCPY(sv->bind, o->bind);
	else if (sv->pick.gid && sv->pick.gid->ip[0])
		RS_STRCPY(sv->bind, sv->pick.gid->ip);
	else
		return rs_perf_fail(e, RS_PF_BIND, 0, "%s port %u has no address to bind to: give "
				    "--bind ADDR (--bind 0.0.0.0 for every interface)",
				    sv->pick.dev->name, sv->pick.port->num);
	sv->lfd = rs_ctrl_listen(sv->bind, (unsigned)o->tcp_port, e);
	return sv->lfd < 0 ? -1 : 0;
}

static void say(int jsonl, const char *fmt, ...) RS_PRINTF(2, 3);

static void say(int jsonl, const char *fmt, ...)
{
	va_list ap;

	if (jsonl)
		return;		/* the JSON lines carry the same through notes */
	va_start(ap, fmt);
	rs_vtprintf(stdout, fmt, ap);
	va_end(ap);
	fflush(stdout);
}

/* The server's hook for its neighbour entry of the client's address. */
static int neigh_of(void *arg, const char *ip, char *mac, size_t len)
{
	return rs_session_neigh_mac(&((struct served *)arg)->sess, ip, mac, len);
}

/* One client: accept, serve, report.  0 passed, 1 failed, -1 nobody came,
 * 2 it connected and closed without a word (a port probe: not a test). */
static int serve_client(struct served *sv, struct rs_cli *cli, unsigned n)
{
	const struct rs_perf_cli *o = &rs_perf_cli;
	double wait_s = timeout_given ? o->timeout : 300;
	struct rs_perf_params none = { 0 };
	struct rs_perf_error e = { 0 };
	char peer[RS_PERF_STR_LEN] = "";
	struct rs_perf_out *out;
	struct rs_perf_cfg cfg = {
		.tcp_port = (unsigned)o->tcp_port, .timeout_ns = 15 * RS_NS_PER_S,
		.stall_ns = 15 * RS_NS_PER_S, .interval_ns = (uint64_t)(o->interval * 1e9),
		.max_mr_bytes = (uint64_t)o->max_mem_mib << 20, .neigh = neigh_of, .neigh_arg = sv,
	};
	struct rs_ctrl *c;
	int ret;

	cfg.params.mtu = (uint32_t)o->mtu;
	c = rs_ctrl_accept(sv->loop, sv->lfd, (uint64_t)(wait_s * 1e9), peer, sizeof(peer), &e);
	out = rs_perf_out_new(o->json_lines ? RS_OUT_JSONL : RS_OUT_TEXT, "serve", peer,
			      (unsigned)o->tcp_port, &none);
	rs_perf_out_set_local(out, &sv->view);
	if (c) {
		say(o->json_lines, _("client %u: %s\n"), n, peer);
		rs_perf_serve_one(c, &cfg, &sv->pick, &sv->view, rs_perf_out_report(out), &e);
		if (e.code == RS_PF_PEER_CLOSED && rs_ctrl_silent(c)) {
			say(o->json_lines, _("client %u: connected and closed without a word (a port "
			    "probe such as the wizard's control-port step): not counted as a test\n"),
			    n);
			rs_ctrl_close(c);
			rs_perf_out_free(out);
			return 2;
		}
		rs_ctrl_close(c);
	}
	if (!e.code)
		say(o->json_lines, _("client %u: test done\n"), n);
	ret = rs_perf_out_finish(out, &e);
	return c ? ret : -1;
}

static int serve_run(struct rs_cli *cli, int argc, char **argv)
{
	const struct rs_perf_cli *o = &rs_perf_cli;
	struct served sv = { .lfd = -1 };
	struct rs_perf_error e = { 0 };
	int ret = RS_EXIT_OK, probes = 0;

	if (cli->json) {
		rs_tprintf(stderr, _("rocescope: serve: --json does not apply (use --json-lines)\n"));
		return RS_EXIT_USAGE;
	}
	memset(&sv.sess, 0, sizeof(sv.sess));
	sv.loop = rs_loop_new();
	rs_ctrl_watch_signals(sv.loop);
	if (pick_and_bind(&sv, &e)) {
		struct rs_perf_params none = { 0 };

		ret = rs_perf_out_finish(rs_perf_out_new(o->json_lines ? RS_OUT_JSONL : RS_OUT_TEXT,
							 "serve", "", (unsigned)o->tcp_port, &none),
					 &e);
		goto out;
	}
	say(o->json_lines, _("serving on %s:%ld (%s port %u, GID %d), %ld test(s)\n"), sv.bind,
	    o->tcp_port, sv.pick.dev->name, sv.pick.port->num, sv.pick.gid_index, o->count);
	for (long n = 1; n <= o->count && !rs_ctrl_interrupted(); n++) {
		int r = serve_client(&sv, cli, (unsigned)n);

		if (r == 2 && probes++ < MAX_PROBES) {
			n--;		/* a port probe: the test is still to come */
			continue;
		}
		if (r)
			ret = RS_EXIT_FAIL;
		if (r < 0)
			break;	/* nobody came (or interrupted): stop waiting */
	}
out:
	if (sv.lfd >= 0)
		close(sv.lfd);
	rs_loop_free(sv.loop);
	rs_session_close(&sv.sess);
	return ret;
}

const struct rs_cmd rs_cmd_serve = {
	.name = "serve",
	.args = "",
	.help = N_("the server end of bw and lat (one client at a time)"),
	.flags = 0,
	.opts = serve_opts,
	.opt = serve_opt,
	.run = serve_run,
};
