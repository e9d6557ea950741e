/* SPDX-License-Identifier: MIT */
/*
 * nl_util.c - the raw netlink requests, replies and checked attribute
 * getters of nl_util.h.
 *
 * The socket is a plain AF_NETLINK one, so the reply is exactly what the
 * kernel sent and can be recorded; libnl walks the messages and parses
 * the attributes (nlmsg_ok and nla_parse check each length against what
 * is left), and the width of each value is checked here before it is
 * read.
 */
#include "collect/nl_util.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include <linux/netlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#define RS_NL_REPLY_MAX (64u << 20)	/* a reply larger than this is refused */
#define RS_NL_RECV_BUF (64u << 10)
#define RS_NL_MAXATTR 512		/* no family here has more */

void rs_nl_msg_init(struct rs_nl_msg *m, uint16_t type, uint16_t flags, const void *hdr,
		    size_t hdrlen)
{
	struct nlmsghdr *h = (struct nlmsghdr *)m->buf;

	memset(m, 0, sizeof(*m));
	h->nlmsg_type = type;
	h->nlmsg_flags = (uint16_t)(flags | NLM_F_REQUEST);
	m->len = NLMSG_HDRLEN;
	if (hdrlen > sizeof(m->buf) - m->len) {
		m->overflow = 1;
		return;
	}
	if (hdr)
		memcpy(m->buf + m->len, hdr, hdrlen);
	m->len += NLMSG_ALIGN(hdrlen);
}

void rs_nl_put(struct rs_nl_msg *m, uint16_t type, const void *data, size_t n)
{
	struct nlattr *a = (struct nlattr *)(m->buf + m->len);

	if (m->overflow || n > 0xffff - NLA_HDRLEN ||
	    NLA_ALIGN(NLA_HDRLEN + n) > sizeof(m->buf) - m->len) {
		m->overflow = 1;
		return;
	}
	memset(a, 0, NLA_ALIGN(NLA_HDRLEN + n));
	a->nla_type = type;
	a->nla_len = (uint16_t)(NLA_HDRLEN + n);
	if (n)
		memcpy((char *)a + NLA_HDRLEN, data, n);
	m->len += NLA_ALIGN(NLA_HDRLEN + n);
}

void rs_nl_put_u8(struct rs_nl_msg *m, uint16_t type, uint8_t v)
{
	rs_nl_put(m, type, &v, 1);
}

void rs_nl_put_u32(struct rs_nl_msg *m, uint16_t type, uint32_t v)
{
	rs_nl_put(m, type, &v, 4);
}

void rs_nl_put_str(struct rs_nl_msg *m, uint16_t type, const char *s)
{
	rs_nl_put(m, type, s, strlen(s) + 1);
}

void rs_nl_nest_begin(struct rs_nl_msg *m, uint16_t type)
{
	if (m->depth == RS_NL_NEST_MAX) {
		m->overflow = 1;
		return;
	}
	m->nest[m->depth++] = m->len;
	rs_nl_put(m, (uint16_t)(type | NLA_F_NESTED), NULL, 0);
}

void rs_nl_nest_end(struct rs_nl_msg *m)
{
	struct nlattr *a;

	if (!m->depth || m->overflow)
		return;
	a = (struct nlattr *)(m->buf + m->nest[--m->depth]);
	a->nla_len = (uint16_t)(m->len - m->nest[m->depth]);
}

int rs_nl_open(int proto)
{
	struct timeval tv = { .tv_sec = 2 };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, proto);

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

/* 1 when the datagram ends our request (DONE or an error/ack for it). */
static int ends_request(const unsigned char *p, size_t n, uint32_t seq)
{
	const struct nlmsghdr *h = (const void *)p;
	int rem = (int)n;

	for (; NLMSG_OK(h, rem); h = NLMSG_NEXT(h, rem))
		if (h->nlmsg_seq == seq &&
		    (h->nlmsg_type == NLMSG_DONE || h->nlmsg_type == NLMSG_ERROR))
			return 1;
	return 0;
}

int rs_nl_request(int fd, struct rs_nl_msg *m, struct rs_nl_reply *r)
{
	static uint32_t seq;
	struct nlmsghdr *h = (struct nlmsghdr *)m->buf;
	unsigned char *tmp;
	ssize_t n;
	int ret = 0;

	r->buf = NULL;
	r->len = 0;
	if (m->overflow || m->depth)
		return -EINVAL;
	h->nlmsg_len = (uint32_t)m->len;
	h->nlmsg_seq = ++seq;
	n = send(fd, m->buf, m->len, 0);
	if (n < 0)
		return -errno;
	if ((size_t)n != m->len)
		return -EIO;
	tmp = rs_xmalloc(RS_NL_RECV_BUF);
	while (!ret) {
		n = recv(fd, tmp, RS_NL_RECV_BUF, MSG_TRUNC);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			ret = errno == EAGAIN || errno == EWOULDBLOCK ? -ETIMEDOUT : -errno;
		else if ((size_t)n > RS_NL_RECV_BUF)
			ret = -EMSGSIZE;	/* a datagram was cut: the reply is unusable */
		else if (!(ret = append(r, tmp, (size_t)n)) && ends_request(tmp, (size_t)n, seq))
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

int rs_nl_walk(const void *buf, size_t len, size_t hdrlen, int maxattr,
	       int (*fn)(struct nlattr **tb, void *arg), void *arg)
{
	const struct nlmsghdr *h = buf;
	int rem = len > INT32_MAX ? INT32_MAX : (int)len, ret;
	struct nlattr *tb[RS_NL_MAXATTR + 1];

	if (!buf || !len || maxattr < 0 || maxattr > RS_NL_MAXATTR)
		return -EBADMSG;
	for (; nlmsg_ok(h, rem); h = nlmsg_next((struct nlmsghdr *)h, &rem)) {
		int32_t e;

		if (h->nlmsg_type == NLMSG_DONE || h->nlmsg_type == NLMSG_ERROR) {
			if (h->nlmsg_len < NLMSG_HDRLEN + sizeof(e))
				return h->nlmsg_type == NLMSG_DONE ? 0 : -EBADMSG;
			memcpy(&e, NLMSG_DATA(h), sizeof(e));
			return e < 0 ? e : 0;
		}
		if (h->nlmsg_type == NLMSG_NOOP)
			continue;
		if (h->nlmsg_len < NLMSG_HDRLEN + NLMSG_ALIGN(hdrlen) ||
		    nlmsg_parse((struct nlmsghdr *)h, (int)hdrlen, tb, maxattr, NULL) < 0)
			return -EBADMSG;
		ret = fn ? fn(tb, arg) : 0;
		if (ret < 0)
			return ret;
	}
	return -EBADMSG;	/* the stream ended without NLMSG_DONE */
}

int rs_nla_u8(const struct nlattr *a, uint8_t *v)
{
	if (!a || nla_len(a) < 1)
		return -EBADMSG;
	memcpy(v, nla_data(a), 1);
	return 0;
}

int rs_nla_u16(const struct nlattr *a, uint16_t *v)
{
	if (!a || nla_len(a) < 2)
		return -EBADMSG;
	memcpy(v, nla_data(a), 2);
	return 0;
}

int rs_nla_u32(const struct nlattr *a, uint32_t *v)
{
	if (!a || nla_len(a) < 4)
		return -EBADMSG;
	memcpy(v, nla_data(a), 4);
	return 0;
}

int rs_nla_u64(const struct nlattr *a, uint64_t *v)
{
	if (!a || nla_len(a) < 8)
		return -EBADMSG;
	memcpy(v, nla_data(a), 8);
	return 0;
}

int rs_nla_uint(const struct nlattr *a, uint64_t *v)
{
	uint32_t v32;

	if (a && nla_len(a) == 4) {
		memcpy(&v32, nla_data(a), 4);
		*v = v32;
		return 0;
	}
	return a && nla_len(a) == 8 ? rs_nla_u64(a, v) : -EBADMSG;
}

int rs_nla_str(const struct nlattr *a, char *buf, size_t len)
{
	size_t n;

	if (!a || nla_len(a) < 1 || !len)
		return -EBADMSG;
	n = strnlen(nla_data(a), (size_t)nla_len(a));
	if (n >= len) {
		memcpy(buf, nla_data(a), len - 1);
		buf[len - 1] = '\0';
		rs_mark_cut(buf, len);
		return 0;
	}
	memcpy(buf, nla_data(a), n);
	buf[n] = '\0';
	return 0;
}

int rs_nla_nested(struct nlattr **tb, int maxattr, const struct nlattr *a)
{
	if (!a || nla_parse_nested(tb, maxattr, (struct nlattr *)a, NULL) < 0)
		return -EBADMSG;
	return 0;
}

int rs_nl_read_file(struct rs_nl_reply *r, const char *rel)
{
	char path[4096];
	struct stat st;
	int fd, ret = 0;
	ssize_t n;

	r->buf = NULL;
	r->len = 0;
	if (rs_path(path, sizeof(path), "%s", rel))
		return -ENAMETOOLONG;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    st.st_size > (off_t)RS_NL_REPLY_MAX) {
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
	if (ret) {
		free(r->buf);
		r->buf = NULL;
		r->len = 0;
	}
	return ret;
}

const char *rs_nl_strerror(int err)
{
	return err == -EBADMSG ? "malformed reply" : rs_strerror(err);
}
