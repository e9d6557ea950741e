/* SPDX-License-Identifier: MIT */
/*
 * route.h - the kernel's answer about one path, through rtnetlink: the
 * route to a peer (RTM_GETROUTE, as `ip route get` asks it) and the names
 * of neighbour (NUD) states.  Public: the collectors fill the snapshot's
 * peer route with it, the probes pick their egress with it and name the
 * next hop's state the same way, and `rocescope fix` checks a change
 * would not cut the path it runs over.
 */
#ifndef RS_COLLECT_ROUTE_H
#define RS_COLLECT_ROUTE_H

#include "snapshot.h"

/*
 * `ip route get PEER` through RTM_GETROUTE.  PEER is an IPv4 or IPv6
 * address, optionally "fe80::1%ifname" (or "10.0.0.1%ifname": the lookup
 * with that output interface, RTA_OIF).  Fills *out (ok, dev, src,
 * gateway, or ok = 0 and the kernel's reason in error).  Returns 0 or
 * -errno.
 */
int rs_net_route_get(struct rs_route_lookup *out, const char *peer);

/* One name for a NUD state mask ("REACHABLE", "FAILED", "NONE" for 0), as
 * the snapshot's neighbours carry it; the neighbour probe says the same. */
const char *rs_net_neigh_state_name(int state);

#endif
