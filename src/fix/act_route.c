/* SPDX-License-Identifier: MIT */
/*
 * act_route.c - a host route to the peer through the RDMA interface, with
 * libnl-route-3 (what `ip route add|replace PEER/32 dev NETDEV src ADDR`
 * does).
 *
 * A route to exactly PEER/32 (/128) in the main table is replaced in
 * place (same metric and ToS: the kernel's key), so the wrong one is gone;
 * else ours is added beside the wider routes it is more specific than.
 * The journal keeps every attribute of the replaced route (interface,
 * gateway, source, table, protocol, scope, type, metric, ToS, flags) so
 * undo puts back exactly what `ip route` showed; a route we added is
 * deleted.  Multipath routes are left to a person.
 */
#include "fix/fix_priv.h"
#include "util.h"

#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rtnetlink.h>
#include <netlink/netlink.h>
#include <netlink/route/route.h>

#define MAIN_TABLE 254

struct route_text {
	char dev[RS_NAME_LEN], via[RS_ADDR_LEN], src[RS_ADDR_LEN];
	unsigned table, proto, scope, type, metric, tos, flags;
};

static int host_dst(const char *peer, struct nl_addr **dst, char *err, size_t errlen)
{
	char cidr[RS_CIDR_LEN];

	snprintf(cidr, sizeof(cidr), "%s/%d", peer, strchr(peer, ':') ? 128 : 32);
	if (nl_addr_parse(cidr, AF_UNSPEC, dst) < 0)
		return rs_fix_err(err, errlen, EINVAL, "route: '%s' is not an address", peer);
	return 0;
}

static void text_of(const struct route_text *t, char *buf, size_t len)
{
	snprintf(buf, len, "dev=%s via=%s src=%s table=%u proto=%u scope=%u type=%u metric=%u "
		 "tos=%u flags=%u", t->dev, t->via, t->src, t->table, t->proto, t->scope,
		 t->type, t->metric, t->tos, t->flags);
}

static int parse_text(const char *s, struct route_text *t)
{
	char buf[RS_FIX_VAL_LEN], *save = NULL;
	int seen = 0;

	memset(t, 0, sizeof(*t));
	RS_STRCPY(buf, s);
	for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		char *v = strchr(tok, '=');
		unsigned *num = NULL;

		if (!v)
			return -EINVAL;
		*v++ = '\0';
		if (!strcmp(tok, "dev"))
			RS_STRCPY(t->dev, v);
		else if (!strcmp(tok, "via"))
			RS_STRCPY(t->via, v);
		else if (!strcmp(tok, "src"))
			RS_STRCPY(t->src, v);
		else
			num = !strcmp(tok, "table") ? &t->table : !strcmp(tok, "proto") ? &t->proto :
			      !strcmp(tok, "scope") ? &t->scope : !strcmp(tok, "type") ? &t->type :
			      !strcmp(tok, "metric") ? &t->metric : !strcmp(tok, "tos") ? &t->tos :
			      !strcmp(tok, "flags") ? &t->flags : NULL;
		if (num)
			*num = (unsigned)strtoul(v, NULL, 10);
		else if (strcmp(tok, "dev") && strcmp(tok, "via") && strcmp(tok, "src"))
			return -EINVAL;
		seen++;
	}
	return seen == 10 ? 0 : -EINVAL;
}

/* The attributes of a route the kernel gave, one nexthop only. */
static int text_from(struct rtnl_route *r, struct route_text *t)
{
	struct rtnl_nexthop *nh;
	char ifname[IF_NAMESIZE] = "";

	if (rtnl_route_get_nnexthops(r) > 1)
		return -EOPNOTSUPP;
	memset(t, 0, sizeof(*t));
	nh = rtnl_route_get_nnexthops(r) ? rtnl_route_nexthop_n(r, 0) : NULL;
	if (nh && if_indextoname((unsigned)rtnl_route_nh_get_ifindex(nh), ifname))
		RS_STRCPY(t->dev, ifname);
	if (nh && rtnl_route_nh_get_gateway(nh))
		nl_addr2str(rtnl_route_nh_get_gateway(nh), t->via, sizeof(t->via));
	if (rtnl_route_get_pref_src(r))
		nl_addr2str(rtnl_route_get_pref_src(r), t->src, sizeof(t->src));
	t->table = rtnl_route_get_table(r);
	t->proto = rtnl_route_get_protocol(r);
	t->scope = rtnl_route_get_scope(r);
	t->type = rtnl_route_get_type(r);
	t->metric = rtnl_route_get_priority(r);
	t->tos = rtnl_route_get_tos(r);
	t->flags = rtnl_route_get_flags(r);
	return 0;
}

/* A libnl route to peer with the attributes of t. */
static struct rtnl_route *route_of(const char *peer, const struct route_text *t, char *err,
				   size_t errlen, int *ret)
{
	struct rtnl_route *r;
	struct rtnl_nexthop *nh;
	struct nl_addr *dst, *a;

	*ret = host_dst(peer, &dst, err, errlen);
	if (*ret)
		return NULL;
	r = rtnl_route_alloc();
	rtnl_route_set_family(r, nl_addr_get_family(dst));
	rtnl_route_set_dst(r, dst);
	nl_addr_put(dst);
	rtnl_route_set_table(r, t->table);
	rtnl_route_set_protocol(r, (uint8_t)t->proto);
	rtnl_route_set_scope(r, (uint8_t)t->scope);
	rtnl_route_set_type(r, (uint8_t)t->type);
	rtnl_route_set_priority(r, t->metric);
	rtnl_route_set_tos(r, (uint8_t)t->tos);
	rtnl_route_set_flags(r, t->flags);
	if (t->src[0] && nl_addr_parse(t->src, AF_UNSPEC, &a) >= 0) {
		rtnl_route_set_pref_src(r, a);
		nl_addr_put(a);
	}
	if (!t->dev[0] && !t->via[0])
		return r;
	nh = rtnl_route_nh_alloc();
	if (t->dev[0]) {
		int idx = (int)if_nametoindex(t->dev);

		if (!idx) {
			rtnl_route_nh_free(nh);
			rtnl_route_put(r);
			*ret = rs_fix_err(err, errlen, ENODEV, "%s: no such interface", t->dev);
			return NULL;
		}
		rtnl_route_nh_set_ifindex(nh, idx);
	}
	if (t->via[0] && nl_addr_parse(t->via, AF_UNSPEC, &a) >= 0) {
		rtnl_route_nh_set_gateway(nh, a);
		nl_addr_put(a);
	}
	rtnl_route_add_nexthop(r, nh);
	return r;
}

struct find {
	struct nl_addr *dst;
	struct rtnl_route *best;
};

static void pick(struct nl_object *o, void *arg)
{
	struct rtnl_route *r = (struct rtnl_route *)o;
	struct find *f = arg;

	if (rtnl_route_get_table(r) != MAIN_TABLE || nl_addr_cmp(rtnl_route_get_dst(r), f->dst))
		return;
	if (f->best && rtnl_route_get_priority(f->best) <= rtnl_route_get_priority(r))
		return;
	f->best = r;
}

/*
 * The route we add, from the step's "dev NETDEV src ADDR": replacing one
 * keeps its key (metric, ToS), so the kernel swaps it in place.  Known
 * before anything changes, so the journal says what undo takes away.
 */
static int ours(struct rs_fix_entry *e, char *err, size_t errlen)
{
	struct route_text t = { .table = MAIN_TABLE, .proto = RTPROT_STATIC,
				.scope = RT_SCOPE_LINK, .type = RTN_UNICAST };
	struct route_text old;

	if (sscanf(e->arg, "dev %63s src %47s", t.dev, t.src) != 2)
		return rs_fix_err(err, errlen, EINVAL, "route: '%s' is not 'dev NETDEV src ADDR'",
				  e->arg);
	if (strcmp(e->old, "absent") && !parse_text(e->old, &old)) {
		t.metric = old.metric;
		t.tos = old.tos;
	}
	text_of(&t, e->undo, sizeof(e->undo));
	return 0;
}

static int route_read(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		      size_t errlen)
{
	struct find f = { NULL, NULL };
	struct nl_cache *cache;
	struct route_text t;
	struct nl_sock *sk;
	int ret = host_dst(e->target, &f.dst, err, errlen), r;

	if (ret)
		return ret;
	sk = rs_fix_nl_open(err, errlen, &ret);
	if (sk && (r = rtnl_route_alloc_cache(sk, nl_addr_get_family(f.dst), 0, &cache)) < 0)
		ret = rs_fix_err(err, errlen, EIO, "route dump: %s", nl_geterror(r));
	if (!ret) {
		nl_cache_foreach(cache, pick, &f);
		RS_STRCPY(e->old, "absent");
		if (f.best && text_from(f.best, &t))
			ret = rs_fix_err(err, errlen, EOPNOTSUPP, "the route to %s has several "
					 "next hops: change it by hand", e->target);
		else if (f.best)
			text_of(&t, e->old, sizeof(e->old));
		nl_cache_free(cache);
	}
	nl_addr_put(f.dst);
	if (sk)
		nl_socket_free(sk);
	return ret ? ret : ours(e, err, errlen);
}

static int route_send(const char *peer, const struct route_text *t, int del, int flags,
		      char *err, size_t errlen)
{
	int ret, r;
	struct rtnl_route *rt = route_of(peer, t, err, errlen, &ret);
	struct nl_sock *sk = rt ? rs_fix_nl_open(err, errlen, &ret) : NULL;

	if (!sk) {
		if (rt)
			rtnl_route_put(rt);
		return ret;
	}
	r = del ? rtnl_route_delete(sk, rt, 0) : rtnl_route_add(sk, rt, flags);
	/* Gone already is what a delete wants. */
	if (r < 0 && !(del && r == -NLE_OBJ_NOTFOUND))
		ret = rs_fix_err(err, errlen, EIO, "%s the route to %s: %s", del ? "deleting" :
				 "adding", peer, nl_geterror(r));
	rtnl_route_put(rt);
	nl_socket_free(sk);
	return ret;
}

static int route_apply(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		       size_t errlen)
{
	struct route_text t;
	int replace = strcmp(e->old, "absent") != 0;

	if (parse_text(e->undo, &t))
		return rs_fix_err(err, errlen, EINVAL, "journal: '%s' is not a route", e->undo);
	return route_send(e->target, &t, 0, NLM_F_CREATE | (replace ? NLM_F_REPLACE :
							     NLM_F_EXCL), err, errlen);
}

static int route_restore(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
			 size_t errlen)
{
	struct route_text t;

	if (!strcmp(e->old, "absent")) {
		if (parse_text(e->undo, &t))
			return rs_fix_err(err, errlen, EINVAL, "journal: '%s' is not a route",
					  e->undo);
		return route_send(e->target, &t, 1, 0, err, errlen);
	}
	if (parse_text(e->old, &t))
		return rs_fix_err(err, errlen, EINVAL, "journal: '%s' is not a route", e->old);
	return route_send(e->target, &t, 0, NLM_F_CREATE | NLM_F_REPLACE, err, errlen);
}

const struct rs_fix_action rs_fix_act_route = {
	.read = route_read, .apply = route_apply, .restore = route_restore,
};
