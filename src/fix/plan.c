/* SPDX-License-Identifier: MIT */
/*
 * plan.c - from findings to a plan of changes (fix.h): the table of
 * rules, one per check id that has a fix, and the steps they share.
 *
 * A rule looks at one problem finding (warn or fail) and the snapshot it
 * came from and appends the steps that would make the check pass: the
 * value the snapshot saw, the new value, the command a person would type,
 * how the change lasts.  A rule never guesses what only the site knows:
 * without the profile key it needs, its step is there, blocked, naming
 * the key.  Steps are kept once per thing changed (two checks that both
 * want a0's MTU make one step), then sorted in the order of enum
 * rs_fix_kind (modules before what needs them, files last), and the lines
 * our files in /etc must hold become one FILE step per file.
 *
 * Rules by area: the network here (MTU, ARP sysctls, the hand-set
 * neighbour, the route to the peer), the host and QoS in plan_host.c.
 */
#include "fix/fix_priv.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[RS_FIX_KINDS] = {
	"module", "mtu", "value", "neigh", "route", "pfc", "trust", "pause", "file",
};

const char *rs_fix_kind_name(enum rs_fix_kind k)
{
	return k < RS_FIX_KINDS ? kind_names[k] : "?";
}

int rs_fix_kind_parse(const char *name, enum rs_fix_kind *k)
{
	for (int i = 0; i < RS_FIX_KINDS; i++)
		if (!strcmp(kind_names[i], name)) {
			*k = (enum rs_fix_kind)i;
			return 0;
		}
	return -1;
}

struct rs_fix_step *rs_fix_step_new(struct rs_fix_plan *plan, const struct rs_finding *f,
				    enum rs_fix_kind kind, const char *target)
{
	struct rs_fix_step *st;

	/* The same thing changed for two findings: one step, answering both. */
	for (size_t i = 0; i < plan->n; i++) {
		st = &plan->steps[i];
		if (st->kind != kind || strcmp(st->target, target))
			continue;
		if (strcmp(st->check, f->id) && !strcmp(st->object, f->object) &&
		    strlen(st->also) + strlen(f->id) + 2 < sizeof(st->also))
			snprintf(st->also + strlen(st->also), sizeof(st->also) - strlen(st->also),
				 "%s%s", st->also[0] ? " " : "", f->id);
		return NULL;
	}
	st = RS_APPEND(plan->steps, plan->n);
	st->check = f->id;
	RS_STRCPY(st->object, f->object);
	st->kind = kind;
	RS_STRCPY(st->target, target);
	return st;
}

void rs_fix_block(struct rs_fix_step *st, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(st->blocked, sizeof(st->blocked), fmt, ap);
	va_end(ap);
}

/* ------------------------------------------------------ network rules */

/* The netdev of the port a finding is about ("" none). */
static const char *finding_netdev(const struct rs_snapshot *s, const struct rs_finding *f)
{
	if (f->netdev[0])
		return f->netdev;
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++)
			if (!strcmp(s->devices[i].name, f->device) &&
			    s->devices[i].ports[j].num == f->port)
				return s->devices[i].ports[j].netdev;
	return "";
}

static void rule_mtu(struct rs_fix_plan *plan, const struct rs_snapshot *s,
		     const struct rs_finding *f, const struct rs_fix_opts *o)
{
	const char *nd = finding_netdev(s, f);
	const struct rs_link *l = nd[0] ? rs_snapshot_link(s, nd) : NULL;
	unsigned want = o->profile ? o->profile->mtu : 0;
	struct rs_fix_step *st;

	if (!l || !(st = rs_fix_step_new(plan, f, RS_FIX_MTU, l->name)))
		return;
	RS_STRCPY(st->netdev, l->name);
	RS_FSET(st->what, "%s MTU", l->name);
	RS_FSET(st->cur, "%u", l->mtu);
	RS_FSET(st->persist, _("runtime only: set the MTU in %s's interface configuration too "
		"(ifupdown, netplan, NetworkManager: rocescope edits none of them)"), l->name);
	if (!want) {
		st->need = "mtu";
		rs_fix_block(st, _("needs the site's MTU: --profile FILE with mtu: N, or --set mtu=N "
			     "(9000 on a RoCE fabric whose switch ports carry 9216)"));
		return;
	}
	if (want == l->mtu) {
		rs_fix_block(st, _("the MTU is already the site's %u: nothing to change here"), want);
		return;
	}
	RS_FSET(st->want, "%u", want);
	RS_FSET(st->command, "ip link set %s mtu %u", l->name, want);
	if (l->vlan_id >= 0)
		rs_fix_block(st, _("%s is a VLAN of %s: the parent's MTU must be raised first, by "
			     "hand (ip link set %s mtu %u)"), l->name, l->vlan_parent,
			     l->vlan_parent, want);
}

/* The per-interface file of sysctl name, and its name for sysctl.d. */
static void conf_names(const char *ifname, const char *name, char *path, size_t plen,
		       char *key, size_t klen)
{
	snprintf(path, plen, "/proc/sys/net/ipv4/conf/%s/%s", ifname, name);
	/* A dot in the interface name (a VLAN) needs sysctl's slash form. */
	if (strchr(ifname, '.'))
		snprintf(key, klen, "net/ipv4/conf/%s/%s", ifname, name);
	else
		snprintf(key, klen, "net.ipv4.conf.%s.%s", ifname, name);
}

static void sysctl_step(struct rs_fix_plan *plan, const struct rs_finding *f,
			const struct rs_link *l, const char *name, int have, int want)
{
	char path[RS_MSG_LEN], key[RS_MSG_LEN];
	struct rs_fix_step *st;

	conf_names(l->name, name, path, sizeof(path), key, sizeof(key));
	st = rs_fix_step_new(plan, f, RS_FIX_VALUE, path);
	if (!st)
		return;
	RS_STRCPY(st->netdev, l->name);
	RS_STRCPY(st->what, key);
	RS_FSET(st->cur, "%d", have);
	RS_FSET(st->want, "%d", want);
	RS_FSET(st->command, "sysctl -w %s=%d", key, want);
	rs_fix_persist_line(plan, st, RS_FIX_SYSCTL_FILE, key, "%s = %d", key, want);
}

static void rule_arp_flux(struct rs_fix_plan *plan, const struct rs_snapshot *s,
			  const struct rs_finding *f, const struct rs_fix_opts *o)
{
	const struct rs_link *l = f->netdev[0] ? rs_snapshot_link(s, f->netdev) : NULL;

	if (!l || l->rp_filter < 0 || l->arp_ignore < 0 || l->arp_announce < 0)
		return;
	/* Loose, not off: replies through the other port of the subnet pass,
	 * spoofed sources from elsewhere are still dropped. */
	if (l->rp_filter == 1)
		sysctl_step(plan, f, l, "rp_filter", l->rp_filter, 2);
	if (l->arp_ignore != 1)
		sysctl_step(plan, f, l, "arp_ignore", l->arp_ignore, 1);
	if (l->arp_announce != 2)
		sysctl_step(plan, f, l, "arp_announce", l->arp_announce, 2);
}

/* The next hop towards the peer, as net.ping and net.peer_neigh name it. */
static const struct rs_neigh *peer_hop(const struct rs_snapshot *s)
{
	const struct rs_route_lookup *lk = &s->peer;
	const char *hop = lk->gateway[0] ? lk->gateway : lk->peer;

	if (!lk->ok || !lk->dev[0] || !hop[0])
		return NULL;
	return rs_snapshot_neigh(s, lk->dev, hop);
}

static void rule_neigh(struct rs_fix_plan *plan, const struct rs_snapshot *s,
		       const struct rs_finding *f, const struct rs_fix_opts *o)
{
	const struct rs_neigh *nb = peer_hop(s);
	char target[RS_MSG_LEN];
	struct rs_fix_step *st;

	/* Only a hand-set entry: a FAILED one is the network's answer. */
	if (!nb || strcmp(nb->state, "PERMANENT") || !rs_is_rdma_netdev(s, nb->dev))
		return;
	RS_FSET(target, "%s %s", nb->dev, nb->ip);
	st = rs_fix_step_new(plan, f, RS_FIX_NEIGH, target);
	if (!st)
		return;
	RS_STRCPY(st->netdev, nb->dev);
	RS_FSET(st->what, "neighbour %s on %s", nb->ip, nb->dev);
	RS_FSET(st->cur, "PERMANENT %s", nb->mac);
	RS_FSET(st->want, "removed: ARP learns the MAC");
	RS_FSET(st->command, "ip neigh del %s dev %s", nb->ip, nb->dev);
	RS_FSET(st->persist, _("runtime: an entry set by a boot script or the interface's "
		"configuration comes back at reboot; remove it there too"));
}

/* The one RDMA netdev with an address in the peer's subnet, or NULL. */
static const struct rs_addr *rdma_addr_for(const struct rs_snapshot *s, const char *peer,
					   int *several)
{
	const struct rs_addr *found = NULL;
	struct rs_addr p = { .family = strchr(peer, ':') ? 6 : 4 };

	RS_STRCPY(p.addr, peer);
	RS_STRCPY(p.scope, "global");
	*several = 0;
	for (size_t i = 0; i < s->n_addrs; i++) {
		const struct rs_addr *a = &s->addrs[i];

		p.prefixlen = a->prefixlen;
		if (!rs_is_rdma_netdev(s, a->ifname) || !rs_same_subnet(a, &p))
			continue;
		if (found && strcmp(found->ifname, a->ifname))
			*several = 1;
		found = found ? found : a;
	}
	return found;
}

static void rule_route(struct rs_fix_plan *plan, const struct rs_snapshot *s,
		       const struct rs_finding *f, const struct rs_fix_opts *o)
{
	const struct rs_route_lookup *lk = &s->peer;
	const struct rs_addr *a;
	struct rs_fix_step *st;
	int several, host = strchr(lk->peer, ':') ? 128 : 32;
	char dst[RS_CIDR_LEN];

	if (!lk->peer[0] || lk->computed || !(st = rs_fix_step_new(plan, f, RS_FIX_ROUTE,
								    lk->peer)))
		return;
	RS_FSET(dst, "%s/%d", lk->peer, host);
	RS_FSET(st->what, "route to %s", dst);
	RS_FSET(st->cur, "%s", lk->ok ? lk->dev : _("no route"));
	RS_STRCPY(st->netdev_old, lk->ok ? lk->dev : "");
	RS_FSET(st->persist, _("runtime only: add the route to the interface's configuration "
		"too (rocescope edits none)"));
	a = rdma_addr_for(s, lk->peer, &several);
	if (!a || several) {
		rs_fix_block(st, several ? _("several RDMA interfaces have an address in %s's "
			     "subnet: which one carries it is the site's choice (ip route add %s "
			     "dev NETDEV)") : _("no RDMA interface has an address in %s's subnet: a "
			     "route through a gateway needs the site's gateway (ip route add %s "
			     "via GW dev NETDEV)"), lk->peer, dst);
		return;
	}
	RS_STRCPY(st->netdev, a->ifname);
	RS_FSET(st->arg, "dev %s src %s", a->ifname, a->addr);
	RS_FSET(st->want, "%s dev %s src %s", dst, a->ifname, a->addr);
	RS_FSET(st->command, "ip route %s %s dev %s src %s",
		rs_fix_route_exists(s, dst) ? "replace" : "add", dst, a->ifname, a->addr);
}

int rs_fix_route_exists(const struct rs_snapshot *s, const char *dst)
{
	for (size_t i = 0; i < s->n_routes; i++)
		if (s->routes[i].table == 254 && !strcmp(s->routes[i].dst, dst))
			return 1;
	return 0;
}

/* ------------------------------------------------------------ the table */

static const struct {
	const char *check;
	rs_fix_rule_fn fn;
} rules[] = {
	{ "host.module_missing", rs_fix_rule_module },
	{ "port.roce_mtu_small", rule_mtu },
	{ "profile.mtu", rule_mtu },
	{ "net.arp_flux", rule_arp_flux },
	{ "net.ping", rule_neigh },
	{ "net.peer_neigh", rule_neigh },
	{ "net.peer_route", rule_route },
	{ "host.no_hugepages", rs_fix_rule_hugepages },
	{ "host.memlock_small", rs_fix_rule_memlock },
	{ "rdma.cm_defaults", rs_fix_rule_cm },
	{ "qos.ecn", rs_fix_rule_ecn },
	{ "qos.pfc", rs_fix_rule_pfc },
	{ "qos.trust", rs_fix_rule_trust },
	{ "qos.pause", rs_fix_rule_pause },
};

int rs_fix_has_rule(const char *check)
{
	for (size_t i = 0; i < RS_ARRAY_SIZE(rules); i++)
		if (!strcmp(rules[i].check, check))
			return 1;
	return 0;
}

void rs_fix_plan_finding(struct rs_fix_plan *plan, const struct rs_snapshot *snap,
			 const struct rs_finding *f, const struct rs_fix_opts *o)
{
	if (!rs_finding_is_problem(f))
		return;
	for (size_t i = 0; i < RS_ARRAY_SIZE(rules); i++)
		if (!strcmp(rules[i].check, f->id))
			rules[i].fn(plan, snap, f, o);
}

static int wanted(const struct rs_fix_opts *o, const struct rs_finding *f)
{
	const char *id = f->id;

	if (o->object && strcmp(o->object, f->object) && strcmp(o->object, f->netdev))
		return 0;
	if (!o->checks)
		return 1;
	for (size_t i = 0; i < o->n_checks; i++)
		if (!strcmp(o->checks[i], id) && (!o->objects || !o->objects[i] ||
						  !strcmp(o->objects[i], f->object)))
			return 1;
	return 0;
}

static int by_kind(const void *a, const void *b)
{
	const struct rs_fix_step *x = a, *y = b;

	/* Stable within a kind: the index breaks ties (qsort is not stable). */
	if (x->kind != y->kind)
		return (int)x->kind - (int)y->kind;
	return x->order < y->order ? -1 : x->order > y->order;
}

size_t rs_fix_plan_build(struct rs_fix_plan *plan, const struct rs_snapshot *snap,
			 const struct rs_findings *findings, const struct rs_fix_opts *o)
{
	rs_fix_plan_free(plan);
	for (size_t i = 0; i < findings->count; i++)
		if (wanted(o, &findings->items[i]))
			rs_fix_plan_finding(plan, snap, &findings->items[i], o);
	rs_fix_files_finish(plan);
	for (size_t i = 0; i < plan->n; i++)
		plan->steps[i].order = i;
	if (plan->n)
		qsort(plan->steps, plan->n, sizeof(plan->steps[0]), by_kind);
	return plan->n;
}

void rs_fix_files_done(struct rs_fix_plan *plan)
{
	rs_fix_files_finish(plan);
}

void rs_fix_plan_free(struct rs_fix_plan *plan)
{
	free(plan->steps);
	free(plan->lines);
	memset(plan, 0, sizeof(*plan));
}

size_t rs_fix_plan_ready(const struct rs_fix_plan *plan)
{
	size_t n = 0;

	for (size_t i = 0; i < plan->n; i++)
		n += !plan->steps[i].blocked[0];
	return n;
}
