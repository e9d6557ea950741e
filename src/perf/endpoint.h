/* SPDX-License-Identifier: MIT */
/*
 * endpoint.h - which device, port and GID index a test uses, and the "view"
 * each end sends the other: pure functions of a snapshot (src/snapshot.h),
 * so the session can hand its own snapshot and the CLI the one it took.
 *
 * Choice of device when none is given: the one whose port's netdev the
 * route to the peer leaves by (snapshot peer lookup), else the one that
 * holds the address to bind (serve), else the first with an ACTIVE
 * Ethernet port and a RoCE v2 GID to use.  GID index when none is given:
 * rs_gid_recommend() (the RoCE v2 entry of the netdev's IPv4 address).
 */
#ifndef RS_PERF_VIEW_H
#define RS_PERF_VIEW_H

#include "perf/fail.h"
#include "model/peer_view.h"
#include "perf/proto.h"
#include "snapshot.h"

struct rs_perf_pick {
	const struct rs_device *dev;
	const struct rs_port *port;
	int gid_index;			/* -1: none found (e says why) */
	const struct rs_gid *gid;	/* NULL when the index is not in the table */
	char why[256];			/* how it was chosen, for -v and docs */
};

/*
 * dev/port/gid_index: what the user gave (NULL, 0, -1 for "choose").
 * route_dev: the netdev the route to the peer uses ("" none); bind_addr:
 * the address serve binds ("" none).  0, or -1 with e set (no device,
 * no such port, no GID to use).
 */
int rs_perf_pick(const struct rs_snapshot *s, const char *dev, unsigned port, int gid_index,
		 const char *bind_addr, struct rs_perf_pick *pick, struct rs_perf_error *e);

/* This end's view from the snapshot and the pick (mtu: the test's MTU). */
void rs_perf_view_build(const struct rs_snapshot *s, const struct rs_perf_pick *pick,
			struct rs_perf_view *v);

/* One difference between the two ends that matters for RoCE. */
struct rs_perf_diff {
	char what[32];			/* "gid_type", "gid_family", "active_mtu", ... */
	char local[RS_PERF_STR_LEN];
	char remote[RS_PERF_STR_LEN];
	char note[160];			/* why it matters */
};

#define RS_PERF_MAX_DIFFS 12

/* Differences between the two views; returns how many were written. */
int rs_perf_view_diff(const struct rs_perf_view *local, const struct rs_perf_view *remote,
		      struct rs_perf_diff *out, int max);

/*
 * A view received from the peer as the session keeps it (struct
 * rs_peer_view, which the peer.same_* checks read): PFC ("none", "3",
 * "3,4") and trust stay unknown while the peer sends "unknown" (its netdev
 * has no DCB), memlock while it sends 0.
 */
void rs_perf_view_to_peer(const struct rs_perf_view *v, struct rs_peer_view *out);
/* A link's ECN switches as a view carries them: "np 0x08 rp 0x08 cnp_dscp
 * 48 cnp_prio 6" (-1: not shown by the driver). */
void rs_perf_dcqcn_text(char *buf, size_t len, const struct rs_ecn *e);

/* "IPv4", "IPv6", "IPv6 link-local", "" from a view's address/GID. */
const char *rs_perf_view_family(const struct rs_perf_view *v);

#endif
