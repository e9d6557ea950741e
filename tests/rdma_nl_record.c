/* SPDX-License-Identifier: MIT */
/*
 * rdma_nl_record.c - record the RDMA netlink replies the resources
 * collector reads, for its recorded twin and its tests.
 *
 *   rdma_nl_record DIR
 *   rdma_nl_record --parse DIR DEV...
 *   rdma_nl_record --parse-qps DIR DEV...
 *
 * On a host with RDMA devices (the lab's rxe0/rxe1): sends RES_GET (a dump
 * of every device) and per device RES_QP_GET, RES_CM_ID_GET, STAT_GET of
 * the QP counters and of port 1's counter mode, exactly as the collectors
 * do (src/collect/rdma_res.c, rdma_qp.c), writes the raw reply bytes as
 * DIR/rdma-netlink/res.nl, qp-DEV.nl, cm_id-DEV.nl, stat-qp-DEV.nl and
 * stat-mode-DEV.nl - the layout a --root tree's recorded twin reads - with
 * DIR/proc/PID/{comm,status,stat} of every process owning a QP, and
 * prints what the parser made of them, one line per device: "rxe0 qp 3
 * cq 4 mr 2 pd 2 RTS 1 INIT 0 ..."; the QPs go to DIR/qps.txt, one line
 * each: "rxe0 qp 17 RC RTS pid 195 sq_psn 9420612 rq_psn 6611563 cm
 * 10.99.0.1:4791 -> 10.99.0.2:4791 counter 0", with the devices' notes
 * (what could not be read) in DIR/qps.err.
 * Exit 0, 1 on failure (said on stderr), 77 when the kernel has no RDMA
 * netlink.  --parse prints the same lines from replies recorded in DIR
 * (res.nl, qp-DEV.nl) for the devices named, through the collector's
 * recorded twin (tests/test_rdma_res.sh compares them with `rdma`);
 * --parse-qps prints the QP lines instead, notes on stderr.
 */
#include "collect/collect.h"
#include "collect/rdma_qp.h"
#include "collect/rdma_res.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/netlink.h>
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

static void print_qps(const struct rs_device *d, FILE *out, FILE *err)
{
	for (size_t i = 0; i < d->n_qps; i++) {
		const struct rs_qp *q = &d->qps[i];

		fprintf(out, "%s qp %u %s %s pid %u sq_psn %u rq_psn %u", d->name, q->lqpn,
			q->type, rs_qp_state_name(q->state), q->pid, q->sq_psn, q->rq_psn);
		if (q->cm)
			fprintf(out, " cm %s:%u -> %s:%u", q->src_addr, q->src_port, q->dst_addr,
				q->dst_port);
		fprintf(out, " counter %u\n", q->counter_id);
	}
	if (d->qps_note[0])
		fprintf(err, "rdma_nl_record: %s: %s\n", d->name, d->qps_note);
}

/* DIR/qps.txt and DIR/qps.err of a recording. */
static void save_qps(const char *dir, const struct rs_snapshot *s)
{
	char out[4096], err[4096];
	FILE *fo, *fe;

	snprintf(out, sizeof(out), "%s/qps.txt", dir);
	snprintf(err, sizeof(err), "%s/qps.err", dir);
	fo = fopen(out, "w");
	fe = fopen(err, "w");
	for (size_t i = 0; fo && fe && i < s->n_devices; i++)
		print_qps(&s->devices[i], fo, fe);
	if (fo)
		fclose(fo);
	if (fe)
		fclose(fe);
}

/* One more request of d saved as KIND-DEV.nl (an error reply is saved too:
 * what the kernel said is the recording). */
static int record_one(int fd, const char *dir, const struct rs_device *d, long index,
		      const char *kind)
{
	struct rs_nl_reply r;
	struct rs_nl_msg m;
	char name[RS_NAME_LEN + 32];
	int ret;

	if (!strcmp(kind, RS_RDMA_NL_CM)) {
		rs_nl_msg_init(&m, RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_CM_ID_GET),
			       NLM_F_DUMP, NULL, 0);
		rs_nl_put_u32(&m, RDMA_NLDEV_ATTR_DEV_INDEX, (uint32_t)index);
		ret = rs_nl_request(fd, &m, &r);
	} else if (!strcmp(kind, RS_RDMA_NL_STAT)) {
		ret = rs_rdma_nl_stat_dump(fd, (uint32_t)index, &r);
	} else {
		ret = rs_rdma_nl_stat_mode(fd, (uint32_t)index, 1, &r);
	}
	if (!ret) {
		snprintf(name, sizeof(name), "%s-%s.nl", kind, d->name);
		ret = save(dir, name, &r) ? -EIO : 0;
	}
	free(r.buf);
	if (ret < 0)
		fprintf(stderr, "rdma_nl_record: %s: %s: %s\n", d->name, kind, strerror(-ret));
	return ret < 0 ? -1 : 0;
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
	if (ret >= 0)
		rs_rdma_qps_live(fd, d, index, &r);
	free(r.buf);
	if (ret < 0) {
		fprintf(stderr, "rdma_nl_record: %s: RES_QP_GET: %s\n", d->name, strerror(-ret));
		return -1;
	}
	return record_one(fd, dir, d, index, RS_RDMA_NL_CM) |
	       record_one(fd, dir, d, index, RS_RDMA_NL_STAT) |
	       record_one(fd, dir, d, index, RS_RDMA_NL_MODE);
}

/* DIR/proc/PID/NAME: a copy of the live file. */
static void copy_proc(const char *dir, unsigned pid, const char *name)
{
	char src[64], dst[4096], buf[4096];
	FILE *in, *out;
	size_t n;

	snprintf(src, sizeof(src), "/proc/%u/%s", pid, name);
	snprintf(dst, sizeof(dst), "%s/proc/%u/%s", dir, pid, name);
	in = fopen(src, "r");
	out = in ? fopen(dst, "w") : NULL;
	while (out && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, out);
	if (out)
		fclose(out);
	if (in)
		fclose(in);
}

/* The files of the processes owning QPs, for the recorded twin. */
static void record_owners(const char *dir, const struct rs_snapshot *s)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/proc", dir);
	mkdir(path, 0755);
	for (size_t i = 0; i < s->n_procs; i++) {
		snprintf(path, sizeof(path), "%s/proc/%u", dir, s->procs[i].pid);
		mkdir(path, 0755);
		copy_proc(dir, s->procs[i].pid, "comm");
		copy_proc(dir, s->procs[i].pid, "status");
		copy_proc(dir, s->procs[i].pid, "stat");
	}
}

/* The recorded twin on DIR as a root, for devices named on the command line. */
static int parse_recorded(const char *dir, int n, char **names, int qps)
{
	struct rs_snapshot s;

	rs_snapshot_init(&s);
	for (int i = 0; i < n; i++)
		RS_STRCPY(RS_APPEND(s.devices, s.n_devices)->name, names[i]);
	rs_root_set(dir);
	rs_collect_rdma_res_recorded(&s);
	rs_collect_qp_owners(&s);
	for (size_t i = 0; i < s.n_devices; i++) {
		if (qps) {
			print_qps(&s.devices[i], stdout, stderr);
			continue;
		}
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
		return parse_recorded(argv[2], argc - 3, argv + 3, 0);
	if (argc >= 4 && !strcmp(argv[1], "--parse-qps"))
		return parse_recorded(argv[2], argc - 3, argv + 3, 1);
	if (argc != 2) {
		fprintf(stderr, "usage: rdma_nl_record DIR | --parse[-qps] DIR DEV...\n");
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
	rs_collect_qp_owners(&s);
	record_owners(argv[1], &s);
	save_qps(argv[1], &s);
out:
	free(r.buf);
	free(idx);
	rs_snapshot_free(&s);
	close(fd);
	return ret;
}
