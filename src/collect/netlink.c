/* SPDX-License-Identifier: MIT */
/*
 * netlink.c - links, addresses, routes and neighbours of the live host, read
 * from the kernel's route netlink through libnl-route-3 caches; the peer
 * route lookup (route_get.c); the once-a-second link statistics refresh.
 *
 * Live only: a fixture root has no kernel to ask, and its recorded twin is
 * net_sysfs.c (links from the tree's sys/class/net).  Every netlink failure
 * is recorded as a "netlink" error of the network area and the rest is
 * still collected.
 */
#include "collect/collect.h"
#include "collect/producer.h"
#include "collect/net_priv.h"
#include "collect/route.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <netlink/netlink.h>
#include <netlink/route/addr.h>
#include <netlink/route/link.h>
#include <netlink/route/link/vlan.h>
#include <netlink/route/neighbour.h>
#include <netlink/route/route.h>

#ifndef IFF_LOWER_UP
#define IFF_LOWER_UP 0x10000	/* linux/if.h; glibc's net/if.h lacks it */
#endif

/* struct rtnl_link_stats64 order; the names of sys/class/net/IF/statistics. */
static const struct {
	rtnl_link_stat_id_t id;
	const char *name;
} stat_map[] = {
	{ RTNL_LINK_RX_PACKETS, "rx_packets" },
	{ RTNL_LINK_TX_PACKETS, "tx_packets" },
	{ RTNL_LINK_RX_BYTES, "rx_bytes" },
	{ RTNL_LINK_TX_BYTES, "tx_bytes" },
	{ RTNL_LINK_RX_ERRORS, "rx_errors" },
	{ RTNL_LINK_TX_ERRORS, "tx_errors" },
	{ RTNL_LINK_RX_DROPPED, "rx_dropped" },
	{ RTNL_LINK_TX_DROPPED, "tx_dropped" },
	{ RTNL_LINK_MULTICAST, "multicast" },
	{ RTNL_LINK_COLLISIONS, "collisions" },
	{ RTNL_LINK_RX_LEN_ERR, "rx_length_errors" },
	{ RTNL_LINK_RX_OVER_ERR, "rx_over_errors" },
	{ RTNL_LINK_RX_CRC_ERR, "rx_crc_errors" },
	{ RTNL_LINK_RX_FRAME_ERR, "rx_frame_errors" },
	{ RTNL_LINK_RX_FIFO_ERR, "rx_fifo_errors" },
	{ RTNL_LINK_RX_MISSED_ERR, "rx_missed_errors" },
	{ RTNL_LINK_TX_ABORT_ERR, "tx_aborted_errors" },
	{ RTNL_LINK_TX_CARRIER_ERR, "tx_carrier_errors" },
	{ RTNL_LINK_TX_FIFO_ERR, "tx_fifo_errors" },
	{ RTNL_LINK_TX_HBEAT_ERR, "tx_heartbeat_errors" },
	{ RTNL_LINK_TX_WIN_ERR, "tx_window_errors" },
	{ RTNL_LINK_RX_COMPRESSED, "rx_compressed" },
	{ RTNL_LINK_TX_COMPRESSED, "tx_compressed" },
	{ RTNL_LINK_RX_NOHANDLER, "rx_nohandler" },
};

/* RFC 2863 operational states, as IFLA_OPERSTATE numbers them. */
static const char *const operstates[] = {
	"UNKNOWN", "NOTPRESENT", "DOWN", "LOWERLAYERDOWN", "TESTING",
	"DORMANT", "UP",
};

/* Text of an IPv4/IPv6 nl_addr without the "/prefix" nl_addr2str adds. */
static void addr_text(struct nl_addr *a, char *buf, size_t len)
{
	int fam = a ? nl_addr_get_family(a) : AF_UNSPEC;

	buf[0] = '\0';
	if ((fam != AF_INET && fam != AF_INET6) || !nl_addr_get_len(a))
		return;
	if (!inet_ntop(fam, nl_addr_get_binary_addr(a), buf, len))
		buf[0] = '\0';
}

/* aa:bb:cc:dd:ee:ff, "" for no address. */
static void mac_text(struct nl_addr *a, char *buf, size_t len)
{
	const unsigned char *b;
	size_t n, off = 0;

	buf[0] = '\0';
	if (!a)
		return;
	b = nl_addr_get_binary_addr(a);
	n = nl_addr_get_len(a);
	for (size_t i = 0; i < n && off + 3 < len; i++)
		off += snprintf(buf + off, len - off, "%s%02x", i ? ":" : "", b[i]);
}

static int family_num(int af)
{
	return af == AF_INET ? 4 : af == AF_INET6 ? 6 : 0;
}

/* The statistics, and IFLA_CARRIER_CHANGES (link flaps) beside them as
 * sysfs has carrier_changes beside statistics/. */
static void stats_from_link(struct rs_counter_set *set, struct rtnl_link *l)
{
	uint32_t flaps;

	rs_counter_set_free(set);
	for (size_t i = 0; i < RS_ARRAY_SIZE(stat_map); i++)
		rs_counter_set_add(set, stat_map[i].name,
				   rtnl_link_get_stat(l, stat_map[i].id));
	if (!rtnl_link_get_carrier_changes(l, &flaps))
		rs_counter_set_add(set, "carrier_changes", flaps);
	set->ts_ns = rs_now_ns();
}

static void link_from_nl(struct rs_link *k, struct rtnl_link *l,
			 struct nl_cache *cache)
{
	unsigned flags = rtnl_link_get_flags(l);
	uint8_t oper = rtnl_link_get_operstate(l);
	const char *type = rtnl_link_get_type(l);
	int master = rtnl_link_get_master(l);

	rs_link_init(k);
	k->ifindex = rtnl_link_get_ifindex(l);
	RS_STRCPY(k->name, rtnl_link_get_name(l) ? rtnl_link_get_name(l) : "");
	RS_STRCPY(k->kind, type ? type : "");
	mac_text(rtnl_link_get_addr(l), k->mac, sizeof(k->mac));
	k->mtu = rtnl_link_get_mtu(l);
	RS_STRCPY(k->operstate, oper < RS_ARRAY_SIZE(operstates) ?
		  operstates[oper] : "UNKNOWN");
	k->up = !!(flags & IFF_UP);
	/* The kernel reports LOWER_UP only while the link is up with carrier. */
	k->carrier = !!(flags & IFF_LOWER_UP);
	k->noarp = !!(flags & IFF_NOARP);
	if (master > 0)
		rtnl_link_i2name(cache, master, k->master, sizeof(k->master));
	if (rtnl_link_is_vlan(l)) {
		k->vlan_id = rtnl_link_vlan_get_id(l);
		if (rtnl_link_get_link(l) > 0)
			rtnl_link_i2name(cache, rtnl_link_get_link(l),
					 k->vlan_parent, sizeof(k->vlan_parent));
	}
	stats_from_link(&k->stats, l);
}

void rs_net_links_from_cache(struct rs_snapshot *s, struct nl_cache *cache)
{
	struct nl_object *o;

	for (o = nl_cache_get_first(cache); o; o = nl_cache_get_next(o))
		link_from_nl(RS_APPEND(s->links, s->n_links),
			     (struct rtnl_link *)o, cache);
}

static void collect_links(struct rs_snapshot *s, struct nl_sock *sk)
{
	struct nl_cache *cache;
	int err;

	err = rtnl_link_alloc_cache(sk, AF_UNSPEC, &cache);
	if (err < 0) {
		rs_snapshot_add_error(s, RS_AREA_NET, "netlink", "", "link dump (RTM_GETLINK): %s",
				      nl_geterror(err));
		return;
	}
	rs_net_links_from_cache(s, cache);
	nl_cache_free(cache);
}

/*
 * Name of an ifindex: from the links just dumped (same moment as the other
 * dumps), else from the kernel now (the link dump may have failed).
 */
static void ifname_of(const struct rs_snapshot *s, int ifindex, char *buf, size_t len)
{
	char name[IF_NAMESIZE];

	buf[0] = '\0';
	if (ifindex <= 0)
		return;
	for (size_t i = 0; i < s->n_links; i++) {
		if (s->links[i].ifindex == ifindex) {
			rs_strlcpy(buf, s->links[i].name, len);
			return;
		}
	}
	if (if_indextoname(ifindex, name))
		rs_strlcpy(buf, name, len);
}

static void collect_addrs(struct rs_snapshot *s, struct nl_sock *sk)
{
	struct nl_cache *cache;
	struct nl_object *o;
	int err;

	err = rtnl_addr_alloc_cache(sk, &cache);
	if (err < 0) {
		rs_snapshot_add_error(s, RS_AREA_NET, "netlink", "", "address dump (RTM_GETADDR): %s",
				      nl_geterror(err));
		return;
	}
	for (o = nl_cache_get_first(cache); o; o = nl_cache_get_next(o)) {
		struct rtnl_addr *a = (struct rtnl_addr *)o;
		int fam = family_num(rtnl_addr_get_family(a));
		struct rs_addr *r;

		if (!fam)
			continue;
		r = RS_APPEND(s->addrs, s->n_addrs);
		ifname_of(s, rtnl_addr_get_ifindex(a), r->ifname, sizeof(r->ifname));
		r->family = fam;
		addr_text(rtnl_addr_get_local(a), r->addr, sizeof(r->addr));
		r->prefixlen = rtnl_addr_get_prefixlen(a);
		rtnl_scope2str(rtnl_addr_get_scope(a), r->scope, sizeof(r->scope));
	}
	nl_cache_free(cache);
}

static void route_from_nl(const struct rs_snapshot *s, struct rs_route *r,
			  struct rtnl_route *rt)
{
	struct nl_addr *dst = rtnl_route_get_dst(rt);
	struct rtnl_nexthop *nh = rtnl_route_nexthop_n(rt, 0);
	char a[RS_ADDR_LEN];

	r->family = family_num(rtnl_route_get_family(rt));
	addr_text(dst, a, sizeof(a));
	if (!dst || !nl_addr_get_prefixlen(dst))
		RS_STRCPY(r->dst, "default");
	else
		snprintf(r->dst, sizeof(r->dst), "%s/%u", a, nl_addr_get_prefixlen(dst));
	if (nh) {
		addr_text(rtnl_route_nh_get_gateway(nh), r->gateway, sizeof(r->gateway));
		ifname_of(s, rtnl_route_nh_get_ifindex(nh), r->dev, sizeof(r->dev));
	}
	addr_text(rtnl_route_get_pref_src(rt), r->prefsrc, sizeof(r->prefsrc));
	r->table = rtnl_route_get_table(rt);
	r->metric = rtnl_route_get_priority(rt);
	rtnl_scope2str(rtnl_route_get_scope(rt), r->scope, sizeof(r->scope));
	nl_rtntype2str(rtnl_route_get_type(rt), r->type, sizeof(r->type));
}

static void collect_routes(struct rs_snapshot *s, struct nl_sock *sk)
{
	struct nl_cache *cache;
	struct nl_object *o;
	int err;

	/* The dump has every table (main, local, and policy-routing ones). */
	err = rtnl_route_alloc_cache(sk, AF_UNSPEC, 0, &cache);
	if (err < 0) {
		rs_snapshot_add_error(s, RS_AREA_NET, "netlink", "", "route dump (RTM_GETROUTE): %s",
				      nl_geterror(err));
		return;
	}
	for (o = nl_cache_get_first(cache); o; o = nl_cache_get_next(o)) {
		struct rtnl_route *rt = (struct rtnl_route *)o;

		if (family_num(rtnl_route_get_family(rt)))
			route_from_nl(s, RS_APPEND(s->routes, s->n_routes), rt);
	}
	nl_cache_free(cache);
}

/*
 * One name for a NUD state mask.  The kernel sets one bit in practice; if
 * several are set the configured ones (PERMANENT, NOARP) say most, then the
 * usable ones, then the failing ones.
 */
const char *rs_net_neigh_state_name(int state)
{
	static const struct {
		int bit;
		const char *name;
	} order[] = {
		{ NUD_PERMANENT, "PERMANENT" }, { NUD_NOARP, "NOARP" },
		{ NUD_REACHABLE, "REACHABLE" }, { NUD_STALE, "STALE" },
		{ NUD_DELAY, "DELAY" }, { NUD_PROBE, "PROBE" },
		{ NUD_FAILED, "FAILED" }, { NUD_INCOMPLETE, "INCOMPLETE" },
	};

	for (size_t i = 0; i < RS_ARRAY_SIZE(order); i++)
		if (state & order[i].bit)
			return order[i].name;
	return "NONE";
}

static void collect_neighs(struct rs_snapshot *s, struct nl_sock *sk)
{
	struct nl_cache *cache;
	struct nl_object *o;
	int err;

	err = rtnl_neigh_alloc_cache(sk, &cache);
	if (err < 0) {
		rs_snapshot_add_error(s, RS_AREA_NET, "netlink", "", "neighbour dump (RTM_GETNEIGH): %s",
				      nl_geterror(err));
		return;
	}
	for (o = nl_cache_get_first(cache); o; o = nl_cache_get_next(o)) {
		struct rtnl_neigh *n = (struct rtnl_neigh *)o;
		int fam = family_num(rtnl_neigh_get_family(n));
		struct rs_neigh *r;

		/* The dump also carries bridge FDB entries (AF_BRIDGE). */
		if (!fam)
			continue;
		r = RS_APPEND(s->neighs, s->n_neighs);
		ifname_of(s, rtnl_neigh_get_ifindex(n), r->dev, sizeof(r->dev));
		r->family = fam;
		addr_text(rtnl_neigh_get_dst(n), r->ip, sizeof(r->ip));
		mac_text(rtnl_neigh_get_lladdr(n), r->mac, sizeof(r->mac));
		RS_STRCPY(r->state, rs_net_neigh_state_name(rtnl_neigh_get_state(n)));
	}
	nl_cache_free(cache);
}

static struct nl_sock *route_socket(struct rs_snapshot *s, int once)
{
	struct nl_sock *sk = nl_socket_alloc();
	int err;

	if (!sk)
		rs_die("out of memory");
	err = nl_connect(sk, NETLINK_ROUTE);
	if (err < 0) {
		if (once)
			rs_snapshot_add_error_once(s, RS_AREA_NET, "netlink", "",
						   "route netlink socket: %s", nl_geterror(err));
		else
			rs_snapshot_add_error(s, RS_AREA_NET, "netlink", "",
					      "route netlink socket: %s", nl_geterror(err));
		nl_socket_free(sk);
		return NULL;
	}
	return sk;
}

int rs_collect_net(struct rs_snapshot *s)
{
	struct nl_sock *sk = route_socket(s, 0);

	if (sk) {
		collect_links(s, sk);
		collect_addrs(s, sk);
		collect_routes(s, sk);
		collect_neighs(s, sk);
		nl_socket_free(sk);
	}
	return 0;
}

int rs_net_neigh_mac(const char *ip, char *mac, size_t len)
{
	struct nl_sock *sk = nl_socket_alloc();
	struct nl_cache *cache = NULL;
	int found = -1;

	if (!sk)
		rs_die("out of memory");
	if (nl_connect(sk, NETLINK_ROUTE) < 0 || rtnl_neigh_alloc_cache(sk, &cache) < 0) {
		nl_socket_free(sk);
		return -1;
	}
	for (struct nl_object *o = nl_cache_get_first(cache); o; o = nl_cache_get_next(o)) {
		struct rtnl_neigh *n = (struct rtnl_neigh *)o;
		char dst[RS_ADDR_LEN];

		addr_text(rtnl_neigh_get_dst(n), dst, sizeof(dst));
		if (!family_num(rtnl_neigh_get_family(n)) || strcmp(dst, ip) ||
		    !rtnl_neigh_get_lladdr(n))
			continue;
		mac_text(rtnl_neigh_get_lladdr(n), mac, len);
		found = mac[0] ? 0 : -1;
		if (!found && !(rtnl_neigh_get_state(n) & NUD_FAILED))
			break;
	}
	nl_cache_free(cache);
	nl_socket_free(sk);
	return found;
}

int rs_collect_net_addrs(struct rs_snapshot *s)
{
	struct nl_sock *sk = route_socket(s, 0);

	if (sk) {
		collect_addrs(s, sk);
		nl_socket_free(sk);
	}
	return 0;
}

int rs_collect_route_lookup(struct rs_snapshot *s, const char *peer)
{
	memset(&s->peer, 0, sizeof(s->peer));
	if (!peer || !*peer)
		return 0;
	RS_STRCPY(s->peer.peer, peer);
	return rs_net_route_get(&s->peer, peer);
}

/*
 * One RTM_GETLINK dump for all links.  A link that vanished keeps its last
 * values (the console shows them frozen); a new link waits for the next full
 * collection.  Errors here repeat every tick, so each is recorded once.
 */
static void refresh_link_stats(struct rs_snapshot *s, struct nl_sock *sk)
{
	struct nl_cache *cache;
	int err;

	err = rtnl_link_alloc_cache(sk, AF_UNSPEC, &cache);
	if (err < 0) {
		rs_snapshot_add_error_once(s, RS_AREA_NET, "netlink", "",
					   "link dump (RTM_GETLINK): %s", nl_geterror(err));
		return;
	}
	for (size_t i = 0; i < s->n_links; i++) {
		struct rs_link *k = &s->links[i];
		struct rtnl_link *l = rtnl_link_get(cache, k->ifindex);

		if (!l)
			continue;
		/* An ifindex reused by another link is not the same link. */
		if (!strcmp(rtnl_link_get_name(l), k->name))
			stats_from_link(&k->stats, l);
		rtnl_link_put(l);
	}
	nl_cache_free(cache);
}

int rs_collect_net_counters(struct rs_snapshot *s)
{
	struct nl_sock *sk = route_socket(s, 1);

	if (sk) {
		refresh_link_stats(s, sk);
		nl_socket_free(sk);
	}
	return 0;
}

/* ------------------------------------------------------------ producers */

static int netlink_collect(struct rs_producer *p, struct rs_session *s,
			   struct rs_snapshot *snap, char *err, size_t errlen)
{
	rs_collect_net(snap);
	/* A lookup the kernel refuses (no route, port down, address gone) is
	 * what net.peer_route reports from snap->peer, never a failure to
	 * collect: the diagnosis goes on. */
	rs_collect_route_lookup(snap, p->peer && p->peer[0] ? p->peer : NULL);
	return 0;
}

static int netlink_refresh(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap)
{
	return rs_collect_net_counters(snap);
}

static int netlink_open(struct rs_producer *p, struct rs_session *s, char *err, size_t errlen)
{
	struct rs_net_monitor *m;
	int ret = rs_net_monitor_open(&m, err, errlen);

	if (ret)
		return ret;
	p->priv = m;
	return 0;
}

static int netlink_fd(struct rs_producer *p)
{
	return p->priv ? rs_net_monitor_fd(p->priv) : -1;
}

static unsigned netlink_readable(struct rs_producer *p, struct rs_session *s)
{
	return rs_net_monitor_drain(p->priv) ? RS_AREA_BIT(RS_AREA_NET) : 0;
}

static void netlink_close(struct rs_producer *p)
{
	rs_net_monitor_close(p->priv);
	p->priv = NULL;
}

static int addrs_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
			 char *err, size_t errlen)
{
	return rs_collect_net_addrs(snap);
}

const struct rs_producer_ops rs_netlink_producer = {
	.name = "netlink", .area = RS_AREA_NET, .live_only = 1, .open = netlink_open,
	.collect = netlink_collect, .refresh = netlink_refresh, .fd = netlink_fd,
	.on_readable = netlink_readable, .close = netlink_close,
};

const struct rs_producer_ops rs_netlink_addrs_producer = {
	.name = "netlink-addrs", .area = RS_AREA_NET, .live_only = 1, .collect = addrs_collect,
};
