/* SPDX-License-Identifier: MIT */
/*
 * checks_setup.c - checks of the choices a test or an application makes,
 * and of the host against a site profile:
 *
 *   gid.user_index        the GID index the user gives (-x N) is usable here
 *   gid.default_index     index 0, what a tool uses without -x, is that entry
 *   host.memlock_for_test memlock covers message size x depth x QPs
 *   device.max_mr         the message fits the device's largest MR and the
 *                         port's largest message
 *   profile.mtu, profile.link_speed, profile.firmware - the site profile
 *
 * What the user did not give (no -x, no -s, no profile) makes these skip,
 * saying what to give.
 */
#include "diag/check.h"
#include "model/counter_tables.h"
#include "model/gid_recommend.h"

#include <stdio.h>
#include <string.h>

static void user_index_port(const struct rs_check_ctx *ctx, const struct rs_check *c,
			    const struct rs_device *d, const struct rs_port *p,
			    struct rs_findings *out)
{
	int x = ctx->params->gid_index;
	const struct rs_gid *g = rs_gid_find(p, (unsigned)x);
	const char *trap = g ? rs_gid_trap_label(p, g) : NULL;
	struct rs_gid_pick pick;
	enum rs_verdict v;
	struct rs_finding *f;

	/* No slot listed (table not read), or the entry's type not readable:
	 * whether the index works is unknown, not bad. */
	if ((!g && !p->gid_tbl_len && !p->n_gids) || (g && g->type == RS_GID_TYPE_UNKNOWN)) {
		f = rs_finding_port(out, c, RS_SKIP, d, p);
		RS_FSUMMARY(f, g ? N_("GID index %d: its type is unknown (gid_attrs/types not "
				      "read)") : N_("GID index %d: the port's GID table was not read"),
			    x);
		if (p->netdev[0])
			RS_FSET(f->expected, _("a RoCE v2 entry with the address of %s"),
				p->netdev);
		else
			RS_FSET(f->expected, _("a RoCE v2 entry with the address of the port's "
				"netdev"));
		return;
	}
	rs_gid_recommend_in(ctx->index, d, p, &pick);
	if (!g || (g->type == RS_GID_TYPE_ROCE_V1) ||
	    (g->netdev[0] && p->netdev[0] && strcmp(g->netdev, p->netdev) &&
	     g->vlan < 0) || !rs_gid_addr_current_in(ctx->index, g))
		v = RS_FAIL;
	else if (trap)
		v = RS_WARN;
	else
		v = RS_PASS;
	f = rs_finding_port(out, c, v, d, p);
	/* TRANSLATORS: the netdev, then why an index is the one to use. */
	if (p->netdev[0])
		RS_FSET(f->expected, _("a RoCE v2 entry with the address of %s (here: %s)"),
			p->netdev, pick.index >= 0 ? pick.reason : "none");
	else
		RS_FSET(f->expected, _("a RoCE v2 entry with the address of the port's netdev "
			"(here: %s)"), pick.index >= 0 ? pick.reason : "none");
	if (!g) {
		RS_FSET(f->evidence, _("/sys/class/infiniband/%s/ports/%u/gids/%d: empty"), d->name,
			p->num, x);
		RS_FSUMMARY(f, "GID index %d is empty on %s port %u: modify QP to RTR fails "
			"(errno 61)", x, d->name, p->num);
	} else {
		RS_FSET(f->evidence, _("GID %d: %s %s on %s"), x, rs_gid_type_name(g->type),
			g->ip[0] ? g->ip : g->gid, g->netdev[0] ? g->netdev : "no netdev");
		if (v == RS_PASS)
			RS_FSUMMARY(f, "GID index %d: RoCE v2, %s on %s", x, g->ip, g->netdev);
		else if (g->type == RS_GID_TYPE_ROCE_V1)
			RS_FSUMMARY(f, "GID index %d is RoCE v1: a RoCE v2 peer answers "
				"\"Found Incompatibility issue with GID types\"", x);
		else if (!rs_gid_addr_current_in(ctx->index, g))
			RS_FSUMMARY(f, "GID index %d names %s, no longer on %s", x, g->ip,
				g->netdev);
		else if (v == RS_FAIL)
			RS_FSUMMARY(f, "GID index %d belongs to %s, not to this port's %s", x,
				g->netdev, p->netdev);
		else
			RS_FSUMMARY(f, "GID index %d is link-local: it works only if the peer "
				"uses its link-local entry too", x);
	}
	if (v != RS_PASS && pick.index >= 0)
		RS_FSET(f->remedy, _("use -x %d (%s)"), pick.index, pick.reason);
	else if (v != RS_PASS)
		RS_FSET(f->remedy, _("no usable index on this port: %s"), pick.reason);
}

void rs_check_user_index(const struct rs_check_ctx *ctx, const struct rs_check *c,
			 struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;

	if (!ctx->params || ctx->params->gid_index < 0) {
		struct rs_finding *f = rs_finding_host(out, c, RS_SKIP);

		RS_FSUMMARY(f, "no GID index given (-x N)");
		RS_FSET(f->expected, _("the index an application will use, to check it"));
		return;
	}
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++)
			if (rs_port_is_eth(&s->devices[i].ports[j]))
				user_index_port(ctx, c, &s->devices[i], &s->devices[i].ports[j],
						out);
}

/* One port: is index 0, what a tool without -x uses, the entry to use? */
static void default_index_port(const struct rs_check_ctx *ctx, const struct rs_check *c,
			       const struct rs_device *d, const struct rs_port *p,
			       struct rs_findings *out)
{
	const struct rs_gid *g = rs_gid_find(p, 0);
	struct rs_gid_pick pick;
	struct rs_finding *f;

	rs_gid_recommend_in(ctx->index, d, p, &pick);
	f = rs_finding_port(out, c, pick.index < 0 ? RS_SKIP : pick.index == 0 ? RS_PASS :
			    RS_WARN, d, p);
	RS_FSET(f->expected, _("every test and application given -x N, the RoCE v2 entry of "
		"%s's IPv4 address (or that entry at index 0)"), p->netdev[0] ? p->netdev :
		"the port's netdev");
	if (f->verdict == RS_SKIP) {
		RS_FSUMMARY(f, "no RoCE v2 entry to give (gid.no_roce_v2): %s", pick.reason);
		return;
	}
	RS_FSET(f->evidence, _("GID 0: %s %s; the entry to use: %d (%s)"), g ?
		rs_gid_type_name(rs_gid_type_of(p, g)) : "empty", g ? (g->ip[0] ? g->ip : g->gid) :
		"", pick.index, pick.reason);
	if (f->verdict == RS_PASS) {
		RS_FSUMMARY(f, "index 0, what a tool uses without -x, is the RoCE v2 entry");
		return;
	}
	/* TRANSLATORS: the GID type ("RoCE v1") and its address. */
	if (g)
		RS_FSUMMARY(f, "a tool without -x uses index 0 (%s, %s): give -x %d explicitly",
			    rs_gid_type_name(rs_gid_type_of(p, g)), g->ip[0] ? g->ip : g->gid,
			    pick.index);
	else
		RS_FSUMMARY(f, "a tool without -x uses index 0 (an empty slot): give -x %d "
			    "explicitly", pick.index);
	RS_FSET(f->remedy, _("ib_write_bw -x %d (perftest), ibv_rc_pingpong -g %d, rocescope bw "
		"-x %d; in applications set the GID index (NCCL_IB_GID_INDEX=%d)"), pick.index,
		pick.index, pick.index, pick.index);
}

void rs_check_default_index(const struct rs_check_ctx *ctx, const struct rs_check *c,
			    struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;

	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++)
			if (rs_port_is_eth(&s->devices[i].ports[j]))
				default_index_port(ctx, c, &s->devices[i], &s->devices[i].ports[j],
						   out);
}

static unsigned depth(const struct rs_check_params *p)
{
	return p->tx_depth ? p->tx_depth : 128;
}

static unsigned qps(const struct rs_check_params *p)
{
	return p->qps ? p->qps : 1;
}

void rs_check_memlock_for_test(const struct rs_check_ctx *ctx, const struct rs_check *c,
			       struct rs_findings *out)
{
	const struct rs_check_params *pa = ctx->params;
	const struct rs_host *h = &ctx->snap->host;
	uint64_t need = pa && pa->msg_size ? pa->msg_size * depth(pa) * qps(pa) : 0;
	enum rs_verdict v = !need || (!h->memlock_known && h->cap_ipc_lock != 1) ? RS_SKIP :
			    h->cap_ipc_lock == 1 || h->memlock_soft == RS_MEMLOCK_UNLIMITED ||
			    h->memlock_soft >= need ? RS_PASS : RS_FAIL;
	struct rs_finding *f = rs_finding_host(out, c, v);
	char have[32], want[32];

	RS_FSET(f->expected, _("memlock of at least message size x depth x QPs, or unlimited"));
	if (!need) {
		RS_FSUMMARY(f, "no message size given (-s BYTES)");
		return;
	}
	rs_fmt_memlock(want, sizeof(want), need);
	if (v == RS_SKIP) {
		RS_FSUMMARY(f, "memlock unknown: cannot compare with the %s the test pins",
			want);
		return;
	}
	rs_fmt_memlock(have, sizeof(have), h->memlock_soft);
	RS_FSET(f->evidence, h->cap_ipc_lock == 1 ? _("getrlimit(RLIMIT_MEMLOCK) soft %s, "
		"CAP_IPC_LOCK held; -s %llu x depth %u x %u QP = %s") :
		_("getrlimit(RLIMIT_MEMLOCK) soft %s; -s %llu x depth %u x %u QP = %s"), have,
		(unsigned long long)pa->msg_size, depth(pa), qps(pa), want);
	if (v == RS_PASS) {
		/* TRANSLATORS: the memlock limit, then the memory the test pins. */
		RS_FSUMMARY(f, h->cap_ipc_lock == 1 ? N_("CAP_IPC_LOCK: no memlock limit applies") :
			    N_("memlock %s covers the %s the test pins"), have, want);
		return;
	}
	RS_FSUMMARY(f, "memlock %s < the %s the test pins: ibv_reg_mr fails (ENOMEM, "
		"\"Couldn't allocate MR\")", have, want);
	RS_FSET(f->remedy, _("'* soft memlock unlimited' and '* hard memlock unlimited' in "
		"/etc/security/limits.d/rdma.conf, log in again (services: "
		"LimitMEMLOCK=infinity); or a smaller -s or -t"));
}

void rs_check_max_mr(const struct rs_check_ctx *ctx, const struct rs_check *c,
		     struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	uint64_t size = ctx->params ? ctx->params->msg_size : 0;

	if (!size) {
		struct rs_finding *f = rs_finding_host(out, c, RS_SKIP);

		RS_FSUMMARY(f, "no message size given (-s BYTES)");
		RS_FSET(f->expected, _("the message fits the device's largest MR and message"));
		return;
	}
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++) {
			const struct rs_device *d = &s->devices[i];
			const struct rs_port *p = &d->ports[j];
			enum rs_verdict v = !d->max_mr_size || !p->max_msg_sz ? RS_SKIP :
					    size > d->max_mr_size || size > p->max_msg_sz ?
					    RS_FAIL : RS_PASS;
			struct rs_finding *f = rs_finding_port(out, c, v, d, p);

			RS_FSET(f->expected, _("-s %llu within max_mr_size and max_msg_sz"),
				(unsigned long long)size);
			if (v == RS_SKIP) {
				RS_FSUMMARY(f, "device limits unknown (read by libibverbs "
					"on the live host)");
				continue;
			}
			RS_FSET(f->evidence, _("ibv_query_device max_mr_size %llu, ibv_query_port "
				"max_msg_sz %u"), (unsigned long long)d->max_mr_size, p->max_msg_sz);
			RS_FSUMMARY(f, v == RS_PASS ? N_("a %llu-byte message fits") :
				    N_("a %llu-byte message is larger than the device allows"),
				    (unsigned long long)size);
			if (v == RS_FAIL)
				RS_FSET(f->remedy, _("use messages of at most %u bytes (split the "
					"transfer)"), p->max_msg_sz);
		}
}

static const struct rs_profile *profile_of(const struct rs_check_ctx *ctx)
{
	return ctx->params ? ctx->params->profile : NULL;
}

/* What a site profile may not say, for no_profile(). */
enum profile_part { NO_MTU, NO_SPEED, NO_PAIRS };

static struct rs_finding *no_profile(const struct rs_check *c, struct rs_findings *out,
				     enum profile_part what)
{
	struct rs_finding *f = rs_finding_host(out, c, RS_SKIP);

	if (what == NO_MTU) {
		RS_FSUMMARY(f, "no MTU in the site profile (--profile FILE)");
		RS_FSET(f->expected, _("the site's MTU"));
	} else if (what == NO_SPEED) {
		RS_FSUMMARY(f, "no link speed in the site profile (--profile FILE)");
		RS_FSET(f->expected, _("the site's link speed"));
	} else {
		RS_FSUMMARY(f, "no known-good firmware/driver pairs in the site profile "
			    "(--profile FILE)");
		RS_FSET(f->expected, _("the site's known-good firmware/driver pairs"));
	}
	return f;
}

void rs_check_profile_mtu(const struct rs_check_ctx *ctx, const struct rs_check *c,
			  struct rs_findings *out)
{
	const struct rs_profile *pr = profile_of(ctx);
	const struct rs_snapshot *s = ctx->snap;

	if (!pr || !pr->mtu) {
		no_profile(c, out, NO_MTU);
		return;
	}
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++) {
			const struct rs_device *d = &s->devices[i];
			const struct rs_port *p = &d->ports[j];
			const struct rs_link *l = rs_ctx_link(ctx, p->netdev);
			enum rs_verdict v = !rs_port_is_eth(p) || !l || !l->mtu ? RS_SKIP :
					    l->mtu == pr->mtu ? RS_PASS : RS_FAIL;
			struct rs_finding *f = rs_finding_port(out, c, v, d, p);

			RS_FSET(f->expected, _("MTU %u (profile %s), the same on every hop"), pr->mtu,
				pr->name);
			if (v == RS_SKIP) {
				RS_FSUMMARY(f, "netdev MTU unknown");
				continue;
			}
			RS_FSET(f->evidence, _("/sys/class/net/%s/mtu: %u"), l->name, l->mtu);
			RS_FSUMMARY(f, v == RS_PASS ? N_("%s MTU %u") :
				    N_("%s MTU %u, the site runs another"), l->name, l->mtu);
			if (v == RS_FAIL)
				RS_FSET(f->remedy, _("ip link set %s mtu %u (and in its interface "
					"config)"), l->name, pr->mtu);
		}
}

void rs_check_profile_speed(const struct rs_check_ctx *ctx, const struct rs_check *c,
			    struct rs_findings *out)
{
	const struct rs_profile *pr = profile_of(ctx);
	const struct rs_snapshot *s = ctx->snap;

	if (!pr || !pr->link_speed_gbps) {
		no_profile(c, out, NO_SPEED);
		return;
	}
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++) {
			const struct rs_device *d = &s->devices[i];
			const struct rs_port *p = &d->ports[j];
			enum rs_verdict v = !p->rate_gbps ? RS_SKIP :
					    p->rate_gbps + 0.01 >= pr->link_speed_gbps ? RS_PASS :
					    RS_FAIL;
			struct rs_finding *f = rs_finding_port(out, c, v, d, p);

			RS_FSET(f->expected, _("%g Gb/s (profile %s)"), pr->link_speed_gbps, pr->name);
			if (v == RS_SKIP) {
				RS_FSUMMARY(f, "link rate unknown");
				continue;
			}
			RS_FSET(f->evidence, _("/sys/class/infiniband/%s/ports/%u/rate: %s"), d->name,
				p->num, p->rate);
			RS_FSUMMARY(f, v == RS_PASS ? N_("link at %g Gb/s") :
				    N_("link at %g Gb/s, below the site's speed"), p->rate_gbps);
			if (v == RS_FAIL)
				RS_FSET(f->remedy, _("ethtool %s: check the negotiated speed, the cable "
					"and transceiver, and the switch port's speed"), p->netdev[0] ?
					p->netdev : "NETDEV");
		}
}

static int good_pair(const struct rs_profile *pr, const struct rs_device *d)
{
	for (size_t i = 0; i < pr->n_known_good; i++) {
		const struct rs_known_good *k = &pr->known_good[i];

		if ((!k->generation[0] || !strcmp(k->generation, d->generation)) &&
		    !strcmp(k->firmware, d->fw_ver) &&
		    (!k->driver[0] || !strcmp(k->driver, d->driver)))
			return 1;
	}
	return 0;
}

/* How each vendor's firmware is flashed: NVIDIA's MFT for ConnectX (and a
 * device of no known driver), the kernel's devlink for the others (bnxt_en,
 * ice and hns3 support devlink dev flash), with the vendor's own tool. */
static void firmware_remedy(struct rs_finding *f, const struct rs_device *d)
{
	const struct rs_ctr_table *t = rs_ctr_table_for(d);
	const char *addr = d->pci.addr[0] ? d->pci.addr : "ADDR";

	if (!t || !strcmp(t->driver, "mlx5") || !strncmp(d->driver, "mlx4", 4))
		RS_FSET(f->remedy, _("flash a known-good firmware for PSID %s (mlxfwmanager "
			"--query, then mlxfwmanager -u), or add the pair to the profile once "
			"proven"), d->board_id[0] ? d->board_id : "?");
	else if (!strcmp(t->driver, "bnxt_re"))
		RS_FSET(f->remedy, _("flash a known-good firmware (devlink dev flash pci/%s file "
			"FIRMWARE or Broadcom's niccli), or add the pair to the profile once proven"),
			addr);
	else if (!strcmp(t->driver, "irdma"))
		RS_FSET(f->remedy, _("flash a known-good firmware (devlink dev flash pci/%s file "
			"FIRMWARE or Intel's nvmupdate64e), or add the pair to the profile once "
			"proven"), addr);
	else
		RS_FSET(f->remedy, _("flash a known-good firmware (devlink dev flash pci/%s file "
			"FIRMWARE), or add the pair to the profile once proven"), addr);
}

void rs_check_profile_firmware(const struct rs_check_ctx *ctx, const struct rs_check *c,
			       struct rs_findings *out)
{
	const struct rs_profile *pr = profile_of(ctx);
	const struct rs_snapshot *s = ctx->snap;

	if (!pr || !pr->n_known_good) {
		no_profile(c, out, NO_PAIRS);
		return;
	}
	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_device *d = &s->devices[i];
		enum rs_verdict v = !d->fw_ver[0] ? RS_SKIP : good_pair(pr, d) ? RS_PASS : RS_WARN;
		struct rs_finding *f = rs_finding_dev(out, c, v, d);

		RS_FSET(f->expected, _("a firmware/driver pair of profile %s's known_good list"),
			pr->name);
		RS_FSET(f->evidence, _("%s %s: firmware %s, driver %s"), d->name,
			d->generation[0] ? d->generation : "?", d->fw_ver[0] ? d->fw_ver : "?",
			d->driver[0] ? d->driver : "?");
		if (v == RS_SKIP) {
			RS_FSUMMARY(f, "firmware version unknown");
			continue;
		}
		/* TRANSLATORS: the firmware version, then the driver. */
		if (d->driver[0])
			RS_FSUMMARY(f, v == RS_PASS ? N_("firmware %s with %s: a known-good pair") :
				    N_("firmware %s with %s is not a known-good pair at this site"),
				    d->fw_ver, d->driver);
		else
			RS_FSUMMARY(f, v == RS_PASS ? N_("firmware %s with its driver: a known-good "
							 "pair") :
				    N_("firmware %s with its driver is not a known-good pair at this "
				       "site"), d->fw_ver);
		if (v == RS_WARN)
			firmware_remedy(f, d);
	}
}
