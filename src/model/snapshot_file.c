/* SPDX-License-Identifier: MIT */
/*
 * snapshot_file.c - the file around a snapshot's YAML: saving it so that no
 * reader ever sees half a file, and loading only a file that is whole.
 *
 * Save: the YAML goes to a new file made with O_EXCL in the directory of
 * PATH ("PATH.tmp-XXXXXXXX", so any number of writers at once each have
 * their own), is fsync'ed, renamed over PATH, and the directory is
 * fsync'ed (util_out.h, which also says which names and directories are
 * refused).  Concurrent saves to one PATH each rename a whole file: the
 * last rename wins, nothing is torn.  A failed save removes its temporary
 * file and leaves the old PATH as it was.  PATH itself:
 *   - a regular file is replaced, keeping its permission bits;
 *   - a symbolic link is refused, never followed: neither it nor what it
 *     points to is touched;
 *   - anything else (directory, FIFO, device) is refused: a rename would
 *     replace `/dev/null` for root.
 *
 * Load: the whole file (at most 64 MiB) through the YAML reader with the
 * end marker required (RS_LOAD_NEED_END): a file cut short anywhere is an
 * error naming it, never a smaller host.
 */
#include "model/snapshot_yaml.h"
#include "i18n.h"
#include "util.h"
#include "util_out.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The YAML into the new file f, flushed (rs_out_replace_commit syncs it). */
static int write_yaml(const struct rs_snapshot *s, struct rs_out_file *o, char *err,
		      size_t errlen)
{
	char why[RS_MSG_LEN];
	FILE *f = fdopen(o->fd, "w");
	int ret;

	if (!f)
		rs_die(_("out of memory"));
	ret = rs_snapshot_save_yaml(s, f, why, sizeof(why));
	if (ret)
		snprintf(err, errlen, "%s: %s", o->path, why);
	if (!ret && fflush(f)) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", o->path, strerror(errno));
	}
	if (ret)
		rs_out_replace_abort(o);
	else
		ret = rs_out_replace_commit(o, err, errlen);
	fclose(f);
	return ret;
}

int rs_snapshot_save_file(const struct rs_snapshot *s, const char *path, char *err, size_t errlen)
{
	struct rs_out_file o;
	int ret;

	if (errlen)
		err[0] = '\0';
	if (!path[0]) {
		snprintf(err, errlen, _("no file name given"));
		return -EINVAL;
	}
	ret = rs_out_replace_begin(&o, path, err, errlen);
	return ret ? ret : write_yaml(s, &o, err, errlen);
}
#define RS_SNAPSHOT_MAX_BYTES (64u << 20)

/* Read a whole file of at most RS_SNAPSHOT_MAX_BYTES. */
static int read_all(const char *path, char **out, size_t *outlen, char *err, size_t errlen)
{
	size_t len = 0, cap = 65536;
	char *buf;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;

		snprintf(err, errlen, "%s: %s", path, strerror(e));
		return -e;
	}
	buf = rs_xmalloc(cap);
	for (;;) {
		ssize_t n;

		if (len > RS_SNAPSHOT_MAX_BYTES) {
			snprintf(err, errlen, _("%s: larger than %u MiB, not a snapshot"),
				 path, RS_SNAPSHOT_MAX_BYTES >> 20);
			free(buf);
			close(fd);
			return -EFBIG;
		}
		if (len == cap) {
			/* One byte past the cap is enough to know it is too big. */
			cap = cap * 2 > RS_SNAPSHOT_MAX_BYTES ? RS_SNAPSHOT_MAX_BYTES + 1 : cap * 2;
			buf = rs_xrealloc(buf, cap);
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			snprintf(err, errlen, "%s: %s", path, strerror(e));
			free(buf);
			close(fd);
			return -e;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	*out = buf;
	*outlen = len;
	return 0;
}

int rs_snapshot_load_file(struct rs_snapshot *s, const char *path, char *err, size_t errlen)
{
	size_t len = 0;
	char *buf = NULL;
	int ret;

	rs_snapshot_init(s);
	if (errlen)
		err[0] = '\0';
	ret = read_all(path, &buf, &len, err, errlen);
	if (ret)
		return ret;
	ret = rs_snapshot_load_text(s, buf, len, path, RS_LOAD_NEED_END, err, errlen);
	free(buf);
	return ret;
}
