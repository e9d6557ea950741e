/* SPDX-License-Identifier: MIT */
/*
 * snapshot_schema.c - the field tables of every snapshot struct, in the
 * order the fields are written (the order of snapshot.h).
 *
 * Each RS_F_* macro checks the member's C type with _Generic: the controlling
 * expression is not evaluated, and a type with no matching association is a
 * compile error.  Counts of arrays are not in the file (the sequence length
 * is the count), so they have no entry of their own.
 */
#include "model/snapshot_check.h"
#include "model/snapshot_schema.h"

#include "util.h"

#define RS_MEMBER(T, m) (((T *)0)->m)
#define RS_CHECK(T, m, ctype) (0 * _Generic(RS_MEMBER(T, m), ctype: 1))

#define RS_F(T, m, ft, ctype) \
	{ #m, ft, offsetof(T, m) + RS_CHECK(T, m, ctype), sizeof(RS_MEMBER(T, m)), 0, NULL, 0, NULL }
#define RS_F_INT(T, m)		RS_F(T, m, RS_FT_INT, int)
#define RS_F_INT_DEF(T, m, d) \
	{ #m, RS_FT_INT, offsetof(T, m) + RS_CHECK(T, m, int), sizeof(int), 0, NULL, d, NULL }
#define RS_F_BOOL(T, m)		RS_F(T, m, RS_FT_BOOL, int)
#define RS_F_BOOL_DEF(T, m, d) \
	{ #m, RS_FT_BOOL, offsetof(T, m) + RS_CHECK(T, m, int), sizeof(int), 0, NULL, d, NULL }
#define RS_F_UINT(T, m)		RS_F(T, m, RS_FT_UINT, unsigned int)
#define RS_F_ULONG(T, m)	RS_F(T, m, RS_FT_ULONG, unsigned long)
#define RS_F_U64(T, m)		RS_F(T, m, RS_FT_U64, uint64_t)
#define RS_F_MEMLOCK(T, m)	RS_F(T, m, RS_FT_MEMLOCK, uint64_t)
#define RS_F_DOUBLE(T, m)	RS_F(T, m, RS_FT_DOUBLE, double)
#define RS_F_STR(T, m)		RS_F(T, m, RS_FT_STR, char *)
#define RS_F_GID_TYPE(T, m)	RS_F(T, m, RS_FT_GID_TYPE, enum rs_gid_type)
#define RS_F_AREA(T, m)		RS_F(T, m, RS_FT_AREA, enum rs_area)
#define RS_F_COUNTERS(T, m)	RS_F(T, m, RS_FT_COUNTERS, struct rs_counter_set)
#define RS_F_STRUCT(T, m, ctype, sc) \
	{ #m, RS_FT_STRUCT, offsetof(T, m) + RS_CHECK(T, m, ctype), sizeof(ctype), 0, &sc, 0, NULL }
#define RS_F_ARRAY(T, m, ctype, cnt, sc) \
	{ #m, RS_FT_ARRAY, offsetof(T, m) + RS_CHECK(T, m, ctype *) + RS_CHECK(T, cnt, size_t), \
	  sizeof(ctype), offsetof(T, cnt), &sc, 0, NULL }

#define RS_F_TIME(T, m)		RS_F(T, m, RS_FT_TIME, char *)
/* A number with the range the kernel can report (ranges below). */
#define RS_F_R(T, m, ft, ctype, r) \
	{ #m, ft, offsetof(T, m) + RS_CHECK(T, m, ctype), sizeof(RS_MEMBER(T, m)), 0, NULL, 0, &r }
#define RS_F_INT_R(T, m, r)	RS_F_R(T, m, RS_FT_INT, int, r)
#define RS_F_INT_DEF_R(T, m, d, r) \
	{ #m, RS_FT_INT, offsetof(T, m) + RS_CHECK(T, m, int), sizeof(int), 0, NULL, d, &r }
#define RS_F_UINT_R(T, m, r)	RS_F_R(T, m, RS_FT_UINT, unsigned int, r)
#define RS_F_DOUBLE_R(T, m, r)	RS_F_R(T, m, RS_FT_DOUBLE, double, r)

static int pcie_gts(double v)
{
	return rs_pcie_gts_known(v);
}

static int ib_rate(double v)
{
	return rs_ib_rate_known(v);
}

static int ib_mtu(double v)
{
	return rs_ib_mtu_known((int)v);
}

static int ip_family(double v)
{
	return v == 4 || v == 6;
}

/*
 * The ranges, with where the kernel bounds each.  A field without one
 * takes its whole C type (counters, counts, table ids, metrics, sizes).
 */
static const struct rs_range
	/* RS_GID_TBL_MAX slots at most (snapshot.h); the table length is checked too */
	gid_index = { 0, RS_GID_TBL_MAX - 1, NULL, 0, "0..65535" },
	/* 802.1Q VIDs are 12 bits (VLAN_VID_MASK 0xfff) */
	vlan = { -1, 4095, NULL, 0, "-1 (none) or 0..4095" },
	/* state_show/phys_state_show print "%d: NAME"; the reader takes 0..255 */
	port_state = { 0, 255, NULL, 0, "0..255" },
	rate = { 0, 2400, ib_rate, 1, "0 (unknown) or a rate the kernel prints: lane 2.5, 5, "
		 "10, 14, 25, 50, 100 or 200 Gb/s times 1, 2, 4, 8 or 12 lanes" },
	mtu = { 256, 4096, ib_mtu, 1, "0 (unknown), 256, 512, 1024, 2048 or 4096" },
	/* set_stats_lifespan() refuses more than 10000 ms */
	lifespan = { 0, 10000, NULL, 0, "0..10000 ms" },
	pci_id = { 0, 0xffff, NULL, 0, "0..0xffff" },
	gts = { 2.5, 128, pcie_gts, 1, "0 (unknown) or a PCIe speed the kernel prints: 2.5, 5, "
		"8, 16, 32, 64 or 128 GT/s" },
	/* the Link Status width field is 6 bits (PCI_EXP_LNKSTA_NLW) */
	width = { 0, 63, NULL, 0, "0..63 lanes" },
	/* IEEE 802.1Qaz: 8 traffic classes, pfc_en a bit per priority */
	pfc_cap = { 0, 8, NULL, 0, "0..8" },
	prio_bits = { 0, 255, NULL, 0, "0..255 (a bit per priority)" },
	/* an APP entry per DSCP value (64) and priority (8) at most */
	dscp_apps = { 0, 512, NULL, 0, "0..512" },
	/* ifindex and MTU are positive ints in the kernel (dev_validate_mtu) */
	ifindex = { 0, 2147483647, NULL, 0, "0..2147483647" },
	netdev_mtu = { 0, 2147483647, NULL, 0, "0..2147483647" },
	sysctl = { -1, 2147483647, NULL, 0, "-1 (unknown) or 0 and above" },
	family = { 4, 6, ip_family, 1, "0 (unknown), 4 or 6" },
	/* the DSCP field is 6 bits, a priority 3 */
	dscp = { -1, 63, NULL, 0, "-1 (unknown) or 0..63" },
	prio = { -1, 7, NULL, 0, "-1 (unknown) or 0..7" },
	/* RDMA_NLDEV_ATTR_RES_STATE: enum ib_qp_state, RESET..ERR (QPNs and
	 * PSNs come as u32: their whole type) */
	qp_state = { 0, 6, NULL, 0, "0 (RESET)..6 (ERR)" },
	ip_port = { 0, 65535, NULL, 0, "0..65535" },
	/* ETHTOOL_PFC_PREVENTION_TOUT is a u16 (0xffff: auto) */
	pfc_tout = { -1, 65535, NULL, 0, "-1 (unknown) or 0..65535 ms" },
	prefixlen = { 0, 128, NULL, 0, "0..128" },
	tristate = { -1, 1, NULL, 0, "-1 (unknown), 0 or 1" };
#define RS_SCHEMA_CHECKED(storage, var, label, table, fn) \
	_Static_assert(RS_ARRAY_SIZE(table) <= 64, label ": too many fields"); \
	storage const struct rs_schema var = { label, table, RS_ARRAY_SIZE(table), fn }
#define RS_SCHEMA(storage, var, label, table) \
	RS_SCHEMA_CHECKED(storage, var, label, table, NULL)

static const struct rs_field gid_fields[] = {
	RS_F_UINT_R(struct rs_gid, index, gid_index),
	RS_F_STR(struct rs_gid, gid),
	RS_F_GID_TYPE(struct rs_gid, type),
	RS_F_STR(struct rs_gid, netdev),
	RS_F_STR(struct rs_gid, ip),
	RS_F_BOOL(struct rs_gid, ipv4),
	RS_F_INT_DEF_R(struct rs_gid, vlan, -1, vlan),
};
RS_SCHEMA(static, gid_schema, "gid", gid_fields);

static const struct rs_field port_fields[] = {
	RS_F_UINT(struct rs_port, num),
	RS_F_INT_R(struct rs_port, state, port_state),
	RS_F_STR(struct rs_port, state_name),
	RS_F_INT_R(struct rs_port, phys_state, port_state),
	RS_F_STR(struct rs_port, phys_state_name),
	RS_F_STR(struct rs_port, rate),
	RS_F_DOUBLE_R(struct rs_port, rate_gbps, rate),
	RS_F_STR(struct rs_port, link_layer),
	RS_F_STR(struct rs_port, netdev),
	RS_F_INT_R(struct rs_port, active_mtu, mtu),
	RS_F_INT_R(struct rs_port, max_mtu, mtu),
	RS_F_UINT(struct rs_port, gid_tbl_len),
	RS_F_ARRAY(struct rs_port, gids, struct rs_gid, n_gids, gid_schema),
	RS_F_COUNTERS(struct rs_port, counters),
	RS_F_COUNTERS(struct rs_port, hw_counters),
	RS_F_UINT_R(struct rs_port, hw_lifespan_ms, lifespan),
	RS_F_UINT(struct rs_port, max_msg_sz),
	RS_F_BOOL(struct rs_port, cm_known),
	RS_F_STR(struct rs_port, cm_roce_mode),
	RS_F_INT(struct rs_port, cm_roce_tos),
};
RS_SCHEMA_CHECKED(static, port_schema, "port", port_fields, rs_check_port);

static const struct rs_field pci_fields[] = {
	RS_F_STR(struct rs_pci_link, addr),
	RS_F_UINT_R(struct rs_pci_link, vendor_id, pci_id),
	RS_F_UINT_R(struct rs_pci_link, device_id, pci_id),
	RS_F_STR(struct rs_pci_link, revision),
	RS_F_STR(struct rs_pci_link, vendor_name),
	RS_F_STR(struct rs_pci_link, device_name),
	RS_F_STR(struct rs_pci_link, names_note),
	RS_F_STR(struct rs_pci_link, cur_speed),
	RS_F_STR(struct rs_pci_link, max_speed),
	RS_F_DOUBLE_R(struct rs_pci_link, cur_gts, gts),
	RS_F_DOUBLE_R(struct rs_pci_link, max_gts, gts),
	RS_F_INT_R(struct rs_pci_link, cur_width, width),
	RS_F_INT_R(struct rs_pci_link, max_width, width),
};
RS_SCHEMA(static, pci_schema, "pci", pci_fields);

static const struct rs_field res_fields[] = {
	RS_F_BOOL(struct rs_rdma_res, known),
	RS_F_STR(struct rs_rdma_res, error),
	RS_F_U64(struct rs_rdma_res, qp),
	RS_F_U64(struct rs_rdma_res, cq),
	RS_F_U64(struct rs_rdma_res, mr),
	RS_F_U64(struct rs_rdma_res, pd),
	RS_F_U64(struct rs_rdma_res, cm_id),
	RS_F_U64(struct rs_rdma_res, ctx),
	RS_F_U64(struct rs_rdma_res, srq),
	RS_F_BOOL(struct rs_rdma_res, qp_states_known),
	RS_F_UINT(struct rs_rdma_res, qp_reset),
	RS_F_UINT(struct rs_rdma_res, qp_init),
	RS_F_UINT(struct rs_rdma_res, qp_rtr),
	RS_F_UINT(struct rs_rdma_res, qp_rts),
	RS_F_UINT(struct rs_rdma_res, qp_sqd),
	RS_F_UINT(struct rs_rdma_res, qp_sqe),
	RS_F_UINT(struct rs_rdma_res, qp_err),
};
RS_SCHEMA(static, res_schema, "res", res_fields);

static const struct rs_field qp_fields[] = {
	RS_F_UINT(struct rs_qp, lqpn),
	RS_F_UINT(struct rs_qp, port),
	RS_F_STR(struct rs_qp, type),
	RS_F_INT_R(struct rs_qp, state, qp_state),
	RS_F_BOOL(struct rs_qp, has_rqpn),
	RS_F_UINT(struct rs_qp, rqpn),
	RS_F_UINT(struct rs_qp, sq_psn),
	RS_F_UINT(struct rs_qp, rq_psn),
	RS_F_UINT(struct rs_qp, pdn),
	RS_F_UINT(struct rs_qp, pid),
	RS_F_STR(struct rs_qp, comm),
	RS_F_BOOL(struct rs_qp, kernel),
	RS_F_BOOL(struct rs_qp, cm),
	RS_F_STR(struct rs_qp, src_addr),
	RS_F_UINT_R(struct rs_qp, src_port, ip_port),
	RS_F_STR(struct rs_qp, dst_addr),
	RS_F_UINT_R(struct rs_qp, dst_port, ip_port),
	RS_F_UINT(struct rs_qp, counter_id),
	RS_F_COUNTERS(struct rs_qp, counters),
};
RS_SCHEMA(static, qp_schema, "qp", qp_fields);

static const struct rs_field irq_fields[] = {
	RS_F_UINT(struct rs_irq, irq),
	RS_F_STR(struct rs_irq, name),
	RS_F_STR(struct rs_irq, affinity),
	RS_F_STR(struct rs_irq, effective),
	RS_F_U64(struct rs_irq, count),
};
RS_SCHEMA(static, irq_schema, "irq", irq_fields);

static const struct rs_field device_fields[] = {
	RS_F_STR(struct rs_device, name),
	RS_F_STR(struct rs_device, node_guid),
	RS_F_STR(struct rs_device, fw_ver),
	RS_F_STR(struct rs_device, board_id),
	RS_F_STR(struct rs_device, hca_type),
	RS_F_STR(struct rs_device, driver),
	RS_F_STR(struct rs_device, generation),
	RS_F_BOOL(struct rs_device, weak_roce_v2),
	RS_F_STRUCT(struct rs_device, pci, struct rs_pci_link, pci_schema),
	RS_F_BOOL(struct rs_device, verbs),
	RS_F_U64(struct rs_device, max_mr_size),
	/* A file that does not say is not a device that vanished. */
	RS_F_BOOL_DEF(struct rs_device, present, 1),
	RS_F_STRUCT(struct rs_device, res, struct rs_rdma_res, res_schema),
	RS_F_ARRAY(struct rs_device, ports, struct rs_port, n_ports, port_schema),
	RS_F_BOOL(struct rs_device, qps_known),
	RS_F_STR(struct rs_device, qps_note),
	RS_F_STR(struct rs_device, qp_counter_mode),
	RS_F_ARRAY(struct rs_device, qps, struct rs_qp, n_qps, qp_schema),
	RS_F_INT_DEF(struct rs_device, numa_node, -1),
	RS_F_STR(struct rs_device, local_cpus),
	RS_F_ARRAY(struct rs_device, irqs, struct rs_irq, n_irqs, irq_schema),
};
RS_SCHEMA_CHECKED(static, device_schema, "device", device_fields, rs_check_device);

static const struct rs_field pause_fields[] = {
	RS_F_BOOL(struct rs_pause, known),
	RS_F_BOOL(struct rs_pause, autoneg),
	RS_F_BOOL(struct rs_pause, rx),
	RS_F_BOOL(struct rs_pause, tx),
};
RS_SCHEMA(static, pause_schema, "pause", pause_fields);

static const struct rs_field dcb_fields[] = {
	RS_F_BOOL(struct rs_dcb, known),
	RS_F_STR(struct rs_dcb, error),
	RS_F_UINT_R(struct rs_dcb, pfc_cap, pfc_cap),
	RS_F_UINT_R(struct rs_dcb, pfc_en, prio_bits),
	RS_F_STR(struct rs_dcb, trust),
	RS_F_UINT_R(struct rs_dcb, dscp_apps, dscp_apps),
};
RS_SCHEMA(static, dcb_schema, "dcb", dcb_fields);

static const struct rs_field ecn_fields[] = {
	RS_F_BOOL(struct rs_ecn, known),
	RS_F_UINT_R(struct rs_ecn, np_en, prio_bits),
	RS_F_UINT_R(struct rs_ecn, rp_en, prio_bits),
	RS_F_INT_DEF_R(struct rs_ecn, cnp_dscp, -1, dscp),
	RS_F_INT_DEF_R(struct rs_ecn, cnp_prio, -1, prio),
	RS_F_COUNTERS(struct rs_ecn, np_params),
	RS_F_COUNTERS(struct rs_ecn, rp_params),
};
RS_SCHEMA(static, ecn_schema, "ecn", ecn_fields);

static const struct rs_field reporter_fields[] = {
	RS_F_STR(struct rs_reporter, name),
	RS_F_INT_DEF(struct rs_reporter, port, -1),
	RS_F_BOOL(struct rs_reporter, error),
	RS_F_U64(struct rs_reporter, errors),
	RS_F_U64(struct rs_reporter, recovers),
	RS_F_U64(struct rs_reporter, grace_ms),
	RS_F_INT_DEF(struct rs_reporter, auto_recover, -1),
};
RS_SCHEMA(static, reporter_schema, "reporter", reporter_fields);

static const struct rs_field health_fields[] = {
	RS_F_BOOL(struct rs_health, known),
	RS_F_STR(struct rs_health, error),
	RS_F_ARRAY(struct rs_health, reporters, struct rs_reporter, n_reporters, reporter_schema),
};
RS_SCHEMA(static, health_schema, "health", health_fields);

static const struct rs_field fec_lane_fields[] = {
	RS_F_UINT(struct rs_fec_lane, lane),
	RS_F_BOOL(struct rs_fec_lane, has_corrected),
	RS_F_BOOL(struct rs_fec_lane, has_uncorrectable),
	RS_F_BOOL(struct rs_fec_lane, has_corr_bits),
	RS_F_U64(struct rs_fec_lane, corrected),
	RS_F_U64(struct rs_fec_lane, uncorrectable),
	RS_F_U64(struct rs_fec_lane, corr_bits),
};
RS_SCHEMA(static, fec_lane_schema, "fec lane", fec_lane_fields);

static const struct rs_field fec_bin_fields[] = {
	RS_F_UINT(struct rs_fec_bin, low),
	RS_F_UINT(struct rs_fec_bin, high),
	RS_F_U64(struct rs_fec_bin, value),
};
RS_SCHEMA(static, fec_bin_schema, "fec bin", fec_bin_fields);

static const struct rs_field fec_fields[] = {
	RS_F_BOOL(struct rs_fec, known),
	RS_F_STR(struct rs_fec, error),
	RS_F_STR(struct rs_fec, active),
	RS_F_BOOL(struct rs_fec, has_corrected),
	RS_F_BOOL(struct rs_fec, has_uncorrectable),
	RS_F_BOOL(struct rs_fec, has_corr_bits),
	RS_F_U64(struct rs_fec, corrected),
	RS_F_U64(struct rs_fec, uncorrectable),
	RS_F_U64(struct rs_fec, corr_bits),
	RS_F_ARRAY(struct rs_fec, lanes, struct rs_fec_lane, n_lanes, fec_lane_schema),
	RS_F_ARRAY(struct rs_fec, hist, struct rs_fec_bin, n_hist, fec_bin_schema),
};
RS_SCHEMA(static, fec_schema, "fec", fec_fields);

static const struct rs_field xcvr_lane_fields[] = {
	RS_F_UINT(struct rs_xcvr_lane, lane),
	RS_F_BOOL(struct rs_xcvr_lane, has_tx),
	RS_F_BOOL(struct rs_xcvr_lane, has_rx),
	RS_F_BOOL(struct rs_xcvr_lane, has_bias),
	RS_F_DOUBLE(struct rs_xcvr_lane, tx_mw),
	RS_F_DOUBLE(struct rs_xcvr_lane, rx_mw),
	RS_F_DOUBLE(struct rs_xcvr_lane, bias_ma),
};
RS_SCHEMA(static, xcvr_lane_schema, "module lane", xcvr_lane_fields);

static const struct rs_field xcvr_flag_fields[] = {
	RS_F_STR(struct rs_xcvr_flag, name),
	RS_F_UINT(struct rs_xcvr_flag, lane),
	RS_F_BOOL(struct rs_xcvr_flag, alarm),
};
RS_SCHEMA(static, xcvr_flag_schema, "module flag", xcvr_flag_fields);

static const struct rs_field xcvr_fields[] = {
	RS_F_BOOL(struct rs_xcvr, known),
	RS_F_STR(struct rs_xcvr, error),
	RS_F_UINT(struct rs_xcvr, id),
	RS_F_STR(struct rs_xcvr, spec),
	RS_F_STR(struct rs_xcvr, vendor),
	RS_F_STR(struct rs_xcvr, part),
	RS_F_BOOL(struct rs_xcvr, has_temp),
	RS_F_BOOL(struct rs_xcvr, has_vcc),
	RS_F_DOUBLE(struct rs_xcvr, temp_c),
	RS_F_DOUBLE(struct rs_xcvr, vcc_v),
	RS_F_BOOL(struct rs_xcvr, flags_known),
	RS_F_ARRAY(struct rs_xcvr, lanes, struct rs_xcvr_lane, n_lanes, xcvr_lane_schema),
	RS_F_ARRAY(struct rs_xcvr, flags, struct rs_xcvr_flag, n_flags, xcvr_flag_schema),
};
RS_SCHEMA(static, xcvr_schema, "module", xcvr_fields);

static const struct rs_field link_fields[] = {
	RS_F_INT_R(struct rs_link, ifindex, ifindex),
	RS_F_STR(struct rs_link, name),
	RS_F_STR(struct rs_link, kind),
	RS_F_STR(struct rs_link, mac),
	RS_F_UINT_R(struct rs_link, mtu, netdev_mtu),
	RS_F_STR(struct rs_link, operstate),
	RS_F_BOOL(struct rs_link, up),
	RS_F_BOOL(struct rs_link, carrier),
	RS_F_BOOL(struct rs_link, noarp),
	RS_F_STR(struct rs_link, master),
	RS_F_INT_DEF_R(struct rs_link, vlan_id, -1, vlan),
	RS_F_STR(struct rs_link, vlan_parent),
	RS_F_COUNTERS(struct rs_link, stats),
	RS_F_COUNTERS(struct rs_link, ethtool),
	RS_F_STRUCT(struct rs_link, pause, struct rs_pause, pause_schema),
	RS_F_STR(struct rs_link, driver),
	RS_F_STR(struct rs_link, driver_version),
	RS_F_STR(struct rs_link, fw_version),
	RS_F_STRUCT(struct rs_link, dcb, struct rs_dcb, dcb_schema),
	RS_F_STRUCT(struct rs_link, ecn, struct rs_ecn, ecn_schema),
	RS_F_INT_DEF_R(struct rs_link, rp_filter, -1, sysctl),
	RS_F_INT_DEF_R(struct rs_link, arp_ignore, -1, sysctl),
	RS_F_INT_DEF_R(struct rs_link, arp_announce, -1, sysctl),
	RS_F_STR(struct rs_link, bus),
	RS_F_STRUCT(struct rs_link, health, struct rs_health, health_schema),
	RS_F_STRUCT(struct rs_link, fec, struct rs_fec, fec_schema),
	RS_F_STRUCT(struct rs_link, xcvr, struct rs_xcvr, xcvr_schema),
	RS_F_INT_DEF_R(struct rs_link, pfc_prevention_ms, -1, pfc_tout),
	RS_F_STR(struct rs_link, pfc_prevention_error),
};
RS_SCHEMA_CHECKED(static, link_schema, "link", link_fields, rs_check_link);

static const struct rs_field addr_fields[] = {
	RS_F_STR(struct rs_addr, ifname),
	RS_F_INT_R(struct rs_addr, family, family),
	RS_F_STR(struct rs_addr, addr),
	RS_F_INT_R(struct rs_addr, prefixlen, prefixlen),
	RS_F_STR(struct rs_addr, scope),
};
RS_SCHEMA(static, addr_schema, "addr", addr_fields);

static const struct rs_field route_fields[] = {
	RS_F_INT_R(struct rs_route, family, family),
	RS_F_STR(struct rs_route, dst),
	RS_F_STR(struct rs_route, gateway),
	RS_F_STR(struct rs_route, dev),
	RS_F_STR(struct rs_route, prefsrc),
	RS_F_UINT(struct rs_route, table),
	RS_F_UINT(struct rs_route, metric),
	RS_F_STR(struct rs_route, scope),
	RS_F_STR(struct rs_route, type),
};
RS_SCHEMA(static, route_schema, "route", route_fields);

static const struct rs_field neigh_fields[] = {
	RS_F_STR(struct rs_neigh, dev),
	RS_F_INT_R(struct rs_neigh, family, family),
	RS_F_STR(struct rs_neigh, ip),
	RS_F_STR(struct rs_neigh, mac),
	RS_F_STR(struct rs_neigh, state),
};
RS_SCHEMA(static, neigh_schema, "neigh", neigh_fields);

static const struct rs_field lookup_fields[] = {
	RS_F_STR(struct rs_route_lookup, peer),
	RS_F_BOOL(struct rs_route_lookup, ok),
	RS_F_STR(struct rs_route_lookup, dev),
	RS_F_STR(struct rs_route_lookup, src),
	RS_F_STR(struct rs_route_lookup, gateway),
	RS_F_STR(struct rs_route_lookup, error),
};
RS_SCHEMA(static, lookup_schema, "peer", lookup_fields);

static const struct rs_field hugepages_fields[] = {
	RS_F_ULONG(struct rs_hugepages, size_kb),
	RS_F_ULONG(struct rs_hugepages, total),
	RS_F_ULONG(struct rs_hugepages, free),
};
RS_SCHEMA(static, hugepages_schema, "hugepages", hugepages_fields);

static const struct rs_field module_fields[] = {
	RS_F_STR(struct rs_module, name),
	RS_F_BOOL(struct rs_module, loaded),
};
RS_SCHEMA(static, module_schema, "module", module_fields);

static const struct rs_field numa_fields[] = {
	RS_F_UINT(struct rs_numa_node, node),
	RS_F_STR(struct rs_numa_node, cpus),
};
RS_SCHEMA(static, numa_schema, "numa node", numa_fields);

static const struct rs_field host_fields[] = {
	RS_F_STR(struct rs_host, hostname),
	RS_F_STR(struct rs_host, kernel),
	RS_F_STR(struct rs_host, os),
	RS_F_U64(struct rs_host, mem_total_kb),
	RS_F_INT_DEF_R(struct rs_host, cap_ipc_lock, -1, tristate),
	RS_F_ARRAY(struct rs_host, modules, struct rs_module, n_modules, module_schema),
	RS_F_ARRAY(struct rs_host, hugepages, struct rs_hugepages, n_hugepages, hugepages_schema),
	RS_F_MEMLOCK(struct rs_host, memlock_soft),
	RS_F_MEMLOCK(struct rs_host, memlock_hard),
	RS_F_BOOL(struct rs_host, memlock_known),
	RS_F_STR(struct rs_host, memlock_conf),
	RS_F_STR(struct rs_host, memlock_conf_file),
	RS_F_ARRAY(struct rs_host, numa, struct rs_numa_node, n_numa, numa_schema),
};
RS_SCHEMA(static, host_schema, "host", host_fields);

static const struct rs_field proc_fields[] = {
	RS_F_UINT(struct rs_proc, pid),
	RS_F_STR(struct rs_proc, comm),
	RS_F_STR(struct rs_proc, cpus_allowed),
	RS_F_INT_DEF(struct rs_proc, cpu, -1),
};
RS_SCHEMA(static, proc_schema, "process", proc_fields);

static const struct rs_field error_fields[] = {
	RS_F_AREA(struct rs_error, area),
	RS_F_STR(struct rs_error, source),
	RS_F_STR(struct rs_error, object),
	RS_F_STR(struct rs_error, message),
};
RS_SCHEMA(static, error_schema, "error", error_fields);

static const struct rs_field snapshot_fields[] = {
	{ "version", RS_FT_VERSION, offsetof(struct rs_snapshot, version) +
	  RS_CHECK(struct rs_snapshot, version, int), sizeof(int), 0, NULL, 0, NULL },
	RS_F_STR(struct rs_snapshot, source),
	RS_F_TIME(struct rs_snapshot, taken_at),
	RS_F_STRUCT(struct rs_snapshot, host, struct rs_host, host_schema),
	RS_F_ARRAY(struct rs_snapshot, devices, struct rs_device, n_devices, device_schema),
	RS_F_ARRAY(struct rs_snapshot, links, struct rs_link, n_links, link_schema),
	RS_F_ARRAY(struct rs_snapshot, addrs, struct rs_addr, n_addrs, addr_schema),
	RS_F_ARRAY(struct rs_snapshot, routes, struct rs_route, n_routes, route_schema),
	RS_F_ARRAY(struct rs_snapshot, neighs, struct rs_neigh, n_neighs, neigh_schema),
	RS_F_STRUCT(struct rs_snapshot, peer, struct rs_route_lookup, lookup_schema),
	RS_F_ARRAY(struct rs_snapshot, procs, struct rs_proc, n_procs, proc_schema),
	RS_F_ARRAY(struct rs_snapshot, errors, struct rs_error, n_errors, error_schema),
};
RS_SCHEMA(, rs_snapshot_schema, "snapshot", snapshot_fields);

void rs_schema_defaults(const struct rs_schema *sc, void *base)
{
	for (size_t i = 0; i < sc->n_fields; i++) {
		const struct rs_field *f = &sc->fields[i];
		char *p = (char *)base + f->off;

		if ((f->type == RS_FT_INT || f->type == RS_FT_BOOL) && f->def)
			*(int *)p = f->def;
		else if (f->type == RS_FT_STRUCT)
			rs_schema_defaults(f->sub, p);
	}
}
