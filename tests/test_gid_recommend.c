/* SPDX-License-Identifier: MIT */
/*
 * test_gid_recommend.c - which GID index rocescope tells people to use:
 * IPv4 RoCE v2 over its v1 twin, never link-local, global IPv6 only as a
 * fallback, VLAN netdevs, and a reason that names the cause when there is
 * nothing to use.
 */
#include "model/gid_recommend.h"
#include "snapshot.h"
#include "util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#define LL "fe80:0000:0000:0000:9a03:9bff:fe0a:1b2c"
#define LLIP "fe80::9a03:9bff:fe0a:1b2c"
#define V4GID "0000:0000:0000:0000:0000:ffff:c0a8:6401"
#define V6GID "2001:0db8:0100:0000:0000:0000:0000:0001"

struct fixture {
	struct rs_snapshot s;
	struct rs_device *d;
	struct rs_port *p;
};

static void setup_port(struct fixture *f, const char *netdev)
{
	rs_snapshot_init(&f->s);
	f->d = RS_APPEND(f->s.devices, f->s.n_devices);
	RS_STRCPY(f->d->name, "mlx5_0");
	f->p = RS_APPEND(f->d->ports, f->d->n_ports);
	f->p->num = 1;
	RS_STRCPY(f->p->link_layer, "Ethernet");
	RS_STRCPY(f->p->netdev, netdev);
	f->p->gid_tbl_len = 256;	/* the table was listed: every slot, as the kernel does */
}

static void add_gid(struct fixture *f, unsigned idx, const char *gid, enum rs_gid_type t,
		    const char *netdev, const char *ip, int ipv4, int vlan)
{
	struct rs_gid *g = RS_APPEND(f->p->gids, f->p->n_gids);

	g->index = idx;
	RS_STRCPY(g->gid, gid);
	g->type = t;
	RS_STRCPY(g->netdev, netdev);
	RS_STRCPY(g->ip, ip);
	g->ipv4 = ipv4;
	g->vlan = vlan;
}

static void add_addr(struct fixture *f, const char *ifname, int family, const char *addr)
{
	struct rs_addr *a = RS_APPEND(f->s.addrs, f->s.n_addrs);

	RS_STRCPY(a->ifname, ifname);
	a->family = family;
	RS_STRCPY(a->addr, addr);
	a->prefixlen = family == 4 ? 24 : 64;
	RS_STRCPY(a->scope, strncmp(addr, "fe80", 4) ? "global" : "link");
}

/* The mlx5 layout: link-local v1/v2, IPv4 v1/v2, global IPv6 v1/v2. */
static void add_mlx5_table(struct fixture *f, const char *nd)
{
	add_gid(f, 0, LL, RS_GID_TYPE_ROCE_V1, nd, LLIP, 0, -1);
	add_gid(f, 1, LL, RS_GID_TYPE_ROCE_V2, nd, LLIP, 0, -1);
	add_gid(f, 2, V4GID, RS_GID_TYPE_ROCE_V1, nd, "192.168.100.1", 1, -1);
	add_gid(f, 3, V4GID, RS_GID_TYPE_ROCE_V2, nd, "192.168.100.1", 1, -1);
	add_gid(f, 4, V6GID, RS_GID_TYPE_ROCE_V1, nd, "2001:db8:100::1", 0, -1);
	add_gid(f, 5, V6GID, RS_GID_TYPE_ROCE_V2, nd, "2001:db8:100::1", 0, -1);
}

static void pick_of(struct fixture *f, struct rs_gid_pick *pick)
{
	rs_gid_recommend(&f->s, f->d, f->p, pick);
}

static void test_ipv4_v2_over_v1(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;

	(void)state;
	setup_port(&f, "ens1f0np0");
	add_mlx5_table(&f, "ens1f0np0");
	add_addr(&f, "ens1f0np0", 4, "192.168.100.1");
	pick_of(&f, &pick);
	assert_int_equal(pick.index, 3);
	assert_ptr_equal(pick.gid, &f.p->gids[3]);
	assert_non_null(strstr(pick.reason, "192.168.100.1"));
	assert_non_null(strstr(pick.reason, "ens1f0np0"));
	assert_non_null(strstr(pick.reason, "RoCE v2"));
	rs_snapshot_free(&f.s);
}

static void test_addresses_unknown_trusts_table(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;

	(void)state;
	/* A fixture root has no netlink: no addresses, the table is the evidence. */
	setup_port(&f, "ens1f0np0");
	add_mlx5_table(&f, "ens1f0np0");
	pick_of(&f, &pick);
	assert_int_equal(pick.index, 3);
	rs_snapshot_free(&f.s);
}

/*
 * Verbs name a source GID in 8 bits: an entry past 255 (rxe has 1024 slots)
 * is never recommended, -x 300 would quietly use entry 44.
 */
static void test_index_past_255_never(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;

	(void)state;
	setup_port(&f, "eth0");
	add_gid(&f, 300, V4GID, RS_GID_TYPE_ROCE_V2, "eth0", "192.168.100.1", 1, -1);
	add_gid(&f, 70000, V4GID, RS_GID_TYPE_ROCE_V2, "eth0", "192.168.100.1", 1, -1);
	pick_of(&f, &pick);
	assert_int_equal(pick.index, -1);
	add_gid(&f, 255, V4GID, RS_GID_TYPE_ROCE_V2, "eth0", "192.168.100.1", 1, -1);
	pick_of(&f, &pick);
	assert_int_equal(pick.index, 255);
	rs_snapshot_free(&f.s);
}

static void test_link_local_never(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;

	(void)state;
	setup_port(&f, "eth0");
	add_gid(&f, 0, LL, RS_GID_TYPE_ROCE_V2, "eth0", LLIP, 0, -1);
	add_gid(&f, 1, LL, RS_GID_TYPE_ROCE_V1, "eth0", LLIP, 0, -1);
	add_addr(&f, "eth0", 6, LLIP);
	pick_of(&f, &pick);
	assert_int_equal(pick.index, -1);
	assert_null(pick.gid);
	assert_non_null(strstr(pick.reason, "link-local"));
	assert_non_null(strstr(pick.reason, "no IPv4 address on eth0"));
	assert_true(rs_gid_is_trap(f.p, &f.p->gids[0]));
	assert_true(rs_gid_is_trap(f.p, &f.p->gids[1]));
	rs_snapshot_free(&f.s);
}

static void test_ipv6_global_fallback(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;

	(void)state;
	setup_port(&f, "eth0");
	add_gid(&f, 0, LL, RS_GID_TYPE_ROCE_V2, "eth0", LLIP, 0, -1);
	add_gid(&f, 1, V6GID, RS_GID_TYPE_ROCE_V1, "eth0", "2001:db8:100::1", 0, -1);
	add_gid(&f, 2, V6GID, RS_GID_TYPE_ROCE_V2, "eth0", "2001:db8:100::1", 0, -1);
	add_addr(&f, "eth0", 6, "2001:db8:100::1");
	pick_of(&f, &pick);
	assert_int_equal(pick.index, 2);
	assert_non_null(strstr(pick.reason, "IPv6"));
	assert_non_null(strstr(pick.reason, "2001:db8:100::1"));
	assert_false(rs_gid_is_trap(f.p, &f.p->gids[2]));
	/* An IPv4 v2 entry, even at a higher index, beats the IPv6 one. */
	add_gid(&f, 7, V4GID, RS_GID_TYPE_ROCE_V2, "eth0", "192.168.100.1", 1, -1);
	add_addr(&f, "eth0", 4, "192.168.100.1");
	pick_of(&f, &pick);
	assert_int_equal(pick.index, 7);
	rs_snapshot_free(&f.s);
}

static void test_only_v1(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;

	(void)state;
	setup_port(&f, "eth2");
	add_gid(&f, 0, LL, RS_GID_TYPE_ROCE_V1, "eth2", LLIP, 0, -1);
	add_gid(&f, 1, V4GID, RS_GID_TYPE_ROCE_V1, "eth2", "192.168.100.1", 1, -1);
	add_addr(&f, "eth2", 4, "192.168.100.1");
	pick_of(&f, &pick);
	assert_int_equal(pick.index, -1);
	assert_non_null(strstr(pick.reason, "only RoCE v1"));
	assert_non_null(strstr(pick.reason, "eth2"));
	rs_snapshot_free(&f.s);
}

/* Untranslated: the finding's summary is the views' words, with no
 * separate English copy (rs_finding_summary_en() reads the summary). */
static void test_summary_set_english(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;
	struct rs_finding fd;
	char say[sizeof(pick.reason) + 64];

	(void)state;
	setup_port(&f, "eth2");
	add_gid(&f, 1, V4GID, RS_GID_TYPE_ROCE_V1, "eth2", "192.168.100.1", 1, -1);
	add_addr(&f, "eth2", 4, "192.168.100.1");
	pick_of(&f, &pick);
	memset(&fd, 'x', sizeof(fd));
	rs_gid_pick_summary_set(&pick, &fd);
	assert_string_equal(fd.summary, rs_gid_pick_summary(&pick, say, sizeof(say)));
	assert_string_equal(fd.summary, "no GID index to use: only RoCE v1 entries carry IPv4 "
			    "on eth2: RoCE v2 is not enabled or not supported");
	assert_string_equal(fd.summary_en, "");
	assert_string_equal(rs_finding_summary_en(&fd), fd.summary);
	assert_string_equal(pick.reason_en, "");
	assert_ptr_equal(rs_gid_pick_reason_en(&pick), pick.reason);
	rs_snapshot_free(&f.s);
}

static void test_no_ipv4_on_netdev(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;

	(void)state;
	setup_port(&f, "eth3");
	pick_of(&f, &pick);
	assert_int_equal(pick.index, -1);
	assert_non_null(strstr(pick.reason, "eth3"));
	add_gid(&f, 0, LL, RS_GID_TYPE_ROCE_V2, "eth3", LLIP, 0, -1);
	add_addr(&f, "eth9", 4, "10.0.0.9");	/* another netdev's address */
	pick_of(&f, &pick);
	assert_int_equal(pick.index, -1);
	assert_non_null(strstr(pick.reason, "no IPv4 address on eth3"));
	rs_snapshot_free(&f.s);
}

static void test_no_netdev(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;

	(void)state;
	setup_port(&f, "");
	pick_of(&f, &pick);
	assert_int_equal(pick.index, -1);
	assert_non_null(strstr(pick.reason, "no netdev"));
	RS_STRCPY(f.p->link_layer, "InfiniBand");
	pick_of(&f, &pick);
	assert_int_equal(pick.index, -1);
	assert_non_null(strstr(pick.reason, "InfiniBand"));
	rs_snapshot_free(&f.s);
}

/*
 * A table that cannot tell is not an empty one: not listed at all, or its
 * entries not read with none of those read usable.  The state says which
 * verdict every view gives; the summary is the words they all show.
 */
static void test_table_not_read(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;
	char say[320];

	(void)state;
	setup_port(&f, "eth0");
	f.p->gid_tbl_len = 0;
	pick_of(&f, &pick);
	assert_int_equal(pick.state, RS_GID_UNKNOWN);
	assert_string_equal(rs_gid_pick_summary(&pick, say, sizeof(say)),
			    "GID table not read: no gids/ directory in the snapshot");
	rs_snapshot_add_error(&f.s, RS_AREA_RDMA, "sysfs", "mlx5_0",
			      "port 1: cannot list gids: Permission denied");
	pick_of(&f, &pick);
	assert_string_equal(pick.reason, "GID table not read: Permission denied");
	rs_snapshot_free(&f.s);

	/* listed, but every entry unreadable */
	setup_port(&f, "eth0");
	f.p->gid_tbl_len = 2;
	rs_snapshot_add_error(&f.s, RS_AREA_RDMA, "sysfs", "mlx5_0",
			      "port 1 gid 0: cannot read: Permission denied");
	rs_snapshot_add_error(&f.s, RS_AREA_RDMA, "sysfs", "mlx5_0",
			      "port 1 gid 1: cannot read: Permission denied");
	pick_of(&f, &pick);
	assert_int_equal(pick.state, RS_GID_UNKNOWN);
	assert_string_equal(pick.reason, "GID table not read: 2 of 2 entries: Permission denied");
	assert_string_equal(rs_gid_state_name(pick.state), "unknown");
	/* an entry read and usable is still the one to use */
	add_gid(&f, 1, V4GID, RS_GID_TYPE_ROCE_V2, "eth0", "192.168.100.1", 1, -1);
	pick_of(&f, &pick);
	assert_int_equal(pick.state, RS_GID_USE);
	assert_string_equal(rs_gid_pick_summary(&pick, say, sizeof(say)), "use GID index 1");
	rs_snapshot_free(&f.s);

	/* the table read and empty: nothing to use, a failure */
	setup_port(&f, "eth0");
	pick_of(&f, &pick);
	assert_int_equal(pick.state, RS_GID_NONE);
	assert_string_equal(rs_gid_pick_summary(&pick, say, sizeof(say)), "no GID index to use: "
			    "GID table of the port is empty (eth0 down or no address?)");
	rs_snapshot_free(&f.s);
}

/* No link layer and no netdev: unknown, in the same words for every view. */
static void test_link_layer_unknown(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;

	(void)state;
	setup_port(&f, "");
	f.p->link_layer[0] = '\0';
	pick_of(&f, &pick);
	assert_int_equal(pick.state, RS_GID_UNKNOWN);
	assert_string_equal(pick.reason, "link layer unknown (no netdev): no RoCE GID to choose");
	RS_STRCPY(f.p->netdev, "eth0");
	pick_of(&f, &pick);
	assert_string_equal(pick.reason, "link layer unknown: no RoCE GID to choose");
	rs_snapshot_free(&f.s);
}

static void test_vlan_netdev(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;

	(void)state;
	/* The address lives only on the VLAN device: its entry is the one. */
	setup_port(&f, "ens1f0np0");
	add_gid(&f, 0, LL, RS_GID_TYPE_ROCE_V1, "ens1f0np0", LLIP, 0, -1);
	add_gid(&f, 1, LL, RS_GID_TYPE_ROCE_V2, "ens1f0np0", LLIP, 0, -1);
	add_gid(&f, 2, V4GID, RS_GID_TYPE_ROCE_V1, "ens1f0np0.100", "192.168.100.1", 1, 100);
	add_gid(&f, 3, V4GID, RS_GID_TYPE_ROCE_V2, "ens1f0np0.100", "192.168.100.1", 1, 100);
	add_addr(&f, "ens1f0np0.100", 4, "192.168.100.1");
	pick_of(&f, &pick);
	assert_int_equal(pick.index, 3);
	assert_non_null(strstr(pick.reason, "ens1f0np0.100"));
	assert_non_null(strstr(pick.reason, "VLAN 100"));
	/* An untagged address on the port netdev itself ranks first. */
	add_gid(&f, 5, "0000:0000:0000:0000:0000:ffff:0a00:0001", RS_GID_TYPE_ROCE_V2,
		"ens1f0np0", "10.0.0.1", 1, -1);
	add_addr(&f, "ens1f0np0", 4, "10.0.0.1");
	pick_of(&f, &pick);
	assert_int_equal(pick.index, 5);
	rs_snapshot_free(&f.s);
}

static void test_stale_entry_ranks_last(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;

	(void)state;
	/* GID 3 names an address the netdev no longer has; 6 is current. */
	setup_port(&f, "eth0");
	add_gid(&f, 3, V4GID, RS_GID_TYPE_ROCE_V2, "eth0", "192.168.100.1", 1, -1);
	add_gid(&f, 6, "0000:0000:0000:0000:0000:ffff:0a00:0002", RS_GID_TYPE_ROCE_V2,
		"eth0", "10.0.0.2", 1, -1);
	add_addr(&f, "eth0", 4, "10.0.0.2");
	pick_of(&f, &pick);
	assert_int_equal(pick.index, 6);
	rs_snapshot_free(&f.s);
}

/*
 * An InfiniBand port: its default GID is fe80::/64 plus the port
 * GUID and of the IB type - neither a "link-local" nor a "RoCE v1" trap -
 * and on a kernel without gid_attrs/types it is shown as show_gids shows
 * it, v1 ("IB/RoCE v1"), not "unknown".
 */
static void test_infiniband_port(void **state)
{
	struct fixture f;
	struct rs_gid_pick pick;

	(void)state;
	setup_port(&f, "");
	RS_STRCPY(f.p->link_layer, "InfiniBand");
	add_gid(&f, 0, "fe80:0000:0000:0000:0002:c903:0000:0001", RS_GID_TYPE_UNKNOWN, "",
		"fe80::2:c903:0:1", 0, -1);
	add_gid(&f, 1, LL, RS_GID_TYPE_ROCE_V1, "", LLIP, 0, -1);
	for (size_t i = 0; i < f.p->n_gids; i++) {
		assert_null(rs_gid_trap_label(f.p, &f.p->gids[i]));
		assert_false(rs_gid_is_trap(f.p, &f.p->gids[i]));
		assert_int_equal(rs_gid_type_of(f.p, &f.p->gids[i]), RS_GID_TYPE_ROCE_V1);
	}
	pick_of(&f, &pick);
	assert_int_equal(pick.index, -1);
	assert_string_equal(pick.reason, "InfiniBand port: no RoCE GID to choose");
	/* the same entries on a RoCE port are the traps, and unknown stays unknown */
	RS_STRCPY(f.p->link_layer, "Ethernet");
	assert_string_equal(rs_gid_trap_label(f.p, &f.p->gids[0]), "trap: link-local");
	assert_string_equal(rs_gid_trap_label(f.p, &f.p->gids[1]), "trap: RoCE v1");
	assert_int_equal(rs_gid_type_of(f.p, &f.p->gids[0]), RS_GID_TYPE_UNKNOWN);
	rs_snapshot_free(&f.s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ipv4_v2_over_v1),
		cmocka_unit_test(test_addresses_unknown_trusts_table),
		cmocka_unit_test(test_link_local_never),
		cmocka_unit_test(test_index_past_255_never),
		cmocka_unit_test(test_ipv6_global_fallback),
		cmocka_unit_test(test_only_v1),
		cmocka_unit_test(test_summary_set_english),
		cmocka_unit_test(test_no_ipv4_on_netdev),
		cmocka_unit_test(test_no_netdev),
		cmocka_unit_test(test_table_not_read),
		cmocka_unit_test(test_link_layer_unknown),
		cmocka_unit_test(test_vlan_netdev),
		cmocka_unit_test(test_stale_entry_ranks_last),
		cmocka_unit_test(test_infiniband_port),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
