/* SPDX-License-Identifier: MIT */
/*
 * probe.c - the probes' common part: the table of kinds (name, default
 * bound, entry point), rs_probe_run() around them, and what every kind
 * needs first: the peer as a socket address, the egress interface and the
 * source address the kernel would use.
 *
 * The egress comes from the kernel's own FIB lookup, rs_net_route_get()
 * (src/collect/route_get.c, RTM_GETROUTE): policy rules, other tables and
 * the source address choice all take part, so the probe names the interface
 * the packets really leave through.  With an interface given, the lookup
 * carries it as the output interface (RTA_OIF), as SO_BINDTODEVICE makes
 * the socket do.
 */
#include "collect/route.h"
#include "probe/probe_priv.h"

#include <errno.h>
#include <net/if.h>
#include <netdb.h>
#include <poll.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

typedef int (*probe_fn)(const struct rs_probe_req *req, uint64_t deadline,
			struct rs_probe_result *res);

static const struct probe_kind {
	const char *name;
	unsigned timeout_ms;		/* default bound; PING adds per echo */
	probe_fn run;
	void (*summarize)(struct rs_probe_result *res);
} kinds[RS_PROBE_KINDS] = {
	[RS_PROBE_PING] = { "ping", 1000, rs_probe_ping, rs_probe_summarize_ping },
	[RS_PROBE_PMTU] = { "pmtu", 10000, rs_probe_pmtu, rs_probe_summarize_pmtu },
	/* A STALE entry is re-probed only after delay_first_probe_time (5 s)
	 * and three unicast probes (1 s each): 8 s sees that through. */
	[RS_PROBE_NEIGH] = { "neigh", 8000, rs_probe_neigh, rs_probe_summarize_neigh },
	/* TCP retransmits the first SYN after 1 s: 3 s is two more tries. */
	[RS_PROBE_TCP] = { "tcp", 3000, rs_probe_tcp, rs_probe_summarize_tcp },
	[RS_PROBE_RDMA_CM] = { "rdma_cm", 5000, rs_probe_rdma_cm, rs_probe_summarize_rdma_cm },
};

#define RS_PING_INTERVAL_MS 200

static const struct probe_kind *kind_of(enum rs_probe_kind k)
{
	return (unsigned)k < RS_PROBE_KINDS ? &kinds[k] : NULL;
}

const char *rs_probe_kind_name(enum rs_probe_kind k)
{
	const struct probe_kind *p = kind_of(k);

	return p ? p->name : "unknown";
}

int rs_probe_kind_parse(const char *name, enum rs_probe_kind *k)
{
	for (unsigned i = 0; i < RS_PROBE_KINDS; i++) {
		if (name && !strcmp(name, kinds[i].name)) {
			*k = (enum rs_probe_kind)i;
			return 0;
		}
	}
	return -EINVAL;
}

unsigned rs_probe_default_timeout_ms(enum rs_probe_kind k, unsigned count)
{
	const struct probe_kind *p = kind_of(k);

	if (!p)
		return 0;
	if (k == RS_PROBE_PING)
		return p->timeout_ms + (count ? count : 3) * RS_PING_INTERVAL_MS;
	return p->timeout_ms;
}

void rs_probe_result_init(struct rs_probe_result *res, enum rs_probe_kind k)
{
	memset(res, 0, sizeof(*res));
	res->kind = k;
	res->dev_up = -1;
	res->cm_sgid_index = -1;
}

void rs_probe_summarize(struct rs_probe_result *res)
{
	const struct probe_kind *p = kind_of(res->kind);

	if (!res->ok) {
		/* The error is RS_MSG_LEN too: the line keeps what fits. */
		snprintf(res->summary, sizeof(res->summary), "%s probe could not run: %.*s",
			 p ? p->name : "unknown", (int)sizeof(res->summary) - 40,
			 res->error[0] ? res->error : strerror(res->err));
		return;
	}
	if (p)
		p->summarize(res);
}

int rs_probe_fail(struct rs_probe_result *res, int err, const char *fmt, ...)
{
	va_list ap;

	res->ok = 0;
	res->err = err;
	va_start(ap, fmt);
	vsnprintf(res->error, sizeof(res->error), fmt, ap);
	va_end(ap);
	return -err;
}

int rs_probe_left_ms(uint64_t deadline)
{
	uint64_t now = rs_now_ns();

	if (now >= deadline)
		return 0;
	return (int)((deadline - now + 999999) / 1000000);
}

int rs_probe_poll(int fd, short events, uint64_t deadline)
{
	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = events };
		int left = rs_probe_left_ms(deadline), n;

		if (!left)
			return -ETIMEDOUT;
		n = poll(&pfd, 1, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return -ETIMEDOUT;
		return pfd.revents;
	}
}

static int check_req(const struct rs_probe_req *req, struct rs_probe_result *res)
{
	struct rs_peer p;

	if (!memchr(req->peer, '\0', sizeof(req->peer)) || !req->peer[0])
		return rs_probe_fail(res, EINVAL, "no peer address given");
	if (rs_probe_peer(req, 0, &p, res))
		return -res->err;
	if (!memchr(req->ifname, '\0', sizeof(req->ifname)))
		return rs_probe_fail(res, EINVAL, "interface name too long");
	if (req->kind == RS_PROBE_PING && req->count > RS_PROBE_MAX_COUNT)
		return rs_probe_fail(res, EINVAL, "%u echoes asked, at most %u", req->count,
				     RS_PROBE_MAX_COUNT);
	if (req->timeout_ms > RS_PROBE_MAX_TIMEOUT_MS)
		return rs_probe_fail(res, EINVAL, "timeout %u ms, at most %u", req->timeout_ms,
				     RS_PROBE_MAX_TIMEOUT_MS);
	if (req->ifname[0] && !if_nametoindex(req->ifname))
		return rs_probe_fail(res, ENODEV, "no interface '%s' on this host", req->ifname);
	return 0;
}

int rs_probe_run(const struct rs_probe_req *req, struct rs_probe_result *res)
{
	const struct probe_kind *p = kind_of(req->kind);
	uint64_t t0 = rs_now_ns();
	int err;

	rs_probe_result_init(res, req->kind);
	if (!p) {
		err = rs_probe_fail(res, EINVAL, "unknown probe kind %d", (int)req->kind);
		goto out;
	}
	err = check_req(req, res);
	if (err)
		goto out;
	RS_STRCPY(res->peer, req->peer);
	RS_STRCPY(res->ifname, req->ifname);
	res->timeout_ms = req->timeout_ms ? req->timeout_ms
					  : rs_probe_default_timeout_ms(req->kind, req->count);
	err = p->run(req, t0 + (uint64_t)res->timeout_ms * 1000000, res);
	res->ok = !err;
out:
	res->elapsed_ms = (unsigned)((rs_now_ns() - t0) / 1000000);
	rs_probe_summarize(res);
	return err;
}

int rs_probe_peer(const struct rs_probe_req *req, unsigned port, struct rs_peer *p,
		  struct rs_probe_result *res)
{
	struct addrinfo hints = { .ai_flags = AI_NUMERICHOST, .ai_socktype = SOCK_DGRAM };
	struct addrinfo *ai = NULL;

	if (getaddrinfo(req->peer, NULL, &hints, &ai) || !ai ||
	    ai->ai_addrlen > sizeof(p->ss)) {
		if (ai)
			freeaddrinfo(ai);
		return rs_probe_fail(res, EINVAL, "not an IPv4 or IPv6 address: '%s'", req->peer);
	}
	memset(p, 0, sizeof(*p));
	memcpy(&p->ss, ai->ai_addr, ai->ai_addrlen);
	p->len = ai->ai_addrlen;
	p->family = ai->ai_family;
	freeaddrinfo(ai);
	if (p->family == AF_INET)
		((struct sockaddr_in *)&p->ss)->sin_port = htons(port);
	else
		((struct sockaddr_in6 *)&p->ss)->sin6_port = htons(port);
	return 0;
}

void rs_probe_addr_text(const struct sockaddr *sa, char *buf, size_t len)
{
	const void *a = NULL;

	buf[0] = '\0';
	if (sa->sa_family == AF_INET)
		a = &((const struct sockaddr_in *)sa)->sin_addr;
	else if (sa->sa_family == AF_INET6)
		a = &((const struct sockaddr_in6 *)sa)->sin6_addr;
	if (a && !inet_ntop(sa->sa_family, a, buf, len))
		buf[0] = '\0';
}

/* ifreq-based queries need some socket; a UDP one needs no privilege. */
static int if_ioctl(const char *ifname, unsigned long req, struct ifreq *ifr)
{
	int fd, err;

	if (!ifname[0] || strlen(ifname) >= sizeof(ifr->ifr_name))
		return -EINVAL;
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	memset(ifr, 0, sizeof(*ifr));
	RS_STRCPY(ifr->ifr_name, ifname);
	err = ioctl(fd, req, ifr) < 0 ? -errno : 0;
	close(fd);
	return err;
}

unsigned rs_probe_if_mtu(const char *ifname)
{
	struct ifreq ifr;

	return if_ioctl(ifname, SIOCGIFMTU, &ifr) || ifr.ifr_mtu < 0 ? 0 : (unsigned)ifr.ifr_mtu;
}

static int if_up(const char *ifname)
{
	struct ifreq ifr;

	if (if_ioctl(ifname, SIOCGIFFLAGS, &ifr))
		return -1;
	return !!(ifr.ifr_flags & IFF_UP);
}

int rs_probe_egress(const struct rs_probe_req *req, struct rs_probe_result *res,
		    char *gateway, size_t gwlen)
{
	char query[RS_ADDR_LEN + RS_NAME_LEN + 2];
	struct rs_route_lookup rl;
	int err;

	if (gateway)
		gateway[0] = '\0';
	if (req->ifname[0] && !strchr(req->peer, '%'))
		snprintf(query, sizeof(query), "%s%%%s", req->peer, req->ifname);
	else
		RS_STRCPY(query, req->peer);
	err = rs_net_route_get(&rl, query);
	if (!rl.ok) {
		/* The kernel's refusal is an answer (its words are strerror's);
		 * anything else means netlink itself failed. */
		if (err >= 0 || strcmp(rl.error, strerror(-err)))
			return rs_probe_fail(res, err < 0 ? -err : EIO, "route lookup: %s",
					     rl.error);
		res->net_errno = -err;
		RS_STRCPY(res->dev, req->ifname);
	} else {
		RS_STRCPY(res->dev, rl.dev);
		RS_STRCPY(res->src, rl.src);
		if (gateway)
			rs_strlcpy(gateway, rl.gateway, gwlen);
	}
	res->dev_up = res->dev[0] ? if_up(res->dev) : -1;
	return 0;
}

int rs_probe_bind_dev(int fd, const struct rs_probe_req *req, struct rs_probe_result *res)
{
	if (!req->ifname[0])
		return 0;
	if (setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, req->ifname,
		       (socklen_t)strlen(req->ifname) + 1) < 0)
		return rs_probe_fail(res, errno, "SO_BINDTODEVICE %s: %s%s", req->ifname,
				     strerror(errno),
				     errno == EPERM ? " (needs CAP_NET_RAW before Linux 5.7)" : "");
	return 0;
}
