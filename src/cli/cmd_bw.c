/* SPDX-License-Identifier: MIT */
/*
 * cmd_bw.c - `rocescope bw PEER`: RDMA WRITE (or READ) bandwidth against
 * `rocescope serve` on PEER, with perftest's ib_write_bw options and
 * meanings (docs/tests.md).  Prints both ends' views and their
 * differences, progress on a terminal, the result table and a verdict
 * against the port's line rate; --json one document, --json-lines one
 * object per event for the console.  Exit 0 passed, 1 failed, 2 usage.
 */
#include "cli/perf_cli.h"
#include "i18n.h"

static const struct rs_opt bw_opts[] = {
	RS_PERF_COMMON_OPTS,
	{ "qp", 'q', "N", N_("queue pairs (default 1)"), RS_PO_QPS },
	{ "tx-depth", 't', "N", N_("messages in flight per QP (default 128)"), RS_PO_DEPTH },
	{ "read", 0, NULL, N_("RDMA READ instead of WRITE (ib_read_bw)"), RS_PO_READ },
	{ NULL, 0, NULL, NULL, 0 },
};

static int bw_run(struct rs_cli *cli, int argc, char **argv)
{
	return rs_perf_cli_run(cli, RS_PERF_BW, argv[0]);
}

const struct rs_cmd rs_cmd_bw = {
	.name = "bw",
	.args = "PEER",
	.help = N_("RDMA bandwidth to `rocescope serve` on PEER (like ib_write_bw)"),
	.flags = RS_CMD_JSON,
	.min_args = 1,
	.max_args = 1,
	.opts = bw_opts,
	.opt = rs_perf_cli_opt,
	.run = bw_run,
};
