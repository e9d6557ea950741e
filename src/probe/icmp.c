/* SPDX-License-Identifier: MIT */
/*
 * icmp.c - ICMP echo from our own socket, for the ping and the path MTU
 * probes; never by running ping(8).
 *
 * A "ping socket" (SOCK_DGRAM, IPPROTO_ICMP or IPPROTO_ICMPV6) first: the
 * kernel picks the identifier, fills the checksum and hands us only the
 * replies to our echoes; any user whose group is in
 * net.ipv4.ping_group_range may open one (for IPv6 too).  Where that is
 * refused, a raw socket, which needs CAP_NET_RAW: there we set the
 * identifier, compute the IPv4 checksum, filter the replies (ICMP_FILTER)
 * and skip the IPv4 header ourselves.  Both carry a random nonce in the
 * payload, so an echo reply that is not ours (another ping on the host) is
 * never counted.
 *
 * IP_RECVERR / IPV6_RECVERR turn what the network answers instead of a
 * reply - host or network unreachable, "fragmentation needed" with the MTU
 * of the hop, a failed neighbour resolution on this host - into events
 * with the errno, the announced MTU and the sender's address.
 * IP_PKTINFO / IPV6_RECVPKTINFO say which interface each reply came in by.
 */
#include "probe/probe_priv.h"

#include <errno.h>
#include <linux/errqueue.h>
#include <linux/icmp.h>
#include <netinet/icmp6.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#define ICMP_HDR 8
#define V4_ECHO 8
#define V4_REPLY 0

unsigned rs_icmp_overhead(int family)
{
	return family == AF_INET6 ? 40 + ICMP_HDR : 20 + ICMP_HDR;
}

static uint16_t inet_cksum(const unsigned char *p, size_t len)
{
	uint32_t sum = 0;

	for (; len > 1; p += 2, len -= 2)
		sum += (uint32_t)p[0] << 8 | p[1];
	if (len)
		sum += (uint32_t)p[0] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

/* Ping socket, else raw socket; both refused is said in one message. */
static int open_socket(struct rs_icmp *ic, struct rs_probe_result *res)
{
	int proto = ic->family == AF_INET ? IPPROTO_ICMP : IPPROTO_ICMPV6;
	int e_dgram, e_raw;
	char range[64] = "";
	FILE *f;

	ic->fd = socket(ic->family, SOCK_DGRAM | SOCK_CLOEXEC, proto);
	if (ic->fd >= 0) {
		RS_STRCPY(res->method, "ping socket");
		return 0;
	}
	e_dgram = errno;
	ic->fd = socket(ic->family, SOCK_RAW | SOCK_CLOEXEC, proto);
	if (ic->fd >= 0) {
		ic->raw = 1;
		RS_STRCPY(res->method, "raw socket");
		return 0;
	}
	e_raw = errno;
	if ((e_dgram == EACCES || e_dgram == EPERM) && (e_raw == EACCES || e_raw == EPERM)) {
		f = fopen("/proc/sys/net/ipv4/ping_group_range", "re");
		if (!f || !fgets(range, sizeof(range), f))
			RS_STRCPY(range, "unknown");
		if (f)
			fclose(f);
		rs_rtrim(range);
		for (char *c = range; *c; c++)
			if (*c == '\t')
				*c = ' ';
		return rs_probe_fail(res, EPERM,
				     "ICMP needs a ping socket (net.ipv4.ping_group_range, now '%s', "
				     "must include group %u) or CAP_NET_RAW for a raw socket (root): "
				     "both were refused", range, (unsigned)getgid());
	}
	return rs_probe_fail(res, e_raw, "ICMP socket: %s (ping socket: %s)", strerror(e_raw),
			     strerror(e_dgram));
}

static int set_int(int fd, int level, int opt, int val)
{
	return setsockopt(fd, level, opt, &val, sizeof(val)) < 0 ? -errno : 0;
}

static int set_options(struct rs_icmp *ic, int pmtu_probe)
{
	int v4 = ic->family == AF_INET;
	int err;

	err = v4 ? set_int(ic->fd, SOL_IP, IP_RECVERR, 1)
		 : set_int(ic->fd, SOL_IPV6, IPV6_RECVERR, 1);
	/* Which interface each reply arrives on (ARP flux sends them to the
	 * other port of the subnet). */
	if (!err)
		err = v4 ? set_int(ic->fd, SOL_IP, IP_PKTINFO, 1)
			 : set_int(ic->fd, SOL_IPV6, IPV6_RECVPKTINFO, 1);
	if (!err && pmtu_probe && v4)
		err = set_int(ic->fd, SOL_IP, IP_MTU_DISCOVER, IP_PMTUDISC_PROBE);
	if (!err && pmtu_probe && !v4) {
		err = set_int(ic->fd, SOL_IPV6, IPV6_MTU_DISCOVER, IPV6_PMTUDISC_PROBE);
		if (!err)
			err = set_int(ic->fd, SOL_IPV6, IPV6_DONTFRAG, 1);
	}
	if (err || !ic->raw)
		return err;
	/* Raw sockets see every ICMP message of the host: only echo replies. */
	if (v4) {
		struct icmp_filter flt = { .data = ~(1U << V4_REPLY) };

		if (setsockopt(ic->fd, SOL_RAW, ICMP_FILTER, &flt, sizeof(flt)) < 0)
			return -errno;
	} else {
		struct icmp6_filter flt;

		ICMP6_FILTER_SETBLOCKALL(&flt);
		ICMP6_FILTER_SETPASS(ICMP6_ECHO_REPLY, &flt);
		if (setsockopt(ic->fd, IPPROTO_ICMPV6, ICMP6_FILTER, &flt, sizeof(flt)) < 0)
			return -errno;
	}
	return 0;
}

int rs_icmp_open(struct rs_icmp *ic, const struct rs_probe_req *req, int pmtu_probe,
		 struct rs_probe_result *res)
{
	int err;

	memset(ic, 0, sizeof(*ic));
	ic->fd = -1;
	err = rs_probe_peer(req, 0, &ic->peer, res);
	if (err)
		return err;
	ic->family = ic->peer.family;
	err = open_socket(ic, res);
	if (err)
		return err;
	err = set_options(ic, pmtu_probe);
	if (err) {
		err = rs_probe_fail(res, -err, "ICMP socket options: %s", strerror(-err));
		goto fail;
	}
	err = rs_probe_bind_dev(ic->fd, req, res);
	if (err)
		goto fail;
	if (getrandom(&ic->nonce, sizeof(ic->nonce), GRND_NONBLOCK) != sizeof(ic->nonce))
		ic->nonce = (uint32_t)(rs_now_ns() ^ ((uint64_t)getpid() << 16));
	ic->id = (uint16_t)(ic->nonce ^ (ic->nonce >> 16));
	ic->buf = rs_xmalloc(RS_ICMP_BUF);
	return 0;
fail:
	rs_icmp_close(ic);
	return err;
}

void rs_icmp_close(struct rs_icmp *ic)
{
	if (ic->fd >= 0)
		close(ic->fd);
	ic->fd = -1;
	free(ic->buf);
	ic->buf = NULL;
}

int rs_icmp_send(struct rs_icmp *ic, uint16_t seq, size_t payload)
{
	size_t len = ICMP_HDR + payload;
	unsigned char *p = ic->buf;
	ssize_t n;

	if (payload < RS_ICMP_MIN_PAYLOAD || len > RS_ICMP_BUF)
		return -EINVAL;
	memset(p, 0, ICMP_HDR);
	p[0] = ic->family == AF_INET ? V4_ECHO : ICMP6_ECHO_REQUEST;
	p[4] = ic->id >> 8;
	p[5] = ic->id & 0xff;
	p[6] = seq >> 8;
	p[7] = seq & 0xff;
	memcpy(p + ICMP_HDR, &ic->nonce, 4);
	memcpy(p + ICMP_HDR + 4, &seq, 2);
	for (size_t i = 6; i < payload; i++)
		p[ICMP_HDR + i] = (unsigned char)i;
	/* Ping sockets and ICMPv6 get their checksum from the kernel. */
	if (ic->raw && ic->family == AF_INET) {
		uint16_t c = inet_cksum(p, len);

		p[2] = c >> 8;
		p[3] = c & 0xff;
	}
	n = sendto(ic->fd, p, len, 0, (struct sockaddr *)&ic->peer.ss, ic->peer.len);
	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EIO;
}

static int same_addr(const struct rs_icmp *ic, const struct sockaddr_storage *from)
{
	if (from->ss_family != ic->family)
		return 0;
	if (ic->family == AF_INET)
		return !memcmp(&((const struct sockaddr_in *)from)->sin_addr,
			       &((const struct sockaddr_in *)&ic->peer.ss)->sin_addr, 4);
	return !memcmp(&((const struct sockaddr_in6 *)from)->sin6_addr,
		       &((const struct sockaddr_in6 *)&ic->peer.ss)->sin6_addr, 16);
}

/* Where the ICMP header starts in what was read, or NULL. */
static const unsigned char *icmp_start(const struct rs_icmp *ic, size_t n, size_t *left)
{
	const unsigned char *p = ic->buf;
	size_t skip = 0;

	/* Raw IPv4 sockets get the IP header; IPv6 ones and ping sockets not.
	 * An error's copy of our packet may start with it as well. */
	if (ic->family == AF_INET && n >= 20 && (p[0] >> 4) == 4 && ic->raw)
		skip = (size_t)(p[0] & 0xf) * 4;
	if (n < skip + ICMP_HDR)
		return NULL;
	*left = n - skip;
	return p + skip;
}

/* The interface index of IP_PKTINFO / IPV6_PKTINFO, 0 without. */
static int arrival_ifindex(struct msghdr *msg)
{
	for (struct cmsghdr *c = CMSG_FIRSTHDR(msg); c; c = CMSG_NXTHDR(msg, c)) {
		if (c->cmsg_level == SOL_IP && c->cmsg_type == IP_PKTINFO)
			return ((struct in_pktinfo *)CMSG_DATA(c))->ipi_ifindex;
		if (c->cmsg_level == SOL_IPV6 && c->cmsg_type == IPV6_PKTINFO) {
			/* struct in6_pktinfo (RFC 3542): the address, then the
			 * index; the kernel's headers hide glibc's name for it. */
			unsigned idx;

			memcpy(&idx, CMSG_DATA(c) + sizeof(struct in6_addr), sizeof(idx));
			return (int)idx;
		}
	}
	return 0;
}

static int read_reply(struct rs_icmp *ic, struct rs_icmp_ev *ev)
{
	struct sockaddr_storage from;
	unsigned char cbuf[256];
	struct iovec iov = { ic->buf, RS_ICMP_BUF };
	struct msghdr msg = { .msg_name = &from, .msg_namelen = sizeof(from), .msg_iov = &iov,
			      .msg_iovlen = 1, .msg_control = cbuf,
			      .msg_controllen = sizeof(cbuf) };
	const unsigned char *h;
	size_t left;
	uint32_t nonce;
	ssize_t n;

	n = recvmsg(ic->fd, &msg, MSG_DONTWAIT);
	/* A pending network error (sk_err, read once) is no failure of the
	 * socket: the error queue holds its details. */
	if (n < 0)
		return errno == EBADF || errno == EFAULT || errno == ENOMEM ? -errno : -EAGAIN;
	h = icmp_start(ic, (size_t)n, &left);
	if (!h || left < ICMP_HDR + RS_ICMP_MIN_PAYLOAD)
		return -EAGAIN;
	if (h[0] != (ic->family == AF_INET ? V4_REPLY : ICMP6_ECHO_REPLY))
		return -EAGAIN;
	if (ic->raw && (!same_addr(ic, &from) || ((h[4] << 8) | h[5]) != ic->id))
		return -EAGAIN;
	memcpy(&nonce, h + ICMP_HDR, 4);
	if (nonce != ic->nonce)
		return -EAGAIN;
	memset(ev, 0, sizeof(*ev));
	ev->kind = RS_ICMP_REPLY;
	ev->seq = (uint16_t)(h[6] << 8 | h[7]);
	ev->seq_known = 1;
	ev->payload = left - ICMP_HDR;
	ev->ifindex = arrival_ifindex(&msg);
	ev->t_ns = rs_now_ns();
	return 0;
}

static void error_from_cmsg(struct msghdr *msg, struct rs_icmp_ev *ev)
{
	for (struct cmsghdr *c = CMSG_FIRSTHDR(msg); c; c = CMSG_NXTHDR(msg, c)) {
		struct sock_extended_err *ee;
		const struct sockaddr *off;

		if (!(c->cmsg_level == SOL_IP && c->cmsg_type == IP_RECVERR) &&
		    !(c->cmsg_level == SOL_IPV6 && c->cmsg_type == IPV6_RECVERR))
			continue;
		ee = (struct sock_extended_err *)CMSG_DATA(c);
		ev->err = (int)ee->ee_errno;
		ev->info = ee->ee_info;
		ev->local = ee->ee_origin == SO_EE_ORIGIN_LOCAL;
		off = (const struct sockaddr *)SO_EE_OFFENDER(ee);
		if (!ev->local)
			rs_probe_addr_text(off, ev->from, sizeof(ev->from));
	}
}

static int read_error(struct rs_icmp *ic, struct rs_icmp_ev *ev)
{
	unsigned char cbuf[512];
	struct iovec iov = { ic->buf, RS_ICMP_BUF };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
			      .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	const unsigned char *h;
	socklen_t elen = sizeof(int);
	int soerr = 0;
	size_t left;
	ssize_t n;

	memset(ev, 0, sizeof(*ev));
	n = recvmsg(ic->fd, &msg, MSG_ERRQUEUE | MSG_DONTWAIT);
	if (n < 0) {
		if (errno != EAGAIN && errno != EINTR)
			return -errno;
		/* An error with nothing queued: reading SO_ERROR clears it. */
		if (getsockopt(ic->fd, SOL_SOCKET, SO_ERROR, &soerr, &elen) < 0 || !soerr)
			return -EAGAIN;
		ev->err = soerr;
		ev->local = 1;
	} else {
		error_from_cmsg(&msg, ev);
		if (!ev->err)
			return -EAGAIN;
		/* The queued copy of our echo tells which one it was. */
		h = icmp_start(ic, (size_t)n, &left);
		if (h && left >= ICMP_HDR + 4 &&
		    h[0] == (ic->family == AF_INET ? V4_ECHO : ICMP6_ECHO_REQUEST)) {
			ev->seq = (uint16_t)(h[6] << 8 | h[7]);
			ev->seq_known = 1;
		}
	}
	ev->kind = RS_ICMP_ERROR;
	ev->t_ns = rs_now_ns();
	return 0;
}

int rs_icmp_wait(struct rs_icmp *ic, uint64_t until_ns, struct rs_icmp_ev *ev)
{
	for (;;) {
		int revents = rs_probe_poll(ic->fd, POLLIN, until_ns), err;

		if (revents < 0)
			return revents;
		if (revents & POLLERR) {
			err = read_error(ic, ev);
			if (err != -EAGAIN)
				return err;
		}
		if (revents & POLLIN) {
			err = read_reply(ic, ev);
			if (err != -EAGAIN)
				return err;
		}
	}
}
