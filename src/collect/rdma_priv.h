/* SPDX-License-Identifier: MIT */
/*
 * rdma_priv.h - helpers shared by the two RDMA collectors (sysfs and
 * libibverbs) so both describe a GID the same way.  Not for other modules.
 */
#ifndef RS_RDMA_PRIV_H
#define RS_RDMA_PRIV_H

#include "snapshot.h"

/*
 * Fill g->gid (sysfs text form: 8 groups of 4 hex digits), g->ip and
 * g->ipv4 from the 16 raw bytes of a GID.
 */
void rs_gid_set_raw(struct rs_gid *g, const unsigned char raw[16]);

/* VLAN id of a netdev from /proc/net/vlan/<ndev> under the root; -1 none. */
int rs_netdev_vlan_id(const char *ndev);

/* Insert a zeroed GID into port->gids keeping index order; returns it. */
struct rs_gid *rs_port_insert_gid(struct rs_port *p, unsigned index);

#define RS_SYS_IB "/sys/class/infiniband"

/*
 * Read ports/P/gids/ and gid_attrs/ of one port into p->gids (replacing what
 * was there) and set p->gid_tbl_len to the number of slots sysfs shows.
 */
void rs_rdma_read_gids(struct rs_snapshot *s, const char *dev, struct rs_port *p);

#endif
