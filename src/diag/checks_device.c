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
#include "diag/gid_recommend.h"

#include <stdio.h>
#include <string.h>

#define ROCE_MTU_WANT 4096
#define NETDEV_MTU_WANT (ROCE_MTU_WANT + 96 + 8)	/* 4200: what the console asks for */

void rs_check_device_none(const struct rs_check_ctx *ctx, const struct rs_check *c,
			  struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	struct rs_finding *f = rs_finding_new(out, c, s->n_devices ? RS_PASS : RS_FAIL,
					      RS_OBJ_HOST);

	RS_FSET(f->object, "host");
	RS_FSET(f->evidence, "/sys/class/infiniband: %zu device(s)", s->n_devices);
	RS_FSET(f->expected, "at least one RDMA device");
	if (s->n_devices) {
		RS_FSET(f->summary, "%zu RDMA device(s)", s->n_devices);
		return;
	}
	RS_FSET(f->summary, "no RDMA device: no driver loaded, or no RDMA NIC here");
	RS_FSET(f->remedy, "modprobe mlx5_core mlx5_ib (ConnectX); for Soft-RoCE: "
		"rdma link add rxe0 type rxe netdev ETH");
}

void rs_check_device_gone(const struct rs_check_ctx *ctx, const struct rs_check *c,
			  struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_device *d = &s->devices[i];
		struct rs_finding *f = rs_finding_dev(out, c, d->present ? RS_PASS : RS_FAIL, d);

		RS_FSET(f->evidence, "/sys/class/infiniband/%s: %s", d->name,
			d->present ? "present" : "vanished since the last refresh");
		RS_FSET(f->expected, "the device directory stays");
		if (d->present) {
			RS_FSET(f->summary, "%s present", d->name);
			continue;
		}
		RS_FSET(f->summary, "device gone: its sysfs directory vanished");
		RS_FSET(f->remedy, "see dmesg for why (AER, firmware reset, driver unload); "
			"modprobe %s or reseat the NIC, then reload (R)",
			d->driver[0] ? d->driver : "the driver");
	}
}

static int pci_degraded(const struct rs_pci_link *l)
{
	return (l->cur_gts > 0 && l->max_gts > 0 && l->cur_gts < l->max_gts) ||
	       (l->cur_width > 0 && l->max_width > 0 && l->cur_width < l->max_width);
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
			RS_FSET(f->summary, "no PCI function (%s)",
				d->driver[0] ? d->driver : "virtual");
			RS_FSET(f->evidence, "/sys/class/infiniband/%s/device: no PCI function",
				d->name);
			continue;
		}
		RS_FSET(f->evidence, "/sys/bus/pci/devices/%s: current_link_speed %s, "
			"current_link_width %d; max_link_speed %s, max_link_width %d", l->addr,
			l->cur_speed[0] ? l->cur_speed : "?", l->cur_width,
			l->max_speed[0] ? l->max_speed : "?", l->max_width);
		RS_FSET(f->expected, "current speed and width equal to the maximum "
			"(%.1f GT/s x%d)", l->max_gts, l->max_width);
		if (f->verdict == RS_SKIP) {
			RS_FSET(f->summary, "PCI link speed/width unknown");
		} else if (f->verdict == RS_PASS) {
			RS_FSET(f->summary, "PCI link %.1f GT/s x%d at its maximum", l->cur_gts,
				l->cur_width);
		} else {
			RS_FSET(f->summary, "PCI link below max: %.1f GT/s x%d of %.1f GT/s x%d "
				"(check slot, riser, BIOS)", l->cur_gts, l->cur_width,
				l->max_gts, l->max_width);
			RS_FSET(f->remedy, "reseat the NIC in a x%d slot (no narrower riser), set "
				"the slot to its maximum PCIe speed in the BIOS; confirm with "
				"lspci -vv -s %s (LnkSta)", l->max_width, l->addr);
		}
	}
}

void rs_check_weak_roce_v2(const struct rs_check_ctx *ctx, const struct rs_check *c,
			   struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_device *d = &s->devices[i];
		struct rs_finding *f = rs_finding_dev(out, c, d->weak_roce_v2 ? RS_WARN : RS_PASS, d);

		RS_FSET(f->evidence, "driver %s, generation %s", d->driver[0] ? d->driver : "?",
			d->generation[0] ? d->generation : "unknown");
		RS_FSET(f->expected, "ConnectX-4 or newer (mlx5), or a NIC with full RoCE v2");
		if (!d->weak_roce_v2) {
			RS_FSET(f->summary, "%s: not an mlx4 (ConnectX-3 class) device",
				d->generation[0] ? d->generation : d->name);
			continue;
		}
		RS_FSET(f->summary, "mlx4 (ConnectX-3 class): RoCE v2 is weak here; "
			"prefer ConnectX-4 or newer");
		RS_FSET(f->remedy, "use a ConnectX-4 or newer NIC for RoCE v2; on this one "
			"check the firmware enables RoCE v2 (mlx4_core roce_mode) or use RoCE v1");
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
			struct rs_finding *f = rs_finding_port(out, c, p->state == RS_PORT_ACTIVE ? RS_PASS :
							    RS_FAIL, d, p);
			const char *nd = p->netdev[0] ? p->netdev : "NETDEV";

			RS_FSET(f->evidence, "/sys/class/infiniband/%s/ports/%u/state: %d: %s, "
				"phys_state %s", d->name, p->num, p->state,
				p->state_name[0] ? p->state_name : "unknown",
				p->phys_state_name[0] ? p->phys_state_name : "unknown");
			RS_FSET(f->expected, "4: ACTIVE, phys_state LinkUp");
			if (p->state == RS_PORT_ACTIVE) {
				RS_FSET(f->summary, "port ACTIVE");
				continue;
			}
			RS_FSET(f->summary, "port not ACTIVE (%s): netdev down or no carrier",
				p->state_name[0] ? p->state_name : "unknown");
			RS_FSET(f->remedy, "ip link set %s up; check cable, transceiver and "
				"the switch port (ethtool %s: Link detected)", nd, nd);
		}
}

static void roce_mtu_port(const struct rs_snapshot *s, const struct rs_check *c,
			  const struct rs_device *d, const struct rs_port *p,
			  struct rs_findings *out)
{
	const struct rs_link *l = p->netdev[0] ? rs_snapshot_link(s, p->netdev) : NULL;
	enum rs_verdict v = RS_SKIP;
	struct rs_finding *f;

	if (!strcmp(p->link_layer, "Ethernet") && l && l->mtu)
		v = l->mtu < NETDEV_MTU_WANT ? RS_WARN : RS_PASS;
	f = rs_finding_port(out, c, v, d, p);
	RS_FSET(f->expected, "netdev MTU >= %d (RoCE MTU %d); 9000 on a RoCE fabric",
		NETDEV_MTU_WANT, ROCE_MTU_WANT);
	if (strcmp(p->link_layer, "Ethernet")) {
		RS_FSET(f->summary, "%s: no netdev MTU to check",
			p->link_layer[0] ? p->link_layer : "link layer unknown");
		return;
	}
	if (!l || !l->mtu) {
		RS_FSET(f->summary, "netdev %s: MTU unknown", p->netdev[0] ? p->netdev : "(none)");
		return;
	}
	RS_FSET(f->evidence, "/sys/class/net/%s/mtu: %u -> RoCE MTU %d", l->name, l->mtu,
		rs_roce_mtu(l->mtu));
	if (v == RS_PASS) {
		RS_FSET(f->summary, "%s MTU %u: RoCE MTU %d", l->name, l->mtu, rs_roce_mtu(l->mtu));
		return;
	}
	RS_FSET(f->summary, "%s MTU %u < %d: RoCE MTU %d, not %d", l->name, l->mtu,
		NETDEV_MTU_WANT, rs_roce_mtu(l->mtu), ROCE_MTU_WANT);
	RS_FSET(f->remedy, "ip link set %s mtu 9000 (and in its interface config), with "
		"MTU 9216 on every switch port on the path to the peer", l->name);
}

void rs_check_roce_mtu(const struct rs_check_ctx *ctx, const struct rs_check *c,
		       struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++)
			roce_mtu_port(s, c, &s->devices[i], &s->devices[i].ports[j], out);
}

void rs_check_gid_roce_v2(const struct rs_check_ctx *ctx, const struct rs_check *c,
			  struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++) {
			const struct rs_device *d = &s->devices[i];
			const struct rs_port *p = &d->ports[j];
			int eth = !strcmp(p->link_layer, "Ethernet");
			struct rs_gid_pick pick;
			struct rs_finding *f;

			rs_gid_recommend(s, d, p, &pick);
			f = rs_finding_port(out, c, !eth ? RS_SKIP : pick.index < 0 ? RS_FAIL :
					    pick.stale ? RS_WARN : RS_PASS, d, p);
			RS_FSET(f->evidence, "/sys/class/infiniband/%s/ports/%u/gids: %zu valid "
				"entries; %s", d->name, p->num, p->n_gids, pick.reason);
			RS_FSET(f->expected, "a RoCE v2 entry with the IPv4 (or global IPv6) "
				"address of %s", p->netdev[0] ? p->netdev : "the port's netdev");
			if (f->verdict == RS_SKIP)
				RS_FSET(f->summary, "%s: no RoCE GID to choose",
					p->link_layer[0] ? p->link_layer : "link layer unknown");
			else if (f->verdict == RS_PASS)
				RS_FSET(f->summary, "use GID index %d", pick.index);
			else if (f->verdict == RS_WARN)
				RS_FSET(f->summary, "GID index %d names %s, which is no longer on %s",
					pick.index, pick.gid->ip, pick.gid->netdev);
			else
				RS_FSET(f->summary, "no GID index to use: %s", pick.reason);
			if (f->verdict == RS_WARN)
				RS_FSET(f->remedy, "the GID table still names a removed address: "
					"ip addr add %s dev %s again, or let the table refresh "
					"(ip link set %s down; ip link set %s up)", pick.gid->ip,
					pick.gid->netdev, pick.gid->netdev, pick.gid->netdev);
			if (f->verdict == RS_FAIL)
				RS_FSET(f->remedy, "ip link set %s up; ip addr add ADDR/LEN dev %s; "
					"then check the RoCE v2 entries appear (rocescope gids)",
					p->netdev[0] ? p->netdev : "NETDEV",
					p->netdev[0] ? p->netdev : "NETDEV");
		}
}
