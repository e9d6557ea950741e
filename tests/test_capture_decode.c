/* SPDX-License-Identifier: MIT */
/*
 * test_capture_decode.c - the RoCE decoder (src/capture/decode.h) against
 * real captures and crafted frames: CRC-32, the known-answer vectors of
 * ROCE-WIRE.md 10, opcode counts and ICRC of every fixture, every
 * extension header, the AETH syndromes, ECN/DSCP, VLAN, QinQ, IPv6, RoCE
 * v1, cooked and raw link types, each malformation, truncation at every
 * byte offset of real packets, and the one-line text form.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <pcap/pcap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture/capture.h"
#include "capture/decode.h"
#include "capture/format.h"
#include "capture/craft.h"
#include "crc32.h"
#include "util.h"

#define FIX "/tests/fixtures/pcaps/linlinw5-rdma_ib_tutorial/"

/* Frame n (1-based, as Wireshark numbers) of a fixture, into buf. */
static size_t fixture_frame(const char *file, int n, uint8_t *buf, size_t cap)
{
	char path[4096], err[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *h;
	const u_char *d;
	size_t len = 0;
	pcap_t *pc;

	snprintf(path, sizeof(path), "%s" FIX "%s", getenv("top_srcdir"), file);
	pc = pcap_open_offline(path, err);
	assert_non_null(pc);
	for (int i = 1; pcap_next_ex(pc, &h, &d) == 1; i++)
		if (i == n) {
			assert_true(h->caplen <= cap);
			memcpy(buf, d, h->caplen);
			len = h->caplen;
			break;
		}
	pcap_close(pc);
	assert_true(len > 0);
	return len;
}

static void decode_fixture(struct rs_pkt *p, const char *file, int n)
{
	uint8_t buf[10000];
	size_t len = fixture_frame(file, n, buf, sizeof(buf));

	rs_pkt_decode(p, RS_LINK_ETHERNET, buf, len, len, 0);
	assert_int_equal(p->kind, RS_PKT_ROCE_V2);
	assert_int_equal(p->err, RS_PERR_NONE);
	assert_int_equal(p->icrc, RS_ICRC_OK);
}

static void test_crc32(void **state)
{
	uint8_t big[3000];

	assert_int_equal(rs_crc32(0, "123456789", 9), 0xcbf43926);
	assert_int_equal(rs_crc32(0, "", 0), 0);
	for (size_t i = 0; i < sizeof(big); i++)
		big[i] = (uint8_t)(i * 7 + 3);
	/* Every length and misalignment against the bit-by-bit definition. */
	for (size_t off = 0; off < 8; off++)
		for (size_t len = 0; len + off < sizeof(big); len += 37) {
			uint32_t r = 0xffffffff;

			for (size_t i = 0; i < len; i++) {
				r ^= big[off + i];
				for (int k = 0; k < 8; k++)
					r = r & 1 ? 0xedb88320 ^ (r >> 1) : r >> 1;
			}
			assert_int_equal(~r, rs_crc32(0, big + off, len));
			/* Split in two calls: the running value carries over. */
			assert_int_equal(~r, rs_crc32(rs_crc32(0, big + off, len / 3),
						      big + off + len / 3, len - len / 3));
		}
}

/* ROCE-WIRE.md 10: field values and the ICRC as carried. */
static void test_known_answers(void **state)
{
	struct rs_pkt p;
	const char *space;
	unsigned port;

	decode_fixture(&p, "pingpong_rc.pcap", 12);
	assert_int_equal(p.opcode, 0x04);
	assert_int_equal(p.dqp, 0x20);
	assert_int_equal(p.psn, 0x59dfd7);
	assert_true(p.bth_flags & RS_BTH_ACKREQ);
	assert_int_equal(p.pkey, 0xffff);
	assert_int_equal(p.udp_len, 1048);
	assert_int_equal(p.payload_len, 1024);
	assert_int_equal(p.icrc_wire, 0xc1f2548c);
	decode_fixture(&p, "pingpong_rc.pcap", 13);
	assert_int_equal(p.opcode, 0x11);
	assert_int_equal(p.dqp, 0x21);
	assert_int_equal(p.psn, 0x59dfd7);
	assert_int_equal(p.syndrome, 0x1f);
	assert_int_equal(p.msn, 1);
	assert_int_equal(rs_aeth_credits(p.syndrome), -1);
	assert_int_equal(p.icrc_wire, 0x92881de6);
	decode_fixture(&p, "rdma_write_bw.pcap", 22);
	assert_int_equal(p.opcode, 0x06);
	assert_int_equal(p.dqp, 0x1b);
	assert_int_equal(p.psn, 0x533a2f);
	assert_true(p.va == 0x00005e6b89b96000ULL);
	assert_int_equal(p.rkey, 0xce6);
	assert_int_equal(p.dma_len, 3000);
	assert_int_equal(p.udp_len, 1064);
	assert_int_equal(p.icrc_wire, 0xa11dd369);
	decode_fixture(&p, "rdma_write_bw.pcap", 25);
	assert_int_equal(p.opcode, 0x11);
	assert_int_equal(p.dqp, 0x1d);
	assert_int_equal(p.psn, 0x533a31);
	assert_int_equal(p.icrc_wire, 0x0e2ff00c);
	decode_fixture(&p, "rdma_cm.pcap", 1);
	assert_int_equal(p.opcode, 0x64);
	assert_int_equal(p.dqp, 1);
	assert_int_equal(p.psn, 0x1a);
	assert_int_equal(p.qkey, RS_QP1_QKEY);
	assert_int_equal(p.src_qp, 1);
	assert_true(p.hdrs & RS_HDR_MAD);
	assert_int_equal(p.mad_class, RS_MAD_CLASS_CM);
	assert_string_equal(rs_cm_attr_name(p.mad_attr), "REQ");
	assert_true(p.service_id == 0x0000000001064853ULL);
	assert_true(rs_service_id_port(p.service_id, &space, &port));
	assert_string_equal(space, "TCP");
	assert_int_equal(port, 18515);
	assert_int_equal(p.udp_len, 288);
	assert_int_equal(p.icrc_wire, 0x45316853);
	decode_fixture(&p, "rdma_cm.pcap", 16);
	assert_int_equal(p.opcode, 0x04);
	assert_int_equal(p.dqp, 0x3b);
	assert_int_equal(p.psn, 0x727d70);
	assert_int_equal(p.pad, 2);
	assert_int_equal(p.udp_len, 28);
	assert_int_equal(p.payload_len, 2);
	assert_int_equal(p.icrc_wire, 0x19803d1b);
}

struct fixture_counts {
	const char *file;
	uint64_t frames, udp4791;
	struct { uint8_t op; uint64_t n; } ops[8];
};

/* The table of tests/fixtures/pcaps/README.md. */
static const struct fixture_counts counts[] = {
	{ "pingpong_rc.pcap", 31, 20, { { 0x04, 10 }, { 0x11, 10 } } },
	{ "rdma_write_bw.pcap", 60, 20, { { 0x06, 5 }, { 0x07, 5 }, { 0x08, 5 }, { 0x11, 5 } } },
	{ "rdma_write_lat.pcap", 45, 20, { { 0x0a, 10 }, { 0x11, 10 } } },
	{ "rdma_send_bw.pcap", 50, 20, { { 0x00, 5 }, { 0x01, 5 }, { 0x02, 5 }, { 0x11, 5 } } },
	{ "rdma_cm.pcap", 96, 96, { { 0x04, 32 }, { 0x06, 5 }, { 0x07, 5 }, { 0x08, 5 },
				    { 0x11, 37 }, { 0x64, 12 } } },
	{ "nccl_node0.pcap", 954, 184, { { 0x06, 8 }, { 0x07, 48 }, { 0x09, 8 }, { 0x0a, 32 },
					 { 0x0b, 24 }, { 0x11, 64 } } },
};

/* Every fixture through the capture object: counts as listed, every ICRC valid. */
static void test_fixture_counts(void **state)
{
	for (size_t f = 0; f < sizeof(counts) / sizeof(counts[0]); f++) {
		char path[4096], err[512];
		struct rs_capture_spec spec = { .kind = RS_CAP_FILE, .name = path };
		struct rs_capture *c;
		const struct rs_cap_totals *t;
		uint64_t expect[256] = { 0 };

		snprintf(path, sizeof(path), "%s" FIX "%s", getenv("top_srcdir"), counts[f].file);
		assert_int_equal(rs_capture_open(&c, &spec, err, sizeof(err)), 0);
		assert_int_equal(rs_capture_fd(c), -1);
		while (!rs_capture_done(c))
			assert_true(rs_capture_dispatch(c, 100) >= 0);
		t = rs_cap_totals(rs_capture_analysis(c));
		assert_int_equal(t->frames, counts[f].frames);
		assert_int_equal(t->roce_v2, counts[f].udp4791);
		assert_int_equal(t->icrc_ok, counts[f].udp4791);
		assert_int_equal(t->icrc_bad, 0);
		assert_int_equal(t->malformed, 0);
		for (int i = 0; i < 8 && counts[f].ops[i].n; i++)
			expect[counts[f].ops[i].op] = counts[f].ops[i].n;
		for (int i = 0; i < 256; i++)
			if (t->opcodes[i] != expect[i])
				fail_msg("%s: opcode 0x%02x: %llu, expected %llu", counts[f].file, i,
					 (unsigned long long)t->opcodes[i],
					 (unsigned long long)expect[i]);
		rs_capture_close(c);
	}
}

static size_t frame(const struct rs_craft *c, uint8_t *buf)
{
	size_t n = rs_craft_frame(c, buf, 12000);

	assert_true(n > 0);
	return n;
}

/* Build, decode, expect a clean RoCE packet with a valid ICRC. */
static void roundtrip(const struct rs_craft *c, struct rs_pkt *p)
{
	uint8_t buf[12000];
	size_t n = frame(c, buf);

	rs_pkt_decode(p, RS_LINK_ETHERNET, buf, n, n, 42);
	assert_int_equal(p->err, RS_PERR_NONE);
	assert_int_equal(p->kind, c->v1 ? RS_PKT_ROCE_V1 : RS_PKT_ROCE_V2);
	assert_int_equal(p->icrc, RS_ICRC_OK);
	assert_int_equal(p->opcode, c->opcode);
	assert_int_equal(p->dqp, c->dqp);
	assert_int_equal(p->psn, c->psn);
	assert_true(p->ts_ns == 42);
}

static void test_ext_headers(void **state)
{
	struct rs_craft c;
	struct rs_pkt p;

	/* RETH + ImmDt: RC RDMA WRITE Only with Immediate. */
	rs_craft_init(&c, 0x0b, 0x123456, 0xfffffe);
	rs_craft_be(&c, 0x1122334455667788ULL, 8);
	rs_craft_be(&c, 0xdeadbeef, 4);
	rs_craft_be(&c, 4096, 4);
	rs_craft_be(&c, 0xcafef00d, 4);
	c.payload_len = 100;
	c.ackreq = c.se = 1;
	roundtrip(&c, &p);
	assert_int_equal(p.hdrs, RS_HDR_RETH | RS_HDR_IMM);
	assert_true(p.va == 0x1122334455667788ULL);
	assert_int_equal(p.rkey, 0xdeadbeef);
	assert_int_equal(p.dma_len, 4096);
	assert_int_equal(p.imm, 0xcafef00d);
	assert_int_equal(p.payload_len, 100);
	assert_int_equal(p.bth_flags & (RS_BTH_SE | RS_BTH_ACKREQ), RS_BTH_SE | RS_BTH_ACKREQ);
	/* AtomicETH: CmpSwap. */
	rs_craft_init(&c, 0x13, 7, 9);
	rs_craft_be(&c, 0x1000, 8);
	rs_craft_be(&c, 0x77, 4);
	rs_craft_be(&c, 0xaaaaULL, 8);
	rs_craft_be(&c, 0xbbbbULL, 8);
	roundtrip(&c, &p);
	assert_int_equal(p.hdrs, RS_HDR_ATOMIC);
	assert_true(p.va == 0x1000 && p.rkey == 0x77 && p.swap_add == 0xaaaa && p.compare == 0xbbbb);
	assert_int_equal(p.payload_len, 0);
	/* AETH + AtomicAckETH. */
	rs_craft_init(&c, 0x12, 7, 9);
	rs_craft_be(&c, 0x0a000005, 4);
	rs_craft_be(&c, 0x1234567890ULL, 8);
	roundtrip(&c, &p);
	assert_int_equal(p.hdrs, RS_HDR_AETH | RS_HDR_ATOMICACK);
	assert_int_equal(p.syndrome, 0x0a);
	assert_int_equal(rs_aeth_credits(p.syndrome), 32);
	assert_int_equal(p.msn, 5);
	assert_true(p.atomic_ack == 0x1234567890ULL);
	/* IETH: SEND Only with Invalidate. */
	rs_craft_init(&c, 0x17, 7, 9);
	rs_craft_be(&c, 0x4444, 4);
	c.payload_len = 3;
	roundtrip(&c, &p);
	assert_int_equal(p.hdrs, RS_HDR_IETH);
	assert_int_equal(p.inv_rkey, 0x4444);
	assert_int_equal(p.pad, 1);
	assert_int_equal(p.payload_len, 3);
	/* UD SEND Only with Immediate: DETH + ImmDt. */
	rs_craft_init(&c, 0x65, 0x99, 1);
	rs_craft_be(&c, 0x11111111, 4);
	rs_craft_be(&c, 0x00abcdef, 4);
	rs_craft_be(&c, 5, 4);
	c.payload_len = 64;
	roundtrip(&c, &p);
	assert_int_equal(p.hdrs, RS_HDR_DETH | RS_HDR_IMM);
	assert_int_equal(p.qkey, 0x11111111);
	assert_int_equal(p.src_qp, 0xabcdef);
	assert_int_equal(p.imm, 5);
	/* RD SEND Only: RDETH + DETH; RD ACK: RDETH + AETH. */
	rs_craft_init(&c, 0x44, 0x99, 1);
	rs_craft_be(&c, 0x00123456, 4);
	rs_craft_be(&c, 0x1, 4);
	rs_craft_be(&c, 0x2, 4);
	roundtrip(&c, &p);
	assert_int_equal(p.hdrs, RS_HDR_RDETH | RS_HDR_DETH);
	assert_int_equal(p.ee_ctx, 0x123456);
	assert_string_equal(rs_opcode_name(0x44), "RD SEND Only");
	assert_int_equal(rs_opcode_headers(0x51), RS_HDR_RDETH | RS_HDR_AETH);
	/* FLUSH: FETH + RETH. */
	rs_craft_init(&c, 0x1c, 3, 4);
	rs_craft_be(&c, 0x5, 4);
	rs_craft_be(&c, 0, 8);
	rs_craft_be(&c, 1, 4);
	rs_craft_be(&c, 8, 4);
	roundtrip(&c, &p);
	assert_int_equal(p.hdrs, RS_HDR_FETH | RS_HDR_RETH);
	assert_int_equal(p.feth, 5);
	/* An unknown (vendor) opcode: a BTH and an opaque payload. */
	rs_craft_init(&c, 0xe3, 3, 4);
	c.payload_len = 8;
	roundtrip(&c, &p);
	assert_int_equal(p.hdrs, 0);
	assert_false(rs_opcode_known(0xe3));
	assert_string_equal(rs_opcode_name(0xe3), "vendor 0xe3");
	assert_string_equal(rs_opcode_name(0x15), "reserved 0x15");
	assert_string_equal(rs_opcode_name(0x2a), "UC RDMA WRITE Only");
}

static void test_aeth_syndromes(void **state)
{
	static const struct { uint8_t syn; enum rs_nak_code code; } naks[] = {
		{ 0x60, RS_NAK_PSN_SEQ }, { 0x61, RS_NAK_INVALID_REQ },
		{ 0x62, RS_NAK_REMOTE_ACCESS }, { 0x63, RS_NAK_REMOTE_OP },
		{ 0x64, RS_NAK_INVALID_RD }, { 0x65, RS_NAK_OTHER }, { 0x7f, RS_NAK_OTHER },
	};
	struct rs_craft c;
	struct rs_pkt p;
	char line[RS_PKT_LINE];

	for (size_t i = 0; i < sizeof(naks) / sizeof(naks[0]); i++) {
		rs_craft_init(&c, 0x11, 0x21, 100);
		rs_craft_be(&c, (uint64_t)naks[i].syn << 24 | 3, 4);
		roundtrip(&c, &p);
		assert_int_equal(rs_aeth_kind(p.syndrome), RS_AETH_NAK);
		assert_int_equal(rs_aeth_nak(p.syndrome), naks[i].code);
		rs_pkt_format(&p, 0, line, sizeof(line));
		assert_non_null(strstr(line, rs_nak_name(naks[i].code)));
	}
	assert_int_equal(rs_aeth_kind(0x2e), RS_AETH_RNR_NAK);
	assert_int_equal(rs_aeth_rnr_us(0x2e), 1280);	/* code 14: 1.28 ms */
	assert_int_equal(rs_aeth_rnr_us(0x20), 655360);	/* code 0: the longest */
	assert_int_equal(rs_aeth_rnr_us(0x3f), 491520);
	assert_int_equal(rs_aeth_kind(0x40), RS_AETH_RESERVED);
	assert_int_equal(rs_aeth_credits(0x00), 0);
	assert_int_equal(rs_aeth_credits(0x05), 6);
	assert_int_equal(rs_aeth_credits(0x1e), 32768);
	rs_craft_init(&c, 0x11, 0x21, 100);
	rs_craft_be(&c, 0x2e000009, 4);
	roundtrip(&c, &p);
	rs_pkt_format(&p, 0, line, sizeof(line));
	assert_non_null(strstr(line, "RNR NAK timer 1.28 ms msn 9"));
}

static void test_cnp_ecn_dscp(void **state)
{
	struct rs_craft c;
	struct rs_pkt p;

	/* CNP as in the vendor example: BECN, 16 reserved bytes. */
	rs_craft_init(&c, RS_OP_CNP, 0xd2, 0);
	c.becn = 1;
	rs_craft_be(&c, 0, 8);
	rs_craft_be(&c, 0, 8);
	c.tos = 48 << 2 | 2;	/* DSCP 48, ECT(0) */
	roundtrip(&c, &p);
	assert_int_equal(p.hdrs, RS_HDR_CNP);
	assert_true(p.bth_flags & RS_BTH_BECN);
	assert_string_equal(rs_opcode_name(p.opcode), "CNP");
	assert_int_equal(p.tos >> 2, 48);
	assert_int_equal(p.tos & 3, 2);
	/* A CE-marked packet: the TOS is masked in the ICRC, still valid. */
	rs_craft_init(&c, 0x04, 0x20, 1);
	c.tos = 26 << 2 | 3;
	c.fecn = 1;
	c.payload_len = 16;
	roundtrip(&c, &p);
	assert_int_equal(p.tos & 3, 3);
	assert_int_equal(p.tos >> 2, 26);
	assert_true(p.bth_flags & RS_BTH_FECN);
	/* A CNP without its reserved bytes is malformed. */
	rs_craft_init(&c, RS_OP_CNP, 0xd2, 0);
	{
		uint8_t buf[200];
		size_t n = frame(&c, buf);

		rs_pkt_decode(&p, RS_LINK_ETHERNET, buf, n, n, 0);
		assert_int_equal(p.err, RS_PERR_SHORT_EXT);
	}
}

static void test_framing(void **state)
{
	uint8_t buf[12000], conv[12100];
	struct rs_craft c;
	struct rs_pkt p;
	size_t n;

	/* 802.1Q, then QinQ (802.1ad outer). */
	rs_craft_init(&c, 0x04, 0x20, 1);
	c.n_vlan = 1;
	c.vlan_tpid[0] = 0x8100;
	c.vlan_tci[0] = 3 << 13 | 100;
	roundtrip(&c, &p);
	assert_int_equal(p.n_vlan, 1);
	assert_int_equal(p.vlan_tci[0] & 0xfff, 100);
	assert_int_equal(p.vlan_tci[0] >> 13, 3);
	c.n_vlan = 2;
	c.vlan_tpid[0] = 0x88a8;
	c.vlan_tci[0] = 200;
	c.vlan_tpid[1] = 0x8100;
	c.vlan_tci[1] = 5 << 13 | 100;
	roundtrip(&c, &p);
	assert_int_equal(p.n_vlan, 2);
	assert_int_equal(p.vlan_tpid[0], 0x88a8);
	assert_int_equal(p.vlan_tci[0] & 0xfff, 200);
	assert_int_equal(p.vlan_tci[1] & 0xfff, 100);
	/* IPv6, with a traffic class and flow label (masked in the ICRC). */
	rs_craft_init(&c, 0x0a, 0x20, 77);
	rs_craft_ipv6(&c, "fd00::1", "fd00::2");
	c.tos = 0x6a;
	c.flow_label = 0xabcde;
	rs_craft_be(&c, 0, 16);
	c.payload_len = 1000;
	roundtrip(&c, &p);
	assert_int_equal(p.ip_ver, 6);
	assert_int_equal(p.flow_label, 0xabcde);
	assert_int_equal(p.tos, 0x6a);
	/* RoCE v1: EtherType 0x8915, GRH, BTH. */
	rs_craft_init(&c, 0x04, 0x20, 5);
	rs_craft_ipv6(&c, "fe80::1", "fe80::2");
	c.v1 = 1;
	c.payload_len = 12;
	roundtrip(&c, &p);
	assert_int_equal(p.ethertype, RS_ETH_P_IBOE);
	/* Source port 69 (TFTP to other dissectors) is still RoCE v2 ... */
	rs_craft_init(&c, 0x04, 0x20, 5);
	c.sport = 69;
	roundtrip(&c, &p);
	assert_int_equal(p.sport, 69);
	/* ... and 4791 as the source port alone is not. */
	c.sport = 4791;
	c.dport = 69;
	n = frame(&c, buf);
	rs_pkt_decode(&p, RS_LINK_ETHERNET, buf, n, n, 0);
	assert_int_equal(p.kind, RS_PKT_OTHER);
	assert_int_equal(p.err, RS_PERR_NONE);
	/* Trailing bytes (an FCS) after the UDP payload change nothing. */
	rs_craft_init(&c, 0x04, 0x20, 5);
	c.payload_len = 200;
	n = frame(&c, buf);
	memcpy(buf + n, "\x01\x02\x03\x04", 4);
	rs_pkt_decode(&p, RS_LINK_ETHERNET, buf, n + 4, n + 4, 0);
	assert_int_equal(p.icrc, RS_ICRC_OK);
	/* Linux cooked v1 and v2, raw IP: the same packet. */
	memset(conv, 0, 16);
	conv[14] = 0x08;
	memcpy(conv + 16, buf + 14, n - 14);
	rs_pkt_decode(&p, RS_LINK_SLL, conv, n + 2, n + 2, 0);
	assert_int_equal(p.icrc, RS_ICRC_OK);
	memset(conv, 0, 20);
	conv[0] = 0x08;
	memcpy(conv + 20, buf + 14, n - 14);
	rs_pkt_decode(&p, RS_LINK_SLL2, conv, n + 6, n + 6, 0);
	assert_int_equal(p.icrc, RS_ICRC_OK);
	rs_pkt_decode(&p, RS_LINK_RAW, buf + 14, n - 14, n - 14, 0);
	assert_int_equal(p.icrc, RS_ICRC_OK);
	/* A bad ICRC is found, with both values. */
	c.bad_icrc = 1;
	n = frame(&c, buf);
	rs_pkt_decode(&p, RS_LINK_ETHERNET, buf, n, n, 0);
	assert_int_equal(p.icrc, RS_ICRC_BAD);
	assert_int_equal(p.icrc_wire ^ p.icrc_calc, 0x5a5a5a5a);
	/* A flipped bit in the payload too; one in the TTL is masked. */
	c.bad_icrc = 0;
	n = frame(&c, buf);
	buf[n - 40] ^= 1;
	rs_pkt_decode(&p, RS_LINK_ETHERNET, buf, n, n, 0);
	assert_int_equal(p.icrc, RS_ICRC_BAD);
	buf[n - 40] ^= 1;
	buf[14 + 8] = 3;
	rs_pkt_decode(&p, RS_LINK_ETHERNET, buf, n, n, 0);
	assert_int_equal(p.icrc, RS_ICRC_OK);
}

/* One malformation: build c, apply edit at byte off (if any), expect err. */
static void expect_err(struct rs_craft *c, size_t off, uint8_t val, enum rs_pkt_err err)
{
	uint8_t buf[12000];
	struct rs_pkt p;
	size_t n = frame(c, buf);

	if (off)
		buf[off] = val;
	rs_pkt_decode(&p, RS_LINK_ETHERNET, buf, n, n, 0);
	if (p.err != err)
		fail_msg("expected %s, got %s", rs_pkt_err_id(err), rs_pkt_err_id(p.err));
	assert_true(rs_pkt_malformed(&p));
}

static void test_malformed(void **state)
{
	struct rs_craft c;

	rs_craft_init(&c, 0x04, 0x20, 1);
	c.payload_len = 100;
	expect_err(&c, 14 + 2, 0xff, RS_PERR_BAD_IP);		/* total length past the frame */
	expect_err(&c, 14, 0x44, RS_PERR_BAD_IP);		/* IHL 4 */
	expect_err(&c, 14 + 24, 0xff, RS_PERR_BAD_UDP_LEN);	/* UDP length past the IP payload */
	c.tver = 1;
	expect_err(&c, 0, 0, RS_PERR_BAD_TVER);
	c.tver = 0;
	c.ip_flags = 0x2000;					/* more fragments */
	expect_err(&c, 0, 0, RS_PERR_FRAGMENT);
	rs_craft_init(&c, 0x04, 0x20, 1);
	c.pad = 3;						/* pad with no payload */
	c.payload_len = 0;
	{
		uint8_t buf[200];
		struct rs_pkt p;
		size_t n = frame(&c, buf);

		/* UDP length = 8 + 12 + 3 + 4: shrink by the 3 pad bytes. */
		buf[14 + 20 + 5] -= 3;
		buf[14 + 3] -= 3;
		rs_pkt_decode(&p, RS_LINK_ETHERNET, buf, n, n, 0);
		assert_int_equal(p.err, RS_PERR_BAD_PAD);
	}
	rs_craft_init(&c, 0x06, 0x20, 1);			/* WRITE First without its RETH */
	c.payload_len = 8;
	expect_err(&c, 0, 0, RS_PERR_SHORT_EXT);
	rs_craft_init(&c, 0x64, 1, 1);				/* UD to QP1, too short for a MAD */
	rs_craft_be(&c, RS_QP1_QKEY, 4);
	rs_craft_be(&c, 1, 4);
	c.payload_len = 10;
	expect_err(&c, 0, 0, RS_PERR_SHORT_MAD);
	rs_craft_init(&c, 0x04, 0x20, 1);
	rs_craft_ipv6(&c, "fe80::1", "fe80::2");
	c.v1 = 1;
	expect_err(&c, 14 + 6, 0x11, RS_PERR_BAD_GRH);		/* next header not BTH */
	rs_craft_init(&c, 0x04, 0x20, 1);
	c.eth_min = 0;
	expect_err(&c, 14 + 24 + 1, 8 + 11, RS_PERR_SHORT_BTH);	/* UDP length 19 */
	rs_craft_init(&c, 0x04, 0x20, 1);
	rs_craft_ipv6(&c, "fd00::1", "fd00::2");
	expect_err(&c, 14 + 4, 0xff, RS_PERR_BAD_IP);		/* payload length past the frame */
	{
		/* A tag loop: more VLAN tags than any frame has. */
		uint8_t buf[80];
		struct rs_pkt p;

		memset(buf, 0, sizeof(buf));
		for (int i = 12; i + 2 <= 80; i += 4) {
			buf[i] = 0x81;
			buf[i + 1] = 0x00;
		}
		rs_pkt_decode(&p, RS_LINK_ETHERNET, buf, sizeof(buf), sizeof(buf), 0);
		assert_int_equal(p.err, RS_PERR_SHORT_L2);
	}
}

/*
 * Truncation at every byte offset of a frame: cut on the wire (cap = wire
 * = k) it is malformed unless the cut only removed bytes past the IP/GRH
 * payload; cut by the capture (cap = k < wire) it is never malformed, and
 * what was decoded matches the whole frame.  Each cut copy lives in a
 * buffer of exactly k bytes, so a read past it is a heap overflow for
 * valgrind and ASan (the fuzz target runs the decoder under ASan).
 */
static void truncate_all(const uint8_t *f, size_t n, size_t l3_end)
{
	struct rs_pkt full, p;

	rs_pkt_decode(&full, RS_LINK_ETHERNET, f, n, n, 0);
	for (size_t k = 0; k < n; k++) {
		uint8_t *cut = malloc(k ? k : 1);

		memcpy(cut, f, k);
		rs_pkt_decode(&p, RS_LINK_ETHERNET, cut, k, k, 0);
		if (k < l3_end && !rs_pkt_malformed(&p))
			fail_msg("cut at %zu of %zu: not flagged (err %s)", k, n, rs_pkt_err_id(p.err));
		if (k >= l3_end && p.icrc != full.icrc)
			fail_msg("cut at %zu of %zu after the payload: ICRC %d, whole %d", k, n,
				 p.icrc, full.icrc);
		rs_pkt_decode(&p, RS_LINK_ETHERNET, cut, k, n, 0);
		if (rs_pkt_malformed(&p))
			fail_msg("snapped at %zu of %zu: malformed (%s)", k, n, rs_pkt_err_id(p.err));
		if (k < l3_end)
			assert_int_equal(p.err, RS_PERR_SNAPPED);
		assert_true(p.icrc != RS_ICRC_BAD);
		if (p.bth_ok) {
			assert_int_equal(p.opcode, full.opcode);
			assert_int_equal(p.psn, full.psn);
		}
		free(cut);
	}
}

static void test_truncation(void **state)
{
	static const struct { const char *file; int n; } real[] = {
		{ "pingpong_rc.pcap", 12 }, { "pingpong_rc.pcap", 13 },
		{ "rdma_write_bw.pcap", 22 }, { "rdma_cm.pcap", 1 }, { "rdma_cm.pcap", 16 },
		{ "nccl_node0.pcap", 1 },
	};
	uint8_t buf[12000];
	struct rs_craft c;
	struct rs_pkt p;
	size_t n;

	for (size_t i = 0; i < sizeof(real) / sizeof(real[0]); i++) {
		n = fixture_frame(real[i].file, real[i].n, buf, sizeof(buf));
		rs_pkt_decode(&p, RS_LINK_ETHERNET, buf, n, n, 0);
		truncate_all(buf, n, 14 + 20 + (size_t)p.udp_len);
	}
	/* QinQ + atomic, IPv6 + RETH, RoCE v1. */
	rs_craft_init(&c, 0x14, 9, 10);
	c.n_vlan = 2;
	c.vlan_tpid[0] = 0x88a8;
	c.vlan_tpid[1] = 0x8100;
	rs_craft_be(&c, 0, 28);
	n = frame(&c, buf);
	truncate_all(buf, n, 14 + 8 + 20 + 8 + 12 + 28 + 4);
	rs_craft_init(&c, 0x0a, 9, 10);
	rs_craft_ipv6(&c, "fd00::1", "fd00::2");
	rs_craft_be(&c, 0, 16);
	c.payload_len = 33;
	n = frame(&c, buf);
	truncate_all(buf, n, n);
	rs_craft_init(&c, 0x04, 9, 10);
	rs_craft_ipv6(&c, "fe80::1", "fe80::2");
	c.v1 = 1;
	c.payload_len = 4;
	n = frame(&c, buf);
	truncate_all(buf, n, 14 + 40 + 12 + 4 + 4);
}

static void test_format(void **state)
{
	char line[RS_PKT_LINE], small[40];
	struct rs_craft c;
	struct rs_pkt p;
	size_t need;

	decode_fixture(&p, "rdma_cm.pcap", 1);
	rs_pkt_format(&p, 0, line, sizeof(line));
	assert_non_null(strstr(line, "10.1.16.62 > 10.1.16.61"));
	assert_non_null(strstr(line, "v2 UD SEND Only qp 0x000001 psn 26"));
	assert_non_null(strstr(line, "CM REQ service 0x0000000001064853 (TCP port 18515)"));
	assert_non_null(strstr(line, "icrc ok"));
	/* The longest line: QinQ, IPv6, every flag, RETH + ImmDt, a bad ICRC. */
	rs_craft_init(&c, 0x0b, 0xffffff, 0xffffff);
	rs_craft_ipv6(&c, "fd00:1111:2222:3333:4444:5555:6666:7777",
		      "fd00:1111:2222:3333:4444:5555:6666:7778");
	c.n_vlan = 2;
	c.vlan_tpid[0] = 0x88a8;
	c.vlan_tpid[1] = 0x8100;
	c.se = c.mig = c.fecn = c.becn = c.ackreq = 1;
	c.pkey = 0x8001;
	rs_craft_be(&c, UINT64_MAX, 16);
	rs_craft_be(&c, UINT32_MAX, 4);
	c.payload_len = 9;
	c.bad_icrc = 1;
	{
		uint8_t buf[200];
		size_t n = frame(&c, buf);

		rs_pkt_decode(&p, RS_LINK_ETHERNET, buf, n, n - 1 > 90 ? n : n, 0);
	}
	need = rs_pkt_format(&p, 0, line, sizeof(line));
	assert_true(need < sizeof(line));
	assert_int_equal(strlen(line), need);
	assert_non_null(strstr(line, "icrc BAD (carried"));
	/* Too small a buffer: cut visibly, and the needed length is told. */
	assert_int_equal(rs_pkt_format(&p, 0, small, sizeof(small)), need);
	assert_int_equal(strlen(small), sizeof(small) - 1);
	assert_string_equal(small + sizeof(small) - 4, " >>");
}

/* The mlx5 note: which RDMA device sits on a netdev, on fixture trees. */
static void test_netdev_rdma(void **state)
{
	char root[4096], dev[64], drv[64];

	snprintf(root, sizeof(root), "%s/tests/fixtures/roce-cx5", getenv("top_srcdir"));
	rs_root_set(root);
	assert_int_equal(rs_capture_netdev_rdma("ens1f0np0", dev, sizeof(dev), drv, sizeof(drv)), 1);
	assert_string_equal(dev, "mlx5_0");
	assert_string_equal(drv, "mlx5_core");
	assert_int_equal(rs_capture_netdev_rdma("lo", dev, sizeof(dev), drv, sizeof(drv)), 0);
	snprintf(root, sizeof(root), "%s/tests/fixtures/roce-rxe", getenv("top_srcdir"));
	rs_root_set(root);
	rs_capture_netdev_rdma("nothere0", dev, sizeof(dev), drv, sizeof(drv));
	rs_root_set(NULL);
	assert_non_null(strstr(rs_capture_sniffer_warning(), "CAP_NET_RAW"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crc32),
		cmocka_unit_test(test_known_answers),
		cmocka_unit_test(test_fixture_counts),
		cmocka_unit_test(test_ext_headers),
		cmocka_unit_test(test_aeth_syndromes),
		cmocka_unit_test(test_cnp_ecn_dscp),
		cmocka_unit_test(test_framing),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_truncation),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_netdev_rdma),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
