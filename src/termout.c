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

/* One conversion as the C library sees it: "%-12.3lld" and its parts. */
struct spec {
	char flags[8];
	int width;		/* -1: none */
	int prec;		/* -1: none */
	char len[3];		/* "", "h", "hh", "l", "ll", "L", "z", "j", "t" */
	char conv;
};

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
static void put_text(struct tbuf *b, const struct spec *sp, const char *s, size_t n)
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

/* "%" flags width .prec length conv, widths from '*' already resolved. */
static void spec_format(const struct spec *sp, char *fmt, size_t len)
{
	char w[16] = "", p[16] = "";

	if (sp->width >= 0)
		snprintf(w, sizeof(w), "%d", sp->width);
	if (sp->prec >= 0)
		snprintf(p, sizeof(p), ".%d", sp->prec);
	snprintf(fmt, len, "%%%s%s%s%s%c", sp->flags, w, p, sp->len, sp->conv);
}

/* val is a va_arg(): evaluated once, then formatted (twice when long). */
#define FMT_ONE(b, fmt, val) do { \
	__typeof__(val) v_ = (val); \
	char one_[128]; \
	int n_ = snprintf(one_, sizeof(one_), (fmt), v_); \
	if (n_ >= (int)sizeof(one_)) { \
		char *big_ = rs_xasprintf((fmt), v_); \
		put((b), big_, strlen(big_)); \
		free(big_); \
	} else if (n_ > 0) { \
		put((b), one_, (size_t)n_); \
	} \
} while (0)

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void put_signed(struct tbuf *b, const struct spec *sp, const char *fmt, va_list *ap)
{
	if (!strcmp(sp->len, "l"))
		FMT_ONE(b, fmt, va_arg(*ap, long));
	else if (!strcmp(sp->len, "ll"))
		FMT_ONE(b, fmt, va_arg(*ap, long long));
	else if (!strcmp(sp->len, "z"))
		FMT_ONE(b, fmt, va_arg(*ap, ssize_t));
	else if (!strcmp(sp->len, "j"))
		FMT_ONE(b, fmt, va_arg(*ap, intmax_t));
	else if (!strcmp(sp->len, "t"))
		FMT_ONE(b, fmt, va_arg(*ap, ptrdiff_t));
	else
		FMT_ONE(b, fmt, va_arg(*ap, int));	/* "", "h", "hh": promoted */
}

static void put_unsigned(struct tbuf *b, const struct spec *sp, const char *fmt, va_list *ap)
{
	if (!strcmp(sp->len, "l"))
		FMT_ONE(b, fmt, va_arg(*ap, unsigned long));
	else if (!strcmp(sp->len, "ll"))
		FMT_ONE(b, fmt, va_arg(*ap, unsigned long long));
	else if (!strcmp(sp->len, "z"))
		FMT_ONE(b, fmt, va_arg(*ap, size_t));
	else if (!strcmp(sp->len, "j"))
		FMT_ONE(b, fmt, va_arg(*ap, uintmax_t));
	else if (!strcmp(sp->len, "t"))
		FMT_ONE(b, fmt, va_arg(*ap, ptrdiff_t));
	else
		FMT_ONE(b, fmt, va_arg(*ap, unsigned));
}

static void put_number(struct tbuf *b, const struct spec *sp, va_list *ap)
{
	char fmt[48];

	spec_format(sp, fmt, sizeof(fmt));
	if (strchr("di", sp->conv))
		put_signed(b, sp, fmt, ap);
	else if (strchr("uoxX", sp->conv))
		put_unsigned(b, sp, fmt, ap);
	else if (sp->conv == 'p')
		FMT_ONE(b, fmt, va_arg(*ap, void *));
	else if (!strcmp(sp->len, "L"))
		FMT_ONE(b, fmt, va_arg(*ap, long double));
	else
		FMT_ONE(b, fmt, va_arg(*ap, double));
}
#pragma GCC diagnostic pop

/* Parse one conversion after its '%'; returns the character after it. */
static const char *parse_spec(const char *f, struct spec *sp, va_list *ap)
{
	size_t n = 0;

	memset(sp, 0, sizeof(*sp));
	sp->width = sp->prec = -1;
	while (*f && strchr("-+ #0", *f) && n + 1 < sizeof(sp->flags))
		sp->flags[n++] = *f++;
	if (*f == '*') {
		sp->width = va_arg(*ap, int);
		if (sp->width < 0) {	/* as printf: a negative width is '-' */
			sp->width = -sp->width;
			if (n + 1 < sizeof(sp->flags))
				sp->flags[n++] = '-';
		}
		f++;
	} else if (*f >= '0' && *f <= '9') {
		sp->width = (int)strtol(f, (char **)&f, 10);
	}
	if (*f == '.') {
		f++;
		if (*f == '*') {
			sp->prec = va_arg(*ap, int);	/* negative: as if none */
			f++;
		} else {
			sp->prec = (int)strtol(f, (char **)&f, 10);
		}
	}
	n = 0;
	while (*f && strchr("hlLzjt", *f) && n + 1 < sizeof(sp->len))
		sp->len[n++] = *f++;
	sp->conv = *f;
	return *f ? f + 1 : f;
}

static void conversion(struct tbuf *b, const struct spec *sp, va_list *ap)
{
	const char *s;
	char c;

	switch (sp->conv) {
	case 's':
		s = va_arg(*ap, const char *);
		if (!s)
			s = "(null)";
		put_text(b, sp, s, strlen(s));
		break;
	case 'c':
		c = (char)va_arg(*ap, int);
		put_text(b, sp, &c, 1);
		break;
	case '%':
		put(b, "%", 1);
		break;
	case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': case 'p':
	case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
		put_number(b, sp, ap);
		break;
	default:
		/* %n or a typo: the compiler's format check catches these first. */
		rs_die("rs_tprintf: unsupported conversion '%%%c'", sp->conv);
	}
}

static void format(struct tbuf *b, const char *fmt, va_list ap)
{
	va_list aq;

	va_copy(aq, ap);
	put(b, "", 0);
	while (*fmt) {
		size_t lit = strcspn(fmt, "%");
		struct spec sp;

		put(b, fmt, lit);
		fmt += lit;
		if (!*fmt)
			break;
		fmt = parse_spec(fmt + 1, &sp, &aq);
		conversion(b, &sp, &aq);
	}
	va_end(aq);
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
	struct spec sp = { .width = -1, .prec = -1, .conv = 's' };
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
