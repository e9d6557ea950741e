/* SPDX-License-Identifier: MIT */
/*
 * proto.c - encode and decode the control messages (proto.h).
 *
 * A cursor over a byte buffer does the bounds checking once: every put and
 * get checks the room left and sets a sticky error, so a message is either
 * complete or rejected as a whole.  Nothing here allocates.
 */
#include "perf/proto.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

struct cur {
	uint8_t *w;		/* writing: the buffer */
	const uint8_t *r;	/* reading: the buffer */
	size_t len, pos;
	int err;
};

static void put_bytes(struct cur *c, const void *p, size_t n)
{
	if (c->err)
		return;		/* keep the first error */
	if (n > c->len - c->pos) {
		c->err = -EMSGSIZE;
		return;
	}
	memcpy(c->w + c->pos, p, n);
	c->pos += n;
}

static void put_u64(struct cur *c, uint64_t v)
{
	uint8_t b[8];

	for (int i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> (56 - 8 * i));
	put_bytes(c, b, 8);
}

static void put_u32(struct cur *c, uint32_t v)
{
	uint8_t b[4] = { v >> 24, v >> 16, v >> 8, v };

	put_bytes(c, b, 4);
}

static void put_u16(struct cur *c, uint16_t v)
{
	uint8_t b[2] = { v >> 8, v };

	put_bytes(c, b, 2);
}

static void put_u8(struct cur *c, uint8_t v)
{
	put_bytes(c, &v, 1);
}

static void put_str(struct cur *c, const char *s, size_t field)
{
	size_t n = strnlen(s, field);

	if (n >= field) {	/* not terminated inside its field: a bug upstream */
		c->err = -EINVAL;
		return;
	}
	put_u16(c, (uint16_t)n);
	put_bytes(c, s, n);
}

static const uint8_t *get_bytes(struct cur *c, size_t n)
{
	const uint8_t *p;

	if (c->err || n > c->len - c->pos) {
		c->err = -EBADMSG;
		return NULL;
	}
	p = c->r + c->pos;
	c->pos += n;
	return p;
}

static uint64_t get_be(struct cur *c, size_t n)
{
	const uint8_t *p = get_bytes(c, n);
	uint64_t v = 0;

	for (size_t i = 0; p && i < n; i++)
		v = v << 8 | p[i];
	return v;
}

static uint64_t get_u64(struct cur *c) { return get_be(c, 8); }
static uint32_t get_u32(struct cur *c) { return (uint32_t)get_be(c, 4); }
static uint16_t get_u16(struct cur *c) { return (uint16_t)get_be(c, 2); }
static uint8_t get_u8(struct cur *c) { return (uint8_t)get_be(c, 1); }

static void get_str(struct cur *c, char *dst, size_t field)
{
	uint16_t n = get_u16(c);
	const uint8_t *p;

	dst[0] = '\0';
	if (c->err)
		return;
	if (n >= field) {
		c->err = -EBADMSG;
		return;
	}
	p = get_bytes(c, n);
	if (!p)
		return;
	if (memchr(p, '\0', n)) {
		c->err = -EBADMSG;
		return;
	}
	memcpy(dst, p, n);
	dst[n] = '\0';
}

static void put_view(struct cur *c, const struct rs_perf_view *v, unsigned version)
{
	put_str(c, v->version, sizeof(v->version));
	put_str(c, v->hostname, sizeof(v->hostname));
	put_str(c, v->device, sizeof(v->device));
	put_u32(c, v->port);
	put_u32(c, (uint32_t)v->gid_index);
	put_str(c, v->gid, sizeof(v->gid));
	put_str(c, v->gid_type, sizeof(v->gid_type));
	put_str(c, v->netdev, sizeof(v->netdev));
	put_str(c, v->addr, sizeof(v->addr));
	put_u32(c, v->netdev_mtu);
	put_u32(c, v->active_mtu);
	put_u32(c, v->link_mbps);
	put_str(c, v->port_state, sizeof(v->port_state));
	put_str(c, v->pfc, sizeof(v->pfc));
	put_str(c, v->trust, sizeof(v->trust));
	put_u64(c, v->memlock);
	if (version >= 2) {
		put_str(c, v->dcqcn, sizeof(v->dcqcn));
		put_str(c, v->neigh_ip, sizeof(v->neigh_ip));
		put_str(c, v->neigh_mac, sizeof(v->neigh_mac));
	}
}

static void get_view(struct cur *c, struct rs_perf_view *v, unsigned version)
{
	get_str(c, v->version, sizeof(v->version));
	get_str(c, v->hostname, sizeof(v->hostname));
	get_str(c, v->device, sizeof(v->device));
	v->port = get_u32(c);
	v->gid_index = (int32_t)get_u32(c);
	get_str(c, v->gid, sizeof(v->gid));
	get_str(c, v->gid_type, sizeof(v->gid_type));
	get_str(c, v->netdev, sizeof(v->netdev));
	get_str(c, v->addr, sizeof(v->addr));
	v->netdev_mtu = get_u32(c);
	v->active_mtu = get_u32(c);
	v->link_mbps = get_u32(c);
	get_str(c, v->port_state, sizeof(v->port_state));
	get_str(c, v->pfc, sizeof(v->pfc));
	get_str(c, v->trust, sizeof(v->trust));
	v->memlock = get_u64(c);
	if (version >= 2) {
		get_str(c, v->dcqcn, sizeof(v->dcqcn));
		get_str(c, v->neigh_ip, sizeof(v->neigh_ip));
		get_str(c, v->neigh_mac, sizeof(v->neigh_mac));
	} else {
		/* a version 1 peer */
		snprintf(v->dcqcn, sizeof(v->dcqcn), "unknown");
	}
}

static void put_params(struct cur *c, const struct rs_perf_params *p)
{
	put_u8(c, p->test);
	put_u8(c, p->verb);
	put_u8(c, p->sweep);
	put_u16(c, p->qps);
	put_u32(c, p->size);
	put_u64(c, p->iters);
	put_u32(c, p->duration_ms);
	put_u32(c, p->tx_depth);
	put_u32(c, p->mtu);
}

static void get_params(struct cur *c, struct rs_perf_params *p)
{
	p->test = get_u8(c);
	p->verb = get_u8(c);
	p->sweep = get_u8(c);
	p->qps = get_u16(c);
	p->size = get_u32(c);
	p->iters = get_u64(c);
	p->duration_ms = get_u32(c);
	p->tx_depth = get_u32(c);
	p->mtu = get_u32(c);
	/* Values the engine could not honour are refused here, once. */
	if (p->test < RS_PERF_BW || p->test > RS_PERF_LAT || p->verb < RS_VERB_WRITE ||
	    p->verb > RS_VERB_SEND || p->sweep > 1 || !p->qps || p->qps > RS_PERF_MAX_QPS ||
	    !p->size || !p->tx_depth || (!p->iters == !p->duration_ms))
		c->err = -EBADMSG;
}

static void put_qps(struct cur *c, const struct rs_perf_qps *q)
{
	if (q->n > RS_PERF_MAX_QPS) {
		c->err = -EINVAL;
		return;
	}
	put_u32(c, q->mtu);
	put_u16(c, q->n);
	for (unsigned i = 0; i < q->n; i++) {
		put_u32(c, q->qp[i].qpn);
		put_u32(c, q->qp[i].psn);
		put_u32(c, q->qp[i].rkey);
		put_u64(c, q->qp[i].addr);
		put_bytes(c, q->qp[i].gid, 16);
	}
}

static void get_qps(struct cur *c, struct rs_perf_qps *q)
{
	q->mtu = get_u32(c);
	q->n = get_u16(c);
	if (!q->n || q->n > RS_PERF_MAX_QPS) {
		c->err = -EBADMSG;
		return;
	}
	for (unsigned i = 0; i < q->n && !c->err; i++) {
		const uint8_t *g;

		q->qp[i].qpn = get_u32(c);
		q->qp[i].psn = get_u32(c);
		q->qp[i].rkey = get_u32(c);
		q->qp[i].addr = get_u64(c);
		g = get_bytes(c, 16);
		if (g)
			memcpy(q->qp[i].gid, g, 16);
	}
}

static void put_payload(struct cur *c, const struct rs_perf_msg *m, unsigned version)
{
	switch (m->type) {
	case RS_MSG_HELLO:
		put_params(c, &m->u.hello.params);
		put_view(c, &m->u.hello.view, version);
		break;
	case RS_MSG_WELCOME:
		put_view(c, &m->u.welcome, version);
		break;
	case RS_MSG_QPS:
		put_qps(c, &m->u.qps);
		break;
	case RS_MSG_SYNC:
		put_u32(c, m->u.sync);
		break;
	case RS_MSG_DONE:
		put_u64(c, m->u.done.bytes);
		put_u64(c, m->u.done.msgs);
		put_u64(c, m->u.done.ns);
		break;
	case RS_MSG_ERROR:
		put_u16(c, m->u.error.code);
		put_str(c, m->u.error.message, sizeof(m->u.error.message));
		break;
	case RS_MSG_READY:
		break;
	default:
		c->err = -EINVAL;
	}
}

int rs_perf_encode(const struct rs_perf_msg *m, uint8_t *buf, size_t cap, size_t *len)
{
	struct cur c = { .w = buf, .len = cap, .pos = RS_PERF_HDR_LEN };
	unsigned version = m->version ? m->version : RS_PERF_VERSION;
	size_t plen;

	if (cap < RS_PERF_HDR_LEN)
		return -EMSGSIZE;
	if (version < RS_PERF_VERSION_MIN || version > RS_PERF_VERSION)
		return -EINVAL;
	if (cap > RS_PERF_HDR_LEN + RS_PERF_MAX_PAYLOAD)
		c.len = RS_PERF_HDR_LEN + RS_PERF_MAX_PAYLOAD;
	put_payload(&c, m, version);
	if (c.err)
		return c.err;
	plen = c.pos - RS_PERF_HDR_LEN;
	c.pos = 0;
	put_u32(&c, RS_PERF_MAGIC);
	put_u8(&c, (uint8_t)version);
	put_u8(&c, m->type);
	put_u16(&c, 0);
	put_u32(&c, (uint32_t)plen);
	put_u32(&c, 0);
	*len = RS_PERF_HDR_LEN + plen;
	return c.err;
}

int rs_perf_decode_hdr(const uint8_t *buf, struct rs_perf_hdr *h)
{
	struct cur c = { .r = buf, .len = RS_PERF_HDR_LEN };
	uint16_t zero16;
	uint32_t zero32;

	h->magic = get_u32(&c);
	h->version = get_u8(&c);
	h->type = get_u8(&c);
	zero16 = get_u16(&c);
	h->length = get_u32(&c);
	zero32 = get_u32(&c);
	if (h->magic != RS_PERF_MAGIC)
		return -EPROTO;
	if (h->version < RS_PERF_VERSION_MIN || h->version > RS_PERF_VERSION)
		return -EPROTONOSUPPORT;
	if (!h->type || h->type > RS_MSG_TYPE_MAX || zero16 || zero32)
		return -EBADMSG;
	if (h->length > RS_PERF_MAX_PAYLOAD)
		return -EMSGSIZE;
	return 0;
}

int rs_perf_decode_payload(const struct rs_perf_hdr *h, const uint8_t *p, size_t len,
			   struct rs_perf_msg *m)
{
	struct cur c = { .r = p, .len = len };

	memset(m, 0, sizeof(*m));
	m->type = h->type;
	m->version = h->version;
	if (len != h->length)
		return -EBADMSG;
	switch (h->type) {
	case RS_MSG_HELLO:
		get_params(&c, &m->u.hello.params);
		get_view(&c, &m->u.hello.view, h->version);
		break;
	case RS_MSG_WELCOME:
		get_view(&c, &m->u.welcome, h->version);
		break;
	case RS_MSG_QPS:
		get_qps(&c, &m->u.qps);
		break;
	case RS_MSG_SYNC:
		m->u.sync = get_u32(&c);
		break;
	case RS_MSG_DONE:
		m->u.done.bytes = get_u64(&c);
		m->u.done.msgs = get_u64(&c);
		m->u.done.ns = get_u64(&c);
		break;
	case RS_MSG_ERROR:
		m->u.error.code = get_u16(&c);
		get_str(&c, m->u.error.message, sizeof(m->u.error.message));
		break;
	case RS_MSG_READY:
		break;
	default:
		return -EBADMSG;
	}
	if (!c.err && c.pos != c.len)
		c.err = -EBADMSG;	/* trailing bytes: not the layout we know */
	return c.err ? -EBADMSG : 0;
}

int rs_perf_decode(const uint8_t *buf, size_t len, struct rs_perf_msg *m)
{
	struct rs_perf_hdr h;
	int ret;

	if (len < RS_PERF_HDR_LEN)
		return -EBADMSG;
	ret = rs_perf_decode_hdr(buf, &h);
	if (ret)
		return ret;
	return rs_perf_decode_payload(&h, buf + RS_PERF_HDR_LEN, len - RS_PERF_HDR_LEN, m);
}

const char *rs_perf_msg_name(unsigned type)
{
	static const char *const names[] = {
		"?", "HELLO", "WELCOME", "QPS", "READY", "SYNC", "DONE", "ERROR",
	};

	return type < sizeof(names) / sizeof(names[0]) ? names[type] : "?";
}
