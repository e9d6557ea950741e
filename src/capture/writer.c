/* SPDX-License-Identifier: MIT */
/*
 * writer.c - write captured frames to a classic pcap file (source.h), the
 * format every tool opens (Wireshark, tcpdump, tshark), with microsecond
 * timestamps, and rotate by size: FILE, then FILE.1, FILE.2 ... as tcpdump
 * -C does; with keep N the names cycle, so at most N files exist.
 *
 * The file is flushed after every dispatch, so it can be read while the
 * capture runs.
 */
#include "capture/source.h"
#include "util.h"

#include <errno.h>
#include <pcap/pcap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rs_cap_writer {
	pcap_t *dead;			/* carries the link type and snaplen */
	pcap_dumper_t *d;
	char *path;
	uint64_t rotate, cur, total;	/* bytes: limit, this file, all files */
	unsigned keep, index, files;
};

static int open_index(struct rs_cap_writer *w, char *err, size_t errlen)
{
	char *name = w->index ? rs_xasprintf("%s.%u", w->path, w->index) : rs_xstrdup(w->path);

	w->d = pcap_dump_open(w->dead, name);
	if (!w->d) {
		snprintf(err, errlen, "cannot write %s: %s", name, pcap_geterr(w->dead));
		free(name);
		return -EIO;
	}
	free(name);
	w->cur = 24;	/* the file header */
	w->total += 24;
	w->files++;
	return 0;
}

int rs_cap_writer_open(struct rs_cap_writer **out, const char *path, int dlt, unsigned snaplen,
		       uint64_t rotate_bytes, unsigned keep, char *err, size_t errlen)
{
	struct rs_cap_writer *w = rs_xcalloc(1, sizeof(*w));
	int r;

	w->dead = pcap_open_dead_with_tstamp_precision(dlt, (int)snaplen,
						       PCAP_TSTAMP_PRECISION_MICRO);
	if (!w->dead) {
		snprintf(err, errlen, "cannot write %s: libpcap refused link type %d", path, dlt);
		free(w);
		return -ENOMEM;
	}
	w->path = rs_xstrdup(path);
	w->rotate = rotate_bytes;
	w->keep = keep;
	r = open_index(w, err, errlen);
	if (r) {
		rs_cap_writer_close(w);
		return r;
	}
	*out = w;
	return 0;
}

int rs_cap_writer_put(struct rs_cap_writer *w, const struct rs_cap_frame *fr)
{
	struct pcap_pkthdr h;
	uint64_t need = 16 + (uint64_t)fr->caplen;
	char err[256];

	/* A new file when this frame would pass the limit (never an empty one). */
	if (w->rotate && w->cur > 24 && w->cur + need > w->rotate) {
		pcap_dump_close(w->d);
		w->d = NULL;
		w->index++;
		if (w->keep && w->index >= w->keep)
			w->index = 0;
		if (open_index(w, err, sizeof(err)))
			return -EIO;
	}
	memset(&h, 0, sizeof(h));
	h.ts.tv_sec = (time_t)(fr->ts_ns / 1000000000ULL);
	h.ts.tv_usec = (suseconds_t)(fr->ts_ns % 1000000000ULL / 1000);
	h.caplen = fr->caplen;
	h.len = fr->len;
	pcap_dump((u_char *)w->d, &h, fr->data);
	w->cur += need;
	w->total += need;
	return 0;
}

int rs_cap_writer_flush(struct rs_cap_writer *w)
{
	return w && w->d && pcap_dump_flush(w->d) ? -EIO : 0;
}

void rs_cap_writer_counts(const struct rs_cap_writer *w, uint64_t *bytes, unsigned *files)
{
	*bytes = w ? w->total : 0;
	*files = w ? w->files : 0;
}

void rs_cap_writer_close(struct rs_cap_writer *w)
{
	if (!w)
		return;
	if (w->d)
		pcap_dump_close(w->d);
	pcap_close(w->dead);
	free(w->path);
	free(w);
}
