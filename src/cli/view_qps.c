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
#include "i18n.h"
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

/* Text: a group's head (the process, its CPUs), above its QPs. */
static void text_group(struct rs_pr *p, const struct rs_snapshot *s,
		       const struct rs_qp_tracked *q, int live)
{
	const struct rs_proc *pr = proc_of(s, q->pid);

	if (q->kernel) {
		rs_pr_text(p, _("\nkernel QPs\n"));
	} else {
		rs_pr_text(p, _("\n%s  pid %u"), q->comm[0] ? q->comm : "?", q->pid);
		if (pr && pr->cpus_allowed[0])
			rs_pr_text(p, _("  CPUs %s"), pr->cpus_allowed);
		if (pr && pr->cpu >= 0)
			rs_pr_text(p, _(" (last on %d)"), pr->cpu);
		if (!pr)
			rs_pr_text(p, live ? "  (no such process now)" : "  (its process was not "
				   "recorded)");
		rs_pr_text(p, "\n");
	}
	rs_pr_text(p, "  %-14s %-4s %9s %9s %6s %6s %6s %6s %s\n", _("DEV/PORT:QPN"), "TYPE",
		   "SQ PSN", "RQ PSN", "RETR", "SEQERR", "RNR", "TMOUT", "FROM");
}

/* The rates per second: text's columns (before FROM), or JSON's "rates"
 * (after rates_from; null where unknown). */
static void print_rates(struct rs_pr *p, const struct rs_qp_tracked *q, int have, int columns)
{
	char r[RS_QR_COUNT][16];

	if (columns && !rs_pr_is_json(p)) {
		for (int k = 0; k < RS_QR_COUNT; k++)
			fmt_rate(r[k], sizeof(r[k]), q, k, have);
		rs_pr_text(p, "%6s %6s %6s %6s ", r[RS_QR_RETRANS], r[RS_QR_SEQ], r[RS_QR_RNR],
			   r[RS_QR_TIMEOUT]);
	}
	if (columns)
		return;
	rs_pr_obj_open(p, "rates");
	for (int k = 0; k < RS_QR_COUNT; k++)
		rs_pr_double_known(p, rs_qp_rate_name((enum rs_qp_rate)k), NULL, q->rates.per_s[k],
				   have && !q->gone && q->rates.known[k]);
	rs_pr_obj_close(p);
}

/* Text: the line under a QP's row (its status, peer, path, counter). */
static void text_status(struct rs_pr *p, const struct rs_qp_table *t,
			const struct rs_qp_tracked *q)
{
	char status[96];

	if (rs_pr_is_json(p))
		return;
	rs_qp_status(t, q, status, sizeof(status));
	rs_pr_text(p, "    %s", status);
	if (q->has_rqpn)
		rs_pr_text(p, _("; peer QP %u"), q->rqpn);
	if (q->cm)
		/* TRANSLATORS: the rdma_cm addresses: source -> destination. */
		rs_pr_text(p, _("; %s -> %s"), q->src, q->dst);
	if (q->counter_id)
		rs_pr_text(p, q->counter_shared > 1 ? _("; counter %u (shared)") : _("; counter %u"),
			   q->counter_id);
	else if (q->from_port && q->score > 0 && q->port_busy > 1)
		rs_pr_text(p, _("; %u connected QPs share the port's counters"), q->port_busy);
	rs_pr_text(p, "\n");
}

static void print_qp(struct rs_pr *p, const struct rs_qp_table *t, const struct rs_qp_tracked *q)
{
	static const char *const st[] = { "RESET", "INIT", "RTR", "RTS", "SQD", "SQE", "ERR" };
	int have = t->readings > 1, now = have && !q->gone;
	char where[RS_NAME_LEN + 24], rq[16] = "-";

	snprintf(where, sizeof(where), "%s/%u:%u", q->device, q->port, q->lqpn);
	if (q->has_rqpn)
		snprintf(rq, sizeof(rq), "%u", q->rq_psn);
	rs_pr_obj_open(p, NULL);
	rs_pr_text(p, "  %-14s ", where);
	rs_pr_str(p, "device", NULL, q->device);
	rs_pr_u64_known(p, "port", NULL, q->port, q->port > 0);
	rs_pr_uint(p, "lqpn", NULL, q->lqpn);
	rs_pr_str(p, "type", "%-4s ", q->type);
	rs_pr_str(p, "state", NULL, q->state >= 0 && q->state < 7 ? st[q->state] : "?");
	rs_pr_bool(p, "kernel", NULL, q->kernel);
	rs_pr_u64_known(p, "pid", NULL, q->pid, !q->kernel && q->pid);
	rs_pr_str_or_null(p, "comm", NULL, q->comm);
	rs_pr_u64_known(p, "rqpn", NULL, q->rqpn, q->has_rqpn);
	rs_pr_uint(p, "sq_psn", "%9u ", q->sq_psn);
	rs_pr_u64_known(p, "rq_psn", NULL, q->rq_psn, q->has_rqpn);
	rs_pr_text(p, "%9s ", rq);
	if (now)
		rs_pr_bool(p, "psn_moving", NULL, q->moves);
	else
		rs_pr_null(p, "psn_moving", NULL, NULL);
	rs_pr_bool(p, "stalled", NULL, q->stalled);
	rs_pr_double_known(p, "still_s", NULL, (double)(t->now_ns - q->moved_ns) / 1e9, now);
	rs_pr_double_known(p, "err_for_s", NULL, (double)(t->now_ns - q->err_ns) / 1e9,
			   q->err_ns && !q->gone);
	rs_pr_u64_known(p, "err_since", NULL, (uint64_t)q->err_wall, q->err_ns && q->err_wall);
	rs_pr_bool(p, "gone", NULL, q->gone);
	rs_pr_double_known(p, "gone_for_s", NULL, (double)(t->now_ns - q->gone_ns) / 1e9,
			   q->gone);
	rs_pr_str_or_null(p, "src", NULL, q->cm ? q->src : "");
	rs_pr_str_or_null(p, "dst", NULL, q->cm ? q->dst : "");
	rs_pr_u64_known(p, "counter_id", NULL, q->counter_id, q->counter_id);
	print_rates(p, q, have, 1);
	rs_pr_str(p, "rates_from", "%s\n", q->from_port ? "port" : "qp");
	rs_pr_u64_known(p, "port_busy", NULL, q->port_busy, q->from_port);
	print_rates(p, q, have, 0);
	rs_pr_obj_open(p, "counters");
	for (size_t i = 0; i < q->counters.count; i++)
		rs_pr_u64(p, q->counters.items[i].name, NULL, q->counters.items[i].value);
	rs_pr_obj_close(p);
	rs_pr_obj_close(p);
	text_status(p, t, q);
}

/* JSON only: every process of the snapshot (text names a group's own). */
static void print_procs(struct rs_pr *p, const struct rs_snapshot *s)
{
	rs_pr_arr_open(p, "processes");
	for (size_t i = 0; i < s->n_procs; i++) {
		const struct rs_proc *pr = &s->procs[i];
		int node = pr->cpu >= 0 ? rs_cpu_node(&s->host, (unsigned)pr->cpu) : -1;

		rs_pr_obj_open(p, NULL);
		rs_pr_uint(p, "pid", NULL, pr->pid);
		rs_pr_str_or_null(p, "comm", NULL, pr->comm);
		rs_pr_str_or_null(p, "cpus_allowed", NULL, pr->cpus_allowed);
		rs_pr_int_known(p, "cpu", NULL, pr->cpu, pr->cpu >= 0);
		rs_pr_int_known(p, "cpu_node", NULL, node, node >= 0);
		rs_pr_obj_close(p);
	}
	rs_pr_arr_close(p);
}

/* The devices: JSON's members; text's notes (no QP list, no per-QP
 * counters, what was cut). */
static void print_devices(struct rs_pr *p, const struct rs_snapshot *s,
			  const struct rs_qp_table *t)
{
	rs_pr_arr_open(p, "devices");
	for (size_t d = 0; d < s->n_devices; d++) {
		const struct rs_device *dev = &s->devices[d];
		int own = 0;

		for (size_t i = 0; i < t->n; i++)
			own |= !strcmp(t->qps[i].device, dev->name) && t->qps[i].counter_id;
		rs_pr_obj_open(p, NULL);
		rs_pr_str(p, "name", NULL, dev->name);
		rs_pr_bool(p, "qps_known", NULL, dev->qps_known);
		rs_pr_str_or_null(p, "note", NULL, dev->qps_note);
		if (!dev->qps_known)
			rs_pr_text(p, _("%s: QPs unknown: %s\n"), dev->name, dev->qps_note);
		else if (dev->qps_note[0])
			rs_pr_text(p, "%s: %s\n", dev->name, dev->qps_note);
		rs_pr_str_or_null(p, "counter_mode", NULL, dev->qp_counter_mode);
		if (dev->qps_known && !own)
			rs_pr_text(p, _("%s: no per-QP counter bound (mode %s): the port's counters "
				   "stand in (qps --bind asks for one)\n"), dev->name,
				   dev->qp_counter_mode[0] ? dev->qp_counter_mode : _("unknown"));
		rs_pr_int_known(p, "numa_node", NULL, dev->numa_node, dev->numa_node >= 0);
		rs_pr_str_or_null(p, "local_cpus", NULL, dev->local_cpus);
		rs_pr_obj_close(p);
	}
	rs_pr_arr_close(p);
}

/* The head: JSON's interval and readings, text's count line. */
static void print_head(struct rs_view *v, const struct rs_qp_table *t, size_t kernel)
{
	struct rs_pr *p = &v->pr;

	rs_pr_double_known(p, "interval_s", NULL, opt.interval, t->readings > 1);
	rs_pr_size(p, "readings", NULL, (size_t)t->readings);
	rs_pr_text(p, _("%zu QPs (%s)"), t->n, v->sess.label);
	if (t->readings > 1)
		rs_pr_text(p, _(", rates per second between the last two readings"));
	else
		rs_pr_text(p, _(", one reading: no rates, PSN movement unknown"));
	if (kernel && !opt.all)
		rs_pr_text(p, _("; %zu kernel QPs not shown (--all)"), kernel);
	rs_pr_text(p, "\n");
}

/*
 * Text: the head, the devices' notes, then the QPs grouped by process
 * (kernel ones with --all only); JSON: every QP, the processes and the
 * devices, and what --bind changed ("changes"; text said it on stderr).
 */
static void print_view(struct rs_view *v, const struct rs_qp_table *t, const size_t *idx,
		       const char (*msgs)[RS_MSG_LEN], size_t n_msgs)
{
	const struct rs_qp_tracked *prev = NULL;
	struct rs_pr *p = &v->pr;
	int json = rs_pr_is_json(p);
	size_t shown = 0, kernel = 0;

	for (size_t i = 0; i < t->n; i++)
		kernel += t->qps[i].kernel;
	print_head(v, t, kernel);
	if (!json)
		print_devices(p, &v->sess.snap, t);
	rs_pr_arr_open(p, "qps");
	for (size_t i = 0; i < t->n; i++) {
		const struct rs_qp_tracked *q = &t->qps[idx[i]];

		if (!json && q->kernel && !opt.all)
			continue;
		if (!json && (!prev || prev->pid != q->pid || prev->kernel != q->kernel))
			text_group(p, &v->sess.snap, q, !rs_session_is_recorded(&v->sess));
		print_qp(p, t, q);
		prev = q;
		shown++;
	}
	rs_pr_arr_close(p);
	if (!shown)
		rs_pr_text(p, kernel ? _("\nno user QPs\n") : _("\nno QPs\n"));
	print_procs(p, &v->sess.snap);
	if (json)
		print_devices(p, &v->sess.snap, t);
	rs_pr_arr_open(p, "changes");
	for (size_t i = 0; i < n_msgs; i++)
		rs_pr_str(p, RS_PR_ITEM, NULL, msgs[i]);
	rs_pr_arr_close(p);
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
				rs_tprintf(stderr, _("rocescope: %s\n"), msgs[n]);
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
			rs_tprintf(stderr, _("rocescope: %s\n"), msgs[n]);
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
		rs_tprintf(stderr, _("rocescope: no QP view in this session\n"));
		return rs_view_close(&v, RS_EXIT_FAIL);
	}
	idx = rs_xcalloc(t->n + 1, sizeof(*idx));
	rs_qp_table_order(t, idx);
	print_view(&v, t, idx, msgs, n_msgs);
	free(idx);
	return rs_view_close(&v, ret);
}

enum { OPT_INTERVAL = 1, OPT_ALL, OPT_BIND };

static const struct rs_opt qps_opts[] = {
	{ "interval", 'i', "SEC", N_("seconds between the two readings that show PSNs moving and "
	  "the rates (default 1; 0: one reading)"), OPT_INTERVAL },
	{ "all", 'a', NULL, N_("the kernel's own QPs too (GSI, SMI)"), OPT_ALL },
	{ "bind", 0, NULL, N_("bind a per-QP counter to every user QP without one for the "
	  "readings (live host, CAP_NET_ADMIN), and take them off again"), OPT_BIND },
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
	.help = N_("queue pairs by process: PSNs, ERR, stalls, retransmits per second"),
	.flags = RS_CMD_JSON | RS_CMD_HOST,
	.opts = qps_opts,
	.opt = qps_opt,
	.run = qps_run,
};
