/* SPDX-License-Identifier: MIT */
/*
 * rdma_res.c - the RDMA resources of every device (QPs, CQs, MRs, PDs and
 * the QPs' states) from RDMA netlink, live and recorded.
 *
 * Live: one NETLINK_RDMA socket, one RES_GET dump (the summary of every
 * device, as `rdma resource show`) and one RES_QP_GET dump per device (as
 * `rdma resource show qp`), on a raw netlink socket so the reply bytes are
 * exactly what the kernel sent (libnl only parses them, rdma_res_parse.c).
 * None of these requests needs a privilege; a user sees the QPs of its
 * own PID namespace.  Without ib_core the socket fails with
 * EPROTONOSUPPORT: each device (if sysfs shows any) says so.
 *
 * Recorded twin: the same replies as files under the root
 * (<root>/rdma-netlink/res.nl and qp-DEV.nl, written in the lab by
 * tests/rdma_nl_record), parsed by the same code.  A root without them
 * says "not recorded" per device, as DCB does: unknown, never bad.
 */
#include "collect/collect.h"
#include "collect/producer.h"
#include "collect/rdma_res.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include <linux/netlink.h>
#include <rdma/rdma_netlink.h>

#define RS_NL_REPLY_MAX (64u << 20)	/* a dump larger than this is refused */
#define RS_NL_RECV_BUF (64u << 10)

int rs_rdma_nl_open(void)
{
	struct timeval tv = { .tv_sec = 2 };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_RDMA);

	if (fd < 0)
		return -errno;
	/* A kernel that never answers must not hang a refresh. */
	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv))) {
		int e = -errno;

		close(fd);
		return e;
	}
	return fd;
}

static int append(struct rs_nl_reply *r, const void *p, size_t n)
{
	if (r->len + n > RS_NL_REPLY_MAX)
		return -EMSGSIZE;
	r->buf = rs_xrealloc(r->buf, r->len + n);
	memcpy(r->buf + r->len, p, n);
	r->len += n;
	return 0;
}

/* 1 when the datagram ends our dump (DONE or an error for our request). */
static int ends_dump(const unsigned char *p, size_t n, uint32_t seq)
{
	const struct nlmsghdr *h = (const void *)p;
	int rem = (int)n;

	for (; NLMSG_OK(h, rem); h = NLMSG_NEXT(h, rem))
		if (h->nlmsg_seq == seq &&
		    (h->nlmsg_type == NLMSG_DONE || h->nlmsg_type == NLMSG_ERROR))
			return 1;
	return 0;
}

static int send_request(int fd, unsigned cmd, long dev_index, uint32_t seq)
{
	struct {
		struct nlmsghdr h;
		struct nlattr a;
		uint32_t index;
	} req;
	size_t len = NLMSG_HDRLEN + (dev_index >= 0 ? NLA_HDRLEN + sizeof(uint32_t) : 0);
	ssize_t n;

	memset(&req, 0, sizeof(req));
	req.h.nlmsg_len = (uint32_t)len;
	req.h.nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd);
	req.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
	req.h.nlmsg_seq = seq;
	req.a.nla_len = NLA_HDRLEN + sizeof(uint32_t);
	req.a.nla_type = RDMA_NLDEV_ATTR_DEV_INDEX;
	req.index = (uint32_t)dev_index;
	n = send(fd, &req, len, 0);
	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EIO;
}

int rs_rdma_nl_dump(int fd, unsigned cmd, long dev_index, struct rs_nl_reply *r)
{
	static uint32_t seq;
	unsigned char *tmp = rs_xmalloc(RS_NL_RECV_BUF);
	int ret;

	r->buf = NULL;
	r->len = 0;
	ret = send_request(fd, cmd, dev_index, ++seq);
	while (!ret) {
		ssize_t n = recv(fd, tmp, RS_NL_RECV_BUF, MSG_TRUNC);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			ret = errno == EAGAIN || errno == EWOULDBLOCK ? -ETIMEDOUT : -errno;
		else if ((size_t)n > RS_NL_RECV_BUF)
			ret = -EMSGSIZE;	/* a datagram was cut: the reply is unusable */
		else if (!(ret = append(r, tmp, (size_t)n)) && ends_dump(tmp, (size_t)n, seq))
			break;
	}
	free(tmp);
	if (ret) {
		free(r->buf);
		r->buf = NULL;
		r->len = 0;
	}
	return ret;
}

static void all_unknown(struct rs_snapshot *s, const char *what, int err)
{
	for (size_t i = 0; i < s->n_devices; i++) {
		struct rs_rdma_res *r = &s->devices[i].res;

		memset(r, 0, sizeof(*r));
		snprintf(r->error, sizeof(r->error), "%s: %s", what,
			 err == -EBADMSG ? "malformed reply" : strerror(-err));
	}
}

/* The summary parsed: name the devices the reply did not. */
static void mark_missing(struct rs_snapshot *s, const long *idx)
{
	for (size_t i = 0; i < s->n_devices; i++)
		if (idx[i] < 0)
			RS_STRCPY(s->devices[i].res.error, "not in RDMA netlink's device list");
}

static void qp_error(struct rs_device *d, const char *what, int err)
{
	snprintf(d->res.error, sizeof(d->res.error), "QP states: %s: %s", what,
		 err == -EBADMSG ? "malformed reply" : strerror(-err));
}

int rs_collect_rdma_res(struct rs_snapshot *s)
{
	struct rs_nl_reply r;
	long *idx;
	int fd, ret;

	if (!s->n_devices)
		return 0;
	fd = rs_rdma_nl_open();
	if (fd < 0) {
		all_unknown(s, "RDMA netlink", fd);
		return 0;
	}
	idx = rs_xcalloc(s->n_devices, sizeof(*idx));
	ret = rs_rdma_nl_dump(fd, RDMA_NLDEV_CMD_RES_GET, -1, &r);
	if (!ret)
		ret = rs_rdma_res_parse_summary(r.buf, r.len, s, idx);
	free(r.buf);
	if (ret < 0) {
		all_unknown(s, "RDMA netlink RES_GET", ret);
		goto out;
	}
	mark_missing(s, idx);
	for (size_t i = 0; i < s->n_devices; i++) {
		if (idx[i] < 0)
			continue;
		ret = rs_rdma_nl_dump(fd, RDMA_NLDEV_CMD_RES_QP_GET, idx[i], &r);
		if (!ret)
			ret = rs_rdma_res_parse_qps(r.buf, r.len, &s->devices[i].res);
		free(r.buf);
		if (ret < 0)
			qp_error(&s->devices[i], "RES_QP_GET", ret);
	}
out:
	free(idx);
	close(fd);
	return 0;
}

/* A recorded reply (rel: its path under the root) into r: 0, or -errno. */
static int read_reply(struct rs_nl_reply *r, const char *rel)
{
	char path[4096];
	struct stat st;
	int fd, ret = 0;
	ssize_t n;

	r->buf = NULL;
	r->len = 0;
	if (rs_path(path, sizeof(path), "%s", rel))
		return -ENAMETOOLONG;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || st.st_size <= 0 || st.st_size > (off_t)RS_NL_REPLY_MAX) {
		ret = -EBADMSG;
		goto out;
	}
	r->buf = rs_xmalloc((size_t)st.st_size);
	while (r->len < (size_t)st.st_size) {
		n = read(fd, r->buf + r->len, (size_t)st.st_size - r->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = n < 0 ? -errno : -EBADMSG;
			break;
		}
		r->len += (size_t)n;
	}
out:
	close(fd);
	return ret;
}

int rs_collect_rdma_res_recorded(struct rs_snapshot *s)
{
	struct rs_nl_reply r;
	long *idx;
	int ret;

	if (!s->n_devices)
		return 0;
	ret = read_reply(&r, RS_RDMA_NL_RES_FILE);
	if (ret == -ENOENT) {
		for (size_t i = 0; i < s->n_devices; i++) {
			memset(&s->devices[i].res, 0, sizeof(s->devices[i].res));
			RS_STRCPY(s->devices[i].res.error,
				  "not recorded (RDMA netlink is only read live)");
		}
		return 0;
	}
	idx = rs_xcalloc(s->n_devices, sizeof(*idx));
	if (!ret)
		ret = rs_rdma_res_parse_summary(r.buf, r.len, s, idx);
	free(r.buf);
	if (ret < 0) {
		all_unknown(s, "recorded RES_GET reply", ret);
		free(idx);
		return 0;
	}
	mark_missing(s, idx);
	for (size_t i = 0; i < s->n_devices; i++) {
		struct rs_device *d = &s->devices[i];
		char rel[RS_NAME_LEN + 32];

		if (idx[i] < 0)
			continue;
		snprintf(rel, sizeof(rel), RS_RDMA_NL_QP_FILE, d->name);
		ret = read_reply(&r, rel);
		if (!ret)
			ret = rs_rdma_res_parse_qps(r.buf, r.len, &d->res);
		free(r.buf);
		if (ret < 0 && ret != -ENOENT)
			qp_error(d, "recorded RES_QP_GET reply", ret);
	}
	free(idx);
	return 0;
}

/* ------------------------------------------------------------ producers */

/* RDMA resources move with the jobs: read again on every refresh. */
static int res_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
		       char *err, size_t errlen)
{
	return rs_collect_rdma_res(snap);
}

static int res_refresh(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap)
{
	return rs_collect_rdma_res(snap);
}

static int res_recorded_collect(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_rdma_res_recorded(snap);
}

static int res_recorded_refresh(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap)
{
	return rs_collect_rdma_res_recorded(snap);
}

const struct rs_producer_ops rs_rdma_res_producer = {
	.name = "rdma-res", .area = RS_AREA_RDMA, .live_only = 1, .collect = res_collect,
	.refresh = res_refresh,
};

const struct rs_producer_ops rs_rdma_res_recorded_producer = {
	.name = "rdma-res-recorded", .area = RS_AREA_RDMA, .collect = res_recorded_collect,
	.refresh = res_recorded_refresh,
};
