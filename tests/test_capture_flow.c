/* SPDX-License-Identifier: MIT */
/*
 * test_capture_flow.c - the analysis (src/capture/analysis.h): PSN
 * continuity (gaps, repeats, 24-bit wrap, READ), NAKs by code, RNR NAKs,
 * duplicate ACKs, CNP and ECN CE per flow, ACK latency and the pairing of
 * the two directions, the flow key, the cap and LRU eviction, the ring,
 * the verdicts, and a paced, looping replay of a real capture.
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
#include <time.h>
#include <unistd.h>

#include "capture/analysis.h"
#include "diag/check.h"
#include "capture/capture.h"
#include "capture/craft.h"
#include "util.h"

/* Build a frame from c, decode it at time ts (us), add it to a. */
static void add(struct rs_cap_analysis *a, const struct rs_craft *c, uint64_t ts_us)
{
	uint8_t buf[12000];
	struct rs_pkt p;
	size_t n = rs_craft_frame(c, buf, sizeof(buf));

	assert_true(n > 0);
	rs_pkt_decode(&p, RS_LINK_ETHERNET, buf, n, n, ts_us * 1000);
	rs_cap_analysis_add(a, &p);
}

static void request(struct rs_cap_analysis *a, uint32_t psn, int ackreq, uint64_t ts_us)
{
	struct rs_craft c;

	rs_craft_init(&c, 0x04, 0x20, psn);	/* SEND Only 10.0.0.1 -> 10.0.0.2 QP 0x20 */
	c.ackreq = ackreq;
	c.payload_len = 64;
	add(a, &c, ts_us);
}

static void ack(struct rs_cap_analysis *a, uint8_t syndrome, uint32_t psn, uint64_t ts_us)
{
	struct rs_craft c;

	rs_craft_init(&c, 0x11, 0x21, psn);	/* ACK 10.0.0.2 -> 10.0.0.1 QP 0x21 */
	rs_craft_ipv4(&c, "10.0.0.2", "10.0.0.1");
	rs_craft_be(&c, (uint64_t)syndrome << 24 | 1, 4);
	add(a, &c, ts_us);
}

static const struct rs_cap_flow *flow(const struct rs_cap_analysis *a, uint32_t dqp)
{
	for (size_t i = 0; i < rs_cap_flow_count(a); i++)
		if (rs_cap_flow_at(a, i)->dqp == dqp)
			return rs_cap_flow_at(a, i);
	fail_msg("no flow to QP 0x%x", dqp);
	return NULL;
}

static void test_psn(void **state)
{
	struct rs_cap_analysis *a = rs_cap_analysis_new(0, 0);
	const struct rs_cap_flow *f;
	uint32_t seq[] = { 0xfffffe, 0xffffff, 0, 1,	/* wrap: in order */
			   4,				/* gap: 2 and 3 missing */
			   2, 3,			/* repeats: retransmitted */
			   5 };

	for (size_t i = 0; i < sizeof(seq) / sizeof(seq[0]); i++)
		request(a, seq[i], 0, i);
	f = flow(a, 0x20);
	assert_int_equal(f->packets, 8);
	assert_int_equal(f->psn_gaps, 1);
	assert_int_equal(f->psn_missing, 2);
	assert_int_equal(f->psn_repeats, 2);
	assert_int_equal(rs_cap_totals(a)->psn_gaps, 1);
	assert_int_equal(rs_cap_totals(a)->psn_repeats, 2);
	rs_cap_analysis_free(a);
}

static void test_read(void **state)
{
	struct rs_cap_analysis *a = rs_cap_analysis_new(0, 0);
	struct rs_craft c;
	static const uint8_t resp[] = { 0x0d, 0x0e, 0x0f };
	static const uint32_t psn[] = { 100, 101, 103 };	/* 102 missing */

	/* A READ consumes one PSN per response packet: the next request's jump is no gap. */
	rs_craft_init(&c, 0x0c, 0x20, 100);
	rs_craft_be(&c, 0, 16);
	add(a, &c, 1);
	request(a, 104, 1, 2);
	assert_int_equal(flow(a, 0x20)->psn_gaps, 0);
	for (int i = 0; i < 3; i++) {
		rs_craft_init(&c, resp[i], 0x21, psn[i]);
		rs_craft_ipv4(&c, "10.0.0.2", "10.0.0.1");
		if (resp[i] != 0x0e)
			rs_craft_be(&c, 0x1f000001, 4);
		c.payload_len = 1024;
		add(a, &c, 10 + (uint64_t)i);
	}
	assert_int_equal(flow(a, 0x21)->psn_gaps, 1);
	assert_int_equal(flow(a, 0x21)->psn_missing, 1);
	/* The READ request waited for its first response: 10 - 1 = 9 us. */
	assert_int_equal(flow(a, 0x20)->lat_n, 1);
	assert_int_equal(flow(a, 0x20)->lat_min_ns, 9000);
	rs_cap_analysis_free(a);
}

static void test_naks_and_latency(void **state)
{
	struct rs_cap_analysis *a = rs_cap_analysis_new(0, 0);
	const struct rs_cap_flow *req, *rsp;
	const struct rs_cap_totals *t;

	request(a, 10, 1, 1000);
	ack(a, 0x1f, 10, 1020);			/* 20 us */
	request(a, 11, 1, 2000);
	request(a, 12, 1, 2005);
	ack(a, 0x1f, 12, 2105);			/* cumulative: covers 11 and 12, 100 us */
	ack(a, 0x1f, 12, 2106);			/* duplicate */
	ack(a, 0x60, 13, 2200);			/* each NAK code */
	ack(a, 0x61, 13, 2201);
	ack(a, 0x62, 13, 2202);
	ack(a, 0x63, 13, 2203);
	ack(a, 0x64, 13, 2204);
	ack(a, 0x6a, 13, 2205);			/* reserved code */
	ack(a, 0x2e, 13, 2206);			/* RNR NAK */
	req = flow(a, 0x20);
	rsp = flow(a, 0x21);
	assert_ptr_equal(rs_cap_flow_peer(a, req), rsp);
	assert_ptr_equal(rs_cap_flow_peer(a, rsp), req);
	assert_int_equal(req->lat_n, 2);
	assert_int_equal(req->lat_min_ns, 20000);
	assert_int_equal(req->lat_max_ns, 100000);
	assert_int_equal(rsp->acks, 3);
	assert_int_equal(rsp->dup_acks, 1);
	for (int i = 0; i < RS_NAK__COUNT; i++)
		assert_int_equal(rsp->naks[i], 1);
	assert_int_equal(rsp->rnr_naks, 1);
	t = rs_cap_totals(a);
	assert_int_equal(t->naks[RS_NAK_REMOTE_ACCESS], 1);
	assert_int_equal(t->rnr_naks, 1);
	assert_int_equal(t->lat_n, 2);
	rs_cap_analysis_free(a);
}

static void test_congestion(void **state)
{
	struct rs_cap_analysis *a = rs_cap_analysis_new(0, 0);
	struct rs_craft c;

	rs_craft_init(&c, RS_OP_CNP, 0x21, 0);
	rs_craft_ipv4(&c, "10.0.0.2", "10.0.0.1");
	c.becn = 1;
	rs_craft_be(&c, 0, 16);
	add(a, &c, 1);
	add(a, &c, 2);
	rs_craft_init(&c, 0x04, 0x20, 1);
	c.tos = 3;				/* CE */
	add(a, &c, 3);
	assert_int_equal(flow(a, 0x21)->cnp, 2);
	assert_int_equal(flow(a, 0x20)->ecn_ce, 1);
	assert_int_equal(rs_cap_totals(a)->cnp, 2);
	assert_int_equal(rs_cap_totals(a)->ecn[3], 1);
	rs_cap_analysis_free(a);
}

/* The same QP number on two hosts is two flows; the cap evicts the LRU one. */
static void test_flow_table(void **state)
{
	struct rs_cap_analysis *a = rs_cap_analysis_new(4, 8);
	const struct rs_cap_flow *sorted[8];
	struct rs_craft c;
	char src[32];

	for (int i = 1; i <= 4; i++) {
		rs_craft_init(&c, 0x04, 0x1d, 1);
		snprintf(src, sizeof(src), "172.30.0.%d", i);
		rs_craft_ipv4(&c, src, "172.30.0.100");
		for (int k = 0; k < i; k++)
			add(a, &c, (uint64_t)(i * 10 + k));
	}
	assert_int_equal(rs_cap_flow_count(a), 4);
	assert_int_equal(rs_cap_flows_sorted(a, sorted, 8), 4);
	assert_int_equal(sorted[0]->packets, 4);
	assert_int_equal(sorted[3]->packets, 1);
	/* Touch 172.30.0.1 again: 172.30.0.2 becomes the least recently seen. */
	rs_craft_init(&c, 0x04, 0x1d, 2);
	rs_craft_ipv4(&c, "172.30.0.1", "172.30.0.100");
	add(a, &c, 100);
	rs_craft_ipv4(&c, "172.30.0.9", "172.30.0.100");
	add(a, &c, 101);
	assert_int_equal(rs_cap_flow_count(a), 4);
	assert_int_equal(rs_cap_totals(a)->flows_evicted, 1);
	assert_int_equal(rs_cap_totals(a)->flows_seen, 5);
	for (size_t i = 0; i < 4; i++)
		assert_true(rs_cap_flow_at(a, i)->src[15] != 2);
	/* Many flows through a small table: lookups stay exact after evictions. */
	for (int i = 0; i < 1000; i++) {
		snprintf(src, sizeof(src), "10.%d.%d.1", i / 200, i % 200);
		rs_craft_ipv4(&c, src, "172.30.0.100");
		add(a, &c, 200 + (uint64_t)i);
		add(a, &c, 200 + (uint64_t)i);
		assert_int_equal(rs_cap_flow_at(a, 0)->packets + rs_cap_flow_at(a, 1)->packets +
				 rs_cap_flow_at(a, 2)->packets + rs_cap_flow_at(a, 3)->packets >= 2, 1);
	}
	assert_int_equal(rs_cap_totals(a)->flows_evicted, 1001);
	assert_int_equal(rs_cap_flows_sorted(a, sorted, 8), 4);
	for (int i = 0; i < 4; i++)
		assert_int_equal(sorted[i]->packets, 2);
	/* The ring kept the last 8 of all those packets. */
	assert_int_equal(rs_cap_ring_total(a), 2 + 10 + 2000);
	assert_int_equal(rs_cap_ring_oldest(a), 2012 - 8);
	assert_null(rs_cap_ring_get(a, 2012 - 9));
	assert_null(rs_cap_ring_get(a, 2012));
	assert_int_equal(rs_cap_ring_get(a, 2011)->ts_ns, 1199 * 1000);
	rs_cap_analysis_free(a);
}

static int has_reason(const struct rs_cap_verdicts *v, const char *id, enum rs_verdict verdict)
{
	for (size_t i = 0; i < v->n_reasons; i++)
		if (!strcmp(v->reasons[i].id, id) && v->reasons[i].verdict == verdict)
			return 1;
	return 0;
}

static int rank(enum rs_verdict v)
{
	return v == RS_FAIL ? 3 : v == RS_WARN ? 2 : v == RS_PASS ? 1 : 0;
}

/* The wire's verdict is its worst reason, and the reasons come worst first:
 * the first line a view shows carries the verdict it is shown under. */
static void assert_worst_first(const struct rs_cap_verdicts *v)
{
	assert_true(v->n_reasons > 0);
	assert_int_equal(v->reasons[0].verdict, v->health);
	for (size_t i = 1; i < v->n_reasons; i++)
		assert_true(rank(v->reasons[i - 1].verdict) >= rank(v->reasons[i].verdict));
}

static void test_verdicts(void **state)
{
	struct rs_cap_analysis *a = rs_cap_analysis_new(0, 0);
	struct rs_cap_verdicts v;
	struct rs_craft c;

	rs_cap_verdicts(a, 0, 0, "try -d mlx5_0", &v);
	assert_int_equal(v.seen, RS_SEEN_NOTHING);
	assert_int_equal(v.roce, RS_SKIP);
	assert_int_equal(v.health, RS_SKIP);
	assert_non_null(strstr(v.roce_text, "try -d mlx5_0"));
	rs_cap_verdicts(a, 0, 1, NULL, &v);
	assert_int_equal(v.roce, RS_FAIL);	/* traffic claimed, none seen */
	request(a, 1, 1, 1);
	ack(a, 0x1f, 1, 2);
	rs_cap_verdicts(a, 0, 0, NULL, &v);
	assert_int_equal(v.seen, RS_SEEN_V2);
	assert_int_equal(v.roce, RS_PASS);
	/* Not ECN-capable: DCQCN cannot work, a warning, shown first. */
	assert_int_equal(v.health, RS_WARN);
	assert_string_equal(v.reasons[0].id, "ecn_off");
	assert_true(has_reason(&v, "ecn_off", RS_WARN));
	assert_true(has_reason(&v, "clean", RS_PASS));
	assert_worst_first(&v);
	rs_cap_verdicts(a, 5, 0, NULL, &v);
	assert_worst_first(&v);
	assert_int_equal(v.health, RS_WARN);
	assert_true(has_reason(&v, "capture_drops", RS_WARN));
	request(a, 5, 0, 3);			/* a gap */
	ack(a, 0x2e, 5, 4);			/* an RNR NAK */
	rs_cap_verdicts(a, 0, 0, NULL, &v);
	assert_int_equal(v.health, RS_WARN);
	assert_true(has_reason(&v, "psn_gaps", RS_WARN));
	assert_true(has_reason(&v, "rnr_nak", RS_WARN));
	assert_false(has_reason(&v, "clean", RS_PASS));
	assert_worst_first(&v);
	ack(a, 0x62, 6, 5);			/* remote access error */
	rs_craft_init(&c, 0x04, 0x20, 6);
	c.bad_icrc = 1;
	add(a, &c, 6);
	rs_cap_verdicts(a, 0, 0, NULL, &v);
	assert_int_equal(v.health, RS_FAIL);
	assert_true(has_reason(&v, "icrc_bad", RS_FAIL));
	assert_true(has_reason(&v, "nak_error", RS_FAIL));
	assert_worst_first(&v);
	rs_craft_init(&c, 0x04, 0x20, 7);
	rs_craft_ipv6(&c, "fe80::1", "fe80::2");
	c.v1 = 1;
	add(a, &c, 7);
	rs_cap_verdicts(a, 0, 0, NULL, &v);
	assert_int_equal(v.seen, RS_SEEN_BOTH);
	assert_int_equal(v.roce, RS_WARN);
	assert_string_equal(rs_roce_seen_name(v.seen), "v1+v2");
	rs_cap_analysis_free(a);
}

/* Read a pcap file to its end; its analysis (the caller frees c). */
static const struct rs_cap_totals *read_back(struct rs_capture **c, const char *path)
{
	struct rs_capture_spec spec = { .kind = RS_CAP_FILE, .name = path };
	char err[512];

	if (rs_capture_open(c, &spec, err, sizeof(err)))
		fail_msg("%s", err);
	while (!rs_capture_done(*c))
		assert_true(rs_capture_dispatch(*c, 256) >= 0);
	return rs_cap_totals(rs_capture_analysis(*c));
}

/* No retransmission, gap or duplicate ACK, and every ICRC right. */
static void assert_clean(const struct rs_cap_totals *t)
{
	assert_int_equal(t->psn_repeats, 0);
	assert_int_equal(t->psn_gaps, 0);
	assert_int_equal(t->psn_missing, 0);
	assert_int_equal(t->dup_acks, 0);
	assert_int_equal(t->icrc_bad, 0);
	assert_int_equal(t->icrc_unchecked, 0);
}

/*
 * A looping replay of a real capture at 1000x, written to a pcap as it
 * goes: pass after pass, time runs forward, starting over is not taken for
 * retransmissions, and the written file reads back as the replay saw it
 * (same frames, PSNs that go on, every ICRC right).  Waits for the state
 * (3 passes), bounded by 20 s.
 */
static void replay_loop(const char *name)
{
	char path[4096], out[4096], err[512];
	struct rs_capture_spec spec = {
		.kind = RS_CAP_FILE, .name = path, .replay_speed = 1000, .replay_loop = 1,
		.write_path = out,
	};
	struct rs_capture *c, *b;
	struct rs_capture_stats st;
	const struct rs_cap_totals *t, *f;
	struct rs_cap_totals one;
	uint64_t deadline = rs_now_ns() + 20 * 1000000000ULL;

	snprintf(path, sizeof(path), "%s/tests/fixtures/pcaps/linlinw5-rdma_ib_tutorial/%s",
		 getenv("top_srcdir"), name);
	snprintf(out, sizeof(out), "%s/rs-loop-%d.pcap", getenv("TMPDIR") ? getenv("TMPDIR") :
		 "/tmp", (int)getpid());
	one = *read_back(&b, path);
	rs_capture_close(b);
	assert_int_equal(rs_capture_open(&c, &spec, err, sizeof(err)), 0);
	assert_non_null(strstr(rs_capture_label(c), "replay of"));
	do {
		uint64_t d = rs_capture_delay_ns(c);

		assert_true(d != UINT64_MAX);
		if (d > 0) {
			struct timespec ts = { 0, (long)(d > 50000000 ? 50000000 : d) };

			nanosleep(&ts, NULL);
		}
		assert_true(rs_capture_dispatch(c, 16) >= 0);
		rs_capture_stats(c, &st);
	} while (st.passes < 3 && rs_now_ns() < deadline);
	assert_true(st.passes >= 3);
	assert_false(rs_capture_done(c));
	assert_int_equal(st.ended, RS_CAP_RUNNING);
	assert_string_equal(rs_capture_status(c), "");		/* a loop never ends */
	t = rs_cap_totals(rs_capture_analysis(c));
	assert_true(t->frames > 2 * one.frames);		/* two passes and more */
	assert_clean(t);
	assert_true(t->last_ts - t->first_ts > 2 * (one.last_ts - one.first_ts));
	assert_int_equal(rs_capture_write(c, NULL, 0, 0, err, sizeof(err)), 0);
	f = read_back(&b, out);
	assert_clean(f);
	/* The file holds what the replay analysed, frame for frame. */
	assert_int_equal(f->frames, t->frames);
	assert_int_equal(f->roce_v2, t->roce_v2);
	assert_int_equal(f->acks, t->acks);
	assert_int_equal(f->lat_n, t->lat_n);
	assert_int_equal(rs_cap_flow_count(rs_capture_analysis(b)),
			 rs_cap_flow_count(rs_capture_analysis(c)));
	rs_capture_close(b);
	rs_capture_close(c);
	unlink(out);
}

static void test_replay_loop(void **state)
{
	replay_loop("rdma_write_bw.pcap");
	replay_loop("rdma_cm.pcap");		/* the demo's: CM, SENDs, WRITEs, two QPs */
	replay_loop("pingpong_rc.pcap");
}

/* Damaged files: libpcap's reason and the packet where it stopped; the
 * end of a whole file is said with its count. */
static void test_damaged_files(void **state)
{
	char path[4096], err[512];
	struct rs_capture_spec spec = { .kind = RS_CAP_FILE, .name = "cut.pcap" };
	struct rs_capture *c;
	struct rs_capture_stats st;
	uint8_t *data;
	size_t len;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/tests/fixtures/pcaps/linlinw5-rdma_ib_tutorial/"
		 "rdma_cm.pcap", getenv("top_srcdir"));
	data = rs_xcalloc(1, 1 << 16);
	assert_non_null(fp = fopen(path, "rb"));
	len = fread(data, 1, 1 << 16, fp);
	fclose(fp);
	assert_int_equal(read_back(&c, path)->frames, 96);
	assert_string_equal(rs_capture_status(c), "end of file after 96 packets");
	rs_capture_stats(c, &st);
	assert_int_equal(st.ended, RS_CAP_END_OF_FILE);
	rs_capture_close(c);
	/* cut in the second packet's bytes */
	spec.data = data;
	spec.data_len = 24 + 16 + 322 + 16 + 100;
	assert_int_equal(rs_capture_open(&c, &spec, err, sizeof(err)), 0);
	assert_int_equal(rs_capture_dispatch(c, 256), -EIO);
	assert_int_equal(rs_capture_dispatch(c, 256), -EIO);	/* and stays failed */
	assert_string_equal(rs_capture_status(c), "stopped at packet 2 of the file (1 read): "
			    "truncated dump file; tried to read 322 captured bytes, only got 100");
	rs_capture_stats(c, &st);
	assert_int_equal(st.ended, RS_CAP_FAILED);
	assert_int_equal(st.received, 1);
	assert_int_equal(rs_capture_delay_ns(c), UINT64_MAX);
	rs_capture_close(c);
	/* a capture length past anything libpcap reads, in packet 3 */
	memset(data + 24 + 2 * (16 + 322) + 8, 0x7f, 8);
	spec.data_len = len;
	assert_int_equal(rs_capture_open(&c, &spec, err, sizeof(err)), 0);
	assert_int_equal(rs_capture_dispatch(c, 256), -EIO);
	assert_non_null(strstr(rs_capture_status(c), "stopped at packet 3 of the file (2 read): "
			       "invalid packet capture length"));
	rs_capture_close(c);
	/* the header alone: an end, no packet */
	spec.data_len = 24;
	assert_int_equal(rs_capture_open(&c, &spec, err, sizeof(err)), 0);
	assert_int_equal(rs_capture_dispatch(c, 256), 0);
	assert_true(rs_capture_done(c));
	assert_string_equal(rs_capture_status(c), "end of file after 0 packets");
	rs_capture_close(c);
	free(data);
}

/* Clear messages for what a user can get wrong. */
static void test_open_errors(void **state)
{
	struct rs_capture_spec spec = { .kind = RS_CAP_FILE, .name = "/nonexistent.pcap" };
	struct rs_capture *c;
	char err[1024];

	assert_true(rs_capture_open(&c, &spec, err, sizeof(err)) < 0);
	assert_non_null(strstr(err, "cannot read /nonexistent.pcap"));
	spec.kind = RS_CAP_RDMA;
	spec.name = "mlx5_9";
	assert_int_equal(rs_capture_open(&c, &spec, err, sizeof(err)), -ENODEV);
	assert_non_null(strstr(err, "no RDMA device named 'mlx5_9'"));
	spec.name = "mlx5_9:x";
	assert_int_equal(rs_capture_open(&c, &spec, err, sizeof(err)), -EINVAL);
	spec.kind = RS_CAP_NETDEV;
	spec.name = "nosuchdev0";
	assert_true(rs_capture_open(&c, &spec, err, sizeof(err)) < 0);
	assert_true(strstr(err, "nosuchdev0") != NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_psn),
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_naks_and_latency),
		cmocka_unit_test(test_congestion),
		cmocka_unit_test(test_flow_table),
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_replay_loop),
		cmocka_unit_test(test_damaged_files),
		cmocka_unit_test(test_open_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
