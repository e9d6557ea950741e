/* SPDX-License-Identifier: MIT */
/*
 * series.c - counters followed across readings (series.h).
 *
 * A series set keeps its counters in the order of the snapshot's set, so
 * an update walks both in step and only compares names; when a driver
 * adds or drops a counter (or a reload reorders them) the set is realigned
 * once by name, carrying each counter's state over.  Rates use each set's
 * own reading timestamp: a slow sysfs read or a late timer does not skew
 * them, and the demo's fake clock gives exact figures.
 */
#include "model/series.h"
#include "model/rate.h"
#include "util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void rs_series_init(struct rs_series *s, unsigned hist_cap)
{
	memset(s, 0, sizeof(*s));
	rs_nidx_init(&s->by_name);
	s->hist_cap = hist_cap;
}

static void set_free(struct rs_series_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		free(set->ctrs[i].hist);
	free(set->ctrs);
	set->ctrs = NULL;
	set->n = 0;
}

void rs_series_free(struct rs_series *s)
{
	for (size_t i = 0; i < s->n_sets; i++)
		set_free(&s->sets[i]);
	free(s->sets);
	rs_nidx_free(&s->by_name);
	rs_series_init(s, s->hist_cap);
}

static void ctr_init(const struct rs_series *s, struct rs_series_ctr *c,
		     const struct rs_series_set *set, const char *name)
{
	memset(c, 0, sizeof(*c));
	RS_STRCPY(c->name, name);
	c->cls = rs_ctr_classify(set->table, set->origin, name);
	c->scale = rs_counter_class_scale(c->cls);
	if (s->hist_cap && c->cls && c->cls->group != RS_CG_HIDDEN)
		c->hist = rs_xcalloc(s->hist_cap, sizeof(*c->hist));
}

/* Rebuild set->ctrs in the order of cs, carrying state over by name (an
 * index of the old names: ethtool -S may list thousands). */
static void realign(const struct rs_series *s, struct rs_series_set *set,
		    const struct rs_counter_set *cs)
{
	struct rs_series_ctr *v = rs_xcalloc(cs->count ? cs->count : 1, sizeof(*v));
	const struct rs_nidx_strs old = { (const char *)set->ctrs, sizeof(*set->ctrs),
					  offsetof(struct rs_series_ctr, name) };
	struct rs_nidx by_name;

	rs_nidx_init(&by_name);
	for (size_t j = 0; j < set->n; j++)
		rs_nidx_add_str(&by_name, &old, j, NULL);
	for (size_t i = 0; i < cs->count; i++) {
		long j = rs_nidx_find_str(&by_name, &old, cs->items[i].name);

		if (j >= 0) {
			v[i] = set->ctrs[j];
			set->ctrs[j].name[0] = '\0';	/* taken: a second one starts anew */
			set->ctrs[j].hist = NULL;
		} else {
			ctr_init(s, &v[i], set, cs->items[i].name);
		}
	}
	rs_nidx_free(&by_name);
	set_free(set);
	set->ctrs = v;
	set->n = cs->count;
}

static void ctr_reading(struct rs_series_ctr *c, uint64_t v, uint64_t ts)
{
	if (!c->seen) {
		c->seen = 1;
		c->delta = 0;
		c->has_rate = 0;
		c->rate = 0;
	} else {
		double rate;

		c->delta = rs_counter_delta(c->last, v, NULL) * c->scale;
		c->total += c->delta;
		/* rate.c's rules: wrap, reset, a clock that did not advance */
		c->has_rate = !rs_counter_rate(c->last, c->last_ns, v, ts, &rate);
		if (c->has_rate)
			c->rate = rate * c->scale;
		else if (!c->delta)
			c->rate = 0;
	}
	c->last = v;
	c->last_ns = ts;
}

static void set_reading(struct rs_series *s, struct rs_series_set *set,
			const struct rs_counter_set *cs, uint64_t now)
{
	uint64_t ts = cs->ts_ns ? cs->ts_ns : now;	/* a source without timestamps */
	unsigned slot = s->hist_head;

	if (set->n != cs->count)
		realign(s, set, cs);
	for (size_t i = 0; i < cs->count; i++) {
		struct rs_series_ctr *c = &set->ctrs[i];

		if (strcmp(c->name, cs->items[i].name)) {
			realign(s, set, cs);
			c = &set->ctrs[i];
		}
		ctr_reading(c, cs->items[i].value, ts);
		if (c->hist)
			c->hist[slot] = (float)c->rate;
	}
	set->present = 1;
}

/* A set whose owner is gone: no movement, values and totals kept. */
static void set_absent(struct rs_series *s, struct rs_series_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		set->ctrs[i].delta = 0;
		set->ctrs[i].rate = 0;
		set->ctrs[i].has_rate = 0;
		if (set->ctrs[i].hist)
			set->ctrs[i].hist[s->hist_head] = 0;
	}
	set->present = 0;
}

struct set_key {
	enum rs_corigin origin;
	const char *object;
	unsigned port;
};

static uint32_t set_hash(const struct set_key *k)
{
	uint32_t h = rs_nidx_hash_u32((uint32_t)k->origin, RS_NIDX_SEED);

	return rs_nidx_hash(k->object, rs_nidx_hash_u32(k->port, h));
}

static int set_eq(const void *arr, size_t idx, const void *key)
{
	const struct rs_series_set *set = (const struct rs_series_set *)arr + idx;
	const struct set_key *k = key;

	return set->origin == k->origin && set->port == k->port && !strcmp(set->object, k->object);
}

static struct rs_series_set *find_set(struct rs_series *s, size_t *cursor, enum rs_corigin o,
				      const char *object, unsigned port)
{
	const struct set_key k = { o, object, port };
	struct rs_series_set *set;
	uint32_t h;
	long i;

	/* The common case: the same order as last time. */
	if (*cursor < s->n_sets && set_eq(s->sets, *cursor, &k))
		return &s->sets[(*cursor)++];
	h = set_hash(&k);
	i = rs_nidx_find(&s->by_name, h, set_eq, s->sets, &k);
	if (i >= 0) {
		*cursor = (size_t)i + 1;
		return &s->sets[i];
	}
	set = RS_APPEND(s->sets, s->n_sets);
	set->origin = o;
	RS_STRCPY(set->object, object);
	set->port = port;
	rs_nidx_add(&s->by_name, h, s->n_sets - 1);
	*cursor = s->n_sets;
	return set;
}

/* The port's driver came to be known (or changed): classify again. */
static void set_table(struct rs_series_set *set, const struct rs_ctr_table *t)
{
	if (set->table == t)
		return;
	set->table = t;
	for (size_t i = 0; i < set->n; i++) {
		struct rs_series_ctr *c = &set->ctrs[i];

		c->cls = rs_ctr_classify(t, set->origin, c->name);
		c->scale = rs_counter_class_scale(c->cls);
	}
}

void rs_series_update(struct rs_series *s, const struct rs_snapshot *snap)
{
	uint64_t now = rs_now_ns();
	size_t cursor = 0;
	struct rs_series_set *set;

	for (size_t i = 0; i < s->n_sets; i++)
		s->sets[i].present = 0;
	for (size_t d = 0; d < snap->n_devices; d++)
		for (size_t p = 0; p < snap->devices[d].n_ports; p++) {
			const struct rs_device *dev = &snap->devices[d];
			const struct rs_port *port = &dev->ports[p];
			const struct rs_ctr_table *t = rs_ctr_table_for(dev);

			set = find_set(s, &cursor, RS_CO_PORT, dev->name, port->num);
			set_table(set, t);
			set_reading(s, set, &port->counters, now);
			set = find_set(s, &cursor, RS_CO_HW, dev->name, port->num);
			set_table(set, t);
			set_reading(s, set, &port->hw_counters, now);
		}
	for (size_t l = 0; l < snap->n_links; l++) {
		const struct rs_link *k = &snap->links[l];

		set = find_set(s, &cursor, RS_CO_NETDEV, k->name, 0);
		set_reading(s, set, &k->stats, now);
		set = find_set(s, &cursor, RS_CO_ETHTOOL, k->name, 0);
		set_reading(s, set, &k->ethtool, now);
	}
	for (size_t i = 0; i < s->n_sets; i++)
		if (!s->sets[i].present)
			set_absent(s, &s->sets[i]);
	if (s->hist_cap) {
		s->hist_head = (s->hist_head + 1) % s->hist_cap;
		if (s->hist_len < s->hist_cap)
			s->hist_len++;
	}
	s->updates++;
}

void rs_series_reset(struct rs_series *s)
{
	for (size_t i = 0; i < s->n_sets; i++)
		for (size_t j = 0; j < s->sets[i].n; j++) {
			struct rs_series_ctr *c = &s->sets[i].ctrs[j];

			c->total = 0;
			c->delta = 0;
			c->rate = 0;
			c->has_rate = 0;
			if (c->hist)
				memset(c->hist, 0, s->hist_cap * sizeof(*c->hist));
		}
	s->hist_head = s->hist_len = 0;
}

const struct rs_series_set *rs_series_port_set(const struct rs_series *s, const char *dev,
					       unsigned port, enum rs_corigin origin)
{
	const struct set_key k = { origin, dev, port };
	long i = rs_nidx_find(&s->by_name, set_hash(&k), set_eq, s->sets, &k);

	return i < 0 ? NULL : &s->sets[i];
}

const struct rs_series_set *rs_series_netdev_set(const struct rs_series *s,
						 const char *netdev, enum rs_corigin origin)
{
	return netdev[0] ? rs_series_port_set(s, netdev, 0, origin) : NULL;
}

float rs_series_sample(const struct rs_series *s, const struct rs_series_ctr *c, unsigned i)
{
	if (!c->hist || !s->hist_cap || i >= s->hist_len)
		return 0;
	return c->hist[(s->hist_head + s->hist_cap - s->hist_len + i) % s->hist_cap];
}
