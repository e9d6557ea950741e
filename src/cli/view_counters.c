/* SPDX-License-Identifier: MIT */
/*
 * view_counters.c - `rocescope counters`: per-second rates of every counter
 * that moved, one block per interval, for scripts and load tests.
 *
 * Covers the port counters (port_xmit_data/port_rcv_data shown in bytes),
 * the RoCE hw_counters and the netdev statistics and ethtool -S of every
 * link.  Rates come from the readings' own timestamps (rs_counter_rate), not
 * from the sleep, so a slow sysfs read does not skew them, and the demo's
 * fake clock gives exact figures.  A loaded file cannot move: its totals are
 * printed once and the view says so.
 */
#include "cli/view.h"
#include "model/rate.h"
#include "util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A copy of one counter set from the previous reading. */
struct prev_set {
	char object[RS_NAME_LEN];
	unsigned port;		/* 0 for links */
	const char *set;
	struct rs_counter_set copy;
};

struct history {
	struct prev_set *v;
	size_t n;
};

struct walk_ctx {
	struct history *hist;	/* previous reading, NULL for totals */
	struct rs_json *j;	/* NULL for text */
	size_t changed;
};

typedef void (*set_fn)(struct walk_ctx *c, const char *object, unsigned port,
		       const char *set, const struct rs_counter_set *cs);

static volatile sig_atomic_t stop_requested;
static double opt_interval;	/* --interval SEC, 0: not given */
static long opt_count = -1;	/* --count N, -1: until Ctrl-C */

static void on_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

static int open_source(struct rs_cli *cli, struct rs_source *src, struct rs_snapshot *s)
{
	struct rs_source_opts o = {
		.root = cli->root, .load = cli->load, .demo = cli->demo, .peer = cli->peer,
	};
	char err[512] = "";
	int ret = rs_source_open(src, &o, s, err, sizeof(err));

	if (!ret)
		return 0;
	fprintf(stderr, "rocescope: %s\n", err[0] ? err : strerror(-ret));
	rs_snapshot_free(s);
	return RS_EXIT_FAIL;
}

static void json_errors(struct rs_json *j, const struct rs_snapshot *s)
{
	rs_json_key(j, "errors");
	rs_json_arr_begin(j);
	for (size_t i = 0; i < s->n_errors; i++) {
		rs_json_obj_begin(j);
		rs_json_kv_str(j, "source", s->errors[i].source);
		rs_json_kv_str(j, "object", s->errors[i].object);
		rs_json_kv_str(j, "message", s->errors[i].message);
		rs_json_obj_end(j);
	}
	rs_json_arr_end(j);
}

static void walk_sets(const struct rs_snapshot *s, set_fn fn, struct walk_ctx *c)
{
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t k = 0; k < s->devices[i].n_ports; k++) {
			const struct rs_port *p = &s->devices[i].ports[k];

			fn(c, s->devices[i].name, p->num, "counters", &p->counters);
			fn(c, s->devices[i].name, p->num, "hw_counters", &p->hw_counters);
		}
	for (size_t i = 0; i < s->n_links; i++) {
		fn(c, s->links[i].name, 0, "stats", &s->links[i].stats);
		fn(c, s->links[i].name, 0, "ethtool", &s->links[i].ethtool);
	}
}

static void remember(struct walk_ctx *c, const char *object, unsigned port, const char *set,
		     const struct rs_counter_set *cs)
{
	struct prev_set *p = RS_APPEND(c->hist->v, c->hist->n);

	RS_STRCPY(p->object, object);
	p->port = port;
	p->set = set;
	p->copy.ts_ns = cs->ts_ns;
	for (size_t i = 0; i < cs->count; i++)
		rs_counter_set_add(&p->copy, cs->items[i].name, cs->items[i].value);
}

static void history_free(struct history *h)
{
	for (size_t i = 0; i < h->n; i++)
		rs_counter_set_free(&h->v[i].copy);
	free(h->v);
	h->v = NULL;
	h->n = 0;
}

static const struct prev_set *history_find(const struct history *h, const char *object,
					   unsigned port, const char *set)
{
	for (size_t i = 0; i < h->n; i++)
		if (h->v[i].port == port && h->v[i].set == set && !strcmp(h->v[i].object, object))
			return &h->v[i];
	return NULL;
}

static unsigned scale_of(const char *set, const char *name)
{
	/* Only the port counters count 4-byte words; ethtool's *_bytes are bytes. */
	return strcmp(set, "counters") ? 1 : rs_counter_scale(name);
}

static void emit(struct walk_ctx *c, const char *object, unsigned port, const char *set,
		 const char *name, uint64_t value, int have_rate, double rate)
{
	char obj[RS_NAME_LEN + 16];
	/* Data counters in words are scaled to bytes; *bytes* names already are. */
	const char *unit = scale_of(set, name) > 1 || strstr(name, "bytes") ? "B" : "";

	c->changed++;
	if (c->j) {
		rs_json_obj_begin(c->j);
		rs_json_kv_str(c->j, "object", object);
		if (port)
			rs_json_kv_int(c->j, "port", port);
		else
			rs_json_kv_null(c->j, "port");
		rs_json_kv_str(c->j, "set", set);
		rs_json_kv_str(c->j, "counter", name);
		rs_json_kv_u64(c->j, c->hist ? "delta" : "value", value);
		if (c->hist) {
			if (have_rate)
				rs_json_kv_double(c->j, "rate", rate);
			else
				rs_json_kv_null(c->j, "rate");
		}
		rs_json_kv_str(c->j, "unit", unit[0] ? "bytes" : "count");
		rs_json_obj_end(c->j);
		return;
	}
	if (port)
		snprintf(obj, sizeof(obj), "%s/%u", object, port);
	else
		snprintf(obj, sizeof(obj), "%s", object);
	if (!c->hist)
		printf("  %-10s %-11s %-30s %18llu %s\n", obj, set, name,
		       (unsigned long long)value, unit);
	else if (have_rate)
		printf("  %-10s %-11s %-30s %15.2f %s/s\n", obj, set, name, rate, unit);
	else
		printf("  %-10s %-11s %-30s %15s (+%llu %s, clock did not advance)\n", obj, set,
		       name, "?", (unsigned long long)value, unit);
}

static void rates_of_set(struct walk_ctx *c, const char *object, unsigned port, const char *set,
			 const struct rs_counter_set *cs)
{
	const struct prev_set *p = history_find(c->hist, object, port, set);

	if (!p)
		return;		/* appeared since the last reading: rate next time */
	for (size_t i = 0; i < cs->count; i++) {
		const struct rs_counter *cur = &cs->items[i];
		const struct rs_counter *old = rs_counter_set_find(&p->copy, cur->name);
		unsigned scale = scale_of(set, cur->name);
		uint64_t delta;
		double rate = 0;
		int have;

		if (!old)
			continue;
		delta = rs_counter_delta(old->value, cur->value, NULL);
		if (delta == 0)
			continue;
		have = !rs_counter_rate(old->value, p->copy.ts_ns, cur->value, cs->ts_ns, &rate);
		emit(c, object, port, set, cur->name, delta * scale, have, rate * scale);
	}
}

static void totals_of_set(struct walk_ctx *c, const char *object, unsigned port, const char *set,
			  const struct rs_counter_set *cs)
{
	for (size_t i = 0; i < cs->count; i++)
		if (cs->items[i].value)
			emit(c, object, port, set, cs->items[i].name,
			     cs->items[i].value * scale_of(set, cs->items[i].name), 0, 0);
}

static int print_static(const struct rs_source *src, const struct rs_snapshot *s,
			struct rs_json *j)
{
	struct walk_ctx c = { .hist = NULL, .j = j };

	if (j) {
		rs_json_kv_bool(j, "static", 1);
		rs_json_kv_str_or_null(j, "taken_at", s->taken_at);
		rs_json_key(j, "totals");
		rs_json_arr_begin(j);
	} else {
		printf("counters are static (%s, taken %s): totals, no rates\n", src->label,
		       s->taken_at[0] ? s->taken_at : "at an unknown time");
	}
	walk_sets(s, totals_of_set, &c);
	if (j)
		rs_json_arr_end(j);
	return 0;
}

static void sleep_until(struct timespec *deadline, double interval)
{
	long long ns = (long long)(interval * 1e9);

	deadline->tv_sec += ns / 1000000000LL;
	deadline->tv_nsec += ns % 1000000000LL;
	if (deadline->tv_nsec >= 1000000000L) {
		deadline->tv_sec++;
		deadline->tv_nsec -= 1000000000L;
	}
	/* Absolute deadlines: the period does not drift with the work done. */
	while (!stop_requested &&
	       clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, deadline, NULL) == EINTR)
		;
}

static void install_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: the sleep must end */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

static int run_intervals(const struct rs_cli *cli, struct rs_source *src, struct rs_snapshot *s,
			 struct rs_json *j)
{
	double interval = opt_interval > 0 ? opt_interval : 1.0;
	struct history hist = { 0 };
	struct walk_ctx c = { .hist = &hist, .j = j };
	struct timespec deadline;
	int ret = 0;

	if (j) {
		rs_json_kv_bool(j, "static", 0);
		rs_json_kv_double(j, "interval", interval);
		rs_json_key(j, "intervals");
		rs_json_arr_begin(j);
	}
	walk_sets(s, remember, &c);
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	install_signals();
	for (long n = 1; opt_count < 0 || n <= opt_count; n++) {
		sleep_until(&deadline, interval);
		if (stop_requested)
			break;
		ret = rs_source_refresh_counters(src, s);
		if (ret) {
			fprintf(stderr, "rocescope: reading counters failed: %s\n", strerror(-ret));
			break;
		}
		c.changed = 0;
		if (j) {
			rs_json_obj_begin(j);
			rs_json_kv_int(j, "n", n);
			rs_json_key(j, "changes");
			rs_json_arr_begin(j);
		} else {
			printf("%sinterval %ld (%s)\n", n > 1 ? "\n" : "", n, src->label);
		}
		walk_sets(s, rates_of_set, &c);
		if (j) {
			rs_json_arr_end(j);
			rs_json_obj_end(j);
		} else if (!c.changed) {
			printf("  no counter changed\n");
		}
		fflush(stdout);
		history_free(&hist);
		walk_sets(s, remember, &c);
	}
	history_free(&hist);
	if (j)
		rs_json_arr_end(j);
	return ret;
}

static int counters_run(struct rs_cli *cli, int argc, char **argv)
{
	struct rs_snapshot s;
	struct rs_source src;
	struct rs_json j, *jp = NULL;
	int ret;

	ret = open_source(cli, &src, &s);
	if (ret)
		return ret;
	if (cli->json) {
		jp = &j;
		rs_json_init(jp, stdout);
		rs_json_obj_begin(jp);
		rs_json_kv_str(jp, "source", src.label);
	}
	if (rs_source_is_dynamic(&src))
		ret = run_intervals(cli, &src, &s, jp);
	else
		ret = print_static(&src, &s, jp);
	if (jp) {
		json_errors(jp, &s);
		rs_json_obj_end(jp);
		if (rs_json_finish(jp))
			ret = -EINVAL;
	} else {
		rs_view_print_errors(&s, stdout);
	}
	rs_snapshot_free(&s);
	return ret ? RS_EXIT_FAIL : RS_EXIT_OK;
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
