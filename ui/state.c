// SPDX-License-Identifier: MIT
/*
 * state.c - the console's state outside curses: opening the source, the
 * refresh tick, the selected port, the peer, and lookups panes share.
 *
 * Nothing here draws or reads keys, so the bench driver runs the same tick
 * as the interactive console.  Collection problems never stop the console:
 * they are kept in the snapshot's error list and shown by the pane that
 * needed the data (ui_error_area()).
 */
#include "collect/collect.h"
#include "ui/ui.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct rs_device *ui_dev(const struct ui *ui, int dev)
{
	if (dev < 0 || (size_t)dev >= ui->snap.n_devices)
		return NULL;
	return &ui->snap.devices[dev];
}

const struct rs_port *ui_port(const struct ui *ui, int dev, int port)
{
	const struct rs_device *d = ui_dev(ui, dev);

	if (!d || port < 0 || (size_t)port >= d->n_ports)
		return NULL;
	return &d->ports[port];
}

void ui_message(struct ui *ui, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ui->msg, sizeof(ui->msg), fmt, ap);
	va_end(ap);
}

/* Every snapshot change ends here: the checks run once, then the panes. */
static void panes_tick(struct ui *ui)
{
	rs_checks_run(&ui->snap, &ui->findings);
	for (int i = 0; i < ui->n_panes; i++) {
		struct ui_pane *p = &ui->panes[i];

		p->problems = 0;
		if (p->cls->tick)
			p->cls->tick(ui, p);
	}
}

void ui_select_port(struct ui *ui, int dev, int port)
{
	if (!ui_port(ui, dev, port))
		return;
	ui->sel_dev = dev;
	ui->sel_port = port;
	panes_tick(ui);
}

int ui_set_pane(struct ui *ui, const char *name)
{
	for (int i = 0; i < ui->n_panes; i++)
		if (!strcmp(ui->panes[i].cls->name, name)) {
			ui->cur = i;
			return 0;
		}
	return -ENOENT;
}

/* The kernel caches hw_counters for `lifespan` ms: reading faster shows
 * the same numbers twice and fake zero rates. */
static unsigned interval_floor(const struct rs_snapshot *s)
{
	unsigned floor = UI_INTERVAL_MIN_MS;

	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t p = 0; p < s->devices[d].n_ports; p++)
			if (s->devices[d].ports[p].hw_lifespan_ms > floor)
				floor = s->devices[d].ports[p].hw_lifespan_ms;
	return floor;
}

int ui_open(struct ui *ui, const struct rs_console_opts *o, char *err, size_t errlen)
{
	int r;

	ui->opts = *o;
	rs_snapshot_init(&ui->snap);
	r = rs_source_open(&ui->src, &o->source, &ui->snap, err, errlen);
	if (r < 0)
		return r;
	ui->live_net = ui->src.kind == RS_SOURCE_LIVE;
	if (o->source.peer)
		RS_STRCPY(ui->peer, o->source.peer);
	ui->interval_floor_ms = interval_floor(&ui->snap);
	ui->interval_ms = o->interval_ms ? o->interval_ms : 1000;
	if (ui->interval_ms < ui->interval_floor_ms)
		ui->interval_ms = ui->interval_floor_ms;
	for (ui->n_panes = 0; ui_pane_list[ui->n_panes] && ui->n_panes < UI_MAX_PANES; ui->n_panes++)
		ui->panes[ui->n_panes].cls = ui_pane_list[ui->n_panes];
	ui->sel_dev = ui->sel_port = -1;
	for (size_t d = 0; d < ui->snap.n_devices && ui->sel_dev < 0; d++)
		if (ui->snap.devices[d].n_ports)
			ui_select_port(ui, (int)d, 0);
	ui->gone_logged = rs_xcalloc(ui->snap.n_devices + 1, 1);
	ui_ctrs_build(ui);
	ui_ctrs_update(ui);
	panes_tick(ui);
	return 0;
}

void ui_close(struct ui *ui)
{
	ui_ctrs_free(ui);
	free(ui->gone_logged);
	ui->gone_logged = NULL;
	rs_findings_free(&ui->findings);
	rs_snapshot_free(&ui->snap);
}

/* Write once to stderr (kept while the screen is up, shown after exit). */
static void log_gone(struct ui *ui)
{
	for (size_t d = 0; d < ui->snap.n_devices && d < ui->ctrs_ndev; d++) {
		if (ui->snap.devices[d].present || ui->gone_logged[d])
			continue;
		ui->gone_logged[d] = 1;
		fprintf(stderr, "rocescope: device %s is gone (refresh %lu)\n",
			ui->snap.devices[d].name, ui->ticks);
	}
}

int ui_tick(struct ui *ui)
{
	int r;

	if (ui->frozen || !rs_source_is_dynamic(&ui->src))
		return 0;
	r = rs_source_refresh_counters(&ui->src, &ui->snap);
	if (r < 0)
		ui_message(ui, "refresh failed: %s", strerror(-r));
	ui->ticks++;
	if (ui->snap.n_devices != ui->ctrs_ndev) {
		free(ui->gone_logged);
		ui->gone_logged = rs_xcalloc(ui->snap.n_devices + 1, 1);
		ui_ctrs_build(ui);
	}
	log_gone(ui);
	ui_ctrs_update(ui);
	panes_tick(ui);
	return UI_F_REDRAW;
}

/*
 * Everything again (devices, GIDs, network): after a hot-plug or an address
 * change, which counter refreshes do not see.  History starts again.
 */
int ui_reload(struct ui *ui)
{
	char err[RS_MSG_LEN] = "";
	int r = rs_source_reload(&ui->src, &ui->snap, err, sizeof(err));

	if (r < 0) {
		ui_message(ui, "reload failed: %s", err[0] ? err : strerror(-r));
		return UI_F_REDRAW;
	}
	free(ui->gone_logged);
	ui->gone_logged = rs_xcalloc(ui->snap.n_devices + 1, 1);
	ui->interval_floor_ms = interval_floor(&ui->snap);
	if (ui->interval_ms < ui->interval_floor_ms)
		ui->interval_ms = ui->interval_floor_ms;
	if (!ui_port(ui, ui->sel_dev, ui->sel_port))
		ui->sel_dev = ui->sel_port = -1;
	for (size_t d = 0; d < ui->snap.n_devices && ui->sel_dev < 0; d++)
		if (ui->snap.devices[d].n_ports)
			ui->sel_dev = (int)d, ui->sel_port = 0;
	ui_ctrs_build(ui);
	ui_ctrs_update(ui);
	panes_tick(ui);
	ui_message(ui, "reloaded: %zu devices", ui->snap.n_devices);
	return UI_F_REDRAW | UI_F_RETIME;
}

static int is_net_error(const struct rs_snapshot *s, const struct rs_error *e)
{
	return !strcmp(ui_error_area(s, e), "net");
}

/* Replace the network part of dst by the one just collected in src. */
static void net_take(struct rs_snapshot *dst, struct rs_snapshot *src)
{
	struct rs_snapshot old = *dst;
	size_t keep = 0;

	dst->links = src->links, dst->n_links = src->n_links;
	dst->addrs = src->addrs, dst->n_addrs = src->n_addrs;
	dst->routes = src->routes, dst->n_routes = src->n_routes;
	dst->neighs = src->neighs, dst->n_neighs = src->n_neighs;
	dst->peer = src->peer;
	src->links = old.links, src->n_links = old.n_links;
	src->addrs = old.addrs, src->n_addrs = old.n_addrs;
	src->routes = old.routes, src->n_routes = old.n_routes;
	src->neighs = old.neighs, src->n_neighs = old.n_neighs;
	for (size_t i = 0; i < dst->n_errors; i++)
		if (!is_net_error(&old, &dst->errors[i]))
			dst->errors[keep++] = dst->errors[i];
	dst->n_errors = keep;
	for (size_t i = 0; i < src->n_errors; i++) {
		const struct rs_error *e = &src->errors[i];

		rs_snapshot_add_error(dst, e->source, e->object, "%s", e->message);
	}
}

int ui_peer_set(struct ui *ui, const char *peer)
{
	unsigned char buf[16];
	struct rs_snapshot tmp;

	if (inet_pton(AF_INET, peer, buf) != 1 && inet_pton(AF_INET6, peer, buf) != 1) {
		ui_message(ui, "not an IP address: %s", peer);
		return -EINVAL;
	}
	RS_STRCPY(ui->peer, peer);
	if (!ui->live_net) {
		ui_message(ui, "peer set; route lookups need the live host (source: %s)",
			   ui->src.label);
		return 0;
	}
	rs_snapshot_init(&tmp);
	rs_collect_net(&tmp, peer);
	net_take(&ui->snap, &tmp);
	rs_snapshot_free(&tmp);
	ui_ctrs_relink(ui);
	panes_tick(ui);
	ui_message(ui, "looked up the route to %s", peer);
	return 0;
}

/*
 * Which pane shows an error: by source, and for "sysfs" (read by both the
 * RDMA and the network collectors) by the object it names.
 */
const char *ui_error_area(const struct rs_snapshot *s, const struct rs_error *e)
{
	static const char *const net[] = { "netlink", "net", "ethtool", "route", "neigh",
					   "addr", "link", "dcb" };
	static const char *const host[] = { "host", "procfs", "proc", "modules", "limits",
					    "hugepages", "memlock", "os-release", "uname" };

	for (size_t i = 0; i < RS_ARRAY_SIZE(net); i++)
		if (!strcmp(e->source, net[i]))
			return "net";
	for (size_t i = 0; i < RS_ARRAY_SIZE(host); i++)
		if (!strcmp(e->source, host[i]))
			return "host";
	if (!strcmp(e->source, "sysfs")) {
		for (size_t i = 0; i < s->n_devices; i++)
			if (!strcmp(s->devices[i].name, e->object))
				return "rdma";
		if (!strncmp(e->message, "sys/class/net", 13) ||
		    (e->object[0] && rs_snapshot_link(s, e->object)))
			return "net";
	}
	return "rdma";
}
