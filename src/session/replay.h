/* SPDX-License-Identifier: MIT */
/*
 * replay.h - a recording as the session's source (replay.c): the replay
 * producer reads it, and the replay job (job.h) takes the refresh tick to
 * play it at the recorded pace.
 */
#ifndef RS_SESSION_REPLAY_H
#define RS_SESSION_REPLAY_H

#include <stddef.h>

struct rs_session;
struct rs_snapshot;
struct rs_recording;
struct rs_job_ops;

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
/* The replay producer's collect and refresh (producers.c): the snapshot
 * at the cursor, and the next sample. */
int rs_session_replay_collect(struct rs_session *s, struct rs_snapshot *snap, char *err,
			      size_t errlen);
int rs_session_replay_advance(struct rs_session *s, struct rs_snapshot *snap);

/* The job (jobs.c): it takes the refresh tick while a recording plays. */
extern const struct rs_job_ops rs_replay_job;


#endif
