/* SPDX-License-Identifier: MIT */
/*
 * route_resolve.h - the peer's address, and `ip route get PEER` answered
 * from a snapshot's own routes when the kernel cannot be asked (the demo,
 * a saved file, a fixture root).
 *
 * The live host asks the kernel (src/collect/route_get.c): that answer
 * takes policy rules, every table and the source address choice into
 * account and is the only exact one.  A recording has only the routes it
 * recorded, so rs_route_resolve() does what the kernel's FIB lookup does
 * with them - the host's own addresses and the local table first, then
 * the main table, then the default table; longest prefix, then lowest
 * metric - and marks the result computed, so every view says it was
 * computed from the recording and not seen.  Policy rules are not in a
 * snapshot: routes of other tables are not used (the evidence says so).
 */
#ifndef RS_MODEL_ROUTE_RESOLVE_H
#define RS_MODEL_ROUTE_RESOLVE_H

#include <stddef.h>

#include "snapshot.h"

/*
 * "10.0.0.1", "2001:db8::1" or "fe80::1%eth0" (an interface scope): 0
 * with the family (4 or 6), the address bytes and the scope ("" when
 * none); -EINVAL when it is not an IP address (host names are not looked
 * up: the tool says what it checks).  Any out pointer may be NULL.
 */
int rs_peer_parse(const char *peer, int *family, unsigned char bin[16], char *scope,
		  size_t scopelen);

/* 1 for 127.0.0.0/8 and ::1 (and ::ffff:127.x): this host's loopback. */
int rs_peer_is_loopback(const char *peer);

/* The snapshot's address equal to peer (this host's own), or NULL. */
const struct rs_addr *rs_snapshot_own_addr(const struct rs_snapshot *s, const char *peer);

/* The route lookup for peer computed from s's routes into *out (computed = 1). */
void rs_route_resolve(const struct rs_snapshot *s, const char *peer, struct rs_route_lookup *out);

/* 32 or 128: the host route prefix for addr (`ip route add ADDR/N`). */
int rs_peer_host_prefix(const char *addr);

/* Routes of family (4 or 6) in s, the ones rs_route_resolve() may use. */
size_t rs_route_count(const struct rs_snapshot *s, int family);

#endif
