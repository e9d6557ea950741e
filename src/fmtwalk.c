/* SPDX-License-Identifier: MIT */
/*
 * fmtwalk.c - parse a printf format whole, take its arguments by type
 * and position, hand back literals and conversions (fmtwalk.h).
 */
#include "fmtwalk.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

enum arg_type {
	T_NONE = 0, T_INT, T_LONG, T_LLONG, T_SSIZE, T_INTMAX, T_PTRDIFF,
	T_UINT, T_ULONG, T_ULLONG, T_SIZE, T_UINTMAX, T_DOUBLE, T_LDOUBLE,
	T_PTR, T_STR,
};

/* One piece of the format: the literal before a conversion, then it. */
struct piece {
	const char *lit;
	size_t litn;
	struct rs_fmt_spec sp;	/* conv 0: the format's tail, no conversion */
	int val, wpos, ppos;	/* argument slots (1-based), 0 none */
};

struct parse {
	struct piece *pc;
	size_t n;
	enum arg_type type[RS_FMT_MAX_ARGS + 1];
	int max, next, positional;	/* -1 undecided, 0 in order, 1 by position */
};

static enum arg_type type_of(const struct rs_fmt_spec *sp)
{
	const char *l = sp->len;
	int ll = !strcmp(l, "ll") || !strcmp(l, "q");

	if (sp->conv == 's')
		return T_STR;
	if (sp->conv == 'p')
		return T_PTR;
	if (strchr("fFeEgGaA", sp->conv))
		return !strcmp(l, "L") ? T_LDOUBLE : T_DOUBLE;
	if (strchr("dic", sp->conv))
		return ll ? T_LLONG : !strcmp(l, "l") ? T_LONG : !strcmp(l, "z") ? T_SSIZE :
		       !strcmp(l, "j") ? T_INTMAX : !strcmp(l, "t") ? T_PTRDIFF : T_INT;
	if (strchr("uoxX", sp->conv))
		return ll ? T_ULLONG : !strcmp(l, "l") ? T_ULONG : !strcmp(l, "z") ? T_SIZE :
		       !strcmp(l, "j") ? T_UINTMAX : !strcmp(l, "t") ? T_PTRDIFF : T_UINT;
	return T_NONE;		/* %n, or not a conversion: refused */
}

/* "12$" at f: its number, and f moved past it; 0 when f holds none. */
static int position(const char **f)
{
	const char *s = *f;
	int n = 0;

	while (*s >= '0' && *s <= '9' && n < 1000)
		n = n * 10 + (*s++ - '0');
	if (s == *f || *s != '$')
		return 0;
	*f = s + 1;
	return n;
}

/* The slot of the next argument: numbered (pos > 0) or the next in
 * order; -1 when the format mixes the two or goes past the maximum. */
static int slot(struct parse *p, int pos, enum arg_type t)
{
	int mode = pos > 0;

	if (p->positional < 0)
		p->positional = mode;
	if (p->positional != mode)
		return -1;
	if (!mode)
		pos = ++p->next;
	if (pos > RS_FMT_MAX_ARGS || t == T_NONE ||
	    (p->type[pos] != T_NONE && p->type[pos] != t))
		return -1;
	p->type[pos] = t;
	if (pos > p->max)
		p->max = pos;
	return pos;
}

/* A '*' width or precision at *f: its slot (0: none, -1: refused). */
static int star(struct parse *p, const char **f)
{
	int pos;

	if (**f != '*')
		return 0;
	(*f)++;
	pos = position(f);
	return slot(p, pos, T_INT);
}

/* Parse the conversion after '%' into pc; returns where the format goes
 * on, or NULL when it is refused. */
static const char *conversion(struct parse *p, const char *f, struct piece *pc)
{
	struct rs_fmt_spec *sp = &pc->sp;
	int pos = position(&f);
	size_t n = 0;

	sp->width = sp->prec = -1;
	while (*f && strchr("-+ #0'", *f) && n + 1 < sizeof(sp->flags))
		sp->flags[n++] = *f++;
	if ((pc->wpos = star(p, &f)) < 0)
		return NULL;
	for (; *f >= '0' && *f <= '9'; f++)
		sp->width = (sp->width < 0 ? 0 : sp->width * 10) + (*f - '0');
	if (*f == '.') {
		f++;
		if ((pc->ppos = star(p, &f)) < 0)
			return NULL;
		if (!pc->ppos)
			for (sp->prec = 0; *f >= '0' && *f <= '9'; f++)
				sp->prec = sp->prec * 10 + (*f - '0');
	}
	for (n = 0; *f && strchr("hlLqjzt", *f) && n + 1 < sizeof(sp->len); )
		sp->len[n++] = *f++;
	sp->conv = *f;
	if (!*f || (pc->val = slot(p, pos, type_of(sp))) < 0)
		return NULL;
	return f + 1;
}

/* Split fmt into pieces; 0, or -1 when refused. */
static int parse(struct parse *p, const char *fmt)
{
	size_t cap = 1;

	for (const char *s = fmt; (s = strchr(s, '%')); s++)
		cap++;
	p->pc = rs_xcalloc(cap, sizeof(*p->pc));
	while (1) {
		struct piece *pc = &p->pc[p->n++];
		size_t lit = 0;

		pc->lit = fmt;
		/* "%%" is literal text: it stays in the run, shown as one '%'
		 * by emit(). */
		while (fmt[lit] && (fmt[lit] != '%' || fmt[lit + 1] == '%'))
			lit += fmt[lit] == '%' ? 2 : 1;
		pc->litn = lit;
		fmt += lit;
		if (!*fmt)
			return 0;
		if (!(fmt = conversion(p, fmt + 1, pc)))
			return -1;
	}
}

/* Every argument once, in its slot's type: va_arg in order 1..max. */
static int fetch(const struct parse *p, va_list ap, union rs_fmt_arg *a)
{
	for (int i = 1; i <= p->max; i++) {
		switch (p->type[i]) {
		case T_INT: a[i].i = va_arg(ap, int); break;
		case T_LONG: a[i].i = va_arg(ap, long); break;
		case T_LLONG: a[i].i = va_arg(ap, long long); break;
		case T_SSIZE: a[i].i = va_arg(ap, ssize_t); break;
		case T_INTMAX: a[i].i = va_arg(ap, intmax_t); break;
		case T_PTRDIFF: a[i].i = va_arg(ap, ptrdiff_t); break;
		case T_UINT: a[i].u = va_arg(ap, unsigned); break;
		case T_ULONG: a[i].u = va_arg(ap, unsigned long); break;
		case T_ULLONG: a[i].u = va_arg(ap, unsigned long long); break;
		case T_SIZE: a[i].u = va_arg(ap, size_t); break;
		case T_UINTMAX: a[i].u = va_arg(ap, uintmax_t); break;
		case T_DOUBLE: a[i].d = va_arg(ap, double); break;
		case T_LDOUBLE: a[i].ld = va_arg(ap, long double); break;
		case T_PTR: a[i].p = va_arg(ap, void *); break;
		case T_STR: a[i].s = va_arg(ap, const char *); break;
		default: return -1;	/* a position no conversion uses */
		}
	}
	return 0;
}

/* A literal run, each "%%" in it as one '%'. */
static void literal(const struct rs_fmt_ops *ops, void *ctx, const char *s, size_t n)
{
	while (n) {
		const char *pct = memchr(s, '%', n);
		size_t k = pct ? (size_t)(pct - s) + 1 : n;

		ops->literal(ctx, s, k);
		s += pct ? k + 1 : k;
		n -= pct ? k + 1 : k;
	}
}

static void emit(const struct parse *p, const union rs_fmt_arg *a,
		 const struct rs_fmt_ops *ops, void *ctx)
{
	for (size_t i = 0; i < p->n; i++) {
		const struct piece *pc = &p->pc[i];
		struct rs_fmt_spec sp = pc->sp;

		if (pc->litn)
			literal(ops, ctx, pc->lit, pc->litn);
		if (!sp.conv)
			continue;
		if (pc->wpos) {
			sp.width = (int)a[pc->wpos].i;
			if (sp.width < 0) {	/* as printf: a negative width is '-' */
				size_t n = strlen(sp.flags);

				sp.width = -sp.width;
				if (n + 1 < sizeof(sp.flags))
					sp.flags[n] = '-';
			}
		}
		if (pc->ppos)
			sp.prec = a[pc->ppos].i < 0 ? -1 : (int)a[pc->ppos].i;
		ops->conversion(ctx, &sp, &a[pc->val]);
	}
}

int rs_fmt_walk(const char *fmt, va_list ap, const struct rs_fmt_ops *ops, void *ctx)
{
	struct parse p = { .positional = -1 };
	union rs_fmt_arg a[RS_FMT_MAX_ARGS + 1];
	va_list aq;
	int ret;

	va_copy(aq, ap);
	ret = parse(&p, fmt);
	if (!ret)
		ret = fetch(&p, aq, a);
	if (!ret)
		emit(&p, a, ops, ctx);
	va_end(aq);
	free(p.pc);
	return ret;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
int rs_fmt_number(char *dst, size_t len, const struct rs_fmt_spec *sp,
		  const union rs_fmt_arg *a)
{
	char fmt[48], w[16] = "", pr[16] = "";
	enum arg_type t = type_of(sp);

	if (sp->width >= 0)
		snprintf(w, sizeof(w), "%d", sp->width);
	if (sp->prec >= 0)
		snprintf(pr, sizeof(pr), ".%d", sp->prec);
	snprintf(fmt, sizeof(fmt), "%%%s%s%s%s%c", sp->flags, w, pr, sp->len, sp->conv);
	switch (t) {
	case T_INT: return snprintf(dst, len, fmt, (int)a->i);
	case T_LONG: return snprintf(dst, len, fmt, (long)a->i);
	case T_LLONG: return snprintf(dst, len, fmt, (long long)a->i);
	case T_SSIZE: return snprintf(dst, len, fmt, (ssize_t)a->i);
	case T_INTMAX: return snprintf(dst, len, fmt, a->i);
	case T_PTRDIFF: return snprintf(dst, len, fmt, (ptrdiff_t)a->i);
	case T_UINT: return snprintf(dst, len, fmt, (unsigned)a->u);
	case T_ULONG: return snprintf(dst, len, fmt, (unsigned long)a->u);
	case T_ULLONG: return snprintf(dst, len, fmt, (unsigned long long)a->u);
	case T_SIZE: return snprintf(dst, len, fmt, (size_t)a->u);
	case T_UINTMAX: return snprintf(dst, len, fmt, a->u);
	case T_DOUBLE: return snprintf(dst, len, fmt, a->d);
	case T_LDOUBLE: return snprintf(dst, len, fmt, a->ld);
	case T_PTR: return snprintf(dst, len, fmt, a->p);
	default: return snprintf(dst, len, "%s", "");
	}
}
#pragma GCC diagnostic pop
