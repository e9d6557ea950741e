/* SPDX-License-Identifier: MIT */
/*
 * checks_qps.c - the queue pairs the session follows (ctx->qps, the QP
 * poller's table): QPs of a job in the error state, PSNs that stopped
 * moving while their process lives, QPs whose errors rise, and processes
 * that drive a NIC from the other NUMA node.
 *
 * A QP finding is about a port (kind port) with the object "rxe0 port 1
 * QP 17", so views can list it under its QP.  Rates come from the QP's
 * own counter when one is bound; otherwise from its port's counters, and
 * the finding says so: with one busy QP on the port they are that QP's,
 * with more they are theirs together.
 */
#include "diag/check.h"
#include "model/cpus.h"
#include "model/qp_track.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#define QP_ERR 6

static struct rs_finding *qp_finding(struct rs_findings *out, const struct rs_check *c,
				     enum rs_verdict v, const struct rs_qp_tracked *q)
{
	struct rs_finding *f = rs_finding_new(out, c, v, RS_OBJ_PORT);

	RS_FSET(f->object, "%s port %u QP %u", q->device, q->port, q->lqpn);
	RS_FSET(f->device, "%s", q->device);
	f->port = q->port;
	return f;
}

/* The owner a sentence names: "ib_write_bw (pid 192)", or for a QP of the
 * kernel its module ("ib_core"), which a sentence of its own calls "the
 * kernel (ib_core)". */
static void owner(char *buf, size_t len, const struct rs_qp_tracked *q)
{
	if (q->kernel)
		snprintf(buf, len, "%s", q->comm);
	else
		snprintf(buf, len, "%s (pid %u)", q->comm[0] ? q->comm : "?", q->pid);
}

/* Skip for the whole host: no QP view, or no device listed its QPs. */
static int no_qps(const struct rs_check_ctx *ctx, const struct rs_check *c,
		  struct rs_findings *out, int need_two)
{
	const struct rs_snapshot *s = ctx->snap;
	int known = 0;
	struct rs_finding *f;

	for (size_t d = 0; d < s->n_devices; d++)
		known |= s->devices[d].qps_known;
	if (ctx->qps && known && (!need_two || ctx->qps->readings > 1))
		return 0;
	f = rs_finding_host(out, c, RS_SKIP);
	if (!ctx->qps)
		RS_FSUMMARY(f, "no QP view in this run");
	else if (!known)
		RS_FSUMMARY(f, "no device listed its QPs (RDMA netlink not read)");
	else
		RS_FSUMMARY(f, "one reading: whether PSNs move and rates need two "
			"(check --interval)");
	return 1;
}

static struct rs_finding *pass_host(struct rs_findings *out, const struct rs_check *c)
{
	return rs_finding_host(out, c, RS_PASS);
}

/* The QP's state and its process, alive or gone; when: "12:04:31" or "". */
static void err_evidence(const struct rs_check_ctx *ctx, struct rs_finding *f,
			 const struct rs_qp_tracked *q, const char *when)
{
	double s = (double)(ctx->qps->now_ns - q->err_ns) / 1e9;

	if (when[0])
		RS_FSET(f->evidence, q->owner_alive ?
			_("RDMA netlink RES_QP_GET: %s QP %u (%s) state ERR since %s, for %.0f s; "
			  "its process still runs") :
			_("RDMA netlink RES_QP_GET: %s QP %u (%s) state ERR since %s, for %.0f s; "
			  "its process is gone"), q->device, q->lqpn, q->type, when, s);
	else
		RS_FSET(f->evidence, q->owner_alive ?
			_("RDMA netlink RES_QP_GET: %s QP %u (%s) state ERR, for %.0f s; its "
			  "process still runs") :
			_("RDMA netlink RES_QP_GET: %s QP %u (%s) state ERR, for %.0f s; its "
			  "process is gone"), q->device, q->lqpn, q->type, s);
}

void rs_check_qp_error_state(const struct rs_check_ctx *ctx, const struct rs_check *c,
			     struct rs_findings *out)
{
	size_t bad = 0, users = 0;

	if (no_qps(ctx, c, out, 0))
		return;
	for (size_t i = 0; i < ctx->qps->n; i++) {
		const struct rs_qp_tracked *q = &ctx->qps->qps[i];
		char who[RS_NAME_LEN + 32], when[32] = "";
		struct rs_finding *f;
		struct tm tm;

		users += !q->kernel && !q->gone;
		if (q->gone || q->state != QP_ERR)
			continue;
		bad++;
		owner(who, sizeof(who), q);
		if (q->err_wall && localtime_r(&q->err_wall, &tm))
			strftime(when, sizeof(when), "%H:%M:%S", &tm);
		f = qp_finding(out, c, q->owner_alive ? RS_FAIL : RS_WARN, q);
		/* TRANSLATORS: the device, the QP number, its owner ("ib_write_bw (pid
		 * 192)", or the kernel's module) and the time it entered ERR. */
		if (when[0])
			RS_FSUMMARY(f, q->kernel ? N_("%s QP %u of the kernel (%s) is in ERR since "
						      "%s: it cannot send or receive") :
				    N_("%s QP %u of %s is in ERR since %s: it cannot send or "
				       "receive"), q->device, q->lqpn, who, when);
		else
			RS_FSUMMARY(f, q->kernel ? N_("%s QP %u of the kernel (%s) is in ERR: it "
						      "cannot send or receive") :
				    N_("%s QP %u of %s is in ERR: it cannot send or receive"),
				    q->device, q->lqpn, who);
		err_evidence(ctx, f, q, when);
		RS_FSET(f->expected, _("a running job's QPs stay in RTS"));
		RS_FSET(f->remedy, _("the application's failed work completion says why (status 12 "
			"\"retry exceeded\": packets lost on the path, run rocescope check --tree "
			"connection-failure; 13 RNR: the receiver posted no buffer); the QP must "
			"be destroyed and connected again"));
	}
	if (!bad) {
		struct rs_finding *f = pass_host(out, c);

		RS_FSUMMARY(f, "no QP in ERR (%zu QPs of applications)", users);
	}
}

void rs_check_qp_stalled(const struct rs_check_ctx *ctx, const struct rs_check *c,
			 struct rs_findings *out)
{
	size_t bad = 0, conn = 0;

	if (no_qps(ctx, c, out, 1))
		return;
	for (size_t i = 0; i < ctx->qps->n; i++) {
		const struct rs_qp_tracked *q = &ctx->qps->qps[i];
		char who[RS_NAME_LEN + 32];
		struct rs_finding *f;

		conn += !q->gone && q->has_rqpn;
		if (!q->stalled)
			continue;
		bad++;
		owner(who, sizeof(who), q);
		f = qp_finding(out, c, RS_WARN, q);
		RS_FSUMMARY(f, q->kernel ? N_("%s QP %u of the kernel (%s): PSNs still for %.0f s "
					      "while the process runs") :
			    N_("%s QP %u of %s: PSNs still for %.0f s while the process runs"),
			    q->device, q->lqpn, who,
			    (double)(ctx->qps->now_ns - q->moved_ns) / 1e9);
		RS_FSET(f->evidence, q->kernel ? _("RDMA netlink RES_QP_GET: %s QP %u %s, SQ PSN "
			"%u and RQ PSN %u unchanged over %lu readings; the kernel (%s) still runs") :
			_("RDMA netlink RES_QP_GET: %s QP %u %s, SQ PSN %u and RQ PSN %u unchanged "
			"over %lu readings; %s still runs"), q->device, q->lqpn,
			rs_qp_state_name(q->state), q->sq_psn, q->rq_psn, ctx->qps->readings, who);
		RS_FSET(f->expected, _("the PSNs of a QP that carries traffic move"));
		RS_FSET(f->remedy, _("an idle QP is fine; a job that should be sending hangs: look "
			"at its peer (its QP %u) and at retransmissions on this port (QPs pane); "
			"NCCL: NCCL_DEBUG=INFO"), q->rqpn);
	}
	if (!bad) {
		struct rs_finding *f = pass_host(out, c);

		RS_FSUMMARY(f, "no stalled QP (%zu connected QPs)", conn);
	}
}

static void rising_qp(const struct rs_check_ctx *ctx, const struct rs_check *c,
		      struct rs_findings *out, const struct rs_qp_tracked *q)
{
	char who[RS_NAME_LEN + 32];
	struct rs_finding *f = qp_finding(out, c, RS_WARN, q);

	owner(who, sizeof(who), q);
	RS_FSUMMARY(f, q->kernel && q->from_port ?
		    N_("%s QP %u of the kernel (%s): %.0f errors/s (retrans %.0f, seq %.0f, RNR "
		       "%.0f, timeout %.0f) on its port") :
		    q->kernel ? N_("%s QP %u of the kernel (%s): %.0f errors/s (retrans %.0f, seq "
				   "%.0f, RNR %.0f, timeout %.0f)") :
		    q->from_port ? N_("%s QP %u of %s: %.0f errors/s (retrans %.0f, seq %.0f, RNR "
				      "%.0f, timeout %.0f) on its port") :
		    N_("%s QP %u of %s: %.0f errors/s (retrans %.0f, seq %.0f, RNR %.0f, timeout "
		       "%.0f)"), q->device, q->lqpn, who, q->score,
		    q->rates.per_s[RS_QR_RETRANS], q->rates.per_s[RS_QR_SEQ],
		    q->rates.per_s[RS_QR_RNR], q->rates.per_s[RS_QR_TIMEOUT]);
	if (q->from_port)
		RS_FSET(f->evidence, q->moves ? _("%s port %u hw_counters (no per-QP counter): "
			"%.0f/s; QP %u is the port's only connected QP whose PSNs move") :
			_("%s port %u hw_counters (no per-QP counter): %.0f/s; QP %u is the port's "
			"only connected QP"), q->device, q->port, q->score, q->lqpn);
	else
		RS_FSET(f->evidence, _("RDMA netlink STAT_GET: counter %u bound to QP %u: %.0f/s"),
			q->counter_id, q->lqpn, q->score);
	RS_FSET(f->expected, _("no retransmission, sequence error, RNR NAK or timeout"));
	RS_FSET(f->remedy, _("packets of this QP are lost or late: PFC/ECN on its priority "
		"(qos.*), the peer's receive buffers (RNR), the path (counters.error_rising)"));
}

/* A port's errors shared by several busy QPs: the port, not a QP, is named. */
static void rising_port(const struct rs_check_ctx *ctx, const struct rs_check *c,
			struct rs_findings *out, const struct rs_qp_tracked *q)
{
	struct rs_finding *f = rs_finding_new(out, c, RS_WARN, RS_OBJ_PORT);

	RS_FSET(f->object, "%s port %u", q->device, q->port);
	RS_FSET(f->device, "%s", q->device);
	f->port = q->port;
	RS_FSUMMARY(f, "%s port %u: %.0f errors/s among %u connected QPs (no per-QP "
		"counters)", q->device, q->port, q->score, q->port_busy);
	RS_FSET(f->evidence, _("%s port %u hw_counters: %.0f/s, shared by %u connected QPs of the "
		"port"), q->device, q->port, q->score, q->port_busy);
	RS_FSET(f->expected, _("no retransmission, sequence error, RNR NAK or timeout"));
	RS_FSET(f->remedy, _("bind counters to tell which QP: b in the QPs pane, or "
		"rocescope qps --bind (mlx5; needs CAP_NET_ADMIN)"));
}

void rs_check_qp_errors_rising(const struct rs_check_ctx *ctx, const struct rs_check *c,
			       struct rs_findings *out)
{
	size_t bad = 0;

	if (no_qps(ctx, c, out, 1))
		return;
	for (size_t i = 0; i < ctx->qps->n; i++) {
		const struct rs_qp_tracked *q = &ctx->qps->qps[i];
		int named = 0;

		if (q->gone || q->score <= 0)
			continue;
		/* The port's errors once, at the first QP sharing them. */
		for (size_t j = 0; q->from_port && q->port_busy > 1 && j < i; j++) {
			const struct rs_qp_tracked *o = &ctx->qps->qps[j];

			named |= o->from_port && o->score > 0 && !o->gone && o->port == q->port &&
				 !strcmp(o->device, q->device);
		}
		if (named)
			continue;
		bad++;
		if (q->from_port && q->port_busy > 1)
			rising_port(ctx, c, out, q);
		else
			rising_qp(ctx, c, out, q);
	}
	if (!bad) {
		struct rs_finding *f = pass_host(out, c);

		RS_FSUMMARY(f, "no QP with rising errors (%zu followed)", ctx->qps->n);
	}
}

/* ------------------------------------------------------------ locality */

static const struct rs_device *device_of(const struct rs_snapshot *s, const char *name)
{
	for (size_t d = 0; d < s->n_devices; d++)
		if (!strcmp(s->devices[d].name, name))
			return &s->devices[d];
	return NULL;
}

static const struct rs_proc *proc_of(const struct rs_snapshot *s, unsigned pid)
{
	for (size_t i = 0; i < s->n_procs; i++)
		if (s->procs[i].pid == pid)
			return &s->procs[i];
	return NULL;
}

/* Interrupts of d whose (effective) affinity has no CPU of its node. */
static unsigned remote_irqs(const struct rs_device *d, const struct rs_cpus *local)
{
	unsigned n = 0;

	for (size_t i = 0; i < d->n_irqs; i++) {
		struct rs_cpus a;
		const char *aff = d->irqs[i].effective[0] ? d->irqs[i].effective :
				  d->irqs[i].affinity;

		if (!rs_cpus_parse(&a, aff) && !rs_cpus_common(&a, local))
			n++;
	}
	return n;
}

static void numa_one(const struct rs_check_ctx *ctx, const struct rs_check *c,
		     struct rs_findings *out, const struct rs_qp_tracked *q)
{
	const struct rs_snapshot *s = ctx->snap;
	const struct rs_device *d = device_of(s, q->device);
	const struct rs_proc *p = proc_of(s, q->pid);
	struct rs_cpus local, allowed;
	int node, remote;
	struct rs_finding *f;

	if (!d || !p || d->numa_node < 0 || s->host.n_numa < 2 || p->cpu < 0 ||
	    rs_cpus_parse(&local, d->local_cpus))
		return;
	node = rs_cpu_node(&s->host, (unsigned)p->cpu);
	remote = (node >= 0 && node != d->numa_node) ||
		 (!rs_cpus_parse(&allowed, p->cpus_allowed) && !rs_cpus_common(&allowed, &local));
	f = rs_finding_dev(out, c, remote ? RS_WARN : RS_PASS, d);
	RS_FSET(f->object, "%.40s %.40s (pid %u)", d->name, p->comm, p->pid);
	RS_FSUMMARY(f, remote ? N_("%s (pid %u) drives %s: last on CPU %d (node %d), %s is on "
				   "node %d") :
		    N_("%s (pid %u) runs near %s: last on CPU %d (node %d), %s is on node %d"),
		    p->comm, p->pid, d->name, p->cpu, node, d->name, d->numa_node);
	RS_FSET(f->evidence, _("/proc/%u/stat processor %d, Cpus_allowed_list %s; %s numa_node %d, "
		"local_cpulist %s; %u of %zu interrupts steered off node %d"), p->pid, p->cpu,
		p->cpus_allowed, d->name, d->numa_node, d->local_cpus, remote_irqs(d, &local),
		d->n_irqs, d->numa_node);
	RS_FSET(f->expected, _("the process that owns the QPs runs on the NIC's node (%s)"),
		d->local_cpus);
	if (remote)
		RS_FSET(f->remedy, _("pin it to the NIC's CPUs: taskset -c %s CMD, or numactl "
			"--cpunodebind=%d --membind=%d CMD (NCCL/UCX pick the NIC near the GPU)"),
			d->local_cpus, d->numa_node, d->numa_node);
}

void rs_check_qp_numa(const struct rs_check_ctx *ctx, const struct rs_check *c,
		      struct rs_findings *out)
{
	size_t before = out->count;
	struct rs_finding *f;

	if (no_qps(ctx, c, out, 0))
		return;
	/* One finding per process and device: the first QP of each pair. */
	for (size_t i = 0; i < ctx->qps->n; i++) {
		const struct rs_qp_tracked *q = &ctx->qps->qps[i];
		int seen = 0;

		if (q->kernel || q->gone)
			continue;
		for (size_t j = 0; j < i; j++)
			seen |= ctx->qps->qps[j].pid == q->pid && !ctx->qps->qps[j].kernel &&
				!strcmp(ctx->qps->qps[j].device, q->device);
		if (!seen)
			numa_one(ctx, c, out, q);
	}
	if (out->count > before)
		return;
	f = rs_finding_host(out, c, RS_SKIP);
	if (ctx->snap->host.n_numa < 2)
		RS_FSUMMARY(f, ctx->snap->host.n_numa ? N_("one NUMA node: nothing to be remote "
							   "from") :
			    N_("no NUMA node: nothing to be remote from"));
	else
		RS_FSUMMARY(f, "no process with QPs on a device with a NUMA node "
			"(virtual devices such as rxe have none)");
}
