/* SPDX-License-Identifier: MIT */
/*
 * peer_view.h - what the other end of a test says about itself: the device,
 * GID and MTU it uses, its PFC and trust, its memlock limit, its DCQCN
 * switches (a version 2 peer).  It arrives
 * over the embedded test's control channel (rocescope serve on the peer);
 * the checks that compare both ends (peer.same_*) read it, and say they
 * cannot tell while it is unknown.
 */
#ifndef RS_PEER_VIEW_H
#define RS_PEER_VIEW_H

#include <stdint.h>

#include "snapshot.h"

struct rs_peer_view {
	int known;			/* 0: no view received */
	char hostname[RS_TEXT_LEN];
	char version[RS_NAME_LEN];	/* rocescope version of the peer */
	char device[RS_NAME_LEN];
	unsigned port;
	int gid_index;
	enum rs_gid_type gid_type;
	int gid_ipv4;			/* the GID maps an IPv4 address */
	char gid[RS_GID_LEN];
	char netdev[RS_NAME_LEN];
	char addr[RS_ADDR_LEN];
	unsigned netdev_mtu;
	int active_mtu;			/* bytes */
	int pfc_known;
	unsigned pfc_en;		/* bit n: PFC on priority n */
	char trust[RS_NAME_LEN];
	int memlock_known;
	uint64_t memlock;
	int dcqcn_known;		/* the peer's driver shows its ECN/DCQCN switches */
	unsigned np_en, rp_en;		/* bit n: notification / reaction point on priority n */
	int cnp_dscp, cnp_prio;		/* -1 unknown */
	/* The peer's own neighbour entry for our address (ARP flux shows
	 * there): the address and the MAC it holds, "" unknown. */
	char neigh_ip[RS_ADDR_LEN];
	char neigh_mac[RS_MAC_LEN];
};

#endif
