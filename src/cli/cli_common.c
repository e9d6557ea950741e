/* SPDX-License-Identifier: MIT */
/*
 * cli_common.c - opening the snapshot source for a subcommand, and the
 * collection notes every view ends with (text and JSON alike).
 */
#include "cli/cli.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int rs_cli_open(const struct rs_cli *cli, int gids_only, struct rs_source *src,
		struct rs_snapshot *s)
{
	struct rs_source_opts o = {
		.root = cli->root,
		.load = cli->load,
		.demo = cli->demo,
		.peer = cli->peer,
		.gids_only = gids_only,
	};
	char err[512];
	int ret;

	ret = rs_source_open(src, &o, s, err, sizeof(err));
	if (!ret)
		return RS_EXIT_OK;
	fprintf(stderr, "rocescope: %s\n", err[0] ? err : strerror(-ret));
	rs_snapshot_free(s);
	return RS_EXIT_FAIL;
}

void rs_cli_print_errors(const struct rs_snapshot *s, FILE *f)
{
	for (size_t i = 0; i < s->n_errors; i++) {
		const struct rs_error *e = &s->errors[i];

		fprintf(f, "note: %s%s%s: %s\n", e->source, e->object[0] ? " " : "",
			e->object, e->message);
	}
}

void rs_cli_json_errors(struct rs_json *j, const struct rs_snapshot *s)
{
	rs_json_key(j, "errors");
	rs_json_arr_begin(j);
	for (size_t i = 0; i < s->n_errors; i++) {
		rs_json_obj_begin(j);
		rs_json_kv_str(j, "source", s->errors[i].source);
		rs_json_kv_str(j, "object", s->errors[i].object);
		rs_json_kv_str(j, "message", s->errors[i].message);
		rs_json_obj_end(j);
	}
	rs_json_arr_end(j);
}

int rs_cli_json_done(struct rs_json *j)
{
	if (rs_json_finish(j)) {
		fprintf(stderr, "rocescope: internal error: malformed JSON output\n");
		return RS_EXIT_FAIL;
	}
	return RS_EXIT_OK;
}
