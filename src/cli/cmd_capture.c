/* SPDX-License-Identifier: MIT */
/*
 * cmd_capture.c - `rocescope capture (-i NETDEV | -d RDMA_DEV | -r FILE)
 * [-w FILE] [-c N] [--summary] [--json]`: RoCE packets as lines (or JSON
 * lines), or with --summary the totals, flows and the two verdicts.
 *
 * Everything runs on the event loop: a live source's fd is an io handler,
 * a file is read by a timer (immediately, or at the pace of its
 * timestamps with --speed), SIGINT and SIGTERM end the capture cleanly
 * and the summary is still printed.  Each dispatch handles a bounded
 * number of packets, then the loop turns.  The capture itself is the core
 * object of src/capture/capture.h; this file only prints.
 */
#include "capture/capture.h"
#include "i18n.h"
#include "capture/format.h"
#include "cli/cli.h"
#include "diag/check.h"
#include "runtime/loop.h"
#include "util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUDGET 256		/* packets per dispatch */
#define LIVE_TICK_NS (250 * RS_NS_PER_MS)

static struct {
	const char *netdev, *rdma, *file, *write, *filter;
	long count;		/* -1: until the end or a signal */
	int summary, all;
	double rotate_mb, speed;
	long keep, snaplen;
} opt = { .count = -1 };

struct run {
	struct rs_capture *c;
	struct rs_loop *loop;
	struct rs_timer *timer;
	int json;
	uint64_t t0;		/* time of the first frame: lines show time since it */
	int have_t0;
	uint64_t seen;
	int failed;
	int signo;		/* the signal that ended it, 0 none */
	char end_text[640];
};

static void on_packet(const struct rs_pkt *p, void *arg)
{
	struct run *r = arg;
	char line[RS_PKT_LINE];
	struct rs_json j;

	if (!r->have_t0) {
		r->t0 = p->ts_ns;
		r->have_t0 = 1;
	}
	r->seen++;
	if (opt.summary || (!opt.all && !rs_pkt_is_roce(p) && !rs_pkt_malformed(p)))
		return;
	if (r->json) {
		rs_json_init(&j, stdout);
		rs_json_set_compact(&j, 1);
		rs_pkt_json(&j, p, r->t0);
		rs_json_finish(&j);
		return;
	}
	rs_pkt_format(p, r->t0, line, sizeof(line));
	rs_tprintf(stdout, "%s\n", line);	/* decoded, but from the wire */
}

static unsigned budget(const struct run *r)
{
	if (opt.count < 0 || (uint64_t)opt.count - r->seen > BUDGET)
		return BUDGET;
	return (unsigned)((uint64_t)opt.count - r->seen);
}

/* One dispatch; stops the loop at the end, at -c N, or on a failure. */
static void pump(struct run *r)
{
	int n = rs_capture_dispatch(r->c, budget(r));

	fflush(stdout);
	if (n < 0) {
		/* libpcap's reason and where: "stopped at packet 37 of the file ...". */
		rs_tprintf(stderr, _("rocescope: capture from %s: %s\n"), rs_capture_label(r->c),
			   rs_capture_status(r->c));
		r->failed = 1;
		rs_loop_stop(r->loop, 1);
	} else if (rs_capture_done(r->c) || (opt.count >= 0 && r->seen >= (uint64_t)opt.count)) {
		rs_loop_stop(r->loop, 0);
	}
}

static void on_readable(struct rs_io *io, int fd, unsigned revents, void *arg)
{
	pump(arg);
}

static void on_timer(struct rs_timer *t, void *arg)
{
	struct run *r = arg;
	uint64_t delay;

	pump(r);
	delay = rs_capture_delay_ns(r->c);
	if (rs_capture_fd(r->c) < 0 && delay != UINT64_MAX)
		rs_timer_arm(t, delay, 0);
}

static void on_signal(struct rs_loop *l, int signo, void *arg)
{
	((struct run *)arg)->signo = signo;
	rs_loop_stop(l, 0);
}

/* How the capture ended, for the summary: the state and its sentence. */
static const char *end_of(struct run *r, const struct rs_capture_stats *st)
{
	if (st->ended == RS_CAP_END_OF_FILE || st->ended == RS_CAP_FAILED) {
		RS_STRCPY(r->end_text, rs_capture_status(r->c));
		return st->ended == RS_CAP_FAILED ? "failed" : "end_of_file";
	}
	if (r->signo) {
		snprintf(r->end_text, sizeof(r->end_text), _("stopped by %s after %llu packets"),
			 r->signo == SIGINT ? "SIGINT (Ctrl-C)" : "SIGTERM",
			 (unsigned long long)st->records);
		return "signal";
	}
	snprintf(r->end_text, sizeof(r->end_text), _("stopped after %llu packets (-c %ld)"),
		 (unsigned long long)st->records, opt.count);
	return "count";
}

static int open_capture(struct run *r, char *err, size_t errlen)
{
	struct rs_capture_spec spec = {
		.kind = opt.netdev ? RS_CAP_NETDEV : opt.rdma ? RS_CAP_RDMA : RS_CAP_FILE,
		.name = opt.netdev ? opt.netdev : opt.rdma ? opt.rdma : opt.file,
		.filter = opt.filter,
		.write_path = opt.write,
		.rotate_bytes = (uint64_t)(opt.rotate_mb * 1e6 + 0.5),
		.rotate_keep = (unsigned)opt.keep,
		.snaplen = (unsigned)opt.snaplen,
		.replay_speed = opt.speed,
		.on_packet = on_packet,
		.arg = r,
	};

	if (spec.kind == RS_CAP_RDMA)
		rs_tprintf(stderr, _("rocescope: note: %s\n"), rs_capture_sniffer_warning());
	return rs_capture_open(&r->c, &spec, err, errlen);
}

static int run_loop(struct run *r)
{
	int fd = rs_capture_fd(r->c), ret;

	r->loop = rs_loop_new();
	if (rs_signal_add(r->loop, SIGINT, on_signal, r) || rs_signal_add(r->loop, SIGTERM, on_signal, r))
		rs_tprintf(stderr, _("rocescope: warning: Ctrl-C will not print the summary\n"));
	r->timer = rs_timer_add(r->loop, on_timer, r);
	if (fd >= 0) {
		rs_io_add(r->loop, fd, POLLIN, on_readable, r);
		/* A tick too, for sources whose fd may stay quiet with frames queued. */
		rs_timer_arm(r->timer, LIVE_TICK_NS, LIVE_TICK_NS);
		rs_tprintf(stderr, _("rocescope: capturing on %s (%s); Ctrl-C ends\n"),
			   rs_capture_label(r->c), opt.netdev ? _("UDP 4791 and RoCE v1, VLANs too") :
			   _("every frame of the port"));
	} else {
		rs_timer_arm(r->timer, 0, 0);
	}
	ret = rs_loop_run(r->loop);
	rs_loop_free(r->loop);
	return ret < 0 ? 1 : ret;
}

static void print_end(struct run *r)
{
	struct rs_capture_stats st;
	struct rs_cap_summary_info info = { 0 };
	struct rs_cap_verdicts v;
	struct rs_json j;
	const struct rs_cap_totals *t = rs_cap_totals(rs_capture_analysis(r->c));

	rs_capture_stats(r->c, &st);
	info.label = rs_capture_label(r->c);
	info.received = st.received;
	info.drops = st.dropped + st.if_dropped;
	info.have_drops = st.have_drops;
	rs_cap_verdicts(rs_capture_analysis(r->c), info.drops, 0,
			rs_capture_note(r->c)[0] ? rs_capture_note(r->c) : NULL, &v);
	info.verdicts = &v;
	info.end = end_of(r, &st);
	info.end_text = r->end_text;
	info.end_packets = st.records;
	if (opt.summary && r->json) {
		rs_json_init(&j, stdout);
		rs_json_obj_begin(&j);
		rs_json_kv_schema(&j);
		rs_cap_summary_json(&j, rs_capture_analysis(r->c), &info);
		rs_json_obj_end(&j);
		if (rs_json_finish(&j))
			rs_tprintf(stderr,
				   _("rocescope: bug: the capture summary is not valid JSON\n"));
	} else if (opt.summary) {
		rs_cap_summary_text(stdout, rs_capture_analysis(r->c), &info);
	}
	fflush(stdout);
	if (st.ended == RS_CAP_END_OF_FILE)
		rs_tprintf(stderr, _("rocescope: %s: %s\n"), rs_capture_label(r->c), r->end_text);
	rs_tprintf(stderr, _("rocescope: %llu frames, %llu RoCE v2, %llu RoCE v1, %llu bad ICRC, "
		   "%llu malformed"), (unsigned long long)t->frames, (unsigned long long)t->roce_v2,
		   (unsigned long long)t->roce_v1, (unsigned long long)t->icrc_bad,
		   (unsigned long long)t->malformed);
	if (st.have_drops)
		rs_tprintf(stderr, _("; %llu dropped by the capture"), (unsigned long long)info.drops);
	if (opt.write)
		rs_tprintf(stderr, _("; %llu bytes written to %u file(s)"),
			   (unsigned long long)st.written_bytes, st.written_files);
	rs_tprintf(stderr, "\n");
	if (st.write_failed) {
		if (st.write_why[0])
			rs_tprintf(stderr, _("rocescope: writing stopped: %s: the file is incomplete\n"),
				   st.write_why);
		else
			rs_tprintf(stderr, _("rocescope: writing %s failed (disk full?): the file is "
				   "incomplete\n"), opt.write);
		r->failed = 1;
	}
}

static int capture_run(struct rs_cli *cli, int argc, char **argv)
{
	struct run r = { .json = cli->json };
	char err[1024];
	int ret;

	if (!!opt.netdev + !!opt.rdma + !!opt.file != 1) {
		rs_tprintf(stderr,
			   _("rocescope: capture: give one of -i NETDEV, -d RDMA_DEV, -r FILE\n"));
		return RS_EXIT_USAGE;
	}
	if ((opt.rotate_mb > 0 || opt.keep) && !opt.write) {
		rs_tprintf(stderr, _("rocescope: capture: --rotate and --keep need -w FILE\n"));
		return RS_EXIT_USAGE;
	}
	if (opt.speed > 0 && !opt.file) {
		rs_tprintf(stderr,
			   _("rocescope: capture: --speed replays a file: it needs -r FILE\n"));
		return RS_EXIT_USAGE;
	}
	ret = open_capture(&r, err, sizeof(err));
	if (ret) {
		rs_tprintf(stderr, _("rocescope: %s\n"), err[0] ? err : strerror(-ret));
		return RS_EXIT_FAIL;
	}
	if (rs_capture_note(r.c)[0])
		rs_tprintf(stderr, _("rocescope: note: %s\n"), rs_capture_note(r.c));
	ret = run_loop(&r);
	print_end(&r);
	rs_capture_close(r.c);
	return ret || r.failed ? RS_EXIT_FAIL : RS_EXIT_OK;
}

enum {
	OPT_IFACE = 1, OPT_DEV, OPT_READ, OPT_WRITE, OPT_COUNT, OPT_SUMMARY, OPT_ROTATE, OPT_KEEP,
	OPT_SPEED, OPT_FILTER, OPT_SNAPLEN, OPT_ALL,
};

static const struct rs_opt capture_opts[] = {
	{ "interface", 'i', "NETDEV", N_("capture live on a network interface (libpcap)"), OPT_IFACE },
	{ "device", 'd', "RDMA_DEV", N_("capture with the NIC's sniffer (mlx5_0[:port])"), OPT_DEV },
	{ "read", 'r', "FILE", N_("read a pcap or pcapng file"), OPT_READ },
	{ "write", 'w', "FILE", N_("also write what is captured to a pcap file"), OPT_WRITE },
	{ "count", 'c', "N", N_("stop after N frames"), OPT_COUNT },
	{ "summary", 's', NULL, N_("print the totals, flows and verdicts instead of packets"),
	  OPT_SUMMARY },
	{ "rotate", 0, "MB", N_("with -w: a new file (FILE.1, FILE.2 ...) every MB megabytes"),
	  OPT_ROTATE },
	{ "keep", 0, "N", N_("with --rotate: keep at most N files (the names cycle)"), OPT_KEEP },
	{ "speed", 0, "X", N_("with -r: replay at the pace of the timestamps, X times faster"),
	  OPT_SPEED },
	{ "filter", 0, "BPF", N_("more libpcap filter, and-ed with the RoCE one"), OPT_FILTER },
	{ "snaplen", 0, "BYTES", N_("bytes kept per frame (default 65535)"), OPT_SNAPLEN },
	{ "all", 'a', NULL, N_("print frames that are not RoCE too"), OPT_ALL },
	{ NULL, 0, NULL, NULL, 0 },
};

/* A number > 0 and <= max (fractions allowed), for --rotate and --speed. */
static int positive(const char *name, const char *arg, double max, const char *what, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(arg, &end);
	if (!errno && end != arg && !*end && *out > 0 && *out <= max)
		return 0;
	rs_tprintf(stderr, _("rocescope: %s: invalid value '%s' (%s, > 0 and <= %g)\n"), name, arg,
		   what,
		   max);
	return RS_EXIT_USAGE;
}

static int capture_opt(struct rs_cli *cli, int id, const char *arg)
{
	switch (id) {
	case OPT_IFACE: opt.netdev = arg; return 0;
	case OPT_DEV: opt.rdma = arg; return 0;
	case OPT_READ: opt.file = arg; return 0;
	case OPT_WRITE: opt.write = arg; return 0;
	case OPT_COUNT: return rs_cli_long("--count", arg, 1, 2000000000L, &opt.count);
	case OPT_SUMMARY: opt.summary = 1; return 0;
	case OPT_ROTATE: return positive("--rotate", arg, 1e6, "megabytes", &opt.rotate_mb);
	case OPT_KEEP: return rs_cli_long("--keep", arg, 1, 100000, &opt.keep);
	case OPT_SPEED: return positive("--speed", arg, 1e6, "a factor", &opt.speed);
	case OPT_FILTER: opt.filter = arg; return 0;
	case OPT_SNAPLEN: return rs_cli_long("--snaplen", arg, 64, 262144, &opt.snaplen);
	case OPT_ALL: opt.all = 1; return 0;
	}
	return RS_EXIT_USAGE;
}

const struct rs_cmd rs_cmd_capture = {
	.name = "capture",
	.args = "(-i NETDEV | -d RDMA_DEV | -r FILE)",
	.help = N_("decode RoCE packets: per-QP flows, PSN gaps, NAKs, ICRC, ECN"),
	.flags = RS_CMD_JSON,
	.opts = capture_opts,
	.opt = capture_opt,
	.run = capture_run,
};
