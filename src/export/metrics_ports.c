/* SPDX-License-Identifier: MIT */
/*
 * metrics_ports.c - the families about RDMA devices, their ports and the
 * ports' netdevs: identity, link state, counters, rates, RDMA resources,
 * 802.3x pause and PFC.
 *
 * node_exporter's infiniband collector is the model for the IB port
 * counters: the same names after the rocescope_ prefix
 * (port_data_transmitted_bytes_total, ...), with port_xmit_data's 4-byte
 * words turned into bytes, so a dashboard written for node_infiniband_*
 * moves over by renaming.  Beyond it: every RoCE hw_counter (one family,
 * the counter's name as a label: the names are the driver's), rates of
 * the last interval, the PCIe link and the RDMA resources.  The ports'
 * netdevs (pause, PFC) are in metrics_netdev.c.
 *
 * Beside the raw counters, one family per meaning (counter_groups.h):
 * rocescope_rdma_cnp_sent_total is np_cnp_sent on mlx5, tx_cnp_pkts or
 * np_cnp_sent on bnxt_re, cnpSent on irdma, tx_cnp_pkt on hns, with the
 * driver and its counter's name as labels, so one query serves every
 * vendor.  Bytes are in bytes (port_xmit_data's words times 4); a counter
 * that is a part of another of its meaning (bnxt_re's RoCE-only bytes) is
 * left out, so that a sum over a port counts each byte once.
 */
#include "export/metrics_priv.h"
#include "model/counter_groups.h"
#include "model/counter_tables.h"
#include "model/port_rates.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* counters/ entries with a name of their own (node_exporter's). */
static const struct named {
	const char *counter, *metric, *help;
} port_named[] = {
	{ "port_xmit_data", "rocescope_port_data_transmitted_bytes_total",
	  "Data octets transmitted on the port (counters/port_xmit_data, 4-byte words, in bytes)." },
	{ "port_rcv_data", "rocescope_port_data_received_bytes_total",
	  "Data octets received on the port (counters/port_rcv_data, 4-byte words, in bytes)." },
	{ "port_xmit_packets", "rocescope_port_packets_transmitted_total",
	  "Packets transmitted on the port, errors included (counters/port_xmit_packets)." },
	{ "port_rcv_packets", "rocescope_port_packets_received_total",
	  "Packets received on the port, errors included (counters/port_rcv_packets)." },
	{ "unicast_xmit_packets", "rocescope_unicast_packets_transmitted_total",
	  "Unicast packets transmitted (counters/unicast_xmit_packets)." },
	{ "unicast_rcv_packets", "rocescope_unicast_packets_received_total",
	  "Unicast packets received (counters/unicast_rcv_packets)." },
	{ "multicast_xmit_packets", "rocescope_multicast_packets_transmitted_total",
	  "Multicast packets transmitted (counters/multicast_xmit_packets)." },
	{ "multicast_rcv_packets", "rocescope_multicast_packets_received_total",
	  "Multicast packets received (counters/multicast_rcv_packets)." },
	{ "port_xmit_discards", "rocescope_port_discards_transmitted_total",
	  "Outbound packets discarded because the port was down or congested." },
	{ "port_rcv_errors", "rocescope_port_errors_received_total",
	  "Packets with an error received on the port (counters/port_rcv_errors)." },
	{ "port_rcv_constraint_errors", "rocescope_port_constraint_errors_received_total",
	  "Received packets discarded by a constraint (counters/port_rcv_constraint_errors)." },
	{ "port_xmit_constraint_errors", "rocescope_port_constraint_errors_transmitted_total",
	  "Packets not transmitted because of a constraint." },
	{ "port_xmit_wait", "rocescope_port_transmit_wait_total",
	  "Ticks the port had data to send but no credit or pause let it (counters/port_xmit_wait)." },
	{ "link_downed", "rocescope_link_downed_total",
	  "Times the link failed to recover from an error and went down." },
	{ "link_error_recovery", "rocescope_link_error_recovery_total",
	  "Times the link recovered from an error." },
};

static int is_named(const char *counter)
{
	for (size_t i = 0; i < RS_ARRAY_SIZE(port_named); i++)
		if (!strcmp(port_named[i].counter, counter))
			return 1;
	return 0;
}

/* Every port of every device, in the snapshot's order. */
struct port_it {
	const struct rs_snapshot *s;
	size_t di, pi;			/* the next one to look at */
	const struct rs_device *d;
	const struct rs_port *p;
	char num[16];			/* the port number as a label value */
};

static int next_port(struct port_it *it)
{
	while (it->di < it->s->n_devices && it->pi >= it->s->devices[it->di].n_ports) {
		it->di++;
		it->pi = 0;
	}
	if (it->di >= it->s->n_devices)
		return 0;
	it->d = &it->s->devices[it->di];
	it->p = &it->d->ports[it->pi++];
	snprintf(it->num, sizeof(it->num), "%u", it->p->num);
	return 1;
}

#define FOR_PORTS(it, snap) for (struct port_it it = { .s = (snap) }; next_port(&it);)

/* ------------------------------------------------------------- devices */

static void device_identity(struct rs_mw *w, const struct rs_snapshot *s)
{
	rs_mw_family(w, "rocescope_device_info", RS_MT_INFO,
		     "An RDMA device: NIC generation, HCA type, PSID, firmware, driver, PCI address.");
	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_device *d = &s->devices[i];

		rs_mw_u64(w, 1, "device", d->name, "generation", d->generation,
			  "hca_type", d->hca_type, "board_id", d->board_id,
			  "fw_version", d->fw_ver, "driver", d->driver, "pci_address", d->pci.addr,
			  NULL);
	}
	rs_mw_family(w, "rocescope_device_present", RS_MT_GAUGE,
		     "1 while the device is there, 0 once it vanished (driver unloaded, removed).");
	for (size_t i = 0; i < s->n_devices; i++)
		rs_mw_u64(w, s->devices[i].present != 0, "device", s->devices[i].name, NULL);
}

/* The PCIe link: what caps a port below its line rate ("why 60 Gb/s"). */
static void device_pcie(struct rs_mw *w, const struct rs_snapshot *s)
{
	rs_mw_family(w, "rocescope_device_pcie_link_lanes", RS_MT_GAUGE,
		     "PCIe link width of the device's function: link=\"current\" as trained, "
		     "\"max\" as the card supports.");
	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_pci_link *l = &s->devices[i].pci;

		if (l->cur_width > 0)
			rs_mw_u64(w, (uint64_t)l->cur_width, "device", s->devices[i].name,
				  "link", "current", NULL);
		if (l->max_width > 0)
			rs_mw_u64(w, (uint64_t)l->max_width, "device", s->devices[i].name,
				  "link", "max", NULL);
	}
	rs_mw_family(w, "rocescope_device_pcie_link_transfers_per_second", RS_MT_GAUGE,
		     "PCIe link speed per lane (8e9 is 8 GT/s, Gen3), current and max.");
	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_pci_link *l = &s->devices[i].pci;

		if (l->cur_gts > 0)
			rs_mw_f64(w, l->cur_gts * 1e9, "device", s->devices[i].name,
				  "link", "current", NULL);
		if (l->max_gts > 0)
			rs_mw_f64(w, l->max_gts * 1e9, "device", s->devices[i].name,
				  "link", "max", NULL);
	}
}

static void device_resources(struct rs_mw *w, const struct rs_snapshot *s)
{
	static const char *const types[] = { "qp", "cq", "mr", "pd", "cm_id", "ctx", "srq" };

	rs_mw_family(w, "rocescope_rdma_resources_known", RS_MT_GAUGE,
		     "1 when the device's RDMA resources were read from RDMA netlink, 0 when not "
		     "(a kernel without it, a recorded host).");
	for (size_t i = 0; i < s->n_devices; i++)
		rs_mw_u64(w, s->devices[i].res.known != 0, "device", s->devices[i].name, NULL);
	rs_mw_family(w, "rocescope_rdma_resources", RS_MT_GAUGE,
		     "RDMA objects of the device now, by type (qp, cq, mr, pd, cm_id, ctx, srq), "
		     "as rdma resource show counts them (the kernel's own included).");
	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_rdma_res *r = &s->devices[i].res;
		const uint64_t v[] = { r->qp, r->cq, r->mr, r->pd, r->cm_id, r->ctx, r->srq };

		for (size_t k = 0; r->known && k < RS_ARRAY_SIZE(types); k++)
			rs_mw_u64(w, v[k], "device", s->devices[i].name, "type", types[k], NULL);
	}
	rs_mw_family(w, "rocescope_rdma_queue_pairs", RS_MT_GAUGE,
		     "Queue pairs of the device by state (RESET, INIT, RTR, RTS, SQD, SQE, ERR): "
		     "RTS carries traffic, ERR is a broken connection.");
	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_rdma_res *r = &s->devices[i].res;

		for (int st = 0; r->known && r->qp_states_known && st < RS_QP_STATES; st++)
			rs_mw_u64(w, rs_rdma_res_qps_in(r, st), "device", s->devices[i].name,
				  "state", rs_qp_state_name(st), NULL);
	}
}

void rs_metrics_devices(struct rs_mw *w, const struct rs_metrics_src *src)
{
	device_identity(w, src->snap);
	device_pcie(w, src->snap);
	device_resources(w, src->snap);
}

/* --------------------------------------------------------------- ports */

static void port_state(struct rs_mw *w, const struct rs_snapshot *s)
{
	rs_mw_family(w, "rocescope_port_info", RS_MT_INFO,
		     "A port of an RDMA device: its link layer and its Ethernet netdev.");
	FOR_PORTS(it, s)
		rs_mw_u64(w, 1, "device", it.d->name, "port", it.num, "netdev", it.p->netdev,
			  "link_layer", it.p->link_layer, NULL);
	rs_mw_family(w, "rocescope_port_state_id", RS_MT_GAUGE,
		     "Port state (1: down, 2: init, 3: armed, 4: active, 5: active defer).");
	FOR_PORTS(it, s)
		if (it.p->state)
			rs_mw_u64(w, (uint64_t)it.p->state, "device", it.d->name, "port", it.num, NULL);
	rs_mw_family(w, "rocescope_port_physical_state_id", RS_MT_GAUGE,
		     "Physical state (1: sleep, 2: polling, 3: disabled, 4: training, 5: link up, "
		     "6: link error recovery, 7: test).");
	FOR_PORTS(it, s)
		if (it.p->phys_state)
			rs_mw_u64(w, (uint64_t)it.p->phys_state, "device", it.d->name, "port", it.num, NULL);
	rs_mw_family(w, "rocescope_port_up", RS_MT_GAUGE, "1 when the port is ACTIVE.");
	FOR_PORTS(it, s)
		rs_mw_u64(w, it.p->state == RS_PORT_ACTIVE, "device", it.d->name, "port", it.num, NULL);
	rs_mw_family(w, "rocescope_port_rate_bytes_per_second", RS_MT_GAUGE,
		     "Link rate of the port (100 Gb/s is 12.5e9 bytes per second).");
	FOR_PORTS(it, s)
		if (it.p->rate_gbps > 0)
			rs_mw_f64(w, it.p->rate_gbps * 1e9 / 8, "device", it.d->name, "port", it.num, NULL);
	rs_mw_family(w, "rocescope_port_active_mtu_bytes", RS_MT_GAUGE,
		     "The RoCE path MTU the port uses (from libibverbs; live hosts only).");
	FOR_PORTS(it, s)
		if (it.p->active_mtu > 0)
			rs_mw_u64(w, (uint64_t)it.p->active_mtu, "device", it.d->name, "port", it.num, NULL);
}

static void port_counters(struct rs_mw *w, const struct rs_snapshot *s)
{
	for (size_t k = 0; k < RS_ARRAY_SIZE(port_named); k++) {
		rs_mw_family(w, port_named[k].metric, RS_MT_COUNTER, port_named[k].help);
		FOR_PORTS(it, s) {
			const struct rs_counter *c = rs_counter_set_find(&it.p->counters,
									  port_named[k].counter);
			if (c)
				rs_mw_u64(w, c->value * rs_counter_class_scale(
						  rs_counter_classify(RS_CO_PORT, c->name)),
					  "device", it.d->name, "port", it.num, NULL);
		}
	}
	rs_mw_family(w, "rocescope_port_ib_events_total", RS_MT_COUNTER,
		     "The other IB port counters (ports/P/counters/), by their sysfs name.");
	FOR_PORTS(it, s)
		for (size_t i = 0; i < it.p->counters.count; i++)
			if (!is_named(it.p->counters.items[i].name))
				rs_mw_u64(w, it.p->counters.items[i].value, "device", it.d->name,
					  "port", it.num, "counter", it.p->counters.items[i].name, NULL);
	rs_mw_family(w, "rocescope_port_roce_events_total", RS_MT_COUNTER,
		     "RoCE transport counters of the port (ports/P/hw_counters/: retransmissions, "
		     "sequence errors, timeouts, CNPs, ECN marks), by the driver's name.");
	FOR_PORTS(it, s)
		for (size_t i = 0; i < it.p->hw_counters.count; i++)
			rs_mw_u64(w, it.p->hw_counters.items[i].value, "device", it.d->name,
				  "port", it.num, "counter", it.p->hw_counters.items[i].name, NULL);
}

/* The families by meaning, in the vocabulary's order. */
static const struct {
	enum rs_meaning m;
	const char *metric, *help;
	enum rs_mtype type;
} meaning_families[] = {
	{ RS_M_TX_BYTES, "rocescope_rdma_transmitted_bytes_total",
	  "RDMA data sent, in bytes, whatever the driver calls its counter.", RS_MT_COUNTER },
	{ RS_M_RX_BYTES, "rocescope_rdma_received_bytes_total",
	  "RDMA data received, in bytes.", RS_MT_COUNTER },
	{ RS_M_TX_PACKETS, "rocescope_rdma_transmitted_packets_total",
	  "RDMA packets sent.", RS_MT_COUNTER },
	{ RS_M_RX_PACKETS, "rocescope_rdma_received_packets_total",
	  "RDMA packets received.", RS_MT_COUNTER },
	{ RS_M_CNP_SENT, "rocescope_rdma_cnp_sent_total",
	  "CNPs sent: ECN-marked packets arrived (DCQCN notification point).", RS_MT_COUNTER },
	{ RS_M_CNP_HANDLED, "rocescope_rdma_cnp_handled_total",
	  "CNPs received and acted on: the sender slowed down (DCQCN reaction point).",
	  RS_MT_COUNTER },
	{ RS_M_ECN_MARKED, "rocescope_rdma_ecn_marked_packets_total",
	  "ECN-marked (CE) RoCE packets received: congestion on the path.", RS_MT_COUNTER },
	{ RS_M_OUT_OF_SEQUENCE, "rocescope_rdma_out_of_sequence_total",
	  "PSN gaps: a packet was lost on the path.", RS_MT_COUNTER },
	{ RS_M_RETRANSMIT, "rocescope_rdma_retransmits_total",
	  "Retransmissions by the requester.", RS_MT_COUNTER },
	{ RS_M_TIMEOUT, "rocescope_rdma_timeouts_total",
	  "ACK timeouts (the retransmission timer fired).", RS_MT_COUNTER },
	{ RS_M_RNR_NAK, "rocescope_rdma_rnr_naks_total",
	  "Receiver-not-ready NAKs: no receive was posted in time.", RS_MT_COUNTER },
	{ RS_M_DUPLICATE, "rocescope_rdma_duplicates_total",
	  "Requests seen twice: the other side retransmitted.", RS_MT_COUNTER },
	{ RS_M_DROP, "rocescope_rdma_drops_total",
	  "Packets dropped for want of buffers (no receive WQE) or discarded.", RS_MT_COUNTER },
	{ RS_M_ERROR, "rocescope_rdma_errors_total",
	  "Completion, protocol, access and link errors.", RS_MT_COUNTER },
	{ RS_M_RESOURCE, "rocescope_rdma_resource_objects",
	  "RDMA objects in use or their high-water mark, as the driver counts them.",
	  RS_MT_GAUGE },
};

static void meaning_samples(struct rs_mw *w, const struct port_it *it,
			    const struct rs_ctr_table *t, enum rs_corigin o,
			    const struct rs_counter_set *set, enum rs_meaning m)
{
	for (size_t i = 0; i < set->count; i++) {
		const struct rs_counter *c = &set->items[i];
		const struct rs_counter_class *cls = rs_ctr_classify(t, o, c->name);

		if (!cls || cls->meaning != m || cls->part)
			continue;
		rs_mw_u64(w, c->value * rs_counter_class_scale(cls), "device", it->d->name,
			  "port", it->num, "driver", t ? t->driver : "", "set", rs_corigin_name(o),
			  "counter", c->name, NULL);
	}
}

static void port_meanings(struct rs_mw *w, const struct rs_snapshot *s)
{
	for (size_t k = 0; k < RS_ARRAY_SIZE(meaning_families); k++) {
		rs_mw_family(w, meaning_families[k].metric, meaning_families[k].type,
			     meaning_families[k].help);
		FOR_PORTS(it, s) {
			const struct rs_ctr_table *t = rs_ctr_table_for(it.d);

			meaning_samples(w, &it, t, RS_CO_PORT, &it.p->counters,
					meaning_families[k].m);
			meaning_samples(w, &it, t, RS_CO_HW, &it.p->hw_counters,
					meaning_families[k].m);
		}
	}
}

/*
 * A port's load over the last interval by meaning, as the Overview reads it
 * (port_rates.h): the PMA's port_xmit_data on mlx5, tx_bytes on bnxt_re,
 * ip4OutOctets + ip6OutOctets on irdma; 0 when the port has no rate yet.
 */
static int load_of(const struct rs_metrics_src *src, const struct rs_device *d,
		   const struct rs_port *p, struct rs_port_rates *r)
{
	if (!src->series)
		return 0;
	rs_port_rates(src->series, d, p, r);
	return r->rated;
}

/* v, or nothing when < 0 (the NIC has no counter of the meaning). */
static void rate_line(struct rs_mw *w, double v, const struct rs_device *d, const char *num)
{
	if (v >= 0)
		rs_mw_f64(w, v, "device", d->name, "port", num, NULL);
}

static void port_rates(struct rs_mw *w, const struct rs_metrics_src *src)
{
	static const struct {
		const char *metric, *help;
	} r[] = {
		{ "rocescope_port_transmit_bytes_per_second",
		  "Data sent over the last refresh interval, in bytes (port_xmit_data, or the "
		  "driver's counters of meaning tx_bytes)." },
		{ "rocescope_port_receive_bytes_per_second",
		  "Data received over the last refresh interval." },
		{ "rocescope_port_transmit_packets_per_second",
		  "Packets sent per second over the last refresh interval." },
		{ "rocescope_port_receive_packets_per_second",
		  "Packets received per second over the last refresh interval." },
		{ "rocescope_port_transmit_utilization_ratio",
		  "Data sent over the last interval as a share of the link rate (0 to 1)." },
	};
	for (size_t k = 0; k < RS_ARRAY_SIZE(r); k++) {
		rs_mw_family(w, r[k].metric, RS_MT_GAUGE, r[k].help);
		FOR_PORTS(it, src->snap) {
			struct rs_port_rates pr;

			if (!load_of(src, it.d, it.p, &pr))
				continue;
			switch (k) {
			case 0: rate_line(w, pr.tx_bps < 0 ? -1 : pr.tx_bps / 8, it.d, it.num); break;
			case 1: rate_line(w, pr.rx_bps < 0 ? -1 : pr.rx_bps / 8, it.d, it.num); break;
			case 2: rate_line(w, pr.tx_pps, it.d, it.num); break;
			case 3: rate_line(w, pr.rx_pps, it.d, it.num); break;
			default:
				rate_line(w, pr.tx_bps < 0 || pr.link_gbps <= 0 ? -1 :
					  pr.tx_bps / (pr.link_gbps * 1e9), it.d, it.num);
			}
		}
	}
}

void rs_metrics_ports(struct rs_mw *w, const struct rs_metrics_src *src)
{
	port_state(w, src->snap);
	port_counters(w, src->snap);
	port_meanings(w, src->snap);
	port_rates(w, src);
}
