/* SPDX-License-Identifier: MIT */
/*
 * print.h - one printer for the text and the --json output of a command,
 * so a view walks its data once and the two cannot drift apart.
 *
 * The habit is iproute2's (lib/json_print.c: print_uint(PRINT_ANY, "key",
 * "fmt", value)): every value is printed by one call that names its JSON
 * key and its text format.  With a JSON writer the key and the value go to
 * the document (json.h does the commas, nesting and escaping); without one
 * the format is printed with the value through rs_tprintf(), so text from
 * outside is escaped for a terminal (termout.h).  What only one side has:
 *
 *   key NULL         text only (a part of a line JSON carries elsewhere)
 *   fmt NULL         JSON only (a member text does not show)
 *   key RS_PR_ITEM   an element of a JSON array (no key)
 *
 * Objects and arrays exist in JSON only; text has lines, which the formats
 * carry.  An unknown value is null in JSON and, in text, the stand-in the
 * caller names ("?", "unknown") or nothing (the _known variants).
 *
 * A value's format must hold exactly one conversion, of the function's
 * type (%s for a string, %d for an int, %u for an unsigned, %llu for a
 * uint64_t, %zu for a size_t, %f/%g/%e for a double; flags, width and
 * precision as printf's, no '*'; "%%" anywhere).  Anything else is a bug
 * in the caller: nothing is printed for it and rs_pr_error() says so, as
 * the JSON writer does for misuse; formats are checked in JSON mode too,
 * so a test of either output finds a broken view.
 */
#ifndef RS_PRINT_H
#define RS_PRINT_H

#include "json.h"
#include "util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The key of a JSON array's element: no key, the value alone. */
#define RS_PR_ITEM ""

struct rs_pr {
	FILE *f;		/* text goes here (unused with JSON) */
	struct rs_json *j;	/* the document, or NULL: text */
	int error;		/* a format that does not fit its value */
};

/* j NULL: text to f; else JSON through j (already initialised by the caller). */
void rs_pr_init(struct rs_pr *p, FILE *f, struct rs_json *j);
static inline int rs_pr_is_json(const struct rs_pr *p)
{
	return p->j != NULL;
}
/* 1 after misuse: a format that does not fit, or the JSON writer's error. */
int rs_pr_error(const struct rs_pr *p);

/* JSON only; key NULL or RS_PR_ITEM inside an array or at the top. */
void rs_pr_obj_open(struct rs_pr *p, const char *key);
void rs_pr_obj_close(struct rs_pr *p);
void rs_pr_arr_open(struct rs_pr *p, const char *key);
void rs_pr_arr_close(struct rs_pr *p);

/* Text only, as rs_tprintf: the layout around the values, literal text. */
void rs_pr_text(struct rs_pr *p, const char *fmt, ...) RS_PRINTF(2, 3);

/* A string; NULL is null in JSON and nothing in text. */
void rs_pr_str(struct rs_pr *p, const char *key, const char *fmt, const char *s);
/* s, or when s is empty or NULL: null in JSON, unknown in text (unknown
 * NULL: nothing in text, not even the format's own characters). */
void rs_pr_str_or(struct rs_pr *p, const char *key, const char *fmt, const char *s,
		  const char *unknown);
/* s, or null in JSON when s is empty; text prints s as it is. */
void rs_pr_str_or_null(struct rs_pr *p, const char *key, const char *fmt, const char *s);

void rs_pr_int(struct rs_pr *p, const char *key, const char *fmt, int v);
void rs_pr_uint(struct rs_pr *p, const char *key, const char *fmt, unsigned v);
void rs_pr_u64(struct rs_pr *p, const char *key, const char *fmt, uint64_t v);
void rs_pr_size(struct rs_pr *p, const char *key, const char *fmt, size_t v);
void rs_pr_double(struct rs_pr *p, const char *key, const char *fmt, double v);
/* A boolean: text prints fmt with "true" or "false" (%s). */
void rs_pr_bool(struct rs_pr *p, const char *key, const char *fmt, int v);
/* null in JSON; text prints fmt with the string text (%s). */
void rs_pr_null(struct rs_pr *p, const char *key, const char *fmt, const char *text);

/* v when known; else null in JSON and nothing in text. */
void rs_pr_int_known(struct rs_pr *p, const char *key, const char *fmt, int v, int known);
void rs_pr_u64_known(struct rs_pr *p, const char *key, const char *fmt, uint64_t v,
		     int known);
void rs_pr_double_known(struct rs_pr *p, const char *key, const char *fmt, double v,
			int known);

#endif
