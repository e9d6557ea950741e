/* SPDX-License-Identifier: MIT */
/*
 * termout.c - printf whose string arguments are escaped for a terminal
 * (termout.h).
 *
 * The format is walked here; each conversion is handed back to the C
 * library (snprintf with a one-conversion format built from the same
 * flags, width, precision and length), except %s and %c, whose argument
 * is escaped with rs_escape_text() and padded by characters.  The output
 * is built in memory and written with one fwrite, so a line is never
 * interleaved with another writer's half line.
 */
#include "termout.h"
#include "fmtwalk.h"
#include "i18n.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <wchar.h>

struct tbuf {
	char *p;
	size_t n, cap;
};

static void put(struct tbuf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->p = rs_xrealloc(b->p, b->cap);
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
}

static void put_pad(struct tbuf *b, size_t n)
{
	while (n--)
		put(b, " ", 1);
}


/* Characters (code points) in the first n bytes of escaped text. */
static size_t chars(const char *s, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; c++) {
		size_t l = rs_utf8_len((const unsigned char *)s + i, n - i);

		i += l ? l : 1;
	}
	return c;
}

/*
 * Terminal columns of the first n bytes of escaped text.  Translated
 * text is Chinese, whose characters take two columns each (wcwidth), so
 * a table padded by characters would lose its alignment; English output
 * keeps counting characters, the same bytes whatever the locale.
 */
static size_t cols(const char *s, size_t n)
{
	mbstate_t st = { 0 };
	size_t c = 0;

	if (!rs_i18n_translating())
		return chars(s, n);
	for (size_t i = 0; i < n;) {
		wchar_t wc;
		size_t l = mbrtowc(&wc, s + i, n - i, &st);
		int w;

		if (l == (size_t)-1 || l == (size_t)-2 || l == 0) {
			memset(&st, 0, sizeof(st));
			l = 1;
			w = 1;
		} else {
			w = wcwidth(wc);
		}
		c += w > 0 ? (size_t)w : 0;
		i += l;
	}
	return c;
}

/* Bytes of the first `want` characters of s (n bytes). */
static size_t chars_bytes(const char *s, size_t n, size_t want)
{
	size_t i = 0;

	while (i < n && want--) {
		size_t l = rs_utf8_len((const unsigned char *)s + i, n - i);

		i += l ? l : 1;
	}
	return i;
}

/* %s: a precision takes that many characters of the argument (as printf
 * takes bytes), which are then escaped; the width pads the escaped text
 * to that many columns (cols()). */
static void put_text(struct tbuf *b, const struct rs_fmt_spec *sp, const char *s, size_t n)
{
	size_t need, len, w;
	char *esc;

	if (sp->prec >= 0)
		n = chars_bytes(s, n, (size_t)sp->prec);
	need = RS_ESCAPE_MAX(n);
	esc = rs_xmalloc(need);
	len = rs_escape_text(esc, need, s, n);
	w = cols(esc, len);
	if (!strchr(sp->flags, '-') && sp->width > 0 && (size_t)sp->width > w)
		put_pad(b, (size_t)sp->width - w);
	put(b, esc, len);
	if (strchr(sp->flags, '-') && sp->width > 0 && (size_t)sp->width > w)
		put_pad(b, (size_t)sp->width - w);
	free(esc);
}

size_t rs_tcols(const char *s, size_t n)
{
	return cols(s, n);
}

size_t rs_tchars(const char *s)
{
	size_t n = strlen(s), need = RS_ESCAPE_MAX(n), w;
	char *esc = rs_xmalloc(need);

	w = cols(esc, rs_escape_text(esc, need, s, n));
	free(esc);
	return w;
}

/* A number, formatted by the C library (rs_fmt_number). */
static void put_number(struct tbuf *b, const struct rs_fmt_spec *sp, const union rs_fmt_arg *a)
{
	char one[128];
	int n = rs_fmt_number(one, sizeof(one), sp, a);

	if (n >= (int)sizeof(one)) {
		char *big = rs_xmalloc((size_t)n + 1);

		rs_fmt_number(big, (size_t)n + 1, sp, a);
		put(b, big, (size_t)n);
		free(big);
	} else if (n > 0) {
		put(b, one, (size_t)n);
	}
}

static void walk_literal(void *ctx, const char *s, size_t n)
{
	put(ctx, s, n);
}

static void walk_conversion(void *ctx, const struct rs_fmt_spec *sp, const union rs_fmt_arg *a)
{
	const char *s;
	char c;

	switch (sp->conv) {
	case 's':
		s = a->s ? a->s : "(null)";
		put_text(ctx, sp, s, strlen(s));
		break;
	case 'c':
		c = (char)a->i;
		put_text(ctx, sp, &c, 1);
		break;
	default:
		put_number(ctx, sp, a);
	}
}

static const struct rs_fmt_ops walk_ops = { walk_literal, walk_conversion };

/*
 * A format the walk refuses (a conversion it does not know, or a
 * translation whose positions do not add up) is printed as its own text,
 * escaped: the message is still seen, and nothing is read that was not
 * passed.
 */
static void format(struct tbuf *b, const char *fmt, va_list ap)
{
	put(b, "", 0);
	if (rs_fmt_walk(fmt, ap, &walk_ops, b) < 0) {
		struct rs_fmt_spec sp = { .width = -1, .prec = -1, .conv = 's' };

		b->n = 0;
		put_text(b, &sp, fmt, strlen(fmt));
	}
}

int rs_vtprintf(FILE *f, const char *fmt, va_list ap)
{
	struct tbuf b = { 0 };
	int ret;

	format(&b, fmt, ap);
	ret = fwrite(b.p, 1, b.n, f) == b.n ? (int)b.n : -1;
	free(b.p);
	return ret;
}

int rs_tprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = rs_vtprintf(f, fmt, ap);
	va_end(ap);
	return ret;
}

char *rs_vtasprintf(const char *fmt, va_list ap)
{
	struct tbuf b = { 0 };

	format(&b, fmt, ap);
	return b.p;
}

char *rs_tasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = rs_vtasprintf(fmt, ap);
	va_end(ap);
	return s;
}

int rs_tput_lines(FILE *f, const char *text)
{
	struct tbuf b = { 0 };
	struct rs_fmt_spec sp = { .width = -1, .prec = -1, .conv = 's' };
	int ret;

	put(&b, "", 0);
	while (*text) {
		size_t n = strcspn(text, "\n");

		put_text(&b, &sp, text, n);
		text += n;
		if (*text == '\n') {
			put(&b, "\n", 1);
			text++;
		}
	}
	ret = fwrite(b.p, 1, b.n, f) == b.n ? (int)b.n : -1;
	free(b.p);
	return ret;
}
