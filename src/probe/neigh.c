/* SPDX-License-Identifier: MIT */
/*
 * neigh.c - the NEIGH probe: the neighbour entry (ARP for IPv4, neighbour
 * discovery for IPv6) of the next hop towards the peer, made fresh.
 *
 * The next hop is what the kernel's route lookup says (the gateway, or the
 * peer itself on a connected route).  We listen to the kernel's neighbour
 * notifications (RTNLGRP_NEIGH), read the entry once (its state before),
 * send one UDP datagram to the peer's discard port - that makes the kernel
 * resolve the next hop exactly as an application's first packet would -
 * and read the entry again on every notification (and every 200 ms, in
 * case one was lost) through libnl's rtnl_neigh, until it leaves the
 * transitional states (INCOMPLETE, DELAY, PROBE) or the bound passes.
 * What it ends in is the answer: REACHABLE, STALE, PERMANENT, NOARP or
 * FAILED, with the MAC.  Two more: NONE (no entry at all) and LOCAL (the
 * peer is this host's own address: no neighbour takes part).
 *
 * A STALE entry turns into DELAY when used and is re-probed only after
 * delay_first_probe_time (5 s by default): the default bound (8 s) waits
 * for that; a shorter one reports DELAY with the last MAC.
 */
#include "collect/route.h"
#include "probe/probe_priv.h"

#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include <netlink/netlink.h>
#include <netlink/route/neighbour.h>
#include <linux/rtnetlink.h>

#define REREAD_MS 200
#define DISCARD_PORT 9

struct watch {
	struct nl_sock *query;		/* dumps */
	struct nl_sock *events;		/* RTNLGRP_NEIGH notifications */
	struct nl_addr *addr;		/* the next hop */
	int ifindex;
};

static int transitional(const char *state)
{
	return !strcmp(state, "INCOMPLETE") || !strcmp(state, "DELAY") ||
	       !strcmp(state, "PROBE") || !strcmp(state, "NONE");
}

/* The entry's state and MAC now ("NONE" and "" without one). */
static int read_entry(struct watch *w, struct rs_probe_result *res)
{
	struct nl_cache *cache;
	struct rtnl_neigh *n;
	struct nl_addr *ll;
	int err;

	err = rtnl_neigh_alloc_cache(w->query, &cache);
	if (err < 0)
		return rs_probe_fail(res, EIO, "neighbour dump (RTM_GETNEIGH): %s",
				     nl_geterror(err));
	n = rtnl_neigh_get(cache, w->ifindex, w->addr);
	RS_STRCPY(res->neigh_state, n ? rs_net_neigh_state_name(rtnl_neigh_get_state(n)) : "NONE");
	res->neigh_mac[0] = '\0';
	ll = n ? rtnl_neigh_get_lladdr(n) : NULL;
	if (ll && nl_addr_get_len(ll) == 6)
		nl_addr2str(ll, res->neigh_mac, sizeof(res->neigh_mac));
	if (n)
		rtnl_neigh_put(n);
	nl_cache_free(cache);
	return 0;
}

static int open_watch(struct watch *w, int family, struct rs_probe_result *res)
{
	int err;

	w->query = nl_socket_alloc();
	w->events = nl_socket_alloc();
	if (!w->query || !w->events)
		rs_die("out of memory");
	err = nl_connect(w->query, NETLINK_ROUTE);
	if (err >= 0) {
		nl_socket_disable_seq_check(w->events);
		err = nl_connect(w->events, NETLINK_ROUTE);
	}
	if (err >= 0)
		err = nl_socket_add_membership(w->events, RTNLGRP_NEIGH);
	if (err >= 0)
		err = nl_socket_set_nonblocking(w->events);
	if (err < 0)
		return rs_probe_fail(res, EIO, "route netlink socket: %s", nl_geterror(err));
	err = nl_addr_parse(res->neigh_ip, family, &w->addr);
	if (err < 0)
		return rs_probe_fail(res, EINVAL, "next hop '%s': %s", res->neigh_ip,
				     nl_geterror(err));
	return 0;
}

static void close_watch(struct watch *w)
{
	if (w->addr)
		nl_addr_put(w->addr);
	nl_socket_free(w->query);
	nl_socket_free(w->events);
}

/* One UDP datagram to the peer: the kernel resolves the next hop for it. */
static void trigger(const struct rs_probe_req *req, const struct rs_peer *p,
		    struct rs_probe_result *res)
{
	struct rs_probe_result scratch;
	int fd = socket(p->family, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return;
	/* Binding failures were said by the route lookup already. */
	if (!rs_probe_bind_dev(fd, req, &scratch) &&
	    sendto(fd, "", 1, MSG_DONTWAIT, (const struct sockaddr *)&p->ss, p->len) < 0)
		res->net_errno = errno;
	close(fd);
}

static void drain(struct watch *w)
{
	char buf[8192];
	int fd = nl_socket_get_fd(w->events);

	/* A notification only says "look again"; bounded per wake-up. */
	for (int i = 0; i < 64 && recv(fd, buf, sizeof(buf), MSG_DONTWAIT) > 0; i++)
		;
}

static int watch_entry(const struct rs_probe_req *req, const struct rs_peer *p,
		       uint64_t deadline, struct rs_probe_result *res)
{
	struct watch w = { .ifindex = (int)if_nametoindex(res->neigh_dev) };
	int err;

	err = open_watch(&w, p->family, res);
	if (!err)
		err = read_entry(&w, res);
	if (err)
		goto out;
	RS_STRCPY(res->neigh_first, res->neigh_state);
	trigger(req, p, res);
	for (;;) {
		uint64_t next = rs_now_ns() + REREAD_MS * 1000000ULL;

		err = read_entry(&w, res);
		if (err || !transitional(res->neigh_state) || !rs_probe_left_ms(deadline))
			break;
		/* The datagram could not leave and no entry will come. */
		if (res->net_errno && !strcmp(res->neigh_state, "NONE"))
			break;
		if (rs_probe_poll(nl_socket_get_fd(w.events), POLLIN,
				  next < deadline ? next : deadline) > 0)
			drain(&w);
	}
out:
	close_watch(&w);
	return err;
}

int rs_probe_neigh(const struct rs_probe_req *req, uint64_t deadline, struct rs_probe_result *res)
{
	char gw[RS_ADDR_LEN];
	struct rs_peer p;
	int err;

	err = rs_probe_peer(req, DISCARD_PORT, &p, res);
	if (!err)
		err = rs_probe_egress(req, res, gw, sizeof(gw));
	if (err || res->net_errno)
		return err;	/* no route is the answer */
	RS_STRCPY(res->neigh_dev, res->dev);
	if (gw[0])
		RS_STRCPY(res->neigh_ip, gw);
	else
		rs_probe_addr_text((const struct sockaddr *)&p.ss, res->neigh_ip,
				   sizeof(res->neigh_ip));
	if (!strcmp(res->dev, "lo")) {
		RS_STRCPY(res->neigh_state, "LOCAL");
		return 0;
	}
	err = watch_entry(req, &p, deadline, res);
	/* The entry says what the kernel believes; ask the wire who answers. */
	if (!err && strcmp(res->neigh_state, "NOARP"))
		rs_probe_arp(res->neigh_dev, res->neigh_ip, deadline, res);
	else if (!err)
		RS_STRCPY(res->neigh_arp, "not asked: the interface has ARP off");
	return err;
}
