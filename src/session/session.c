/* SPDX-License-Identifier: MIT */
/*
 * session.c - the session of session.h: opening a source, collecting with
 * its producers, refreshing, reloading, the peer, and running on the loop.
 * Its jobs (job.h) are one list: every change, tick, detach and close is a
 * loop over it, and no job is named here.
 *
 * Every change ends in derive(): the checks run on the new state (and the
 * series when it was a reading), then the one change callback tells the
 * views.  Network notifications are coalesced: the first one arms a short
 * timer and the network part is collected once when it fires, however
 * many links or neighbours changed meanwhile.
 */
#include "model/route_resolve.h"
#include "i18n.h"
#include "runtime/loop.h"
#include "session/session.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define RECOLLECT_DELAY_NS (200 * RS_NS_PER_MS)	/* coalesce netlink bursts */
#define DEFAULT_INTERVAL_MS 1000

/*
 * A fixture root must look like a host: a directory with sys/ in it
 * (every tree under tests/fixtures/ has one).  An
 * empty name is refused too: it used to mean "/" and read the live host
 * while the user believed a tree was being read.
 */
static int check_root(const char *root, char *err, size_t errlen)
{
	char sys[4096];
	struct stat st;

	if (!root || !strcmp(root, "/"))
		return 0;
	if (!root[0]) {
		snprintf(err, errlen, _("--root: empty directory name (--root / is the live host)"));
		return -EINVAL;
	}
	if (stat(root, &st)) {
		snprintf(err, errlen, _("--root %s: %s"), root, strerror(errno));
		return -EINVAL;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, _("--root %s: not a directory"), root);
		return -EINVAL;
	}
	if (rs_snprintf(sys, sizeof(sys), "%s/sys", root) || stat(sys, &st) ||
	    !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, _("--root %s: no sys/ in it, so not a host tree "
			 "(a fixture root holds sys/, proc/ and etc/ as a host does)"), root);
		return -EINVAL;
	}
	return 0;
}

int rs_session_check_sources(const char *root, const char *load, int demo, char *err,
			     size_t errlen)
{
	int fixture_root = root && root[0] && strcmp(root, "/");

	if (!!demo + !!load + fixture_root > 1) {
		snprintf(err, errlen, _("choose one of --demo, --load FILE and --root DIR"));
		return -EINVAL;
	}
	return check_root(root, err, errlen);
}

void rs_session_log(struct rs_session *s, const char *fmt, ...)
{
	struct rs_session_event *e = &s->events[s->n_events % RS_SESSION_EVENTS];
	va_list ap;

	e->seq = ++s->n_events;
	e->ts_ns = rs_now_ns();
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof(e->text), fmt, ap);
	va_end(ap);
}

int rs_session_check_replay(const char *replay, const char *root, const char *load, int demo,
			    char *err, size_t errlen)
{
	int fixture_root = root && root[0] && strcmp(root, "/");

	if (replay && (demo || load || fixture_root)) {
		snprintf(err, errlen, _("choose one of --demo, --load FILE, --replay FILE and --root DIR"));
		return -EINVAL;
	}
	return rs_session_check_sources(root, load, demo, err, errlen);
}

const struct rs_session_event *rs_session_event(const struct rs_session *s, unsigned long seq)
{
	if (!seq || seq > s->n_events || s->n_events - seq >= RS_SESSION_EVENTS)
		return NULL;
	return &s->events[(seq - 1) % RS_SESSION_EVENTS];
}

/* Every change: the jobs hear it first (a recording writes it), then the
 * views. */
static void notify(struct rs_session *s, unsigned what)
{
	for (size_t i = 0; i < s->n_jobs; i++)
		if (s->jobs[i].ops->on_change)
			what |= s->jobs[i].ops->on_change(&s->jobs[i], what);
	if (s->on_change)
		s->on_change(s, what, s->change_arg);
}

/* "live" or "root:DIR" (a path too long for the field keeps its end, the
 * telling part), and the wall clock of the collection. */
static void set_origin(const struct rs_session *s, struct rs_snapshot *snap)
{
	time_t now = time(NULL);
	struct tm tm;

	if (s->kind == RS_SOURCE_LIVE)
		RS_STRCPY(snap->source, "live");
	else if (rs_snprintf(snap->source, sizeof(snap->source), "root:%s", rs_root()))
		snprintf(snap->source, sizeof(snap->source), "root:...%s",
			 rs_root() + strlen(rs_root()) - (sizeof(snap->source) - 9));
	if (gmtime_r(&now, &tm))
		strftime(snap->taken_at, sizeof(snap->taken_at), "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Run the producers of areas (bits) on snap, which has those areas empty. */
static int collect(struct rs_session *s, struct rs_snapshot *snap, unsigned areas, char *err,
		   size_t errlen)
{
	int ret = 0;

	for (size_t i = 0; i < s->n_prod; i++) {
		const struct rs_producer_ops *o = s->prod[i].ops;
		int r;

		if (o->area != RS_AREA_ALL && !(areas & RS_AREA_BIT(o->area)))
			continue;
		r = o->collect(&s->prod[i], s, snap, err, errlen);
		if (r && !ret)
			ret = r;
	}
	return ret;
}

#define ALL_AREAS (RS_AREA_BIT(RS_AREA_RDMA) | RS_AREA_BIT(RS_AREA_NET) | \
		   RS_AREA_BIT(RS_AREA_HOST))

/* A host read now (live or a root), not a record of one: it is read in
 * slices on the loop and stamped with where and when. */
int rs_session_reads_host(const struct rs_session *s)
{
	return s->kind == RS_SOURCE_LIVE || s->kind == RS_SOURCE_ROOT;
}

static int collect_all(struct rs_session *s, struct rs_snapshot *snap, char *err,
		       size_t errlen)
{
	int ret;

	rs_snapshot_init(snap);
	err[0] = '\0';
	if (rs_session_reads_host(s))
		set_origin(s, snap);
	ret = collect(s, snap, ALL_AREAS, err, errlen);
	if (ret && !err[0])
		snprintf(err, errlen, _("collecting from %s failed: %s"), s->label, strerror(-ret));
	return ret;
}

/* The kernel caches hw_counters for `lifespan` ms: reading faster shows the
 * same numbers twice and fake zero rates. */
static void set_floor(struct rs_session *s)
{
	unsigned floor = 0;

	for (size_t d = 0; d < s->snap.n_devices; d++)
		for (size_t p = 0; p < s->snap.devices[d].n_ports; p++)
			if (s->snap.devices[d].ports[p].hw_lifespan_ms > floor)
				floor = s->snap.devices[d].ports[p].hw_lifespan_ms;
	s->interval_floor_ms = floor;
	if (s->interval_ms < floor)
		s->interval_ms = floor;
}

void rs_session_ctx(const struct rs_session *s, struct rs_check_ctx *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->snap = &s->snap;
	ctx->series = &s->series;
	ctx->params = &s->params;
	ctx->recorded = rs_session_is_recorded(s);
	ctx->index = s->index.snap == &s->snap ? &s->index : NULL;
	for (size_t i = 0; i < s->n_jobs; i++)
		if (s->jobs[i].ops->add_to_ctx)
			s->jobs[i].ops->add_to_ctx(&s->jobs[i], ctx);
}

/* Every change of the snapshot ends here: its index, then the findings. */
static void run_checks(struct rs_session *s)
{
	struct rs_check_ctx ctx;

	rs_snap_index_build(&s->index, &s->snap);
	rs_session_ctx(s, &ctx);
	rs_checks_run(&ctx, &s->findings);
}

void rs_session_recheck(struct rs_session *s)
{
	run_checks(s);
	notify(s, RS_CHANGE_DATA);
}

int rs_session_set_profile(struct rs_session *s, const char *path, char *err, size_t errlen)
{
	struct rs_profile p;
	int r;

	if (!path) {
		s->params.profile = NULL;
		run_checks(s);
		return 0;
	}
	r = rs_profile_load(&p, path, err, errlen);
	if (r)
		return r;
	s->profile = p;
	s->params.profile = &s->profile;
	run_checks(s);
	return 0;
}

/* Log each device that vanished, once (a driver unload, a hot removal). */
static int note_gone(struct rs_session *s)
{
	int logged = 0;

	for (size_t d = 0; d < s->snap.n_devices; d++) {
		const char *name = s->snap.devices[d].name;
		size_t i;

		if (s->snap.devices[d].present)
			continue;
		for (i = 0; i < s->n_gone && strcmp(s->gone[i], name); i++)
			;
		if (i < s->n_gone)
			continue;
		RS_STRCPY(*RS_APPEND(s->gone, s->n_gone), name);
		rs_session_log(s, "device %s is gone (refresh %lu)", name, s->ticks);
		logged = 1;
	}
	return logged;
}

static int has_area_producer(const struct rs_session *s, enum rs_area area, int live);

/*
 * A peer the source cannot ask the kernel about (the demo, a file, a
 * root): its lookup computed from the recorded routes, labelled so, unless
 * the recording holds its own lookup of that same peer.  The recording's
 * lookup is kept for `snapshot` to write.
 */
static void resolve_peer(struct rs_session *s)
{
	if (!s->peer[0] || has_area_producer(s, RS_AREA_NET, 1))
		return;
	if (!s->snap.peer.computed)
		s->peer_recorded = s->snap.peer;
	if (!strcmp(s->peer_recorded.peer, s->peer))
		s->snap.peer = s->peer_recorded;	/* seen beats computed */
	else
		rs_route_resolve(&s->snap, s->peer, &s->snap.peer);
}

static int open_source(struct rs_session *s, const struct rs_session_opts *o, char *err,
		       size_t errlen)
{
	if (rs_session_check_replay(o->replay, o->root, o->load, o->demo, err, errlen))
		return -EINVAL;
	/* Not checked further: bw and lat give a PEER that may be a host name
	 * (their control connection resolves it); --peer is checked by main.c. */
	if (o->peer && strlen(o->peer) >= sizeof(s->peer)) {
		snprintf(err, errlen, _("%s: not an address"), o->peer);
		return -EINVAL;
	}
	if (o->demo) {
		s->kind = RS_SOURCE_DEMO;
		RS_STRCPY(s->label, "demo");
	} else if (o->replay) {
		s->kind = RS_SOURCE_REPLAY;
		if (rs_snprintf(s->path, sizeof(s->path), "%s", o->replay) ||
		    rs_snprintf(s->label, sizeof(s->label), "replay %s", o->replay)) {
			snprintf(err, errlen, _("%.200s...: path too long"), o->replay);
			return -ENAMETOOLONG;
		}
	} else if (o->load) {
		s->kind = RS_SOURCE_FILE;
		if (rs_snprintf(s->path, sizeof(s->path), "%s", o->load) ||
		    rs_snprintf(s->label, sizeof(s->label), "file %s", o->load)) {
			snprintf(err, errlen, _("%.200s...: path too long"), o->load);
			return -ENAMETOOLONG;
		}
	} else if (o->root && o->root[0] && strcmp(o->root, "/")) {
		s->kind = RS_SOURCE_ROOT;
		snprintf(s->label, sizeof(s->label), "root %s", o->root);
		rs_root_set(o->root);
	} else {
		s->kind = RS_SOURCE_LIVE;
		RS_STRCPY(s->label, "live");
		rs_root_set(NULL);
	}
	return 0;
}

static void collected(struct rs_session *s);

/* A reading ended (refresh 0: the first collection, a reload), before
 * the checks: the jobs that derive from readings take theirs. */
static void jobs_reading(struct rs_session *s, int refresh)
{
	for (size_t i = 0; i < s->n_jobs; i++)
		if (s->jobs[i].ops->on_reading)
			s->jobs[i].ops->on_reading(&s->jobs[i], refresh);
}

/* Every job releases what it holds (a recording still running is ended
 * and synced), in the table's order; the list is then empty. */
static void free_jobs(struct rs_session *s)
{
	for (size_t i = 0; i < s->n_jobs; i++) {
		if (s->jobs[i].ops->stop)
			s->jobs[i].ops->stop(&s->jobs[i]);
		if (s->jobs[i].ops->free)
			s->jobs[i].ops->free(&s->jobs[i]);
	}
	s->n_jobs = 0;
}

int rs_session_open(struct rs_session *s, const struct rs_session_opts *o, char *err,
		    size_t errlen)
{
	const struct rs_producer_ops *const *ops;
	int ret;

	memset(s, 0, sizeof(*s));
	rs_snapshot_init(&s->snap);
	rs_snap_index_init(&s->index);
	rs_series_init(&s->series, o->history);
	rs_findings_init(&s->findings);
	err[0] = '\0';
	ret = open_source(s, o, err, errlen);
	if (ret)
		return ret;
	s->scope = o->scope;
	if (o->peer)
		RS_STRCPY(s->peer, o->peer);
	rs_check_params_init(&s->params);
	s->params.peer = s->peer[0] ? s->peer : NULL;
	for (ops = rs_producers_for(s->kind, s->scope); *ops; ops++) {
		if (s->n_prod == RS_SESSION_MAX_PRODUCERS)
			rs_die("too many producers: raise RS_SESSION_MAX_PRODUCERS");
		s->prod[s->n_prod].ops = *ops;
		s->prod[s->n_prod].peer = s->peer;
		s->prod[s->n_prod++].session = s;
	}
	s->interval_ms = DEFAULT_INTERVAL_MS;
	for (const struct rs_job_ops *const *j = rs_session_jobs; *j; j++)
		rs_session_job_add(s, *j);
	if (o->background && rs_session_reads_host(s)) {
		/* Empty until attached: slices.c fills it on the loop. */
		set_origin(s, &s->snap);
		rs_snap_index_build(&s->index, &s->snap);
		s->progress.loading = 1;
		return 0;
	}
	ret = collect_all(s, &s->snap, err, errlen);
	if (ret) {
		free_jobs(s);
		rs_snapshot_free(&s->snap);
		return ret;
	}
	collected(s);
	return 0;
}

/* The first collection ended, at once (slices.c has its own, in slices). */
static void collected(struct rs_session *s)
{
	unsigned what = rs_session_derive(s, 0);
	struct rs_check_ctx ctx;

	rs_session_ctx(s, &ctx);
	rs_checks_run(&ctx, &s->findings);
	s->progress.loading = 0;
	if (s->loop)
		rs_session_notify(s, what);
}

unsigned rs_session_derive(struct rs_session *s, int refresh)
{
	unsigned what = RS_CHANGE_COUNTERS;

	if (!refresh) {
		set_floor(s);
		resolve_peer(s);
		what |= RS_CHANGE_DATA;
	} else if (note_gone(s)) {
		what |= RS_CHANGE_EVENT;
	}
	rs_series_update(&s->series, &s->snap);
	rs_snap_index_build(&s->index, &s->snap);
	jobs_reading(s, refresh);
	return what;
}

void rs_session_notify(struct rs_session *s, unsigned what)
{
	notify(s, what);
}

int rs_session_is_dynamic(const struct rs_session *s)
{
	return s->kind != RS_SOURCE_FILE;
}

int rs_session_is_recorded(const struct rs_session *s)
{
	return s->kind != RS_SOURCE_LIVE;
}

int rs_session_is_demo(const struct rs_session *s)
{
	return s->kind == RS_SOURCE_DEMO;
}

int rs_session_is_replay(const struct rs_session *s)
{
	return s->kind == RS_SOURCE_REPLAY;
}

int rs_session_can_probe(const struct rs_session *s)
{
	return s->kind == RS_SOURCE_LIVE;
}

int rs_session_can_capture(const struct rs_session *s)
{
	return s->kind == RS_SOURCE_LIVE;
}

int rs_session_can_test(const struct rs_session *s)
{
	return s->kind == RS_SOURCE_LIVE || s->kind == RS_SOURCE_DEMO;
}

int rs_session_can_fix(const struct rs_session *s)
{
	return rs_session_reads_host(s);
}

int rs_session_can_record(const struct rs_session *s)
{
	return rs_session_is_dynamic(s) && s->kind != RS_SOURCE_REPLAY;
}

/* The producers' refresh ended: the series, the checks, the views. */
static void refreshed(struct rs_session *s)
{
	unsigned what = rs_session_derive(s, 1);
	struct rs_check_ctx ctx;

	rs_session_ctx(s, &ctx);
	rs_checks_run(&ctx, &s->findings);
	notify(s, what);
}

int rs_session_refresh(struct rs_session *s)
{
	int ret = 0;

	if (!rs_session_is_dynamic(s) || s->progress.loading)
		return 0;
	s->ticks++;
	for (size_t i = 0; i < s->n_prod; i++) {
		const struct rs_producer_ops *o = s->prod[i].ops;
		int r = o->refresh ? o->refresh(&s->prod[i], s, &s->snap) : 0;

		if (r && !ret)
			ret = r;
	}
	refreshed(s);
	return ret;
}

/* Collect areas again in place (a netlink notification, a new peer). */
static void recollect(struct rs_session *s, unsigned areas)
{
	char err[RS_MSG_LEN];

	for (int a = 0; a < RS_AREA_COUNT; a++)
		if (areas & RS_AREA_BIT(a))
			rs_snapshot_clear_area(&s->snap, (enum rs_area)a);
	collect(s, &s->snap, areas, err, sizeof(err));
	run_checks(s);
}

int rs_session_reload(struct rs_session *s, char *err, size_t errlen)
{
	struct rs_snapshot fresh;
	int ret;

	rs_session_slices_cancel(s);
	if (s->progress.loading) {
		/* TRANSLATORS: %s is what is being read, in English ("devices"). */
		snprintf(err, errlen, _("still reading %zu of %zu %s: reload when it is done"),
			 s->progress.done, s->progress.total,
			 s->progress.what ? s->progress.what : "devices");
		return -EBUSY;
	}
	ret = collect_all(s, &fresh, err, errlen);

	if (ret) {
		/* Keep the old snapshot: a failed reload never loses what is shown. */
		rs_snapshot_free(&fresh);
		return ret;
	}
	rs_snapshot_free(&s->snap);
	s->snap = fresh;
	free(s->gone);
	s->gone = NULL;
	s->n_gone = 0;
	set_floor(s);
	resolve_peer(s);
	jobs_reading(s, 0);
	run_checks(s);
	notify(s, RS_CHANGE_DATA);
	return 0;
}

static int has_area_producer(const struct rs_session *s, enum rs_area area, int live)
{
	for (size_t i = 0; i < s->n_prod; i++)
		if (s->prod[i].ops->area == area && (!live || s->prod[i].ops->live_only))
			return 1;
	return 0;
}

int rs_session_set_peer(struct rs_session *s, const char *peer, char *msg, size_t msglen)
{
	if (strlen(peer) >= sizeof(s->peer) || rs_peer_parse(peer, NULL, NULL, NULL, 0)) {
		snprintf(msg, msglen, _("not an IP address: %s"), peer);
		return -EINVAL;
	}
	RS_STRCPY(s->peer, peer);
	s->params.peer = s->peer;
	for (size_t i = 0; i < s->n_jobs; i++)
		if (s->jobs[i].ops->on_peer)
			s->jobs[i].ops->on_peer(&s->jobs[i]);
	if (!has_area_producer(s, RS_AREA_NET, 1)) {
		resolve_peer(s);
		snprintf(msg, msglen, _("route to %s computed from the recorded routes (%s)"), peer,
			 s->label);
		run_checks(s);
	} else if (s->progress.loading) {
		s->dirty |= RS_AREA_BIT(RS_AREA_NET);	/* once the first collection ends */
		if (s->recollect && !rs_timer_armed(s->recollect))
			rs_timer_arm(s->recollect, RECOLLECT_DELAY_NS, 0);
		snprintf(msg, msglen, _("the route to %s is looked up once the host is read"), peer);
	} else {
		recollect(s, RS_AREA_BIT(RS_AREA_NET));
		snprintf(msg, msglen, _("looked up the route to %s"), peer);
	}
	notify(s, RS_CHANGE_DATA);
	return 0;
}

static void on_tick(struct rs_timer *t, void *arg)
{
	struct rs_session *s = arg;

	for (size_t i = 0; i < s->n_jobs; i++)
		if (s->jobs[i].ops->tick && s->jobs[i].ops->tick(&s->jobs[i]))
			return;
	if (rs_session_reads_host(s))
		rs_session_slices_start(s, 1);	/* skipped while slices run */
	else
		rs_session_refresh(s);
}

static void on_recollect(struct rs_timer *t, void *arg)
{
	struct rs_session *s = arg;
	unsigned areas = s->dirty;

	if (s->progress.loading) {
		/* The first collection reads it all anyway; clearing an area
		 * under it would read its producers twice. */
		rs_timer_arm(t, RECOLLECT_DELAY_NS, 0);
		return;
	}
	s->dirty = 0;
	if (!areas)
		return;
	recollect(s, areas);
	notify(s, RS_CHANGE_DATA);
}

static void on_producer(struct rs_io *io, int fd, unsigned revents, void *arg)
{
	struct rs_producer *p = arg;
	struct rs_session *s = p->session;
	unsigned areas = p->ops->on_readable(p, s);

	if (!areas)
		return;
	s->dirty |= areas;
	if (!rs_timer_armed(s->recollect))
		rs_timer_arm(s->recollect, RECOLLECT_DELAY_NS, 0);
}

static void arm_tick(struct rs_session *s)
{
	uint64_t ns = (uint64_t)s->interval_ms * RS_NS_PER_MS;

	if (!s->tick)
		return;
	for (size_t i = 0; i < s->n_jobs; i++)
		if (s->jobs[i].ops->arm && s->jobs[i].ops->arm(&s->jobs[i], s->tick))
			return;
	if (s->frozen || !rs_session_is_dynamic(s))
		rs_timer_stop(s->tick);
	else
		rs_timer_arm(s->tick, ns, ns);
}

int rs_session_attach(struct rs_session *s, struct rs_loop *l)
{
	s->loop = l;
	for (size_t i = 0; i < s->n_prod; i++) {
		struct rs_producer *p = &s->prod[i];
		char why[RS_MSG_LEN] = "";
		int fd;

		if (p->ops->open && p->ops->open(p, s, why, sizeof(why))) {
			rs_session_log(s, "%s: %s", p->ops->name, why[0] ? why : "cannot open");
			continue;
		}
		fd = p->ops->fd ? p->ops->fd(p) : -1;
		if (fd >= 0 && p->ops->on_readable)
			p->io = rs_io_add(l, fd, POLLIN, on_producer, p);
	}
	s->tick = rs_timer_add(l, on_tick, s);
	s->recollect = rs_timer_add(l, on_recollect, s);
	arm_tick(s);
	if (s->progress.loading)
		rs_session_slices_start(s, 0);
	return 0;
}

void rs_session_set_interval(struct rs_session *s, unsigned ms)
{
	s->interval_ms = ms < s->interval_floor_ms ? s->interval_floor_ms : ms;
	arm_tick(s);
}

void rs_session_set_frozen(struct rs_session *s, int frozen)
{
	s->frozen = frozen;
	arm_tick(s);
}

void rs_session_on_change(struct rs_session *s,
			  void (*fn)(struct rs_session *s, unsigned what, void *arg), void *arg)
{
	s->on_change = fn;
	s->change_arg = arg;
}

void rs_session_detach(struct rs_session *s)
{
	if (!s->loop)
		return;
	rs_session_slices_free(s);
	for (size_t i = 0; i < s->n_jobs; i++)
		if (s->jobs[i].ops->stop)
			s->jobs[i].ops->stop(&s->jobs[i]);
	for (size_t i = 0; i < s->n_prod; i++) {
		struct rs_producer *p = &s->prod[i];

		rs_io_del(p->io);
		p->io = NULL;
		if (p->ops->close && p->priv)
			p->ops->close(p);
	}
	rs_timer_del(s->tick);
	rs_timer_del(s->recollect);
	s->tick = s->recollect = NULL;
	s->loop = NULL;
}

void rs_session_close(struct rs_session *s)
{
	rs_session_detach(s);
	free_jobs(s);
	rs_series_free(&s->series);
	rs_findings_free(&s->findings);
	rs_snap_index_free(&s->index);
	rs_snapshot_free(&s->snap);
	free(s->gone);
	s->gone = NULL;
	s->n_gone = 0;
	s->n_prod = 0;
}
