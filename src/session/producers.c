/* SPDX-License-Identifier: MIT */
/*
 * producers.c - the collectors as producers (producer.h), and which source
 * uses which.
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
#include "collect/collect.h"
#include "model/demo.h"
#include "model/snapshot_yaml.h"
#include "runtime/loop.h"
#include "session/session.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- host */

static int host_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
			char *err, size_t errlen)
{
	return rs_collect_host(snap);
}

static int memlock_collect(struct rs_producer *p, struct rs_session *s,
			   struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_memlock(snap);
}

static int memlock_recorded_collect(struct rs_producer *p, struct rs_session *s,
				    struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_memlock_recorded(snap);
}

static const struct rs_producer_ops host_files = {
	.name = "host", .area = RS_AREA_HOST, .collect = host_collect,
};

static const struct rs_producer_ops memlock_live = {
	.name = "memlock", .area = RS_AREA_HOST, .live_only = 1, .collect = memlock_collect,
};

static const struct rs_producer_ops memlock_recorded = {
	.name = "memlock-recorded", .area = RS_AREA_HOST, .collect = memlock_recorded_collect,
};

/* ---------------------------------------------------------------- RDMA */

static int rdma_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
			char *err, size_t errlen)
{
	return rs_collect_rdma(snap);
}

static int rdma_refresh(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap)
{
	return rs_collect_rdma_counters(snap);
}

static int rdma_collect_step(struct rs_producer *p, struct rs_session *s,
			     struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_rdma_step(snap, st);
}

static int rdma_refresh_step(struct rs_producer *p, struct rs_session *s,
			     struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_rdma_counters_step(snap, st);
}

static int verbs_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
			 char *err, size_t errlen)
{
	return rs_collect_verbs(snap);
}

static const struct rs_producer_ops rdma_sysfs = {
	.name = "sysfs-rdma", .area = RS_AREA_RDMA, .collect = rdma_collect,
	.refresh = rdma_refresh, .collect_step = rdma_collect_step,
	.refresh_step = rdma_refresh_step, .what = "devices",
};

static const struct rs_producer_ops verbs = {
	.name = "verbs", .area = RS_AREA_RDMA, .live_only = 1, .collect = verbs_collect,
};

/* RDMA resources and queue pairs move with the jobs: read again on every
 * refresh, with the processes that own the QPs. */
static int res_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
		       char *err, size_t errlen)
{
	rs_collect_rdma_res(snap);
	return rs_collect_qp_owners(snap);
}

static int res_refresh(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap)
{
	rs_collect_rdma_res(snap);
	return rs_collect_qp_owners(snap);
}

static int res_recorded_collect(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap, char *err, size_t errlen)
{
	rs_collect_rdma_res_recorded(snap);
	return rs_collect_qp_owners(snap);
}

static int res_recorded_refresh(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap)
{
	rs_collect_rdma_res_recorded(snap);
	return rs_collect_qp_owners(snap);
}

static int locality_collect(struct rs_producer *p, struct rs_session *s,
			    struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_rdma_locality(snap);
}

static int locality_collect_step(struct rs_producer *p, struct rs_session *s,
				 struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_rdma_locality_step(snap, st);
}

static const struct rs_producer_ops rdma_locality = {
	.name = "rdma-locality", .area = RS_AREA_RDMA, .collect = locality_collect,
	.collect_step = locality_collect_step, .what = "devices",
};

static const struct rs_producer_ops rdma_res = {
	.name = "rdma-res", .area = RS_AREA_RDMA, .live_only = 1, .collect = res_collect,
	.refresh = res_refresh,
};

static const struct rs_producer_ops rdma_res_recorded = {
	.name = "rdma-res-recorded", .area = RS_AREA_RDMA, .collect = res_recorded_collect,
	.refresh = res_recorded_refresh,
};

/* ------------------------------------------------------------- network */

static int netlink_collect(struct rs_producer *p, struct rs_session *s,
			   struct rs_snapshot *snap, char *err, size_t errlen)
{
	rs_collect_net(snap);
	/* A lookup the kernel refuses (no route, port down, address gone) is
	 * what net.peer_route reports from snap->peer, never a failure to
	 * collect: the diagnosis goes on. */
	rs_collect_route_lookup(snap, s->peer[0] ? s->peer : NULL);
	return 0;
}

static int netlink_refresh(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap)
{
	return rs_collect_net_counters(snap);
}

static int netlink_open(struct rs_producer *p, struct rs_session *s, char *err, size_t errlen)
{
	struct rs_net_monitor *m;
	int ret = rs_net_monitor_open(&m, err, errlen);

	if (ret)
		return ret;
	p->priv = m;
	return 0;
}

static int netlink_fd(struct rs_producer *p)
{
	return p->priv ? rs_net_monitor_fd(p->priv) : -1;
}

static unsigned netlink_readable(struct rs_producer *p, struct rs_session *s)
{
	return rs_net_monitor_drain(p->priv) ? RS_AREA_BIT(RS_AREA_NET) : 0;
}

static void netlink_close(struct rs_producer *p)
{
	rs_net_monitor_close(p->priv);
	p->priv = NULL;
}

static int addrs_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
			 char *err, size_t errlen)
{
	return rs_collect_net_addrs(snap);
}

static int net_recorded_collect(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_net_recorded(snap);
}

static int net_recorded_refresh(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap)
{
	return rs_collect_net_recorded_counters(snap);
}

static int net_recorded_collect_step(struct rs_producer *p, struct rs_session *s,
				     struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_net_recorded_step(snap, st);
}

static int net_recorded_refresh_step(struct rs_producer *p, struct rs_session *s,
				     struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_net_recorded_counters_step(snap, st);
}

static int ethtool_collect(struct rs_producer *p, struct rs_session *s,
			   struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_ethtool(snap);
}

static int ethtool_refresh(struct rs_producer *p, struct rs_session *s,
			   struct rs_snapshot *snap)
{
	return rs_collect_ethtool_counters(snap);
}

static const struct rs_producer_ops netlink = {
	.name = "netlink", .area = RS_AREA_NET, .live_only = 1, .open = netlink_open,
	.collect = netlink_collect, .refresh = netlink_refresh, .fd = netlink_fd,
	.on_readable = netlink_readable, .close = netlink_close,
};

static const struct rs_producer_ops netlink_addrs = {
	.name = "netlink-addrs", .area = RS_AREA_NET, .live_only = 1, .collect = addrs_collect,
};

static const struct rs_producer_ops net_recorded = {
	.name = "sysfs-net", .area = RS_AREA_NET, .collect = net_recorded_collect,
	.refresh = net_recorded_refresh, .collect_step = net_recorded_collect_step,
	.refresh_step = net_recorded_refresh_step, .what = "links",
};

static const struct rs_producer_ops ethtool = {
	.name = "ethtool", .area = RS_AREA_NET, .live_only = 1, .collect = ethtool_collect,
	.refresh = ethtool_refresh,
};

static int conf_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
			char *err, size_t errlen)
{
	return rs_collect_net_conf(snap);
}

static int conf_collect_step(struct rs_producer *p, struct rs_session *s,
			     struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_net_conf_step(snap, st);
}

static int dcb_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
		       char *err, size_t errlen)
{
	return rs_collect_dcb(snap);
}

static int dcb_recorded_collect(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_dcb_recorded(snap);
}

static const struct rs_producer_ops net_conf = {
	.name = "net-conf", .area = RS_AREA_NET, .collect = conf_collect,
	.collect_step = conf_collect_step, .what = "link settings",
};

static const struct rs_producer_ops dcb = {
	.name = "dcb", .area = RS_AREA_NET, .live_only = 1, .collect = dcb_collect,
};

static const struct rs_producer_ops dcb_recorded = {
	.name = "dcb-recorded", .area = RS_AREA_NET, .collect = dcb_recorded_collect,
};

/* The NIC's health moves (FEC counts, module temperature, a reporter that
 * fires): read again on every refresh, link by link in slices. */
static int nic_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
		       char *err, size_t errlen)
{
	return rs_collect_nic_health(snap);
}

static int nic_refresh(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap)
{
	return rs_collect_nic_health(snap);
}

static int nic_step(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
		    struct rs_collect_step *st)
{
	return rs_collect_nic_health_step(snap, st);
}

static int nic_recorded_collect(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_nic_health_recorded(snap);
}

static int nic_recorded_step(struct rs_producer *p, struct rs_session *s,
			     struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_nic_health_recorded_step(snap, st);
}

static const struct rs_producer_ops nic_health = {
	.name = "nic-health", .area = RS_AREA_NET, .live_only = 1, .collect = nic_collect,
	.refresh = nic_refresh, .collect_step = nic_step, .refresh_step = nic_step,
	.what = "links",
};

static const struct rs_producer_ops nic_health_recorded = {
	.name = "nic-health-recorded", .area = RS_AREA_NET, .collect = nic_recorded_collect,
	.collect_step = nic_recorded_step, .what = "links",
};

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
	&host_files, &memlock_live, &rdma_sysfs, &rdma_locality, &verbs, &rdma_res,
	&netlink, &ethtool, &net_conf, &dcb, &nic_health, NULL,
};
static const struct rs_producer_ops *const root_all[] = {
	&host_files, &memlock_recorded, &rdma_sysfs, &rdma_locality, &rdma_res_recorded,
	&net_recorded, &net_conf, &dcb_recorded, &nic_health_recorded, NULL,
};
static const struct rs_producer_ops *const live_gids[] = { &rdma_sysfs, &netlink_addrs, NULL };
static const struct rs_producer_ops *const root_gids[] = { &rdma_sysfs, NULL };
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
	if (s->kind == RS_SOURCE_LIVE)
		return rs_net_neigh_mac(ip, mac, len);
	nb = rs_snapshot_neigh(&s->snap, "", ip);
	if (!nb || !nb->mac[0])
		return -1;
	rs_strlcpy(mac, nb->mac, len);
	return 0;
}
