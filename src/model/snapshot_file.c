/* SPDX-License-Identifier: MIT */
/*
 * snapshot_file.c - the file around a snapshot's YAML: saving it so that no
 * reader ever sees half a file, and loading only a file that is whole.
 *
 * Save: the YAML goes to a new file made by mkstemp() in the directory of
 * the target ("PATH.tmp-XXXXXX", so any number of writers at once each have
 * their own), is fsync'ed, renamed over the target, and the directory is
 * fsync'ed.  Concurrent saves to one PATH each rename a whole file: the last
 * rename wins, nothing is torn.  A failed save removes its temporary file
 * and leaves the old PATH as it was.  PATH itself:
 *   - a regular file is replaced, keeping its permission bits;
 *   - a symbolic link is written through, as the shell's `>` does: the
 *     file it resolves to (every link followed) is replaced, the link
 *     stays; a dangling link, or one to anything but a regular file, is
 *     refused (`-o /dev/stdout` on a terminal, a link to a device);
 *   - anything else (directory, FIFO, device) is refused: a rename would
 *     replace `/dev/null` for root.
 *
 * Load: the whole file (at most 64 MiB) through the YAML reader with the
 * end marker required (RS_LOAD_NEED_END): a file cut short anywhere is an
 * error naming it, never a smaller host.
 */
#include "model/snapshot_yaml.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Make the rename durable: fsync the directory that holds path. */
static void sync_dir(const char *path)
{
	char *dir = rs_xstrdup(path), *slash = strrchr(dir, '/');
	int fd;

	if (!slash)
		strcpy(dir, ".");
	else if (slash == dir)
		slash[1] = '\0';
	else
		*slash = '\0';
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
}

/*
 * Where the save goes (*target, to free) and the mode of the new file:
 * path, or what a symlink at path resolves to; refused when that is not a
 * regular file (or nothing yet).
 */
static int save_target(const char *path, char **target, mode_t *mode, char *err,
		       size_t errlen)
{
	struct stat st;
	mode_t mask = umask(0);

	umask(mask);
	*mode = 0644 & ~mask;
	*target = NULL;
	if (lstat(path, &st)) {
		if (errno != ENOENT) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return -errno;
		}
		*target = rs_xstrdup(path);	/* a new file */
		return 0;
	}
	if (S_ISLNK(st.st_mode)) {
		*target = realpath(path, NULL);
		if (!*target || stat(*target, &st)) {
			int e = errno;

			snprintf(err, errlen, "%s: a symbolic link to nothing that can be written "
				 "(%s)", path, strerror(e));
			free(*target);
			*target = NULL;
			return -e;
		}
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file (snapshots replace their file "
			 "atomically; for standard output give -o -)", path);
		free(*target);
		*target = NULL;
		return -EINVAL;
	}
	*mode = st.st_mode & 07777;
	if (!*target)
		*target = rs_xstrdup(path);
	return 0;
}

/* The YAML into fd (the temporary file tmp), synced and closed. */
static int write_synced(const struct rs_snapshot *s, int fd, const char *tmp, mode_t mode,
			char *err, size_t errlen)
{
	char why[RS_MSG_LEN];
	FILE *f;
	int ret = 0;

	if (fchmod(fd, mode)) {
		ret = -errno;
		snprintf(err, errlen, "%s: chmod: %s", tmp, strerror(errno));
		close(fd);
		return ret;
	}
	f = fdopen(fd, "w");
	if (!f)
		rs_die("out of memory");
	ret = rs_snapshot_save_yaml(s, f, why, sizeof(why));
	if (ret)
		snprintf(err, errlen, "%s: %s", tmp, why);
	if (!ret && fsync(fd)) {
		ret = -errno;
		snprintf(err, errlen, "%s: fsync: %s", tmp, strerror(errno));
	}
	if (fclose(f) && !ret) {
		ret = -errno;
		snprintf(err, errlen, "%s: close: %s", tmp, strerror(errno));
	}
	return ret;
}

int rs_snapshot_save_file(const struct rs_snapshot *s, const char *path, char *err, size_t errlen)
{
	char *target, *tmp;
	mode_t mode;
	int fd, ret;

	if (errlen)
		err[0] = '\0';
	if (!path[0]) {
		snprintf(err, errlen, "no file name given");
		return -EINVAL;
	}
	ret = save_target(path, &target, &mode, err, errlen);
	if (ret)
		return ret;
	tmp = rs_xasprintf("%s.tmp-XXXXXX", target);
	/* O_EXCL inside: never an existing file, never a planted link. */
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "%s: cannot create a file beside it: %s", target,
			 strerror(errno));
		goto out;
	}
	ret = write_synced(s, fd, tmp, mode, err, errlen);
	if (!ret && rename(tmp, target)) {
		ret = -errno;
		snprintf(err, errlen, "%s: rename to %s: %s", tmp, target, strerror(errno));
	}
	if (ret)
		unlink(tmp);	/* the old file at target is untouched */
	else
		sync_dir(target);
out:
	free(tmp);
	free(target);
	return ret;
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
			snprintf(err, errlen, "%s: larger than %u MiB, not a snapshot",
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
