/* SPDX-License-Identifier: MIT */
/*
 * checks_peer.c - checks about reaching the peer and agreeing with it:
 * the results of the active probes (ICMP echo, DF path MTU, the test's
 * control port, rdma_cm resolution), the peer's own view compared with
 * ours, and the address on the RDMA interface.
 *
 * The probes ran before (the session runs them, in a child); these checks
 * only read ctx->probes, so they stay pure.  No probe result yet, or no
 * peer given, is a skip that says what to give or run.
 */
#include "diag/check.h"
#include "model/gid_recommend.h"
#include "model/route_resolve.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const struct rs_probe_result *probe(const struct rs_check_ctx *ctx,
					   enum rs_probe_kind k)
{
	return ctx->probes ? ctx->probes->of[k] : NULL;
}

static struct rs_finding *peer_f(const struct rs_check_ctx *ctx, const struct rs_check *c,
				 enum rs_verdict v, struct rs_findings *out)
{
	const char *peer = ctx->params && ctx->params->peer ? ctx->params->peer : "";
	struct rs_finding *f = rs_finding_new(out, c, v, RS_OBJ_PEER);

	RS_FSET(f->object, "%s", peer[0] ? peer : "peer");
	RS_FSET(f->addr, "%s", peer);
	return f;
}

/* Skip when the probe has no result; else the finding with evidence set. */
static struct rs_finding *probe_f(const struct rs_check_ctx *ctx, const struct rs_check *c,
				  const struct rs_probe_result *r, enum rs_verdict v,
				  struct rs_findings *out)
{
	struct rs_finding *f = peer_f(ctx, c, r ? v : RS_SKIP, out);

	if (!r) {
		const char *kind = rs_probe_kind_name((enum rs_probe_kind)rs_check_probe(c));

		if (ctx->recorded)
			RS_FSUMMARY(f, "a recorded host cannot be probed: the %s probe needs "
				"the live host", kind);
		else if (ctx->params && ctx->params->peer)
			RS_FSUMMARY(f, "the %s probe has not run", kind);
		else
			RS_FSUMMARY(f, "no peer given (--peer IP): the %s probe needs one",
				kind);
		return f;
	}
	RS_FSET(f->evidence, _("%s probe: %s"), rs_probe_kind_name(r->kind),
		r->ok ? r->summary : r->error);
	RS_FSET(f->netdev, "%s", r->neigh_dev);
	return f;
}

/*
 * Why no echo came back, when the host itself says so: the route leaves
 * through an interface that is not RDMA, that interface is down or has ARP
 * off, or the next hop's neighbour entry is a hand-set (PERMANENT) MAC or
 * unresolved.  These are the lab's faults and the field's usual ones; the
 * first that applies is named, with its own remedy.  0 when none does.
 */
static int ping_why(const struct rs_check_ctx *ctx, const struct rs_probe_result *r,
		    struct rs_finding *f)
{
	const struct rs_snapshot *s = ctx->snap;
	const struct rs_route_lookup *lk = &s->peer;
	const char *dev = lk->ok ? lk->dev : r->dev;
	const char *hop = lk->ok && lk->gateway[0] ? lk->gateway : f->addr;
	const struct rs_link *l = dev[0] ? rs_snapshot_link(s, dev) : NULL;
	const struct rs_neigh *nb = dev[0] ? rs_snapshot_neigh(s, dev, hop) : NULL;

	if (lk->ok && dev[0] && s->n_devices && !rs_is_rdma_netdev(s, dev)) {
		RS_FSUMMARY(f, "%s does not answer ping: the route leaves through %s, which is "
			"not an RDMA interface", f->addr, dev);
		RS_FSET(f->remedy, _("ip route get %s must name the RDMA interface: ip route add "
			"%s/%d dev RDMA_NETDEV, or remove the route through %s"), f->addr, f->addr,
			rs_peer_host_prefix(f->addr), dev);
	} else if (l && (!l->up || !l->carrier)) {
		RS_FSUMMARY(f, !l->up ? N_("%s does not answer ping: %s is down") :
			    N_("%s does not answer ping: %s is up but has no carrier (cable, "
			       "peer port or switch)"), f->addr, dev);
		RS_FSET(f->remedy, _("ip link set %s up; check the cable and the switch port "
			"(ethtool %s: Link detected)"), dev, dev);
	} else if (l && l->noarp) {
		RS_FSUMMARY(f, "%s does not answer ping: %s has ARP off (NOARP), so the "
			"peer's MAC is never learnt", f->addr, dev);
		RS_FSET(f->remedy, "ip link set %s arp on; ip neigh flush dev %s", dev, dev);
	} else if (nb && !strcmp(nb->state, "PERMANENT")) {
		RS_FSUMMARY(f, "%s does not answer ping: its neighbour entry on %s is a "
			"hand-set MAC (PERMANENT %s); if that is not the peer's MAC nothing arrives",
			f->addr, dev, nb->mac);
		RS_FSET(f->remedy, _("ip neigh del %s dev %s (let ARP learn it), then ping again; "
			"compare with the peer's MAC (ip link show on the peer)"), hop, dev);
	} else if ((nb && (!strcmp(nb->state, "FAILED") || !strcmp(nb->state, "INCOMPLETE"))) ||
		   r->net_errno == EHOSTUNREACH) {
		RS_FSUMMARY(f, "%s does not answer ping: ARP for %s on %s gets no answer "
			"(peer down, other subnet or VLAN)", f->addr, hop, dev[0] ? dev : "?");
		if (dev[0])
			RS_FSET(f->remedy, _("check the peer is up with %s on the same subnet and "
				"VLAN as %s; ip neigh flush dev %s"), hop, dev, dev);
		else
			RS_FSET(f->remedy, _("check the peer is up with %s on the same subnet and "
				"VLAN as this interface; ip neigh flush dev NETDEV"), hop);
	} else {
		return 0;
	}
	return 1;
}

void rs_check_ping(const struct rs_check_ctx *ctx, const struct rs_check *c,
		   struct rs_findings *out)
{
	const struct rs_probe_result *r = probe(ctx, RS_PROBE_PING);
	/* ok 0: the probe could not run - the peer's answer is unknown, not bad. */
	enum rs_verdict v = !r || !r->ok ? RS_SKIP : r->received == 0 ? RS_FAIL :
			    r->received < r->sent ? RS_WARN : RS_PASS;
	struct rs_finding *f = probe_f(ctx, c, r, v, out);

	RS_FSET(f->expected, _("every ICMP echo answered"));
	if (!r)
		return;
	if (!r->ok) {
		RS_FSUMMARY(f, "ping could not run: %s (run as root, or allow ping sockets: "
			"sysctl -w net.ipv4.ping_group_range=\"0 2147483647\")", r->error);
	} else if (v == RS_PASS) {
		RS_FSUMMARY(f, "%s answers ping: %s", f->addr, r->summary);
	} else if (v == RS_WARN) {
		RS_FSUMMARY(f, "%u of %u echoes lost: the path drops packets, RoCE will "
			"retransmit", r->sent - r->received, r->sent);
		RS_FSET(f->remedy, _("look for drops on the path: ip -s link on both ends, the "
			"switch ports' counters, the cables"));
	} else if (!ping_why(ctx, r, f)) {
		RS_FSUMMARY(f, "%s does not answer ping: down, unreachable, or ICMP is "
			"dropped", f->addr);
		RS_FSET(f->remedy, _("fix IP first: ip addr and ip route on both ends (same "
			"subnet or a route), the peer up, no firewall dropping ICMP; RoCE cannot "
			"work before ping does"));
	}
}

void rs_check_pmtu(const struct rs_check_ctx *ctx, const struct rs_check *c,
		   struct rs_findings *out)
{
	const struct rs_probe_result *r = probe(ctx, RS_PROBE_PMTU);
	/* No DF echo answered at all: the path MTU is unknown (net.ping says
	 * whether the peer answers at all) - unknown is not bad. */
	enum rs_verdict v = !r || !r->ok || !r->pmtu_mtu ? RS_SKIP :
			    r->pmtu_limited ? RS_FAIL : RS_PASS;
	struct rs_finding *f = probe_f(ctx, c, r, v, out);

	RS_FSET(f->expected, _("the path carries the local MTU unfragmented (ping -M do -s "
		"MTU-28 passes)"));
	if (!r)
		return;
	if (!r->ok) {
		RS_FSUMMARY(f, "the path MTU probe could not run: %s (run as root, or allow "
			"ping sockets: sysctl -w net.ipv4.ping_group_range=\"0 2147483647\")",
			r->error);
	} else if (!r->pmtu_mtu) {
		RS_FSUMMARY(f, "path MTU unknown: no DF echo was answered (%s); whether the "
			"peer answers at all is the ping step's", r->summary);
	} else if (v == RS_PASS) {
		RS_FSUMMARY(f, "path MTU %u = local MTU: %s", r->pmtu_mtu, r->summary);
	} else {
		RS_FSUMMARY(f, "path MTU %u < local MTU %u: the two ends (or a switch) "
			"have different MTUs; large RoCE packets are dropped", r->pmtu_mtu,
			r->local_mtu);
		RS_FSET(f->remedy, _("the same MTU on both ends (ip link set NETDEV mtu %u) and "
			"at least %u on every switch port of the path; RoCE uses the smaller "
			"active MTU"), r->local_mtu, r->local_mtu + 216);
	}
}

void rs_check_control_port(const struct rs_check_ctx *ctx, const struct rs_check *c,
			   struct rs_findings *out)
{
	const struct rs_probe_result *r = probe(ctx, RS_PROBE_TCP);
	enum rs_verdict v = !r || !r->ok ? RS_SKIP : r->tcp == RS_TCP_OPEN ? RS_PASS : RS_FAIL;
	struct rs_finding *f = probe_f(ctx, c, r, v, out);

	RS_FSET(f->expected, _("the test's control port (TCP 18515) open on the peer"));
	if (!r)
		return;
	if (v == RS_PASS) {
		RS_FSUMMARY(f, "the control port answers: %s", r->summary);
		return;
	}
	if (!r->ok) {
		RS_FSUMMARY(f, "TCP probe could not run: %s", r->error);
		return;
	}
	switch (r->tcp) {
	case RS_TCP_REFUSED:
		RS_FSUMMARY(f, "nobody listens on the control port: \"Couldn't connect\" "
			"is this, not RDMA");
		RS_FSET(f->remedy, _("start the server side first on the peer (ib_write_bw -d DEV "
			"-x N, or rocescope serve), with the same -p PORT"));
		break;
	case RS_TCP_TIMEOUT:
		RS_FSUMMARY(f, "the control port does not answer: a firewall drops it");
		RS_FSET(f->remedy, _("open TCP 18515 on the peer (nft/iptables/firewalld), or use "
			"another -p PORT on both ends"));
		break;
	default:
		RS_FSUMMARY(f, "the peer is unreachable over TCP: %s", r->summary);
		RS_FSET(f->remedy, _("fix IP reachability first (net.ping, net.peer_route)"));
		break;
	}
}

void rs_check_cm_resolve(const struct rs_check_ctx *ctx, const struct rs_check *c,
			 struct rs_findings *out)
{
	const struct rs_probe_result *r = probe(ctx, RS_PROBE_RDMA_CM);
	/* ok is "the probe concluded": ADDR_ERROR is a conclusion too; only a
	 * resolved route is a pass. */
	enum rs_verdict v = !r || !r->ok ? RS_SKIP : !strcmp(r->cm_event, "ROUTE_RESOLVED") ?
			    RS_PASS : RS_FAIL;
	struct rs_finding *f = probe_f(ctx, c, r, v, out);

	RS_FSET(f->expected, _("rdma_cm resolves the peer's address and route to an RDMA port"));
	if (!r)
		return;
	if (v == RS_PASS) {
		RS_FSET(f->device, "%s", r->cm_dev);
		f->port = r->cm_port;
		if (r->cm_netdev[0])
			RS_FSUMMARY(f, "rdma_cm uses %s port %u via %s", r->cm_dev, r->cm_port,
				    r->cm_netdev);
		else
			RS_FSUMMARY(f, "rdma_cm uses %s port %u", r->cm_dev, r->cm_port);
		return;
	}
	if (!r->ok) {
		RS_FSUMMARY(f, "the rdma_cm probe could not run: %s", r->error);
		return;
	}
	RS_FSUMMARY(f, "rdma_cm cannot resolve the peer: %s", r->summary);
	RS_FSET(f->remedy, _("modprobe rdma_ucm rdma_cm; the peer's address must be reachable "
		"through an RDMA interface (net.peer_route) and answer ARP (net.peer_neigh)"));
}

/* Skip unless both views are there; else a finding about the local port. */
static struct rs_finding *both_f(const struct rs_check_ctx *ctx, const struct rs_check *c,
				 enum rs_verdict v, const struct rs_device *d,
				 const struct rs_port *p, struct rs_findings *out)
{
	const struct rs_peer_view *pv = ctx->peer_view;
	struct rs_finding *f;

	if (!pv || !pv->known || !p) {
		f = peer_f(ctx, c, RS_SKIP, out);
		if (!p && ctx->snap->peer.ok)
			RS_FSUMMARY(f, "the route to the peer leaves through %s, no RDMA "
				"port: nothing to compare (net.peer_route)", ctx->snap->peer.dev);
		else
			RS_FSUMMARY(f, "the peer's own view is unknown: run a test against "
				"rocescope serve on the peer");
		return NULL;
	}
	f = rs_finding_port(out, c, v, d, p);
	RS_FSET(f->addr, "%s", pv->addr);
	return f;
}

void rs_check_same_gid_type(const struct rs_check_ctx *ctx, const struct rs_check *c,
			    struct rs_findings *out)
{
	const struct rs_peer_view *pv = ctx->peer_view;
	const struct rs_device *d = NULL;
	const struct rs_port *p = rs_peer_port(ctx->snap, &d);
	const struct rs_gid *g = NULL;
	struct rs_gid_pick pick;
	struct rs_finding *f;
	enum rs_verdict v = RS_PASS;

	if (p) {
		int x = ctx->params && ctx->params->gid_index >= 0 ? ctx->params->gid_index : -1;

		rs_gid_recommend_in(ctx->index, d, p, &pick);
		g = rs_gid_find(p, (unsigned)(x >= 0 ? x : pick.index));
	}
	/* A type that is not known on either end cannot be "different". */
	if (pv && pv->known && p && (!g || !g->type || !pv->gid_type)) {
		f = peer_f(ctx, c, RS_SKIP, out);
		RS_FSUMMARY(f, !g ? N_("no GID to compare here (gid.no_roce_v2)") :
			    !g->type ? N_("the GID type of this end is unknown (gid_attrs/types)") :
			    N_("the peer's GID type is unknown"));
		return;
	}
	if (pv && pv->known && g && (g->type != pv->gid_type || g->ipv4 != pv->gid_ipv4))
		v = RS_FAIL;
	f = both_f(ctx, c, v, d, p, out);
	if (!f)
		return;
	RS_FSET(f->expected, _("the same GID type (RoCE v2) and address family on both ends"));
	RS_FSET(f->evidence, _("here: index %d %s %s; peer %s: index %d %s %s"),
		g ? (int)g->index : -1, g ? rs_gid_type_name(g->type) : "none",
		g && g->ipv4 ? "IPv4" : "IPv6", pv->hostname, pv->gid_index,
		rs_gid_type_name(pv->gid_type), pv->gid_ipv4 ? "IPv4" : "IPv6");
	/* TRANSLATORS: the GID type ("RoCE v2") and the family (IPv4, IPv6). */
	RS_FSUMMARY(f, v == RS_PASS ? N_("both ends use %s %s GIDs") :
		    N_("the ends use different GID types: \"Found Incompatibility issue with "
		       "GID types\""), rs_gid_type_name(pv->gid_type),
		    pv->gid_ipv4 ? "IPv4" : "IPv6");
	if (v == RS_FAIL)
		RS_FSET(f->remedy, _("give both ends the RoCE v2 IPv4 index of their own port "
			"(rocescope gids on each host: the index differs per host)"));
}

void rs_check_same_mtu(const struct rs_check_ctx *ctx, const struct rs_check *c,
		       struct rs_findings *out)
{
	const struct rs_peer_view *pv = ctx->peer_view;
	const struct rs_device *d = NULL;
	const struct rs_port *p = rs_peer_port(ctx->snap, &d);
	enum rs_verdict v = pv && pv->known && p && p->active_mtu != pv->active_mtu ? RS_WARN :
			    RS_PASS;
	struct rs_finding *f;

	/* active_mtu 0 is unknown (read by libibverbs on the live host only). */
	if (pv && pv->known && p && (!p->active_mtu || !pv->active_mtu)) {
		f = peer_f(ctx, c, RS_SKIP, out);
		RS_FSUMMARY(f, !p->active_mtu ? N_("the RoCE MTU of this end is unknown") :
			    N_("the RoCE MTU of the peer is unknown"));
		return;
	}
	f = both_f(ctx, c, v, d, p, out);
	if (!f)
		return;
	RS_FSET(f->expected, _("the same active MTU on both ends"));
	RS_FSET(f->evidence, _("here: active_mtu %d (netdev %s); peer %s: active_mtu %d "
		"(netdev MTU %u)"), p->active_mtu, p->netdev, pv->hostname, pv->active_mtu,
		pv->netdev_mtu);
	RS_FSUMMARY(f, v == RS_PASS ? N_("both ends run RoCE MTU %d") :
		    N_("RoCE MTU %d here, %d on the peer: the QP runs at the smaller, an "
		       "application forcing the larger hangs"), p->active_mtu, pv->active_mtu);
	if (v == RS_WARN)
		RS_FSET(f->remedy, _("the same netdev MTU on both ends (9000 for RoCE MTU 4096)"));
}

void rs_check_same_pfc(const struct rs_check_ctx *ctx, const struct rs_check *c,
		       struct rs_findings *out)
{
	const struct rs_peer_view *pv = ctx->peer_view;
	const struct rs_device *d = NULL;
	const struct rs_port *p = rs_peer_port(ctx->snap, &d);
	const struct rs_link *l = p ? rs_ctx_link(ctx, p->netdev) : NULL;
	int known = pv && pv->known && pv->pfc_known && l && l->dcb.known;
	struct rs_finding *f;

	if (pv && pv->known && !known) {
		f = peer_f(ctx, c, RS_SKIP, out);
		RS_FSUMMARY(f, l && l->dcb.known ? N_("PFC of the peer unknown") :
			    N_("PFC of this end unknown"));
		return;
	}
	f = both_f(ctx, c, known && l->dcb.pfc_en != pv->pfc_en ? RS_FAIL : RS_PASS, d, p,
		   out);
	if (!f)
		return;
	RS_FSET(f->expected, _("PFC on the same priorities on both ends"));
	RS_FSET(f->evidence, _("here: pfc_en 0x%02x; peer %s: pfc_en 0x%02x"), l->dcb.pfc_en,
		pv->hostname, pv->pfc_en);
	RS_FSUMMARY(f, f->verdict == RS_PASS ? N_("PFC agrees on both ends") :
		    N_("PFC differs between the ends: the RoCE priority is lossless on one "
		       "side only"));
	if (f->verdict == RS_FAIL)
		RS_FSET(f->remedy, _("mlnx_qos --pfc with the same vector on both ends and the "
			"switch ports"));
}

void rs_check_addr(const struct rs_check_ctx *ctx, const struct rs_check *c,
		   struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;

	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++) {
			const struct rs_device *d = &s->devices[i];
			const struct rs_port *p = &d->ports[j];
			const struct rs_addr *a = NULL;
			struct rs_finding *f;

			if (strcmp(p->link_layer, "Ethernet"))
				continue;
			for (size_t k = rs_snap_index_addr_first(ctx->index, p->netdev);
			     k != SIZE_MAX && !a; k = rs_snap_index_addr_next(ctx->index, k))
				if (s->addrs[k].family == 4)
					a = &s->addrs[k];
			/* A port whose netdev is unknown has no address to look for. */
			f = rs_finding_port(out, c, !s->n_addrs || !p->netdev[0] ? RS_SKIP :
					    a ? RS_PASS : RS_FAIL, d, p);
			if (p->netdev[0])
				RS_FSET(f->expected, _("an IPv4 address on %s (its own subnet)"),
					p->netdev);
			else
				RS_FSET(f->expected, _("an IPv4 address on the netdev (its own "
					"subnet)"));
			if (f->verdict == RS_SKIP) {
				RS_FSUMMARY(f, !p->netdev[0] ? N_("the port's netdev is unknown") :
					    N_("no addresses in the snapshot"));
				continue;
			}
			if (a) {
				RS_FSET(f->evidence, _("netlink addresses of %s: %s"), p->netdev,
					a->addr);
				RS_FSUMMARY(f, "%s has %s/%d", p->netdev, a->addr, a->prefixlen);
				continue;
			}
			RS_FSET(f->evidence, _("netlink addresses of %s: no IPv4"), p->netdev);
			/* The netdev is known here: a port without one was skipped. */
			RS_FSUMMARY(f, "%s has no IPv4 address: no RoCE v2 IPv4 GID", p->netdev);
			RS_FSET(f->remedy, _("ip addr add 192.168.100.1/24 dev %s (a subnet of its "
				"own); ip link set %s up"), p->netdev, p->netdev);
		}
}
