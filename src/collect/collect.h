/* SPDX-License-Identifier: MIT */
/*
 * collect.h - the collectors: each fills one part (area) of a struct
 * rs_snapshot from one source of the host.
 *
 * Collectors know nothing of each other nor of where they run: the session
 * (src/session/producers.c) decides which ones a source uses, in which
 * order, and which are live-only.  Those reading files do it through the
 * root of util.h, so they run on fixture trees; each live-only one
 * (libibverbs, netlink, the ethtool ioctl, getrlimit) has a recorded twin
 * that reads the same facts from files of a recorded host.
 *
 * A source that fails records an rs_error of its area in the snapshot and
 * the collector goes on with the rest: a missing device or no permission is
 * a finding to show, never a reason to stop.  Return values are 0 or -errno
 * only for failures that leave the snapshot unusable (none today: OOM
 * aborts).
 */
#ifndef RS_COLLECT_H
#define RS_COLLECT_H

#include <stdint.h>

#include "snapshot.h"

/*
 * A collection in steps, for hosts of thousands of devices or links: each
 * call of a _step collector does items (devices, links) from at on until
 * the clock (rs_now_ns) passes until_ns, at least one, and returns 1 once
 * all are done, 0 while some remain.  The first call lists what there is
 * (total, names); the caller frees names (rs_strv_free) at the end.  The
 * plain collector is its _step with no deadline.
 */
struct rs_collect_step {
	uint64_t until_ns;
	size_t at, total;
	int listed;
	char **names;
};

/* RDMA area ---------------------------------------------------------------- */

/* sysfs: devices, ports, GID tables, port counters, hw_counters, PCI link. */
int rs_collect_rdma(struct rs_snapshot *s);
int rs_collect_rdma_step(struct rs_snapshot *s, struct rs_collect_step *st);
/* sysfs: port counters and hw_counters only (the refresh tick).  A device
 * whose directory vanished gets present = 0 and keeps its last values. */
/*
 * The vendor and model names of d's PCI ids from the system's PCI ID
 * database (pci.ids, through libpci: $RS_PCI_IDS, else libpci's own path,
 * the same with --root: the database is the host's, not the tree's).  A
 * name it cannot give stays "" and d->pci.names_note says why.
 */
void rs_pci_names_fill(struct rs_device *d);
int rs_collect_rdma_counters(struct rs_snapshot *s);
int rs_collect_rdma_counters_step(struct rs_snapshot *s, struct rs_collect_step *st);
/* Live: what only libibverbs tells (MTUs, port state, GID types). */
int rs_collect_verbs(struct rs_snapshot *s);

/* Live (RDMA netlink): QPs, CQs, MRs, PDs and QP states of every device
 * (rdma_res.c).  A failure is each device's res.error, never an error. */
int rs_collect_rdma_res(struct rs_snapshot *s);
/* Recorded twin: the same replies from <root>/rdma-netlink/ (rdma_res.h). */
int rs_collect_rdma_res_recorded(struct rs_snapshot *s);

/* Files (locality.c): the command and CPUs of every process owning a QP
 * (s->procs, each QP's comm), after the resources were read. */
int rs_collect_qp_owners(struct rs_snapshot *s);
/* Files: each device's NUMA node, local CPUs and interrupts. */
int rs_collect_rdma_locality(struct rs_snapshot *s);
int rs_collect_rdma_locality_step(struct rs_snapshot *s, struct rs_collect_step *st);

/* Network area ------------------------------------------------------------- */

/* Live (netlink): links, addresses, routes, neighbours. */
int rs_collect_net(struct rs_snapshot *s);
/* Live (netlink): addresses only (what the GID recommendation needs). */
int rs_collect_net_addrs(struct rs_snapshot *s);
/* Live (netlink): the statistics of the links already in s. */
int rs_collect_net_counters(struct rs_snapshot *s);
/* Live (RTM_GETROUTE): `ip route get PEER` into s->peer; NULL clears it.
 * -errno when the kernel refused (s->peer.ok 0, .err and .error say why):
 * a finding of net.peer_route, not a failure of the collection. */
int rs_collect_route_lookup(struct rs_snapshot *s, const char *peer);
/* Live (RTM_GETNEIGH): the MAC this host's neighbour entry for ip holds,
 * now (serve tells its client what its ARP made of it).  0, or -1 when no
 * entry holds a MAC. */
int rs_net_neigh_mac(const char *ip, char *mac, size_t len);
/* Recorded twin of rs_collect_net: links from <root>/sys/class/net. */
int rs_collect_net_recorded(struct rs_snapshot *s);
int rs_collect_net_recorded_step(struct rs_snapshot *s, struct rs_collect_step *st);
/* Recorded twin of rs_collect_net_counters: <root>/sys/class/net/IF/statistics. */
int rs_collect_net_recorded_counters(struct rs_snapshot *s);
int rs_collect_net_recorded_counters_step(struct rs_snapshot *s, struct rs_collect_step *st);
/* Live (SIOCETHTOOL): ethtool -S and 802.3x pause of every link of s. */
int rs_collect_ethtool(struct rs_snapshot *s);
/* Live (SIOCETHTOOL): ethtool -S values of the links that have them. */
int rs_collect_ethtool_counters(struct rs_snapshot *s);

/* Live (DCB netlink): PFC and trust of every link of s (dcb.c). */
int rs_collect_dcb(struct rs_snapshot *s);
/* Recorded twin: says DCB was not recorded (it lives in no file). */
int rs_collect_dcb_recorded(struct rs_snapshot *s);
/* Files: rp_filter/arp_ignore/arp_announce, RoCE ECN switches and DCQCN
 * parameters, the driver and the PCI function of every link of s
 * (net_conf.c). */
int rs_collect_net_conf(struct rs_snapshot *s);
int rs_collect_net_conf_step(struct rs_snapshot *s, struct rs_collect_step *st);
/* Live (generic netlink, the ethtool ioctl): devlink health reporters,
 * FEC, the module and the PFC storm guard of every link with a PCI
 * function (nic_health.c). */
int rs_collect_nic_health(struct rs_snapshot *s);
int rs_collect_nic_health_step(struct rs_snapshot *s, struct rs_collect_step *st);
/* Recorded twin: devlink/health.nl, ethtool-netlink/ under the root. */
int rs_collect_nic_health_recorded(struct rs_snapshot *s);
int rs_collect_nic_health_recorded_step(struct rs_snapshot *s, struct rs_collect_step *st);

/*
 * Live: the kernel's notifications of link, address, route and neighbour
 * changes.  open gives a socket for the event loop (fd); drain reads what
 * is there and returns how many notifications came (0: nothing changed).
 */
struct rs_net_monitor;
int rs_net_monitor_open(struct rs_net_monitor **m, char *why, size_t len);
int rs_net_monitor_fd(const struct rs_net_monitor *m);
unsigned rs_net_monitor_drain(struct rs_net_monitor *m);
void rs_net_monitor_close(struct rs_net_monitor *m);

/* Host area ---------------------------------------------------------------- */

/* Files: kernel, distribution, memory, modules, huge pages, NUMA nodes. */
int rs_collect_host(struct rs_snapshot *s);
/* Files: the NUMA nodes and their CPUs (locality.c). */
int rs_collect_numa(struct rs_snapshot *s);
/* Live: this process's memlock rlimit, and what limits.conf gives its user. */
int rs_collect_memlock(struct rs_snapshot *s);
/* Recorded twin: <root>/proc/self/limits, limits.conf for the root's user. */
int rs_collect_memlock_recorded(struct rs_snapshot *s);

#endif
