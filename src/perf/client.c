/* SPDX-License-Identifier: MIT */
/*
 * client.c - the client end of a test (test.h): connects, exchanges views
 * and queue pairs, runs each size and collects the results.
 *
 * During the data path the interval hook reports progress, sends the
 * server a SYNC(0) heartbeat (so a server waiting on a long run can tell
 * a slow test from a vanished client) and polls the control connection:
 * an ERROR or a close from the server, or SIGINT, stops the test there.
 */
#include "perf/test.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

struct client {
	const struct rs_perf_cfg *cfg;
	const struct rs_perf_report *rep;
	struct rs_ctrl *c;
	struct rs_perf_ctx *ctx;
	struct rs_perf_qps remote;
};

int rs_perf_sizes(const struct rs_perf_params *p, uint32_t *out, int max)
{
	int n = 0;

	if (!p->sweep) {
		out[0] = p->size;
		return 1;
	}
	for (uint64_t s = 2; s <= p->size && n < max; s *= 2)
		out[n++] = (uint32_t)s;
	return n;
}

void rs_perf_blame_peer(struct rs_ctrl *c, struct rs_perf_error *e)
{
	struct rs_perf_error closed;
	struct rs_perf_msg m;
	char path[RS_PERF_MSG_LEN];
	int ret, n = 0;

	if (e->code != RS_PF_RETRY_EXCEEDED && e->code != RS_PF_STALLED &&
	    e->code != RS_PF_WC_ERROR)
		return;
	/* Heartbeats sent before the peer went may still be queued. */
	do
		ret = rs_ctrl_poll(c, &m, &closed);
	while (ret > 0 && m.type == RS_MSG_SYNC && !m.u.sync && ++n < 64);
	if (ret >= 0 || closed.code != RS_PF_PEER_CLOSED)
		return;
	RS_STRCPY(path, e->message);
	rs_perf_fail(e, RS_PF_PEER_CLOSED, EPIPE, "the peer closed the connection during the test "
		     "(it stopped or crashed; its queue pair stopped answering: %.150s)", path);
}

static int on_tick(void *arg, const struct rs_perf_interval *iv, struct rs_perf_error *e)
{
	struct client *cl = arg;
	struct rs_perf_msg m = { .type = RS_MSG_SYNC, .u.sync = 0 };
	int ret;

	if (cl->rep->interval)
		cl->rep->interval(cl->rep->arg, iv);
	if (rs_ctrl_send(cl->c, &m, cl->cfg->timeout_ns, e))
		return -1;
	ret = rs_ctrl_poll(cl->c, &m, e);
	if (ret < 0)
		return -1;
	if (ret > 0 && m.type == RS_MSG_ERROR) {
		char msg[RS_PERF_MSG_LEN];

		rs_perf_escape(m.u.error.message, msg, sizeof(msg));
		return rs_perf_fail(e, RS_PF_PEER_FAILED, m.u.error.code, "the peer failed: %s: %s",
				    rs_perf_fail_info(m.u.error.code)->title, msg);
	}
	if (ret > 0)
		return rs_perf_fail(e, RS_PF_PROTOCOL, EBADMSG, "unexpected %s from the server "
				    "during the test", rs_perf_msg_name(m.type));
	return 0;
}

static int hello(struct client *cl, const struct rs_perf_view *local,
		 struct rs_perf_view *remote, struct rs_perf_error *e)
{
	struct rs_perf_msg m = { .type = RS_MSG_HELLO };

	m.u.hello.params = cl->cfg->params;
	m.u.hello.view = *local;
	rs_ctrl_set_phase(cl->c, "waiting for the server's view");
	if (rs_ctrl_exchange(cl->c, &m, RS_MSG_WELCOME, cl->cfg->timeout_ns, e))
		return -1;
	*remote = m.u.welcome;
	return 0;
}

static int setup(struct client *cl, const struct rs_perf_pick *pick, struct rs_perf_error *e)
{
	struct rs_perf_setup su = {
		.device = pick->dev->name, .port = pick->port->num, .gid_index = pick->gid_index,
		.params = cl->cfg->params, .stall_ns = cl->cfg->stall_ns,
	};
	struct rs_perf_msg m = { .type = RS_MSG_QPS };

	if (rs_perf_ctx_open(&su, &cl->ctx, e))
		goto tell;
	if (cl->rep->note && rs_perf_ctx_ts_note(cl->ctx)[0] && su.params.test == RS_PERF_LAT)
		cl->rep->note(cl->rep->arg, rs_perf_ctx_ts_note(cl->ctx));
	rs_perf_ctx_local(cl->ctx, &m.u.qps);
	rs_ctrl_set_phase(cl->c, "waiting for the server's queue pairs");
	if (rs_ctrl_exchange(cl->c, &m, RS_MSG_QPS, cl->cfg->timeout_ns, e))
		return -1;
	cl->remote = m.u.qps;
	if (rs_perf_ctx_connect(cl->ctx, &cl->remote, e))
		goto tell;
	m.type = RS_MSG_READY;
	rs_ctrl_set_phase(cl->c, "waiting for the server to connect its queue pairs");
	if (rs_ctrl_exchange(cl->c, &m, RS_MSG_READY, cl->cfg->timeout_ns, e))
		return -1;
	return 0;
tell:
	rs_ctrl_send_error(cl->c, e);
	return -1;
}

static int one_size(struct client *cl, uint32_t size, uint64_t *bytes, uint64_t *msgs,
		    struct rs_perf_error *e)
{
	struct rs_perf_hooks h = { .interval_ns = cl->cfg->interval_ns, .tick = on_tick, .arg = cl };
	struct rs_perf_msg m = { .type = RS_MSG_SYNC, .u.sync = size };
	struct rs_perf_bw_result bw;
	struct rs_perf_lat_result lat;

	rs_ctrl_set_phase(cl->c, "waiting for the server to start the next size");
	if (rs_ctrl_exchange(cl->c, &m, RS_MSG_SYNC, cl->cfg->timeout_ns, e))
		return -1;
	rs_ctrl_set_phase(cl->c, "the test");
	if (cl->cfg->params.test == RS_PERF_LAT) {
		if (rs_perf_lat(cl->ctx, &cl->remote, size, 1, &h, &lat, e))
			return -1;
		*msgs += lat.iterations;
		*bytes += lat.iterations * size;
		if (cl->rep->lat)
			cl->rep->lat(cl->rep->arg, &lat);
		return 0;
	}
	if (rs_perf_bw(cl->ctx, &cl->remote, size, &h, &bw, e))
		return -1;
	*msgs += bw.iterations;
	*bytes += bw.bytes;
	if (cl->rep->bw)
		cl->rep->bw(cl->rep->arg, &bw);
	return 0;
}

static int run_sizes(struct client *cl, struct rs_perf_error *e)
{
	uint32_t sizes[32];
	int n = rs_perf_sizes(&cl->cfg->params, sizes, 32);
	uint64_t bytes = 0, msgs = 0, t0 = rs_now_ns();
	struct rs_perf_msg m = { .type = RS_MSG_DONE };

	for (int i = 0; i < n; i++)
		if (one_size(cl, sizes[i], &bytes, &msgs, e)) {
			rs_perf_blame_peer(cl->c, e);
			if (e->code != RS_PF_PEER_FAILED && e->code != RS_PF_PEER_CLOSED)
				rs_ctrl_send_error(cl->c, e);
			return -1;
		}
	m.u.done = (struct rs_perf_done){ bytes, msgs, rs_now_ns() - t0 };
	rs_ctrl_set_phase(cl->c, "waiting for the server's last word");
	if (rs_ctrl_exchange(cl->c, &m, RS_MSG_DONE, cl->cfg->timeout_ns, e))
		return -1;
	return 0;
}

int rs_perf_client(const struct rs_perf_cfg *cfg, const struct rs_perf_pick *pick,
		   const struct rs_perf_view *local, const struct rs_perf_report *rep,
		   struct rs_perf_error *e)
{
	struct client cl = { .cfg = cfg, .rep = rep };
	struct rs_perf_view remote;
	struct rs_perf_diff d[RS_PERF_MAX_DIFFS];
	struct rs_loop *l = rs_loop_new();
	int ret = -1;

	memset(e, 0, sizeof(*e));
	if (rs_ctrl_watch_signals(l)) {
		rs_perf_fail(e, RS_PF_RESOURCES, EIO, "cannot watch signals");
		goto out;
	}
	cl.c = rs_ctrl_connect(l, cfg->peer, cfg->tcp_port, cfg->timeout_ns, e);
	if (!cl.c || hello(&cl, local, &remote, e))
		goto out;
	if (rep->views)
		rep->views(rep->arg, local, &remote, d, rs_perf_view_diff(local, &remote, d,
									   RS_PERF_MAX_DIFFS));
	if (setup(&cl, pick, e) || run_sizes(&cl, e))
		goto out;
	ret = 0;
out:
	rs_perf_ctx_close(cl.ctx);
	rs_ctrl_close(cl.c);
	rs_loop_free(l);
	return ret;
}
