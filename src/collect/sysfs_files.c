/* SPDX-License-Identifier: MIT */
/*
 * sysfs_files.c - counter directories and entry names of sysfs (sysfs_files.h).
 *
 * A counter file holds one decimal number and a newline.  Anything else a
 * recorded or broken tree may hold ("-5", "010", "abc", nothing, 26
 * digits, a FIFO) is left out and named, never read as a wrong number nor
 * dropped without a word, so a missing row in the console has a reason
 * next to it.
 */
#include "collect/sysfs_files.h"
#include "util.h"

#include <errno.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The read errors of counters a driver does not keep on this port. */
static int expected_error(int ret)
{
	return ret == -EINVAL || ret == -ENOSYS || ret == -EOPNOTSUPP || ret == -ENODATA;
}

/* Why text (maybe cut, ending in an ellipsis) is no counter, for the note. */
static const char *parse_reason(const char *text)
{
	size_t digits = strspn(text, "0123456789");

	if (!text[0])
		return "empty";
	if (text[0] == '-')
		return "negative";
	if (digits && (!text[digits] || !strcmp(text + digits, RS_ELLIPSIS)))
		return "more than 2^64 - 1";
	return "not a decimal number";
}

/* Bytes of a bad value quoted in the note (a 2^64 - 1 has 20 digits). */
#define RS_NOTE_VALUE 32

struct left_out {
	char *text;		/* the note so far, NULL when nothing was left out */
	unsigned n;
};

static void left_out_add(struct left_out *lo, const char *name, const char *value,
			 const char *why)
{
	char esc[RS_ESCAPE_MAX(RS_NOTE_VALUE) + sizeof(RS_ELLIPSIS)], *old = lo->text;
	size_t vl = strlen(value);

	rs_escape_text(esc, sizeof(esc), value, vl > RS_NOTE_VALUE ? RS_NOTE_VALUE : vl);
	if (vl > RS_NOTE_VALUE)
		rs_strlcpy(esc + strlen(esc), RS_ELLIPSIS, sizeof(esc) - strlen(esc));
	if (value[0])
		lo->text = rs_xasprintf("%s%s%s (\"%s\": %s)", old ? old : "", old ? ", " : "",
					name, esc, why);
	else
		lo->text = rs_xasprintf("%s%s%s (%s)", old ? old : "", old ? ", " : "", name, why);
	free(old);
	lo->n++;
}

/* One counter file: 0 and *v, or 1 when left out (noted in lo), or -1 silent. */
static int read_one(const char *dir, const char *name, uint64_t *v, struct left_out *lo)
{
	char text[64];
	int ret;

	if (strlen(name) >= RS_NAME_LEN) {
		left_out_add(lo, name, "", "name longer than 63 bytes");
		return 1;
	}
	ret = rs_read_str(text, sizeof(text), "%s/%s", dir, name);
	if (ret && ret != -EOVERFLOW) {
		if (expected_error(ret))
			return -1;
		left_out_add(lo, name, "", rs_strerror(ret));
		return 1;
	}
	if (!ret && !rs_parse_u64(text, v))
		return 0;
	left_out_add(lo, name, text, parse_reason(text));
	return 1;
}

int rs_read_counter_dir(struct rs_snapshot *s, enum rs_area area, const char *object,
			const char *label, struct rs_counter_set *set, const char *fmt, ...)
{
	struct left_out lo = { NULL, 0 };
	char dir[4096], **names;
	va_list ap;
	uint64_t v;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(dir, sizeof(dir), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(dir))
		return -ENAMETOOLONG;
	n = rs_list_dir(&names, "%s", dir);
	if (n < 0)
		return n;
	rs_counter_set_free(set);
	set->ts_ns = rs_now_ns();
	for (int i = 0; i < n; i++)
		if (!read_one(dir, names[i], &v, &lo))
			rs_counter_set_add(set, names[i], v);
	rs_strv_free(names);
	if (lo.n)
		rs_snapshot_add_error_once(s, area, "sysfs", object, "%s: %u file%s hold%s no counter: %s",
				      label, lo.n, lo.n == 1 ? "" : "s", lo.n == 1 ? "s" : "",
				      lo.text);
	free(lo.text);
	return n;
}

int rs_sysfs_name_fits(struct rs_snapshot *s, enum rs_area area, const char *what,
		       const char *name)
{
	size_t n = strlen(name);

	if (n < RS_NAME_LEN)
		return 1;
	rs_snapshot_add_error(s, area, "sysfs", "", "%s name of %zu bytes left out (at most %d): "
			      "%.40s" RS_ELLIPSIS, what, n, RS_NAME_LEN - 1, name);
	return 0;
}

int rs_collect_items(struct rs_snapshot *s, struct rs_collect_step *st, rs_collect_item_fn item)
{
	while (st->at < st->total) {
		item(s, st, st->at++);
		if (rs_now_ns() >= st->until_ns)
			break;
	}
	return st->at >= st->total;
}

void rs_collect_at_once(struct rs_snapshot *s,
			int (*step)(struct rs_snapshot *s, struct rs_collect_step *st))
{
	struct rs_collect_step st = { .until_ns = UINT64_MAX };

	step(s, &st);
	rs_strv_free(st.names);
}
