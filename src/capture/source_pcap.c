/* SPDX-License-Identifier: MIT */
/*
 * source_pcap.c - libpcap sources of a capture (source.h): a live netdev
 * and a pcap/pcapng file.  The only file besides pcap_writer.c that sees
 * libpcap types.
 *
 * Live: non-blocking, its selectable fd goes on the event loop; a 32 MiB
 * kernel buffer and a 100 ms block timeout (the kernel wakes poll when a
 * block fills or times out, so a quiet link still delivers promptly);
 * nanosecond timestamps; promiscuous, for mirror ports.  libpcap's errors
 * become sentences that say what to do (permission: root or setcap).
 */
#include "capture/capture.h"
#include "capture/source.h"
#include "util.h"

#include <errno.h>
#include <pcap/pcap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef DLT_LINUX_SLL2
#define DLT_LINUX_SLL2 276
#endif

#define LIVE_BUFFER (32u << 20)
#define LIVE_TIMEOUT_MS 100

/*
 * RoCE v2 to UDP 4791 and RoCE v1, untagged, behind one tag and behind
 * two (QinQ).  In libpcap every `vlan` moves the offsets of what follows
 * it for the rest of the expression, so the second alternative looks
 * behind one tag and the third behind two.  On Linux the first `vlan` also
 * matches a tag the driver stripped into metadata (libpcap checks the
 * kernel's ancillary data).
 */
#define ROCE_BPF "(udp dst port 4791 or ether proto 0x8915)"
const char rs_cap_live_filter[] = ROCE_BPF " or (vlan and " ROCE_BPF ") or (vlan and " ROCE_BPF ")";

/* Records a file's filter may skip in one next(): the loop runs between. */
#define SKIP_BUDGET 4096

struct pcap_src {
	pcap_t *pc;
	int live;
	/* A file's filter, run here so that every record is counted. */
	struct bpf_program prog;
	int has_prog;
	uint64_t records;
	char err[PCAP_ERRBUF_SIZE];
};

static int link_of(int dlt, enum rs_linktype *link)
{
	switch (dlt) {
	case DLT_EN10MB: *link = RS_LINK_ETHERNET; return 0;
	case DLT_LINUX_SLL: *link = RS_LINK_SLL; return 0;
	case DLT_LINUX_SLL2: *link = RS_LINK_SLL2; return 0;
	case DLT_RAW:
#ifdef DLT_IPV4
	case DLT_IPV4:
	case DLT_IPV6:
#endif
		*link = RS_LINK_RAW;
		return 0;
	}
	return -EPROTONOSUPPORT;
}

static int ps_fd(void *h)
{
	struct pcap_src *s = h;

	return s->live ? pcap_get_selectable_fd(s->pc) : -1;
}

static int ps_next(void *h, struct rs_cap_frame *fr)
{
	struct pcap_src *s = h;
	struct pcap_pkthdr *hdr;
	const u_char *data;

	for (unsigned skipped = 0; skipped < SKIP_BUDGET; skipped++) {
		int r = pcap_next_ex(s->pc, &hdr, &data);

		if (r == 0)
			return 0;
		if (r == PCAP_ERROR_BREAK)
			return -ENODATA;
		if (r != 1) {
			/* A damaged file: "truncated dump file; tried to read ...". */
			snprintf(s->err, sizeof(s->err), "%s", pcap_geterr(s->pc));
			return -EIO;
		}
		s->records++;
		if (s->has_prog && !pcap_offline_filter(&s->prog, hdr, data))
			continue;
		fr->data = data;
		fr->caplen = hdr->caplen;
		fr->len = hdr->len;
		/* Opened with nanosecond precision: tv_usec holds nanoseconds. */
		fr->ts_ns = (uint64_t)hdr->ts.tv_sec * 1000000000ULL + (uint64_t)hdr->ts.tv_usec;
		return 1;
	}
	return 0;
}

static uint64_t ps_records(void *h)
{
	return ((struct pcap_src *)h)->records;
}

static const char *ps_error(void *h)
{
	return ((struct pcap_src *)h)->err;
}

static int ps_stats(void *h, struct rs_capture_stats *st)
{
	struct pcap_src *s = h;
	struct pcap_stat ps;

	if (!s->live || pcap_stats(s->pc, &ps) < 0)
		return -EOPNOTSUPP;
	st->dropped = ps.ps_drop;
	st->if_dropped = ps.ps_ifdrop;
	st->have_drops = 1;
	return 0;
}

static void ps_close(void *h)
{
	struct pcap_src *s = h;

	if (!s)
		return;
	if (s->has_prog)
		pcap_freecode(&s->prog);
	pcap_close(s->pc);
	free(s);
}

static const struct rs_cap_source_ops pcap_live_ops = {
	.kind = "live", .fd = ps_fd, .next = ps_next, .stats = ps_stats, .records = ps_records,
	.error = ps_error, .close = ps_close,
};

static const struct rs_cap_source_ops pcap_file_ops = {
	.kind = "file", .fd = ps_fd, .next = ps_next, .stats = ps_stats, .records = ps_records,
	.error = ps_error, .close = ps_close,
};

/* "(base) and (extra)" compiled into prog: 0, or -EINVAL with err. */
static int compile(pcap_t *pc, struct bpf_program *prog, const char *base, const char *extra,
		   char *err, size_t errlen)
{
	char *expr;
	int ret = 0;

	if (base && extra)
		expr = rs_xasprintf("(%s) and (%s)", base, extra);
	else
		expr = rs_xstrdup(base ? base : extra);
	if (pcap_compile(pc, prog, expr, 1, PCAP_NETMASK_UNKNOWN) < 0) {
		snprintf(err, errlen, "filter '%s': %s", expr, pcap_geterr(pc));
		ret = -EINVAL;
	}
	free(expr);
	return ret;
}

/* The kernel runs a live capture's filter. */
static int set_filter(pcap_t *pc, const char *base, const char *extra, char *err, size_t errlen)
{
	struct bpf_program prog;
	int ret = compile(pc, &prog, base, extra, err, errlen);

	if (ret)
		return ret;
	if (pcap_setfilter(pc, &prog) < 0) {
		snprintf(err, errlen, "cannot set the filter: %s", pcap_geterr(pc));
		ret = -EINVAL;
	}
	pcap_freecode(&prog);
	return ret;
}

/* pcap_activate()'s failures as what the user must do. */
static int activate_error(pcap_t *pc, int r, const char *netdev, char *err, size_t errlen)
{
	switch (r) {
	case PCAP_ERROR_PERM_DENIED:
		snprintf(err, errlen, "capture on %s: permission denied: capturing needs root, or "
			 "once as root: setcap cap_net_raw,cap_net_admin+eip $(command -v "
			 "rocescope)", netdev);
		return -EPERM;
	case PCAP_ERROR_NO_SUCH_DEVICE:
		snprintf(err, errlen, "no network interface named '%s' (ip -br link lists them)",
			 netdev);
		return -ENODEV;
	case PCAP_ERROR_IFACE_NOT_UP:
		snprintf(err, errlen, "%s is down: ip link set %s up", netdev, netdev);
		return -ENETDOWN;
	}
	snprintf(err, errlen, "capture on %s: %s", netdev, pcap_geterr(pc));
	return -EIO;
}

/* Takes pc (and a file's filter, ps_prog) whether it succeeds or not. */
static int finish_open(struct rs_cap_source *s, pcap_t *pc, int live,
		       const struct bpf_program *ps_prog, const char *what, char *err,
		       size_t errlen)
{
	struct pcap_src *ps = rs_xcalloc(1, sizeof(*ps));

	ps->pc = pc;
	ps->live = live;
	if (ps_prog) {
		ps->prog = *ps_prog;
		ps->has_prog = 1;
	}
	s->dlt = pcap_datalink(pc);
	if (link_of(s->dlt, &s->link)) {
		snprintf(err, errlen, "%s: link type %s is not Ethernet: RoCE runs on Ethernet",
			 what, pcap_datalink_val_to_name(s->dlt) ? pcap_datalink_val_to_name(s->dlt)
			 : "unknown");
		ps_close(ps);
		return -EPROTONOSUPPORT;
	}
	s->snaplen = (unsigned)pcap_snapshot(pc);
	s->h = ps;
	s->ops = live ? &pcap_live_ops : &pcap_file_ops;
	return 0;
}

int rs_cap_open_live(struct rs_cap_source *s, const char *netdev, unsigned snaplen,
		     const char *extra, char *err, size_t errlen)
{
	char perr[PCAP_ERRBUF_SIZE] = "";
	pcap_t *pc = pcap_create(netdev, perr);
	int r;

	if (!pc) {
		snprintf(err, errlen, "capture on %s: %s", netdev, perr);
		return -EIO;
	}
	pcap_set_snaplen(pc, (int)snaplen);
	pcap_set_promisc(pc, 1);
	pcap_set_timeout(pc, LIVE_TIMEOUT_MS);
	pcap_set_buffer_size(pc, LIVE_BUFFER);
	pcap_set_tstamp_precision(pc, PCAP_TSTAMP_PRECISION_NANO);
	r = pcap_activate(pc);
	if (r < 0) {
		r = activate_error(pc, r, netdev, err, errlen);
		pcap_close(pc);
		return r;
	}
	r = set_filter(pc, rs_cap_live_filter, extra, err, errlen);
	if (!r && pcap_setnonblock(pc, 1, perr) < 0) {
		snprintf(err, errlen, "capture on %s: %s", netdev, perr);
		r = -EIO;
	}
	if (r) {
		pcap_close(pc);
		return r;
	}
	return finish_open(s, pc, 1, NULL, netdev, err, errlen);
}

/* A file opened by libpcap (pc, or NULL with libpcap's perr): filter, finish. */
static int open_offline(struct rs_cap_source *s, pcap_t *pc, const char *perr, const char *name,
			const char *extra, char *err, size_t errlen)
{
	struct bpf_program prog;

	if (!pc) {
		/* libpcap says "x: No such file or directory", "unknown file format"
		 * or "truncated dump file; tried to read 24 file header bytes ...". */
		snprintf(err, errlen, "cannot read %s: %s%s", name, perr, strstr(perr, "format") ?
			 " (not a pcap or pcapng capture)" : "");
		return -EINVAL;
	}
	if (extra && compile(pc, &prog, NULL, extra, err, errlen)) {
		pcap_close(pc);
		return -EINVAL;
	}
	return finish_open(s, pc, 0, extra ? &prog : NULL, name, err, errlen);
}

int rs_cap_open_file(struct rs_cap_source *s, const char *path, const char *extra, char *err,
		     size_t errlen)
{
	char perr[PCAP_ERRBUF_SIZE] = "";
	pcap_t *pc = pcap_open_offline_with_tstamp_precision(path, PCAP_TSTAMP_PRECISION_NANO, perr);

	return open_offline(s, pc, perr, path, extra, err, errlen);
}

int rs_cap_open_mem(struct rs_cap_source *s, const void *data, size_t len, const char *name,
		    const char *extra, char *err, size_t errlen)
{
	char perr[PCAP_ERRBUF_SIZE] = "";
	FILE *f = fmemopen((void *)data, len, "rb");
	pcap_t *pc;

	if (!f) {
		int e = errno;

		snprintf(err, errlen, "cannot read %s: %s", name, strerror(e));
		return -e;
	}
	/* libpcap owns the stream once it opened it: pcap_close() closes it. */
	pc = pcap_fopen_offline_with_tstamp_precision(f, PCAP_TSTAMP_PRECISION_NANO, perr);
	if (!pc)
		fclose(f);
	return open_offline(s, pc, perr, name, extra, err, errlen);
}
