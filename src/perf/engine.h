/* SPDX-License-Identifier: MIT */
/*
 * engine.h - RDMA bandwidth and latency tests on libibverbs RC queue pairs
 * (docs/tests.md "Engine").  No curses, no sockets: the control channel
 * (ctrl.h) carries what the two ends exchange; this module owns the
 * device, the memory and the data path.
 *
 * Life of a test on each end:
 *   rs_perf_ctx_open()      device, port ACTIVE?, PD, CQ (with completion
 *                           timestamps when the device has them), one MR,
 *                           QPs in INIT; fills the local QP infos
 *   rs_perf_ctx_connect()   RTR then RTS against the peer's infos, path MTU
 *                           = the smaller of both ends', retry_cnt 6 (7 is
 *                           "forever" on rxe), timeout 14
 *   rs_perf_bw() / rs_perf_lat()  the data path, a tight polling loop that
 *                           calls hooks->tick about every interval, so the
 *                           caller can report progress, watch the control
 *                           connection and SIGINT, and stop the test
 *   rs_perf_ctx_close()
 * Every wait in the data path has a deadline (stall_ns): an unreachable
 * peer ends in RS_PF_RETRY_EXCEEDED or RS_PF_STALLED, never a hang.
 */
#ifndef RS_PERF_ENGINE_H
#define RS_PERF_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "perf/fail.h"
#include "perf/proto.h"

struct rs_perf_ctx;

struct rs_perf_setup {
	const char *device;
	unsigned port;
	int gid_index;
	struct rs_perf_params params;	/* test, verb, qps, size (largest), depth */
	uint64_t stall_ns;		/* no completion for this long: failure */
};

/* Progress of the running size, given to hooks->tick. */
struct rs_perf_interval {
	uint32_t size;
	unsigned n;			/* 1, 2, ... */
	double t_s;			/* since the start of this size */
	double gbps, mpps;		/* over this interval */
	uint64_t iters_done;
};

struct rs_perf_hooks {
	uint64_t interval_ns;		/* how often tick runs (0: 1 s) */
	/* Return nonzero to stop the test (e set: why). */
	int (*tick)(void *arg, const struct rs_perf_interval *iv, struct rs_perf_error *e);
	void *arg;
};

struct rs_perf_bw_result {
	uint32_t size;
	uint64_t iterations;		/* completed messages, all QPs */
	uint64_t bytes;
	double seconds;
	double bw_avg_gbps, bw_peak_gbps, msg_rate_mpps;
};

#define RS_PERF_HIST_BUCKETS 24

struct rs_perf_lat_result {
	uint32_t size;
	uint64_t iterations;
	/* One-way latency (round trip / 2, as perftest reports), microseconds. */
	double t_min_us, t_median_us, t_avg_us, t_p99_us, t_p999_us, t_max_us, t_stdev_us;
	/* Histogram of the one-way latency: bucket i counts [2^(i-1), 2^i) µs
	 * (bucket 0: under 1 µs), the last one everything above. */
	uint64_t hist[RS_PERF_HIST_BUCKETS];
	/* Completion timestamps (0 = the device has none): median round trip
	 * split into the time of the send on the wire and in the NICs (post to
	 * ACK, from the device clock) and the rest, spent in the hosts. */
	int timestamps;
	double wire_rtt_us, host_rtt_us;
};

/* Open everything up to INIT.  0, or -1 with e set. */
int rs_perf_ctx_open(const struct rs_perf_setup *su, struct rs_perf_ctx **ctx,
		     struct rs_perf_error *e);
void rs_perf_ctx_close(struct rs_perf_ctx *ctx);

/* The local QP infos (and this end's path MTU) to send to the peer. */
void rs_perf_ctx_local(const struct rs_perf_ctx *ctx, struct rs_perf_qps *out);
/* Why there are no completion timestamps ("" when there are). */
const char *rs_perf_ctx_ts_note(const struct rs_perf_ctx *ctx);
/* Memory the test registers, bytes (for the memlock message). */
uint64_t rs_perf_ctx_mr_bytes(const struct rs_perf_params *p);

int rs_perf_ctx_connect(struct rs_perf_ctx *ctx, const struct rs_perf_qps *remote,
			struct rs_perf_error *e);

/* Client of a bandwidth test (WRITE or READ): size bytes, iterations or
 * duration from the setup's params.  The server end is passive. */
int rs_perf_bw(struct rs_perf_ctx *ctx, const struct rs_perf_qps *remote, uint32_t size,
	       const struct rs_perf_hooks *h, struct rs_perf_bw_result *r,
	       struct rs_perf_error *e);

/* Ping-pong latency; the client (initiator = 1) starts every round. */
int rs_perf_lat(struct rs_perf_ctx *ctx, const struct rs_perf_qps *remote, uint32_t size,
		int initiator, const struct rs_perf_hooks *h, struct rs_perf_lat_result *r,
		struct rs_perf_error *e);

/* Pure helpers (stats.c), exposed for the tests. */
void rs_perf_lat_stats(uint64_t *rtt_ns, size_t n, struct rs_perf_lat_result *r);
uint64_t rs_perf_cycles_delta(uint64_t prev, uint64_t cur, uint64_t mask);
double rs_perf_cycles_to_ns(uint64_t cycles, uint64_t khz);
double rs_perf_gbps(uint64_t bytes, uint64_t ns);

#endif
