/* SPDX-License-Identifier: MIT */
/* cpus.c - cpulist parsing and the NUMA node of a CPU (cpus.h). */
#include "model/cpus.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int number(const char **p, unsigned long *v)
{
	char *end;

	if (!isdigit((unsigned char)**p))
		return -EINVAL;
	*v = strtoul(*p, &end, 10);
	*p = end;
	return *v < RS_CPUS_MAX ? 0 : -EINVAL;
}

int rs_cpus_parse(struct rs_cpus *c, const char *list)
{
	const char *p = list;

	memset(c, 0, sizeof(*c));
	while (*p == ' ')
		p++;
	if (!*p)
		return -EINVAL;
	while (*p && *p != '\n') {
		unsigned long lo, hi;

		if (number(&p, &lo))
			return -EINVAL;
		hi = lo;
		if (*p == '-') {
			p++;
			if (number(&p, &hi) || hi < lo)
				return -EINVAL;
		}
		for (unsigned long cpu = lo; cpu <= hi; cpu++)
			if (!rs_cpus_has(c, (unsigned)cpu)) {
				c->bits[cpu / 64] |= 1ull << (cpu % 64);
				c->count++;
			}
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return -EINVAL;
	}
	return 0;
}

int rs_cpus_has(const struct rs_cpus *c, unsigned cpu)
{
	return cpu < RS_CPUS_MAX && (c->bits[cpu / 64] >> (cpu % 64) & 1);
}

unsigned rs_cpus_common(const struct rs_cpus *a, const struct rs_cpus *b)
{
	unsigned n = 0;

	for (unsigned i = 0; i < RS_CPUS_MAX / 64; i++)
		n += (unsigned)__builtin_popcountll(a->bits[i] & b->bits[i]);
	return n;
}

int rs_cpu_node(const struct rs_host *h, unsigned cpu)
{
	for (size_t i = 0; i < h->n_numa; i++) {
		struct rs_cpus c;

		if (!rs_cpus_parse(&c, h->numa[i].cpus) && rs_cpus_has(&c, cpu))
			return (int)h->numa[i].node;
	}
	return -1;
}
