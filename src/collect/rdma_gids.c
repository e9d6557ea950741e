/* SPDX-License-Identifier: MIT */
/*
 * rdma_gids.c - the GID table of an RDMA port, from sysfs.
 *
 * ports/P/gids/N holds the GID, gid_attrs/types/N its type ("IB/RoCE v1" or
 * "RoCE v2"), gid_attrs/ndevs/N the netdev it was made from.  The kernel
 * keeps every slot of the table visible (1024 on rxe, 256 on mlx5): an unused
 * slot reads as the all-zero GID and its types/ndevs files fail with EINVAL.
 * That is the normal state of most slots, so it is skipped, never reported.
 * The GID of a RoCE port is the IP address of its netdev: ::ffff:a.b.c.d for
 * IPv4, the address itself for IPv6; we keep the textual IP next to it,
 * which is what people compare when they pick a GID index.
 */
#include "collect/rdma_priv.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rs_gid_set_raw(struct rs_gid *g, const unsigned char raw[16])
{
	static const unsigned char v4mapped[12] = {
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff
	};
	char *o = g->gid;

	for (int i = 0; i < 16; i += 2)
		o += sprintf(o, "%s%02x%02x", i ? ":" : "", raw[i], raw[i + 1]);
	g->ipv4 = !memcmp(raw, v4mapped, sizeof(v4mapped));
	if (g->ipv4)
		inet_ntop(AF_INET, raw + 12, g->ip, sizeof(g->ip));
	else
		inet_ntop(AF_INET6, raw, g->ip, sizeof(g->ip));
}

int rs_netdev_vlan_id(const char *ndev)
{
	char buf[1024], *vid;
	int ret;
	long v;

	/* The first line of /proc/net/vlan/<dev> reads "<dev>  VID: 100 ...";
	 * the statistics below it may not fit, and need not. */
	if (!ndev[0] || strchr(ndev, '/'))
		return -1;
	ret = rs_read_str(buf, sizeof(buf), "/proc/net/vlan/%s", ndev);
	if (ret && ret != -EOVERFLOW)
		return -1;
	vid = strstr(buf, "VID:");
	if (!vid)
		return -1;
	v = strtol(vid + 4, NULL, 10);
	return v >= 0 && v < 4096 ? (int)v : -1;
}

struct rs_gid *rs_port_insert_gid(struct rs_port *p, unsigned index)
{
	size_t pos = p->n_gids;
	struct rs_gid *g;

	while (pos && p->gids[pos - 1].index > index)
		pos--;
	RS_APPEND(p->gids, p->n_gids);
	memmove(&p->gids[pos + 1], &p->gids[pos], (p->n_gids - 1 - pos) * sizeof(*g));
	g = &p->gids[pos];
	memset(g, 0, sizeof(*g));
	g->index = index;
	g->vlan = -1;
	return g;
}

/* Netdev -> VLAN id lookups repeat for every GID of a netdev: cache them. */
struct vlan_cache {
	char ndev[8][RS_NAME_LEN];
	int vid[8];
	unsigned n;
};

static int cached_vlan(struct vlan_cache *c, const char *ndev)
{
	unsigned i;

	if (!ndev[0])
		return -1;
	for (i = 0; i < c->n && i < RS_ARRAY_SIZE(c->vid); i++)
		if (!strcmp(c->ndev[i], ndev))
			return c->vid[i];
	i = c->n++ % RS_ARRAY_SIZE(c->vid);
	RS_STRCPY(c->ndev[i], ndev);
	c->vid[i] = rs_netdev_vlan_id(ndev);
	return c->vid[i];
}

static int parse_gid_type(const char *t, enum rs_gid_type *type)
{
	if (!strcmp(t, "IB/RoCE v1"))
		*type = RS_GID_TYPE_ROCE_V1;
	else if (!strcmp(t, "RoCE v2"))
		*type = RS_GID_TYPE_ROCE_V2;
	else
		return -EINVAL;
	return 0;
}

#define GID_FILE RS_SYS_IB "/%s/ports/%u/%s/%u"

/*
 * One slot.  Returns 1 when it holds a GID worth keeping, 0 when unused.
 * Only what should be readable and is not becomes an error.
 */
static int read_gid(struct rs_snapshot *s, const char *dev, const struct rs_port *p,
		    unsigned idx, struct rs_gid *g, struct vlan_cache *vc)
{
	static const unsigned char zero[16];
	unsigned char raw[16];
	char buf[RS_TEXT_LEN];
	int ret;

	ret = rs_read_str(buf, sizeof(buf), GID_FILE, dev, p->num, "gids", idx);
	if (ret == -EINVAL)
		return 0;	/* some kernels fail the gid itself for a free slot */
	if (ret) {
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", dev, "port %u gid %u: cannot read: %s",
				      p->num, idx, rs_strerror(ret));
		return 0;
	}
	if (inet_pton(AF_INET6, buf, raw) != 1) {
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", dev, "port %u gid %u: not a GID: \"%.40s\"",
				      p->num, idx, buf);
		return 0;
	}
	if (!memcmp(raw, zero, sizeof(raw)))
		return 0;
	g->index = idx;
	g->vlan = -1;
	rs_gid_set_raw(g, raw);

	ret = rs_read_str(buf, sizeof(buf), GID_FILE, dev, p->num, "gid_attrs/types", idx);
	if (ret == -EINVAL)
		return 0;	/* the slot was freed between the two reads */
	/* An InfiniBand port on a kernel without gid_attrs/ has no types file:
	 * its GIDs are of the IB type (rs_gid_type_of()), nothing is wrong. */
	if (ret && !(ret == -ENOENT && rs_port_is_ib(p)))
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", dev, "port %u gid %u: cannot read type: %s",
				      p->num, idx, rs_strerror(ret));
	else if (!ret && parse_gid_type(buf, &g->type))
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", dev, "port %u gid %u: unknown type \"%.40s\"",
				      p->num, idx, buf);

	/* No netdev is normal on InfiniBand: leave it empty, say nothing. */
	ret = rs_read_str(g->netdev, sizeof(g->netdev), GID_FILE, dev, p->num,
			  "gid_attrs/ndevs", idx);
	if (!ret)
		g->vlan = cached_vlan(vc, g->netdev);
	else if (ret == -EOVERFLOW || ret == -RS_ENOTREG)
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", dev, "port %u gid %u: netdev: %s",
				      p->num, idx, rs_strerror(ret));
	return 1;
}

void rs_rdma_read_gids(struct rs_snapshot *s, const char *dev, struct rs_port *p)
{
	struct vlan_cache vc = { .n = 0 };
	struct rs_gid g;
	char **names;
	int n;

	free(p->gids);
	p->gids = NULL;
	p->n_gids = 0;
	n = rs_list_dir(&names, RS_SYS_IB "/%s/ports/%u/gids", dev, p->num);
	if (n == -ENOENT)
		return;		/* no GID table in this tree (fixtures of IB hosts) */
	if (n < 0) {
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", dev, "port %u: cannot list gids: %s",
				      p->num, rs_strerror(n));
		return;
	}
	p->gid_tbl_len = (unsigned)n;
	for (int i = 0; i < n; i++) {
		uint64_t idx;

		if (rs_parse_u64(names[i], &idx) || idx >= RS_GID_TBL_MAX)
			continue;
		/* The kernel lists every slot; a sparse copy still has its highest. */
		if (idx >= p->gid_tbl_len)
			p->gid_tbl_len = (unsigned)idx + 1;
		memset(&g, 0, sizeof(g));
		/* Names come sorted naturally, so appending keeps index order. */
		if (read_gid(s, dev, p, (unsigned)idx, &g, &vc))
			*RS_APPEND(p->gids, p->n_gids) = g;
	}
	rs_strv_free(names);
}
