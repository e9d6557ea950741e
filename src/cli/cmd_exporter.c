/* SPDX-License-Identifier: MIT */
/*
 * cmd_exporter.c - `rocescope exporter [--listen ADDR:PORT]`: the host's
 * RoCE state for Prometheus, on /metrics.
 *
 * One session on the event loop reads the counters every --interval (the
 * only place anything is collected); after each reading the exporter is
 * told the state changed, and the next scrape builds the text once
 * (src/export/metrics.c) for every scrape until the next reading.  Any
 * source works: the live host, a fixture --root, a saved --load file
 * (static), the --demo host.  --once prints the text and exits (for
 * promtool, and for node_exporter's textfile collector).
 */
#include "cli/cli.h"
#include "i18n.h"
#include "session/qp_job.h"
#include "export/exporter.h"
#include "export/metrics.h"
#include "runtime/loop.h"
#include "session/session.h"
#include "util.h"
#include "version.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static const char *opt_listen;		/* --listen, default 127.0.0.1:RS_EXPORTER_PORT */
static double opt_interval = 5.0;	/* --interval SEC */
static long opt_max_conns = 64;		/* --max-connections N */
static double opt_timeout = 10.0;	/* --timeout SEC */
static int opt_once;			/* --once */

struct exp_run {
	struct rs_session sess;
	struct rs_exporter *ex;
	double refreshed_at;		/* wall clock of the last reading */
};

static double wall_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void build(struct rs_text *out, enum rs_metrics_format f, void *arg)
{
	struct exp_run *r = arg;
	struct rs_metrics_src src = {
		.snap = &r->sess.snap,
		.series = &r->sess.series,
		.findings = &r->sess.findings,
		.qps = rs_session_qps(&r->sess),
		.version = PACKAGE_VERSION,
		.commit = rs_build_commit,
		.source = r->sess.label,
		.interval_ms = rs_session_is_dynamic(&r->sess) ? r->sess.interval_ms : 0,
		.refreshed_at = r->refreshed_at,
	};

	rs_metrics_build(out, &src, f);
}

static void on_change(struct rs_session *s, unsigned what, void *arg)
{
	struct exp_run *r = arg;

	if (what & RS_CHANGE_COUNTERS)
		r->refreshed_at = wall_now();
	if (r->ex)
		rs_exporter_invalidate(r->ex);
}

static void on_stop(struct rs_loop *l, int signo, void *arg)
{
	rs_loop_stop(l, 0);
}

static int print_once(struct exp_run *r)
{
	struct rs_text t = { 0 };
	int ok;

	build(&t, RS_MF_PROMETHEUS, r);
	ok = fwrite(t.p, 1, t.len, stdout) == t.len && /* escaped: metrics.c */
	     !fflush(stdout);
	rs_text_free(&t);
	if (!ok)
		perror("rocescope: stdout");
	return ok ? RS_EXIT_OK : RS_EXIT_FAIL;
}

static int serve(struct exp_run *r)
{
	/* A request must arrive, and an idle connection closes, within the
	 * timeout; a whole response may take three times as long to be read. */
	struct rs_exporter_opts o = {
		.listen = opt_listen, .max_conns = (unsigned)opt_max_conns,
		.head_timeout_ms = (unsigned)(opt_timeout * 1000),
		.idle_timeout_ms = (unsigned)(opt_timeout * 1000),
		.send_timeout_ms = (unsigned)(opt_timeout * 3000),
	};
	struct rs_loop *l;
	char err[512], def[32];
	int ret;

	snprintf(def, sizeof(def), "127.0.0.1:%d", RS_EXPORTER_PORT);
	if (!o.listen)
		o.listen = def;
	l = rs_loop_new();
	rs_signal_add(l, SIGINT, on_stop, NULL);
	rs_signal_add(l, SIGTERM, on_stop, NULL);
	ret = rs_exporter_open(&r->ex, l, &o, build, r, err, sizeof(err));
	if (ret) {
		rs_tprintf(stderr, _("rocescope: exporter: %s\n"), err);
		rs_loop_free(l);
		return RS_EXIT_FAIL;
	}
	rs_session_on_change(&r->sess, on_change, r);
	rs_session_set_interval(&r->sess, (unsigned)(opt_interval * 1000));
	rs_session_attach(&r->sess, l);
	rs_tprintf(stderr, _("rocescope: exporter on http://%s/metrics (%s, refresh every %g s)\n"),
		rs_exporter_address(r->ex), r->sess.label,
		rs_session_is_dynamic(&r->sess) ? r->sess.interval_ms / 1000.0 : 0.0);
	ret = rs_loop_run(l);
	rs_session_on_change(&r->sess, NULL, NULL);
	rs_session_detach(&r->sess);
	rs_exporter_close(r->ex);
	r->ex = NULL;
	rs_loop_free(l);
	return ret < 0 ? RS_EXIT_FAIL : RS_EXIT_OK;
}

static int exporter_run(struct rs_cli *cli, int argc, char **argv)
{
	struct rs_session_opts so = {
		.root = cli->root, .load = cli->load, .demo = cli->demo, .peer = cli->peer,
	};
	struct exp_run r = { .ex = NULL };
	char err[512];
	int ret;

	if (rs_session_open(&r.sess, &so, err, sizeof(err))) {
		rs_tprintf(stderr, _("rocescope: %s\n"), err);
		rs_session_close(&r.sess);
		return RS_EXIT_FAIL;
	}
	r.refreshed_at = wall_now();
	ret = opt_once ? print_once(&r) : serve(&r);
	rs_session_close(&r.sess);
	return ret;
}

enum { OPT_LISTEN = 1, OPT_INTERVAL, OPT_MAX_CONNS, OPT_TIMEOUT, OPT_ONCE };

static const struct rs_opt exporter_opts[] = {
	{ "listen", 'L', "ADDR:PORT", N_("where to serve /metrics (default 127.0.0.1:9479)"),
	  OPT_LISTEN },
	{ "interval", 'i', "SEC", N_("seconds between readings of the counters (default 5)"),
	  OPT_INTERVAL },
	{ "max-connections", 0, "N", N_("connections served at once (default 64)"), OPT_MAX_CONNS },
	{ "timeout", 0, "SEC", N_("drop a client silent or idle this long (default 10)"),
	  OPT_TIMEOUT },
	{ "once", 0, NULL, N_("print the metrics once to stdout and exit"), OPT_ONCE },
	{ NULL, 0, NULL, NULL, 0 },
};

static int exporter_opt(struct rs_cli *cli, int id, const char *arg)
{
	switch (id) {
	case OPT_LISTEN:
		opt_listen = arg;
		return 0;
	case OPT_INTERVAL:
		return rs_cli_seconds("--interval", arg, 86400, &opt_interval);
	case OPT_MAX_CONNS:
		return rs_cli_long("--max-connections", arg, 1, 4096, &opt_max_conns);
	case OPT_TIMEOUT:
		return rs_cli_seconds("--timeout", arg, 3600, &opt_timeout);
	default:
		opt_once = 1;
		return 0;
	}
}

const struct rs_cmd rs_cmd_exporter = {
	.name = "exporter",
	.args = "",
	.help = N_("serve counters, link state, resources and findings to Prometheus"),
	.flags = RS_CMD_HOST,
	.opts = exporter_opts,
	.opt = exporter_opt,
	.run = exporter_run,
};
