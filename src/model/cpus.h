/* SPDX-License-Identifier: MIT */
/*
 * cpus.h - sets of CPU numbers as the kernel writes them in a cpulist
 * ("0-3,8,10-11": local_cpulist, Cpus_allowed_list, smp_affinity_list,
 * a NUMA node's cpulist), and the NUMA node a CPU belongs to.  For the
 * locality check and the views.  Pure.
 */
#ifndef RS_CPUS_H
#define RS_CPUS_H

#include <stdint.h>

#include "snapshot.h"

#define RS_CPUS_MAX 8192	/* the kernel's NR_CPUS limit on x86-64 */

struct rs_cpus {
	uint64_t bits[RS_CPUS_MAX / 64];
	unsigned count;
};

/* 0, or -EINVAL for text that is not a cpulist (or names a CPU past
 * RS_CPUS_MAX, or ends in a cut value's ellipsis). */
int rs_cpus_parse(struct rs_cpus *c, const char *list);
int rs_cpus_has(const struct rs_cpus *c, unsigned cpu);
/* How many CPUs of a are also in b. */
unsigned rs_cpus_common(const struct rs_cpus *a, const struct rs_cpus *b);
/* The NUMA node of cpu on host h, or -1 when no node lists it. */
int rs_cpu_node(const struct rs_host *h, unsigned cpu);

#endif
