/* SPDX-License-Identifier: MIT */
/*
 * roce_send.c - send crafted RoCE packets for the live capture test:
 *
 *   roce_send udp SRC DST [--sport P] [--count N] [--bad N] [--qp Q] [--psn P]
 *       RoCE v2 from a real UDP socket bound to SRC (IPv4 or IPv6) to
 *       DST:4791: RC SEND Only packets (64 bytes, AckReq) then --bad more
 *       with a wrong ICRC.
 *   roce_send raw IFACE [--v1] [--vlan V] [--qinq OUTER] [--count N] [--qp Q]
 *       whole frames through a packet socket: RoCE v2 (IPv4 10.77.9.1 ->
 *       10.77.9.2), with an 802.1Q tag V, or 802.1ad OUTER + 802.1Q V
 *       (QinQ), or RoCE v1 (EtherType 0x8915 + GRH).  For kernels without
 *       VLAN devices, and for v1, which no socket sends.
 *
 * The ICRC covers the IP and UDP headers the kernel writes, so the
 * sender predicts them: Don't Fragment with an unconnected socket gives
 * IPv4 ID 0 (ip_select_ident), the lengths and addresses are known, and
 * what the kernel chooses freely (TOS, TTL, checksums, flow label) is
 * masked in the ICRC.  A capture that finds every ICRC valid proves both
 * the sender's and the decoder's computation against the kernel's bytes.
 */
#include "tests/helpers/craft.h"

#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct args {
	const char *src, *dst, *iface;
	unsigned sport, count, bad, qp, psn, vlan, qinq, v1;
};

static int parse(int argc, char **argv, struct args *a)
{
	*a = (struct args){ .sport = 0xc000, .count = 10, .qp = 0x20, .psn = 1000 };
	for (int i = 0; i < argc; i++) {
		unsigned *v = !strcmp(argv[i], "--sport") ? &a->sport :
			      !strcmp(argv[i], "--count") ? &a->count :
			      !strcmp(argv[i], "--bad") ? &a->bad :
			      !strcmp(argv[i], "--qp") ? &a->qp :
			      !strcmp(argv[i], "--psn") ? &a->psn :
			      !strcmp(argv[i], "--vlan") ? &a->vlan :
			      !strcmp(argv[i], "--qinq") ? &a->qinq : NULL;

		if (!strcmp(argv[i], "--v1"))
			a->v1 = 1;
		else if (v && i + 1 < argc)
			*v = (unsigned)strtoul(argv[++i], NULL, 0);
		else if (!a->src && !a->iface && argv[i][0] != '-')
			a->src = argv[i];
		else if (!a->dst && argv[i][0] != '-')
			a->dst = argv[i];
		else
			return -1;
	}
	return 0;
}

static int send_udp(const struct args *a)
{
	int v6 = strchr(a->src, ':') != NULL, fd, pmtu;
	struct sockaddr_storage ss = { 0 }, ds = { 0 };
	socklen_t len = v6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
	struct rs_craft c;
	uint8_t frame[12000];

	fd = socket(v6 ? AF_INET6 : AF_INET, SOCK_DGRAM, 0);
	if (v6) {
		struct sockaddr_in6 *s = (void *)&ss, *d = (void *)&ds;

		s->sin6_family = d->sin6_family = AF_INET6;
		s->sin6_port = htons((uint16_t)a->sport);
		d->sin6_port = htons(4791);
		inet_pton(AF_INET6, a->src, &s->sin6_addr);
		inet_pton(AF_INET6, a->dst, &d->sin6_addr);
	} else {
		struct sockaddr_in *s = (void *)&ss, *d = (void *)&ds;

		s->sin_family = d->sin_family = AF_INET;
		s->sin_port = htons((uint16_t)a->sport);
		d->sin_port = htons(4791);
		inet_pton(AF_INET, a->src, &s->sin_addr);
		inet_pton(AF_INET, a->dst, &d->sin_addr);
		pmtu = IP_PMTUDISC_DO;	/* DF, and so IPv4 ID 0 on an unconnected socket */
		setsockopt(fd, IPPROTO_IP, IP_MTU_DISCOVER, &pmtu, sizeof(pmtu));
	}
	if (fd < 0 || bind(fd, (struct sockaddr *)&ss, len)) {
		perror("roce_send: socket/bind");
		return 1;
	}
	for (unsigned i = 0; i < a->count + a->bad; i++) {
		size_t n, off;

		rs_craft_init(&c, 0x04, a->qp, (a->psn + i) & 0xffffff);
		if (v6)
			rs_craft_ipv6(&c, a->src, a->dst);
		else
			rs_craft_ipv4(&c, a->src, a->dst);
		c.sport = (uint16_t)a->sport;
		c.ackreq = 1;
		c.payload_len = 64;
		c.eth_min = 0;
		c.bad_icrc = i >= a->count;
		n = rs_craft_frame(&c, frame, sizeof(frame));
		off = rs_craft_udp_payload_offset(&c);
		if (sendto(fd, frame + off, n - off, 0, (struct sockaddr *)&ds, len) < 0) {
			perror("roce_send: sendto");
			return 1;
		}
	}
	close(fd);
	return 0;
}

static void raw_frame(const struct args *a, unsigned i, struct rs_craft *c)
{
	rs_craft_init(c, 0x04, a->qp, (a->psn + i) & 0xffffff);
	c->payload_len = 32;
	c->ackreq = 1;
	if (a->v1) {
		rs_craft_ipv6(c, "fe80::1", "fe80::2");
		c->v1 = 1;
	} else {
		rs_craft_ipv4(c, "10.77.9.1", "10.77.9.2");
	}
	if (a->qinq) {
		c->n_vlan = 2;
		c->vlan_tpid[0] = 0x88a8;
		c->vlan_tci[0] = (uint16_t)a->qinq;
		c->vlan_tpid[1] = 0x8100;
		c->vlan_tci[1] = (uint16_t)a->vlan;
	} else if (a->vlan) {
		c->n_vlan = 1;
		c->vlan_tpid[0] = 0x8100;
		c->vlan_tci[0] = (uint16_t)(3 << 13 | a->vlan);
	}
}

static int send_raw(const struct args *a)
{
	struct sockaddr_ll ll = { .sll_family = AF_PACKET, .sll_halen = ETH_ALEN };
	int fd = socket(AF_PACKET, SOCK_RAW, 0);
	struct rs_craft c;
	uint8_t frame[2000];

	ll.sll_ifindex = (int)if_nametoindex(a->iface);
	memset(ll.sll_addr, 0xff, ETH_ALEN);
	if (fd < 0 || !ll.sll_ifindex) {
		perror("roce_send: packet socket");
		return 1;
	}
	for (unsigned i = 0; i < a->count; i++) {
		size_t n;

		raw_frame(a, i, &c);
		n = rs_craft_frame(&c, frame, sizeof(frame));
		memset(frame, 0xff, 6);		/* broadcast: the other end takes it */
		if (sendto(fd, frame, n, 0, (struct sockaddr *)&ll, sizeof(ll)) < 0) {
			perror("roce_send: sendto");
			return 1;
		}
	}
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	struct args a;

	if (argc >= 3 && !strcmp(argv[1], "udp") && !parse(argc - 2, argv + 2, &a) && a.dst)
		return send_udp(&a);
	if (argc >= 3 && !strcmp(argv[1], "raw")) {
		if (parse(argc - 3, argv + 3, &a))
			return 2;
		a.iface = argv[2];
		return send_raw(&a);
	}
	fprintf(stderr, "usage: roce_send udp SRC DST [--sport P] [--count N] [--bad N] [--qp Q] "
		"[--psn P] | roce_send raw IFACE [--v1] [--vlan V] [--qinq OUTER] [--count N]\n");
	return 2;
}
