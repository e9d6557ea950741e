/* SPDX-License-Identifier: MIT */
/*
 * decode.c - the framing walk of the decoder (decode.h): link header,
 * VLAN tags, IPv4/IPv6 and UDP, or the GRH of RoCE v1, down to the BTH.
 *
 * RoCE v2 is recognised by the UDP destination port alone: the source port
 * is entropy chosen by the sender (the kernel derives it from the flow
 * label: rdma_flow_label_to_udp_sport() in include/rdma/ib_verbs.h;
 * docs/capture.md, Decisions), so a source port that
 * another dissector would take for TFTP (69) changes nothing.  Lengths come
 * from the headers, never from the frame size: Ethernet pads short frames
 * and a capture may carry the FCS, so the ICRC sits at the end of the UDP
 * payload, not at the end of the frame.
 */
#include "capture/decode_priv.h"
#include "util.h"

#include <errno.h>
#include <string.h>


#define ETH_P_IP 0x0800
#define ETH_P_IPV6 0x86DD
#define ETH_P_8021Q 0x8100
#define ETH_P_8021AD 0x88A8
#define ETH_P_QINQ1 0x9100	/* pre-standard QinQ outer tag */
#define MAX_TAGS 8		/* more than this is not a frame we decode */
#define IPPROTO_UDP_ 17
#define GRH_NEXT_BTH 0x1B

int rs_frame_need(struct rs_pkt *p, const struct rs_frame *fr, size_t off, size_t n,
		  size_t limit, enum rs_pkt_err short_err)
{
	size_t end = off + n;

	if (end <= fr->cap && end <= limit)
		return 0;
	if (!p->err)
		p->err = end <= limit ? RS_PERR_SNAPPED : short_err;
	return -1;
}

static int is_tag(uint16_t et)
{
	return et == ETH_P_8021Q || et == ETH_P_8021AD || et == ETH_P_QINQ1;
}

/* VLAN tags from *off on; *off ends past them.  0, or -1 to stop. */
static int walk_tags(struct rs_pkt *p, const struct rs_frame *fr, size_t *off)
{
	for (int n = 0; is_tag(p->ethertype); n++) {
		if (n == MAX_TAGS) {
			p->err = RS_PERR_SHORT_L2;	/* a tag loop, not a frame */
			return -1;
		}
		if (rs_frame_need(p, fr, *off, 4, fr->wire, RS_PERR_SHORT_L2))
			return -1;
		if (p->n_vlan < 2) {
			p->vlan_tpid[p->n_vlan] = p->ethertype;
			p->vlan_tci[p->n_vlan] = rs_be16(fr->f + *off);
		}
		p->n_vlan++;
		p->ethertype = rs_be16(fr->f + *off + 2);
		*off += 4;
	}
	return 0;
}

/* The link header: *off is set to the network header.  0, or -1 to stop. */
static int walk_link(struct rs_pkt *p, const struct rs_frame *fr, enum rs_linktype link, size_t *off)
{
	/* Header length and where its EtherType sits; RAW has neither. */
	static const struct { size_t len, et; } hdr[] = {
		[RS_LINK_ETHERNET] = { 14, 12 },
		[RS_LINK_SLL] = { 16, 14 },
		[RS_LINK_SLL2] = { 20, 0 },
	};

	if (link == RS_LINK_RAW) {
		if (rs_frame_need(p, fr, 0, 1, fr->wire, RS_PERR_SHORT_L2))
			return -1;
		p->ethertype = (fr->f[0] >> 4) == 6 ? ETH_P_IPV6 : ETH_P_IP;
		*off = 0;
		return 0;
	}
	if ((unsigned)link >= RS_ARRAY_SIZE(hdr) ||
	    rs_frame_need(p, fr, 0, hdr[link].len, fr->wire, RS_PERR_SHORT_L2))
		return -1;
	p->ethertype = rs_be16(fr->f + hdr[link].et);
	*off = hdr[link].len;
	return walk_tags(p, fr, off);
}

static void ipv4_mapped(uint8_t *dst, const uint8_t *v4)
{
	memset(dst, 0, 10);
	dst[10] = dst[11] = 0xff;
	memcpy(dst + 12, v4, 4);
}

/* The fields an IPv6 header and a GRH share (40 bytes, checked by the caller). */
static void v6_fields(struct rs_pkt *p, const uint8_t *h)
{
	p->ip_ver = 6;
	p->tos = (uint8_t)((h[0] & 0x0f) << 4 | h[1] >> 4);
	p->flow_label = (uint32_t)(h[1] & 0x0f) << 16 | rs_be16(h + 2);
	p->ip_proto = h[6];
	p->ttl = h[7];
	memcpy(p->src, h + 8, 16);
	memcpy(p->dst, h + 24, 16);
}

/* IPv4 header at off: 0 and *udp, *ip_end set when UDP follows. */
static int walk_ipv4(struct rs_pkt *p, const struct rs_frame *fr, size_t off, size_t *udp,
		     size_t *ip_end)
{
	const uint8_t *h = fr->f + off;
	size_t ihl, tot;

	if (rs_frame_need(p, fr, off, 20, fr->wire, RS_PERR_SHORT_IP))
		return -1;
	ihl = (size_t)(h[0] & 0x0f) * 4;
	tot = rs_be16(h + 2);
	p->ip_ver = 4;
	p->tos = h[1];
	p->ttl = h[8];
	p->ip_proto = h[9];
	ipv4_mapped(p->src, h + 12);
	ipv4_mapped(p->dst, h + 16);
	if ((h[0] >> 4) != 4 || ihl < 20 || tot < ihl || off + tot > fr->wire) {
		p->err = RS_PERR_BAD_IP;
		return -1;
	}
	if (rs_frame_need(p, fr, off, ihl, fr->wire, RS_PERR_SHORT_IP))
		return -1;
	/* A later fragment has no UDP header: nothing to say about it. */
	if (p->ip_proto != IPPROTO_UDP_ || (rs_be16(h + 6) & 0x1fff))
		return -1;
	*udp = off + ihl;
	*ip_end = off + tot;
	if (rs_be16(h + 6) & 0x2000)
		p->err = RS_PERR_FRAGMENT;	/* only matters if it is RoCE */
	return 0;
}

static int walk_ipv6(struct rs_pkt *p, const struct rs_frame *fr, size_t off, size_t *udp,
		     size_t *ip_end)
{
	const uint8_t *h = fr->f + off;
	size_t plen;

	if (rs_frame_need(p, fr, off, 40, fr->wire, RS_PERR_SHORT_IP))
		return -1;
	plen = rs_be16(h + 4);
	v6_fields(p, h);
	if ((h[0] >> 4) != 6 || off + 40 + plen > fr->wire) {
		p->err = RS_PERR_BAD_IP;
		return -1;
	}
	/* Extension headers are not walked: RoCE v2 puts UDP right after. */
	if (p->ip_proto != IPPROTO_UDP_)
		return -1;
	*udp = off + 40;
	*ip_end = off + 40 + plen;
	return 0;
}

static void walk_udp(struct rs_pkt *p, struct rs_frame *fr, size_t udp, size_t ip_end)
{
	const uint8_t *h = fr->f + udp;
	enum rs_pkt_err frag = p->err;

	p->err = RS_PERR_NONE;
	if (rs_frame_need(p, fr, udp, 8, ip_end, RS_PERR_SHORT_UDP))
		return;
	p->sport = rs_be16(h);
	p->dport = rs_be16(h + 2);
	p->udp_len = rs_be16(h + 4);
	if (p->dport != RS_ROCE_V2_PORT)
		return;
	p->kind = RS_PKT_ROCE_V2;
	if (frag) {
		p->err = frag;
		return;
	}
	if (p->udp_len < 8 || udp + p->udp_len > ip_end) {
		p->err = RS_PERR_BAD_UDP_LEN;
		return;
	}
	fr->bth = udp + 8;
	fr->end = udp + p->udp_len;
	rs_ib_decode(p, fr);
}

static void walk_grh(struct rs_pkt *p, struct rs_frame *fr, size_t off)
{
	const uint8_t *h = fr->f + off;
	size_t plen;

	p->kind = RS_PKT_ROCE_V1;
	if (rs_frame_need(p, fr, off, 40, fr->wire, RS_PERR_BAD_GRH))
		return;
	plen = rs_be16(h + 4);
	v6_fields(p, h);
	if ((h[0] >> 4) != 6 || h[6] != GRH_NEXT_BTH || off + 40 + plen > fr->wire) {
		p->err = RS_PERR_BAD_GRH;
		return;
	}
	fr->l3 = off;
	fr->bth = off + 40;
	fr->end = off + 40 + plen;
	rs_ib_decode(p, fr);
}

int rs_pkt_decode(struct rs_pkt *p, enum rs_linktype link, const uint8_t *frame, size_t cap_len,
		  size_t wire_len, uint64_t ts_ns)
{
	struct rs_frame fr = { .f = frame, .cap = cap_len, .wire = wire_len };
	size_t off, udp = 0, ip_end = 0;
	int ret = -1;

	memset(p, 0, sizeof(*p));
	if (fr.wire < fr.cap)
		fr.wire = fr.cap;	/* a wire length below what was kept is a lie */
	p->ts_ns = ts_ns;
	p->wire_len = (uint32_t)(fr.wire > UINT32_MAX ? UINT32_MAX : fr.wire);
	p->cap_len = (uint32_t)(fr.cap > UINT32_MAX ? UINT32_MAX : fr.cap);
	if (walk_link(p, &fr, link, &off))
		return 0;
	fr.l3 = off;
	if (p->ethertype == ETH_P_IP)
		ret = walk_ipv4(p, &fr, off, &udp, &ip_end);
	else if (p->ethertype == ETH_P_IPV6)
		ret = walk_ipv6(p, &fr, off, &udp, &ip_end);
	else if (p->ethertype == RS_ETH_P_IBOE)
		walk_grh(p, &fr, off);
	if (ret == 0)
		walk_udp(p, &fr, udp, ip_end);
	return 0;
}

int rs_icrc_compute(enum rs_linktype link, const uint8_t *frame, size_t len, uint32_t *icrc)
{
	struct rs_pkt p;

	rs_pkt_decode(&p, link, frame, len, len, 0);
	if (p.icrc == RS_ICRC_UNCHECKED)
		return -EINVAL;
	*icrc = p.icrc_calc;
	return 0;
}

static const struct {
	const char *id, *name;
} err_names[RS_PERR__COUNT] = {
	[RS_PERR_NONE] = { "none", "ok" },
	[RS_PERR_SNAPPED] = { "snapped", "cut by the capture (snaplen)" },
	[RS_PERR_SHORT_L2] = { "short_l2", "truncated link or VLAN header" },
	[RS_PERR_SHORT_IP] = { "short_ip", "truncated IP header" },
	[RS_PERR_BAD_IP] = { "bad_ip", "bad IP header or length" },
	[RS_PERR_FRAGMENT] = { "fragment", "IP fragment (RoCE is never fragmented)" },
	[RS_PERR_SHORT_UDP] = { "short_udp", "truncated UDP header" },
	[RS_PERR_BAD_UDP_LEN] = { "bad_udp_len", "UDP length past the IP payload" },
	[RS_PERR_BAD_GRH] = { "bad_grh", "bad or truncated GRH" },
	[RS_PERR_SHORT_BTH] = { "short_bth", "truncated BTH (or no room for the ICRC)" },
	[RS_PERR_BAD_TVER] = { "bad_tver", "BTH transport version is not 0" },
	[RS_PERR_SHORT_EXT] = { "short_ext", "extension headers do not fit" },
	[RS_PERR_BAD_PAD] = { "bad_pad", "pad count larger than the payload" },
	[RS_PERR_SHORT_MAD] = { "short_mad", "MAD to QP1 shorter than its header" },
};

const char *rs_pkt_err_name(enum rs_pkt_err e)
{
	return (unsigned)e < RS_PERR__COUNT ? err_names[e].name : "?";
}

const char *rs_pkt_err_id(enum rs_pkt_err e)
{
	return (unsigned)e < RS_PERR__COUNT ? err_names[e].id : "?";
}

const char *rs_icrc_name(enum rs_icrc_state s)
{
	static const char *const n[] = { "unchecked", "ok", "bad" };

	return (unsigned)s < RS_ARRAY_SIZE(n) ? n[s] : "?";
}
