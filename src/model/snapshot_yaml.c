/* SPDX-License-Identifier: MIT */
/*
 * snapshot_yaml.c - write a snapshot as YAML with libyaml's emitter (the
 * file around it, save and load: snapshot_file.c).
 *
 * The writer walks the field tables of snapshot_schema.c, the same ones the
 * reader (snapshot_yaml_load.c) walks, so every field is written and read
 * back.  What makes the round trip lossless:
 *   - doubles are printed with the fewest digits (15..17) that strtod reads
 *     back to the same bits, always with a '.' so other YAML readers see a
 *     float, and with the "C" numeric locale whatever the console set;
 *   - strings that another YAML reader would take for a number, a boolean or
 *     null are double-quoted; libyaml quotes and escapes the rest as needed
 *     (quotes, colons, newlines, control characters);
 *   - uint64 values are written in decimal up to 2^64 - 1.
 * One deliberate loss: bytes that are not valid UTF-8 cannot be written in
 * YAML at all, so each is written as '?' (same length, so it reloads).
 * Format reference: docs/snapshot-format.md.
 */
#include "model/snapshot_yaml.h"
#include "model/snapshot_schema.h"
#include "util.h"

#include <errno.h>
#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

struct em {
	yaml_emitter_t e;
	char *err;
	size_t errlen;
};

static int em_fail(struct em *m)
{
	if (m->e.error == YAML_MEMORY_ERROR)
		rs_die("out of memory");
	if (m->e.error == YAML_WRITER_ERROR) {
		int e = errno ? errno : EIO;

		snprintf(m->err, m->errlen, "write failed: %s", strerror(e));
		return -e;
	}
	snprintf(m->err, m->errlen, "YAML emitter: %s",
		 m->e.problem ? m->e.problem : "unknown error");
	return -EINVAL;
}

static int em_event(struct em *m, yaml_event_t *ev)
{
	/* yaml_emitter_emit() owns the event from here, on failure too. */
	if (!yaml_emitter_emit(&m->e, ev))
		return em_fail(m);
	return 0;
}

static int em_map(struct em *m, int start)
{
	yaml_event_t ev;

	if (start)
		yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
	else
		yaml_mapping_end_event_initialize(&ev);
	return em_event(m, &ev);
}

static int em_seq(struct em *m, int start)
{
	yaml_event_t ev;

	if (start)
		yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE);
	else
		yaml_sequence_end_event_initialize(&ev);
	return em_event(m, &ev);
}

static int em_scalar(struct em *m, const char *s, yaml_scalar_style_t style)
{
	yaml_event_t ev;

	if (!yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s),
					  1, 1, style))
		return em_fail(m);
	return em_event(m, &ev);
}

/* Copy s into buf replacing every invalid UTF-8 byte with '?'. */
static void utf8_sanitize(char *buf, const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		size_t l = rs_utf8_len((const unsigned char *)s + i, n - i);

		if (!l) {
			buf[i++] = '?';
			continue;
		}
		memcpy(buf + i, s + i, l);
		i += l;
	}
	buf[n] = '\0';
}

/*
 * Would a YAML 1.1 or 1.2 reader resolve this plain scalar to something
 * other than a string?  Then it must be quoted.  Conservative: anything
 * starting like a number (digit, sign, dot) and the bool/null words.
 */
static int looks_typed(const char *s)
{
	static const char *const words[] = {
		"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~",
	};

	if (!*s || strchr("0123456789+-.~", *s))
		return 1;
	for (size_t i = 0; i < RS_ARRAY_SIZE(words); i++)
		if (!strcasecmp(s, words[i]))
			return 1;
	return 0;
}

static int em_str(struct em *m, const char *s, size_t size)
{
	size_t n = strnlen(s, size ? size - 1 : 0);
	char *buf = rs_xmalloc(n + 1);
	int ret;

	utf8_sanitize(buf, s, n);
	ret = em_scalar(m, buf, looks_typed(buf) ? YAML_DOUBLE_QUOTED_SCALAR_STYLE
						   : YAML_ANY_SCALAR_STYLE);
	free(buf);
	return ret;
}

static int em_fmt(struct em *m, const char *fmt, ...) RS_PRINTF(2, 3);
static int em_fmt(struct em *m, const char *fmt, ...)
{
	char buf[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return em_scalar(m, buf, YAML_PLAIN_SCALAR_STYLE);
}

static void fmt_double(char *buf, size_t len, double v)
{
	char *e;

	if (isnan(v)) {
		snprintf(buf, len, ".nan");
		return;
	}
	if (isinf(v)) {
		snprintf(buf, len, v < 0 ? "-.inf" : ".inf");
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, len, "%.*g", prec, v);
		if (strtod(buf, NULL) == v && signbit(strtod(buf, NULL)) == signbit(v))
			break;
	}
	if (strchr(buf, '.'))
		return;
	/* "1e-300" -> "1.0e-300", "3" -> "3.0": a float to every YAML reader. */
	e = strchr(buf, 'e');
	if (e) {
		memmove(e + 2, e, strlen(e) + 1);
		memcpy(e, ".0", 2);
	} else {
		strcat(buf, ".0");
	}
}

static int em_struct(struct em *m, const struct rs_schema *sc, const char *base);

static int em_counters(struct em *m, const struct rs_counter_set *set)
{
	int ret;

	if ((ret = em_map(m, 1)) || (ret = em_scalar(m, "ts_ns", YAML_PLAIN_SCALAR_STYLE)) ||
	    (ret = em_fmt(m, "%" PRIu64, set->ts_ns)) ||
	    (ret = em_scalar(m, "values", YAML_PLAIN_SCALAR_STYLE)) || (ret = em_map(m, 1)))
		return ret;
	for (size_t i = 0; i < set->count; i++) {
		const struct rs_counter *c = &set->items[i];

		if ((ret = em_str(m, c->name, sizeof(c->name))) ||
		    (ret = em_fmt(m, "%" PRIu64, c->value)))
			return ret;
	}
	if ((ret = em_map(m, 0)))
		return ret;
	return em_map(m, 0);
}

static int em_array(struct em *m, const struct rs_field *f, const char *base)
{
	const char *arr = *(char *const *)(base + f->off);
	size_t n = *(const size_t *)(base + f->count_off);
	int ret;

	if ((ret = em_seq(m, 1)))
		return ret;
	for (size_t i = 0; i < n; i++)
		if ((ret = em_struct(m, f->sub, arr + i * f->size)))
			return ret;
	return em_seq(m, 0);
}

static int em_value(struct em *m, const struct rs_field *f, const char *base)
{
	const char *p = base + f->off;
	char buf[64];

	switch (f->type) {
	case RS_FT_VERSION:
	case RS_FT_INT:
	case RS_FT_BOOL:
		return em_fmt(m, "%d", *(const int *)p);
	case RS_FT_UINT:
		return em_fmt(m, "%u", *(const unsigned *)p);
	case RS_FT_ULONG:
		return em_fmt(m, "%lu", *(const unsigned long *)p);
	case RS_FT_MEMLOCK:
		if (*(const uint64_t *)p == RS_MEMLOCK_UNLIMITED)
			return em_scalar(m, "unlimited", YAML_PLAIN_SCALAR_STYLE);
		/* fall through */
	case RS_FT_U64:
		return em_fmt(m, "%" PRIu64, *(const uint64_t *)p);
	case RS_FT_DOUBLE:
		fmt_double(buf, sizeof(buf), *(const double *)p);
		return em_scalar(m, buf, YAML_PLAIN_SCALAR_STYLE);
	case RS_FT_STR:
	case RS_FT_TIME:
		return em_str(m, p, f->size);
	case RS_FT_GID_TYPE:
		return em_scalar(m, rs_gid_type_name(*(const enum rs_gid_type *)p),
				 YAML_ANY_SCALAR_STYLE);
	case RS_FT_AREA:
		return em_scalar(m, rs_area_name(*(const enum rs_area *)p), YAML_ANY_SCALAR_STYLE);
	case RS_FT_STRUCT:
		return em_struct(m, f->sub, p);
	case RS_FT_ARRAY:
		return em_array(m, f, base);
	case RS_FT_COUNTERS:
		return em_counters(m, (const struct rs_counter_set *)p);
	}
	return -EINVAL;
}

static int em_struct(struct em *m, const struct rs_schema *sc, const char *base)
{
	int ret;

	if ((ret = em_map(m, 1)))
		return ret;
	for (size_t i = 0; i < sc->n_fields; i++) {
		const struct rs_field *f = &sc->fields[i];

		if ((ret = em_scalar(m, f->name, YAML_PLAIN_SCALAR_STYLE)) ||
		    (ret = em_value(m, f, base)))
			return ret;
	}
	return em_map(m, 0);
}

static int em_document(struct em *m, const struct rs_snapshot *s)
{
	yaml_event_t ev;
	int ret;

	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	if ((ret = em_event(m, &ev)))
		return ret;
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1);
	if ((ret = em_event(m, &ev)) || (ret = em_struct(m, &rs_snapshot_schema, (const char *)s)))
		return ret;
	/*
	 * An explicit "..." ends the document: the last line of every file,
	 * which the file loader requires, so a copy cut short anywhere is told
	 * from a complete one (docs/snapshot-format.md).
	 */
	yaml_document_end_event_initialize(&ev, 0);
	if ((ret = em_event(m, &ev)))
		return ret;
	yaml_stream_end_event_initialize(&ev);
	if ((ret = em_event(m, &ev)))
		return ret;
	if (!yaml_emitter_flush(&m->e))
		return em_fail(m);
	return 0;
}

int rs_snapshot_save_yaml(const struct rs_snapshot *s, FILE *f, char *err, size_t errlen)
{
	locale_t c_loc = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	locale_t old = c_loc ? uselocale(c_loc) : (locale_t)0;
	struct em m = { .err = err, .errlen = errlen };
	int ret;

	if (errlen)
		err[0] = '\0';
	if (!yaml_emitter_initialize(&m.e))
		rs_die("out of memory");
	yaml_emitter_set_output_file(&m.e, f);
	yaml_emitter_set_unicode(&m.e, 1);
	yaml_emitter_set_width(&m.e, -1);
	yaml_emitter_set_indent(&m.e, 2);
	fprintf(f, "# rocescope snapshot (format: docs/snapshot-format.md)\n");
	errno = 0;
	ret = em_document(&m, s);
	yaml_emitter_delete(&m.e);
	if (!ret && (fflush(f) || ferror(f))) {
		ret = errno ? -errno : -EIO;
		snprintf(err, errlen, "write failed: %s", strerror(-ret));
	}
	if (c_loc) {
		uselocale(old);
		freelocale(c_loc);
	}
	return ret;
}
