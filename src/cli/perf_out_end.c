/* SPDX-License-Identifier: MIT */
/*
 * perf_out_end.c - how a test's output ends (perf_cli.h): the verdict
 * against the link rate, or the mapped failure with what to check; the
 * JSON document of --json; the last line (end or error) of --json-lines.
 * Exit codes: 0 the test passed, 1 it failed (usage errors are 2, before
 * any of this).
 */
#include "cli/perf_out.h"
#include "i18n.h"
#include "perf/jsonl.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void rs_perf_out_set_local(struct rs_perf_out *o, const struct rs_perf_view *v)
{
	o->local = *v;
}

static void text_verdict(const struct rs_perf_out *o)
{
	const struct rs_perf_bw_result *b;
	double pct;

	if (!o->n_res || o->p.test != RS_PERF_BW)
		return;
	b = &o->bw[o->n_res - 1];
	pct = rs_perf_out_line_rate_pct(o, b->bw_avg_gbps);
	if (pct < 0)
		rs_tprintf(stdout,
			   _("verdict: %.3f Gb/s (the port's rate is unknown: no line-rate figure)\n"),
			   b->bw_avg_gbps);
	else
		rs_tprintf(stdout, _("verdict: %.0f Gb/s port: %.3f Gb/s = %.0f%% of line rate%s\n"),
			   o->local.link_mbps / 1000.0, b->bw_avg_gbps, pct,
			   o->p.sweep ? _(" (largest size)") : "");
}

/*
 * A failure: text (on stderr, for the person watching, in JSON mode too)
 * the mapped title, what happened and what to check; JSON the "error"
 * member, null when the test passed.
 */
static void print_failure(struct rs_pr *p, const struct rs_perf_out *o,
			  const struct rs_perf_error *e)
{
	const struct rs_perf_fail_info *fi = rs_perf_fail_info(e->code);
	int peer = e->code == RS_PF_PEER_FAILED && (unsigned)e->err < RS_PF_MAX;

	if (e->code == RS_PF_OK) {
		rs_pr_null(p, "error", NULL, NULL);
		return;
	}
	fflush(stdout);
	rs_pr_obj_open(p, "error");
	rs_pr_str(p, "code", NULL, fi->id);
	/* TRANSLATORS: %s is the command (bw, lat); the error's title follows. */
	rs_pr_text(p, _("rocescope: %s: "), o->cmd);
	rs_pr_str(p, "title", NULL, fi->title);
	rs_pr_text(p, "%s\n", _(fi->title));
	rs_pr_str(p, "message", _("  what:  %s\n"), e->message);
	rs_pr_str(p, "check", NULL, fi->check);
	if (peer && e->err)
		rs_pr_text(p, _("  check: %s\n"), _(rs_perf_fail_info(e->err)->check));
	else if (fi->check[0])
		rs_pr_text(p, _("  check: %s\n"), _(fi->check));
	if (peer)
		rs_pr_str(p, "peer_code", NULL, rs_perf_fail_info(e->err)->id);
	else
		rs_pr_null(p, "peer_code", NULL, NULL);
	rs_pr_obj_close(p);
}

/* The result's members, null: a failed run's document has the same shape. */
static void json_no_result(struct rs_pr *p, const struct rs_perf_out *o)
{
	static const char *const bw[] = { "size", "iterations", "bw_avg_gbps", "bw_peak_gbps",
					  "msg_rate_mpps", "seconds", "line_rate_pct", NULL };
	static const char *const lat[] = { "size", "iterations", "t_min_us", "t_median_us",
					   "t_avg_us", "t_p99_us", "t_p999_us", "t_max_us",
					   "t_stdev_us", "wire_rtt_us", "host_rtt_us", "histogram",
					   NULL };

	for (const char *const *k = o->p.test == RS_PERF_LAT ? lat : bw; *k; k++)
		rs_pr_null(p, *k, NULL, NULL);
}

static void json_result(struct rs_pr *p, const struct rs_perf_out *o, int i)
{
	if (o->p.test == RS_PERF_LAT)
		rs_perf_out_lat(p, o, &o->lat[i]);
	else
		rs_perf_out_bw(p, o, &o->bw[i]);
}

/* The --json document, from what the events kept. */
static void json_doc(const struct rs_perf_out *o, const struct rs_perf_error *e)
{
	struct rs_json j;
	struct rs_pr pr, *p = &pr;

	rs_json_init(&j, stdout);
	rs_pr_init(p, stdout, &j);
	rs_pr_obj_open(p, NULL);
	rs_json_kv_schema(&j);
	rs_pr_str(p, "test", NULL, o->cmd);
	rs_pr_str(p, "tool", NULL, o->tool);
	rs_pr_str(p, "peer", NULL, o->peer);
	rs_pr_uint(p, "port", NULL, o->port);
	rs_pr_bool(p, "ok", NULL, e->code == RS_PF_OK);
	if (o->n_res)
		json_result(p, o, o->n_res - 1);	/* the (last) size, at the top */
	else
		json_no_result(p, o);
	rs_pr_arr_open(p, "results");
	for (int i = 0; i < o->n_res; i++) {
		rs_pr_obj_open(p, NULL);
		json_result(p, o, i);
		rs_pr_obj_close(p);
	}
	rs_pr_arr_close(p);
	rs_perf_out_view(p, "local", "local", &o->local);
	if (o->have_views)
		rs_perf_out_view(p, "remote", "remote", &o->remote);
	else
		rs_pr_null(p, "remote", NULL, NULL);
	rs_pr_arr_open(p, "differences");
	for (int i = 0; i < o->n_diffs; i++)
		rs_perf_out_diff(p, &o->diffs[i]);
	rs_pr_arr_close(p);
	rs_pr_arr_open(p, "notes");
	for (int i = 0; i < o->n_notes; i++)
		rs_pr_str(p, RS_PR_ITEM, NULL, o->notes[i]);
	rs_pr_arr_close(p);
	print_failure(p, o, e);
	rs_pr_obj_close(p);
	if (rs_json_finish(&j) || rs_pr_error(p))
		rs_tprintf(stderr, _("rocescope: internal error: malformed JSON output\n"));
}

static void jl_last(const struct rs_perf_error *e, int code)
{
	const struct rs_perf_fail_info *fi = rs_perf_fail_info(e->code);
	struct rs_jl jl;

	if (e->code == RS_PF_OK) {
		rs_jl_begin(&jl, "end");
		rs_jl_bool(&jl, "ok", 1);
		rs_jl_u64(&jl, "exit", (uint64_t)code);
		rs_jl_end(&jl, STDOUT_FILENO);
		return;
	}
	rs_jl_begin(&jl, "error");
	rs_jl_str(&jl, "code", fi->id);
	rs_jl_str(&jl, "title", fi->title);
	rs_jl_str(&jl, "message", e->message);
	rs_jl_str(&jl, "check", fi->check);
	if (e->code == RS_PF_PEER_FAILED && (unsigned)e->err < RS_PF_MAX)
		rs_jl_str(&jl, "peer_code", rs_perf_fail_info(e->err)->id);
	rs_jl_u64(&jl, "exit", (uint64_t)code);
	rs_jl_end(&jl, STDOUT_FILENO);
}

int rs_perf_out_finish(struct rs_perf_out *o, const struct rs_perf_error *e)
{
	int code = e->code == RS_PF_OK ? RS_EXIT_OK : RS_EXIT_FAIL;
	struct rs_pr err;

	rs_pr_init(&err, stderr, NULL);
	switch (o->mode) {
	case RS_OUT_TEXT:
		if (e->code == RS_PF_OK)
			text_verdict(o);
		else
			print_failure(&err, o, e);
		break;
	case RS_OUT_JSON:
		json_doc(o, e);
		if (e->code != RS_PF_OK)
			print_failure(&err, o, e);	/* for the person watching */
		break;
	case RS_OUT_JSONL:
		jl_last(e, code);
		break;
	}
	fflush(stdout);
	free(o);
	return code;
}

void rs_perf_out_free(struct rs_perf_out *o)
{
	free(o);
}
