/* SPDX-License-Identifier: MIT */
/*
 * writer.c - encoding a recording (recording.h, docs/recording.md).
 *
 * The writer walks the snapshot's counter sets in a fixed order (each
 * port's counters/ then hw_counters/, device by device; then each link's
 * statistics and ethtool -S) and compares them with the schema in effect:
 * the same sets with the same names in the same order is the common case,
 * one string compare per counter.  Anything else writes a new schema, and
 * the sample after it is a full one (differences from zero), so a reader
 * can start decoding at any schema.
 *
 * A sample stores, per set, a flags byte, the timestamp as its difference
 * from the set's previous timestamp minus the sample's own step (the read
 * jitter: a few bytes), then a bitmap of the counters that changed and the
 * zigzag varint of each change.  A counter that did not move costs one
 * bit; a set where nothing moved costs its flags byte.
 */
#include "record/recording.h"
#include "model/snapshot_yaml.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rs_rec_wset {
	struct rs_rec_key key;
	char (*names)[RS_NAME_LEN];
	size_t n;
	uint64_t *prev;			/* values at the last sample */
	uint64_t prev_ts;
	int state, phys;		/* port sets: the state last written (-1: none) */
};

void rs_rec_writer_init(struct rs_rec_writer *w)
{
	memset(w, 0, sizeof(*w));
}

static void schema_free(struct rs_rec_writer *w)
{
	for (size_t i = 0; i < w->n_sets; i++) {
		free(w->sets[i].names);
		free(w->sets[i].prev);
	}
	free(w->sets);
	w->sets = NULL;
	w->n_sets = 0;
	w->have_schema = 0;
}

void rs_rec_writer_free(struct rs_rec_writer *w)
{
	schema_free(w);
	rs_buf_free(&w->out);
	free(w->findings);
}

/* One counter set of the snapshot in walk order, with the port it belongs
 * to (port sets) and whether its device is there. */
struct walk_set {
	struct rs_rec_key key;
	const struct rs_counter_set *cs;
	const struct rs_port *port;	/* RS_CO_PORT sets only: carries the state */
	int gone;
};

static size_t walk(const struct rs_snapshot *s, struct walk_set **out)
{
	size_t n = 0, cap = 2 * s->n_links;
	struct walk_set *v;

	for (size_t d = 0; d < s->n_devices; d++)
		cap += 2 * s->devices[d].n_ports;
	v = rs_xcalloc(cap ? cap : 1, sizeof(*v));
	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t p = 0; p < s->devices[d].n_ports; p++) {
			const struct rs_device *dev = &s->devices[d];
			const struct rs_port *port = &dev->ports[p];

			for (int h = 0; h < 2; h++, n++) {
				v[n].key.origin = h ? RS_CO_HW : RS_CO_PORT;
				RS_STRCPY(v[n].key.object, dev->name);
				v[n].key.port = port->num;
				v[n].cs = h ? &port->hw_counters : &port->counters;
				v[n].port = h ? NULL : port;
				v[n].gone = !dev->present;
			}
		}
	for (size_t l = 0; l < s->n_links; l++)
		for (int e = 0; e < 2; e++, n++) {
			v[n].key.origin = e ? RS_CO_ETHTOOL : RS_CO_NETDEV;
			RS_STRCPY(v[n].key.object, s->links[l].name);
			v[n].cs = e ? &s->links[l].ethtool : &s->links[l].stats;
		}
	*out = v;
	return n;
}

static int same_key(const struct rs_rec_key *a, const struct rs_rec_key *b)
{
	return a->origin == b->origin && a->port == b->port && !strcmp(a->object, b->object);
}

static int schema_matches(const struct rs_rec_writer *w, const struct walk_set *v, size_t n)
{
	if (!w->have_schema || n != w->n_sets)
		return 0;
	for (size_t i = 0; i < n; i++) {
		const struct rs_rec_wset *ws = &w->sets[i];

		if (!same_key(&ws->key, &v[i].key) || ws->n != v[i].cs->count)
			return 0;
		for (size_t k = 0; k < ws->n; k++)
			if (strcmp(ws->names[k], v[i].cs->items[k].name))
				return 0;
	}
	return 1;
}

/* A new schema from the walk: written, and the state starts from zero. */
static void write_schema(struct rs_rec_writer *w, const struct walk_set *v, size_t n)
{
	size_t start;

	schema_free(w);
	w->sets = rs_xcalloc(n ? n : 1, sizeof(*w->sets));
	w->n_sets = n;
	w->have_schema = 1;
	start = rs_frame_begin(&w->out);
	rs_buf_varint(&w->out, n);
	for (size_t i = 0; i < n; i++) {
		struct rs_rec_wset *ws = &w->sets[i];

		ws->key = v[i].key;
		ws->n = v[i].cs->count;
		ws->names = rs_xcalloc(ws->n ? ws->n : 1, sizeof(*ws->names));
		ws->prev = rs_xcalloc(ws->n ? ws->n : 1, sizeof(*ws->prev));
		ws->state = ws->phys = -1;
		rs_buf_u8(&w->out, ws->key.origin);
		rs_buf_varint(&w->out, ws->key.port);
		rs_buf_str(&w->out, ws->key.object);
		rs_buf_varint(&w->out, ws->n);
		for (size_t k = 0; k < ws->n; k++) {
			RS_STRCPY(ws->names[k], v[i].cs->items[k].name);
			rs_buf_str(&w->out, ws->names[k]);
		}
	}
	rs_frame_end(&w->out, start, RS_REC_SCHEMA);
}

/*
 * The sample's time: the latest reading among its sets.  It never goes
 * back (a reader searches samples by time): a sample whose sets have no
 * time, or older ones, takes the previous sample's.
 */
static uint64_t sample_ts(const struct walk_set *v, size_t n, uint64_t prev)
{
	uint64_t ts = 0;

	for (size_t i = 0; i < n; i++)
		if (v[i].cs->ts_ns > ts)
			ts = v[i].cs->ts_ns;
	if (!ts && !prev)
		ts = rs_now_ns();
	return ts > prev ? ts : prev;
}

static void write_set(struct rs_rec_writer *w, struct rs_rec_wset *ws, const struct walk_set *v,
		      uint64_t step)
{
	const struct rs_counter_set *cs = v->cs;
	unsigned flags = 0;
	size_t nb = (ws->n + 7) / 8, bm;
	int same = 1;

	for (size_t k = 0; k < ws->n && same; k++)
		same = cs->items[k].value == ws->prev[k];
	flags |= cs->ts_ns ? 0 : RS_RSET_NO_TS;
	flags |= same ? RS_RSET_SAME : 0;
	flags |= v->gone ? RS_RSET_GONE : 0;
	if (v->port && (v->port->state != ws->state || v->port->phys_state != ws->phys))
		flags |= RS_RSET_STATE;
	rs_buf_u8(&w->out, flags);
	if (cs->ts_ns) {
		/* how much this set's step differs from the sample's */
		rs_buf_svarint(&w->out, (int64_t)(cs->ts_ns - ws->prev_ts - step));
		ws->prev_ts = cs->ts_ns;
	}
	if (flags & RS_RSET_STATE) {
		rs_buf_varint(&w->out, (uint64_t)v->port->state);
		rs_buf_str(&w->out, v->port->state_name);
		rs_buf_varint(&w->out, (uint64_t)v->port->phys_state);
		rs_buf_str(&w->out, v->port->phys_state_name);
		ws->state = v->port->state;
		ws->phys = v->port->phys_state;
	}
	if (same)
		return;
	bm = w->out.len;
	for (size_t i = 0; i < nb; i++)
		rs_buf_u8(&w->out, 0);
	for (size_t k = 0; k < ws->n; k++) {
		uint64_t val = cs->items[k].value;

		if (val == ws->prev[k])
			continue;
		w->out.p[bm + k / 8] |= (unsigned char)(1u << (k % 8));
		/* wrapping difference: exact for any pair of u64 */
		rs_buf_svarint(&w->out, (int64_t)(val - ws->prev[k]));
		ws->prev[k] = val;
	}
}

void rs_rec_write_sample(struct rs_rec_writer *w, const struct rs_snapshot *snap)
{
	struct walk_set *v;
	size_t n = walk(snap, &v), start;
	uint64_t ts, step;

	if (!schema_matches(w, v, n))
		write_schema(w, v, n);
	ts = sample_ts(v, n, w->prev_ts);
	step = ts - w->prev_ts;
	start = rs_frame_begin(&w->out);
	rs_buf_svarint(&w->out, (int64_t)step);
	for (size_t i = 0; i < n; i++)
		write_set(w, &w->sets[i], &v[i], step);
	rs_frame_end(&w->out, start, RS_REC_SAMPLE);
	w->prev_ts = ts;
	w->samples++;
	free(v);
}

void rs_rec_write_resync(struct rs_rec_writer *w)
{
	schema_free(w);
	w->have_qps = 0;	/* the next 'Q' is written whatever it holds */
}
