/* SPDX-License-Identifier: MIT */
/*
 * snapshot_yaml_load.c - read a snapshot from YAML with libyaml's event
 * parser, strictly, against the field tables of snapshot_schema.c.
 *
 * The input may come from anywhere (a customer's file, a truncated copy, a
 * wrong file), so the reader trusts nothing: every key must be a known field
 * and appear once, every value must have the field's type and fit it (no
 * silent truncation or wrap), aliases are refused, and the whole load is
 * bounded in memory.  The walk is driven by the schema, never by the input:
 * the first event that does not fit ends the load, so deep nesting or a huge
 * unexpected subtree costs nothing.  Any error empties the snapshot; the
 * message is "NAME:LINE:COLUMN: what" with 1-based positions.
 */
#include "model/name_index.h"
#include "model/snapshot_check.h"
#include "model/snapshot_yaml.h"
#include "model/snapshot_schema.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/*
 * Bytes of arrays (devices, links, counters, ...) a load may allocate,
 * counted as allocated: an array doubles its room as it grows, and the
 * room is charged when it is taken.  A 64 MiB file of "- {}" would
 * otherwise ask for gigabytes; a real snapshot with a full routing table
 * stays far below, and 40,000 devices with their links, addresses, routes
 * and neighbours (tests/bench/gen_snapshot.sh, just under 64 MiB) take
 * about 330 MiB.
 */
#define RS_LOAD_BUDGET (512u << 20)

static size_t load_budget = RS_LOAD_BUDGET;

size_t rs_snapshot_load_budget(size_t bytes)
{
	size_t old = load_budget;

	load_budget = bytes ? bytes : RS_LOAD_BUDGET;
	return old;
}

struct ld {
	yaml_parser_t p;
	yaml_event_t ev;
	int have_ev;
	const char *name;
	const char *buf;
	size_t len;
	char *err;
	size_t errlen;
	size_t budget;
	unsigned flags;		/* RS_LOAD_* */
};

static int ld_fail(struct ld *l, const yaml_mark_t *mk, const char *fmt, ...) RS_PRINTF(3, 4);
static int ld_fail(struct ld *l, const yaml_mark_t *mk, const char *fmt, ...)
{
	char msg[RS_MSG_LEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(l->err, l->errlen, "%s:%zu:%zu: %s", l->name, mk->line + 1, mk->column + 1, msg);
	return -EINVAL;
}

/* Reader errors carry a byte offset, not a mark: count lines ourselves. */
static yaml_mark_t mark_at(const struct ld *l, size_t off)
{
	yaml_mark_t mk = { .index = off };
	size_t bol = 0;

	if (off > l->len)
		off = l->len;
	for (size_t i = 0; i < off; i++)
		if (l->buf[i] == '\n') {
			mk.line++;
			bol = i + 1;
		}
	mk.column = off - bol;
	return mk;
}

static int ld_parser_error(struct ld *l)
{
	yaml_mark_t mk = l->p.problem_mark;
	const char *problem = l->p.problem ? l->p.problem : "invalid YAML";

	if (l->p.error == YAML_MEMORY_ERROR)
		rs_die("out of memory");
	if (l->p.error == YAML_READER_ERROR) {
		mk = mark_at(l, l->p.problem_offset);
		return ld_fail(l, &mk, "not a text file: %s", problem);
	}
	if (l->p.context)
		return ld_fail(l, &mk, "%s %s", l->p.context, problem);
	return ld_fail(l, &mk, "%s", problem);
}

static int ld_next(struct ld *l)
{
	if (l->have_ev)
		yaml_event_delete(&l->ev);
	l->have_ev = 0;
	if (!yaml_parser_parse(&l->p, &l->ev))
		return ld_parser_error(l);
	l->have_ev = 1;
	if (l->ev.type == YAML_ALIAS_EVENT)
		return ld_fail(l, &l->ev.start_mark,
			       "alias *%.40s: aliases are not allowed in a snapshot",
			       (const char *)l->ev.data.alias.anchor);
	return 0;
}

/* The current scalar, printable and short, for messages. */
static const char *ld_quote(const struct ld *l, char *buf, size_t len)
{
	const char *s = (const char *)l->ev.data.scalar.value;
	size_t n = l->ev.data.scalar.length, i;

	for (i = 0; i < n && i + 4 < len && i < 40; i++)
		buf[i] = isprint((unsigned char)s[i]) ? s[i] : '?';
	if (i < n && i + 4 <= len)
		memcpy(buf + i, "...", 3), i += 3;
	buf[i] = '\0';
	return buf;
}

static const char *ld_found(const struct ld *l)
{
	switch (l->ev.type) {
	case YAML_MAPPING_START_EVENT:
		return "a mapping";
	case YAML_SEQUENCE_START_EVENT:
		return "a sequence";
	case YAML_SCALAR_EVENT:
		return "a scalar";
	default:
		return "the end of the document";
	}
}

static int ld_expect(struct ld *l, yaml_event_type_t type, const char *what, const char *key)
{
	if (l->ev.type == type)
		return 0;
	return ld_fail(l, &l->ev.start_mark, "'%s' must be %s, found %s", key, what, ld_found(l));
}

/* Unsigned decimal or 0x hex, digits only: no sign, space or suffix. */
static int parse_u64(const char *s, uint64_t *v)
{
	unsigned long long x;
	char *end;
	int base = 10;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && isxdigit((unsigned char)s[2]))
		base = 16;
	else if (!isdigit((unsigned char)s[0]))
		return -EINVAL;
	errno = 0;
	x = strtoull(s, &end, base);
	if (*end)
		return -EINVAL;
	if (errno == ERANGE)
		return -ERANGE;
	*v = x;
	return 0;
}

static int parse_int(const char *s, int *v)
{
	uint64_t mag;
	int neg = s[0] == '-';
	int ret = parse_u64(s + neg, &mag);

	if (ret)
		return ret;
	if (neg ? mag > (uint64_t)INT_MAX + 1 : mag > INT_MAX)
		return -ERANGE;
	*v = neg ? (int)(0 - mag) : (int)mag;
	return 0;
}

static int parse_double(const char *s, double *v)
{
	char *end;

	if (!strcmp(s, ".nan") || !strcmp(s, ".NaN") || !strcmp(s, ".NAN")) {
		*v = NAN;
		return 0;
	}
	if (s[0] == '-' || s[0] == '+') {
		const char *r = s + 1;

		if (!strcmp(r, ".inf") || !strcmp(r, ".Inf") || !strcmp(r, ".INF")) {
			*v = s[0] == '-' ? -INFINITY : INFINITY;
			return 0;
		}
	} else if (!strcmp(s, ".inf") || !strcmp(s, ".Inf") || !strcmp(s, ".INF")) {
		*v = INFINITY;
		return 0;
	}
	/* strtod also takes "nan", "inf" and hex floats: YAML does not. */
	if (!*s || strspn(s, "0123456789+-.eE") != strlen(s))
		return -EINVAL;
	errno = 0;
	*v = strtod(s, &end);
	if (*end)
		return -EINVAL;
	return errno == ERANGE && isinf(*v) ? -ERANGE : 0;
}

static int ld_number_error(struct ld *l, int ret, const char *key, const char *what,
			   const char *range)
{
	char q[48];

	ld_quote(l, q, sizeof(q));
	if (ret == -ERANGE)
		return ld_fail(l, &l->ev.start_mark, "'%s': %s is out of range (%s)", key, q, range);
	return ld_fail(l, &l->ev.start_mark, "'%s': '%s' is not %s", key, q, what);
}

static int ld_uint(struct ld *l, const char *key, uint64_t max, uint64_t *v)
{
	char range[32];
	int ret = parse_u64((const char *)l->ev.data.scalar.value, v);

	if (!ret && *v > max)
		ret = -ERANGE;
	if (!ret)
		return 0;
	snprintf(range, sizeof(range), "0..%llu", (unsigned long long)max);
	return ld_number_error(l, ret, key, "an unsigned integer", range);
}

static int ld_int_field(struct ld *l, const struct rs_field *f, int *p)
{
	const char *s = (const char *)l->ev.data.scalar.value;
	int ret, v;

	if (f->type == RS_FT_BOOL && (!strcmp(s, "true") || !strcmp(s, "false"))) {
		*p = s[0] == 't';
		return 0;
	}
	ret = parse_int(s, &v);
	if (ret)
		return ld_number_error(l, ret, f->name, "an integer", "a 32-bit int");
	if (f->type == RS_FT_BOOL && v != 0 && v != 1)
		return ld_fail(l, &l->ev.start_mark, "'%s' is a boolean: 0 or 1, not %d",
			       f->name, v);
	if (f->type == RS_FT_VERSION && (v < 1 || v > RS_SNAPSHOT_VERSION))
		return ld_fail(l, &l->ev.start_mark,
			       "snapshot format version %d: this rocescope reads 1 to %d%s",
			       v, RS_SNAPSHOT_VERSION,
			       v > RS_SNAPSHOT_VERSION ? " (the file is from a newer rocescope)" : "");
	*p = v;
	return 0;
}

static int ld_str(struct ld *l, const char *key, char *dst, size_t size)
{
	size_t n = l->ev.data.scalar.length;

	if (memchr(l->ev.data.scalar.value, '\0', n))
		return ld_fail(l, &l->ev.start_mark, "'%s': NUL byte in string", key);
	if (n >= size)
		return ld_fail(l, &l->ev.start_mark, "'%s': string of %zu bytes, at most %zu fit",
			       key, n, size - 1);
	memcpy(dst, l->ev.data.scalar.value, n);
	dst[n] = '\0';
	return 0;
}

static int ld_gid_type(struct ld *l, const char *key, enum rs_gid_type *t)
{
	static const enum rs_gid_type all[] = {
		RS_GID_TYPE_UNKNOWN, RS_GID_TYPE_ROCE_V1, RS_GID_TYPE_ROCE_V2,
	};
	const char *s = (const char *)l->ev.data.scalar.value;
	char q[48];

	for (size_t i = 0; i < RS_ARRAY_SIZE(all); i++)
		if (!strcmp(s, rs_gid_type_name(all[i]))) {
			*t = all[i];
			return 0;
		}
	return ld_fail(l, &l->ev.start_mark,
		       "'%s': '%s' is not a GID type (\"RoCE v2\", \"IB/RoCE v1\", \"unknown\")",
		       key, ld_quote(l, q, sizeof(q)));
}

static int ld_area(struct ld *l, const char *key, enum rs_area *a)
{
	char q[48];

	if (!rs_area_parse((const char *)l->ev.data.scalar.value, a))
		return 0;
	return ld_fail(l, &l->ev.start_mark, "'%s': '%s' is not an area (rdma, net, host)",
		       key, ld_quote(l, q, sizeof(q)));
}

/*
 * A number read must be one the kernel can report (the field's range,
 * snapshot_schema.c): a speed of 1e308 GT/s was not written by a host.
 * A double is never NaN or infinite: no reading is.
 */
static int ld_range(struct ld *l, const struct rs_field *f, double v)
{
	const struct rs_range *r = f->range;

	if (f->type == RS_FT_DOUBLE && !isfinite(v))
		return ld_number_error(l, -ERANGE, f->name, "a number", r ? r->text :
				       "a finite number: no reading is NaN or infinite");
	if (!r || (r->zero_unknown && v == 0))
		return 0;
	if (v >= r->min && v <= r->max && (!r->ok || r->ok(v)))
		return 0;
	return ld_number_error(l, -ERANGE, f->name, "a number", r->text);
}

static int ld_scalar(struct ld *l, const struct rs_field *f, char *p)
{
	uint64_t v;
	int ret;

	if ((ret = ld_expect(l, YAML_SCALAR_EVENT, "a scalar", f->name)))
		return ret;
	/* A "\0" escape would end the C string early: "12\0junk" is not 12. */
	if (memchr(l->ev.data.scalar.value, '\0', l->ev.data.scalar.length))
		return ld_fail(l, &l->ev.start_mark, "'%s': NUL byte in value", f->name);
	switch (f->type) {
	case RS_FT_VERSION:
	case RS_FT_BOOL:
		return ld_int_field(l, f, (int *)p);
	case RS_FT_INT:
		ret = ld_int_field(l, f, (int *)p);
		return ret ? ret : ld_range(l, f, *(int *)p);
	case RS_FT_UINT:
		ret = ld_uint(l, f->name, UINT_MAX, &v);
		if (!ret)
			*(unsigned *)p = (unsigned)v;
		return ret ? ret : ld_range(l, f, (double)v);
	case RS_FT_ULONG:
		ret = ld_uint(l, f->name, ULONG_MAX, &v);
		if (!ret)
			*(unsigned long *)p = (unsigned long)v;
		return ret;
	case RS_FT_MEMLOCK:
		if (!strcmp((const char *)l->ev.data.scalar.value, "unlimited")) {
			*(uint64_t *)p = RS_MEMLOCK_UNLIMITED;
			return 0;
		}
		/* fall through */
	case RS_FT_U64:
		return ld_uint(l, f->name, UINT64_MAX, (uint64_t *)p);
	case RS_FT_DOUBLE:
		ret = parse_double((const char *)l->ev.data.scalar.value, (double *)p);
		if (ret)
			return ld_number_error(l, ret, f->name, "a number", f->range ?
					       f->range->text : "a double");
		return ld_range(l, f, *(double *)p);
	case RS_FT_STR:
		return ld_str(l, f->name, p, f->size);
	case RS_FT_TIME:
		ret = ld_str(l, f->name, p, f->size);
		if (!ret && p[0] && rs_utc_parse(p) < 0)
			return ld_fail(l, &l->ev.start_mark, "'%s': '%.40s' is not a UTC time "
				       "(YYYY-MM-DDTHH:MM:SSZ, 1970 or later)", f->name, p);
		return ret;
	case RS_FT_GID_TYPE:
		return ld_gid_type(l, f->name, (enum rs_gid_type *)p);
	case RS_FT_AREA:
		return ld_area(l, f->name, (enum rs_area *)p);
	default:
		return -EINVAL;
	}
}

/* Account for n bytes of arrays against the load budget. */
static int ld_spend(struct ld *l, size_t n)
{
	if (n > l->budget)
		return ld_fail(l, &l->ev.start_mark,
			       "too many elements: a snapshot holds at most %zu MiB of data",
			       load_budget >> 20);
	l->budget -= n;
	return 0;
}

/*
 * An array of n elements of size bytes is about to get one more: charge
 * what rs_array_append() allocates, the room it doubles to, so the budget
 * bounds the memory the arrays hold, not only the elements in use.
 */
static int ld_spend_append(struct ld *l, size_t n, size_t size)
{
	if (n & (n - 1))
		return 0;	/* room left: rs_array_append() grows at powers of two */
	return ld_spend(l, (n ? n : 1) * size);
}

static int ld_struct(struct ld *l, const struct rs_schema *sc, char *base, const char *key);

static int ld_element(struct ld *l, const struct rs_field *f, char *base, struct rs_nidx *seen)
{
	void **arr = (void **)(base + f->off);
	size_t *n = (size_t *)(base + f->count_off);
	yaml_mark_t mk = l->ev.start_mark;
	char why[RS_MSG_LEN];
	void *elem;
	int ret;

	if ((ret = ld_spend_append(l, *n, f->size)))
		return ret;
	elem = rs_array_append(arr, n, f->size);
	rs_schema_defaults(f->sub, elem);
	if ((ret = ld_struct(l, f->sub, elem, f->sub->name)))
		return ret;
	/* Whole now, whatever the order of its keys: does it make sense? */
	if (f->sub->check && f->sub->check(*arr, *n - 1, seen, why, sizeof(why)))
		return ld_fail(l, &mk, "%s", why);
	return 0;
}

static int ld_array(struct ld *l, const struct rs_field *f, char *base)
{
	struct rs_nidx seen;
	int ret;

	if ((ret = ld_expect(l, YAML_SEQUENCE_START_EVENT, "a sequence", f->name)))
		return ret;
	rs_nidx_init(&seen);
	while (!(ret = ld_next(l)) && l->ev.type != YAML_SEQUENCE_END_EVENT)
		if ((ret = ld_element(l, f, base, &seen)))
			break;
	rs_nidx_free(&seen);
	return ret;
}

/* Key names currently parsed are in l->ev; a NUL inside makes them unknown. */
static const struct rs_field *ld_find(const struct ld *l, const struct rs_schema *sc, size_t *idx)
{
	const char *k = (const char *)l->ev.data.scalar.value;
	size_t n = l->ev.data.scalar.length;

	for (size_t i = 0; i < sc->n_fields; i++)
		if (strlen(sc->fields[i].name) == n && !memcmp(sc->fields[i].name, k, n)) {
			*idx = i;
			return &sc->fields[i];
		}
	return NULL;
}

static int ld_key(struct ld *l, const char *where)
{
	if (l->ev.type != YAML_SCALAR_EVENT)
		return ld_fail(l, &l->ev.start_mark, "a key in '%s' must be a scalar, found %s",
			       where, ld_found(l));
	return 0;
}

static int ld_counters(struct ld *l, struct rs_counter_set *set, const char *key);

static int ld_value(struct ld *l, const struct rs_field *f, char *base)
{
	switch (f->type) {
	case RS_FT_STRUCT:
		return ld_struct(l, f->sub, base + f->off, f->name);
	case RS_FT_ARRAY:
		return ld_array(l, f, base);
	case RS_FT_COUNTERS:
		return ld_counters(l, (struct rs_counter_set *)(base + f->off), f->name);
	default:
		return ld_scalar(l, f, base + f->off);
	}
}

static int ld_struct(struct ld *l, const struct rs_schema *sc, char *base, const char *key)
{
	uint64_t seen = 0;
	char q[48];
	int ret;

	if ((ret = ld_expect(l, YAML_MAPPING_START_EVENT, "a mapping", key)))
		return ret;
	for (;;) {
		const struct rs_field *f;
		size_t idx;

		if ((ret = ld_next(l)))
			return ret;
		if (l->ev.type == YAML_MAPPING_END_EVENT)
			return 0;
		if ((ret = ld_key(l, key)))
			return ret;
		f = ld_find(l, sc, &idx);
		if (!f)
			return ld_fail(l, &l->ev.start_mark, "unknown key '%s' in %s",
				       ld_quote(l, q, sizeof(q)), sc->name);
		if (seen & (1ull << idx))
			return ld_fail(l, &l->ev.start_mark, "duplicate key '%s' in %s",
				       f->name, sc->name);
		seen |= 1ull << idx;
		if ((ret = ld_next(l)) || (ret = ld_value(l, f, base)))
			return ret;
	}
}

/*
 * Counter names are the keys of a mapping that may hold thousands of
 * entries (ethtool -S on a many-queue NIC).  Collectors write them sorted,
 * and then a name after the one before is new; a mapping out of order gets
 * an index (name_index.h) of the names so far: never a quadratic scan.
 */
static int counter_seen(struct rs_nidx *seen, const struct rs_counter_set *set)
{
	const struct rs_nidx_strs a = { (const char *)set->items, sizeof(*set->items),
					offsetof(struct rs_counter, name) };
	size_t i = set->count - 1;

	if (!seen->n) {
		if (!i || strcmp(set->items[i - 1].name, set->items[i].name) < 0)
			return 0;
		for (size_t j = 0; j < i; j++)
			rs_nidx_add_str(seen, &a, j, NULL);
	}
	return rs_nidx_add_str(seen, &a, i, NULL) ? 1 : 0;
}

static int ld_counter(struct ld *l, struct rs_counter_set *set, const char *key,
		      struct rs_nidx *seen)
{
	char name[RS_NAME_LEN];
	struct rs_counter *c;
	int ret;

	if ((ret = ld_key(l, key)) || (ret = ld_str(l, "counter name", name, sizeof(name))) ||
	    (ret = ld_spend_append(l, set->count, sizeof(*set->items))))
		return ret;
	rs_counter_set_add(set, name, 0);
	if (counter_seen(seen, set))
		return ld_fail(l, &l->ev.start_mark, "duplicate counter '%s' in %s", name, key);
	c = &set->items[set->count - 1];
	if ((ret = ld_next(l)) || (ret = ld_expect(l, YAML_SCALAR_EVENT, "a scalar", name)))
		return ret;
	return ld_uint(l, name, UINT64_MAX, &c->value);
}

static int ld_counter_values(struct ld *l, struct rs_counter_set *set, const char *key)
{
	struct rs_nidx seen;
	int ret;

	if ((ret = ld_expect(l, YAML_MAPPING_START_EVENT, "a mapping of counters", key)))
		return ret;
	rs_nidx_init(&seen);
	while (!(ret = ld_next(l)) && l->ev.type != YAML_MAPPING_END_EVENT)
		if ((ret = ld_counter(l, set, key, &seen)))
			break;
	rs_nidx_free(&seen);
	return ret;
}

static int ld_counters(struct ld *l, struct rs_counter_set *set, const char *key)
{
	int seen_ts = 0, seen_values = 0, ret;
	const char *k;
	char q[48];

	if ((ret = ld_expect(l, YAML_MAPPING_START_EVENT, "a counter set {ts_ns, values}", key)))
		return ret;
	for (;;) {
		int *seen;

		if ((ret = ld_next(l)))
			return ret;
		if (l->ev.type == YAML_MAPPING_END_EVENT)
			return 0;
		if ((ret = ld_key(l, key)))
			return ret;
		k = (const char *)l->ev.data.scalar.value;
		if (strlen(k) != l->ev.data.scalar.length)
			k = "";	/* a NUL inside: matches no key */
		if (!strcmp(k, "ts_ns"))
			seen = &seen_ts;
		else if (!strcmp(k, "values"))
			seen = &seen_values;
		else
			return ld_fail(l, &l->ev.start_mark,
				       "unknown key '%s' in counter set %s (ts_ns, values)",
				       ld_quote(l, q, sizeof(q)), key);
		if (*seen)
			return ld_fail(l, &l->ev.start_mark, "duplicate key '%s' in %s",
				       seen == &seen_ts ? "ts_ns" : "values", key);
		*seen = 1;
		if ((ret = ld_next(l)))
			return ret;
		if (seen == &seen_ts)
			ret = ld_expect(l, YAML_SCALAR_EVENT, "a scalar", "ts_ns") ?:
			      ld_uint(l, "ts_ns", UINT64_MAX, &set->ts_ns);
		else
			ret = ld_counter_values(l, set, key);
		if (ret)
			return ret;
	}
}

/*
 * Format 1 had no area on errors: give each the part its source collected,
 * as format 1's writers used them ("sysfs" served both the RDMA devices
 * and, under a fixture root, the links).
 */
static void v1_error_areas(struct rs_snapshot *s)
{
	const struct rs_nidx_strs links = { (const char *)s->links, sizeof(*s->links),
					    offsetof(struct rs_link, name) };
	struct rs_nidx by_name;

	rs_nidx_init(&by_name);
	for (size_t i = 0; i < s->n_links; i++)
		rs_nidx_add_str(&by_name, &links, i, NULL);
	for (size_t i = 0; i < s->n_errors; i++) {
		struct rs_error *e = &s->errors[i];

		if (!strcmp(e->source, "host"))
			e->area = RS_AREA_HOST;
		else if (!strcmp(e->source, "netlink") || !strcmp(e->source, "ethtool") ||
			 (!strcmp(e->source, "sysfs") && e->object[0] &&
			  rs_nidx_find_str(&by_name, &links, e->object) >= 0))
			e->area = RS_AREA_NET;
		else
			e->area = RS_AREA_RDMA;
	}
	rs_nidx_free(&by_name);
	s->version = RS_SNAPSHOT_VERSION;
}

static int ld_document(struct ld *l, struct rs_snapshot *s)
{
	int ret;

	/* STREAM-START, then DOCUMENT-START or STREAM-END. */
	if ((ret = ld_next(l)) || (ret = ld_next(l)))
		return ret;
	if (l->ev.type == YAML_STREAM_END_EVENT)
		return ld_fail(l, &l->ev.start_mark, "empty file: no snapshot in it");
	if ((ret = ld_next(l)))
		return ret;
	if (l->ev.type == YAML_SCALAR_EVENT && l->ev.data.scalar.length == 0)
		return ld_fail(l, &l->ev.start_mark, "empty document: no snapshot in it");
	if ((ret = ld_struct(l, &rs_snapshot_schema, (char *)s, "snapshot")))
		return ret;
	if (s->version == 1)
		v1_error_areas(s);
	/* DOCUMENT-END, explicit ("...") in a file, then nothing but STREAM-END. */
	if ((ret = ld_next(l)))
		return ret;
	if ((l->flags & RS_LOAD_NEED_END) && l->ev.type == YAML_DOCUMENT_END_EVENT &&
	    l->ev.data.document_end.implicit)
		return ld_fail(l, &l->ev.start_mark,
			       "incomplete snapshot: no '...' line at its end (the file was "
			       "cut short; a complete file saved before rocescope wrote that "
			       "line loads once '...' is added as its last line)");
	if ((ret = ld_next(l)))
		return ret;
	if (l->ev.type != YAML_STREAM_END_EVENT)
		return ld_fail(l, &l->ev.start_mark,
			       "a second YAML document: a snapshot file holds one");
	return 0;
}

int rs_snapshot_load_text(struct rs_snapshot *s, const char *buf, size_t len,
			  const char *name, unsigned flags, char *err, size_t errlen)
{
	locale_t c_loc = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	locale_t old = c_loc ? uselocale(c_loc) : (locale_t)0;
	char dummy[1];
	struct ld l = {
		.name = name ? name : "<input>",
		.buf = buf,
		.len = len,
		.err = errlen ? err : dummy,
		.errlen = errlen ? errlen : sizeof(dummy),
		.budget = load_budget,
		.flags = flags,
	};
	int ret;

	rs_snapshot_init(s);
	l.err[0] = '\0';
	if (!buf) {
		/* libyaml asserts on a NULL input: treat it as an empty file. */
		buf = l.buf = "";
		len = l.len = 0;
	}
	if (!yaml_parser_initialize(&l.p))
		rs_die("out of memory");
	yaml_parser_set_input_string(&l.p, (const unsigned char *)buf, len);
	ret = ld_document(&l, s);
	if (!ret)
		rs_snapshot_note_clock(s);
	if (l.have_ev)
		yaml_event_delete(&l.ev);
	yaml_parser_delete(&l.p);
	if (ret)
		rs_snapshot_free(s);
	if (c_loc) {
		uselocale(old);
		freelocale(c_loc);
	}
	return ret;
}

int rs_snapshot_load_yaml(struct rs_snapshot *s, const char *buf, size_t len,
			  const char *name, char *err, size_t errlen)
{
	return rs_snapshot_load_text(s, buf, len, name, 0, err, errlen);
}
