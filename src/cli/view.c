/* SPDX-License-Identifier: MIT */
/*
 * view.c - opening and closing a view command (view.h): the session, the
 * JSON document, the collection notes every view ends with, and the
 * second reading some views wait for on the event loop.
 */
#include "cli/view.h"
#include "runtime/loop.h"
#include "session/replay.h"
#include "util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

int rs_view_open(struct rs_view *v, struct rs_cli *cli, enum rs_scope scope)
{
	struct rs_session_opts o = {
		.root = cli->root,
		.load = cli->load,
		.replay = cli->replay,
		.demo = cli->demo,
		.peer = cli->peer,
		.scope = scope,
	};
	char err[512];
	int ret;

	memset(v, 0, sizeof(*v));
	v->cli = cli;
	ret = rs_session_open(&v->sess, &o, err, sizeof(err));
	if (ret) {
		rs_tprintf(stderr, "rocescope: %s\n", err[0] ? err : strerror(-ret));
		rs_session_close(&v->sess);
		return RS_EXIT_FAIL;
	}
	if (cli->json) {
		v->j = &v->json;
		rs_json_init(v->j, stdout);
		rs_json_obj_begin(v->j);
		rs_json_kv_schema(v->j);
		rs_json_kv_str(v->j, "source", v->sess.label);
		rs_json_kv_str_or_null(v->j, "hostname", v->sess.snap.host.hostname);
	}
	return RS_EXIT_OK;
}

struct wait {
	struct rs_session *sess;
	int interrupted;
};

static void on_reading(struct rs_timer *t, void *arg)
{
	struct wait *w = arg;

	rs_session_refresh(w->sess);
	rs_loop_stop(rs_timer_loop(t), 0);
}

static void on_interrupt(struct rs_loop *l, int signo, void *arg)
{
	((struct wait *)arg)->interrupted = 1;
	rs_loop_stop(l, 0);
}

int rs_view_second_reading(struct rs_view *v, double interval_s)
{
	struct wait w = { .sess = &v->sess };
	struct rs_loop *l;

	if (!rs_session_is_dynamic(&v->sess) || interval_s <= 0)
		return RS_EXIT_OK;
	if (rs_session_is_demo(&v->sess)) {
		rs_session_refresh(&v->sess);	/* one tick is one second of its clock */
		return RS_EXIT_OK;
	}
	if (rs_session_is_replay(&v->sess)) {
		rs_session_replay_step(&v->sess, 1);	/* the recording's second sample */
		return RS_EXIT_OK;
	}
	l = rs_loop_new();
	rs_signal_add(l, SIGINT, on_interrupt, &w);
	rs_signal_add(l, SIGTERM, on_interrupt, &w);
	rs_timer_arm(rs_timer_add(l, on_reading, &w), (uint64_t)(interval_s * 1e9), 0);
	rs_loop_run(l);
	rs_loop_free(l);
	return w.interrupted ? RS_EXIT_FAIL : RS_EXIT_OK;
}

void rs_view_print_errors(const struct rs_snapshot *s, FILE *f)
{
	for (size_t i = 0; i < s->n_errors; i++) {
		const struct rs_error *e = &s->errors[i];

		rs_tprintf(f, "note: %s%s%s: %s\n", e->source, e->object[0] ? " " : "",
			   e->object, e->message);
	}
}

void rs_view_json_errors(struct rs_json *j, const struct rs_snapshot *s)
{
	rs_json_key(j, "errors");
	rs_json_arr_begin(j);
	for (size_t i = 0; i < s->n_errors; i++) {
		rs_json_obj_begin(j);
		rs_json_kv_str(j, "area", rs_area_name(s->errors[i].area));
		rs_json_kv_str(j, "source", s->errors[i].source);
		rs_json_kv_str_or_null(j, "object", s->errors[i].object);
		rs_json_kv_str(j, "message", s->errors[i].message);
		rs_json_obj_end(j);
	}
	rs_json_arr_end(j);
}

int rs_view_close(struct rs_view *v, int ret)
{
	if (v->j) {
		rs_view_json_errors(v->j, &v->sess.snap);
		rs_json_obj_end(v->j);
		if (rs_json_finish(v->j)) {
			rs_tprintf(stderr, "rocescope: internal error: malformed JSON output\n");
			ret = RS_EXIT_FAIL;
		}
	} else {
		if (v->sess.snap.n_errors)
			rs_tprintf(stdout, "\n");
		rs_view_print_errors(&v->sess.snap, stdout);
	}
	rs_session_close(&v->sess);
	return ret;
}
