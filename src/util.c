/* SPDX-License-Identifier: MIT */
/* util.c - allocation, strings and root-relative file access (see util.h). */
#include "util.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char rs_root_dir[4096] = "";	/* "" means "/" */

void rs_die(const char *fmt, ...)
{
	va_list ap;

	fputs("rocescope: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);	/* a failure, not a usage error (2) */
}

void *rs_xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		rs_die("out of memory (%zu bytes)", size);
	return p;
}

void *rs_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		rs_die("out of memory (%zu x %zu bytes)", n, size);
	return p;
}

void *rs_xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);

	if (!q)
		rs_die("out of memory (%zu bytes)", size);
	return q;
}

char *rs_xstrdup(const char *s)
{
	char *d = strdup(s ? s : "");

	if (!d)
		rs_die("out of memory");
	return d;
}

char *rs_xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		rs_die("out of memory");
	return s;
}

size_t rs_strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len < size - 1 ? len : size - 1;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}

int rs_snprintf(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -EINVAL;
	if ((size_t)n >= len)
		return -ENAMETOOLONG;
	return 0;
}

size_t rs_utf8_len(const unsigned char *s, size_t left)
{
	unsigned char c = s[0];
	size_t n;
	uint32_t cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, cp = c & 0x07;
	else
		return 0;
	if (n > left)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return n;
}

/* The code point of the valid UTF-8 sequence s of n bytes (2..4). */
static uint32_t utf8_cp(const unsigned char *s, size_t n)
{
	uint32_t cp = s[0] & (0x7f >> n);

	for (size_t i = 1; i < n; i++)
		cp = (cp << 6) | (s[i] & 0x3f);
	return cp;
}

/* C1 controls, and the bidi embeddings, overrides and isolates. */
static int cp_hidden(uint32_t cp)
{
	return (cp >= 0x80 && cp <= 0x9f) || (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069);
}

/* Append text to dst within size, always counting it in *at. */
static void esc_put(char *dst, size_t size, size_t *at, const char *text, size_t n)
{
	for (size_t i = 0; i < n; i++, (*at)++)
		if (*at + 1 < size)
			dst[*at] = text[i];
}

size_t rs_escape_text(char *dst, size_t size, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t at = 0, i = 0;
	char tmp[12];

	while (i < n) {
		size_t l = rs_utf8_len(s + i, n - i);
		int k;

		if (s[i] == '\\' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			k = snprintf(tmp, sizeof(tmp), "\\%c", s[i] == '\\' ? '\\' :
				     s[i] == '\t' ? 't' : s[i] == '\n' ? 'n' : 'r');
			l = 1;
		} else if (!l || s[i] < 0x20 || s[i] == 0x7f) {
			k = snprintf(tmp, sizeof(tmp), "\\x%02x", s[i]);
			l = 1;
		} else if (l > 1 && cp_hidden(utf8_cp(s + i, l))) {
			k = snprintf(tmp, sizeof(tmp), "\\u%04x", (unsigned)utf8_cp(s + i, l));
		} else {
			esc_put(dst, size, &at, (const char *)s + i, l);
			i += l;
			continue;
		}
		esc_put(dst, size, &at, tmp, (size_t)k);
		i += l;
	}
	if (size)
		dst[at < size ? at : size - 1] = '\0';
	return at;
}

char *rs_rtrim(char *s)
{
	size_t n = strlen(s);

	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

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

static int read_file(const char *path, char *buf, size_t len)
{
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	if (n < 0) {
		int err = -errno;

		close(fd);
		return err;
	}
	close(fd);
	buf[n] = '\0';
	rs_rtrim(buf);
	return 0;
}

int rs_read_str(char *buf, size_t len, const char *fmt, ...)
{
	char path[4096];
	va_list ap;
	int ret;

	if (!len)
		return -EINVAL;
	buf[0] = '\0';
	va_start(ap, fmt);
	ret = rs_vpath(path, sizeof(path), fmt, ap);
	va_end(ap);
	if (ret)
		return ret;
	return read_file(path, buf, len);
}

int rs_read_u64(uint64_t *val, const char *fmt, ...)
{
	char path[4096], buf[64], *end;
	unsigned long long v;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = rs_vpath(path, sizeof(path), fmt, ap);
	va_end(ap);
	if (ret)
		return ret;
	ret = read_file(path, buf, sizeof(buf));
	if (ret)
		return ret;
	errno = 0;
	v = strtoull(buf, &end, 0);
	if (errno || end == buf || (*end && !isspace((unsigned char)*end)))
		return -EINVAL;
	*val = v;
	return 0;
}

int rs_read_link(char *buf, size_t len, const char *fmt, ...)
{
	char path[4096];
	va_list ap;
	ssize_t n;
	int ret;

	if (!len)
		return -EINVAL;
	buf[0] = '\0';
	va_start(ap, fmt);
	ret = rs_vpath(path, sizeof(path), fmt, ap);
	va_end(ap);
	if (ret)
		return ret;
	n = readlink(path, buf, len - 1);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return 0;
}

int rs_natural_cmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			unsigned long long x = strtoull(a, (char **)&a, 10);
			unsigned long long y = strtoull(b, (char **)&b, 10);

			if (x != y)
				return x < y ? -1 : 1;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
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

void rs_strv_free(char **v)
{
	if (!v)
		return;
	for (char **p = v; *p; p++)
		free(*p);
	free(v);
}

uint64_t rs_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}
