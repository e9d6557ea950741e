/* SPDX-License-Identifier: MIT */
/*
 * engine_priv.h - the test context shared by engine.c (resources, connect)
 * and bw.c (the data path).  Nothing outside src/perf/ includes it.
 */
#ifndef RS_PERF_ENGINE_PRIV_H
#define RS_PERF_ENGINE_PRIV_H

#include "perf/engine.h"

#include <infiniband/verbs.h>

struct rs_perf_ctx {
	struct rs_perf_params params;
	uint64_t stall_ns;
	char devname[RS_PERF_STR_LEN];
	unsigned port;
	int gid_index;
	union ibv_gid gid;
	int gid_empty;			/* the slot read as zeros or failed */
	enum ibv_mtu active_mtu, mtu;
	uint32_t max_inline;
	unsigned rd_atomic;

	struct ibv_context *vctx;
	struct ibv_pd *pd;
	struct ibv_cq *cq;		/* plain CQ, or ibv_cq_ex_to_cq(cqx) */
	struct ibv_cq_ex *cqx;		/* only with completion timestamps */
	uint64_t ts_mask, ts_khz;
	char ts_note[160];

	uint8_t *buf;			/* n_qps regions of 2 * slot: [recv | send] */
	size_t slot, buf_len;
	struct ibv_mr *mr;
	struct ibv_qp *qp[RS_PERF_MAX_QPS];
	uint32_t psn[RS_PERF_MAX_QPS];
	unsigned n_qps;
	uint64_t lat_round;		/* latency rounds done, across sizes */
};

static inline uint8_t *rs_perf_recv_area(struct rs_perf_ctx *c, unsigned q)
{
	return c->buf + (size_t)q * 2 * c->slot;
}

static inline uint8_t *rs_perf_send_area(struct rs_perf_ctx *c, unsigned q)
{
	return c->buf + (size_t)q * 2 * c->slot + c->slot;
}

#define POLL_BATCH	16

/* One completion as the data path needs it. */
struct rs_perf_poll_out {
	uint64_t wr_id;			/* QP index << 32 | message sequence */
	enum ibv_wc_status status;
	uint64_t ts;			/* device cycles, 0 without timestamps */
};

/* Up to max (<= POLL_BATCH) completions; how many, or -1 on failure. */
int rs_perf_poll_cq(struct rs_perf_ctx *c, struct rs_perf_poll_out *o, int max);
/* e from a failed completion (status 12: RS_PF_RETRY_EXCEEDED); -1. */
int rs_perf_wc_failed(struct rs_perf_ctx *c, const struct rs_perf_poll_out *o,
		      struct rs_perf_error *e);

/* Interval reports to the hooks, shared by both tests. */
struct rs_perf_ticker {
	const struct rs_perf_hooks *h;
	uint64_t start, next, period, last_ns, last_units;
	unsigned n;
};

void rs_perf_ticker_init(struct rs_perf_ticker *t, const struct rs_perf_hooks *h, uint64_t now);
/* At or after the next deadline: report (peak: highest Gb/s seen, may be
 * NULL); -1 when the hook stopped the test (e set). */
int rs_perf_ticker_run(struct rs_perf_ticker *t, uint64_t now, uint32_t size, uint64_t msgs,
		       double *peak, struct rs_perf_error *e);

/* enum ibv_mtu <-> bytes (0 when not a valid MTU). */
int rs_perf_mtu_bytes(enum ibv_mtu m);
enum ibv_mtu rs_perf_mtu_enum(uint32_t bytes);

#endif
