/* SPDX-License-Identifier: MIT */
/*
 * flow.c - the flow table of the analysis (analysis.h): lookup with a
 * cap and LRU eviction, and what one packet does to its flow (PSN
 * continuity, NAKs, ACK latency and the pairing of the two directions).
 */
#include "capture/analysis_priv.h"

#include <string.h>

static uint64_t mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

static uint64_t key_hash(const uint8_t *src, const uint8_t *dst, uint32_t dqp)
{
	uint64_t w[4];

	memcpy(w, src, 16);
	memcpy(w + 2, dst, 16);
	return mix(w[0] ^ mix(w[1] ^ mix(w[2] ^ mix(w[3] ^ dqp))));
}

static int same_key(const struct rs_cap_flow *f, const struct rs_pkt *p)
{
	return f->dqp == p->dqp && !memcmp(f->src, p->src, 16) && !memcmp(f->dst, p->dst, 16);
}

/* LRU list through the flows, by slot + 1. */
static void lru_unlink(struct rs_cap_analysis *a, struct rs_cap_flow *f)
{
	if (f->lru_prev)
		a->flows[f->lru_prev - 1].lru_next = f->lru_next;
	else
		a->lru_head = f->lru_next;
	if (f->lru_next)
		a->flows[f->lru_next - 1].lru_prev = f->lru_prev;
	else
		a->lru_tail = f->lru_prev;
	f->lru_prev = f->lru_next = 0;
}

static void lru_push_front(struct rs_cap_analysis *a, struct rs_cap_flow *f, uint32_t slot1)
{
	f->lru_prev = 0;
	f->lru_next = a->lru_head;
	if (a->lru_head)
		a->flows[a->lru_head - 1].lru_prev = slot1;
	a->lru_head = slot1;
	if (!a->lru_tail)
		a->lru_tail = slot1;
}

/* Remove slot1 from the hash (backward-shift deletion keeps probing exact). */
static void idx_remove(struct rs_cap_analysis *a, uint32_t slot1)
{
	const struct rs_cap_flow *f = &a->flows[slot1 - 1];
	size_t i = key_hash(f->src, f->dst, f->dqp) & a->idx_mask, j, k;

	while (a->idx[i] != slot1)
		i = (i + 1) & a->idx_mask;
	a->idx[i] = 0;
	for (j = (i + 1) & a->idx_mask; a->idx[j]; j = (j + 1) & a->idx_mask) {
		const struct rs_cap_flow *g = &a->flows[a->idx[j] - 1];

		k = key_hash(g->src, g->dst, g->dqp) & a->idx_mask;
		/* Move idx[j] into the hole unless its home lies in (i, j]. */
		if (i <= j ? (k <= i || k > j) : (k <= i && k > j)) {
			a->idx[i] = a->idx[j];
			a->idx[j] = 0;
			i = j;
		}
	}
}

/* A slot for a new flow: the next free one, or the least recently seen. */
static uint32_t take_slot(struct rs_cap_analysis *a)
{
	uint32_t slot1;
	struct rs_cap_flow *old;

	if (a->n_flows < a->flow_cap)
		return (uint32_t)++a->n_flows;
	slot1 = a->lru_tail;
	old = &a->flows[slot1 - 1];
	if (old->peer)
		a->flows[old->peer - 1].peer = 0;
	lru_unlink(a, old);
	idx_remove(a, slot1);
	a->t.flows_evicted++;
	return slot1;
}

struct rs_cap_flow *rs_cap_flow_get(struct rs_cap_analysis *a, const struct rs_pkt *p)
{
	struct rs_cap_flow *f;
	uint32_t slot1;
	size_t i;

	if (a->last && same_key(&a->flows[a->last - 1], p))
		return &a->flows[a->last - 1];
	for (i = key_hash(p->src, p->dst, p->dqp) & a->idx_mask; a->idx[i];
	     i = (i + 1) & a->idx_mask) {
		f = &a->flows[a->idx[i] - 1];
		if (same_key(f, p)) {
			a->last = a->idx[i];
			lru_unlink(a, f);
			lru_push_front(a, f, a->last);
			return f;
		}
	}
	slot1 = take_slot(a);
	/* The eviction may have shifted entries: find the free bucket again. */
	for (i = key_hash(p->src, p->dst, p->dqp) & a->idx_mask; a->idx[i];
	     i = (i + 1) & a->idx_mask)
		;
	a->idx[i] = slot1;
	f = &a->flows[slot1 - 1];
	memset(f, 0, sizeof(*f));
	memcpy(f->src, p->src, 16);
	memcpy(f->dst, p->dst, 16);
	f->dqp = p->dqp;
	f->kind = p->kind;
	f->first_ts = f->win_start = p->ts_ns;
	lru_push_front(a, f, slot1);
	a->last = slot1;
	a->t.flows_seen++;
	return f;
}

static void count_op(struct rs_cap_flow *f, uint8_t op)
{
	for (unsigned i = 0; i < f->n_ops; i++)
		if (f->ops[i].op == op) {
			f->ops[i].n++;
			return;
		}
	if (f->n_ops < RS_CAP_FLOW_OPS) {
		f->ops[f->n_ops].op = op;
		f->ops[f->n_ops++].n = 1;
		return;
	}
	f->ops_other++;
}

static void rate_window(struct rs_cap_flow *f, const struct rs_pkt *p)
{
	uint64_t span = p->ts_ns - f->win_start;

	if (p->ts_ns >= f->win_start && span >= 1000000000ULL) {
		f->rate_pps = (double)f->win_pkts * 1e9 / (double)span;
		f->rate_bps = (double)f->win_bytes * 8e9 / (double)span;
		f->win_start = p->ts_ns;
		f->win_pkts = f->win_bytes = 0;
	} else if (p->ts_ns < f->win_start) {
		f->win_start = p->ts_ns;	/* the clock went back: start over */
	}
	f->win_pkts++;
	f->win_bytes += p->wire_len;
}

/* PSN of a request: in order, a gap ahead, or a repeat behind.  1 = in order or ahead. */
static int psn_request(struct rs_cap_analysis *a, struct rs_cap_flow *f, const struct rs_pkt *p)
{
	uint32_t d = rs_psn_diff(p->psn, f->next_psn);

	if (f->psn_valid && d >= RS_PSN_HALF) {
		f->psn_repeats++;
		a->t.psn_repeats++;
		return 0;
	}
	if (f->psn_valid && d && !f->psn_resync) {
		f->psn_gaps++;
		f->psn_missing += d;
		a->t.psn_gaps++;
		a->t.psn_missing += d;
	}
	f->psn_valid = 1;
	/* A READ consumes one PSN per response packet: unknown here. */
	f->psn_resync = (p->opcode & 0x1f) == 0x0c;
	f->next_psn = (p->psn + 1) & RS_PSN_MASK;
	return 1;
}

/* READ response packets follow each other; ACKs may jump (they coalesce). */
static void psn_response(struct rs_cap_analysis *a, struct rs_cap_flow *f, const struct rs_pkt *p)
{
	uint8_t low = p->opcode & 0x1f;
	uint32_t d;

	if (low == 0x0e || low == 0x0f) {	/* READ Response Middle / Last */
		d = rs_psn_diff(p->psn, f->resp_next);
		if (f->resp_valid && d >= RS_PSN_HALF) {
			f->psn_repeats++;
			a->t.psn_repeats++;
		} else if (f->resp_valid && d) {
			f->psn_gaps++;
			f->psn_missing += d;
			a->t.psn_gaps++;
			a->t.psn_missing += d;
		}
	}
	f->resp_valid = low == 0x0d || low == 0x0e;
	f->resp_next = (p->psn + 1) & RS_PSN_MASK;
}

static void pend_push(struct rs_cap_flow *f, uint32_t psn, uint64_t ts)
{
	unsigned at = (f->pend_head + f->n_pend) % RS_CAP_PENDING;

	if (f->n_pend == RS_CAP_PENDING) {	/* full: forget the oldest */
		f->pend_head = (uint8_t)((f->pend_head + 1) % RS_CAP_PENDING);
		f->n_pend--;
	}
	f->pend[at].psn = psn;
	f->pend[at].ts = ts;
	f->n_pend++;
}

static int pend_has(const struct rs_cap_flow *f, uint32_t psn)
{
	for (unsigned i = 0; i < f->n_pend; i++)
		if (f->pend[(f->pend_head + i) % RS_CAP_PENDING].psn == psn)
			return 1;
	return 0;
}

/* The request flow the response flow r answers: paired, or found now. */
static struct rs_cap_flow *peer_of(struct rs_cap_analysis *a, struct rs_cap_flow *r,
				   const struct rs_pkt *p)
{
	uint32_t r1 = (uint32_t)(r - a->flows) + 1;

	if (r->peer)
		return &a->flows[r->peer - 1];
	/* Scanning costs a pass over the table: not on every packet. */
	if (r->packets > 4 && (r->packets & 15) != 1)
		return NULL;
	for (size_t i = 0; i < a->n_flows; i++) {
		struct rs_cap_flow *q = &a->flows[i];

		if (q->peer || q == r || memcmp(q->src, r->dst, 16) || memcmp(q->dst, r->src, 16) ||
		    !pend_has(q, p->psn))
			continue;
		q->peer = r1;
		r->peer = (uint32_t)i + 1;
		return q;
	}
	return NULL;
}

/* A response covering PSN p->psn: the latency of the newest request it covers. */
static void ack_latency(struct rs_cap_analysis *a, struct rs_cap_flow *r, const struct rs_pkt *p)
{
	struct rs_cap_flow *q = peer_of(a, r, p);
	uint64_t req_ts = 0, lat;
	int hit = 0;

	while (q && q->n_pend) {
		unsigned h = q->pend_head;

		if (rs_psn_diff(p->psn, q->pend[h].psn) >= RS_PSN_HALF)
			break;	/* not covered yet */
		req_ts = q->pend[h].ts;
		hit = 1;
		q->pend_head = (uint8_t)((h + 1) % RS_CAP_PENDING);
		q->n_pend--;
	}
	if (!hit || p->ts_ns < req_ts)
		return;
	lat = p->ts_ns - req_ts;
	if (!q->lat_n || lat < q->lat_min_ns)
		q->lat_min_ns = lat;
	if (lat > q->lat_max_ns)
		q->lat_max_ns = lat;
	q->lat_n++;
	q->lat_sum_ns += lat;
	if (!a->t.lat_n || lat < a->t.lat_min_ns)
		a->t.lat_min_ns = lat;
	if (lat > a->t.lat_max_ns)
		a->t.lat_max_ns = lat;
	a->t.lat_n++;
	a->t.lat_sum_ns += lat;
}

/* AETH: ACKs (duplicates too), NAKs by code, RNR NAKs; ACKs give latency. */
static void aeth(struct rs_cap_analysis *a, struct rs_cap_flow *f, const struct rs_pkt *p)
{
	enum rs_aeth_kind k = rs_aeth_kind(p->syndrome);
	uint32_t d;

	if (k == RS_AETH_NAK) {
		f->naks[rs_aeth_nak(p->syndrome)]++;
		a->t.naks[rs_aeth_nak(p->syndrome)]++;
		return;
	}
	if (k == RS_AETH_RNR_NAK) {
		f->rnr_naks++;
		a->t.rnr_naks++;
		return;
	}
	if (k != RS_AETH_ACK)
		return;
	if (p->opcode == 0x11 || p->opcode == 0x51) {
		d = rs_psn_diff(p->psn, f->last_ack_psn);
		f->acks++;
		a->t.acks++;
		if (f->ack_valid && (d == 0 || d >= RS_PSN_HALF)) {
			f->dup_acks++;
			a->t.dup_acks++;
			return;
		}
		f->ack_valid = 1;
		f->last_ack_psn = p->psn;
	}
	ack_latency(a, f, p);
}

static void transport(struct rs_cap_analysis *a, struct rs_cap_flow *f, const struct rs_pkt *p)
{
	unsigned tr = p->opcode & 0xe0;
	uint8_t low = p->opcode & 0x1f;

	if (tr != 0x00 && tr != 0x20 && tr != 0x40)
		return;		/* UD, CNP, vendor: no PSN sequence to follow */
	if (rs_opcode_is_response(p->opcode)) {
		psn_response(a, f, p);
		if (p->hdrs & RS_HDR_AETH)
			aeth(a, f, p);
		return;
	}
	if (!psn_request(a, f, p))
		return;		/* a retransmission: its ACK wait is already recorded */
	if ((p->bth_flags & RS_BTH_ACKREQ) || low == 0x0c || low == 0x13 || low == 0x14)
		pend_push(f, p->psn, p->ts_ns);
}

void rs_cap_flow_update(struct rs_cap_analysis *a, struct rs_cap_flow *f, const struct rs_pkt *p)
{
	f->packets++;
	f->bytes += p->wire_len;
	f->last_ts = p->ts_ns;
	f->last_psn = p->psn;
	f->last_opcode = p->opcode;
	f->last_tos = p->tos;
	count_op(f, p->opcode);
	rate_window(f, p);
	if (p->opcode == RS_OP_CNP)
		f->cnp++;
	if ((p->tos & 3) == 3)
		f->ecn_ce++;
	if (p->icrc == RS_ICRC_BAD)
		f->icrc_bad++;
	if (rs_pkt_malformed(p)) {
		f->malformed++;
		return;		/* fields past the problem cannot be trusted */
	}
	/* A corrupted packet's PSN says nothing; a snapped one's still does. */
	if (p->icrc != RS_ICRC_BAD)
		transport(a, f, p);
}
