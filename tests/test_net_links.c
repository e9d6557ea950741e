/* SPDX-License-Identifier: MIT */
/*
 * test_net_links.c - the link part of the netlink collector on recorded
 * RTM_NEWLINK messages, fed to libnl's own "route/link" cache parser.
 *
 * The namespace test (test_collect_net.sh) covers links live, but a kernel
 * without 8021q or bonding cannot make a VLAN or a bond.  The messages here
 * are what such a kernel sends (ifinfomsg + IFLA_* attributes, the VLAN id
 * nested in IFLA_LINKINFO/IFLA_INFO_DATA), so the VLAN id, VLAN parent,
 * master, kind, operstate, flags and the IFLA_STATS64 names are checked on
 * every machine.  libnl parses them exactly as it parses a real dump.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <netlink/cache.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>

#include "collect/net_priv.h"
#include "snapshot.h"

#define LOWER_UP 0x10000	/* IFF_LOWER_UP */

struct fake_link {
	int ifindex;
	const char *name;
	unsigned flags;
	unsigned char operstate;	/* IF_OPER_* */
	unsigned mtu;
	int link;			/* IFLA_LINK, 0 none */
	int master;			/* IFLA_MASTER, 0 none */
	const char *kind;		/* IFLA_INFO_KIND, NULL none */
	int vlan_id;			/* IFLA_VLAN_ID when kind is vlan */
	const struct rtnl_link_stats64 *stats;
};

static const unsigned char mac[6] = { 0x0c, 0x42, 0xa1, 0x00, 0x00, 0x01 };

static void add_link(struct nl_cache *cache, const struct fake_link *f)
{
	struct ifinfomsg ifi = {
		.ifi_family = AF_UNSPEC,
		.ifi_index = f->ifindex,
		.ifi_flags = f->flags,
	};
	struct nl_msg *m = nlmsg_alloc_simple(RTM_NEWLINK, 0);

	assert_non_null(m);
	assert_int_equal(nlmsg_append(m, &ifi, sizeof(ifi), NLMSG_ALIGNTO), 0);
	assert_int_equal(nla_put_string(m, IFLA_IFNAME, f->name), 0);
	assert_int_equal(nla_put_u32(m, IFLA_MTU, f->mtu), 0);
	assert_int_equal(nla_put_u8(m, IFLA_OPERSTATE, f->operstate), 0);
	assert_int_equal(nla_put(m, IFLA_ADDRESS, sizeof(mac), mac), 0);
	if (f->link)
		assert_int_equal(nla_put_u32(m, IFLA_LINK, f->link), 0);
	if (f->master)
		assert_int_equal(nla_put_u32(m, IFLA_MASTER, f->master), 0);
	if (f->stats)
		assert_int_equal(nla_put(m, IFLA_STATS64, sizeof(*f->stats), f->stats), 0);
	if (f->kind) {
		struct nlattr *info = nla_nest_start(m, IFLA_LINKINFO);

		assert_int_equal(nla_put_string(m, IFLA_INFO_KIND, f->kind), 0);
		if (!strcmp(f->kind, "vlan")) {
			struct nlattr *data = nla_nest_start(m, IFLA_INFO_DATA);

			assert_int_equal(nla_put_u16(m, IFLA_VLAN_ID, f->vlan_id), 0);
			nla_nest_end(m, data);
		}
		nla_nest_end(m, info);
	}
	assert_int_equal(nl_cache_parse_and_add(cache, m), 0);
	nlmsg_free(m);
}

static const struct rtnl_link_stats64 eth0_stats = {
	.rx_packets = 1000, .tx_packets = 2000, .rx_bytes = 123456789012ULL,
	.rx_crc_errors = 7, .rx_missed_errors = 11, .tx_dropped = 5,
	.multicast = 3, .rx_nohandler = 2,
};

static const struct fake_link links[] = {
	{ 2, "eth0", IFF_UP | IFF_BROADCAST | LOWER_UP | IFF_SLAVE, 6, 9000, 0, 3,
	  NULL, 0, &eth0_stats },
	{ 3, "bond0", IFF_UP | IFF_BROADCAST | LOWER_UP | IFF_MASTER, 6, 9000, 0, 0,
	  "bond", 0, NULL },
	{ 4, "eth0.100", IFF_UP | IFF_BROADCAST | LOWER_UP, 6, 9000, 2, 0,
	  "vlan", 100, NULL },
	{ 5, "eth1", IFF_BROADCAST, 2, 1500, 0, 0, NULL, 0, NULL },
	{ 6, "eth2", IFF_UP | IFF_BROADCAST, 3, 1500, 0, 0, NULL, 0, NULL },
};

static int setup(void **state)
{
	struct nl_cache *cache;
	struct rs_snapshot *s;

	assert_int_equal(nl_cache_alloc_name("route/link", &cache), 0);
	for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++)
		add_link(cache, &links[i]);
	s = test_malloc(sizeof(*s));
	rs_snapshot_init(s);
	rs_net_links_from_cache(s, cache);
	nl_cache_free(cache);
	*state = s;
	return 0;
}

static int teardown(void **state)
{
	rs_snapshot_free(*state);
	test_free(*state);
	return 0;
}

static const struct rs_link *link_named(void **state, const char *name)
{
	const struct rs_link *k = rs_snapshot_link(*state, name);

	assert_non_null(k);
	return k;
}

static void test_all_links(void **state)
{
	const struct rs_snapshot *s = *state;

	assert_int_equal(s->n_links, 5);
	assert_int_equal(s->n_errors, 0);
}

static void test_slave_and_stats(void **state)
{
	const struct rs_link *k = link_named(state, "eth0");

	assert_int_equal(k->ifindex, 2);
	assert_string_equal(k->kind, "");
	assert_string_equal(k->mac, "0c:42:a1:00:00:01");
	assert_int_equal(k->mtu, 9000);
	assert_string_equal(k->operstate, "UP");
	assert_int_equal(k->up, 1);
	assert_int_equal(k->carrier, 1);
	assert_string_equal(k->master, "bond0");
	assert_int_equal(k->vlan_id, -1);
	assert_int_equal(k->stats.count, 24);
	assert_true(k->stats.ts_ns > 0);
	assert_int_equal(rs_counter_set_find(&k->stats, "rx_packets")->value, 1000);
	assert_int_equal(rs_counter_set_find(&k->stats, "tx_packets")->value, 2000);
	assert_int_equal(rs_counter_set_find(&k->stats, "rx_bytes")->value, 123456789012ULL);
	assert_int_equal(rs_counter_set_find(&k->stats, "rx_crc_errors")->value, 7);
	assert_int_equal(rs_counter_set_find(&k->stats, "rx_missed_errors")->value, 11);
	assert_int_equal(rs_counter_set_find(&k->stats, "tx_dropped")->value, 5);
	assert_int_equal(rs_counter_set_find(&k->stats, "multicast")->value, 3);
	assert_int_equal(rs_counter_set_find(&k->stats, "rx_nohandler")->value, 2);
	assert_int_equal(rs_counter_set_find(&k->stats, "collisions")->value, 0);
}

static void test_bond(void **state)
{
	const struct rs_link *k = link_named(state, "bond0");

	assert_string_equal(k->kind, "bond");
	assert_string_equal(k->master, "");
	assert_int_equal(k->vlan_id, -1);
}

static void test_vlan(void **state)
{
	const struct rs_link *k = link_named(state, "eth0.100");

	assert_string_equal(k->kind, "vlan");
	assert_int_equal(k->vlan_id, 100);
	assert_string_equal(k->vlan_parent, "eth0");
}

static void test_down_and_no_carrier(void **state)
{
	const struct rs_link *down = link_named(state, "eth1");
	const struct rs_link *lld = link_named(state, "eth2");

	assert_string_equal(down->operstate, "DOWN");
	assert_int_equal(down->up, 0);
	assert_int_equal(down->carrier, 0);
	assert_string_equal(lld->operstate, "LOWERLAYERDOWN");
	assert_int_equal(lld->up, 1);
	assert_int_equal(lld->carrier, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_links),
		cmocka_unit_test(test_slave_and_stats),
		cmocka_unit_test(test_bond),
		cmocka_unit_test(test_vlan),
		cmocka_unit_test(test_down_and_no_carrier),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
