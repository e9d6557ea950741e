/* SPDX-License-Identifier: MIT */
/*
 * decode_priv.h - what the parts of the decoder share: the framing walk
 * (decode.c) hands the transport region to the InfiniBand part (ib.c),
 * which asks icrc.c for the ICRC.  Offsets are from the frame start.
 */
#ifndef RS_CAPTURE_DECODE_PRIV_H
#define RS_CAPTURE_DECODE_PRIV_H

#include "capture/decode.h"

/* The bytes of one frame and the offsets the framing walk found. */
struct rs_frame {
	const uint8_t *f;
	size_t cap;		/* bytes captured */
	size_t wire;		/* bytes on the wire */
	size_t l3;		/* IP header or GRH */
	size_t bth;		/* BTH */
	size_t end;		/* end of the UDP payload / GRH payload (ICRC ends here) */
};

static inline uint16_t rs_be16(const uint8_t *b)
{
	return (uint16_t)(b[0] << 8 | b[1]);
}

static inline uint32_t rs_be24(const uint8_t *b)
{
	return (uint32_t)b[0] << 16 | (uint32_t)b[1] << 8 | b[2];
}

static inline uint32_t rs_be32(const uint8_t *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static inline uint64_t rs_be64(const uint8_t *b)
{
	return (uint64_t)rs_be32(b) << 32 | rs_be32(b + 4);
}

/*
 * Bytes [off, off + n) are needed.  0 when captured; else err is set to
 * RS_PERR_SNAPPED when they lie inside limit (the length the enclosing
 * header or the wire promised) and to short_err when they do not.
 */
int rs_frame_need(struct rs_pkt *p, const struct rs_frame *fr, size_t off, size_t n,
		  size_t limit, enum rs_pkt_err short_err);

/* BTH, extension headers, pad, MAD and ICRC of [fr->bth, fr->end). */
void rs_ib_decode(struct rs_pkt *p, const struct rs_frame *fr);

/* The ICRC of a RoCE v2 (ip_ver 4 or 6) or v1 (GRH) frame, as on the wire. */
uint32_t rs_icrc_calc(const struct rs_frame *fr, int v1, int ip_ver);

#endif
