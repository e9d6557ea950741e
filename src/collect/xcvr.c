/* SPDX-License-Identifier: MIT */
/*
 * xcvr.c - a transceiver module's EEPROM decoded: what it is, its
 * temperature and supply voltage, per lane its transmit and receive
 * optical power and laser bias, and the alarm and warning flags that are
 * set.  Pure: bytes in (read by nic_health.c through ethtool, live or
 * recorded), struct rs_xcvr out.
 *
 * Byte offsets, units and flag bits, as the specifications give them and
 * ethtool 6.2 reads them (sfpdiag.c, qsfp.h, cmis.h):
 *
 *   SFF-8024   byte 0: the identifier (0x03 SFP, 0x0c/0x0d/0x11 QSFP,
 *              0x18 QSFP-DD, 0x19 OSFP, 0x1e QSFP+ with CMIS).
 *   SFF-8472   (SFP, "Diagnostic Monitoring Interface", rev 12.x) A0h
 *              byte 92 (table 8-5) bit 6 diagnostics implemented, bit 4
 *              externally calibrated; byte 93 (table 8-6) bit 7
 *              alarm/warning flags implemented; vendor name 20-35, part
 *              40-55.  A2h (table 9-11) bytes 96-105: temperature (s16,
 *              1/256 degC), Vcc (u16, 100 uV), Tx bias (2 uA), Tx power,
 *              Rx power (0.1 uW); 110 bit 2 Tx fault, bit 1 Rx LOS.  A2h
 *              (table 9-12) 112-113 alarm flags, 116-117 warning flags (112
 *              bit 7/6 temperature high/low, 5/4 Vcc, 3/2 bias, 1/0 Tx
 *              power; 113 bit 7/6 Rx power).  Calibration constants A2h
 *              56-91 when external.
 *   SFF-8636   (QSFP+/QSFP28, rev 2.10a) lower page 00h, flags in tables
 *              6-4 (bytes 3-5), 6-5 (6-8) and 6-6 (9-21): byte 3 Rx LOS
 *              lanes 1-4 (bits 0-3) and Tx LOS (4-7); 4 Tx fault (0-3); 6
 *              temperature and 7 Vcc flags (bit 7 high alarm, 6 low alarm,
 *              5 high warning, 4 low warning); 9-10 Rx power, 11-12 Tx
 *              bias, 13-14 Tx power flags (two lanes a byte, the same four
 *              bits, lane 1 in the high nibble).  Monitors: 22-23
 *              temperature, 26-27 Vcc; 34-41 Rx power, 42-49 Tx bias, 50-57
 *              Tx power of lanes 1-4.  Upper page 00h: 147 transmitter
 *              technology (>= 0xa0: copper, no optical power), 148-163
 *              vendor, 168-183 part, 220 bit 2 Tx power monitored.
 *   CMIS       (QSFP-DD, OSFP; CMIS 4.0/5.x, table numbers of 5.2) lower
 *              page 00h: byte 2 bit 7 flat memory (no page 11h); 9 module
 *              flags (table 8-9: bit 0/1 temperature high/low alarm, 2/3
 *              warning, 4/5 Vcc alarm, 6/7 warning); 14-15 temperature,
 *              16-17 Vcc (table 8-10).  Upper page 00h: 129-144 vendor,
 *              148-163 part.  Page 11h: 135 Tx fault, 136 Tx LOS, 139-142
 *              Tx power flags (high alarm, low alarm, high warning, low
 *              warning), 143-146 Tx bias flags (table 8-80); 147 Rx LOS,
 *              149-152 Rx power flags (table 8-81; bit n: lane n + 1);
 *              154-169 Tx power, 170-185 Tx bias, 186-201 Rx power of
 *              lanes 1-8 (table 8-82).
 */
#include "collect/nic_health.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned u16be(const uint8_t *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static double temp_c(const uint8_t *p)
{
	return (double)(int16_t)u16be(p) / 256.0;
}

static void add_flag(struct rs_xcvr *x, const char *name, unsigned lane, int alarm)
{
	struct rs_xcvr_flag *f;

	if (x->n_flags >= 64)
		return;
	f = RS_APPEND(x->flags, x->n_flags);
	RS_STRCPY(f->name, name);
	f->lane = lane;
	f->alarm = alarm;
}

/* Printable ASCII of a space-padded vendor field. */
static void text_field(char *dst, size_t len, const uint8_t *p, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n && k + 1 < len; i++)
		dst[k++] = p[i] >= 0x20 && p[i] < 0x7f ? (char)p[i] : '?';
	dst[k] = '\0';
	rs_rtrim(dst);
}

static struct rs_xcvr_lane *lane(struct rs_xcvr *x, unsigned n)
{
	for (size_t i = 0; i < x->n_lanes; i++)
		if (x->lanes[i].lane == n)
			return &x->lanes[i];
	if (x->n_lanes >= 16)
		return NULL;
	RS_APPEND(x->lanes, x->n_lanes)->lane = n;
	return &x->lanes[x->n_lanes - 1];
}

/* "temperature", "Vcc", ...: four flag bits (high/low alarm, high/low warning). */
static void four_flags(struct rs_xcvr *x, const char *what, unsigned lane, int ha, int la,
		       int hw, int lw)
{
	char name[RS_NAME_LEN];

	snprintf(name, sizeof(name), "%s high", what);
	if (ha)
		add_flag(x, name, lane, 1);
	else if (hw)
		add_flag(x, name, lane, 0);
	snprintf(name, sizeof(name), "%s low", what);
	if (la)
		add_flag(x, name, lane, 1);
	else if (lw)
		add_flag(x, name, lane, 0);
}

/* ------------------------------------------------------------ SFF-8472 */

static double slope(const uint8_t *a2, unsigned off)
{
	return a2[off] + a2[off + 1] / 256.0;
}

static double offset(const uint8_t *a2, unsigned off)
{
	return (int16_t)u16be(a2 + off);
}

static float befloat(const uint8_t *p)
{
	uint32_t v = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
	float f;

	memcpy(&f, &v, sizeof(f));
	return f;
}

static void sff8472(const struct rs_eeprom *e, struct rs_xcvr *x)
{
	const uint8_t *a0 = e->lower, *a2 = e->a2;
	int ext = a0[92] & 0x10;
	double t, v, bias, tx, rx = u16be(a2 + 104);
	struct rs_xcvr_lane *l;

	RS_STRCPY(x->spec, "SFF-8472");
	text_field(x->vendor, sizeof(x->vendor), a0 + 20, 16);
	text_field(x->part, sizeof(x->part), a0 + 40, 16);
	if (!(a0[92] & 0x40) || !e->has_a2)
		return;		/* no diagnostics on this module (or A2h unread) */
	t = (int16_t)u16be(a2 + 96);
	v = u16be(a2 + 98);
	bias = u16be(a2 + 100);
	tx = u16be(a2 + 102);
	if (ext) {	/* external calibration: the module's own line constants */
		t = t * slope(a2, 84) + offset(a2, 86);
		v = v * slope(a2, 88) + offset(a2, 90);
		bias = bias * slope(a2, 76) + offset(a2, 78);
		tx = tx * slope(a2, 80) + offset(a2, 82);
		rx = befloat(a2 + 72) + rx * befloat(a2 + 68) + rx * rx * befloat(a2 + 64) +
		     rx * rx * rx * befloat(a2 + 60) + rx * rx * rx * rx * befloat(a2 + 56);
	}
	x->has_temp = x->has_vcc = 1;
	x->temp_c = t / 256.0;
	x->vcc_v = v * 1e-4;
	l = lane(x, 1);
	l->has_tx = l->has_rx = l->has_bias = 1;
	l->bias_ma = bias * 0.002;
	l->tx_mw = tx * 1e-4;
	l->rx_mw = rx * 1e-4;
	if (a2[110] & 0x04)
		add_flag(x, "tx fault", 1, 1);
	if (a2[110] & 0x02)
		add_flag(x, "rx LOS", 1, 1);
	if (!(a0[93] & 0x80))
		return;
	x->flags_known = 1;
	four_flags(x, "temperature", 0, a2[112] & 0x80, a2[112] & 0x40, a2[116] & 0x80,
		   a2[116] & 0x40);
	four_flags(x, "Vcc", 0, a2[112] & 0x20, a2[112] & 0x10, a2[116] & 0x20, a2[116] & 0x10);
	four_flags(x, "tx bias", 1, a2[112] & 0x08, a2[112] & 0x04, a2[116] & 0x08,
		   a2[116] & 0x04);
	four_flags(x, "tx power", 1, a2[112] & 0x02, a2[112] & 0x01, a2[116] & 0x02,
		   a2[116] & 0x01);
	four_flags(x, "rx power", 1, a2[113] & 0x80, a2[113] & 0x40, a2[117] & 0x80,
		   a2[117] & 0x40);
}

/* ------------------------------------------------------------ SFF-8636 */

/* Lane n (1-4) of a two-lanes-a-byte flag pair at off. */
static unsigned nibble(const uint8_t *p, unsigned off, unsigned n)
{
	uint8_t b = p[off + (n - 1) / 2];

	return (n % 2) ? b >> 4 : b & 0xf;
}

/*
 * What a paged module (SFF-8636, CMIS) says of itself: the vendor and part
 * fields of upper page 00h and the temperature and Vcc monitors of the
 * lower page, at at[] = { vendor, part, temperature, Vcc } (byte offsets).
 */
static void paged_head(const struct rs_eeprom *e, struct rs_xcvr *x, const char *spec,
		       const unsigned at[4])
{
	RS_STRCPY(x->spec, spec);
	if (e->has_upper0) {
		text_field(x->vendor, sizeof(x->vendor), e->upper0 + at[0] - 128, 16);
		text_field(x->part, sizeof(x->part), e->upper0 + at[1] - 128, 16);
	}
	x->has_temp = x->has_vcc = 1;
	x->temp_c = temp_c(e->lower + at[2]);
	x->vcc_v = u16be(e->lower + at[3]) * 1e-4;
	x->flags_known = 1;
}

static void sff8636(const struct rs_eeprom *e, struct rs_xcvr *x)
{
	const uint8_t *lo = e->lower, *up = e->upper0;
	int optical = !e->has_upper0 || up[147 - 128] < 0xa0;
	int tx_mon = e->has_upper0 && (up[220 - 128] & 0x04);

	paged_head(e, x, "SFF-8636", (const unsigned[]){ 148, 168, 22, 26 });
	four_flags(x, "temperature", 0, lo[6] & 0x80, lo[6] & 0x40, lo[6] & 0x20, lo[6] & 0x10);
	four_flags(x, "Vcc", 0, lo[7] & 0x80, lo[7] & 0x40, lo[7] & 0x20, lo[7] & 0x10);
	for (unsigned n = 1; n <= 4; n++) {
		struct rs_xcvr_lane *l = lane(x, n);
		unsigned rxf = nibble(lo, 9, n), bf = nibble(lo, 11, n), txf = nibble(lo, 13, n);

		if (!l)
			break;
		l->has_rx = optical;
		l->has_tx = optical && tx_mon;
		l->has_bias = optical;
		l->rx_mw = u16be(lo + 34 + 2 * (n - 1)) * 1e-4;
		l->bias_ma = u16be(lo + 42 + 2 * (n - 1)) * 0.002;
		l->tx_mw = u16be(lo + 50 + 2 * (n - 1)) * 1e-4;
		if (lo[3] & (1u << (n - 1)))
			add_flag(x, "rx LOS", n, 1);
		if (lo[3] & (1u << (n + 3)))
			add_flag(x, "tx LOS", n, 1);
		if (lo[4] & (1u << (n - 1)))
			add_flag(x, "tx fault", n, 1);
		four_flags(x, "rx power", n, rxf & 8, rxf & 4, rxf & 2, rxf & 1);
		four_flags(x, "tx bias", n, bf & 8, bf & 4, bf & 2, bf & 1);
		four_flags(x, "tx power", n, txf & 8, txf & 4, txf & 2, txf & 1);
	}
}

/* ---------------------------------------------------------------- CMIS */

/* Page 11h byte off (128-255) of e. */
static uint8_t p11(const struct rs_eeprom *e, unsigned off)
{
	return e->page11[off - 128];
}

static void cmis_lanes(const struct rs_eeprom *e, struct rs_xcvr *x)
{
	unsigned last = 0;

	for (unsigned n = 1; n <= 8; n++)
		if (u16be(e->page11 + 154 - 128 + 2 * (n - 1)) ||
		    u16be(e->page11 + 186 - 128 + 2 * (n - 1)))
			last = n;
	for (unsigned n = 1; n <= last; n++) {
		struct rs_xcvr_lane *l = lane(x, n);
		unsigned bit = 1u << (n - 1);

		if (!l)
			break;
		l->has_tx = l->has_rx = l->has_bias = 1;
		l->tx_mw = u16be(e->page11 + 154 - 128 + 2 * (n - 1)) * 1e-4;
		l->bias_ma = u16be(e->page11 + 170 - 128 + 2 * (n - 1)) * 0.002;
		l->rx_mw = u16be(e->page11 + 186 - 128 + 2 * (n - 1)) * 1e-4;
		if (p11(e, 135) & bit)
			add_flag(x, "tx fault", n, 1);
		if (p11(e, 136) & bit)
			add_flag(x, "tx LOS", n, 1);
		if (p11(e, 147) & bit)
			add_flag(x, "rx LOS", n, 1);
		four_flags(x, "tx power", n, p11(e, 139) & bit, p11(e, 140) & bit,
			   p11(e, 141) & bit, p11(e, 142) & bit);
		four_flags(x, "tx bias", n, p11(e, 143) & bit, p11(e, 144) & bit,
			   p11(e, 145) & bit, p11(e, 146) & bit);
		four_flags(x, "rx power", n, p11(e, 149) & bit, p11(e, 150) & bit,
			   p11(e, 151) & bit, p11(e, 152) & bit);
	}
}

static void cmis(const struct rs_eeprom *e, struct rs_xcvr *x)
{
	const uint8_t *lo = e->lower;

	paged_head(e, x, "CMIS", (const unsigned[]){ 129, 148, 14, 16 });
	four_flags(x, "temperature", 0, lo[9] & 0x01, lo[9] & 0x02, lo[9] & 0x04, lo[9] & 0x08);
	four_flags(x, "Vcc", 0, lo[9] & 0x10, lo[9] & 0x20, lo[9] & 0x40, lo[9] & 0x80);
	/* Flat memory (lower byte 2 bit 7): no page 11h, no lane monitors. */
	if (!(lo[2] & 0x80) && e->has_page11)
		cmis_lanes(e, x);
}

int rs_xcvr_parse(const struct rs_eeprom *e, struct rs_xcvr *x)
{
	unsigned id = e->lower[0];

	rs_xcvr_reset(x);
	x->known = 1;
	x->id = id;
	switch (id) {
	case 0x03:
		sff8472(e, x);
		return 0;
	case 0x0c: case 0x0d: case 0x11:
		sff8636(e, x);
		return 0;
	case 0x18: case 0x19: case 0x1e:
		cmis(e, x);
		return 0;
	default:
		x->known = 0;
		snprintf(x->error, sizeof(x->error), "identifier 0x%02x: a layout this program "
			 "does not read", id);
		return -EINVAL;
	}
}

void rs_xcvr_reset(struct rs_xcvr *x)
{
	free(x->lanes);
	free(x->flags);
	memset(x, 0, sizeof(*x));
}

size_t rs_eeprom_image_len(unsigned id)
{
	if (id == 0x03)
		return 512;		/* A0h, A2h */
	if (id == 0x18 || id == 0x19 || id == 0x1e)
		return 384;		/* page 00h, page 11h upper */
	return 256;			/* page 00h */
}

int rs_eeprom_from_image(struct rs_eeprom *e, const uint8_t *img, size_t len)
{
	memset(e, 0, sizeof(*e));
	if (len < 128)
		return -EBADMSG;
	memcpy(e->lower, img, 128);
	if (len >= 256) {
		memcpy(e->upper0, img + 128, 128);
		e->has_upper0 = 1;
	}
	if (img[0] == 0x03 && len >= 512) {
		memcpy(e->a2, img + 256, 256);
		e->has_a2 = 1;
	} else if ((img[0] == 0x18 || img[0] == 0x19 || img[0] == 0x1e) && len >= 384) {
		memcpy(e->page11, img + 256, 128);
		e->has_page11 = 1;
	}
	return 0;
}
