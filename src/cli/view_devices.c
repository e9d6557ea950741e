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
#include "i18n.h"
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

/* A check's mark in JSON: true, false, or null when the check could not tell. */
static void print_verdict(struct rs_pr *p, const char *key, const struct rs_findings *fs,
			  const char *id, const struct rs_device *d)
{
	const struct rs_finding *f = rs_findings_port(fs, id, d->name, 0);

	if (!f || f->verdict == RS_SKIP)
		rs_pr_null(p, key, NULL, NULL);
	else
		rs_pr_bool(p, key, NULL, rs_finding_is_problem(f));
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

/* Text: the PCI line; JSON: "pci", with the names text has on the NIC line. */
static void print_pci(struct rs_pr *p, const struct rs_findings *fs, const struct rs_device *d)
{
	const struct rs_pci_link *l = &d->pci;
	int ids = l->vendor_id || l->device_id, txt = l->addr[0] != '\0';
	char cur[64], max[64];

	rs_pr_obj_open(p, "pci");
	rs_pr_str_or(p, "addr", _("  PCI      %s"), l->addr, _("unknown"));
	/* 0 is the snapshot's "unknown" for every number here */
	rs_pr_u64_known(p, "vendor_id", txt ? " [%04llx" : NULL, l->vendor_id, ids);
	rs_pr_u64_known(p, "device_id", txt ? ":%04llx]" : NULL, l->device_id, ids);
	rs_pr_str_or_null(p, "revision", NULL, l->revision);
	rs_pr_str_or_null(p, "vendor", NULL, l->vendor_name);
	rs_pr_str_or_null(p, "model", NULL, l->device_name);
	rs_pr_str_or_null(p, "names_note", NULL, l->names_note);
	rs_pr_str_or_null(p, "cur_speed", NULL, l->cur_speed);
	rs_pr_str_or_null(p, "max_speed", NULL, l->max_speed);
	rs_pr_double_known(p, "cur_gts", NULL, l->cur_gts, l->cur_gts > 0);
	rs_pr_double_known(p, "max_gts", NULL, l->max_gts, l->max_gts > 0);
	rs_pr_int_known(p, "cur_width", NULL, l->cur_width, l->cur_width > 0);
	rs_pr_int_known(p, "max_width", NULL, l->max_width, l->max_width > 0);
	print_verdict(p, "degraded", fs, "pci.link_degraded", d);
	rs_pr_obj_close(p);
	if (!txt)
		rs_pr_text(p, "\n");
	if (!txt || rs_pr_is_json(p))
		return;
	fmt_speed(cur, sizeof(cur), l->cur_gts, l->cur_speed, l->cur_width);
	fmt_speed(max, sizeof(max), l->max_gts, l->max_speed, l->max_width);
	rs_pr_text(p, _("  %s (max %s)%s\n"), cur, max, problem(fs, "pci.link_degraded", d) ?
		   _("  DEGRADED") : "");
}

/* Text: "Broadcom Inc. and subsidiaries BCM57508 NetXtreme-E ..." or why not;
 * JSON has the names under "pci". */
static void print_nic(struct rs_pr *p, const struct rs_device *d)
{
	const struct rs_pci_link *l = &d->pci;

	rs_pr_text(p, _("  NIC      %s%s%s"), l->vendor_name, l->vendor_name[0] &&
		   l->device_name[0] ? " " : "", l->device_name);
	if (l->names_note[0])
		rs_pr_text(p, "%s(%s)", l->vendor_name[0] ? " " : "", l->names_note);
	else if (!l->vendor_name[0] && !l->device_name[0])
		rs_pr_text(p, _("(not named: the snapshot carries no PCI names)"));
}

/* The RDMA resources; counts are null when RDMA netlink was not read. */
static void print_res(struct rs_pr *p, const struct rs_rdma_res *r)
{
	static const char *const names[] = { "qp", "cq", "mr", "pd", "cm_id", "ctx", "srq" };
	const uint64_t counts[] = { r->qp, r->cq, r->mr, r->pd, r->cm_id, r->ctx, r->srq };
	char res[RS_TEXT_LEN + 96];

	/* Our own text: counts and the kernel's QP state names. */
	if (!rs_pr_is_json(p)) {
		rs_rdma_res_fmt(res, sizeof(res), r);
		rs_pr_text(p, _("  in use   %s\n"), res);
	}
	rs_pr_obj_open(p, "resources");
	rs_pr_bool(p, "known", NULL, r->known);
	rs_pr_str_or_null(p, "error", NULL, r->error);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		rs_pr_u64_known(p, names[i], NULL, counts[i], r->known);
	if (r->known && r->qp_states_known) {
		rs_pr_obj_open(p, "qp_states");
		for (int st = 0; st < RS_QP_STATES; st++)
			rs_pr_u64(p, rs_qp_state_name(st), NULL, rs_rdma_res_qps_in(r, st));
		rs_pr_obj_close(p);
	} else {
		rs_pr_null(p, "qp_states", NULL, NULL);
	}
	rs_pr_obj_close(p);
}

static void print_port(struct rs_pr *p, const struct rs_snap_index *x, const struct rs_port *pt)
{
	const struct rs_link *l = pt->netdev[0] ? rs_snap_index_link(x, pt->netdev) : NULL;

	rs_pr_obj_open(p, NULL);
	rs_pr_uint(p, "num", _("  port %-3u "), pt->num);
	rs_pr_int_known(p, "state", NULL, pt->state, pt->state > 0 || pt->state_name[0]);
	rs_pr_str_or(p, "state_name", "%s / ", pt->state_name, "?");
	rs_pr_int_known(p, "phys_state", NULL, pt->phys_state, pt->phys_state > 0);
	rs_pr_str_or(p, "phys_state_name", "%s  ", pt->phys_state_name, "?");
	rs_pr_str_or(p, "link_layer", "%s  ", pt->link_layer, "?");
	rs_pr_str_or(p, "rate", "%s\n", pt->rate, "?");
	rs_pr_double_known(p, "rate_gbps", NULL, pt->rate_gbps, pt->rate_gbps > 0);
	rs_pr_str_or(p, "netdev", _("           netdev %s"), pt->netdev, _("(none)"));
	rs_pr_u64_known(p, "netdev_mtu", NULL, l ? l->mtu : 0, l && l->mtu);
	if (l)
		rs_pr_text(p, _("  MTU %u"), l->mtu);
	/* text: the RoCE MTU when either is known (0 stands for unknown) */
	rs_pr_int_known(p, "active_mtu", NULL, pt->active_mtu, pt->active_mtu > 0);
	if (pt->active_mtu || pt->max_mtu)
		rs_pr_text(p, _("  RoCE MTU %d"), pt->active_mtu);
	rs_pr_int_known(p, "max_mtu", _(" (max %d)"), pt->max_mtu, pt->max_mtu > 0);
	rs_pr_text(p, "\n");
	rs_pr_int_known(p, "gid_tbl_len", NULL, pt->gid_tbl_len, pt->gid_tbl_len > 0);
	/* how many entries the table has (not the entries: `gids` has them);
	 * no slot listed: the table was not read, its count unknown (not 0) */
	rs_pr_u64_known(p, "gid_count", NULL, pt->n_gids, pt->gid_tbl_len || pt->n_gids);
	rs_pr_obj_close(p);
}

static void print_device(struct rs_pr *p, const struct rs_snap_index *x,
			 const struct rs_findings *fs, const struct rs_device *d)
{
	const struct rs_ctr_table *t = rs_ctr_table_for(d);

	rs_pr_obj_open(p, NULL);
	rs_pr_str(p, "name", "%s  ", d->name);
	rs_pr_text(p, "%s%s%s\n", d->generation[0] ? d->generation : _("unknown generation"),
		   problem(fs, "nic.weak_roce_v2", d) ? _(" (RoCE v2 limited)") : "",
		   problem(fs, "device.gone", d) ?
		   _("  GONE (vanished since the last refresh)") : "");
	rs_pr_str_or(p, "node_guid", _("  GUID     %-22s  "), d->node_guid, "?");
	rs_pr_str_or(p, "fw_ver", _("firmware %s\n"), d->fw_ver, "?");
	/* A board_id can be a whole product name (hfi1): then HCA goes below
	 * it, and the name is printed whole even past 80 columns, never cut. */
	rs_pr_str_or(p, "board_id", strlen(d->board_id) > 22 ? _("  PSID     %s\n           ") :
		     _("  PSID     %-22s  "), d->board_id, "?");
	rs_pr_str_or(p, "hca_type", _("HCA %s  "), d->hca_type, "?");
	rs_pr_str_or(p, "driver", _("driver %s\n"), d->driver, "?");
	print_nic(p, d);
	rs_pr_str_or(p, "rdma_driver", _("\n  RDMA     %s"), t ? t->driver : "",
		     _("no counter table claims it"));
	if (t)
		rs_pr_text(p, " (%s)", t->title);
	rs_pr_text(p, "\n");
	rs_pr_str_or_null(p, "generation", NULL, d->generation);
	print_verdict(p, "weak_roce_v2", fs, "nic.weak_roce_v2", d);
	rs_pr_bool(p, "present", NULL, d->present);
	print_pci(p, fs, d);
	print_res(p, &d->res);
	rs_pr_arr_open(p, "ports");
	for (size_t i = 0; i < d->n_ports; i++)
		print_port(p, x, &d->ports[i]);
	rs_pr_arr_close(p);
	rs_pr_obj_close(p);
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
	if (!v.j && s->n_devices == 0)
		rs_tprintf(stdout, _("No RDMA devices found (%s).\n"), v.sess.label);
	rs_pr_arr_open(&v.pr, "devices");
	for (size_t i = 0; i < s->n_devices; i++) {
		if (i)
			rs_pr_text(&v.pr, "\n");
		print_device(&v.pr, &v.sess.index, &v.sess.findings, &s->devices[i]);
	}
	rs_pr_arr_close(&v.pr);
	return rs_view_close(&v, RS_EXIT_OK);
}

const struct rs_cmd rs_cmd_devices = {
	.name = "devices",
	.args = "",
	.help = N_("RDMA devices, ports, PCI link, netdevs (ibstat + ibdev2netdev)"),
	.flags = RS_CMD_JSON | RS_CMD_HOST,
	.run = devices_run,
};
