// SPDX-License-Identifier: MIT
/*
 * counters.c - the counters the console tracks, their rates and history.
 *
 * At open every port's counters/, hw_counters/ and its netdev's ethtool -S
 * entries are classified once (model/counter_groups.h) into one flat array,
 * ordered by port, then group, so the Counters pane shows a slice of it.
 * Every port is tracked, not only the selected one, so switching ports
 * shows history at once.  A tick looks each value up through a cached
 * index into its counter set (sets keep their order), so a refresh costs a
 * string compare per counter, not a search.  Deltas go through
 * rs_counter_delta(): 32-bit wrap and resets do not produce spikes.
 * Absent counters are simply not tracked.
 */
#include "model/rate.h"
#include "ui/ui.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const struct rs_counter_set *ctr_set(const struct ui *ui, const struct ui_ctr *c)
{
	const struct rs_port *p = ui_port(ui, c->dev, c->port);

	switch (c->cls->origin) {
	case RS_CO_PORT:
		return p ? &p->counters : NULL;
	case RS_CO_HW:
		return p ? &p->hw_counters : NULL;
	default:
		if (c->link < 0 || (size_t)c->link >= ui->snap.n_links)
			return NULL;
		return &ui->snap.links[c->link].ethtool;
	}
}

static int link_index(const struct ui *ui, const char *name)
{
	if (!name[0])
		return -1;
	for (size_t i = 0; i < ui->snap.n_links; i++)
		if (!strcmp(ui->snap.links[i].name, name))
			return (int)i;
	return -1;
}

static void add_group(struct ui *ui, int dev, int port, int link, enum rs_cgroup g,
		      enum rs_corigin o, const struct rs_counter_set *set)
{
	for (size_t i = 0; set && i < set->count; i++) {
		const struct rs_counter_class *cls = rs_counter_classify(o, set->items[i].name);
		struct ui_ctr *c;

		if (!cls || cls->group != g)
			continue;
		c = RS_APPEND(ui->ctrs, ui->n_ctrs);
		c->cls = cls;
		RS_STRCPY(c->name, set->items[i].name);
		c->dev = dev;
		c->port = port;
		c->link = link;
		c->idx = i;
		c->scale = rs_counter_scale(c->name);
	}
}

void ui_ctrs_build(struct ui *ui)
{
	ui_ctrs_free(ui);
	for (size_t d = 0; d < ui->snap.n_devices; d++) {
		const struct rs_device *dev = &ui->snap.devices[d];

		for (size_t p = 0; p < dev->n_ports; p++) {
			const struct rs_port *port = &dev->ports[p];
			int link = link_index(ui, port->netdev);
			const struct rs_counter_set *et =
				link >= 0 ? &ui->snap.links[link].ethtool : NULL;

			for (int g = 0; g < RS_CG_COUNT; g++) {
				add_group(ui, (int)d, (int)p, link, g, RS_CO_PORT, &port->counters);
				add_group(ui, (int)d, (int)p, link, g, RS_CO_HW, &port->hw_counters);
				add_group(ui, (int)d, (int)p, link, g, RS_CO_ETHTOOL, et);
			}
		}
	}
	ui->ctrs_ndev = ui->snap.n_devices;
	ui->hist_head = ui->hist_len = 0;
}

void ui_ctrs_relink(struct ui *ui)
{
	for (size_t i = 0; i < ui->n_ctrs; i++) {
		struct ui_ctr *c = &ui->ctrs[i];
		const struct rs_port *p = ui_port(ui, c->dev, c->port);

		c->link = p ? link_index(ui, p->netdev) : -1;
	}
}

static int ctr_value(const struct ui *ui, struct ui_ctr *c, uint64_t *v, uint64_t *ts)
{
	const struct rs_counter_set *set = ctr_set(ui, c);

	if (!set)
		return -ENOENT;
	if (c->idx >= set->count || strcmp(set->items[c->idx].name, c->name)) {
		size_t i;

		for (i = 0; i < set->count; i++)
			if (!strcmp(set->items[i].name, c->name))
				break;
		if (i == set->count)
			return -ENOENT;
		c->idx = i;
	}
	*v = set->items[c->idx].value;
	*ts = set->ts_ns;
	return 0;
}

void ui_ctrs_update(struct ui *ui)
{
	uint64_t now = rs_now_ns();
	unsigned slot = ui->hist_head;

	for (size_t i = 0; i < ui->n_ctrs; i++) {
		struct ui_ctr *c = &ui->ctrs[i];
		uint64_t v, ts, delta;

		if (ctr_value(ui, c, &v, &ts) < 0) {
			c->rate = 0;	/* gone with its device or link */
		} else {
			if (!ts)
				ts = now;	/* a source without timestamps */
			if (c->seen) {
				delta = rs_counter_delta(c->last, v, NULL) * c->scale;
				c->total += delta;
				if (ts > c->last_ns)
					c->rate = (double)delta * 1e9 / (double)(ts - c->last_ns);
				else if (delta == 0)
					c->rate = 0;
			}
			c->seen = 1;
			c->last = v;
			c->last_ns = ts;
		}
		c->hist[slot] = (float)c->rate;
	}
	ui->hist_head = (slot + 1) % UI_HIST;
	if (ui->hist_len < UI_HIST)
		ui->hist_len++;
}

void ui_ctrs_reset(struct ui *ui)
{
	for (size_t i = 0; i < ui->n_ctrs; i++) {
		ui->ctrs[i].total = 0;
		ui->ctrs[i].rate = 0;
		memset(ui->ctrs[i].hist, 0, sizeof(ui->ctrs[i].hist));
	}
	ui->hist_head = ui->hist_len = 0;
}

void ui_ctrs_free(struct ui *ui)
{
	free(ui->ctrs);
	ui->ctrs = NULL;
	ui->n_ctrs = 0;
}

void ui_ctrs_of_port(const struct ui *ui, int dev, int port, size_t *first, size_t *end)
{
	size_t i = 0;

	while (i < ui->n_ctrs && (ui->ctrs[i].dev != dev || ui->ctrs[i].port != port))
		i++;
	*first = i;
	while (i < ui->n_ctrs && ui->ctrs[i].dev == dev && ui->ctrs[i].port == port)
		i++;
	*end = i;
}
