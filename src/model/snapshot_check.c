/* SPDX-License-Identifier: MIT */
/*
 * snapshot_check.c - the meaning checks of a loaded snapshot
 * (snapshot_check.h).  A file may hold tens of thousands of devices, so
 * each check costs the same at any element: names are looked up in the
 * array's index (name_index.h), and numbers (ports, GID indexes) that come
 * in increasing order, as every collector writes them, need one comparison
 * with the element before; an array out of order gets an index too.
 */
#include "model/snapshot_check.h"
#include "model/name_index.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* Seconds of slack before a taken_at in the future is worth a note. */
#define RS_FUTURE_SLACK_S (24 * 3600)

/* Element idx of names (stride bytes apart) named like an earlier one? */
static int check_unique(const char *names, size_t stride, size_t idx, struct rs_nidx *seen,
			const char *what, char *why, size_t len)
{
	const struct rs_nidx_strs a = { names, stride, 0 };
	size_t dup;

	if (!rs_nidx_add_str(seen, &a, idx, &dup))
		return 0;
	snprintf(why, len, "a second %s named '%s' (%ss[%zu] has it)", what,
		 names + idx * stride, what, dup);
	return -EINVAL;
}

int rs_check_device(const void *elems, size_t idx, struct rs_nidx *seen, char *why, size_t len)
{
	const struct rs_device *d = elems;

	return check_unique(d->name, sizeof(*d), idx, seen, "device", why, len);
}

int rs_check_link(const void *elems, size_t idx, struct rs_nidx *seen, char *why, size_t len)
{
	const struct rs_link *k = elems;

	return check_unique(k->name, sizeof(*k), idx, seen, "link", why, len);
}

/* Numbered elements: key(arr, i) of element i. */
struct numbered {
	const void *arr;
	unsigned (*key)(const void *arr, size_t i);
};

static int num_eq(const void *arr, size_t idx, const void *key)
{
	const struct numbered *a = arr;

	return a->key(a->arr, idx) == *(const unsigned *)key;
}

/*
 * 1 when element idx has the number of an earlier one.  While the numbers
 * rise, seen stays empty and one comparison does; the first one out of
 * order puts every earlier element in seen, and from then on seen answers.
 */
static int number_seen(const struct numbered *a, size_t idx, struct rs_nidx *seen)
{
	unsigned k = a->key(a->arr, idx);
	uint32_t h = rs_nidx_hash_u32(k, RS_NIDX_SEED);

	if (!seen->n) {
		if (!idx || k > a->key(a->arr, idx - 1))
			return 0;
		for (size_t i = 0; i < idx; i++)
			rs_nidx_add(seen, rs_nidx_hash_u32(a->key(a->arr, i), RS_NIDX_SEED), i);
	}
	if (rs_nidx_find(seen, h, num_eq, a, &k) >= 0)
		return 1;
	rs_nidx_add(seen, h, idx);
	return 0;
}

static unsigned gid_index(const void *arr, size_t i)
{
	return ((const struct rs_gid *)arr)[i].index;
}

static unsigned port_num(const void *arr, size_t i)
{
	return ((const struct rs_port *)arr)[i].num;
}

static int check_gids(const struct rs_port *p, char *why, size_t len)
{
	unsigned end = p->gid_tbl_len ? p->gid_tbl_len : RS_GID_TBL_MAX;
	const struct numbered a = { p->gids, gid_index };
	struct rs_nidx seen;
	int ret = 0;

	if (p->gid_tbl_len > RS_GID_TBL_MAX) {
		snprintf(why, len, "port %u: gid_tbl_len %u: no GID table has more than %d "
			 "entries", p->num, p->gid_tbl_len, RS_GID_TBL_MAX);
		return -EINVAL;
	}
	rs_nidx_init(&seen);
	for (size_t i = 0; i < p->n_gids && !ret; i++) {
		unsigned idx = p->gids[i].index;

		if (idx >= end) {
			snprintf(why, len, "port %u: GID index %u is past the end of the GID "
				 "table (%u entries)", p->num, idx, end);
			ret = -EINVAL;
		} else if (number_seen(&a, i, &seen)) {
			snprintf(why, len, "port %u: GID index %u given twice", p->num, idx);
			ret = -EINVAL;
		}
	}
	rs_nidx_free(&seen);
	return ret;
}

int rs_check_port(const void *elems, size_t idx, struct rs_nidx *seen, char *why, size_t len)
{
	const struct rs_port *p = elems;
	const struct numbered a = { elems, port_num };

	if (number_seen(&a, idx, seen)) {
		snprintf(why, len, "port %u given twice in this device", p[idx].num);
		return -EINVAL;
	}
	return check_gids(&p[idx], why, len);
}

/* 1 when t[i] is what position i of "YYYY-MM-DDTHH:MM:SSZ" wants. */
static int utc_char_ok(const char *t, int i)
{
	static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";

	if (shape[i] == 'd')
		return t[i] >= '0' && t[i] <= '9';
	return t[i] == shape[i];
}

static int num(const char *t, int at, int n)
{
	int v = 0;

	for (int i = 0; i < n; i++)
		v = v * 10 + (t[at + i] - '0');
	return v;
}

long long rs_utc_parse(const char *t)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	struct tm tm = { 0 };
	int y, mo, d;

	if (strlen(t) != 20)
		return -1;
	for (int i = 0; i < 20; i++)
		if (!utc_char_ok(t, i))
			return -1;
	y = num(t, 0, 4);
	mo = num(t, 5, 2);
	d = num(t, 8, 2);
	if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] ||
	    num(t, 11, 2) > 23 || num(t, 14, 2) > 59 || num(t, 17, 2) > 60)
		return -1;
	if (mo == 2 && d == 29 && (y % 4 || (y % 100 == 0 && y % 400)))
		return -1;
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = num(t, 11, 2);
	tm.tm_min = num(t, 14, 2);
	tm.tm_sec = num(t, 17, 2);
	return (long long)timegm(&tm);
}

void rs_snapshot_note_clock(struct rs_snapshot *s)
{
	long long t = s->taken_at[0] ? rs_utc_parse(s->taken_at) : -1;

	if (t > (long long)time(NULL) + RS_FUTURE_SLACK_S)
		rs_snapshot_add_error_once(s, RS_AREA_HOST, "file", "taken_at",
					   "taken at %s, later than this machine's clock: one of "
					   "the two clocks is wrong", s->taken_at);
}
