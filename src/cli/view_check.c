/* SPDX-License-Identifier: MIT */
/*
 * view_check.c - `rocescope check`: every finding of every check
 * (src/diag/check.h) with its evidence, expectation and remedy.
 *
 * Text: one line per finding (verdict, check id, object, summary), then
 * for warn and fail the evidence, what a good host has and the remedy; a
 * count line at the end.  --json prints the same findings from the same
 * loop.  Exit 0 when no check fails, 1 when one does (warnings do not
 * change the status), so a script can gate on it.  --tree walks one
 * troubleshooting tree instead (view_tree.c).
 */
#include "cli/view.h"
#include "i18n.h"
#include "diag/check.h"

#include <stdio.h>
#include <string.h>

/* Text shows the evidence, expectation and remedy of a problem only. */
static void print_finding(struct rs_pr *p, const struct rs_finding *f)
{
	/* TRANSLATORS: the labels end at column 16, where the text starts. */
	static const char *const advice[] = { N_("      evidence: %s\n"), N_("      expected: %s\n"),
					      N_("      remedy:   %s\n") };
	const char *adv[] = { _(advice[0]), _(advice[1]), _(advice[2]) };
	int more = rs_finding_is_problem(f);

	rs_pr_obj_open(p, NULL);
	rs_pr_text(p, "%-4s  ", rs_verdict_mark(f->verdict));
	rs_pr_str(p, "id", "%-22s ", f->id);
	rs_pr_str(p, "verdict", NULL, rs_verdict_name(f->verdict));
	rs_pr_str(p, "kind", NULL, rs_object_kind_name(f->kind));
	rs_pr_str(p, "object", "%-14s  ", f->object);
	rs_pr_str_or_null(p, "device", NULL, f->device);
	rs_pr_int_known(p, "port", NULL, f->port, f->port > 0);	/* not a port: null */
	rs_pr_str_or_null(p, "netdev", NULL, f->netdev);
	rs_pr_str_or_null(p, "addr", NULL, f->addr);
	rs_pr_str(p, "summary", "%s\n", f->summary);
	rs_view_print_advice(p, f, more ? adv : NULL);
	rs_pr_obj_close(p);
}

static struct {
	double interval;	/* --interval SEC between the two readings */
	const char *tree;	/* --tree NAME */
	const char *profile;	/* --profile FILE */
	const char *dev;	/* -d DEV */
	long port;		/* --ib-port N */
	long gid_index;		/* -x N */
	long size, tx_depth, qps;	/* -s, -t, -q */
} opt = { .interval = 1.0, .gid_index = -1 };

static void print_findings(struct rs_view *v, const size_t *n)
{
	const struct rs_findings *fs = &v->sess.findings;
	struct rs_pr *p = &v->pr;

	rs_pr_arr_open(p, "findings");
	for (size_t i = 0; i < fs->count; i++)
		print_finding(p, &fs->items[i]);
	rs_pr_arr_close(p);
	rs_pr_obj_open(p, "counts");
	for (int k = RS_PASS; k <= RS_SKIP; k++)
		rs_pr_size(p, rs_verdict_name(k), NULL, n[k]);
	rs_pr_obj_close(p);
	rs_pr_text(p, _("\n%zu fail, %zu warn, %zu pass, %zu skip (%s)\n"), n[RS_FAIL], n[RS_WARN],
		   n[RS_PASS], n[RS_SKIP], v->sess.label);
}

/* The parameters the options give the checks. */
static int set_params(struct rs_view *v)
{
	struct rs_check_params *p = &v->sess.params, before = *p;
	char err[512];

	p->gid_index = (int)opt.gid_index;
	p->msg_size = opt.size > 0 ? (uint64_t)opt.size : 0;
	p->tx_depth = opt.tx_depth > 0 ? (unsigned)opt.tx_depth : 0;
	p->qps = opt.qps > 0 ? (unsigned)opt.qps : 0;
	/* A profile runs the checks again; so do other parameters.  None
	 * given: the session's findings are already these (40,000 ports take
	 * seconds to check). */
	if (opt.profile) {
		if (!rs_session_set_profile(&v->sess, opt.profile, err, sizeof(err)))
			return 0;
		rs_tprintf(stderr, _("rocescope: %s\n"), err);
		return -1;
	}
	if (memcmp(&before, p, sizeof(*p)))
		rs_session_recheck(&v->sess);
	return 0;
}

static int check_run(struct rs_cli *cli, int argc, char **argv)
{
	size_t n[RS_SKIP + 1] = { 0 };
	const struct rs_findings *fs;
	struct rs_view v;
	int ret;

	ret = rs_view_open(&v, cli, RS_SCOPE_ALL);
	if (ret)
		return opt.tree ? RS_EXIT_NOT_RUN : ret;
	if (set_params(&v)) {
		rs_view_close(&v, 0);
		/* The profile named is the problem: the user's input, like a bad value. */
		return opt.tree ? RS_EXIT_NOT_RUN : RS_EXIT_USAGE;
	}
	ret = rs_view_second_reading(&v, opt.interval);
	if (opt.tree) {
		ret = ret ? RS_EXIT_NOT_RUN : rs_view_tree(&v, opt.tree, opt.dev,
							   (unsigned)(opt.port > 0 ? opt.port : 0));
		return rs_view_close(&v, ret);
	}
	fs = &v.sess.findings;
	for (size_t i = 0; i < fs->count; i++)
		n[fs->items[i].verdict]++;
	print_findings(&v, n);
	ret = rs_view_close(&v, ret);
	return !ret && n[RS_FAIL] ? RS_EXIT_FAIL : ret;
}

enum {
	OPT_INTERVAL = 1, OPT_TREE, OPT_PROFILE, OPT_DEV, OPT_PORT, OPT_GID, OPT_SIZE,
	OPT_DEPTH, OPT_QPS,
};

static const struct rs_opt check_opts[] = {
	{ "interval", 'i', "SEC", N_("seconds between the two counter readings that show what "
	  "is rising (default 1; 0: one reading)"), OPT_INTERVAL },
	{ "tree", 0, "TREE", N_("walk a troubleshooting tree: connection-failure, low-bandwidth, "
	  "large-message-crash, first-time-setup, or a FILE.yaml"), OPT_TREE },
	{ "profile", 0, "FILE", N_("compare with a site profile (profiles/lab.yaml, "
	  "profiles/lossless.yaml)"), OPT_PROFILE },
	{ "device", 'd', "DEV", N_("the RDMA device the tree is about (default: the port towards "
	  "the peer)"), OPT_DEV },
	{ "ib-port", 0, "N", N_("its port (default 1)"), OPT_PORT },
	{ "gid-index", 'x', "N", N_("the GID index the application uses (as perftest -x)"),
	  OPT_GID },
	{ "size", 's', "BYTES", N_("the message size of the test or application (as perftest -s)"),
	  OPT_SIZE },
	{ "tx-depth", 't', "N", N_("messages in flight per QP (as perftest -t; default 128)"),
	  OPT_DEPTH },
	{ "qps", 'q', "N", N_("queue pairs (as perftest -q; default 1)"), OPT_QPS },
	{ NULL, 0, NULL, NULL, 0 },
};

static int check_opt(struct rs_cli *cli, int id, const char *arg)
{
	switch (id) {
	case OPT_INTERVAL:
		return rs_cli_interval(arg, &opt.interval);
	case OPT_TREE:
		opt.tree = arg;
		return 0;
	case OPT_PROFILE:
		opt.profile = arg;
		return 0;
	case OPT_DEV:
		opt.dev = arg;
		return 0;
	case OPT_PORT:
		return rs_cli_long("--ib-port", arg, 1, 255, &opt.port);
	case OPT_GID:
		return rs_cli_long("--gid-index", arg, 0, 65535, &opt.gid_index);
	case OPT_SIZE:
		return rs_cli_long("--size", arg, 1, 0x7fffffffffffffffL, &opt.size);
	case OPT_DEPTH:
		return rs_cli_long("--tx-depth", arg, 1, 65536, &opt.tx_depth);
	default:
		return rs_cli_long("--qps", arg, 1, 65536, &opt.qps);
	}
}

const struct rs_cmd rs_cmd_check = {
	.name = "check",
	.args = "",
	.help = N_("every check, or one troubleshooting tree: verdict, evidence, remedy"),
	.flags = RS_CMD_JSON | RS_CMD_HOST,
	.opts = check_opts,
	.opt = check_opt,
	.run = check_run,
};
