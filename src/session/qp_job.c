/* SPDX-License-Identifier: MIT */
/*
 * qp_job.c - the QP poller of qp_job.h: a table of followed QPs updated
 * after every reading of the session, and the counters it bound.
 *
 * Times: a reading's time is the snapshot's own (its newest counter
 * reading, so the demo's exact one-second ticks and a replay's recorded
 * pace give exact stall times), else the monotonic clock.  Its wall clock
 * is this machine's for the live host and a fixture root; for a saved
 * snapshot, the demo and a replay it is the snapshot's taken_at plus the
 * time since the first reading, so "ERR since" is the recorded host's.
 */
#include "collect/collect.h"
#include "collect/rdma_qp.h"
#include "session/qp_job.h"
#include "session/session.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <rdma/rdma_netlink.h>

#define RS_QP_BIND_MAX 64

struct rs_session_qps {
	struct rs_qp_table table;
	uint64_t first_ns;
	time_t first_wall;
	struct rs_qp_binding bound[RS_QP_BIND_MAX];
	size_t n_bound;
};

/* taken_at ("2026-11-29T15:30:00Z") as a time_t, 0 when absent. */
static struct rs_session_qps *qps(const struct rs_session *s)
{
	return rs_session_job_priv(s, &rs_qp_job);
}

static time_t taken_at(const struct rs_snapshot *snap)
{
	struct tm tm;
	const char *end;

	memset(&tm, 0, sizeof(tm));
	end = strptime(snap->taken_at, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return end && !*end ? timegm(&tm) : 0;
}

static void take_reading(struct rs_session *s)
{
	struct rs_session_qps *j = qps(s);
	uint64_t ns = rs_qp_reading_ns(&s->snap);
	time_t wall;

	if (!ns)
		ns = rs_now_ns();
	if (!j->table.readings) {
		j->first_ns = ns;
		j->first_wall = rs_session_reads_host(s) ? 0 : taken_at(&s->snap);
	}
	if (rs_session_reads_host(s))
		wall = time(NULL);
	else
		wall = j->first_wall ? j->first_wall + (time_t)((ns - j->first_ns) / 1000000000ull)
				     : 0;
	rs_qp_table_update(&j->table, &s->snap, &s->series, ns, wall);
}

const struct rs_qp_table *rs_session_qps(const struct rs_session *s)
{
	const struct rs_session_qps *j = qps(s);

	return j && j->table.readings ? &j->table : NULL;
}

const struct rs_qp_binding *rs_session_qp_bindings(const struct rs_session *s, size_t *n)
{
	const struct rs_session_qps *j = qps(s);

	*n = j ? j->n_bound : 0;
	return j ? j->bound : NULL;
}

/* The kernel's index of device name (RES_GET names them all). */
static int dev_index(int fd, const char *name, uint32_t *index)
{
	struct rs_snapshot one;
	struct rs_nl_reply r;
	long idx = -1;
	int ret;

	rs_snapshot_init(&one);
	RS_STRCPY(RS_APPEND(one.devices, one.n_devices)->name, name);
	ret = rs_rdma_nl_dump(fd, RDMA_NLDEV_CMD_RES_GET, -1, &r);
	if (!ret)
		ret = rs_rdma_res_parse_summary(r.buf, r.len, &one, &idx);
	free(r.buf);
	rs_snapshot_free(&one);
	if (ret < 0)
		return ret;
	if (idx < 0)
		return -ENODEV;
	*index = (uint32_t)idx;
	return 0;
}

static const struct rs_qp *find_qp(const struct rs_session *s, const char *dev, unsigned lqpn)
{
	for (size_t d = 0; d < s->snap.n_devices; d++) {
		const struct rs_device *devp = &s->snap.devices[d];

		if (strcmp(devp->name, dev))
			continue;
		for (size_t i = 0; i < devp->n_qps; i++)
			if (devp->qps[i].lqpn == lqpn)
				return &devp->qps[i];
	}
	return NULL;
}

/* Why a bind failed, in the words an engineer needs. */
static void bind_failed(char *msg, size_t len, const char *dev, unsigned lqpn, int err)
{
	if (err == -EPERM || err == -EACCES)
		snprintf(msg, len, "binding a counter to %s QP %u needs CAP_NET_ADMIN (%s): "
			 "run as root, or `rdma statistic qp bind link %s/PORT lqpn %u`",
			 dev, lqpn, rs_strerror(err), dev, lqpn);
	else if (err == -EOPNOTSUPP || err == -ENOMEM)
		/* rxe on 6.1 answers ENOMEM: it has no counter_alloc_stats. */
		snprintf(msg, len, "%s cannot count per QP (the kernel answered %s): its "
			 "port counters stand in for the QP", dev, rs_strerror(err));
	else
		snprintf(msg, len, "binding a counter to %s QP %u failed: %s", dev, lqpn,
			 rs_strerror(err));
}

static int check_bindable(struct rs_session *s, const char *dev, unsigned lqpn,
			  const struct rs_qp **q, char *msg, size_t len)
{
	if (rs_session_is_recorded(s)) {
		snprintf(msg, len, "binding a counter needs the live host (this is %s)", s->label);
		return -EOPNOTSUPP;
	}
	if (!qps(s)) {
		snprintf(msg, len, "no QP view in this session");
		return -EINVAL;
	}
	*q = find_qp(s, dev, lqpn);
	if (!*q) {
		snprintf(msg, len, "%s has no QP %u now", dev, lqpn);
		return -ENOENT;
	}
	if ((*q)->counter_id) {
		snprintf(msg, len, "%s QP %u already has counter %u", dev, lqpn, (*q)->counter_id);
		return -EEXIST;
	}
	if (qps(s)->n_bound == RS_QP_BIND_MAX) {
		snprintf(msg, len, "already %d counters bound by this session", RS_QP_BIND_MAX);
		return -ENOSPC;
	}
	return 0;
}

int rs_session_qp_bind(struct rs_session *s, const char *dev, unsigned lqpn, char *msg,
		       size_t len)
{
	const struct rs_qp *q = NULL;
	struct rs_qp_binding *b;
	uint32_t index, id = 0;
	int fd, ret = check_bindable(s, dev, lqpn, &q, msg, len);
	unsigned port;

	if (ret)
		return ret;
	port = q->port ? q->port : 1;
	fd = rs_rdma_nl_open();
	if (fd < 0) {
		bind_failed(msg, len, dev, lqpn, fd);
		return fd;
	}
	ret = dev_index(fd, dev, &index);
	if (!ret)
		ret = rs_rdma_stat_bind(fd, index, port, lqpn, &id);
	close(fd);
	if (ret) {
		bind_failed(msg, len, dev, lqpn, ret);
		rs_job_log(rs_session_job(s, &rs_qp_job), "%s", msg);
		return ret;
	}
	b = &qps(s)->bound[qps(s)->n_bound++];
	RS_STRCPY(b->device, dev);
	b->port = port;
	b->lqpn = lqpn;
	b->counter_id = id;
	b->at_ns = rs_now_ns();
	snprintf(msg, len, "bound counter %u to %s QP %u (manual mode, port %u); it is "
		 "taken off when rocescope ends", id, dev, lqpn, port);
	rs_job_log(rs_session_job(s, &rs_qp_job), "%s", msg);
	return 0;
}

static int unbind_one(struct rs_session *s, size_t i, char *msg, size_t len)
{
	struct rs_session_qps *j = qps(s);
	struct rs_qp_binding b = j->bound[i];
	uint32_t index;
	int fd = rs_rdma_nl_open(), ret = fd < 0 ? fd : dev_index(fd, b.device, &index);

	if (!ret)
		ret = rs_rdma_stat_unbind(fd, index, b.port, b.lqpn, b.counter_id);
	if (fd >= 0)
		close(fd);
	/* A QP that ended took its binding with it: nothing left to undo. */
	if (ret == -ENOENT || ret == -ENODEV || ret == -EINVAL)
		ret = 0;
	memmove(&j->bound[i], &j->bound[i + 1], (j->n_bound - i - 1) * sizeof(b));
	j->n_bound--;
	if (ret)
		snprintf(msg, len, "taking counter %u off %s QP %u failed: %s (undo by hand: "
			 "rdma statistic qp unbind link %s/%u cntn %u lqpn %u)", b.counter_id,
			 b.device, b.lqpn, rs_strerror(ret), b.device, b.port, b.counter_id, b.lqpn);
	else
		snprintf(msg, len, "took counter %u off %s QP %u", b.counter_id, b.device, b.lqpn);
	rs_job_log(rs_session_job(s, &rs_qp_job), "%s", msg);
	return ret;
}

int rs_session_qp_unbind(struct rs_session *s, const char *dev, unsigned lqpn, char *msg,
			 size_t len)
{
	const struct rs_session_qps *j = qps(s);

	for (size_t i = 0; j && i < j->n_bound; i++)
		if (j->bound[i].lqpn == lqpn && !strcmp(j->bound[i].device, dev))
			return unbind_one(s, i, msg, len);
	snprintf(msg, len, "this session bound no counter to %s QP %u", dev, lqpn);
	return -ENOENT;
}

/* ----- the job */

/* The first reading starts the table (not for `gids`, which follows no
 * QP); every later one, and a reload, is one more reading of it. */
static void on_reading(struct rs_job *jb, int refresh)
{
	struct rs_session *s = jb->session;
	struct rs_session_qps *j = jb->priv;

	if (j) {
		take_reading(s);
		return;
	}
	if (refresh || s->scope != RS_SCOPE_ALL)
		return;
	j = rs_job_state(jb, sizeof(*j));
	rs_qp_table_init(&j->table);
	take_reading(s);
}

static void add_to_ctx(const struct rs_job *jb, struct rs_check_ctx *ctx)
{
	ctx->qps = rs_session_qps(jb->session);
}

/* Close: every counter this session bound is taken off (logged). */
static void free_job(struct rs_job *jb)
{
	struct rs_session_qps *j = jb->priv;
	char msg[RS_MSG_LEN];

	if (!j)
		return;
	while (j->n_bound)
		unbind_one(jb->session, j->n_bound - 1, msg, sizeof(msg));
	rs_qp_table_free(&j->table);
	free(j);
	jb->priv = NULL;
}

const struct rs_job_ops rs_qp_job = {
	.name = "qps",
	.on_reading = on_reading,
	.add_to_ctx = add_to_ctx,
	.free = free_job,
};
