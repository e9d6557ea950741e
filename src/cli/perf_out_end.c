/* SPDX-License-Identifier: MIT */
/*
 * perf_out_end.c - how a test's output ends (perf_cli.h): the verdict
 * against the link rate, or the mapped failure with what to check; the
 * JSON document of --json; the last line (end or error) of --json-lines.
 * Exit codes: 0 the test passed, 1 it failed (usage errors are 2, before
 * any of this).
 */
#include "cli/perf_out.h"
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
			   "verdict: %.3f Gb/s (the port's rate is unknown: no line-rate figure)\n",
			   b->bw_avg_gbps);
	else
		rs_tprintf(stdout, "verdict: %.0f Gb/s port: %.3f Gb/s = %.0f%% of line rate%s\n",
			   o->local.link_mbps / 1000.0, b->bw_avg_gbps, pct,
			   o->p.sweep ? " (largest size)" : "");
}

static void text_failure(const struct rs_perf_out *o, const struct rs_perf_error *e)
{
	const struct rs_perf_fail_info *fi = rs_perf_fail_info(e->code);

	fflush(stdout);
	rs_tprintf(stderr, "rocescope: %s: %s\n", o->cmd, fi->title);
	rs_tprintf(stderr, "  what:  %s\n", e->message);
	if (e->code == RS_PF_PEER_FAILED && (unsigned)e->err < RS_PF_MAX && e->err)
		rs_tprintf(stderr, "  check: %s\n", rs_perf_fail_info(e->err)->check);
	else if (fi->check[0])
		rs_tprintf(stderr, "  check: %s\n", fi->check);
}

static void json_bw(struct rs_json *j, const struct rs_perf_out *o, const struct rs_perf_bw_result *r)
{
	double pct = rs_perf_out_line_rate_pct(o, r->bw_avg_gbps);

	rs_json_kv_int(j, "size", r->size);
	rs_json_kv_u64(j, "iterations", r->iterations);
	rs_json_kv_double(j, "bw_avg_gbps", r->bw_avg_gbps);
	rs_json_kv_double(j, "bw_peak_gbps", r->bw_peak_gbps);
	rs_json_kv_double(j, "msg_rate_mpps", r->msg_rate_mpps);
	rs_json_kv_double(j, "seconds", r->seconds);
	if (pct >= 0)
		rs_json_kv_double(j, "line_rate_pct", pct);
	else
		rs_json_kv_null(j, "line_rate_pct");
}

static void json_lat(struct rs_json *j, const struct rs_perf_lat_result *r)
{
	rs_json_kv_int(j, "size", r->size);
	rs_json_kv_u64(j, "iterations", r->iterations);
	rs_json_kv_double(j, "t_min_us", r->t_min_us);
	rs_json_kv_double(j, "t_median_us", r->t_median_us);
	rs_json_kv_double(j, "t_avg_us", r->t_avg_us);
	rs_json_kv_double(j, "t_p99_us", r->t_p99_us);
	rs_json_kv_double(j, "t_p999_us", r->t_p999_us);
	rs_json_kv_double(j, "t_max_us", r->t_max_us);
	rs_json_kv_double(j, "t_stdev_us", r->t_stdev_us);
	if (r->timestamps) {
		rs_json_kv_double(j, "wire_rtt_us", r->wire_rtt_us);
		rs_json_kv_double(j, "host_rtt_us", r->host_rtt_us);
	} else {
		rs_json_kv_null(j, "wire_rtt_us");
		rs_json_kv_null(j, "host_rtt_us");
	}
	rs_json_key(j, "histogram");
	rs_json_arr_begin(j);
	for (int i = 0; i < RS_PERF_HIST_BUCKETS; i++)
		rs_json_u64(j, r->hist[i]);
	rs_json_arr_end(j);
}

/* The result's members, null: a failed run's document has the same shape. */
static void json_no_result(struct rs_json *j, const struct rs_perf_out *o)
{
	static const char *const bw[] = { "size", "iterations", "bw_avg_gbps", "bw_peak_gbps",
					  "msg_rate_mpps", "seconds", "line_rate_pct", NULL };
	static const char *const lat[] = { "size", "iterations", "t_min_us", "t_median_us",
					   "t_avg_us", "t_p99_us", "t_p999_us", "t_max_us",
					   "t_stdev_us", "wire_rtt_us", "host_rtt_us", "histogram",
					   NULL };

	for (const char *const *k = o->p.test == RS_PERF_LAT ? lat : bw; *k; k++)
		rs_json_kv_null(j, *k);
}

static void json_result(struct rs_json *j, const struct rs_perf_out *o, int i)
{
	if (o->p.test == RS_PERF_LAT)
		json_lat(j, &o->lat[i]);
	else
		json_bw(j, o, &o->bw[i]);
}

static void json_error(struct rs_json *j, const struct rs_perf_error *e)
{
	const struct rs_perf_fail_info *fi = rs_perf_fail_info(e->code);

	rs_json_key(j, "error");
	if (e->code == RS_PF_OK) {
		rs_json_null(j);
		return;
	}
	rs_json_obj_begin(j);
	rs_json_kv_str(j, "code", fi->id);
	rs_json_kv_str(j, "title", fi->title);
	rs_json_kv_str(j, "message", e->message);
	rs_json_kv_str(j, "check", fi->check);
	if (e->code == RS_PF_PEER_FAILED && (unsigned)e->err < RS_PF_MAX)
		rs_json_kv_str(j, "peer_code", rs_perf_fail_info(e->err)->id);
	else
		rs_json_kv_null(j, "peer_code");
	rs_json_obj_end(j);
}

static void json_doc(const struct rs_perf_out *o, const struct rs_perf_error *e)
{
	struct rs_json j;

	rs_json_init(&j, stdout);
	rs_json_obj_begin(&j);
	rs_json_kv_schema(&j);
	rs_json_kv_str(&j, "test", o->cmd);
	rs_json_kv_str(&j, "tool", o->tool);
	rs_json_kv_str(&j, "peer", o->peer);
	rs_json_kv_int(&j, "port", o->port);
	rs_json_kv_bool(&j, "ok", e->code == RS_PF_OK);
	if (o->n_res)
		json_result(&j, o, o->n_res - 1);	/* the (last) size, at the top */
	else
		json_no_result(&j, o);
	rs_json_key(&j, "results");
	rs_json_arr_begin(&j);
	for (int i = 0; i < o->n_res; i++) {
		rs_json_obj_begin(&j);
		json_result(&j, o, i);
		rs_json_obj_end(&j);
	}
	rs_json_arr_end(&j);
	rs_perf_out_json_view(&j, "local", &o->local);
	if (o->have_views)
		rs_perf_out_json_view(&j, "remote", &o->remote);
	else
		rs_json_kv_null(&j, "remote");
	rs_json_key(&j, "differences");
	rs_json_arr_begin(&j);
	for (int i = 0; i < o->n_diffs; i++) {
		rs_json_obj_begin(&j);
		rs_json_kv_str(&j, "what", o->diffs[i].what);
		rs_json_kv_str(&j, "local", o->diffs[i].local);
		rs_json_kv_str(&j, "remote", o->diffs[i].remote);
		rs_json_kv_str(&j, "note", o->diffs[i].note);
		rs_json_obj_end(&j);
	}
	rs_json_arr_end(&j);
	rs_json_key(&j, "notes");
	rs_json_arr_begin(&j);
	for (int i = 0; i < o->n_notes; i++)
		rs_json_str(&j, o->notes[i]);
	rs_json_arr_end(&j);
	json_error(&j, e);
	rs_json_obj_end(&j);
	if (rs_json_finish(&j))
		rs_tprintf(stderr, "rocescope: internal error: malformed JSON output\n");
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

	switch (o->mode) {
	case RS_OUT_TEXT:
		if (e->code == RS_PF_OK)
			text_verdict(o);
		else
			text_failure(o, e);
		break;
	case RS_OUT_JSON:
		json_doc(o, e);
		if (e->code != RS_PF_OK)
			text_failure(o, e);	/* stderr: for the person watching */
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
