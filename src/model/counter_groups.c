/* SPDX-License-Identifier: MIT */
/*
 * counter_groups.c - the table behind counter_groups.h.
 *
 * Sources for the names: the kernel's mlx5 hw_counters (drivers/infiniband/
 * hw/mlx5/counters.c), rxe's (sw/rxe/rxe_hw_counters.c, seen in the lab),
 * the IB PMA counters/ every device has, and the mlx5e ethtool -S names for
 * pause, PFC, physical-port and PCIe counters.  Two look-alikes are kept
 * apart on purpose: hw_counters/out_of_buffer (RDMA receive queue had no
 * WQE) and ethtool's rx_out_of_buffer (Ethernet RQ had no buffer).
 */
#include "model/counter_groups.h"

#include <ctype.h>
#include <stddef.h>
#include <string.h>

#define P(n, g, f, t) { .name = n, .origin = RS_CO_PORT, .group = g, .flags = f, .note = t }
#define PW(n, g, f, t) { .name = n, .origin = RS_CO_PORT, .group = g, .flags = f, .note = t, \
			 .scale = 4 }
#define N(n, g, f, t) { .name = n, .origin = RS_CO_NETDEV, .group = g, .flags = f, .note = t }
#define H(n, g, f, t) { .name = n, .origin = RS_CO_HW, .group = g, .flags = f, .note = t }
#define E(n, g, f, t) { .name = n, .origin = RS_CO_ETHTOOL, .group = g, .flags = f, .note = t }
#define ERR RS_CF_ERROR

static const struct rs_counter_class classes[] = {
	/* RDMA traffic */
	/* IBTA PortXmitData/PortRcvData count octets divided by 4. */
	PW("port_xmit_data", RS_CG_TRAFFIC, RS_CF_BYTES, "bytes sent"),
	PW("port_rcv_data", RS_CG_TRAFFIC, RS_CF_BYTES, "bytes received"),
	P("port_xmit_packets", RS_CG_TRAFFIC, 0, ""),
	P("port_rcv_packets", RS_CG_TRAFFIC, 0, ""),
	P("unicast_xmit_packets", RS_CG_TRAFFIC, 0, ""),
	P("unicast_rcv_packets", RS_CG_TRAFFIC, 0, ""),
	P("multicast_xmit_packets", RS_CG_TRAFFIC, 0, ""),
	P("multicast_rcv_packets", RS_CG_TRAFFIC, 0, ""),
	H("sent_pkts", RS_CG_TRAFFIC, 0, "rxe packets sent"),
	H("rcvd_pkts", RS_CG_TRAFFIC, 0, "rxe packets received"),
	H("rdma_sends", RS_CG_TRAFFIC, 0, ""),
	H("rdma_recvs", RS_CG_TRAFFIC, 0, ""),
	H("rx_write_requests", RS_CG_TRAFFIC, 0, ""),
	H("rx_read_requests", RS_CG_TRAFFIC, 0, ""),
	H("rx_atomic_requests", RS_CG_TRAFFIC, 0, ""),

	/* RoCE errors and retransmissions (mlx5) */
	H("out_of_sequence", RS_CG_ROCE_ERR, ERR, "packet loss seen by responder"),
	H("packet_seq_err", RS_CG_ROCE_ERR, ERR, "NAK sequence error received"),
	H("local_ack_timeout_err", RS_CG_ROCE_ERR, ERR, "ACK timeout: loss or dead peer"),
	H("rnr_nak_retry_err", RS_CG_ROCE_ERR, ERR, "RNR NAKs received, retries left"),
	H("duplicate_request", RS_CG_ROCE_ERR, ERR | RS_CF_NOISY, "retransmitted requests seen"),
	H("implied_nak_seq_err", RS_CG_ROCE_ERR, ERR, "read/atomic response gap"),
	H("roce_adp_retrans", RS_CG_ROCE_ERR, ERR, "adaptive retransmissions"),
	H("roce_adp_retrans_to", RS_CG_ROCE_ERR, ERR, "adaptive retrans. timeouts"),
	H("roce_slow_restart", RS_CG_ROCE_ERR, ERR, ""),
	H("roce_slow_restart_cnps", RS_CG_ROCE_ERR, 0, ""),
	H("roce_slow_restart_trans", RS_CG_ROCE_ERR, 0, ""),
	H("rx_icrc_encapsulated", RS_CG_ROCE_ERR, ERR, "ICRC errors"),
	/* RoCE errors (rxe) */
	H("completer_retry_err", RS_CG_ROCE_ERR, ERR | RS_CF_NOISY, "rxe: retransmit timer fired"),
	H("rcvd_seq_err", RS_CG_ROCE_ERR, ERR, "rxe: sequence errors received"),
	H("rcvd_rnr_err", RS_CG_ROCE_ERR, ERR, ""),
	H("send_err", RS_CG_ROCE_ERR, ERR, "rxe: could not send"),
	H("send_rnr_err", RS_CG_ROCE_ERR, ERR, ""),
	H("out_of_seq_request", RS_CG_ROCE_ERR, ERR, ""),
	H("ack_deferred", RS_CG_ROCE_ERR, 0, ""),

	/* Fatal QP errors: the QP went to the error state (its work requests
	 * complete with an error status, the rest are flushed). */
	H("req_cqe_error", RS_CG_QP_FATAL, ERR, "requester completions in error"),
	H("req_cqe_flush_error", RS_CG_QP_FATAL, ERR, "requests flushed (QP in error)"),
	H("req_remote_access_errors", RS_CG_QP_FATAL, ERR, "bad rkey/permissions"),
	H("req_remote_invalid_request", RS_CG_QP_FATAL, ERR, ""),
	H("req_transport_retries_exceeded", RS_CG_QP_FATAL, ERR, "no ACK after every retry"),
	H("req_rnr_retries_exceeded", RS_CG_QP_FATAL, ERR, "receiver not ready, retries out"),
	H("resp_cqe_error", RS_CG_QP_FATAL, ERR, "responder completions in error"),
	H("resp_cqe_flush_error", RS_CG_QP_FATAL, ERR, "receives flushed (QP in error)"),
	H("resp_local_length_error", RS_CG_QP_FATAL, ERR, "receive buffer too small"),
	H("resp_remote_access_errors", RS_CG_QP_FATAL, ERR, ""),
	H("retry_exceeded_err", RS_CG_QP_FATAL, ERR, "rxe: retry count exceeded"),
	H("retry_rnr_exceeded_err", RS_CG_QP_FATAL, ERR, "rxe: RNR retries exceeded"),

	/* Link errors: the physical layer (cable, optics, connector) */
	P("symbol_error", RS_CG_LINK, ERR, "bad symbols on the wire"),
	P("link_error_recovery", RS_CG_LINK, ERR, "link retrained"),
	P("link_downed", RS_CG_LINK, ERR, "link went down"),
	P("local_link_integrity_errors", RS_CG_LINK, ERR, ""),
	P("port_rcv_errors", RS_CG_LINK, ERR, "packets received with errors"),
	P("port_rcv_remote_physical_errors", RS_CG_LINK, ERR, ""),
	H("link_downed", RS_CG_LINK, ERR, "rxe: link went down"),
	E("rx_crc_errors_phy", RS_CG_LINK, ERR, "bad frames: cable/optics"),
	E("rx_symbol_err_phy", RS_CG_LINK, ERR, ""),
	E("link_down_events_phy", RS_CG_LINK, ERR, "link went down"),
	/* IFLA_CARRIER_CHANGES: judged by net.link_flaps, not as an error. */
	N("carrier_changes", RS_CG_LINK, 0, "carrier up/down events (link flaps)"),

	/* Congestion (ECN / CNP, DCQCN) */
	H("np_cnp_sent", RS_CG_CONGESTION, 0, "CNPs sent (we were ECN-marked)"),
	H("np_ecn_marked_roce_packets", RS_CG_CONGESTION, 0, "ECN-marked packets in"),
	H("rp_cnp_handled", RS_CG_CONGESTION, 0, "CNPs received, rate cut"),
	H("rp_cnp_ignored", RS_CG_CONGESTION, 0, ""),
	P("port_xmit_wait", RS_CG_CONGESTION, 0, "ticks with data but no credit"),

	/* Pause and PFC */
	E("rx_pause_ctrl_phy", RS_CG_PAUSE, 0, "802.3x pause frames in"),
	E("tx_pause_ctrl_phy", RS_CG_PAUSE, 0, "802.3x pause frames out"),
	E("rx_prio#_pause", RS_CG_PAUSE, 0, ""),
	E("tx_prio#_pause", RS_CG_PAUSE, 0, ""),
	E("rx_prio#_pause_duration", RS_CG_PAUSE, 0, ""),
	E("tx_prio#_pause_duration", RS_CG_PAUSE, 0, ""),
	E("rx_prio#_pause_transition", RS_CG_PAUSE, 0, ""),
	E("tx_pause_storm_warning_events", RS_CG_PAUSE, ERR, ""),
	E("tx_pause_storm_error_events", RS_CG_PAUSE, ERR, "pause storm: TX stopped"),

	/* Drops and buffers */
	H("out_of_buffer", RS_CG_DROPS, ERR, "RDMA RQ had no WQE (hw_counters)"),
	E("rx_out_of_buffer", RS_CG_DROPS, ERR, "Ethernet RQ had no buffer (ethtool)"),
	E("rx_discards_phy", RS_CG_DROPS, ERR, "NIC buffer full: dropped"),
	E("tx_discards_phy", RS_CG_DROPS, ERR, ""),
	E("rx_buffer_passed_thres_phy", RS_CG_DROPS, 0, "buffer over threshold"),
	E("rx_prio#_discards", RS_CG_DROPS, ERR, ""),
	P("port_xmit_discards", RS_CG_DROPS, ERR, ""),
	P("port_rcv_switch_relay_errors", RS_CG_DROPS, ERR, ""),
	P("port_rcv_constraint_errors", RS_CG_DROPS, ERR, ""),
	P("port_xmit_constraint_errors", RS_CG_DROPS, ERR, ""),
	P("excessive_buffer_overrun_errors", RS_CG_DROPS, ERR, ""),
	P("VL15_dropped", RS_CG_DROPS, 0, ""),

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
	N("rx_dropped", RS_CG_DROPS, ERR, "netdev dropped on receive"),
	N("tx_dropped", RS_CG_DROPS, ERR, "netdev dropped on send"),
	N("rx_errors", RS_CG_DROPS, ERR, ""),
	N("tx_errors", RS_CG_DROPS, ERR, ""),

	/* Units only: byte counters not shown by group. */
	N("*bytes*", RS_CG_HIDDEN, RS_CF_BYTES, ""),
	E("*bytes*", RS_CG_HIDDEN, RS_CF_BYTES, ""),
};

static const struct rs_counter_class other_port = {
	.name = "", .origin = RS_CO_PORT, .group = RS_CG_OTHER, .flags = 0, .note = "",
};
static const struct rs_counter_class other_hw = {
	.name = "", .origin = RS_CO_HW, .group = RS_CG_OTHER, .flags = 0, .note = "",
};

static const char *const group_names[RS_CG_COUNT] = {
	[RS_CG_TRAFFIC] = "RDMA traffic",
	[RS_CG_ROCE_ERR] = "RoCE errors and retransmissions",
	[RS_CG_QP_FATAL] = "Fatal QP errors (QP in error state)",
	[RS_CG_LINK] = "Link errors (cable, optics, flaps)",
	[RS_CG_CONGESTION] = "Congestion (ECN/CNP)",
	[RS_CG_PAUSE] = "Pause and PFC",
	[RS_CG_DROPS] = "Drops and buffers",
	[RS_CG_PCIE] = "PCIe",
	[RS_CG_OTHER] = "Other RDMA counters",
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

const struct rs_counter_class *rs_counter_classify(enum rs_corigin origin, const char *name)
{
	for (size_t i = 0; i < sizeof(classes) / sizeof(classes[0]); i++) {
		const struct rs_counter_class *c = &classes[i];

		if (c->origin == origin && rs_counter_name_match(c->name, name))
			return c;
	}
	if (origin == RS_CO_PORT)
		return &other_port;
	if (origin == RS_CO_HW)
		return strcmp(name, "lifespan") ? &other_hw : NULL;
	return NULL;
}

unsigned rs_counter_class_scale(const struct rs_counter_class *c)
{
	return c && c->scale ? c->scale : 1;
}

int rs_counter_is_bytes(enum rs_corigin origin, const char *name)
{
	const struct rs_counter_class *c = rs_counter_classify(origin, name);

	return c && (c->flags & RS_CF_BYTES);
}

const char *rs_cgroup_name(enum rs_cgroup g)
{
	return (unsigned)g < RS_CG_COUNT ? group_names[g] : "?";
}

const char *rs_corigin_name(enum rs_corigin o)
{
	return (unsigned)o < RS_CO_COUNT ? origin_names[o] : "?";
}
