/* SPDX-License-Identifier: MIT */
/*
 * view_check.c - `rocescope check`: every finding of every check
 * (src/diag/check.h) with its evidence, expectation and remedy.
 *
 * Text: one line per finding (verdict, check id, object, summary), then
 * for warn and fail the evidence, what a good host has and the remedy; a
 * count line at the end.  --json prints the same findings from the same
 * loop.  Exit 0 when no check fails, 1 when one does (warnings do not
 * change the status), so a script can gate on it.
 */
#include "cli/view.h"
#include "diag/check.h"

#include <stdio.h>
#include <string.h>

static void text_finding(const struct rs_finding *f)
{
	static const char *const upper[] = { "PASS", "WARN", "FAIL", "SKIP" };

	printf("%-4s  %-22s %-14s  %s\n", upper[f->verdict], f->id, f->object, f->summary);
	if (!rs_finding_is_problem(f))
		return;
	if (f->evidence[0])
		printf("      evidence: %s\n", f->evidence);
	if (f->expected[0])
		printf("      expected: %s\n", f->expected);
	if (f->remedy[0])
		printf("      remedy:   %s\n", f->remedy);
}

static void json_finding(struct rs_json *j, const struct rs_finding *f)
{
	rs_json_obj_begin(j);
	rs_json_kv_str(j, "id", f->id);
	rs_json_kv_str(j, "verdict", rs_verdict_name(f->verdict));
	rs_json_kv_str(j, "kind", rs_object_kind_name(f->kind));
	rs_json_kv_str(j, "object", f->object);
	rs_json_kv_str_or_null(j, "device", f->device);
	rs_json_kv_int(j, "port", f->port);
	rs_json_kv_str_or_null(j, "netdev", f->netdev);
	rs_json_kv_str_or_null(j, "addr", f->addr);
	rs_json_kv_str(j, "summary", f->summary);
	rs_json_kv_str_or_null(j, "evidence", f->evidence);
	rs_json_kv_str_or_null(j, "expected", f->expected);
	rs_json_kv_str_or_null(j, "remedy", f->remedy);
	rs_json_obj_end(j);
}

static void json_counts(struct rs_json *j, const size_t *n)
{
	rs_json_key(j, "counts");
	rs_json_obj_begin(j);
	for (int v = RS_PASS; v <= RS_SKIP; v++)
		rs_json_kv_int(j, rs_verdict_name(v), (int64_t)n[v]);
	rs_json_obj_end(j);
}

static int check_run(struct rs_cli *cli, int argc, char **argv)
{
	size_t n[RS_SKIP + 1] = { 0 };
	struct rs_findings fs;
	struct rs_view v;
	int ret;

	ret = rs_view_open(&v, cli, 0);
	if (ret)
		return ret;
	rs_findings_init(&fs);
	rs_checks_run(&v.snap, &fs);
	for (size_t i = 0; i < fs.count; i++)
		n[fs.items[i].verdict]++;
	if (v.j) {
		rs_json_kv_str_or_null(v.j, "hostname", v.snap.host.hostname);
		rs_json_key(v.j, "findings");
		rs_json_arr_begin(v.j);
		for (size_t i = 0; i < fs.count; i++)
			json_finding(v.j, &fs.items[i]);
		rs_json_arr_end(v.j);
		json_counts(v.j, n);
	} else {
		for (size_t i = 0; i < fs.count; i++)
			text_finding(&fs.items[i]);
		printf("\n%zu fail, %zu warn, %zu pass, %zu skip (%s)\n", n[RS_FAIL], n[RS_WARN],
		       n[RS_PASS], n[RS_SKIP], v.src.label);
	}
	rs_findings_free(&fs);
	ret = rs_view_close(&v, RS_EXIT_OK);
	return !ret && n[RS_FAIL] ? RS_EXIT_FAIL : ret;
}

const struct rs_cmd rs_cmd_check = {
	.name = "check",
	.args = "",
	.help = "every check: verdict, evidence, remedy (exit 1 when one fails)",
	.flags = RS_CMD_JSON | RS_CMD_HOST,
	.run = check_run,
};
