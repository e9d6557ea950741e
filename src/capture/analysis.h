/* SPDX-License-Identifier: MIT */
/*
 * analysis.h - what the capture makes of the decoded packets: totals,
 * flows per (source IP, destination IP, destination QP), a ring of recent
 * packets, and the form of the two answers at the top of the view: "is
 * this really RoCE v2" and "is the wire healthy" (the rules that give
 * them are checks: rs_cap_verdicts() in diag/check.h).  Pure (no libpcap,
 * no curses), one object per capture, no globals; memory is bounded by
 * the two caps given at creation.
 *
 * Rules (docs/capture.md has the reasons):
 * - A flow is (src IP, dst IP, DestQP): requests carry the responder's QP,
 *   ACKs and READ responses the requester's, so a connection is two flows.
 * - PSN continuity on RC/UC requests: the next PSN is the last + 1 (mod
 *   2^24).  A PSN ahead of it is a gap (loss or reordering: the packets in
 *   between are counted missing); one behind it is a repeat (a
 *   retransmission).  A READ request consumes as many PSNs as its response
 *   has packets, unknown here, so the PSN after one is taken as it comes.
 *   READ response packets must follow each other the same way.  UD, CNP
 *   and unknown opcodes are not checked.
 * - NAKs by code, RNR NAKs, CNPs, ECN CE marks, per flow and in total.
 * - ACK latency: a request with AckReq (or a READ / atomic request) waits
 *   for the response whose PSN equals its own (cumulative ACKs cover the
 *   older ones too); the two flows of a connection are paired by the first
 *   such match between the same two addresses.
 * - The flow table keeps at most flow_cap flows; when full, the flow seen
 *   least recently is evicted (counted).  The ring keeps the last ring_cap
 *   packets.  Totals count everything, evicted flows included.
 */
#ifndef RS_CAPTURE_ANALYSIS_H
#define RS_CAPTURE_ANALYSIS_H

#include "capture/decode.h"
#include "finding.h"

#include <stddef.h>
#include <stdint.h>

#define RS_CAP_FLOW_OPS 8	/* opcodes kept per flow, the rest is "other" */
#define RS_CAP_PENDING 16	/* requests waiting for an ACK, per flow */

struct rs_cap_totals {
	uint64_t frames, bytes;		/* every frame, wire bytes */
	uint64_t roce_v2, roce_v1, other;
	uint64_t roce_bytes;
	uint64_t malformed, snapped;
	uint64_t malformed_by[RS_PERR__COUNT];
	uint64_t icrc_ok, icrc_bad, icrc_unchecked;
	uint64_t opcodes[256];
	uint64_t cnp, ecn[4];		/* ecn[3] = CE */
	uint64_t dscp[64];		/* RoCE packets per DSCP */
	uint64_t vlan;			/* RoCE packets with a VLAN tag */
	uint64_t acks, naks[RS_NAK__COUNT], rnr_naks, dup_acks;
	uint64_t psn_gaps, psn_missing, psn_repeats;
	uint64_t cm[32];		/* CM MADs by attribute id (0x10 REQ ...) */
	uint64_t mads;			/* MADs to QP1, CM or not */
	uint64_t flows_seen, flows_evicted;
	uint64_t lat_n, lat_sum_ns, lat_min_ns, lat_max_ns;
	uint64_t first_ts, last_ts;	/* packet time of the first and last frame */
};

struct rs_cap_flow {
	uint8_t src[16], dst[16];	/* as rs_pkt */
	uint32_t dqp;
	uint8_t kind;			/* RS_PKT_ROCE_V2 / _V1 */
	uint8_t last_opcode;
	uint8_t last_tos;
	uint8_t n_ops;
	struct { uint8_t op; uint32_t n; } ops[RS_CAP_FLOW_OPS];
	uint64_t ops_other;
	uint64_t packets, bytes;
	uint64_t first_ts, last_ts;
	double rate_pps, rate_bps;	/* over the last full second of packet time */
	uint64_t psn_gaps, psn_missing, psn_repeats;
	uint64_t acks, naks[RS_NAK__COUNT], rnr_naks, dup_acks;
	uint64_t cnp, ecn_ce, icrc_bad, malformed;
	uint64_t lat_n, lat_sum_ns, lat_min_ns, lat_max_ns;
	uint32_t last_psn;
	/* internal state, read-only for views */
	uint32_t next_psn, resp_next, last_ack_psn;
	uint8_t psn_valid, resp_valid, ack_valid, psn_resync;
	uint8_t n_pend, pend_head;
	struct { uint32_t psn; uint64_t ts; } pend[RS_CAP_PENDING];
	uint64_t win_start, win_pkts, win_bytes;
	uint32_t peer;			/* index + 1 of the paired flow, 0 none */
	uint32_t lru_prev, lru_next;	/* index + 1, 0 none */
};

struct rs_cap_analysis;

/* Caps of 0 take the defaults (4096 flows, 4096 packets). */
struct rs_cap_analysis *rs_cap_analysis_new(size_t flow_cap, size_t ring_cap);
void rs_cap_analysis_free(struct rs_cap_analysis *a);
void rs_cap_analysis_add(struct rs_cap_analysis *a, const struct rs_pkt *p);

const struct rs_cap_totals *rs_cap_totals(const struct rs_cap_analysis *a);

/* Flows in table order (stable while no packet is added). */
size_t rs_cap_flow_count(const struct rs_cap_analysis *a);
const struct rs_cap_flow *rs_cap_flow_at(const struct rs_cap_analysis *a, size_t i);
/* Up to max flows, most packets first (ties: src, dst, QP); returns the count. */
size_t rs_cap_flows_sorted(const struct rs_cap_analysis *a, const struct rs_cap_flow **out,
			   size_t max);
/* The flow paired with f (its other direction), or NULL. */
const struct rs_cap_flow *rs_cap_flow_peer(const struct rs_cap_analysis *a,
					   const struct rs_cap_flow *f);
/* Rate at packet time now: 0 when the flow has been idle for 2 s or more. */
void rs_cap_flow_rate(const struct rs_cap_flow *f, uint64_t now_ns, double *pps, double *bps);

/*
 * The ring: packets are numbered from 0 in arrival order; the ring holds
 * the last ring_cap of them.  rs_cap_ring_get returns NULL for a number no
 * longer (or not yet) held.
 */
uint64_t rs_cap_ring_total(const struct rs_cap_analysis *a);
uint64_t rs_cap_ring_oldest(const struct rs_cap_analysis *a);
const struct rs_pkt *rs_cap_ring_get(const struct rs_cap_analysis *a, uint64_t seq);

/* The two answers, as data the views render. */
enum rs_roce_seen {
	RS_SEEN_NOTHING = 0,
	RS_SEEN_V2,
	RS_SEEN_V1,
	RS_SEEN_BOTH,
};

#define RS_CAP_REASONS 12

struct rs_cap_reason {
	enum rs_verdict verdict;	/* RS_PASS for a note that changes nothing */
	char id[32];			/* "icrc_bad", "psn_gaps" ... */
	char text[200];			/* in the reader's language */
	char text_en[200];		/* the same in English when text is translated, else "" */
};

struct rs_cap_verdicts {
	enum rs_roce_seen seen;
	enum rs_verdict roce;		/* v2 only: pass; v1 seen: warn; nothing: skip/fail */
	char roce_text[240];
	char roce_text_en[240];		/* English when roce_text is translated, else "" */
	enum rs_verdict health;		/* worst reason; skip when no RoCE packet */
	size_t n_reasons;
	struct rs_cap_reason reasons[RS_CAP_REASONS];
};

const char *rs_roce_seen_name(enum rs_roce_seen s);	/* "nothing", "v2", "v1", "v1+v2" */

#endif
