/* SPDX-License-Identifier: MIT */
/*
 * view_replay.c - `rocescope counters --replay FILE`: a recording for
 * scripts, every sample at once (no waiting for the recorded pace).
 *
 * The first sample is the baseline, printed whole (every counter's raw
 * value); each later sample is an interval with the counters that moved:
 * their raw value, the scaled increase and the rate from the readings'
 * own timestamps, as `counters` prints a live host.  So the value of
 * every counter at every sample can be rebuilt from the output exactly.
 * Then the rise marks (where an error, congestion or pause counter began
 * to rise), the findings as they changed, and how the file ended.
 */
#include "cli/view.h"
#include "model/units.h"
#include "record/recording.h"
#include "session/replay.h"
#include "util.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static void iso(const struct rs_recording *r, size_t k, char *buf, size_t len)
{
	uint64_t ns = rs_rec_wall_ns(r, k);
	time_t t = (time_t)(ns / 1000000000ULL);
	struct tm tm;

	if (!gmtime_r(&t, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%S", &tm))
		snprintf(buf, len, "?");
	else
		snprintf(buf + strlen(buf), len - strlen(buf), ".%03uZ",
			 (unsigned)(ns / 1000000 % 1000));
}

static void owner(const char *object, unsigned port, char *buf, size_t len)
{
	if (port)
		snprintf(buf, len, "%s/%u", object, port);
	else
		snprintf(buf, len, "%s", object);
}

static void ctr_json(struct rs_json *j, const struct rs_series_set *set,
		     const struct rs_series_ctr *c, int interval)
{
	rs_json_obj_begin(j);
	rs_json_kv_str(j, "object", set->object);
	if (set->port)
		rs_json_kv_int(j, "port", set->port);
	else
		rs_json_kv_null(j, "port");
	rs_json_kv_str(j, "set", rs_corigin_name(set->origin));
	rs_json_kv_str(j, "counter", c->name);
	rs_json_kv_u64(j, "value", c->last);
	if (interval) {
		rs_json_kv_u64(j, "delta", c->delta);
		if (c->has_rate)
			rs_json_kv_double(j, "rate", c->rate);
		else
			rs_json_kv_null(j, "rate");
	}
	/* the unit of value, delta and rate, exact, as `counters --json` */
	rs_json_kv_str(j, "unit", rs_rate_unit_name(rs_rate_unit_of(c->cls, c->name)));
	rs_json_kv_str_or_null(j, "meaning", c->cls ? rs_meaning_name(c->cls->meaning) : "");
	rs_json_obj_end(j);
}

/* The baseline (all) or the counters that moved in this interval. */
static size_t print_sample(struct rs_view *v, int interval)
{
	const struct rs_series *s = &v->sess.series;
	char obj[RS_NAME_LEN + 16];
	size_t n = 0;

	for (size_t i = 0; i < s->n_sets; i++) {
		const struct rs_series_set *set = &s->sets[i];

		for (size_t k = 0; set->present && k < set->n; k++) {
			const struct rs_series_ctr *c = &set->ctrs[k];

			if (interval && !c->delta)
				continue;
			n++;
			if (v->j) {
				ctr_json(v->j, set, c, interval);
				continue;
			}
			owner(set->object, set->port, obj, sizeof(obj));
			rs_tprintf(stdout, "  %-10s %-11s %-30s %20llu", obj,
				   rs_corigin_name(set->origin), c->name, (unsigned long long)c->last);
			if (interval && c->has_rate) {	/* scaled as `counters` does */
				const char *unit;
				double val;

				rs_rate_scale(c->rate, rs_rate_unit_of(c->cls, c->name), &val, &unit);
				rs_tprintf(stdout, " %15.2f %s", val, unit);
			}
			printf("\n");
		}
	}
	return n;
}

static void sample_head(struct rs_view *v, const struct rs_recording *r, size_t k)
{
	char when[48];

	iso(r, k, when, sizeof(when));
	if (v->j) {
		rs_json_obj_begin(v->j);
		rs_json_kv_int(v->j, "n", (int64_t)k);
		rs_json_kv_double(v->j, "t", rs_rec_offset_s(r, k));
		rs_json_kv_str(v->j, "time", when);
		rs_json_key(v->j, k ? "changes" : "counters");
		rs_json_arr_begin(v->j);
	} else if (k) {
		rs_tprintf(stdout, "\ninterval %zu (+%.3f s, %s)\n", k, rs_rec_offset_s(r, k), when);
	} else {
		rs_tprintf(stdout, "baseline: sample 1 (%s), raw values\n", when);
	}
}

static void sample_tail(struct rs_view *v, size_t printed)
{
	if (v->j) {
		rs_json_arr_end(v->j);
		rs_json_obj_end(v->j);
	} else if (!printed) {
		printf("  no counter changed\n");
	}
}

static void print_marks(struct rs_view *v, const struct rs_recording *r)
{
	char obj[RS_NAME_LEN + 16];

	if (v->j) {
		rs_json_key(v->j, "marks");
		rs_json_arr_begin(v->j);
	} else {
		rs_tprintf(stdout, "\n%zu rise mark%s%s\n", r->n_marks, r->n_marks == 1 ? "" : "s",
		       r->n_marks ? " (a counter that explains a slow run began to rise):" : "");
	}
	for (size_t i = 0; i < r->n_marks; i++) {
		const struct rs_rec_counter *c = &r->ctrs[r->marks[i].gid];
		size_t k = r->marks[i].sample;

		if (!v->j) {
			owner(c->key.object, c->key.port, obj, sizeof(obj));
			rs_tprintf(stdout, "  interval %-6zu +%-10.3f %-10s %-11s %s\n", k,
				   rs_rec_offset_s(r, k), obj, rs_corigin_name(c->key.origin), c->name);
			continue;
		}
		rs_json_obj_begin(v->j);
		rs_json_kv_int(v->j, "n", (int64_t)k);
		rs_json_kv_double(v->j, "t", rs_rec_offset_s(r, k));
		rs_json_kv_str(v->j, "object", c->key.object);
		if (c->key.port)
			rs_json_kv_int(v->j, "port", c->key.port);
		else
			rs_json_kv_null(v->j, "port");
		rs_json_kv_str(v->j, "set", rs_corigin_name(c->key.origin));
		rs_json_kv_str(v->j, "counter", c->name);
		rs_json_obj_end(v->j);
	}
	if (v->j)
		rs_json_arr_end(v->j);
}

static const char *verdict_name(enum rs_verdict v)
{
	return v == RS_FAIL ? "fail" : v == RS_WARN ? "warn" : v == RS_SKIP ? "skip" : "pass";
}

static void print_findings(struct rs_view *v, const struct rs_recording *r)
{
	if (v->j) {
		rs_json_key(v->j, "findings");
		rs_json_arr_begin(v->j);
	} else {
		printf("\nproblems the checks reported, as they changed:\n");
	}
	for (size_t i = 0; i < r->n_findings; i++) {
		const struct rs_rec_flist *fl = &r->findings[i];

		if (v->j) {
			rs_json_obj_begin(v->j);
			rs_json_kv_int(v->j, "n", (int64_t)fl->sample);
			rs_json_kv_double(v->j, "t", rs_rec_offset_s(r, fl->sample));
			rs_json_key(v->j, "problems");
			rs_json_arr_begin(v->j);
		} else {
			rs_tprintf(stdout, "  interval %zu: %zu problem%s\n", fl->sample, fl->n,
			       fl->n == 1 ? "" : "s");
		}
		for (size_t k = 0; k < fl->n; k++) {
			const struct rs_rec_finding *f = &fl->items[k];

			if (!v->j) {
				rs_tprintf(stdout, "    %-4s %-24s %s\n",
					   f->verdict == RS_FAIL ? "FAIL" : "WARN", f->id, f->summary);
				continue;
			}
			rs_json_obj_begin(v->j);
			rs_json_kv_str(v->j, "id", f->id);
			rs_json_kv_str(v->j, "verdict", verdict_name(f->verdict));
			rs_json_kv_str_or_null(v->j, "object", f->object);
			rs_json_kv_str(v->j, "summary", f->summary);
			rs_json_obj_end(v->j);
		}
		if (v->j) {
			rs_json_arr_end(v->j);
			rs_json_obj_end(v->j);
		}
	}
	if (v->j)
		rs_json_arr_end(v->j);
}

static void print_head(struct rs_view *v, const struct rs_recording *r)
{
	static const char *const tails[] = { "ended", "open", "cut", "damaged" };
	char tail[RS_MSG_LEN], damage[RS_MSG_LEN], start[48];

	rs_rec_tail_text(r, tail, sizeof(tail));
	rs_rec_damage_text(r, damage, sizeof(damage));
	iso(r, 0, start, sizeof(start));
	if (!v->j) {
		rs_tprintf(stdout, "recording: %zu samples over %.3f s from %s (%s, recorded from %s)\n",
			   r->n_samples, rs_rec_offset_s(r, r->n_samples - 1), start, tail,
			   r->hosts[0].label);
		if (damage[0])
			rs_tprintf(stdout, "the file is %s\n", damage);
		rs_tprintf(stdout, "\n");
		return;
	}
	rs_json_kv_bool(v->j, "static", 0);
	rs_json_key(v->j, "recording");
	rs_json_obj_begin(v->j);
	rs_json_kv_int(v->j, "format", r->version);
	rs_json_kv_str(v->j, "recorded_from", r->hosts[0].label);
	rs_json_kv_int(v->j, "samples", (int64_t)r->n_samples);
	rs_json_kv_str(v->j, "start", start);
	rs_json_kv_double(v->j, "duration", rs_rec_offset_s(r, r->n_samples - 1));
	rs_json_kv_str(v->j, "tail", tails[r->tail]);
	rs_json_kv_str(v->j, "tail_text", tail);
	rs_json_key(v->j, "damage");
	if (r->damaged) {
		rs_json_obj_begin(v->j);
		rs_json_kv_int(v->j, "places", (int64_t)r->damaged);
		rs_json_kv_int(v->j, "first_byte", (int64_t)r->damage[0].off);
		rs_json_kv_str(v->j, "first_why", r->damage[0].why);
		rs_json_kv_u64(v->j, "samples_skipped", r->lost);
		rs_json_kv_str(v->j, "text", damage);
		rs_json_obj_end(v->j);
	} else {
		rs_json_null(v->j);
	}
	rs_json_obj_end(v->j);
}

int rs_view_counters_replay(struct rs_view *v)
{
	struct rs_replay_where w;
	const struct rs_recording *r;
	size_t k = 0;

	rs_session_replay_where(&v->sess, &w);
	r = w.rec;
	print_head(v, r);
	if (v->j) {
		rs_json_key(v->j, "samples");
		rs_json_arr_begin(v->j);
	}
	do {
		sample_head(v, r, k);
		sample_tail(v, print_sample(v, k > 0));
		k++;
	} while (!rs_session_replay_step(&v->sess, 1));
	if (v->j)
		rs_json_arr_end(v->j);
	print_marks(v, r);
	print_findings(v, r);
	return RS_EXIT_OK;
}
