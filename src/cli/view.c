/* SPDX-License-Identifier: MIT */
/*
 * view.c - opening and closing a view command (view.h): the source, the
 * JSON document, the collection notes every view ends with.
 */
#include "cli/view.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int rs_view_open(struct rs_view *v, struct rs_cli *cli, int gids_only)
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

	memset(v, 0, sizeof(*v));
	v->cli = cli;
	ret = rs_source_open(&v->src, &o, &v->snap, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "rocescope: %s\n", err[0] ? err : strerror(-ret));
		rs_snapshot_free(&v->snap);
		return RS_EXIT_FAIL;
	}
	if (cli->json) {
		v->j = &v->json;
		rs_json_init(v->j, stdout);
		rs_json_obj_begin(v->j);
		rs_json_kv_str(v->j, "source", v->src.label);
	}
	return RS_EXIT_OK;
}

void rs_view_print_errors(const struct rs_snapshot *s, FILE *f)
{
	for (size_t i = 0; i < s->n_errors; i++) {
		const struct rs_error *e = &s->errors[i];

		fprintf(f, "note: %s%s%s: %s\n", e->source, e->object[0] ? " " : "",
			e->object, e->message);
	}
}

static void json_errors(struct rs_json *j, const struct rs_snapshot *s)
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

int rs_view_close(struct rs_view *v, int ret)
{
	if (v->j) {
		json_errors(v->j, &v->snap);
		rs_json_obj_end(v->j);
		if (rs_json_finish(v->j)) {
			fprintf(stderr, "rocescope: internal error: malformed JSON output\n");
			ret = RS_EXIT_FAIL;
		}
	} else {
		if (v->snap.n_errors)
			printf("\n");
		rs_view_print_errors(&v->snap, stdout);
	}
	rs_snapshot_free(&v->snap);
	return ret;
}
