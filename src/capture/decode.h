/* SPDX-License-Identifier: MIT */
/*
 * decode.h - the RoCE decoder: one captured frame in, one compact struct
 * rs_pkt out.  Pure: no libpcap, no curses, no allocation, no globals
 * that change after the first call (the CRC tables are built once).
 *
 * Layers: Ethernet with up to two VLAN tags (802.1Q 0x8100, 802.1ad
 * 0x88A8, QinQ), Linux cooked captures (SLL, SLL2) and raw IP; IPv4 and
 * IPv6; UDP; RoCE v2 is UDP *destination* port 4791 whatever the source
 * port; RoCE v1 is EtherType 0x8915 and a GRH.  Then the InfiniBand
 * transport: BTH and every extension header its opcode carries (RDETH,
 * DETH, FETH, RETH, AtomicETH, AETH, AtomicAckETH, ImmDt, IETH), the pad
 * count, the ICRC (verified, IBTA 7.8 / docs/capture.md), CNP (0x81), and
 * the CM MADs rdma_cm sends to QP1 (REQ, REP, RTU ... with the ServiceID).
 *
 * Contract: every byte is read only after checking it lies inside the
 * captured bytes.  A header that lies past the captured bytes but inside
 * the frame's wire length was cut by the capture (snaplen): err is
 * RS_PERR_SNAPPED and the packet is not malformed.  A length field that
 * points past the frame, or a header that cannot be, is malformed: err
 * names the first such problem.  Fields of layers decoded before the
 * problem stay valid (kind, addresses, BTH...), so a malformed packet can
 * still be shown and counted in its flow.
 */
#ifndef RS_CAPTURE_DECODE_H
#define RS_CAPTURE_DECODE_H

#include <stddef.h>
#include <stdint.h>

#define RS_ROCE_V2_PORT 4791
#define RS_ETH_P_IBOE 0x8915	/* RoCE v1 */

/* The link layer of a capture (the source maps its own link types). */
enum rs_linktype {
	RS_LINK_ETHERNET = 0,
	RS_LINK_SLL,		/* Linux cooked v1 (16-byte header) */
	RS_LINK_SLL2,		/* Linux cooked v2 (20-byte header) */
	RS_LINK_RAW,		/* raw IPv4/IPv6, no link header */
};

enum rs_pkt_kind {
	RS_PKT_OTHER = 0,	/* not RoCE (or not decoded far enough to tell) */
	RS_PKT_ROCE_V2,
	RS_PKT_ROCE_V1,
};

/* The first problem found; RS_PERR_SNAPPED is not a malformation. */
enum rs_pkt_err {
	RS_PERR_NONE = 0,
	RS_PERR_SNAPPED,	/* the capture kept fewer bytes than the frame had */
	RS_PERR_SHORT_L2,	/* frame ends inside the link or VLAN header */
	RS_PERR_SHORT_IP,	/* frame ends inside the IP header */
	RS_PERR_BAD_IP,		/* IP version, header or total length impossible */
	RS_PERR_FRAGMENT,	/* IP fragment to UDP 4791: RoCE is never fragmented */
	RS_PERR_SHORT_UDP,	/* frame ends inside the UDP header */
	RS_PERR_BAD_UDP_LEN,	/* UDP length < 8 or past the IP payload */
	RS_PERR_BAD_GRH,	/* RoCE v1: GRH short, not version 6 or not BTH next */
	RS_PERR_SHORT_BTH,	/* less than BTH + ICRC after UDP (or the GRH) */
	RS_PERR_BAD_TVER,	/* BTH transport version is not 0 */
	RS_PERR_SHORT_EXT,	/* the opcode's extension headers do not fit */
	RS_PERR_BAD_PAD,	/* pad count larger than what follows the headers */
	RS_PERR_SHORT_MAD,	/* a MAD to QP1 shorter than its common header */
	RS_PERR__COUNT
};

enum rs_icrc_state {
	RS_ICRC_UNCHECKED = 0,	/* not RoCE, malformed or snapped */
	RS_ICRC_OK,
	RS_ICRC_BAD,
};

/* BTH flag bits as kept in rs_pkt.bth_flags. */
#define RS_BTH_SE	0x01	/* solicited event */
#define RS_BTH_MIG	0x02	/* MigReq */
#define RS_BTH_ACKREQ	0x04	/* ack request */
#define RS_BTH_FECN	0x08
#define RS_BTH_BECN	0x10

/* Extension headers present, rs_pkt.hdrs. */
#define RS_HDR_RDETH	0x0001
#define RS_HDR_DETH	0x0002
#define RS_HDR_FETH	0x0004
#define RS_HDR_RETH	0x0008
#define RS_HDR_ATOMIC	0x0010	/* AtomicETH */
#define RS_HDR_AETH	0x0020
#define RS_HDR_ATOMICACK 0x0040	/* AtomicAckETH */
#define RS_HDR_IMM	0x0080	/* ImmDt */
#define RS_HDR_IETH	0x0100
#define RS_HDR_CNP	0x0200	/* the 16 reserved bytes of a CNP */
#define RS_HDR_MAD	0x0400	/* a MAD common header to QP1 was read */

#define RS_OP_CNP 0x81
#define RS_QP1_QKEY 0x80010000u
#define RS_MAD_CLASS_CM 0x07

/* AETH syndrome kinds (bits 6-5 of the syndrome). */
enum rs_aeth_kind {
	RS_AETH_ACK = 0,
	RS_AETH_RNR_NAK,
	RS_AETH_RESERVED,
	RS_AETH_NAK,
};

/* NAK codes (syndrome 0x60 + code); RS_NAK_OTHER collects reserved codes. */
enum rs_nak_code {
	RS_NAK_PSN_SEQ = 0,	/* PSN sequence error */
	RS_NAK_INVALID_REQ,	/* invalid request */
	RS_NAK_REMOTE_ACCESS,	/* remote access error */
	RS_NAK_REMOTE_OP,	/* remote operational error */
	RS_NAK_INVALID_RD,	/* invalid RD request */
	RS_NAK_OTHER,		/* reserved codes 5-31 */
	RS_NAK__COUNT
};

struct rs_pkt {
	uint64_t ts_ns;		/* capture time, ns (the source's clock) */
	uint32_t wire_len;	/* frame length on the wire */
	uint32_t cap_len;	/* bytes the capture kept */
	uint8_t kind;		/* enum rs_pkt_kind */
	uint8_t err;		/* enum rs_pkt_err */
	uint8_t ip_ver;		/* 4 or 6 (RoCE v1: 6, from the GRH); 0 none */
	uint8_t ip_proto;	/* IPv4 protocol / IPv6 next header */
	uint8_t n_vlan;		/* tags seen, outer first (at most 2 kept) */
	uint8_t tos;		/* DSCP << 2 | ECN (IPv4 TOS, IPv6/GRH TClass) */
	uint8_t ttl;		/* TTL or hop limit */
	uint8_t icrc;		/* enum rs_icrc_state */
	uint16_t ethertype;	/* after the tags */
	uint16_t vlan_tpid[2];
	uint16_t vlan_tci[2];	/* PCP 3 bits, DEI 1, VID 12 */
	uint8_t src[16], dst[16];	/* IPv4 as ::ffff:a.b.c.d; RoCE v1: GIDs */
	uint16_t sport, dport;
	uint16_t udp_len;
	uint32_t flow_label;	/* IPv6 / GRH */

	/* InfiniBand transport: valid when kind is RoCE and hdrs or BTH read. */
	uint8_t bth_ok;		/* the BTH was read */
	uint8_t opcode;
	uint8_t bth_flags;	/* RS_BTH_* */
	uint8_t pad;		/* pad count 0-3 */
	uint8_t tver;
	uint8_t syndrome;	/* AETH */
	uint16_t hdrs;		/* RS_HDR_* present */
	uint16_t pkey;
	uint32_t dqp;		/* destination QP, 24 bits */
	uint32_t psn;		/* 24 bits */
	uint32_t msn;		/* AETH, 24 bits */
	uint32_t rkey;		/* RETH or AtomicETH */
	uint32_t dma_len;	/* RETH */
	uint64_t va;		/* RETH or AtomicETH */
	uint64_t swap_add;	/* AtomicETH swap (CmpSwap) or add data */
	uint64_t compare;	/* AtomicETH compare data */
	uint64_t atomic_ack;	/* AtomicAckETH original remote data */
	uint32_t imm;		/* ImmDt, as on the wire (big-endian value) */
	uint32_t inv_rkey;	/* IETH */
	uint32_t qkey;		/* DETH */
	uint32_t src_qp;	/* DETH, 24 bits */
	uint32_t ee_ctx;	/* RDETH, 24 bits */
	uint32_t feth;		/* FETH, raw */
	uint32_t payload_len;	/* message data, without pad and ICRC */
	uint32_t icrc_wire;	/* ICRC as carried (the little-endian u32) */
	uint32_t icrc_calc;	/* ICRC computed */
	uint32_t bth_off;	/* where the BTH starts in the frame (bth_ok) */
	uint32_t icrc_off;	/* where the ICRC starts (icrc checked), else 0 */

	/* A MAD to QP1 (UD SEND Only): CM when mad_class is 0x07. */
	uint8_t mad_class;
	uint8_t mad_method;
	uint16_t mad_attr;	/* CM: 0x0010 REQ, 0x0013 REP, 0x0014 RTU ... */
	uint64_t mad_tid;
	uint64_t service_id;	/* REQ / SIDR_REQ; 0 otherwise */
};

/*
 * Decode one frame of cap_len captured bytes whose wire length was
 * wire_len (>= cap_len).  Always fills *p (zeroed first) and returns 0;
 * p->kind and p->err say what was found.
 */
int rs_pkt_decode(struct rs_pkt *p, enum rs_linktype link, const uint8_t *frame, size_t cap_len,
		  size_t wire_len, uint64_t ts_ns);

/* 1 for a malformed packet (an err other than none or snapped). */
static inline int rs_pkt_malformed(const struct rs_pkt *p)
{
	return p->err > RS_PERR_SNAPPED;
}

static inline int rs_pkt_is_roce(const struct rs_pkt *p)
{
	return p->kind != RS_PKT_OTHER;
}

/* Names: "RC SEND Only", "UD SEND Only", "CNP", "reserved 0x15". */
const char *rs_opcode_name(uint8_t opcode);
/* The extension headers (RS_HDR_*) an opcode carries; 0 for an unknown one. */
unsigned rs_opcode_headers(uint8_t opcode);
/* 1 when the opcode is defined (RC, UC, RD, UD, CNP). */
int rs_opcode_known(uint8_t opcode);
/* Responses travel to the requester: READ responses, ACK, ATOMIC ACK. */
int rs_opcode_is_response(uint8_t opcode);
/* "RC", "UC", "RD", "UD", "CNP", "XRC", "vendor", "?" */
const char *rs_opcode_transport(uint8_t opcode);

const char *rs_pkt_err_name(enum rs_pkt_err e);	/* "truncated BTH" ... */
const char *rs_pkt_err_id(enum rs_pkt_err e);	/* "short_bth" (JSON keys) */
const char *rs_icrc_name(enum rs_icrc_state s);	/* "ok", "bad", "unchecked" */

/* AETH syndrome decoding: the IBTA's syndrome table, as the kernel's rxe_hdr.h
 * spells it (docs/capture.md, What is decoded). */
enum rs_aeth_kind rs_aeth_kind(uint8_t syndrome);
/* ACK: credits for the credit code, -1 for 31 (invalid / unlimited). */
int rs_aeth_credits(uint8_t syndrome);
/* RNR NAK: the timer in microseconds (655360 for code 0). */
unsigned rs_aeth_rnr_us(uint8_t syndrome);
/* NAK code of a NAK syndrome, RS_NAK_OTHER for reserved codes. */
enum rs_nak_code rs_aeth_nak(uint8_t syndrome);
const char *rs_nak_name(enum rs_nak_code c);	/* "PSN sequence error" ... */
const char *rs_nak_id(enum rs_nak_code c);	/* "psn_seq" ... (JSON keys) */

/* CM attribute names: "REQ", "REP", "RTU" ...; NULL when unknown. */
const char *rs_cm_attr_name(uint16_t attr);
/*
 * An rdma_cm ServiceID (IBTA A11 prefix 0x0000000001): its port space name
 * ("TCP", "UDP", "IB", "IPoIB", NULL when unknown) and port; 0 when the ID
 * is not an rdma_cm one.
 */
int rs_service_id_port(uint64_t sid, const char **space, unsigned *port);

/*
 * Compute the ICRC a frame should carry: the same walk as the decoder, for
 * tools that craft packets (tests, the bench generator).  frame holds a
 * whole RoCE v2 or v1 frame whose last 4 bytes of the UDP payload (or of
 * the GRH payload) are the ICRC slot.  0 with *icrc set (store it as a
 * little-endian u32), or -EINVAL when the frame is not RoCE.
 */
int rs_icrc_compute(enum rs_linktype link, const uint8_t *frame, size_t len, uint32_t *icrc);

#endif
