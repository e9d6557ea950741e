/* SPDX-License-Identifier: MIT */
/*
 * record_job.c - recording the session to a file (session.h,
 * docs/recording.md): every counter reading becomes a sample, a change of
 * the host a host record, a change of the problems a findings record.
 *
 * It is a job of the session (rs_record_job, job.h) and runs inside its
 * change notification (on_change), on the event loop:
 * the records of one reading are encoded into a buffer (src/record/) and
 * handed to the kernel with one write(2); nothing waits for the disk.
 * Durability: once a second sync_file_range(SYNC_FILE_RANGE_WRITE) starts
 * the write-back of what was written without waiting for it; the end of
 * the recording is fdatasync()ed.  A killed rocescope loses nothing it
 * wrote (the page cache has it); a power cut loses the last seconds the
 * disk had not received (the file system's commit interval, 5 s on ext4),
 * and the file still loads up to its last complete sample.  A write that
 * fails (disk full) ends the recording with the reason in the event log.
 */
#include "record/recording.h"
#include "i18n.h"
#include "session/record_job.h"
#include "session/session.h"
#include "util.h"
#include "util_out.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SYNC_EVERY_NS 1000000000ULL

struct rs_session_rec {
	struct rs_rec_writer w;
	int fd;
	unsigned long first;		/* samples in the file before (appending) */
	char note[RS_MSG_LEN];		/* what was found at the path, "" new */
	char path[4096];
	uint64_t bytes;
	uint64_t synced_ns;
};

static uint64_t wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* Hand what was encoded to the kernel.  0, or -errno (the buffer kept). */
static int flush(struct rs_session_rec *r)
{
	size_t off = 0;

	while (off < r->w.out.len) {
		ssize_t n = write(r->fd, r->w.out.p + off, r->w.out.len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		off += (size_t)n;
	}
	r->bytes += off;
	r->w.out.len = 0;
	if (rs_now_ns() - r->synced_ns >= SYNC_EVERY_NS) {
		/* start the write-back, do not wait for it */
		sync_file_range(r->fd, 0, 0, SYNC_FILE_RANGE_WRITE);
		r->synced_ns = rs_now_ns();
	}
	return 0;
}

static struct rs_job *slot(const struct rs_session *s)
{
	return rs_session_job(s, &rs_record_job);
}

static struct rs_session_rec *get(const struct rs_session *s)
{
	return slot(s)->priv;
}

static void rec_free(struct rs_session *s)
{
	struct rs_job *jb = slot(s);
	struct rs_session_rec *r = jb->priv;

	if (!r)
		return;
	if (r->fd >= 0)
		close(r->fd);
	rs_rec_writer_free(&r->w);
	free(r);
	jb->priv = NULL;
}

/* "recorded 20 samples (22 kB) to FILE": the figures first, a long path
 * last; appended: how many the file has now. */
static void summary(const struct rs_session *s, const char *verb, char *msg, size_t len)
{
	const struct rs_session_rec *r = get(s);
	unsigned long n = r->w.samples - r->first;
	char more[48] = "";

	if (r->first)
		snprintf(more, sizeof(more), ", %lu in the file", r->w.samples);
	snprintf(msg, len, "%s %lu sample%s (%llu kB%s) to %.160s", verb, n, n == 1 ? "" : "s",
		 (unsigned long long)(r->bytes + 999) / 1000, more, r->path);
}

/* What is at an existing path, for the refusal: a recording or not. */
static void what_exists(const char *path, char *err, size_t errlen)
{
	char head[RS_REC_MAGIC_LEN];
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, head, sizeof(head)) : -1;

	if (fd >= 0)
		close(fd);
	snprintf(err, errlen, _("%s exists (%s)"), path,
		 n >= 6 && !memcmp(head, RS_REC_MAGIC, 6) ? "a rocescope recording" :
		 "not a recording");
}

/* The file at fd whole (an existing recording to append to). */
static int read_fd(int fd, const struct stat *st, struct rs_recording *rec, char *why,
		   size_t len)
{
	size_t got = 0, size = (size_t)st->st_size;
	unsigned char *buf;
	int ret;

	if ((uint64_t)st->st_size > (1ULL << 30)) {
		snprintf(why, len, "it is larger than 1 GiB");
		return -EFBIG;
	}
	buf = rs_xmalloc(size ? size : 1);
	while (got < size) {
		ssize_t n = pread(fd, buf + got, size - got, (off_t)got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	ret = rs_rec_load_mem(rec, buf, got, why, len);
	free(buf);
	return ret;
}

/*
 * --append: the recording in r->fd goes on, when it is one of this host
 * and of its counters now; a last record cut short (a recorder killed) is
 * dropped first, so the new records follow whole ones.  note says what
 * was found.
 */
static int append_to(struct rs_session *s, struct rs_session_rec *r, const struct rs_out *o,
		     char *err, size_t errlen)
{
	struct rs_recording rec = { 0 };
	char why[RS_MSG_LEN], tail[RS_MSG_LEN] = "";
	size_t keep;
	int ret = read_fd(r->fd, &o->st, &rec, why, sizeof(why));

	if (!ret)
		ret = rs_rec_writer_continue(&r->w, &rec, &s->snap, s->label, wall_ns(), why,
					     sizeof(why));
	if (ret) {
		snprintf(err, errlen, _("%s: not appended: %s"), r->path, why);
		rs_rec_free(&rec);
		return ret;
	}
	keep = rec.tail == RS_REC_CUT || rec.tail == RS_REC_DAMAGED ? rec.tail_off : rec.len;
	if (keep < rec.len)
		snprintf(tail, sizeof(tail), "; its last %zu bytes, %s, dropped", rec.len - keep,
			 rec.tail == RS_REC_CUT ? "a record cut short" : "damaged");
	if ((keep < rec.len && ftruncate(r->fd, (off_t)keep)) || lseek(r->fd, 0, SEEK_END) < 0) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", r->path, strerror(errno));
	} else {
		snprintf(r->note, sizeof(r->note), "appending to %.160s: a recording of this host "
			 "with %lu samples%s", r->path, r->w.samples, tail);
	}
	r->first = r->w.samples;
	rs_rec_free(&rec);
	return ret;
}

/* Open the file as mode says: new (an existing one is refused), emptied,
 * or appended to.  A regular file, or a character device (/dev/null for a
 * bench, /dev/full for a test); never through a link (util_out.h). */
static int open_file(struct rs_session *s, struct rs_session_rec *r, const char *path,
		     enum rs_rec_mode mode, char *err, size_t errlen)
{
	static const int how[] = { [RS_REC_NEW] = RS_OUT_NEW, [RS_REC_FORCE] = RS_OUT_TRUNC,
				   [RS_REC_APPEND] = RS_OUT_KEEP };
	struct rs_out o;
	int ret = rs_out_open(path, how[mode] | RS_OUT_DEVICE, &o, err, errlen);

	if (ret == -EEXIST)
		what_exists(path, err, errlen);
	if (ret)
		return ret;
	r->fd = o.fd;
	if (mode == RS_REC_APPEND && o.existed && S_ISREG(o.st.st_mode) && o.st.st_size) {
		ret = append_to(s, r, &o, err, errlen);
		if (ret)
			close(r->fd);
	}
	return ret;
}

int rs_session_record_start(struct rs_session *s, const char *path, enum rs_rec_mode mode,
			    char *err, size_t errlen)
{
	struct rs_session_rec *r;
	int ret;

	if (get(s)) {
		snprintf(err, errlen, _("already recording to %s"), get(s)->path);
		return -EBUSY;
	}
	if (!rs_session_can_record(s)) {
		snprintf(err, errlen, _("%s does not move: nothing to record"), s->label);
		return -EINVAL;
	}
	r = rs_xcalloc(1, sizeof(*r));
	rs_rec_writer_init(&r->w);
	if (rs_snprintf(r->path, sizeof(r->path), "%s", path)) {
		snprintf(err, errlen, _("path too long"));
		free(r);
		return -ENAMETOOLONG;
	}
	ret = open_file(s, r, path, mode, err, errlen);
	if (ret) {
		rs_rec_writer_free(&r->w);
		free(r);
		return ret;
	}
	slot(s)->priv = r;
	r->synced_ns = rs_now_ns();
	ret = r->first ? rs_rec_write_host(&r->w, &s->snap, s->label, wall_ns(), err, errlen) :
	      rs_rec_write_begin(&r->w, &s->snap, s->label, wall_ns(), err, errlen);
	if (!ret) {
		/* the state now is the first sample */
		rs_rec_write_sample(&r->w, &s->snap);
		rs_rec_write_qps(&r->w, &s->snap);
		rs_rec_write_findings(&r->w, s->findings.items, s->findings.count);
		ret = flush(r);
		if (ret)
			snprintf(err, errlen, "%s: %s", path, strerror(-ret));
	}
	if (ret) {
		/* The file stays: never remove what a path names (it may be a
		 * device, or something the user had there). */
		rec_free(s);
		return ret;
	}
	snprintf(err, errlen, "%s", r->note);
	if (r->note[0])
		rs_job_log(slot(s), "%s", r->note);
	else
		rs_job_log(slot(s), "recording to %s", path);
	return 0;
}

unsigned rs_session_record_note(struct rs_session *s, unsigned what)
{
	struct rs_session_rec *r = get(s);
	char err[RS_MSG_LEN] = "", msg[RS_MSG_LEN];
	int ret;

	if (!r)
		return 0;
	if (what & RS_CHANGE_DATA)
		rs_rec_write_host(&r->w, &s->snap, s->label, wall_ns(), err, sizeof(err));
	if (what & RS_CHANGE_COUNTERS)
		rs_rec_write_sample(&r->w, &s->snap);
	rs_rec_write_qps(&r->w, &s->snap);
	rs_rec_write_findings(&r->w, s->findings.items, s->findings.count);
	ret = flush(r);
	if (!ret)
		return 0;
	summary(s, "recording stopped: wrote", msg, sizeof(msg));
	rs_job_log(slot(s), "%s (%s; the file loads up to its last complete sample)", msg,
		   strerror(-ret));
	rec_free(s);
	return RS_CHANGE_EVENT;
}

int rs_session_record_stop(struct rs_session *s, char *msg, size_t msglen)
{
	struct rs_session_rec *r = get(s);
	int ret;

	if (!r) {
		snprintf(msg, msglen, _("not recording"));
		return -ENOENT;
	}
	rs_rec_write_end(&r->w);
	ret = flush(r);
	if (!ret && fdatasync(r->fd))
		ret = -errno;
	summary(s, "recorded", msg, msglen);
	if (ret)
		snprintf(msg + strlen(msg), msglen - strlen(msg), " (%s)", strerror(-ret));
	rs_job_log(slot(s), "%s", msg);
	rec_free(s);
	return ret;
}

int rs_session_record_info(const struct rs_session *s, const char **path,
			   unsigned long *samples, uint64_t *bytes)
{
	const struct rs_session_rec *r = get(s);

	if (!r)
		return 0;
	if (path)
		*path = r->path;
	if (samples)
		*samples = r->w.samples - r->first;
	if (bytes)
		*bytes = r->bytes + r->w.out.len;
	return 1;
}

/* ----- the job */

/* Readings, host changes and the event log are what a recording keeps; a
 * job's own news (a capture's packets, a test's lines) is not. */
#define REC_CHANGES (RS_CHANGE_COUNTERS | RS_CHANGE_DATA | RS_CHANGE_EVENT)

static unsigned on_change(struct rs_job *jb, unsigned what)
{
	if (!jb->priv || !(what & REC_CHANGES))
		return 0;
	return rs_session_record_note(jb->session, what);
}

/* Detach and close: the file is ended and synced. */
static void stop(struct rs_job *jb)
{
	char msg[RS_MSG_LEN];

	if (jb->priv)
		rs_session_record_stop(jb->session, msg, sizeof(msg));
}

const struct rs_job_ops rs_record_job = {
	.name = "recording",
	.on_change = on_change,
	.stop = stop,
};
