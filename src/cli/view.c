/* SPDX-License-Identifier: MIT */
/*
 * view.c - opening and closing a view command (view.h): the session, the
 * JSON document, the collection notes every view ends with, and the
 * second reading some views wait for on the event loop.
 */
#include "cli/view.h"
#include "i18n.h"
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
		rs_tprintf(stderr, _("rocescope: %s\n"), err[0] ? err : strerror(-ret));
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
	rs_pr_init(&v->pr, stdout, v->j);
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

void rs_view_owner(const char *object, unsigned port, char *buf, size_t len)
{
	if (port)
		snprintf(buf, len, "%s/%u", object, port);
	else
		snprintf(buf, len, "%s", object);
}

void rs_view_print_ctr_head(struct rs_pr *p, const struct rs_series_set *set,
			    const struct rs_series_ctr *c)
{
	char obj[RS_NAME_LEN + 16];

	rs_view_owner(set->object, set->port, obj, sizeof(obj));
	rs_pr_obj_open(p, NULL);
	rs_pr_text(p, "  %-10s ", obj);
	rs_pr_str(p, "object", NULL, set->object);
	rs_pr_int_known(p, "port", NULL, (int)set->port, set->port != 0);
	rs_pr_str(p, "set", "%-11s ", rs_corigin_name(set->origin));
	rs_pr_str(p, "counter", "%-30s ", c->name);
}

void rs_view_print_advice(struct rs_pr *p, const struct rs_finding *f, const char *const *fmt)
{
	rs_pr_str_or(p, "evidence", fmt ? fmt[0] : NULL, f->evidence, NULL);
	rs_pr_str_or(p, "expected", fmt ? fmt[1] : NULL, f->expected, NULL);
	rs_pr_str_or(p, "remedy", fmt ? fmt[2] : NULL, f->remedy, NULL);
}

void rs_view_print_errors(struct rs_pr *p, const struct rs_snapshot *s)
{
	rs_pr_arr_open(p, "errors");
	for (size_t i = 0; i < s->n_errors; i++) {
		const struct rs_error *e = &s->errors[i];

		rs_pr_obj_open(p, NULL);
		rs_pr_str(p, "area", NULL, rs_area_name(e->area));
		rs_pr_str(p, "source", _("note: %s"), e->source);
		rs_pr_str_or_null(p, "object", e->object[0] ? " %s" : NULL, e->object);
		rs_pr_str(p, "message", ": %s\n", e->message);
		rs_pr_obj_close(p);
	}
	rs_pr_arr_close(p);
}

int rs_view_close(struct rs_view *v, int ret)
{
	if (v->sess.snap.n_errors)
		rs_pr_text(&v->pr, "\n");
	rs_view_print_errors(&v->pr, &v->sess.snap);
	if (v->j)
		rs_json_obj_end(v->j);
	if (rs_pr_error(&v->pr) || (v->j && rs_json_finish(v->j))) {
		rs_tprintf(stderr, _("rocescope: internal error: malformed %s output\n"),
			   v->j ? "JSON" : "text");
		ret = RS_EXIT_FAIL;
	}
	rs_session_close(&v->sess);
	return ret;
}
