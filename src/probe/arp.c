/* SPDX-License-Identifier: MIT */
/*
 * arp.c - the NEIGH probe's own question to the wire: one ARP request for
 * the next hop, sent out of the egress interface from a packet socket, and
 * every MAC that answers within the wait - what `arping -I IF IP` does.
 *
 * The neighbour table says what the kernel believes; the wire says who
 * really owns the address.  A hand-set (PERMANENT) entry whose MAC nobody
 * answers with, or two MACs answering one request (ARP flux: two ports of
 * one subnet both answering for an address), only show this way.  The
 * request is an RFC 5227 ARP probe: our own MAC, sender address 0.0.0.0,
 * so the answer comes back to our MAC and no host on the wire updates its
 * cache from it (a request naming our address would: it would mend, for a
 * while, the very ARP flux it is there to see); the kernel sees the reply
 * too and leaves a PERMANENT entry alone.  A host with arp_ignore 2 does
 * not answer a probe (its sender is in no subnet of its own): when nobody
 * answered, one request naming our own address is asked too, so "no
 * answer" means nobody answers a plain ARP request either.
 *
 * IPv4 only (IPv6 neighbour discovery is the kernel's, read by neigh.c).
 * A packet socket needs CAP_NET_RAW: without it the question is not asked
 * and neigh_arp says why, which is no failure of the probe.
 */
#include "probe/probe_priv.h"

#include <arpa/inet.h>
#include <errno.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <netinet/if_ether.h>
#include <netpacket/packet.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define ARP_WAIT_MS 1000

struct arp_pkt {
	struct arphdr h;
	unsigned char sha[ETH_ALEN], spa[4], tha[ETH_ALEN], tpa[4];
} __attribute__((packed));

/* Our MAC on ifname. */
static int own_mac(int fd, const char *ifname, unsigned char mac[ETH_ALEN])
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	RS_STRCPY(ifr.ifr_name, ifname);
	if (ioctl(fd, SIOCGIFHWADDR, &ifr) < 0)
		return -errno;
	memcpy(mac, ifr.ifr_hwaddr.sa_data, ETH_ALEN);
	return 0;
}

/* The IPv4 address of ifname into ip; 0, or -1 when it has none. */
static int own_ip(int fd, const char *ifname, unsigned char ip[4])
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	RS_STRCPY(ifr.ifr_name, ifname);
	ifr.ifr_addr.sa_family = AF_INET;
	if (ioctl(fd, SIOCGIFADDR, &ifr) < 0)
		return -1;
	memcpy(ip, &((struct sockaddr_in *)&ifr.ifr_addr)->sin_addr, 4);
	return 0;
}

static void mac_text(const unsigned char *m, char *buf, size_t len)
{
	snprintf(buf, len, "%02x:%02x:%02x:%02x:%02x:%02x", m[0], m[1], m[2], m[3], m[4], m[5]);
}

/* Count a reply for target from a MAC not seen yet. */
static void take_reply(const struct arp_pkt *p, const unsigned char target[4],
		       struct rs_probe_result *res, unsigned char seen[][ETH_ALEN], unsigned *n)
{
	if (ntohs(p->h.ar_op) != ARPOP_REPLY || memcmp(p->spa, target, 4))
		return;
	for (unsigned i = 0; i < *n; i++)
		if (!memcmp(seen[i], p->sha, ETH_ALEN))
			return;
	if (*n < 8)
		memcpy(seen[(*n)++], p->sha, ETH_ALEN);
	if (*n == 1)
		mac_text(p->sha, res->neigh_arp_mac, sizeof(res->neigh_arp_mac));
	res->neigh_arp_macs = *n;
}

static void build_request(struct arp_pkt *p, const unsigned char mac[ETH_ALEN],
			  const unsigned char target[4])
{
	memset(p, 0, sizeof(*p));
	p->h.ar_hrd = htons(ARPHRD_ETHER);
	p->h.ar_pro = htons(ETH_P_IP);
	p->h.ar_hln = ETH_ALEN;
	p->h.ar_pln = 4;
	p->h.ar_op = htons(ARPOP_REQUEST);
	memcpy(p->sha, mac, ETH_ALEN);
	memcpy(p->tpa, target, 4);	/* spa stays 0.0.0.0: a probe */
}

/* Send the request, collect the replies until the wait or the deadline:
 * how many different MACs answered, -1 when it could not be sent. */
static int ask(int fd, const struct sockaddr_ll *to, const struct arp_pkt *req,
	       const unsigned char target[4], uint64_t deadline, struct rs_probe_result *res)
{
	uint64_t until = rs_now_ns() + ARP_WAIT_MS * 1000000ULL;
	unsigned char seen[8][ETH_ALEN];
	unsigned n = 0;

	if (sendto(fd, req, sizeof(*req), 0, (const struct sockaddr *)to, sizeof(*to)) < 0) {
		snprintf(res->neigh_arp, sizeof(res->neigh_arp), "not asked: send: %s",
			 strerror(errno));
		return -1;
	}
	if (until > deadline)
		until = deadline;
	while (rs_probe_poll(fd, POLLIN, until) > 0) {
		struct arp_pkt p;

		if (recv(fd, &p, sizeof(p), MSG_DONTWAIT) == (ssize_t)sizeof(p))
			take_reply(&p, target, res, seen, &n);
	}
	RS_STRCPY(res->neigh_arp, n ? "answered" : "no answer");
	return (int)n;
}

void rs_probe_arp(const char *ifname, const char *ip, uint64_t deadline,
		  struct rs_probe_result *res)
{
	struct sockaddr_ll to = { .sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ARP),
				  .sll_halen = ETH_ALEN };
	unsigned char mac[ETH_ALEN], target[4];
	struct arp_pkt req;
	int fd, err;

	if (inet_pton(AF_INET, ip, target) != 1) {
		RS_STRCPY(res->neigh_arp, "not asked: not an IPv4 next hop");
		return;
	}
	to.sll_ifindex = (int)if_nametoindex(ifname);
	fd = socket(AF_PACKET, SOCK_DGRAM | SOCK_CLOEXEC, htons(ETH_P_ARP));
	if (fd < 0 || !to.sll_ifindex) {
		snprintf(res->neigh_arp, sizeof(res->neigh_arp), "not asked: packet socket: %s%s",
			 strerror(fd < 0 ? errno : ENODEV), fd < 0 && errno == EPERM ?
			 " (needs CAP_NET_RAW)" : "");
		if (fd >= 0)
			close(fd);
		return;
	}
	memset(to.sll_addr, 0xff, ETH_ALEN);
	err = own_mac(fd, ifname, mac);
	if (!err && bind(fd, (const struct sockaddr *)&to, sizeof(to)) < 0)
		err = -errno;
	if (err) {
		snprintf(res->neigh_arp, sizeof(res->neigh_arp), "not asked: %s: %s", ifname,
			 strerror(-err));
	} else {
		build_request(&req, mac, target);
		if (!ask(fd, &to, &req, target, deadline, res) && !own_ip(fd, ifname, req.spa) &&
		    ask(fd, &to, &req, target, deadline, res) > 0)
			RS_STRCPY(res->neigh_arp, "answered (a request from our address)");
	}
	close(fd);
}
