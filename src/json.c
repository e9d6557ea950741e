/* SPDX-License-Identifier: MIT */
/*
 * json.c - the streaming JSON writer of json.h.
 *
 * State is one small stack: per level, object or array and whether a member
 * was written (for the comma).  Indentation follows the depth, so the output
 * reads well in a terminal and diffs well in a test.
 */
#include "json.h"
#include "util.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void rs_json_init(struct rs_json *j, FILE *f)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
}

int rs_json_finish(struct rs_json *j)
{
	if (!j->error && j->depth != 0)
		j->error = 1;
	if (!j->error)
		fputc('\n', j->f);
	return j->error ? -EINVAL : 0;
}

void rs_json_set_compact(struct rs_json *j, int on)
{
	j->compact = on;
}

static void indent(struct rs_json *j)
{
	if (j->compact)
		return;
	fputc('\n', j->f);
	for (int i = 0; i < j->depth; i++)
		fputs("  ", j->f);
}

/* Called before every value: comma and indentation inside arrays. */
static int before_value(struct rs_json *j)
{
	if (j->error)
		return -1;
	if (j->depth == 0) {
		return 0;
	}
	if (j->in_obj[j->depth - 1]) {
		if (j->want_key) {
			j->error = 1;	/* a value where a key is due */
			return -1;
		}
		j->want_key = 1;
		return 0;
	}
	if (j->count[j->depth - 1])
		fputc(',', j->f);
	j->count[j->depth - 1] = 1;
	indent(j);
	return 0;
}

void rs_json_key(struct rs_json *j, const char *key)
{
	if (j->error)
		return;
	if (j->depth == 0 || !j->in_obj[j->depth - 1] || !j->want_key) {
		j->error = 1;
		return;
	}
	if (j->count[j->depth - 1])
		fputc(',', j->f);
	j->count[j->depth - 1] = 1;
	indent(j);
	rs_json_write_string(j->f, key, strlen(key));
	fputs(j->compact ? ":" : ": ", j->f);
	j->want_key = 0;
}

static void open_level(struct rs_json *j, int obj)
{
	if (before_value(j))
		return;
	if (j->depth >= RS_JSON_MAX_DEPTH) {
		j->error = 1;
		return;
	}
	fputc(obj ? '{' : '[', j->f);
	j->in_obj[j->depth] = obj;
	j->count[j->depth] = 0;
	j->depth++;
	j->want_key = obj;
}

static void close_level(struct rs_json *j, int obj)
{
	if (j->error)
		return;
	if (j->depth == 0 || j->in_obj[j->depth - 1] != obj || (obj && !j->want_key)) {
		j->error = 1;
		return;
	}
	j->depth--;
	if (j->count[j->depth])
		indent(j);
	fputc(obj ? '}' : ']', j->f);
	/* Back in the parent: an object parent now wants its next key. */
	j->want_key = j->depth > 0 && j->in_obj[j->depth - 1];
}

void rs_json_obj_begin(struct rs_json *j) { open_level(j, 1); }
void rs_json_obj_end(struct rs_json *j) { close_level(j, 1); }
void rs_json_arr_begin(struct rs_json *j) { open_level(j, 0); }
void rs_json_arr_end(struct rs_json *j) { close_level(j, 0); }

void rs_json_write_string(FILE *f, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	fputc('"', f);
	while (i < len) {
		unsigned char c = s[i];
		size_t n;

		switch (c) {
		case '"': fputs("\\\"", f); i++; continue;
		case '\\': fputs("\\\\", f); i++; continue;
		case '\b': fputs("\\b", f); i++; continue;
		case '\f': fputs("\\f", f); i++; continue;
		case '\n': fputs("\\n", f); i++; continue;
		case '\r': fputs("\\r", f); i++; continue;
		case '\t': fputs("\\t", f); i++; continue;
		default: break;
		}
		if (c < 0x20 || c == 0x7f) {
			fprintf(f, "\\u%04x", c);
			i++;
			continue;
		}
		n = rs_utf8_len(s + i, len - i);
		if (n == 0) {
			fputs("\\ufffd", f);	/* one replacement per bad byte */
			i++;
			continue;
		}
		if ((n == 2 && c == 0xc2 && s[i + 1] < 0xa0) ||
		    (n == 3 && c == 0xe2 &&
		     ((s[i + 1] == 0x80 && s[i + 2] >= 0xaa && s[i + 2] <= 0xae) ||
		      (s[i + 1] == 0x81 && s[i + 2] >= 0xa6 && s[i + 2] <= 0xa9)))) {
			/* C1 controls (U+0080..U+009F) and the bidirectional
			 * overrides: legal in JSON, but a terminal acts on them
			 * (or reorders the line) when the output is cat'ed */
			unsigned cp = n == 2 ? s[i + 1] :
				      0x2000u | (unsigned)(s[i + 1] & 0x3f) << 6 | (s[i + 2] & 0x3fu);

			fprintf(f, "\\u%04x", cp);
			i += n;
			continue;
		}
		fwrite(s + i, 1, n, f);
		i += n;
	}
	fputc('"', f);
}

void rs_json_strn(struct rs_json *j, const char *s, size_t len)
{
	if (before_value(j))
		return;
	rs_json_write_string(j->f, s, len);
}

void rs_json_str(struct rs_json *j, const char *s)
{
	if (!s) {
		rs_json_null(j);
		return;
	}
	rs_json_strn(j, s, strlen(s));
}

void rs_json_int(struct rs_json *j, int64_t v)
{
	if (!before_value(j))
		fprintf(j->f, "%" PRId64, v);
}

void rs_json_u64(struct rs_json *j, uint64_t v)
{
	if (!before_value(j))
		fprintf(j->f, "%" PRIu64, v);
}

void rs_json_double(struct rs_json *j, double v)
{
	char buf[64];

	if (before_value(j))
		return;
	if (!isfinite(v)) {
		fputs("null", j->f);
		return;
	}
	/* %.17g round-trips but prints 0.1 as 0.10000000000000001: try shorter first. */
	snprintf(buf, sizeof(buf), "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, sizeof(buf), "%.17g", v);
	/* Keep it a number JSON accepts: "1e+20" is fine, "inf" was excluded.
	 * A whole value keeps a ".0": a member is always written as one kind
	 * of number (a fraction here, never for the integers), so a typed
	 * reader of the schema (docs/cli.md) never meets 8 where it had 8.5. */
	if (!strpbrk(buf, ".e"))
		strcat(buf, ".0");
	fputs(buf, j->f);
}

void rs_json_bool(struct rs_json *j, int v)
{
	if (!before_value(j))
		fputs(v ? "true" : "false", j->f);
}

void rs_json_null(struct rs_json *j)
{
	if (!before_value(j))
		fputs("null", j->f);
}

void rs_json_kv_str(struct rs_json *j, const char *key, const char *s)
{
	rs_json_key(j, key);
	rs_json_str(j, s);
}

void rs_json_kv_int(struct rs_json *j, const char *key, int64_t v)
{
	rs_json_key(j, key);
	rs_json_int(j, v);
}

void rs_json_kv_u64(struct rs_json *j, const char *key, uint64_t v)
{
	rs_json_key(j, key);
	rs_json_u64(j, v);
}

void rs_json_kv_double(struct rs_json *j, const char *key, double v)
{
	rs_json_key(j, key);
	rs_json_double(j, v);
}

void rs_json_kv_bool(struct rs_json *j, const char *key, int v)
{
	rs_json_key(j, key);
	rs_json_bool(j, v);
}

void rs_json_kv_null(struct rs_json *j, const char *key)
{
	rs_json_key(j, key);
	rs_json_null(j);
}

void rs_json_kv_int_or_null(struct rs_json *j, const char *key, int64_t v, int known)
{
	if (known)
		rs_json_kv_int(j, key, v);
	else
		rs_json_kv_null(j, key);
}

void rs_json_kv_double_or_null(struct rs_json *j, const char *key, double v, int known)
{
	if (known)
		rs_json_kv_double(j, key, v);
	else
		rs_json_kv_null(j, key);
}

void rs_json_kv_schema(struct rs_json *j)
{
	rs_json_kv_int(j, "schema_version", RS_JSON_SCHEMA_VERSION);
}

void rs_json_kv_str_or_null(struct rs_json *j, const char *key, const char *s)
{
	rs_json_key(j, key);
	if (s && *s)
		rs_json_str(j, s);
	else
		rs_json_null(j);
}
