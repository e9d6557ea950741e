/* SPDX-License-Identifier: MIT */
/*
 * bench_collect.c - direct driver of the RDMA collector for `make bench`.
 *
 *   bench_collect --table ROOT     one collection, printed in the columns of
 *                                  show_gids (DEV PORT INDEX GID IPv4 VER DEV),
 *                                  so bench.sh can diff it with the reference
 *   bench_collect --loop N ROOT    N full collections and N counter ticks,
 *                                  timed inside the process (no exec cost)
 */
#include "collect/collect.h"
#include "snapshot.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t print_table(const struct rs_snapshot *s)
{
	size_t n = 0;

	printf("DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n");
	printf("---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---\n");
	for (size_t i = 0; i < s->n_devices; i++) {
		const struct rs_device *d = &s->devices[i];

		for (size_t j = 0; j < d->n_ports; j++) {
			const struct rs_port *p = &d->ports[j];

			for (size_t k = 0; k < p->n_gids; k++, n++) {
				const struct rs_gid *g = &p->gids[k];
				const char *ver = g->type == RS_GID_TYPE_ROCE_V1 ? "v1" :
						  g->type == RS_GID_TYPE_ROCE_V2 ? "v2" : "";

				printf("%s\t%u\t%u\t%s\t%-15s\t%s\t%s\n", d->name, p->num,
				       g->index, g->gid, g->ipv4 ? g->ip : "", ver, g->netdev);
			}
		}
	}
	printf("n_gids_found=%zu\n", n);
	return n;
}

static int loop(const char *root, int n)
{
	uint64_t t0, full = 0, tick = 0;
	struct rs_snapshot s;

	rs_snapshot_init(&s);
	for (int i = 0; i < n; i++) {
		t0 = rs_now_ns();
		rs_collect_rdma(&s);
		full += rs_now_ns() - t0;
		t0 = rs_now_ns();
		rs_collect_rdma_counters(&s);
		tick += rs_now_ns() - t0;
	}
	printf("root %s: %zu devices, %zu errors\n", root, s.n_devices, s.n_errors);
	printf("rs_collect_rdma          mean %8.3f ms over %d runs\n", full / 1e6 / n, n);
	printf("rs_collect_rdma_counters mean %8.3f ms over %d runs\n", tick / 1e6 / n, n);
	rs_snapshot_free(&s);
	return 0;
}

int main(int argc, char **argv)
{
	struct rs_snapshot s;

	if (argc == 3 && !strcmp(argv[1], "--table")) {
		rs_root_set(argv[2]);
		rs_snapshot_init(&s);
		rs_collect_rdma(&s);
		print_table(&s);
		for (size_t i = 0; i < s.n_errors; i++)
			fprintf(stderr, "error: %s %s: %s\n", s.errors[i].source,
				s.errors[i].object, s.errors[i].message);
		rs_snapshot_free(&s);
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "--loop") && atoi(argv[2]) > 0) {
		rs_root_set(argv[3]);
		return loop(argv[3], atoi(argv[2]));
	}
	fprintf(stderr, "usage: %s --table ROOT | --loop N ROOT\n", argv[0]);
	return 2;
}
