/* SPDX-License-Identifier: MIT */
/*
 * test_rdma_qps.c - the queue pair parsers (src/collect/rdma_qp_parse.c):
 * the QP list of real replies recorded in the lab (tests/fixtures/
 * rdma-netlink/), rdma_cm IDs, QP counters, counter modes and bind
 * answers built as the kernel builds them (drivers/infiniband/core/
 * nldev.c), every prefix and every changed byte of each, and hostile
 * replies: short values, missing attributes, a list past the cap, odd
 * address families; and the recorded twin on the roce-rxe fixture.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <linux/netlink.h>
#include <rdma/rdma_netlink.h>

#include "collect/collect.h"
#include "collect/rdma_qp.h"
#include "nl_build.h"
#include "util.h"

#define T_QP RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_QP_GET)
#define T_CM RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_CM_ID_GET)
#define T_STAT RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_STAT_GET)

static int parse_list(const void *buf, size_t len)
{
	struct rs_qp *qps;
	size_t n;
	int ret = rs_rdma_parse_qp_list(buf, len, &qps, &n);

	if (ret >= 0)
		assert_true(n <= (size_t)ret);
	rs_qps_free(qps, n);
	return ret;
}

/* `rdma resource show qp` just before said:
 *   link rxe0/1 lqpn 17 rqpn 17 type RC state RTS rq-psn 6611563
 *     sq-psn 9420612 path-mig-state MIGRATED pdn 1 pid 195 comm ib_write_bw
 *   link rxe0/1 lqpn 1 type GSI state RTS sq-psn 0 comm [ib_core]
 * and the reply, taken a moment later, has the writer's SQ PSN moved on. */
static void test_busy_list(void **state)
{
	struct rs_qp *qps;
	size_t n, len;
	unsigned char *buf = nlb_load("busy/qp-rxe0.nl", &len);

	assert_int_equal(rs_rdma_parse_qp_list(buf, len, &qps, &n), 2);
	assert_int_equal(n, 2);
	assert_int_equal(qps[0].lqpn, 17);
	assert_int_equal(qps[0].port, 1);
	assert_string_equal(qps[0].type, "RC");
	assert_int_equal(qps[0].state, 3);
	assert_true(qps[0].has_rqpn);
	assert_int_equal(qps[0].rqpn, 17);
	assert_int_equal(qps[0].rq_psn, 6611563);
	assert_int_equal(qps[0].sq_psn, 9428528);
	assert_int_equal(qps[0].pdn, 1);
	assert_int_equal(qps[0].pid, 195);
	assert_false(qps[0].kernel);
	assert_int_equal(qps[1].lqpn, 1);
	assert_string_equal(qps[1].type, "GSI");
	assert_false(qps[1].has_rqpn);
	assert_true(qps[1].kernel);
	assert_string_equal(qps[1].comm, "ib_core");
	rs_qps_free(qps, n);
	/* Every cut is refused (the reply ends with NLMSG_DONE), no byte
	 * changed makes a read past the end. */
	{
		struct nlb b = { buf, len };

		assert_int_equal(nlb_prefixes(&b, parse_list), 0);
		nlb_mutations(&b, parse_list);
	}
	free(buf);
}

static struct nl_msg *qp_msg(void)
{
	struct nl_msg *m = nlb_msg(T_QP, 0, -1);

	nla_put_u32(m, RDMA_NLDEV_ATTR_DEV_INDEX, 0);
	nla_put_string(m, RDMA_NLDEV_ATTR_DEV_NAME, "mlx5_0");
	return m;
}

static void put_qp(struct nl_msg *m, uint32_t lqpn, uint8_t type, uint8_t st, uint32_t pid)
{
	struct nlattr *e = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_QP_ENTRY);

	nla_put_u32(m, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	nla_put_u32(m, RDMA_NLDEV_ATTR_RES_LQPN, lqpn);
	if (type == 2) {
		nla_put_u32(m, RDMA_NLDEV_ATTR_RES_RQPN, lqpn + 1000);
		nla_put_u32(m, RDMA_NLDEV_ATTR_RES_RQ_PSN, 77);
	}
	nla_put_u32(m, RDMA_NLDEV_ATTR_RES_SQ_PSN, 88);
	nla_put_u8(m, RDMA_NLDEV_ATTR_RES_TYPE, type);
	nla_put_u8(m, RDMA_NLDEV_ATTR_RES_STATE, st);
	nla_put_u32(m, RDMA_NLDEV_ATTR_RES_PID, pid);
	nla_put_u32(m, RDMA_NLDEV_ATTR_RES_PDN, 4);
	nla_nest_end(m, e);
}

/* Hostile lists: a short LQPN, a QP without a state, a list past the cap,
 * a type this program has no name for, an error reply. */
static void test_hostile_list(void **state)
{
	struct nlb b = { NULL, 0 };
	struct nl_msg *m = qp_msg();
	struct nlattr *t = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_QP);
	struct nlattr *e = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
	struct rs_qp *qps;
	size_t n;

	nla_put(m, RDMA_NLDEV_ATTR_RES_LQPN, 2, "\1\0");
	nla_put_u8(m, RDMA_NLDEV_ATTR_RES_TYPE, 2);
	nla_put_u8(m, RDMA_NLDEV_ATTR_RES_STATE, 3);
	nla_nest_end(m, e);
	nla_nest_end(m, t);
	nlb_add(&b, m);
	nlb_done(&b);
	assert_int_equal(rs_rdma_parse_qp_list(b.buf, b.len, &qps, &n), -EBADMSG);
	assert_null(qps);
	nlb_free(&b);

	m = qp_msg();
	t = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_QP);
	e = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
	nla_put_u32(m, RDMA_NLDEV_ATTR_RES_LQPN, 5);
	nla_put_u8(m, RDMA_NLDEV_ATTR_RES_TYPE, 2);
	nla_nest_end(m, e);
	nla_nest_end(m, t);
	nlb_add(&b, m);
	nlb_done(&b);
	assert_int_equal(rs_rdma_parse_qp_list(b.buf, b.len, &qps, &n), -EBADMSG);
	nlb_free(&b);

	/* 70000 QPs in 700 messages: the first RS_QPS_MAX kept, all counted. */
	for (int k = 0; k < 700; k++) {
		m = qp_msg();
		t = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_QP);
		for (int i = 0; i < 100; i++)
			put_qp(m, (uint32_t)(k * 100 + i), (uint8_t)(i % 2 ? 2 : 0x42), 3, 9);
		nla_nest_end(m, t);
		nlb_add(&b, m);
	}
	nlb_done(&b);
	assert_int_equal(rs_rdma_parse_qp_list(b.buf, b.len, &qps, &n), 70000);
	assert_int_equal(n, RS_QPS_MAX);
	assert_string_equal(qps[0].type, "type 66");
	assert_string_equal(qps[1].type, "RC");
	assert_int_equal(qps[1].rqpn, 1001);
	assert_int_equal(qps[1].pid, 9);
	assert_int_equal(qps[1].pdn, 4);
	rs_qps_free(qps, n);
	nlb_free(&b);

	nlb_error(&b, -EPERM);
	assert_int_equal(rs_rdma_parse_qp_list(b.buf, b.len, &qps, &n), -EPERM);
	nlb_free(&b);
}

static void put_sockaddr(struct nl_msg *m, int attr, int family, const char *ip, uint16_t port)
{
	unsigned char ss[128] = { 0 };
	uint16_t f = (uint16_t)family, p = htons(port);

	memcpy(ss, &f, 2);
	memcpy(ss + 2, &p, 2);
	if (family == AF_INET)
		inet_pton(AF_INET, ip, ss + 4);
	else if (family == AF_INET6)
		inet_pton(AF_INET6, ip, ss + 8);
	nla_put(m, attr, sizeof(ss), ss);
}

/* An RC QP list and the cm_id reply naming two of them, as nldev.c's
 * fill_res_cm_id_entry() writes it: a listener without a QP first. */
static struct nlb cm_reply(int family2)
{
	struct nlb b = { NULL, 0 };
	struct nl_msg *m = nlb_msg(T_CM, 0, -1);
	struct nlattr *t = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_CM_ID), *e;

	nla_put_u32(m, RDMA_NLDEV_ATTR_DEV_INDEX, 0);
	e = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_CM_ID_ENTRY);
	nla_put_u32(m, RDMA_NLDEV_ATTR_RES_PS, 0x0106);
	nla_put_u8(m, RDMA_NLDEV_ATTR_RES_STATE, 7);
	put_sockaddr(m, RDMA_NLDEV_ATTR_RES_SRC_ADDR, AF_INET, "0.0.0.0", 18515);
	nla_nest_end(m, e);
	e = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_CM_ID_ENTRY);
	nla_put_u32(m, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	nla_put_u32(m, RDMA_NLDEV_ATTR_RES_LQPN, 17);
	nla_put_u8(m, RDMA_NLDEV_ATTR_RES_TYPE, 2);
	nla_put_u32(m, RDMA_NLDEV_ATTR_RES_PS, 0x0106);
	put_sockaddr(m, RDMA_NLDEV_ATTR_RES_SRC_ADDR, AF_INET, "10.99.0.1", 43210);
	put_sockaddr(m, RDMA_NLDEV_ATTR_RES_DST_ADDR, AF_INET, "10.99.0.2", 18515);
	nla_put_u32(m, RDMA_NLDEV_ATTR_RES_PID, 195);
	nla_nest_end(m, e);
	e = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_CM_ID_ENTRY);
	nla_put_u32(m, RDMA_NLDEV_ATTR_RES_LQPN, 18);
	put_sockaddr(m, RDMA_NLDEV_ATTR_RES_SRC_ADDR, family2, "fe80::1", 1);
	put_sockaddr(m, RDMA_NLDEV_ATTR_RES_DST_ADDR, family2, "2001:db8::2", 2);
	nla_nest_end(m, e);
	nla_nest_end(m, t);
	nlb_add(&b, m);
	nlb_done(&b);
	return b;
}

static void two_qps(struct rs_qp *q)
{
	memset(q, 0, 2 * sizeof(*q));
	q[0].lqpn = 17;
	q[0].port = 1;
	q[1].lqpn = 18;
	q[1].port = 1;
}

static struct rs_qp *fuzz_qps;
static int parse_cm(const void *buf, size_t len)
{
	return rs_rdma_parse_cm_ids(buf, len, fuzz_qps, 2);
}

static void test_cm_ids(void **state)
{
	struct rs_qp q[2];
	struct nlb b = cm_reply(AF_INET6);

	two_qps(q);
	assert_int_equal(rs_rdma_parse_cm_ids(b.buf, b.len, q, 2), 3);
	assert_true(q[0].cm);
	assert_string_equal(q[0].src_addr, "10.99.0.1");
	assert_int_equal(q[0].src_port, 43210);
	assert_string_equal(q[0].dst_addr, "10.99.0.2");
	assert_int_equal(q[0].dst_port, 18515);
	assert_true(q[1].cm);
	assert_string_equal(q[1].src_addr, "fe80::1");
	assert_string_equal(q[1].dst_addr, "2001:db8::2");
	fuzz_qps = q;
	assert_int_equal(nlb_prefixes(&b, parse_cm), 0);
	nlb_mutations(&b, parse_cm);
	nlb_free(&b);

	/* AF_IB (27): no IP address to show, said so. */
	b = cm_reply(27);
	two_qps(q);
	assert_int_equal(rs_rdma_parse_cm_ids(b.buf, b.len, q, 2), 3);
	assert_string_equal(q[1].dst_addr, "family 27");
	nlb_free(&b);
}

/* An AF_INET6 address in 12 bytes: refused, not read past. */
static void test_cm_short_sockaddr(void **state)
{
	struct nlb b = { NULL, 0 };
	struct nl_msg *m = nlb_msg(T_CM, 0, -1);
	struct nlattr *t = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_CM_ID);
	struct nlattr *e = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_CM_ID_ENTRY);
	unsigned char ss[12] = { AF_INET6, 0 };
	struct rs_qp q[2];

	nla_put_u32(m, RDMA_NLDEV_ATTR_RES_LQPN, 17);
	nla_put(m, RDMA_NLDEV_ATTR_RES_DST_ADDR, sizeof(ss), ss);
	nla_nest_end(m, e);
	nla_nest_end(m, t);
	nlb_add(&b, m);
	nlb_done(&b);
	two_qps(q);
	assert_int_equal(rs_rdma_parse_cm_ids(b.buf, b.len, q, 2), -EBADMSG);
	assert_false(q[0].cm);
	nlb_free(&b);
}

static void put_counter(struct nl_msg *m, uint32_t id, const uint32_t *lqpns, int n,
			uint64_t seq_err)
{
	struct nlattr *e = nla_nest_start(m, RDMA_NLDEV_ATTR_STAT_COUNTER_ENTRY), *t, *q, *h;

	nla_put_u32(m, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	nla_put_u32(m, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, id);
	nla_put_u32(m, RDMA_NLDEV_ATTR_STAT_MODE, RDMA_COUNTER_MODE_MANUAL);
	t = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_QP);
	for (int i = 0; i < n; i++) {
		q = nla_nest_start(m, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
		nla_put_u32(m, RDMA_NLDEV_ATTR_RES_LQPN, lqpns[i]);
		nla_nest_end(m, q);
	}
	nla_nest_end(m, t);
	t = nla_nest_start(m, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS);
	h = nla_nest_start(m, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);
	nla_put_string(m, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME, "packet_seq_err");
	nla_put_u64(m, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE, seq_err);
	nla_nest_end(m, h);
	h = nla_nest_start(m, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);
	nla_put_string(m, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME, "roce_adp_retrans");
	nla_put_u64(m, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE, 5);
	nla_nest_end(m, h);
	nla_nest_end(m, t);
	nla_nest_end(m, e);
}

static struct nlb stat_reply(void)
{
	static const uint32_t one[] = { 17 }, two[] = { 18, 99 };
	struct nlb b = { NULL, 0 };
	struct nl_msg *m = nlb_msg(T_STAT, 0, -1);
	struct nlattr *t = nla_nest_start(m, RDMA_NLDEV_ATTR_STAT_COUNTER);

	put_counter(m, 4, one, 1, 12345);
	put_counter(m, 7, two, 2, 1);
	nla_nest_end(m, t);
	nlb_add(&b, m);
	nlb_done(&b);
	return b;
}

static int parse_stat(const void *buf, size_t len)
{
	int ret = rs_rdma_parse_qp_counters(buf, len, fuzz_qps, 2);

	rs_counter_set_free(&fuzz_qps[0].counters);
	rs_counter_set_free(&fuzz_qps[1].counters);
	return ret;
}

static void test_qp_counters(void **state)
{
	struct rs_qp q[2];
	struct nlb b = stat_reply();
	const struct rs_counter *c;

	two_qps(q);
	assert_int_equal(rs_rdma_parse_qp_counters(b.buf, b.len, q, 2), 2);
	assert_int_equal(q[0].counter_id, 4);
	c = rs_counter_set_find(&q[0].counters, "packet_seq_err");
	assert_non_null(c);
	assert_int_equal(c->value, 12345);
	assert_int_equal(q[1].counter_id, 7);
	assert_int_equal(q[1].counters.count, 2);
	rs_counter_set_free(&q[0].counters);
	rs_counter_set_free(&q[1].counters);
	fuzz_qps = q;
	assert_int_equal(nlb_prefixes(&b, parse_stat), 0);
	nlb_mutations(&b, parse_stat);
	nlb_free(&b);

	/* No counter bound at all (rxe, or nothing asked): an empty reply. */
	nlb_done(&b);
	two_qps(q);
	assert_int_equal(rs_rdma_parse_qp_counters(b.buf, b.len, q, 2), 0);
	assert_int_equal(q[0].counter_id, 0);
	nlb_free(&b);
}

/* A counter entry whose value is missing: refused whole. */
static void test_counter_without_value(void **state)
{
	struct nlb b = { NULL, 0 };
	struct nl_msg *m = nlb_msg(T_STAT, 0, -1);
	struct nlattr *t = nla_nest_start(m, RDMA_NLDEV_ATTR_STAT_COUNTER);
	struct nlattr *e = nla_nest_start(m, RDMA_NLDEV_ATTR_STAT_COUNTER_ENTRY);
	struct nlattr *h, *hh;
	struct rs_qp q[2];

	nla_put_u32(m, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, 3);
	h = nla_nest_start(m, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS);
	hh = nla_nest_start(m, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);
	nla_put_string(m, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME, "rx_write_requests");
	nla_nest_end(m, hh);
	nla_nest_end(m, h);
	nla_nest_end(m, e);
	nla_nest_end(m, t);
	nlb_add(&b, m);
	nlb_done(&b);
	two_qps(q);
	assert_int_equal(rs_rdma_parse_qp_counters(b.buf, b.len, q, 2), -EBADMSG);
	assert_int_equal(q[0].counter_id, 0);
	nlb_free(&b);
}

/*
 * ib_write_bw -R in the lab, where `rdma resource show cm_id` said
 *   link rxe0/1 cm-idn 1 lqpn 19 qp-type RC state CONNECT ps TCP pid 684
 *     comm ib_write_bw src-addr 10.99.0.1:53398 dst-addr 10.99.0.2:18515
 * and `rdma statistic qp mode` "link rxe0/1 mode qp auto off"; the QP
 * counter dump came back empty (rxe binds none).
 */
static void test_recorded_cm(void **state)
{
	struct rs_qp *qps;
	size_t n, len;
	unsigned char *buf = nlb_load("qps-cm/rdma-netlink/qp-rxe0.nl", &len);
	struct nlb b;
	char mode[32];

	(void)state;
	assert_int_equal(rs_rdma_parse_qp_list(buf, len, &qps, &n), 2);
	free(buf);
	assert_int_equal(n, 2);
	assert_int_equal(qps[0].lqpn, 19);
	b.buf = nlb_load("qps-cm/rdma-netlink/cm_id-rxe0.nl", &b.len);
	assert_true(rs_rdma_parse_cm_ids(b.buf, b.len, qps, n) > 0);
	assert_true(qps[0].cm);
	assert_string_equal(qps[0].src_addr, "10.99.0.1");
	assert_int_equal(qps[0].src_port, 53398);
	assert_string_equal(qps[0].dst_addr, "10.99.0.2");
	assert_int_equal(qps[0].dst_port, 18515);
	assert_false(qps[1].cm);
	fuzz_qps = qps;
	assert_int_equal(nlb_prefixes(&b, parse_cm), 0);
	nlb_mutations(&b, parse_cm);
	free(b.buf);

	buf = nlb_load("qps-cm/rdma-netlink/stat-qp-rxe0.nl", &len);
	assert_int_equal(rs_rdma_parse_qp_counters(buf, len, qps, n), 0);
	assert_int_equal(qps[0].counters.count, 0);
	free(buf);
	buf = nlb_load("qps-cm/rdma-netlink/stat-mode-rxe0.nl", &len);
	assert_int_equal(rs_rdma_parse_stat_mode(buf, len, mode, sizeof(mode)), 0);
	assert_string_equal(mode, "none");
	free(buf);
	rs_qps_free(qps, n);
}

static void test_mode_and_bind(void **state)
{
	struct nlb b = { NULL, 0 };
	struct nl_msg *m = nlb_msg(T_STAT, 0, -1);
	char mode[32];
	uint32_t id = 0;

	nla_put_u32(m, RDMA_NLDEV_ATTR_DEV_INDEX, 0);
	nla_put_u32(m, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	nla_put_u32(m, RDMA_NLDEV_ATTR_STAT_MODE, RDMA_COUNTER_MODE_AUTO);
	nla_put_u32(m, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, 9);
	nlb_add(&b, m);
	nlb_error(&b, 0);	/* the acknowledgement NLM_F_ACK asked for */
	assert_int_equal(rs_rdma_parse_stat_mode(b.buf, b.len, mode, sizeof(mode)), 0);
	assert_string_equal(mode, "auto");
	assert_int_equal(rs_rdma_parse_bind(b.buf, b.len, &id), 0);
	assert_int_equal(id, 9);
	nlb_free(&b);

	/* The answer of a driver without counter binding. */
	nlb_error(&b, -EOPNOTSUPP);
	assert_int_equal(rs_rdma_parse_bind(b.buf, b.len, &id), -EOPNOTSUPP);
	assert_int_equal(rs_rdma_parse_stat_mode(b.buf, b.len, mode, sizeof(mode)), -EOPNOTSUPP);
	nlb_free(&b);

	/* An ack alone says no mode: malformed, not "none". */
	nlb_error(&b, 0);
	assert_int_equal(rs_rdma_parse_stat_mode(b.buf, b.len, mode, sizeof(mode)), -EBADMSG);
	nlb_free(&b);
}

/* The recorded twin on the roce-rxe fixture root. */
static void test_recorded(void **state)
{
	char root[4096];
	struct rs_snapshot s;

	snprintf(root, sizeof(root), "%s/tests/fixtures/roce-rxe",
		 getenv("top_srcdir") ? getenv("top_srcdir") : ".");
	rs_root_set(root);
	rs_snapshot_init(&s);
	RS_STRCPY(RS_APPEND(s.devices, s.n_devices)->name, "rxe0");
	RS_STRCPY(RS_APPEND(s.devices, s.n_devices)->name, "rxe1");
	rs_collect_rdma_res_recorded(&s);
	assert_true(s.devices[0].qps_known);
	assert_int_equal(s.devices[0].n_qps, 2);
	assert_int_equal(s.devices[0].qps[0].lqpn, 17);
	assert_int_equal(s.devices[1].qps[0].state, 2);	/* the server's RTR */
	rs_snapshot_free(&s);
	rs_root_set(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_busy_list),
		cmocka_unit_test(test_hostile_list),
		cmocka_unit_test(test_cm_ids),
		cmocka_unit_test(test_recorded_cm),
		cmocka_unit_test(test_cm_short_sockaddr),
		cmocka_unit_test(test_qp_counters),
		cmocka_unit_test(test_counter_without_value),
		cmocka_unit_test(test_mode_and_bind),
		cmocka_unit_test(test_recorded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
