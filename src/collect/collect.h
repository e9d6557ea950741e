/* SPDX-License-Identifier: MIT */
/*
 * collect.h - the collectors: fill a struct rs_snapshot from the host.
 *
 * File-based sources (sysfs, procfs, /etc) read through the root of util.h,
 * so they run on fixture trees.  Live-only sources (libibverbs, netlink,
 * the ethtool ioctl) run only when the root is "/" (rs_root_is_live()); under
 * a fixture root they are skipped without error, and links fall back to
 * the root's sys/class/net.
 *
 * A source that fails records an rs_error in the snapshot and the collector
 * goes on with the rest: a missing device or no permission is a finding to
 * show, never a reason to stop.  Return values are 0 or -errno only for
 * failures that leave the snapshot unusable (none today: OOM aborts).
 */
#ifndef RS_COLLECT_H
#define RS_COLLECT_H

#include "snapshot.h"

struct rs_collect_opts {
	const char *peer;	/* address to run a route lookup for, or NULL */
	int no_verbs;		/* skip libibverbs even when live */
	int no_ethtool;		/* skip the ethtool ioctl even when live */
};

/* RDMA devices, ports, GID tables, port counters, hw_counters, PCI link. */
int rs_collect_rdma(struct rs_snapshot *s);
/* Live only: what only libibverbs tells (MTUs, port state, GID types). */
int rs_collect_verbs(struct rs_snapshot *s);
/* Links, addresses, routes, neighbours (libnl); peer route lookup. */
int rs_collect_net(struct rs_snapshot *s, const char *peer);
/* Live only: ethtool -S statistics and 802.3x pause for every link. */
int rs_collect_ethtool(struct rs_snapshot *s);
/* Kernel, distribution, modules, huge pages, memlock, memory. */
int rs_collect_host(struct rs_snapshot *s);

/* Everything above, in order; sets source and taken_at. */
int rs_collect_all(struct rs_snapshot *s, const struct rs_collect_opts *o);

/*
 * Refresh only the counters of an existing snapshot (the console's tick):
 * port counters and hw_counters of every device, statistics (and ethtool -S
 * when live) of every link.  A device whose directory vanished gets
 * present = 0 and keeps its last values.
 */
int rs_collect_rdma_counters(struct rs_snapshot *s);
int rs_collect_net_counters(struct rs_snapshot *s);
int rs_collect_counters(struct rs_snapshot *s);

#endif
