/* SPDX-License-Identifier: MIT */
/*
 * nl_util.h - raw netlink requests and replies, shared by the collectors
 * that talk to RDMA netlink (NETLINK_RDMA), devlink and ethtool (generic
 * netlink): a small request builder, a request that reads its whole reply
 * as the bytes the kernel sent, the walk over a reply's messages with
 * libnl's checked parsers, and width-checked attribute getters.
 *
 * A reply is the stream of datagrams the kernel sent for one request,
 * concatenated, up to and including NLMSG_DONE or the NLMSG_ERROR that
 * answers it.  Recorded replies are exactly those bytes in a file, so the
 * live and the recorded path share one parser.  Nothing here trusts a
 * length: a truncated or garbled stream is -EBADMSG, never a read past
 * the end.
 */
#ifndef RS_NL_UTIL_H
#define RS_NL_UTIL_H

#include <stddef.h>
#include <stdint.h>

struct nlattr;

/* A reply: bytes owned by the caller (free(buf)). */
struct rs_nl_reply {
	unsigned char *buf;
	size_t len;
};

#define RS_NL_REQ_MAX 512
#define RS_NL_NEST_MAX 4

/* A request being built: header, family header, attributes. */
struct rs_nl_msg {
	unsigned char buf[RS_NL_REQ_MAX];
	size_t len;
	size_t nest[RS_NL_NEST_MAX];
	int depth;
	int overflow;			/* an attribute did not fit: refuse to send */
};

/* Start a message of type with flags (NLM_F_REQUEST is added) and a
 * family header of hdrlen bytes (NULL: none). */
void rs_nl_msg_init(struct rs_nl_msg *m, uint16_t type, uint16_t flags, const void *hdr,
		    size_t hdrlen);
void rs_nl_put(struct rs_nl_msg *m, uint16_t type, const void *data, size_t n);
void rs_nl_put_u8(struct rs_nl_msg *m, uint16_t type, uint8_t v);
void rs_nl_put_u32(struct rs_nl_msg *m, uint16_t type, uint32_t v);
void rs_nl_put_str(struct rs_nl_msg *m, uint16_t type, const char *s);
void rs_nl_nest_begin(struct rs_nl_msg *m, uint16_t type);
void rs_nl_nest_end(struct rs_nl_msg *m);

/* A netlink socket of proto with a 2 s receive timeout, or -errno. */
int rs_nl_open(int proto);
/*
 * Send m (its sequence number set here) and read the whole reply into r:
 * up to NLMSG_DONE or the NLMSG_ERROR of this request.  0 or -errno
 * (-ETIMEDOUT after 2 s of silence, -EMSGSIZE past 64 MiB); r is empty on
 * failure.  An error the kernel answers is in the reply (rs_nl_walk).
 */
int rs_nl_request(int fd, struct rs_nl_msg *m, struct rs_nl_reply *r);

/*
 * Walk the messages of a reply: fn (NULL: none) gets the attribute table
 * (maxattr + 1 entries, family header of hdrlen bytes skipped) of each
 * message.  Ends
 * at NLMSG_DONE or an NLMSG_ERROR: 0 for an acknowledgement, the error it
 * carries (-errno), -EBADMSG for a stream that is cut, garbled or ends
 * without either; or what fn returned when negative.
 */
int rs_nl_walk(const void *buf, size_t len, size_t hdrlen, int maxattr,
	       int (*fn)(struct nlattr **tb, void *arg), void *arg);

/* Attribute values, each width checked: 0 or -EBADMSG (absent or short). */
int rs_nla_u8(const struct nlattr *a, uint8_t *v);
int rs_nla_u16(const struct nlattr *a, uint16_t *v);
int rs_nla_u32(const struct nlattr *a, uint32_t *v);
int rs_nla_u64(const struct nlattr *a, uint64_t *v);
/* A "uint" attribute (NLA_UINT): 4 or 8 bytes. */
int rs_nla_uint(const struct nlattr *a, uint64_t *v);
/* A string (need not end in NUL on the wire) into buf; cut with an
 * ellipsis (util.h) when longer than buf. */
int rs_nla_str(const struct nlattr *a, char *buf, size_t len);
/* Parse the nest a into tb (maxattr + 1 entries): 0 or -EBADMSG. */
int rs_nla_nested(struct nlattr **tb, int maxattr, const struct nlattr *a);

/* A recorded reply, rel its path under the root: 0 or -errno (-ENOENT
 * when it was not recorded, -EBADMSG for an empty or huge file). */
int rs_nl_read_file(struct rs_nl_reply *r, const char *rel);

/* "malformed reply" for -EBADMSG, else strerror. */
const char *rs_nl_strerror(int err);

#endif
