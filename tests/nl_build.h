/* SPDX-License-Identifier: MIT */
/*
 * nl_build.h - netlink replies built with libnl for the parsers' tests:
 * messages as the kernel sends them (attributes, nests, arrays), joined
 * into one reply stream that ends with NLMSG_DONE or an NLMSG_ERROR.
 */
#ifndef RS_TEST_NL_BUILD_H
#define RS_TEST_NL_BUILD_H

#include <stddef.h>
#include <stdint.h>

#include <netlink/attr.h>
#include <netlink/msg.h>

struct nlb {
	unsigned char *buf;
	size_t len;
};

/* The bytes of tests/fixtures/rdma-netlink/REL (under $top_srcdir): a
 * recorded reply; aborts, saying which, when it is missing or empty. */
unsigned char *nlb_load(const char *rel, size_t *len);

/* A new message of type (family header of hdrlen zero bytes, a genl one
 * when cmd >= 0); add attributes with libnl, then nlb_add() it. */
struct nl_msg *nlb_msg(int type, size_t hdrlen, int cmd);
/* Append msg to the stream and free it. */
void nlb_add(struct nlb *b, struct nl_msg *msg);
void nlb_done(struct nlb *b);
void nlb_error(struct nlb *b, int err);
void nlb_free(struct nlb *b);
/* Every prefix of b, and b with each byte changed in turn, through parse
 * (which must not crash or read past the end: ASan and valgrind see);
 * returns how many prefixes parse() accepted (>= 0). */
int nlb_prefixes(const struct nlb *b, int (*parse)(const void *buf, size_t len));
void nlb_mutations(const struct nlb *b, int (*parse)(const void *buf, size_t len));

#endif
