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
 * notifications, the capture, the test job) and tells its
 * views through one change callback.  Everything derived (series, findings)
 * is recomputed before the callback runs, so a view never sees half an
 * update.
 *
 * Sources: the live host, a fixture root (--root DIR: the recorded twins of
 * the live-only producers), a saved snapshot (--load FILE: static), the
 * bundled demo host (--demo: counters move by exact amounts each tick) and
 * a recording (--replay FILE: the recorded readings, played, paused,
 * stepped and sought; replay.c).  Any moving source can be recorded
 * (record_job.c, docs/recording.md).
 */
#ifndef RS_SESSION_H
#define RS_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "diag/check.h"
#include "model/demo.h"
#include "model/peer_view.h"
#include "model/series.h"
#include "model/snap_index.h"
#include "probe/probe.h"
#include "session/producer.h"
#include "snapshot.h"

struct rs_loop;
struct rs_timer;
struct rs_capture;
struct rs_capture_spec;
struct rs_cap_verdicts;
struct rs_session_capture;
struct rs_session_rec;
struct rs_session_replay;
struct rs_recording;
struct rs_session_test;
struct rs_session_qps;
struct rs_session_fix;

#define RS_SESSION_MAX_PRODUCERS 12
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
#define RS_CHANGE_TEST		0x10	/* a test said something, started or ended (test_job.h) */
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
	struct rs_peer_view peer_view;	/* the peer's own view, when known */
	struct rs_probe_result probe[RS_PROBE_KINDS];	/* latest result of each probe */
	struct rs_probe_results probes;	/* the ones there are, for the checks */
	struct rs_child *probe_job[RS_PROBE_KINDS];	/* running, on the loop */
	char *probe_buf[RS_PROBE_KINDS];	/* what the job wrote so far */
	size_t probe_len[RS_PROBE_KINDS];
	unsigned long ticks;		/* refreshes done (drives the demo) */
	struct rs_demo_clock demo;	/* where the demo's ticks took it */
	struct rs_session_capture *cap;	/* the capture job (capture_job.c), NULL none */
	struct rs_session_rec *rec;	/* recording to a file (record_job.c), NULL none */
	struct rs_session_replay *replay;	/* the recording replayed (replay.c), NULL none */
	struct rs_session_test *test;	/* the test job (test_job.h), NULL none yet */
	struct rs_session_qps *qps;	/* the QP poller (qp_job.h), NULL for `gids` */
	struct rs_session_fix *fix;	/* the fix job (fix_job.c), NULL none yet */

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

/* 1 when counters can move (live, root, demo); a saved file is static. */
int rs_session_is_dynamic(const struct rs_session *s);

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

/*
 * Probes towards the peer, each in a child process (a probe that crashes or
 * hangs is reported, never the session's death).  _wait runs it and waits
 * (the commands); _start runs it on the loop and reports RS_CHANGE_PROBE.
 * The result joins the checks' context; _forget drops it (before a re-run,
 * and for all kinds when the peer changes).
 */
int rs_session_probe_wait(struct rs_session *s, enum rs_probe_kind k);
int rs_session_probe_start(struct rs_session *s, enum rs_probe_kind k);
int rs_session_probe_running(const struct rs_session *s, enum rs_probe_kind k);
void rs_session_probe_forget(struct rs_session *s, enum rs_probe_kind k);

/*
 * The capture (capture_job.c): one at a time, on the loop (the session
 * must be attached).  Its packets are dispatched 256 at a time from the
 * source's fd and a 250 ms timer (a file: a timer at the replay's pace);
 * RS_CHANGE_CAPTURE comes at most every 250 ms.  Its verdicts join the
 * checks' context (capture.roce_v2, capture.wire_health).  A start that
 * fails (no permission, no such interface) keeps no capture and says why
 * in err, and in rs_session_capture_error() for the views.
 */
int rs_session_capture_start(struct rs_session *s, const struct rs_capture_spec *spec,
			     char *err, size_t errlen);
/* The bundled demo capture, replayed in a loop at its own pace. */
int rs_session_capture_demo(struct rs_session *s, char *err, size_t errlen);
void rs_session_capture_stop(struct rs_session *s);
/* Paused: no dispatch (a file waits; a live source's kernel buffer fills,
 * then drops, and the drop count says so). */
void rs_session_capture_pause(struct rs_session *s, int paused);
int rs_session_capture_paused(const struct rs_session *s);
/* Start (path) or stop (NULL) writing what is captured to a pcap file. */
int rs_session_capture_write(struct rs_session *s, const char *path, char *err, size_t errlen);
/* The running capture and its verdicts, or NULL. */
const struct rs_capture *rs_session_capture(const struct rs_session *s);
const struct rs_cap_verdicts *rs_session_capture_verdicts(const struct rs_session *s);
/* Why the last start failed or the capture ended; "" when none. */
const char *rs_session_capture_error(const struct rs_session *s);
/* Something (a test job) says RDMA traffic runs now (NULL: no longer): a
 * capture that sees no RoCE packet then fails capture.roce_v2. */
void rs_session_capture_claim(struct rs_session *s, const char *why);
/* What the checks see of the capture (NULL: none running). */
const struct rs_capture_ctx *rs_session_capture_ctx(const struct rs_session *s);
/* Stop it and forget it (rs_session_detach does). */
void rs_session_capture_free(struct rs_session *s);

/*
 * Recording (record_job.c, docs/recording.md): every reading from now on
 * is appended to path: the host first, then one sample per refresh, host
 * and findings records when they change.  A source that does not move (a
 * saved snapshot, a replay) is refused.  A file that exists is refused
 * (-EEXIST, err says whether it is a recording) unless mode is FORCE
 * (emptied) or APPEND (a recording of the same host and counters goes on;
 * anything else is refused with the reason); on success err says what was
 * found ("appending to ..."), or is "".  The path is opened as util_out.h
 * says.  _stop ends the file and syncs it; msg says what was kept.  _info:
 * 1 and the figures of this recording while it runs, else 0.  _note is the
 * session's own hook.
 */
enum rs_rec_mode { RS_REC_NEW, RS_REC_FORCE, RS_REC_APPEND };
int rs_session_record_start(struct rs_session *s, const char *path, enum rs_rec_mode mode,
			    char *err, size_t errlen);
int rs_session_record_stop(struct rs_session *s, char *msg, size_t msglen);
int rs_session_record_info(const struct rs_session *s, const char **path,
			   unsigned long *samples, uint64_t *bytes);
unsigned rs_session_record_note(struct rs_session *s, unsigned what);

/*
 * Replay (replay.c): the session's source is a recording.  The refresh
 * tick plays it at the recorded pace times the speed; frozen is paused.
 * _step goes one sample forward (-ERANGE at the end) or back; _seek to
 * sample k (the series rebuilt as they were then, totals exact since the
 * start); _mark to the next (dir > 0) or previous rise mark; _goto to a
 * time typed by a person ("03:12", "+90", "+0:01:30", "50%"); _speed one
 * step faster or slower (1/8 to 1024), returning it.  msg says where.
 */
struct rs_replay_where {
	const struct rs_recording *rec;
	size_t k, n;			/* the sample shown, of n */
	double speed;
	int at_end;
};
int rs_session_replay_where(const struct rs_session *s, struct rs_replay_where *w);
int rs_session_replay_seek(struct rs_session *s, size_t k);
int rs_session_replay_step(struct rs_session *s, int dir);
int rs_session_replay_at_end(const struct rs_session *s);
int rs_session_replay_mark(struct rs_session *s, int dir, char *msg, size_t len);
int rs_session_replay_goto(struct rs_session *s, const char *text, char *msg, size_t len);
double rs_session_replay_speed(struct rs_session *s, int dir);
/* "03:12:34" (local time) and "+0:12:34" of sample k. */
void rs_session_replay_when(const struct rs_session *s, size_t k, char *clock, size_t clen,
			    char *off, size_t olen);
/* The session's own hooks: the producer, the tick, the end. */
int rs_session_replay_collect(struct rs_session *s, struct rs_snapshot *snap, char *err,
			      size_t errlen);
int rs_session_replay_advance(struct rs_session *s, struct rs_snapshot *snap);
void rs_session_replay_arm(struct rs_session *s);
void rs_session_replay_tick(struct rs_session *s);
void rs_session_replay_free(struct rs_session *s);

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
/*
 * The fix job (fix_job.c): `rocescope fix ARGS` (with the session's root
 * and peer) in a child on the loop; when it ends the host is read again
 * and the change callback says RS_CHANGE_DATA.  One at a time.
 */
struct rs_session_fix_end {
	int running;
	int code;			/* the command's exit code, -1 killed */
	char what[64];			/* "apply net.arp_flux", "undo" */
	char status[64];		/* "exit 5" */
	char message[RS_MSG_LEN];	/* its last line that says how it went */
};
int rs_session_fix_start(struct rs_session *s, const char *const *args, const char *what,
			 char *err, size_t errlen);
/* The running or last fix, NULL none yet. */
const struct rs_session_fix_end *rs_session_fix_end(const struct rs_session *s);
void rs_session_fix_free(struct rs_session *s);

void rs_session_log(struct rs_session *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
