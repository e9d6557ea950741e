/* SPDX-License-Identifier: MIT */
/*
 * rdma_nl_record.c - record the RDMA netlink replies the resources
 * collector reads, for its recorded twin and its tests.
 *
 *   rdma_nl_record DIR
 *   rdma_nl_record --parse DIR DEV...
 *
 * On a host with RDMA devices (the lab's rxe0/rxe1): sends RES_GET (a dump
 * of every device) and RES_QP_GET per device, exactly as the collector
 * does (src/collect/rdma_res.c), writes the raw reply bytes as
 * DIR/rdma-netlink/res.nl and DIR/rdma-netlink/qp-DEV.nl - the layout a
 * --root tree's recorded twin reads - and prints what the parser made of
 * them, one line per device: "rxe0 qp 3 cq 4 mr 2 pd 2 RTS 1 INIT 0 ...".
 * Exit 0, 1 on failure (said on stderr), 77 when the kernel has no RDMA
 * netlink.  --parse prints the same lines from replies recorded in DIR
 * (res.nl, qp-DEV.nl) for the devices named, through the collector's
 * recorded twin (tests/test_rdma_res.sh compares them with `rdma`).
 */
#include "collect/collect.h"
#include "collect/rdma_res.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <rdma/rdma_netlink.h>

static int save(const char *dir, const char *name, const struct rs_nl_reply *r)
{
	char path[4096];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s%s/%s", dir, RS_RDMA_NL_DIR, name);
	f = fopen(path, "wb");
	if (!f) {
		fprintf(stderr, "rdma_nl_record: %s: %s\n", path, strerror(errno));
		return -1;
	}
	ok = fwrite(r->buf, 1, r->len, f) == r->len;
	ok = !fclose(f) && ok;
	if (!ok)
		fprintf(stderr, "rdma_nl_record: %s: write failed\n", path);
	return ok ? 0 : -1;
}

static void print_res(const struct rs_device *d)
{
	const struct rs_rdma_res *r = &d->res;

	printf("%s qp %llu cq %llu mr %llu pd %llu", d->name, (unsigned long long)r->qp,
	       (unsigned long long)r->cq, (unsigned long long)r->mr, (unsigned long long)r->pd);
	for (int st = 0; st < RS_QP_STATES; st++)
		printf(" %s %u", rs_qp_state_name(st), rs_rdma_res_qps_in(r, st));
	printf("\n");
}

static int record_qps(int fd, const char *dir, struct rs_device *d, long index)
{
	struct rs_nl_reply r;
	char name[RS_NAME_LEN + 16];
	int ret = rs_rdma_nl_dump(fd, RDMA_NLDEV_CMD_RES_QP_GET, index, &r);

	if (!ret) {
		snprintf(name, sizeof(name), "qp-%s.nl", d->name);
		ret = save(dir, name, &r) ? -EIO : rs_rdma_res_parse_qps(r.buf, r.len, &d->res);
	}
	free(r.buf);
	if (ret < 0)
		fprintf(stderr, "rdma_nl_record: %s: RES_QP_GET: %s\n", d->name, strerror(-ret));
	return ret < 0 ? -1 : 0;
}

/* The recorded twin on DIR as a root, for devices named on the command line. */
static int parse_recorded(const char *dir, int n, char **names)
{
	struct rs_snapshot s;

	rs_snapshot_init(&s);
	for (int i = 0; i < n; i++)
		RS_STRCPY(RS_APPEND(s.devices, s.n_devices)->name, names[i]);
	rs_root_set(dir);
	rs_collect_rdma_res_recorded(&s);
	for (size_t i = 0; i < s.n_devices; i++) {
		if (!s.devices[i].res.known)
			fprintf(stderr, "rdma_nl_record: %s: %s\n", s.devices[i].name,
				s.devices[i].res.error);
		print_res(&s.devices[i]);
	}
	rs_snapshot_free(&s);
	return 0;
}

int main(int argc, char **argv)
{
	struct rs_snapshot s;
	struct rs_nl_reply r = { NULL, 0 };
	char path[4096];
	long *idx = NULL;
	int fd, ret = 1;

	if (argc >= 4 && !strcmp(argv[1], "--parse"))
		return parse_recorded(argv[2], argc - 3, argv + 3);
	if (argc != 2) {
		fprintf(stderr, "usage: rdma_nl_record DIR | --parse DIR DEV...\n");
		return 2;
	}
	snprintf(path, sizeof(path), "%s%s", argv[1], RS_RDMA_NL_DIR);
	if (mkdir(path, 0755) && errno != EEXIST) {
		fprintf(stderr, "rdma_nl_record: %s: %s\n", path, strerror(errno));
		return 1;
	}
	fd = rs_rdma_nl_open();
	if (fd < 0) {
		fprintf(stderr, "rdma_nl_record: RDMA netlink: %s\n", strerror(-fd));
		return fd == -EPROTONOSUPPORT ? 77 : 1;
	}
	rs_snapshot_init(&s);
	rs_collect_rdma(&s);	/* the devices sysfs shows, to match by name */
	idx = rs_xcalloc(s.n_devices + 1, sizeof(*idx));
	if (rs_rdma_nl_dump(fd, RDMA_NLDEV_CMD_RES_GET, -1, &r) || save(argv[1], "res.nl", &r) ||
	    rs_rdma_res_parse_summary(r.buf, r.len, &s, idx) < 0) {
		fprintf(stderr, "rdma_nl_record: RES_GET failed\n");
		goto out;
	}
	ret = 0;
	for (size_t i = 0; i < s.n_devices; i++) {
		if (idx[i] < 0 || record_qps(fd, argv[1], &s.devices[i], idx[i]))
			ret = 1;
		print_res(&s.devices[i]);
	}
out:
	free(r.buf);
	free(idx);
	rs_snapshot_free(&s);
	close(fd);
	return ret;
}
