/* SPDX-License-Identifier: MIT */
/*
 * pcap_writer.c - write captured frames to a classic pcap file (source.h), the
 * format every tool opens (Wireshark, tcpdump, tshark), with microsecond
 * timestamps, and rotate by size: FILE, then FILE.1, FILE.2 ... as tcpdump
 * -C does; with keep N the names cycle, so at most N files exist.
 *
 * The file is flushed after every dispatch, so it can be read while the
 * capture runs.  An existing file is replaced as tcpdump -w does, but
 * only a regular file of ours: never through a symbolic link
 * (util_out.h).
 */
#include "capture/source.h"
#include "util.h"
#include "util_out.h"

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
	char err[256];			/* why writing stopped, "" while it goes on */
};

/* FILE or FILE.N, opened by the one safe way (util_out.h: never through a
 * link, never another user's file in /tmp): libpcap's pcap_dump_open()
 * would follow a link, so it gets the FILE of our descriptor. */
static int open_index(struct rs_cap_writer *w, char *err, size_t errlen)
{
	char *name = w->index ? rs_xasprintf("%s.%u", w->path, w->index) : rs_xstrdup(w->path);
	char why[512];
	struct rs_out o;
	FILE *f;
	int r = rs_out_open(name, RS_OUT_TRUNC | RS_OUT_DEVICE, &o, why, sizeof(why));

	if (r) {
		snprintf(err, errlen, "cannot write %s", why);
		free(name);
		return r;
	}
	f = fdopen(o.fd, "wb");
	if (!f)
		rs_die("out of memory");
	w->d = pcap_dump_fopen(w->dead, f);
	if (!w->d) {
		snprintf(err, errlen, "cannot write %s: %s", name, pcap_geterr(w->dead));
		fclose(f);
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

	/* A new file when this frame would pass the limit (never an empty one). */
	if (w->rotate && w->cur > 24 && w->cur + need > w->rotate) {
		pcap_dump_close(w->d);
		w->d = NULL;
		w->index++;
		if (w->keep && w->index >= w->keep)
			w->index = 0;
		if (open_index(w, w->err, sizeof(w->err)))
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
	if (!w || !w->d || !pcap_dump_flush(w->d))
		return 0;
	snprintf(w->err, sizeof(w->err), "%s: %s", w->path, strerror(errno));
	return -EIO;
}

const char *rs_cap_writer_error(const struct rs_cap_writer *w)
{
	return w ? w->err : "";
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
