/* SPDX-License-Identifier: MIT */
/*
 * util_file.c - file access through the one overridable root (util.h).
 *
 * The files read here come from sysfs and procfs on a live host, or from a
 * fixture tree under --root, which may be a broken or hostile copy: nothing
 * about them is trusted.  So every read
 *   - opens with O_NONBLOCK and refuses what is not a regular file (a FIFO
 *     would block open() and read() forever, a device may never end);
 *   - reads in a loop until end of file (procfs hands out a page a read);
 *   - says when the value did not fit instead of cutting it silently
 *     (rs_read_str: -EOVERFLOW, the head and an ellipsis in the buffer);
 * and numbers are decimal only (rs_read_u64) or sysfs's "0x" hex
 * (rs_read_x64): no sign, no octal, no wrap.
 */
#include "util.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* How much past a full buffer is read to tell a cut from trailing blanks. */
#define RS_READ_SCAN_MAX 65536

static char rs_root_dir[4096] = "";	/* "" means "/" */

void rs_root_set(const char *root)
{
	size_t n;

	if (!root || !strcmp(root, "/")) {
		rs_root_dir[0] = '\0';
		return;
	}
	RS_STRCPY(rs_root_dir, root);
	/* "dir/" and "dir" are the same root. */
	n = strlen(rs_root_dir);
	while (n > 1 && rs_root_dir[n - 1] == '/')
		rs_root_dir[--n] = '\0';
}

const char *rs_root(void)
{
	return rs_root_dir[0] ? rs_root_dir : "/";
}

int rs_vpath(char *buf, size_t len, const char *fmt, va_list ap)
{
	size_t rl = strlen(rs_root_dir);
	int n;

	if (rl >= len)
		return -ENAMETOOLONG;
	memcpy(buf, rs_root_dir, rl);
	n = vsnprintf(buf + rl, len - rl, fmt, ap);
	if (n < 0)
		return -EINVAL;
	if ((size_t)n >= len - rl)
		return -ENAMETOOLONG;
	return 0;
}

int rs_path(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = rs_vpath(buf, len, fmt, ap);
	va_end(ap);
	return ret;
}

/*
 * A file descriptor of path, a regular file, or -errno (*size: st_size).
 * Under a fixture root a stat() comes first, so a device a hostile tree
 * links to (a watchdog, a tape) is never even opened; sysfs and procfs of
 * the live host hold no device nodes, and there the extra path walk (a
 * third of a read's cost) is saved.  O_NONBLOCK: a FIFO opens at once.
 */
static int open_regular(const char *path, off_t *size)
{
	struct stat st;
	int fd;

	if (rs_root_dir[0] && stat(path, &st))
		return -errno;
	if (rs_root_dir[0] && !S_ISREG(st.st_mode))
		return S_ISDIR(st.st_mode) ? -EISDIR : -RS_ENOTREG;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		int err = S_ISDIR(st.st_mode) ? -EISDIR : -RS_ENOTREG;

		close(fd);
		return err;
	}
	*size = st.st_size;
	return fd;
}

/* read() that retries on EINTR. */
static ssize_t read_some(int fd, char *buf, size_t len)
{
	ssize_t r;

	do
		r = read(fd, buf, len);
	while (r < 0 && errno == EINTR);
	return r < 0 ? -errno : r;
}

/* 1 when anything but blanks follows (or too much to look at), else 0. */
static int more_text(int fd)
{
	char extra[512];
	size_t seen = 0;
	ssize_t r;

	while (seen < RS_READ_SCAN_MAX && (r = read_some(fd, extra, sizeof(extra))) > 0) {
		for (ssize_t i = 0; i < r; i++)
			if (!isspace((unsigned char)extra[i]))
				return 1;
		seen += (size_t)r;
	}
	return seen >= RS_READ_SCAN_MAX;
}

/* The whole file into buf (len > 0), trimmed; -EOVERFLOW when cut. */
static int read_text(const char *path, char *buf, size_t len)
{
	size_t n = 0;
	off_t size;
	int fd, cut;

	fd = open_regular(path, &size);
	if (fd < 0)
		return fd;
	/*
	 * To end of file.  A file on disk says its size, and reading it stops
	 * there without a last read for the end; procfs says 0, sysfs 4096.
	 */
	while (n + 1 < len && (size <= 0 || (off_t)n != size)) {
		ssize_t r = read_some(fd, buf + n, len - 1 - n);

		if (r < 0) {
			close(fd);
			return (int)r;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	buf[n] = '\0';
	cut = n + 1 >= len && more_text(fd);
	close(fd);
	if (!cut) {
		rs_rtrim(buf);
		return 0;
	}
	rs_mark_cut(buf, len);
	return -EOVERFLOW;
}

/* The path of fmt under the root, for a read into buf (emptied first). */
static int read_path(char *path, size_t plen, char *buf, size_t len, const char *fmt,
		     va_list ap)
{
	if (!len)
		return -EINVAL;
	buf[0] = '\0';
	return rs_vpath(path, plen, fmt, ap);
}

int rs_read_str(char *buf, size_t len, const char *fmt, ...)
{
	char path[4096];
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = read_path(path, sizeof(path), buf, len, fmt, ap);
	va_end(ap);
	return ret ? ret : read_text(path, buf, len);
}

/* A number file's text: 20 digits of 2^64 - 1, with room to see more. */
static int read_number(char *buf, size_t len, const char *fmt, va_list ap)
{
	char path[4096];
	int ret = rs_vpath(path, sizeof(path), fmt, ap);

	if (ret)
		return ret;
	ret = read_text(path, buf, len);
	return ret == -EOVERFLOW ? -ERANGE : ret;
}

int rs_read_u64(uint64_t *val, const char *fmt, ...)
{
	char buf[64];
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = read_number(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return ret ? ret : rs_parse_u64(buf, val);
}

int rs_read_u64_path(uint64_t *val, const char *path)
{
	char buf[64];
	int ret = read_text(path, buf, sizeof(buf));

	if (ret)
		return ret == -EOVERFLOW ? -ERANGE : ret;
	return rs_parse_u64(buf, val);
}

int rs_read_x64(uint64_t *val, const char *fmt, ...)
{
	char buf[64];
	size_t digits;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = read_number(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (ret)
		return ret;
	digits = strspn(buf + 2, "0123456789abcdefABCDEF");
	if (buf[0] != '0' || (buf[1] != 'x' && buf[1] != 'X') || !digits || buf[2 + digits])
		return -EINVAL;
	if (digits > 16)
		return -ERANGE;
	*val = strtoull(buf + 2, NULL, 16);
	return 0;
}

int rs_read_link(char *buf, size_t len, const char *fmt, ...)
{
	char path[4096];
	va_list ap;
	ssize_t n;
	int ret;

	va_start(ap, fmt);
	ret = read_path(path, sizeof(path), buf, len, fmt, ap);
	va_end(ap);
	if (ret)
		return ret;
	n = readlink(path, buf, len);
	if (n < 0)
		return -errno;
	if ((size_t)n >= len) {
		buf[0] = '\0';
		return -ENAMETOOLONG;
	}
	buf[n] = '\0';
	return 0;
}

FILE *rs_fopen_read(const char *path)
{
	off_t size;
	int fd = open_regular(path, &size);
	FILE *f;

	if (fd < 0) {
		errno = -fd;
		return NULL;
	}
	f = fdopen(fd, "r");
	if (!f)
		rs_die("out of memory");
	return f;
}

static int natural_qsort_cmp(const void *a, const void *b)
{
	return rs_natural_cmp(*(char *const *)a, *(char *const *)b);
}

int rs_list_dir(char ***names, const char *fmt, ...)
{
	char path[4096];
	struct dirent *de;
	size_t n = 0, cap = 16;
	va_list ap;
	char **v;
	DIR *d;
	int ret;

	*names = NULL;
	va_start(ap, fmt);
	ret = rs_vpath(path, sizeof(path), fmt, ap);
	va_end(ap);
	if (ret)
		return ret;
	d = opendir(path);
	if (!d)
		return -errno;
	v = rs_xmalloc(cap * sizeof(*v));
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (n + 1 >= cap) {
			cap *= 2;
			v = rs_xrealloc(v, cap * sizeof(*v));
		}
		v[n++] = rs_xstrdup(de->d_name);
	}
	closedir(d);
	v[n] = NULL;
	qsort(v, n, sizeof(*v), natural_qsort_cmp);
	*names = v;
	return (int)n;
}
