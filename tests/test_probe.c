/* SPDX-License-Identifier: MIT */
/*
 * test_probe.c - the probes without a namespace: kind names, default
 * bounds, requests that cannot run (each with its message), the result's
 * text form (write, parse back, hostile text, broken input), the summaries
 * of the canned results (probe_fake.c) word for word, and real runs that
 * need nothing but this host: TCP open and refused on 127.0.0.1, the
 * neighbour of a local address, ping and path MTU over lo (as root, or
 * where ping sockets are allowed; otherwise the "no permission" message),
 * and rdma_cm on a host without RDMA.  tests/test_probe_net.sh makes the
 * faults for real in namespaces.
 */
#include "probe/probe.h"
#include "probe_fake.h"
#include "probe_text.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

static struct rs_probe_req req_of(enum rs_probe_kind k, const char *peer)
{
	struct rs_probe_req r = { .kind = k };

	RS_STRCPY(r.peer, peer);
	return r;
}

static void test_kind_names(void **state)
{
	static const char *names[] = { "ping", "pmtu", "neigh", "tcp", "rdma_cm" };
	enum rs_probe_kind k;

	for (unsigned i = 0; i < RS_PROBE_KINDS; i++) {
		assert_string_equal(rs_probe_kind_name((enum rs_probe_kind)i), names[i]);
		assert_int_equal(rs_probe_kind_parse(names[i], &k), 0);
		assert_int_equal(k, i);
	}
	assert_int_equal(rs_probe_kind_parse("arp", &k), -EINVAL);
	assert_int_equal(rs_probe_kind_parse(NULL, &k), -EINVAL);
	assert_string_equal(rs_probe_kind_name((enum rs_probe_kind)9), "unknown");
	assert_string_equal(rs_tcp_state_name(RS_TCP_REFUSED), "refused");
	assert_string_equal(rs_tcp_state_name((enum rs_tcp_state)42), "");
}

static void test_default_timeouts(void **state)
{
	assert_int_equal(rs_probe_default_timeout_ms(RS_PROBE_PING, 0), 1600);
	assert_int_equal(rs_probe_default_timeout_ms(RS_PROBE_PING, 3), 1600);
	assert_int_equal(rs_probe_default_timeout_ms(RS_PROBE_PING, 10), 3000);
	assert_int_equal(rs_probe_default_timeout_ms(RS_PROBE_PMTU, 0), 10000);
	assert_int_equal(rs_probe_default_timeout_ms(RS_PROBE_NEIGH, 0), 8000);
	assert_int_equal(rs_probe_default_timeout_ms(RS_PROBE_TCP, 0), 3000);
	assert_int_equal(rs_probe_default_timeout_ms(RS_PROBE_RDMA_CM, 0), 5000);
	assert_int_equal(rs_probe_default_timeout_ms((enum rs_probe_kind)7, 0), 0);
}

/* A request that cannot run: -err, ok 0, the message, a summary that says so. */
static void cannot_run(struct rs_probe_req *r, int err, const char *msg)
{
	struct rs_probe_result res;

	assert_int_equal(rs_probe_run(r, &res), -err);
	assert_int_equal(res.ok, 0);
	assert_int_equal(res.err, err);
	assert_string_equal(res.error, msg);
	assert_non_null(strstr(res.summary, "could not run: "));
	assert_non_null(strstr(res.summary, msg));
}

static void test_bad_requests(void **state)
{
	struct rs_probe_req r = req_of(RS_PROBE_TCP, "");

	cannot_run(&r, EINVAL, "no peer address given");
	for (unsigned k = 0; k < RS_PROBE_KINDS; k++) {
		r = req_of((enum rs_probe_kind)k, "not-an-address");
		cannot_run(&r, EINVAL, "not an IPv4 or IPv6 address: 'not-an-address'");
	}
	r = req_of(RS_PROBE_TCP, "10.0.0.1%lo");
	cannot_run(&r, EINVAL, "not an IPv4 or IPv6 address: '10.0.0.1%lo'");
	r = req_of(RS_PROBE_PING, "127.0.0.1");
	RS_STRCPY(r.ifname, "rs-no-such0");
	cannot_run(&r, ENODEV, "no interface 'rs-no-such0' on this host");
	r = req_of(RS_PROBE_PING, "127.0.0.1");
	r.count = 1001;
	cannot_run(&r, EINVAL, "1001 echoes asked, at most 1000");
	r = req_of(RS_PROBE_TCP, "127.0.0.1");
	r.timeout_ms = 600001;
	cannot_run(&r, EINVAL, "timeout 600001 ms, at most 600000");
	r = req_of(RS_PROBE_TCP, "127.0.0.1");
	r.port = 70000;
	cannot_run(&r, EINVAL, "port 70000 out of range");
	r = req_of((enum rs_probe_kind)5, "127.0.0.1");
	cannot_run(&r, EINVAL, "unknown probe kind 5");
}

/* ---- the text form ---- */

static char *write_text(const struct rs_probe_result *res)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(rs_probe_result_write(res, f), 0);
	fclose(f);
	return buf;
}

static void round_trip(const struct rs_probe_result *res)
{
	struct rs_probe_result back;
	char why[128] = "";
	char *a = write_text(res), *b;

	if (rs_probe_result_parse(&back, a, why, sizeof(why)))
		fail_msg("parse: %s in\n%s", why, a);
	b = write_text(&back);
	assert_string_equal(a, b);
	assert_int_equal(back.kind, res->kind);
	assert_int_equal(back.ok, res->ok);
	assert_string_equal(back.summary, res->summary);
	free(a);
	free(b);
}

static void test_result_round_trip(void **state)
{
	struct rs_probe_result res;
	unsigned n = 0;

	for (unsigned k = 0; k < RS_PROBE_KINDS; k++) {
		for (const char *const *s = rs_probe_fake_scenarios(k); *s; s++, n++) {
			assert_int_equal(rs_probe_fake(k, *s, &res), 0);
			round_trip(&res);
		}
	}
	assert_true(n >= 25);
	/* Hostile text (an interface name with an escape sequence, a
	 * newline, a backslash) stays on its line and comes back whole. */
	assert_int_equal(rs_probe_fake(RS_PROBE_NEIGH, "reachable", &res), 0);
	RS_STRCPY(res.neigh_dev, "a\x1b[2Jb\nc\\d\x7f");
	rs_probe_summarize(&res);
	round_trip(&res);
	char *t = write_text(&res);

	assert_non_null(strstr(t, "\nneigh_dev a\\x1b[2Jb\\x0ac\\x5cd\\x7f\n"));
	assert_null(strchr(t, '\x1b'));
	free(t);
}

static void test_result_fields_of_kind(void **state)
{
	struct rs_probe_result res;
	char *t;

	assert_int_equal(rs_probe_fake(RS_PROBE_TCP, "refused", &res), 0);
	t = write_text(&res);
	assert_true(!strncmp(t, "kind tcp\nok 1\nerr 0\nerror\nsummary ", 34));
	assert_non_null(strstr(t, "\ntcp refused\ntcp_port 18515\ntcp_ms 0.062\n"));
	assert_non_null(strstr(t, "\nnet_errno 111\n"));
	assert_null(strstr(t, "rtt_"));
	assert_null(strstr(t, "neigh_"));
	assert_null(strstr(t, "cm_"));
	assert_null(strstr(t, "method"));
	free(t);
}

static void parse_fails(const char *text, const char *why_want)
{
	struct rs_probe_result res;
	char why[128] = "";

	assert_int_equal(rs_probe_result_parse(&res, text, why, sizeof(why)), -EINVAL);
	assert_string_equal(why, why_want);
}

static void test_result_parse_errors(void **state)
{
	char big[400];

	parse_fails("", "no probe result in the text");
	parse_fails("kind tcp\nbogus 1\n", "line 2: unknown key 'bogus'");
	parse_fails("kind sonar\n", "line 1: bad value for 'kind'");
	parse_fails("kind tcp\nok yes\n", "line 2: bad value for 'ok'");
	parse_fails("kind tcp\nok 1x\n", "line 2: bad value for 'ok'");
	parse_fails("kind tcp\ntcp maybe\n", "line 2: bad value for 'tcp'");
	parse_fails("kind tcp\ntcp_ms fast\n", "line 2: bad value for 'tcp_ms'");
	parse_fails("kind tcp\nerror a\\x1\n", "line 2: bad value for 'error'");
	parse_fails("kind tcp\nerror a\\x00b\n", "line 2: bad value for 'error'");
	parse_fails("kind tcp\nerror a\\n\n", "line 2: bad value for 'error'");
	memset(big, 'x', sizeof(big));
	memcpy(big, "dev ", 4);
	big[sizeof(big) - 1] = '\0';
	parse_fails(big, "line 1: bad value for 'dev'");
}

/* ---- the canned results' summaries, word for word ---- */

static void fake_says(enum rs_probe_kind k, const char *scenario, const char *want)
{
	struct rs_probe_result res;

	assert_int_equal(rs_probe_fake(k, scenario, &res), 0);
	assert_string_equal(res.summary, want);
}

static void test_fake_summaries(void **state)
{
	struct rs_probe_result res;

	fake_says(RS_PROBE_PING, "healthy",
		  "3/3 replies from 10.77.0.2 (0% lost), rtt min/avg/max 0.031/0.052/0.087 ms");
	fake_says(RS_PROBE_PING, "loss",
		  "2/3 replies from 10.77.0.2 (33% lost), rtt min/avg/max 0.040/0.045/0.050 ms");
	fake_says(RS_PROBE_PING, "silent", "0/3 replies from 10.77.0.2 via a0 within 1600 ms: no answer "
		  "(host down, ICMP echo filtered, or the path drops it)");
	fake_says(RS_PROBE_PING, "neigh_failed", "0/3 replies from 10.77.0.60 via a0: No route to host: "
		  "the next hop's neighbour did not resolve");
	fake_says(RS_PROBE_PING, "dev_down", "0/3 replies from 10.77.0.2 via a0: Network is "
		  "unreachable: no route; a0 is down");
	fake_says(RS_PROBE_PMTU, "mismatch", "path MTU to 10.77.0.2 is 1504 (largest DF payload "
		  "1476) but a0 has MTU 9000: the MTUs differ - the peer or a hop is at 1504");
	fake_says(RS_PROBE_PMTU, "router_mtu", "path MTU to 10.78.0.2 is 1500 (largest DF payload "
		  "1472) but a0 has MTU 9000: the MTUs differ - the peer or a hop is at 1500; a "
		  "router announced MTU 1500");
	fake_says(RS_PROBE_PMTU, "healthy_9000", "path MTU to 10.77.0.2 is 9000 (largest DF "
		  "payload 8972), the MTU of a0");
	fake_says(RS_PROBE_PMTU, "silent", "path MTU to 10.77.0.2 unknown: no echo reply even at "
		  "56 bytes (host down or ICMP echo filtered)");
	fake_says(RS_PROBE_NEIGH, "reachable", "10.77.0.2 on a0: REACHABLE, MAC 02:00:00:77:00:02");
	fake_says(RS_PROBE_NEIGH, "failed", "10.77.0.60 on a0: FAILED - nobody answered ARP");
	fake_says(RS_PROBE_NEIGH, "incomplete", "10.77.0.60 on a0: still INCOMPLETE after 500 ms");
	fake_says(RS_PROBE_NEIGH, "gateway", "10.77.0.2 on a0 (gateway to 10.88.0.9): REACHABLE, "
		  "MAC 02:00:00:77:00:02");
	fake_says(RS_PROBE_NEIGH, "local", "10.77.0.1 is an address of this host (route via lo): "
		  "no neighbour");
	fake_says(RS_PROBE_NEIGH, "no_route", "no next hop for 203.0.113.9: Network is "
		  "unreachable: no route");
	fake_says(RS_PROBE_TCP, "refused", "10.77.0.2 port 18515 refused: the host answers but "
		  "nobody listens there (start the server side first)");
	fake_says(RS_PROBE_TCP, "timeout", "10.77.0.2 port 18515 via a0: no answer within 3000 ms (a "
		  "firewall drops it, or the path loses it)");
	fake_says(RS_PROBE_TCP, "unreachable", "10.77.0.60 port 18515 unreachable via a0: No route to "
		  "host: the next hop's neighbour did not resolve");
	fake_says(RS_PROBE_RDMA_CM, "resolved", "rdma_cm: 10.99.0.2 via rxe0 port 1 (veth0), source "
		  "GID index 1 (RoCE v2) 0000:0000:0000:0000:0000:ffff:0a63:0001 -> "
		  "0000:0000:0000:0000:0000:ffff:0a63:0002");
	fake_says(RS_PROBE_RDMA_CM, "no_rdma_netdev", "rdma_cm cannot resolve 10.99.0.2: the "
		  "interface the route uses (wrongdev) has no RDMA device");
	fake_says(RS_PROBE_RDMA_CM, "no_event", "rdma_cm cannot resolve 10.99.0.9: no ADDR_RESOLVED "
		  "event within 2000 ms");
	fake_says(RS_PROBE_RDMA_CM, "port_down", "rdma_cm cannot resolve 10.99.0.2: ADDR_ERROR, "
		  "Connection timed out");
	assert_int_equal(rs_probe_fake(RS_PROBE_RDMA_CM, "no_device", &res), 0);
	assert_int_equal(res.ok, 0);
	assert_int_equal(res.err, ENODEV);
	assert_int_equal(rs_probe_fake(RS_PROBE_TCP, "sonar", &res), -ENOENT);
	assert_int_equal(rs_probe_fake(RS_PROBE_TCP, "healthy", &res), -ENOENT);
	assert_null(rs_probe_fake_scenarios((enum rs_probe_kind)9)[0]);
}

/* ---- real runs on this host, loopback only ---- */

static void test_tcp_loopback(void **state)
{
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(sin);
	struct rs_probe_req r = req_of(RS_PROBE_TCP, "127.0.0.1");
	struct rs_probe_result res;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	assert_true(fd >= 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&sin, sizeof(sin)), 0);
	assert_int_equal(listen(fd, 4), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&sin, &len), 0);
	r.port = ntohs(sin.sin_port);
	assert_int_equal(rs_probe_run(&r, &res), 0);
	assert_int_equal(res.ok, 1);
	assert_int_equal(res.tcp, RS_TCP_OPEN);
	assert_int_equal(res.tcp_port, r.port);
	assert_string_equal(res.src, "127.0.0.1");
	assert_string_equal(res.dev, "lo");
	assert_int_equal(res.timeout_ms, 3000);
	/* Closed: the port nobody listens on any more is refused. */
	close(fd);
	assert_int_equal(rs_probe_run(&r, &res), 0);
	assert_int_equal(res.tcp, RS_TCP_REFUSED);
	assert_int_equal(res.net_errno, ECONNREFUSED);
	r = req_of(RS_PROBE_TCP, "::1");
	r.port = ntohs(sin.sin_port);
	assert_int_equal(rs_probe_run(&r, &res), 0);
	assert_true(res.tcp == RS_TCP_REFUSED || res.tcp == RS_TCP_UNREACHABLE);
}

static void test_neigh_local(void **state)
{
	struct rs_probe_req r = req_of(RS_PROBE_NEIGH, "127.0.0.1");
	struct rs_probe_result res;

	assert_int_equal(rs_probe_run(&r, &res), 0);
	assert_string_equal(res.neigh_state, "LOCAL");
	assert_string_equal(res.neigh_dev, "lo");
	assert_string_equal(res.summary,
			    "127.0.0.1 is an address of this host (route via lo): no neighbour");
}

/* ICMP needs a ping socket or CAP_NET_RAW: either it runs, or it says so. */
static int icmp_allowed(const struct rs_probe_result *res)
{
	if (res->ok)
		return 1;
	assert_int_equal(res->err, EPERM);
	assert_non_null(strstr(res->error, "net.ipv4.ping_group_range"));
	assert_non_null(strstr(res->error, "CAP_NET_RAW"));
	return 0;
}

static void test_icmp_loopback(void **state)
{
	struct rs_probe_req r = req_of(RS_PROBE_PING, "127.0.0.1");
	struct rs_probe_result res;

	r.count = 2;
	rs_probe_run(&r, &res);
	if (!icmp_allowed(&res))
		skip();
	assert_int_equal(res.sent, 2);
	assert_int_equal(res.received, 2);
	assert_true(res.rtt_min_ms <= res.rtt_avg_ms && res.rtt_avg_ms <= res.rtt_max_ms);
	r = req_of(RS_PROBE_PMTU, "127.0.0.1");
	assert_int_equal(rs_probe_run(&r, &res), 0);
	/* lo's MTU is 65536, but an IPv4 datagram stops at 65535 bytes. */
	assert_int_equal(res.local_mtu, 65536);
	assert_int_equal(res.pmtu_payload, 65507);
	assert_int_equal(res.pmtu_mtu, 65535);
	assert_int_equal(res.pmtu_limited, 0);
}

static void test_rdma_cm_without_rdma(void **state)
{
	struct rs_probe_req r = req_of(RS_PROBE_RDMA_CM, "127.0.0.1");
	struct rs_probe_result res;
	struct stat st;

	if (!stat("/dev/infiniband/rdma_cm", &st))
		skip();		/* this host has RDMA: the lab tests that path */
	assert_int_equal(rs_probe_run(&r, &res), -ENODEV);
	assert_int_equal(res.ok, 0);
	assert_string_equal(res.error, "no RDMA device / rdma_ucm not loaded: "
			    "/dev/infiniband/rdma_cm is missing (modprobe rdma_ucm, with an RDMA "
			    "driver or rdma_rxe)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kind_names),
		cmocka_unit_test(test_default_timeouts),
		cmocka_unit_test(test_bad_requests),
		cmocka_unit_test(test_result_round_trip),
		cmocka_unit_test(test_result_fields_of_kind),
		cmocka_unit_test(test_result_parse_errors),
		cmocka_unit_test(test_fake_summaries),
		cmocka_unit_test(test_tcp_loopback),
		cmocka_unit_test(test_neigh_local),
		cmocka_unit_test(test_icmp_loopback),
		cmocka_unit_test(test_rdma_cm_without_rdma),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
