/* SPDX-License-Identifier: MIT */
/*
 * source.h - the packet sources behind a capture object (capture.h): an
 * ops table per kind, so the capture does not know libpcap or libibverbs.
 * Private to src/capture/.
 *
 * next() hands out one frame that stays valid until the next call:
 * 1 = a frame, 0 = none right now (a live source would block, or a file
 * skipped many records its filter refused), -ENODATA = the end (a file),
 * another -errno = the source failed: error() then says why in the words
 * of the library (libpcap's "truncated dump file; tried to read ...").
 * records() counts what the source read, filtered out or not: a file's
 * packet number.
 */
#ifndef RS_CAPTURE_SOURCE_H
#define RS_CAPTURE_SOURCE_H

#include "capture/decode.h"

#include <stddef.h>
#include <stdint.h>

struct rs_capture_stats;

struct rs_cap_frame {
	const uint8_t *data;
	uint32_t caplen, len;
	uint64_t ts_ns;		/* CLOCK_REALTIME ns, as the source stamped it */
};

struct rs_cap_source {
	const struct rs_cap_source_ops *ops;
	void *h;			/* the source's own state */
	enum rs_linktype link;		/* what the decoder is told */
	int dlt;			/* libpcap link type, for writing a file */
	unsigned snaplen;
};

struct rs_cap_source_ops {
	const char *kind;		/* "live", "file", "sniffer" */
	int (*fd)(void *h);		/* -1 when there is none to poll */
	int (*next)(void *h, struct rs_cap_frame *fr);
	/* Fill received/dropped; 0, or -EOPNOTSUPP when the source cannot say. */
	int (*stats)(void *h, struct rs_capture_stats *st);
	uint64_t (*records)(void *h);
	const char *(*error)(void *h);	/* after next() failed; "" when unknown */
	void (*close)(void *h);
};

/* libpcap on a netdev (filter: the RoCE one, and-ed with extra if given). */
int rs_cap_open_live(struct rs_cap_source *s, const char *netdev, unsigned snaplen,
		     const char *extra, char *err, size_t errlen);
/* libpcap on a pcap or pcapng file (extra filter optional). */
int rs_cap_open_file(struct rs_cap_source *s, const char *path, const char *extra, char *err,
		     size_t errlen);
/* The same on a pcap file held in memory (name: for messages). */
int rs_cap_open_mem(struct rs_cap_source *s, const void *data, size_t len, const char *name,
		    const char *extra, char *err, size_t errlen);
/* The NIC's sniffer flow on an RDMA device "mlx5_0" or "mlx5_0:2". */
int rs_cap_open_sniffer(struct rs_cap_source *s, const char *dev, char *err, size_t errlen);

/* The BPF filter of a live capture (RoCE v2, v1, behind up to two VLAN tags). */
extern const char rs_cap_live_filter[];

/* A pcap file being written, rotated by size. */
struct rs_cap_writer;
int rs_cap_writer_open(struct rs_cap_writer **w, const char *path, int dlt, unsigned snaplen,
		       uint64_t rotate_bytes, unsigned keep, char *err, size_t errlen);
int rs_cap_writer_put(struct rs_cap_writer *w, const struct rs_cap_frame *fr);
/* 0, or -EIO when the data could not be written (disk full). */
int rs_cap_writer_flush(struct rs_cap_writer *w);
/* Why put or flush failed ("FILE: reason"), or "". */
const char *rs_cap_writer_error(const struct rs_cap_writer *w);
/* Bytes written in all files, files opened so far. */
void rs_cap_writer_counts(const struct rs_cap_writer *w, uint64_t *bytes, unsigned *files);
void rs_cap_writer_close(struct rs_cap_writer *w);

#endif
