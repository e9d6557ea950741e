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

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

int ui_width_fit(const char *s, int avail, size_t *nbytes, int *flags)
{
	mbstate_t st;
	const char *q = s;
	int cols = 0, f = UI_W_ASCII | UI_W_CLEAN;

	memset(&st, 0, sizeof(st));
	while (*q && cols < avail) {
		wchar_t wc;
		size_t k;
		int w;

		if ((unsigned char)*q < 0x80) {
			q++;
			cols++;
			continue;
		}
		f &= ~UI_W_ASCII;
		k = mbrtowc(&wc, q, MB_CUR_MAX, &st);
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

int ui_width(const char *s)
{
	return ui_width_fit(s, 1 << 30, NULL, NULL);
}

int ui_width_n(const char *s, size_t n)
{
	char buf[1024];

	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return ui_width(buf);
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

/* One conversion's parts: "%-*.*s" gives flags "-", width, precision. */
struct spec {
	char flags[8], len[3], conv;
	int width, prec;	/* -1: none */
};

/* Parse the spec after '%' into sp (widths from '*' taken from ap);
 * returns where the format goes on. */
static const char *spec_parse(const char *f, struct spec *sp, va_list *ap)
{
	size_t nf = 0, nl = 0;

	memset(sp, 0, sizeof(*sp));
	sp->width = sp->prec = -1;
	while (strchr("-+ #0'", *f) && *f && nf < sizeof(sp->flags) - 1)
		sp->flags[nf++] = *f++;
	if (*f == '*') {
		sp->width = va_arg(*ap, int);
		f++;
		if (sp->width < 0) {	/* as printf: a negative width is '-' */
			sp->width = -sp->width;
			if (nf < sizeof(sp->flags) - 1)
				sp->flags[nf++] = '-';
		}
	} else if (*f >= '0' && *f <= '9') {
		for (sp->width = 0; *f >= '0' && *f <= '9'; f++)
			sp->width = sp->width * 10 + (*f - '0');
	}
	if (*f == '.') {
		f++;
		if (*f == '*') {
			sp->prec = va_arg(*ap, int);
			f++;
		} else {
			for (sp->prec = 0; *f >= '0' && *f <= '9'; f++)
				sp->prec = sp->prec * 10 + (*f - '0');
		}
	}
	while (strchr("hlqjztL", *f) && *f && nl < sizeof(sp->len) - 1)
		sp->len[nl++] = *f++;
	sp->conv = *f;
	return *f ? f + 1 : f;
}

/* A number's conversion, as the C library formats it: the format is built
 * from the caller's, which the compiler checked (ui_format's attribute). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static int number(char *dst, size_t len, const struct spec *sp, va_list *ap)
{
	char fmt[40], w[16] = "", p[16] = "";
	const char *l = sp->len;

	if (sp->width >= 0)
		snprintf(w, sizeof(w), "%d", sp->width);
	if (sp->prec >= 0)
		snprintf(p, sizeof(p), ".%d", sp->prec);
	snprintf(fmt, sizeof(fmt), "%%%s%s%s%s%c", sp->flags, w, p, l, sp->conv);
	if (strchr("diouxXc", sp->conv)) {
		if (!strcmp(l, "ll") || !strcmp(l, "q"))
			return snprintf(dst, len, fmt, va_arg(*ap, long long));
		if (!strcmp(l, "l"))
			return snprintf(dst, len, fmt, va_arg(*ap, long));
		if (!strcmp(l, "z"))
			return snprintf(dst, len, fmt, va_arg(*ap, size_t));
		if (!strcmp(l, "j"))
			return snprintf(dst, len, fmt, va_arg(*ap, intmax_t));
		if (!strcmp(l, "t"))
			return snprintf(dst, len, fmt, va_arg(*ap, ptrdiff_t));
		return snprintf(dst, len, fmt, va_arg(*ap, int));
	}
	if (strchr("feEgGaAF", sp->conv))
		return l[0] == 'L' ? snprintf(dst, len, fmt, va_arg(*ap, long double)) :
				     snprintf(dst, len, fmt, va_arg(*ap, double));
	if (sp->conv == 'p')
		return snprintf(dst, len, fmt, va_arg(*ap, void *));
	return snprintf(dst, len, "%%%c", sp->conv);	/* unknown: shown, not guessed */
}
#pragma GCC diagnostic pop

/* A %s: at most prec columns of s, padded to width columns. */
static int string(char *dst, size_t len, const struct spec *sp, const char *s)
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

int ui_vformat(char *dst, size_t len, const char *fmt, va_list ap)
{
	size_t at = 0;
	va_list aq;

	va_copy(aq, ap);
	if (len)
		dst[0] = '\0';
	while (*fmt && at + 1 < len) {
		struct spec sp;
		int n;

		if (*fmt != '%' || fmt[1] == '%') {
			dst[at++] = *fmt;
			fmt += *fmt == '%' ? 2 : 1;
			continue;
		}
		fmt = spec_parse(fmt + 1, &sp, &aq);
		if (sp.conv == 's')
			n = string(dst + at, len - at, &sp, va_arg(aq, const char *));
		else
			n = number(dst + at, len - at, &sp, &aq);
		at += n < 0 ? 0 : (size_t)n < len - at ? (size_t)n : len - at - 1;
	}
	if (len)
		dst[at] = '\0';
	va_end(aq);
	return (int)at;
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
