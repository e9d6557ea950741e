/* SPDX-License-Identifier: MIT */
/*
 * net_priv.h - glue between the network collectors: netlink.c (libnl caches,
 * the entry points of collect.h), route_get.c (the RTM_GETROUTE peer lookup),
 * net_sysfs.c (links of a fixture root) and ethtool.c (SIOCETHTOOL).
 * Not for use outside src/collect/.
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

/* Links of a fixture root from <root>/sys/class/net (no netlink there). */
int rs_net_sysfs_links(struct rs_snapshot *s);
/* Re-read statistics/ of every link of s under the root. */
int rs_net_sysfs_counters(struct rs_snapshot *s);

/*
 * `ip route get PEER` through RTM_GETROUTE.  PEER is an IPv4 or IPv6
 * address, optionally "fe80::1%ifname".  Fills *out (ok, dev, src, gateway,
 * or ok = 0 and the kernel's reason in error).  Returns 0 or -errno.
 */
int rs_net_route_get(struct rs_route_lookup *out, const char *peer);

/* Live only: refresh link->ethtool values of links that have them. */
int rs_ethtool_refresh(struct rs_snapshot *s);

/* Add an error unless the same one is already there (refresh paths). */
void rs_net_error_once(struct rs_snapshot *s, const char *source,
		       const char *object, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
