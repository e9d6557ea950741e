/* SPDX-License-Identifier: MIT */
/*
 * test_checks_neigh.c - the checks that name a cause behind a symptom on
 * hand-made snapshots: the neighbour towards the peer (ARP off, a MAC other
 * than the one answering ARP, a hand-set entry the peer does not answer
 * through), ARP flux as it happens (our own table, the peer's view), the
 * route lookup the kernel refused (errno and meaning), a peer address that
 * is ours but that the kernel sends out of an interface (the one-host lab),
 * and the GID index a tool uses without -x.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "checks_lib.h"
#include "util.h"

/* Two RDMA ports in one subnet, veth0 10.99.0.1 (rxe0), veth2 10.99.0.3
 * (rxe2), and veth1 10.99.0.2 (rxe1): the one-host lab with two_ifaces. */
static void lab_host(struct rs_snapshot *s)
{
	static const char *const nd[] = { "veth0", "veth1", "veth2" };
	static const char *const ip[] = { "10.99.0.1", "10.99.0.2", "10.99.0.3" };
	static const char *const mac[] = { "aa:00:00:00:00:00", "aa:00:00:00:00:01",
					   "aa:00:00:00:00:02" };

	rs_snapshot_init(s);
	for (int i = 0; i < 3; i++) {
		char name[16];
		struct rs_link *l = rs_ct_link(s, nd[i], 1500);
		struct rs_addr *a = RS_APPEND(s->addrs, s->n_addrs);

		snprintf(name, sizeof(name), "rxe%d", i);
		rs_ct_port(rs_ct_device(s, name, "rdma_rxe"), 1, 4, "Ethernet", nd[i]);
		RS_STRCPY(l->mac, mac[i]);
		l->up = l->carrier = 1;
		l->rp_filter = 0;
		l->arp_ignore = l->arp_announce = 0;
		RS_STRCPY(a->ifname, nd[i]);
		a->family = 4;
		RS_STRCPY(a->addr, ip[i]);
		a->prefixlen = 24;
		RS_STRCPY(a->scope, "global");
	}
}

static void neigh(struct rs_snapshot *s, const char *dev, const char *ip, const char *mac,
		  const char *state)
{
	struct rs_neigh *n = RS_APPEND(s->neighs, s->n_neighs);

	n->family = 4;
	RS_STRCPY(n->dev, dev);
	RS_STRCPY(n->ip, ip);
	RS_STRCPY(n->mac, mac);
	RS_STRCPY(n->state, state);
}

static void route_to(struct rs_snapshot *s, const char *peer, const char *dev)
{
	memset(&s->peer, 0, sizeof(s->peer));
	RS_STRCPY(s->peer.peer, peer);
	s->peer.ok = 1;
	RS_STRCPY(s->peer.dev, dev);
}

static void run(const struct rs_snapshot *s, const struct rs_probe_results *pr,
		const struct rs_peer_view *pv, struct rs_findings *f)
{
	struct rs_check_params pa;
	struct rs_check_ctx ctx = { .snap = s, .params = &pa, .probes = pr, .peer_view = pv };

	rs_check_params_init(&pa);
	pa.peer = s->peer.peer;
	rs_findings_init(f);
	rs_checks_run(&ctx, f);
}

/* The one-host lab: 10.99.0.2 is ours (veth1), yet the kernel sends it out
 * of veth0 - a real path: judged, not "this host". */
static void test_policy_routed_self(void **state)
{
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;

	lab_host(&s);
	route_to(&s, "10.99.0.2", "veth0");
	neigh(&s, "veth0", "10.99.0.2", "aa:00:00:00:00:01", "REACHABLE");
	run(&s, NULL, NULL, &f);
	x = rs_ct_get(&f, "net.peer_route", "10.99.0.2", RS_PASS);
	assert_non_null(strstr(x->summary, "the address is also this host's, on veth1"));
	x = rs_ct_get(&f, "net.peer_neigh", "10.99.0.2", RS_PASS);
	rs_findings_free(&f);
	/* through lo: the peer is this host */
	route_to(&s, "10.99.0.2", "lo");
	run(&s, NULL, NULL, &f);
	rs_ct_get(&f, "net.peer_route", "10.99.0.2", RS_SKIP);
	x = rs_ct_get(&f, "net.peer_neigh", "10.99.0.2", RS_SKIP);
	assert_non_null(strstr(x->summary, "is this host"));
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

static void test_neigh_whose_mac(void **state)
{
	struct rs_probe_result ping = { .kind = RS_PROBE_PING, .ok = 1, .sent = 3 };
	struct rs_probe_result nb = { .kind = RS_PROBE_NEIGH, .ok = 1, .neigh_dev = "veth0",
		.neigh_ip = "10.99.0.2", .neigh_state = "PERMANENT",
		.neigh_mac = "02:00:00:00:99:99", .neigh_arp = "answered",
		.neigh_arp_mac = "aa:00:00:00:00:01", .neigh_arp_macs = 1 };
	struct rs_probe_results pr = { { NULL } };
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;

	lab_host(&s);
	route_to(&s, "10.99.0.2", "veth0");
	/* a hand-set MAC that is not the one answering ARP */
	pr.of[RS_PROBE_NEIGH] = &nb;
	run(&s, &pr, NULL, &f);
	x = rs_ct_get(&f, "net.peer_neigh", "10.99.0.2", RS_FAIL);
	assert_string_equal(x->summary, "the entry for 10.99.0.2 on veth0 holds 02:00:00:00:99:99 "
			    "(PERMANENT, set by hand), but 10.99.0.2 answers ARP with "
			    "aa:00:00:00:00:01: RoCE frames go to a MAC that is not the peer's");
	assert_non_null(strstr(x->evidence, "our ARP request: answered by aa:00:00:00:00:01"));
	assert_non_null(strstr(x->remedy, "ip neigh del 10.99.0.2 dev veth0"));
	rs_findings_free(&f);
	/* no ARP answer to compare with, but the ping got nothing back */
	nb.neigh_arp_macs = 0;
	RS_STRCPY(nb.neigh_arp, "not asked: packet socket: Operation not permitted");
	pr.of[RS_PROBE_PING] = &ping;
	run(&s, &pr, NULL, &f);
	x = rs_ct_get(&f, "net.peer_neigh", "10.99.0.2", RS_FAIL);
	assert_non_null(strstr(x->summary, "is a hand-set MAC (PERMANENT 02:00:00:00:99:99) and "
			       "the peer answers nothing"));
	rs_findings_free(&f);
	/* a learnt entry while nobody answers ARP now */
	RS_STRCPY(nb.neigh_state, "DELAY");
	RS_STRCPY(nb.neigh_arp, "no answer");
	run(&s, &pr, NULL, &f);
	x = rs_ct_get(&f, "net.peer_neigh", "10.99.0.2", RS_FAIL);
	assert_non_null(strstr(x->summary, "nobody answers ARP for 10.99.0.2 now"));
	rs_findings_free(&f);
	RS_STRCPY(nb.neigh_state, "PERMANENT");
	RS_STRCPY(nb.neigh_arp, "not asked: packet socket: Operation not permitted");
	/* the same entry while the ping is answered: nothing wrong seen */
	ping.received = 3;
	run(&s, &pr, NULL, &f);
	rs_ct_get(&f, "net.peer_neigh", "10.99.0.2", RS_PASS);
	rs_findings_free(&f);
	/* ARP off: the entry holds the interface's own MAC */
	pr.of[RS_PROBE_NEIGH] = NULL;
	s.links[0].noarp = 1;
	neigh(&s, "veth0", "10.99.0.2", "aa:00:00:00:00:00", "NOARP");
	run(&s, &pr, NULL, &f);
	x = rs_ct_get(&f, "net.peer_neigh", "10.99.0.2", RS_FAIL);
	assert_string_equal(x->summary, "veth0 has ARP off (NOARP): its entry for 10.99.0.2 "
			    "holds aa:00:00:00:00:00, veth0's own MAC, so nothing it sends "
			    "reaches the peer");
	assert_string_equal(x->remedy, "ip link set veth0 arp on; ip neigh flush dev veth0");
	/* ... which is not ARP flux */
	assert_int_equal(rs_findings_problems(&f, "net.arp_flux"), 3);	/* the sysctls only */
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

/* Flux as it happens: the peer's entry (here, one host: our own table)
 * for veth0's address holds veth2's MAC. */
static void test_flux_seen(void **state)
{
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;
	struct rs_fkey k = { .id = "net.arp_flux", .kind = -1, .netdev = "veth0" };

	lab_host(&s);
	route_to(&s, "10.99.0.2", "veth0");
	neigh(&s, "veth1", "10.99.0.1", "aa:00:00:00:00:02", "REACHABLE");
	run(&s, NULL, NULL, &f);
	x = rs_ct_get(&f, "net.arp_flux", "veth0 veth2", RS_FAIL);
	assert_string_equal(x->summary, "ARP flux: this host's entry for 10.99.0.1 (the address "
			    "of veth0) holds aa:00:00:00:00:02, the MAC of veth2: RoCE for veth0 "
			    "arrives on veth2 and is dropped");
	assert_string_equal(x->evidence, "this host's neighbour entry: 10.99.0.1 dev veth1 "
			    "lladdr aa:00:00:00:00:02 (veth2's MAC)");
	assert_non_null(strstr(x->remedy, "arp_ignore=1"));
	assert_int_equal(rs_findings_count_problems(&f, &k), 2);	/* seen, and the sysctls */
	rs_findings_free(&f);
	rs_snapshot_free(&s);

	/* The same from the peer's view: our address, our other port's MAC. */
	{
		struct rs_peer_view pv = { .known = 1, .hostname = "lab-b",
					   .neigh_ip = "10.99.0.1",
					   .neigh_mac = "AA:00:00:00:00:02" };

		lab_host(&s);
		route_to(&s, "10.99.0.2", "veth0");
		run(&s, NULL, &pv, &f);
		x = rs_ct_get(&f, "net.arp_flux", "veth0 veth2", RS_FAIL);
		assert_non_null(strstr(x->summary, "ARP flux: the peer lab-b's entry for "
				       "10.99.0.1 (the address of veth0) holds"));
		rs_findings_free(&f);
		/* the right MAC: no flux */
		RS_STRCPY(pv.neigh_mac, "aa:00:00:00:00:00");
		run(&s, NULL, &pv, &f);
		assert_null(rs_findings_get(&f, "net.arp_flux", "veth0 veth2"));
		rs_findings_free(&f);
		rs_snapshot_free(&s);
	}
}

/* The ping's replies never reach the socket bound to veth0, but an
 * unbound one gets them in by veth2: flux seen from this end alone. */
static void test_flux_strays(void **state)
{
	struct rs_probe_result ping = { .kind = RS_PROBE_PING, .ok = 1, .sent = 3,
		.dev = "veth0", .src = "10.99.0.1", .reply_dev = "veth2", .stray_replies = 3 };
	struct rs_probe_results pr = { { NULL } };
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;

	lab_host(&s);
	route_to(&s, "10.99.0.2", "veth0");
	pr.of[RS_PROBE_PING] = &ping;
	run(&s, &pr, NULL, &f);
	x = rs_ct_get(&f, "net.arp_flux", "veth0 veth2", RS_FAIL);
	assert_string_equal(x->summary, "ARP flux: the peer's replies to 10.99.0.1 (veth0's "
			    "address) come in by veth2: its ARP entry for our address holds "
			    "veth2's MAC, so RoCE for veth0 arrives on veth2 and is dropped");
	assert_string_equal(x->evidence, "ping probe: 0/3 replies to a socket bound to veth0; 3 "
			    "to an unbound one, in by veth2");
	rs_findings_free(&f);
	/* replies in by a netdev that is no RDMA port: not this */
	RS_STRCPY(ping.reply_dev, "eno1");
	run(&s, &pr, NULL, &f);
	assert_null(rs_findings_get(&f, "net.arp_flux", "veth0 eno1"));
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

static void test_route_refused(void **state)
{
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;

	lab_host(&s);
	memset(&s.peer, 0, sizeof(s.peer));
	RS_STRCPY(s.peer.peer, "10.99.0.9");
	RS_STRCPY(s.peer.error, "Network is unreachable");
	s.peer.err = ENETUNREACH;
	run(&s, NULL, NULL, &f);
	x = rs_ct_get(&f, "net.peer_route", "10.99.0.9", RS_FAIL);
	assert_non_null(strstr(x->summary, "peer 10.99.0.9: no route: Network is unreachable "
			       "(ENETUNREACH: no up interface holds an address in the peer's "
			       "subnet and no default route covers it"));
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

static void test_default_index(void **state)
{
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;
	struct rs_gid *g;

	lab_host(&s);
	for (size_t i = 0; i < s.n_devices; i++) {
		struct rs_port *p = &s.devices[i].ports[0];

		p->gid_tbl_len = 1024;
		g = RS_APPEND(p->gids, p->n_gids);
		*g = (struct rs_gid){ .index = 0, .type = RS_GID_TYPE_ROCE_V2, .ip = "fe80::1",
				      .gid = "fe80:0000:0000:0000:0000:0000:0000:0001", .vlan = -1 };
		RS_STRCPY(g->netdev, p->netdev);
		g = RS_APPEND(p->gids, p->n_gids);
		*g = (struct rs_gid){ .index = 1, .type = RS_GID_TYPE_ROCE_V2, .ipv4 = 1,
				      .vlan = -1 };
		RS_STRCPY(g->ip, s.addrs[i].addr);
		RS_STRCPY(g->netdev, p->netdev);
	}
	run(&s, NULL, NULL, &f);
	x = rs_ct_get(&f, "gid.default_index", "rxe0 port 1", RS_WARN);
	assert_string_equal(x->summary, "a tool without -x uses index 0 (RoCE v2, fe80::1): give "
			    "-x 1 explicitly");
	assert_non_null(strstr(x->remedy, "ib_write_bw -x 1"));
	rs_findings_free(&f);
	s.devices[0].ports[0].n_gids = 0;	/* no RoCE v2 entry to give */
	run(&s, NULL, NULL, &f);
	rs_ct_get(&f, "gid.default_index", "rxe0 port 1", RS_SKIP);
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_policy_routed_self),
		cmocka_unit_test(test_neigh_whose_mac),
		cmocka_unit_test(test_flux_seen),
		cmocka_unit_test(test_flux_strays),
		cmocka_unit_test(test_route_refused),
		cmocka_unit_test(test_default_index),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
