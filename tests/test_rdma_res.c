/* SPDX-License-Identifier: MIT */
/*
 * test_rdma_res.c - the RDMA netlink resources parser (src/collect/
 * rdma_res_parse.c) on replies a real kernel sent (recorded in the lab:
 * tests/fixtures/rdma-netlink/), on every truncation and on flipped bytes
 * of them, on an error reply; and the live socket, which on a host
 * without RDMA netlink must fail soft with the reason.
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

#include <linux/netlink.h>

#include "collect/collect.h"
#include "collect/rdma_res.h"
#include "util.h"
#include "nl_build.h"

static void two_devices(struct rs_snapshot *s)
{
	rs_snapshot_init(s);
	RS_STRCPY(RS_APPEND(s->devices, s->n_devices)->name, "rxe1");
	RS_STRCPY(RS_APPEND(s->devices, s->n_devices)->name, "rxe0");
	RS_STRCPY(RS_APPEND(s->devices, s->n_devices)->name, "mlx5_0");
}

/* The busy reply (ib_write_bw running): what `rdma resource show` said. */
static void test_summary_busy(void **state)
{
	struct rs_snapshot s;
	long idx[3];
	size_t len;
	unsigned char *buf = nlb_load("busy/res.nl", &len);

	two_devices(&s);
	assert_int_equal(rs_rdma_res_parse_summary(buf, len, &s, idx), 2);
	assert_int_equal(idx[0], 1);	/* rxe1 is the kernel's device 1 */
	assert_int_equal(idx[1], 0);
	assert_int_equal(idx[2], -1);	/* not in the reply */
	for (int i = 0; i < 2; i++) {
		const struct rs_rdma_res *r = &s.devices[i].res;

		assert_true(r->known);
		assert_int_equal(r->qp, 2);
		assert_int_equal(r->cq, 2);
		assert_int_equal(r->mr, 1);
		assert_int_equal(r->pd, 2);
		assert_int_equal(r->cm_id, 0);
		assert_int_equal(r->ctx, 1);
		assert_int_equal(r->srq, 0);
		assert_false(r->qp_states_known);
	}
	assert_false(s.devices[2].res.known);
	free(buf);
	rs_snapshot_free(&s);
}

static void test_qps_busy(void **state)
{
	struct rs_rdma_res r0 = { 0 }, r1 = { 0 };
	size_t l0, l1;
	unsigned char *b0 = nlb_load("busy/qp-rxe0.nl", &l0), *b1 = nlb_load("busy/qp-rxe1.nl", &l1);
	char line[256];

	assert_int_equal(rs_rdma_res_parse_qps(b0, l0, &r0), 2);
	assert_int_equal(rs_rdma_res_parse_qps(b1, l1, &r1), 2);
	assert_true(r0.qp_states_known);
	assert_int_equal(r0.qp_rts, 2);		/* the GSI QP and the client's RC QP */
	assert_int_equal(r1.qp_rts, 1);
	assert_int_equal(r1.qp_rtr, 1);		/* the server's QP only receives */
	r1.known = 1;
	r1.qp = 2;
	r1.cq = 2;
	r1.mr = 1;
	r1.pd = 2;
	rs_rdma_res_fmt(line, sizeof(line), &r1);
	assert_string_equal(line, "QPs 2 (RTR 1, RTS 1), CQs 2, MRs 1, PDs 2");
	free(b0);
	free(b1);
}

static void test_idle(void **state)
{
	struct rs_rdma_res r = { 0 };
	struct rs_snapshot s;
	size_t len;
	unsigned char *buf = nlb_load("idle/res.nl", &len);

	two_devices(&s);
	assert_int_equal(rs_rdma_res_parse_summary(buf, len, &s, NULL), 2);
	assert_int_equal(s.devices[1].res.qp, 1);	/* the GSI QP of the port */
	free(buf);
	buf = nlb_load("idle/qp-rxe0.nl", &len);
	assert_int_equal(rs_rdma_res_parse_qps(buf, len, &r), 1);
	assert_int_equal(r.qp_rts, 1);
	free(buf);
	rs_snapshot_free(&s);
}

/* Every strict prefix lacks NLMSG_DONE: -EBADMSG, never a count, never a
 * read past the end (ASan watches in the sanitizer build). */
static void test_truncated(void **state)
{
	const char *files[] = { "busy/res.nl", "busy/qp-rxe0.nl", "idle/qp-rxe1.nl" };

	for (size_t f = 0; f < RS_ARRAY_SIZE(files); f++) {
		size_t len;
		unsigned char *buf = nlb_load(files[f], &len);

		for (size_t cut = 0; cut < len; cut++) {
			unsigned char *part = rs_xmalloc(cut ? cut : 1);
			struct rs_rdma_res r = { 0 };
			struct rs_snapshot s;

			memcpy(part, buf, cut);
			two_devices(&s);
			assert_int_equal(f ? rs_rdma_res_parse_qps(part, cut, &r) :
					 rs_rdma_res_parse_summary(part, cut, &s, NULL), -EBADMSG);
			free(part);
			rs_snapshot_free(&s);
		}
		free(buf);
	}
}

/* Any byte of a real reply set to any of a few values: no crash. */
static void test_flipped(void **state)
{
	static const unsigned char vals[] = { 0x00, 0x01, 0x7f, 0x80, 0xff };
	size_t len;
	unsigned char *buf = nlb_load("busy/res.nl", &len), *qp;
	size_t qlen;

	qp = nlb_load("busy/qp-rxe1.nl", &qlen);
	for (size_t i = 0; i < len; i++)
		for (size_t v = 0; v < sizeof(vals); v++) {
			unsigned char *m = rs_xmalloc(len);
			struct rs_snapshot s;

			memcpy(m, buf, len);
			m[i] = vals[v];
			two_devices(&s);
			(void)rs_rdma_res_parse_summary(m, len, &s, NULL);
			free(m);
			rs_snapshot_free(&s);
		}
	for (size_t i = 0; i < qlen; i++) {
		struct rs_rdma_res r = { 0 };
		unsigned char *m = rs_xmalloc(qlen);

		memcpy(m, qp, qlen);
		m[i] ^= 0xff;
		(void)rs_rdma_res_parse_qps(m, qlen, &r);
		free(m);
	}
	free(buf);
	free(qp);
}

/* The kernel's answer to a request it refuses: NLMSG_ERROR with -errno. */
static void test_error_reply(void **state)
{
	struct {
		struct nlmsghdr h;
		struct nlmsgerr e;
	} m;
	struct rs_rdma_res r = { 0 };

	memset(&m, 0, sizeof(m));
	m.h.nlmsg_len = sizeof(m);
	m.h.nlmsg_type = NLMSG_ERROR;
	m.e.error = -EPERM;
	assert_int_equal(rs_rdma_res_parse_qps(&m, sizeof(m), &r), -EPERM);
	assert_false(r.qp_states_known);
	assert_int_equal(rs_rdma_res_parse_qps(NULL, 0, &r), -EBADMSG);
}

/* Live: this host may have no RDMA netlink at all; then each device says
 * why, and nothing fails.  Where it has one, the dump must work. */
static void test_live(void **state)
{
	struct rs_snapshot s;
	struct rs_nl_reply r;
	int fd = rs_rdma_nl_open();

	two_devices(&s);
	rs_collect_rdma_res(&s);
	if (fd == -EPROTONOSUPPORT) {
		assert_false(s.devices[0].res.known);
		assert_string_equal(s.devices[0].res.error, "RDMA netlink: Protocol not supported");
		rs_snapshot_free(&s);
		/* cmocka 1.1.5 reports skip() as "not ok # SKIP": say it, pass
		 * on the soft failure asserted above; the lab runs the dump. */
		print_message("# live RDMA netlink: the kernel has none (EPROTONOSUPPORT): "
			      "the dump itself is tested in the lab (68-resources.sh)\n");
		return;
	}
	assert_true(fd >= 0);
	assert_int_equal(rs_rdma_nl_dump(fd, 9 /* RES_GET */, -1, &r), 0);
	assert_true(rs_rdma_res_parse_summary(r.buf, r.len, &s, NULL) >= 0);
	free(r.buf);
	close(fd);
	rs_snapshot_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_summary_busy),
		cmocka_unit_test(test_qps_busy),
		cmocka_unit_test(test_idle),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_flipped),
		cmocka_unit_test(test_error_reply),
		cmocka_unit_test(test_live),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
