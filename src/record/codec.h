/* SPDX-License-Identifier: MIT */
/*
 * codec.h - the bytes of a recording (docs/recording.md): a growable
 * output buffer, a bounds-checked reader, LEB128 varints (zigzag for
 * signed values) and the record frame.
 *
 * A frame is a 10-byte header - the marker 0xd3 0x5a, payload length
 * (u32 LE), type (u8), a zero byte, the low 16 bits of the CRC-32 of those
 * 8 bytes (u16 LE) - then the payload, then the CRC-32 of the payload (u32
 * LE).  The header checks itself, so a damaged length is told apart from
 * a file that simply ends: rs_frame_next() says OK, CUT (the file ends
 * inside the frame: a crash or a copy in progress) or BAD (the bytes there
 * are not a frame).  After damage rs_frame_find() finds the next frame by
 * its marker and checks.  Format 1 had no marker (an 8-byte header, the
 * check over 6 bytes): rs_frame_next() reads both.
 *
 * The reader never reads outside its bytes: an overrun, an overlong varint
 * or a string too long for its field sets rd->err and returns zeros; the
 * caller checks err once at the end of a record.
 */
#ifndef RS_RECORD_CODEC_H
#define RS_RECORD_CODEC_H

#include <stddef.h>
#include <stdint.h>

#define RS_FRAME_SYNC0 0xd3
#define RS_FRAME_SYNC1 0x5a
#define RS_FRAME_HEADER 10		/* marker, length, type, 0, header check */
#define RS_FRAME_HEADER_V1 8		/* format 1: no marker */
#define RS_FRAME_TRAILER 4
#define RS_FRAME_MAX (64u << 20)	/* a payload above 64 MiB is damage, not data */

struct rs_buf {
	unsigned char *p;
	size_t len, cap;
};

void rs_buf_free(struct rs_buf *b);
void rs_buf_put(struct rs_buf *b, const void *d, size_t n);
void rs_buf_u8(struct rs_buf *b, unsigned v);
void rs_buf_u16(struct rs_buf *b, unsigned v);
void rs_buf_u32(struct rs_buf *b, uint32_t v);
void rs_buf_u64(struct rs_buf *b, uint64_t v);
void rs_buf_varint(struct rs_buf *b, uint64_t v);
void rs_buf_svarint(struct rs_buf *b, int64_t v);
/* varint length, then the bytes (no NUL) */
void rs_buf_str(struct rs_buf *b, const char *s);

/* Open a frame: reserves its header, returns where it starts. */
size_t rs_frame_begin(struct rs_buf *b);
/* Close it: header and trailer filled from what was put since begin. */
void rs_frame_end(struct rs_buf *b, size_t start, unsigned type);
/* Put a second copy of the frames from start to the end of b. */
void rs_frame_copy(struct rs_buf *b, size_t start);

struct rs_rd {
	const unsigned char *p;
	size_t len, off;
	int err;
};

void rs_rd_init(struct rs_rd *r, const void *p, size_t len);
unsigned rs_rd_u8(struct rs_rd *r);
uint64_t rs_rd_u64(struct rs_rd *r);
uint64_t rs_rd_varint(struct rs_rd *r);
int64_t rs_rd_svarint(struct rs_rd *r);
/* A count of things each at least min_size bytes long: err when the
 * record cannot hold that many (a damaged count cannot allocate GBs). */
size_t rs_rd_count(struct rs_rd *r, size_t min_size);
/* A string into dst (NUL-terminated); longer than dstlen - 1 is an error. */
void rs_rd_str(struct rs_rd *r, char *dst, size_t dstlen);
/* n bytes in place, or NULL (err set). */
const unsigned char *rs_rd_bytes(struct rs_rd *r, size_t n);
int rs_rd_done(const struct rs_rd *r);	/* every byte read, no error */

enum rs_frame_res {
	RS_FRAME_OK,
	RS_FRAME_CUT,			/* the bytes end inside the frame */
	RS_FRAME_BAD,			/* a header or payload check failed */
};

struct rs_frame {
	unsigned type;
	const unsigned char *payload;
	size_t len;
	size_t next;			/* offset of the frame after this one */
};

/* The header size of a format version's frames. */
size_t rs_frame_header(unsigned version);
/* The frame at off of p[0..len) in that format: OK (f filled), CUT or BAD;
 * why says which check failed. */
enum rs_frame_res rs_frame_next(const unsigned char *p, size_t len, size_t off,
				unsigned version, struct rs_frame *f, const char **why);
/* The first whole frame (format 2) at or after from (f filled), or len. */
size_t rs_frame_find(const unsigned char *p, size_t len, size_t from, struct rs_frame *f);

#endif
