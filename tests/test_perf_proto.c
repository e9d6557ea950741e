/* SPDX-License-Identifier: MIT */
/*
 * test_perf_proto.c - the pure parts of the tests (src/perf/): the control
 * message codec against every kind of bad input (malformed, truncated,
 * oversized, wrong version, wrong magic, trailing bytes, bad strings and
 * parameters, and thousands of random mutations with a fixed seed), the
 * recognition of perftest's and ibv_rc_pingpong's first bytes as
 * HOST-APIS.md §1 shows them, escaping of peer text, the latency
 * statistics, device clock arithmetic, the view differences, perftest's
 * result table and the JSON lines parser.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "perf/engine.h"
#include "perf/fail.h"
#include "perf/jsonl.h"
#include "perf/perftest.h"
#include "perf/proto.h"
#include "perf/endpoint.h"

#define BUF (RS_PERF_HDR_LEN + RS_PERF_MAX_PAYLOAD)

static void sample_view(struct rs_perf_view *v, const char *host)
{
	memset(v, 0, sizeof(*v));
	strcpy(v->version, "0.1.0");
	strcpy(v->hostname, host);
	strcpy(v->device, "rxe0");
	v->port = 1;
	v->gid_index = 1;
	strcpy(v->gid, "0000:0000:0000:0000:0000:ffff:0a63:0001");
	strcpy(v->gid_type, "RoCE v2");
	strcpy(v->netdev, "veth0");
	strcpy(v->addr, "10.99.0.1");
	v->netdev_mtu = 1500;
	v->active_mtu = 1024;
	v->link_mbps = 10000;
	strcpy(v->port_state, "ACTIVE");
	strcpy(v->pfc, "unknown");
	strcpy(v->trust, "unknown");
	v->memlock = 8 << 20;
	strcpy(v->dcqcn, "np 0x08 rp 0x08 cnp_dscp 48 cnp_prio 6");
}

/* One valid message of each type. */
static int sample_msgs(struct rs_perf_msg *m)
{
	memset(m, 0, 7 * sizeof(*m));
	m[0].type = RS_MSG_HELLO;
	m[0].u.hello.params = (struct rs_perf_params){
		.test = RS_PERF_BW, .verb = RS_VERB_WRITE, .qps = 2, .size = 65536,
		.iters = 5000, .tx_depth = 128, .mtu = 1024,
	};
	sample_view(&m[0].u.hello.view, "client");
	m[1].type = RS_MSG_WELCOME;
	sample_view(&m[1].u.welcome, "server");
	m[2].type = RS_MSG_QPS;
	m[2].u.qps.mtu = 4096;
	m[2].u.qps.n = 3;
	for (int i = 0; i < 3; i++)
		m[2].u.qps.qp[i] = (struct rs_perf_qp_info){ 0x11 + i, 0x533a2f, 0xe1c,
							     0x5e135cf9b000ULL, { 0xfe, 0x80, 1 } };
	m[3].type = RS_MSG_READY;
	m[4].type = RS_MSG_SYNC;
	m[4].u.sync = 65536;
	m[5].type = RS_MSG_DONE;
	m[5].u.done = (struct rs_perf_done){ 1ULL << 40, 12345, 999999999999ULL };
	m[6].type = RS_MSG_ERROR;
	m[6].u.error.code = RS_PF_RETRY_EXCEEDED;
	strcpy(m[6].u.error.message, "work completion status 12");
	return 7;
}

static void test_round_trip(void **state)
{
	struct rs_perf_msg m[7], back;
	uint8_t buf[BUF], again[BUF];
	size_t len, len2;
	int n = sample_msgs(m);

	for (int i = 0; i < n; i++) {
		assert_int_equal(rs_perf_encode(&m[i], buf, sizeof(buf), &len), 0);
		assert_int_equal(rs_perf_decode(buf, len, &back), 0);
		assert_int_equal(back.type, m[i].type);
		assert_int_equal(rs_perf_encode(&back, again, sizeof(again), &len2), 0);
		assert_int_equal(len, len2);
		assert_memory_equal(buf, again, len);
	}
	assert_string_equal(back.u.error.message, "work completion status 12");
	assert_int_equal(rs_perf_decode(buf, len, &back), 0);
}

static void test_header(void **state)
{
	struct rs_perf_msg m[7], back;
	uint8_t buf[BUF];
	size_t len;
	struct rs_perf_hdr h;

	sample_msgs(m);
	assert_int_equal(rs_perf_encode(&m[3], buf, sizeof(buf), &len), 0);
	assert_int_equal(len, RS_PERF_HDR_LEN);
	assert_memory_equal(buf, "RSPF\x02\x04\0\0\0\0\0\0\0\0\0\0", 16);
	buf[0] = 'X';
	assert_int_equal(rs_perf_decode_hdr(buf, &h), -EPROTO);		/* wrong magic */
	buf[0] = 'R';
	buf[4] = 3;
	assert_int_equal(rs_perf_decode_hdr(buf, &h), -EPROTONOSUPPORT);	/* a newer version */
	buf[4] = 0;
	assert_int_equal(rs_perf_decode_hdr(buf, &h), -EPROTONOSUPPORT);
	buf[4] = 1;
	assert_int_equal(rs_perf_decode_hdr(buf, &h), 0);	/* version 1 is still read */
	buf[4] = 2;
	buf[5] = 0;
	assert_int_equal(rs_perf_decode_hdr(buf, &h), -EBADMSG);	/* no such type */
	buf[5] = RS_MSG_TYPE_MAX + 1;
	assert_int_equal(rs_perf_decode_hdr(buf, &h), -EBADMSG);
	buf[5] = RS_MSG_READY;
	buf[7] = 1;
	assert_int_equal(rs_perf_decode_hdr(buf, &h), -EBADMSG);	/* reserved bits */
	buf[7] = 0;
	buf[15] = 1;
	assert_int_equal(rs_perf_decode_hdr(buf, &h), -EBADMSG);
	buf[15] = 0;
	buf[9] = 0x10;		/* length 1 MiB */
	assert_int_equal(rs_perf_decode_hdr(buf, &h), -EMSGSIZE);	/* oversized */
	buf[9] = 0;
	buf[10] = 0x10;
	buf[11] = 0x01;		/* 4097: one over the limit */
	assert_int_equal(rs_perf_decode_hdr(buf, &h), -EMSGSIZE);
	buf[10] = buf[11] = 0;
	assert_int_equal(rs_perf_decode(buf, len, &back), 0);
}

/*
 * Version 1, the protocol before the DCQCN and neighbour fields: a version 1
 * peer's view decodes with DCQCN unknown and no neighbour entry, and a
 * message answered in version 1 has none of those fields at all (what a
 * version 1 peer expects, byte for byte).
 */
static void test_version1(void **state)
{
	struct rs_perf_msg m[7], back;
	struct rs_peer_view pv;
	uint8_t buf[BUF], v2[BUF];
	size_t len, len2;

	sample_msgs(m);
	assert_int_equal(rs_perf_encode(&m[1], v2, sizeof(v2), &len2), 0);
	m[1].version = 1;
	assert_int_equal(rs_perf_encode(&m[1], buf, sizeof(buf), &len), 0);
	assert_int_equal(buf[4], 1);
	assert_int_equal(len + 3 * 2 + strlen(m[1].u.welcome.dcqcn) +
			 strlen(m[1].u.welcome.neigh_ip) + strlen(m[1].u.welcome.neigh_mac),
			 len2);
	assert_int_equal(rs_perf_decode(buf, len, &back), 0);
	assert_int_equal(back.version, 1);
	assert_string_equal(back.u.welcome.dcqcn, "unknown");
	assert_string_equal(back.u.welcome.neigh_mac, "");
	rs_perf_view_to_peer(&back.u.welcome, &pv);
	assert_false(pv.dcqcn_known);
	assert_int_equal(rs_perf_decode(v2, len2, &back), 0);
	assert_int_equal(back.version, 2);
	rs_perf_view_to_peer(&back.u.welcome, &pv);
	assert_true(pv.dcqcn_known);
	assert_int_equal(pv.np_en, 8);
	assert_int_equal(pv.cnp_dscp, 48);
	assert_int_equal(pv.cnp_prio, 6);
	/* A version 2 payload under a version 1 header has a byte too many. */
	v2[4] = 1;
	assert_int_equal(rs_perf_decode(v2, len2, &back), -EBADMSG);
	m[1].version = 3;
	assert_int_equal(rs_perf_encode(&m[1], buf, sizeof(buf), &len), -EINVAL);
}

/* Every prefix of every message, and every message with a byte more, fails. */
static void test_truncated_and_trailing(void **state)
{
	struct rs_perf_msg m[7], back;
	uint8_t buf[BUF];
	size_t len;
	int n = sample_msgs(m);

	for (int i = 0; i < n; i++) {
		assert_int_equal(rs_perf_encode(&m[i], buf, sizeof(buf), &len), 0);
		for (size_t k = 0; k < len; k++)
			assert_int_not_equal(rs_perf_decode(buf, k, &back), 0);
		/* The header still announces len: a byte more is a mismatch... */
		buf[len] = 0;
		assert_int_equal(rs_perf_decode(buf, len + 1, &back), -EBADMSG);
		/* ...and announcing it too leaves a trailing byte in the payload. */
		buf[11]++;
		assert_int_equal(rs_perf_decode(buf, len + 1, &back), -EBADMSG);
	}
}

static void test_bad_fields(void **state)
{
	struct rs_perf_msg m[7], back;
	uint8_t buf[BUF];
	size_t len;

	sample_msgs(m);
	/* A string longer than its field: encoding refuses, decoding too. */
	memset(m[1].u.welcome.hostname, 'h', sizeof(m[1].u.welcome.hostname));
	assert_int_equal(rs_perf_encode(&m[1], buf, sizeof(buf), &len), -EINVAL);
	sample_msgs(m);
	assert_int_equal(rs_perf_encode(&m[1], buf, sizeof(buf), &len), 0);
	buf[RS_PERF_HDR_LEN] = 0;
	buf[RS_PERF_HDR_LEN + 1] = RS_PERF_STR_LEN;	/* version string: 64 bytes */
	assert_int_equal(rs_perf_decode(buf, len, &back), -EBADMSG);
	/* A NUL inside a string. */
	assert_int_equal(rs_perf_encode(&m[1], buf, sizeof(buf), &len), 0);
	buf[RS_PERF_HDR_LEN + 3] = 0;
	assert_int_equal(rs_perf_decode(buf, len, &back), -EBADMSG);
	/* Parameters the engine cannot honour. */
	m[0].u.hello.params.qps = RS_PERF_MAX_QPS + 1;
	assert_int_equal(rs_perf_encode(&m[0], buf, sizeof(buf), &len), 0);
	assert_int_equal(rs_perf_decode(buf, len, &back), -EBADMSG);
	sample_msgs(m);
	m[0].u.hello.params.duration_ms = 1000;	/* both iterations and duration */
	assert_int_equal(rs_perf_encode(&m[0], buf, sizeof(buf), &len), 0);
	assert_int_equal(rs_perf_decode(buf, len, &back), -EBADMSG);
	sample_msgs(m);
	m[0].u.hello.params.test = 9;
	assert_int_equal(rs_perf_encode(&m[0], buf, sizeof(buf), &len), 0);
	assert_int_equal(rs_perf_decode(buf, len, &back), -EBADMSG);
	/* Too many QPs in a QPS message; none at all. */
	sample_msgs(m);
	m[2].u.qps.n = RS_PERF_MAX_QPS + 1;
	assert_int_equal(rs_perf_encode(&m[2], buf, sizeof(buf), &len), -EINVAL);
	m[2].u.qps.n = 0;
	assert_int_equal(rs_perf_encode(&m[2], buf, sizeof(buf), &len), 0);
	assert_int_equal(rs_perf_decode(buf, len, &back), -EBADMSG);
	/* No room to encode into. */
	assert_int_equal(rs_perf_encode(&m[1], buf, 20, &len), -EMSGSIZE);
}

/* Random damage to valid messages: decode returns 0 or an error, never
 * crashes; what decodes re-encodes to the same bytes. */
static void test_mutations(void **state)
{
	struct rs_perf_msg m[7], back;
	uint8_t buf[BUF], again[BUF];
	size_t len, len2;
	unsigned ok = 0, bad = 0;
	int n = sample_msgs(m);

	srand(7);
	for (int round = 0; round < 20000; round++) {
		const struct rs_perf_msg *src = &m[round % n];

		assert_int_equal(rs_perf_encode(src, buf, sizeof(buf), &len), 0);
		for (int k = rand() % 4; k >= 0; k--)
			buf[(size_t)rand() % len] = (uint8_t)rand();
		if (rs_perf_decode(buf, len, &back)) {
			bad++;
			continue;
		}
		ok++;
		assert_int_equal(rs_perf_encode(&back, again, sizeof(again), &len2), 0);
		assert_int_equal(len, len2);
		assert_memory_equal(buf, again, len);
	}
	print_message("# mutations: %u decoded, %u rejected\n", ok, bad);
	assert_true(ok > 0 && bad > 0);
}

static void test_sniff(void **state)
{
	/* HOST-APIS.md §1: ib_write_bw 6.20's first 16 bytes. */
	static const uint8_t perftest[16] = { '6', '.', '2', '0' };
	static const char pingpong[] = "0000:000021:59dfd7:00000000000000000000ffff0a01103e";
	uint8_t ours[BUF];
	struct rs_perf_msg m = { .type = RS_MSG_READY };
	size_t len;
	char ver[16];

	assert_int_equal(rs_perf_sniff(perftest, 16, ver, sizeof(ver)), RS_PEER_PERFTEST);
	assert_string_equal(ver, "6.20");
	assert_int_equal(rs_perf_sniff((const uint8_t *)"5.70\0\0\0\0\0\0\0\0\0\0\0\0", 16, ver,
				       sizeof(ver)), RS_PEER_PERFTEST);
	assert_int_equal(rs_perf_sniff((const uint8_t *)pingpong, 16, NULL, 0), RS_PEER_PINGPONG);
	assert_int_equal(rs_perf_sniff((const uint8_t *)"GET / HTTP/1.1\r\n", 16, NULL, 0),
			 RS_PEER_UNKNOWN);
	assert_int_equal(rs_perf_sniff((const uint8_t *)"6.20abc\0\0\0\0\0\0\0\0\0", 16, NULL, 0),
			 RS_PEER_UNKNOWN);
	assert_int_equal(rs_perf_sniff((const uint8_t *)"1234567890.12345", 16, NULL, 0),
			 RS_PEER_UNKNOWN);
	assert_int_equal(rs_perf_encode(&m, ours, sizeof(ours), &len), 0);
	assert_int_equal(rs_perf_sniff(ours, len, NULL, 0), RS_PEER_ROCESCOPE);
	assert_string_equal(rs_perf_peer_kind_name(RS_PEER_PERFTEST), "perftest");
}

static void test_escape(void **state)
{
	char out[32];

	rs_perf_escape("host\x1b[2Jname\\", out, sizeof(out));
	assert_string_equal(out, "host\\x1b[2Jname\\x5c");
	rs_perf_escape("a very long host name that does not fit", out, 16);
	assert_string_equal(out + strlen(out) - 3, "...");
	assert_true(strlen(out) < 16);
}

static void test_lat_stats(void **state)
{
	uint64_t rtt[1000];
	struct rs_perf_lat_result r;

	/* Round trips of 2..2000 µs in reverse order: one-way 1..1000 µs. */
	for (int i = 0; i < 1000; i++)
		rtt[i] = (uint64_t)(1000 - i) * 2000;
	rs_perf_lat_stats(rtt, 1000, &r);
	assert_int_equal(r.iterations, 1000);
	assert_true(r.t_min_us == 1 && r.t_max_us == 1000);
	assert_true(r.t_median_us == 500 && r.t_p99_us == 990 && r.t_p999_us == 999);
	assert_true(r.t_avg_us > 500.49 && r.t_avg_us < 500.51);
	/* Buckets: [1,2) holds 1, [512,1024) holds 489. */
	assert_int_equal(r.hist[1], 1);
	assert_int_equal(r.hist[10], 489);
	rs_perf_lat_stats(rtt, 0, &r);
	assert_true(r.iterations == 0 && r.t_max_us == 0);
	rtt[0] = 5000;
	rs_perf_lat_stats(rtt, 1, &r);
	assert_true(r.t_min_us == 2.5 && r.t_p999_us == 2.5 && r.t_max_us == 2.5);
}

static void test_clock(void **state)
{
	assert_int_equal(rs_perf_cycles_delta(100, 300, 0x7fffffffffffffffULL), 200);
	/* A wrap of a 48-bit counter. */
	assert_int_equal(rs_perf_cycles_delta(0xfffffffffff0ULL, 0x10, 0xffffffffffffULL), 0x20);
	assert_true(rs_perf_cycles_to_ns(156250, 156250) == 1e6);	/* 156.25 MHz: 1 ms */
	assert_true(rs_perf_cycles_to_ns(100, 0) == 0);
	assert_true(rs_perf_gbps(125000000, 1000000000) == 1.0);
	assert_true(rs_perf_gbps(1, 0) == 0);
}

static void test_view_diff(void **state)
{
	struct rs_perf_view a, b;
	struct rs_perf_diff d[RS_PERF_MAX_DIFFS];
	int n;

	sample_view(&a, "a");
	sample_view(&b, "b");
	assert_int_equal(rs_perf_view_diff(&a, &b, d, RS_PERF_MAX_DIFFS), 0);
	strcpy(b.addr, "fe80::1");
	b.active_mtu = 4096;
	b.netdev_mtu = 0;		/* unknown is no difference */
	strcpy(b.gid_type, "IB/RoCE v1");
	n = rs_perf_view_diff(&a, &b, d, RS_PERF_MAX_DIFFS);
	assert_int_equal(n, 3);
	assert_string_equal(d[0].what, "gid_type");
	assert_string_equal(d[1].what, "gid_family");
	assert_string_equal(d[1].remote, "IPv6 link-local");
	assert_string_equal(d[2].what, "active_mtu");
	assert_string_equal(d[2].local, "1024");
	assert_int_equal(rs_perf_view_diff(&a, &b, d, 1), 1);
	assert_string_equal(rs_perf_view_family(&a), "IPv4");
}

/* The session's form of the peer's view (model/peer_view.h). */
static void test_view_to_peer(void **state)
{
	struct rs_perf_view v;
	struct rs_peer_view p;

	sample_view(&v, "peer");
	rs_perf_view_to_peer(&v, &p);
	assert_true(p.known && p.gid_type == RS_GID_TYPE_ROCE_V2 && p.gid_ipv4);
	assert_true(p.active_mtu == 1024 && p.netdev_mtu == 1500 && p.gid_index == 1);
	assert_string_equal(p.addr, "10.99.0.1");
	assert_true(!p.pfc_known && !p.trust[0] && p.memlock_known);
	strcpy(v.addr, "fe80::1");
	strcpy(v.gid_type, "IB/RoCE v1");
	v.memlock = 0;
	rs_perf_view_to_peer(&v, &p);
	assert_true(!p.gid_ipv4 && p.gid_type == RS_GID_TYPE_ROCE_V1 && !p.memlock_known);
	/* PFC as the view carries it from the netdev's DCB. */
	strcpy(v.pfc, "3");
	strcpy(v.trust, "dscp");
	rs_perf_view_to_peer(&v, &p);
	assert_true(p.pfc_known && p.pfc_en == 0x08);
	assert_string_equal(p.trust, "dscp");
	strcpy(v.pfc, "3,4");
	rs_perf_view_to_peer(&v, &p);
	assert_true(p.pfc_known && p.pfc_en == 0x18);
	strcpy(v.pfc, "none");
	rs_perf_view_to_peer(&v, &p);
	assert_true(p.pfc_known && p.pfc_en == 0);
	strcpy(v.pfc, "3;rm -rf");
	rs_perf_view_to_peer(&v, &p);
	assert_false(p.pfc_known);
}

static void test_perftest_parse(void **state)
{
	/* ib_write_bw --report_gbits and ib_write_lat result tables (perftest 6.x layout). */
	static const char bw[] =
		" WARNING: BW peak won't be measured in this run.\n"
		"---------------------------------------------------------------------------------------\n"
		" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
		" 65536      300              0.21               0.20   		   0.000381\n"
		"---------------------------------------------------------------------------------------\n";
	static const char lat[] =
		" #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    "
		"t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec] \n"
		" 2       1000          30.12          210.33       40.55              45.10          "
		"10.20           150.20                 199.90  \n"
		"---------------------------------------------------------------------------------------\n";
	static const char lat_nan[] =
		" #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    "
		"t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec] \n"
		" 2       1000          30.12          210.33       40.55              -nan           "
		"inf             150.20                 199.90  \n";
	struct rs_perftest_result r;
	struct rs_perftest_cmd c;
	struct rs_perf_params p = { .test = RS_PERF_BW, .verb = RS_VERB_WRITE, .qps = 1,
				    .size = 65536, .iters = 300, .tx_depth = 128 };

	assert_int_equal(rs_perftest_parse(bw, 0, &r), 0);
	assert_int_equal(r.n, 1);
	assert_true(r.rows[0].size == 65536 && r.rows[0].iterations == 300);
	assert_true(r.rows[0].bw_avg_gbps == 0.20 && r.rows[0].bw_peak_gbps == 0.21);
	assert_int_equal(rs_perftest_parse(lat, 1, &r), 0);
	assert_true(r.rows[0].t_typical_us == 40.55 && r.rows[0].t_p999_us == 199.90);
	assert_int_equal(rs_perftest_parse(" Couldn't connect to 10.99.0.2:18515\n", 0, &r), -ENOENT);
	assert_int_equal(rs_perftest_parse(lat_nan, 1, &r), -ENOENT);
	assert_int_equal(rs_perftest_cmd(&p, "rxe0", 1, 1, 18515, "10.99.0.2", &c), 0);
	assert_string_equal(c.argv[0], "ib_write_bw");
	assert_string_equal(c.argv[c.argc - 1], "10.99.0.2");
	assert_null(c.argv[c.argc]);
	p.verb = RS_VERB_SEND;
	assert_int_equal(rs_perftest_cmd(&p, NULL, 0, -1, 18515, NULL, &c), -EINVAL);
}

static void test_jsonl(void **state)
{
	struct rs_perf_line l;
	static const char *bad[] = {
		"", "{", "[]", "{\"type\":\"end\"", "{\"type\":\"end\",}", "{\"type\":\"nope\"}",
		"{\"type\":\"end\"} x", "{\"type\":1}", "{\"type\":\"end\",\"size\":\"x\"}",
		"{\"type\":\"end\",\"message\":\"\x01\"}", "{\"type\":\"end\",\"a\":[[[[[[[[[[1]]]]]]]]]]}",
		"{\"type\":\"result\",\"hist\":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25]}",
	};
	char big[400];
	int fd[2];
	struct rs_jl jl;
	char buf[1024];
	ssize_t n;

	assert_int_equal(rs_perf_line_parse("{\"type\":\"interval\",\"size\":65536,\"n\":3,"
					    "\"gbps\":0.25,\"future\":{\"x\":[1,true,null]}}\n",
					    strlen("{\"type\":\"interval\",\"size\":65536,\"n\":3,"
						   "\"gbps\":0.25,\"future\":{\"x\":[1,true,null]}}\n"), &l), 0);
	assert_int_equal(l.type, RS_LINE_INTERVAL);
	assert_true(l.size == 65536 && l.n == 3 && l.gbps == 0.25);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(rs_perf_line_parse(bad[i], strlen(bad[i]), &l), -EINVAL);
	/* A string longer than its field is refused, not cut. */
	snprintf(big, sizeof(big), "{\"type\":\"error\",\"code\":\"%0100d\"}", 0);
	assert_int_equal(rs_perf_line_parse(big, strlen(big), &l), -EINVAL);
	/* The writer's lines parse back, escapes included. */
	assert_int_equal(pipe(fd), 0);
	rs_jl_begin(&jl, "error");
	rs_jl_str(&jl, "code", "retry_exceeded");
	rs_jl_str(&jl, "message", "tab\there \"quoted\" \xc3\xa9");
	rs_jl_num(&jl, "t_s", 1.5);
	rs_jl_u64(&jl, "exit", 1);
	assert_int_equal(rs_jl_end(&jl, fd[1]), 0);
	n = read(fd[0], buf, sizeof(buf));
	assert_true(n > 0 && buf[n - 1] == '\n');
	assert_int_equal(rs_perf_line_parse(buf, (size_t)n, &l), 0);
	assert_int_equal(l.type, RS_LINE_ERROR);
	assert_string_equal(l.code, "retry_exceeded");
	assert_string_equal(l.message, "tab\there \"quoted\" \xc3\xa9");
	assert_true(l.t_s == 1.5 && l.exit_code == 1);
	rs_jl_begin(&jl, "view");
	rs_jl_str(&jl, "side", "remote");
	rs_jl_str(&jl, "device", "rxe1");
	rs_jl_num(&jl, "gid_index", 1);
	rs_jl_hist(&jl, "hist", (const uint64_t[]){ 0, 5, 7 }, 3);
	assert_int_equal(rs_jl_end(&jl, fd[1]), 0);
	n = read(fd[0], buf, sizeof(buf));
	assert_int_equal(rs_perf_line_parse(buf, (size_t)n, &l), 0);
	assert_true(l.type == RS_LINE_VIEW && !strcmp(l.view.device, "rxe1") &&
		    l.view.gid_index == 1 && l.n_hist == 3 && l.hist[2] == 7);
	snprintf(big, sizeof(big), "{\"type\":\"end\",\"message\":\"\\u00e9\\ud800\"}");
	assert_int_equal(rs_perf_line_parse(big, strlen(big), &l), 0);
	assert_string_equal(l.message, "\xc3\xa9\xef\xbf\xbd");
	close(fd[0]);
	close(fd[1]);
}

static void test_fail_table(void **state)
{
	for (int c = 0; c < RS_PF_MAX; c++) {
		const struct rs_perf_fail_info *fi = rs_perf_fail_info(c);

		assert_non_null(fi->id);
		assert_non_null(fi->title);
		for (int k = 0; k < c; k++)
			assert_string_not_equal(fi->id, rs_perf_fail_info(k)->id);
	}
	assert_string_equal(rs_perf_fail_info(RS_PF_RETRY_EXCEEDED)->id, "retry_exceeded");
	assert_string_equal(rs_perf_fail_info(999)->id, "peer_failed");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_header),
		cmocka_unit_test(test_version1),
		cmocka_unit_test(test_truncated_and_trailing),
		cmocka_unit_test(test_bad_fields),
		cmocka_unit_test(test_mutations),
		cmocka_unit_test(test_sniff),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_lat_stats),
		cmocka_unit_test(test_clock),
		cmocka_unit_test(test_view_diff),
		cmocka_unit_test(test_view_to_peer),
		cmocka_unit_test(test_perftest_parse),
		cmocka_unit_test(test_jsonl),
		cmocka_unit_test(test_fail_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
