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
#include "i18n.h"
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

/* One counter of a sample: its raw value; in an interval, the increase and
 * the rate (text scales the rate as `counters` does). */
static void print_ctr(struct rs_pr *p, const struct rs_series_set *set,
		      const struct rs_series_ctr *c, int interval)
{
	enum rs_rate_unit u = rs_rate_unit_of(c->cls, c->name);
	const char *unit;
	double val;

	rs_view_print_ctr_head(p, set, c);
	rs_pr_u64(p, "value", "%20llu", c->last);
	if (interval) {
		rs_pr_u64(p, "delta", NULL, c->delta);
		rs_pr_double_known(p, "rate", NULL, c->rate, c->has_rate);
	}
	/* the unit of value, delta and rate, exact, as `counters --json` */
	rs_pr_str(p, "unit", NULL, rs_rate_unit_name(u));
	rs_pr_str_or_null(p, "meaning", NULL, c->cls ? rs_meaning_name(c->cls->meaning) : "");
	rs_pr_obj_close(p);
	if (interval && c->has_rate && !rs_pr_is_json(p)) {
		rs_rate_scale(c->rate, u, &val, &unit);
		rs_pr_text(p, " %15.2f %s", val, unit);
	}
	rs_pr_text(p, "\n");
}

/* The baseline (all) or the counters that moved in this interval. */
static size_t print_sample(struct rs_view *v, int interval)
{
	const struct rs_series *s = &v->sess.series;
	size_t n = 0;

	for (size_t i = 0; i < s->n_sets; i++) {
		const struct rs_series_set *set = &s->sets[i];

		for (size_t k = 0; set->present && k < set->n; k++) {
			if (interval && !set->ctrs[k].delta)
				continue;
			n++;
			print_ctr(&v->pr, set, &set->ctrs[k], interval);
		}
	}
	return n;
}

static void sample_head(struct rs_view *v, const struct rs_recording *r, size_t k)
{
	struct rs_pr *p = &v->pr;
	char when[48];

	iso(r, k, when, sizeof(when));
	rs_pr_obj_open(p, NULL);
	rs_pr_size(p, "n", k ? _("\ninterval %zu ") : NULL, k);
	rs_pr_double(p, "t", k ? "(+%.3f s, " : NULL, rs_rec_offset_s(r, k));
	rs_pr_str(p, "time", k ? "%s)\n" : _("baseline: sample 1 (%s), raw values\n"), when);
	rs_pr_arr_open(p, k ? "changes" : "counters");
}

static void sample_tail(struct rs_view *v, size_t printed)
{
	rs_pr_arr_close(&v->pr);
	rs_pr_obj_close(&v->pr);
	if (!printed)
		rs_pr_text(&v->pr, _("  no counter changed\n"));
}

static void print_marks(struct rs_view *v, const struct rs_recording *r)
{
	struct rs_pr *p = &v->pr;
	char obj[RS_NAME_LEN + 16];

	if (r->n_marks)
		rs_pr_text(p, rs_trn("\n%zu rise mark (a counter that explains a slow run "
				     "began to rise):\n",
				     "\n%zu rise marks (a counter that explains a slow run "
				     "began to rise):\n", r->n_marks), r->n_marks);
	else
		rs_pr_text(p, _("\n%zu rise marks\n"), r->n_marks);
	rs_pr_arr_open(p, "marks");
	for (size_t i = 0; i < r->n_marks; i++) {
		const struct rs_rec_counter *c = &r->ctrs[r->marks[i].gid];
		size_t k = r->marks[i].sample;

		rs_view_owner(c->key.object, c->key.port, obj, sizeof(obj));
		rs_pr_obj_open(p, NULL);
		rs_pr_size(p, "n", _("  interval %-6zu "), k);
		rs_pr_double(p, "t", "+%-10.3f ", rs_rec_offset_s(r, k));
		rs_pr_text(p, "%-10s ", obj);
		rs_pr_str(p, "object", NULL, c->key.object);
		rs_pr_int_known(p, "port", NULL, (int)c->key.port, c->key.port != 0);
		rs_pr_str(p, "set", "%-11s ", rs_corigin_name(c->key.origin));
		rs_pr_str(p, "counter", "%s\n", c->name);
		rs_pr_obj_close(p);
	}
	rs_pr_arr_close(p);
}

static const char *verdict_name(enum rs_verdict v)
{
	return v == RS_FAIL ? "fail" : v == RS_WARN ? "warn" : v == RS_SKIP ? "skip" : "pass";
}

static void print_problems(struct rs_pr *p, const struct rs_recording *r,
			   const struct rs_rec_flist *fl)
{
	rs_pr_obj_open(p, NULL);
	rs_pr_size(p, "n", _("  interval %zu: "), fl->sample);
	rs_pr_double(p, "t", NULL, rs_rec_offset_s(r, fl->sample));
	rs_pr_text(p, rs_trn("%zu problem\n", "%zu problems\n", fl->n), fl->n);
	rs_pr_arr_open(p, "problems");
	for (size_t k = 0; k < fl->n; k++) {
		const struct rs_rec_finding *f = &fl->items[k];

		rs_pr_obj_open(p, NULL);
		rs_pr_text(p, "    %-4s ", rs_verdict_mark(f->verdict));
		rs_pr_str(p, "id", "%-24s ", f->id);
		rs_pr_str(p, "verdict", NULL, verdict_name(f->verdict));
		rs_pr_str_or_null(p, "object", NULL, f->object);
		rs_pr_str(p, "summary", "%s\n", f->summary);
		rs_pr_obj_close(p);
	}
	rs_pr_arr_close(p);
	rs_pr_obj_close(p);
}

static void print_findings(struct rs_view *v, const struct rs_recording *r)
{
	rs_pr_text(&v->pr, _("\nproblems the checks reported, as they changed:\n"));
	rs_pr_arr_open(&v->pr, "findings");
	for (size_t i = 0; i < r->n_findings; i++)
		print_problems(&v->pr, r, &r->findings[i]);
	rs_pr_arr_close(&v->pr);
}

static void print_head(struct rs_view *v, const struct rs_recording *r)
{
	static const char *const tails[] = { "ended", "open", "cut", "damaged" };
	char tail[RS_MSG_LEN], damage[RS_MSG_LEN], start[48];
	struct rs_pr *p = &v->pr;

	rs_rec_tail_text(r, tail, sizeof(tail));
	rs_rec_damage_text(r, damage, sizeof(damage));	/* "" when not damaged */
	iso(r, 0, start, sizeof(start));
	rs_pr_bool(p, "static", NULL, 0);
	rs_pr_obj_open(p, "recording");
	rs_pr_int(p, "format", NULL, (int)r->version);
	rs_pr_str(p, "recorded_from", NULL, r->hosts[0].label);
	rs_pr_size(p, "samples", _("recording: %zu samples over "), r->n_samples);
	rs_pr_str(p, "start", NULL, start);
	rs_pr_double(p, "duration", _("%.3f s from "), rs_rec_offset_s(r, r->n_samples - 1));
	rs_pr_text(p, "%s (", start);
	rs_pr_str(p, "tail", NULL, tails[r->tail]);
	rs_pr_str(p, "tail_text", "%s, ", tail);
	rs_pr_text(p, _("recorded from %s)\n"), r->hosts[0].label);
	if (r->damaged) {
		rs_pr_obj_open(p, "damage");
		rs_pr_size(p, "places", NULL, r->damaged);
		rs_pr_u64(p, "first_byte", NULL, (uint64_t)r->damage[0].off);
		rs_pr_str(p, "first_why", NULL, r->damage[0].why);
		rs_pr_u64(p, "samples_skipped", NULL, r->lost);
		rs_pr_str(p, "text", _("the file is %s\n"), damage);
		rs_pr_obj_close(p);
	} else {
		rs_pr_null(p, "damage", NULL, NULL);
	}
	rs_pr_obj_close(p);
	rs_pr_text(p, "\n");
}

int rs_view_counters_replay(struct rs_view *v)
{
	struct rs_replay_where w;
	const struct rs_recording *r;
	size_t k = 0;

	rs_session_replay_where(&v->sess, &w);
	r = w.rec;
	print_head(v, r);
	rs_pr_arr_open(&v->pr, "samples");
	do {
		sample_head(v, r, k);
		sample_tail(v, print_sample(v, k > 0));
		k++;
	} while (!rs_session_replay_step(&v->sess, 1));
	rs_pr_arr_close(&v->pr);
	print_marks(v, r);
	print_findings(v, r);
	return RS_EXIT_OK;
}
