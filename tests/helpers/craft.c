/* SPDX-License-Identifier: MIT */
/*
 * craft.c - the frame builder of craft.h.  Lengths are filled in from the
 * parts, the IPv4 header checksum is real, the UDP checksum is 0 (as rxe
 * sends it), and the ICRC comes from rs_icrc_compute().
 */
#include "tests/helpers/craft.h"
#include "capture/decode.h"

#include <arpa/inet.h>
#include <string.h>

void rs_craft_init(struct rs_craft *c, uint8_t opcode, uint32_t dqp, uint32_t psn)
{
	memset(c, 0, sizeof(*c));
	c->opcode = opcode;
	c->dqp = dqp;
	c->psn = psn;
	c->pad = -1;
	c->pkey = 0xffff;
	c->ttl = 64;
	c->sport = 0xc000;
	c->dport = 4791;
	c->ip_flags = 0x4000;
	c->eth_min = 60;
	rs_craft_ipv4(c, "10.0.0.1", "10.0.0.2");
}

void rs_craft_ipv4(struct rs_craft *c, const char *src, const char *dst)
{
	c->ipv6 = 0;
	memset(c->src, 0, 16);
	memset(c->dst, 0, 16);
	inet_pton(AF_INET, src, c->src);
	inet_pton(AF_INET, dst, c->dst);
}

void rs_craft_ipv6(struct rs_craft *c, const char *src, const char *dst)
{
	c->ipv6 = 1;
	inet_pton(AF_INET6, src, c->src);
	inet_pton(AF_INET6, dst, c->dst);
}

void rs_craft_be(struct rs_craft *c, uint64_t v, unsigned n)
{
	/* n may exceed 8 (a CNP's 16 reserved bytes): the high bytes are 0. */
	for (unsigned i = 0; i < n && c->ext_len < sizeof(c->ext); i++) {
		unsigned shift = 8 * (n - 1 - i);

		c->ext[c->ext_len++] = shift < 64 ? (uint8_t)(v >> shift) : 0;
	}
}

void rs_craft_cm_mad(struct rs_craft *c, uint16_t attr, uint64_t service_id)
{
	/* DETH for QP1, then the MAD as the payload's first bytes. */
	rs_craft_be(c, 0x80010000u, 4);
	rs_craft_be(c, 1, 4);
	rs_craft_be(c, 0x01070203, 4);		/* base 1, class CM, version 2, Send */
	rs_craft_be(c, 0, 4);			/* status, class specific */
	rs_craft_be(c, 0x1122334455667788ULL, 8);	/* transaction id */
	rs_craft_be(c, attr, 2);
	rs_craft_be(c, 0, 2);
	rs_craft_be(c, 0, 4);			/* attribute modifier */
	rs_craft_be(c, 0xabcd, 4);		/* REQ: local comm id */
	rs_craft_be(c, 0, 4);
	rs_craft_be(c, service_id, 8);
	c->payload_len = 256 - 40;		/* the rest of the 256-byte MAD */
}

static void put16(uint8_t *b, uint16_t v)
{
	b[0] = (uint8_t)(v >> 8);
	b[1] = (uint8_t)v;
}

static uint16_t ip_csum(const uint8_t *h, size_t n)
{
	uint32_t s = 0;

	for (size_t i = 0; i < n; i += 2)
		s += (uint32_t)(h[i] << 8 | h[i + 1]);
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)~s;
}

static size_t l2(const struct rs_craft *c, uint8_t *b)
{
	size_t n = 12;

	memcpy(b, "\x02\x00\x00\x00\x00\x02\x02\x00\x00\x00\x00\x01", 12);
	for (unsigned i = 0; i < c->n_vlan && i < 2; i++, n += 4) {
		put16(b + n, c->vlan_tpid[i]);
		put16(b + n + 2, c->vlan_tci[i]);
	}
	put16(b + n, c->v1 ? 0x8915 : c->ipv6 ? 0x86dd : 0x0800);
	return n + 2;
}

/* IPv6 header or GRH: 40 bytes. */
static void v6hdr(const struct rs_craft *c, uint8_t *b, size_t plen, uint8_t next)
{
	b[0] = (uint8_t)(0x60 | c->tos >> 4);
	b[1] = (uint8_t)((c->tos & 0x0f) << 4 | ((c->flow_label >> 16) & 0x0f));
	put16(b + 2, (uint16_t)c->flow_label);
	put16(b + 4, (uint16_t)plen);
	b[6] = next;
	b[7] = c->ttl;
	memcpy(b + 8, c->src, 16);
	memcpy(b + 24, c->dst, 16);
}

size_t rs_craft_udp_payload_offset(const struct rs_craft *c)
{
	uint8_t b[64];

	return l2(c, b) + (c->ipv6 ? 40 : 20) + 8;
}

static size_t transport(const struct rs_craft *c, uint8_t *b)
{
	unsigned pad = c->pad >= 0 ? (unsigned)c->pad : (unsigned)((4 - c->payload_len % 4) % 4);
	size_t n = 12;

	b[0] = c->opcode;
	b[1] = (uint8_t)((c->se ? 0x80 : 0) | (c->mig ? 0x40 : 0) | (pad & 3) << 4 | (c->tver & 15));
	put16(b + 2, c->pkey);
	b[4] = (uint8_t)((c->fecn ? 0x80 : 0) | (c->becn ? 0x40 : 0));
	b[5] = (uint8_t)(c->dqp >> 16);
	put16(b + 6, (uint16_t)c->dqp);
	b[8] = c->ackreq ? 0x80 : 0;
	b[9] = (uint8_t)(c->psn >> 16);
	put16(b + 10, (uint16_t)c->psn);
	memcpy(b + n, c->ext, c->ext_len);
	n += c->ext_len;
	for (size_t i = 0; i < c->payload_len; i++)
		b[n++] = (uint8_t)(0x30 + i);
	memset(b + n, 0, pad + 4);	/* pad, then the ICRC slot */
	return n + pad + 4;
}

size_t rs_craft_frame(const struct rs_craft *c, uint8_t *buf, size_t cap)
{
	uint8_t b[12000];
	size_t off = l2(c, b), ip = off, t, len;
	uint32_t icrc = 0;

	if (cap < 64 || c->ext_len + c->payload_len > 9000)
		return 0;
	off += c->v1 || c->ipv6 ? 40 : 20;
	if (!c->v1)
		off += 8;
	t = transport(c, b + off);
	len = off + t;
	if (c->v1) {
		v6hdr(c, b + ip, t, 0x1b);
	} else {
		if (c->ipv6) {
			v6hdr(c, b + ip, t + 8, 17);
		} else {
			b[ip] = 0x45;
			b[ip + 1] = c->tos;
			put16(b + ip + 2, (uint16_t)(20 + 8 + t));
			put16(b + ip + 4, 0);
			put16(b + ip + 6, c->ip_flags);
			b[ip + 8] = c->ttl;
			b[ip + 9] = 17;
			put16(b + ip + 10, 0);
			memcpy(b + ip + 12, c->src, 4);
			memcpy(b + ip + 16, c->dst, 4);
			put16(b + ip + 10, ip_csum(b + ip, 20));
		}
		put16(b + off - 8, c->sport);
		put16(b + off - 6, c->dport);
		put16(b + off - 4, (uint16_t)(8 + t));
		put16(b + off - 2, 0);
	}
	while (len < c->eth_min)
		b[len++] = 0;		/* Ethernet pads short frames */
	if (len > cap)
		return 0;
	rs_icrc_compute(RS_LINK_ETHERNET, b, len, &icrc);
	if (c->bad_icrc)
		icrc ^= 0x5a5a5a5a;
	for (int i = 0; i < 4; i++)
		b[off + t - 4 + i] = (uint8_t)(icrc >> (8 * i));
	memcpy(buf, b, len);
	return len;
}
