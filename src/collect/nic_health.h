/* SPDX-License-Identifier: MIT */
/*
 * nic_health.h - the NIC under a link, as the kernel reports it: devlink
 * health reporters (generic netlink family "devlink"), FEC statistics and
 * the transceiver module's EEPROM (family "ethtool"), and the PFC storm
 * prevention timeout (the ethtool ioctl's tunable).  Parsers of the
 * replies (nic_parse.c) and of the EEPROM (xcvr.c) are pure and shared by
 * the live collector and its recorded twin (nic_health.c).
 */
#ifndef RS_NIC_HEALTH_H
#define RS_NIC_HEALTH_H

#include <stddef.h>
#include <stdint.h>

#include "collect/nl_util.h"
#include "snapshot.h"

/* Recorded twins under the root. */
#define RS_NIC_DEVLINK_FILE "/devlink/health.nl"		/* HEALTH_REPORTER_GET dump */
#define RS_NIC_FEC_FILE "/ethtool-netlink/fec-%s.nl"		/* FEC_GET with stats, of IF */
#define RS_NIC_MODULE_FILE "/ethtool-netlink/module-%s.bin"	/* EEPROM image, rs_eeprom_from_image */

/*
 * The FEC histogram (netdev, 2025: "ethtool: add FEC bins histogram
 * report", V. Fedorenko): ETHTOOL_A_FEC_STAT_HIST nests in
 * ETHTOOL_A_FEC_STATS after CORR_BITS, one per bin, each with BIN_LOW,
 * BIN_HIGH (u32), BIN_VAL (uint) and BIN_VAL_PER_LANE (u64 array), the
 * numbers of that series' last version.  Not in the 6.1 headers this
 * builds with; a kernel without it sends no bins.
 */
#define RS_ETHTOOL_A_FEC_STAT_HIST 5
#define RS_ETHTOOL_A_FEC_HIST_BIN_LOW 2
#define RS_ETHTOOL_A_FEC_HIST_BIN_HIGH 3
#define RS_ETHTOOL_A_FEC_HIST_BIN_VAL 4
#define RS_ETHTOOL_A_FEC_HIST_MAX 5

#define RS_REPORTERS_MAX 64		/* per link */
#define RS_FEC_LANES_MAX 8		/* ETHTOOL_MAX_LANES */
#define RS_FEC_BINS_MAX 32

/* The family id in a CTRL_CMD_GETFAMILY reply. */
int rs_genl_parse_family(const void *buf, size_t len, uint16_t *id);
/*
 * A devlink HEALTH_REPORTER_GET dump onto the links of s whose bus (the
 * PCI address) is the reporter's devlink handle "pci/BUS": their health
 * becomes known (with the reporters found, maybe none).  Returns the
 * number of reporters, -errno or -EBADMSG.
 */
int rs_devlink_parse_reporters(const void *buf, size_t len, struct rs_snapshot *s);
/* An ethtool FEC_GET reply into f (known = 1).  0, -errno or -EBADMSG. */
int rs_ethtool_parse_fec(const void *buf, size_t len, struct rs_fec *f);
/* The DATA of a MODULE_EEPROM_GET reply: exactly want bytes into dst. */
int rs_ethtool_parse_eeprom(const void *buf, size_t len, uint8_t *dst, size_t want);

/* A module's EEPROM pages, as read. */
struct rs_eeprom {
	uint8_t lower[128];		/* page 00h lower (A0h 0-127 for SFF-8472) */
	uint8_t upper0[128];		/* page 00h upper (A0h 128-255) */
	uint8_t a2[256];		/* SFF-8472 diagnostics (I2C 0x51) */
	uint8_t page11[128];		/* CMIS page 11h, bytes 128-255 */
	int has_upper0, has_a2, has_page11;
};

/* Decode e into x (its arrays replaced): 0, or -EINVAL for an identifier
 * whose layout is not known (x->error says which). */
int rs_xcvr_parse(const struct rs_eeprom *e, struct rs_xcvr *x);
void rs_xcvr_reset(struct rs_xcvr *x);
/*
 * The image layout of the recorded twin and the ioctl (ETHTOOL_GMODULEEEPROM):
 * page 00h (256 bytes), then A2h (256, SFF-8472) or page 11h's upper half
 * (128, CMIS).  The length an image of identifier id has, and an image
 * into e (-EBADMSG under 128 bytes).
 */
size_t rs_eeprom_image_len(unsigned id);
int rs_eeprom_from_image(struct rs_eeprom *e, const uint8_t *img, size_t len);

#endif
