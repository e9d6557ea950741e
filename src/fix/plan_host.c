/* SPDX-License-Identifier: MIT */
/*
 * plan_host.c - the rules for the host and for QoS (fix.h, plan.c): a
 * missing module, huge pages, the memlock of logins, rdma_cm's defaults,
 * RoCE ECN, PFC, the trust mode and 802.3x pause.
 *
 * What only the site knows comes from its profile: how many huge pages
 * (hugepages), rdma_cm's ToS (roce_tos), the RoCE priority (pfc_priority;
 * else the one priority PFC is already on, which is the host's own
 * choice, not a guess), whether the fabric is lossless at all.
 */
#include "fix/fix_priv.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

void rs_fix_rule_module(struct rs_fix_plan *plan, const struct rs_snapshot *s,
			const struct rs_finding *f, const struct rs_fix_opts *o)
{
	struct rs_fix_step *st;

	if (f->kind != RS_OBJ_MODULE || !(st = rs_fix_step_new(plan, f, RS_FIX_MODULE,
								f->object)))
		return;
	RS_FSET(st->what, "module %s", f->object);
	RS_FSET(st->cur, "%s", _("not loaded"));
	RS_FSET(st->want, "loaded");
	RS_FSET(st->command, "modprobe %s", f->object);
	rs_fix_persist_line(plan, st, RS_FIX_MODULES_FILE, f->object, "%s", f->object);
}

void rs_fix_rule_hugepages(struct rs_fix_plan *plan, const struct rs_snapshot *s,
			   const struct rs_finding *f, const struct rs_fix_opts *o)
{
	const char *path = "/sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages";
	unsigned long want = o->profile ? o->profile->hugepages : 0;
	const struct rs_hugepages *hp = NULL;
	struct rs_fix_step *st;

	for (size_t i = 0; i < s->host.n_hugepages; i++)
		if (s->host.hugepages[i].size_kb == 2048)
			hp = &s->host.hugepages[i];
	st = rs_fix_step_new(plan, f, RS_FIX_VALUE, path);
	if (!st)
		return;
	RS_FSET(st->what, "2 MiB huge pages");
	RS_FSET(st->cur, "%lu", hp ? hp->total : 0);
	if (!hp) {
		rs_fix_block(st, _("no 2 MiB huge page size here (no hugepages-2048kB in sysfs)"));
	} else if (!want) {
		st->need = "hugepages";
		rs_fix_block(st, _("needs the site's count: --profile FILE with hugepages: N, or --set "
			     "hugepages=N (each page is 2 MiB of memory taken from everything else)"));
	}
	RS_FSET(st->want, "%lu", want);
	RS_FSET(st->command, "echo %lu > %s", want, path);
	rs_fix_persist_line(plan, st, RS_FIX_SYSCTL_FILE, "vm.nr_hugepages",
			    "vm.nr_hugepages = %lu", want);
}

void rs_fix_rule_memlock(struct rs_fix_plan *plan, const struct rs_snapshot *s,
			 const struct rs_finding *f, const struct rs_fix_opts *o)
{
	/* The file is the change itself: no runtime step goes with it. */
	rs_fix_persist_line(plan, NULL, RS_FIX_LIMITS_FILE, "* soft memlock",
			    "* soft memlock unlimited");
	rs_fix_persist_line(plan, NULL, RS_FIX_LIMITS_FILE, "* hard memlock",
			    "* hard memlock unlimited");
	plan->lines[plan->n_lines - 2].finding = f;
	plan->lines[plan->n_lines - 1].finding = f;
}

/* The RoCE priority of a link: the profile's, else PFC's only one; -1. */
static int site_prio(const struct rs_fix_opts *o, const struct rs_link *l)
{
	int found = -1;

	if (o->profile && o->profile->pfc_priority >= 0)
		return o->profile->pfc_priority;
	for (int p = 0; l && l->dcb.known && p < 8; p++)
		if (l->dcb.pfc_en & (1u << p)) {
			if (found >= 0)
				return -1;
			found = p;
		}
	return found;
}

static const struct rs_port *finding_port(const struct rs_snapshot *s,
					  const struct rs_finding *f)
{
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++)
			if (!strcmp(s->devices[i].name, f->device) &&
			    s->devices[i].ports[j].num == f->port)
				return &s->devices[i].ports[j];
	return NULL;
}

static void cm_step(struct rs_fix_plan *plan, const struct rs_finding *f, const char *file,
		    const char *cur, const char *want)
{
	char path[RS_MSG_LEN];
	struct rs_fix_step *st;

	RS_FSET(path, "/sys/kernel/config/rdma_cm/%s/ports/%u/%s", f->device, f->port, file);
	st = rs_fix_step_new(plan, f, RS_FIX_VALUE, path);
	if (!st)
		return;
	RS_FSET(st->what, "rdma_cm %s port %u %s", f->device, f->port, file);
	RS_FSET(st->cur, "%s", cur);
	RS_FSET(st->want, "%s", want);
	RS_FSET(st->command, "echo \"%s\" > %s", want, path);
	RS_FSET(st->persist, _("runtime only: configfs is empty after a reboot; write it again "
		"at boot (a unit or udev rule of the site's)"));
}

void rs_fix_rule_cm(struct rs_fix_plan *plan, const struct rs_snapshot *s,
		    const struct rs_finding *f, const struct rs_fix_opts *o)
{
	const struct rs_port *p = finding_port(s, f);
	char tos[16], cur[16];

	if (!p || !p->cm_known)
		return;
	if (strcmp(p->cm_roce_mode, "RoCE v2"))
		cm_step(plan, f, "default_roce_mode", p->cm_roce_mode, "RoCE v2");
	if (o->profile && o->profile->roce_tos >= 0 && o->profile->roce_tos != p->cm_roce_tos) {
		RS_FSET(tos, "%d", o->profile->roce_tos);
		RS_FSET(cur, "%d", p->cm_roce_tos);
		cm_step(plan, f, "default_roce_tos", cur, tos);
	}
}

static void ecn_step(struct rs_fix_plan *plan, const struct rs_finding *f,
		     const struct rs_link *l, const char *point, int prio, int on, int want)
{
	char path[RS_MSG_LEN];
	struct rs_fix_step *st;

	RS_FSET(path, "/sys/class/net/%s/ecn/%s/enable/%d", l->name, point, prio < 0 ? 0 : prio);
	st = rs_fix_step_new(plan, f, RS_FIX_VALUE, path);
	if (!st)
		return;
	RS_STRCPY(st->netdev, l->name);
	if (prio >= 0)
		RS_FSET(st->what, "%s ECN %s priority %d", l->name, point, prio);
	else
		RS_FSET(st->what, "%s ECN %s on the site's priority", l->name, point);
	RS_FSET(st->cur, prio >= 0 ? "%d" : _("(unknown priority)"), on);
	RS_FSET(st->want, "%d", want);
	RS_FSET(st->command, "echo %d > %s", want, path);
	RS_FSET(st->persist, _("runtime only: the driver's sysfs is reset at boot; write it "
		"again at boot (mlnx_qos or a unit of the site's)"));
	if (prio < 0) {
		st->need = "pfc_priority";
		rs_fix_block(st, _("needs the site's RoCE priority: --profile FILE with "
			     "pfc_priority: P, or --set pfc_priority=P"));
	}
}

void rs_fix_rule_ecn(struct rs_fix_plan *plan, const struct rs_snapshot *s,
		     const struct rs_finding *f, const struct rs_fix_opts *o)
{
	const struct rs_link *l = f->netdev[0] ? rs_snapshot_link(s, f->netdev) : NULL;
	int prio = site_prio(o, l);
	int want = o->profile && o->profile->ecn >= 0 ? o->profile->ecn : 1;
	unsigned bit = prio >= 0 ? 1u << prio : 0;

	if (!l || !l->ecn.known)
		return;
	if (prio < 0 || !!(l->ecn.np_en & bit) != want)
		ecn_step(plan, f, l, "roce_np", prio, !!(l->ecn.np_en & bit), want);
	if (prio >= 0 && !!(l->ecn.rp_en & bit) != want)
		ecn_step(plan, f, l, "roce_rp", prio, !!(l->ecn.rp_en & bit), want);
}

/* A QoS step of link l, runtime only (the driver keeps it until reboot). */
static struct rs_fix_step *qos_step(struct rs_fix_plan *plan, const struct rs_finding *f,
				    enum rs_fix_kind kind, const struct rs_link *l)
{
	struct rs_fix_step *st = rs_fix_step_new(plan, f, kind, l->name);

	if (!st)
		return NULL;
	RS_STRCPY(st->netdev, l->name);
	RS_FSET(st->persist, _("runtime only: the NIC forgets it at reboot; set it at boot "
		"(lldpad, mlnx_qos or a unit of the site's)"));
	return st;
}

void rs_fix_rule_pfc(struct rs_fix_plan *plan, const struct rs_snapshot *s,
		     const struct rs_finding *f, const struct rs_fix_opts *o)
{
	const struct rs_link *l = f->netdev[0] ? rs_snapshot_link(s, f->netdev) : NULL;
	int none = o->profile && o->profile->pfc_priority == RS_PFC_NONE;
	int prio = o->profile ? o->profile->pfc_priority : RS_PFC_UNSET;
	struct rs_fix_step *st;

	if (!l || !l->dcb.known || !(st = qos_step(plan, f, RS_FIX_PFC, l)))
		return;
	RS_FSET(st->what, "%s PFC", l->name);
	RS_FSET(st->cur, "0x%02x", l->dcb.pfc_en);
	if (!none && prio < 0) {
		st->need = "pfc_priority";
		rs_fix_block(st, _("needs the site's RoCE priority: --profile FILE with pfc_priority: "
			     "P (or none), or --set pfc_priority=P"));
		return;
	}
	RS_FSET(st->want, "0x%02x", none ? 0 : 1u << prio);
	if (none)
		RS_FSET(st->command, "dcb pfc set dev %s prio-pfc all:off", l->name);
	else
		RS_FSET(st->command, "dcb pfc set dev %s prio-pfc all:off %d:on (mlnx_qos -i %s "
			"--pfc with priority %d on)", l->name, prio, l->name, prio);
}

void rs_fix_rule_trust(struct rs_fix_plan *plan, const struct rs_snapshot *s,
		       const struct rs_finding *f, const struct rs_fix_opts *o)
{
	const struct rs_link *l = f->netdev[0] ? rs_snapshot_link(s, f->netdev) : NULL;
	const char *want = o->profile && o->profile->trust[0] ? o->profile->trust : "dscp";
	struct rs_fix_step *st;

	if (!l || !l->dcb.known || !(st = qos_step(plan, f, RS_FIX_TRUST, l)))
		return;
	RS_FSET(st->what, "%s trust", l->name);
	RS_FSET(st->cur, _("%s (%u DSCP APP entries)"), l->dcb.trust, l->dcb.dscp_apps);
	RS_FSET(st->want, "%s", want);
	if (!strcmp(want, "dscp"))
		RS_FSET(st->command, "mlnx_qos -i %s --trust dscp (dcb app add dev %s dscp-prio "
			"D:D/8 for the 64 DSCPs)", l->name, l->name);
	else
		RS_FSET(st->command, "mlnx_qos -i %s --trust pcp (dcb app del dev %s: every DSCP "
			"entry)", l->name, l->name);
}

void rs_fix_rule_pause(struct rs_fix_plan *plan, const struct rs_snapshot *s,
		       const struct rs_finding *f, const struct rs_fix_opts *o)
{
	const struct rs_link *l = f->netdev[0] ? rs_snapshot_link(s, f->netdev) : NULL;
	int pfc = l && l->dcb.known && l->dcb.pfc_en;
	int lossy = o->profile && o->profile->pfc_priority == RS_PFC_NONE;
	struct rs_fix_step *st;

	if (!l || !l->pause.known || !(st = qos_step(plan, f, RS_FIX_PAUSE, l)))
		return;
	RS_FSET(st->what, "%s 802.3x pause", l->name);
	RS_FSET(st->cur, "autoneg %s rx %s tx %s", l->pause.autoneg ? "on" : "off",
		l->pause.rx ? "on" : "off", l->pause.tx ? "on" : "off");
	if (pfc) {
		/* Both on: PFC does the pausing, a global pause stops every priority. */
		RS_FSET(st->want, "autoneg off rx off tx off");
	} else if (lossy) {
		RS_FSET(st->want, "autoneg %s rx on tx on", l->pause.autoneg ? "on" : "off");
	} else {
		st->need = "pfc_priority";
		rs_fix_block(st, _("which flow control is the site's: 802.3x pause (an ordinary "
			     "switch: pfc_priority: none) or PFC (pfc_priority: P), in --profile "
			     "or --set pfc_priority="));
		return;
	}
	RS_FSET(st->command, "ethtool -A %s %.64s", l->name, st->want);
}
