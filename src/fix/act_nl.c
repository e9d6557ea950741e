/* SPDX-License-Identifier: MIT */
/*
 * act_nl.c - the changes made through route netlink with libnl-route-3,
 * the library the network collectors read with: a netdev's MTU
 * (rtnl_link_change), a hand-set neighbour entry (rtnl_neigh_delete, and
 * rtnl_neigh_add to put it back), a host route to the peer (rtnl_route_add,
 * replacing a route to exactly that address; undo deletes ours and puts
 * the old one back with all its attributes).
 *
 * An MTU change is probed: the DF path-MTU probe (src/probe/) towards the
 * peer through that netdev, before a lowering (the path must carry the new
 * size) and after a raise (the kernel sends no DF packet larger than the
 * MTU it has); when the path does not carry the new MTU the old one is put
 * back, unless --force (the peer is changed next).
 */
#include "collect/route.h"
#include "fix/fix_priv.h"
#include "probe/probe.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rtnetlink.h>
#include <netlink/netlink.h>
#include <netlink/route/link.h>
#include <netlink/route/neighbour.h>
#include <netlink/route/route.h>

struct nl_sock *rs_fix_nl_open(char *err, size_t errlen, int *ret)
{
	struct nl_sock *sk = nl_socket_alloc();
	int e;

	if (!sk)
		rs_die("out of memory");
	e = nl_connect(sk, NETLINK_ROUTE);
	if (e < 0) {
		*ret = rs_fix_err(err, errlen, EIO, "route netlink socket: %s", nl_geterror(e));
		nl_socket_free(sk);
		return NULL;
	}
	*ret = 0;
	return sk;
}

/* libnl's error as an errno for the message ("Operation not permitted"). */
static int nl_fail(char *err, size_t errlen, int e, const char *what, const char *obj)
{
	return rs_fix_err(err, errlen, EIO, "%s %s: %s", what, obj, nl_geterror(e));
}

/* ------------------------------------------------------------------ MTU */

static int mtu_get(struct nl_sock *sk, const char *ifname, unsigned *mtu, char *err,
		   size_t errlen)
{
	struct rtnl_link *l;
	int e = rtnl_link_get_kernel(sk, 0, ifname, &l);

	if (e < 0)
		return nl_fail(err, errlen, e, "link", ifname);
	*mtu = rtnl_link_get_mtu(l);
	rtnl_link_put(l);
	return 0;
}

static int mtu_set(const char *ifname, unsigned mtu, char *err, size_t errlen)
{
	struct rtnl_link *orig, *change;
	int ret, e;
	struct nl_sock *sk = rs_fix_nl_open(err, errlen, &ret);

	if (!sk)
		return ret;
	e = rtnl_link_get_kernel(sk, 0, ifname, &orig);
	if (e < 0) {
		nl_socket_free(sk);
		return nl_fail(err, errlen, e, "link", ifname);
	}
	change = rtnl_link_alloc();
	rtnl_link_set_mtu(change, mtu);
	e = rtnl_link_change(sk, orig, change, 0);
	ret = e < 0 ? rs_fix_err(err, errlen, EIO, "%s MTU %u: %s", ifname, mtu,
				 nl_geterror(e)) : 0;
	rtnl_link_put(change);
	rtnl_link_put(orig);
	nl_socket_free(sk);
	return ret;
}

static int mtu_read(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		    size_t errlen)
{
	unsigned mtu = 0;
	int ret;
	struct nl_sock *sk = rs_fix_nl_open(err, errlen, &ret);

	if (!sk)
		return ret;
	ret = mtu_get(sk, e->target, &mtu, err, errlen);
	nl_socket_free(sk);
	if (!ret)
		snprintf(e->old, sizeof(e->old), "%u", mtu);
	return ret;
}

/* The path MTU towards the peer through ifname (0 when no DF echo passed). */
static int path_mtu(const struct rs_fix_env *env, const char *ifname, unsigned *pmtu,
		    char *err, size_t errlen)
{
	struct rs_probe_req rq = { .kind = RS_PROBE_PMTU };
	struct rs_probe_result res;

	RS_STRCPY(rq.peer, env->peer);
	RS_STRCPY(rq.ifname, ifname);
	if (rs_probe_run(&rq, &res) || !res.ok)
		return rs_fix_err(err, errlen, EHOSTUNREACH, "the DF probe towards %s could not "
				  "run: %s", env->peer, res.error);
	*pmtu = res.pmtu_mtu;
	return 0;
}

static int mtu_apply(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		     size_t errlen)
{
	unsigned want = (unsigned)strtoul(e->want, NULL, 10);
	unsigned old = (unsigned)strtoul(e->old, NULL, 10), pmtu = 0;
	int probe = env->peer && !env->force, ret;

	if (probe && want < old) {
		ret = path_mtu(env, e->target, &pmtu, err, errlen);
		if (ret)
			return ret;
		if (pmtu < want)
			return rs_fix_err(err, errlen, EMSGSIZE, "the path to %s carries %u, less "
					  "than the new MTU %u: not changed", env->peer, pmtu, want);
	}
	ret = mtu_set(e->target, want, err, errlen);
	if (ret || !probe || want < old)
		return ret;
	if (!path_mtu(env, e->target, &pmtu, err, errlen) && pmtu >= want) {
		snprintf(e->message, sizeof(e->message), "the path to %s carries %u (DF probe)",
			 env->peer, pmtu);
		return 0;
	}
	if (!pmtu)
		snprintf(err, errlen, "no DF echo of any size came back from %s", env->peer);
	else
		snprintf(err, errlen, "the path to %s carries only %u (DF probe)", env->peer, pmtu);
	/* Back to what it was: a mismatch would drop RoCE's large packets. */
	mtu_set(e->target, old, e->message, sizeof(e->message));
	snprintf(e->message, sizeof(e->message), "%.150s: MTU %u put back; raise the peer and "
		 "the switch ports first, or --force", err, old);
	rs_strlcpy(err, e->message, errlen);
	return -EMSGSIZE;
}

static int mtu_restore(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		       size_t errlen)
{
	return mtu_set(e->target, (unsigned)strtoul(e->old, NULL, 10), err, errlen);
}

const struct rs_fix_action rs_fix_act_mtu = {
	.read = mtu_read, .apply = mtu_apply, .restore = mtu_restore,
};

/* ------------------------------------------------------------ neighbour */

/* "dev ip" of a NEIGH target. */
static int neigh_target(const struct rs_fix_entry *e, char *dev, size_t dlen,
			struct nl_addr **ip, int *ifindex, char *err, size_t errlen)
{
	const char *sp = strchr(e->target, ' ');

	if (!sp || (size_t)(sp - e->target) >= dlen)
		return rs_fix_err(err, errlen, EINVAL, "neighbour '%s': not 'dev address'",
				  e->target);
	snprintf(dev, dlen, "%.*s", (int)(sp - e->target), e->target);
	*ifindex = (int)if_nametoindex(dev);
	if (!*ifindex)
		return rs_fix_err(err, errlen, ENODEV, "%s: no such interface", dev);
	if (nl_addr_parse(sp + 1, AF_UNSPEC, ip) < 0)
		return rs_fix_err(err, errlen, EINVAL, "neighbour '%s': not an address", sp + 1);
	return 0;
}

static int neigh_read(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		      size_t errlen)
{
	char dev[RS_NAME_LEN], mac[RS_MAC_LEN] = "";
	struct nl_cache *cache;
	struct rtnl_neigh *n;
	struct nl_addr *ip;
	struct nl_sock *sk;
	int ifindex, ret, r;

	ret = neigh_target(e, dev, sizeof(dev), &ip, &ifindex, err, errlen);
	if (ret)
		return ret;
	sk = rs_fix_nl_open(err, errlen, &ret);
	if (!sk)
		goto out_ip;
	r = rtnl_neigh_alloc_cache(sk, &cache);
	if (r < 0) {
		ret = nl_fail(err, errlen, r, "neighbour dump on", dev);
		goto out_sk;
	}
	n = rtnl_neigh_get(cache, ifindex, ip);
	if (!n) {
		ret = rs_fix_err(err, errlen, ENOENT, "no neighbour entry %s: nothing to remove",
				 e->target);
		goto out_cache;
	}
	if (rtnl_neigh_get_lladdr(n))
		nl_addr2str(rtnl_neigh_get_lladdr(n), mac, sizeof(mac));
	snprintf(e->old, sizeof(e->old), "lladdr %s state %d flags %u", mac,
		 rtnl_neigh_get_state(n), rtnl_neigh_get_flags(n));
	/* Only the hand-set entry the plan saw: ARP's own entries are not ours. */
	if (!(rtnl_neigh_get_state(n) & NUD_PERMANENT))
		ret = rs_fix_err(err, errlen, EAGAIN, "the entry %s is no longer hand-set (%s): "
				 "left alone", e->target,
				 rs_net_neigh_state_name(rtnl_neigh_get_state(n)));
	rtnl_neigh_put(n);
out_cache:
	nl_cache_free(cache);
out_sk:
	nl_socket_free(sk);
out_ip:
	nl_addr_put(ip);
	return ret;
}

/* The entry of e's target, with the old MAC and state when whole. */
static struct rtnl_neigh *neigh_of(const struct rs_fix_entry *e, int whole, char *err,
				   size_t errlen, int *ret)
{
	char dev[RS_NAME_LEN], mac[RS_MAC_LEN];
	struct nl_addr *ip, *ll;
	int ifindex, state;
	unsigned flags;
	struct rtnl_neigh *n;

	*ret = neigh_target(e, dev, sizeof(dev), &ip, &ifindex, err, errlen);
	if (*ret)
		return NULL;
	n = rtnl_neigh_alloc();
	rtnl_neigh_set_ifindex(n, ifindex);
	rtnl_neigh_set_dst(n, ip);
	nl_addr_put(ip);
	if (!whole)
		return n;
	if (sscanf(e->old, "lladdr %95s state %d flags %u", mac, &state, &flags) != 3 ||
	    nl_addr_parse(mac, AF_LLC, &ll) < 0) {
		rtnl_neigh_put(n);
		*ret = rs_fix_err(err, errlen, EINVAL, "journal: '%s' is not a neighbour entry",
				  e->old);
		return NULL;
	}
	rtnl_neigh_set_lladdr(n, ll);
	nl_addr_put(ll);
	rtnl_neigh_set_state(n, state);
	rtnl_neigh_set_flags(n, flags);
	return n;
}

/* Remove e's entry, or (restore) put the old one back: replace, since ARP
 * may have made an entry of its own meanwhile. */
static int neigh_send(struct rs_fix_entry *e, int restore, char *err, size_t errlen)
{
	int ret, r;
	struct rtnl_neigh *n = neigh_of(e, restore, err, errlen, &ret);
	struct nl_sock *sk = n ? rs_fix_nl_open(err, errlen, &ret) : NULL;

	if (sk) {
		r = restore ? rtnl_neigh_add(sk, n, NLM_F_CREATE | NLM_F_REPLACE) :
		    rtnl_neigh_delete(sk, n, 0);
		ret = r < 0 ? nl_fail(err, errlen, r, restore ? "restoring neighbour" :
				      "removing neighbour", e->target) : 0;
		nl_socket_free(sk);
	}
	if (n)
		rtnl_neigh_put(n);
	return ret;
}

static int neigh_apply(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		       size_t errlen)
{
	return neigh_send(e, 0, err, errlen);
}

static int neigh_restore(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
			 size_t errlen)
{
	return neigh_send(e, 1, err, errlen);
}

const struct rs_fix_action rs_fix_act_neigh = {
	.read = neigh_read, .apply = neigh_apply, .restore = neigh_restore,
};
