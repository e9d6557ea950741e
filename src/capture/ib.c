/* SPDX-License-Identifier: MIT */
/*
 * ib.c - the InfiniBand transport part of the decoder: opcodes and their
 * names, the BTH, every extension header in wire order, pad and payload,
 * the MADs rdma_cm sends to QP1, and the AETH syndrome.
 *
 * The opcode table follows the kernel's ib_pack.h and rxe_opcode.c
 * (docs/capture.md, What is decoded): RC is the base, UC repeats RC 0x00-0x0B, RD repeats RC
 * 0x00-0x14 behind an RDETH (and a DETH on requests), UD has two SENDs, and
 * 0x81 is the CNP.  Anything else is "reserved" or "vendor": decoded as a
 * BTH with an opaque payload, never guessed at.
 */
#include "capture/decode_priv.h"
#include "util.h"

#include <stdio.h>

struct op_base {
	const char *name;
	unsigned hdrs;
};

/* RC, the base of every other transport (ib_pack.h). */
static const struct op_base rc_ops[0x1e] = {
	[0x00] = { "SEND First", 0 },
	[0x01] = { "SEND Middle", 0 },
	[0x02] = { "SEND Last", 0 },
	[0x03] = { "SEND Last with Immediate", RS_HDR_IMM },
	[0x04] = { "SEND Only", 0 },
	[0x05] = { "SEND Only with Immediate", RS_HDR_IMM },
	[0x06] = { "RDMA WRITE First", RS_HDR_RETH },
	[0x07] = { "RDMA WRITE Middle", 0 },
	[0x08] = { "RDMA WRITE Last", 0 },
	[0x09] = { "RDMA WRITE Last with Immediate", RS_HDR_IMM },
	[0x0a] = { "RDMA WRITE Only", RS_HDR_RETH },
	[0x0b] = { "RDMA WRITE Only with Immediate", RS_HDR_RETH | RS_HDR_IMM },
	[0x0c] = { "RDMA READ Request", RS_HDR_RETH },
	[0x0d] = { "RDMA READ Response First", RS_HDR_AETH },
	[0x0e] = { "RDMA READ Response Middle", 0 },
	[0x0f] = { "RDMA READ Response Last", RS_HDR_AETH },
	[0x10] = { "RDMA READ Response Only", RS_HDR_AETH },
	[0x11] = { "Acknowledge", RS_HDR_AETH },
	[0x12] = { "ATOMIC Acknowledge", RS_HDR_AETH | RS_HDR_ATOMICACK },
	[0x13] = { "CmpSwap", RS_HDR_ATOMIC },
	[0x14] = { "FetchAdd", RS_HDR_ATOMIC },
	[0x16] = { "SEND Last with Invalidate", RS_HDR_IETH },
	[0x17] = { "SEND Only with Invalidate", RS_HDR_IETH },
	[0x1c] = { "FLUSH", RS_HDR_FETH | RS_HDR_RETH },
	[0x1d] = { "ATOMIC WRITE", RS_HDR_RETH },
};

/* The RC operation an opcode repeats, or NULL (UD, CNP, unknown). */
static const struct op_base *base_of(uint8_t op, unsigned *extra)
{
	uint8_t low = op & 0x1f;

	*extra = 0;
	switch (op & 0xe0) {
	case 0x00:
		return low < RS_ARRAY_SIZE(rc_ops) && rc_ops[low].name ? &rc_ops[low] : NULL;
	case 0x20:
		return low <= 0x0b ? &rc_ops[low] : NULL;
	case 0x40:
		if (low > 0x14 || !rc_ops[low].name)
			return NULL;
		*extra = RS_HDR_RDETH | (low >= 0x0d && low <= 0x12 ? 0 : RS_HDR_DETH);
		return &rc_ops[low];
	}
	return NULL;
}

int rs_opcode_known(uint8_t op)
{
	unsigned extra;

	return base_of(op, &extra) || op == 0x55 || op == 0x64 || op == 0x65 || op == RS_OP_CNP;
}

unsigned rs_opcode_headers(uint8_t op)
{
	unsigned extra;
	const struct op_base *b = base_of(op, &extra);

	if (b)
		return b->hdrs | extra;
	switch (op) {
	case 0x55: return RS_HDR_RDETH | RS_HDR_DETH;	/* RD RESYNC */
	case 0x64: return RS_HDR_DETH;
	case 0x65: return RS_HDR_DETH | RS_HDR_IMM;
	case RS_OP_CNP: return RS_HDR_CNP;
	}
	return 0;
}

int rs_opcode_is_response(uint8_t op)
{
	uint8_t low = op & 0x1f;

	return (op & 0xe0) <= 0x40 && (op & 0xe0) != 0x20 && low >= 0x0d && low <= 0x12;
}

const char *rs_opcode_transport(uint8_t op)
{
	static const char *const t[8] = { "RC", "UC", "RD", "UD", "CNP", "XRC", "?", "vendor" };

	return t[op >> 5];
}

const char *rs_opcode_name(uint8_t op)
{
	static char names[256][40];
	static int ready;

	if (!ready) {
		for (unsigned i = 0; i < 256; i++) {
			unsigned extra;
			const struct op_base *b = base_of((uint8_t)i, &extra);

			if (b)
				snprintf(names[i], sizeof(names[i]), "%s %s",
					 rs_opcode_transport((uint8_t)i), b->name);
			else
				snprintf(names[i], sizeof(names[i]), "%s 0x%02x",
					 i >= 0xe0 ? "vendor" : "reserved", i);
		}
		snprintf(names[0x55], sizeof(names[0]), "RD RESYNC");
		snprintf(names[0x64], sizeof(names[0]), "UD SEND Only");
		snprintf(names[0x65], sizeof(names[0]), "UD SEND Only with Immediate");
		snprintf(names[RS_OP_CNP], sizeof(names[0]), "CNP");
		ready = 1;
	}
	return names[op];
}

/* One extension header: its bit, size, and how to store it. */
static void store_ext(struct rs_pkt *p, unsigned bit, const uint8_t *h)
{
	switch (bit) {
	case RS_HDR_RDETH: p->ee_ctx = rs_be24(h + 1); break;
	case RS_HDR_DETH: p->qkey = rs_be32(h); p->src_qp = rs_be24(h + 5); break;
	case RS_HDR_FETH: p->feth = rs_be32(h); break;
	case RS_HDR_RETH:
		p->va = rs_be64(h);
		p->rkey = rs_be32(h + 8);
		p->dma_len = rs_be32(h + 12);
		break;
	case RS_HDR_ATOMIC:
		p->va = rs_be64(h);
		p->rkey = rs_be32(h + 8);
		p->swap_add = rs_be64(h + 12);
		p->compare = rs_be64(h + 20);
		break;
	case RS_HDR_AETH: p->syndrome = h[0]; p->msn = rs_be24(h + 1); break;
	case RS_HDR_ATOMICACK: p->atomic_ack = rs_be64(h); break;
	case RS_HDR_IMM: p->imm = rs_be32(h); break;
	case RS_HDR_IETH: p->inv_rkey = rs_be32(h); break;
	}
}

/* The extension headers in wire order; returns the offset after them, 0 on error. */
static size_t ext_headers(struct rs_pkt *p, const struct rs_frame *fr, size_t off)
{
	static const struct { unsigned bit; unsigned len; } order[] = {
		{ RS_HDR_RDETH, 4 }, { RS_HDR_DETH, 8 }, { RS_HDR_FETH, 4 },
		{ RS_HDR_RETH, 16 }, { RS_HDR_ATOMIC, 28 }, { RS_HDR_AETH, 4 },
		{ RS_HDR_ATOMICACK, 8 }, { RS_HDR_IMM, 4 }, { RS_HDR_IETH, 4 },
		{ RS_HDR_CNP, 16 },
	};
	unsigned want = rs_opcode_headers(p->opcode);

	for (size_t i = 0; i < RS_ARRAY_SIZE(order); i++) {
		if (!(want & order[i].bit))
			continue;
		/* The ICRC's 4 bytes always follow: headers end before them. */
		if (rs_frame_need(p, fr, off, order[i].len, fr->end - 4, RS_PERR_SHORT_EXT))
			return 0;
		store_ext(p, order[i].bit, fr->f + off);
		p->hdrs |= order[i].bit;
		off += order[i].len;
	}
	return off;
}

/* A MAD to QP1: common header, and the ServiceID of a CM REQ / SIDR_REQ. */
static void mad(struct rs_pkt *p, const struct rs_frame *fr, size_t off)
{
	const uint8_t *m = fr->f + off;

	if (p->payload_len < 24) {
		p->err = RS_PERR_SHORT_MAD;
		return;
	}
	if (rs_frame_need(p, fr, off, 24, fr->end - 4, RS_PERR_SHORT_MAD))
		return;
	p->hdrs |= RS_HDR_MAD;
	p->mad_class = m[1];
	p->mad_method = m[3];
	p->mad_tid = rs_be64(m + 8);
	p->mad_attr = rs_be16(m + 16);
	if (p->mad_class != RS_MAD_CLASS_CM || (p->mad_attr != 0x0010 && p->mad_attr != 0x0017))
		return;
	/* REQ: LocalCommID, reserved, ServiceID; SIDR_REQ: RequestID, P_Key, reserved, ServiceID. */
	if (p->payload_len >= 40 && !rs_frame_need(p, fr, off + 32, 8, fr->end - 4, RS_PERR_SHORT_MAD))
		p->service_id = rs_be64(m + 32);
}

static void bth(struct rs_pkt *p, const uint8_t *b)
{
	p->bth_ok = 1;
	p->opcode = b[0];
	p->bth_flags = (uint8_t)((b[1] & 0x80 ? RS_BTH_SE : 0) | (b[1] & 0x40 ? RS_BTH_MIG : 0) |
				 (b[4] & 0x80 ? RS_BTH_FECN : 0) | (b[4] & 0x40 ? RS_BTH_BECN : 0) |
				 (b[8] & 0x80 ? RS_BTH_ACKREQ : 0));
	p->pad = (b[1] >> 4) & 3;
	p->tver = b[1] & 0x0f;
	p->pkey = rs_be16(b + 2);
	p->dqp = rs_be24(b + 5);
	p->psn = rs_be24(b + 9);
}

void rs_ib_decode(struct rs_pkt *p, const struct rs_frame *fr)
{
	size_t off;

	if (fr->end - fr->bth < 16) {	/* BTH + ICRC at least */
		p->err = RS_PERR_SHORT_BTH;
		return;
	}
	if (rs_frame_need(p, fr, fr->bth, 12, fr->end, RS_PERR_SHORT_BTH))
		return;
	bth(p, fr->f + fr->bth);
	p->bth_off = (uint32_t)fr->bth;
	/* The ICRC covers the whole transport region: check it when captured. */
	if (fr->end <= fr->cap) {
		p->icrc_off = (uint32_t)(fr->end - 4);
		p->icrc_calc = rs_icrc_calc(fr, p->kind == RS_PKT_ROCE_V1, p->ip_ver);
		p->icrc_wire = (uint32_t)fr->f[fr->end - 4] | (uint32_t)fr->f[fr->end - 3] << 8 |
			       (uint32_t)fr->f[fr->end - 2] << 16 | (uint32_t)fr->f[fr->end - 1] << 24;
		p->icrc = p->icrc_calc == p->icrc_wire ? RS_ICRC_OK : RS_ICRC_BAD;
	}
	if (p->tver != 0) {
		p->err = RS_PERR_BAD_TVER;	/* another transport version: layout unknown */
		return;
	}
	off = ext_headers(p, fr, fr->bth + 12);
	if (!off)
		return;
	if (fr->end - 4 - off < p->pad) {
		p->err = RS_PERR_BAD_PAD;
		return;
	}
	p->payload_len = (uint32_t)(fr->end - 4 - off - p->pad);
	if (p->opcode == 0x64 && p->dqp == 1)
		mad(p, fr, off);
	if (!p->err && fr->end > fr->cap)
		p->err = RS_PERR_SNAPPED;	/* payload or ICRC not captured: unchecked */
}

enum rs_aeth_kind rs_aeth_kind(uint8_t syndrome)
{
	return (enum rs_aeth_kind)((syndrome >> 5) & 3);
}

int rs_aeth_credits(uint8_t syndrome)
{
	/* rdmavt rc.c: 0-4 then doubling in steps of x1.5 and x1.33. */
	static const unsigned short credits[31] = {
		0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384,
		512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768,
	};
	unsigned code = syndrome & 0x1f;

	return code == 31 ? -1 : credits[code];
}

unsigned rs_aeth_rnr_us(uint8_t syndrome)
{
	/* IBTA RNR NAK timer table in microseconds; code 0 is the longest. */
	static const unsigned us[32] = {
		655360, 10, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480, 640, 960, 1280, 1920,
		2560, 3840, 5120, 7680, 10240, 15360, 20480, 30720, 40960, 61440, 81920,
		122880, 163840, 245760, 327680, 491520,
	};

	return us[syndrome & 0x1f];
}

enum rs_nak_code rs_aeth_nak(uint8_t syndrome)
{
	unsigned code = syndrome & 0x1f;

	return code < RS_NAK_OTHER ? (enum rs_nak_code)code : RS_NAK_OTHER;
}

const char *rs_nak_name(enum rs_nak_code c)
{
	static const char *const n[RS_NAK__COUNT] = {
		"PSN sequence error", "invalid request", "remote access error",
		"remote operational error", "invalid RD request", "reserved NAK code",
	};

	return (unsigned)c < RS_NAK__COUNT ? n[c] : "?";
}

const char *rs_nak_id(enum rs_nak_code c)
{
	static const char *const n[RS_NAK__COUNT] = {
		"psn_seq", "invalid_request", "remote_access", "remote_op", "invalid_rd", "other",
	};

	return (unsigned)c < RS_NAK__COUNT ? n[c] : "?";
}

const char *rs_cm_attr_name(uint16_t attr)
{
	static const char *const n[] = {
		[0x01] = "ClassPortInfo", [0x10] = "REQ", [0x11] = "MRA", [0x12] = "REJ",
		[0x13] = "REP", [0x14] = "RTU", [0x15] = "DREQ", [0x16] = "DREP",
		[0x17] = "SIDR_REQ", [0x18] = "SIDR_REP", [0x19] = "LAP", [0x1a] = "APR",
	};

	return attr < RS_ARRAY_SIZE(n) ? n[attr] : NULL;
}

int rs_service_id_port(uint64_t sid, const char **space, unsigned *port)
{
	static const struct { unsigned ps; const char *name; } spaces[] = {
		{ 0x02, "IPoIB" }, { 0x06, "TCP" }, { 0x11, "UDP" }, { 0x3f, "IB" },
	};
	unsigned ps = (unsigned)(sid >> 16) & 0xff;

	/* IBTA A11: 0x0000000001, then the port space byte, then the port. */
	if ((sid >> 24) != 1)
		return 0;
	*space = NULL;
	for (size_t i = 0; i < RS_ARRAY_SIZE(spaces); i++)
		if (spaces[i].ps == ps)
			*space = spaces[i].name;
	*port = (unsigned)(sid & 0xffff);
	return 1;
}
