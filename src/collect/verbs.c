/* SPDX-License-Identifier: MIT */
/*
 * verbs.c - what only libibverbs tells about the RDMA devices sysfs found:
 * active and maximum MTU, the port state as the provider sees it, the size
 * of the GID table, and a second reading of the GID table (type and netdev
 * of every entry) to fill or check what sysfs said.
 *
 * Live only: under a fixture root there is no device to open, so this is a
 * no-op.  It never creates devices; a device libibverbs lists but sysfs did
 * not is ignored (sysfs is the inventory), a device sysfs lists but
 * libibverbs cannot open is an error to show (missing provider package,
 * no permission on /dev/infiniband/uverbsN).
 */
#include "collect/collect.h"
#include "collect/producer.h"
#include "collect/rdma_priv.h"
#include "util.h"

#include <errno.h>
#include <net/if.h>
#include <stdlib.h>
#include <string.h>
#include <infiniband/verbs.h>

/* enum ibv_mtu (1..5) -> bytes (256..4096); 0 for anything else. */
static int mtu_bytes(enum ibv_mtu m)
{
	return m >= IBV_MTU_256 && m <= IBV_MTU_4096 ? 128 << m : 0;
}

/* The names sysfs prints after "4: ", so both sources read the same. */
static const char *state_name(enum ibv_port_state st)
{
	static const char *const names[] = {
		"NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER",
	};

	return (unsigned)st < RS_ARRAY_SIZE(names) ? names[st] : "UNKNOWN";
}

static enum rs_gid_type gid_type(uint32_t t)
{
	switch (t) {
	case IBV_GID_TYPE_IB:
	case IBV_GID_TYPE_ROCE_V1:
		return RS_GID_TYPE_ROCE_V1;	/* sysfs says "IB/RoCE v1" for both */
	case IBV_GID_TYPE_ROCE_V2:
		return RS_GID_TYPE_ROCE_V2;
	default:
		return RS_GID_TYPE_UNKNOWN;
	}
}

static struct rs_port *find_port(struct rs_device *d, uint32_t num)
{
	for (size_t i = 0; i < d->n_ports; i++)
		if (d->ports[i].num == num)
			return &d->ports[i];
	return NULL;
}

static struct rs_gid *find_gid(struct rs_port *p, uint32_t index)
{
	for (size_t i = 0; i < p->n_gids; i++)
		if (p->gids[i].index == index)
			return &p->gids[i];
	return NULL;
}

/* Merge one valid entry of the table: fill what sysfs lacked, flag conflicts. */
static void merge_gid(struct rs_snapshot *s, struct rs_device *d, const struct ibv_gid_entry *e)
{
	struct rs_port *p = find_port(d, e->port_num);
	enum rs_gid_type t = gid_type(e->gid_type);
	char ifname[IF_NAMESIZE];
	struct rs_gid *g;

	if (!p)
		return;
	g = find_gid(p, e->gid_index);
	if (!g) {
		/* sysfs missed it (added in between, or gids/ unreadable). */
		g = rs_port_insert_gid(p, e->gid_index);
		rs_gid_set_raw(g, e->gid.raw);
	}
	if (g->type == RS_GID_TYPE_UNKNOWN)
		g->type = t;
	else if (t != RS_GID_TYPE_UNKNOWN && g->type != t)
		rs_snapshot_add_error(s, RS_AREA_RDMA, "verbs", d->name,
				      "port %u gid %u: sysfs says %s, libibverbs says %s",
				      p->num, g->index, rs_gid_type_name(g->type),
				      rs_gid_type_name(t));
	if (!g->netdev[0] && e->ndev_ifindex && if_indextoname(e->ndev_ifindex, ifname)) {
		RS_STRCPY(g->netdev, ifname);
		g->vlan = rs_netdev_vlan_id(g->netdev);
	}
}

/* Per-index fallback for providers without the table query. */
static void query_gids_one_by_one(struct rs_snapshot *s, struct rs_device *d,
				  struct ibv_context *ctx, struct rs_port *p)
{
	struct ibv_gid_entry e;

	for (unsigned i = 0; i < p->gid_tbl_len; i++) {
		int ret = ibv_query_gid_ex(ctx, p->num, i, &e, 0);

		if (ret == 0)
			merge_gid(s, d, &e);
		else if (ret != ENODATA && ret != -ENODATA && ret != EINVAL && ret != -EINVAL) {
			rs_snapshot_add_error(s, RS_AREA_RDMA, "verbs", d->name, "port %u gid %u: %s",
					      p->num, i, strerror(abs(ret)));
			return;
		}
	}
}

static void query_gids(struct rs_snapshot *s, struct rs_device *d, struct ibv_context *ctx)
{
	struct ibv_gid_entry *tab;
	size_t max = 0;
	ssize_t n;

	for (size_t i = 0; i < d->n_ports; i++)
		max += d->ports[i].gid_tbl_len;
	if (!max)
		return;
	tab = rs_xcalloc(max, sizeof(*tab));
	n = ibv_query_gid_table(ctx, tab, max, 0);
	if (n >= 0) {
		for (ssize_t i = 0; i < n; i++)
			merge_gid(s, d, &tab[i]);
	} else {
		for (size_t i = 0; i < d->n_ports; i++)
			query_gids_one_by_one(s, d, ctx, &d->ports[i]);
	}
	free(tab);
}

static void query_device(struct rs_snapshot *s, struct rs_device *d, struct ibv_device *dev)
{
	struct ibv_context *ctx = ibv_open_device(dev);
	struct ibv_device_attr da;
	int ret;

	if (!ctx) {
		rs_snapshot_add_error(s, RS_AREA_RDMA, "verbs", d->name, "cannot open device: %s",
				      strerror(errno ? errno : EIO));
		return;
	}
	d->verbs = 1;
	ret = ibv_query_device(ctx, &da);
	if (ret) {
		rs_snapshot_add_error(s, RS_AREA_RDMA, "verbs", d->name, "query device: %s",
				      strerror(ret));
	} else {
		if (!d->fw_ver[0])
			RS_STRCPY(d->fw_ver, da.fw_ver);
		d->max_mr_size = da.max_mr_size;
	}
	for (size_t i = 0; i < d->n_ports; i++) {
		struct rs_port *p = &d->ports[i];
		struct ibv_port_attr pa;

		ret = ibv_query_port(ctx, p->num, &pa);
		if (ret) {
			rs_snapshot_add_error(s, RS_AREA_RDMA, "verbs", d->name, "query port %u: %s",
					      p->num, strerror(ret));
			continue;
		}
		p->state = pa.state;
		RS_STRCPY(p->state_name, state_name(pa.state));
		p->active_mtu = mtu_bytes(pa.active_mtu);
		p->max_mtu = mtu_bytes(pa.max_mtu);
		p->max_msg_sz = pa.max_msg_sz;
		if (pa.gid_tbl_len > 0)
			p->gid_tbl_len = (unsigned)pa.gid_tbl_len;
	}
	query_gids(s, d, ctx);
	ibv_close_device(ctx);
}

int rs_collect_verbs(struct rs_snapshot *s)
{
	struct ibv_device **list;
	int n = 0;

	errno = 0;
	list = ibv_get_device_list(&n);
	if (!list) {
		/* No RDMA in the kernel at all is fine when sysfs agrees. */
		if (s->n_devices)
			rs_snapshot_add_error(s, RS_AREA_RDMA, "verbs", "", "cannot list devices: %s",
					      strerror(errno ? errno : ENOSYS));
		return 0;
	}
	for (size_t i = 0; i < s->n_devices; i++) {
		struct rs_device *d = &s->devices[i];
		int found = 0;

		for (int j = 0; j < n && !found; j++) {
			if (strcmp(ibv_get_device_name(list[j]), d->name))
				continue;
			found = 1;
			query_device(s, d, list[j]);
		}
		if (!found)
			rs_snapshot_add_error(s, RS_AREA_RDMA, "verbs", d->name,
					      "libibverbs does not list this device (no provider "
					      "for its driver? install ibverbs-providers)");
	}
	ibv_free_device_list(list);
	return 0;
}

/* ------------------------------------------------------------ producers */

static int verbs_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
			 char *err, size_t errlen)
{
	return rs_collect_verbs(snap);
}

const struct rs_producer_ops rs_verbs_producer = {
	.name = "verbs", .area = RS_AREA_RDMA, .live_only = 1, .collect = verbs_collect,
};
