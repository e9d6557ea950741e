/* SPDX-License-Identifier: MIT */
/*
 * peer_sniff.c - who is on the other end of the control port, from its first
 * bytes (proto.h: rs_perf_sniff), and peer text made safe for a terminal
 * (rs_perf_escape).  The shapes (docs/tests.md, Protocol): perftest's
 * 16-byte version field ("6.20" and NULs, exchange_versions() in its
 * src/perftest_communication.c) and ibv_rc_pingpong's key message
 * ("%04x:%06x:%06x:" then the GID in hex, rdma-core's
 * libibverbs/examples/pingpong.c and rc_pingpong.c).
 */
#include "perf/proto.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* perftest: "6.20" then NULs up to 16 bytes (digits, one dot, digits). */
static int is_perftest_version(const uint8_t *b, size_t len, char *ver, size_t verlen)
{
	size_t i = 0, digits1 = 0, digits2 = 0;

	while (i < len && isdigit(b[i]))
		i++, digits1++;
	if (!digits1 || i >= len || b[i++] != '.')
		return 0;
	while (i < len && isdigit(b[i]))
		i++, digits2++;
	if (!digits2)
		return 0;
	for (size_t k = i; k < len; k++)
		if (b[k])
			return 0;
	if (i == len && len == RS_PERF_HDR_LEN)
		return 0;	/* no NUL at all: not perftest's padded field */
	if (ver && verlen)
		snprintf(ver, verlen, "%.*s", (int)(i < verlen ? i : verlen - 1), (const char *)b);
	return 1;
}

/* ibv_rc_pingpong: "%04x:%06x:%06x:" LID:QPN:PSN, then the GID in hex. */
static int is_pingpong(const uint8_t *b, size_t len)
{
	static const char shape[] = "hhhh:hhhhhh:hhhhhh:";

	for (size_t i = 0; i < len && i < sizeof(shape) - 1; i++) {
		if (shape[i] == ':' ? b[i] != ':' : !isxdigit(b[i]))
			return 0;
	}
	return len >= 12;
}

enum rs_perf_peer_kind rs_perf_sniff(const uint8_t *buf, size_t len, char *ver, size_t verlen)
{
	if (ver && verlen)
		ver[0] = '\0';
	if (len >= 4 && buf[0] == (RS_PERF_MAGIC >> 24) && buf[1] == (uint8_t)(RS_PERF_MAGIC >> 16) &&
	    buf[2] == (uint8_t)(RS_PERF_MAGIC >> 8) && buf[3] == (uint8_t)RS_PERF_MAGIC)
		return RS_PEER_ROCESCOPE;
	if (is_perftest_version(buf, len, ver, verlen))
		return RS_PEER_PERFTEST;
	if (is_pingpong(buf, len))
		return RS_PEER_PINGPONG;
	return RS_PEER_UNKNOWN;
}

const char *rs_perf_peer_kind_name(enum rs_perf_peer_kind k)
{
	switch (k) {
	case RS_PEER_ROCESCOPE: return "rocescope";
	case RS_PEER_PERFTEST: return "perftest";
	case RS_PEER_PINGPONG: return "ibv_rc_pingpong";
	default: return "unknown";
	}
}

void rs_perf_escape(const char *in, char *out, size_t outlen)
{
	size_t o = 0;

	if (!outlen)
		return;
	for (const unsigned char *p = (const unsigned char *)in; *p; p++) {
		char tmp[5];
		size_t n;

		if (*p >= 0x20 && *p < 0x7f && *p != '\\')
			n = (size_t)snprintf(tmp, sizeof(tmp), "%c", *p);
		else
			n = (size_t)snprintf(tmp, sizeof(tmp), "\\x%02x", *p);
		if (o + n + 4 > outlen) {	/* keep room for "..." */
			snprintf(out + o, outlen - o, "...");
			return;
		}
		memcpy(out + o, tmp, n);
		o += n;
	}
	out[o] = '\0';
}
