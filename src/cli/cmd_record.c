/* SPDX-License-Identifier: MIT */
/*
 * cmd_record.c - `rocescope record -o FILE [--interval S] [--duration S]`:
 * every counter of every port and link, and the problems the checks find,
 * written to FILE once per interval until Ctrl-C or the duration
 * (docs/recording.md).  A FILE that exists is never emptied without a
 * word: refused, unless --force (empty it) or --append (go on with a
 * recording of the same host and counters, said on stderr).  The session records itself (record_job.c); this
 * command only runs it on the event loop and says what was kept.
 * `rocescope --replay FILE` plays the file in the console, `counters
 * --replay FILE` prints it.
 */
#include "cli/view.h"
#include "i18n.h"
#include "runtime/loop.h"
#include "session/record_job.h"
#include "util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static const char *opt_out;		/* -o FILE */
static enum rs_rec_mode opt_mode;	/* --force, --append */
static int opt_modes;			/* how many of them were given */
static double opt_interval = 1.0;	/* --interval SEC */
static double opt_duration;		/* --duration SEC, 0: until Ctrl-C */

struct run {
	struct rs_loop *loop;
	int failed;
};

static void on_stop(struct rs_loop *l, int signo, void *arg)
{
	rs_loop_stop(l, 0);
}

static void on_done(struct rs_timer *t, void *arg)
{
	rs_loop_stop(rs_timer_loop(t), 0);
}

/* A write that failed ended the recording: stop, saying why. */
static void on_change(struct rs_session *s, unsigned what, void *arg)
{
	struct run *r = arg;
	const struct rs_session_event *e;

	if (rs_session_record_info(s, NULL, NULL, NULL))
		return;
	e = rs_session_event(s, s->n_events);
	rs_tprintf(stderr, _("rocescope: %s\n"), e ? e->text : _("recording stopped"));
	r->failed = 1;
	rs_loop_stop(r->loop, 0);
}

static int record(struct rs_view *v)
{
	struct run r = { 0 };
	char err[RS_MSG_LEN], msg[RS_MSG_LEN];
	int ret;

	r.loop = rs_loop_new();
	rs_signal_add(r.loop, SIGINT, on_stop, NULL);
	rs_signal_add(r.loop, SIGTERM, on_stop, NULL);
	rs_signal_add(r.loop, SIGHUP, on_stop, NULL);
	rs_session_set_interval(&v->sess, (unsigned)(opt_interval * 1000));
	rs_session_attach(&v->sess, r.loop);
	ret = rs_session_record_start(&v->sess, opt_out, opt_mode, err, sizeof(err));
	if (ret == -EEXIST) {
		rs_tprintf(stderr, _("rocescope: record: %s: --append continues a recording of "
			   "this host, --force empties it\n"), err);
		goto out;
	}
	if (ret) {
		rs_tprintf(stderr, _("rocescope: record: %s\n"), err);
		goto out;
	}
	if (err[0])
		rs_tprintf(stderr, _("rocescope: %s\n"), err);
	rs_tprintf(stderr, _("rocescope: recording %s every %g s to %s (%s)\n"), v->sess.label,
		   v->sess.interval_ms / 1000.0, opt_out,
		   opt_duration > 0 ? _("until the duration ends or Ctrl-C") : _("Ctrl-C stops"));
	if (opt_duration > 0)
		rs_timer_arm(rs_timer_add(r.loop, on_done, NULL),
			     (uint64_t)(opt_duration * RS_NS_PER_S), 0);
	rs_session_on_change(&v->sess, on_change, &r);
	ret = rs_loop_run(r.loop);
	rs_session_on_change(&v->sess, NULL, NULL);
	if (!r.failed) {
		ret = rs_session_record_stop(&v->sess, msg, sizeof(msg));
		rs_tprintf(stdout, "%s\n", msg);
	}
out:
	rs_session_detach(&v->sess);
	rs_loop_free(r.loop);
	return ret || r.failed ? RS_EXIT_FAIL : RS_EXIT_OK;
}

static int record_run(struct rs_cli *cli, int argc, char **argv)
{
	struct rs_view v;
	int ret;

	if (!opt_out) {
		fprintf(stderr, _("rocescope: record: needs -o FILE (see rocescope help record)\n"));
		return RS_EXIT_USAGE;
	}
	if (opt_modes > 1) {
		fprintf(stderr, _("rocescope: record: --force and --append: give one\n"));
		return RS_EXIT_USAGE;
	}
	if (cli->load || cli->replay) {
		rs_tprintf(stderr, _("rocescope: record: %s does not move: nothing to record\n"),
			cli->load ? _("a saved snapshot") : _("a recording"));
		return RS_EXIT_USAGE;
	}
	ret = rs_view_open(&v, cli, RS_SCOPE_ALL);
	if (ret)
		return ret;
	return rs_view_close(&v, record(&v));
}

enum { OPT_OUTPUT = 1, OPT_INTERVAL, OPT_DURATION, OPT_FORCE, OPT_APPEND };

static const struct rs_opt record_opts[] = {
	{ "output", 'o', "FILE", N_("the recording to write (a new file: one that exists is refused)"),
	  OPT_OUTPUT },
	{ "force", 0, NULL, N_("empty FILE when it exists"), OPT_FORCE },
	{ "append", 0, NULL, N_("go on with FILE, a recording of this host and its counters"),
	  OPT_APPEND },
	{ "interval", 'i', "SEC", N_("seconds between samples, fractions allowed (default 1)"),
	  OPT_INTERVAL },
	{ "duration", 0, "SEC", N_("stop after SEC seconds (default: until Ctrl-C)"), OPT_DURATION },
	{ NULL, 0, NULL, NULL, 0 },
};

static int record_opt(struct rs_cli *cli, int id, const char *arg)
{
	if (id == OPT_OUTPUT) {
		opt_out = arg;
		return 0;
	}
	if (id == OPT_FORCE || id == OPT_APPEND) {
		opt_mode = id == OPT_FORCE ? RS_REC_FORCE : RS_REC_APPEND;
		opt_modes++;
		return 0;
	}
	if (id == OPT_INTERVAL)
		return rs_cli_seconds("--interval", arg, 86400, &opt_interval);
	return rs_cli_seconds("--duration", arg, 365 * 86400.0, &opt_duration);
}

const struct rs_cmd rs_cmd_record = {
	.name = "record",
	.args = "",
	.help = N_("record every counter and the findings to a file, for --replay"),
	.flags = RS_CMD_HOST,
	.opts = record_opts,
	.opt = record_opt,
	.run = record_run,
};
