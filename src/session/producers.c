/* SPDX-License-Identifier: MIT */
/*
 * producers.c - which source uses which producers, and the producers of
 * whole snapshots, which read the session itself (its file, the demo's
 * clock, the recording).  The collectors' producers live at the bottom of
 * their own files (src/collect/producer.h).
 *
 *   live : host files, memlock (getrlimit, capget), sysfs RDMA, locality
 *          files, libibverbs, RDMA netlink resources and QPs, netlink (with
 *          its notification socket), ethtool, link files (sysctls, ECN,
 *          DCQCN), DCB netlink, NIC health (devlink, ethtool netlink)
 *   root : host files, memlock (<root>/proc/self/limits, status), sysfs
 *          RDMA, locality files, recorded RDMA netlink replies, links from
 *          <root>/sys/class/net, link files, "DCB not recorded", recorded
 *          devlink and ethtool netlink replies - the recorded twins
 *   file : the saved snapshot (static)
 *   demo : the bundled demo host, moved one tick per refresh
 *   replay: a recording, one sample per refresh (replay.c)
 *
 * `gids` runs with RS_SCOPE_GIDS: sysfs RDMA and, live, one address dump.
 */
#include "model/demo.h"
#include "model/snapshot_yaml.h"
#include "session/replay.h"
#include "session/session.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------ whole snapshots */

static int file_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
			char *err, size_t errlen)
{
	struct rs_snapshot loaded;
	int ret = rs_snapshot_load_file(&loaded, s->path, err, errlen);

	if (ret)
		return ret;
	rs_snapshot_free(snap);
	*snap = loaded;
	return 0;
}

/* The demo YAML, moved by every tick taken so far: a reload does not send
 * the counters back. */
static int demo_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
			char *err, size_t errlen)
{
	struct rs_snapshot loaded;
	int ret = rs_snapshot_load_yaml(&loaded, rs_demo_host_yaml, rs_demo_host_yaml_len,
					"demo", err, errlen);

	if (ret)
		return ret;
	RS_STRCPY(loaded.source, "demo");
	rs_demo_apply(&s->demo, &loaded);
	rs_snapshot_free(snap);
	*snap = loaded;
	return 0;
}

static int demo_refresh(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap)
{
	/* a tick lasts the interval: the rates are the demo's, the times true */
	rs_demo_tick(&s->demo, snap, s->ticks, s->interval_ms);
	return 0;
}

static int replay_collect(struct rs_producer *p, struct rs_session *s,
			  struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_session_replay_collect(s, snap, err, errlen);
}

static int replay_refresh(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap)
{
	return rs_session_replay_advance(s, snap);
}

static const struct rs_producer_ops replay = {
	.name = "replay", .area = RS_AREA_ALL, .collect = replay_collect,
	.refresh = replay_refresh,
};

static const struct rs_producer_ops file = {
	.name = "file", .area = RS_AREA_ALL, .collect = file_collect,
};

static const struct rs_producer_ops demo = {
	.name = "demo", .area = RS_AREA_ALL, .collect = demo_collect, .refresh = demo_refresh,
};

/* ---------------------------------------------------------- the tables */

static const struct rs_producer_ops *const live_all[] = {
	&rs_host_producer, &rs_memlock_producer, &rs_rdma_sysfs_producer,
	&rs_rdma_locality_producer, &rs_verbs_producer, &rs_rdma_res_producer,
	&rs_netlink_producer, &rs_ethtool_producer, &rs_net_conf_producer,
	&rs_dcb_producer, &rs_nic_health_producer, NULL,
};
static const struct rs_producer_ops *const root_all[] = {
	&rs_host_producer, &rs_memlock_recorded_producer, &rs_rdma_sysfs_producer,
	&rs_rdma_locality_producer, &rs_rdma_res_recorded_producer,
	&rs_net_recorded_producer, &rs_net_conf_producer, &rs_dcb_recorded_producer,
	&rs_nic_health_recorded_producer, NULL,
};
static const struct rs_producer_ops *const live_gids[] = {
	&rs_rdma_sysfs_producer, &rs_netlink_addrs_producer, NULL,
};
static const struct rs_producer_ops *const root_gids[] = { &rs_rdma_sysfs_producer, NULL };
static const struct rs_producer_ops *const file_all[] = { &file, NULL };
static const struct rs_producer_ops *const demo_all[] = { &demo, NULL };
static const struct rs_producer_ops *const replay_all[] = { &replay, NULL };

const struct rs_producer_ops *const *rs_producers_for(enum rs_source_kind kind,
						      enum rs_scope scope)
{
	switch (kind) {
	case RS_SOURCE_LIVE:
		return scope == RS_SCOPE_GIDS ? live_gids : live_all;
	case RS_SOURCE_ROOT:
		return scope == RS_SCOPE_GIDS ? root_gids : root_all;
	case RS_SOURCE_FILE:
		return file_all;
	case RS_SOURCE_REPLAY:
		return replay_all;
	default:
		return demo_all;
	}
}

int rs_session_neigh_mac(const struct rs_session *s, const char *ip, char *mac, size_t len)
{
	const struct rs_neigh *nb;

	/* The live host's entry now; a recorded host's as recorded. */
	if (!rs_session_is_recorded(s))
		return rs_net_neigh_mac(ip, mac, len);
	nb = rs_snapshot_neigh(&s->snap, "", ip);
	if (!nb || !nb->mac[0])
		return -1;
	rs_strlcpy(mac, nb->mac, len);
	return 0;
}
