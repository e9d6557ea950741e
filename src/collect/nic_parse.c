/* SPDX-License-Identifier: MIT */
/*
 * nic_parse.c - the parsers of nic_health.h: generic netlink replies of
 * the "nlctrl", "devlink" and "ethtool" families, as raw bytes, live or
 * recorded.  Each message starts with a struct genlmsghdr (4 bytes) and
 * attributes follow (uapi linux/genetlink.h, linux/devlink.h,
 * linux/ethtool_netlink.h).  Every value's width is checked before it is
 * read; an entry is parsed whole before it changes the snapshot.
 *
 *   CTRL_CMD_GETFAMILY: CTRL_ATTR_FAMILY_ID (u16).
 *   DEVLINK_CMD_HEALTH_REPORTER_GET: BUS_NAME, DEV_NAME, PORT_INDEX?,
 *     HEALTH_REPORTER { NAME, STATE (u8: 0 healthy, 1 error), ERR_COUNT,
 *     RECOVER_COUNT (u64), GRACEFUL_PERIOD (u64 ms)?, AUTO_RECOVER (u8)? }.
 *   ETHTOOL_MSG_FEC_GET_REPLY: FEC_ACTIVE (u32, a link mode bit), FEC_STATS
 *     { CORRECTED, UNCORR, CORR_BITS: u64 arrays, [0] the total and then
 *     one per lane; HIST bins }.
 *   ETHTOOL_MSG_MODULE_EEPROM_GET_REPLY: MODULE_EEPROM_DATA (binary).
 */
#include "collect/nic_health.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/devlink.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <netlink/attr.h>

struct u16_out {
	uint16_t v;
	int seen;
};

static int on_family(struct nlattr **tb, void *arg)
{
	struct u16_out *o = arg;

	if (!tb[CTRL_ATTR_FAMILY_ID])
		return 0;
	if (rs_nla_u16(tb[CTRL_ATTR_FAMILY_ID], &o->v))
		return -EBADMSG;
	o->seen = 1;
	return 0;
}

int rs_genl_parse_family(const void *buf, size_t len, uint16_t *id)
{
	struct u16_out o = { 0, 0 };
	int ret = rs_nl_walk(buf, len, GENL_HDRLEN, CTRL_ATTR_MAX, on_family, &o);

	if (ret < 0)
		return ret;
	if (!o.seen)
		return -EBADMSG;
	*id = o.v;
	return 0;
}

/* ------------------------------------------------------------ devlink */

struct reporters {
	struct rs_snapshot *s;
	int count;
};

static int parse_reporter(const struct nlattr *nest, struct rs_reporter *r)
{
	struct nlattr *rt[DEVLINK_ATTR_MAX + 1];
	uint8_t state, ar;

	memset(r, 0, sizeof(*r));
	r->auto_recover = -1;
	if (rs_nla_nested(rt, DEVLINK_ATTR_MAX, nest) ||
	    rs_nla_str(rt[DEVLINK_ATTR_HEALTH_REPORTER_NAME], r->name, sizeof(r->name)) ||
	    rs_nla_u8(rt[DEVLINK_ATTR_HEALTH_REPORTER_STATE], &state) ||
	    rs_nla_u64(rt[DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT], &r->errors) ||
	    rs_nla_u64(rt[DEVLINK_ATTR_HEALTH_REPORTER_RECOVER_COUNT], &r->recovers) ||
	    (rt[DEVLINK_ATTR_HEALTH_REPORTER_GRACEFUL_PERIOD] &&
	     rs_nla_u64(rt[DEVLINK_ATTR_HEALTH_REPORTER_GRACEFUL_PERIOD], &r->grace_ms)))
		return -EBADMSG;
	if (rt[DEVLINK_ATTR_HEALTH_REPORTER_AUTO_RECOVER]) {
		if (rs_nla_u8(rt[DEVLINK_ATTR_HEALTH_REPORTER_AUTO_RECOVER], &ar))
			return -EBADMSG;
		r->auto_recover = !!ar;
	}
	/* enum devlink_health_reporter_state (include/net/devlink.h): 0 healthy,
	 * 1 error; not in the uapi header. */
	r->error = state != 0;
	return 0;
}

static int on_reporter(struct nlattr **tb, void *arg)
{
	struct reporters *rp = arg;
	char bus[RS_NAME_LEN], dev[RS_NAME_LEN];
	struct rs_reporter r;
	uint32_t port;

	if (rs_nla_str(tb[DEVLINK_ATTR_BUS_NAME], bus, sizeof(bus)) ||
	    rs_nla_str(tb[DEVLINK_ATTR_DEV_NAME], dev, sizeof(dev)) ||
	    (tb[DEVLINK_ATTR_PORT_INDEX] && rs_nla_u32(tb[DEVLINK_ATTR_PORT_INDEX], &port)) ||
	    parse_reporter(tb[DEVLINK_ATTR_HEALTH_REPORTER], &r))
		return -EBADMSG;
	r.port = tb[DEVLINK_ATTR_PORT_INDEX] && port <= INT32_MAX ? (int)port : -1;
	rp->count++;
	if (strcmp(bus, "pci"))
		return 0;	/* auxiliary and netdevsim buses: no link to show them on */
	for (size_t i = 0; i < rp->s->n_links; i++) {
		struct rs_health *h = &rp->s->links[i].health;

		if (strcmp(rp->s->links[i].bus, dev))
			continue;
		h->known = 1;
		h->error[0] = '\0';
		if (h->n_reporters < RS_REPORTERS_MAX)
			*RS_APPEND(h->reporters, h->n_reporters) = r;
	}
	return 0;
}

int rs_devlink_parse_reporters(const void *buf, size_t len, struct rs_snapshot *s)
{
	struct reporters rp = { s, 0 };
	int ret;

	for (size_t i = 0; i < s->n_links; i++) {
		struct rs_health *h = &s->links[i].health;

		free(h->reporters);
		h->reporters = NULL;
		h->n_reporters = 0;
	}
	ret = rs_nl_walk(buf, len, GENL_HDRLEN, DEVLINK_ATTR_MAX, on_reporter, &rp);
	return ret < 0 ? ret : rp.count;
}

/* ------------------------------------------------------------- ethtool */

static const char *fec_name(uint32_t bit)
{
	switch (bit) {
	case ETHTOOL_LINK_MODE_FEC_NONE_BIT: return "None";
	case ETHTOOL_LINK_MODE_FEC_RS_BIT: return "RS";
	case ETHTOOL_LINK_MODE_FEC_BASER_BIT: return "BaseR";
	case ETHTOOL_LINK_MODE_FEC_LLRS_BIT: return "LLRS";
	default: return NULL;
	}
}

enum { CORR, UNCORR, BITS };

/* The lane of f with index i (0-based), added as needed. */
static struct rs_fec_lane *fec_lane(struct rs_fec *f, size_t i)
{
	while (f->n_lanes <= i) {
		struct rs_fec_lane *l = RS_APPEND(f->lanes, f->n_lanes);

		l->lane = (unsigned)(f->n_lanes - 1);
	}
	return &f->lanes[i];
}

/* One u64 array: the total first, then a value per lane. */
static int stat_array(const struct nlattr *a, int kind, struct rs_fec *f)
{
	const unsigned char *p;
	size_t n;
	uint64_t v;

	if (!a)
		return 0;
	if (nla_len(a) < 8 || nla_len(a) % 8)
		return -EBADMSG;
	p = nla_data(a);
	n = (size_t)nla_len(a) / 8;
	memcpy(&v, p, 8);
	f->has_corrected |= kind == CORR;
	f->has_uncorrectable |= kind == UNCORR;
	f->has_corr_bits |= kind == BITS;
	*(kind == CORR ? &f->corrected : kind == UNCORR ? &f->uncorrectable : &f->corr_bits) = v;
	for (size_t i = 1; i < n && i <= RS_FEC_LANES_MAX; i++) {
		struct rs_fec_lane *l = fec_lane(f, i - 1);

		memcpy(&v, p + 8 * i, 8);
		if (kind == CORR) {
			l->corrected = v;
			l->has_corrected = 1;
		} else if (kind == UNCORR) {
			l->uncorrectable = v;
			l->has_uncorrectable = 1;
		} else {
			l->corr_bits = v;
			l->has_corr_bits = 1;
		}
	}
	return 0;
}

static int hist_bin(const struct nlattr *a, struct rs_fec *f)
{
	struct nlattr *ht[RS_ETHTOOL_A_FEC_HIST_MAX + 1];
	struct rs_fec_bin b;

	if (rs_nla_nested(ht, RS_ETHTOOL_A_FEC_HIST_MAX, a) ||
	    rs_nla_u32(ht[RS_ETHTOOL_A_FEC_HIST_BIN_LOW], &b.low) ||
	    rs_nla_u32(ht[RS_ETHTOOL_A_FEC_HIST_BIN_HIGH], &b.high) ||
	    rs_nla_uint(ht[RS_ETHTOOL_A_FEC_HIST_BIN_VAL], &b.value) || b.high < b.low)
		return -EBADMSG;
	if (f->n_hist < RS_FEC_BINS_MAX)
		*RS_APPEND(f->hist, f->n_hist) = b;
	return 0;
}

static int fec_stats(const struct nlattr *nest, struct rs_fec *f)
{
	struct nlattr *st[RS_ETHTOOL_A_FEC_STAT_HIST + 1];
	struct nlattr *a;
	int rem;

	if (rs_nla_nested(st, RS_ETHTOOL_A_FEC_STAT_HIST, nest) ||
	    stat_array(st[ETHTOOL_A_FEC_STAT_CORRECTED], CORR, f) ||
	    stat_array(st[ETHTOOL_A_FEC_STAT_UNCORR], UNCORR, f) ||
	    stat_array(st[ETHTOOL_A_FEC_STAT_CORR_BITS], BITS, f))
		return -EBADMSG;
	/* Bins repeat the attribute: nla_parse keeps the last, so walk them. */
	nla_for_each_nested(a, (struct nlattr *)nest, rem)
		if (nla_type(a) == RS_ETHTOOL_A_FEC_STAT_HIST && hist_bin(a, f))
			return -EBADMSG;
	return 0;
}

struct fec_out {
	struct rs_fec f;
	int seen;
};

static int on_fec(struct nlattr **tb, void *arg)
{
	struct fec_out *o = arg;
	uint32_t active;
	const char *name;

	if (tb[ETHTOOL_A_FEC_ACTIVE]) {
		if (rs_nla_u32(tb[ETHTOOL_A_FEC_ACTIVE], &active))
			return -EBADMSG;
		name = fec_name(active);
		if (name)
			RS_STRCPY(o->f.active, name);
		else
			snprintf(o->f.active, sizeof(o->f.active), "mode bit %u", active);
	}
	if (tb[ETHTOOL_A_FEC_STATS] && fec_stats(tb[ETHTOOL_A_FEC_STATS], &o->f))
		return -EBADMSG;
	o->seen = 1;
	return 0;
}

int rs_ethtool_parse_fec(const void *buf, size_t len, struct rs_fec *f)
{
	struct fec_out o;
	int ret;

	memset(&o, 0, sizeof(o));
	ret = rs_nl_walk(buf, len, GENL_HDRLEN, ETHTOOL_A_FEC_MAX, on_fec, &o);
	if (!ret && !o.seen)
		ret = -EBADMSG;
	free(f->lanes);
	free(f->hist);
	if (ret < 0) {
		free(o.f.lanes);
		free(o.f.hist);
		memset(f, 0, sizeof(*f));
		return ret;
	}
	*f = o.f;
	f->known = 1;
	return 0;
}

struct data_out {
	uint8_t *dst;
	size_t want;
	int seen;
};

static int on_eeprom(struct nlattr **tb, void *arg)
{
	struct data_out *o = arg;
	const struct nlattr *a = tb[ETHTOOL_A_MODULE_EEPROM_DATA];

	if (!a)
		return 0;
	if ((size_t)nla_len(a) != o->want)
		return -EBADMSG;
	memcpy(o->dst, nla_data(a), o->want);
	o->seen = 1;
	return 0;
}

int rs_ethtool_parse_eeprom(const void *buf, size_t len, uint8_t *dst, size_t want)
{
	struct data_out o = { dst, want, 0 };
	int ret = rs_nl_walk(buf, len, GENL_HDRLEN, ETHTOOL_A_MODULE_EEPROM_MAX, on_eeprom, &o);

	if (ret < 0)
		return ret;
	return o.seen ? 0 : -EBADMSG;
}
