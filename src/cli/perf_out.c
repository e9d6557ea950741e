/* SPDX-License-Identifier: MIT */
/*
 * perf_out.c - the output of a test (perf_cli.h): text for people, one
 * JSON document (--json) or JSON lines (--json-lines, one object per event,
 * for the console).  The test tells its events through struct
 * rs_perf_report; text and JSON lines are written as they come (progress
 * lines on a terminal only), the JSON document at the end from what was
 * kept.  Text from the peer (its view, its messages) is escaped first.
 */
#include "cli/perf_out.h"
#include "i18n.h"
#include "perf/jsonl.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *test_name(const struct rs_perf_out *o)
{
	return o->p.test == RS_PERF_LAT ? "lat" : "bw";
}

static void jl_view(const char *side, const struct rs_perf_view *v)
{
	struct rs_jl jl;

	rs_jl_begin(&jl, "view");
	rs_jl_str(&jl, "side", side);
	rs_jl_str(&jl, "version", v->version);
	rs_jl_str(&jl, "hostname", v->hostname);
	rs_jl_str(&jl, "device", v->device);
	rs_jl_u64(&jl, "port", v->port);
	rs_jl_int(&jl, "gid_index", v->gid_index);	/* -1: unknown (an integer) */
	rs_jl_str(&jl, "gid", v->gid);
	rs_jl_str(&jl, "gid_type", v->gid_type);
	rs_jl_str(&jl, "netdev", v->netdev);
	rs_jl_str(&jl, "addr", v->addr);
	rs_jl_u64(&jl, "netdev_mtu", v->netdev_mtu);
	rs_jl_u64(&jl, "active_mtu", v->active_mtu);
	rs_jl_u64(&jl, "link_mbps", v->link_mbps);
	rs_jl_str(&jl, "port_state", v->port_state);
	rs_jl_str(&jl, "pfc", v->pfc);
	rs_jl_str(&jl, "trust", v->trust);
	rs_jl_u64(&jl, "memlock", v->memlock);
	rs_jl_str(&jl, "dcqcn", v->dcqcn);
	rs_jl_str(&jl, "neigh_ip", v->neigh_ip);
	rs_jl_str(&jl, "neigh_mac", v->neigh_mac);
	rs_jl_end(&jl, STDOUT_FILENO);
}

/* A view's text: null in JSON when unknown ("" or the view's own "unknown"). */
static void str_known(struct rs_pr *p, const char *key, const char *fmt, const char *s)
{
	rs_pr_str_or(p, key, fmt, strcmp(s, "unknown") ? s : "", s);
}

/*
 * One end's view.  JSON (docs/cli.md): unknown is null, each member one
 * type; memlock is bytes, null when unlimited (said by memlock_unlimited)
 * or unknown (memlock_unlimited null too).  The remote view is the peer's
 * word: text escapes every string (rs_tprintf).
 */
void rs_perf_out_view(struct rs_pr *p, const char *key, const char *side,
		      const struct rs_perf_view *v)
{
	char ml[32];

	if (v->memlock == UINT64_MAX)
		snprintf(ml, sizeof(ml), "unlimited");
	else if (v->memlock)
		snprintf(ml, sizeof(ml), "%llu KiB", (unsigned long long)v->memlock / 1024);
	else
		snprintf(ml, sizeof(ml), "unknown");
	rs_pr_obj_open(p, key);
	rs_pr_str_or_null(p, "version", NULL, v->version);
	rs_pr_str_or_null(p, "hostname", NULL, v->hostname);
	rs_pr_text(p, "%-6s ", side);
	rs_pr_str_or_null(p, "device", "%s ", v->device);
	rs_pr_int_known(p, "port", NULL, (int)v->port, v->port != 0);
	rs_pr_text(p, _("port %u on %s: "), v->port, v->hostname);
	rs_pr_int_known(p, "gid_index", NULL, v->gid_index, v->gid_index >= 0);
	rs_pr_text(p, _("GID %d "), v->gid_index);
	rs_pr_str_or_null(p, "gid", NULL, v->gid);
	rs_pr_str_or(p, "gid_type", "%s ", v->gid_type, "?");
	rs_pr_str_or_null(p, "netdev", NULL, v->netdev);
	rs_pr_str_or(p, "addr", "%s ", v->addr, "?");
	rs_pr_text(p, "(%s), ", v->netdev[0] ? v->netdev : "?");
	rs_pr_int_known(p, "netdev_mtu", NULL, (int)v->netdev_mtu, v->netdev_mtu != 0);
	rs_pr_int_known(p, "active_mtu", NULL, (int)v->active_mtu, v->active_mtu != 0);
	rs_pr_text(p, _("MTU %u (netdev %u), "), v->active_mtu, v->netdev_mtu);
	rs_pr_int_known(p, "link_mbps", NULL, (int)v->link_mbps, v->link_mbps != 0);
	rs_pr_text(p, _("%.0f Gb/s, memlock %s, "), v->link_mbps / 1000.0, ml);
	rs_pr_str_or_null(p, "port_state", NULL, v->port_state);
	str_known(p, "pfc", "PFC %s, ", v->pfc);
	str_known(p, "trust", NULL, v->trust);
	str_known(p, "dcqcn", NULL, v->dcqcn);
	rs_pr_u64_known(p, "memlock", NULL, v->memlock,
			v->memlock != 0 && v->memlock != UINT64_MAX);
	if (v->memlock)
		rs_pr_bool(p, "memlock_unlimited", NULL, v->memlock == UINT64_MAX);
	else
		rs_pr_null(p, "memlock_unlimited", NULL, NULL);	/* not known either way */
	rs_pr_str_or_null(p, "neigh_ip", NULL, v->neigh_ip);
	rs_pr_str_or_null(p, "neigh_mac", NULL, v->neigh_mac);
	rs_pr_obj_close(p);
	rs_pr_text(p, "rocescope %s\n", v->version);
}

void rs_perf_out_diff(struct rs_pr *p, const struct rs_perf_diff *d)
{
	rs_pr_obj_open(p, NULL);
	rs_pr_str(p, "what", _("difference: %s: "), d->what);
	rs_pr_str(p, "local", _("%s here, "), d->local);
	rs_pr_str(p, "remote", _("%s there: "), d->remote);
	rs_pr_str(p, "note", "%s\n", d->note);
	rs_pr_obj_close(p);
}

static void on_views(void *arg, const struct rs_perf_view *local, const struct rs_perf_view *remote,
		     const struct rs_perf_diff *d, int nd)
{
	struct rs_perf_out *o = arg;

	o->have_views = 1;
	o->local = *local;
	o->remote = *remote;
	o->n_diffs = nd;
	memcpy(o->diffs, d, (size_t)nd * sizeof(*d));
	if (o->mode == RS_OUT_JSONL) {
		jl_view("local", local);
		jl_view("remote", remote);
		for (int i = 0; i < nd; i++) {
			struct rs_jl jl;

			rs_jl_begin(&jl, "diff");
			rs_jl_str(&jl, "what", d[i].what);
			rs_jl_str(&jl, "local", d[i].local);
			rs_jl_str(&jl, "remote", d[i].remote);
			rs_jl_str(&jl, "text", d[i].note);
			rs_jl_end(&jl, STDOUT_FILENO);
		}
	} else if (o->mode == RS_OUT_TEXT) {
		rs_perf_out_view(&o->text, NULL, "local", local);
		rs_perf_out_view(&o->text, NULL, "remote", remote);
		if (!nd)
			rs_tprintf(stdout, _("differences: none that matter\n"));
		for (int i = 0; i < nd; i++)
			rs_perf_out_diff(&o->text, &d[i]);
		fflush(stdout);
	}
}

void rs_perf_out_note(struct rs_perf_out *o, const char *text)
{
	if (o->n_notes < MAX_NOTES)
		RS_STRCPY(o->notes[o->n_notes++], text);
	if (o->mode == RS_OUT_JSONL) {
		struct rs_jl jl;

		rs_jl_begin(&jl, "note");
		rs_jl_str(&jl, "text", text);
		rs_jl_end(&jl, STDOUT_FILENO);
	} else if (o->mode == RS_OUT_TEXT) {
		rs_pr_str(&o->text, RS_PR_ITEM, _("note: %s\n"), text);
		fflush(stdout);
	}
}

static void on_note(void *arg, const char *text)
{
	rs_perf_out_note(arg, text);
}

static void on_interval(void *arg, const struct rs_perf_interval *iv)
{
	struct rs_perf_out *o = arg;
	struct rs_jl jl;

	if (o->mode == RS_OUT_JSONL) {
		rs_jl_begin(&jl, "interval");
		rs_jl_str(&jl, "test", test_name(o));
		rs_jl_u64(&jl, "size", iv->size);
		rs_jl_u64(&jl, "n", iv->n);
		rs_jl_num(&jl, "t_s", iv->t_s);
		rs_jl_u64(&jl, "iterations", iv->iters_done);
		if (o->p.test == RS_PERF_BW) {
			rs_jl_num(&jl, "gbps", iv->gbps);
			rs_jl_num(&jl, "mpps", iv->mpps);
		}
		rs_jl_end(&jl, STDOUT_FILENO);
	} else if (o->mode == RS_OUT_TEXT && o->tty) {
		if (o->p.test == RS_PERF_BW)
			rs_tprintf(stdout, _("  %6.1f s  %8u B  %10.3f Gb/s  %10.4f Mmsg/s\n"),
				   iv->t_s, iv->size,
				   iv->gbps, iv->mpps);
		else
			rs_tprintf(stdout, _("  %6.1f s  %8u B  %10llu round trips\n"), iv->t_s,
				   iv->size,
				   (unsigned long long)iv->iters_done);
		fflush(stdout);
	}
}

double rs_perf_out_line_rate_pct(const struct rs_perf_out *o, double gbps)
{
	return o->local.link_mbps ? gbps * 100000.0 / o->local.link_mbps : -1;
}

/* Text: the row under the table's head; JSON: the result's members. */
void rs_perf_out_bw(struct rs_pr *p, const struct rs_perf_out *o,
		    const struct rs_perf_bw_result *r)
{
	double pct = rs_perf_out_line_rate_pct(o, r->bw_avg_gbps);

	rs_pr_text(p, "%s ", o->tool[0] == 'p' ? "perftest " : "");
	rs_pr_uint(p, "size", "%10u ", r->size);
	rs_pr_u64(p, "iterations", "%12llu ", r->iterations);
	rs_pr_double(p, "bw_avg_gbps", NULL, r->bw_avg_gbps);
	rs_pr_double(p, "bw_peak_gbps", "%16.3f ", r->bw_peak_gbps);
	rs_pr_text(p, "%18.3f ", r->bw_avg_gbps);
	rs_pr_double(p, "msg_rate_mpps", "%14.6f\n", r->msg_rate_mpps);
	rs_pr_double(p, "seconds", NULL, r->seconds);
	rs_pr_double_known(p, "line_rate_pct", NULL, pct, pct >= 0);
}

static void on_bw(void *arg, const struct rs_perf_bw_result *r)
{
	struct rs_perf_out *o = arg;
	struct rs_jl jl;

	if (o->n_res < MAX_RESULTS)
		o->bw[o->n_res++] = *r;
	if (o->mode == RS_OUT_JSONL) {
		rs_jl_begin(&jl, "result");
		rs_jl_str(&jl, "test", "bw");
		rs_jl_str(&jl, "tool", o->tool);
		rs_jl_u64(&jl, "size", r->size);
		rs_jl_u64(&jl, "iterations", r->iterations);
		rs_jl_num(&jl, "bw_avg_gbps", r->bw_avg_gbps);
		rs_jl_num(&jl, "bw_peak_gbps", r->bw_peak_gbps);
		rs_jl_num(&jl, "msg_rate_mpps", r->msg_rate_mpps);
		rs_jl_num(&jl, "t_s", r->seconds);
		if (rs_perf_out_line_rate_pct(o, r->bw_avg_gbps) >= 0)
			rs_jl_num(&jl, "line_rate_pct", rs_perf_out_line_rate_pct(o, r->bw_avg_gbps));
		rs_jl_end(&jl, STDOUT_FILENO);
	} else if (o->mode == RS_OUT_TEXT) {
		if (o->n_res == 1)
			rs_tprintf(stdout, "%s %10s %12s %16s %18s %14s\n",
				   o->tool[0] == 'p' ? "perftest " : "",
				   "#bytes", "#iterations", "BW peak[Gb/s]", "BW average[Gb/s]",
				   "MsgRate[Mpps]");
		rs_perf_out_bw(&o->text, o, r);
		fflush(stdout);
	}
}

static void text_hist(const struct rs_perf_lat_result *r)
{
	uint64_t max = 0;

	for (int i = 0; i < RS_PERF_HIST_BUCKETS; i++)
		if (r->hist[i] > max)
			max = r->hist[i];
	rs_tprintf(stdout, _("histogram of the one-way latency (%u B):\n"), r->size);
	for (int i = 0; i < RS_PERF_HIST_BUCKETS; i++) {
		char range[32];
		int bar;

		if (!r->hist[i])
			continue;
		if (!i)
			snprintf(range, sizeof(range), "< 1 us");
		else if (i == RS_PERF_HIST_BUCKETS - 1)
			snprintf(range, sizeof(range), ">= %u us", 1u << (i - 1));
		else
			snprintf(range, sizeof(range), "%u-%u us", 1u << (i - 1), 1u << i);
		bar = (int)(r->hist[i] * 40 / max);
		rs_tprintf(stdout, "  %14s %10llu %.*s\n", range, (unsigned long long)r->hist[i],
			   bar ? bar : 1,
			   "########################################");
	}
}

static void jl_lat(const struct rs_perf_out *o, const struct rs_perf_lat_result *r)
{
	struct rs_jl jl;

	rs_jl_begin(&jl, "result");
	rs_jl_str(&jl, "test", "lat");
	rs_jl_str(&jl, "tool", o->tool);
	rs_jl_u64(&jl, "size", r->size);
	rs_jl_u64(&jl, "iterations", r->iterations);
	rs_jl_num(&jl, "t_min_us", r->t_min_us);
	rs_jl_num(&jl, "t_median_us", r->t_median_us);
	rs_jl_num(&jl, "t_avg_us", r->t_avg_us);
	rs_jl_num(&jl, "t_p99_us", r->t_p99_us);
	rs_jl_num(&jl, "t_p999_us", r->t_p999_us);
	rs_jl_num(&jl, "t_max_us", r->t_max_us);
	if (r->timestamps) {
		rs_jl_num(&jl, "wire_rtt_us", r->wire_rtt_us);
		rs_jl_num(&jl, "host_rtt_us", r->host_rtt_us);
	}
	rs_jl_hist(&jl, "hist", r->hist, RS_PERF_HIST_BUCKETS);
	rs_jl_end(&jl, STDOUT_FILENO);
}

/* Text: the row (and the round trip's split, with timestamps); JSON: the
 * result's members, the histogram too (text draws it: text_hist). */
void rs_perf_out_lat(struct rs_pr *p, const struct rs_perf_out *o,
		     const struct rs_perf_lat_result *r)
{
	rs_pr_text(p, "%s", o->tool[0] == 'p' ? "perftest " : "");
	rs_pr_uint(p, "size", "%8u ", r->size);
	rs_pr_u64(p, "iterations", "%11llu ", r->iterations);
	rs_pr_double(p, "t_min_us", "%10.2f ", r->t_min_us);
	rs_pr_double(p, "t_median_us", "%12.2f ", r->t_median_us);
	rs_pr_double(p, "t_avg_us", "%10.2f ", r->t_avg_us);
	rs_pr_double(p, "t_p99_us", "%10.2f ", r->t_p99_us);
	rs_pr_double(p, "t_p999_us", "%12.2f ", r->t_p999_us);
	rs_pr_double(p, "t_max_us", "%10.2f\n", r->t_max_us);
	rs_pr_double(p, "t_stdev_us", NULL, r->t_stdev_us);
	if (r->timestamps)
		rs_pr_text(p, _("round trip %.2f us (median): "), r->t_median_us * 2);
	rs_pr_double_known(p, "wire_rtt_us", _("%.2f us on the wire and in the NICs, "),
			   r->wire_rtt_us, r->timestamps);
	rs_pr_double_known(p, "host_rtt_us", _("%.2f us in the hosts\n"), r->host_rtt_us,
			   r->timestamps);
	rs_pr_arr_open(p, "histogram");
	for (int i = 0; i < RS_PERF_HIST_BUCKETS; i++)
		rs_pr_u64(p, RS_PR_ITEM, NULL, r->hist[i]);
	rs_pr_arr_close(p);
}

static void on_lat(void *arg, const struct rs_perf_lat_result *r)
{
	struct rs_perf_out *o = arg;
	const char *pre = o->tool[0] == 'p' ? "perftest " : "";

	if (o->n_res < MAX_RESULTS)
		o->lat[o->n_res++] = *r;
	if (o->mode == RS_OUT_JSONL) {
		jl_lat(o, r);
		return;
	}
	if (o->mode != RS_OUT_TEXT)
		return;
	if (o->n_res == 1)
		rs_tprintf(stdout, "%s%8s %11s %10s %12s %10s %10s %12s %10s\n", pre, "#bytes",
			   "#iterations",
			   "t_min[us]", "t_median[us]", "t_avg[us]", "t_p99[us]", "t_p99.9[us]",
			   "t_max[us]");
	rs_perf_out_lat(&o->text, o, r);
	if (o->tool[0] != 'p')
		text_hist(r);
	fflush(stdout);
}

struct rs_perf_out *rs_perf_out_new(enum rs_perf_out_mode mode, const char *cmd,
				    const char *peer, unsigned port,
				    const struct rs_perf_params *p)
{
	struct rs_perf_out *o = rs_xcalloc(1, sizeof(*o));

	o->mode = mode;
	o->tty = isatty(STDOUT_FILENO);
	o->cmd = cmd;
	o->peer = peer ? peer : "";
	o->port = port;
	o->p = *p;
	o->tool = "rocescope";
	rs_pr_init(&o->text, stdout, NULL);
	/* No view yet (no device, the test failed first): unknown, not GID 0. */
	o->local.gid_index = o->remote.gid_index = -1;
	o->rep = (struct rs_perf_report){
		.views = on_views, .note = on_note, .interval = on_interval,
		.bw = on_bw, .lat = on_lat, .arg = o,
	};
	if (mode == RS_OUT_JSONL) {
		struct rs_jl jl;

		rs_jl_begin(&jl, "start");
		rs_jl_str(&jl, "test", cmd);
		rs_jl_str(&jl, "peer", o->peer);
		rs_jl_u64(&jl, "port", port);
		rs_jl_u64(&jl, "size", p->size);
		rs_jl_u64(&jl, "iterations", p->iters);
		rs_jl_num(&jl, "duration_s", p->duration_ms / 1000.0);
		rs_jl_u64(&jl, "qps", p->qps);
		rs_jl_bool(&jl, "sweep", p->sweep);
		rs_jl_str(&jl, "verb", p->verb == RS_VERB_READ ? "read" : "write");
		rs_jl_end(&jl, STDOUT_FILENO);
	}
	return o;
}

const struct rs_perf_report *rs_perf_out_report(struct rs_perf_out *o)
{
	return &o->rep;
}

void rs_perf_out_perftest(struct rs_perf_out *o, const struct rs_perftest_cmd *cmd,
			  const struct rs_perftest_result *r)
{
	char line[512] = "";
	size_t n = 0;

	for (int i = 0; i < cmd->argc && n < sizeof(line); i++)
		n += (size_t)snprintf(line + n, sizeof(line) - n, "%s%s", i ? " " : "", cmd->argv[i]);
	rs_perf_out_note(o, "reference: perftest's own result, read from its output");
	rs_perf_out_note(o, line);
	o->tool = "perftest";
	for (int i = 0; i < r->n; i++) {
		const struct rs_perftest_row *w = &r->rows[i];

		if (r->lat) {
			struct rs_perf_lat_result l = {
				.size = (uint32_t)w->size, .iterations = w->iterations,
				.t_min_us = w->t_min_us, .t_median_us = w->t_typical_us,
				.t_avg_us = w->t_avg_us, .t_p99_us = w->t_p99_us,
				.t_p999_us = w->t_p999_us, .t_max_us = w->t_max_us,
				.t_stdev_us = w->t_stdev_us,
			};
			on_lat(o, &l);
		} else {
			struct rs_perf_bw_result b = {
				.size = (uint32_t)w->size, .iterations = w->iterations,
				.bw_avg_gbps = w->bw_avg_gbps, .bw_peak_gbps = w->bw_peak_gbps,
				.msg_rate_mpps = w->msg_rate_mpps,
			};
			on_bw(o, &b);
		}
	}
}
