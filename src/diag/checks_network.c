/* SPDX-License-Identifier: MIT */
/*
 * checks_network.c - checks about the IP side of the RDMA interfaces:
 * the default route, subnets shared by two RDMA interfaces, unresolved
 * neighbours, and the route towards the peer (its neighbour and ARP flux:
 * checks_neigh.c).
 *
 * RoCE v2 is routed and resolves MACs like any IP packet, so these are
 * exactly why a connection never starts or the replies take the other
 * port.  An "RDMA interface" is the netdev of an RDMA port.  Under a
 * fixture root without addresses or routes the checks skip.  The lookup
 * towards the peer is the kernel's on the live host and computed from the
 * recorded routes otherwise (model/route_resolve.h); the evidence says
 * which.  A peer that is this host is said to be, not given a route.
 */
#include "diag/check.h"
#include "model/route_resolve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The network address of a/prefixlen as text ("192.168.100.0"). */
static void subnet_of(const struct rs_addr *a, char *buf, size_t len)
{
	unsigned char x[16];
	int af = a->family == 6 ? AF_INET6 : AF_INET, bits = a->prefixlen;

	snprintf(buf, len, "%s", a->addr);
	if (inet_pton(af, a->addr, x) != 1)
		return;
	for (int i = 0; i < 16; i++, bits -= 8)
		x[i] &= bits >= 8 ? 0xff : bits > 0 ? (unsigned char)(0xff << (8 - bits)) : 0;
	inet_ntop(af, x, buf, (socklen_t)len);
}

void rs_check_default_route(const struct rs_check_ctx *ctx, const struct rs_check *c,
			    struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	int n = 0;

	for (size_t i = 0; i < s->n_routes; i++) {
		const struct rs_route *r = &s->routes[i];
		struct rs_finding *f;

		if (strcmp(r->dst, "default") || !rs_ctx_rdma_netdev(ctx, r->dev) ||
		    (r->table && r->table != 254))
			continue;
		n++;
		f = rs_finding_new(out, c, RS_WARN, RS_OBJ_NETDEV);
		RS_FSET(f->object, "%s", r->dev);
		RS_FSET(f->netdev, "%s", r->dev);
		RS_FSUMMARY(f, "the default route (IPv%d) leaves through RDMA interface %s",
			r->family, r->dev);
		if (r->gateway[0])
			RS_FSET(f->evidence, _("netlink routes, table main: default via %s dev %s "
				"metric %u"), r->gateway, r->dev, r->metric);
		else
			RS_FSET(f->evidence,
				_("netlink routes, table main: default dev %s metric %u"),
				r->dev, r->metric);
		RS_FSET(f->expected, _("the default route on the management interface; RoCE "
			"peers reached by subnet routes"));
		RS_FSET(f->remedy, _("ip route del default dev %s, keep the default on the "
			"management interface, ip route add PEER_SUBNET dev %s"), r->dev, r->dev);
	}
	if (!n) {
		struct rs_finding *f = rs_finding_host(out, c, s->n_routes ? RS_PASS : RS_SKIP);

		RS_FSUMMARY(f, s->n_routes ? N_("no default route through an RDMA interface") :
			    N_("no routes in the snapshot"));
		RS_FSET(f->evidence, _("netlink routes: %zu"), s->n_routes);
		RS_FSET(f->expected, _("no default route through an RDMA interface"));
	}
}

static void shared_pair(const struct rs_check *c, const struct rs_addr *a,
			const struct rs_addr *b, struct rs_findings *out)
{
	struct rs_finding *f = rs_finding_new(out, c, RS_WARN, RS_OBJ_NETDEV);
	char net[RS_ADDR_LEN];

	subnet_of(a, net, sizeof(net));
	RS_FSET(f->object, "%s %s", a->ifname, b->ifname);
	RS_FSET(f->netdev, "%s", a->ifname);
	RS_FSET(f->addr, "%s", a->addr);
	RS_FSUMMARY(f, "%s and %s share the subnet of %s/%d: replies may leave by the "
		"wrong port", a->ifname, b->ifname, a->addr, a->prefixlen);
	RS_FSET(f->evidence, _("netlink addresses: %s %s/%d, %s %s/%d"), a->ifname, a->addr,
		a->prefixlen, b->ifname, b->addr, b->prefixlen);
	RS_FSET(f->expected, _("one subnet per RDMA interface, or policy routing per source"));
	RS_FSET(f->remedy, _("give each RDMA interface its own subnet, or route by source: "
		"ip rule add from %s table 101; ip route add %s/%d dev %s table 101 "
		"(and arp_ignore=1, arp_announce=2)"), b->addr, net, b->prefixlen, b->ifname);
}

void rs_check_shared_subnet(const struct rs_check_ctx *ctx, const struct rs_check *c,
			    struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	int n = 0;

	struct rs_subnets g;

	/* Every pair (i, j > i) of one subnet and two interfaces, i global. */
	rs_subnets_build(&g, ctx);
	for (size_t i = 0; i < s->n_addrs; i++) {
		if (!rs_subnets_shared(&g, i))
			continue;
		for (size_t j = g.next[i]; j != SIZE_MAX; j = g.next[j]) {
			const struct rs_addr *a = &s->addrs[i], *b = &s->addrs[j];

			if (strcmp(a->ifname, b->ifname)) {
				shared_pair(c, a, b, out);
				n++;
			}
		}
	}
	rs_subnets_free(&g);
	if (!n) {
		struct rs_finding *f = rs_finding_host(out, c, s->n_addrs ? RS_PASS : RS_SKIP);

		RS_FSUMMARY(f, s->n_addrs ? N_("no two RDMA interfaces share a subnet") :
			    N_("no addresses in the snapshot"));
		RS_FSET(f->evidence, _("netlink addresses: %zu"), s->n_addrs);
		RS_FSET(f->expected, _("one subnet per RDMA interface"));
	}
}

static int neigh_bad(const struct rs_neigh *nb)
{
	return !strcmp(nb->state, "FAILED") || !strcmp(nb->state, "INCOMPLETE");
}

void rs_check_neigh_failed(const struct rs_check_ctx *ctx, const struct rs_check *c,
			   struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	int seen = 0;

	for (size_t i = 0; i < s->n_neighs; i++) {
		const struct rs_neigh *nb = &s->neighs[i];
		struct rs_finding *f;

		if (!rs_ctx_rdma_netdev(ctx, nb->dev))
			continue;
		seen++;
		if (!neigh_bad(nb))
			continue;
		f = rs_finding_new(out, c, RS_FAIL, RS_OBJ_NEIGH);
		RS_FSET(f->object, "%s %s", nb->dev, nb->ip);
		RS_FSET(f->netdev, "%s", nb->dev);
		RS_FSET(f->addr, "%s", nb->ip);
		RS_FSUMMARY(f, "neigh %s %s: its MAC is unknown", nb->ip, nb->state);
		RS_FSET(f->evidence, _("netlink neighbours: %s dev %s %s"), nb->ip, nb->dev,
			nb->state);
		RS_FSET(f->expected, _("REACHABLE, STALE or DELAY with a MAC"));
		RS_FSET(f->remedy, _("check %s is up and on the same subnet/VLAN: ping -c1 -I %s "
			"%s; ip neigh flush dev %s to retry"), nb->ip, nb->dev, nb->ip, nb->dev);
	}
	if (!rs_findings_problems(out, c->id)) {
		struct rs_finding *f = rs_finding_host(out, c, seen ? RS_PASS : RS_SKIP);

		RS_FSUMMARY(f, seen ? N_("every neighbour of an RDMA interface is resolved") :
			    N_("no neighbour entry on an RDMA interface"));
		RS_FSET(f->evidence, _("netlink neighbours on RDMA interfaces: %d"), seen);
		RS_FSET(f->expected, _("no FAILED or INCOMPLETE entry"));
	}
}

/* How the lookup was made: seen (the kernel's) or computed from the recording. */
static void lookup_evidence(const struct rs_snapshot *s, const struct rs_route_lookup *lk,
			    struct rs_finding *f)
{
	char how[160];
	int fam = strchr(lk->peer, ':') ? 6 : 4;

	if (lk->computed)
		snprintf(how, sizeof(how), _("route computed from the recording's %zu IPv%d "
			 "routes (longest prefix; policy rules are not recorded)"),
			 rs_route_count(s, fam), fam);
	else
		snprintf(how, sizeof(how), _("route lookup (ip route get %s)"), lk->peer);
	if (!lk->ok)
		RS_FSET(f->evidence, "%s: %s", how, lk->error);
	else if (lk->gateway[0])
		RS_FSET(f->evidence, "%s: dev %s src %s via %s", how, lk->dev, lk->src,
			lk->gateway);
	else
		RS_FSET(f->evidence, "%s: dev %s src %s", how, lk->dev, lk->src);
}

enum self { SELF_NO, SELF_LOOPBACK, SELF_RDMA, SELF_OTHER };

/* Is the peer this host?  *a: its address in the snapshot, when there. */
static enum self peer_self(const struct rs_snapshot *s, const struct rs_route_lookup *lk,
			   const struct rs_addr **a)
{
	*a = NULL;
	if (rs_peer_is_loopback(lk->peer))
		return SELF_LOOPBACK;
	/* The kernel sends it out of an interface (policy routing, as in the
	 * one-host lab): whatever the address, the wire and ARP are real. */
	if (lk->ok && !lk->computed && lk->dev[0] && strcmp(lk->dev, "lo"))
		return SELF_NO;
	*a = rs_snapshot_own_addr(s, lk->peer);
	if (*a)
		return rs_is_rdma_netdev(s, (*a)->ifname) ? SELF_RDMA : SELF_OTHER;
	return lk->ok && !strcmp(lk->dev, "lo") ? SELF_OTHER : SELF_NO;
}

/* "that is this host", instead of a route to add towards it. */
static void self_finding(const struct rs_snapshot *s, const struct rs_route_lookup *lk,
			 enum self k, const struct rs_addr *a, struct rs_finding *f)
{
	if (k == SELF_LOOPBACK)
		RS_FSET(f->evidence, _("%s is a loopback address (127.0.0.0/8, ::1)"), lk->peer);
	else if (a)
		RS_FSET(f->evidence, _("netlink addresses: %s/%d on %s"), a->addr, a->prefixlen,
			a->ifname);
	else
		lookup_evidence(s, lk, f);
	RS_FSET(f->expected, _("the other host's address (on the RDMA subnet)"));
	if (k == SELF_RDMA) {
		RS_FSUMMARY(f, "%s is this host (address of RDMA interface %s): traffic to "
			"it loops back in the NIC; there is no path to a peer to check",
			lk->peer, a->ifname);
		return;
	}
	if (k == SELF_LOOPBACK)
		RS_FSUMMARY(f, "%s is this host (loopback): RoCE cannot reach it", lk->peer);
	else
		RS_FSUMMARY(f, "%s is this host (an address of %s, not an RDMA interface)",
			lk->peer, a ? a->ifname : "lo");
	RS_FSET(f->remedy, _("give the peer's address: --peer IP, the other host's address on "
		"the RDMA subnet"));
}

/* No route, and what the kernel's refusal of the lookup means here
 * (lk->err: errno, 0 unknown). */
static void no_route(struct rs_finding *f, const struct rs_route_lookup *lk)
{
	switch (lk->err) {
	case ENETUNREACH:
		RS_FSUMMARY(f, "peer %s: no route: %s (ENETUNREACH: no up interface holds an "
			    "address in the peer's subnet and no default route covers it - a port "
			    "down or an address removed does this)", lk->peer, lk->error);
		break;
	case EHOSTUNREACH:
		RS_FSUMMARY(f, "peer %s: no route: %s (EHOSTUNREACH: an unreachable route "
			    "matches the peer)", lk->peer, lk->error);
		break;
	case EACCES:
		RS_FSUMMARY(f, "peer %s: no route: %s (EACCES: a prohibit route matches the peer)",
			    lk->peer, lk->error);
		break;
	case EINVAL:
		RS_FSUMMARY(f, "peer %s: no route: %s (EINVAL: a blackhole route matches the "
			    "peer)", lk->peer, lk->error);
		break;
	case ENETDOWN:
		RS_FSUMMARY(f, "peer %s: no route: %s (ENETDOWN: the interface of the route is "
			    "down)", lk->peer, lk->error);
		break;
	default:
		RS_FSUMMARY(f, "peer %s: no route: %s", lk->peer, lk->error);
		break;
	}
}

/* The route leaves through an RDMA interface (a: the peer's address is
 * also this host's, or NULL). */
static void via_rdma(struct rs_finding *f, const struct rs_route_lookup *lk,
		     const struct rs_addr *a)
{
	if (a && lk->computed)
		RS_FSUMMARY(f, "peer %s via RDMA interface %s (computed from the recorded "
			    "routes) (the address is also this host's, on %s: the kernel sends it "
			    "out all the same)", lk->peer, lk->dev, a->ifname);
	else if (a)
		RS_FSUMMARY(f, "peer %s via RDMA interface %s (the address is also this host's, "
			    "on %s: the kernel sends it out all the same)", lk->peer, lk->dev,
			    a->ifname);
	else
		RS_FSUMMARY(f, lk->computed ? N_("peer %s via RDMA interface %s (computed from "
						 "the recorded routes)") :
			    N_("peer %s via RDMA interface %s"), lk->peer, lk->dev);
}

void rs_check_peer_route(const struct rs_check_ctx *ctx, const struct rs_check *c,
			 struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	const struct rs_route_lookup *lk = &s->peer;
	const char *asked = ctx->params ? ctx->params->peer : NULL;
	const struct rs_addr *a;
	enum self self = lk->peer[0] ? peer_self(s, lk, &a) : SELF_NO;
	enum rs_verdict v = !lk->peer[0] ? RS_SKIP : !lk->ok || !rs_is_rdma_netdev(s, lk->dev) ?
			    RS_FAIL : RS_PASS;
	int plen = rs_peer_host_prefix(lk->peer);
	struct rs_finding *f;

	/* A peer asked for that the snapshot has no lookup of, or a recording
	 * without routes to compute one from, is unknown, not bad. */
	if ((asked && asked[0] && strcmp(asked, lk->peer)) ||
	    (lk->computed && !lk->ok && self == SELF_NO &&
	     !rs_route_count(s, strchr(lk->peer, ':') ? 6 : 4)))
		v = RS_SKIP;
	else if (self != SELF_NO)
		v = self == SELF_RDMA ? RS_SKIP : RS_WARN;
	f = rs_finding_peer(out, c, v, s);
	RS_FSET(f->expected, _("a route through an RDMA interface"));
	if (self != SELF_NO && !(asked && asked[0] && strcmp(asked, lk->peer))) {
		self_finding(s, lk, self, a, f);
		return;
	}
	if (v == RS_SKIP && asked && asked[0]) {
		RS_FSET(f->object, "%s", asked);
		RS_FSET(f->addr, "%s", asked);
		RS_FSUMMARY(f, lk->computed ? N_("peer %s: the recording has no routes to look it "
						 "up in") :
			    N_("peer %s: route lookups need the live host"),
			    asked);
		RS_FSET(f->evidence, "%s", lk->peer[0] && strcmp(asked, lk->peer) ?
			_("the snapshot's lookup is for another peer") :
			lk->error[0] ? lk->error : _("no route lookup in this snapshot"));
		return;
	}
	if (v == RS_SKIP) {
		RS_FSUMMARY(f, "no peer given (--peer IP)");
		return;
	}
	lookup_evidence(s, lk, f);
	if (!lk->ok) {
		no_route(f, lk);
		RS_FSET(f->remedy, _("ip route add %s/%d dev RDMA_NETDEV (or an address in the "
			"peer's subnet on the RDMA interface)"), lk->peer, plen);
		return;
	}
	if (v == RS_PASS) {
		a = rs_snapshot_own_addr(s, lk->peer);
		via_rdma(f, lk, a);
		return;
	}
	RS_FSUMMARY(f, "%s is not an RDMA interface: RoCE to this peer cannot use it",
		lk->dev);
	RS_FSET(f->remedy, _("ip route add %s/%d dev RDMA_NETDEV (more specific than the "
		"route through %s), or move the peer's subnet to the RDMA interface"),
		lk->peer, plen, lk->dev);
}

int rs_peer_self(const struct rs_snapshot *s)
{
	const struct rs_addr *a;

	return s->peer.peer[0] && peer_self(s, &s->peer, &a) != SELF_NO;
}
