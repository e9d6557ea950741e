/* SPDX-License-Identifier: MIT */
/*
 * pane_network.c - the IP side of the RDMA interfaces, and the peer.
 *
 * For each netdev that carries an RDMA port: its state, addresses, the
 * routes through it and its neighbours.  For the peer (--peer, or `p`):
 * which interface and source address the kernel would use and the
 * neighbour state - RoCE v2 resolves the peer's MAC like any IP packet, so
 * a FAILED neighbour or a route through a non-RDMA interface is exactly
 * why a connection never starts.  Two layouts that often break RoCE are
 * warned about: the default route leaving through an RDMA interface, and
 * two RDMA interfaces in the same subnet (the reply leaves by the other).
 * All of these are findings of the network checks (src/diag/checks_network.c);
 * the pane only lays them out.
 */
#include "ui/curses.h"
#include "ui/ui.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

#define MAX_NETDEVS 64

/* Unique netdevs of all RDMA ports, in device order. */
static int add_netdev(const char **out, int n, const char *nd)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(out[i], nd))
			return n;
	if (nd[0] && n < MAX_NETDEVS)
		out[n++] = nd;
	return n;
}

/* The netdevs of the RDMA ports, then those their GIDs name (VLAN upper
 * devices, macvlans): RoCE traffic leaves through those too. */
static int rdma_netdevs(const struct ui *ui, const char **out)
{
	const struct rs_snapshot *s = &ui->sess.snap;
	int n = 0;

	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t p = 0; p < s->devices[d].n_ports; p++)
			n = add_netdev(out, n, s->devices[d].ports[p].netdev);
	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t p = 0; p < s->devices[d].n_ports; p++)
			for (size_t g = 0; g < s->devices[d].ports[p].n_gids; g++)
				n = add_netdev(out, n, s->devices[d].ports[p].gids[g].netdev);
	return n;
}

/* The layout warnings (default route, shared subnet); drawn when pane is set. */
static int warnings(const struct ui *ui, struct ui_pane *pane)
{
	static const char *const ids[] = { "net.default_route_rdma", "net.shared_subnet" };
	int count = 0;

	for (size_t i = 0; i < RS_ARRAY_SIZE(ids); i++)
		for (const struct rs_finding *f = rs_findings_get(&ui->sess.findings, ids[i], NULL); f;
		     f = rs_findings_next(&ui->sess.findings, f, ids[i], NULL)) {
			if (!rs_finding_is_problem(f))
				continue;
			count++;
			if (pane)
				ui_wrap_lead(pane, UI_R_WARN, " ~ ", f->summary, 0);
		}
	return count;
}

static void draw_netdev(struct ui *ui, struct ui_pane *pane, const char *name)
{
	const struct rs_link *l = rs_snap_index_link(&ui->sess.index, name);
	struct ui_pen pen;

	ui_line(pane, &pen);
	ui_put(&pen, UI_R_TITLE, name);
	if (!l) {
		ui_put(&pen, UI_R_WARN, _("  ~ not in the link list"));
		return;
	}
	ui_putf(&pen, l->up && l->carrier ? UI_R_OK : UI_R_BAD, "  %s", l->operstate);
	ui_putf(&pen, UI_R_NORMAL, "  mtu %u  %s", l->mtu, l->mac);
	if (l->vlan_id >= 0)
		ui_putf(&pen, UI_R_NORMAL, _("  vlan %d on %s"), l->vlan_id, l->vlan_parent);
	if (l->master[0])
		ui_putf(&pen, UI_R_NORMAL, "  master %s", l->master);
	for (size_t i = 0; i < ui->sess.snap.n_addrs; i++) {
		const struct rs_addr *a = &ui->sess.snap.addrs[i];

		if (strcmp(a->ifname, name))
			continue;
		ui_line(pane, &pen);
		ui_putf(&pen, UI_R_NORMAL, "   inet%s %s/%d %s", a->family == 6 ? "6" : "",
			a->addr, a->prefixlen, a->scope);
	}
	for (size_t i = 0; i < ui->sess.snap.n_routes; i++) {
		const struct rs_route *r = &ui->sess.snap.routes[i];

		if (strcmp(r->dev, name) || !strcmp(r->type, "local"))
			continue;
		ui_line(pane, &pen);
		ui_putf(&pen, UI_R_DIM, "   route %s%s%s%s%s metric %u", r->dst,
			r->gateway[0] ? " via " : "", r->gateway, r->prefsrc[0] ? " src " : "",
			r->prefsrc, r->metric);
		if (r->table && r->table != 254)
			ui_putf(&pen, UI_R_DIM, " table %u", r->table);
	}
	for (size_t i = 0; i < ui->sess.snap.n_neighs; i++) {
		const struct rs_neigh *nb = &ui->sess.snap.neighs[i];
		int bad;

		if (strcmp(nb->dev, name))
			continue;
		bad = rs_finding_is_problem(rs_findings_neigh(&ui->sess.findings, "net.neigh_failed",
							      nb->dev, nb->ip));
		ui_line(pane, &pen);
		ui_putf(&pen, bad ? UI_R_BAD : UI_R_NORMAL, "   %sneigh %s %s %s", bad ? "! " : "",
			nb->ip, nb->state, nb->mac[0] ? nb->mac : _("(no MAC)"));
	}
}

/* Problems about the peer; draws them when pane is not NULL. */
static int peer_lines(struct ui *ui, struct ui_pane *pane)
{
	const struct rs_route_lookup *lk = &ui->sess.snap.peer;
	const struct rs_finding *route, *neigh;
	struct ui_pen pen = { .y = -1 };

	route = rs_findings_get(&ui->sess.findings, "net.peer_route", NULL);
	neigh = rs_findings_get(&ui->sess.findings, "net.peer_neigh", NULL);
	if (!ui->sess.peer[0]) {
		if (pane) {
			ui_line(pane, &pen);
			ui_put(&pen, UI_R_DIM, _(" no peer set: press p and type its IP (or --peer IP)"));
		}
		return 0;
	}
	/* No findings yet: the first collection of a big host still runs. */
	if (!route || !neigh) {
		if (pane) {
			ui_line(pane, &pen);
			ui_putf(&pen, UI_R_DIM, _(" peer %s: not checked yet (the host is still read)"),
				ui->sess.peer);
		}
		return 0;
	}
	/* The session has no lookup of this peer (a recorded source): the
	 * check says so, as a skip. */
	if (route && route->verdict == RS_SKIP) {
		if (pane) {
			char line[sizeof(route->summary) + sizeof(ui->sess.label) + 16];

			snprintf(line, sizeof(line), _("%s (source: %s)"), route->summary,
				 ui->sess.label);
			ui_wrap_lead(pane, UI_R_DIM, " ", line, 0);
		}
		return 0;
	}
	if (!lk->ok) {
		if (pane)
			ui_wrap_lead(pane, UI_R_BAD, " ! ", route->summary, 0);
		return 1;
	}
	if (pane)
		ui_line(pane, &pen);
	/* "computed": from the recorded routes, not the kernel's answer */
	ui_putf(&pen, UI_R_NORMAL, lk->computed ? _(" computed route: peer %s via %s src %s") :
		_(" peer %s via %s src %s"), lk->peer, lk->dev, lk->src);
	if (lk->gateway[0])
		ui_putf(&pen, UI_R_NORMAL, _(" gateway %s"), lk->gateway);
	if (rs_finding_is_problem(route)) {
		if (pane)
			ui_wrap_lead(pane, UI_R_BAD, " ! ", route->summary, 0);
		return 1;
	}
	if (rs_finding_is_problem(neigh)) {
		if (pane)
			ui_wrap_lead(pane, neigh->verdict == RS_FAIL ? UI_R_BAD : UI_R_WARN,
				     neigh->verdict == RS_FAIL ? " ! " : " ~ ", neigh->summary, 0);
		return 1;
	}
	if (pane)
		ui_wrap_lead(pane, UI_R_OK, " ", neigh->summary, 0);
	return 0;
}

static void network_draw(struct ui *ui, struct ui_pane *pane)
{
	const char *nd[MAX_NETDEVS];
	int n = rdma_netdevs(ui, nd);
	struct ui_pen pen;

	pane->n_items = 0;
	ui_title(ui, pane, _("RDMA interfaces (%d)"), n);
	if (!n) {
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, _(" no RDMA port has a netdev"));
	}
	for (int i = 0; i < n; i++)
		draw_netdev(ui, pane, nd[i]);
	ui_title(ui, pane, "%s", _("Peer"));
	peer_lines(ui, pane);
	ui_title(ui, pane, "%s", _("Layout"));
	if (!warnings(ui, pane)) {
		/* Say what the checks said: a pass, or a skip with its reason (no
		 * routes in a fixture root is not "no default route"). */
		static const char *const ids[] = { "net.default_route_rdma", "net.shared_subnet" };

		for (size_t i = 0; i < RS_ARRAY_SIZE(ids); i++) {
			const struct rs_finding *f = rs_findings_get(&ui->sess.findings, ids[i], NULL);

			if (!f)
				continue;
			ui_wrap_lead(pane, f->verdict == RS_PASS ? UI_R_OK : UI_R_DIM,
				     f->verdict == RS_SKIP ? " ? " : " ", f->summary, 0);
		}
	}
	ui_errors_draw(ui, pane, RS_AREA_NET);
}

static void network_tick(struct ui *ui, struct ui_pane *pane)
{
	pane->problems += warnings(ui, NULL) + peer_lines(ui, NULL) +
			  rs_findings_problems(&ui->sess.findings, "net.neigh_failed");
	pane->problems += ui_errors_count(ui, RS_AREA_NET);
}

/* The peer key (p) is global: the input line opens from any pane. */
static const struct ui_key network_keys[] = {
	{ 0 },
};

const struct ui_pane_class ui_pane_network = {
	.id = RS_PANE_NETWORK,
	.about = N_("addresses, routes, neighbours of RDMA netdevs; the route to the peer"),
	.draw = network_draw,
	.tick = network_tick,
	.keys = network_keys,
};
