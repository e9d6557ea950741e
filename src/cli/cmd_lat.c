/* SPDX-License-Identifier: MIT */
/*
 * cmd_lat.c - `rocescope lat PEER`: RDMA WRITE ping-pong latency against
 * `rocescope serve` on PEER, with perftest's ib_write_lat options: min,
 * median, average, p99, p99.9 and max of the one-way latency (half the
 * round trip, as perftest) and a histogram; the split between wire and
 * hosts where the device has completion timestamps (docs/tests.md).
 */
#include "cli/perf_cli.h"
#include "i18n.h"

static const struct rs_opt lat_opts[] = {
	RS_PERF_COMMON_OPTS,
	{ NULL, 0, NULL, NULL, 0 },
};

static int lat_run(struct rs_cli *cli, int argc, char **argv)
{
	return rs_perf_cli_run(cli, RS_PERF_LAT, argv[0]);
}

const struct rs_cmd rs_cmd_lat = {
	.name = "lat",
	.args = "PEER",
	.help = N_("RDMA latency to `rocescope serve` on PEER (like ib_write_lat)"),
	.flags = RS_CMD_JSON,
	.min_args = 1,
	.max_args = 1,
	.opts = lat_opts,
	.opt = rs_perf_cli_opt,
	.run = lat_run,
};
