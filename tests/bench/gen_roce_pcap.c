/* SPDX-License-Identifier: MIT */
/*
 * gen_roce_pcap.c - write a pcap of N RoCE v2 packets for `make bench`:
 *
 *   gen_roce_pcap FILE [N]        (N default 1000000)
 *
 * The traffic of a small cluster at path MTU 1024 (netdev MTU 1500): 16
 * RC connections between 4 hosts; each turn of a connection is one of an
 * RDMA WRITE of 8 KiB (First, 6 Middle, Last: 8 packets of 1024 bytes),
 * a 4 KiB SEND (First, 2 Middle, Last), a small SEND Only of 64-512 bytes,
 * or an RDMA READ of 4 KiB (the request, then 4 response packets), each
 * acknowledged, plus a CNP now and then.  Every ICRC is valid (computed by
 * rs_icrc_compute through tests/helpers/craft.c), PSNs run on per QP.
 * Deterministic: the same N gives the same file.
 */
#include "tests/helpers/craft.h"
#include "capture/decode.h"

#include <pcap/pcap.h>
#include <stdio.h>
#include <stdlib.h>

#define CONNS 16

struct gen {
	pcap_dumper_t *d;
	uint64_t n, max, ts_ns, bytes;
	uint32_t rng;
	uint32_t psn[CONNS];
};

static uint32_t rnd(struct gen *g)
{
	g->rng = g->rng * 1103515245u + 12345u;
	return g->rng >> 8;
}

static void put(struct gen *g, const struct rs_craft *c)
{
	uint8_t buf[2000];
	size_t n = rs_craft_frame(c, buf, sizeof(buf));
	struct pcap_pkthdr h = { .caplen = (bpf_u_int32)n, .len = (bpf_u_int32)n };

	if (g->n >= g->max)
		return;
	/* About 10 Gb/s of 1 kB frames: 0.8 us apart. */
	g->ts_ns += 800;
	h.ts.tv_sec = 1700000000 + (time_t)(g->ts_ns / 1000000000ULL);
	h.ts.tv_usec = (suseconds_t)(g->ts_ns % 1000000000ULL / 1000);
	pcap_dump((u_char *)g->d, &h, buf);
	g->n++;
	g->bytes += n;
}

/* Connection k: host k%4 -> host (k+1)%4, requester QP 0x100+k, responder 0x200+k. */
static void conn(struct rs_craft *c, int k, int resp, uint8_t op, uint32_t psn)
{
	char a[32], b[32];

	snprintf(a, sizeof(a), "192.168.10.%d", 1 + k % 4);
	snprintf(b, sizeof(b), "192.168.10.%d", 1 + (k + 1) % 4);
	rs_craft_init(c, op, resp ? 0x100u + (unsigned)k : 0x200u + (unsigned)k, psn & 0xffffff);
	if (resp)
		rs_craft_ipv4(c, b, a);
	else
		rs_craft_ipv4(c, a, b);
	c->sport = (uint16_t)(0xc000 | (k * 97));
	c->tos = 26 << 2 | 2;		/* DSCP 26, ECT(0): a RoCE class with ECN */
}

static void ack(struct gen *g, int k, uint32_t psn, uint32_t msn)
{
	struct rs_craft c;

	conn(&c, k, 1, 0x11, psn);
	rs_craft_be(&c, 0x1f000000u | (msn & 0xffffff), 4);
	put(g, &c);
}

/* A message of n packets: first/middle/last opcodes, first with a RETH if any. */
static void message(struct gen *g, int k, uint8_t first, unsigned n, int reth, size_t last_len)
{
	struct rs_craft c;

	for (unsigned i = 0; i < n; i++) {
		uint8_t op = n == 1 ? (uint8_t)(first + 4) :
			     i == 0 ? first : i == n - 1 ? (uint8_t)(first + 2) : (uint8_t)(first + 1);

		conn(&c, k, 0, op, g->psn[k]++);
		if ((i == 0 || n == 1) && reth) {
			rs_craft_be(&c, 0x7f0000000000ULL + (uint64_t)k * 0x100000, 8);
			rs_craft_be(&c, 0x1000u + (unsigned)k, 4);
			rs_craft_be(&c, n * 1024, 4);
		}
		c.payload_len = i == n - 1 ? last_len : 1024;
		c.ackreq = i == n - 1;
		put(g, &c);
	}
	ack(g, k, g->psn[k] - 1, g->psn[k]);
}

static void read_op(struct gen *g, int k)
{
	struct rs_craft c;
	uint32_t psn = g->psn[k];

	conn(&c, k, 0, 0x0c, psn);
	rs_craft_be(&c, 0x7f0000000000ULL, 8);
	rs_craft_be(&c, 0x2000, 4);
	rs_craft_be(&c, 4096, 4);
	put(g, &c);
	for (unsigned i = 0; i < 4; i++) {
		conn(&c, k, 1, i == 0 ? 0x0d : i == 3 ? 0x0f : 0x0e, psn + i);
		if (i == 0 || i == 3)
			rs_craft_be(&c, 0x1f000000u | (psn & 0xffff), 4);
		c.payload_len = 1024;
		put(g, &c);
	}
	g->psn[k] += 4;
}

static void turn(struct gen *g, int k)
{
	uint32_t r = rnd(g) % 100;
	struct rs_craft c;

	if (r < 55)
		message(g, k, 0x06, 8, 1, 1024);		/* RDMA WRITE 8 KiB */
	else if (r < 75)
		message(g, k, 0x00, 4, 0, 1024);		/* SEND 4 KiB */
	else if (r < 90)
		message(g, k, 0x00, 1, 0, 64 + rnd(g) % 449);	/* SEND Only, small */
	else if (r < 99)
		read_op(g, k);
	else {
		conn(&c, k, 1, RS_OP_CNP, 0);			/* a CNP back to the sender */
		c.becn = 1;
		rs_craft_be(&c, 0, 16);
		put(g, &c);
	}
}

int main(int argc, char **argv)
{
	struct gen g = { .max = 1000000, .rng = 42 };
	pcap_t *dead;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: gen_roce_pcap FILE [N]\n");
		return 2;
	}
	if (argc == 3)
		g.max = strtoull(argv[2], NULL, 10);
	for (int k = 0; k < CONNS; k++)
		g.psn[k] = rnd(&g) & 0xffffff;
	dead = pcap_open_dead(DLT_EN10MB, 65535);
	g.d = pcap_dump_open(dead, argv[1]);
	if (!g.d) {
		fprintf(stderr, "gen_roce_pcap: %s: %s\n", argv[1], pcap_geterr(dead));
		return 1;
	}
	while (g.n < g.max)
		turn(&g, (int)(rnd(&g) % CONNS));
	pcap_dump_close(g.d);
	pcap_close(dead);
	printf("%llu packets, %llu bytes of frames, mean %.0f bytes\n", (unsigned long long)g.n,
		(unsigned long long)g.bytes, (double)g.bytes / (double)g.n);
	return 0;
}
