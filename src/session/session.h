/* SPDX-License-Identifier: MIT */
/*
 * session.h - what rocescope knows about the host it looks at, in one
 * place: the snapshot, the counter series, the findings of the checks, the
 * peer, and the producers that keep them current.  The console and the
 * commands only read it and ask it to act (refresh, reload, set the peer);
 * neither calls a collector.
 *
 * One-shot commands open a session and read it.  The console and the
 * commands that wait attach it to the event loop: it then refreshes itself
 * every interval, listens to its producers' descriptors (netlink
 * notifications) and runs its jobs (job.h: the probes, the capture, the
 * tests, recording, replay, the fix), and tells its
 * views through one change callback.  Everything derived (series, findings)
 * is recomputed before the callback runs, so a view never sees half an
 * update.
 *
 * Sources: the live host, a fixture root (--root DIR: the recorded twins of
 * the live-only producers), a saved snapshot (--load FILE: static), the
 * bundled demo host (--demo: counters move by exact amounts each tick) and
 * a recording (--replay FILE: the recorded readings, played, paused,
 * stepped and sought; replay.h).  Any moving source can be recorded
 * (record_job.h, docs/recording.md).  What a source can do (probe,
 * capture, test, fix, record) the views ask rs_session_can_*().
 */
#ifndef RS_SESSION_H
#define RS_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "diag/check.h"
#include "model/demo.h"
#include "model/series.h"
#include "model/snap_index.h"
#include "session/job.h"
#include "session/producer.h"
#include "snapshot.h"

struct rs_loop;
struct rs_timer;

#define RS_SESSION_MAX_PRODUCERS 12
#define RS_SESSION_MAX_JOBS 12
#define RS_SESSION_EVENTS 32		/* the event log keeps the last ones */

struct rs_session_opts {
	const char *root;		/* --root DIR; NULL or "/" is the live host */
	const char *load;		/* --load FILE */
	const char *replay;		/* --replay FILE */
	int demo;			/* --demo */
	const char *peer;		/* --peer IP */
	enum rs_scope scope;
	unsigned history;		/* samples of rate history per counter (0: none) */
	/* The first collection of a live host or a root runs on the loop once
	 * attached, in slices (the console: its first screen comes before the
	 * last of 10,000 devices is read); 0: rs_session_open() collects. */
	int background;
};

/*
 * Long work cut into slices on the loop (slices.c): the first collection
 * of a background session, and every refresh of a live host or a root.
 * Each slice runs the producers' steps for at most RS_SLICE_MS, then the
 * loop runs (keys, signals, timers) before the next, so a refresh that
 * takes seconds on thousands of devices never holds the keyboard.  The
 * first collection shows the snapshot as it grows (RS_CHANGE_DATA after
 * each slice, no findings yet); a refresh updates the counters in place
 * and the series, checks and views once at its end.  A tick that comes
 * while a refresh is in slices is skipped.
 */
#define RS_SLICE_MS 50
struct rs_session_progress {
	int loading;			/* the first collection has not ended */
	int busy;			/* slices are running (loading or a refresh) */
	const char *what;		/* what the current step counts: "devices" */
	size_t done, total;		/* of what */
};
struct rs_session_slices;

/* What changed, for rs_session_on_change(). */
#define RS_CHANGE_COUNTERS	0x1	/* a new reading: series and findings */
#define RS_CHANGE_DATA		0x2	/* an area was collected again */
#define RS_CHANGE_EVENT		0x4	/* a line was added to the event log */
#define RS_CHANGE_PROBE		0x8	/* a probe's result came in */
#define RS_CHANGE_TEST		0x10	/* a test said something, started or ended (perf_job.h) */
#define RS_CHANGE_CAPTURE	0x20	/* the capture saw packets, started or stopped */

/* A line for people: what happened and when (CLOCK_MONOTONIC ns). */
struct rs_session_event {
	unsigned long seq;
	uint64_t ts_ns;
	char text[RS_MSG_LEN];
};

struct rs_session {
	enum rs_source_kind kind;
	enum rs_scope scope;
	char label[256];		/* "live", "root DIR", "file PATH", "demo" */
	char path[4096];		/* the file of a file source */
	char peer[RS_ADDR_LEN];		/* "" when none */
	/* The source's own route lookup, kept when a recorded source is
	 * asked about another peer and snap.peer holds the one computed from
	 * its routes (snap.peer.computed): what `snapshot` writes. */
	struct rs_route_lookup peer_recorded;

	struct rs_snapshot snap;
	struct rs_snap_index index;	/* snap's lookups, built again with every change */
	struct rs_series series;
	struct rs_findings findings;
	struct rs_check_params params;
	struct rs_profile profile;	/* --profile, when params.profile points to it */
	unsigned long ticks;		/* refreshes done (drives the demo) */
	struct rs_demo_clock demo;	/* where the demo's ticks took it */
	struct rs_job jobs[RS_SESSION_MAX_JOBS];	/* job.h: rs_session_jobs[], then added */
	size_t n_jobs;

	unsigned interval_ms;		/* between refreshes when attached */
	unsigned interval_floor_ms;	/* hw_counters are cached this long (0: unknown) */
	int frozen;			/* no refresh until thawed */
	struct rs_session_progress progress;
	struct rs_session_slices *slices;	/* the work in slices, NULL none */

	struct rs_producer prod[RS_SESSION_MAX_PRODUCERS];
	size_t n_prod;
	struct rs_loop *loop;
	struct rs_timer *tick, *recollect;
	unsigned dirty;			/* RS_AREA_BIT()s to collect again */

	char (*gone)[RS_NAME_LEN];	/* devices already reported gone */
	size_t n_gone;
	struct rs_session_event events[RS_SESSION_EVENTS];
	unsigned long n_events;		/* events ever logged */

	void (*on_change)(struct rs_session *s, unsigned what, void *arg);
	void *change_arg;
};

/*
 * --demo, --load, --replay and --root exclude each other; --root / is the
 * live host and excludes nothing.  Any other root must be a directory
 * holding sys/ ("" and a missing directory are refused, not read as the
 * live host).  0, or -EINVAL with err set.
 */
int rs_session_check_sources(const char *root, const char *load, int demo, char *err,
			     size_t errlen);
int rs_session_check_replay(const char *replay, const char *root, const char *load, int demo,
			    char *err, size_t errlen);

/* Collect everything once.  On failure -errno with err set; the session
 * is then empty and only rs_session_close() applies. */
int rs_session_open(struct rs_session *s, const struct rs_session_opts *o, char *err,
		    size_t errlen);
void rs_session_close(struct rs_session *s);

/*
 * What the source can do; the views and jobs ask these, never the kind.
 * _is_dynamic: counters can move (not a saved file).  _is_recorded: not
 * the live host (a root, a file, the demo, a replay).  _can_probe: probes
 * towards the peer run (the live host).  _can_capture: a live capture (a
 * netdev, a sniffer; the live host).  _can_test: an embedded test runs
 * (the live host: a child; the demo: a recorded run replayed).  _can_fix:
 * the host can be changed (the live host, a fixture root).  _can_record:
 * it moves and is not itself a recording.  _reads_host: a host read now
 * (the live host, a fixture root), not a record of one.
 */
int rs_session_is_dynamic(const struct rs_session *s);
int rs_session_reads_host(const struct rs_session *s);
int rs_session_is_recorded(const struct rs_session *s);
int rs_session_is_demo(const struct rs_session *s);
int rs_session_is_replay(const struct rs_session *s);
int rs_session_can_probe(const struct rs_session *s);
int rs_session_can_capture(const struct rs_session *s);
int rs_session_can_test(const struct rs_session *s);
int rs_session_can_fix(const struct rs_session *s);
int rs_session_can_record(const struct rs_session *s);

/* A new reading of the counters: producers refresh, series, checks. */
int rs_session_refresh(struct rs_session *s);
/* Everything again (devices, GIDs, network, host).  A failure keeps what
 * was there and says why in err. */
int rs_session_reload(struct rs_session *s, char *err, size_t errlen);
/* Look the route to peer up (live) and collect the network again; on a
 * recorded source compute it from the recorded routes (snap.peer.computed,
 * model/route_resolve.h).  msg says what was done.  -EINVAL for something
 * that is not an IPv4/IPv6 address. */
int rs_session_set_peer(struct rs_session *s, const char *peer, char *msg, size_t msglen);
/* The MAC this host's neighbour entry for ip holds: asked of the kernel now
 * on the live host, the recorded one otherwise.  0, or -1 with none. */
int rs_session_neigh_mac(const struct rs_session *s, const char *ip, char *mac, size_t len);

/* Run on a loop: producers' descriptors, the refresh timer (interval_ms).
 * Detach (or close) before the loop is freed. */
int rs_session_attach(struct rs_session *s, struct rs_loop *l);
void rs_session_detach(struct rs_session *s);
void rs_session_set_interval(struct rs_session *s, unsigned ms);
void rs_session_set_frozen(struct rs_session *s, int frozen);
void rs_session_on_change(struct rs_session *s,
			  void (*fn)(struct rs_session *s, unsigned what, void *arg), void *arg);

/* The checks' context of the session's current state. */
void rs_session_ctx(const struct rs_session *s, struct rs_check_ctx *ctx);
/* Run the checks again (after a parameter changed). */
void rs_session_recheck(struct rs_session *s);
/* Use a site profile (NULL: none); the checks run again. */
int rs_session_set_profile(struct rs_session *s, const char *path, char *err, size_t errlen);

/* The session's own hooks for slices.c: start the work (refresh 0: the
 * first collection) and end it (a detach); what ends a reading before the
 * checks (the series, the index; returns the RS_CHANGE_ bits), and the
 * change callback once the checks are done. */
void rs_session_slices_start(struct rs_session *s, int refresh);
/* A refresh in slices stops where it is (a reload reads everything anew);
 * the first collection goes on. */
void rs_session_slices_cancel(struct rs_session *s);
void rs_session_slices_free(struct rs_session *s);
unsigned rs_session_derive(struct rs_session *s, int refresh);
void rs_session_notify(struct rs_session *s, unsigned what);

/* Event log: the i-th of the last min(n_events, RS_SESSION_EVENTS), by seq. */
const struct rs_session_event *rs_session_event(const struct rs_session *s, unsigned long seq);
void rs_session_log(struct rs_session *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
