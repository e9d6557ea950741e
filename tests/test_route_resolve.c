/* SPDX-License-Identifier: MIT */
/*
 * test_route_resolve.c - the route to a peer computed from a snapshot's
 * routes (src/model/route_resolve.h), as the kernel's FIB lookup would
 * answer it without policy rules: own addresses and loopback are local,
 * the local table before main before default, longest prefix then lowest
 * metric, a scope restricts to its interface, prohibiting routes give the
 * kernel's error, and a recording without routes cannot tell.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <string.h>

#include <cmocka.h>

#include "model/route_resolve.h"
#include "util.h"

static void route(struct rs_snapshot *s, int fam, const char *dst, const char *dev,
		  const char *gw, unsigned table, unsigned metric, const char *type)
{
	struct rs_route *r = RS_APPEND(s->routes, s->n_routes);

	r->family = fam;
	RS_STRCPY(r->dst, dst);
	RS_STRCPY(r->dev, dev);
	RS_STRCPY(r->gateway, gw);
	r->table = table;
	r->metric = metric;
	RS_STRCPY(r->type, type);
}

static void addr(struct rs_snapshot *s, int fam, const char *ifname, const char *a, int plen,
		 const char *scope)
{
	struct rs_addr *x = RS_APPEND(s->addrs, s->n_addrs);

	x->family = fam;
	RS_STRCPY(x->ifname, ifname);
	RS_STRCPY(x->addr, a);
	x->prefixlen = plen;
	RS_STRCPY(x->scope, scope);
}

static void host(struct rs_snapshot *s)
{
	rs_snapshot_init(s);
	route(s, 4, "default", "eno1", "10.20.0.1", 254, 100, "unicast");
	route(s, 4, "10.20.0.0/24", "eno1", "", 254, 100, "unicast");
	route(s, 4, "192.168.100.0/24", "ens1f1np1", "", 254, 102, "unicast");
	route(s, 4, "192.168.100.0/24", "ens1f0np0", "", 254, 101, "unicast");
	route(s, 4, "192.168.100.128/25", "ens1f1np1", "", 254, 200, "unicast");
	route(s, 4, "10.66.0.0/16", "", "", 254, 0, "unreachable");
	route(s, 4, "10.77.0.0/16", "ens1f0np0", "", 101, 0, "unicast");	/* a rule's table */
	route(s, 4, "192.168.100.1/32", "ens1f0np0", "", 255, 0, "local");
	route(s, 6, "2001:db8:100::/64", "ens1f0np0", "", 254, 256, "unicast");
	route(s, 6, "fe80::/64", "ens1f0np0", "", 254, 256, "unicast");
	route(s, 6, "fe80::/64", "ens1f1np1", "", 254, 256, "unicast");
	addr(s, 4, "eno1", "10.20.0.15", 24, "global");
	addr(s, 4, "ens1f0np0", "192.168.100.1", 24, "global");
	addr(s, 4, "ens1f1np1", "192.168.100.2", 24, "global");
	addr(s, 6, "ens1f0np0", "fe80::1", 64, "link");
	addr(s, 6, "ens1f0np0", "2001:db8:100::1", 64, "global");
}

static void expect(const struct rs_snapshot *s, const char *peer, int ok, const char *dev,
		   const char *gw, const char *src)
{
	struct rs_route_lookup lk;

	rs_route_resolve(s, peer, &lk);
	assert_string_equal(lk.peer, peer);
	assert_int_equal(lk.computed, 1);
	assert_int_equal(lk.ok, ok);
	assert_string_equal(lk.dev, dev);
	assert_string_equal(lk.gateway, gw);
	assert_string_equal(lk.src, src);
}

static void test_longest_prefix_and_metric(void **state)
{
	struct rs_snapshot s;

	host(&s);
	expect(&s, "10.9.9.9", 1, "eno1", "10.20.0.1", "10.20.0.15");	/* the default */
	expect(&s, "192.168.100.20", 1, "ens1f0np0", "", "192.168.100.1");	/* metric 101 < 102 */
	expect(&s, "192.168.100.200", 1, "ens1f1np1", "", "192.168.100.2");	/* /25 beats /24 */
	expect(&s, "10.77.1.1", 1, "eno1", "10.20.0.1", "10.20.0.15");	/* table 101: no rule */
	expect(&s, "2001:db8:100::9", 1, "ens1f0np0", "", "2001:db8:100::1");
	expect(&s, "fe80::9%ens1f1np1", 1, "ens1f1np1", "", "");	/* the scope's own route */
	rs_snapshot_free(&s);
}

static void test_local_and_errors(void **state)
{
	struct rs_snapshot s;
	struct rs_route_lookup lk;

	host(&s);
	expect(&s, "127.0.0.1", 1, "lo", "", "127.0.0.1");
	expect(&s, "::1", 1, "lo", "", "::1");
	expect(&s, "10.20.0.15", 1, "lo", "", "10.20.0.15");		/* an own address */
	expect(&s, "2001:0db8:0100::1", 1, "lo", "", "2001:0db8:0100::1");	/* other spelling */
	rs_route_resolve(&s, "10.66.1.1", &lk);
	assert_int_equal(lk.ok, 0);
	assert_non_null(strstr(lk.error, "unreachable route: 10.66.0.0/16"));
	rs_route_resolve(&s, "2001:db8:200::5", &lk);			/* no IPv6 default */
	assert_int_equal(lk.ok, 0);
	assert_string_equal(lk.error, "Network is unreachable");
	rs_route_resolve(&s, "not-an-ip", &lk);
	assert_int_equal(lk.ok, 0);
	assert_int_equal(rs_peer_parse("not-an-ip", NULL, NULL, NULL, 0), -EINVAL);
	rs_snapshot_free(&s);

	rs_snapshot_init(&s);					/* a fixture root: no routes */
	rs_route_resolve(&s, "10.1.1.1", &lk);
	assert_int_equal(lk.ok, 0);
	assert_string_equal(lk.error, "the recording has no IPv4 routes");
	assert_int_equal(rs_route_count(&s, 4), 0);
	rs_snapshot_free(&s);
}

static void test_parse(void **state)
{
	char scope[RS_NAME_LEN];
	unsigned char b[16];
	int fam;

	assert_int_equal(rs_peer_parse("fe80::1%eth0", &fam, b, scope, sizeof(scope)), 0);
	assert_int_equal(fam, 6);
	assert_string_equal(scope, "eth0");
	assert_int_equal(rs_peer_parse("10.0.0.1", &fam, b, scope, sizeof(scope)), 0);
	assert_int_equal(fam, 4);
	assert_string_equal(scope, "");
	assert_int_equal(rs_peer_parse("10.0.0.300", NULL, NULL, NULL, 0), -EINVAL);
	assert_int_equal(rs_peer_parse("", NULL, NULL, NULL, 0), -EINVAL);
	assert_int_equal(rs_peer_parse("10.0.0.1%", NULL, NULL, NULL, 0), -EINVAL);
	assert_int_equal(rs_peer_parse("host.example", NULL, NULL, NULL, 0), -EINVAL);
	assert_true(rs_peer_is_loopback("127.1.2.3"));
	assert_true(rs_peer_is_loopback("::ffff:127.0.0.1"));
	assert_false(rs_peer_is_loopback("10.0.0.1"));
	assert_int_equal(rs_peer_host_prefix("2001:db8::5"), 128);
	assert_int_equal(rs_peer_host_prefix("10.0.0.5"), 32);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_longest_prefix_and_metric),
		cmocka_unit_test(test_local_and_errors),
		cmocka_unit_test(test_parse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
