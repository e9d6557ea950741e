/* SPDX-License-Identifier: MIT */
/*
 * test_checks_nic.c - the followed QPs (src/model/qp_track.c) and the
 * checks on them (qp.*), the NIC's health (nic.*, net.link_flaps,
 * qos.pause_storm), DCQCN (qos.dcqcn, peer.same_dcqcn) and cpulists: each
 * verdict on a hand-made host, reading by reading, with exact times.
 */
#include "tests/helpers/checks_lib.h"
#include "model/cpus.h"
#include "model/qp_track.h"
#include "util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#define S 1000000000ull

static struct rs_qp *add_qp(struct rs_device *d, unsigned lqpn, int state, unsigned pid)
{
	struct rs_qp *q = RS_APPEND(d->qps, d->n_qps);

	q->lqpn = lqpn;
	q->port = 1;
	RS_STRCPY(q->type, "RC");
	q->state = state;
	q->has_rqpn = 1;
	q->rqpn = lqpn + 100;
	q->pid = pid;
	snprintf(q->comm, sizeof(q->comm), "app%u", pid);
	return q;
}

static void add_proc(struct rs_snapshot *s, unsigned pid, const char *cpus, int cpu)
{
	struct rs_proc *p = RS_APPEND(s->procs, s->n_procs);

	p->pid = pid;
	snprintf(p->comm, sizeof(p->comm), "app%u", pid);
	RS_STRCPY(p->cpus_allowed, cpus);
	p->cpu = cpu;
}

static struct rs_device *qp_host(struct rs_snapshot *s)
{
	struct rs_device *d;

	rs_snapshot_init(s);
	d = rs_ct_device(s, "mlx5_0", "mlx5_core");
	rs_ct_port(d, 1, 4, "Ethernet", "ens1f0np0");
	rs_ct_link(s, "ens1f0np0", 9000);
	d->qps_known = 1;
	add_qp(d, 17, 3, 100);
	add_qp(d, 18, 3, 100);
	add_qp(d, 19, 3, 200);
	add_proc(s, 100, "0-15", 3);
	add_proc(s, 200, "16-31", 20);
	return d;
}

static void run_qp(const struct rs_snapshot *s, const struct rs_qp_table *t,
		   struct rs_findings *f)
{
	struct rs_check_ctx ctx = { .snap = s, .qps = t };

	rs_findings_init(f);
	assert_int_equal(rs_checks_run(&ctx, f), 0);
}

static const struct rs_qp_tracked *tracked(const struct rs_qp_table *t, unsigned lqpn)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->qps[i].lqpn == lqpn)
			return &t->qps[i];
	fail_msg("QP %u not followed", lqpn);
	return NULL;
}

/* PSNs that move, that stop while the process lives, ERR with its time,
 * and a QP that goes away; the checks about each. */
static void test_psn_err_gone(void **state)
{
	struct rs_qp_table t;
	struct rs_snapshot s;
	struct rs_device *d = qp_host(&s);
	struct rs_findings f;
	char status[96];

	rs_qp_table_init(&t);
	rs_qp_table_update(&t, &s, NULL, 10 * S, 1000);
	run_qp(&s, &t, &f);
	rs_ct_get(&f, "qp.psn_stalled", "host", RS_SKIP);	/* one reading */
	rs_findings_free(&f);
	for (unsigned k = 1; k <= 6; k++) {
		d->qps[0].sq_psn += 100;	/* QP 17 sends */
		if (k == 3)
			d->qps[2].state = 6;	/* QP 19 fails at t = 13 */
		rs_qp_table_update(&t, &s, NULL, (10 + k) * S, 1000 + k);
	}
	assert_true(tracked(&t, 17)->moves);
	assert_false(tracked(&t, 17)->stalled);
	assert_true(tracked(&t, 18)->stalled);	/* still for 6 s, its process runs */
	assert_int_equal(tracked(&t, 19)->err_ns, 13 * S);
	assert_int_equal(tracked(&t, 19)->err_wall, 1003);
	rs_qp_status(&t, tracked(&t, 19), status, sizeof(status));
	assert_non_null(strstr(status, "ERR for 3 s"));
	run_qp(&s, &t, &f);
	rs_ct_get(&f, "qp.psn_stalled", "mlx5_0 port 1 QP 18", RS_WARN);
	rs_ct_get(&f, "qp.error_state", "mlx5_0 port 1 QP 19", RS_FAIL);
	rs_findings_free(&f);

	/* The owner of QPs 17 and 18 ends: not stalled any more, a process gone. */
	s.procs[0] = s.procs[1];
	s.n_procs = 1;
	d->n_qps = 2;		/* QP 19 is gone too */
	rs_qp_table_update(&t, &s, NULL, 17 * S, 1007);
	assert_false(tracked(&t, 18)->stalled);
	assert_true(tracked(&t, 19)->gone);
	rs_qp_status(&t, tracked(&t, 19), status, sizeof(status));
	assert_non_null(strstr(status, "gone 0 s ago"));
	/* Forgotten a minute later. */
	rs_qp_table_update(&t, &s, NULL, 80 * S, 1070);
	assert_int_equal(t.n, 2);
	rs_qp_table_free(&t);
	rs_snapshot_free(&s);
}

/* A QP of the kernel in ERR (no wall time known): the sentence names "the
 * kernel (MODULE)", its verdict a fail (the kernel does not go away). */
static void test_kernel_owner(void **state)
{
	struct rs_qp_table t;
	struct rs_snapshot s;
	struct rs_device *d = qp_host(&s);
	struct rs_qp *k = add_qp(d, 20, 3, 0);
	const struct rs_finding *x;
	struct rs_findings f;

	k->kernel = 1;
	RS_STRCPY(k->comm, "ib_core");
	rs_qp_table_init(&t);
	rs_qp_table_update(&t, &s, NULL, 10 * S, 0);
	k->state = 6;
	rs_qp_table_update(&t, &s, NULL, 11 * S, 0);
	run_qp(&s, &t, &f);
	x = rs_ct_get(&f, "qp.error_state", "mlx5_0 port 1 QP 20", RS_FAIL);
	assert_string_equal(x->summary, "mlx5_0 QP 20 of the kernel (ib_core) is in ERR: it "
			    "cannot send or receive");
	rs_findings_free(&f);
	rs_qp_table_free(&t);
	rs_snapshot_free(&s);
}

/* A QPN reused by another process is another QP. */
static void test_reuse(void **state)
{
	struct rs_qp_table t;
	struct rs_snapshot s;
	struct rs_device *d = qp_host(&s);

	rs_qp_table_init(&t);
	rs_qp_table_update(&t, &s, NULL, S, 0);
	d->qps[0].pid = 300;
	rs_qp_table_update(&t, &s, NULL, 2 * S, 0);
	assert_int_equal(t.n, 4);
	for (size_t i = 0; i < t.n; i++)
		if (t.qps[i].lqpn == 17)
			assert_true(t.qps[i].gone == (t.qps[i].pid == 100));
	rs_qp_table_free(&t);
	rs_snapshot_free(&s);
}

/* Rates from the QP's own counter, and from its port with one busy QP. */
static void test_rates(void **state)
{
	struct rs_qp_table t;
	struct rs_snapshot s;
	struct rs_series ser;
	struct rs_device *d = qp_host(&s);
	struct rs_findings f;
	size_t idx[3];

	rs_series_init(&ser, 0);
	d->qps[2].counter_id = 5;
	rs_counter_set_add(&d->qps[2].counters, "roce_adp_retrans", 10);
	rs_counter_set_add(&d->qps[2].counters, "packet_seq_err", 0);
	rs_counter_set_add(&d->ports[0].hw_counters, "out_of_sequence", 0);
	d->ports[0].hw_counters.ts_ns = S;
	rs_series_update(&ser, &s);
	rs_qp_table_init(&t);
	rs_qp_table_update(&t, &s, &ser, S, 0);
	d->qps[2].counters.items[0].value = 30;		/* +20 in 2 s */
	d->qps[2].counters.items[1].value = 4;
	d->ports[0].hw_counters.items[0].value = 60;	/* +60 in 2 s */
	d->ports[0].hw_counters.ts_ns = 3 * S;
	d->qps[0].sq_psn = 5;				/* QP 17 is the one moving */
	rs_series_update(&ser, &s);
	rs_qp_table_update(&t, &s, &ser, 3 * S, 0);
	assert_false(tracked(&t, 19)->from_port);
	assert_true(tracked(&t, 19)->rates.per_s[RS_QR_RETRANS] == 10.0);
	assert_true(tracked(&t, 19)->rates.per_s[RS_QR_SEQ] == 2.0);
	assert_false(tracked(&t, 19)->rates.known[RS_QR_TIMEOUT]);
	assert_true(tracked(&t, 17)->from_port);
	assert_true(tracked(&t, 17)->rates.per_s[RS_QR_SEQ] == 30.0);
	assert_int_equal(tracked(&t, 17)->port_busy, 1);
	/* The worst group first: app100 (30/s on its port) before app200 (12/s). */
	rs_qp_table_order(&t, idx);
	assert_int_equal(t.qps[idx[0]].lqpn, 17);
	assert_int_equal(t.qps[idx[2]].lqpn, 19);
	run_qp(&s, &t, &f);
	rs_ct_get(&f, "qp.errors_rising", "mlx5_0 port 1 QP 19", RS_WARN);
	rs_ct_get(&f, "qp.errors_rising", "mlx5_0 port 1 QP 17", RS_WARN);
	assert_null(rs_findings_get(&f, "qp.errors_rising", "mlx5_0 port 1 QP 18"));
	rs_findings_free(&f);
	/* Nothing moves, the port's errors go on (a peer that drops all: the
	 * sender retransmits the same PSNs): both connected QPs share them,
	 * and the port is named. */
	d->ports[0].hw_counters.items[0].value = 100;
	d->ports[0].hw_counters.ts_ns = 5 * S;
	rs_series_update(&ser, &s);
	rs_qp_table_update(&t, &s, &ser, 5 * S, 0);
	assert_true(tracked(&t, 18)->rates.per_s[RS_QR_SEQ] == 20.0);
	assert_int_equal(tracked(&t, 17)->port_busy, 2);
	run_qp(&s, &t, &f);
	rs_ct_get(&f, "qp.errors_rising", "mlx5_0 port 1", RS_WARN);
	rs_findings_free(&f);
	rs_qp_table_free(&t);
	rs_series_free(&ser);
	rs_snapshot_free(&s);
}

static void test_numa(void **state)
{
	struct rs_qp_table t;
	struct rs_snapshot s;
	struct rs_device *d = qp_host(&s);
	struct rs_findings f;
	struct rs_numa_node *n;

	d->numa_node = 0;
	RS_STRCPY(d->local_cpus, "0-15");
	n = RS_APPEND(s.host.numa, s.host.n_numa);
	RS_STRCPY(n->cpus, "0-15");
	n = RS_APPEND(s.host.numa, s.host.n_numa);
	n->node = 1;
	RS_STRCPY(n->cpus, "16-31");
	rs_qp_table_init(&t);
	rs_qp_table_update(&t, &s, NULL, S, 0);
	run_qp(&s, &t, &f);
	rs_ct_get(&f, "qp.numa_remote", "mlx5_0 app100 (pid 100)", RS_PASS);
	assert_non_null(strstr(rs_ct_get(&f, "qp.numa_remote", "mlx5_0 app200 (pid 200)",
					 RS_WARN)->remedy, "taskset -c 0-15"));
	rs_findings_free(&f);
	/* One node only: nothing to be remote from. */
	s.host.n_numa = 1;
	run_qp(&s, &t, &f);
	rs_ct_get(&f, "qp.numa_remote", "host", RS_SKIP);
	rs_findings_free(&f);
	s.host.n_numa = 2;
	rs_qp_table_free(&t);
	rs_snapshot_free(&s);
}

static void test_cpus(void **state)
{
	struct rs_cpus a, b;

	assert_int_equal(rs_cpus_parse(&a, "0-3,8,10-11\n"), 0);
	assert_int_equal(a.count, 7);
	assert_true(rs_cpus_has(&a, 10));
	assert_false(rs_cpus_has(&a, 9));
	assert_int_equal(rs_cpus_parse(&b, "3-9"), 0);
	assert_int_equal(rs_cpus_common(&a, &b), 2);	/* 3 and 8 */
	assert_int_equal(rs_cpus_parse(&a, "5-2"), -EINVAL);
	assert_int_equal(rs_cpus_parse(&a, "0-8191"), 0);
	assert_int_equal(rs_cpus_parse(&a, "8192"), -EINVAL);
	assert_int_equal(rs_cpus_parse(&a, "0-3,"), 0);
	assert_int_equal(rs_cpus_parse(&a, "0-3\xe2\x80\xa6"), -EINVAL);	/* cut */
	assert_int_equal(rs_cpus_parse(&a, ""), -EINVAL);
	assert_int_equal(rs_cpus_parse(&a, "x"), -EINVAL);
}

/* ---------------------------------------------------------------- NIC */

static struct rs_link *nic_host(struct rs_snapshot *s)
{
	struct rs_device *d;
	struct rs_link *l;

	rs_snapshot_init(s);
	d = rs_ct_device(s, "mlx5_1", "mlx5_core");
	rs_ct_port(d, 1, 4, "Ethernet", "ens1f1np1");
	l = rs_ct_link(s, "ens1f1np1", 9000);
	rs_link_init(l);
	RS_STRCPY(l->bus, "0000:3b:00.1");
	return l;
}

static int remedies_with(const struct rs_findings *f, const char *text)
{
	int n = 0;

	for (size_t i = 0; i < f->count; i++)
		n += strstr(f->items[i].remedy, text) != NULL;
	return n;
}

static void test_health(void **state)
{
	struct rs_snapshot s;
	struct rs_link *l = nic_host(&s);
	struct rs_reporter *r;
	struct rs_findings f;
	struct rs_xcvr_flag *fl;

	rs_ct_run(&s, &f);
	rs_ct_get(&f, "nic.health_reporter", "ens1f1np1", RS_SKIP);
	rs_ct_get(&f, "nic.fec_uncorrectable", "ens1f1np1", RS_SKIP);
	rs_ct_get(&f, "nic.module_alarm", "ens1f1np1", RS_SKIP);
	rs_ct_get(&f, "net.link_flaps", "ens1f1np1", RS_SKIP);
	rs_ct_get(&f, "qos.pause_storm", "ens1f1np1", RS_SKIP);
	rs_findings_free(&f);
	l->health.known = 1;
	r = RS_APPEND(l->health.reporters, l->health.n_reporters);
	RS_STRCPY(r->name, "tx");
	r->port = 65535;	/* mlx5's devlink port index */
	r->errors = r->recovers = 3;
	r = RS_APPEND(l->health.reporters, l->health.n_reporters);
	RS_STRCPY(r->name, "fw_fatal");
	r->port = -1;
	r->error = 1;
	r->errors = 1;
	l->fec.known = l->fec.has_uncorrectable = 1;
	l->fec.uncorrectable = 12;
	l->xcvr.known = l->xcvr.flags_known = 1;
	fl = RS_APPEND(l->xcvr.flags, l->xcvr.n_flags);
	RS_STRCPY(fl->name, "rx power low");
	fl->lane = 2;
	fl->alarm = 1;
	rs_counter_set_add(&l->ethtool, "tx_pause_storm_error_events", 2);
	rs_ct_run(&s, &f);
	assert_non_null(rs_findings_get(&f, "nic.health_reporter", "ens1f1np1"));
	assert_int_equal(rs_findings_problems(&f, "nic.health_reporter"), 2);
	assert_non_null(strstr(rs_findings_find(&f, NULL, &(struct rs_fkey){
		.id = "nic.health_reporter", .kind = -1, .netdev = "ens1f1np1" })->summary, "tx"));
	/* A port's reporter is pci/BUS/PORT to devlink, the function's pci/BUS. */
	assert_int_equal(remedies_with(&f, "diagnose pci/0000:3b:00.1/65535 reporter tx;"), 1);
	assert_int_equal(remedies_with(&f, "diagnose pci/0000:3b:00.1 reporter fw_fatal;"), 1);
	rs_ct_get(&f, "nic.fec_uncorrectable", "ens1f1np1", RS_WARN);
	assert_non_null(strstr(rs_ct_get(&f, "nic.module_alarm", "ens1f1np1", RS_FAIL)->summary,
			       "rx power low alarm on lane 2"));
	rs_ct_get(&f, "qos.pause_storm", "ens1f1np1", RS_FAIL);
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

/* Flaps are a rise between readings; PFC without its storm guard. */
static void test_flaps_and_guard(void **state)
{
	struct rs_snapshot s;
	struct rs_link *l = nic_host(&s);
	struct rs_series ser;
	struct rs_findings f;
	struct rs_check_ctx ctx = { .snap = &s, .series = &ser };

	rs_series_init(&ser, 0);
	rs_counter_set_add(&l->stats, "carrier_changes", 2);
	l->stats.ts_ns = S;
	rs_series_update(&ser, &s);
	l->stats.items[0].value = 4;
	l->stats.ts_ns = 2 * S;
	rs_series_update(&ser, &s);
	l->dcb.known = 1;
	l->dcb.pfc_en = 0x08;
	l->pfc_prevention_ms = 0;
	rs_findings_init(&f);
	rs_checks_run(&ctx, &f);
	rs_ct_get(&f, "net.link_flaps", "ens1f1np1", RS_WARN);
	assert_non_null(strstr(rs_ct_get(&f, "qos.pause_storm", "ens1f1np1", RS_WARN)->remedy,
			       "pfc-prevention-tout auto"));
	rs_findings_free(&f);
	l->pfc_prevention_ms = 0xffff;
	rs_series_update(&ser, &s);	/* no change: no flap */
	rs_checks_run(&ctx, &f);
	rs_ct_get(&f, "net.link_flaps", "ens1f1np1", RS_PASS);
	rs_ct_get(&f, "qos.pause_storm", "ens1f1np1", RS_PASS);
	rs_findings_free(&f);
	rs_series_free(&ser);
	rs_snapshot_free(&s);
}

static void test_dcqcn(void **state)
{
	struct rs_snapshot s;
	struct rs_link *l = nic_host(&s);
	struct rs_peer_view pv = { .known = 1, .dcqcn_known = 1 };
	struct rs_check_ctx ctx = { .snap = &s, .peer_view = &pv };
	struct rs_findings f;

	rs_ct_run(&s, &f);
	rs_ct_get(&f, "qos.dcqcn", "ens1f1np1", RS_SKIP);
	rs_findings_free(&f);
	l->ecn.known = 1;
	l->ecn.np_en = 0x08;
	l->ecn.rp_en = 0x00;
	l->ecn.cnp_prio = 6;
	l->ecn.cnp_dscp = 48;
	l->dcb.known = 1;
	l->dcb.pfc_en = 0x08;
	pv.np_en = pv.rp_en = 0x08;
	pv.cnp_prio = 6;
	pv.cnp_dscp = 48;
	RS_STRCPY(pv.addr, "10.99.0.2");
	rs_findings_init(&f);
	rs_checks_run(&ctx, &f);
	assert_int_equal(rs_findings_problems(&f, "qos.dcqcn"), 2);	/* rp off, CNP on 6 */
	rs_ct_get(&f, "peer.same_dcqcn", "10.99.0.2", RS_WARN);
	rs_findings_free(&f);
	l->ecn.rp_en = 0x08;
	l->ecn.cnp_prio = 3;
	pv.cnp_prio = 3;
	rs_checks_run(&ctx, &f);
	rs_ct_get(&f, "qos.dcqcn", "ens1f1np1", RS_PASS);
	rs_ct_get(&f, "peer.same_dcqcn", "10.99.0.2", RS_PASS);
	rs_findings_free(&f);
	pv.dcqcn_known = 0;	/* a version 1 peer */
	rs_checks_run(&ctx, &f);
	rs_ct_get(&f, "peer.same_dcqcn", "10.99.0.2", RS_SKIP);
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_psn_err_gone),
		cmocka_unit_test(test_kernel_owner),
		cmocka_unit_test(test_reuse),
		cmocka_unit_test(test_rates),
		cmocka_unit_test(test_numa),
		cmocka_unit_test(test_cpus),
		cmocka_unit_test(test_health),
		cmocka_unit_test(test_flaps_and_guard),
		cmocka_unit_test(test_dcqcn),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
