/* SPDX-License-Identifier: MIT */
/*
 * checks_device.c - checks about RDMA devices and their ports: presence,
 * the PCI link, the NIC generation, port state, the RoCE MTU the netdev
 * allows, and whether a RoCE v2 GID exists to use.
 *
 * One finding per device or per port.  A device or port whose data the
 * snapshot lacks (no PCI function for Soft-RoCE, a netdev not in the link
 * list) gets a skip that says what was missing, so "no finding" never
 * silently means "fine".
 */
#include "diag/check.h"
#include "model/gid_recommend.h"

#include <stdio.h>
#include <string.h>

#define ROCE_MTU_WANT 4096
#define NETDEV_MTU_WANT (ROCE_MTU_WANT + 96 + 8)	/* 4200: what the console asks for */

void rs_check_device_none(const struct rs_check_ctx *ctx, const struct rs_check *c,
			  struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	/* The listing itself failed: "no device seen" is then unknown, not none. */
	const struct rs_error *e = s->n_devices ? NULL :
				   rs_check_error(s, RS_AREA_RDMA, "sysfs", "", NULL);
	struct rs_finding *f = rs_finding_new(out, c, s->n_devices ? RS_PASS : e ? RS_SKIP :
					      RS_FAIL, RS_OBJ_HOST);
	const char *missing, *core = "";

	RS_FSET(f->object, "host");
	RS_FSET(f->evidence, _("/sys/class/infiniband: %zu device(s)"), s->n_devices);
	RS_FSET(f->expected, _("at least one RDMA device"));
	if (s->n_devices) {
		RS_FSUMMARY(f, "%zu RDMA device(s)", s->n_devices);
		return;
	}
	if (e) {
		RS_FSUMMARY(f, "RDMA devices unknown: %s", e->message);
		RS_FSET(f->evidence, _("/sys/class/infiniband: not readable (%s)"), e->message);
		return;
	}
	RS_FSUMMARY(f, "no RDMA device: no driver loaded, or no RDMA NIC here");
	missing = rs_check_rdma_module_missing(&s->host, &core);
	if (missing)
		RS_FSET(f->remedy, _("modprobe %s (the RDMA driver of %s, which is loaded)"),
			missing, core);
	else
		RS_FSET(f->remedy, _("modprobe mlx5_core mlx5_ib (ConnectX); for Soft-RoCE: "
			"rdma link add rxe0 type rxe netdev ETH"));
}

void rs_check_device_gone(const struct rs_check_ctx *ctx, const struct rs_check *c,
			  struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_device *d = &s->devices[i];
		struct rs_finding *f = rs_finding_dev(out, c, d->present ? RS_PASS : RS_FAIL, d);

		RS_FSET(f->evidence, _(d->present ? N_("/sys/class/infiniband/%s: present") :
				       N_("/sys/class/infiniband/%s: vanished since the last "
				       "refresh")),
			d->name);
		RS_FSET(f->expected, _("the device directory stays"));
		if (d->present) {
			RS_FSUMMARY(f, "%s present", d->name);
			continue;
		}
		RS_FSUMMARY(f, "device gone: its sysfs directory vanished");
		RS_FSET(f->remedy, _("see dmesg for why (AER, firmware reset, driver unload); "
			"modprobe %s or reseat the NIC, then reload (R)"),
			d->driver[0] ? d->driver : _("the driver"));
	}
}

static int pci_degraded(const struct rs_pci_link *l)
{
	return (l->cur_gts > 0 && l->max_gts > 0 && l->cur_gts < l->max_gts) ||
	       (l->cur_width > 0 && l->max_width > 0 && l->cur_width < l->max_width);
}

/* "8.0 GT/s x16", with "?" for a half that sysfs did not give (0). */
static const char *link_text(char *buf, size_t len, double gts, int width)
{
	char g[16] = "?", w[16] = "?";

	if (gts > 0)
		snprintf(g, sizeof(g), "%.1f", gts);
	if (width > 0)
		snprintf(w, sizeof(w), "%d", width);
	snprintf(buf, len, "%s GT/s x%s", g, w);
	return buf;
}

static void pci_texts(struct rs_finding *f, const struct rs_pci_link *l)
{
	char cur[40], max[40], cw[16] = "?", mw[16] = "?";

	if (l->cur_width > 0)
		snprintf(cw, sizeof(cw), "%d", l->cur_width);
	if (l->max_width > 0)
		snprintf(mw, sizeof(mw), "%d", l->max_width);
	RS_FSET(f->evidence, "/sys/bus/pci/devices/%s: current_link_speed %s, "
		"current_link_width %s; max_link_speed %s, max_link_width %s", l->addr,
		l->cur_speed[0] ? l->cur_speed : "?", cw, l->max_speed[0] ? l->max_speed : "?", mw);
	link_text(cur, sizeof(cur), l->cur_gts, l->cur_width);
	link_text(max, sizeof(max), l->max_gts, l->max_width);
	RS_FSET(f->expected, _("current speed and width equal to the maximum (%s)"), max);
	if (f->verdict == RS_SKIP) {
		RS_FSUMMARY(f, "PCI link speed/width unknown");
	} else if (f->verdict == RS_PASS) {
		RS_FSUMMARY(f, "PCI link %s at its maximum", cur);
	} else {
		RS_FSUMMARY(f, "PCI link below max: %s of %s (check slot, riser, BIOS)", cur,
			max);
		if (l->max_width > 0)
			RS_FSET(f->remedy, _("reseat the NIC in a x%s slot (no narrower riser), "
				"set the slot to its maximum PCIe speed in the BIOS; confirm with "
				"lspci -vv -s %s (LnkSta)"), mw, l->addr);
		else
			RS_FSET(f->remedy, _("reseat the NIC in a full-width slot (no narrower "
				"riser), set the slot to its maximum PCIe speed in the BIOS; "
				"confirm with lspci -vv -s %s (LnkSta)"), l->addr);
	}
}

void rs_check_pci_link(const struct rs_check_ctx *ctx, const struct rs_check *c,
		       struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_device *d = &s->devices[i];
		const struct rs_pci_link *l = &d->pci;
		int known = l->addr[0] && ((l->cur_gts > 0 && l->max_gts > 0) ||
					   (l->cur_width > 0 && l->max_width > 0));
		struct rs_finding *f = rs_finding_dev(out, c, !known ? RS_SKIP :
						   pci_degraded(l) ? RS_FAIL : RS_PASS, d);

		if (!l->addr[0]) {
			if (d->driver[0])
				RS_FSUMMARY(f, "no PCI function (%s)", d->driver);
			else
				RS_FSUMMARY(f, "no PCI function (virtual)");
			RS_FSET(f->evidence, _("/sys/class/infiniband/%s/device: no PCI function"),
				d->name);
			continue;
		}
		pci_texts(f, l);
	}
}

/* The ports of d by link layer: Ethernet, known other (InfiniBand), unknown. */
static void port_layers(const struct rs_device *d, int *eth, int *ib, int *unknown)
{
	*eth = *ib = *unknown = 0;
	for (size_t j = 0; j < d->n_ports; j++) {
		const struct rs_port *p = &d->ports[j];

		*eth += rs_port_is_eth(p);
		*ib += rs_port_is_ib(p);
		*unknown += !p->link_layer[0];
	}
}

void rs_check_weak_roce_v2(const struct rs_check_ctx *ctx, const struct rs_check *c,
			   struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_device *d = &s->devices[i];
		int eth, ib, unk;
		/* mlx4 is weak at RoCE v2 only: a port that is not Ethernet runs no RoCE. */
		enum rs_verdict v;
		struct rs_finding *f;

		port_layers(d, &eth, &ib, &unk);
		v = !d->weak_roce_v2 ? RS_PASS : eth ? RS_WARN : RS_SKIP;
		f = rs_finding_dev(out, c, v, d);
		RS_FSET(f->evidence, _("driver %s, generation %s; ports: %d Ethernet, %d "
			"InfiniBand, %d link layer unknown"), d->driver[0] ? d->driver : "?",
			d->generation[0] ? d->generation : _("unknown"), eth, ib, unk);
		RS_FSET(f->expected, _("ConnectX-4 or newer (mlx5), or a NIC with full RoCE v2"));
		if (v == RS_PASS) {
			RS_FSUMMARY(f, "%s: not an mlx4 (ConnectX-3 class) device",
				d->generation[0] ? d->generation : d->name);
		} else if (v == RS_SKIP) {
			RS_FSUMMARY(f, ib && !unk ? N_("mlx4 with InfiniBand ports only: RoCE v2 "
				"does not apply") : N_("mlx4 without a port known to be Ethernet: "
				"RoCE v2 cannot be judged (link layer unknown)"));
		} else {
			RS_FSUMMARY(f, "mlx4 (ConnectX-3 class): RoCE v2 is weak here; "
				"prefer ConnectX-4 or newer");
			RS_FSET(f->remedy, _("use a ConnectX-4 or newer NIC for RoCE v2; on this "
				"one check the firmware enables RoCE v2 (mlx4_core roce_mode) or "
				"use RoCE v1"));
		}
	}
}

/*
 * Why a port attribute is unknown: the rest of the collector's sysfs error
 * "port N<what>: REASON" about the device (rdma_sysfs.c, rdma_gids.c),
 * else fallback (a file saved without it, a hand-written one).
 */
static const char *port_unread(const struct rs_check_ctx *ctx, const struct rs_device *d,
			       const struct rs_port *p, const char *what, const char *fallback)
{
	char prefix[64];
	const struct rs_error *e;

	snprintf(prefix, sizeof(prefix), "port %u%s: ", p->num, what);
	e = rs_ctx_error(ctx, RS_AREA_RDMA, "sysfs", d->name, prefix);
	return e ? e->message + strlen(prefix) : fallback;
}

/* What brings a port up depends on its link layer: an InfiniBand port
 * has no netdev to set up, and waits in INIT for a subnet manager. */
static void not_active_texts(struct rs_finding *f, const struct rs_device *d,
			     const struct rs_port *p)
{
	const char *st = p->state_name;
	const char *nd = p->netdev[0] ? p->netdev : "NETDEV";

	if (rs_port_is_ib(p) && (p->state == RS_PORT_INIT || p->state == RS_PORT_ARMED)) {
		RS_FSUMMARY(f, "port not ACTIVE (%s): the link is up, no subnet manager "
			"has configured the port", st);
		RS_FSET(f->remedy, _("run a subnet manager on the fabric (opensm on one host, or "
			"the switch's SM); check with sminfo and ibstat %s %u"), d->name, p->num);
	} else if (rs_port_is_ib(p) || (!p->link_layer[0] && !p->netdev[0])) {
		RS_FSUMMARY(f, rs_port_is_ib(p) ? N_("port not ACTIVE (%s): no physical link") :
			    N_("port not ACTIVE (%s)"), st);
		RS_FSET(f->remedy, _("check the cable, transceiver and the switch port (ibstat %s "
			"%u: Physical state)"), d->name, p->num);
	} else {
		RS_FSUMMARY(f, "port not ACTIVE (%s): netdev down or no carrier", st);
		RS_FSET(f->remedy, _("ip link set %s up; check cable, transceiver and "
			"the switch port (ethtool %s: Link detected)"), nd, nd);
	}
}

void rs_check_port_active(const struct rs_check_ctx *ctx, const struct rs_check *c,
			  struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++) {
			const struct rs_device *d = &s->devices[i];
			const struct rs_port *p = &d->ports[j];
			/* state_name is empty exactly when the state file was not read. */
			int known = p->state_name[0] != '\0';
			struct rs_finding *f = rs_finding_port(out, c, !known ? RS_SKIP :
							    p->state == RS_PORT_ACTIVE ? RS_PASS :
							    RS_FAIL, d, p);

			RS_FSET(f->expected, _("4: ACTIVE, phys_state LinkUp"));
			if (!known) {
				const char *why = port_unread(ctx, d, p, " state", NULL);

				if (why)
					RS_FSUMMARY(f, "state not readable: %s", why);
				else
					RS_FSUMMARY(f, "state not readable: not in the snapshot");
				RS_FSET(f->evidence, _("/sys/class/infiniband/%s/ports/%u/state: "
					"not readable (%s)"), d->name, p->num,
					why ? why : _("not in the snapshot"));
				continue;
			}
			RS_FSET(f->evidence, _("/sys/class/infiniband/%s/ports/%u/state: %d: %s, "
				"phys_state %s"), d->name, p->num, p->state, p->state_name,
				p->phys_state_name[0] ? p->phys_state_name : _("unknown"));
			if (p->state == RS_PORT_ACTIVE)
				RS_FSUMMARY(f, "port ACTIVE");
			else
				not_active_texts(f, d, p);
		}
}

static void roce_mtu_port(const struct rs_check_ctx *ctx, const struct rs_check *c,
			  const struct rs_device *d, const struct rs_port *p,
			  struct rs_findings *out)
{
	const struct rs_link *l = rs_ctx_link(ctx, p->netdev);
	enum rs_verdict v = RS_SKIP;
	struct rs_finding *f;

	if (!strcmp(p->link_layer, "Ethernet") && l && l->mtu)
		v = l->mtu < NETDEV_MTU_WANT ? RS_WARN : RS_PASS;
	f = rs_finding_port(out, c, v, d, p);
	RS_FSET(f->expected, _("netdev MTU >= %d (RoCE MTU %d); 9000 on a RoCE fabric"),
		NETDEV_MTU_WANT, ROCE_MTU_WANT);
	if (strcmp(p->link_layer, "Ethernet")) {
		if (p->link_layer[0])
			RS_FSUMMARY(f, "%s: no netdev MTU to check", p->link_layer);
		else
			RS_FSUMMARY(f, "link layer unknown: no netdev MTU to check");
		return;
	}
	if (!l || !l->mtu) {
		if (p->netdev[0])
			RS_FSUMMARY(f, "netdev %s: MTU unknown", p->netdev);
		else
			RS_FSUMMARY(f, "netdev (none): MTU unknown");
		return;
	}
	RS_FSET(f->evidence, "/sys/class/net/%s/mtu: %u -> RoCE MTU %d", l->name, l->mtu,
		rs_roce_mtu(l->mtu));
	if (v == RS_PASS) {
		RS_FSUMMARY(f, "%s MTU %u: RoCE MTU %d", l->name, l->mtu, rs_roce_mtu(l->mtu));
		return;
	}
	RS_FSUMMARY(f, "%s MTU %u < %d: RoCE MTU %d, not %d", l->name, l->mtu,
		NETDEV_MTU_WANT, rs_roce_mtu(l->mtu), ROCE_MTU_WANT);
	RS_FSET(f->remedy, _("ip link set %s mtu 9000 (and in its interface config), with "
		"MTU 9216 on every switch port on the path to the peer"), l->name);
}

void rs_check_roce_mtu(const struct rs_check_ctx *ctx, const struct rs_check *c,
		       struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++)
			roce_mtu_port(ctx, c, &s->devices[i], &s->devices[i].ports[j], out);
}

/* rdma_cm's defaults of one Ethernet port (configfs): mode and ToS. */
static void cm_defaults_port(const struct rs_check_ctx *ctx, const struct rs_check *c,
			     const struct rs_device *d, const struct rs_port *p,
			     struct rs_findings *out)
{
	const struct rs_profile *pr = ctx->params ? ctx->params->profile : NULL;
	int tos = pr ? pr->roce_tos : -1;
	int v1 = p->cm_known && strcmp(p->cm_roce_mode, "RoCE v2");
	enum rs_verdict v = !p->cm_known ? RS_SKIP : v1 ? RS_FAIL :
			    tos >= 0 && p->cm_roce_tos != tos ? RS_WARN : RS_PASS;
	struct rs_finding *f = rs_finding_port(out, c, v, d, p);
	const char *cf = "/sys/kernel/config/rdma_cm";

	if (tos >= 0)
		RS_FSET(f->expected,
			_("default_roce_mode RoCE v2, default_roce_tos %d (profile %s)"),
			tos, pr->name);
	else
		RS_FSET(f->expected, _("default_roce_mode RoCE v2 (a ToS only with a profile's "
			"roce_tos)"));
	if (v == RS_SKIP) {
		RS_FSUMMARY(f, "rdma_cm defaults not visible: no configfs group %s/%s (mkdir "
			"it to see them; without one the kernel's apply: RoCE v2 where the device "
			"has it, ToS 0)", cf, d->name);
		return;
	}
	RS_FSET(f->evidence, "%s/%s/ports/%u: default_roce_mode %s, default_roce_tos %d", cf,
		d->name, p->num, p->cm_roce_mode, p->cm_roce_tos);
	if (v == RS_PASS) {
		RS_FSUMMARY(f, "rdma_cm defaults: %s, ToS %d", p->cm_roce_mode, p->cm_roce_tos);
		return;
	}
	if (v1) {
		RS_FSUMMARY(f, "rdma_cm connections default to %s: not routable, and a RoCE "
			"v2 peer cannot talk to them", p->cm_roce_mode);
		RS_FSET(f->remedy, "echo \"RoCE v2\" > %s/%s/ports/%u/default_roce_mode", cf,
			d->name, p->num);
		return;
	}
	RS_FSUMMARY(f, "rdma_cm's default ToS is %d, the site's is %d: rdma_cm traffic "
		"lands on another priority", p->cm_roce_tos, tos);
	RS_FSET(f->remedy, "echo %d > %s/%s/ports/%u/default_roce_tos", tos, cf, d->name, p->num);
}

void rs_check_cm_defaults(const struct rs_check_ctx *ctx, const struct rs_check *c,
			  struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;

	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++)
			if (rs_port_is_eth(&s->devices[i].ports[j]))
				cm_defaults_port(ctx, c, &s->devices[i], &s->devices[i].ports[j],
						 out);
}

/* The remedies of a table that was read; the words of the state are
 * rs_gid_pick_summary()'s, as every view shows them. */
static void gid_remedy(struct rs_finding *f, const struct rs_port *p,
		       const struct rs_gid_pick *pick)
{
	const char *nd = p->netdev[0] ? p->netdev : "NETDEV";

	if (pick->state == RS_GID_STALE)
		RS_FSET(f->remedy, _("the GID table still names a removed address: "
			"ip addr add %s dev %s again, or let the table refresh "
			"(ip link set %s down; ip link set %s up)"), pick->gid->ip,
			pick->gid->netdev, pick->gid->netdev, pick->gid->netdev);
	if (pick->state == RS_GID_NONE)
		RS_FSET(f->remedy, _("ip link set %s up; ip addr add ADDR/LEN dev %s; "
			"then check the RoCE v2 entries appear (rocescope gids)"), nd, nd);
}

void rs_check_gid_roce_v2(const struct rs_check_ctx *ctx, const struct rs_check *c,
			  struct rs_findings *out)
{
	static const enum rs_verdict verdict[] = {
		[RS_GID_USE] = RS_PASS, [RS_GID_STALE] = RS_WARN, [RS_GID_NONE] = RS_FAIL,
		[RS_GID_UNKNOWN] = RS_SKIP,
	};
	const struct rs_snapshot *s = ctx->snap;

	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++) {
			const struct rs_device *d = &s->devices[i];
			const struct rs_port *p = &d->ports[j];
			struct rs_gid_pick pick;
			struct rs_finding *f;

			rs_gid_recommend_in(ctx->index, d, p, &pick);
			f = rs_finding_port(out, c, verdict[pick.state], d, p);
			rs_gid_pick_summary(&pick, f->summary, sizeof(f->summary));
			if (!p->gid_tbl_len && !p->n_gids)
				RS_FSET(f->evidence, _("/sys/class/infiniband/%s/ports/%u/gids: "
					"not read"),
					d->name, p->num);
			else
				RS_FSET(f->evidence, _("/sys/class/infiniband/%s/ports/%u/gids: "
					"%zu valid entries; %s"), d->name, p->num, p->n_gids,
					pick.reason);
			RS_FSET(f->expected, _("a RoCE v2 entry with the IPv4 (or global IPv6) "
				"address of %s"),
				p->netdev[0] ? p->netdev : _("the port's netdev"));
			gid_remedy(f, p, &pick);
		}
}
