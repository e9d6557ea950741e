/* SPDX-License-Identifier: MIT */
/*
 * cursor.c - the state of a recording at one sample (recording.h): seeking
 * from the nearest checkpoint, stepping forward, and putting the values
 * into a snapshot of the recorded host, as a collector would have.
 */
#include "record/rec_priv.h"
#include "model/snapshot_yaml.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void rs_rec_cursor_init(struct rs_rec_cursor *c, const struct rs_recording *r)
{
	memset(c, 0, sizeof(*c));
	c->rec = r;
	rs_rec_state_init(&c->st);
	rs_rec_acc_init(&c->acc, r->n_ctrs);
}

void rs_rec_cursor_free(struct rs_rec_cursor *c)
{
	rs_rec_state_free(&c->st);
	rs_rec_acc_free(&c->acc);
	c->valid = 0;
}

int rs_rec_seek(struct rs_rec_cursor *c, size_t k)
{
	const struct rs_recording *r = c->rec;
	const char *why;
	size_t lo = 0, hi = r->n_ckpts;

	if (k >= r->n_samples || !r->n_ckpts)
		return -EINVAL;
	while (hi - lo > 1) {	/* the last checkpoint at or before k */
		size_t mid = lo + (hi - lo) / 2;

		if (r->ckpts[mid].sample <= k)
			lo = mid;
		else
			hi = mid;
	}
	rs_rec_state_copy(&c->st, &r->ckpts[lo].st, r);
	rs_rec_acc_copy(&c->acc, &r->ckpts[lo].acc, r->n_ctrs);
	for (size_t j = r->ckpts[lo].sample + 1; j <= k; j++) {
		if (rs_rec_decode(r, j, &c->st, &why)) {
			c->valid = 0;
			return -EINVAL;
		}
		rs_rec_acc_add(r, &c->acc, &c->st, j, NULL, NULL);
	}
	c->k = k;
	c->valid = 1;
	return 0;
}

int rs_rec_next(struct rs_rec_cursor *c)
{
	const char *why;

	if (!c->valid)
		return rs_rec_seek(c, 0);
	if (c->k + 1 >= c->rec->n_samples)
		return -ERANGE;
	if (rs_rec_decode(c->rec, c->k + 1, &c->st, &why)) {
		c->valid = 0;
		return -EINVAL;
	}
	rs_rec_acc_add(c->rec, &c->acc, &c->st, c->k + 1, NULL, NULL);
	c->k++;
	return 0;
}

int rs_rec_host_snapshot(const struct rs_recording *r, unsigned h, struct rs_snapshot *snap,
			 char *err, size_t errlen)
{
	if (h >= r->n_hosts) {
		snprintf(err, errlen, "no host record %u", h);
		return -EINVAL;
	}
	return rs_snapshot_load_yaml(snap, (const char *)r->data + r->hosts[h].off,
				     r->hosts[h].len, "recording", err, errlen);
}

/* The snapshot's counter set a recorded set fills, or NULL. */
static struct rs_counter_set *target(struct rs_snapshot *s, const struct rs_rec_key *k,
				     struct rs_device **dev, struct rs_port **port)
{
	*dev = NULL;
	*port = NULL;
	if (k->origin == RS_CO_PORT || k->origin == RS_CO_HW) {
		for (size_t d = 0; d < s->n_devices; d++) {
			if (strcmp(s->devices[d].name, k->object))
				continue;
			for (size_t p = 0; p < s->devices[d].n_ports; p++)
				if (s->devices[d].ports[p].num == k->port) {
					*dev = &s->devices[d];
					*port = &s->devices[d].ports[p];
					return k->origin == RS_CO_PORT ? &(*port)->counters :
					       &(*port)->hw_counters;
				}
		}
		return NULL;
	}
	for (size_t l = 0; l < s->n_links; l++)
		if (!strcmp(s->links[l].name, k->object))
			return k->origin == RS_CO_NETDEV ? &s->links[l].stats : &s->links[l].ethtool;
	return NULL;
}

/* Make cs hold exactly the names of set (in order), keeping it when it does. */
static void shape(struct rs_counter_set *cs, const struct rs_rec_schema *sc,
		  const struct rs_rec_set *set)
{
	int same = cs->count == set->n;

	for (size_t k = 0; same && k < set->n; k++)
		same = !strcmp(cs->items[k].name, sc->names[set->first + k]);
	if (same)
		return;
	rs_counter_set_free(cs);
	cs->items = rs_xcalloc(set->n ? set->n : 1, sizeof(*cs->items));
	cs->count = set->n;
	for (size_t k = 0; k < set->n; k++)
		RS_STRCPY(cs->items[k].name, sc->names[set->first + k]);
}

void rs_rec_apply(const struct rs_rec_cursor *c, struct rs_snapshot *snap)
{
	const struct rs_rec_state *st = &c->st;
	const struct rs_rec_schema *sc;

	if (!c->valid)
		return;
	sc = &c->rec->schemas[st->schema];
	for (size_t i = 0; i < sc->n_sets; i++) {
		const struct rs_rec_set *set = &sc->sets[i];
		struct rs_device *dev;
		struct rs_port *port;
		struct rs_counter_set *cs = target(snap, &set->key, &dev, &port);

		if (!cs)
			continue;
		shape(cs, sc, set);
		for (size_t k = 0; k < set->n; k++)
			cs->items[k].value = st->values[set->first + k];
		cs->ts_ns = (st->flags[i] & RS_RSET_NO_TS) ? 0 : st->set_ts[i];
		if (dev)
			dev->present = !(st->flags[i] & RS_RSET_GONE);
		if (port && set->key.origin == RS_CO_PORT) {
			port->state = st->state[i];
			RS_STRCPY(port->state_name, st->state_name[i]);
			port->phys_state = st->phys[i];
			RS_STRCPY(port->phys_state_name, st->phys_name[i]);
		}
	}
}
