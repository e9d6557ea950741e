/* SPDX-License-Identifier: MIT */
/* util.c - allocation and strings (see util.h; file access is util_file.c). */
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

uint32_t rs_utf8_hidden(const unsigned char *s, size_t l)
{
	uint32_t cp;

	if (l < 2)
		return 0;
	cp = utf8_cp(s, l);
	return cp_hidden(cp) ? cp : 0;
}

int rs_text_needs_escape(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;

	for (size_t i = 0; i < n;) {
		size_t l = rs_utf8_len(s + i, n - i);

		if (!l || s[i] < 0x20 || s[i] == 0x7f || (l > 1 && cp_hidden(utf8_cp(s + i, l))))
			return 1;
		i += l;
	}
	return 0;
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

void rs_mark_cut(char *buf, size_t size)
{
	size_t keep;

	if (size < sizeof(RS_ELLIPSIS) + 1) {
		if (size)
			buf[size - 1] = '\0';
		return;
	}
	keep = size - sizeof(RS_ELLIPSIS);
	/* Never split a UTF-8 sequence: back up to the start of one. */
	while (keep && ((unsigned char)buf[keep] & 0xc0) == 0x80)
		keep--;
	memcpy(buf + keep, RS_ELLIPSIS, sizeof(RS_ELLIPSIS));
}

int rs_strcpy_cut(char *dst, const char *src, size_t size)
{
	if (rs_strlcpy(dst, src, size) < size)
		return 0;
	rs_mark_cut(dst, size);
	return 1;
}

int rs_parse_u64(const char *s, uint64_t *v)
{
	uint64_t x = 0;

	while (isspace((unsigned char)*s))
		s++;
	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	for (; isdigit((unsigned char)*s); s++) {
		unsigned d = (unsigned)(*s - '0');

		if (x > (UINT64_MAX - d) / 10)
			return -ERANGE;
		x = x * 10 + d;
	}
	while (isspace((unsigned char)*s))
		s++;
	if (*s)
		return -EINVAL;
	*v = x;
	return 0;
}

const char *rs_strerror(int err)
{
	int e = err < 0 ? -err : err;

	if (e == RS_ENOTREG)
		return "not a regular file";
	if (e == EOVERFLOW)
		return "too long for its field: cut (ends with " RS_ELLIPSIS ")";
	return strerror(e);
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

const char *rs_self_exe(void)
{
	static char path[4096];
	ssize_t n;

	if (path[0])
		return path;
	n = readlink("/proc/self/exe", path, sizeof(path) - 1);
	if (n <= 0 || (size_t)n >= sizeof(path) - 1)
		return "/proc/self/exe";
	path[n] = '\0';
	return path;
}
