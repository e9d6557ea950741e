/* SPDX-License-Identifier: MIT */
/*
 * producer.h - the sources that fill a session, each an ops table with a
 * lifecycle, as bmon's input modules are.
 *
 * A producer fills one area of the snapshot (or all of it: a saved file,
 * the demo host) from one source: sysfs, libibverbs, netlink, the ethtool
 * ioctl, procfs, a YAML file.  The session calls, all optional but
 * collect:
 *
 *   open        once the session runs on an event loop (sockets, monitors)
 *   collect     fill its part of a fresh or just-cleared snapshot
 *   refresh     re-read its counters (the refresh tick)
 *   collect_step, refresh_step
 *               the same in steps (collect.h: struct rs_collect_step), for
 *               a source of thousands of devices or links: the session runs
 *               them in slices on the loop (slices.c), what says what the
 *               steps count ("devices")
 *   fd          a descriptor the loop watches, or -1
 *   on_readable it is readable: returns the areas to collect again
 *   close       release what open took
 *
 * Each collector carries its producers at the bottom of its own file
 * (rs_host_producer in host.c ...), as each of bmon's in_*.c owns its
 * module struct; the session's table (src/session/producers.c) says which
 * source uses which.  Live-only producers have a recorded twin reading the
 * same facts from files (docs/architecture.md says what each twin cannot
 * read); nothing else in the program asks whether it runs on the live
 * host.  Work that fills no area (the capture, the tests, recording) is a
 * job of the session instead (src/session/job.h).
 */
#ifndef RS_COLLECT_PRODUCER_H
#define RS_COLLECT_PRODUCER_H

#include <stddef.h>

#include "collect/collect.h"
#include "snapshot.h"

struct rs_session;
struct rs_producer;
struct rs_io;

#define RS_AREA_ALL RS_AREA_COUNT	/* a producer of the whole snapshot */
#define RS_AREA_BIT(a) (1u << (a))

struct rs_producer_ops {
	const char *name;
	enum rs_area area;		/* what it fills, or RS_AREA_ALL */
	int live_only;			/* reads the running host, not files */
	int (*open)(struct rs_producer *p, struct rs_session *s, char *err, size_t errlen);
	int (*collect)(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
		       char *err, size_t errlen);
	int (*refresh)(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap);
	int (*collect_step)(struct rs_producer *p, struct rs_session *s,
			    struct rs_snapshot *snap, struct rs_collect_step *st);
	int (*refresh_step)(struct rs_producer *p, struct rs_session *s,
			    struct rs_snapshot *snap, struct rs_collect_step *st);
	const char *what;		/* what a step counts: "devices", "links" */
	int (*fd)(struct rs_producer *p);
	unsigned (*on_readable)(struct rs_producer *p, struct rs_session *s);
	void (*close)(struct rs_producer *p);
};

struct rs_producer {
	const struct rs_producer_ops *ops;
	struct rs_session *session;	/* the one it fills (opaque here) */
	const char *peer;		/* the peer the session asks about, "" none */
	void *priv;
	struct rs_io *io;		/* the loop's handler of fd, when open */
};

/* The collectors' producers, each at the bottom of its collector's file. */
extern const struct rs_producer_ops rs_host_producer;		/* host.c */
extern const struct rs_producer_ops rs_memlock_producer;
extern const struct rs_producer_ops rs_memlock_recorded_producer;
extern const struct rs_producer_ops rs_rdma_sysfs_producer;	/* rdma_sysfs.c */
extern const struct rs_producer_ops rs_rdma_locality_producer;	/* locality.c */
extern const struct rs_producer_ops rs_verbs_producer;		/* verbs.c */
extern const struct rs_producer_ops rs_rdma_res_producer;	/* rdma_res.c */
extern const struct rs_producer_ops rs_rdma_res_recorded_producer;
extern const struct rs_producer_ops rs_netlink_producer;	/* netlink.c */
extern const struct rs_producer_ops rs_netlink_addrs_producer;
extern const struct rs_producer_ops rs_net_recorded_producer;	/* net_sysfs.c */
extern const struct rs_producer_ops rs_ethtool_producer;	/* ethtool.c */
extern const struct rs_producer_ops rs_net_conf_producer;	/* net_conf.c */
extern const struct rs_producer_ops rs_dcb_producer;		/* dcb.c */
extern const struct rs_producer_ops rs_dcb_recorded_producer;
extern const struct rs_producer_ops rs_nic_health_producer;	/* nic_health.c */
extern const struct rs_producer_ops rs_nic_health_recorded_producer;

#endif
