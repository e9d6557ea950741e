/* SPDX-License-Identifier: MIT */
/*
 * view_counters.c - `rocescope counters`: per-second rates of every counter
 * that moved, one block per interval, for scripts and load tests.
 *
 * Covers the port counters (port_xmit_data/port_rcv_data shown in bytes),
 * the RoCE hw_counters and the netdev statistics and ethtool -S of every
 * link.  The session runs on the event loop and refreshes itself every
 * interval; each reading's rates come from the counter series (one model
 * with the console), from the readings' own timestamps, so a slow sysfs read
 * does not skew them and the demo's fake clock gives exact figures.  A
 * loaded file cannot move: its totals are printed once and the view says so.
 */
#include "cli/view.h"
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

static int is_bytes(const struct rs_series_set *set, const struct rs_series_ctr *c)
{
	return c->cls && (c->cls->flags & RS_CF_BYTES);
}

static void owner(const struct rs_series_set *set, char *buf, size_t len)
{
	if (set->port)
		snprintf(buf, len, "%s/%u", set->object, set->port);
	else
		snprintf(buf, len, "%s", set->object);
}

static void emit_json(struct rs_json *j, const struct rs_series_set *set, const char *name,
		      const char *what, uint64_t value, int have_rate, double rate,
		      int bytes, int with_rate)
{
	rs_json_obj_begin(j);
	rs_json_kv_str(j, "object", set->object);
	if (set->port)
		rs_json_kv_int(j, "port", set->port);
	else
		rs_json_kv_null(j, "port");
	rs_json_kv_str(j, "set", rs_corigin_name(set->origin));
	rs_json_kv_str(j, "counter", name);
	rs_json_kv_u64(j, what, value);
	if (with_rate) {
		if (have_rate)
			rs_json_kv_double(j, "rate", rate);
		else
			rs_json_kv_null(j, "rate");
	}
	rs_json_kv_str(j, "unit", bytes ? "bytes" : "count");
	rs_json_obj_end(j);
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
			const char *unit = is_bytes(set, c) ? "B" : "";

			if (!c->delta)
				continue;
			r->changed++;
			if (j) {
				emit_json(j, set, c->name, "delta", c->delta, c->has_rate, c->rate,
					  unit[0], 1);
				continue;
			}
			owner(set, obj, sizeof(obj));
			if (c->has_rate)
				printf("  %-10s %-11s %-30s %15.2f %s/s\n", obj,
				       rs_corigin_name(set->origin), c->name, c->rate, unit);
			else
				printf("  %-10s %-11s %-30s %15s (+%llu %s, clock did not advance)\n",
				       obj, rs_corigin_name(set->origin), c->name, "?",
				       (unsigned long long)c->delta, unit);
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
		rs_json_obj_begin(j);
		rs_json_kv_int(j, "n", r->n);
		rs_json_key(j, "changes");
		rs_json_arr_begin(j);
	} else {
		printf("%sinterval %ld (%s)\n", r->n > 1 ? "\n" : "", r->n, sess->label);
	}
	print_changes(r);
	if (j) {
		rs_json_arr_end(j);
		rs_json_obj_end(j);
	} else if (!r->changed) {
		printf("  no counter changed\n");
	}
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

	if (v->j) {
		rs_json_kv_bool(v->j, "static", 0);
		rs_json_kv_double(v->j, "interval", opt_interval);
		rs_json_key(v->j, "intervals");
		rs_json_arr_begin(v->j);
	}
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
		rs_json_kv_bool(v->j, "static", 1);
		rs_json_kv_str_or_null(v->j, "taken_at", snap->taken_at);
		rs_json_key(v->j, "totals");
		rs_json_arr_begin(v->j);
	} else {
		printf("counters are static (%s, taken %s): totals, no rates\n", v->sess.label,
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
				emit_json(v->j, set, c->name, "value", value, 0, 0,
					  is_bytes(set, c), 0);
				continue;
			}
			owner(set, obj, sizeof(obj));
			printf("  %-10s %-11s %-30s %18llu %s\n", obj, rs_corigin_name(set->origin),
			       c->name, (unsigned long long)value, is_bytes(set, c) ? "B" : "");
		}
	}
	if (v->j)
		rs_json_arr_end(v->j);
}

static int counters_run(struct rs_cli *cli, int argc, char **argv)
{
	struct rs_view v;
	int ret;

	ret = rs_view_open(&v, cli, RS_SCOPE_ALL);
	if (ret)
		return ret;
	if (v.sess.kind == RS_SOURCE_REPLAY) {
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
