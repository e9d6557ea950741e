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

static void owner(const struct rs_series_set *set, char *buf, size_t len)
{
	if (set->port)
		snprintf(buf, len, "%s/%u", set->object, set->port);
	else
		snprintf(buf, len, "%s", set->object);
}

/*
 * One counter in JSON, the same shape for a live reading and a file's
 * totals: value (the total, scaled to the unit), and delta and rate over
 * the last interval, null when there is none (a file, the clock did not
 * advance).
 */
static void emit_json(struct rs_json *j, const struct rs_series_set *set,
		      const struct rs_series_ctr *c, int moving)
{
	rs_json_obj_begin(j);
	rs_json_kv_str(j, "object", set->object);
	rs_json_kv_int_or_null(j, "port", set->port, set->port != 0);
	rs_json_kv_str(j, "set", rs_corigin_name(set->origin));
	rs_json_kv_str(j, "counter", c->name);
	rs_json_kv_u64(j, "value", c->last * c->scale);
	if (moving)
		rs_json_kv_u64(j, "delta", c->delta);
	else
		rs_json_kv_null(j, "delta");
	rs_json_kv_double_or_null(j, "rate", c->rate, moving && c->has_rate);
	rs_json_kv_str(j, "unit", rs_rate_unit_name(unit_of(c)));
	rs_json_kv_str_or_null(j, "meaning", c->cls ? rs_meaning_name(c->cls->meaning) : "");
	rs_json_kv_str_or_null(j, "driver", set->table ? set->table->driver : "");
	rs_json_obj_end(j);
}

/* {"n": N, "counters": [ ... what follows ... */
static void json_reading_begin(struct rs_json *j, long n)
{
	rs_json_obj_begin(j);
	rs_json_kv_int(j, "n", n);
	rs_json_key(j, "counters");
	rs_json_arr_begin(j);
}

static void json_reading_end(struct rs_json *j)
{
	rs_json_arr_end(j);
	rs_json_obj_end(j);
}

/* The members before "readings": both sources have them all. */
static void json_head(struct rs_view *v, int is_static, double interval)
{
	rs_json_kv_bool(v->j, "static", is_static);
	rs_json_kv_double_or_null(v->j, "interval", interval, !is_static);
	rs_json_kv_str_or_null(v->j, "taken_at", v->sess.snap.taken_at);
	rs_json_key(v->j, "readings");
	rs_json_arr_begin(v->j);
}

/* Every counter that moved in the last interval, in the series' order. */
static void print_changes(struct run *r)
{
	const struct rs_series *s = &r->v->sess.series;
	struct rs_json *j = r->v->j;
	char obj[RS_NAME_LEN + 16];

	r->changed = 0;
	for (size_t i = 0; i < s->n_sets; i++) {
		const struct rs_series_set *set = &s->sets[i];

		for (size_t k = 0; set->present && k < set->n; k++) {
			const struct rs_series_ctr *c = &set->ctrs[k];
			enum rs_rate_unit u = unit_of(c);
			const char *unit;
			double v;

			if (!c->delta)
				continue;
			r->changed++;
			if (j) {
				emit_json(j, set, c, 1);
				continue;
			}
			owner(set, obj, sizeof(obj));
			rs_rate_scale(c->rate, u, &v, &unit);
			if (c->has_rate)
				rs_tprintf(stdout, "  %-10s %-11s %-30s %15.2f %s\n", obj,
					   rs_corigin_name(set->origin), c->name, v, unit);
			else
				rs_tprintf(stdout,
					   "  %-10s %-11s %-30s %15s (+%llu %s, clock did not advance)\n",
					   obj, rs_corigin_name(set->origin), c->name, "?",
					   (unsigned long long)c->delta,
					   u == RS_RU_BITS ? "B" : u == RS_RU_PACKETS ? "packets" : "");
		}
	}
}

static void on_change(struct rs_session *sess, unsigned what, void *arg)
{
	struct run *r = arg;
	struct rs_json *j = r->v->j;

	if (!(what & RS_CHANGE_COUNTERS))
		return;
	r->n++;
	if (j) {
		json_reading_begin(j, r->n);
	} else {
		if (r->n > 1)
			putchar('\n');
		rs_tprintf(stdout, "interval %ld (%s)\n", r->n, sess->label);
	}
	print_changes(r);
	if (j)
		json_reading_end(j);
	else if (!r->changed)
		rs_tprintf(stdout, "  no counter changed\n");
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

	if (v->j)
		json_head(v, 0, opt_interval);
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
	if (v->j)
		rs_json_arr_end(v->j);
	return ret < 0 ? RS_EXIT_FAIL : RS_EXIT_OK;
}

static void print_static(struct rs_view *v)
{
	const struct rs_series *s = &v->sess.series;
	const struct rs_snapshot *snap = &v->sess.snap;
	char obj[RS_NAME_LEN + 16];

	if (v->j) {
		json_head(v, 1, 0);
		json_reading_begin(v->j, 1);	/* the one reading a file has */
	} else {
		rs_tprintf(stdout, "counters are static (%s, taken %s): totals, no rates\n",
			   v->sess.label,
			   snap->taken_at[0] ? snap->taken_at : "at an unknown time");
	}
	for (size_t i = 0; i < s->n_sets; i++) {
		const struct rs_series_set *set = &s->sets[i];

		for (size_t k = 0; k < set->n; k++) {
			const struct rs_series_ctr *c = &set->ctrs[k];
			uint64_t value = c->last * c->scale;

			if (!value)
				continue;
			if (v->j) {
				emit_json(v->j, set, c, 0);
				continue;
			}
			owner(set, obj, sizeof(obj));
			rs_tprintf(stdout, "  %-10s %-11s %-30s %18llu%s\n", obj,
				   rs_corigin_name(set->origin), c->name, (unsigned long long)value,
				   unit_of(c) == RS_RU_BITS ? " B" : "");
		}
	}
	if (v->j) {
		json_reading_end(v->j);
		rs_json_arr_end(v->j);
	}
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
	{ "interval", 'i', "SEC", "seconds between readings, fractions allowed (default 1)",
	  OPT_INTERVAL },
	{ "count", 'c', "N", "stop after N intervals (default: until Ctrl-C)", OPT_COUNT },
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
	.help = "per-second rates of counters that move",
	.flags = RS_CMD_JSON | RS_CMD_HOST,
	.opts = counters_opts,
	.opt = counters_opt,
	.run = counters_run,
};
