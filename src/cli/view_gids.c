/* SPDX-License-Identifier: MIT */
/*
 * view_gids.c - `rocescope gids`: the show_gids table, then for every
 * port the GID index to give perftest, NCCL and UCX, or why there is none.
 *
 * It reads the snapshot through the fast gids_only source (sysfs RDMA and
 * one address dump), because people run it in loops and scripts and a host
 * with 8 devices x 2 ports x 256 GIDs must still answer at once.  Rows that
 * are the usual traps (RoCE v1, IPv6 link-local) are marked in a NOTE column
 * so the eye skips them; the recommended row says "use".
 */
#include "cli/view.h"
#include "i18n.h"
#include "model/gid_recommend.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *ver_name(enum rs_gid_type t)
{
	switch (t) {
	case RS_GID_TYPE_ROCE_V1:
		return "v1";
	case RS_GID_TYPE_ROCE_V2:
		return "v2";
	default:
		return "?";
	}
}

static const char *note_of(const struct rs_port *p, const struct rs_gid *g,
			   const struct rs_gid_pick *pick)
{
	const char *trap = rs_gid_trap_label(p, g);

	if (pick->gid == g)
		return _("use");
	return trap ? _(trap) : "";
}

static int cmp_gid_index(const void *a, const void *b)
{
	const struct rs_gid *x = *(const struct rs_gid *const *)a;
	const struct rs_gid *y = *(const struct rs_gid *const *)b;

	return (x->index > y->index) - (x->index < y->index);
}

/* The port's entries in numeric index order (collectors keep it; a file may not). */
static const struct rs_gid **sorted_gids(const struct rs_port *p)
{
	const struct rs_gid **v = rs_xcalloc(p->n_gids ? p->n_gids : 1, sizeof(*v));

	for (size_t i = 0; i < p->n_gids; i++)
		v[i] = &p->gids[i];
	qsort(v, p->n_gids, sizeof(*v), cmp_gid_index);
	return v;
}

/*
 * Column widths of the text table, sized from the data (a 15-character
 * netdev name or a long device name must not push the columns after it
 * out of line); at least the show_gids widths, so the usual table looks
 * as show_gids' does.  Widths count characters of the escaped text, as
 * rs_tprintf pads.
 */
struct gid_cols {
	int dev, gid, ip, netdev;
};

static void widen(int *w, const char *s)
{
	int n = (int)rs_tchars(s);

	if (n > *w)
		*w = n;
}

static void size_cols(const struct rs_snapshot *s, struct gid_cols *c)
{
	*c = (struct gid_cols){ .dev = 8, .gid = 39, .ip = 15, .netdev = 12 };
	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_device *d = &s->devices[i];

		widen(&c->dev, d->name);
		for (size_t k = 0; k < d->n_ports; k++)
			for (size_t n = 0; n < d->ports[k].n_gids; n++) {
				const struct rs_gid *g = &d->ports[k].gids[n];

				widen(&c->gid, g->gid);	/* a file's may be anything */
				if (g->ipv4)
					widen(&c->ip, g->ip);
				widen(&c->netdev, g->netdev[0] ? g->netdev : "-");
			}
	}
}

/*
 * One row: text is the show_gids line, its columns c wide and no blank at
 * the end (no note: the DEV column is not padded); JSON has every fact.
 */
static void print_row(struct rs_pr *p, const struct rs_device *d, const struct rs_port *pt,
		      const struct rs_gid *g, const struct rs_gid_pick *pick,
		      const struct gid_cols *c)
{
	enum rs_gid_type t = rs_gid_type_of(pt, g);
	const char *note = note_of(pt, g, pick);
	char dev[16] = "", gid[16] = "", ip[16] = "", nd[16] = "%s";

	if (c) {	/* text: the widths of the columns */
		snprintf(dev, sizeof(dev), "%%-%ds ", c->dev);
		snprintf(gid, sizeof(gid), "%%-%ds ", c->gid);
		snprintf(ip, sizeof(ip), "%%-%ds ", c->ip);
		if (note[0])
			snprintf(nd, sizeof(nd), "%%-%ds ", c->netdev);
	}
	rs_pr_obj_open(p, NULL);
	rs_pr_str(p, "dev", c ? dev : NULL, d->name);
	rs_pr_uint(p, "port", "%-4u ", pt->num);
	rs_pr_uint(p, "index", "%-5u ", g->index);
	rs_pr_str(p, "gid", c ? gid : NULL, g->gid);
	rs_pr_str_or_null(p, "ip", NULL, g->ip);
	rs_pr_str(p, NULL, c ? ip : NULL, g->ipv4 ? g->ip : "");
	rs_pr_bool(p, "ipv4", NULL, g->ipv4);
	/* unknown type (no gid_attrs/types file, not IB): null, not "unknown" or "?" */
	rs_pr_str_or_null(p, "type", NULL, t ? rs_gid_type_name(t) : "");
	rs_pr_str_or(p, "ver", "%-3s ", t ? ver_name(t) : "", "?");
	rs_pr_str_or(p, "netdev", nd, g->netdev, "-");
	rs_pr_int_known(p, "vlan", NULL, g->vlan, g->vlan >= 0);
	rs_pr_bool(p, "trap", NULL, rs_gid_is_trap(pt, g));
	rs_pr_bool(p, "recommended", NULL, pick->gid == g);
	rs_pr_str(p, NULL, "%s\n", note);
	rs_pr_obj_close(p);
}

static void print_pick(struct rs_pr *p, const struct rs_device *d, const struct rs_port *pt,
		       const struct rs_gid_pick *pick)
{
	struct rs_gid_settings set;
	char say[sizeof(pick->reason) + 64];

	rs_pr_obj_open(p, NULL);
	rs_pr_str(p, "dev", "%s ", d->name);
	rs_pr_uint(p, "port", _("port %u: "), pt->num);
	rs_pr_str(p, "state", NULL, rs_gid_state_name(pick->state));
	if (pick->index < 0) {	/* text: in the words of check's gid.no_roce_v2 */
		rs_pr_null(p, "index", NULL, NULL);
		rs_pr_str(p, "reason", NULL, pick->reason);
		rs_pr_str(p, NULL, "%s\n", rs_gid_pick_summary(pick, say, sizeof(say)));
		rs_pr_null(p, "settings", NULL, NULL);
		rs_pr_obj_close(p);
		return;
	}
	rs_pr_int(p, "index", _("use GID index %d "), pick->index);
	rs_pr_str(p, "reason", "(%s): ", pick->reason);
	rs_gid_settings(pick->index, &set);
	rs_pr_obj_open(p, "settings");
	rs_pr_str(p, "perftest", "ib_write_bw %s | ", set.perftest);
	rs_pr_str(p, "nccl", "%s | ", set.nccl);
	rs_pr_str(p, "ucx", "%s\n", set.ucx);
	rs_pr_obj_close(p);
	rs_pr_obj_close(p);
}

/* Rows first, then the picks, walking ports the same way; c NULL with JSON. */
static void print_rows(struct rs_pr *p, const struct rs_snap_index *x, const struct gid_cols *c)
{
	const struct rs_snapshot *s = x->snap;

	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_device *d = &s->devices[i];

		for (size_t k = 0; k < d->n_ports; k++) {
			const struct rs_port *pt = &d->ports[k];
			const struct rs_gid **v = sorted_gids(pt);
			struct rs_gid_pick pick;

			rs_gid_recommend_in(x, d, pt, &pick);
			for (size_t n = 0; n < pt->n_gids; n++)
				print_row(p, d, pt, v[n], &pick, c);
			free(v);
		}
	}
}

static void print_picks(struct rs_pr *p, const struct rs_snap_index *x)
{
	const struct rs_snapshot *s = x->snap;

	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_device *d = &s->devices[i];

		for (size_t k = 0; k < d->n_ports; k++) {
			struct rs_gid_pick pick;

			rs_gid_recommend_in(x, d, &d->ports[k], &pick);
			print_pick(p, d, &d->ports[k], &pick);
		}
	}
}

static int gids_run(struct rs_cli *cli, int argc, char **argv)
{
	struct gid_cols c, *cols = NULL;
	struct rs_view v;
	int ret;

	ret = rs_view_open(&v, cli, RS_SCOPE_GIDS);
	if (ret)
		return ret;
	if (!v.j && v.sess.snap.n_devices == 0) {
		rs_tprintf(stdout, _("No RDMA devices found (%s).\n"), v.sess.label);
		return rs_view_close(&v, RS_EXIT_OK);
	}
	if (!v.j) {
		cols = &c;
		size_cols(&v.sess.snap, cols);
		rs_tprintf(stdout, "%-*s %-4s %-5s %-*s %-*s %-3s %-*s %s\n", c.dev, "DEV", "PORT",
			   "INDEX", c.gid, "GID", c.ip, "IPv4", "VER", c.netdev, "DEV", "NOTE");
	}
	rs_pr_arr_open(&v.pr, "gids");
	print_rows(&v.pr, &v.sess.index, cols);
	rs_pr_arr_close(&v.pr);
	rs_pr_text(&v.pr, "\n");
	rs_pr_arr_open(&v.pr, "recommendations");
	print_picks(&v.pr, &v.sess.index);
	rs_pr_arr_close(&v.pr);
	return rs_view_close(&v, RS_EXIT_OK);
}

const struct rs_cmd rs_cmd_gids = {
	.name = "gids",
	.args = "",
	.help = N_("GID table and the GID index to use (show_gids)"),
	.flags = RS_CMD_JSON | RS_CMD_HOST,
	.run = gids_run,
};
