/* SPDX-License-Identifier: MIT */
/*
 * net_priv.h - what netlink.c (libnl caches, the entry points of collect.h)
 * shares with route_get.c (the RTM_GETROUTE peer lookup) and the tests.
 * net_sysfs.c and ethtool.c stand alone: they only use the snapshot.
 * Not for use outside src/collect/ and its tests.
 */
#ifndef RS_NET_PRIV_H
#define RS_NET_PRIV_H

#include "snapshot.h"

struct nl_cache;

/*
 * Append one rs_link per link of a libnl "route/link" cache (names of
 * masters and VLAN parents resolved in the same cache).  Used by the live
 * dump, and by tests with a cache filled from recorded RTM_NEWLINK messages.
 */
void rs_net_links_from_cache(struct rs_snapshot *s, struct nl_cache *cache);

/*
 * `ip route get PEER` through RTM_GETROUTE.  PEER is an IPv4 or IPv6
 * address, optionally "fe80::1%ifname" (or "10.0.0.1%ifname": the lookup
 * with that output interface, RTA_OIF).  src/probe/ uses it too.  Fills *out (ok, dev, src, gateway,
 * or ok = 0 and the kernel's reason in error).  Returns 0 or -errno.
 */
int rs_net_route_get(struct rs_route_lookup *out, const char *peer);

/* One name for a NUD state mask ("REACHABLE", "FAILED", "NONE" for 0), as
 * the snapshot's neighbours carry it; the neighbour probe says the same. */
const char *rs_net_neigh_state_name(int state);

#endif
