/* SPDX-License-Identifier: MIT */
/*
 * net_priv.h - what netlink.c (libnl caches, the entry points of collect.h)
 * shares with the tests: the links of a libnl cache.  The route lookup and
 * the neighbour state names others use are public (collect/route.h).
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

#endif
