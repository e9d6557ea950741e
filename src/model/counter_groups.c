/* SPDX-License-Identifier: MIT */
/*
 * counter_groups.c - the ethtool and netdev table behind counter_groups.h,
 * the meaning vocabulary and the name patterns.
 *
 * The RDMA counters/ and hw_counters/ names are the driver tables'
 * (counter_tables.c, profiles/counters/).  Here: the mlx5e ethtool -S
 * names for physical-port, PCIe and drop counters, the pause and PFC
 * names of each Ethernet driver a RoCE NIC uses, and the netdev
 * statistics.  Two look-alikes are kept apart on purpose:
 * hw_counters/out_of_buffer (RDMA receive queue had no WQE) and ethtool's
 * rx_out_of_buffer (Ethernet RQ had no buffer).
 */
#include "model/counter_groups.h"
#include "model/counter_tables.h"
#include "i18n.h"

#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define N(n, g, f, t) { .name = n, .origin = RS_CO_NETDEV, .group = g, .flags = f, .note = t }
#define E(n, g, f, t) { .name = n, .origin = RS_CO_ETHTOOL, .group = g, .flags = f, .note = t }
/* Byte and packet counters of the whole port, for ports whose RDMA driver
 * counts no traffic of its own (m: the meaning). */
#define EM(n, g, f, t, m) { .name = n, .origin = RS_CO_ETHTOOL, .group = g, .flags = f, \
			    .note = t, .meaning = m }
#define NM(n, g, f, t, m) { .name = n, .origin = RS_CO_NETDEV, .group = g, .flags = f, \
			    .note = t, .meaning = m }
/* Pause and PFC frame counters: z is the RS_PZ_* kind. */
#define EP(n, t, z) { .name = n, .origin = RS_CO_ETHTOOL, .group = RS_CG_PAUSE, .note = t, \
		      .pause = z }
#define ERR RS_CF_ERROR
#define RXG (RS_PZ_RX | RS_PZ_GLOBAL)
#define TXG (RS_PZ_TX | RS_PZ_GLOBAL)
#define RXP (RS_PZ_RX | RS_PZ_PRIO)
#define TXP (RS_PZ_TX | RS_PZ_PRIO)
#define RXA (RS_PZ_RX | RS_PZ_ALL)
#define TXA (RS_PZ_TX | RS_PZ_ALL)

/*
 * ethtool -S and netdev statistics.  The pause and PFC names per Ethernet
 * driver (torvalds/linux, the commits of docs/collectors-rdma.md):
 *   mlx5_core  mlx5/core/en_stats.c       rx_pause_ctrl_phy, rx_prio%d_pause
 *   bnxt_en    bnxt/bnxt_ethtool.c         rx_pause_frames, rx_pfc_frames,
 *              (qede: qede_ethtool.c)      rx_pfc_ena_frames_pri%d
 *   ice        ice/ice_ethtool.c           link_xoff_rx.nic, rx_priority_%u_xoff.nic
 *   i40e       i40e/i40e_ethtool.c         port.link_xoff_rx, port.rx_priority_%u_xoff(_rx)
 *   hns3       hns3pf/hclge_main.c         mac_rx_mac_pause_num, mac_rx_pfc_pri%d_pkt_num
 * XON frames (Intel) resume a priority: they are pause traffic but not
 * "stop" requests, so they are not counted as pause frames.
 */
static const struct rs_counter_class classes[] = {
	/* Link errors: the physical layer (cable, optics, connector) */
	E("rx_crc_errors_phy", RS_CG_LINK, ERR, "bad frames: cable/optics"),
	E("rx_symbol_err_phy", RS_CG_LINK, ERR, ""),
	E("link_down_events_phy", RS_CG_LINK, ERR, "link went down"),
	/* IFLA_CARRIER_CHANGES: judged by net.link_flaps, not as an error. */
	N("carrier_changes", RS_CG_LINK, 0, "carrier up/down events (link flaps)"),

	/* Pause and PFC: mlx5 */
	EP("rx_pause_ctrl_phy", "802.3x pause frames in", RXG),
	EP("tx_pause_ctrl_phy", "802.3x pause frames out", TXG),
	EP("rx_prio#_pause", "", RXP),
	EP("tx_prio#_pause", "", TXP),
	E("rx_prio#_pause_duration", RS_CG_PAUSE, 0, ""),
	E("tx_prio#_pause_duration", RS_CG_PAUSE, 0, ""),
	E("rx_prio#_pause_transition", RS_CG_PAUSE, 0, ""),
	E("tx_pause_storm_warning_events", RS_CG_PAUSE, ERR, ""),
	E("tx_pause_storm_error_events", RS_CG_PAUSE, ERR, "pause storm: TX stopped"),
	/* Broadcom bnxt_en (and QLogic qede: the same four totals) */
	EP("rx_pause_frames", "802.3x pause frames in", RXG),
	EP("tx_pause_frames", "802.3x pause frames out", TXG),
	EP("rx_pfc_frames", "PFC frames in, all priorities", RXA),
	EP("tx_pfc_frames", "PFC frames out, all priorities", TXA),
	EP("rx_pfc_ena_frames_pri#", "", RXP),
	EP("tx_pfc_ena_frames_pri#", "", TXP),
	E("rx_pfc_xon2xoff_frames_pri#", RS_CG_PAUSE, 0, ""),
	E("pfc_pri#_rx_duration_us", RS_CG_PAUSE, 0, ""),
	E("pfc_pri#_tx_duration_us", RS_CG_PAUSE, 0, ""),
	E("pfc_pri#_rx_transitions", RS_CG_PAUSE, 0, ""),
	E("pfc_pri#_tx_transitions", RS_CG_PAUSE, 0, ""),
	/* Intel ice (E810) */
	EP("link_xoff_rx.nic", "802.3x XOFF frames in", RXG),
	EP("link_xoff_tx.nic", "802.3x XOFF frames out", TXG),
	E("link_xon_rx.nic", RS_CG_PAUSE, 0, ""),
	E("link_xon_tx.nic", RS_CG_PAUSE, 0, ""),
	EP("rx_priority_#_xoff.nic", "", RXP),
	EP("tx_priority_#_xoff.nic", "", TXP),
	E("rx_priority_#_xon.nic", RS_CG_PAUSE, 0, ""),
	E("tx_priority_#_xon.nic", RS_CG_PAUSE, 0, ""),
	/* Intel i40e (X722): "_rx"/"_tx" suffixes from kernel 4.18 on */
	EP("port.link_xoff_rx", "802.3x XOFF frames in", RXG),
	EP("port.link_xoff_tx", "802.3x XOFF frames out", TXG),
	E("port.link_xon_rx", RS_CG_PAUSE, 0, ""),
	E("port.link_xon_tx", RS_CG_PAUSE, 0, ""),
	EP("port.rx_priority_#_xoff", "", RXP),
	EP("port.rx_priority_#_xoff_rx", "", RXP),
	EP("port.tx_priority_#_xoff", "", TXP),
	EP("port.tx_priority_#_xoff_tx", "", TXP),
	E("port.rx_priority_#_xon*", RS_CG_PAUSE, 0, ""),
	E("port.tx_priority_#_xon*", RS_CG_PAUSE, 0, ""),
	/* Huawei hns3 (HIP08, HIP09) */
	EP("mac_rx_mac_pause_num", "802.3x pause frames in", RXG),
	EP("mac_tx_mac_pause_num", "802.3x pause frames out", TXG),
	EP("mac_rx_pfc_pkt_num", "PFC frames in, all priorities", RXA),
	EP("mac_tx_pfc_pkt_num", "PFC frames out, all priorities", TXA),
	EP("mac_rx_pfc_pri#_pkt_num", "", RXP),
	EP("mac_tx_pfc_pri#_pkt_num", "", TXP),

	/* Drops and buffers */
	EM("rx_out_of_buffer", RS_CG_DROPS, ERR, "Ethernet RQ had no buffer (ethtool)", RS_M_DROP),
	EM("rx_discards_phy", RS_CG_DROPS, ERR, "NIC buffer full: dropped", RS_M_DROP),
	EM("tx_discards_phy", RS_CG_DROPS, ERR, "", RS_M_DROP),
	E("rx_buffer_passed_thres_phy", RS_CG_DROPS, 0, "buffer over threshold"),
	EM("rx_prio#_discards", RS_CG_DROPS, ERR, "", RS_M_DROP),

	/* PCIe */
	E("outbound_pci_stalled_rd", RS_CG_PCIE, ERR, "NIC waited on PCIe reads"),
	E("outbound_pci_stalled_wr", RS_CG_PCIE, ERR, "NIC waited on PCIe writes"),
	E("outbound_pci_stalled_rd_events", RS_CG_PCIE, ERR, ""),
	E("outbound_pci_stalled_wr_events", RS_CG_PCIE, ERR, ""),
	E("outbound_pci_buffer_overflow", RS_CG_PCIE, ERR, ""),
	E("rx_pci_signal_integrity", RS_CG_PCIE, ERR, ""),
	E("tx_pci_signal_integrity", RS_CG_PCIE, ERR, ""),

	/* Netdev statistics: where Soft-RoCE traffic (through the kernel) is
	 * dropped when an MTU or a queue does not fit. */
	NM("rx_dropped", RS_CG_DROPS, ERR, "netdev dropped on receive", RS_M_DROP),
	NM("tx_dropped", RS_CG_DROPS, ERR, "netdev dropped on send", RS_M_DROP),
	NM("rx_errors", RS_CG_DROPS, ERR, "", RS_M_ERROR),
	NM("tx_errors", RS_CG_DROPS, ERR, "", RS_M_ERROR),

	/* Units only: byte and packet counters not shown by group.  The
	 * port's wire totals carry their meaning, for a port whose RDMA
	 * driver counts no bytes (the Overview's last resort). */
	EM("tx_bytes_phy", RS_CG_HIDDEN, RS_CF_BYTES, "", RS_M_TX_BYTES),
	EM("rx_bytes_phy", RS_CG_HIDDEN, RS_CF_BYTES, "", RS_M_RX_BYTES),
	EM("tx_packets_phy", RS_CG_HIDDEN, 0, "", RS_M_TX_PACKETS),
	EM("rx_packets_phy", RS_CG_HIDDEN, 0, "", RS_M_RX_PACKETS),
	NM("tx_bytes", RS_CG_HIDDEN, RS_CF_BYTES, "", RS_M_TX_BYTES),
	NM("rx_bytes", RS_CG_HIDDEN, RS_CF_BYTES, "", RS_M_RX_BYTES),
	NM("tx_packets", RS_CG_HIDDEN, 0, "", RS_M_TX_PACKETS),
	NM("rx_packets", RS_CG_HIDDEN, 0, "", RS_M_RX_PACKETS),
	N("*bytes*", RS_CG_HIDDEN, RS_CF_BYTES, ""),
	E("*bytes*", RS_CG_HIDDEN, RS_CF_BYTES, ""),
	/* hns3's MAC octets: a byte counter whose name says "oct" */
	EM("mac_tx_total_oct_num", RS_CG_HIDDEN, RS_CF_BYTES, "", RS_M_TX_BYTES),
	EM("mac_rx_total_oct_num", RS_CG_HIDDEN, RS_CF_BYTES, "", RS_M_RX_BYTES),
	EM("mac_tx_total_pkt_num", RS_CG_HIDDEN, 0, "", RS_M_TX_PACKETS),
	EM("mac_rx_total_pkt_num", RS_CG_HIDDEN, 0, "", RS_M_RX_PACKETS),
	E("mac_*_oct_num", RS_CG_HIDDEN, RS_CF_BYTES, ""),
};

static const char *const group_names[RS_CG_COUNT] = {
	/* TRANSLATORS: the title over a group of counters in the Counters pane. */
	[RS_CG_TRAFFIC] = N_("RDMA traffic"),
	[RS_CG_ROCE_ERR] = N_("RoCE errors and retransmissions"),
	[RS_CG_QP_FATAL] = N_("Fatal QP errors (QP in error state)"),
	[RS_CG_LINK] = N_("Link errors (cable, optics, flaps)"),
	[RS_CG_CONGESTION] = N_("Congestion (ECN/CNP)"),
	[RS_CG_PAUSE] = N_("Pause and PFC"),
	[RS_CG_DROPS] = N_("Drops and buffers"),
	[RS_CG_PCIE] = N_("PCIe"),
	[RS_CG_RESOURCE] = N_("RDMA resources (in use, high-water marks)"),
	[RS_CG_OTHER] = N_("Other RDMA counters"),
};

static const char *const origin_names[RS_CO_COUNT] = {
	[RS_CO_PORT] = "counters",
	[RS_CO_HW] = "hw_counters",
	[RS_CO_ETHTOOL] = "ethtool",
	[RS_CO_NETDEV] = "stats",
};

int rs_counter_name_match(const char *pat, const char *name)
{
	while (*pat) {
		if (*pat == '*') {
			/* any text, then the rest of the pattern (tried at each position) */
			for (const char *p = name;; p++) {
				if (rs_counter_name_match(pat + 1, p))
					return 1;
				if (!*p)
					return 0;
			}
		}
		if (*pat == '#') {
			if (!isdigit((unsigned char)*name))
				return 0;
			while (isdigit((unsigned char)*name))
				name++;
			pat++;
			continue;
		}
		if (*pat++ != *name++)
			return 0;
	}
	return *name == '\0';
}

const struct rs_counter_class *rs_counter_classify_eth(enum rs_corigin origin,
						       const char *name)
{
	for (size_t i = 0; i < sizeof(classes) / sizeof(classes[0]); i++) {
		const struct rs_counter_class *c = &classes[i];

		if (c->origin == origin && rs_counter_name_match(c->name, name))
			return c;
	}
	return NULL;
}

const struct rs_counter_class *rs_counter_classify(enum rs_corigin origin, const char *name)
{
	if (origin == RS_CO_PORT || origin == RS_CO_HW)
		return rs_ctr_classify(NULL, origin, name);
	return rs_counter_classify_eth(origin, name);
}

unsigned rs_counter_class_scale(const struct rs_counter_class *c)
{
	return c && c->scale ? c->scale : 1;
}

const char *rs_cgroup_name(enum rs_cgroup g)
{
	return (unsigned)g < RS_CG_COUNT ? group_names[g] : "?";
}

const char *rs_corigin_name(enum rs_corigin o)
{
	return (unsigned)o < RS_CO_COUNT ? origin_names[o] : "?";
}

static const char *const meaning_names[RS_M_COUNT] = {
	/* TRANSLATORS: what a counter counts, listed in the Counters pane's
	 * "Not provided by this NIC" line; the English names are also the
	 * profiles' YAML values and JSON values, which stay as they are. */
	[RS_M_NONE] = "",
	[RS_M_TX_BYTES] = N_("tx_bytes"), [RS_M_RX_BYTES] = N_("rx_bytes"),
	[RS_M_TX_PACKETS] = N_("tx_packets"), [RS_M_RX_PACKETS] = N_("rx_packets"),
	[RS_M_CNP_SENT] = N_("cnp_sent"), [RS_M_CNP_HANDLED] = N_("cnp_handled"),
	[RS_M_ECN_MARKED] = N_("ecn_marked"),
	[RS_M_OUT_OF_SEQUENCE] = N_("out_of_sequence"),
	[RS_M_RETRANSMIT] = N_("retransmit"), [RS_M_TIMEOUT] = N_("timeout"),
	[RS_M_RNR_NAK] = N_("rnr_nak"), [RS_M_DUPLICATE] = N_("duplicate"),
	[RS_M_DROP] = N_("drop"), [RS_M_ERROR] = N_("error"),
	[RS_M_RESOURCE] = N_("resource"), [RS_M_OTHER] = N_("other"),
};

const char *rs_meaning_name(enum rs_meaning m)
{
	return (unsigned)m < RS_M_COUNT ? meaning_names[m] : "";
}

enum rs_meaning rs_meaning_of(const char *name)
{
	for (int m = RS_M_NONE + 1; m < RS_M_COUNT; m++)
		if (!strcmp(meaning_names[m], name))
			return (enum rs_meaning)m;
	return RS_M_NONE;
}

const char *rs_cunit_name(enum rs_cunit u)
{
	switch (u) {
	case RS_CU_BYTES: return "bytes";
	case RS_CU_WORDS: return "4-byte words";
	case RS_CU_PACKETS: return "packets";
	case RS_CU_EVENTS: return "events";
	default: return "";
	}
}

/* Loss and its repair are errors: any increase is a finding. */
void rs_meaning_defaults(enum rs_meaning m, enum rs_cgroup *group, unsigned *flags)
{
	*flags = 0;
	switch (m) {
	case RS_M_TX_BYTES: case RS_M_RX_BYTES:
		*group = RS_CG_TRAFFIC;
		*flags = RS_CF_BYTES;
		return;
	case RS_M_TX_PACKETS: case RS_M_RX_PACKETS:
		*group = RS_CG_TRAFFIC;
		return;
	case RS_M_CNP_SENT: case RS_M_CNP_HANDLED: case RS_M_ECN_MARKED:
		*group = RS_CG_CONGESTION;
		return;
	case RS_M_OUT_OF_SEQUENCE: case RS_M_RETRANSMIT: case RS_M_TIMEOUT:
	case RS_M_RNR_NAK: case RS_M_DUPLICATE:
		*group = RS_CG_ROCE_ERR;
		*flags = RS_CF_ERROR;
		return;
	case RS_M_DROP:
		*group = RS_CG_DROPS;
		*flags = RS_CF_ERROR;
		return;
	case RS_M_ERROR:
		*group = RS_CG_QP_FATAL;
		*flags = RS_CF_ERROR;
		return;
	case RS_M_RESOURCE:
		*group = RS_CG_RESOURCE;
		return;
	default:
		*group = RS_CG_OTHER;
		return;
	}
}

int rs_counter_prio(const char *name)
{
	int prio = -1;

	/* the last number in the name: rx_prio3_pause, mac_rx_pfc_pri3_pkt_num */
	for (const char *p = name; *p; p++)
		if (isdigit((unsigned char)*p) && (p == name || !isdigit((unsigned char)p[-1])))
			prio = atoi(p);
	return prio >= 0 && prio < 8 ? prio : -1;
}
