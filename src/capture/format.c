/* SPDX-License-Identifier: MIT */
/*
 * format.c - one decoded packet as one line of text, or as one JSON
 * object (format.h).  The text comes only from numbers and this program's
 * own names, never from packet bytes, so nothing a peer sends reaches a
 * terminal; a line that does not fit the buffer ends with a visible " >>"
 * and the length it needed is returned, so nothing is cut silently.
 */
#include "capture/format.h"
#include "util.h"

#include <arpa/inet.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct out {
	char *buf;
	size_t len, pos;	/* pos may pass len: what the whole line needs */
};

RS_PRINTF(2, 3)
static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->pos < o->len ? o->buf + o->pos : NULL,
		      o->pos < o->len ? o->len - o->pos : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->pos += (size_t)n;
}

void rs_cap_addr_str(const uint8_t *a, char *buf, size_t len)
{
	static const uint8_t mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };

	if (!memcmp(a, mapped, 12)) {
		if (!inet_ntop(AF_INET, a + 12, buf, (socklen_t)len))
			snprintf(buf, len, "?");
	} else if (!inet_ntop(AF_INET6, a, buf, (socklen_t)len)) {
		snprintf(buf, len, "?");
	}
}

static const char *ecn_name(uint8_t tos)
{
	static const char *const n[4] = { "Not-ECT", "ECT(1)", "ECT(0)", "CE" };

	return n[tos & 3];
}

static void put_l3(struct out *o, const struct rs_pkt *p)
{
	char s[64], d[64];

	rs_cap_addr_str(p->src, s, sizeof(s));
	rs_cap_addr_str(p->dst, d, sizeof(d));
	put(o, " %s > %s", s, d);
	for (unsigned i = 0; i < p->n_vlan && i < 2; i++)
		put(o, " vlan %u pcp %u", p->vlan_tci[i] & 0xfff, p->vlan_tci[i] >> 13);
	if (p->n_vlan > 2)
		put(o, " (+%u tags)", p->n_vlan - 2);
	put(o, " dscp %u %s", p->tos >> 2, ecn_name(p->tos));
}

static void put_bth(struct out *o, const struct rs_pkt *p)
{
	static const struct { uint8_t bit; const char *name; } flags[] = {
		{ RS_BTH_SE, "se" }, { RS_BTH_MIG, "mig" }, { RS_BTH_ACKREQ, "ackreq" },
		{ RS_BTH_FECN, "fecn" }, { RS_BTH_BECN, "becn" },
	};

	put(o, " %s qp 0x%06x psn %u", rs_opcode_name(p->opcode), p->dqp, p->psn);
	for (size_t i = 0; i < RS_ARRAY_SIZE(flags); i++)
		if (p->bth_flags & flags[i].bit)
			put(o, " %s", flags[i].name);
	if (p->pad)
		put(o, " pad %u", p->pad);
	if (p->pkey != 0xffff)
		put(o, " pkey 0x%04x", p->pkey);
	if (p->tver)
		put(o, " tver %u", p->tver);
}

static void put_aeth(struct out *o, const struct rs_pkt *p)
{
	unsigned us;

	switch (rs_aeth_kind(p->syndrome)) {
	case RS_AETH_ACK:
		if (rs_aeth_credits(p->syndrome) < 0)
			put(o, " ACK credits n/a msn %u", p->msn);
		else
			put(o, " ACK credits %d msn %u", rs_aeth_credits(p->syndrome), p->msn);
		break;
	case RS_AETH_RNR_NAK:
		us = rs_aeth_rnr_us(p->syndrome);
		put(o, " RNR NAK timer %u.%02u ms msn %u", us / 1000, us % 1000 / 10, p->msn);
		break;
	case RS_AETH_NAK:
		put(o, " NAK %s msn %u", rs_nak_name(rs_aeth_nak(p->syndrome)), p->msn);
		break;
	default:
		put(o, " AETH reserved syndrome 0x%02x msn %u", p->syndrome, p->msn);
	}
}

static void put_mad(struct out *o, const struct rs_pkt *p)
{
	const char *name = rs_cm_attr_name(p->mad_attr), *space;
	unsigned port;

	if (p->mad_class != RS_MAD_CLASS_CM) {
		put(o, " MAD class 0x%02x attr 0x%04x", p->mad_class, p->mad_attr);
		return;
	}
	if (name)
		put(o, " CM %s", name);
	else
		put(o, " CM attr 0x%04x", p->mad_attr);
	if (p->service_id) {
		put(o, " service 0x%016llx", (unsigned long long)p->service_id);
		if (rs_service_id_port(p->service_id, &space, &port))
			put(o, " (%s port %u)", space ? space : "port space ?", port);
	}
}

static void put_ext(struct out *o, const struct rs_pkt *p)
{
	if (p->hdrs & RS_HDR_RDETH)
		put(o, " eec 0x%06x", p->ee_ctx);
	if (p->hdrs & RS_HDR_DETH)
		put(o, " qkey 0x%08x srcqp 0x%06x", p->qkey, p->src_qp);
	if (p->hdrs & RS_HDR_FETH)
		put(o, " feth 0x%08x", p->feth);
	if (p->hdrs & RS_HDR_RETH)
		put(o, " va 0x%016llx rkey 0x%08x dma_len %u", (unsigned long long)p->va, p->rkey,
		    p->dma_len);
	if (p->hdrs & RS_HDR_ATOMIC)
		put(o, " va 0x%016llx rkey 0x%08x swap/add 0x%llx compare 0x%llx",
		    (unsigned long long)p->va, p->rkey, (unsigned long long)p->swap_add,
		    (unsigned long long)p->compare);
	if (p->hdrs & RS_HDR_AETH)
		put_aeth(o, p);
	if (p->hdrs & RS_HDR_ATOMICACK)
		put(o, " orig 0x%llx", (unsigned long long)p->atomic_ack);
	if (p->hdrs & RS_HDR_IMM)
		put(o, " imm 0x%08x", p->imm);
	if (p->hdrs & RS_HDR_IETH)
		put(o, " inv-rkey 0x%08x", p->inv_rkey);
	if (p->hdrs & RS_HDR_MAD)
		put_mad(o, p);
}

static void put_other(struct out *o, const struct rs_pkt *p)
{
	if (p->ip_ver) {
		put_l3(o, p);
		put(o, " other IPv%u proto %u", p->ip_ver, p->ip_proto);
		if (p->ip_proto == 17 && !rs_pkt_malformed(p))
			put(o, " port %u > %u", p->sport, p->dport);
	} else {
		put(o, " other ethertype 0x%04x", p->ethertype);
	}
}

size_t rs_pkt_format(const struct rs_pkt *p, uint64_t t0_ns, char *buf, size_t len)
{
	struct out o = { buf, len, 0 };
	uint64_t rel = p->ts_ns >= t0_ns ? p->ts_ns - t0_ns : 0;

	put(&o, "%llu.%06llu", (unsigned long long)(rel / 1000000000ULL),
	    (unsigned long long)(rel % 1000000000ULL / 1000));
	if (!rs_pkt_is_roce(p)) {
		put_other(&o, p);
	} else {
		put_l3(&o, p);
		put(&o, " %s", p->kind == RS_PKT_ROCE_V2 ? "v2" : "v1");
		if (p->bth_ok)
			put_bth(&o, p);
		put_ext(&o, p);
		if (p->bth_ok && !rs_pkt_malformed(p) && p->err != RS_PERR_SNAPPED && p->payload_len)
			put(&o, " payload %u", p->payload_len);
		if (p->icrc == RS_ICRC_BAD)
			put(&o, " icrc BAD (carried 0x%08x computed 0x%08x)", p->icrc_wire, p->icrc_calc);
		else
			put(&o, " icrc %s", rs_icrc_name(p->icrc));
	}
	put(&o, " len %u", p->wire_len);
	if (rs_pkt_malformed(p))
		put(&o, " MALFORMED: %s", rs_pkt_err_name(p->err));
	else if (p->err == RS_PERR_SNAPPED || p->cap_len < p->wire_len)
		put(&o, " (captured %u of %u bytes)", p->cap_len, p->wire_len);
	if (o.pos >= len && len >= 4)
		memcpy(buf + len - 4, " >>", 4);	/* visibly cut, never silently */
	return o.pos;
}
