/* SPDX-License-Identifier: MIT */
/*
 * endpoint.c - device/GID choice and the view of one end (endpoint.h).
 */
#include "perf/endpoint.h"
#include "model/gid_recommend.h"
#include "util.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static int port_usable(const struct rs_port *p)
{
	return !p->link_layer[0] || !strcmp(p->link_layer, "Ethernet");
}

static const struct rs_device *find_dev(const struct rs_snapshot *s, const char *name)
{
	for (size_t i = 0; i < s->n_devices; i++)
		if (!strcmp(s->devices[i].name, name))
			return &s->devices[i];
	return NULL;
}

static const struct rs_port *find_port(const struct rs_device *d, unsigned num)
{
	for (size_t i = 0; i < d->n_ports; i++)
		if (!num || d->ports[i].num == num)
			return &d->ports[i];
	return NULL;
}

/* The device/port that carries addr in its GID table (serve --bind). */
static int by_address(const struct rs_snapshot *s, const char *addr, struct rs_perf_pick *pk)
{
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t k = 0; k < s->devices[i].n_ports; k++) {
			const struct rs_port *p = &s->devices[i].ports[k];

			for (size_t g = 0; g < p->n_gids; g++)
				if (!strcasecmp(p->gids[g].ip, addr)) {
					pk->dev = &s->devices[i];
					pk->port = p;
					snprintf(pk->why, sizeof(pk->why), "%s holds %s",
						 s->devices[i].name, addr);
					return 1;
				}
		}
	return 0;
}

/* The device/port whose netdev the route to the peer uses. */
static int by_route(const struct rs_snapshot *s, struct rs_perf_pick *pk)
{
	if (!s->peer.ok || !s->peer.dev[0])
		return 0;
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t k = 0; k < s->devices[i].n_ports; k++)
			if (!strcmp(s->devices[i].ports[k].netdev, s->peer.dev)) {
				pk->dev = &s->devices[i];
				pk->port = &s->devices[i].ports[k];
				snprintf(pk->why, sizeof(pk->why), "the route to %s leaves by %s",
					 s->peer.peer, s->peer.dev);
				return 1;
			}
	return 0;
}

/* The first ACTIVE Ethernet port with a GID to use. */
static int by_first_active(const struct rs_snapshot *s, struct rs_perf_pick *pk)
{
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t k = 0; k < s->devices[i].n_ports; k++) {
			const struct rs_port *p = &s->devices[i].ports[k];
			struct rs_gid_pick gp;

			if (p->state != 4 || !port_usable(p))
				continue;
			rs_gid_recommend(s, &s->devices[i], p, &gp);
			if (gp.index < 0)
				continue;
			pk->dev = &s->devices[i];
			pk->port = p;
			snprintf(pk->why, sizeof(pk->why), "first ACTIVE RoCE port");
			return 1;
		}
	return 0;
}

static int pick_device(const struct rs_snapshot *s, const char *dev, unsigned port,
		       const char *bind_addr, struct rs_perf_pick *pk, struct rs_perf_error *e)
{
	if (dev && dev[0]) {
		pk->dev = find_dev(s, dev);
		if (!pk->dev)
			return rs_perf_fail(e, RS_PF_NO_DEVICE, 0, "no RDMA device %s", dev);
		pk->port = find_port(pk->dev, port);
		if (!pk->port)
			return rs_perf_fail(e, RS_PF_NO_DEVICE, 0, "%s has no port %u", dev, port);
		snprintf(pk->why, sizeof(pk->why), "given with -d");
		return 0;
	}
	if ((bind_addr && bind_addr[0] && by_address(s, bind_addr, pk)) || by_route(s, pk) ||
	    by_first_active(s, pk)) {
		if (port && pk->port->num != port) {
			pk->port = find_port(pk->dev, port);
			if (!pk->port)
				return rs_perf_fail(e, RS_PF_NO_DEVICE, 0, "%s has no port %u",
						    pk->dev->name, port);
		}
		return 0;
	}
	if (!s->n_devices)
		return rs_perf_fail(e, RS_PF_NO_DEVICE, 0, "no RDMA device on this host");
	return rs_perf_fail(e, RS_PF_NO_DEVICE, 0,
			    "no ACTIVE RoCE port with a GID to use (give -d DEV)");
}

int rs_perf_pick(const struct rs_snapshot *s, const char *dev, unsigned port, int gid_index,
		 const char *bind_addr, struct rs_perf_pick *pick, struct rs_perf_error *e)
{
	struct rs_gid_pick gp;

	memset(pick, 0, sizeof(*pick));
	pick->gid_index = -1;
	if (pick_device(s, dev, port, bind_addr, pick, e))
		return -1;
	if (gid_index >= 0) {
		pick->gid_index = gid_index;
	} else {
		rs_gid_recommend(s, pick->dev, pick->port, &gp);
		if (gp.index < 0)
			return rs_perf_fail(e, RS_PF_NO_GID, 0, "%s port %u: %s", pick->dev->name,
					    pick->port->num, gp.reason);
		pick->gid_index = gp.index;
	}
	for (size_t g = 0; g < pick->port->n_gids; g++)
		if ((int)pick->port->gids[g].index == pick->gid_index)
			pick->gid = &pick->port->gids[g];
	return 0;
}

static const struct rs_link *link_of(const struct rs_snapshot *s, const char *name)
{
	return name[0] ? rs_snapshot_link(s, name) : NULL;
}

/* PFC priorities as the view carries them: "none", "3" or "3,4". */
static void pfc_text(char *buf, size_t len, unsigned mask)
{
	size_t n = 0;

	snprintf(buf, len, "none");
	for (int p = 0; p < 8 && mask; p++)
		if (mask & (1u << p))
			n += (size_t)snprintf(buf + n, len > n ? len - n : 0, "%s%d", n ? "," : "", p);
}

/* The mask of a view's "3,4" / "none"; -1 when unknown or not a list. */
static int pfc_mask(const char *t)
{
	unsigned mask = 0;

	if (!strcmp(t, "none"))
		return 0;
	for (; *t; t++) {
		if (*t >= '0' && *t <= '7' && (t[1] == ',' || !t[1]))
			mask |= 1u << (*t - '0');
		else if (*t != ',')
			return -1;
	}
	return (int)mask;
}

/* The client's entry for the next hop towards the peer, when it has one. */
static void neigh_of_peer(const struct rs_snapshot *s, struct rs_perf_view *v)
{
	const char *hop = s->peer.gateway[0] ? s->peer.gateway : s->peer.peer;
	const struct rs_neigh *nb = s->peer.ok ? rs_snapshot_neigh(s, s->peer.dev, hop) : NULL;

	if (nb && nb->mac[0]) {
		RS_STRCPY(v->neigh_ip, nb->ip);
		RS_STRCPY(v->neigh_mac, nb->mac);
	}
}

void rs_perf_view_build(const struct rs_snapshot *s, const struct rs_perf_pick *pick,
			struct rs_perf_view *v)
{
	const struct rs_link *l;

	memset(v, 0, sizeof(*v));
	v->gid_index = -1;
	RS_STRCPY(v->version, PACKAGE_VERSION);
	RS_STRCPY(v->hostname, s->host.hostname);
	RS_STRCPY(v->pfc, "unknown");		/* until the netdev's DCB answers */
	RS_STRCPY(v->trust, "unknown");
	RS_STRCPY(v->dcqcn, "unknown");
	if (s->host.memlock_known)
		v->memlock = s->host.memlock_soft;
	if (!pick || !pick->dev)
		return;
	RS_STRCPY(v->device, pick->dev->name);
	v->port = pick->port->num;
	v->gid_index = pick->gid_index;
	RS_STRCPY(v->port_state, pick->port->state_name);
	v->active_mtu = (uint32_t)pick->port->active_mtu;
	v->link_mbps = (uint32_t)(pick->port->rate_gbps * 1000 + 0.5);
	RS_STRCPY(v->netdev, pick->port->netdev);
	if (pick->gid) {
		RS_STRCPY(v->gid, pick->gid->gid);
		RS_STRCPY(v->gid_type, rs_gid_type_name(pick->gid->type));
		RS_STRCPY(v->addr, pick->gid->ip);
		if (pick->gid->netdev[0])
			RS_STRCPY(v->netdev, pick->gid->netdev);
	}
	l = link_of(s, v->netdev);
	if (l)
		v->netdev_mtu = l->mtu;
	neigh_of_peer(s, v);
	if (l && l->dcb.known) {
		pfc_text(v->pfc, sizeof(v->pfc), l->dcb.pfc_en);
		if (l->dcb.trust[0])
			RS_STRCPY(v->trust, l->dcb.trust);
	}
	if (l && l->ecn.known)
		rs_perf_dcqcn_text(v->dcqcn, sizeof(v->dcqcn), &l->ecn);
}

void rs_perf_dcqcn_text(char *buf, size_t len, const struct rs_ecn *e)
{
	snprintf(buf, len, "np 0x%02x rp 0x%02x cnp_dscp %d cnp_prio %d", e->np_en & 0xff,
		 e->rp_en & 0xff, e->cnp_dscp, e->cnp_prio);
}

/* A peer's DCQCN text back into its view; "unknown" or garbage: unknown. */
static void dcqcn_parse(const char *text, struct rs_peer_view *out)
{
	unsigned np, rp;
	int dscp, prio, n = 0;

	out->cnp_dscp = out->cnp_prio = -1;
	if (sscanf(text, "np %x rp %x cnp_dscp %d cnp_prio %d%n", &np, &rp, &dscp, &prio,
		   &n) != 4 || text[n] || np > 0xff || rp > 0xff || dscp < -1 || dscp > 63 ||
	    prio < -1 || prio > 7)
		return;
	out->dcqcn_known = 1;
	out->np_en = np;
	out->rp_en = rp;
	out->cnp_dscp = dscp;
	out->cnp_prio = prio;
}

const char *rs_perf_view_family(const struct rs_perf_view *v)
{
	const char *a = v->addr[0] ? v->addr : "";

	if (!a[0])
		return "";
	if (strchr(a, '.') && !strchr(a, ':'))
		return "IPv4";
	if (!strncasecmp(a, "fe8", 3) || !strncasecmp(a, "fe9", 3) || !strncasecmp(a, "fea", 3) ||
	    !strncasecmp(a, "feb", 3))
		return "IPv6 link-local";
	return "IPv6";
}

void rs_perf_view_to_peer(const struct rs_perf_view *v, struct rs_peer_view *out)
{
	memset(out, 0, sizeof(*out));
	out->known = 1;
	RS_STRCPY(out->hostname, v->hostname);
	RS_STRCPY(out->version, v->version);
	RS_STRCPY(out->device, v->device);
	out->port = v->port;
	out->gid_index = v->gid_index;
	out->gid_type = !strcmp(v->gid_type, "RoCE v2") ? RS_GID_TYPE_ROCE_V2 :
			!strcmp(v->gid_type, "IB/RoCE v1") ? RS_GID_TYPE_ROCE_V1 :
			RS_GID_TYPE_UNKNOWN;
	out->gid_ipv4 = !strcmp(rs_perf_view_family(v), "IPv4");
	RS_STRCPY(out->gid, v->gid);
	RS_STRCPY(out->netdev, v->netdev);
	RS_STRCPY(out->addr, v->addr);
	out->netdev_mtu = v->netdev_mtu;
	out->active_mtu = (int)v->active_mtu;
	if (strcmp(v->trust, "unknown"))
		RS_STRCPY(out->trust, v->trust);
	if (pfc_mask(v->pfc) >= 0) {
		out->pfc_known = 1;
		out->pfc_en = (unsigned)pfc_mask(v->pfc);
	}
	out->memlock_known = v->memlock != 0;
	out->memlock = v->memlock;
	dcqcn_parse(v->dcqcn, out);
	RS_STRCPY(out->neigh_ip, v->neigh_ip);
	RS_STRCPY(out->neigh_mac, v->neigh_mac);
}

static int add(struct rs_perf_diff *out, int n, int max, const char *what, const char *l,
	       const char *r, const char *note)
{
	if (n >= max)
		return n;
	RS_STRCPY(out[n].what, what);
	RS_STRCPY(out[n].local, l);
	RS_STRCPY(out[n].remote, r);
	RS_STRCPY(out[n].note, note);
	return n + 1;
}

static int add_u32(struct rs_perf_diff *out, int n, int max, const char *what, uint32_t l,
		   uint32_t r, const char *note)
{
	char a[24], b[24];

	if (!l || !r || l == r)
		return n;	/* unknown on one end is not a difference */
	snprintf(a, sizeof(a), "%u", l);
	snprintf(b, sizeof(b), "%u", r);
	return add(out, n, max, what, a, b, note);
}

static int add_str(struct rs_perf_diff *out, int n, int max, const char *what, const char *l,
		   const char *r, const char *note)
{
	if (!l[0] || !r[0] || !strcmp(l, r))
		return n;
	return add(out, n, max, what, l, r, note);
}

int rs_perf_view_diff(const struct rs_perf_view *a, const struct rs_perf_view *b,
		      struct rs_perf_diff *out, int max)
{
	int n = 0;

	n = add_str(out, n, max, "gid_type", a->gid_type, b->gid_type,
		    "RoCE v1 and v2 do not talk to each other: use the RoCE v2 index on both");
	n = add_str(out, n, max, "gid_family", rs_perf_view_family(a), rs_perf_view_family(b),
		    "an IPv4 GID cannot reach an IPv6 one: use the same kind of GID index on both");
	n = add_u32(out, n, max, "active_mtu", a->active_mtu, b->active_mtu,
		    "the test runs at the smaller; raise the netdev MTU on the smaller end");
	n = add_u32(out, n, max, "netdev_mtu", a->netdev_mtu, b->netdev_mtu,
		    "different interface MTUs: the path MTU is the smallest hop's");
	n = add_u32(out, n, max, "link_mbps", a->link_mbps, b->link_mbps,
		    "the ends run at different link rates: the slower one bounds the test");
	n = add_str(out, n, max, "pfc", a->pfc, b->pfc,
		    "PFC must be enabled on the same priority on both ends and the switch");
	n = add_str(out, n, max, "trust", a->trust, b->trust,
		    "both ends should trust the same field (DSCP)");
	if (strcmp(a->dcqcn, "unknown") && strcmp(b->dcqcn, "unknown"))
		n = add_str(out, n, max, "dcqcn", a->dcqcn, b->dcqcn,
			    "ECN/DCQCN differ: a CNP one end sends may be ignored by the other");
	n = add_str(out, n, max, "version", a->version, b->version,
		    "different rocescope versions");
	return n;
}
