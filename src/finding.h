/* SPDX-License-Identifier: MIT */
/*
 * finding.h - what a check concludes about one object: a verdict, the
 * object it is about, and the evidence, expectation and remedy in words.
 *
 * A leaf, like snapshot.h: the checks (diag/check.h) make findings, and
 * the layers below them carry verdicts and findings without knowing a
 * check exists - the capture's wire verdicts (capture/analysis.h), the
 * findings a recording keeps (record/recording.h).  So those layers
 * include this header, never diag/.
 */
#ifndef RS_FINDING_H
#define RS_FINDING_H

#include "snapshot.h"

enum rs_verdict {
	RS_PASS = 0,
	RS_WARN,
	RS_FAIL,
	RS_SKIP,		/* the snapshot lacks the data (or it does not apply) */
};

enum rs_object_kind {
	RS_OBJ_HOST = 0,
	RS_OBJ_DEVICE,
	RS_OBJ_PORT,
	RS_OBJ_NETDEV,
	RS_OBJ_MODULE,
	RS_OBJ_NEIGH,
	RS_OBJ_PEER,
};

#define RS_FINDING_LEN 512

struct rs_finding {
	const char *id;			/* the check's id (static) */
	enum rs_verdict verdict;
	enum rs_object_kind kind;
	char object[RS_TEXT_LEN];	/* "mlx5_0", "mlx5_0 port 1", "eth0", "mlx5_ib",
					 * "eth0 10.0.0.2", "host", the peer IP */
	char device[RS_NAME_LEN];	/* RDMA device, "" when none */
	unsigned port;			/* port number, 0 when none */
	char netdev[RS_NAME_LEN];	/* netdev, "" when none */
	char addr[RS_ADDR_LEN];		/* neighbour or peer IP, "" when none */
	unsigned count;			/* how many things it counts (counters rising), or 0 */
	char summary[RS_FINDING_LEN];	/* one line: what was found (the console's line),
					 * in the reader's language */
	char summary_en[RS_FINDING_LEN];/* the same in English when summary is translated,
					 * "" when it is English already (recordings keep it) */
	char evidence[RS_FINDING_LEN];	/* source and value seen */
	char expected[RS_FINDING_LEN];	/* what a good host has */
	char remedy[RS_FINDING_LEN];	/* the command or setting to apply; "" on pass/skip */
};

/* 1 for warn and fail: what the console marks and counts. */
int rs_finding_is_problem(const struct rs_finding *f);

/* The summary in English, whatever the locale: what is kept and compared. */
const char *rs_finding_summary_en(const struct rs_finding *f);

const char *rs_verdict_name(enum rs_verdict v);		/* "pass", "warn", ... */
/* The verdict for a person to read: rs_verdict_name() in the reader's
 * language (English in machine mode); never for JSON or comparisons. */
const char *rs_verdict_label(enum rs_verdict v);
/* The same in a list's 4-column field: "PASS", "WARN", ... in English. */
const char *rs_verdict_mark(enum rs_verdict v);
const char *rs_object_kind_name(enum rs_object_kind k);	/* "device", "port", ... */

#endif
