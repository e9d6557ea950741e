/* SPDX-License-Identifier: MIT */
/*
 * probe_priv.h - what the probes of src/probe/ share: the deadline, the
 * peer address, the egress interface, failure reporting, the ICMP socket
 * (icmp.c) that the ping and the path MTU search both use.  Not for use
 * outside src/probe/.
 */
#ifndef RS_PROBE_PRIV_H
#define RS_PROBE_PRIV_H

#include "probe/probe.h"
#include "util.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

/* Per-kind entry points (ping.c, pmtu.c, neigh.c, tcp.c, rdma_cm.c). */
int rs_probe_ping(const struct rs_probe_req *req, uint64_t deadline, struct rs_probe_result *res);
int rs_probe_pmtu(const struct rs_probe_req *req, uint64_t deadline, struct rs_probe_result *res);
int rs_probe_neigh(const struct rs_probe_req *req, uint64_t deadline, struct rs_probe_result *res);
int rs_probe_tcp(const struct rs_probe_req *req, uint64_t deadline, struct rs_probe_result *res);
int rs_probe_rdma_cm(const struct rs_probe_req *req, uint64_t deadline, struct rs_probe_result *res);

/* The NEIGH probe's ARP request out of ifname for ip (arp.c): neigh_arp*. */
void rs_probe_arp(const char *ifname, const char *ip, uint64_t deadline,
		  struct rs_probe_result *res);

/* Their summaries, pure functions of the fields (summary.c). */
void rs_probe_summarize_ping(struct rs_probe_result *res);
void rs_probe_summarize_pmtu(struct rs_probe_result *res);
void rs_probe_summarize_neigh(struct rs_probe_result *res);
void rs_probe_summarize_tcp(struct rs_probe_result *res);
void rs_probe_summarize_rdma_cm(struct rs_probe_result *res);

/* ok = 0, err, error = printf text; returns -err. */
int rs_probe_fail(struct rs_probe_result *res, int err, const char *fmt, ...) RS_PRINTF(3, 4);

/* Milliseconds left before deadline (CLOCK_MONOTONIC ns), 0 when past. */
int rs_probe_left_ms(uint64_t deadline);
/* poll() one fd until the deadline (EINTR resumed): its revents, or
 * -ETIMEDOUT, or -errno. */
int rs_probe_poll(int fd, short events, uint64_t deadline);

/* The peer as a socket address; "fe80::1%a0" gives the scope.  A bad
 * address fails res (EINVAL).  port in network order is set for TCP/UDP. */
struct rs_peer {
	struct sockaddr_storage ss;
	socklen_t len;
	int family;			/* AF_INET or AF_INET6 */
};
int rs_probe_peer(const struct rs_probe_req *req, unsigned port, struct rs_peer *p,
		  struct rs_probe_result *res);

/*
 * The egress interface and source address: req->ifname when given (it must
 * exist: ENODEV fails res), else the kernel's route lookup.  Fills res->dev,
 * res->src, res->dev_up, and gateway (may be NULL) with the next hop's
 * gateway ("" on link).  A lookup the kernel refuses is no failure: it sets
 * res->net_errno and returns 0 with res->dev "".
 */
int rs_probe_egress(const struct rs_probe_req *req, struct rs_probe_result *res,
		    char *gateway, size_t gwlen);
/* SO_BINDTODEVICE to req->ifname when one is given (fails res). */
int rs_probe_bind_dev(int fd, const struct rs_probe_req *req, struct rs_probe_result *res);
/* Textual address of a socket address (no port), "" when none. */
void rs_probe_addr_text(const struct sockaddr *sa, char *buf, size_t len);
/* MTU of an interface (SIOCGIFMTU), 0 when unknown. */
unsigned rs_probe_if_mtu(const char *ifname);

/* ---- ICMP echo from our own socket (icmp.c) ---- */

struct rs_icmp {
	int fd;
	int family;
	int raw;			/* 1: SOCK_RAW (CAP_NET_RAW), 0: ping socket */
	uint16_t id;			/* echo identifier (raw: ours; ping socket: the kernel's) */
	uint32_t nonce;			/* first payload bytes: tells our echoes from others' */
	struct rs_peer peer;
	unsigned char *buf;		/* receive buffer, RS_ICMP_BUF bytes */
};

#define RS_ICMP_BUF 65600
#define RS_ICMP_MIN_PAYLOAD 8		/* the nonce and the sequence */

enum rs_icmp_ev_kind { RS_ICMP_REPLY = 1, RS_ICMP_ERROR };

struct rs_icmp_ev {
	enum rs_icmp_ev_kind kind;
	uint16_t seq;			/* REPLY; ERROR when the original packet says it */
	int seq_known;
	size_t payload;			/* REPLY: bytes after the ICMP header */
	int err;			/* ERROR: errno (EHOSTUNREACH, EMSGSIZE ...) */
	unsigned info;			/* ERROR EMSGSIZE: the MTU announced */
	int local;			/* ERROR raised by this host, not by an ICMP message */
	char from[RS_ADDR_LEN];		/* ERROR: the sender of the ICMP message */
	int ifindex;			/* REPLY: the interface it arrived on, 0 unknown */
	uint64_t t_ns;			/* when it was read */
};

/* Open a ping socket, or a raw one where ping sockets are refused; bound to
 * req->ifname; IP(V6)_RECVERR on.  pmtu_probe: DF on every packet, the
 * kernel's path MTU cache ignored (IP_PMTUDISC_PROBE).  Fails res. */
int rs_icmp_open(struct rs_icmp *ic, const struct rs_probe_req *req, int pmtu_probe,
		 struct rs_probe_result *res);
/* One echo request of payload bytes (>= RS_ICMP_MIN_PAYLOAD).  0 or -errno
 * from sendto (EMSGSIZE: larger than the local MTU; ENETUNREACH ...). */
int rs_icmp_send(struct rs_icmp *ic, uint16_t seq, size_t payload);
/* Wait for one reply or error until the deadline.  0 with *ev, or
 * -ETIMEDOUT, or another -errno when the socket fails. */
int rs_icmp_wait(struct rs_icmp *ic, uint64_t until_ns, struct rs_icmp_ev *ev);
void rs_icmp_close(struct rs_icmp *ic);
/* IP + ICMP header bytes in front of the payload: 28 (IPv4) or 48 (IPv6). */
unsigned rs_icmp_overhead(int family);

#endif
