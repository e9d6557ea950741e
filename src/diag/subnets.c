/* SPDX-License-Identifier: MIT */
/*
 * subnets.c - the addresses of the RDMA interfaces grouped by subnet, for
 * net.shared_subnet and net.arp_flux (check.h: rs_subnets).
 *
 * Two addresses share a subnet when rs_same_subnet() says so: one family,
 * one prefix length, one network.  Comparing every pair is quadratic, and a
 * host with thousands of RDMA interfaces has millions of pairs; instead
 * each address is hashed by its network (family, prefix length, masked
 * bytes), which is exactly what rs_same_subnet() compares, so each group is
 * one chain in array order and the checks walk the pairs that exist.
 */
#include "diag/check.h"
#include "util.h"

#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

struct net_key {
	int family, prefixlen;
	unsigned char net[16];
};

static int net_key_eq(const void *arr, size_t idx, const void *key)
{
	return !memcmp((const struct net_key *)arr + idx, key, sizeof(struct net_key));
}

/* The network of a (0), or -1 when it has none (not an address). */
static int net_of(const struct rs_addr *a, struct net_key *k)
{
	int af = a->family == 6 ? AF_INET6 : AF_INET, bits = a->prefixlen;

	memset(k, 0, sizeof(*k));
	if (inet_pton(af, a->addr, k->net) != 1)
		return -1;
	k->family = a->family;
	k->prefixlen = a->prefixlen;
	for (int i = 0; i < 16; i++, bits -= 8)
		k->net[i] &= bits >= 8 ? 0xff : bits > 0 ? (unsigned char)(0xff << (8 - bits)) : 0;
	return 0;
}

static uint32_t net_hash(const struct net_key *k)
{
	uint32_t h = rs_nidx_hash_u32((uint32_t)k->family, RS_NIDX_SEED);

	h = rs_nidx_hash_u32((uint32_t)k->prefixlen, h);
	for (int i = 0; i < 16; i += 4)
		h = rs_nidx_hash_u32((uint32_t)k->net[i] << 24 | k->net[i + 1] << 16 |
				     k->net[i + 2] << 8 | k->net[i + 3], h);
	return h;
}

/* Append address i to its group (the first of the group is its head). */
static void group(struct rs_subnets *g, struct rs_nidx *by_net, const struct net_key *keys,
		  size_t i)
{
	uint32_t h = net_hash(&keys[i]);
	long head = rs_nidx_find(by_net, h, net_key_eq, keys, &keys[i]);

	if (head < 0) {
		rs_nidx_add(by_net, h, i);
		g->head[i] = g->tail[i] = i;
		return;
	}
	g->head[i] = (size_t)head;
	g->next[g->tail[head]] = i;
	g->tail[head] = i;
	if (strcmp(g->snap->addrs[head].ifname, g->snap->addrs[i].ifname))
		g->multi[head] = 1;
}

void rs_subnets_build(struct rs_subnets *g, const struct rs_check_ctx *ctx)
{
	const struct rs_snapshot *s = ctx->snap;
	size_t n = s->n_addrs ? s->n_addrs : 1;
	struct net_key *keys = rs_xcalloc(n, sizeof(*keys));
	struct rs_nidx by_net;

	g->snap = s;
	g->head = rs_xcalloc(n, sizeof(*g->head));
	g->next = rs_xcalloc(n, sizeof(*g->next));
	g->tail = rs_xcalloc(n, sizeof(*g->tail));
	g->multi = rs_xcalloc(n, sizeof(*g->multi));
	rs_nidx_init(&by_net);
	for (size_t i = 0; i < s->n_addrs; i++) {
		g->head[i] = g->next[i] = SIZE_MAX;
		if (rs_ctx_rdma_netdev(ctx, s->addrs[i].ifname) && !net_of(&s->addrs[i], &keys[i]))
			group(g, &by_net, keys, i);
	}
	rs_nidx_free(&by_net);
	free(keys);
}

void rs_subnets_free(struct rs_subnets *g)
{
	free(g->head);
	free(g->next);
	free(g->tail);
	free(g->multi);
	memset(g, 0, sizeof(*g));
}

int rs_subnets_shared(const struct rs_subnets *g, size_t i)
{
	return g->head[i] != SIZE_MAX && !strcmp(g->snap->addrs[i].scope, "global") &&
	       g->multi[g->head[i]];
}

int rs_same_subnet(const struct rs_addr *a, const struct rs_addr *b)
{
	struct net_key x, y;

	if (a->family != b->family || a->prefixlen != b->prefixlen || strcmp(a->scope, "global"))
		return 0;
	return !net_of(a, &x) && !net_of(b, &y) && !memcmp(&x, &y, sizeof(x));
}
