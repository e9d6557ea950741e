/* SPDX-License-Identifier: MIT */
/*
 * make_cases.c - write a pcap of crafted RoCE frames, one case each, for
 * the end-to-end CLI test (and as seeds for the fuzz target):
 *
 *   make_cases FILE.pcap     the cases below, in order
 *   make_cases --seeds DIR   each frame as its own file, behind one byte 0
 *                            (Ethernet) as the fuzz target reads its input
 *
 * Cases: a clean RC conversation with ACKs, a PSN gap, a retransmission,
 * each NAK code, an RNR NAK, a CNP, an ECN CE mark, VLAN and QinQ frames,
 * IPv6, RoCE v1, a source port of 69, a bad ICRC, a frame cut on the wire,
 * and a CM REQ.  test_capture_cli.sh holds the summary to these counts.
 */
#include "tests/helpers/craft.h"
#include "capture/decode.h"

#include <pcap/pcap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sink {
	pcap_dumper_t *d;
	const char *dir;
	unsigned n;
	uint64_t ts_us;
};

static void put(struct sink *s, const uint8_t *f, size_t caplen, size_t len)
{
	struct pcap_pkthdr h = { .caplen = (bpf_u_int32)caplen, .len = (bpf_u_int32)len };

	s->ts_us += 10;
	h.ts.tv_sec = 1700000000 + (time_t)(s->ts_us / 1000000);
	h.ts.tv_usec = (suseconds_t)(s->ts_us % 1000000);
	if (s->d) {
		pcap_dump((u_char *)s->d, &h, f);
	} else {
		char path[4096];
		FILE *o;

		snprintf(path, sizeof(path), "%s/case-%03u", s->dir, s->n);
		o = fopen(path, "wb");
		if (!o || fputc(0, o) == EOF || fwrite(f, 1, caplen, o) != caplen) {
			perror(path);
			exit(1);
		}
		fclose(o);
	}
	s->n++;
}

static void emit(struct sink *s, const struct rs_craft *c)
{
	uint8_t buf[12000];
	size_t n = rs_craft_frame(c, buf, sizeof(buf));

	if (!n) {
		fprintf(stderr, "make_cases: frame too large\n");
		exit(1);
	}
	put(s, buf, n, n);
}

/* SEND Only 10.0.0.1 -> .2 QP 0x20 and its ACK back to QP 0x21. */
static void send_ack(struct sink *s, uint32_t psn, uint8_t syndrome)
{
	struct rs_craft c;

	rs_craft_init(&c, 0x04, 0x20, psn);
	c.ackreq = 1;
	c.payload_len = 64;
	emit(s, &c);
	rs_craft_init(&c, 0x11, 0x21, psn);
	rs_craft_ipv4(&c, "10.0.0.2", "10.0.0.1");
	rs_craft_be(&c, (uint64_t)syndrome << 24 | (psn - 99), 4);
	emit(s, &c);
}

static void framing_cases(struct sink *s)
{
	struct rs_craft c;
	uint8_t buf[12000];

	rs_craft_init(&c, RS_OP_CNP, 0x21, 0);		/* CNP */
	rs_craft_ipv4(&c, "10.0.0.2", "10.0.0.1");
	c.becn = 1;
	rs_craft_be(&c, 0, 16);
	emit(s, &c);
	rs_craft_init(&c, 0x0a, 0x30, 500);		/* CE, DSCP 26, 802.1Q VLAN 100 */
	rs_craft_be(&c, 0x1000, 8);
	rs_craft_be(&c, 0x42, 4);
	rs_craft_be(&c, 256, 4);
	c.payload_len = 256;
	c.tos = 26 << 2 | 3;
	c.n_vlan = 1;
	c.vlan_tpid[0] = 0x8100;
	c.vlan_tci[0] = 3 << 13 | 100;
	emit(s, &c);
	c.n_vlan = 2;					/* QinQ */
	c.vlan_tpid[0] = 0x88a8;
	c.vlan_tci[0] = 200;
	c.vlan_tpid[1] = 0x8100;
	c.vlan_tci[1] = 100;
	c.psn = 501;
	c.tos = 26 << 2 | 2;
	emit(s, &c);
	rs_craft_init(&c, 0x04, 0x40, 7);		/* IPv6 */
	rs_craft_ipv6(&c, "fd00::1", "fd00::2");
	c.payload_len = 100;
	emit(s, &c);
	c.v1 = 1;					/* RoCE v1 */
	rs_craft_ipv6(&c, "fe80::1", "fe80::2");
	emit(s, &c);
	rs_craft_init(&c, 0x04, 0x50, 9);		/* source port 69 */
	c.sport = 69;
	emit(s, &c);
	c.psn = 10;					/* a bad ICRC */
	c.bad_icrc = 1;
	emit(s, &c);
	c.bad_icrc = 0;					/* cut on the wire inside the BTH: */
	c.psn = 11;					/* the IP length claims the whole */
	if (rs_craft_frame(&c, buf, sizeof(buf)))
		put(s, buf, 14 + 20 + 8 + 6, 14 + 20 + 8 + 6);
	rs_craft_init(&c, 0x64, 1, 26);			/* CM REQ for TCP port 18515 */
	rs_craft_cm_mad(&c, 0x0010, 0x0000000001064853ULL);
	emit(s, &c);
}

int main(int argc, char **argv)
{
	struct sink s = { 0 };
	pcap_t *dead = NULL;

	if (argc == 3 && !strcmp(argv[1], "--seeds")) {
		s.dir = argv[2];
	} else if (argc == 2) {
		dead = pcap_open_dead(DLT_EN10MB, 65535);
		s.d = pcap_dump_open(dead, argv[1]);
		if (!s.d) {
			fprintf(stderr, "make_cases: %s: %s\n", argv[1], pcap_geterr(dead));
			return 1;
		}
	} else {
		fprintf(stderr, "usage: make_cases FILE.pcap | --seeds DIR\n");
		return 2;
	}
	send_ack(&s, 100, 0x1f);		/* clean */
	send_ack(&s, 101, 0x1f);
	send_ack(&s, 103, 0x1f);		/* gap: 102 missing */
	send_ack(&s, 102, 0x1f);		/* behind: a retransmission (and a dup ACK) */
	send_ack(&s, 104, 0x60);		/* each NAK code, then an RNR NAK */
	send_ack(&s, 105, 0x61);
	send_ack(&s, 106, 0x62);
	send_ack(&s, 107, 0x63);
	send_ack(&s, 108, 0x64);
	send_ack(&s, 109, 0x2e);
	framing_cases(&s);
	if (s.d) {
		pcap_dump_close(s.d);
		pcap_close(dead);
	}
	printf("%u frames\n", s.n);
	return 0;
}
