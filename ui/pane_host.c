/* SPDX-License-Identifier: MIT */
/*
 * pane_host.c - the host around the NIC: kernel, distribution, the RDMA
 * kernel modules, locked-memory limits and huge pages.
 *
 * Marked problems: mlx5_core loaded without mlx5_ib / ib_uverbs /
 * rdma_ucm (Ethernet works, verbs see no device or rdma_cm fails); a
 * memlock limit below unlimited (memory registration fails with ENOMEM,
 * "Couldn't allocate MR"), worse below 64 MiB; no huge pages reserved.
 * They are the findings of the host checks (src/diag/checks_host.c).
 */
#include "ui/curses.h"
#include "ui/ui.h"

#include <stdio.h>
#include <string.h>

/* The finding's mark and role: "! " bad, "~ " warn, "  " otherwise. */
static enum ui_role role(const struct rs_finding *f, const char **mark)
{
	int v = f ? (int)f->verdict : RS_SKIP;

	*mark = v == RS_FAIL ? "! " : v == RS_WARN ? "~ " : "  ";
	return v == RS_FAIL ? UI_R_BAD : v == RS_WARN ? UI_R_WARN : UI_R_OK;
}

static void draw_modules(struct ui *ui, struct ui_pane *pane, const struct rs_host *h)
{
	struct ui_pen pen;

	ui_title(ui, pane, "%s", _("Kernel modules"));
	if (!h->n_modules) {
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, _(" unknown (no module information)"));
	}
	for (size_t i = 0; i < h->n_modules; i++) {
		const struct rs_module *m = &h->modules[i];
		struct rs_fkey key = { .id = "host.module_missing", .kind = RS_OBJ_MODULE,
				      .object = m->name };
		int miss = rs_finding_is_problem(rs_findings_find(&ui->sess.findings, NULL,
								  &key));

		ui_line(pane, &pen);
		ui_putf(&pen, miss ? UI_R_BAD : m->loaded ? UI_R_OK : UI_R_DIM, " %s%-14s %s",
			miss ? "! " : "  ", m->name, m->loaded ? _("loaded") : _("not loaded"));
		if (miss)
			ui_put(&pen, UI_R_BAD, _("  (mlx5_core is: modprobe it)"));
	}
}

static void draw_memlock(struct ui *ui, struct ui_pane *pane, const struct rs_host *h)
{
	const struct rs_finding *f = rs_findings_get(&ui->sess.findings, "host.memlock_small", NULL);
	char soft[32], hard[32];
	const char *mark;
	enum ui_role r = role(f, &mark);
	struct ui_pen pen;

	ui_title(ui, pane, "%s", _("Locked memory (memlock)"));
	if (!h->memlock_known) {
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, _("   this process: unknown (limits not read)"));
		return;
	}
	rs_fmt_memlock(soft, sizeof(soft), h->memlock_soft);
	rs_fmt_memlock(hard, sizeof(hard), h->memlock_hard);
	ui_line(pane, &pen);
	ui_putf(&pen, r, _(" %sthis process: soft %s, hard %s"), mark, soft, hard);
	ui_line(pane, &pen);
	if (h->memlock_conf_file[0])
		ui_putf(&pen, UI_R_NORMAL, _("   configured default: %s in %s"),
			h->memlock_conf[0] ? h->memlock_conf : _("none set (kernel default)"),
			h->memlock_conf_file);
	else
		ui_putf(&pen, UI_R_NORMAL, _("   configured default: %s"),
			h->memlock_conf[0] ? h->memlock_conf : _("none set (kernel default)"));
	if (rs_finding_is_problem(f)) {
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, _("   RDMA pins buffers: big MRs fail (ENOMEM); "
		       "set memlock unlimited"));
	}
}

static void draw_hugepages(struct ui *ui, struct ui_pane *pane, const struct rs_host *h)
{
	const struct rs_finding *f = rs_findings_get(&ui->sess.findings, "host.no_hugepages", NULL);
	struct ui_pen pen;

	ui_title(ui, pane, "%s", _("Huge pages"));
	for (size_t i = 0; i < h->n_hugepages; i++) {
		const struct rs_hugepages *hp = &h->hugepages[i];

		ui_line(pane, &pen);
		ui_putf(&pen, UI_R_NORMAL, _("   %lu kB pages: %lu reserved, %lu free"), hp->size_kb,
			hp->total, hp->free);
	}
	if (rs_finding_is_problem(f)) {
		ui_line(pane, &pen);
		ui_putf(&pen, UI_R_WARN, " ~ %s", f->summary);
	}
}

static void host_draw(struct ui *ui, struct ui_pane *pane)
{
	const struct rs_host *h = &ui->sess.snap.host;
	struct ui_pen pen;

	pane->n_items = 0;
	ui_title(ui, pane, "%s", _("System"));
	ui_line(pane, &pen);
	ui_putf(&pen, UI_R_NORMAL, _("   host %s   kernel %s"), h->hostname, h->kernel);
	ui_line(pane, &pen);
	ui_putf(&pen, UI_R_NORMAL, _("   %s   memory %llu MiB"), h->os[0] ? h->os : _("(unknown OS)"),
		(unsigned long long)(h->mem_total_kb >> 10));
	ui_line(pane, &pen);
	ui_putf(&pen, UI_R_DIM, _("   snapshot %s, taken %s"), ui->sess.snap.source,
		ui->sess.snap.taken_at);
	draw_modules(ui, pane, h);
	draw_memlock(ui, pane, h);
	draw_hugepages(ui, pane, h);
	ui_errors_draw(ui, pane, RS_AREA_HOST);
}

static void host_tick(struct ui *ui, struct ui_pane *pane)
{
	static const char *const ids[] = {
		"host.module_missing", "host.memlock_small", "host.no_hugepages",
	};

	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		pane->problems += rs_findings_problems(&ui->sess.findings, ids[i]);
	pane->problems += ui_errors_count(ui, RS_AREA_HOST);
}

static const struct ui_key host_keys[] = {
	{ 0 },
};

const struct ui_pane_class ui_pane_host = {
	.id = RS_PANE_HOST,
	.about = N_("kernel, distribution, RDMA modules, memlock, huge pages"),
	.draw = host_draw,
	.tick = host_tick,
	.keys = host_keys,
};
