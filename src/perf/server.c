/* SPDX-License-Identifier: MIT */
/*
 * server.c - the server end of a test (test.h), on a connection that
 * `rocescope serve` accepted.
 *
 * Bounded in memory and time whatever the client does: the control
 * messages go through ctrl.c's fixed buffer; the test memory a client may
 * ask for is capped (cfg->max_mr_bytes) before anything is allocated;
 * every wait has the phase timeout, and during a bandwidth test (where
 * this end is passive) a client that stops sending its per-interval
 * heartbeat for that long is taken for gone.
 */
#include "perf/test.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

struct server {
	const struct rs_perf_cfg *cfg;
	const struct rs_perf_report *rep;
	struct rs_ctrl *c;
	struct rs_perf_params params;
	struct rs_perf_ctx *ctx;
	struct rs_perf_qps remote;
	struct rs_perf_msg pending;	/* a message that ended a latency run */
	int have_pending;
};

static int check_params(struct server *sv, struct rs_perf_error *e)
{
	uint64_t need = rs_perf_ctx_mr_bytes(&sv->params);

	if (sv->params.verb == RS_VERB_SEND)
		return rs_perf_fail(e, RS_PF_PROTOCOL, EOPNOTSUPP,
				    "SEND tests are not implemented by this server");
	if (need > sv->cfg->max_mr_bytes)
		return rs_perf_fail(e, RS_PF_MR, E2BIG,
				    "the test needs %llu KiB of registered memory, this server "
				    "allows %llu KiB (serve --max-mem)",
				    (unsigned long long)need / 1024,
				    (unsigned long long)sv->cfg->max_mr_bytes / 1024);
	return 0;
}

static int greet(struct server *sv, const struct rs_perf_view *view, struct rs_perf_error *e)
{
	struct rs_perf_msg m;
	struct rs_perf_diff d[RS_PERF_MAX_DIFFS];
	struct rs_perf_view local = *view;

	rs_ctrl_set_phase(sv->c, "waiting for the client's HELLO");
	if (rs_ctrl_expect(sv->c, RS_MSG_HELLO, &m, sv->cfg->timeout_ns, e))
		return -1;
	sv->params = m.u.hello.params;
	if (sv->cfg->params.mtu)
		sv->params.mtu = sv->cfg->params.mtu;	/* this end's -m */
	/* What this host's ARP made of the client's address, now: where ARP
	 * flux on the client's side shows. */
	if (sv->cfg->neigh && m.u.hello.view.addr[0] &&
	    !sv->cfg->neigh(sv->cfg->neigh_arg, m.u.hello.view.addr, local.neigh_mac,
			    sizeof(local.neigh_mac)))
		RS_STRCPY(local.neigh_ip, m.u.hello.view.addr);
	if (sv->rep->views)
		sv->rep->views(sv->rep->arg, &local, &m.u.hello.view, d,
			       rs_perf_view_diff(&local, &m.u.hello.view, d, RS_PERF_MAX_DIFFS));
	if (check_params(sv, e)) {
		rs_ctrl_send_error(sv->c, e);
		return -1;
	}
	m.type = RS_MSG_WELCOME;
	m.u.welcome = local;
	return rs_ctrl_send(sv->c, &m, sv->cfg->timeout_ns, e);
}

static int setup(struct server *sv, const struct rs_perf_pick *pick, struct rs_perf_error *e)
{
	struct rs_perf_setup su = {
		.device = pick->dev->name, .port = pick->port->num, .gid_index = pick->gid_index,
		.params = sv->params, .stall_ns = sv->cfg->stall_ns,
	};
	struct rs_perf_msg m;

	if (rs_perf_ctx_open(&su, &sv->ctx, e))
		goto tell;
	rs_ctrl_set_phase(sv->c, "waiting for the client's queue pairs");
	if (rs_ctrl_expect(sv->c, RS_MSG_QPS, &m, sv->cfg->timeout_ns, e))
		return -1;
	sv->remote = m.u.qps;
	m.type = RS_MSG_QPS;
	rs_perf_ctx_local(sv->ctx, &m.u.qps);
	if (rs_ctrl_send(sv->c, &m, sv->cfg->timeout_ns, e))
		return -1;
	if (rs_perf_ctx_connect(sv->ctx, &sv->remote, e))
		goto tell;
	m.type = RS_MSG_READY;
	rs_ctrl_set_phase(sv->c, "waiting for the client to connect its queue pairs");
	if (rs_ctrl_exchange(sv->c, &m, RS_MSG_READY, sv->cfg->timeout_ns, e))
		return -1;
	return 0;
tell:
	rs_ctrl_send_error(sv->c, e);
	return -1;
}

/* Latency responder's hook: any message but a heartbeat ends the run.
 * Every heartbeat already there is taken, so none pile up behind a
 * client whose interval is shorter than ours. */
static int on_tick(void *arg, const struct rs_perf_interval *iv, struct rs_perf_error *e)
{
	struct server *sv = arg;

	for (;;) {
		int ret = rs_ctrl_poll(sv->c, &sv->pending, e);

		if (ret <= 0)
			return ret;
		if (sv->pending.type != RS_MSG_SYNC || sv->pending.u.sync != 0)
			break;
	}
	sv->have_pending = 1;
	e->code = RS_PF_OK;
	return 1;
}

static int respond(struct server *sv, uint32_t size, struct rs_perf_error *e)
{
	struct rs_perf_hooks h = { .interval_ns = sv->cfg->interval_ns, .tick = on_tick, .arg = sv };
	struct rs_perf_lat_result r;

	if (!rs_perf_lat(sv->ctx, &sv->remote, size, 0, &h, &r, e))
		return 0;
	return e->code == RS_PF_OK ? 0 : -1;
}

static void report_done(struct server *sv, const struct rs_perf_done *d)
{
	char text[160];

	if (!sv->rep->note)
		return;
	if (sv->params.test == RS_PERF_LAT)
		snprintf(text, sizeof(text), "client measured %llu round trips in %.2f s",
			 (unsigned long long)d->msgs, (double)d->ns / 1e9);
	else
		snprintf(text, sizeof(text), "client measured %llu messages, %.3f Gb/s over %.2f s",
			 (unsigned long long)d->msgs, rs_perf_gbps(d->bytes, d->ns),
			 (double)d->ns / 1e9);
	sv->rep->note(sv->rep->arg, text);
}

/* Follow the client: SYNC(size) starts a size, SYNC(0) is a heartbeat, DONE ends. */
static int follow(struct server *sv, struct rs_perf_error *e)
{
	struct rs_perf_msg m;
	uint64_t wait = sv->cfg->timeout_ns + 3 * (sv->cfg->interval_ns ? sv->cfg->interval_ns :
						    RS_NS_PER_S);

	rs_ctrl_set_phase(sv->c, "the test (waiting for the client)");
	for (;;) {
		if (sv->have_pending) {
			m = sv->pending;
			sv->have_pending = 0;
		} else if (rs_ctrl_recv(sv->c, &m, wait, e)) {
			return -1;
		}
		if (m.type == RS_MSG_SYNC && m.u.sync == 0)
			continue;
		if (m.type == RS_MSG_DONE) {
			report_done(sv, &m.u.done);
			m.u.done = (struct rs_perf_done){ 0 };
			return rs_ctrl_send(sv->c, &m, sv->cfg->timeout_ns, e);
		}
		if (m.type == RS_MSG_ERROR) {
			char msg[RS_PERF_MSG_LEN];

			rs_perf_escape(m.u.error.message, msg, sizeof(msg));
			return rs_perf_fail(e, RS_PF_PEER_FAILED, m.u.error.code,
					    "the client failed: %s: %s",
					    rs_perf_fail_info(m.u.error.code)->title, msg);
		}
		if (m.type != RS_MSG_SYNC || m.u.sync > sv->params.size)
			return rs_perf_fail(e, RS_PF_PROTOCOL, EBADMSG,
					    "unexpected %s from the client", rs_perf_msg_name(m.type));
		if (rs_ctrl_send(sv->c, &m, sv->cfg->timeout_ns, e))
			return -1;
		if (sv->params.test == RS_PERF_LAT && respond(sv, m.u.sync, e)) {
			rs_perf_blame_peer(sv->c, e);
			if (e->code != RS_PF_PEER_CLOSED)
				rs_ctrl_send_error(sv->c, e);
			return -1;
		}
	}
}

int rs_perf_serve_one(struct rs_ctrl *c, const struct rs_perf_cfg *cfg,
		      const struct rs_perf_pick *pick, const struct rs_perf_view *local,
		      const struct rs_perf_report *rep, struct rs_perf_error *e)
{
	struct server sv = { .cfg = cfg, .rep = rep, .c = c };
	int ret;

	memset(e, 0, sizeof(*e));
	ret = greet(&sv, local, e) || setup(&sv, pick, e) || follow(&sv, e) ? -1 : 0;
	rs_perf_ctx_close(sv.ctx);
	return ret;
}
