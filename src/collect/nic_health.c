/* SPDX-License-Identifier: MIT */
/*
 * nic_health.c - the NIC under every link with a PCI function: devlink
 * health reporters, FEC statistics, the transceiver module and the PFC
 * storm prevention timeout; live and recorded.
 *
 * Live: generic netlink sockets (raw AF_NETLINK ones, so the replies are
 * the kernel's bytes and libnl only parses them, as for RDMA netlink):
 * CTRL_CMD_GETFAMILY for "devlink" and "ethtool", one
 * DEVLINK_CMD_HEALTH_REPORTER_GET dump (`devlink health show`) on the
 * first step, then link by link (a step each, collect.h: a host of
 * thousands of links is read in slices) ETHTOOL_MSG_FEC_GET with ETHTOOL_FLAG_STATS (`ethtool -I
 * --show-fec`) and ETHTOOL_MSG_MODULE_EEPROM_GET of the pages xcvr.c
 * decodes (`ethtool -m`); the kernel itself falls back to a driver's
 * older module-EEPROM callbacks, so no ioctl is needed for that.  The PFC
 * storm prevention timeout is the ETHTOOL_GTUNABLE ioctl
 * (ETHTOOL_PFC_PREVENTION_TOUT: `ethtool --get-tunable IF
 * pfc-prevention-tout`).  None of these needs a privilege.
 *
 * Recorded twin: the same replies under the root (devlink/health.nl,
 * ethtool-netlink/fec-IF.nl) and the module's pages as one image
 * (ethtool-netlink/module-IF.bin, nic_health.h); the tunable is an ioctl
 * only, so it is "not recorded".  Missing files leave the part unknown
 * with the reason, never bad.
 */
#include "collect/collect.h"
#include "collect/producer.h"
#include "collect/nic_health.h"
#include "collect/sysfs_files.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/devlink.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/sockios.h>
#include <net/if.h>

static void reset_link(struct rs_link *k)
{
	rs_link_nic_free(k);
	k->pfc_prevention_ms = -1;
	k->pfc_prevention_error[0] = '\0';
	if (!k->bus[0]) {
		const char *why = "no PCI function (a virtual link)";

		RS_STRCPY(k->health.error, why);
		RS_STRCPY(k->fec.error, why);
		RS_STRCPY(k->xcvr.error, why);
		RS_STRCPY(k->pfc_prevention_error, why);
	}
}

static void genl_msg(struct rs_nl_msg *m, uint16_t family, uint8_t cmd, uint8_t version,
		     uint16_t flags)
{
	struct genlmsghdr g = { .cmd = cmd, .version = version };

	rs_nl_msg_init(m, family, flags, &g, sizeof(g));
}

/* The id of a generic netlink family: 0, -ENOENT (not in this kernel). */
static int family_id(int fd, const char *name, uint16_t *id)
{
	struct rs_nl_msg m;
	struct rs_nl_reply r;
	int ret;

	genl_msg(&m, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 1, NLM_F_ACK);
	rs_nl_put_str(&m, CTRL_ATTR_FAMILY_NAME, name);
	ret = rs_nl_request(fd, &m, &r);
	if (!ret)
		ret = rs_genl_parse_family(r.buf, r.len, id);
	free(r.buf);
	return ret;
}

/* Links with a PCI function that devlink did not name: it has no reporters. */
static void health_unnamed(struct rs_snapshot *s, const char *why)
{
	for (size_t i = 0; i < s->n_links; i++) {
		struct rs_link *k = &s->links[i];

		if (k->bus[0] && !k->health.known)
			snprintf(k->health.error, sizeof(k->health.error), "%s", why);
	}
}

static void health_failed(struct rs_snapshot *s, const char *what, int err)
{
	char why[RS_TEXT_LEN];

	snprintf(why, sizeof(why), "%s: %s", what, rs_nl_strerror(err));
	health_unnamed(s, why);
}

static void read_health(int fd, struct rs_snapshot *s)
{
	struct rs_nl_msg m;
	struct rs_nl_reply r;
	uint16_t id;
	int ret = family_id(fd, DEVLINK_GENL_NAME, &id);

	if (ret) {
		health_failed(s, "devlink", ret == -ENOENT ? -EOPNOTSUPP : ret);
		return;
	}
	genl_msg(&m, id, DEVLINK_CMD_HEALTH_REPORTER_GET, DEVLINK_GENL_VERSION, NLM_F_DUMP);
	ret = rs_nl_request(fd, &m, &r);
	if (!ret)
		ret = rs_devlink_parse_reporters(r.buf, r.len, s);
	free(r.buf);
	if (ret < 0)
		health_failed(s, "DEVLINK_CMD_HEALTH_REPORTER_GET", ret);
	else
		health_unnamed(s, "devlink lists no health reporter for its PCI function");
}

/* An ethtool request about link k with the header of its name. */
static void ethtool_msg(struct rs_nl_msg *m, uint16_t id, uint8_t cmd, uint16_t hdr_attr,
			const struct rs_link *k, uint32_t flags)
{
	genl_msg(m, id, cmd, ETHTOOL_GENL_VERSION, 0);
	rs_nl_nest_begin(m, hdr_attr);
	rs_nl_put_str(m, ETHTOOL_A_HEADER_DEV_NAME, k->name);
	if (flags)
		rs_nl_put_u32(m, ETHTOOL_A_HEADER_FLAGS, flags);
	rs_nl_nest_end(m);
}

static void read_fec(int fd, uint16_t id, struct rs_link *k)
{
	struct rs_nl_msg m;
	struct rs_nl_reply r;
	int ret;

	ethtool_msg(&m, id, ETHTOOL_MSG_FEC_GET, ETHTOOL_A_FEC_HEADER, k, ETHTOOL_FLAG_STATS);
	ret = rs_nl_request(fd, &m, &r);
	if (!ret)
		ret = rs_ethtool_parse_fec(r.buf, r.len, &k->fec);
	free(r.buf);
	if (ret < 0)
		snprintf(k->fec.error, sizeof(k->fec.error), "ETHTOOL_MSG_FEC_GET: %s",
			 ret == -EOPNOTSUPP ? "the driver reports no FEC (EOPNOTSUPP)" :
			 rs_nl_strerror(ret));
}

/* want bytes at offset of page (bank 0) at I2C address i2c into dst. */
static int eeprom_read(int fd, uint16_t id, const struct rs_link *k, uint8_t i2c, uint8_t page,
		       uint32_t offset, uint8_t *dst, size_t want)
{
	struct rs_nl_msg m;
	struct rs_nl_reply r;
	int ret;

	ethtool_msg(&m, id, ETHTOOL_MSG_MODULE_EEPROM_GET, ETHTOOL_A_MODULE_EEPROM_HEADER, k, 0);
	rs_nl_put_u32(&m, ETHTOOL_A_MODULE_EEPROM_OFFSET, offset);
	rs_nl_put_u32(&m, ETHTOOL_A_MODULE_EEPROM_LENGTH, (uint32_t)want);
	rs_nl_put_u8(&m, ETHTOOL_A_MODULE_EEPROM_PAGE, page);
	rs_nl_put_u8(&m, ETHTOOL_A_MODULE_EEPROM_BANK, 0);
	rs_nl_put_u8(&m, ETHTOOL_A_MODULE_EEPROM_I2C_ADDRESS, i2c);
	ret = rs_nl_request(fd, &m, &r);
	if (!ret)
		ret = rs_ethtool_parse_eeprom(r.buf, r.len, dst, want);
	free(r.buf);
	return ret;
}

/* Page 00h, then A2h (SFF-8472) or page 11h (CMIS) when the module has it. */
static int eeprom_pages(int fd, uint16_t id, const struct rs_link *k, struct rs_eeprom *e)
{
	int ret = eeprom_read(fd, id, k, 0x50, 0, 0, e->lower, 128);
	unsigned ident;

	if (ret)
		return ret;
	e->has_upper0 = !eeprom_read(fd, id, k, 0x50, 0, 128, e->upper0, 128);
	ident = e->lower[0];
	if (ident == 0x03 && (e->lower[92] & 0x40)) {
		/* SFF-8472: A0h is lower + upper of 0x50; diagnostics at 0x51. */
		e->has_a2 = !eeprom_read(fd, id, k, 0x51, 0, 0, e->a2, 128) &&
			    !eeprom_read(fd, id, k, 0x51, 0, 128, e->a2 + 128, 128);
	} else if ((ident == 0x18 || ident == 0x19 || ident == 0x1e) && !(e->lower[2] & 0x80)) {
		e->has_page11 = !eeprom_read(fd, id, k, 0x50, 0x11, 128, e->page11, 128);
	}
	return 0;
}

static void read_module(int fd, uint16_t id, struct rs_link *k)
{
	struct rs_eeprom e;
	int ret;

	memset(&e, 0, sizeof(e));
	ret = eeprom_pages(fd, id, k, &e);
	if (!ret) {
		rs_xcvr_parse(&e, &k->xcvr);
		return;
	}
	snprintf(k->xcvr.error, sizeof(k->xcvr.error), "ETHTOOL_MSG_MODULE_EEPROM_GET: %s",
		 ret == -EOPNOTSUPP ? "the driver reads no module EEPROM (EOPNOTSUPP)" :
		 ret == -EIO || ret == -ENODEV ? "no module answers (none plugged, or a "
		 "soldered PHY)" : rs_nl_strerror(ret));
}

/* `ethtool --get-tunable IF pfc-prevention-tout`. */
static void read_pfc_prevention(int sock, struct rs_link *k)
{
	struct {
		struct ethtool_tunable t;
		uint16_t v;
	} req;
	struct ifreq ifr;

	memset(&req, 0, sizeof(req));
	req.t.cmd = ETHTOOL_GTUNABLE;
	req.t.id = ETHTOOL_PFC_PREVENTION_TOUT;
	req.t.type_id = ETHTOOL_TUNABLE_U16;
	req.t.len = sizeof(req.v);
	memset(&ifr, 0, sizeof(ifr));
	rs_strlcpy(ifr.ifr_name, k->name, sizeof(ifr.ifr_name));
	ifr.ifr_data = (void *)&req;
	if (!ioctl(sock, SIOCETHTOOL, &ifr)) {
		k->pfc_prevention_ms = req.v;
		return;
	}
	snprintf(k->pfc_prevention_error, sizeof(k->pfc_prevention_error),
		 "ETHTOOL_GTUNABLE pfc-prevention-tout: %s", errno == EOPNOTSUPP ?
		 "the driver has no PFC storm prevention (EOPNOTSUPP)" : strerror(errno));
}

/* FEC, module and storm guard of one link, on sockets of its own: a step
 * may be the only one of its slice. */
static void read_link(struct rs_link *k)
{
	uint16_t id = 0;
	int fd = rs_nl_open(NETLINK_GENERIC);
	int ret = fd < 0 ? fd : family_id(fd, ETHTOOL_GENL_NAME, &id);
	int sock = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (ret) {
		snprintf(k->fec.error, sizeof(k->fec.error), "%s: %s", fd < 0 ?
			 "generic netlink" : "ethtool netlink", rs_nl_strerror(ret));
		RS_STRCPY(k->xcvr.error, k->fec.error);
	} else {
		read_fec(fd, id, k);
		read_module(fd, id, k);
	}
	if (fd >= 0)
		close(fd);
	if (sock >= 0) {
		read_pfc_prevention(sock, k);
		close(sock);
	}
}

/* The first step: every link reset, the one devlink dump for them all. */
static void list_links(struct rs_snapshot *s, struct rs_collect_step *st)
{
	int fd;

	st->listed = 1;
	st->total = s->n_links;
	for (size_t i = 0; i < s->n_links; i++)
		reset_link(&s->links[i]);
	fd = rs_nl_open(NETLINK_GENERIC);
	if (fd < 0) {
		health_failed(s, "generic netlink", fd);
		return;
	}
	read_health(fd, s);
	close(fd);
}

static void health_item(struct rs_snapshot *s, struct rs_collect_step *st, size_t i)
{
	if (s->links[i].bus[0])
		read_link(&s->links[i]);
}

int rs_collect_nic_health_step(struct rs_snapshot *s, struct rs_collect_step *st)
{
	if (!st->listed)
		list_links(s, st);
	return rs_collect_items(s, st, health_item);
}

int rs_collect_nic_health(struct rs_snapshot *s)
{
	rs_collect_at_once(s, rs_collect_nic_health_step);
	return 0;
}

/* ------------------------------------------------------------ recorded */

static void recorded_module(struct rs_link *k)
{
	char rel[RS_NAME_LEN + 48];
	struct rs_nl_reply r;
	struct rs_eeprom e;
	int ret;

	snprintf(rel, sizeof(rel), RS_NIC_MODULE_FILE, k->name);
	ret = rs_nl_read_file(&r, rel);
	if (!ret)
		ret = rs_eeprom_from_image(&e, r.buf, r.len);
	free(r.buf);
	if (!ret)
		rs_xcvr_parse(&e, &k->xcvr);
	else
		snprintf(k->xcvr.error, sizeof(k->xcvr.error), "%s",
			 ret == -ENOENT ? "not recorded" : "recorded module EEPROM: malformed");
}

static void recorded_fec(struct rs_link *k)
{
	char rel[RS_NAME_LEN + 48];
	struct rs_nl_reply r;
	int ret;

	snprintf(rel, sizeof(rel), RS_NIC_FEC_FILE, k->name);
	ret = rs_nl_read_file(&r, rel);
	if (!ret)
		ret = rs_ethtool_parse_fec(r.buf, r.len, &k->fec);
	free(r.buf);
	if (ret < 0)
		snprintf(k->fec.error, sizeof(k->fec.error), "%s%s",
			 ret == -ENOENT ? "not recorded" : "recorded FEC_GET reply: ",
			 ret == -ENOENT ? "" : rs_nl_strerror(ret));
}

static void recorded_list(struct rs_snapshot *s, struct rs_collect_step *st)
{
	struct rs_nl_reply r;
	int ret;

	st->listed = 1;
	st->total = s->n_links;
	for (size_t i = 0; i < s->n_links; i++)
		reset_link(&s->links[i]);
	ret = rs_nl_read_file(&r, RS_NIC_DEVLINK_FILE);
	if (!ret)
		ret = rs_devlink_parse_reporters(r.buf, r.len, s);
	free(r.buf);
	if (ret == -ENOENT)
		health_unnamed(s, "not recorded");
	else if (ret < 0)
		health_failed(s, "recorded HEALTH_REPORTER_GET reply", ret);
	else
		health_unnamed(s, "devlink lists no health reporter for its PCI function");
}

static void recorded_item(struct rs_snapshot *s, struct rs_collect_step *st, size_t i)
{
	struct rs_link *k = &s->links[i];

	if (!k->bus[0])
		return;
	recorded_fec(k);
	recorded_module(k);
	RS_STRCPY(k->pfc_prevention_error, "not recorded (an ioctl, read live only)");
}

int rs_collect_nic_health_recorded_step(struct rs_snapshot *s, struct rs_collect_step *st)
{
	if (!st->listed)
		recorded_list(s, st);
	return rs_collect_items(s, st, recorded_item);
}

int rs_collect_nic_health_recorded(struct rs_snapshot *s)
{
	rs_collect_at_once(s, rs_collect_nic_health_recorded_step);
	return 0;
}

/* ------------------------------------------------------------ producers */

/* The NIC's health moves (FEC counts, module temperature, a reporter that
 * fires): read again on every refresh, link by link in slices. */
static int nic_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
		       char *err, size_t errlen)
{
	return rs_collect_nic_health(snap);
}

static int nic_refresh(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap)
{
	return rs_collect_nic_health(snap);
}

static int nic_step(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
		    struct rs_collect_step *st)
{
	return rs_collect_nic_health_step(snap, st);
}

static int nic_recorded_collect(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_nic_health_recorded(snap);
}

static int nic_recorded_step(struct rs_producer *p, struct rs_session *s,
			     struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_nic_health_recorded_step(snap, st);
}

const struct rs_producer_ops rs_nic_health_producer = {
	.name = "nic-health", .area = RS_AREA_NET, .live_only = 1, .collect = nic_collect,
	.refresh = nic_refresh, .collect_step = nic_step, .refresh_step = nic_step,
	.what = "links",
};

const struct rs_producer_ops rs_nic_health_recorded_producer = {
	.name = "nic-health-recorded", .area = RS_AREA_NET, .collect = nic_recorded_collect,
	.collect_step = nic_recorded_step, .what = "links",
};
