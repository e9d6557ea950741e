/* SPDX-License-Identifier: MIT */
/*
 * probe_text.c - a probe result as text, for the tests (probe_text.h):
 * the (key, value) fields of its kind, the "key value" lines that
 * tests/probe_cli prints for the namespace and lab tests and reads back
 * from its --fork child.  The program itself never needs the text: the
 * session's probe child is a fork of the same binary and writes the
 * struct whole (src/session/probes.c).
 *
 * One table says, for every field, its key, the kinds it belongs to, its
 * type and where it is: visiting, writing and parsing all walk it, so the
 * three cannot drift apart.  Doubles are written with three decimals
 * (RTTs to the microsecond); everything else comes back exactly.
 */
#include "probe_text.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum ftype { F_KIND, F_INT, F_UINT, F_DOUBLE, F_STR, F_TCP };

#define ALL 0x1fu
#define K(k) (1u << (k))
#define F(key, kinds, type, member) \
	{ key, kinds, type, offsetof(struct rs_probe_result, member), \
	  sizeof(((struct rs_probe_result *)0)->member) }

static const struct field {
	const char *key;
	unsigned kinds;
	enum ftype type;
	size_t off, size;
} fields[] = {
	F("kind", ALL, F_KIND, kind),
	F("ok", ALL, F_INT, ok),
	F("err", ALL, F_INT, err),
	F("error", ALL, F_STR, error),
	F("summary", ALL, F_STR, summary),
	F("peer", ALL, F_STR, peer),
	F("ifname", ALL, F_STR, ifname),
	F("timeout_ms", ALL, F_UINT, timeout_ms),
	F("elapsed_ms", ALL, F_UINT, elapsed_ms),
	F("net_errno", ALL, F_INT, net_errno),
	F("net_from", ALL, F_STR, net_from),
	F("dev", ALL, F_STR, dev),
	F("dev_up", ALL, F_INT, dev_up),
	F("src", ALL, F_STR, src),
	F("method", K(RS_PROBE_PING) | K(RS_PROBE_PMTU), F_STR, method),
	F("sent", K(RS_PROBE_PING), F_UINT, sent),
	F("received", K(RS_PROBE_PING), F_UINT, received),
	F("errors", K(RS_PROBE_PING), F_UINT, errors),
	F("reply_dev", K(RS_PROBE_PING), F_STR, reply_dev),
	F("stray_replies", K(RS_PROBE_PING), F_UINT, stray_replies),
	F("rtt_min_ms", K(RS_PROBE_PING), F_DOUBLE, rtt_min_ms),
	F("rtt_avg_ms", K(RS_PROBE_PING), F_DOUBLE, rtt_avg_ms),
	F("rtt_max_ms", K(RS_PROBE_PING), F_DOUBLE, rtt_max_ms),
	F("pmtu_payload", K(RS_PROBE_PMTU), F_UINT, pmtu_payload),
	F("pmtu_mtu", K(RS_PROBE_PMTU), F_UINT, pmtu_mtu),
	F("local_mtu", K(RS_PROBE_PMTU), F_UINT, local_mtu),
	F("pmtu_limited", K(RS_PROBE_PMTU), F_INT, pmtu_limited),
	F("pmtu_tries", K(RS_PROBE_PMTU), F_UINT, pmtu_tries),
	F("pmtu_hop_mtu", K(RS_PROBE_PMTU), F_UINT, pmtu_hop_mtu),
	F("neigh_state", K(RS_PROBE_NEIGH), F_STR, neigh_state),
	F("neigh_first", K(RS_PROBE_NEIGH), F_STR, neigh_first),
	F("neigh_mac", K(RS_PROBE_NEIGH), F_STR, neigh_mac),
	F("neigh_dev", K(RS_PROBE_NEIGH), F_STR, neigh_dev),
	F("neigh_ip", K(RS_PROBE_NEIGH), F_STR, neigh_ip),
	F("neigh_arp", K(RS_PROBE_NEIGH), F_STR, neigh_arp),
	F("neigh_arp_mac", K(RS_PROBE_NEIGH), F_STR, neigh_arp_mac),
	F("neigh_arp_macs", K(RS_PROBE_NEIGH), F_UINT, neigh_arp_macs),
	F("tcp", K(RS_PROBE_TCP), F_TCP, tcp),
	F("tcp_port", K(RS_PROBE_TCP), F_UINT, tcp_port),
	F("tcp_ms", K(RS_PROBE_TCP), F_DOUBLE, tcp_ms),
	F("cm_event", K(RS_PROBE_RDMA_CM), F_STR, cm_event),
	F("cm_dev", K(RS_PROBE_RDMA_CM), F_STR, cm_dev),
	F("cm_port", K(RS_PROBE_RDMA_CM), F_UINT, cm_port),
	F("cm_netdev", K(RS_PROBE_RDMA_CM), F_STR, cm_netdev),
	F("cm_sgid", K(RS_PROBE_RDMA_CM), F_STR, cm_sgid),
	F("cm_sgid_index", K(RS_PROBE_RDMA_CM), F_INT, cm_sgid_index),
	F("cm_gid_type", K(RS_PROBE_RDMA_CM), F_STR, cm_gid_type),
	F("cm_dgid", K(RS_PROBE_RDMA_CM), F_STR, cm_dgid),
};

static const char *const tcp_names[] = {
	[RS_TCP_NONE] = "", [RS_TCP_OPEN] = "open", [RS_TCP_REFUSED] = "refused",
	[RS_TCP_TIMEOUT] = "timeout", [RS_TCP_UNREACHABLE] = "unreachable",
};

const char *rs_tcp_state_name(enum rs_tcp_state s)
{
	return (unsigned)s < RS_ARRAY_SIZE(tcp_names) ? tcp_names[s] : "";
}

static void value_text(const struct rs_probe_result *res, const struct field *f, char *buf,
		       size_t len)
{
	const char *p = (const char *)res + f->off;

	switch (f->type) {
	case F_KIND:
		snprintf(buf, len, "%s", rs_probe_kind_name(*(const enum rs_probe_kind *)p));
		break;
	case F_INT:
		snprintf(buf, len, "%d", *(const int *)p);
		break;
	case F_UINT:
		snprintf(buf, len, "%u", *(const unsigned *)p);
		break;
	case F_DOUBLE:
		snprintf(buf, len, "%.3f", *(const double *)p);
		break;
	case F_TCP:
		snprintf(buf, len, "%s", rs_tcp_state_name(*(const enum rs_tcp_state *)p));
		break;
	case F_STR:
		snprintf(buf, len, "%.*s", (int)f->size, p);
		break;
	}
}

int rs_probe_result_fields(const struct rs_probe_result *res, rs_probe_field_fn fn, void *arg)
{
	char buf[RS_MSG_LEN];
	int r;

	for (size_t i = 0; i < RS_ARRAY_SIZE(fields); i++) {
		if (!((unsigned)res->kind < RS_PROBE_KINDS && (fields[i].kinds & K(res->kind))))
			continue;
		value_text(res, &fields[i], buf, sizeof(buf));
		r = fn(fields[i].key, buf, arg);
		if (r)
			return r;
	}
	return 0;
}

static int write_field(const char *key, const char *value, void *arg)
{
	FILE *f = arg;

	fputs(key, f);
	if (*value)
		fputc(' ', f);
	for (const unsigned char *p = (const unsigned char *)value; *p; p++) {
		if (*p < 0x20 || *p == 0x7f || *p == '\\')
			fprintf(f, "\\x%02x", *p);
		else
			fputc(*p, f);
	}
	fputc('\n', f);
	return 0;
}

int rs_probe_result_write(const struct rs_probe_result *res, FILE *f)
{
	rs_probe_result_fields(res, write_field, f);
	return ferror(f) ? -EIO : 0;
}

/* In place: "\x1b" back to the byte; 0, or -EINVAL for a broken escape. */
static int unescape(char *s)
{
	char *w = s;

	for (const char *r = s; *r; r++) {
		unsigned v;

		if (*r != '\\') {
			*w++ = *r;
			continue;
		}
		if (r[1] != 'x' || !isxdigit((unsigned char)r[2]) ||
		    !isxdigit((unsigned char)r[3]) || sscanf(r + 2, "%2x", &v) != 1 || !v)
			return -EINVAL;
		*w++ = (char)v;
		r += 3;
	}
	*w = '\0';
	return 0;
}

static int set_field(struct rs_probe_result *res, const struct field *f, char *val)
{
	char *p = (char *)res + f->off, *end = NULL;
	enum rs_probe_kind k;

	errno = 0;
	switch (f->type) {
	case F_KIND:
		if (rs_probe_kind_parse(val, &k))
			return -EINVAL;
		*(enum rs_probe_kind *)p = k;
		return 0;
	case F_INT:
		*(int *)p = (int)strtol(val, &end, 10);
		break;
	case F_UINT:
		*(unsigned *)p = (unsigned)strtoul(val, &end, 10);
		break;
	case F_DOUBLE:
		*(double *)p = strtod(val, &end);
		break;
	case F_TCP:
		for (unsigned i = 0; i < RS_ARRAY_SIZE(tcp_names); i++)
			if (!strcmp(val, tcp_names[i])) {
				*(enum rs_tcp_state *)p = (enum rs_tcp_state)i;
				return 0;
			}
		return -EINVAL;
	case F_STR:
		if (unescape(val) || strlen(val) >= f->size)
			return -EINVAL;
		memcpy(p, val, strlen(val) + 1);
		return 0;
	}
	return errno || !end || end == val || *end ? -EINVAL : 0;
}

static int parse_line(struct rs_probe_result *res, char *line)
{
	char *val = strchr(line, ' ');

	if (val)
		*val++ = '\0';
	else
		val = line + strlen(line);
	for (size_t i = 0; i < RS_ARRAY_SIZE(fields); i++)
		if (!strcmp(line, fields[i].key))
			return set_field(res, &fields[i], val);
	return -ENOENT;
}

int rs_probe_result_parse(struct rs_probe_result *res, const char *text, char *why, size_t len)
{
	char *copy = rs_xstrdup(text), *line, *save = NULL;
	unsigned n = 0;
	int err = 0;

	rs_probe_result_init(res, RS_PROBE_PING);
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		n++;
		err = parse_line(res, line);
		if (err) {
			snprintf(why, len, "line %u: %s '%.40s'", n,
				 err == -ENOENT ? "unknown key" : "bad value for", line);
			err = -EINVAL;
			break;
		}
	}
	if (!err && !n) {
		snprintf(why, len, "no probe result in the text");
		err = -EINVAL;
	}
	free(copy);
	return err;
}
