/* SPDX-License-Identifier: MIT */
/*
 * print.c - the text-or-JSON printer of print.h.
 *
 * Every value call goes one of two ways: with a JSON writer, key and value
 * to json.c; without, the format and the value to rs_tprintf().  Formats
 * reach here as variables, which the compiler cannot check against the
 * value, so fmt_fits() checks each at run time against the one type the
 * function was given: a mismatch prints nothing and is remembered.
 */
#include "print.h"
#include "termout.h"

#include <stdarg.h>
#include <string.h>

enum kind { K_STR, K_INT, K_UINT, K_U64, K_SIZE, K_DBL };

void rs_pr_init(struct rs_pr *p, FILE *f, struct rs_json *j)
{
	p->f = f;
	p->j = j;
	p->error = 0;
}

int rs_pr_error(const struct rs_pr *p)
{
	return p->error || (p->j && p->j->error);
}

/* The conversion after a '%' fits kind k: flags, width, precision, length. */
static int spec_fits(const char *s, enum kind k)
{
	static const char *const convs[] = { "s", "di", "uxXo", "uxXo", "uxX", "fFeEgGaA" };
	static const char *const lens[] = { "", "", "", "ll", "z", "" };
	const char *len = lens[k];

	s += strspn(s, "-+ #0");
	s += strspn(s, "0123456789");
	if (*s == '.') {
		s++;
		s += strspn(s, "0123456789");
	}
	if (strncmp(s, len, strlen(len)))
		return 0;
	s += strlen(len);
	return *s && strchr(convs[k], *s);
}

/* Exactly one conversion, of kind k ("%%" aside). */
static int fmt_fits(const char *fmt, enum kind k)
{
	int n = 0;

	for (const char *s = strchr(fmt, '%'); s; s = strchr(s, '%')) {
		if (s[1] == '%') {
			s += 2;
			continue;
		}
		if (n++ || !spec_fits(s + 1, k))
			return 0;
		s++;
	}
	return n == 1;
}

/* Text no byte of which rs_tprintf() escapes: printable ASCII but '\\'. */
static int plain(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e || *s == '\\')
			return 0;
	return 1;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
/*
 * The text side of a value: fmt checked, then printed with the one value.
 * A number, or a string rs_tprintf() would leave as it is (its width then
 * counts bytes that are characters), goes straight to the C library: the
 * same bytes, without the escaping pass a table of thousands of rows
 * would pay for every column.
 */
static void text_value(struct rs_pr *p, const char *fmt, enum kind k, ...)
{
	va_list ap, cp;

	if (!fmt)
		return;
	if (!fmt_fits(fmt, k)) {	/* in JSON mode too: a test of either finds it */
		p->error = 1;
		return;
	}
	if (p->j)
		return;
	va_start(ap, k);
	va_copy(cp, ap);
	if (k != K_STR || plain(va_arg(cp, const char *)))
		vfprintf(p->f, fmt, ap);
	else
		rs_vtprintf(p->f, fmt, ap);
	va_end(cp);
	va_end(ap);
}
#pragma GCC diagnostic pop

/* The JSON side: 1 when a value is due (a writer, a key); the key is written. */
static int json_key(struct rs_pr *p, const char *key)
{
	if (!p->j || !key)
		return 0;
	if (key[0])
		rs_json_key(p->j, key);
	return 1;
}

void rs_pr_obj_open(struct rs_pr *p, const char *key)
{
	if (json_key(p, key ? key : RS_PR_ITEM))
		rs_json_obj_begin(p->j);
}

void rs_pr_obj_close(struct rs_pr *p)
{
	if (p->j)
		rs_json_obj_end(p->j);
}

void rs_pr_arr_open(struct rs_pr *p, const char *key)
{
	if (json_key(p, key ? key : RS_PR_ITEM))
		rs_json_arr_begin(p->j);
}

void rs_pr_arr_close(struct rs_pr *p)
{
	if (p->j)
		rs_json_arr_end(p->j);
}

void rs_pr_text(struct rs_pr *p, const char *fmt, ...)
{
	va_list ap;

	if (p->j)
		return;
	va_start(ap, fmt);
	rs_vtprintf(p->f, fmt, ap);
	va_end(ap);
}

void rs_pr_str(struct rs_pr *p, const char *key, const char *fmt, const char *s)
{
	if (json_key(p, key))
		rs_json_str(p->j, s);
	text_value(p, fmt, K_STR, s ? s : "");
}

void rs_pr_str_or(struct rs_pr *p, const char *key, const char *fmt, const char *s,
		  const char *unknown)
{
	int known = s && s[0];

	if (json_key(p, key)) {
		if (known)
			rs_json_str(p->j, s);
		else
			rs_json_null(p->j);
	}
	if (known || unknown)
		text_value(p, fmt, K_STR, known ? s : unknown);
}

void rs_pr_str_or_null(struct rs_pr *p, const char *key, const char *fmt, const char *s)
{
	rs_pr_str_or(p, key, fmt, s, "");
}

/* The numbers: JSON through json_fn, text through one conversion of kind
 * (iproute2's json_print.c makes its print_* functions the same way). */
#define PR_NUMBER(name, type, json_fn, kind, text_type)					\
	void rs_pr_##name(struct rs_pr *p, const char *key, const char *fmt, type v)	\
	{										\
		if (json_key(p, key))							\
			json_fn(p->j, v);						\
		text_value(p, fmt, kind, (text_type)v);					\
	}
PR_NUMBER(int, int, rs_json_int, K_INT, int)
PR_NUMBER(uint, unsigned, rs_json_u64, K_UINT, unsigned)
PR_NUMBER(u64, uint64_t, rs_json_u64, K_U64, unsigned long long)
PR_NUMBER(size, size_t, rs_json_u64, K_SIZE, size_t)
PR_NUMBER(double, double, rs_json_double, K_DBL, double)

void rs_pr_bool(struct rs_pr *p, const char *key, const char *fmt, int v)
{
	if (json_key(p, key))
		rs_json_bool(p->j, v);
	text_value(p, fmt, K_STR, v ? "true" : "false");
}

void rs_pr_null(struct rs_pr *p, const char *key, const char *fmt, const char *text)
{
	if (json_key(p, key))
		rs_json_null(p->j);
	text_value(p, fmt, K_STR, text ? text : "");
}

/* A number or, unknown, null in JSON and nothing in text. */
#define PR_KNOWN(name, type)									\
	void rs_pr_##name##_known(struct rs_pr *p, const char *key, const char *fmt, type v,	\
				  int known)							\
	{											\
		if (known)									\
			rs_pr_##name(p, key, fmt, v);						\
		else										\
			rs_pr_null(p, key, NULL, NULL);						\
	}
PR_KNOWN(int, int)
PR_KNOWN(u64, uint64_t)
PR_KNOWN(double, double)
