/* SPDX-License-Identifier: MIT */
/* nl_build.c - the reply builder of nl_build.h (libnl messages). */
#include "nl_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "util.h"

unsigned char *nlb_load(const char *rel, size_t *len)
{
	char path[4096];
	unsigned char *buf;
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s/tests/fixtures/rdma-netlink/%s",
		 getenv("top_srcdir") ? getenv("top_srcdir") : ".", rel);
	f = fopen(path, "rb");
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) <= 0) {
		fprintf(stderr, "nlb_load: %s: missing or empty\n", path);
		abort();
	}
	rewind(f);
	buf = rs_xmalloc((size_t)n);
	if (fread(buf, 1, (size_t)n, f) != (size_t)n)
		abort();
	fclose(f);
	*len = (size_t)n;
	return buf;
}

struct nl_msg *nlb_msg(int type, size_t hdrlen, int cmd)
{
	struct nl_msg *m;
	void *hdr;

	/* Room for a kernel-sized dump message (the default is a page). */
	nlmsg_set_default_size(1 << 16);
	m = nlmsg_alloc_simple(type, NLM_F_MULTI);
	if (!m)
		abort();
	if (cmd >= 0)
		hdrlen = GENL_HDRLEN;
	if (hdrlen) {
		hdr = nlmsg_reserve(m, hdrlen, NLMSG_ALIGNTO);
		if (!hdr)
			abort();
		memset(hdr, 0, hdrlen);
		if (cmd >= 0)
			((struct genlmsghdr *)hdr)->cmd = (uint8_t)cmd;
	}
	return m;
}

static void put(struct nlb *b, const void *p, size_t n)
{
	b->buf = rs_xrealloc(b->buf, b->len + n);
	memcpy(b->buf + b->len, p, n);
	b->len += n;
}

void nlb_add(struct nlb *b, struct nl_msg *msg)
{
	struct nlmsghdr *h = nlmsg_hdr(msg);

	put(b, h, NLMSG_ALIGN(h->nlmsg_len));
	nlmsg_free(msg);
}

void nlb_done(struct nlb *b)
{
	struct {
		struct nlmsghdr h;
		int32_t v;
	} d = { { sizeof(d), NLMSG_DONE, NLM_F_MULTI, 0, 0 }, 0 };

	put(b, &d, sizeof(d));
}

void nlb_error(struct nlb *b, int err)
{
	struct {
		struct nlmsghdr h;
		struct nlmsgerr e;
	} d;

	memset(&d, 0, sizeof(d));
	d.h.nlmsg_len = sizeof(d);
	d.h.nlmsg_type = NLMSG_ERROR;
	d.e.error = err;
	put(b, &d, sizeof(d));
}

void nlb_free(struct nlb *b)
{
	free(b->buf);
	b->buf = NULL;
	b->len = 0;
}

int nlb_prefixes(const struct nlb *b, int (*parse)(const void *buf, size_t len))
{
	int accepted = 0;

	for (size_t n = 0; n < b->len; n++) {
		/* A copy of exactly n bytes: a read past it is a heap overflow. */
		unsigned char *p = rs_xmalloc(n ? n : 1);

		memcpy(p, b->buf, n);
		if (parse(p, n) >= 0)
			accepted++;
		free(p);
	}
	return accepted;
}

void nlb_mutations(const struct nlb *b, int (*parse)(const void *buf, size_t len))
{
	unsigned char *p = rs_xmalloc(b->len);

	for (size_t i = 0; i < b->len; i++)
		for (int v = 0; v < 3; v++) {
			static const unsigned char to[] = { 0x00, 0xff, 0x7f };

			memcpy(p, b->buf, b->len);
			p[i] = p[i] == to[v] ? (unsigned char)(to[v] ^ 1) : to[v];
			parse(p, b->len);
		}
	free(p);
}
