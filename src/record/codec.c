/* SPDX-License-Identifier: MIT */
/*
 * codec.c - buffers, varints and frames of a recording (codec.h).
 *
 * The checksum is the utilities' CRC-32 (crc32.h: zlib's polynomial,
 * folded with PCLMULQDQ where the CPU has it): it catches
 * every error burst up to 32 bits and all odd numbers of flipped bits,
 * which is what a torn write or a bad sector leaves.
 */
#include "record/codec.h"
#include "crc32.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void rs_buf_free(struct rs_buf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

void rs_buf_put(struct rs_buf *b, const void *d, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 256;

		while (cap < b->len + n)
			cap *= 2;
		b->p = rs_xrealloc(b->p, cap);
		b->cap = cap;
	}
	if (n)
		memcpy(b->p + b->len, d, n);
	b->len += n;
}

void rs_buf_u8(struct rs_buf *b, unsigned v)
{
	unsigned char c = (unsigned char)v;

	rs_buf_put(b, &c, 1);
}

void rs_buf_u16(struct rs_buf *b, unsigned v)
{
	unsigned char c[2] = { (unsigned char)v, (unsigned char)(v >> 8) };

	rs_buf_put(b, c, 2);
}

void rs_buf_u32(struct rs_buf *b, uint32_t v)
{
	unsigned char c[4];

	for (int i = 0; i < 4; i++)
		c[i] = (unsigned char)(v >> (8 * i));
	rs_buf_put(b, c, 4);
}

void rs_buf_u64(struct rs_buf *b, uint64_t v)
{
	rs_buf_u32(b, (uint32_t)v);
	rs_buf_u32(b, (uint32_t)(v >> 32));
}

void rs_buf_varint(struct rs_buf *b, uint64_t v)
{
	unsigned char c[10];
	size_t n = 0;

	do {
		c[n] = (unsigned char)(v & 0x7f);
		v >>= 7;
		if (v)
			c[n] |= 0x80;
		n++;
	} while (v);
	rs_buf_put(b, c, n);
}

/* zigzag: small magnitudes of either sign stay small */
void rs_buf_svarint(struct rs_buf *b, int64_t v)
{
	rs_buf_varint(b, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63));
}

void rs_buf_str(struct rs_buf *b, const char *s)
{
	size_t n = strlen(s);

	rs_buf_varint(b, n);
	rs_buf_put(b, s, n);
}

static void put_le(unsigned char *p, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_le(const unsigned char *p, int n)
{
	uint64_t v = 0;

	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

size_t rs_frame_begin(struct rs_buf *b)
{
	static const unsigned char zero[RS_FRAME_HEADER];
	size_t start = b->len;

	rs_buf_put(b, zero, sizeof(zero));
	return start;
}

void rs_frame_end(struct rs_buf *b, size_t start, unsigned type)
{
	unsigned char *h = b->p + start;
	size_t len = b->len - start - RS_FRAME_HEADER;

	h[0] = RS_FRAME_SYNC0;
	h[1] = RS_FRAME_SYNC1;
	put_le(h + 2, len, 4);
	h[6] = (unsigned char)type;
	h[7] = 0;
	put_le(h + 8, rs_crc32(0, h, 8) & 0xffff, 2);
	rs_buf_u32(b, rs_crc32(0, b->p + start + RS_FRAME_HEADER, len));
}

void rs_frame_copy(struct rs_buf *b, size_t start)
{
	size_t n = b->len - start;

	/* grown first: the bytes copied are in the buffer that grows */
	if (b->len + n > b->cap) {
		b->cap = 2 * (b->len + n);
		b->p = rs_xrealloc(b->p, b->cap);
	}
	memcpy(b->p + b->len, b->p + start, n);
	b->len += n;
}

size_t rs_frame_header(unsigned version)
{
	return version >= 2 ? RS_FRAME_HEADER : RS_FRAME_HEADER_V1;
}

enum rs_frame_res rs_frame_next(const unsigned char *p, size_t len, size_t off,
				unsigned version, struct rs_frame *f, const char **why)
{
	const unsigned char *h = p + off;
	size_t hl = rs_frame_header(version), s = hl - RS_FRAME_HEADER_V1, plen;

	*why = "";
	if (len - off < hl) {
		*why = "the file ends inside a record header";
		return RS_FRAME_CUT;
	}
	if (s && (h[0] != RS_FRAME_SYNC0 || h[1] != RS_FRAME_SYNC1)) {
		*why = "no record marker";
		return RS_FRAME_BAD;
	}
	if (get_le(h + s + 6, 2) != (rs_crc32(0, h, s + 6) & 0xffff) || h[s + 5]) {
		*why = "record header checksum mismatch";
		return RS_FRAME_BAD;
	}
	plen = (size_t)get_le(h + s, 4);
	if (plen > RS_FRAME_MAX) {
		*why = "record longer than 64 MiB";
		return RS_FRAME_BAD;
	}
	if (len - off - hl < plen + RS_FRAME_TRAILER) {
		*why = "the file ends inside a record";
		return RS_FRAME_CUT;
	}
	if (get_le(h + hl + plen, 4) != rs_crc32(0, h + hl, plen)) {
		*why = "record checksum mismatch";
		return RS_FRAME_BAD;
	}
	f->type = h[s + 4];
	f->payload = h + hl;
	f->len = plen;
	f->next = off + hl + plen + RS_FRAME_TRAILER;
	return RS_FRAME_OK;
}

/*
 * The marker, then the header's own check (16 bits), then the payload's
 * CRC-32: a place in damaged bytes passes all three by chance about once
 * in 2^64, so the first that does is the next record.
 */
size_t rs_frame_find(const unsigned char *p, size_t len, size_t from, struct rs_frame *f)
{
	const char *why;

	while (from + RS_FRAME_HEADER <= len) {
		const unsigned char *q = memchr(p + from, RS_FRAME_SYNC0, len - from);

		if (!q)
			break;
		from = (size_t)(q - p);
		if (rs_frame_next(p, len, from, 2, f, &why) == RS_FRAME_OK)
			return from;
		from++;
	}
	return len;
}

void rs_rd_init(struct rs_rd *r, const void *p, size_t len)
{
	r->p = p;
	r->len = len;
	r->off = 0;
	r->err = 0;
}

const unsigned char *rs_rd_bytes(struct rs_rd *r, size_t n)
{
	const unsigned char *q;

	if (r->err || r->len - r->off < n) {
		r->err = 1;
		return NULL;
	}
	q = r->p + r->off;
	r->off += n;
	return q;
}

unsigned rs_rd_u8(struct rs_rd *r)
{
	const unsigned char *q = rs_rd_bytes(r, 1);

	return q ? q[0] : 0;
}

uint64_t rs_rd_u64(struct rs_rd *r)
{
	const unsigned char *q = rs_rd_bytes(r, 8);

	return q ? get_le(q, 8) : 0;
}

uint64_t rs_rd_varint(struct rs_rd *r)
{
	uint64_t v = 0;

	for (int shift = 0; shift < 64; shift += 7) {
		unsigned c = rs_rd_u8(r);

		if (r->err)
			return 0;
		/* the tenth byte may only carry the top bit */
		if (shift == 63 && c > 1)
			break;
		v |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80))
			return v;
	}
	r->err = 1;
	return 0;
}

int64_t rs_rd_svarint(struct rs_rd *r)
{
	uint64_t u = rs_rd_varint(r);

	return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}

size_t rs_rd_count(struct rs_rd *r, size_t min_size)
{
	uint64_t n = rs_rd_varint(r);

	if (r->err || n > (r->len - r->off) / (min_size ? min_size : 1)) {
		r->err = 1;
		return 0;
	}
	return (size_t)n;
}

void rs_rd_str(struct rs_rd *r, char *dst, size_t dstlen)
{
	uint64_t n = rs_rd_varint(r);
	const unsigned char *q;

	dst[0] = '\0';
	if (r->err || n >= dstlen) {
		r->err = 1;
		return;
	}
	q = rs_rd_bytes(r, (size_t)n);
	if (!q)
		return;
	memcpy(dst, q, (size_t)n);
	dst[n] = '\0';
	if (memchr(dst, '\0', (size_t)n))
		r->err = 1;	/* a name with a NUL inside is damage */
}

int rs_rd_done(const struct rs_rd *r)
{
	return !r->err && r->off == r->len;
}
