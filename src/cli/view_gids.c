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
		return "use";
	return trap ? trap : "";
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

static void text_row(const struct rs_device *d, const struct rs_port *p, const struct rs_gid *g,
		     const struct rs_gid_pick *pick, const struct gid_cols *c)
{
	char *line = rs_tasprintf("%-*s %-4u %-5u %-*s %-*s %-3s %-*s %s", c->dev, d->name,
				  p->num, g->index, c->gid, g->gid, c->ip, g->ipv4 ? g->ip : "",
				  ver_name(rs_gid_type_of(p, g)), c->netdev,
				  g->netdev[0] ? g->netdev : "-", note_of(p, g, pick));

	puts(rs_rtrim(line));	/* escaped by rs_tasprintf */
	free(line);
}

static void json_row(struct rs_json *j, const struct rs_device *d, const struct rs_port *p,
		     const struct rs_gid *g, const struct rs_gid_pick *pick)
{
	rs_json_obj_begin(j);
	rs_json_kv_str(j, "dev", d->name);
	rs_json_kv_int(j, "port", p->num);
	rs_json_kv_int(j, "index", g->index);
	rs_json_kv_str(j, "gid", g->gid);
	rs_json_kv_str_or_null(j, "ip", g->ip);
	rs_json_kv_bool(j, "ipv4", g->ipv4);
	/* unknown type (no gid_attrs/types file, not IB): null, not "unknown" or "?" */
	rs_json_kv_str_or_null(j, "type", rs_gid_type_of(p, g) ?
			       rs_gid_type_name(rs_gid_type_of(p, g)) : "");
	rs_json_kv_str_or_null(j, "ver", rs_gid_type_of(p, g) ? ver_name(rs_gid_type_of(p, g)) : "");
	rs_json_kv_str_or_null(j, "netdev", g->netdev);
	if (g->vlan >= 0)
		rs_json_kv_int(j, "vlan", g->vlan);
	else
		rs_json_kv_null(j, "vlan");
	rs_json_kv_bool(j, "trap", rs_gid_is_trap(p, g));
	rs_json_kv_bool(j, "recommended", pick->gid == g);
	rs_json_obj_end(j);
}

static void text_pick(const struct rs_device *d, const struct rs_port *p,
		      const struct rs_gid_pick *pick)
{
	struct rs_gid_settings set;
	char say[sizeof(pick->reason) + 64];

	if (pick->index < 0) {	/* in the words of check's gid.no_roce_v2 */
		rs_tprintf(stdout, "%s port %u: %s\n", d->name, p->num,
			   rs_gid_pick_summary(pick, say, sizeof(say)));
		return;
	}
	rs_gid_settings(pick->index, &set);
	rs_tprintf(stdout, "%s port %u: use GID index %d (%s): ib_write_bw %s | %s | %s\n", d->name,
		   p->num, pick->index, pick->reason, set.perftest, set.nccl, set.ucx);
}

static void json_pick(struct rs_json *j, const struct rs_device *d, const struct rs_port *p,
		      const struct rs_gid_pick *pick)
{
	struct rs_gid_settings set;

	rs_json_obj_begin(j);
	rs_json_kv_str(j, "dev", d->name);
	rs_json_kv_int(j, "port", p->num);
	rs_json_kv_str(j, "state", rs_gid_state_name(pick->state));
	if (pick->index < 0) {
		rs_json_kv_null(j, "index");
		rs_json_kv_str(j, "reason", pick->reason);
		rs_json_kv_null(j, "settings");
		rs_json_obj_end(j);
		return;
	}
	rs_json_kv_int(j, "index", pick->index);
	rs_json_kv_str(j, "reason", pick->reason);
	rs_gid_settings(pick->index, &set);
	rs_json_key(j, "settings");
	rs_json_obj_begin(j);
	rs_json_kv_str(j, "perftest", set.perftest);
	rs_json_kv_str(j, "nccl", set.nccl);
	rs_json_kv_str(j, "ucx", set.ucx);
	rs_json_obj_end(j);
	rs_json_obj_end(j);
}

/* Both passes walk ports the same way: rows first, then the picks. */
static void print_rows(const struct rs_snap_index *x, struct rs_json *j, const struct gid_cols *c)
{
	const struct rs_snapshot *s = x->snap;

	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_device *d = &s->devices[i];

		for (size_t k = 0; k < d->n_ports; k++) {
			const struct rs_port *p = &d->ports[k];
			const struct rs_gid **v = sorted_gids(p);
			struct rs_gid_pick pick;

			rs_gid_recommend_in(x, d, p, &pick);
			for (size_t n = 0; n < p->n_gids; n++) {
				if (j)
					json_row(j, d, p, v[n], &pick);
				else
					text_row(d, p, v[n], &pick, c);
			}
			free(v);
		}
	}
}

static void print_picks(const struct rs_snap_index *x, struct rs_json *j)
{
	const struct rs_snapshot *s = x->snap;

	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_device *d = &s->devices[i];

		for (size_t k = 0; k < d->n_ports; k++) {
			struct rs_gid_pick pick;

			rs_gid_recommend_in(x, d, &d->ports[k], &pick);
			if (j)
				json_pick(j, d, &d->ports[k], &pick);
			else
				text_pick(d, &d->ports[k], &pick);
		}
	}
}

static int gids_run(struct rs_cli *cli, int argc, char **argv)
{
	struct rs_view v;
	int ret;

	ret = rs_view_open(&v, cli, RS_SCOPE_GIDS);
	if (ret)
		return ret;
	if (v.j) {
		rs_json_key(v.j, "gids");
		rs_json_arr_begin(v.j);
		print_rows(&v.sess.index, v.j, NULL);
		rs_json_arr_end(v.j);
		rs_json_key(v.j, "recommendations");
		rs_json_arr_begin(v.j);
		print_picks(&v.sess.index, v.j);
		rs_json_arr_end(v.j);
	} else if (v.sess.snap.n_devices == 0) {
		rs_tprintf(stdout, "No RDMA devices found (%s).\n", v.sess.label);
	} else {
		struct gid_cols c;

		size_cols(&v.sess.snap, &c);
		rs_tprintf(stdout, "%-*s %-4s %-5s %-*s %-*s %-3s %-*s %s\n", c.dev, "DEV", "PORT",
			   "INDEX", c.gid, "GID", c.ip, "IPv4", "VER", c.netdev, "DEV", "NOTE");
		print_rows(&v.sess.index, NULL, &c);
		rs_tprintf(stdout, "\n");
		print_picks(&v.sess.index, NULL);
	}
	return rs_view_close(&v, RS_EXIT_OK);
}

const struct rs_cmd rs_cmd_gids = {
	.name = "gids",
	.args = "",
	.help = "GID table and the GID index to use (show_gids)",
	.flags = RS_CMD_JSON | RS_CMD_HOST,
	.run = gids_run,
};
