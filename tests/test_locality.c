/* SPDX-License-Identifier: MIT */
/*
 * test_locality.c - the locality files of src/collect/locality.c read
 * through a root: each device's NUMA node, local CPUs and interrupts (the
 * action names and counts from one /proc/interrupts, the affinity lists
 * of /proc/irq/N), the owners of QPs from /proc/PID, and the same read in
 * steps as the session's slices do.  A device with none of the files
 * stays unknown (-1, no IRQs), never guessed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "collect/collect.h"
#include "util.h"

static char root[] = "/tmp/rs-locality-XXXXXX";

static void put(const char *rel, const char *text)
{
	char path[4096], cmd[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", path);
	assert_int_equal(system(cmd), 0);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* rxe0 on node 1 with IRQs 7, 12 and 130 (listed out of numeric order
 * by the directory); mlx5_9 has no files at all. */
static int setup(void **state)
{
	(void)state;
	assert_non_null(mkdtemp(root));
	put("sys/class/infiniband/rxe0/device/numa_node", "1\n");
	put("sys/class/infiniband/rxe0/device/local_cpulist", "8-15\n");
	put("sys/class/infiniband/rxe0/device/msi_irqs/130", "msix\n");
	put("sys/class/infiniband/rxe0/device/msi_irqs/12", "msix\n");
	put("sys/class/infiniband/rxe0/device/msi_irqs/7", "msix\n");
	put("sys/class/infiniband/rxe0/device/msi_irqs/junk", "msix\n");
	put("proc/interrupts",
	    "            CPU0       CPU1       CPU2\n"
	    "   1:          9          0          0   IO-APIC    1-edge      i8042\n"
	    "   7:         10         20         30  PCI-MSIX-0000:3b:00.0    0-edge      mlx5_async0@pci:0000:3b:00.0\n"
	    "  12:          1          2          3  PCI-MSIX-0000:3b:00.0    1-edge      mlx5_comp0@pci:0000:3b:00.0\n"
	    " 130:        100          0          0  PCI-MSIX-0000:3b:00.0    2-edge      mlx5_comp1@pci:0000:3b:00.0\n"
	    " NMI:          0          0          0   Non-maskable interrupts\n");
	put("proc/irq/12/smp_affinity_list", "0-3\n");
	put("proc/irq/12/effective_affinity_list", "2\n");
	put("proc/irq/130/smp_affinity_list", "8\n");
	put("proc/4242/comm", "ib_write_bw\n");
	put("proc/4242/status", "Name:\tib_write_bw\nCpus_allowed_list:\t0-7\n");
	/* Field 39 (processor) is 5; the comm has a space and a ')'. */
	put("proc/4242/stat", "4242 (ib) write) S 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 5 0 0 0\n");
	rs_root_set(root);
	return 0;
}

static int teardown(void **state)
{
	char cmd[4200];

	(void)state;
	rs_root_set(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	assert_int_equal(system(cmd), 0);
	return 0;
}

static void two_devices(struct rs_snapshot *s)
{
	rs_snapshot_init(s);
	rs_device_init(RS_APPEND(s->devices, s->n_devices));
	RS_STRCPY(s->devices[0].name, "rxe0");
	rs_device_init(RS_APPEND(s->devices, s->n_devices));
	RS_STRCPY(s->devices[1].name, "mlx5_9");
}

static void assert_rxe0(const struct rs_device *d)
{
	assert_int_equal(d->numa_node, 1);
	assert_string_equal(d->local_cpus, "8-15");
	assert_int_equal(d->n_irqs, 3);
	assert_int_equal(d->irqs[0].irq, 7);
	assert_int_equal(d->irqs[0].count, 60);
	assert_string_equal(d->irqs[0].name, "mlx5_async0@pci:0000:3b:00.0");
	assert_string_equal(d->irqs[0].affinity, "");
	assert_int_equal(d->irqs[1].irq, 12);
	assert_int_equal(d->irqs[1].count, 6);
	assert_string_equal(d->irqs[1].affinity, "0-3");
	assert_string_equal(d->irqs[1].effective, "2");
	assert_int_equal(d->irqs[2].irq, 130);
	assert_int_equal(d->irqs[2].count, 100);
	assert_string_equal(d->irqs[2].name, "mlx5_comp1@pci:0000:3b:00.0");
	assert_string_equal(d->irqs[2].affinity, "8");
}

static void test_devices(void **state)
{
	struct rs_snapshot s;

	(void)state;
	two_devices(&s);
	assert_int_equal(rs_collect_rdma_locality(&s), 0);
	assert_rxe0(&s.devices[0]);
	assert_int_equal(s.devices[1].numa_node, -1);
	assert_string_equal(s.devices[1].local_cpus, "");
	assert_int_equal(s.devices[1].n_irqs, 0);
	/* Read again: the same, nothing doubled. */
	assert_int_equal(rs_collect_rdma_locality(&s), 0);
	assert_rxe0(&s.devices[0]);
	rs_snapshot_free(&s);
}

/* One device a step, whatever the clock: the slices' way. */
static void test_steps(void **state)
{
	struct rs_collect_step st = { .until_ns = 0 };
	struct rs_snapshot s;

	(void)state;
	two_devices(&s);
	assert_int_equal(rs_collect_rdma_locality_step(&s, &st), 0);
	assert_int_equal(st.at, 1);
	assert_int_equal(st.total, 2);
	assert_rxe0(&s.devices[0]);
	assert_int_equal(rs_collect_rdma_locality_step(&s, &st), 1);
	assert_int_equal(s.devices[1].numa_node, -1);
	rs_snapshot_free(&s);
}

static void test_owners(void **state)
{
	struct rs_snapshot s;
	struct rs_qp *q;

	(void)state;
	two_devices(&s);
	q = RS_APPEND(s.devices[0].qps, s.devices[0].n_qps);
	q->pid = 4242;
	q = RS_APPEND(s.devices[0].qps, s.devices[0].n_qps);
	q->pid = 4242;
	q = RS_APPEND(s.devices[0].qps, s.devices[0].n_qps);
	q->pid = 999999;	/* ended before its files were read */
	assert_int_equal(rs_collect_qp_owners(&s), 0);
	assert_int_equal(s.n_procs, 1);
	assert_int_equal(s.procs[0].pid, 4242);
	assert_string_equal(s.procs[0].comm, "ib_write_bw");
	assert_string_equal(s.procs[0].cpus_allowed, "0-7");
	assert_int_equal(s.procs[0].cpu, 5);
	assert_string_equal(s.devices[0].qps[1].comm, "ib_write_bw");
	assert_string_equal(s.devices[0].qps[2].comm, "");
	rs_snapshot_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_devices),
		cmocka_unit_test(test_steps),
		cmocka_unit_test(test_owners),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
