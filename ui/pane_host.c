// SPDX-License-Identifier: MIT
/*
 * pane_host.c - the host around the NIC: kernel, distribution, the RDMA
 * kernel modules, locked-memory limits and huge pages.
 *
 * Marked problems: mlx5_core loaded without mlx5_ib / ib_uverbs /
 * rdma_ucm (Ethernet works, verbs see no device or rdma_cm fails); a
 * memlock limit below unlimited (memory registration fails with ENOMEM,
 * "Couldn't allocate MR"), worse below 64 MiB; no huge pages reserved.
 */
#include "ui/curses.h"
#include "ui/ui.h"

#include <stdio.h>
#include <string.h>

#define MEMLOCK_SMALL (64ULL << 20)

static int module_loaded(const struct rs_host *h, const char *name)
{
	for (size_t i = 0; i < h->n_modules; i++)
		if (!strcmp(h->modules[i].name, name))
			return h->modules[i].loaded;
	return -1;	/* not among the modules the collector looked at */
}

/* 1 when the module is expected (its driver is loaded) and missing. */
static int module_missing(const struct rs_host *h, const char *name)
{
	static const char *const need[] = { "mlx5_ib", "ib_uverbs", "rdma_ucm" };

	if (module_loaded(h, "mlx5_core") != 1)
		return 0;
	for (size_t i = 0; i < sizeof(need) / sizeof(need[0]); i++)
		if (!strcmp(name, need[i]))
			return module_loaded(h, name) != 1;
	return 0;
}

static void fmt_limit(char *buf, size_t len, uint64_t v)
{
	if (v == RS_MEMLOCK_UNLIMITED)
		snprintf(buf, len, "unlimited");
	else if (v >= (1ULL << 20))
		snprintf(buf, len, "%llu MiB", (unsigned long long)(v >> 20));
	else
		snprintf(buf, len, "%llu KiB", (unsigned long long)(v >> 10));
}

static enum ui_role memlock_role(uint64_t v)
{
	if (v == RS_MEMLOCK_UNLIMITED)
		return UI_R_OK;
	return v < MEMLOCK_SMALL ? UI_R_BAD : UI_R_WARN;
}

static int hugepages_reserved(const struct rs_host *h)
{
	for (size_t i = 0; i < h->n_hugepages; i++)
		if (h->hugepages[i].total)
			return 1;
	return 0;
}

static int host_problems(const struct rs_host *h)
{
	int n = 0;

	for (size_t i = 0; i < h->n_modules; i++)
		n += module_missing(h, h->modules[i].name);
	n += h->memlock_known && memlock_role(h->memlock_soft) != UI_R_OK;
	n += !hugepages_reserved(h);
	return n;
}

static void draw_modules(struct ui *ui, struct ui_pane *pane, const struct rs_host *h)
{
	struct ui_pen pen;

	ui_title(ui, pane, "Kernel modules");
	if (!h->n_modules) {
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, " unknown (no module information)");
	}
	for (size_t i = 0; i < h->n_modules; i++) {
		const struct rs_module *m = &h->modules[i];
		int miss = module_missing(h, m->name);

		ui_line(pane, &pen);
		ui_putf(&pen, miss ? UI_R_BAD : m->loaded ? UI_R_OK : UI_R_DIM, " %s%-14s %s",
			miss ? "! " : "  ", m->name, m->loaded ? "loaded" : "not loaded");
		if (miss)
			ui_put(&pen, UI_R_BAD, "  (mlx5_core is: modprobe it)");
	}
}

static void draw_memlock(struct ui *ui, struct ui_pane *pane, const struct rs_host *h)
{
	char soft[32], hard[32];
	struct ui_pen pen;

	ui_title(ui, pane, "Locked memory (memlock)");
	if (!h->memlock_known) {
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, "   this process: unknown (limits not read)");
		return;
	}
	fmt_limit(soft, sizeof(soft), h->memlock_soft);
	fmt_limit(hard, sizeof(hard), h->memlock_hard);
	ui_line(pane, &pen);
	ui_putf(&pen, memlock_role(h->memlock_soft), " %sthis process: soft %s, hard %s",
		memlock_role(h->memlock_soft) == UI_R_BAD ? "! " :
		memlock_role(h->memlock_soft) == UI_R_WARN ? "~ " : "  ", soft, hard);
	ui_line(pane, &pen);
	ui_putf(&pen, UI_R_NORMAL, "   configured default: %s%s%s",
		h->memlock_conf[0] ? h->memlock_conf : "none set (kernel default)",
		h->memlock_conf_file[0] ? " in " : "", h->memlock_conf_file);
	if (memlock_role(h->memlock_soft) != UI_R_OK) {
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, "   RDMA pins buffers: big MRs fail (ENOMEM); "
		       "set memlock unlimited");
	}
}

static void draw_hugepages(struct ui *ui, struct ui_pane *pane, const struct rs_host *h)
{
	struct ui_pen pen;

	ui_title(ui, pane, "Huge pages");
	for (size_t i = 0; i < h->n_hugepages; i++) {
		const struct rs_hugepages *hp = &h->hugepages[i];

		ui_line(pane, &pen);
		ui_putf(&pen, UI_R_NORMAL, "   %lu kB pages: %lu reserved, %lu free", hp->size_kb,
			hp->total, hp->free);
	}
	if (!hugepages_reserved(h)) {
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_WARN, " ~ no huge pages reserved: large RDMA buffers use "
		       "more MTT entries");
	}
}

static void host_draw(struct ui *ui, struct ui_pane *pane)
{
	const struct rs_host *h = &ui->snap.host;
	struct ui_pen pen;

	pane->n_items = 0;
	ui_title(ui, pane, "System");
	ui_line(pane, &pen);
	ui_putf(&pen, UI_R_NORMAL, "   host %s   kernel %s", h->hostname, h->kernel);
	ui_line(pane, &pen);
	ui_putf(&pen, UI_R_NORMAL, "   %s   memory %llu MiB", h->os[0] ? h->os : "(unknown OS)",
		(unsigned long long)(h->mem_total_kb >> 10));
	ui_line(pane, &pen);
	ui_putf(&pen, UI_R_DIM, "   snapshot %s, taken %s", ui->snap.source, ui->snap.taken_at);
	draw_modules(ui, pane, h);
	draw_memlock(ui, pane, h);
	draw_hugepages(ui, pane, h);
	ui_errors_draw(ui, pane, "host");
}

static void host_tick(struct ui *ui, struct ui_pane *pane)
{
	pane->problems += host_problems(&ui->snap.host);
	for (size_t i = 0; i < ui->snap.n_errors; i++)
		pane->problems += !strcmp(ui_error_area(&ui->snap, &ui->snap.errors[i]), "host");
}

static const struct ui_key host_keys[] = {
	{ 0 },
};

static int host_key(struct ui *ui, struct ui_pane *pane, int key)
{
	return ui_keys_dispatch(host_keys, ui, pane, key);
}

const struct ui_pane_class ui_pane_host = {
	.name = "Host",
	.about = "kernel, distribution, RDMA modules, memlock, huge pages",
	.draw = host_draw,
	.key = host_key,
	.resize = NULL,
	.tick = host_tick,
	.keys = host_keys,
};
