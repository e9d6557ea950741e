/* SPDX-License-Identifier: MIT */
/*
 * replay.c - a recording as the session's source (session.h,
 * docs/recording.md): the producer's collect and refresh read the
 * recording at a cursor instead of a host, so the series, the checks and
 * every view see the recorded readings as if they were live.
 *
 * Playing is the session's tick, which the replay job (rs_replay_job,
 * job.h) takes while a recording is the source, armed one shot at a time with the
 * recorded gap to the next sample divided by the speed; when that gap is
 * shorter than 50 ms one tick takes several samples, so a fast replay
 * costs at most 20 redraws a second.  Pausing is freezing.  A seek (a
 * step back, a jump to a time or to a mark) rebuilds the series from up
 * to one history ring before the target, so the sparklines and rates are
 * what they were then, and sets every total to its exact value since the
 * recording's first sample (the checkpoints' totals).  The counters'
 * `run` is the whole-run overview, for sparklines of the whole recording.
 */
#include "record/recording.h"
#include "i18n.h"
#include "runtime/loop.h"
#include "session/replay.h"
#include "session/session.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MIN_TICK_NS (50 * RS_NS_PER_MS)
#define MAX_GAP_NS (10 * RS_NS_PER_S)	/* a pause in the recording plays as 10 s at most */

struct rs_session_replay {
	struct rs_recording rec;
	struct rs_rec_cursor cur;
	unsigned host;			/* the host record the snapshot was built from */
	double speed;
	struct rs_job *job;		/* its slot in the session */
	struct rs_timer *tick;		/* the session's refresh tick, while attached */
};

static struct rs_session_replay *get(const struct rs_session *s)
{
	return rs_session_job_priv(s, &rs_replay_job);
}

static void arm(struct rs_session_replay *rp);

static int build(struct rs_session_replay *rp, struct rs_snapshot *snap, char *err,
		 size_t errlen)
{
	struct rs_snapshot fresh;
	unsigned h = rp->rec.samples[rp->cur.k].host;
	int ret = rs_rec_host_snapshot(&rp->rec, h, &fresh, err, errlen);

	if (ret)
		return ret;
	rs_snapshot_free(snap);
	*snap = fresh;
	rp->host = h;
	rs_rec_apply(&rp->cur, snap);
	rs_rec_apply_qps(&rp->rec, rp->cur.k, snap);
	return 0;
}

int rs_session_replay_collect(struct rs_session *s, struct rs_snapshot *snap, char *err,
			      size_t errlen)
{
	struct rs_session_replay *rp = get(s);
	int ret;

	if (!rp) {
		rp = rs_xcalloc(1, sizeof(*rp));
		ret = rs_rec_load_file(&rp->rec, s->path, err, errlen);
		if (ret) {
			free(rp);
			return ret;
		}
		rs_rec_cursor_init(&rp->cur, &rp->rec);
		rp->speed = 1;
		rp->job = rs_session_job(s, &rs_replay_job);
		rp->job->priv = rp;
		if (rp->rec.damaged) {
			char dmg[RS_MSG_LEN];

			rs_rec_damage_text(&rp->rec, dmg, sizeof(dmg));
			rs_job_log(rp->job, "%s: the file is %s", s->path, dmg);
		}
		if (rs_rec_seek(&rp->cur, 0)) {
			snprintf(err, errlen, _("%s: the first sample does not decode"), s->path);
			return -EINVAL;
		}
	}
	return build(rp, snap, err, errlen);
}

int rs_session_replay_advance(struct rs_session *s, struct rs_snapshot *snap)
{
	struct rs_session_replay *rp = get(s);
	char err[RS_MSG_LEN];
	int ret = rs_rec_next(&rp->cur);

	if (ret)
		return ret;
	if (rp->rec.samples[rp->cur.k].host != rp->host)
		return build(rp, snap, err, sizeof(err));
	rs_rec_apply(&rp->cur, snap);
	rs_rec_apply_qps(&rp->rec, rp->cur.k, snap);
	return 0;
}

/* Point every counter of the series at its whole-run overview; after a
 * seek also give it its exact total since the first sample. */
static void link_series(struct rs_session *s, int totals)
{
	struct rs_session_replay *rp = get(s);
	const struct rs_rec_schema *sc = &rp->rec.schemas[rp->cur.st.schema];

	for (size_t i = 0; i < sc->n_sets; i++) {
		const struct rs_rec_set *set = &sc->sets[i];
		const struct rs_series_set *ss = set->key.port ?
			rs_series_port_set(&s->series, set->key.object, set->key.port,
					   set->key.origin) :
			rs_series_netdev_set(&s->series, set->key.object, set->key.origin);

		for (size_t j = 0; ss && j < set->n && j < ss->n; j++) {
			struct rs_series_ctr *c = &ss->ctrs[j];
			unsigned g = sc->gid[set->first + j];

			if (strcmp(c->name, sc->names[set->first + j]))
				continue;
			c->run = rs_rec_overview(&rp->rec, g);
			if (totals)
				c->total = rp->cur.acc.total[g];
		}
	}
	s->series.run_len = rp->rec.n_buckets;
	s->series.run_at = rs_rec_bucket(&rp->rec, rp->cur.k);
}

int rs_session_replay_seek(struct rs_session *s, size_t k)
{
	struct rs_session_replay *rp = get(s);
	unsigned back = s->series.hist_cap ? s->series.hist_cap : 1;
	size_t start;
	char err[RS_MSG_LEN];

	if (!rp)
		return -EINVAL;
	if (k >= rp->rec.n_samples)
		k = rp->rec.n_samples - 1;
	start = k > back ? k - back : 0;
	if (rs_rec_seek(&rp->cur, start) || build(rp, &s->snap, err, sizeof(err)))
		return -EINVAL;
	rs_series_free(&s->series);
	rs_series_update(&s->series, &s->snap);
	while (rp->cur.k < k && !rs_session_replay_advance(s, &s->snap))
		rs_series_update(&s->series, &s->snap);
	link_series(s, 1);
	rs_job_recheck(rp->job);
	return 0;
}

static int at_end(const struct rs_session_replay *rp)
{
	return rp && rp->cur.k + 1 >= rp->rec.n_samples;
}

int rs_session_replay_at_end(const struct rs_session *s)
{
	return at_end(get(s));
}

int rs_session_replay_step(struct rs_session *s, int dir)
{
	struct rs_session_replay *rp = get(s);

	if (!rp)
		return -EINVAL;
	if (dir < 0)
		return rp->cur.k ? rs_session_replay_seek(s, rp->cur.k - 1) : -ERANGE;
	if (rs_session_replay_at_end(s))
		return -ERANGE;
	rs_session_refresh(s);
	link_series(s, 0);
	return 0;
}

/* The recorded gap to the next sample, at the speed, in ns. */
static uint64_t next_gap(const struct rs_session_replay *rp)
{
	const struct rs_rec_sample *smp = rp->rec.samples;
	size_t k = rp->cur.k;
	uint64_t gap = smp[k + 1].ts - smp[k].ts;

	if (gap > MAX_GAP_NS)
		gap = MAX_GAP_NS;
	return (uint64_t)((double)gap / rp->speed);
}

static void arm(struct rs_session_replay *rp)
{
	uint64_t gap;

	if (!rp->tick)
		return;
	if (rp->job->session->frozen || at_end(rp)) {
		rs_timer_stop(rp->tick);
		return;
	}
	gap = next_gap(rp);
	rs_timer_arm(rp->tick, gap > MIN_TICK_NS ? gap : MIN_TICK_NS, 0);
}

/* A tick: the samples due in the next 50 ms (at least one), then re-arm. */
static void play(struct rs_session_replay *rp)
{
	struct rs_session *s = rp->job->session;
	uint64_t due = 0;

	do {
		due += next_gap(rp);
		rs_session_replay_step(s, 1);
	} while (!at_end(rp) && due + next_gap(rp) < MIN_TICK_NS);
	if (at_end(rp)) {
		rs_session_set_frozen(s, 1);
		rs_job_log(rp->job, "end of the recording (sample %zu): Space plays it again from "
			   "the start, g goes to a time", rp->rec.n_samples);
		rs_job_recheck(rp->job);
		return;
	}
	arm(rp);
}

static const double speeds[] = { 0.125, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024 };

double rs_session_replay_speed(struct rs_session *s, int dir)
{
	struct rs_session_replay *rp = get(s);
	size_t i = 0, n = RS_ARRAY_SIZE(speeds);

	if (!rp)
		return 0;
	while (i < n - 1 && speeds[i] < rp->speed)
		i++;
	if (dir > 0 && i < n - 1)
		i++;
	else if (dir < 0 && i > 0)
		i--;
	rp->speed = speeds[i];
	arm(rp);
	return rp->speed;
}

/* "03:12:34" local time and "+0:12:34" from the start, of sample k. */
void rs_session_replay_when(const struct rs_session *s, size_t k, char *clock, size_t clen,
			    char *off, size_t olen)
{
	const struct rs_recording *r = &get(s)->rec;
	time_t t = (time_t)(rs_rec_wall_ns(r, k) / RS_NS_PER_S);
	long sec = lround(rs_rec_offset_s(r, k));
	struct tm tm;

	if (clen && (!localtime_r(&t, &tm) || !strftime(clock, clen, "%H:%M:%S", &tm)))
		snprintf(clock, clen, "?");
	snprintf(off, olen, "+%ld:%02ld:%02ld", sec / 3600, sec / 60 % 60, sec % 60);
}

int rs_session_replay_mark(struct rs_session *s, int dir, char *msg, size_t len)
{
	struct rs_session_replay *rp = get(s);
	const struct rs_rec_counter *c;
	char more[24];
	long m, same;

	if (!rp)
		return -EINVAL;
	m = rs_rec_mark_near(&rp->rec, rp->cur.k, dir);
	if (m < 0) {
		snprintf(msg, len, "no mark %s (%zu in all)", dir > 0 ? "after this" :
			 "before this", rp->rec.n_marks);
		return -ENOENT;
	}
	rs_session_set_frozen(s, 1);
	rs_session_replay_seek(s, rp->rec.marks[m].sample);
	c = &rp->rec.ctrs[rp->rec.marks[m].gid];
	for (same = 0; m + 1 + same < (long)rp->rec.n_marks &&
	     rp->rec.marks[m + 1 + same].sample == rp->rec.marks[m].sample; same++)
		;
	snprintf(more, sizeof(more), same ? " +%ld" : "", same);
	/* short: the status bar of an 80-column console shows it whole */
	if (c->key.port)
		snprintf(msg, len, "mark %ld/%zu: %s %s/%u%s", m + 1, rp->rec.n_marks, c->name,
			 c->key.object, c->key.port, more);
	else
		snprintf(msg, len, "mark %ld/%zu: %s %s%s", m + 1, rp->rec.n_marks, c->name,
			 c->key.object, more);
	return 0;
}

/* "H:MM:SS", "MM:SS" or "SS" (fractions allowed) as seconds; -1 if not. */
static double parse_hms(const char *t)
{
	double v = 0, part;
	char *end;
	int fields = 0;

	for (;;) {
		part = strtod(t, &end);
		if (end == t || part < 0 || !isfinite(part) || ++fields > 3)
			return -1;
		v = v * 60 + part;
		if (!*end)
			return v;
		if (*end != ':')
			return -1;
		t = end + 1;
	}
}

/* Seconds from the start for a time of day: the first such moment at or
 * after the recording's start (a recording over midnight works). */
static double from_clock(const struct rs_recording *r, double tod)
{
	time_t start = (time_t)(rs_rec_wall_ns(r, 0) / RS_NS_PER_S);
	struct tm tm;
	double at;

	if (!localtime_r(&start, &tm))
		return -1;
	at = tod - (tm.tm_hour * 3600 + tm.tm_min * 60 + tm.tm_sec);
	return at < 0 ? at + 86400 : at;
}

int rs_session_replay_goto(struct rs_session *s, const char *text, char *msg, size_t len)
{
	struct rs_session_replay *rp = get(s);
	const struct rs_recording *r;
	double off = -1, v;
	size_t k;
	char clock[4], o[32], *end;

	if (!rp)
		return -EINVAL;
	r = &rp->rec;
	while (*text == ' ')
		text++;
	v = strtod(text, &end);
	if (end != text && !strcmp(end, "%") && v >= 0 && v <= 100)
		off = rs_rec_offset_s(r, r->n_samples - 1) * v / 100;
	else if (text[0] == '+')
		off = parse_hms(text + 1);
	else if ((v = parse_hms(text)) >= 0 && strchr(text, ':'))
		off = from_clock(r, v);
	if (off < 0) {
		snprintf(msg, len, "not a time: '%.40s' (HH:MM[:SS], +SECONDS, +H:MM:SS or N%%)",
			 text);
		return -EINVAL;
	}
	k = rs_rec_at_offset(r, off);
	rs_session_set_frozen(s, 1);
	rs_session_replay_seek(s, k);
	rs_session_replay_when(s, k, clock, 0, o, sizeof(o));
	snprintf(msg, len, "at %s, sample %zu/%zu (paused)", o, k + 1, r->n_samples);
	return 0;
}

int rs_session_replay_where(const struct rs_session *s, struct rs_replay_where *w)
{
	const struct rs_session_replay *rp = get(s);

	memset(w, 0, sizeof(*w));
	if (!rp)
		return 0;
	w->rec = &rp->rec;
	w->k = rp->cur.k;
	w->n = rp->rec.n_samples;
	w->speed = rp->speed;
	w->at_end = rs_session_replay_at_end(s);
	return 1;
}

/* ----- the job: the session's tick plays the recording */

static int tick(struct rs_job *jb)
{
	if (!jb->priv)
		return 0;
	play(jb->priv);
	return 1;
}

static int arm_job(struct rs_job *jb, struct rs_timer *t)
{
	struct rs_session_replay *rp = jb->priv;

	if (!rp)
		return 0;
	rp->tick = t;
	arm(rp);
	return 1;
}

/* The tick goes with the loop. */
static void stop(struct rs_job *jb)
{
	struct rs_session_replay *rp = jb->priv;

	if (rp)
		rp->tick = NULL;
}

static void free_job(struct rs_job *jb)
{
	struct rs_session_replay *rp = jb->priv;

	if (!rp)
		return;
	rs_rec_cursor_free(&rp->cur);
	rs_rec_free(&rp->rec);
	free(rp);
	jb->priv = NULL;
}

const struct rs_job_ops rs_replay_job = {
	.name = "replay",
	.tick = tick,
	.arm = arm_job,
	.stop = stop,
	.free = free_job,
};
