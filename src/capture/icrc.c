/* SPDX-License-Identifier: MIT */
/*
 * icrc.c - the RoCE ICRC (IBTA 7.8; the rule and its sources are in
 * docs/capture.md, What is checked).
 *
 * The ICRC is the Ethernet/zlib CRC-32 (crc32.h) over: 8 bytes of 0xFF
 * standing in for the masked LRH, the IP header (or GRH) with its variant
 * fields set to ones, the UDP header with its checksum set to ones, the
 * BTH with byte 4 (FECN/BECN/reserved) set to ones, and everything after
 * the BTH up to the ICRC.  The masked headers are copied into a small
 * buffer; the rest is summed where it lies.
 */
#include "capture/decode_priv.h"
#include "crc32.h"

#include <string.h>

/* GRH or IPv6 header: TClass, Flow Label and Hop Limit to ones. */
static void mask_v6(uint8_t *h)
{
	h[0] |= 0x0f;
	h[1] = h[2] = h[3] = 0xff;
	h[7] = 0xff;
}

uint32_t rs_icrc_calc(const struct rs_frame *fr, int v1, int ip_ver)
{
	uint8_t hdr[8 + 60 + 8 + 12];
	size_t n = 8, l3 = fr->l3, ipl, udp = fr->bth - 8;
	uint32_t crc;

	memset(hdr, 0xff, 8);
	ipl = v1 || ip_ver == 6 ? 40 : (size_t)(fr->f[l3] & 0x0f) * 4;
	memcpy(hdr + n, fr->f + l3, ipl);
	if (v1 || ip_ver == 6) {
		mask_v6(hdr + n);
	} else {
		hdr[n + 1] = 0xff;			/* TOS: DSCP and ECN */
		hdr[n + 8] = 0xff;			/* TTL */
		hdr[n + 10] = hdr[n + 11] = 0xff;	/* header checksum */
	}
	n += ipl;
	if (!v1) {
		memcpy(hdr + n, fr->f + udp, 8);
		hdr[n + 6] = hdr[n + 7] = 0xff;		/* UDP checksum */
		n += 8;
	}
	memcpy(hdr + n, fr->f + fr->bth, 12);
	hdr[n + 4] = 0xff;				/* FECN, BECN, reserved */
	n += 12;
	crc = rs_crc32(0, hdr, n);
	return rs_crc32(crc, fr->f + fr->bth + 12, fr->end - 4 - (fr->bth + 12));
}
