/* SPDX-License-Identifier: MIT */
/*
 * craft.h - build RoCE frames byte by byte for the tests, the live sender
 * and the bench generator: Ethernet (with VLAN tags), IPv4 or IPv6 and UDP
 * (RoCE v2) or a GRH (RoCE v1), BTH, extension headers appended by the
 * caller, payload, pad, and an ICRC computed by rocescope's own
 * rs_icrc_compute() (the fixtures prove that one against real captures).
 */
#ifndef RS_TESTS_CRAFT_H
#define RS_TESTS_CRAFT_H

#include <stddef.h>
#include <stdint.h>

struct rs_craft {
	int ipv6;		/* RoCE v2 over IPv6 */
	int v1;			/* RoCE v1: EtherType 0x8915 + GRH */
	unsigned n_vlan;
	uint16_t vlan_tpid[2], vlan_tci[2];
	uint8_t tos;		/* DSCP << 2 | ECN (TClass for IPv6 / GRH) */
	uint8_t ttl;
	uint32_t flow_label;
	uint8_t src[16], dst[16];	/* IPv4: the first 4 bytes */
	uint16_t sport, dport;
	uint16_t ip_flags;	/* IPv4 flags+offset field (DF = 0x4000) */
	/* BTH */
	uint8_t opcode, se, mig, fecn, becn, ackreq, tver;
	int pad;		/* -1: what the payload needs */
	uint16_t pkey;
	uint32_t dqp, psn;
	/* extension headers as they go on the wire, appended with rs_craft_be */
	uint8_t ext[320];
	size_t ext_len;
	size_t payload_len;
	int bad_icrc;		/* flip the ICRC */
	size_t eth_min;		/* pad the frame to this length (60; 0 none) */
};

/* Defaults: IPv4 10.0.0.1 -> 10.0.0.2, UDP 49152 -> 4791, DF, TTL 64, P_Key 0xFFFF. */
void rs_craft_init(struct rs_craft *c, uint8_t opcode, uint32_t dqp, uint32_t psn);
void rs_craft_ipv4(struct rs_craft *c, const char *src, const char *dst);
void rs_craft_ipv6(struct rs_craft *c, const char *src, const char *dst);
/* Append v as a big-endian number of n bytes to the extension headers. */
void rs_craft_be(struct rs_craft *c, uint64_t v, unsigned n);
/* A CM MAD (256 bytes) with attribute attr; ServiceID for a REQ. */
void rs_craft_cm_mad(struct rs_craft *c, uint16_t attr, uint64_t service_id);

/* The frame into buf; returns its length (0 if cap is too small). */
size_t rs_craft_frame(const struct rs_craft *c, uint8_t *buf, size_t cap);
/* Where the UDP payload starts in a RoCE v2 frame rs_craft_frame built. */
size_t rs_craft_udp_payload_offset(const struct rs_craft *c);

#endif
