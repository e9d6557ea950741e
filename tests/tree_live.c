/* SPDX-License-Identifier: MIT */
/*
 * tree_live.c - test helper: walk a troubleshooting tree on this host's
 * real network (the libnl collectors, the kernel's route lookup, the real
 * probes towards a peer in another namespace) with an RDMA port made up on
 * a netdev, since the host kernel has none: the port is ACTIVE, its GID
 * table holds what rxe would make of the netdev's addresses (index 0 the
 * IPv6 link-local entry, index 1 the IPv4 one while the address is there).
 * Everything else is real, so tests/test_tree_live.sh makes each fault for
 * real in namespaces and asserts on the check that names its cause.
 *
 *   tree_live --rdma NETDEV [--rdma NETDEV2] --peer IP --tree NAME [-x N]
 *             [--view-neigh IP=MAC]
 *
 * --view-neigh: the peer's own view (what `rocescope serve` would send)
 * says its neighbour entry for IP holds MAC.  Probes run in this process
 * (rs_probe_run() is safe there), one after the other; tests never run.
 *
 * Prints one line per step, then the outcome:
 *   step N ID CHECK VERDICT cause=CAUSE_CHECK|-  SUMMARY
 *   outcome VERDICT step=ID|- check=CHECK|- cause=CAUSE_CHECK|-
 */
#include "collect/collect.h"
#include "diag/check.h"
#include "model/peer_view.h"
#include "util.h"
#include "wizard/run.h"

#include <arpa/inet.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What rxe would show: index 0 link-local, index 1 IPv4-mapped. */
static void add_gids(const struct rs_snapshot *s, struct rs_port *p)
{
	for (size_t i = 0; i < s->n_addrs; i++) {
		const struct rs_addr *a = &s->addrs[i];
		struct rs_gid *g;
		unsigned char b[4];

		if (strcmp(a->ifname, p->netdev) ||
		    (a->family == 6 && strcmp(a->scope, "link")) || (a->family == 4 &&
		    inet_pton(AF_INET, a->addr, b) != 1))
			continue;
		g = RS_APPEND(p->gids, p->n_gids);
		g->index = a->family == 6 ? 0 : 1;
		g->type = RS_GID_TYPE_ROCE_V2;
		g->vlan = -1;
		g->ipv4 = a->family == 4;
		RS_STRCPY(g->netdev, p->netdev);
		RS_STRCPY(g->ip, a->addr);
		if (a->family == 4)
			snprintf(g->gid, sizeof(g->gid), "0000:0000:0000:0000:0000:ffff:%02x%02x:%02x%02x",
				 b[0], b[1], b[2], b[3]);
		else
			RS_STRCPY(g->gid, "fe80:0000:0000:0000:0000:0000:0000:0001");
	}
}

static void add_port(struct rs_snapshot *s, const char *netdev)
{
	struct rs_device *d = RS_APPEND(s->devices, s->n_devices);
	struct rs_port *p = RS_APPEND(d->ports, d->n_ports);
	const struct rs_link *l = rs_snapshot_link(s, netdev);

	snprintf(d->name, sizeof(d->name), "rxe_%s", netdev);
	RS_STRCPY(d->driver, "rdma_rxe");
	p->num = 1;
	p->state = l && l->up && l->carrier ? RS_PORT_ACTIVE : RS_PORT_DOWN;
	RS_STRCPY(p->state_name, p->state == RS_PORT_ACTIVE ? "ACTIVE" : "DOWN");
	RS_STRCPY(p->link_layer, "Ethernet");
	RS_STRCPY(p->netdev, netdev);
	p->gid_tbl_len = 1024;
	p->active_mtu = l ? rs_roce_mtu(l->mtu) : 0;
	add_gids(s, p);
}

static void print_run(const struct rs_run *r)
{
	int first = rs_run_first(r);

	for (size_t i = 0; i < r->n_steps; i++) {
		const struct rs_step *st = &r->steps[i];

		printf("step %zu %s %s %s cause=%s  %s\n", i + 1, r->tree->nodes[st->node].id,
		       st->finding.id, rs_verdict_name(st->verdict),
		       st->cause_check ? st->cause_check : "-", rs_step_headline(st)->summary);
	}
	printf("outcome %s step=%s check=%s cause=%s\n", rs_verdict_name(rs_run_worst(r)),
	       first >= 0 ? r->tree->nodes[r->steps[first].node].id : "-",
	       first >= 0 ? r->steps[first].finding.id : "-",
	       first >= 0 && r->steps[first].cause_check ? r->steps[first].cause_check : "-");
}

/* The walk, running each probe a step (or a cause) asks for. */
static void walk(struct rs_run *r, const struct rs_snapshot *s, struct rs_check_params *pa,
		 const struct rs_peer_view *pv)
{
	static struct rs_probe_result res[RS_PROBE_KINDS];
	struct rs_probe_results pr = { { NULL } };
	struct rs_check_ctx ctx = { .snap = s, .params = pa, .probes = &pr,
				    .peer_view = pv->known ? pv : NULL };
	enum rs_probe_kind k;

	while (rs_run_advance(r, &ctx, &k) == RS_RUN_PROBE) {
		struct rs_probe_req req = { .kind = k };

		RS_STRCPY(req.peer, pa->peer);
		if (s->peer.ok)
			RS_STRCPY(req.ifname, s->peer.dev);
		rs_probe_run(&req, &res[k]);
		pr.of[k] = &res[k];
	}
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "rdma", 1, NULL, 'r' }, { "peer", 1, NULL, 'p' }, { "tree", 1, NULL, 't' },
		{ "view-neigh", 1, NULL, 'v' }, { NULL, 0, NULL, 0 },
	};
	const char *rdma[4], *tree = NULL;
	struct rs_peer_view pv = { 0 };
	struct rs_check_params pa;
	struct rs_snapshot s;
	struct rs_tree t;
	struct rs_run r;
	char err[512], *eq;
	int n = 0, c;

	rs_check_params_init(&pa);
	while ((c = getopt_long(argc, argv, "x:", opts, NULL)) != -1) {
		if (c == 'r' && n < 4)
			rdma[n++] = optarg;
		else if (c == 'p')
			pa.peer = optarg;
		else if (c == 't')
			tree = optarg;
		else if (c == 'x')
			pa.gid_index = atoi(optarg);
		else if (c == 'v' && (eq = strchr(optarg, '='))) {
			*eq = '\0';
			pv.known = 1;
			RS_STRCPY(pv.neigh_ip, optarg);
			RS_STRCPY(pv.neigh_mac, eq + 1);
			RS_STRCPY(pv.hostname, "lab-b");
		} else {
			fprintf(stderr, "usage: tree_live --rdma NETDEV --peer IP --tree NAME [-x N] "
				"[--view-neigh IP=MAC]\n");
			return 2;
		}
	}
	if (!tree || !pa.peer || rs_tree_load(&t, tree, err, sizeof(err))) {
		fprintf(stderr, "tree_live: %s\n", tree && pa.peer ? err : "--tree and --peer");
		return 2;
	}
	rs_snapshot_init(&s);
	rs_collect_net(&s);
	rs_collect_route_lookup(&s, pa.peer);
	for (int i = 0; i < n; i++)
		add_port(&s, rdma[i]);
	rs_run_init(&r, &t);
	rs_run_subject(&r, &s, NULL, 0);
	walk(&r, &s, &pa, &pv);
	print_run(&r);
	rs_run_free(&r);
	rs_tree_free(&t);
	rs_snapshot_free(&s);
	return 0;
}
