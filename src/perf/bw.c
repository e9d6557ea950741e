/* SPDX-License-Identifier: MIT */
/*
 * bw.c - the bandwidth data path of the tests (engine.h): RDMA WRITE or
 * READ streams on every QP; shared helpers (CQ polling, interval reports).
 *
 * Tight polling loops, no sleeping: the CQ and (for latency, lat.c) the
 * last byte of the receive area are polled; CLOCK_MONOTONIC is read every
 * few thousand rounds to report intervals and to catch a stall.  Send
 * completions are requested every `sig` messages only (selective
 * signalling, sig <= depth / 2 so a window of `depth` messages always
 * holds one and the pipe never drains); a completion for message k
 * confirms 0..k of its QP.  Bytes count when confirmed, never when posted.
 */
#include "perf/engine_priv.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Messages per ibv_post_send().  One, as perftest does by default: on rxe
 * the post's system call runs the requester in the poster's context, so
 * each post also pushes packets out; chains of 32 left the work to the
 * kernel's tasklets and measured no faster under emulation (docs/tests.md).
 * The chaining below stays for providers where it pays.
 */
#define POST_BATCH	1

struct bw_state {
	struct rs_perf_ctx *c;
	const struct rs_perf_qps *remote;
	uint32_t size;
	unsigned sig;
	uint64_t target;		/* per QP, UINT64_MAX with a duration */
	uint64_t posted[RS_PERF_MAX_QPS], done[RS_PERF_MAX_QPS];
	uint64_t last_sig[RS_PERF_MAX_QPS];	/* seq of the last signalled + 1 */
	int stopping;			/* duration over: post nothing more */
};

/* Up to max completions; returns how many, or -1 when polling failed. */
int rs_perf_poll_cq(struct rs_perf_ctx *c, struct rs_perf_poll_out *o, int max)
{
	struct ibv_poll_cq_attr pa = { 0 };
	struct ibv_wc wc[POLL_BATCH];
	int n, ret;

	if (!c->cqx) {
		n = ibv_poll_cq(c->cq, max < POLL_BATCH ? max : POLL_BATCH, wc);
		for (int i = 0; i < n; i++)
			o[i] = (struct rs_perf_poll_out){ wc[i].wr_id, wc[i].status, 0 };
		return n;
	}
	ret = ibv_start_poll(c->cqx, &pa);
	if (ret == ENOENT)
		return 0;
	if (ret)
		return -1;
	n = 0;
	do {
		o[n].wr_id = c->cqx->wr_id;
		o[n].status = c->cqx->status;
		o[n].ts = ibv_wc_read_completion_ts(c->cqx);
		n++;
	} while (n < max && ibv_next_poll(c->cqx) == 0);
	ibv_end_poll(c->cqx);
	return n;
}

int rs_perf_wc_failed(struct rs_perf_ctx *c, const struct rs_perf_poll_out *o,
		      struct rs_perf_error *e)
{
	unsigned q = (unsigned)(o->wr_id >> 32);
	const char *what = q < c->n_qps && c->qp[q] ? "" : " (unknown QP)";

	if (o->status == IBV_WC_RETRY_EXC_ERR)
		return rs_perf_fail(e, RS_PF_RETRY_EXCEEDED, o->status,
				    "work completion status 12 (%s) on QP 0x%x%s: the peer never "
				    "acknowledged, after %d retries", ibv_wc_status_str(o->status),
				    q < c->n_qps ? c->qp[q]->qp_num : 0, what, 6);
	return rs_perf_fail(e, RS_PF_WC_ERROR, o->status, "work completion status %d (%s)%s",
			    o->status, ibv_wc_status_str(o->status), what);
}

static int bw_can_post(const struct bw_state *s, unsigned q)
{
	return !s->stopping && s->posted[q] < s->target &&
	       s->posted[q] - s->done[q] < s->c->params.tx_depth;
}

/* Post up to POST_BATCH messages on QP q, as its window allows. */
static int bw_post_some(struct bw_state *s, unsigned q, struct rs_perf_error *e)
{
	struct rs_perf_ctx *c = s->c;
	struct ibv_send_wr wr[POST_BATCH], *bad = NULL;
	struct ibv_sge sge[POST_BATCH];
	int n = 0, ret;

	while (n < POST_BATCH && bw_can_post(s, q)) {
		uint64_t seq = s->posted[q]++;
		int last = s->posted[q] == s->target;
		int read = c->params.verb == RS_VERB_READ;

		sge[n] = (struct ibv_sge){
			.addr = (uintptr_t)(read ? rs_perf_recv_area(c, q) : rs_perf_send_area(c, q)),
			.length = s->size, .lkey = c->mr->lkey,
		};
		wr[n] = (struct ibv_send_wr){
			.wr_id = (uint64_t)q << 32 | (seq & 0xffffffffu),
			.sg_list = &sge[n], .num_sge = 1,
			.opcode = read ? IBV_WR_RDMA_READ : IBV_WR_RDMA_WRITE,
			.wr.rdma = { .remote_addr = s->remote->qp[q].addr,
				     .rkey = s->remote->qp[q].rkey },
		};
		if (seq % s->sig == s->sig - 1 || last) {
			wr[n].send_flags = IBV_SEND_SIGNALED;
			s->last_sig[q] = seq + 1;
		}
		if (n)
			wr[n - 1].next = &wr[n];
		n++;
	}
	if (!n)
		return 0;
	ret = ibv_post_send(c->qp[q], wr, &bad);
	if (ret)
		return rs_perf_fail(e, RS_PF_WC_ERROR, ret, "ibv_post_send on QP 0x%x: %s",
				    c->qp[q]->qp_num, strerror(ret));
	return 0;
}

/* Fill QP q's window, POST_BATCH messages a post (perftest's inner loop). */
static int bw_post(struct bw_state *s, unsigned q, struct rs_perf_error *e)
{
	while (bw_can_post(s, q))
		if (bw_post_some(s, q, e))
			return -1;
	return 0;
}

/* Reap completions; returns how many messages they confirmed, -1 on error. */
static int64_t bw_reap(struct bw_state *s, struct rs_perf_error *e)
{
	struct rs_perf_poll_out o[POLL_BATCH];
	int64_t confirmed = 0;
	int n = rs_perf_poll_cq(s->c, o, POLL_BATCH);

	if (n < 0)
		return rs_perf_fail(e, RS_PF_WC_ERROR, EIO, "polling the CQ failed");
	for (int i = 0; i < n; i++) {
		unsigned q = (unsigned)(o[i].wr_id >> 32);
		uint64_t hi = s->done[q] & ~0xffffffffULL, seq = (o[i].wr_id & 0xffffffffu) | hi;

		if (o[i].status != IBV_WC_SUCCESS)
			return rs_perf_wc_failed(s->c, &o[i], e);
		if (q >= s->c->n_qps)
			continue;
		if (seq < s->done[q])
			seq += 1ULL << 32;	/* the 32-bit sequence in wr_id wrapped */
		confirmed += (int64_t)(seq + 1 - s->done[q]);
		s->done[q] = seq + 1;
	}
	return confirmed;
}

static int bw_finished(const struct bw_state *s)
{
	for (unsigned q = 0; q < s->c->n_qps; q++) {
		if (!s->stopping && s->done[q] < s->target)
			return 0;
		if (s->stopping && s->done[q] < s->last_sig[q])
			return 0;
	}
	return 1;
}

void rs_perf_ticker_init(struct rs_perf_ticker *t, const struct rs_perf_hooks *h, uint64_t now)
{
	t->h = h;
	t->period = h && h->interval_ns ? h->interval_ns : 1000000000ULL;
	t->start = t->last_ns = now;
	t->next = now + t->period;
	t->last_units = 0;
	t->n = 0;
}

/* Every period: an interval report to the hook, which may stop the test. */
int rs_perf_ticker_run(struct rs_perf_ticker *t, uint64_t now, uint32_t size, uint64_t msgs,
		      double *peak, struct rs_perf_error *e)
{
	struct rs_perf_interval iv;
	uint64_t dt = now - t->last_ns;

	if (now < t->next)
		return 0;
	iv = (struct rs_perf_interval){
		.size = size, .n = ++t->n, .t_s = (double)(now - t->start) / 1e9,
		.gbps = rs_perf_gbps((msgs - t->last_units) * size, dt),
		.mpps = dt ? (double)(msgs - t->last_units) * 1e3 / (double)dt : 0,
		.iters_done = msgs,
	};
	if (peak && iv.gbps > *peak)
		*peak = iv.gbps;
	t->last_ns = now;
	t->last_units = msgs;
	t->next = now + t->period;
	if (t->h && t->h->tick && t->h->tick(t->h->arg, &iv, e))
		return -1;
	return 0;
}

int rs_perf_bw(struct rs_perf_ctx *c, const struct rs_perf_qps *remote, uint32_t size,
	       const struct rs_perf_hooks *h, struct rs_perf_bw_result *r,
	       struct rs_perf_error *e)
{
	struct bw_state s = { .c = c, .remote = remote, .size = size };
	uint64_t start = rs_now_ns(), now = start, last_progress = start, msgs = 0, loops = 0;
	uint64_t end = c->params.duration_ms ? start + c->params.duration_ms * 1000000ULL : 0;
	struct rs_perf_ticker t;
	double peak = 0;
	int progressed = 0;

	s.sig = c->params.tx_depth / 2 ? c->params.tx_depth / 2 : 1;
	if (s.sig > 64)
		s.sig = 64;
	s.target = c->params.duration_ms ? UINT64_MAX : c->params.iters;
	rs_perf_ticker_init(&t, h, start);
	while (!bw_finished(&s)) {
		int64_t got;

		for (unsigned q = 0; q < c->n_qps; q++)
			if (bw_post(&s, q, e))
				return -1;
		got = bw_reap(&s, e);
		if (got < 0)
			return -1;
		msgs += (uint64_t)got;
		progressed |= got > 0;
		/* The clock when messages completed (every `sig` messages), else
		 * every 4096 idle rounds: a read costs a system call and an
		 * emulated device access where the clocksource is not the TSC
		 * (the lab's HPET), but with large messages on a slow device
		 * 4096 rounds can take seconds, too long for the heartbeat. */
		if (!got && ++loops % 4096)
			continue;
		now = rs_now_ns();
		if (progressed)
			last_progress = now;
		else if (now - last_progress > c->stall_ns)
			return rs_perf_fail(e, RS_PF_STALLED, ETIMEDOUT,
					    "no completion for %.1f s (%llu of the messages done)",
					    (double)c->stall_ns / 1e9, (unsigned long long)msgs);
		progressed = 0;
		if (end && now >= end)
			s.stopping = 1;
		if (rs_perf_ticker_run(&t, now, size, msgs, &peak, e))
			return -1;
	}
	now = rs_now_ns();
	memset(r, 0, sizeof(*r));
	r->size = size;
	r->iterations = msgs;
	r->bytes = msgs * size;
	r->seconds = (double)(now - start) / 1e9;
	r->bw_avg_gbps = rs_perf_gbps(r->bytes, now - start);
	r->msg_rate_mpps = now > start ? (double)msgs * 1e3 / (double)(now - start) : 0;
	/* Runs shorter than an interval have no interval figure: peak = avg. */
	r->bw_peak_gbps = peak > r->bw_avg_gbps ? peak : r->bw_avg_gbps;
	return 0;
}
