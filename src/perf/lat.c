/* SPDX-License-Identifier: MIT */
/*
 * lat.c - the latency test (engine.h): an RDMA WRITE ping-pong as
 * perftest's ib_write_lat does it.
 *
 * Round r: the initiator writes `size` bytes whose last byte is v(r) into
 * the responder's receive area and spins on the last byte of its own
 * receive area until the responder's write brings v(r) back; the responder
 * spins until it sees v(r), then writes it back.  v(r) = r mod 255 + 1 is
 * never 0 (the buffers start zeroed) and differs from round to round.
 * The round trip is timed around post and echo (ticks(), below); the
 * reported latency is half of it, as perftest reports.
 *
 * With completion timestamps the device clock is read just before the
 * post (ibv_query_rt_values_ex) and the send completion carries the time
 * the ACK came back: that span is the time on the wire and in the NICs,
 * the rest of the round trip is the time in the two hosts (the R-Pingmesh
 * split).  Without timestamps (rxe) nothing is guessed.
 */
#include "perf/engine_priv.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#define MAX_SAMPLES	(16u << 20)	/* a duration run keeps at most this many */
/*
 * Spins, polls and rounds between two clock reads (stall check, end of a
 * duration, interval hook): about a millisecond of spinning.  Fewer reads
 * matter: where the kernel's clocksource is not the TSC (the lab's guest
 * has the HPET) each read is a system call and an emulated device access,
 * long enough to see an echo late.
 */
#define CHECK_EVERY	(1u << 18)

/*
 * The round trip is timed with the time stamp counter where there is one,
 * calibrated against CLOCK_MONOTONIC over the whole run: a clock_gettime()
 * per post and per echo costs more than the TSC read on real hosts, and a
 * great deal under emulation, where the kernel's clocksource may not be
 * the TSC and every call is a system call (perftest reads the TSC too).
 */
static inline uint64_t ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return __rdtsc();
#else
	return rs_now_ns();
#endif
}

struct lat_state {
	struct rs_perf_ctx *c;
	const struct rs_perf_qps *remote;
	uint32_t size;
	struct rs_perf_ticker t;
	uint64_t *rtt, *wire;
	size_t n, cap;			/* samples (initiator only) */
	uint64_t rounds;
	uint64_t last_progress;
	uint64_t polls, rounds_seen;	/* clock reads every CHECK_EVERY polls */
	uint64_t end_ns;		/* duration: the end, 0 with iterations */
	int expired;
};

static uint8_t value_of(uint64_t round)
{
	return (uint8_t)(round % 255 + 1);
}

static int post_write(struct lat_state *s, uint64_t round, struct rs_perf_error *e)
{
	struct rs_perf_ctx *c = s->c;
	uint8_t *src = rs_perf_send_area(c, 0);
	struct ibv_sge sge = { .addr = (uintptr_t)src, .length = s->size, .lkey = c->mr->lkey };
	struct ibv_send_wr wr = {
		.wr_id = round, .sg_list = &sge, .num_sge = 1, .opcode = IBV_WR_RDMA_WRITE,
		.send_flags = IBV_SEND_SIGNALED,
		.wr.rdma = { .remote_addr = s->remote->qp[0].addr, .rkey = s->remote->qp[0].rkey },
	}, *bad;
	int ret;

	src[s->size - 1] = value_of(round);
	if (s->size <= c->max_inline)
		wr.send_flags |= IBV_SEND_INLINE;
	ret = ibv_post_send(c->qp[0], &wr, &bad);
	if (ret)
		return rs_perf_fail(e, RS_PF_WC_ERROR, ret, "ibv_post_send: %s", strerror(ret));
	return 0;
}

/*
 * Called on every spin and empty poll (weight 1) and round (256); every
 * CHECK_EVERY of weight it
 * reads the clock: the stall check (no round completed for stall_ns), the
 * end of a duration run, the interval hook.  -1 to stop (e set).
 */
static int checkpoint(struct lat_state *s, uint64_t weight, struct rs_perf_error *e)
{
	uint64_t now;

	s->polls += weight;
	if (s->polls < CHECK_EVERY)
		return 0;
	s->polls = 0;
	now = rs_now_ns();
	if (s->rounds != s->rounds_seen) {
		s->rounds_seen = s->rounds;
		s->last_progress = now;
	} else if (now - s->last_progress > s->c->stall_ns) {
		return rs_perf_fail(e, RS_PF_STALLED, ETIMEDOUT,
				    "no answer from the peer for %.1f s after %llu round trips",
				    (double)s->c->stall_ns / 1e9, (unsigned long long)s->rounds);
	}
	if (s->end_ns && now >= s->end_ns)
		s->expired = 1;
	return rs_perf_ticker_run(&s->t, now, s->size, s->rounds, NULL, e);
}

/* Spin until the last received byte is v. */
static int wait_echo(struct lat_state *s, uint8_t v, struct rs_perf_error *e)
{
	volatile uint8_t *last = rs_perf_recv_area(s->c, 0) + s->size - 1;

	while (*last != v)
		if (checkpoint(s, 1, e))
			return -1;
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return 0;
}

/* The send completion of the round just posted. */
static int reap_send(struct lat_state *s, uint64_t *ts, struct rs_perf_error *e)
{
	struct rs_perf_poll_out o;

	for (;;) {
		int n = rs_perf_poll_cq(s->c, &o, 1);

		if (n < 0)
			return rs_perf_fail(e, RS_PF_WC_ERROR, EIO, "polling the CQ failed");
		if (n && o.status != IBV_WC_SUCCESS)
			return rs_perf_wc_failed(s->c, &o, e);
		if (n) {
			*ts = o.ts;
			return 0;
		}
		if (checkpoint(s, 1, e))
			return -1;
	}
}

static void keep_sample(struct lat_state *s, uint64_t rtt, uint64_t wire)
{
	if (s->n == s->cap) {
		if (s->cap >= MAX_SAMPLES)
			return;
		s->cap = s->cap ? s->cap * 2 : 4096;
		s->rtt = rs_xrealloc(s->rtt, s->cap * sizeof(*s->rtt));
		s->wire = rs_xrealloc(s->wire, s->cap * sizeof(*s->wire));
	}
	s->rtt[s->n] = rtt;
	s->wire[s->n] = wire;
	s->n++;
}

static uint64_t device_clock(struct rs_perf_ctx *c)
{
	struct ibv_values_ex v = { .comp_mask = IBV_VALUES_MASK_RAW_CLOCK };

	if (!c->cqx || ibv_query_rt_values_ex(c->vctx, &v))
		return 0;
	/* mlx5 gives cycles in tv_nsec, tv_sec 0 (docs/tests.md, Completion
	 * timestamps). */
	return (uint64_t)v.raw_clock.tv_sec * 1000000000ULL + (uint64_t)v.raw_clock.tv_nsec;
}

static int one_round(struct lat_state *s, uint64_t r, int initiator, struct rs_perf_error *e)
{
	uint64_t t0, t1, clk = 0, ts = 0;

	if (!initiator && wait_echo(s, value_of(r), e))
		return -1;
	clk = device_clock(s->c);
	t0 = ticks();
	if (post_write(s, r, e))
		return -1;
	if (initiator && wait_echo(s, value_of(r), e))
		return -1;
	t1 = ticks();
	if (reap_send(s, &ts, e))
		return -1;
	s->rounds++;
	if (initiator)	/* the responder times nothing: it only echoes */
		keep_sample(s, t1 - t0, clk && ts ? (uint64_t)rs_perf_cycles_to_ns(
				    rs_perf_cycles_delta(clk, ts, s->c->ts_mask), s->c->ts_khz) : 0);
	return 0;
}

static void finish(struct lat_state *s, double ns_per_tick, struct rs_perf_lat_result *r)
{
	for (size_t i = 0; i < s->n; i++)
		s->rtt[i] = (uint64_t)((double)s->rtt[i] * ns_per_tick);
	memset(r, 0, sizeof(*r));
	rs_perf_lat_stats(s->rtt, s->n, r);
	r->size = s->size;
	if (s->c->cqx && s->n && s->wire[0]) {
		/* Medians of both series: one slow round must not skew the split. */
		struct rs_perf_lat_result w;

		rs_perf_lat_stats(s->wire, s->n, &w);
		r->timestamps = 1;
		r->wire_rtt_us = w.t_median_us * 2;
		r->host_rtt_us = r->t_median_us * 2 - r->wire_rtt_us;
		if (r->host_rtt_us < 0)
			r->host_rtt_us = 0;
	}
}

int rs_perf_lat(struct rs_perf_ctx *c, const struct rs_perf_qps *remote, uint32_t size,
		int initiator, const struct rs_perf_hooks *h, struct rs_perf_lat_result *r,
		struct rs_perf_error *e)
{
	struct lat_state s = { .c = c, .remote = remote, .size = size };
	uint64_t ns0 = rs_now_ns(), tk0 = ticks(), iters = c->params.iters, ns1, tk1;
	int ret = 0;

	rs_perf_ticker_init(&s.t, h, ns0);
	s.last_progress = ns0;
	if (c->params.duration_ms)
		s.end_ns = ns0 + c->params.duration_ms * 1000000ULL;
	/*
	 * Rounds are numbered across the sizes of a sweep (c->lat_round), and
	 * sizes only grow, so the last byte of a new size was never written
	 * before: no stale value can pass for an echo, and no buffer needs
	 * clearing while the peer may already be writing.
	 */
	for (uint64_t done = 0; !ret; done++) {
		if (!s.end_ns && done >= iters)
			break;
		if (initiator && s.expired)
			break;
		/* A round weighs as much as 256 spins: at most 1024 rounds
		 * between clock reads, however fast the echo comes. */
		ret = checkpoint(&s, 256, e);
		if (!ret)
			ret = one_round(&s, c->lat_round + 1, initiator, e);
		if (!ret)
			c->lat_round++;
	}
	ns1 = rs_now_ns();
	tk1 = ticks();
	if (!ret)	/* ticks to ns, calibrated over this run */
		finish(&s, tk1 > tk0 ? (double)(ns1 - ns0) / (double)(tk1 - tk0) : 1, r);
	free(s.rtt);
	free(s.wire);
	return ret;
}
