/* SPDX-License-Identifier: MIT */
/*
 * view_snapshot.c - `rocescope snapshot [-o FILE]`: collect (or load, or
 * take the demo) and write the snapshot as YAML, to stdout or to FILE.
 *
 * FILE is written through rs_snapshot_save_file(), which writes FILE.tmp
 * and renames it: a failed run never leaves a truncated file where the
 * previous good one was.  This is what an engineer sends to whoever opens
 * it later with `rocescope --load FILE`.
 */
#include "cli/cli.h"
#include "model/source.h"
#include "model/snapshot_yaml.h"

#include <stdio.h>
#include <string.h>

static const char *output;	/* -o FILE */

enum { OPT_OUTPUT = 1 };

static const struct rs_opt snapshot_opts[] = {
	{ "output", 'o', "FILE", "write to FILE (atomically: FILE.tmp, then renamed), not stdout",
	  OPT_OUTPUT },
	{ NULL, 0, NULL, NULL, 0 },
};

static int snapshot_opt(struct rs_cli *cli, int id, const char *arg)
{
	output = arg;
	return 0;
}

static int snapshot_run(struct rs_cli *cli, int argc, char **argv)
{
	struct rs_snapshot s;
	struct rs_source src;
	struct rs_source_opts o = {
		.root = cli->root, .load = cli->load, .demo = cli->demo, .peer = cli->peer,
	};
	char err[512] = "";
	int ret;

	ret = rs_source_open(&src, &o, &s, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "rocescope: %s\n", err[0] ? err : strerror(-ret));
		rs_snapshot_free(&s);
		return RS_EXIT_FAIL;
	}
	if (output)
		ret = rs_snapshot_save_file(&s, output, err, sizeof(err));
	else
		ret = rs_snapshot_save_yaml(&s, stdout, err, sizeof(err));
	if (!ret && !output && fflush(stdout)) {
		snprintf(err, sizeof(err), "writing to standard output failed");
		ret = -1;
	}
	rs_snapshot_free(&s);
	if (ret) {
		fprintf(stderr, "rocescope: %s\n", err[0] ? err : "saving the snapshot failed");
		return RS_EXIT_FAIL;
	}
	if (output)
		fprintf(stderr, "rocescope: snapshot of %s written to %s\n", src.label, output);
	return RS_EXIT_OK;
}

const struct rs_cmd rs_cmd_snapshot = {
	.name = "snapshot",
	.args = "",
	.help = "write the host's snapshot as YAML",
	.flags = RS_CMD_HOST,
	.opts = snapshot_opts,
	.opt = snapshot_opt,
	.run = snapshot_run,
};
