/* SPDX-License-Identifier: MIT */
/*
 * act_file.c - the changes that are files: one value of procfs, sysfs or
 * configfs (a sysctl, huge pages, an ECN switch, rdma_cm's defaults), and
 * our own files in /etc, written whole.
 *
 * Every path is under the root (util.h), so a fixture tree takes the same
 * writes a live host does.  A value file is opened without following a
 * symlink and written as `echo` does (the value and a newline); on a
 * filesystem that keeps what it is given (a fixture tree) the rest of the
 * old content is cut off, which sysfs, procfs and configfs do themselves.
 */
#include "fix/fix_priv.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#define RS_SYSFS_MAGIC 0x62656572
#define RS_PROC_MAGIC 0x9fa0
#define RS_CONFIGFS_MAGIC 0x62656570

static int full_path(const struct rs_fix_entry *e, char *buf, size_t len, char *err,
		     size_t errlen)
{
	if (rs_path(buf, len, "%s", e->target))
		return rs_fix_err(err, errlen, ENAMETOOLONG, "%s: name too long", e->target);
	return 0;
}

static int value_read(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		      size_t errlen)
{
	char path[4096];
	int ret = full_path(e, path, sizeof(path), err, errlen);

	if (!ret)
		ret = rs_read_str(e->old, sizeof(e->old), "%s", e->target);
	if (ret)
		return rs_fix_err(err, errlen, -ret, "%s: %s", path, rs_strerror(ret));
	return 0;
}

/* Write "value\n" into an existing file, as `echo value > path` does. */
static int write_value(const char *path, const char *value, char *err, size_t errlen)
{
	int fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
	char line[RS_FIX_VAL_LEN + 2];
	struct statfs fs;
	ssize_t w;
	size_t n;

	if (fd < 0)
		return rs_fix_err(err, errlen, errno, "%s: %s", path, strerror(errno));
	n = (size_t)snprintf(line, sizeof(line), "%s\n", value);
	w = write(fd, line, n);
	if (w == (ssize_t)n && !fstatfs(fd, &fs) && fs.f_type != RS_SYSFS_MAGIC &&
	    fs.f_type != RS_PROC_MAGIC && fs.f_type != RS_CONFIGFS_MAGIC &&
	    ftruncate(fd, (off_t)n))
		w = -1;
	if (w != (ssize_t)n) {
		int e = w < 0 ? errno : EIO;

		close(fd);
		/* The kernel's refusal is the answer (EINVAL: not a value it takes). */
		return rs_fix_err(err, errlen, e, "%s: writing '%s': %s", path, value, strerror(e));
	}
	if (close(fd))
		return rs_fix_err(err, errlen, errno, "%s: %s", path, strerror(errno));
	return 0;
}

static int value_apply(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		       size_t errlen)
{
	char path[4096], now[RS_FIX_VAL_LEN];
	int ret = full_path(e, path, sizeof(path), err, errlen);

	if (ret || (ret = write_value(path, e->want, err, errlen)))
		return ret;
	/* The kernel may take less than asked (huge pages: the memory there is). */
	if (!rs_read_str(now, sizeof(now), "%s", e->target) && strcmp(now, e->want))
		snprintf(e->message, sizeof(e->message), "asked %.100s, the kernel now says %.100s",
			 e->want, now);
	return 0;
}

static int value_restore(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
			 size_t errlen)
{
	char path[4096];
	int ret = full_path(e, path, sizeof(path), err, errlen);

	return ret ? ret : write_value(path, e->old, err, errlen);
}

const struct rs_fix_action rs_fix_act_value = {
	.read = value_read, .apply = value_apply, .restore = value_restore,
};

/* ------------------------------------------------------- our /etc files */

static int file_kind_of(const struct rs_fix_entry *e)
{
	for (int f = 0; f < RS_FIX_FILES; f++)
		if (!strcmp(rs_fix_file_path((enum rs_fix_file)f), e->target))
			return f;
	return -1;
}

/*
 * The topmost missing directory above path (a host without
 * /etc/modules-load.d, a fixture tree), into top; "" when the directory is
 * there.  Known before anything changes, so undo removes what was made.
 */
static void missing_top(const char *path, char *top, size_t len)
{
	char dir[4096];
	struct stat st;
	char *slash;

	top[0] = '\0';
	RS_STRCPY(dir, path);
	while ((slash = strrchr(dir, '/')) && slash != dir) {
		*slash = '\0';
		if (!stat(dir, &st))
			return;
		rs_strlcpy(top, dir, len);
	}
}

/* mkdir -p of the directories of path, 0755 (they are /etc's). */
static int make_parents(const char *path)
{
	char dir[4096];
	struct stat st;

	RS_STRCPY(dir, path);
	for (char *p = dir + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		if (stat(dir, &st) && mkdir(dir, 0755) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	return 0;
}

/* Remove the directories of path up to top, deepest first, while empty:
 * someone may have put a file of theirs there since. */
static int remove_parents(const char *path, const char *top)
{
	char dir[4096];
	char *slash;

	RS_STRCPY(dir, path);
	while ((slash = strrchr(dir, '/')) && slash != dir) {
		*slash = '\0';
		if (rmdir(dir) && errno != ENOENT)
			return errno == ENOTEMPTY || errno == EEXIST ? 0 : -errno;
		if (!strcmp(dir, top))
			return 0;
	}
	return 0;
}

static int file_read(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		     size_t errlen)
{
	char path[4096];
	int ret = full_path(e, path, sizeof(path), err, errlen);

	if (ret)
		return ret;
	if (file_kind_of(e) < 0)
		return rs_fix_err(err, errlen, EINVAL, "%s is not a file rocescope writes", path);
	ret = rs_fix_read_file(path, e->old, sizeof(e->old), NULL);
	if (ret == -ENOENT) {
		char top[4096];

		e->old[0] = '\0';
		/* No directory either: made, and removed on undo ("absent, made DIR"). */
		missing_top(path, top, sizeof(top));
		if (top[0])
			snprintf(e->undo, sizeof(e->undo), "absent, made %.400s", top);
		else
			RS_STRCPY(e->undo, "absent");
		return 0;
	}
	if (ret)
		return rs_fix_err(err, errlen, -ret, "%s: %s", path, ret == -ELOOP ?
				  "a symlink (never followed)" : rs_strerror(ret));
	if (!rs_fix_file_is_ours(e->old))
		return rs_fix_err(err, errlen, EPERM, "%s exists and rocescope did not write it: "
				  "left as it is (add the lines by hand)", path);
	RS_STRCPY(e->undo, "present");
	return 0;
}

static int file_apply(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		      size_t errlen)
{
	char path[4096], text[RS_FIX_VAL_LEN * 2];
	int ret = full_path(e, path, sizeof(path), err, errlen);

	if (ret)
		return ret;
	ret = rs_fix_file_merge((enum rs_fix_file)file_kind_of(e), e->old,
				!strcmp(e->undo, "present"), e->want, text, sizeof(text));
	if (!ret && !strncmp(e->undo, "absent, made ", 13))
		ret = make_parents(path);
	if (ret)
		return rs_fix_err(err, errlen, -ret, "%s: %s", path, rs_strerror(ret));
	return rs_fix_write_file(path, text, strlen(text), 0644, err, errlen);
}

static int file_restore(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
			size_t errlen)
{
	char path[4096], now[RS_FIX_VAL_LEN * 2];
	int ret = full_path(e, path, sizeof(path), err, errlen);

	if (ret)
		return ret;
	ret = rs_fix_read_file(path, now, sizeof(now), NULL);
	/* Someone else's file took its place since: never touched. */
	if (!ret && !rs_fix_file_is_ours(now))
		return rs_fix_err(err, errlen, EPERM, "%s is no longer rocescope's: left as it is",
				  path);
	if (strncmp(e->undo, "absent", 6))
		return rs_fix_write_file(path, e->old, strlen(e->old), 0644, err, errlen);
	ret = ret == -ENOENT ? 0 : unlink(path) ? -errno : 0;
	if (!ret && !strncmp(e->undo, "absent, made ", 13))
		ret = remove_parents(path, e->undo + 13);
	if (ret)
		return rs_fix_err(err, errlen, -ret, "%s: %s", path, rs_strerror(ret));
	return 0;
}

const struct rs_fix_action rs_fix_act_file = {
	.read = file_read, .apply = file_apply, .restore = file_restore,
};
