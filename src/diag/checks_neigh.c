/* SPDX-License-Identifier: MIT */
/*
 * checks_neigh.c - the neighbour towards the peer and ARP flux:
 *
 *   net.peer_neigh  the next hop's MAC is resolved, and it is the peer's:
 *                   not unanswered, not ARP off (an entry holding our own
 *                   MAC), not a hand-set MAC that somebody else answers ARP
 *                   for (the NEIGH probe asks the wire itself)
 *   net.arp_flux    two RDMA ports in one subnet: the sysctls that keep
 *                   each port's ARP its own, and flux as it happens - a
 *                   neighbour entry (ours, or the peer's for our address as
 *                   its view says) holding the MAC of our other port
 *
 * The neighbour table says what a kernel believes; the probe's own ARP
 * request and the peer's view say what the wire does.  What is not there
 * (no probe, no peer view) is judged from the rest, and said.
 */
#include "diag/check.h"
#include "model/route_resolve.h"

#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static int neigh_bad(const struct rs_neigh *nb)
{
	return !strcmp(nb->state, "FAILED") || !strcmp(nb->state, "INCOMPLETE");
}

/*
 * The local links by MAC (case aside), the first of each in array order:
 * whose MAC a neighbour entry holds, asked once per entry.
 */
struct mac_links {
	const struct rs_snapshot *snap;
	struct rs_nidx by_mac;
};

static uint32_t mac_hash(const char *mac)
{
	uint32_t h = RS_NIDX_SEED;

	for (; *mac; mac++)
		h = (h ^ (unsigned char)tolower((unsigned char)*mac)) * 16777619u;
	return h;
}

static int mac_eq(const void *arr, size_t idx, const void *key)
{
	return !strcasecmp(((const struct rs_link *)arr)[idx].mac, key);
}

static void mac_links_build(struct mac_links *m, const struct rs_snapshot *s)
{
	m->snap = s;
	rs_nidx_init(&m->by_mac);
	for (size_t i = 0; i < s->n_links; i++) {
		const struct rs_link *l = &s->links[i];
		uint32_t h = mac_hash(l->mac);

		if (l->mac[0] && strcmp(l->name, "lo") &&
		    rs_nidx_find(&m->by_mac, h, mac_eq, s->links, l->mac) < 0)
			rs_nidx_add(&m->by_mac, h, i);
	}
}

/* The local link whose MAC is mac ("" or none: NULL). */
static const struct rs_link *link_of_mac(const struct mac_links *m, const char *mac)
{
	long i = mac[0] ? rs_nidx_find(&m->by_mac, mac_hash(mac), mac_eq, m->snap->links,
				       mac) : -1;

	return i < 0 ? NULL : &m->snap->links[i];
}

/* The entry as the neighbour probe found it just now, else the snapshot's. */
static const struct rs_neigh *entry(const struct rs_check_ctx *ctx, const char *hop,
				    struct rs_neigh *probed)
{
	const struct rs_probe_result *pr = ctx->probes ? ctx->probes->of[RS_PROBE_NEIGH] : NULL;

	if (pr && pr->ok && pr->neigh_ip[0] && strcmp(pr->neigh_state, "NONE")) {
		memset(probed, 0, sizeof(*probed));
		RS_FSET(probed->dev, "%s", pr->neigh_dev);
		RS_FSET(probed->ip, "%s", pr->neigh_ip);
		RS_FSET(probed->mac, "%s", pr->neigh_mac);
		RS_FSET(probed->state, "%s", pr->neigh_state);
		return probed;
	}
	if (pr && pr->ok && !strcmp(pr->neigh_state, "NONE"))
		return NULL;
	return rs_snapshot_neigh(ctx->snap, ctx->snap->peer.dev, hop);
}

/* Why the entry is not the peer's, into f (0: nothing wrong seen). */
static int wrong_entry(const struct rs_check_ctx *ctx, const struct rs_neigh *nb,
		       const struct rs_link *l, struct rs_finding *f)
{
	const struct rs_probe_result *pr = ctx->probes ? ctx->probes->of[RS_PROBE_NEIGH] : NULL;
	const struct rs_probe_result *ping = ctx->probes ? ctx->probes->of[RS_PROBE_PING] : NULL;
	int hand = !strcmp(nb->state, "PERMANENT");

	if ((l && l->noarp) || !strcmp(nb->state, "NOARP")) {
		if (nb->mac[0])
			RS_FSUMMARY(f, "%s has ARP off (NOARP): its entry for %s holds %s, %s's "
				    "own MAC, so nothing it sends reaches the peer", nb->dev,
				    nb->ip, nb->mac, nb->dev);
		else
			RS_FSUMMARY(f, "%s has ARP off (NOARP): its entry for %s holds no MAC, "
				    "%s's own MAC, so nothing it sends reaches the peer", nb->dev,
				    nb->ip, nb->dev);
		RS_FSET(f->remedy, "ip link set %s arp on; ip neigh flush dev %s", nb->dev,
			nb->dev);
		return 1;
	}
	if (pr && pr->neigh_arp_macs && strcasecmp(pr->neigh_arp_mac, nb->mac)) {
		RS_FSUMMARY(f, hand ? N_("the entry for %s on %s holds %.32s (%.16s, set by hand), "
					 "but %s answers ARP with %.32s: RoCE frames go to a MAC "
					 "that is not the peer's") :
			    N_("the entry for %s on %s holds %.32s (%.16s), but %s answers ARP "
			       "with %.32s: RoCE frames go to a MAC that is not the peer's"),
			    nb->ip, nb->dev, nb->mac, nb->state, nb->ip, pr->neigh_arp_mac);
		RS_FSET(f->remedy, _("ip neigh del %s dev %s (let ARP learn %s), or replace it: ip "
			"neigh replace %s lladdr %s dev %s"), nb->ip, nb->dev, pr->neigh_arp_mac,
			nb->ip, pr->neigh_arp_mac, nb->dev);
		return 1;
	}
	/* A learnt entry still held, while the peer answers no ARP now: it
	 * will fail as soon as the kernel asks again (DELAY, PROBE). */
	if (pr && !strcmp(pr->neigh_arp, "no answer") && !hand) {
		RS_FSUMMARY(f, "nobody answers ARP for %s now (our ARP probe on %s got no "
			"answer); the entry (%.16s %.32s) is what is left of an earlier answer: "
			"the peer is gone, or ARP does not reach it (another VLAN, a filter)",
			nb->ip, nb->dev, nb->state, nb->mac);
		RS_FSET(f->remedy, _("check %s is up and answers ARP on the same subnet/VLAN as %s "
			"(arping -I %s %s); ip neigh flush dev %s"), nb->ip, nb->dev,
			nb->dev, nb->ip, nb->dev);
		return 1;
	}
	/* A hand-set MAC the wire confirms is the peer's, whatever the ping. */
	if (hand && ping && ping->ok && ping->sent && !ping->received &&
	    !(pr && pr->neigh_arp_macs == 1 && !strcasecmp(pr->neigh_arp_mac, nb->mac))) {
		RS_FSUMMARY(f, pr && pr->neigh_arp[0] ?
			    N_("the entry for %s on %s is a hand-set MAC (PERMANENT %s) and the "
			       "peer answers nothing: it is not the peer's MAC") :
			    N_("the entry for %s on %s is a hand-set MAC (PERMANENT %s) and the "
			       "peer answers nothing: it is not the peer's MAC (no ARP asked to "
			       "confirm)"), nb->ip, nb->dev, nb->mac);
		RS_FSET(f->remedy, _("ip neigh del %s dev %s (let ARP learn it), then ping again; "
			"compare with the peer's MAC (ip link show on the peer)"), nb->ip, nb->dev);
		return 1;
	}
	return 0;
}

static void neigh_evidence(const struct rs_check_ctx *ctx, const char *hop,
			   const struct rs_neigh *nb, struct rs_finding *f)
{
	const struct rs_probe_result *pr = ctx->probes ? ctx->probes->of[RS_PROBE_NEIGH] : NULL;

	const char *src = pr && pr->ok ? _("neighbour probe") : _("netlink neighbours");
	const char *dev = ctx->snap->peer.dev;
	const char *arp = pr && pr->neigh_arp[0] ? pr->neigh_arp : NULL;
	unsigned macs = pr ? pr->neigh_arp_macs : 0;
	size_t n;

	if (!nb)
		RS_FSET(f->evidence, _("%s: %s dev %s (no entry)"), src, hop, dev);
	else if (nb->mac[0])
		RS_FSET(f->evidence, "%s: %s dev %s %.16s lladdr %.32s", src, hop, dev, nb->state,
			nb->mac);
	else
		RS_FSET(f->evidence, "%s: %s dev %s %.16s", src, hop, dev, nb->state);
	n = strlen(f->evidence);
	if (arp && macs)
		/* TRANSLATORS: appended to the neighbour evidence; the first %s is
		 * the probe's answer ("no answer", "answered"), the second a MAC. */
		snprintf(f->evidence + n, sizeof(f->evidence) - n, _(macs > 1 ?
			 N_("; our ARP request: %.100s by %s and others") :
			 N_("; our ARP request: %.100s by %s")), arp, pr->neigh_arp_mac);
	else if (arp)
		snprintf(f->evidence + n, sizeof(f->evidence) - n, _("; our ARP request: %.100s"),
			 arp);
	else if (macs)
		snprintf(f->evidence + n, sizeof(f->evidence) - n, _(macs > 1 ?
			 N_(" by %s and others") : N_(" by %s")), pr->neigh_arp_mac);
}

void rs_check_peer_neigh(const struct rs_check_ctx *ctx, const struct rs_check *c,
			 struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	const struct rs_route_lookup *lk = &s->peer;
	const char *hop = lk->gateway[0] ? lk->gateway : lk->peer;
	const struct rs_link *l = lk->ok ? rs_snapshot_link(s, lk->dev) : NULL;
	struct rs_neigh probed;
	const struct rs_neigh *nb = entry(ctx, hop, &probed);
	int self = rs_peer_self(s);
	/* No entry because the neighbour table was not read is unknown. */
	const struct rs_error *dump = nb ? NULL : rs_check_error(s, RS_AREA_NET, "netlink", "",
								  "neighbour dump");
	enum rs_verdict v = RS_PASS;
	struct rs_finding *f;

	if (self || !lk->peer[0] || !lk->ok || !rs_is_rdma_netdev(s, lk->dev) || dump)
		v = RS_SKIP;
	else if (!nb)
		v = l && l->noarp ? RS_FAIL : RS_WARN;
	else if (neigh_bad(nb))
		v = RS_FAIL;
	f = rs_finding_peer(out, c, v, s);
	RS_FSET(f->expected, _("the next hop's MAC resolved (REACHABLE, STALE, DELAY) and the "
		"one that answers ARP for it"));
	if (v == RS_SKIP) {
		if (self)
			RS_FSUMMARY(f, "%s is this host: no neighbour to resolve", lk->peer);
		else if (dump && lk->ok)
			RS_FSUMMARY(f, "neighbours unknown: %s", dump->message);
		else
			RS_FSUMMARY(f, "no route to a peer through an RDMA interface to "
				"look at");
		return;
	}
	neigh_evidence(ctx, hop, nb, f);
	if (!nb && v == RS_FAIL) {
		RS_FSUMMARY(f, "%s has ARP off (NOARP): the peer's MAC is never learnt",
			lk->dev);
		RS_FSET(f->remedy, "ip link set %s arp on; ip neigh flush dev %s", lk->dev, lk->dev);
	} else if (!nb) {
		RS_FSUMMARY(f, "no neighbour entry yet (ping the peer once)");
		RS_FSET(f->remedy, "ping -c1 -I %s %s", lk->dev, hop);
	} else if (v == RS_FAIL) {
		RS_FSUMMARY(f, "neighbour %s %s: nobody answers ARP for it (peer down, "
			"other subnet or VLAN): RoCE will hang", nb->ip, nb->state);
		RS_FSET(f->remedy, _("check %s is up and on the same subnet/VLAN as %s: "
			"ping -c1 -I %s %s; ip neigh flush dev %s"), hop, lk->dev, lk->dev, hop,
			lk->dev);
	} else if (wrong_entry(ctx, nb, l, f)) {
		f->verdict = RS_FAIL;
	} else {
		RS_FSUMMARY(f, "neighbour %s %s %s", nb->ip, nb->state, nb->mac);
	}
}

/* One netdev sharing a subnet with another RDMA netdev: its sysctls. */
static void flux_link(const struct rs_check *c, const struct rs_link *l,
		      struct rs_findings *out)
{
	enum rs_verdict v = l->rp_filter < 0 || l->arp_ignore < 0 || l->arp_announce < 0 ?
			    RS_SKIP : l->rp_filter == 1 ? RS_FAIL :
			    l->arp_ignore != 1 || l->arp_announce != 2 ? RS_WARN : RS_PASS;
	struct rs_finding *f = rs_finding_new(out, c, v, RS_OBJ_NETDEV);

	RS_FSET(f->object, "%s", l->name);
	RS_FSET(f->netdev, "%s", l->name);
	RS_FSET(f->expected, _("rp_filter 0 or 2, arp_ignore 1, arp_announce 2"));
	if (v == RS_SKIP) {
		RS_FSUMMARY(f, "%s: address sysctls unknown (not read)", l->name);
		return;
	}
	RS_FSET(f->evidence, "/proc/sys/net/ipv4/conf/{all,%s}: rp_filter %d, arp_ignore %d, "
		"arp_announce %d", l->name, l->rp_filter, l->arp_ignore, l->arp_announce);
	if (v == RS_PASS) {
		RS_FSUMMARY(f, "%s answers ARP for its own address only", l->name);
		return;
	}
	RS_FSUMMARY(f, v == RS_FAIL ? N_("%s: strict rp_filter drops the replies that come "
					 "back through the other port of the subnet") :
		    N_("%s: ARP flux - it answers ARP for the other port's address (arp_ignore "
		       "0 / arp_announce 0)"), l->name);
	RS_FSET(f->remedy, _("sysctl -w net.ipv4.conf.%s.rp_filter=2 "
		"net.ipv4.conf.%s.arp_ignore=1 net.ipv4.conf.%s.arp_announce=2 (and "
		"net.ipv4.conf.all.rp_filter=2); persist in /etc/sysctl.d/"), l->name, l->name,
		l->name);
}

/*
 * Flux seen: an entry for ip that holds mac, in our table (on: the entry's
 * interface, peer NULL) or in the peer's (peer: its name, on NULL).
 * It is flux when ip is our address on X and mac is our other port Y's, or
 * ip is the peer's and mac one of our own ports' (not the entry's own
 * interface: that is ARP off, net.peer_neigh's).
 */
/* Each port answers for its own address, and the stale entry goes. */
static void flux_remedy(struct rs_finding *f, const char *peer, const char *ip, const char *x,
			const char *y)
{
	if (peer)
		RS_FSET(f->remedy, _("sysctl -w net.ipv4.conf.all.arp_ignore=1 "
			"net.ipv4.conf.all.arp_announce=2 (each port answers for its own address "
			"only), then flush the stale entry (ip neigh flush to %s on the peer %s), "
			"or give %s and %s subnets of their own"), ip, peer, x, y);
	else
		RS_FSET(f->remedy, _("sysctl -w net.ipv4.conf.all.arp_ignore=1 "
			"net.ipv4.conf.all.arp_announce=2 (each port answers for its own address "
			"only), then flush the stale entry (ip neigh flush to %s), or give %s and "
			"%s subnets of their own"), ip, x, y);
}

static int flux_seen(const struct rs_check_ctx *ctx, const struct mac_links *m,
		     const struct rs_check *c, const char *peer, const char *on, const char *ip,
		     const char *mac, struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	const struct rs_link *y = link_of_mac(m, mac);
	/* Our own MAC in an entry is rare: only then is the address looked up. */
	const struct rs_addr *a = y ? rs_snapshot_own_addr(s, ip) : NULL;
	const struct rs_link *x = a ? rs_ctx_link(ctx, a->ifname) : NULL;
	struct rs_finding *f;

	if (!y || (x && !strcasecmp(x->mac, y->mac)) || (!x && on && !strcmp(on, y->name)) ||
	    !rs_ctx_rdma_netdev(ctx, y->name))
		return 0;
	f = rs_finding_new(out, c, RS_FAIL, RS_OBJ_NETDEV);
	RS_FSET(f->object, "%s %s", x ? x->name : ip, y->name);
	RS_FSET(f->netdev, "%s", x ? x->name : s->peer.dev);
	RS_FSET(f->addr, "%s", ip);
	RS_FSET(f->expected, _("each address answered by its own port's MAC"));
	if (peer)
		RS_FSET(f->evidence, _("the peer %s neighbour entry: %s lladdr %s (%s's MAC)"),
			peer, ip, mac, y->name);
	else
		RS_FSET(f->evidence,
			_("this host's neighbour entry: %s dev %s lladdr %s (%s's MAC)"),
			ip, on, mac, y->name);
	if (x && peer)
		RS_FSUMMARY(f, "ARP flux: the peer %s's entry for %s (the address of %s) holds "
			    "%s, the MAC of %s: RoCE for %s arrives on %s and is dropped", peer, ip,
			    x->name, mac, y->name, x->name, y->name);
	else if (x)
		RS_FSUMMARY(f, "ARP flux: this host's entry for %s (the address of %s) holds %s, "
			    "the MAC of %s: RoCE for %s arrives on %s and is dropped", ip, x->name,
			    mac, y->name, x->name, y->name);
	else
		RS_FSUMMARY(f, "ARP flux: the entry for the peer %s holds %s, the MAC of our "
			"own %s: frames for the peer come back to this host", ip, mac, y->name);
	flux_remedy(f, peer, ip, x ? x->name : _("the RDMA port"), y->name);
	return 1;
}

/* The ping probe's replies came in by another RDMA port than they left by. */
static int flux_strays(const struct rs_check_ctx *ctx, const struct rs_check *c,
		       const struct rs_probe_result *r, struct rs_findings *out)
{
	struct rs_finding *f;

	if (!r || !r->ok || !r->stray_replies || !r->dev[0] || !strcmp(r->reply_dev, r->dev) ||
	    !rs_ctx_rdma_netdev(ctx, r->reply_dev))
		return 0;
	f = rs_finding_new(out, c, RS_FAIL, RS_OBJ_NETDEV);
	RS_FSET(f->object, "%s %s", r->dev, r->reply_dev);
	RS_FSET(f->netdev, "%s", r->dev);
	RS_FSET(f->addr, "%s", r->src);
	RS_FSET(f->expected, _("replies to %s's address come back by %s"), r->dev, r->dev);
	RS_FSET(f->evidence, _("ping probe: 0/%u replies to a socket bound to %s; %u to an unbound "
		"one, in by %s"), r->sent, r->dev, r->stray_replies, r->reply_dev);
	if (r->src[0])
		RS_FSUMMARY(f, "ARP flux: the peer's replies to %.46s (%.32s's address) come in "
			    "by %.32s: its ARP entry for our address holds %.32s's MAC, so RoCE "
			    "for %.32s arrives on %.32s and is dropped", r->src, r->dev,
			    r->reply_dev, r->reply_dev, r->dev, r->reply_dev);
	else
		RS_FSUMMARY(f, "ARP flux: the peer's replies to our address (%.32s's address) "
			    "come in by %.32s: its ARP entry for our address holds %.32s's MAC, so "
			    "RoCE for %.32s arrives on %.32s and is dropped", r->dev, r->reply_dev,
			    r->reply_dev, r->dev, r->reply_dev);
	RS_FSET(f->remedy, _("sysctl -w net.ipv4.conf.all.arp_ignore=1 "
		"net.ipv4.conf.all.arp_announce=2 (each port answers for its own address "
		"only), then on the peer: ip neigh flush to %s; or give %s and %s subnets of "
		"their own"), r->src[0] ? r->src : "OUR_ADDRESS", r->dev, r->reply_dev);
	return 1;
}

/* Flux as it happens: our own table, the peer's entry for our address, and
 * where the ping's replies came in. */
static int flux_happening(const struct rs_check_ctx *ctx, const struct rs_check *c,
			  struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	const struct rs_peer_view *pv = ctx->peer_view;
	struct mac_links m;
	int n = 0;

	mac_links_build(&m, s);
	for (size_t i = 0; i < s->n_neighs; i++) {
		const struct rs_neigh *nb = &s->neighs[i];

		if (rs_ctx_rdma_netdev(ctx, nb->dev) && strcmp(nb->state, "NOARP") &&
		    strcmp(nb->state, "FAILED"))
			n += flux_seen(ctx, &m, c, NULL, nb->dev, nb->ip, nb->mac, out);
	}
	if (pv && pv->known && pv->neigh_ip[0] && pv->neigh_mac[0])
		n += flux_seen(ctx, &m, c, pv->hostname[0] ? pv->hostname : pv->addr, NULL,
			       pv->neigh_ip, pv->neigh_mac, out);
	rs_nidx_free(&m.by_mac);
	return n + flux_strays(ctx, c, ctx->probes ? ctx->probes->of[RS_PROBE_PING] : NULL, out);
}

void rs_check_arp_flux(const struct rs_check_ctx *ctx, const struct rs_check *c,
		       struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	const struct rs_nidx_strs names = { (const char *)s->addrs, sizeof(*s->addrs),
					    offsetof(struct rs_addr, ifname) };
	struct rs_nidx flux;
	struct rs_subnets g;
	int seen = flux_happening(ctx, c, out);

	/* The interfaces with a global address whose subnet another one shares. */
	rs_subnets_build(&g, ctx);
	rs_nidx_init(&flux);
	for (size_t i = 0; i < s->n_addrs; i++)
		if (rs_subnets_shared(&g, i))
			rs_nidx_add_str(&flux, &names, i, NULL);
	for (size_t i = 0; i < s->n_links; i++) {
		const struct rs_link *l = &s->links[i];

		if (!rs_ctx_rdma_netdev(ctx, l->name) ||
		    rs_nidx_find_str(&flux, &names, l->name) < 0)
			continue;
		seen++;
		flux_link(c, l, out);
	}
	rs_nidx_free(&flux);
	rs_subnets_free(&g);
	if (!seen) {
		struct rs_finding *f = rs_finding_host(out, c, s->n_addrs ? RS_PASS : RS_SKIP);

		RS_FSUMMARY(f, s->n_addrs ? N_("no two RDMA interfaces share a subnet: no ARP "
					       "flux") : N_("no addresses in the snapshot"));
		RS_FSET(f->expected, _("rp_filter, arp_ignore, arp_announce set where two RDMA "
			"interfaces share a subnet"));
	}
}
