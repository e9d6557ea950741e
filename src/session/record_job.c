/* SPDX-License-Identifier: MIT */
/*
 * record_job.c - recording the session to a file (session.h,
 * docs/recording.md): every counter reading becomes a sample, a change of
 * the host a host record, a change of the problems a findings record.
 *
 * It runs inside the session's change notification, on the event loop:
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
#include "session/session.h"
#include "util.h"

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

static void rec_free(struct rs_session *s)
{
	if (!s->rec)
		return;
	if (s->rec->fd >= 0)
		close(s->rec->fd);
	rs_rec_writer_free(&s->rec->w);
	free(s->rec);
	s->rec = NULL;
}

/* "recorded 20 samples (22 kB) to FILE": the figures first, a long path last. */
static void summary(const struct rs_session *s, const char *verb, char *msg, size_t len)
{
	const struct rs_session_rec *r = s->rec;

	snprintf(msg, len, "%s %lu sample%s (%llu kB) to %.160s", verb, r->w.samples,
		 r->w.samples == 1 ? "" : "s", (unsigned long long)(r->bytes + 999) / 1000, r->path);
}

int rs_session_record_start(struct rs_session *s, const char *path, char *err, size_t errlen)
{
	struct rs_session_rec *r;
	struct stat st;
	int ret;

	if (s->rec) {
		snprintf(err, errlen, "already recording to %s", s->rec->path);
		return -EBUSY;
	}
	if (!rs_session_is_dynamic(s) || s->kind == RS_SOURCE_REPLAY) {
		snprintf(err, errlen, "%s does not move: nothing to record", s->label);
		return -EINVAL;
	}
	r = rs_xcalloc(1, sizeof(*r));
	rs_rec_writer_init(&r->w);
	if (rs_snprintf(r->path, sizeof(r->path), "%s", path)) {
		snprintf(err, errlen, "path too long");
		free(r);
		return -ENAMETOOLONG;
	}
	/* A disk, a FIFO or a directory is no place for a recording (a
	 * character device is: /dev/null for a bench, /dev/full for a test). */
	if (!stat(path, &st) && !S_ISREG(st.st_mode) && !S_ISCHR(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		free(r);
		return -EINVAL;
	}
	r->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (r->fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		free(r);
		return ret;
	}
	s->rec = r;
	r->synced_ns = rs_now_ns();
	ret = rs_rec_write_begin(&r->w, &s->snap, s->label, wall_ns(), err, errlen);
	if (!ret) {
		/* the state now is the first sample */
		rs_rec_write_sample(&r->w, &s->snap);
		rs_rec_write_qps(&r->w, &s->snap);
		rs_rec_write_findings(&r->w, &s->findings);
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
	rs_session_log(s, "recording to %s", path);
	return 0;
}

unsigned rs_session_record_note(struct rs_session *s, unsigned what)
{
	struct rs_session_rec *r = s->rec;
	char err[RS_MSG_LEN] = "", msg[RS_MSG_LEN];
	int ret;

	if (!r)
		return 0;
	if (what & RS_CHANGE_DATA)
		rs_rec_write_host(&r->w, &s->snap, s->label, wall_ns(), err, sizeof(err));
	if (what & RS_CHANGE_COUNTERS)
		rs_rec_write_sample(&r->w, &s->snap);
	rs_rec_write_qps(&r->w, &s->snap);
	rs_rec_write_findings(&r->w, &s->findings);
	ret = flush(r);
	if (!ret)
		return 0;
	summary(s, "recording stopped: wrote", msg, sizeof(msg));
	rs_session_log(s, "%s (%s; the file loads up to its last complete sample)", msg,
		       strerror(-ret));
	rec_free(s);
	return RS_CHANGE_EVENT;
}

int rs_session_record_stop(struct rs_session *s, char *msg, size_t msglen)
{
	struct rs_session_rec *r = s->rec;
	int ret;

	if (!r) {
		snprintf(msg, msglen, "not recording");
		return -ENOENT;
	}
	rs_rec_write_end(&r->w);
	ret = flush(r);
	if (!ret && fdatasync(r->fd))
		ret = -errno;
	summary(s, "recorded", msg, msglen);
	if (ret)
		snprintf(msg + strlen(msg), msglen - strlen(msg), " (%s)", strerror(-ret));
	rs_session_log(s, "%s", msg);
	rec_free(s);
	return ret;
}

int rs_session_record_info(const struct rs_session *s, const char **path,
			   unsigned long *samples, uint64_t *bytes)
{
	if (!s->rec)
		return 0;
	if (path)
		*path = s->rec->path;
	if (samples)
		*samples = s->rec->w.samples;
	if (bytes)
		*bytes = s->rec->bytes + s->rec->w.out.len;
	return 1;
}
