/* SPDX-License-Identifier: MIT */
/*
 * view_devices.c - `rocescope devices`: what ibv_devices, ibstat and
 * ibdev2netdev show, together, for every RDMA device of the snapshot.
 *
 * Per device: identity (node GUID, firmware, PSID, HCA type, generation,
 * the vendor and model pci.ids gives its PCI ids, the kernel driver of the
 * function and the RDMA driver whose counter table reads its counters),
 * the PCI link with a DEGRADED mark when it trained below its maximum (a
 * x8 link caps a 100 Gb/s port near 63 Gb/s), and per port the state, rate,
 * netdev with its MTU, and the RoCE MTU; the RDMA resources in use (QPs and
 * their states, CQs, MRs, PDs: `rdma resource show`).  Text fits 80 columns; --json
 * prints the same facts from the same loop.  The marks (DEGRADED, RoCE v2
 * limited, GONE) are the findings of src/diag/ checks, as in the console.
 */
#include "cli/view.h"
#include "diag/check.h"
#include "model/counter_tables.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* 1 when check id found a problem with device d (its warn/fail verdict). */
static int problem(const struct rs_findings *fs, const char *id, const struct rs_device *d)
{
	return rs_finding_is_problem(rs_findings_port(fs, id, d->name, 0));
}

/* The same for JSON: true, false, or null when the check could not tell. */
static void json_verdict(struct rs_json *j, const char *key, const struct rs_findings *fs,
			 const char *id, const struct rs_device *d)
{
	const struct rs_finding *f = rs_findings_port(fs, id, d->name, 0);

	if (!f || f->verdict == RS_SKIP)
		rs_json_kv_null(j, key);
	else
		rs_json_kv_bool(j, key, rs_finding_is_problem(f));
}

static void fmt_speed(char *buf, size_t len, double gts, const char *text, int width)
{
	char w[16] = "";

	if (width > 0)
		snprintf(w, sizeof(w), " x%d", width);
	if (gts > 0)
		snprintf(buf, len, "%g GT/s%s", gts, w);
	else if (text[0])
		snprintf(buf, len, "%s%s", text, w);
	else
		snprintf(buf, len, "?%s", w);
}

static void text_pci(const struct rs_findings *fs, const struct rs_device *d)
{
	const struct rs_pci_link *p = &d->pci;
	char cur[64], max[64];

	if (!p->addr[0]) {
		rs_tprintf(stdout, "  PCI      unknown\n");
		return;
	}
	fmt_speed(cur, sizeof(cur), p->cur_gts, p->cur_speed, p->cur_width);
	fmt_speed(max, sizeof(max), p->max_gts, p->max_speed, p->max_width);
	rs_tprintf(stdout, "  PCI      %s", p->addr);
	if (p->vendor_id || p->device_id)
		rs_tprintf(stdout, " [%04x:%04x]", p->vendor_id, p->device_id);
	rs_tprintf(stdout, "  %s (max %s)%s\n", cur, max, problem(fs, "pci.link_degraded",
		   d) ? "  DEGRADED" : "");
}

static const char *or_unknown(const char *s)
{
	return s[0] ? s : "?";
}

static void text_port(const struct rs_snap_index *x, const struct rs_port *p)
{
	const struct rs_link *l = p->netdev[0] ? rs_snap_index_link(x, p->netdev) : NULL;

	rs_tprintf(stdout, "  port %-3u %s / %s  %s  %s\n", p->num, or_unknown(p->state_name),
		   or_unknown(p->phys_state_name), or_unknown(p->link_layer), or_unknown(p->rate));
	rs_tprintf(stdout, "           netdev %s", p->netdev[0] ? p->netdev : "(none)");
	if (l)
		rs_tprintf(stdout, "  MTU %u", l->mtu);
	if (p->active_mtu || p->max_mtu) {
		rs_tprintf(stdout, "  RoCE MTU %d", p->active_mtu);
		if (p->max_mtu)
			rs_tprintf(stdout, " (max %d)", p->max_mtu);
	}
	rs_tprintf(stdout, "\n");
}

/* "Broadcom Inc. and subsidiaries BCM57508 NetXtreme-E ..." or why not. */
static void text_nic(const struct rs_device *d)
{
	const struct rs_ctr_table *t = rs_ctr_table_for(d);
	const struct rs_pci_link *p = &d->pci;

	rs_tprintf(stdout, "  NIC      %s%s%s", p->vendor_name, p->vendor_name[0] &&
		   p->device_name[0] ? " " : "", p->device_name);
	if (p->names_note[0])
		rs_tprintf(stdout, "%s(%s)", p->vendor_name[0] ? " " : "", p->names_note);
	else if (!p->vendor_name[0] && !p->device_name[0])
		rs_tprintf(stdout, "(not named: the snapshot carries no PCI names)");
	rs_tprintf(stdout, "\n  RDMA     %s%s%s%s\n", t ? t->driver : "no counter table claims it",
		   t ? " (" : "", t ? t->title : "", t ? ")" : "");
}

static void text_device(const struct rs_snap_index *x, const struct rs_findings *fs,
			const struct rs_device *d)
{
	char res[RS_TEXT_LEN + 96];

	rs_tprintf(stdout, "%s  %s%s%s\n", d->name,
		   d->generation[0] ? d->generation : "unknown generation",
		   problem(fs, "nic.weak_roce_v2", d) ? " (RoCE v2 limited)" : "",
		   problem(fs, "device.gone", d) ?
		   "  GONE (vanished since the last refresh)" : "");
	rs_tprintf(stdout, "  GUID     %-22s  firmware %s\n", or_unknown(d->node_guid),
		   or_unknown(d->fw_ver));
	/* A board_id can be a whole product name (hfi1): then HCA goes below
	 * it, and the name is printed whole even past 80 columns, never cut. */
	if (strlen(d->board_id) > 22)
		rs_tprintf(stdout, "  PSID     %s\n           ", d->board_id);
	else
		rs_tprintf(stdout, "  PSID     %-22s  ", or_unknown(d->board_id));
	rs_tprintf(stdout, "HCA %s  driver %s\n", or_unknown(d->hca_type), or_unknown(d->driver));
	text_nic(d);
	text_pci(fs, d);
	rs_rdma_res_fmt(res, sizeof(res), &d->res);
	/* Our own text: counts and the kernel's QP state names. */
	rs_tprintf(stdout, "  in use   %s\n", res);
	for (size_t i = 0; i < d->n_ports; i++)
		text_port(x, &d->ports[i]);
}

static void json_pci(struct rs_json *j, const struct rs_findings *fs, const struct rs_device *d)
{
	const struct rs_pci_link *p = &d->pci;

	rs_json_key(j, "pci");
	rs_json_obj_begin(j);
	rs_json_kv_str_or_null(j, "addr", p->addr);
	/* 0 is the snapshot's "unknown" for every number here */
	rs_json_kv_int_or_null(j, "vendor_id", p->vendor_id, p->vendor_id || p->device_id);
	rs_json_kv_int_or_null(j, "device_id", p->device_id, p->vendor_id || p->device_id);
	rs_json_kv_str_or_null(j, "revision", p->revision);
	rs_json_kv_str_or_null(j, "vendor", p->vendor_name);
	rs_json_kv_str_or_null(j, "model", p->device_name);
	rs_json_kv_str_or_null(j, "names_note", p->names_note);
	rs_json_kv_str_or_null(j, "cur_speed", p->cur_speed);
	rs_json_kv_str_or_null(j, "max_speed", p->max_speed);
	rs_json_kv_double_or_null(j, "cur_gts", p->cur_gts, p->cur_gts > 0);
	rs_json_kv_double_or_null(j, "max_gts", p->max_gts, p->max_gts > 0);
	rs_json_kv_int_or_null(j, "cur_width", p->cur_width, p->cur_width > 0);
	rs_json_kv_int_or_null(j, "max_width", p->max_width, p->max_width > 0);
	json_verdict(j, "degraded", fs, "pci.link_degraded", d);
	rs_json_obj_end(j);
}

/* The RDMA resources; counts are null when RDMA netlink was not read. */
static void json_res(struct rs_json *j, const struct rs_rdma_res *r)
{
	static const char *const names[] = { "qp", "cq", "mr", "pd", "cm_id", "ctx", "srq" };
	const uint64_t counts[] = { r->qp, r->cq, r->mr, r->pd, r->cm_id, r->ctx, r->srq };

	rs_json_key(j, "resources");
	rs_json_obj_begin(j);
	rs_json_kv_bool(j, "known", r->known);
	rs_json_kv_str_or_null(j, "error", r->error);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		rs_json_kv_int_or_null(j, names[i], (int64_t)counts[i], r->known);
	rs_json_key(j, "qp_states");
	if (r->known && r->qp_states_known) {
		rs_json_obj_begin(j);
		for (int st = 0; st < RS_QP_STATES; st++)
			rs_json_kv_u64(j, rs_qp_state_name(st), rs_rdma_res_qps_in(r, st));
		rs_json_obj_end(j);
	} else {
		rs_json_null(j);
	}
	rs_json_obj_end(j);
}

static void json_port(struct rs_json *j, const struct rs_snap_index *x, const struct rs_port *p)
{
	const struct rs_link *l = p->netdev[0] ? rs_snap_index_link(x, p->netdev) : NULL;

	rs_json_obj_begin(j);
	rs_json_kv_int(j, "num", p->num);
	rs_json_kv_int_or_null(j, "state", p->state, p->state > 0 || p->state_name[0]);
	rs_json_kv_str_or_null(j, "state_name", p->state_name);
	rs_json_kv_int_or_null(j, "phys_state", p->phys_state, p->phys_state > 0);
	rs_json_kv_str_or_null(j, "phys_state_name", p->phys_state_name);
	rs_json_kv_str_or_null(j, "link_layer", p->link_layer);
	rs_json_kv_str_or_null(j, "rate", p->rate);
	rs_json_kv_double_or_null(j, "rate_gbps", p->rate_gbps, p->rate_gbps > 0);
	rs_json_kv_str_or_null(j, "netdev", p->netdev);
	rs_json_kv_int_or_null(j, "netdev_mtu", l ? l->mtu : 0, l && l->mtu);
	rs_json_kv_int_or_null(j, "active_mtu", p->active_mtu, p->active_mtu > 0);
	rs_json_kv_int_or_null(j, "max_mtu", p->max_mtu, p->max_mtu > 0);
	rs_json_kv_int_or_null(j, "gid_tbl_len", p->gid_tbl_len, p->gid_tbl_len > 0);
	/* how many entries the table has (not the entries: `gids` has them) */
	/* no slot listed: the table was not read, its count unknown (not 0) */
	rs_json_kv_int_or_null(j, "gid_count", (int64_t)p->n_gids, p->gid_tbl_len || p->n_gids);
	rs_json_obj_end(j);
}

static void json_device(struct rs_json *j, const struct rs_snap_index *x,
			const struct rs_findings *fs, const struct rs_device *d)
{
	rs_json_obj_begin(j);
	rs_json_kv_str(j, "name", d->name);
	rs_json_kv_str_or_null(j, "node_guid", d->node_guid);
	rs_json_kv_str_or_null(j, "fw_ver", d->fw_ver);
	rs_json_kv_str_or_null(j, "board_id", d->board_id);
	rs_json_kv_str_or_null(j, "hca_type", d->hca_type);
	rs_json_kv_str_or_null(j, "driver", d->driver);
	rs_json_kv_str_or_null(j, "rdma_driver", rs_ctr_table_for(d) ? rs_ctr_table_for(d)->driver :
			       "");
	rs_json_kv_str_or_null(j, "generation", d->generation);
	json_verdict(j, "weak_roce_v2", fs, "nic.weak_roce_v2", d);
	rs_json_kv_bool(j, "present", d->present);
	json_pci(j, fs, d);
	json_res(j, &d->res);
	rs_json_key(j, "ports");
	rs_json_arr_begin(j);
	for (size_t i = 0; i < d->n_ports; i++)
		json_port(j, x, &d->ports[i]);
	rs_json_arr_end(j);
	rs_json_obj_end(j);
}

static int devices_run(struct rs_cli *cli, int argc, char **argv)
{
	const struct rs_snapshot *s;
	struct rs_view v;
	int ret;

	ret = rs_view_open(&v, cli, RS_SCOPE_ALL);
	if (ret)
		return ret;
	s = &v.sess.snap;
	if (v.j) {
		rs_json_key(v.j, "devices");
		rs_json_arr_begin(v.j);
		for (size_t i = 0; i < s->n_devices; i++)
			json_device(v.j, &v.sess.index, &v.sess.findings, &s->devices[i]);
		rs_json_arr_end(v.j);
	} else if (s->n_devices == 0) {
		rs_tprintf(stdout, "No RDMA devices found (%s).\n", v.sess.label);
	}
	for (size_t i = 0; !v.j && i < s->n_devices; i++) {
		if (i)
			rs_tprintf(stdout, "\n");
		text_device(&v.sess.index, &v.sess.findings, &s->devices[i]);
	}
	return rs_view_close(&v, RS_EXIT_OK);
}

const struct rs_cmd rs_cmd_devices = {
	.name = "devices",
	.args = "",
	.help = "RDMA devices, ports, PCI link, netdevs (ibstat + ibdev2netdev)",
	.flags = RS_CMD_JSON | RS_CMD_HOST,
	.run = devices_run,
};
