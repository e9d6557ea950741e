/* SPDX-License-Identifier: MIT */
/*
 * fmtwalk.h - the printf format walk shared by the program's own printf
 * variants: rs_tprintf() (termout.h: escaped text for a terminal) and the
 * console's ui_format() (padded by display width).
 *
 * A translation may reorder a message's arguments ("%2$s 的端口 %1$u"),
 * which C allows with positional conversions; a walker that takes the
 * arguments one after the other would print the wrong value or read past
 * them.  rs_fmt_walk() parses the whole format first, takes every
 * argument once in its own type (by position when the format numbers
 * them, in order otherwise), then hands the caller each literal run and
 * each conversion with its value.  What it cannot format safely (an
 * unknown conversion, %n, positional and plain conversions mixed, a
 * position past RS_FMT_MAX_ARGS or one never used) is refused whole:
 * nothing is printed and -1 returned, so the caller can fall back.
 */
#ifndef RS_FMTWALK_H
#define RS_FMTWALK_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define RS_FMT_MAX_ARGS 32

/* One conversion: "%-12.3lld" and its parts, '*' already resolved. */
struct rs_fmt_spec {
	char flags[8];
	int width;		/* -1: none */
	int prec;		/* -1: none */
	char len[3];		/* "", "h", "hh", "l", "ll", "L", "z", "j", "t", "q" */
	char conv;		/* 'd', 's', 'f', ... */
};

/* A conversion's value, in the type its length and conversion name. */
union rs_fmt_arg {
	intmax_t i;		/* d i c, and every signed length */
	uintmax_t u;		/* u o x X */
	double d;
	long double ld;		/* L f e g a */
	const void *p;
	const char *s;
};

struct rs_fmt_ops {
	void (*literal)(void *ctx, const char *s, size_t n);
	void (*conversion)(void *ctx, const struct rs_fmt_spec *sp, const union rs_fmt_arg *a);
};

/* Walk fmt with the arguments in ap.  0, or -1 (nothing emitted) for a
 * format it refuses. */
int rs_fmt_walk(const char *fmt, va_list ap, const struct rs_fmt_ops *ops, void *ctx);

/* A number conversion (not s, c counts as a number) formatted by the C
 * library into dst (snprintf's contract: the length it needed). */
int rs_fmt_number(char *dst, size_t len, const struct rs_fmt_spec *sp,
		  const union rs_fmt_arg *a);

#endif
