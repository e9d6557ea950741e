/* SPDX-License-Identifier: MIT */
/*
 * json.h - a tiny streaming JSON writer for the --json views.
 *
 * The views walk the snapshot once and print either text or JSON from the
 * same loop; this writer keeps the commas, the nesting and the escaping right
 * so a view only says what comes next.  Output is pretty-printed (two spaces)
 * and always valid JSON: strings are escaped in full (quotes, backslash,
 * every control character, C1 and the bidi overrides included) and bytes
 * that are not valid UTF-8 become U+FFFD, numbers that JSON cannot carry
 * (NaN, infinities) become null.
 *
 * Misuse (a value where a key is due, closing more than was opened, nesting
 * deeper than RS_JSON_MAX_DEPTH) is a bug in the caller: it sets j->error and
 * the writer ignores the rest, so a broken view shows up in tests instead of
 * printing half a document silently.
 */
#ifndef RS_JSON_H
#define RS_JSON_H

#include <stdint.h>
#include <stdio.h>

#define RS_JSON_MAX_DEPTH 32

/*
 * The version of the shape of every JSON document (and JSON line) the
 * program prints: each starts with "schema_version".  Raised when a member
 * is renamed, removed or changes type; adding a member does not raise it.
 * docs/cli.md documents each shape (tests/json_schema checks them).
 */
#define RS_JSON_SCHEMA_VERSION 1

struct rs_json {
	FILE *f;
	int depth;
	int error;			/* set on misuse; output stops */
	int want_key;			/* inside an object and a key is due */
	int compact;			/* one line, no indentation (JSON lines) */
	unsigned char in_obj[RS_JSON_MAX_DEPTH];	/* 1 object, 0 array */
	unsigned char count[RS_JSON_MAX_DEPTH];		/* members so far (0/1 is enough) */
};

void rs_json_init(struct rs_json *j, FILE *f);
/* One document per line (JSON lines): no newlines or indentation inside. */
void rs_json_set_compact(struct rs_json *j, int on);
/* Ends the document with a newline; returns 0, or -EINVAL after misuse. */
int rs_json_finish(struct rs_json *j);

void rs_json_obj_begin(struct rs_json *j);
void rs_json_obj_end(struct rs_json *j);
void rs_json_arr_begin(struct rs_json *j);
void rs_json_arr_end(struct rs_json *j);
void rs_json_key(struct rs_json *j, const char *key);

void rs_json_str(struct rs_json *j, const char *s);
void rs_json_strn(struct rs_json *j, const char *s, size_t len);
void rs_json_int(struct rs_json *j, int64_t v);
void rs_json_u64(struct rs_json *j, uint64_t v);
void rs_json_double(struct rs_json *j, double v);
void rs_json_bool(struct rs_json *j, int v);
void rs_json_null(struct rs_json *j);

/* key + value in one call, the common case in views. */
void rs_json_kv_str(struct rs_json *j, const char *key, const char *s);
void rs_json_kv_int(struct rs_json *j, const char *key, int64_t v);
void rs_json_kv_u64(struct rs_json *j, const char *key, uint64_t v);
void rs_json_kv_double(struct rs_json *j, const char *key, double v);
void rs_json_kv_bool(struct rs_json *j, const char *key, int v);
void rs_json_kv_null(struct rs_json *j, const char *key);
/* A string, or null when s is empty (unknown fields in the snapshot). */
void rs_json_kv_str_or_null(struct rs_json *j, const char *key, const char *s);
/* A number, or null when known is 0 (the snapshot's 0 for "unknown"). */
void rs_json_kv_int_or_null(struct rs_json *j, const char *key, int64_t v, int known);
void rs_json_kv_double_or_null(struct rs_json *j, const char *key, double v, int known);
/* "schema_version": RS_JSON_SCHEMA_VERSION, the first member of a document. */
void rs_json_kv_schema(struct rs_json *j);

/* Write s to f as a JSON string literal (quotes included). */
void rs_json_write_string(FILE *f, const char *s, size_t len);

#endif
