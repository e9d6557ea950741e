/* SPDX-License-Identifier: MIT */
/*
 * capture.c - the capture object of capture.h: a source, the decoder, the
 * analysis and an optional pcap writer, driven one bounded dispatch at a
 * time by whoever owns the event loop.
 *
 * A paced replay keeps the frame it read ahead until its time comes (the
 * source's frame stays valid until the next read).  Every later pass of a
 * looped replay goes on from the last one: its timestamps are shifted so
 * packet time keeps running forward, and its PSNs (replay_psn.h) so the stream
 * stays monotonic; the analysis and a pcap written from it see the same
 * frames, so both tell the same story.
 */
#include "capture/capture.h"
#include "capture/replay_psn.h"
#include "capture/source.h"
#include "i18n.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_SNAPLEN 65535

struct rs_capture {
	struct rs_capture_spec spec;
	char *name, *filter;		/* owned copies of the spec's strings */
	struct rs_cap_source src;
	struct rs_cap_analysis *a;
	struct rs_cap_writer *w;
	struct rs_cap_loop *loop;	/* replay_loop: the PSN spaces */
	char label[320];
	char note[640];
	uint64_t received;
	unsigned passes;
	int done;
	int write_failed;
	char write_why[256];
	enum rs_cap_end ended;
	int fail_r;			/* the -errno of a failed source */
	char status[640];		/* why it ended; "" while running */
	/* Replay pacing: the frame read ahead, and the clocks of this pass. */
	struct rs_cap_frame pending;
	int have_pending;
	uint64_t pass_first_ts, pass_start_mono, ts_shift, last_ts;
};

const char *rs_capture_sniffer_warning(void)
{
	return "the sniffer copies every packet of the port to this program: it needs "
	       "CAP_NET_RAW (root, or setcap cap_net_raw,cap_net_admin+eip), and on mlx5 it can "
	       "slow RDMA traffic on the port while it runs";
}

/* Does the PCI function of RDMA device dev hold netdev (device/net/NAME)? */
static int holds_netdev(const char *dev, const char *netdev)
{
	char path[4096];

	return !rs_path(path, sizeof(path), "/sys/class/infiniband/%s/device/net/%s", dev,
			netdev) && access(path, F_OK) == 0;
}

int rs_capture_netdev_rdma(const char *netdev, char *dev, size_t devlen, char *driver,
			   size_t driverlen)
{
	char **devs = NULL, buf[4096];
	int n = rs_list_dir(&devs, "/sys/class/infiniband"), found = 0;

	for (int i = 0; i < n && !found; i++) {
		/* The PCI function of the device holds the netdev (device/net/NAME);
		 * the netdev of GID 0 covers devices without one (rxe). */
		found = holds_netdev(devs[i], netdev) ||
			(!rs_read_str(buf, sizeof(buf), "/sys/class/infiniband/%s/ports/1/gid_attrs/ndevs/0",
				      devs[i]) && !strcmp(buf, netdev));
		if (!found)
			continue;
		snprintf(dev, devlen, "%s", devs[i]);
		driver[0] = '\0';
		if (!rs_read_link(buf, sizeof(buf), "/sys/class/infiniband/%s/device/driver", devs[i]))
			snprintf(driver, driverlen, "%s", strrchr(buf, '/') ? strrchr(buf, '/') + 1 : buf);
	}
	rs_strv_free(devs);
	return found;
}

static void make_note(struct rs_capture *c)
{
	char dev[64], drv[64];

	if (!rs_capture_netdev_rdma(c->name, dev, sizeof(dev), drv, sizeof(drv)) ||
	    strncmp(drv, "mlx5", 4))
		return;
	snprintf(c->note, sizeof(c->note), "%s is a port of %s (mlx5): RDMA traffic bypasses the "
		 "kernel there, so this capture sees none of it (only what passes the kernel: "
		 "rdma_cm, Soft-RoCE, other hosts' traffic on a mirror port). The NIC's sniffer "
		 "sees it: rocescope capture -d %s (needs CAP_NET_RAW; may slow RDMA traffic)",
		 c->name, dev, dev);
}

/* A file on disk, or the one held in memory. */
static int open_file(struct rs_capture *c, char *err, size_t errlen)
{
	if (c->spec.data)
		return rs_cap_open_mem(&c->src, c->spec.data, c->spec.data_len, c->name, c->filter,
				       err, errlen);
	return rs_cap_open_file(&c->src, c->name, c->filter, err, errlen);
}

static int open_source(struct rs_capture *c, char *err, size_t errlen)
{
	const struct rs_capture_spec *s = &c->spec;
	unsigned snap = s->snaplen ? s->snaplen : DEFAULT_SNAPLEN;

	switch (s->kind) {
	case RS_CAP_NETDEV:
		/* TRANSLATORS: where a capture reads from: a netdev live, an
		 * RDMA device's sniffer, a pcap file (also "replay of FILE"). */
		snprintf(c->label, sizeof(c->label), _("live %s"), c->name);
		make_note(c);
		return rs_cap_open_live(&c->src, c->name, snap, c->filter, err, errlen);
	case RS_CAP_RDMA:
		snprintf(c->label, sizeof(c->label), _("sniffer %s"), c->name);
		return rs_cap_open_sniffer(&c->src, c->name, err, errlen);
	case RS_CAP_FILE:
		if (s->replay_speed > 0)
			snprintf(c->label, sizeof(c->label), _("replay of %s (x%g)"), c->name,
				 s->replay_speed);
		else
			snprintf(c->label, sizeof(c->label), _("file %s"), c->name);
		return open_file(c, err, errlen);
	}
	snprintf(err, errlen, "no capture source given");
	return -EINVAL;
}

int rs_capture_open(struct rs_capture **out, const struct rs_capture_spec *spec, char *err,
		    size_t errlen)
{
	struct rs_capture *c = rs_xcalloc(1, sizeof(*c));
	int r;

	err[0] = '\0';
	c->spec = *spec;
	c->name = rs_xstrdup(spec->name ? spec->name : "");
	c->filter = spec->filter ? rs_xstrdup(spec->filter) : NULL;
	c->spec.write_path = NULL;
	r = open_source(c, err, errlen);
	if (r) {
		c->src.ops = NULL;
		rs_capture_close(c);
		return r;
	}
	c->a = rs_cap_analysis_new(spec->flow_cap, spec->ring_cap);
	c->passes = 1;
	if (spec->kind == RS_CAP_FILE && spec->replay_loop)
		c->loop = rs_cap_loop_new();
	if (spec->write_path) {
		r = rs_capture_write(c, spec->write_path, spec->rotate_bytes, spec->rotate_keep, err,
				     errlen);
		if (r) {
			rs_capture_close(c);
			return r;
		}
	}
	*out = c;
	return 0;
}

void rs_capture_close(struct rs_capture *c)
{
	if (!c)
		return;
	rs_cap_writer_close(c->w);
	if (c->src.ops)
		c->src.ops->close(c->src.h);
	rs_cap_analysis_free(c->a);
	rs_cap_loop_free(c->loop);
	free(c->name);
	free(c->filter);
	free(c);
}

int rs_capture_write(struct rs_capture *c, const char *path, uint64_t rotate_bytes,
		     unsigned keep, char *err, size_t errlen)
{
	rs_cap_writer_close(c->w);
	c->w = NULL;
	c->write_failed = 0;
	c->write_why[0] = '\0';
	if (!path)
		return 0;
	return rs_cap_writer_open(&c->w, path, c->src.dlt, c->src.snaplen, rotate_bytes, keep, err,
				  errlen);
}

int rs_capture_fd(const struct rs_capture *c)
{
	return c->src.ops ? c->src.ops->fd(c->src.h) : -1;
}

static int paced(const struct rs_capture *c)
{
	return c->spec.kind == RS_CAP_FILE && c->spec.replay_speed > 0;
}

/* Monotonic time at which the pending frame of a paced replay is due. */
static uint64_t due_at(const struct rs_capture *c)
{
	uint64_t rel = c->pending.ts_ns > c->pass_first_ts ? c->pending.ts_ns - c->pass_first_ts : 0;

	return c->pass_start_mono + (uint64_t)((double)rel / c->spec.replay_speed);
}

uint64_t rs_capture_delay_ns(const struct rs_capture *c)
{
	uint64_t now, due;

	if (c->done || c->ended || rs_capture_fd(c) >= 0)
		return UINT64_MAX;
	if (!paced(c) || !c->have_pending)
		return 0;
	now = rs_now_ns();
	due = due_at(c);
	return due > now ? due - now : 0;
}

void rs_capture_resume(struct rs_capture *c, uint64_t paused_ns)
{
	if (paced(c) && c->pass_first_ts)
		c->pass_start_mono += paused_ns;
}

int rs_capture_done(const struct rs_capture *c)
{
	return c->done;
}

static uint64_t records(const struct rs_capture *c)
{
	return c->src.ops && c->src.ops->records ? c->src.ops->records(c->src.h) : c->received;
}

/* The source failed: r and a sentence with the library's reason. */
static int failed(struct rs_capture *c, int r, const char *why)
{
	uint64_t n = records(c);

	if (!why || !why[0])
		why = strerror(-r);
	if (c->spec.kind == RS_CAP_FILE)
		snprintf(c->status, sizeof(c->status), _("stopped at packet %llu of the file "
			 "(%llu read): %s"), (unsigned long long)n + 1, (unsigned long long)n, why);
	else
		snprintf(c->status, sizeof(c->status), _("stopped after %llu packets: %s"),
			 (unsigned long long)n, why);
	c->ended = RS_CAP_FAILED;
	c->fail_r = r;
	return r;
}

static void read_to_end(struct rs_capture *c)
{
	uint64_t n = records(c);

	c->done = 1;
	c->ended = RS_CAP_END_OF_FILE;
	if (c->filter)
		snprintf(c->status, sizeof(c->status), _("end of file after %llu packets (%llu "
			 "through the filter)"), (unsigned long long)n,
			 (unsigned long long)c->received);
	else
		snprintf(c->status, sizeof(c->status), _("end of file after %llu packets"),
			 (unsigned long long)n);
}

/* The end of a file: done, or (looping) the same file again from the start. */
static int end_of_file(struct rs_capture *c)
{
	char err[512];
	int r;

	if (!c->spec.replay_loop || !c->received) {
		read_to_end(c);
		return 0;
	}
	c->src.ops->close(c->src.h);
	c->src.ops = NULL;
	r = open_file(c, err, sizeof(err));
	if (r) {
		snprintf(c->status, sizeof(c->status), _("cannot start the file again: %s"), err);
		c->ended = RS_CAP_FAILED;
		c->fail_r = r;
		return r;
	}
	c->passes++;
	c->pass_first_ts = 0;
	c->ts_shift = c->last_ts + 1000000ULL;	/* the next pass starts 1 ms later */
	return 1;
}

/* The disk is full or gone: stop writing, keep capturing, say so in the stats. */
static void stop_writing(struct rs_capture *c)
{
	RS_STRCPY(c->write_why, rs_cap_writer_error(c->w));
	rs_cap_writer_close(c->w);
	c->w = NULL;
	c->write_failed = 1;
}

static void handle(struct rs_capture *c, const struct rs_cap_frame *fr)
{
	struct rs_pkt p;
	struct rs_cap_frame out = *fr;

	if (c->ts_shift)
		out.ts_ns = fr->ts_ns - c->pass_first_ts + c->ts_shift;
	c->last_ts = out.ts_ns;
	rs_pkt_decode(&p, c->src.link, fr->data, fr->caplen, fr->len, out.ts_ns);
	if (c->loop && c->passes == 1)
		rs_cap_loop_learn(c->loop, &p);
	else if (c->loop && rs_cap_loop_shift(c->loop, &p, c->passes, c->src.link, fr, &out))
		rs_pkt_decode(&p, c->src.link, out.data, out.caplen, out.len, out.ts_ns);
	rs_cap_analysis_add(c->a, &p);
	c->received++;
	if (c->w && rs_cap_writer_put(c->w, &out))
		stop_writing(c);
	if (c->spec.on_packet)
		c->spec.on_packet(&p, c->spec.arg);
}

/* The next frame into c->pending: 1, 0 (none now), -errno. */
static int read_ahead(struct rs_capture *c)
{
	int r;

	for (;;) {
		r = c->src.ops->next(c->src.h, &c->pending);
		if (r != -ENODATA)
			break;
		r = end_of_file(c);
		if (r <= 0)
			return r;
	}
	if (r < 0)
		return failed(c, r, c->src.ops->error ? c->src.ops->error(c->src.h) : NULL);
	if (r == 1) {
		c->have_pending = 1;
		if (!c->pass_first_ts) {
			c->pass_first_ts = c->pending.ts_ns;
			c->pass_start_mono = rs_now_ns();
		}
	}
	return r;
}

int rs_capture_dispatch(struct rs_capture *c, unsigned budget)
{
	int n = 0, r;

	if (c->ended == RS_CAP_FAILED)
		return c->fail_r;
	while (!c->done && (unsigned)n < budget) {
		if (!c->have_pending) {
			r = read_ahead(c);
			if (r < 0)
				return r;
			if (r == 0)
				break;
		}
		if (paced(c) && due_at(c) > rs_now_ns())
			break;
		c->have_pending = 0;
		handle(c, &c->pending);
		n++;
	}
	if (c->w && rs_cap_writer_flush(c->w))
		stop_writing(c);
	return n;
}

const struct rs_cap_analysis *rs_capture_analysis(const struct rs_capture *c)
{
	return c->a;
}

void rs_capture_stats(const struct rs_capture *c, struct rs_capture_stats *st)
{
	memset(st, 0, sizeof(*st));
	if (c->src.ops && c->src.ops->stats)
		c->src.ops->stats(c->src.h, st);
	st->received = c->received;
	st->passes = c->passes;
	st->ended = c->ended;
	st->records = records(c);
	st->write_failed = c->write_failed;
	RS_STRCPY(st->write_why, c->write_why);
	rs_cap_writer_counts(c->w, &st->written_bytes, &st->written_files);
}

const char *rs_capture_status(const struct rs_capture *c)
{
	return c->status;
}

const char *rs_capture_label(const struct rs_capture *c)
{
	return c->label;
}

const char *rs_capture_note(const struct rs_capture *c)
{
	return c->note;
}
