/* SPDX-License-Identifier: MIT */
/*
 * snapshot_check.c - the meaning checks of a loaded snapshot
 * (snapshot_check.h).  Each element is compared with the ones before it: a
 * snapshot has a few devices and ports, and links by the hundred at most
 * (a thousand links is half a million string comparisons, about a
 * millisecond), so no table is built for it.
 */
#include "model/snapshot_check.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* Seconds of slack before a taken_at in the future is worth a note. */
#define RS_FUTURE_SLACK_S (24 * 3600)

/* Element idx of names (stride bytes apart) named like an earlier one? */
static int check_unique(const char *names, size_t stride, size_t idx, const char *what,
			char *why, size_t len)
{
	const char *name = names + idx * stride;

	for (size_t i = 0; i < idx; i++)
		if (!strcmp(names + i * stride, name)) {
			snprintf(why, len, "a second %s named '%s' (%ss[%zu] has it)", what, name,
				 what, i);
			return -EINVAL;
		}
	return 0;
}

int rs_check_device(const void *elems, size_t idx, char *why, size_t len)
{
	const struct rs_device *d = elems;

	return check_unique(d->name, sizeof(*d), idx, "device", why, len);
}

int rs_check_link(const void *elems, size_t idx, char *why, size_t len)
{
	const struct rs_link *k = elems;

	return check_unique(k->name, sizeof(*k), idx, "link", why, len);
}

static int check_gids(const struct rs_port *p, char *why, size_t len)
{
	unsigned end = p->gid_tbl_len ? p->gid_tbl_len : RS_GID_TBL_MAX;

	if (p->gid_tbl_len > RS_GID_TBL_MAX) {
		snprintf(why, len, "port %u: gid_tbl_len %u: no GID table has more than %d "
			 "entries", p->num, p->gid_tbl_len, RS_GID_TBL_MAX);
		return -EINVAL;
	}
	for (size_t i = 0; i < p->n_gids; i++) {
		unsigned idx = p->gids[i].index;

		if (idx >= end) {
			snprintf(why, len, "port %u: GID index %u is past the end of the GID "
				 "table (%u entries)", p->num, idx, end);
			return -EINVAL;
		}
		for (size_t j = 0; j < i; j++)
			if (p->gids[j].index == idx) {
				snprintf(why, len, "port %u: GID index %u given twice", p->num,
					 idx);
				return -EINVAL;
			}
	}
	return 0;
}

int rs_check_port(const void *elems, size_t idx, char *why, size_t len)
{
	const struct rs_port *p = elems;

	for (size_t i = 0; i < idx; i++)
		if (p[i].num == p[idx].num) {
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
