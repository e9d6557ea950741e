/* SPDX-License-Identifier: MIT */
/*
 * analysis_priv.h - the inside of struct rs_cap_analysis, shared by the
 * flow table (flow.c) and the rest of the analysis (analysis.c).
 */
#ifndef RS_CAPTURE_ANALYSIS_PRIV_H
#define RS_CAPTURE_ANALYSIS_PRIV_H

#include "capture/analysis.h"

#define RS_PSN_MASK 0xffffffu
#define RS_PSN_HALF 0x800000u

struct rs_cap_analysis {
	struct rs_cap_totals t;
	/* Flow table: flows[] in slot order, idx[] an open-addressed hash
	 * of slot + 1 (linear probing, 0 empty), an LRU list through the
	 * flows (head = seen last). */
	struct rs_cap_flow *flows;
	size_t n_flows, flow_cap;
	uint32_t *idx;
	size_t idx_mask;
	uint32_t lru_head, lru_tail;
	uint32_t last;			/* slot + 1 of the last flow hit (a burst cache) */
	/* Ring of recent packets. */
	struct rs_pkt *ring;
	size_t ring_cap;
	uint64_t ring_total;
};

/* (p - q) mod 2^24: below RS_PSN_HALF means p is at or after q. */
static inline uint32_t rs_psn_diff(uint32_t p, uint32_t q)
{
	return (p - q) & RS_PSN_MASK;
}

/* The flow of a RoCE packet (created, or the LRU one evicted for it). */
struct rs_cap_flow *rs_cap_flow_get(struct rs_cap_analysis *a, const struct rs_pkt *p);
/* Count p in its flow f: packets, opcodes, PSN, NAKs, latency. */
void rs_cap_flow_update(struct rs_cap_analysis *a, struct rs_cap_flow *f, const struct rs_pkt *p);

#endif
