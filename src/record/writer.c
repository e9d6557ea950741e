/* SPDX-License-Identifier: MIT */
/*
 * writer.c - encoding a recording (recording.h, docs/recording.md).
 *
 * The writer walks the snapshot's counter sets in a fixed order (each
 * port's counters/ then hw_counters/, device by device; then each link's
 * statistics and ethtool -S) and compares them with the schema in effect:
 * the same sets with the same names in the same order is the common case,
 * one string compare per counter.  Anything else writes a new schema
 * (twice: one damaged copy costs nothing), and the sample after it is a key
 * sample.
 *
 * A sample stores its number, then per set a flags byte, the timestamp as
 * its difference from the set's previous timestamp minus the sample's own
 * step (the read jitter: a few bytes), then a bitmap of the counters that
 * changed and the zigzag varint of each change.  A counter that did not
 * move costs one bit; a set where nothing moved costs its flags byte.
 *
 * A key sample (every RS_REC_KEY_EVERY samples, and after each schema) is
 * the same encoding from nothing: values, times and port states as
 * changes from zero, the time step from 0, with the schema's number.  A
 * reader that lost a sample to damage cannot apply the changes after it;
 * it goes on from the next key sample, so damage costs at most that many
 * samples.
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
	rs_buf_varint(&w->out, w->schemas++);
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
	rs_frame_copy(&w->out, start);
}

/* A set's reading time as recorded: shifted onto the file's clock when
 * appending; 0 (no time) stays 0. */
static uint64_t read_ts(const struct rs_rec_writer *w, const struct rs_counter_set *cs)
{
	return cs->ts_ns ? cs->ts_ns + (uint64_t)w->ts_shift : 0;
}

/*
 * The sample's time: the latest reading among its sets.  It never goes
 * back (a reader searches samples by time): a sample whose sets have no
 * time, or older ones, takes the previous sample's.
 */
static uint64_t sample_ts(const struct rs_rec_writer *w, const struct walk_set *v, size_t n)
{
	uint64_t ts = 0;

	for (size_t i = 0; i < n; i++)
		if (read_ts(w, v[i].cs) > ts)
			ts = read_ts(w, v[i].cs);
	if (!ts && !w->prev_ts)
		ts = rs_now_ns() + (uint64_t)w->ts_shift;
	return ts > w->prev_ts ? ts : w->prev_ts;
}

static void write_set(struct rs_rec_writer *w, struct rs_rec_wset *ws, const struct walk_set *v,
		      uint64_t step)
{
	const struct rs_counter_set *cs = v->cs;
	uint64_t ts = read_ts(w, cs);
	unsigned flags = 0;
	size_t nb = (ws->n + 7) / 8, bm;
	int same = 1;

	for (size_t k = 0; k < ws->n && same; k++)
		same = cs->items[k].value == ws->prev[k];
	flags |= ts ? 0 : RS_RSET_NO_TS;
	flags |= same ? RS_RSET_SAME : 0;
	flags |= v->gone ? RS_RSET_GONE : 0;
	if (v->port && (v->port->state != ws->state || v->port->phys_state != ws->phys))
		flags |= RS_RSET_STATE;
	rs_buf_u8(&w->out, flags);
	if (ts) {
		/* how much this set's step differs from the sample's */
		rs_buf_svarint(&w->out, (int64_t)(ts - ws->prev_ts - step));
		ws->prev_ts = ts;
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

/*
 * A key sample starts from nothing, as a reader that starts there does.
 * When the problems changed since the key before, their list is written
 * whole after it (rs_rec_write_findings): a list that refers to a lost
 * one cannot be read, so a lost list is stale for one key interval at
 * most, and a list that does not change costs nothing more.
 */
static void start_key(struct rs_rec_writer *w)
{
	for (size_t i = 0; i < w->n_sets; i++) {
		struct rs_rec_wset *ws = &w->sets[i];

		memset(ws->prev, 0, (ws->n ? ws->n : 1) * sizeof(*ws->prev));
		ws->prev_ts = 0;
		ws->state = ws->phys = -1;
	}
	/* a reader resynchronised at this key has the QPs at its 'Q' too */
	w->have_qps = 0;
	if (w->flists != w->flists_at_key) {
		free(w->findings);
		w->findings = NULL;
		w->n_findings = 0;
		w->have_findings = 0;
	}
	w->since_key = 0;
}

void rs_rec_write_sample(struct rs_rec_writer *w, const struct rs_snapshot *snap)
{
	struct walk_set *v;
	size_t n = walk(snap, &v), start;
	int key = w->since_key + 1 >= RS_REC_KEY_EVERY;
	uint64_t ts, step;

	if (!schema_matches(w, v, n)) {
		write_schema(w, v, n);
		key = 1;
	}
	if (key)
		start_key(w);
	else
		w->since_key++;
	if (key)
		w->flists_at_key = w->flists + !w->have_findings;
	ts = sample_ts(w, v, n);
	step = key ? ts : ts - w->prev_ts;
	start = rs_frame_begin(&w->out);
	rs_buf_varint(&w->out, w->samples);
	if (key)
		rs_buf_varint(&w->out, w->schemas - 1);
	rs_buf_svarint(&w->out, (int64_t)step);
	for (size_t i = 0; i < n; i++)
		write_set(w, &w->sets[i], &v[i], step);
	rs_frame_end(&w->out, start, key ? RS_REC_KEY : RS_REC_SAMPLE);
	w->prev_ts = ts;
	w->samples++;
	free(v);
}

/* Whether the schema sc of a recording is what the walk of snap gives. */
static int schema_is(const struct rs_rec_schema *sc, const struct walk_set *v, size_t n,
		     char *why, size_t len)
{
	if (sc->n_sets != n) {
		snprintf(why, len, "it records %zu counter sets, this host has %zu now",
			 sc->n_sets, n);
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		const struct rs_rec_set *set = &sc->sets[i];
		int same = same_key(&set->key, &v[i].key) && set->n == v[i].cs->count;

		for (size_t k = 0; same && k < set->n; k++)
			same = !strcmp(sc->names[set->first + k], v[i].cs->items[k].name);
		if (!same) {
			snprintf(why, len, "its counters of %.64s%s%.0u (%s) differ from this "
				 "host's now", v[i].key.object, v[i].key.port ? "/" : "",
				 v[i].key.port, rs_corigin_name(v[i].key.origin));
			return 0;
		}
	}
	return 1;
}

/* Of the same host: its last host record's source and host name. */
static int host_is(const struct rs_recording *r, const struct rs_snapshot *snap,
		   const char *label, char *why, size_t len)
{
	const struct rs_rec_host *h = &r->hosts[r->n_hosts - 1];
	struct rs_snapshot was;
	char err[RS_MSG_LEN];
	int same;

	if (rs_rec_host_snapshot(r, (unsigned)r->n_hosts - 1, &was, err, sizeof(err))) {
		snprintf(why, len, "its host record does not load (%s)", err);
		return 0;
	}
	same = !strcmp(h->label, label) && !strcmp(was.host.hostname, snap->host.hostname);
	if (!same)
		snprintf(why, len, "it is a recording of %.64s (%.64s), this is %.64s (%.64s)",
			 was.host.hostname[0] ? was.host.hostname : "?", h->label,
			 snap->host.hostname[0] ? snap->host.hostname : "?", label);
	rs_snapshot_free(&was);
	return same;
}

int rs_rec_writer_continue(struct rs_rec_writer *w, const struct rs_recording *r,
			   const struct rs_snapshot *snap, const char *label, uint64_t wall_ns,
			   char *why, size_t len)
{
	const struct rs_rec_sample *last = &r->samples[r->n_samples - 1];
	uint64_t last_wall = rs_rec_wall_ns(r, r->n_samples - 1), now = 0, at;
	struct walk_set *v;
	size_t n = walk(snap, &v);
	int ok;

	if (r->version != RS_REC_VERSION) {
		snprintf(why, len, "it is of format %u: appending writes format %d", r->version,
			 RS_REC_VERSION);
		free(v);
		return -EINVAL;
	}
	ok = host_is(r, snap, label, why, len) &&
	     schema_is(&r->schemas[r->n_schemas - 1], v, n, why, len);
	for (size_t i = 0; i < n; i++)
		now = v[i].cs->ts_ns > now ? v[i].cs->ts_ns : now;
	free(v);
	if (!ok)
		return -EINVAL;
	w->samples = (unsigned long)(r->n_samples + r->lost);
	w->schemas = r->schemas[r->n_schemas - 1].num + 1;
	w->hosts = r->hosts[r->n_hosts - 1].num + 1;
	w->flists = r->n_findings ? r->findings[r->n_findings - 1].num + 1 : 0;
	w->prev_ts = last->ts;
	/* now, on the file's clock: as far after its last sample as the wall
	 * clock moved since (never back: samples are searched by time) */
	at = last->ts + (wall_ns > last_wall ? wall_ns - last_wall : 1);
	w->ts_shift = (int64_t)(at - (now ? now : rs_now_ns()));
	return 0;
}
