/* SPDX-License-Identifier: MIT */
/*
 * test_nic_health.c - the NIC health parsers (src/collect/nic_parse.c,
 * xcvr.c): generic netlink replies built as the kernel builds them
 * (nlctrl, devlink health reporters as mlx5 registers them, ethtool FEC
 * with lanes and histogram bins, module EEPROM data), every prefix and
 * every changed byte of each, hostile values; module EEPROM images laid
 * out as SFF-8472, SFF-8636 and CMIS say, with their flags; and the
 * recorded twin reading the same bytes from a root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/devlink.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>

#include "collect/collect.h"
#include "collect/nic_health.h"
#include "nl_build.h"
#include "util.h"

#define FAM 0x1d	/* a family id as the kernel hands them out */

static void two_links(struct rs_snapshot *s)
{
	struct rs_link *k;

	rs_snapshot_init(s);
	k = RS_APPEND(s->links, s->n_links);
	rs_link_init(k);
	RS_STRCPY(k->name, "ens1f0np0");
	RS_STRCPY(k->bus, "0000:3b:00.0");
	k = RS_APPEND(s->links, s->n_links);
	rs_link_init(k);
	RS_STRCPY(k->name, "veth0");
}

static void test_family(void **state)
{
	struct nlb b = { NULL, 0 };
	struct nl_msg *m = nlb_msg(GENL_ID_CTRL, 0, CTRL_CMD_NEWFAMILY);
	uint16_t id = 0;

	nla_put_string(m, CTRL_ATTR_FAMILY_NAME, "devlink");
	nla_put_u16(m, CTRL_ATTR_FAMILY_ID, FAM);
	nlb_add(&b, m);
	nlb_error(&b, 0);
	assert_int_equal(rs_genl_parse_family(b.buf, b.len, &id), 0);
	assert_int_equal(id, FAM);
	nlb_free(&b);
	nlb_error(&b, -ENOENT);		/* no such family in this kernel */
	assert_int_equal(rs_genl_parse_family(b.buf, b.len, &id), -ENOENT);
	nlb_free(&b);
}

static void put_reporter(struct nlb *b, const char *bus, const char *dev, int port,
			 const char *name, uint8_t st, uint64_t err, uint64_t rec)
{
	struct nl_msg *m = nlb_msg(FAM, 0, DEVLINK_CMD_HEALTH_REPORTER_GET);
	struct nlattr *r;

	nla_put_string(m, DEVLINK_ATTR_BUS_NAME, bus);
	nla_put_string(m, DEVLINK_ATTR_DEV_NAME, dev);
	if (port >= 0)
		nla_put_u32(m, DEVLINK_ATTR_PORT_INDEX, (uint32_t)port);
	r = nla_nest_start(m, DEVLINK_ATTR_HEALTH_REPORTER);
	nla_put_string(m, DEVLINK_ATTR_HEALTH_REPORTER_NAME, name);
	nla_put_u8(m, DEVLINK_ATTR_HEALTH_REPORTER_STATE, st);
	nla_put_u64(m, DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT, err);
	nla_put_u64(m, DEVLINK_ATTR_HEALTH_REPORTER_RECOVER_COUNT, rec);
	if (strcmp(name, "vnic")) {	/* vnic has no recovery */
		nla_put_u64(m, DEVLINK_ATTR_HEALTH_REPORTER_GRACEFUL_PERIOD, 500);
		nla_put_u8(m, DEVLINK_ATTR_HEALTH_REPORTER_AUTO_RECOVER, 1);
	}
	nla_nest_end(m, r);
	nlb_add(b, m);
}

/* `devlink health show` of a ConnectX-5 function and a second one. */
static struct nlb reporters_reply(void)
{
	struct nlb b = { NULL, 0 };

	put_reporter(&b, "pci", "0000:3b:00.0", -1, "fw", 0, 0, 0);
	put_reporter(&b, "pci", "0000:3b:00.0", -1, "fw_fatal", 0, 0, 0);
	put_reporter(&b, "pci", "0000:3b:00.0", 65535, "vnic", 0, 0, 0);
	put_reporter(&b, "pci", "0000:3b:00.0", 65535, "tx", 1, 3, 2);
	put_reporter(&b, "pci", "0000:3b:00.1", -1, "fw", 0, 0, 0);
	put_reporter(&b, "auxiliary", "mlx5_core.eth.0", -1, "rx", 0, 0, 0);
	nlb_done(&b);
	return b;
}

static int parse_reporters(const void *buf, size_t len)
{
	struct rs_snapshot s;
	int ret;

	two_links(&s);
	ret = rs_devlink_parse_reporters(buf, len, &s);
	rs_snapshot_free(&s);
	return ret;
}

static void test_reporters(void **state)
{
	struct nlb b = reporters_reply();
	struct rs_snapshot s;
	const struct rs_health *h;

	two_links(&s);
	assert_int_equal(rs_devlink_parse_reporters(b.buf, b.len, &s), 6);
	h = &s.links[0].health;
	assert_true(h->known);
	assert_int_equal(h->n_reporters, 4);
	assert_string_equal(h->reporters[0].name, "fw");
	assert_int_equal(h->reporters[0].port, -1);
	assert_int_equal(h->reporters[0].grace_ms, 500);
	assert_int_equal(h->reporters[0].auto_recover, 1);
	assert_string_equal(h->reporters[2].name, "vnic");
	assert_int_equal(h->reporters[2].auto_recover, -1);
	assert_int_equal(h->reporters[3].port, 65535);
	assert_true(h->reporters[3].error);
	assert_int_equal(h->reporters[3].errors, 3);
	assert_int_equal(h->reporters[3].recovers, 2);
	assert_false(s.links[1].health.known);	/* veth: no devlink */
	rs_snapshot_free(&s);
	assert_int_equal(nlb_prefixes(&b, parse_reporters), 0);
	nlb_mutations(&b, parse_reporters);
	nlb_free(&b);
}

/* A state of no width, and a reporter without its name: refused whole. */
static void test_reporters_hostile(void **state)
{
	struct nlb b = { NULL, 0 };
	struct nl_msg *m = nlb_msg(FAM, 0, DEVLINK_CMD_HEALTH_REPORTER_GET);
	struct nlattr *r;
	struct rs_snapshot s;

	nla_put_string(m, DEVLINK_ATTR_BUS_NAME, "pci");
	nla_put_string(m, DEVLINK_ATTR_DEV_NAME, "0000:3b:00.0");
	r = nla_nest_start(m, DEVLINK_ATTR_HEALTH_REPORTER);
	nla_put_string(m, DEVLINK_ATTR_HEALTH_REPORTER_NAME, "fw");
	nla_put(m, DEVLINK_ATTR_HEALTH_REPORTER_STATE, 0, NULL);
	nla_put_u64(m, DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT, 1);
	nla_put_u64(m, DEVLINK_ATTR_HEALTH_REPORTER_RECOVER_COUNT, 1);
	nla_nest_end(m, r);
	nlb_add(&b, m);
	nlb_done(&b);
	two_links(&s);
	assert_int_equal(rs_devlink_parse_reporters(b.buf, b.len, &s), -EBADMSG);
	assert_int_equal(s.links[0].health.n_reporters, 0);
	rs_snapshot_free(&s);
	nlb_free(&b);

	/* 100 reporters of one function: kept up to the cap, no more. */
	for (int i = 0; i < 100; i++)
		put_reporter(&b, "pci", "0000:3b:00.0", -1, "fw", 0, 0, 0);
	nlb_done(&b);
	two_links(&s);
	assert_int_equal(rs_devlink_parse_reporters(b.buf, b.len, &s), 100);
	assert_int_equal(s.links[0].health.n_reporters, RS_REPORTERS_MAX);
	rs_snapshot_free(&s);
	nlb_free(&b);
}

static void put_array(struct nl_msg *m, int attr, const uint64_t *v, int n)
{
	nla_put(m, attr, n * 8, v);
}

/* `ethtool -I --show-fec` of a 4-lane link in RS mode, with bins. */
static struct nlb fec_reply(int val_len)
{
	static const uint64_t corr[] = { 1000, 250, 250, 300, 200 };
	static const uint64_t uncorr[] = { 7, 0, 7, 0, 0 };
	struct nlb b = { NULL, 0 };
	struct nl_msg *m = nlb_msg(FAM, 0, ETHTOOL_MSG_FEC_GET_REPLY);
	struct nlattr *st, *h;

	nla_put_u32(m, ETHTOOL_A_FEC_ACTIVE, ETHTOOL_LINK_MODE_FEC_RS_BIT);
	nla_put_u8(m, ETHTOOL_A_FEC_AUTO, 0);
	st = nla_nest_start(m, ETHTOOL_A_FEC_STATS);
	put_array(m, ETHTOOL_A_FEC_STAT_CORRECTED, corr, 5);
	put_array(m, ETHTOOL_A_FEC_STAT_UNCORR, uncorr, 5);
	for (uint32_t bin = 0; bin < 3; bin++) {
		uint64_t v64 = 1000000 >> (bin * 4);
		uint32_t v32 = (uint32_t)v64;

		h = nla_nest_start(m, RS_ETHTOOL_A_FEC_STAT_HIST);
		nla_put_u32(m, RS_ETHTOOL_A_FEC_HIST_BIN_LOW, bin * 2);
		nla_put_u32(m, RS_ETHTOOL_A_FEC_HIST_BIN_HIGH, bin * 2 + 1);
		if (val_len == 4)
			nla_put_u32(m, RS_ETHTOOL_A_FEC_HIST_BIN_VAL, v32);
		else
			nla_put_u64(m, RS_ETHTOOL_A_FEC_HIST_BIN_VAL, v64);
		nla_nest_end(m, h);
	}
	nla_nest_end(m, st);
	nlb_add(&b, m);
	nlb_error(&b, 0);
	return b;
}

static int parse_fec(const void *buf, size_t len)
{
	struct rs_fec f;
	int ret;

	memset(&f, 0, sizeof(f));
	ret = rs_ethtool_parse_fec(buf, len, &f);
	free(f.lanes);
	free(f.hist);
	return ret;
}

static void test_fec(void **state)
{
	for (int w = 4; w <= 8; w += 4) {
		struct nlb b = fec_reply(w);
		struct rs_fec f;

		memset(&f, 0, sizeof(f));
		assert_int_equal(rs_ethtool_parse_fec(b.buf, b.len, &f), 0);
		assert_true(f.known);
		assert_string_equal(f.active, "RS");
		assert_int_equal(f.corrected, 1000);
		assert_int_equal(f.uncorrectable, 7);
		assert_false(f.has_corr_bits);
		assert_int_equal(f.n_lanes, 4);
		assert_int_equal(f.lanes[2].corrected, 300);
		assert_int_equal(f.lanes[1].uncorrectable, 7);
		assert_int_equal(f.n_hist, 3);
		assert_int_equal(f.hist[1].low, 2);
		assert_int_equal(f.hist[1].high, 3);
		assert_int_equal(f.hist[1].value, 1000000 >> 4);
		free(f.lanes);
		free(f.hist);
		assert_int_equal(nlb_prefixes(&b, parse_fec), 0);
		nlb_mutations(&b, parse_fec);
		nlb_free(&b);
	}
}

static void test_fec_hostile(void **state)
{
	static const uint64_t v[] = { 1, 2 };
	struct nlb b = { NULL, 0 };
	struct nl_msg *m = nlb_msg(FAM, 0, ETHTOOL_MSG_FEC_GET_REPLY);
	struct nlattr *st = nla_nest_start(m, ETHTOOL_A_FEC_STATS);
	struct rs_fec f;

	nla_put(m, ETHTOOL_A_FEC_STAT_CORRECTED, 12, v);	/* not whole u64s */
	nla_nest_end(m, st);
	nlb_add(&b, m);
	nlb_error(&b, 0);
	memset(&f, 0, sizeof(f));
	assert_int_equal(rs_ethtool_parse_fec(b.buf, b.len, &f), -EBADMSG);
	assert_false(f.known);
	nlb_free(&b);
	/* veth: the driver has no FEC */
	nlb_error(&b, -EOPNOTSUPP);
	assert_int_equal(rs_ethtool_parse_fec(b.buf, b.len, &f), -EOPNOTSUPP);
	nlb_free(&b);
}

static void test_eeprom_data(void **state)
{
	struct nlb b = { NULL, 0 };
	struct nl_msg *m = nlb_msg(FAM, 0, ETHTOOL_MSG_MODULE_EEPROM_GET_REPLY);
	uint8_t page[128], out[128];

	memset(page, 0x11, sizeof(page));
	nla_put(m, ETHTOOL_A_MODULE_EEPROM_DATA, sizeof(page), page);
	nlb_add(&b, m);
	nlb_error(&b, 0);
	assert_int_equal(rs_ethtool_parse_eeprom(b.buf, b.len, out, 128), 0);
	assert_memory_equal(out, page, 128);
	/* A reply of another length than asked is not that page. */
	assert_int_equal(rs_ethtool_parse_eeprom(b.buf, b.len, out, 256), -EBADMSG);
	nlb_free(&b);
}

/* ------------------------------------------------------------ modules */

static void put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static const struct rs_xcvr_flag *flag(const struct rs_xcvr *x, const char *name, unsigned lane)
{
	for (size_t i = 0; i < x->n_flags; i++)
		if (!strcmp(x->flags[i].name, name) && x->flags[i].lane == lane)
			return &x->flags[i];
	return NULL;
}

/* An SFP+ (SFF-8472), internally calibrated, Rx power low alarm set. */
static void test_sff8472(void **state)
{
	uint8_t img[512] = { 0 };
	struct rs_eeprom e;
	struct rs_xcvr x = { 0 };

	img[0] = 0x03;
	memcpy(img + 20, "FINISAR CORP.   ", 16);
	memcpy(img + 40, "FTLX8571D3BCL   ", 16);
	img[92] = 0x60;		/* diagnostics implemented, internally calibrated */
	img[93] = 0x80;		/* alarm/warning flags implemented */
	put16(img + 256 + 96, 0x1c80);	/* 28.5 degC */
	put16(img + 256 + 98, 33000);	/* 3.3 V */
	put16(img + 256 + 100, 6000);	/* 12 mA */
	put16(img + 256 + 102, 8000);	/* 0.8 mW */
	put16(img + 256 + 104, 100);	/* 0.01 mW */
	img[256 + 113] = 0x40;		/* Rx power low alarm */
	img[256 + 116] = 0x80;		/* temperature high warning */
	assert_int_equal(rs_eeprom_from_image(&e, img, sizeof(img)), 0);
	assert_int_equal(rs_xcvr_parse(&e, &x), 0);
	assert_string_equal(x.spec, "SFF-8472");
	assert_string_equal(x.vendor, "FINISAR CORP.");
	assert_string_equal(x.part, "FTLX8571D3BCL");
	assert_true(fabs(x.temp_c - 28.5) < 1e-9);
	assert_true(fabs(x.vcc_v - 3.3) < 1e-9);
	assert_int_equal(x.n_lanes, 1);
	assert_true(fabs(x.lanes[0].bias_ma - 12.0) < 1e-9);
	assert_true(fabs(x.lanes[0].tx_mw - 0.8) < 1e-9);
	assert_true(fabs(x.lanes[0].rx_mw - 0.01) < 1e-9);
	assert_true(x.flags_known);
	assert_non_null(flag(&x, "rx power low", 1));
	assert_true(flag(&x, "rx power low", 1)->alarm);
	assert_non_null(flag(&x, "temperature high", 0));
	assert_false(flag(&x, "temperature high", 0)->alarm);
	assert_int_equal(x.n_flags, 2);
	rs_xcvr_reset(&x);

	/* External calibration: slope 2.0 and offset 1 on the temperature. */
	img[92] = 0x50;
	img[256 + 84] = 2;
	put16(img + 256 + 86, 1);
	rs_eeprom_from_image(&e, img, sizeof(img));
	rs_xcvr_parse(&e, &x);
	assert_true(fabs(x.temp_c - (0x1c80 * 2 + 1) / 256.0) < 1e-9);
	rs_xcvr_reset(&x);

	/* No diagnostics: identity only, no readings made up. */
	img[92] = 0;
	rs_eeprom_from_image(&e, img, sizeof(img));
	rs_xcvr_parse(&e, &x);
	assert_true(x.known);
	assert_false(x.has_temp);
	assert_int_equal(x.n_lanes, 0);
	rs_xcvr_reset(&x);
}

/* A QSFP28 (SFF-8636): Rx LOS on lane 2, Rx power low alarm on lane 3. */
static void test_sff8636(void **state)
{
	uint8_t img[256] = { 0 };
	struct rs_eeprom e;
	struct rs_xcvr x = { 0 };

	img[0] = 0x11;
	img[3] = 0x02;			/* Rx LOS lane 2 */
	img[10] = 0x40;			/* lanes 3-4 Rx power: lane 3 low alarm */
	put16(img + 22, 0x2900);	/* 41.0 degC */
	put16(img + 26, 32900);
	for (int l = 0; l < 4; l++) {
		put16(img + 34 + 2 * l, l == 2 ? 50 : 9000);
		put16(img + 42 + 2 * l, 3500);
		put16(img + 50 + 2 * l, 8000);
	}
	memcpy(img + 148, "Mellanox        ", 16);
	memcpy(img + 168, "MMA1B00-C100D   ", 16);
	img[147] = 0x00;		/* 850 nm VCSEL: optical */
	img[220] = 0x0c;		/* Tx power monitored */
	rs_eeprom_from_image(&e, img, sizeof(img));
	assert_int_equal(rs_xcvr_parse(&e, &x), 0);
	assert_string_equal(x.spec, "SFF-8636");
	assert_string_equal(x.part, "MMA1B00-C100D");
	assert_true(fabs(x.temp_c - 41.0) < 1e-9);
	assert_int_equal(x.n_lanes, 4);
	assert_true(fabs(x.lanes[0].rx_mw - 0.9) < 1e-9);
	assert_true(x.lanes[3].has_tx);
	assert_non_null(flag(&x, "rx LOS", 2));
	assert_non_null(flag(&x, "rx power low", 3));
	assert_true(flag(&x, "rx power low", 3)->alarm);
	assert_int_equal(x.n_flags, 2);
	rs_xcvr_reset(&x);

	/* A passive copper cable (technology 0xa0): no optical power. */
	img[147] = 0xa0;
	rs_eeprom_from_image(&e, img, sizeof(img));
	rs_xcvr_parse(&e, &x);
	assert_false(x.lanes[0].has_rx);
	assert_false(x.lanes[0].has_tx);
	rs_xcvr_reset(&x);
}

/* A QSFP-DD (CMIS): 8 lanes on page 11h, Tx power high warning on lane 5. */
static void test_cmis(void **state)
{
	uint8_t img[384] = { 0 };
	struct rs_eeprom e;
	struct rs_xcvr x = { 0 };

	img[0] = 0x18;
	img[9] = 0x01;			/* temperature high alarm */
	put16(img + 14, 0x4600);	/* 70 degC */
	put16(img + 16, 33100);
	memcpy(img + 129, "NVIDIA          ", 16);
	for (int l = 0; l < 8; l++) {
		put16(img + 256 + 154 - 128 + 2 * l, 12000);
		put16(img + 256 + 170 - 128 + 2 * l, 4000);
		put16(img + 256 + 186 - 128 + 2 * l, 11000);
	}
	img[256 + 141 - 128] = 0x10;	/* lane 5 Tx power high warning */
	img[256 + 147 - 128] = 0x80;	/* lane 8 Rx LOS */
	rs_eeprom_from_image(&e, img, sizeof(img));
	assert_int_equal(rs_xcvr_parse(&e, &x), 0);
	assert_string_equal(x.spec, "CMIS");
	assert_string_equal(x.vendor, "NVIDIA");
	assert_true(fabs(x.temp_c - 70.0) < 1e-9);
	assert_int_equal(x.n_lanes, 8);
	assert_true(fabs(x.lanes[7].rx_mw - 1.1) < 1e-9);
	assert_true(flag(&x, "temperature high", 0)->alarm);
	assert_false(flag(&x, "tx power high", 5)->alarm);
	assert_non_null(flag(&x, "rx LOS", 8));
	rs_xcvr_reset(&x);

	/* Flat memory: no page 11h to read, no lanes invented. */
	img[2] = 0x80;
	rs_eeprom_from_image(&e, img, sizeof(img));
	rs_xcvr_parse(&e, &x);
	assert_int_equal(x.n_lanes, 0);
	rs_xcvr_reset(&x);

	/* An identifier whose layout is not known. */
	img[0] = 0x42;
	rs_eeprom_from_image(&e, img, sizeof(img));
	assert_int_equal(rs_xcvr_parse(&e, &x), -EINVAL);
	assert_false(x.known);
	assert_non_null(strstr(x.error, "0x42"));
	rs_xcvr_reset(&x);
	assert_int_equal(rs_eeprom_from_image(&e, img, 100), -EBADMSG);
}

/* Every 2-byte value and flag byte of each layout, with no read past. */
static void test_xcvr_all_bytes(void **state)
{
	static const uint8_t ids[] = { 0x03, 0x11, 0x18 };

	for (size_t k = 0; k < sizeof(ids); k++) {
		uint8_t img[512];

		for (int v = 0; v < 3; v++) {
			struct rs_eeprom e;
			struct rs_xcvr x = { 0 };

			memset(img, v == 0 ? 0x00 : v == 1 ? 0xff : 0x5a, sizeof(img));
			img[0] = ids[k];
			rs_eeprom_from_image(&e, img, rs_eeprom_image_len(ids[k]));
			assert_int_equal(rs_xcvr_parse(&e, &x), 0);
			assert_true(x.n_lanes <= 16 && x.n_flags <= 64);
			rs_xcvr_reset(&x);
		}
	}
}

/* The recorded twin: the same bytes from files under a root. */
static void write_file(const char *root, const char *rel, const void *p, size_t n)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", root, rel);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, n, f), n);
	fclose(f);
}

static void test_recorded(void **state)
{
	char root[] = "/tmp/rs-nic-XXXXXX", path[4096];
	struct nlb rep = reporters_reply(), fec = fec_reply(8);
	uint8_t img[256] = { 0x11 };
	struct rs_snapshot s;

	assert_non_null(mkdtemp(root));
	snprintf(path, sizeof(path), "%s/devlink", root);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/ethtool-netlink", root);
	mkdir(path, 0755);
	write_file(root, RS_NIC_DEVLINK_FILE, rep.buf, rep.len);
	write_file(root, "/ethtool-netlink/fec-ens1f0np0.nl", fec.buf, fec.len);
	write_file(root, "/ethtool-netlink/module-ens1f0np0.bin", img, sizeof(img));
	rs_root_set(root);
	two_links(&s);
	rs_collect_nic_health_recorded(&s);
	assert_int_equal(s.links[0].health.n_reporters, 4);
	assert_int_equal(s.links[0].fec.uncorrectable, 7);
	assert_true(s.links[0].xcvr.known);
	assert_string_equal(s.links[0].xcvr.spec, "SFF-8636");
	assert_string_equal(s.links[0].pfc_prevention_error, "not recorded (an ioctl, read live only)");
	assert_string_equal(s.links[1].health.error, "no PCI function (a virtual link)");
	rs_snapshot_free(&s);
	rs_root_set(NULL);
	nlb_free(&rep);
	nlb_free(&fec);
	snprintf(path, sizeof(path), "rm -rf '%s'", root);
	assert_int_equal(system(path), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_family),
		cmocka_unit_test(test_reporters),
		cmocka_unit_test(test_reporters_hostile),
		cmocka_unit_test(test_fec),
		cmocka_unit_test(test_fec_hostile),
		cmocka_unit_test(test_eeprom_data),
		cmocka_unit_test(test_sff8472),
		cmocka_unit_test(test_sff8636),
		cmocka_unit_test(test_cmis),
		cmocka_unit_test(test_xcvr_all_bytes),
		cmocka_unit_test(test_recorded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
