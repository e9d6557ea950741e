/* SPDX-License-Identifier: MIT */
/*
 * view_qps.c - `rocescope qps`: every queue pair of the host, grouped by
 * the process that owns it, the worst first: retransmissions, sequence
 * errors, RNR NAKs and timeouts per second, QPs in ERR (since when), PSNs
 * that stopped moving while the process lives, QPs that went away.  What
 * `rdma resource show qp` and `rdma statistic qp show` print, read twice
 * `--interval` apart so PSNs and rates can move (at once on the demo).
 *
 * Rates are the QP's own counter where one is bound; elsewhere the port's
 * counters, marked "port" (a driver without counter binding, or none
 * bound).  `--bind` binds a counter to every user QP that has none for
 * the two readings, says so, and takes them off again before it exits.
 */
#include "cli/view.h"
#include "model/cpus.h"
#include "model/qp_track.h"
#include "session/qp_job.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
	double interval;
	int all;		/* --all: kernel QPs too */
	int bind;		/* --bind */
} opt = { .interval = 1.0 };

static const struct rs_proc *proc_of(const struct rs_snapshot *s, unsigned pid)
{
	for (size_t i = 0; i < s->n_procs; i++)
		if (s->procs[i].pid == pid)
			return &s->procs[i];
	return NULL;
}

static void fmt_rate(char *buf, size_t len, const struct rs_qp_tracked *q, int k, int have)
{
	double v = q->rates.per_s[k];

	if (!q->rates.known[k] || !have)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, v < 10 ? "%.1f" : "%.0f", v);
}

static void text_group(const struct rs_snapshot *s, const struct rs_qp_tracked *q, int live)
{
	const struct rs_proc *p = proc_of(s, q->pid);

	if (q->kernel) {
		rs_tprintf(stdout, "\nkernel QPs\n");
		return;
	}
	rs_tprintf(stdout, "\n%s  pid %u", q->comm[0] ? q->comm : "?", q->pid);
	if (p && p->cpus_allowed[0])
		rs_tprintf(stdout, "  CPUs %s", p->cpus_allowed);
	if (p && p->cpu >= 0)
		rs_tprintf(stdout, " (last on %d)", p->cpu);
	if (!p)
		rs_tprintf(stdout, live ? "  (no such process now)" : "  (its process was not "
			   "recorded)");
	rs_tprintf(stdout, "\n");
}

static void text_qp(const struct rs_qp_table *t, const struct rs_qp_tracked *q)
{
	char where[RS_NAME_LEN + 24], status[96], r[RS_QR_COUNT][16], rq[16] = "-";
	int have = t->readings > 1;

	snprintf(where, sizeof(where), "%s/%u:%u", q->device, q->port, q->lqpn);
	if (q->has_rqpn)
		snprintf(rq, sizeof(rq), "%u", q->rq_psn);
	rs_qp_status(t, q, status, sizeof(status));
	for (int k = 0; k < RS_QR_COUNT; k++)
		fmt_rate(r[k], sizeof(r[k]), q, k, have);
	rs_tprintf(stdout, "  %-14s %-4s %9u %9s %6s %6s %6s %6s %s\n", where, q->type,
		   q->sq_psn, rq, r[RS_QR_RETRANS],
		   r[RS_QR_SEQ], r[RS_QR_RNR], r[RS_QR_TIMEOUT], q->from_port ? "port" : "qp");
	rs_tprintf(stdout, "    %s", status);
	if (q->has_rqpn)
		rs_tprintf(stdout, "; peer QP %u", q->rqpn);
	if (q->cm)
		rs_tprintf(stdout, "; %s -> %s", q->src, q->dst);
	if (q->counter_id)
		rs_tprintf(stdout, "; counter %u%s", q->counter_id,
			   q->counter_shared > 1 ? " (shared)" : "");
	else if (q->from_port && q->score > 0 && q->port_busy > 1)
		rs_tprintf(stdout, "; %u connected QPs share the port's counters", q->port_busy);
	rs_tprintf(stdout, "\n");
}

/* The devices' notes: no QP list, no per-QP counters, what was cut. */
static void text_devices(const struct rs_snapshot *s, const struct rs_qp_table *t)
{
	for (size_t d = 0; d < s->n_devices; d++) {
		const struct rs_device *dev = &s->devices[d];
		int own = 0;

		for (size_t i = 0; i < t->n; i++)
			own |= !strcmp(t->qps[i].device, dev->name) && t->qps[i].counter_id;
		if (!dev->qps_known)
			rs_tprintf(stdout, "%s: QPs unknown: %s\n", dev->name, dev->qps_note);
		else if (dev->qps_note[0])
			rs_tprintf(stdout, "%s: %s\n", dev->name, dev->qps_note);
		if (dev->qps_known && !own)
			rs_tprintf(stdout, "%s: no per-QP counter bound (mode %s): the port's "
				   "counters stand in (qps --bind asks for one)\n", dev->name,
				   dev->qp_counter_mode[0] ? dev->qp_counter_mode : "unknown");
	}
}

static void text_view(const struct rs_view *v, const struct rs_qp_table *t, const size_t *idx)
{
	size_t shown = 0, kernel = 0;
	const struct rs_qp_tracked *prev = NULL;

	for (size_t i = 0; i < t->n; i++)
		kernel += t->qps[i].kernel;
	rs_tprintf(stdout, "%zu QPs (%s)", t->n, v->sess.label);
	if (t->readings > 1)
		rs_tprintf(stdout, ", rates per second between the last two readings");
	else
		rs_tprintf(stdout, ", one reading: no rates, PSN movement unknown");
	if (kernel && !opt.all)
		rs_tprintf(stdout, "; %zu kernel QPs not shown (--all)", kernel);
	rs_tprintf(stdout, "\n");
	text_devices(&v->sess.snap, t);
	for (size_t i = 0; i < t->n; i++) {
		const struct rs_qp_tracked *q = &t->qps[idx[i]];

		if (q->kernel && !opt.all)
			continue;
		if (!prev || prev->pid != q->pid || prev->kernel != q->kernel) {
			text_group(&v->sess.snap, q, v->sess.kind == RS_SOURCE_LIVE);
			rs_tprintf(stdout, "  %-14s %-4s %9s %9s %6s %6s %6s %6s %s\n", "DEV/PORT:QPN",
				   "TYPE", "SQ PSN", "RQ PSN", "RETR", "SEQERR", "RNR", "TMOUT", "FROM");
		}
		text_qp(t, q);
		prev = q;
		shown++;
	}
	if (!shown)
		rs_tprintf(stdout, "\nno %sQPs\n", kernel ? "user " : "");
}

static void json_rates(struct rs_json *j, const struct rs_qp_tracked *q, int have)
{
	rs_json_key(j, "rates");
	rs_json_obj_begin(j);
	for (int k = 0; k < RS_QR_COUNT; k++)
		rs_json_kv_double_or_null(j, rs_qp_rate_name((enum rs_qp_rate)k), q->rates.per_s[k],
					  have && q->rates.known[k]);
	rs_json_obj_end(j);
}

static void json_qp(struct rs_json *j, const struct rs_qp_table *t, const struct rs_qp_tracked *q)
{
	static const char *const st[] = { "RESET", "INIT", "RTR", "RTS", "SQD", "SQE", "ERR" };
	int have = t->readings > 1;

	rs_json_obj_begin(j);
	rs_json_kv_str(j, "device", q->device);
	rs_json_kv_int_or_null(j, "port", q->port, q->port > 0);
	rs_json_kv_int(j, "lqpn", q->lqpn);
	rs_json_kv_str(j, "type", q->type);
	rs_json_kv_str(j, "state", q->state >= 0 && q->state < 7 ? st[q->state] : "?");
	rs_json_kv_bool(j, "kernel", q->kernel);
	rs_json_kv_int_or_null(j, "pid", q->pid, !q->kernel && q->pid);
	rs_json_kv_str_or_null(j, "comm", q->comm);
	rs_json_kv_int_or_null(j, "rqpn", q->rqpn, q->has_rqpn);
	rs_json_kv_int(j, "sq_psn", q->sq_psn);
	rs_json_kv_int_or_null(j, "rq_psn", q->rq_psn, q->has_rqpn);
	if (have && !q->gone)
		rs_json_kv_bool(j, "psn_moving", q->moves);
	else
		rs_json_kv_null(j, "psn_moving");
	rs_json_kv_bool(j, "stalled", q->stalled);
	rs_json_kv_double_or_null(j, "still_s", (double)(t->now_ns - q->moved_ns) / 1e9,
				  have && !q->gone);
	rs_json_kv_double_or_null(j, "err_for_s", (double)(t->now_ns - q->err_ns) / 1e9,
				  q->err_ns && !q->gone);
	rs_json_kv_int_or_null(j, "err_since", (int64_t)q->err_wall, q->err_ns && q->err_wall);
	rs_json_kv_bool(j, "gone", q->gone);
	rs_json_kv_double_or_null(j, "gone_for_s", (double)(t->now_ns - q->gone_ns) / 1e9,
				  q->gone);
	rs_json_kv_str_or_null(j, "src", q->cm ? q->src : "");
	rs_json_kv_str_or_null(j, "dst", q->cm ? q->dst : "");
	rs_json_kv_int_or_null(j, "counter_id", q->counter_id, q->counter_id);
	rs_json_kv_str(j, "rates_from", q->from_port ? "port" : "qp");
	rs_json_kv_int_or_null(j, "port_busy", q->port_busy, q->from_port);
	json_rates(j, q, have && !q->gone);
	rs_json_key(j, "counters");
	rs_json_obj_begin(j);
	for (size_t i = 0; i < q->counters.count; i++)
		rs_json_kv_u64(j, q->counters.items[i].name, q->counters.items[i].value);
	rs_json_obj_end(j);
	rs_json_obj_end(j);
}

static void json_procs(struct rs_json *j, const struct rs_snapshot *s)
{
	rs_json_key(j, "processes");
	rs_json_arr_begin(j);
	for (size_t i = 0; i < s->n_procs; i++) {
		const struct rs_proc *p = &s->procs[i];

		rs_json_obj_begin(j);
		rs_json_kv_int(j, "pid", p->pid);
		rs_json_kv_str_or_null(j, "comm", p->comm);
		rs_json_kv_str_or_null(j, "cpus_allowed", p->cpus_allowed);
		rs_json_kv_int_or_null(j, "cpu", p->cpu, p->cpu >= 0);
		rs_json_kv_int_or_null(j, "cpu_node", p->cpu >= 0 ?
				       rs_cpu_node(&s->host, (unsigned)p->cpu) : -1,
				       p->cpu >= 0 && rs_cpu_node(&s->host, (unsigned)p->cpu) >= 0);
		rs_json_obj_end(j);
	}
	rs_json_arr_end(j);
}

static void json_devices(struct rs_json *j, const struct rs_snapshot *s)
{
	rs_json_key(j, "devices");
	rs_json_arr_begin(j);
	for (size_t d = 0; d < s->n_devices; d++) {
		const struct rs_device *dev = &s->devices[d];

		rs_json_obj_begin(j);
		rs_json_kv_str(j, "name", dev->name);
		rs_json_kv_bool(j, "qps_known", dev->qps_known);
		rs_json_kv_str_or_null(j, "note", dev->qps_note);
		rs_json_kv_str_or_null(j, "counter_mode", dev->qp_counter_mode);
		rs_json_kv_int_or_null(j, "numa_node", dev->numa_node, dev->numa_node >= 0);
		rs_json_kv_str_or_null(j, "local_cpus", dev->local_cpus);
		rs_json_obj_end(j);
	}
	rs_json_arr_end(j);
}

static void json_view(struct rs_view *v, const struct rs_qp_table *t, const size_t *idx,
		      const char (*msgs)[RS_MSG_LEN], size_t n_msgs)
{
	struct rs_json *j = v->j;

	rs_json_kv_double_or_null(j, "interval_s", opt.interval, t->readings > 1);
	rs_json_kv_int(j, "readings", (int64_t)t->readings);
	rs_json_key(j, "qps");
	rs_json_arr_begin(j);
	for (size_t i = 0; i < t->n; i++)
		json_qp(j, t, &t->qps[idx[i]]);
	rs_json_arr_end(j);
	json_procs(j, &v->sess.snap);
	json_devices(j, &v->sess.snap);
	rs_json_key(j, "changes");
	rs_json_arr_begin(j);
	for (size_t i = 0; i < n_msgs; i++)
		rs_json_str(j, msgs[i]);
	rs_json_arr_end(j);
}

#define MSGS_MAX 130

/* --bind: a counter for every user QP that has none, each said. */
static size_t bind_all(struct rs_view *v, char (*msgs)[RS_MSG_LEN])
{
	const struct rs_snapshot *s = &v->sess.snap;
	size_t n = 0;

	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t i = 0; i < s->devices[d].n_qps && n < MSGS_MAX / 2; i++) {
			const struct rs_qp *q = &s->devices[d].qps[i];

			if (q->kernel || q->counter_id)
				continue;
			rs_session_qp_bind(&v->sess, s->devices[d].name, q->lqpn, msgs[n],
					   sizeof(msgs[n]));
			if (!v->j)
				rs_tprintf(stderr, "rocescope: %s\n", msgs[n]);
			n++;
			if (strstr(msgs[n - 1], "cannot count per QP"))
				break;	/* the driver's answer: the same for its other QPs */
		}
	return n;
}

static size_t unbind_all(struct rs_view *v, char (*msgs)[RS_MSG_LEN], size_t n)
{
	size_t nb;
	const struct rs_qp_binding *b = rs_session_qp_bindings(&v->sess, &nb);

	while (nb && n < MSGS_MAX) {
		char dev[RS_NAME_LEN];
		unsigned lqpn = b[nb - 1].lqpn;

		RS_STRCPY(dev, b[nb - 1].device);
		rs_session_qp_unbind(&v->sess, dev, lqpn, msgs[n], sizeof(msgs[n]));
		if (!v->j)
			rs_tprintf(stderr, "rocescope: %s\n", msgs[n]);
		n++;
		b = rs_session_qp_bindings(&v->sess, &nb);
	}
	return n;
}

static int qps_run(struct rs_cli *cli, int argc, char **argv)
{
	static char msgs[MSGS_MAX][RS_MSG_LEN];
	const struct rs_qp_table *t;
	size_t *idx, n_msgs = 0;
	struct rs_view v;
	int ret = rs_view_open(&v, cli, RS_SCOPE_ALL);

	if (ret)
		return ret;
	if (opt.bind)
		n_msgs = bind_all(&v, msgs);
	ret = rs_view_second_reading(&v, opt.interval);
	if (opt.bind)
		n_msgs = unbind_all(&v, msgs, n_msgs);
	t = rs_session_qps(&v.sess);
	if (!t) {
		rs_tprintf(stderr, "rocescope: no QP view in this session\n");
		return rs_view_close(&v, RS_EXIT_FAIL);
	}
	idx = rs_xcalloc(t->n + 1, sizeof(*idx));
	rs_qp_table_order(t, idx);
	if (v.j)
		json_view(&v, t, idx, msgs, n_msgs);
	else
		text_view(&v, t, idx);
	free(idx);
	return rs_view_close(&v, ret);
}

enum { OPT_INTERVAL = 1, OPT_ALL, OPT_BIND };

static const struct rs_opt qps_opts[] = {
	{ "interval", 'i', "SEC", "seconds between the two readings that show PSNs moving and "
	  "the rates (default 1; 0: one reading)", OPT_INTERVAL },
	{ "all", 'a', NULL, "the kernel's own QPs too (GSI, SMI)", OPT_ALL },
	{ "bind", 0, NULL, "bind a per-QP counter to every user QP without one for the "
	  "readings (live host, CAP_NET_ADMIN), and take them off again", OPT_BIND },
	{ NULL, 0, NULL, NULL, 0 },
};

static int qps_opt(struct rs_cli *cli, int id, const char *arg)
{
	switch (id) {
	case OPT_INTERVAL:
		return rs_cli_interval(arg, &opt.interval);
	case OPT_ALL:
		opt.all = 1;
		return 0;
	default:
		opt.bind = 1;
		return 0;
	}
}

const struct rs_cmd rs_cmd_qps = {
	.name = "qps",
	.args = "",
	.help = "queue pairs by process: PSNs, ERR, stalls, retransmits per second",
	.flags = RS_CMD_JSON | RS_CMD_HOST,
	.opts = qps_opts,
	.opt = qps_opt,
	.run = qps_run,
};
