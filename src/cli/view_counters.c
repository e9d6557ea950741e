/* SPDX-License-Identifier: MIT */
/*
 * view_counters.c - `rocescope counters`: per-second rates of every counter
 * that moved, one block per interval, for scripts and load tests.
 *
 * Covers the port counters (port_xmit_data/port_rcv_data counted in bytes),
 * the RoCE hw_counters and the netdev statistics and ethtool -S of every
 * link.  Text shows data in bits per second (Gb/s, as links are sold) and
 * packets in pps (model/units.h); --json keeps the exact per-second rate
 * in the counter's own unit (bytes, packets or count) and each counter's
 * meaning (tx_bytes, cnp_sent, out_of_sequence ...: the same for every
 * vendor, from the driver's counter table, counter_tables.h) with the
 * driver whose table gave it.  The session runs on the event loop and refreshes itself every
 * interval; each reading's rates come from the counter series (one model
 * with the console), from the readings' own timestamps, so a slow sysfs read
 * does not skew them and the demo's fake clock gives exact figures.  A
 * loaded file cannot move: its totals are printed once and the view says so.
 */
#include "cli/view.h"
#include "i18n.h"
#include "model/units.h"
#include "runtime/loop.h"
#include "util.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

static double opt_interval = 1.0;	/* --interval SEC */
static long opt_count = -1;		/* --count N, -1: until Ctrl-C */

struct run {
	struct rs_view *v;
	struct rs_loop *loop;
	long n;			/* intervals printed */
	size_t changed;
};

static enum rs_rate_unit unit_of(const struct rs_series_ctr *c)
{
	return rs_rate_unit_of(c->cls, c->name);
}

/*
 * One counter.  Text: its line, the rate scaled to its unit (bits, packets:
 * model/units.h), or a file's total.  JSON: the same shape for a live
 * reading and a file's totals: value (the total, scaled to the unit), and
 * delta and rate over the last interval, null when there is none (a file,
 * the clock did not advance).
 */
static void print_ctr(struct rs_pr *p, const struct rs_series_set *set,
		      const struct rs_series_ctr *c, int moving)
{
	enum rs_rate_unit u = unit_of(c);
	const char *unit;
	double v;

	rs_view_print_ctr_head(p, set, c);
	rs_pr_u64(p, "value", moving ? NULL : "%18llu", c->last * c->scale);
	rs_pr_u64_known(p, "delta", NULL, c->delta, moving);
	rs_pr_double_known(p, "rate", NULL, c->rate, moving && c->has_rate);
	rs_pr_str(p, "unit", NULL, rs_rate_unit_name(u));
	rs_pr_str_or_null(p, "meaning", NULL, c->cls ? rs_meaning_name(c->cls->meaning) : "");
	rs_pr_str_or_null(p, "driver", NULL, set->table ? set->table->driver : "");
	rs_pr_obj_close(p);
	if (!moving) {
		rs_pr_text(p, "%s\n", u == RS_RU_BITS ? " B" : "");
	} else if (c->has_rate) {
		rs_rate_scale(c->rate, u, &v, &unit);
		rs_pr_text(p, "%15.2f %s\n", v, unit);
	} else {
		rs_pr_text(p, _("%15s (+%llu %s, clock did not advance)\n"), "?",
			   (unsigned long long)c->delta,
			   u == RS_RU_BITS ? "B" : u == RS_RU_PACKETS ? _("packets") : "");
	}
}

/* A reading's head: {"n": N, "counters": [ ... in JSON, "interval N" in text. */
static void reading_begin(struct rs_view *v, long n)
{
	rs_pr_obj_open(&v->pr, NULL);
	rs_pr_u64(&v->pr, "n", _("interval %llu"), (uint64_t)n);
	rs_pr_text(&v->pr, " (%s)\n", v->sess.label);
	rs_pr_arr_open(&v->pr, "counters");
}

static void reading_end(struct rs_view *v)
{
	rs_pr_arr_close(&v->pr);
	rs_pr_obj_close(&v->pr);
}

/* The members before "readings" (both sources have them all); text says
 * when the counters cannot move. */
static void print_head(struct rs_view *v, int is_static, double interval)
{
	const char *taken = v->sess.snap.taken_at;

	rs_pr_bool(&v->pr, "static", NULL, is_static);
	rs_pr_double_known(&v->pr, "interval", NULL, interval, !is_static);
	rs_pr_str_or_null(&v->pr, "taken_at", NULL, taken);
	if (is_static)
		rs_pr_text(&v->pr, _("counters are static (%s, taken %s): totals, no rates\n"),
			   v->sess.label, taken[0] ? taken : "at an unknown time");
	rs_pr_arr_open(&v->pr, "readings");
}

/* Every counter that moved in the last interval, in the series' order. */
static void print_changes(struct run *r)
{
	const struct rs_series *s = &r->v->sess.series;

	r->changed = 0;
	for (size_t i = 0; i < s->n_sets; i++) {
		const struct rs_series_set *set = &s->sets[i];

		for (size_t k = 0; set->present && k < set->n; k++) {
			if (!set->ctrs[k].delta)
				continue;
			r->changed++;
			print_ctr(&r->v->pr, set, &set->ctrs[k], 1);
		}
	}
}

static void on_change(struct rs_session *sess, unsigned what, void *arg)
{
	struct run *r = arg;

	if (!(what & RS_CHANGE_COUNTERS))
		return;
	r->n++;
	if (r->n > 1)
		rs_pr_text(&r->v->pr, "\n");
	reading_begin(r->v, r->n);
	print_changes(r);
	reading_end(r->v);
	if (!r->changed)
		rs_pr_text(&r->v->pr, _("  no counter changed\n"));
	fflush(stdout);
	if (opt_count > 0 && r->n >= opt_count)
		rs_loop_stop(r->loop, 0);
}

static void on_stop(struct rs_loop *l, int signo, void *arg)
{
	rs_loop_stop(l, 0);	/* Ctrl-C ends the run; the document is still closed */
}

static int run_intervals(struct rs_view *v)
{
	struct run r = { .v = v };
	int ret;

	print_head(v, 0, opt_interval);
	r.loop = rs_loop_new();
	rs_signal_add(r.loop, SIGINT, on_stop, NULL);
	rs_signal_add(r.loop, SIGTERM, on_stop, NULL);
	rs_session_on_change(&v->sess, on_change, &r);
	rs_session_set_interval(&v->sess, (unsigned)(opt_interval * 1000));
	rs_session_attach(&v->sess, r.loop);
	ret = rs_loop_run(r.loop);
	rs_session_on_change(&v->sess, NULL, NULL);
	rs_session_detach(&v->sess);
	rs_loop_free(r.loop);
	rs_pr_arr_close(&v->pr);
	return ret < 0 ? RS_EXIT_FAIL : RS_EXIT_OK;
}

static void print_static(struct rs_view *v)
{
	const struct rs_series *s = &v->sess.series;

	print_head(v, 1, 0);
	rs_pr_obj_open(&v->pr, NULL);	/* the one reading a file has */
	rs_pr_int(&v->pr, "n", NULL, 1);
	rs_pr_arr_open(&v->pr, "counters");
	for (size_t i = 0; i < s->n_sets; i++) {
		const struct rs_series_set *set = &s->sets[i];

		for (size_t k = 0; k < set->n; k++)
			if (set->ctrs[k].last * set->ctrs[k].scale != 0)
				print_ctr(&v->pr, set, &set->ctrs[k], 0);
	}
	reading_end(v);
	rs_pr_arr_close(&v->pr);
}

static int counters_run(struct rs_cli *cli, int argc, char **argv)
{
	struct rs_view v;
	int ret;

	ret = rs_view_open(&v, cli, RS_SCOPE_ALL);
	if (ret)
		return ret;
	if (rs_session_is_replay(&v.sess)) {
		ret = rs_view_counters_replay(&v);
	} else if (rs_session_is_dynamic(&v.sess)) {
		ret = run_intervals(&v);
	} else {
		print_static(&v);
		ret = RS_EXIT_OK;
	}
	return rs_view_close(&v, ret);
}

enum { OPT_INTERVAL = 1, OPT_COUNT };

static const struct rs_opt counters_opts[] = {
	{ "interval", 'i', "SEC", N_("seconds between readings, fractions allowed (default 1)"),
	  OPT_INTERVAL },
	{ "count", 'c', "N", N_("stop after N intervals (default: until Ctrl-C)"), OPT_COUNT },
	{ NULL, 0, NULL, NULL, 0 },
};

static int counters_opt(struct rs_cli *cli, int id, const char *arg)
{
	if (id == OPT_INTERVAL)
		return rs_cli_seconds("--interval", arg, 86400, &opt_interval);
	return rs_cli_long("--count", arg, 1, 1000000000L, &opt_count);
}

const struct rs_cmd rs_cmd_counters = {
	.name = "counters",
	.args = "",
	.help = N_("per-second rates of counters that move"),
	.flags = RS_CMD_JSON | RS_CMD_HOST,
	.opts = counters_opts,
	.opt = counters_opt,
	.run = counters_run,
};
