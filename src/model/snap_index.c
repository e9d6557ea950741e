/* SPDX-License-Identifier: MIT */
/*
 * snap_index.c - the snapshot's lookups of snap_index.h.  Elements that
 * share a key (the addresses of one interface, the errors about one
 * object) are chained in array order behind the first, which the hash
 * index finds; building a chain keeps its tail, so it is one pass.
 */
#include "model/snap_index.h"
#include "util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NONE SIZE_MAX
/* The keys of an array of the snapshot: member of each element. */
#define KEYS(arr, member)							\
	((struct rs_nidx_strs){ (const char *)(arr), sizeof(*(arr)),			\
				offsetof(typeof(*(arr)), member) })

void rs_snap_index_init(struct rs_snap_index *x)
{
	memset(x, 0, sizeof(*x));
	rs_nidx_init(&x->links);
	rs_nidx_init(&x->netdevs);
	rs_nidx_init(&x->addrs);
	rs_nidx_init(&x->neighs);
	rs_nidx_init(&x->errors);
}

void rs_snap_index_free(struct rs_snap_index *x)
{
	rs_nidx_free(&x->links);
	rs_nidx_free(&x->netdevs);
	rs_nidx_free(&x->addrs);
	rs_nidx_free(&x->neighs);
	rs_nidx_free(&x->errors);
	free(x->ports);
	free(x->port_dev);
	free(x->addr_next);
	free(x->neigh_next);
	free(x->error_next);
	rs_snap_index_init(x);
}

/*
 * Chain the n elements of a by key: the index finds the first of each key,
 * next[i] the one after i.  tail is scratch for n entries.
 */
static void chain(struct rs_nidx *x, const struct rs_nidx_strs *a, size_t n, size_t *next,
		  size_t *tail)
{
	for (size_t i = 0; i < n; i++) {
		size_t head;

		next[i] = NONE;
		if (!rs_nidx_add_str(x, a, i, &head)) {
			tail[i] = i;
			continue;
		}
		next[tail[head]] = i;
		tail[head] = i;
	}
}

static size_t *alloc_n(size_t n)
{
	return rs_xcalloc(n ? n : 1, sizeof(size_t));
}

static void index_ports(struct rs_snap_index *x, const struct rs_snapshot *s)
{
	size_t n = 0, k = 0;

	for (size_t d = 0; d < s->n_devices; d++)
		n += s->devices[d].n_ports;
	x->ports = rs_xcalloc(n ? n : 1, sizeof(*x->ports));
	x->port_dev = alloc_n(n);
	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t p = 0; p < s->devices[d].n_ports; p++, k++) {
			x->ports[k] = &s->devices[d].ports[p];
			x->port_dev[k] = d;
		}
	x->n_ports = n;
}

static int port_netdev_eq(const void *arr, size_t idx, const void *key)
{
	const struct rs_snap_index *x = arr;

	return !strcmp(x->ports[idx]->netdev, key);
}

static void index_netdevs(struct rs_snap_index *x)
{
	for (size_t i = 0; i < x->n_ports; i++) {
		const char *nd = x->ports[i]->netdev;
		uint32_t h = rs_nidx_hash(nd, RS_NIDX_SEED);

		if (nd[0] && rs_nidx_find(&x->netdevs, h, port_netdev_eq, x, nd) < 0)
			rs_nidx_add(&x->netdevs, h, i);
	}
}

void rs_snap_index_build(struct rs_snap_index *x, const struct rs_snapshot *s)
{
	const struct rs_nidx_strs links = KEYS(s->links, name);
	const struct rs_nidx_strs addrs = KEYS(s->addrs, ifname);
	const struct rs_nidx_strs neighs = KEYS(s->neighs, ip);
	const struct rs_nidx_strs errors = KEYS(s->errors, object);
	size_t most = s->n_addrs > s->n_neighs ? s->n_addrs : s->n_neighs;
	size_t *tail;

	rs_snap_index_free(x);
	x->snap = s;
	for (size_t i = 0; i < s->n_links; i++)
		rs_nidx_add_str(&x->links, &links, i, NULL);	/* a second name: the first wins */
	index_ports(x, s);
	index_netdevs(x);
	most = most > s->n_errors ? most : s->n_errors;
	tail = alloc_n(most);
	x->addr_next = alloc_n(s->n_addrs);
	chain(&x->addrs, &addrs, s->n_addrs, x->addr_next, tail);
	x->neigh_next = alloc_n(s->n_neighs);
	chain(&x->neighs, &neighs, s->n_neighs, x->neigh_next, tail);
	x->error_next = alloc_n(s->n_errors);
	chain(&x->errors, &errors, s->n_errors, x->error_next, tail);
	free(tail);
}

const struct rs_link *rs_snap_index_link(const struct rs_snap_index *x, const char *name)
{
	const struct rs_snapshot *s = x->snap;
	const struct rs_nidx_strs links = KEYS(s->links, name);
	long i = rs_nidx_find_str(&x->links, &links, name);

	return i < 0 ? NULL : &s->links[i];
}

const struct rs_port *rs_snap_index_netdev_port(const struct rs_snap_index *x,
						const char *name, const struct rs_device **dev)
{
	long i = name[0] ? rs_nidx_find(&x->netdevs, rs_nidx_hash(name, RS_NIDX_SEED),
					port_netdev_eq, x, name) : -1;

	if (dev)
		*dev = i < 0 ? NULL : &x->snap->devices[x->port_dev[i]];
	return i < 0 ? NULL : x->ports[i];
}

/* The index of the first element with key in idx, or NONE. */
static size_t first(const struct rs_nidx *idx, const struct rs_nidx_strs *keys, const char *key)
{
	long i = rs_nidx_find_str(idx, keys, key);

	return i < 0 ? NONE : (size_t)i;
}

size_t rs_snap_index_addr_first(const struct rs_snap_index *x, const char *ifname)
{
	const struct rs_nidx_strs addrs = KEYS(x->snap->addrs, ifname);

	return first(&x->addrs, &addrs, ifname);
}

size_t rs_snap_index_addr_next(const struct rs_snap_index *x, size_t i)
{
	return x->addr_next[i];
}

const struct rs_neigh *rs_snap_index_neigh(const struct rs_snap_index *x, const char *dev,
					   const char *ip)
{
	const struct rs_snapshot *s = x->snap;
	const struct rs_nidx_strs neighs = KEYS(s->neighs, ip);

	for (size_t i = first(&x->neighs, &neighs, ip); i != NONE; i = x->neigh_next[i])
		if (!dev[0] || !strcmp(s->neighs[i].dev, dev))
			return &s->neighs[i];
	return NULL;
}

size_t rs_snap_index_error_first(const struct rs_snap_index *x, const char *object)
{
	const struct rs_nidx_strs errors = KEYS(x->snap->errors, object);

	return first(&x->errors, &errors, object);
}

size_t rs_snap_index_error_next(const struct rs_snap_index *x, size_t i)
{
	return x->error_next[i];
}
