/* SPDX-License-Identifier: MIT */
/*
 * width.c - display columns of text (width.h), and the console's printf
 * that pads and cuts its %s fields by them.
 *
 * The locale's LC_CTYPE decides what a byte sequence is (mbrtowc) and how
 * wide it is (wcwidth): in zh_CN.UTF-8 or C.UTF-8 "端口" is four columns,
 * in the C locale its six bytes are six '?'.  Numbers are formatted by
 * the C library exactly as printf formats them; only %s is ours.
 */
#include "ui/width.h"
#include "fmtwalk.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* ui_width_fit() on at most the first n bytes of s. */
static int fit_n(const char *s, size_t n, int avail, size_t *nbytes, int *flags)
{
	mbstate_t st;
	const char *q = s;
	int cols = 0, f = UI_W_ASCII | UI_W_CLEAN;

	memset(&st, 0, sizeof(st));
	while ((size_t)(q - s) < n && *q && cols < avail) {
		wchar_t wc;
		size_t k, left = n - (size_t)(q - s);
		int w;

		if ((unsigned char)*q < 0x80) {
			q++;
			cols++;
			continue;
		}
		f &= ~UI_W_ASCII;
		k = mbrtowc(&wc, q, left < MB_CUR_MAX ? left : MB_CUR_MAX, &st);
		if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
			f &= ~UI_W_CLEAN;	/* not valid here: drawn '?' per byte */
			memset(&st, 0, sizeof(st));
			q++;
			cols++;
			continue;
		}
		w = wcwidth(wc);
		if (w < 0)
			w = 1;
		if (cols + w > avail)
			break;
		q += k;
		cols += w;
	}
	if (nbytes)
		*nbytes = (size_t)(q - s);
	if (flags)
		*flags = f;
	return cols;
}

int ui_width_fit(const char *s, int avail, size_t *nbytes, int *flags)
{
	return fit_n(s, SIZE_MAX, avail, nbytes, flags);
}

int ui_width(const char *s)
{
	return ui_width_fit(s, 1 << 30, NULL, NULL);
}

int ui_width_n(const char *s, size_t n)
{
	return fit_n(s, n, 1 << 30, NULL, NULL);
}

size_t ui_width_pad(char *dst, size_t len, const char *s, int width, int left)
{
	size_t n, at = 0;
	int cols, pad;

	if (!len)
		return 0;
	if (width < 0)
		width = 0;
	cols = ui_width_fit(s, width, &n, NULL);
	pad = width - cols;
	if (n + (size_t)pad >= len) {	/* no room for all: as much as there is */
		n = n < len - 1 ? n : len - 1;
		pad = (int)(len - 1 - n);
	}
	if (!left)
		for (; pad > 0; pad--)
			dst[at++] = ' ';
	memcpy(dst + at, s, n);
	at += n;
	for (; pad > 0; pad--)
		dst[at++] = ' ';
	dst[at] = '\0';
	return at;
}

/* A %s: at most prec columns of s, padded to width columns. */
static int string(char *dst, size_t len, const struct rs_fmt_spec *sp, const char *s)
{
	char cut[1024];
	int cols;

	if (!s)
		s = "(null)";
	if (sp->prec >= 0) {
		size_t n;

		ui_width_fit(s, sp->prec, &n, NULL);
		snprintf(cut, sizeof(cut), "%.*s", (int)n, s);
		s = cut;
	}
	cols = ui_width(s);
	if (sp->width <= cols)
		return snprintf(dst, len, "%s", s);
	return (int)ui_width_pad(dst, len, s, sp->width, strchr(sp->flags, '-') != NULL);
}

/* Where ui_vformat() writes: dst[0..len), at bytes used so far. */
struct out {
	char *dst;
	size_t len, at;
};

static void advance(struct out *o, int n)
{
	size_t room = o->len - o->at;

	o->at += n < 0 ? 0 : (size_t)n < room ? (size_t)n : room - 1;
}

static void out_literal(void *ctx, const char *s, size_t n)
{
	struct out *o = ctx;

	if (o->at + 1 < o->len)
		advance(o, snprintf(o->dst + o->at, o->len - o->at, "%.*s", (int)n, s));
}

static void out_conversion(void *ctx, const struct rs_fmt_spec *sp, const union rs_fmt_arg *a)
{
	struct out *o = ctx;

	if (o->at + 1 >= o->len)
		return;
	if (sp->conv == 's')
		advance(o, string(o->dst + o->at, o->len - o->at, sp, a->s));
	else
		advance(o, rs_fmt_number(o->dst + o->at, o->len - o->at, sp, a));
}

/* A format the walk refuses is shown as its own text, not guessed at. */
int ui_vformat(char *dst, size_t len, const char *fmt, va_list ap)
{
	static const struct rs_fmt_ops ops = { out_literal, out_conversion };
	struct out o = { dst, len, 0 };

	if (!len)
		return 0;
	dst[0] = '\0';
	if (rs_fmt_walk(fmt, ap, &ops, &o) < 0) {
		o.at = 0;
		out_literal(&o, fmt, strlen(fmt));
	}
	dst[o.at] = '\0';
	return (int)o.at;
}

int ui_format(char *dst, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = ui_vformat(dst, len, fmt, ap);
	va_end(ap);
	return n;
}
