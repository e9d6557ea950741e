/* SPDX-License-Identifier: MIT */
/*
 * act_qos.c - flow control and QoS: PFC and the DSCP trust through DCB
 * netlink (what `mlnx_qos --pfc` / `--trust` and iproute2's `dcb` send;
 * src/collect/dcb.c reads the same attributes), 802.3x pause through the
 * ethtool ioctl (ETHTOOL_SPAUSEPARAM, as `ethtool -A`).
 *
 * DCB messages are built by hand (libnl-3 has no DCB API;
 * docs/collectors-net.md, DCB): RTM_SETDCB / DCB_CMD_IEEE_SET with the DCB_ATTR_IEEE nest
 * holding DCB_ATTR_IEEE_PFC (struct ieee_pfc) or the APP table; the reply
 * carries the driver's errno in a u8 DCB_ATTR_IEEE.  DSCP trust is the 64
 * DSCP APP entries (selector 5; on mlx5 the first one switches the port to
 * DSCP trust, the last one removed switches it back to PCP), each DSCP on
 * priority DSCP / 8 (DSCP 26 on priority 3), the mapping NICs ship with.
 */
#include "fix/fix_priv.h"
#include "util.h"

#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/dcbnl.h>
#include <linux/ethtool.h>
#include <linux/rtnetlink.h>
#include <linux/sockios.h>
#include <netlink/attr.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>

/* What a DCB answer held: PFC and the DSCP APP entries. */
struct dcb_state {
	struct ieee_pfc pfc;
	int have_pfc;
	unsigned char dscp_prio[64];	/* priority + 1 of each DSCP's entry, 0 none */
	int err;			/* NLMSG_ERROR, or the SET reply's errno */
	int got;
};

static void parse_table(struct dcb_state *st, struct nlattr *table)
{
	struct nlattr *a;
	int rem;

	nla_for_each_nested(a, table, rem) {
		const struct dcb_app *app = nla_data(a);

		if (nla_len(a) >= (int)sizeof(*app) &&
		    app->selector == IEEE_8021QAZ_APP_SEL_DSCP && app->protocol < 64)
			st->dscp_prio[app->protocol] = app->priority + 1;
	}
}

static int on_valid(struct nl_msg *msg, void *arg)
{
	struct dcb_state *st = arg;
	struct nlattr *tb[DCB_ATTR_MAX + 1], *ieee[DCB_ATTR_IEEE_MAX + 1];

	st->got = 1;
	if (nlmsg_parse(nlmsg_hdr(msg), sizeof(struct dcbmsg), tb, DCB_ATTR_MAX, NULL) < 0 ||
	    !tb[DCB_ATTR_IEEE])
		return NL_STOP;
	/* A SET's answer: the driver's errno, as an i8 in a u8. */
	if (nla_len(tb[DCB_ATTR_IEEE]) == 1) {
		st->err = (int8_t)nla_get_u8(tb[DCB_ATTR_IEEE]);
		return NL_STOP;
	}
	if (nla_parse_nested(ieee, DCB_ATTR_IEEE_MAX, tb[DCB_ATTR_IEEE], NULL) < 0)
		return NL_STOP;
	if (ieee[DCB_ATTR_IEEE_PFC] && nla_len(ieee[DCB_ATTR_IEEE_PFC]) >= (int)sizeof(st->pfc)) {
		memcpy(&st->pfc, nla_data(ieee[DCB_ATTR_IEEE_PFC]), sizeof(st->pfc));
		st->have_pfc = 1;
	}
	if (ieee[DCB_ATTR_IEEE_APP_TABLE])
		parse_table(st, ieee[DCB_ATTR_IEEE_APP_TABLE]);
	return NL_STOP;
}

static int on_error(struct sockaddr_nl *nla, struct nlmsgerr *e, void *arg)
{
	((struct dcb_state *)arg)->err = e->error;
	return NL_STOP;
}

/* The IEEE nest of a SET or DEL: PFC, or APP entries for DSCPs. */
struct dcb_body {
	const struct ieee_pfc *pfc;
	const unsigned char *apps;	/* priority + 1 per DSCP to send, 0 skip */
};

static int put_body(struct nl_msg *msg, const struct dcb_body *b)
{
	struct nlattr *ieee = nla_nest_start(msg, DCB_ATTR_IEEE), *table;

	if (!ieee)
		return -EMSGSIZE;
	if (b->pfc && nla_put(msg, DCB_ATTR_IEEE_PFC, sizeof(*b->pfc), b->pfc) < 0)
		return -EMSGSIZE;
	if (b->apps) {
		table = nla_nest_start(msg, DCB_ATTR_IEEE_APP_TABLE);
		for (int d = 0; table && d < 64; d++) {
			struct dcb_app app = { .selector = IEEE_8021QAZ_APP_SEL_DSCP,
					       .protocol = (uint16_t)d };

			if (!b->apps[d])
				continue;
			app.priority = (uint8_t)(b->apps[d] - 1);
			if (nla_put(msg, DCB_ATTR_IEEE_APP, sizeof(app), &app) < 0)
				return -EMSGSIZE;
		}
		if (!table)
			return -EMSGSIZE;
		nla_nest_end(msg, table);
	}
	nla_nest_end(msg, ieee);
	return 0;
}

/* One DCB request (body NULL: a GET) and its answer into st. */
static int dcb_ask(const char *ifname, int cmd, const struct dcb_body *body,
		   struct dcb_state *st)
{
	struct dcbmsg dm = { .dcb_family = AF_UNSPEC, .cmd = (uint8_t)cmd };
	struct nl_msg *msg = nlmsg_alloc_simple(body ? RTM_SETDCB : RTM_GETDCB, NLM_F_REQUEST);
	struct nl_cb *cb = nl_cb_alloc(NL_CB_DEFAULT);
	struct nl_sock *sk = nl_socket_alloc();
	int ret;

	if (!msg || !cb || !sk)
		rs_die("out of memory");
	memset(st, 0, sizeof(*st));
	nl_socket_disable_auto_ack(sk);
	nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, on_valid, st);
	nl_cb_err(cb, NL_CB_CUSTOM, on_error, st);
	ret = nl_connect(sk, NETLINK_ROUTE) < 0 ? -EIO : 0;
	if (!ret && (nlmsg_append(msg, &dm, sizeof(dm), NLMSG_ALIGNTO) < 0 ||
		     nla_put_string(msg, DCB_ATTR_IFNAME, ifname) < 0 ||
		     (body && put_body(msg, body))))
		ret = -EMSGSIZE;
	if (!ret && nl_send_auto(sk, msg) < 0)
		ret = -EIO;
	while (!ret && !st->got && !st->err && nl_recvmsgs(sk, cb) >= 0)
		;
	if (!ret)
		ret = st->err;
	nl_socket_free(sk);
	nl_cb_put(cb);
	nlmsg_free(msg);
	return ret;
}

static int dcb_fail(char *err, size_t errlen, int ret, const char *what, const char *ifname)
{
	return rs_fix_err(err, errlen, -ret, "%s %s: %s", what, ifname, ret == -EOPNOTSUPP ?
			  "the driver has no DCB (EOPNOTSUPP)" : strerror(-ret));
}

/* ------------------------------------------------------------------ PFC */

static int pfc_read(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		    size_t errlen)
{
	struct dcb_state st;
	int ret = dcb_ask(e->target, DCB_CMD_IEEE_GET, NULL, &st);

	if (ret)
		return dcb_fail(err, errlen, ret, "DCB of", e->target);
	if (!st.have_pfc)
		return rs_fix_err(err, errlen, EOPNOTSUPP, "%s: the driver reports no PFC",
				  e->target);
	snprintf(e->old, sizeof(e->old), "0x%02x mbc %u delay %u", st.pfc.pfc_en, st.pfc.mbc,
		 st.pfc.delay);
	return 0;
}

static int pfc_set(const char *ifname, const char *text, char *err, size_t errlen)
{
	struct dcb_state now, st;
	struct ieee_pfc pfc;
	unsigned en, mbc = 0, delay = 0;
	struct dcb_body b = { .pfc = &pfc };
	int ret;

	if (sscanf(text, "0x%x mbc %u delay %u", &en, &mbc, &delay) < 1 || en > 0xff)
		return rs_fix_err(err, errlen, EINVAL, "PFC: '%s' is not a priority mask", text);
	/* Keep what the driver reported beside the mask (capabilities, counters). */
	ret = dcb_ask(ifname, DCB_CMD_IEEE_GET, NULL, &now);
	if (ret)
		return dcb_fail(err, errlen, ret, "DCB of", ifname);
	pfc = now.pfc;
	pfc.pfc_en = (uint8_t)en;
	if (strstr(text, "mbc")) {
		pfc.mbc = (uint8_t)mbc;
		pfc.delay = (uint16_t)delay;
	}
	ret = dcb_ask(ifname, DCB_CMD_IEEE_SET, &b, &st);
	return ret ? dcb_fail(err, errlen, ret, "setting PFC on", ifname) : 0;
}

static int pfc_apply(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		     size_t errlen)
{
	return pfc_set(e->target, e->want, err, errlen);
}

static int pfc_restore(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		       size_t errlen)
{
	return pfc_set(e->target, e->old, err, errlen);
}

const struct rs_fix_action rs_fix_act_pfc = {
	.read = pfc_read, .apply = pfc_apply, .restore = pfc_restore,
};

/* ---------------------------------------------------------------- trust */

/* "26:3 46:5" - the DSCP entries of a table (priority + 1 per DSCP). */
static void apps_text(const unsigned char *prio, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int d = 0; d < 64; d++)
		if (prio[d])
			used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%d:%d",
						 used ? " " : "", d, prio[d] - 1);
	if (!used)
		snprintf(buf, len, "none");
}

static void apps_parse(const char *text, unsigned char *prio)
{
	const char *p = text;

	memset(prio, 0, 64);
	while (*p) {
		unsigned d, pr;
		int n;

		if (sscanf(p, "%u:%u%n", &d, &pr, &n) != 2)
			break;
		if (d < 64 && pr < 8)
			prio[d] = (unsigned char)(pr + 1);
		p += n;
		p += strspn(p, " ");
	}
}

static int trust_read(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		      size_t errlen)
{
	struct dcb_state st;
	int ret = dcb_ask(e->target, DCB_CMD_IEEE_GET, NULL, &st);

	if (ret)
		return dcb_fail(err, errlen, ret, "DCB of", e->target);
	apps_text(st.dscp_prio, e->old, sizeof(e->old));
	return 0;
}

/* Make the DSCP table exactly want: delete what is extra, add what lacks. */
static int trust_to(const char *ifname, const unsigned char *want, char *err, size_t errlen)
{
	unsigned char del[64] = { 0 }, add[64] = { 0 };
	struct dcb_state now, st;
	struct dcb_body b = { 0 };
	int ret = dcb_ask(ifname, DCB_CMD_IEEE_GET, NULL, &now), n_del = 0, n_add = 0;

	if (ret)
		return dcb_fail(err, errlen, ret, "DCB of", ifname);
	for (int d = 0; d < 64; d++) {
		if (now.dscp_prio[d] && now.dscp_prio[d] != want[d])
			n_del += !!(del[d] = now.dscp_prio[d]);
		if (want[d] && now.dscp_prio[d] != want[d])
			n_add += !!(add[d] = want[d]);
	}
	/* Add first: removing the last DSCP entry switches mlx5 back to PCP. */
	b.apps = add;
	if (n_add && (ret = dcb_ask(ifname, DCB_CMD_IEEE_SET, &b, &st)))
		return dcb_fail(err, errlen, ret, "adding DSCP entries on", ifname);
	b.apps = del;
	if (n_del && (ret = dcb_ask(ifname, DCB_CMD_IEEE_DEL, &b, &st)))
		return dcb_fail(err, errlen, ret, "removing DSCP entries on", ifname);
	return 0;
}

static int trust_apply(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		       size_t errlen)
{
	unsigned char want[64];

	memset(want, 0, sizeof(want));
	if (!strcmp(e->want, "dscp"))
		for (int d = 0; d < 64; d++)
			want[d] = (unsigned char)((d >> 3) + 1);
	else if (strcmp(e->want, "pcp"))
		return rs_fix_err(err, errlen, EINVAL, "trust '%s': dscp or pcp", e->want);
	return trust_to(e->target, want, err, errlen);
}

static int trust_restore(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
			 size_t errlen)
{
	unsigned char want[64];

	apps_parse(e->old, want);
	return trust_to(e->target, want, err, errlen);
}

const struct rs_fix_action rs_fix_act_trust = {
	.read = trust_read, .apply = trust_apply, .restore = trust_restore,
};

/* ---------------------------------------------------------------- pause */

static int pause_io(const char *ifname, struct ethtool_pauseparam *pp)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), ret;

	if (fd < 0)
		return -errno;
	memset(&ifr, 0, sizeof(ifr));
	RS_STRCPY(ifr.ifr_name, ifname);
	ifr.ifr_data = (void *)pp;
	ret = ioctl(fd, SIOCETHTOOL, &ifr) ? -errno : 0;
	close(fd);
	return ret;
}

static int pause_read(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		      size_t errlen)
{
	struct ethtool_pauseparam pp = { .cmd = ETHTOOL_GPAUSEPARAM };
	int ret = pause_io(e->target, &pp);

	if (ret)
		return rs_fix_err(err, errlen, -ret, "ethtool -a %s: %s", e->target, strerror(-ret));
	snprintf(e->old, sizeof(e->old), "autoneg %s rx %s tx %s", pp.autoneg ? "on" : "off",
		 pp.rx_pause ? "on" : "off", pp.tx_pause ? "on" : "off");
	return 0;
}

static int pause_set(const char *ifname, const char *text, char *err, size_t errlen)
{
	struct ethtool_pauseparam pp = { .cmd = ETHTOOL_SPAUSEPARAM };
	char a[4], r[4], t[4];
	int ret;

	if (sscanf(text, "autoneg %3s rx %3s tx %3s", a, r, t) != 3)
		return rs_fix_err(err, errlen, EINVAL, "pause: '%s' is not autoneg/rx/tx", text);
	pp.autoneg = !strcmp(a, "on");
	pp.rx_pause = !strcmp(r, "on");
	pp.tx_pause = !strcmp(t, "on");
	ret = pause_io(ifname, &pp);
	if (ret)
		return rs_fix_err(err, errlen, -ret, "ethtool -A %s %s: %s", ifname, text,
				  strerror(-ret));
	return 0;
}

static int pause_apply(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		       size_t errlen)
{
	return pause_set(e->target, e->want, err, errlen);
}

static int pause_restore(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
			 size_t errlen)
{
	return pause_set(e->target, e->old, err, errlen);
}

const struct rs_fix_action rs_fix_act_pause = {
	.read = pause_read, .apply = pause_apply, .restore = pause_restore,
};
