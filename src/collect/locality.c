/* SPDX-License-Identifier: MIT */
/*
 * locality.c - who owns the queue pairs and where things run: the command
 * of each QP's process, the CPUs each such process may use and last ran
 * on, the NUMA node and local CPUs of each device's PCI function, its
 * interrupts and where they are steered, and the host's NUMA nodes.
 *
 *   /proc/PID/comm                      the command (`rdma resource` reads it too)
 *   /proc/PID/status Cpus_allowed_list  where the scheduler may put it
 *   /proc/PID/stat field 39             the CPU it last ran on
 *   /sys/class/infiniband/DEV/device/numa_node, local_cpulist
 *   /sys/class/infiniband/DEV/device/msi_irqs/N   its interrupts
 *   /proc/interrupts                    their action names and counts
 *   /proc/irq/N/smp_affinity_list, effective_affinity_list
 *   /sys/devices/system/node/nodeN/cpulist
 *
 * All files, through the root: a recorded host carries them as it carries
 * sysfs.  A process that ended between the QP dump and these reads has no
 * comm and no process entry: nothing is guessed for it.
 */
#include "collect/collect.h"
#include "collect/producer.h"
#include "collect/sysfs_files.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RS_IRQS_MAX 1024	/* msi_irqs of one function we look at */

/* /proc/PID/NAME under the root, never blocking. */
static FILE *open_proc(unsigned pid, const char *name)
{
	char full[4096];

	if (rs_path(full, sizeof(full), "/proc/%u/%s", pid, name))
		return NULL;
	return rs_fopen_read(full);
}

/* "Cpus_allowed_list:\t0-15" of /proc/PID/status. */
static void read_allowed(struct rs_proc *p)
{
	FILE *f = open_proc(p->pid, "status");
	char line[512];

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		const char *v;

		if (strncmp(line, "Cpus_allowed_list:", 18))
			continue;
		for (v = line + 18; *v == ' ' || *v == '\t'; v++)
			;
		/* A list longer than the field is kept cut, with its ellipsis. */
		RS_STRCPY_CUT(p->cpus_allowed, v);
		rs_rtrim(p->cpus_allowed);
		break;
	}
	fclose(f);
}

/* Field 39 of /proc/PID/stat, counted after the ")" that ends comm. */
static void read_cpu(struct rs_proc *p)
{
	FILE *f = open_proc(p->pid, "stat");
	char line[2048], *s, *end;
	int field = 2;

	p->cpu = -1;
	if (!f)
		return;
	if (!fgets(line, sizeof(line), f) || !(s = strrchr(line, ')'))) {
		fclose(f);
		return;
	}
	fclose(f);
	for (s++; *s && field < 39; field++) {
		while (*s == ' ')
			s++;
		if (field == 38)
			break;
		while (*s && *s != ' ')
			s++;
	}
	if (field == 38 && isdigit((unsigned char)*s)) {
		long v = strtol(s, &end, 10);

		if ((*end == ' ' || *end == '\n' || !*end) && v >= 0 && v < 1 << 20)
			p->cpu = (int)v;
	}
}

static struct rs_proc *find_proc(struct rs_snapshot *s, unsigned pid)
{
	for (size_t i = 0; i < s->n_procs; i++)
		if (s->procs[i].pid == pid)
			return &s->procs[i];
	return NULL;
}

static void add_owner(struct rs_snapshot *s, struct rs_qp *q)
{
	struct rs_proc *p = find_proc(s, q->pid);
	char comm[RS_NAME_LEN];

	if (p) {
		RS_STRCPY(q->comm, p->comm);
		return;
	}
	if (rs_read_str(comm, sizeof(comm), "/proc/%u/comm", q->pid) == -ENOENT)
		return;		/* it ended meanwhile */
	RS_STRCPY(q->comm, comm);
	p = RS_APPEND(s->procs, s->n_procs);
	p->pid = q->pid;
	RS_STRCPY(p->comm, comm);
	read_allowed(p);
	read_cpu(p);
}

int rs_collect_qp_owners(struct rs_snapshot *s)
{
	free(s->procs);
	s->procs = NULL;
	s->n_procs = 0;
	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t i = 0; i < s->devices[d].n_qps; i++) {
			struct rs_qp *q = &s->devices[d].qps[i];

			if (!q->kernel && q->pid)
				add_owner(s, q);
		}
	return 0;
}

/* ----------------------------------------------------------- devices */

static int irq_cmp(const void *a, const void *b)
{
	const struct rs_irq *x = a, *y = b;

	return x->irq < y->irq ? -1 : x->irq > y->irq;
}

/* The action name (last field) and total count from one /proc/interrupts
 * line of one of d's IRQs (d->irqs sorted by number). */
static void irq_line(struct rs_device *d, char *line)
{
	struct rs_irq key, *irq;
	char *p, *end, *name;
	unsigned long n = strtoul(line, &end, 10);

	if (end == line || *end != ':' || n > UINT32_MAX)
		return;
	key.irq = (unsigned)n;
	irq = bsearch(&key, d->irqs, d->n_irqs, sizeof(*irq), irq_cmp);
	if (!irq)
		return;
	for (p = end + 1; ; ) {
		uint64_t v = strtoull(p, &end, 10);

		if (end == p || (*end != ' ' && *end != '\n'))
			break;
		irq->count += v;
		p = end;
	}
	rs_rtrim(line);
	name = strrchr(line, ' ');
	RS_STRCPY_CUT(irq->name, name ? name + 1 : "");
}

/* /proc/interrupts read once for all of d's IRQs: a host has thousands of
 * lines, as long as it has CPUs. */
static void irq_names(struct rs_device *d)
{
	char full[4096], *line = NULL;
	size_t cap = 0;
	FILE *f;

	if (!d->n_irqs || rs_path(full, sizeof(full), "/proc/interrupts"))
		return;
	f = rs_fopen_read(full);
	if (!f)
		return;
	qsort(d->irqs, d->n_irqs, sizeof(*d->irqs), irq_cmp);
	while (getline(&line, &cap, f) > 0)
		irq_line(d, line);
	free(line);
	fclose(f);
}

static void read_irqs(struct rs_device *d)
{
	char **names = NULL;
	int n = rs_list_dir(&names, "/sys/class/infiniband/%s/device/msi_irqs", d->name);

	for (int i = 0; i < n && d->n_irqs < RS_IRQS_MAX; i++) {
		uint64_t num;
		struct rs_irq *irq;

		if (rs_parse_u64(names[i], &num) || num > UINT32_MAX)
			continue;
		irq = RS_APPEND(d->irqs, d->n_irqs);
		irq->irq = (unsigned)num;
		rs_read_str(irq->affinity, sizeof(irq->affinity), "/proc/irq/%u/smp_affinity_list",
			    irq->irq);
		rs_read_str(irq->effective, sizeof(irq->effective),
			    "/proc/irq/%u/effective_affinity_list", irq->irq);
	}
	rs_strv_free(names);
	irq_names(d);
}

static void locality_item(struct rs_snapshot *s, struct rs_collect_step *st, size_t i)
{
	struct rs_device *d = &s->devices[i];
	char v[32];
	long node;

	free(d->irqs);
	d->irqs = NULL;
	d->n_irqs = 0;
	d->numa_node = -1;
	d->local_cpus[0] = '\0';
	/* numa_node is "-1" without NUMA: signed, so not rs_read_u64. */
	if (!rs_read_str(v, sizeof(v), "/sys/class/infiniband/%s/device/numa_node", d->name)) {
		char *end;

		node = strtol(v, &end, 10);
		if (end != v && !*end && node >= 0 && node < 1 << 16)
			d->numa_node = (int)node;
	}
	rs_read_str(d->local_cpus, sizeof(d->local_cpus),
		    "/sys/class/infiniband/%s/device/local_cpulist", d->name);
	read_irqs(d);
}

int rs_collect_rdma_locality_step(struct rs_snapshot *s, struct rs_collect_step *st)
{
	st->listed = 1;
	st->total = s->n_devices;
	return rs_collect_items(s, st, locality_item);
}

int rs_collect_rdma_locality(struct rs_snapshot *s)
{
	rs_collect_at_once(s, rs_collect_rdma_locality_step);
	return 0;
}

int rs_collect_numa(struct rs_snapshot *s)
{
	char **names = NULL;
	int n = rs_list_dir(&names, "/sys/devices/system/node");

	for (int i = 0; i < n; i++) {
		struct rs_numa_node *nn;
		uint64_t node;

		if (strncmp(names[i], "node", 4) || rs_parse_u64(names[i] + 4, &node) ||
		    node > 65535)
			continue;
		nn = RS_APPEND(s->host.numa, s->host.n_numa);
		nn->node = (unsigned)node;
		rs_read_str(nn->cpus, sizeof(nn->cpus), "/sys/devices/system/node/%s/cpulist",
			    names[i]);
	}
	rs_strv_free(names);
	return 0;
}

/* ------------------------------------------------------------ producers */

static int locality_collect(struct rs_producer *p, struct rs_session *s,
			    struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_rdma_locality(snap);
}

static int locality_collect_step(struct rs_producer *p, struct rs_session *s,
				 struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_rdma_locality_step(snap, st);
}

const struct rs_producer_ops rs_rdma_locality_producer = {
	.name = "rdma-locality", .area = RS_AREA_RDMA, .collect = locality_collect,
	.collect_step = locality_collect_step, .what = "devices",
};
