/* SPDX-License-Identifier: MIT */
/*
 * checks_host.c - checks about the host around the NIC: the RDMA kernel
 * modules, the locked-memory limit and huge pages.
 *
 * An RDMA NIC's Ethernet driver loaded without its RDMA driver (mlx5_core
 * without mlx5_ib, bnxt_en without bnxt_re, ice or i40e without irdma,
 * hns3 without hns_roce_hw_v2, qede without qedr, mana without mana_ib) or
 * without ib_uverbs / rdma_ucm gives a working Ethernet port that verbs
 * do not see (or rdma_cm that fails), rdma_rxe (Soft-RoCE) without
 * ib_uverbs / rdma_ucm devices no application can open, and a site
 * profile may name the modules its RDMA needs; a memlock
 * limit below unlimited makes memory registration fail with ENOMEM
 * ("Couldn't allocate MR") unless the process holds CAP_IPC_LOCK, so that
 * verdict names whom it is about (this process, or other users' logins);
 * no huge pages means large buffers cost more MTT entries.  Data the snapshot lacks (no module list, limits not read,
 * no hugepages directory) gives a skip.
 */
#include "diag/check.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MEMLOCK_SMALL (64ULL << 20)

static int module_loaded(const struct rs_host *h, const char *name)
{
	for (size_t i = 0; i < h->n_modules; i++)
		if (!strcmp(h->modules[i].name, name))
			return h->modules[i].loaded;
	return -1;	/* not among the modules the collector looked at */
}

/* Each RDMA driver and the Ethernet driver(s) whose NIC it serves. */
static const struct pair {
	const char *rdma, *core, *core2;
} pairs[] = {
	{ "mlx5_ib", "mlx5_core", NULL }, { "bnxt_re", "bnxt_en", NULL },
	{ "irdma", "ice", "i40e" }, { "hns_roce_hw_v2", "hns3", NULL },
	{ "qedr", "qede", NULL }, { "mana_ib", "mana", NULL },
};

/* The core a needed module goes with ("" when it is not needed), and
 * whether that core is loaded (1), not (0) or not listed (-1). */
static const char *core_of(const struct rs_host *h, const char *name, int *loaded)
{
	const char *any = NULL;

	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		const struct pair *p = &pairs[i];
		int a = module_loaded(h, p->core), b = p->core2 ? module_loaded(h, p->core2) : -1;

		if (!strcmp(name, p->rdma)) {
			*loaded = a == 1 || b == 1 ? 1 : a == 0 || b == 0 ? 0 : -1;
			return a != 1 && b == 1 ? p->core2 : p->core;
		}
		if (!any && (a == 1 || b == 1))
			any = a == 1 ? p->core : p->core2;
	}
	if (strcmp(name, "ib_uverbs") && strcmp(name, "rdma_ucm"))
		return "";
	/* verbs and rdma_cm are needed by whichever NIC driver is loaded, and
	 * by Soft-RoCE's (rdma_rxe makes the devices) */
	if (!any && module_loaded(h, "rdma_rxe") == 1)
		any = "rdma_rxe";
	*loaded = any ? 1 : module_loaded(h, "mlx5_core");
	return any ? any : "mlx5_core";
}

/* 1 when the site profile names module name. */
static int profile_needs(const struct rs_profile *pr, const char *name)
{
	for (size_t i = 0; pr && i < pr->n_modules; i++)
		if (!strcmp(pr->modules[i], name))
			return 1;
	return 0;
}

/* A module a loaded driver needs, or (pr set, no driver needs it) the
 * site's profile. */
static void module_finding(struct rs_findings *out, const struct rs_check *c,
			   const struct rs_module *m, const char *core, int loaded,
			   const struct rs_profile *pr)
{
	int site = pr && loaded != 1;
	enum rs_verdict v = loaded != 1 && !site ? RS_SKIP : m->loaded ? RS_PASS : RS_FAIL;
	struct rs_finding *f = rs_finding_new(out, c, v, RS_OBJ_MODULE);

	RS_FSET(f->object, "%s", m->name);
	if (site)
		RS_FSET(f->evidence, _("/proc/modules: %s %s; profile %s needs it"), m->name,
			m->loaded ? _("loaded") : _("not loaded"), pr->name);
	else
		RS_FSET(f->evidence, "/proc/modules: %s %s, %s %s", m->name,
			m->loaded ? _("loaded") : _("not loaded"), core,
			loaded == 1 ? _("loaded") : loaded == 0 ? _("not loaded") :
			_("not listed"));
	if (site)
		RS_FSET(f->expected, _("%s loaded (profile %s)"), m->name, pr->name);
	else
		RS_FSET(f->expected, _("%s loaded when %s is"), m->name, core);
	if (v == RS_SKIP)
		RS_FSUMMARY(f, "%s: %s is not loaded, nothing to expect", m->name, core);
	else if (v == RS_PASS)
		RS_FSUMMARY(f, "%s loaded", m->name);
	else if (site)
		RS_FSUMMARY(f, "%s not loaded (the profile %s needs it)", m->name, pr->name);
	else
		RS_FSUMMARY(f, "%s not loaded (%s is: modprobe it)", m->name, core);
	if (v == RS_FAIL)
		RS_FSET(f->remedy, _("modprobe %s; to persist: echo %s >> "
			"/etc/modules-load.d/rdma.conf"), m->name, m->name);
}

const char *rs_check_rdma_module_missing(const struct rs_host *h, const char **core)
{
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		int loaded = -1;
		const char *k = core_of(h, pairs[i].rdma, &loaded);

		if (loaded == 1 && module_loaded(h, pairs[i].rdma) == 0) {
			*core = k;
			return pairs[i].rdma;
		}
	}
	return NULL;
}

void rs_check_modules(const struct rs_check_ctx *ctx, const struct rs_check *c,
		      struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	const struct rs_host *h = &s->host;
	const struct rs_profile *pr = ctx->params ? ctx->params->profile : NULL;

	for (size_t i = 0; i < h->n_modules; i++) {
		const struct rs_module *m = &h->modules[i];
		int loaded = -1;
		const char *core = core_of(h, m->name, &loaded);
		int site = profile_needs(pr, m->name);

		if (core[0] || site)
			module_finding(out, c, m, core, loaded, site ? pr : NULL);
	}
	if (!h->n_modules) {
		struct rs_finding *f = rs_finding_new(out, c, RS_SKIP, RS_OBJ_HOST);

		RS_FSET(f->object, "host");
		RS_FSUMMARY(f, "no module information");
		RS_FSET(f->evidence, _("/proc/modules: not read"));
		RS_FSET(f->expected, _("mlx5_ib, ib_uverbs, rdma_ucm loaded when mlx5_core is "
			"(bnxt_re with bnxt_en, irdma with ice or i40e, hns_roce_hw_v2 with hns3, "
			"qedr with qede, mana_ib with mana)"));
	}
}

/*
 * What a login of another user gets: the limits.conf / limits.d soft value
 * (KiB in the file, *from names it), else - no line applies, *from NULL -
 * the default this process inherited too.  0 when neither is known.
 */
static uint64_t login_limit(const struct rs_host *h, const char **from)
{
	if (h->memlock_conf[0]) {
		*from = h->memlock_conf_file[0] ? h->memlock_conf_file : "limits.conf";
		return h->memlock_conf[0] == 'u' ? RS_MEMLOCK_UNLIMITED :
		       strtoull(h->memlock_conf, NULL, 10) << 10;
	}
	*from = NULL;	/* no memlock line in limits.conf: the default, as this process has */
	return h->memlock_known ? h->memlock_soft : 0;
}

static enum rs_verdict limit_verdict(uint64_t v)
{
	return v == RS_MEMLOCK_UNLIMITED ? RS_PASS : v < MEMLOCK_SMALL ? RS_FAIL : RS_WARN;
}

/* Where the limits came from: this process's, and the configured value. */
static void memlock_evidence(struct rs_finding *f, const struct rs_host *h, const char *soft,
			     const char *hard)
{
	const char *conf = h->memlock_conf[0] ? h->memlock_conf : _("none");
	const char *cap = h->cap_ipc_lock == 1 ? _("held") : h->cap_ipc_lock ? _("unknown") :
			  _("not held");

	if (h->memlock_conf_file[0])
		RS_FSET(f->evidence, _("getrlimit(RLIMIT_MEMLOCK) of this process: soft %s, hard "
			"%s; configured: %s in %s; CAP_IPC_LOCK %s"), soft, hard, conf,
			h->memlock_conf_file, cap);
	else
		RS_FSET(f->evidence, _("getrlimit(RLIMIT_MEMLOCK) of this process: soft %s, hard "
			"%s; configured: %s; CAP_IPC_LOCK %s"), soft, hard, conf, cap);
}

/* Without CAP_IPC_LOCK (or unknown): this process's own limit. */
static void own_summary(struct rs_finding *f, const struct rs_host *h, const char *soft,
			const char *hard)
{
	int ok = f->verdict == RS_PASS;

	if (h->cap_ipc_lock)
		RS_FSUMMARY(f, ok ? N_("this process (CAP_IPC_LOCK unknown): memlock soft %s, "
				       "hard %s") :
			    N_("this process (CAP_IPC_LOCK unknown): memlock soft %s, hard %s: "
			       "RDMA pins buffers, big MRs fail (ENOMEM)"), soft, hard);
	else
		RS_FSUMMARY(f, ok ? N_("this process (no CAP_IPC_LOCK): memlock soft %s, hard %s") :
			    N_("this process (no CAP_IPC_LOCK): memlock soft %s, hard %s: RDMA "
			       "pins buffers, big MRs fail (ENOMEM)"), soft, hard);
}

/* With CAP_IPC_LOCK: what other users' logins get (from: the file, or
 * NULL for the default). */
static void others_summary(struct rs_finding *f, const char *other, const char *from)
{
	int ok = f->verdict == RS_PASS;

	if (from)
		RS_FSUMMARY(f, ok ? N_("this process holds CAP_IPC_LOCK: no limit applies to it; "
				       "other users' logins get %s (%s)") :
			    N_("this process holds CAP_IPC_LOCK: no limit applies to it; other "
			       "users' logins get %s (%s): their big MRs fail (ENOMEM)"),
			    other, from);
	else
		RS_FSUMMARY(f, ok ? N_("this process holds CAP_IPC_LOCK: no limit applies to it; "
				       "other users' logins get %s (no memlock line in "
				       "limits.conf: the default, as this process has)") :
			    N_("this process holds CAP_IPC_LOCK: no limit applies to it; other "
			       "users' logins get %s (no memlock line in limits.conf: the "
			       "default, as this process has): their big MRs fail (ENOMEM)"),
			    other);
}

/*
 * CAP_IPC_LOCK (root, usually) lifts the limit for this process: what it
 * pins cannot fail, so the verdict is then about the others - the users
 * whose logins get the limits.conf value - and at worst a warning.
 * Without it (or unknown) the verdict is this process's own limit.
 */
static void memlock_texts(struct rs_finding *f, const struct rs_host *h, uint64_t login,
			  const char *from)
{
	char soft[32], hard[32], other[32];

	rs_fmt_memlock(soft, sizeof(soft), h->memlock_soft);
	rs_fmt_memlock(hard, sizeof(hard), h->memlock_hard);
	rs_fmt_memlock(other, sizeof(other), login);
	if (h->memlock_known)
		memlock_evidence(f, h, soft, hard);
	else
		RS_FSET(f->evidence,
			_("RLIMIT_MEMLOCK not read; CAP_IPC_LOCK held; configured: %s"),
			h->memlock_conf[0] ? h->memlock_conf : _("none"));
	if (h->cap_ipc_lock != 1)
		own_summary(f, h, soft, hard);
	else if (!login)
		RS_FSUMMARY(f, "this process holds CAP_IPC_LOCK: no memlock limit applies "
			"to it; what other users get is unknown");
	else
		others_summary(f, other, from);
}

void rs_check_memlock(const struct rs_check_ctx *ctx, const struct rs_check *c,
		      struct rs_findings *out)
{
	const struct rs_host *h = &ctx->snap->host;
	const char *from = NULL;
	uint64_t login = login_limit(h, &from);
	enum rs_verdict v;
	struct rs_finding *f;

	if (h->cap_ipc_lock == 1)
		v = !login || limit_verdict(login) == RS_PASS ? RS_PASS : RS_WARN;
	else
		v = !h->memlock_known ? RS_SKIP : limit_verdict(h->memlock_soft);
	f = rs_finding_host(out, c, v);
	RS_FSET(f->expected, _("memlock unlimited (at least 64 MiB) for whoever runs RDMA: this "
		"process, or with CAP_IPC_LOCK the other users' logins (limits.conf)"));
	if (v == RS_SKIP) {
		RS_FSUMMARY(f, "memlock of this process unknown (limits not read)");
		return;
	}
	memlock_texts(f, h, login, from);
	if (v != RS_PASS)
		RS_FSET(f->remedy, _("add '* soft memlock unlimited' and '* hard memlock "
			"unlimited' to /etc/security/limits.d/rdma.conf and log in again "
			"(services: LimitMEMLOCK=infinity)"));
}

void rs_check_hugepages(const struct rs_check_ctx *ctx, const struct rs_check *c,
			struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;
	const struct rs_host *h = &s->host;
	unsigned long total = 0;
	enum rs_verdict v;
	struct rs_finding *f;
	char seen[RS_FINDING_LEN] = "";
	size_t len = 0;

	for (size_t i = 0; i < h->n_hugepages; i++) {
		total += h->hugepages[i].total;
		if (len < sizeof(seen))
			len += (size_t)snprintf(seen + len, sizeof(seen) - len, "%s%lu kB: %lu",
						i ? ", " : "", h->hugepages[i].size_kb,
						h->hugepages[i].total);
	}
	v = !h->n_hugepages ? RS_SKIP : total ? RS_PASS : RS_WARN;
	f = rs_finding_new(out, c, v, RS_OBJ_HOST);
	RS_FSET(f->object, "host");
	RS_FSET(f->expected, _("huge pages reserved for large RDMA buffers"));
	if (v == RS_SKIP) {
		RS_FSUMMARY(f, "huge pages unknown (not read)");
		RS_FSET(f->evidence, _("/sys/kernel/mm/hugepages: not read"));
		return;
	}
	RS_FSET(f->evidence, "/sys/kernel/mm/hugepages/*/nr_hugepages: %s", seen);
	if (v == RS_PASS) {
		RS_FSUMMARY(f, "%lu huge pages reserved", total);
		return;
	}
	RS_FSUMMARY(f, "no huge pages reserved: large RDMA buffers use more MTT entries");
	RS_FSET(f->remedy, _("echo 2048 > /sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages "
		"(persist: vm.nr_hugepages = 2048 in /etc/sysctl.d/)"));
}
