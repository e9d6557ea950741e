/* SPDX-License-Identifier: MIT */
/*
 * replay_psn.c - a looped replay's PSN spaces (replay_psn.h).  A replay of a file
 * starting over is not the wire retransmitting: without this, every pass
 * after the first repeats the file's PSNs and a pcap written from the
 * replay reads back as retransmissions the replay never showed.
 *
 * Spaces and bindings are small arrays searched linearly: a replayed file
 * has a few connections, and both are bounded (RS_LOOP_SPACES); a packet
 * of a space beyond them goes out unshifted (and then reads as a repeat,
 * in the replay and in the file alike).
 */
#include "capture/replay_psn.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define RS_LOOP_SPACES 256
#define PSN_MASK 0xffffffu
#define PSN_HALF 0x800000u
/* A READ response may run this far past the last request PSN seen. */
#define PAST_LAST 65536u

/* The PSNs one requester sends to one QP: requests, and the responses. */
struct space {
	uint8_t src[16], dst[16];	/* the requester, the responder */
	uint32_t dqp;			/* the responder's QP */
	uint32_t first, last;
};

/* A response flow (responder to requester's QP) and the space it answers. */
struct binding {
	uint8_t src[16], dst[16];
	uint32_t dqp;
	int space;
};

struct rs_cap_loop {
	struct space spaces[RS_LOOP_SPACES];
	struct binding binds[RS_LOOP_SPACES];
	size_t n_spaces, n_binds;
	uint8_t *buf;
	size_t buf_len;
};

static uint32_t ahead(uint32_t a, uint32_t b)	/* a - b, mod 2^24 */
{
	return (a - b) & PSN_MASK;
}

static int has_psn(const struct rs_pkt *p)
{
	unsigned tr = p->opcode & 0xe0;

	return rs_pkt_is_roce(p) && p->bth_ok && !rs_pkt_malformed(p) &&
	       (tr == 0x00 || tr == 0x20 || tr == 0x40);
}

static int same(const uint8_t *src, const uint8_t *dst, uint32_t dqp, const struct rs_pkt *p)
{
	return dqp == p->dqp && !memcmp(src, p->src, 16) && !memcmp(dst, p->dst, 16);
}

struct rs_cap_loop *rs_cap_loop_new(void)
{
	return rs_xcalloc(1, sizeof(struct rs_cap_loop));
}

void rs_cap_loop_free(struct rs_cap_loop *l)
{
	if (!l)
		return;
	free(l->buf);
	free(l);
}

static int space_of_request(const struct rs_cap_loop *l, const struct rs_pkt *p)
{
	for (size_t i = 0; i < l->n_spaces; i++)
		if (same(l->spaces[i].src, l->spaces[i].dst, l->spaces[i].dqp, p))
			return (int)i;
	return -1;
}

static int space_of_response(const struct rs_cap_loop *l, const struct rs_pkt *p)
{
	for (size_t i = 0; i < l->n_binds; i++)
		if (same(l->binds[i].src, l->binds[i].dst, l->binds[i].dqp, p))
			return l->binds[i].space;
	return -1;
}

/* The space a response answers: between the reversed addresses, its PSN
 * inside the space (best) or a little past its last request (a READ). */
static int find_answered(const struct rs_cap_loop *l, const struct rs_pkt *p)
{
	int best = -1, best_inside = 0;

	for (size_t i = 0; i < l->n_spaces; i++) {
		const struct space *s = &l->spaces[i];
		uint32_t past = ahead(p->psn, s->last);
		int inside = past == 0 || past >= PSN_HALF;

		if (memcmp(s->src, p->dst, 16) || memcmp(s->dst, p->src, 16) ||
		    ahead(p->psn, s->first) >= PSN_HALF || (!inside && past > PAST_LAST))
			continue;
		if (best < 0 || (inside && !best_inside)) {
			best = (int)i;
			best_inside = inside;
		}
	}
	return best;
}

static void extend(struct space *s, uint32_t psn)
{
	uint32_t d = ahead(psn, s->last);

	if (d && d < PSN_HALF)
		s->last = psn;
	else if (ahead(s->first, psn) && ahead(s->first, psn) < PSN_HALF)
		s->first = psn;		/* a repeat of a PSN before the first seen */
}

static void learn_response(struct rs_cap_loop *l, const struct rs_pkt *p)
{
	int i = space_of_response(l, p);
	struct binding *b;

	if (i < 0) {
		i = find_answered(l, p);
		if (i < 0 || l->n_binds == RS_LOOP_SPACES)
			return;
		b = &l->binds[l->n_binds++];
		memcpy(b->src, p->src, 16);
		memcpy(b->dst, p->dst, 16);
		b->dqp = p->dqp;
		b->space = i;
	}
	extend(&l->spaces[i], p->psn);
}

void rs_cap_loop_learn(struct rs_cap_loop *l, const struct rs_pkt *p)
{
	struct space *s;
	int i;

	if (!has_psn(p))
		return;
	if (rs_opcode_is_response(p->opcode)) {
		learn_response(l, p);
		return;
	}
	i = space_of_request(l, p);
	if (i >= 0) {
		extend(&l->spaces[i], p->psn);
		return;
	}
	if (l->n_spaces == RS_LOOP_SPACES)
		return;
	s = &l->spaces[l->n_spaces++];
	memcpy(s->src, p->src, 16);
	memcpy(s->dst, p->dst, 16);
	s->dqp = p->dqp;
	s->first = s->last = p->psn;
}

/* out's bytes: a copy of in's with PSN psn and, when it was right, a right
 * ICRC (the rest of out, its time, is the caller's). */
static void rewrite(struct rs_cap_loop *l, const struct rs_pkt *p, enum rs_linktype link,
		    const struct rs_cap_frame *in, uint32_t psn, struct rs_cap_frame *out)
{
	uint8_t *b, *at;
	uint32_t icrc;

	if (l->buf_len < in->caplen) {
		l->buf = rs_xrealloc(l->buf, in->caplen);
		l->buf_len = in->caplen;
	}
	b = l->buf;
	memcpy(b, in->data, in->caplen);
	at = b + p->bth_off + 9;
	at[0] = (uint8_t)(psn >> 16);
	at[1] = (uint8_t)(psn >> 8);
	at[2] = (uint8_t)psn;
	if (p->icrc == RS_ICRC_OK && !rs_icrc_compute(link, b, in->caplen, &icrc)) {
		at = b + p->icrc_off;
		at[0] = (uint8_t)icrc;
		at[1] = (uint8_t)(icrc >> 8);
		at[2] = (uint8_t)(icrc >> 16);
		at[3] = (uint8_t)(icrc >> 24);
	}
	out->data = b;
}

int rs_cap_loop_shift(struct rs_cap_loop *l, const struct rs_pkt *p, unsigned pass,
		      enum rs_linktype link, const struct rs_cap_frame *in,
		      struct rs_cap_frame *out)
{
	const struct space *s;
	uint32_t span;
	int i;

	if (pass < 2 || !has_psn(p))
		return 0;
	i = rs_opcode_is_response(p->opcode) ? space_of_response(l, p) : space_of_request(l, p);
	if (i < 0)
		return 0;
	s = &l->spaces[i];
	span = (ahead(s->last, s->first) + 1) & PSN_MASK;
	span = (uint32_t)(((uint64_t)span * (pass - 1)) & PSN_MASK);
	if (!span)
		return 0;
	rewrite(l, p, link, in, (p->psn + span) & PSN_MASK, out);
	return 1;
}
