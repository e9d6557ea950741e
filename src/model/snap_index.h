/* SPDX-License-Identifier: MIT */
/*
 * snap_index.h - the lookups by name that the checks and the views make
 * once per port, in constant time: a link by name, the RDMA port of a
 * netdev, the addresses of an interface, a neighbour, the errors about an
 * object.
 *
 * Asked of the snapshot's arrays directly, each of these walks them, and a
 * check that asks once per port becomes quadratic: 40,000 ports and links
 * make 1.6 billion comparisons.  The index is built from one snapshot in
 * one pass (rs_snap_index_build) and is valid until that snapshot's arrays
 * change: the session builds it again after every change, before the
 * checks run (session.h); a caller with a snapshot of its own builds its
 * own.  Every answer is the one the walk would give: the first element in
 * array order.
 */
#ifndef RS_SNAP_INDEX_H
#define RS_SNAP_INDEX_H

#include <stddef.h>

#include "model/name_index.h"
#include "snapshot.h"

struct rs_snap_index {
	const struct rs_snapshot *snap;
	struct rs_nidx links;		/* by name */
	struct rs_nidx netdevs;		/* ports by netdev name: value is a port's rank */
	const struct rs_port **ports;	/* every port, device by device (rank order) */
	size_t *port_dev;		/* the device of each port, by rank */
	size_t n_ports;
	struct rs_nidx addrs;		/* the first address of each ifname */
	size_t *addr_next;		/* the next address of the same ifname, or SIZE_MAX */
	struct rs_nidx neighs;		/* the first neighbour of each ip */
	size_t *neigh_next;		/* the next neighbour with the same ip, or SIZE_MAX */
	struct rs_nidx errors;		/* the first error about each object */
	size_t *error_next;		/* the next error about the same object, or SIZE_MAX */
};

void rs_snap_index_init(struct rs_snap_index *x);
void rs_snap_index_build(struct rs_snap_index *x, const struct rs_snapshot *s);
void rs_snap_index_free(struct rs_snap_index *x);

const struct rs_link *rs_snap_index_link(const struct rs_snap_index *x, const char *name);
/* The first port whose netdev is name (and its device), or NULL. */
const struct rs_port *rs_snap_index_netdev_port(const struct rs_snap_index *x,
						const char *name, const struct rs_device **dev);
/* The first address of ifname, then the next ones (SIZE_MAX: no more). */
size_t rs_snap_index_addr_first(const struct rs_snap_index *x, const char *ifname);
size_t rs_snap_index_addr_next(const struct rs_snap_index *x, size_t i);
/* rs_snapshot_neigh(): the neighbour entry of ip on dev ("" dev: any). */
const struct rs_neigh *rs_snap_index_neigh(const struct rs_snap_index *x, const char *dev,
					   const char *ip);
/* The first error about object, then the next ones (SIZE_MAX: no more). */
size_t rs_snap_index_error_first(const struct rs_snap_index *x, const char *object);
size_t rs_snap_index_error_next(const struct rs_snap_index *x, size_t i);

#endif
