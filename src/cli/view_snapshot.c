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
#include "model/snapshot_yaml.h"

#include <stdio.h>

int rs_cmd_snapshot(struct rs_cli *cli, int argc, char **argv)
{
	struct rs_snapshot s;
	struct rs_source src;
	char err[512] = "";
	int ret;

	if (cli->json) {
		fprintf(stderr, "rocescope: snapshot writes YAML; --json does not apply\n");
		return RS_EXIT_USAGE;
	}
	ret = rs_cli_open(cli, 0, &src, &s);
	if (ret)
		return ret;
	if (cli->output)
		ret = rs_snapshot_save_file(&s, cli->output, err, sizeof(err));
	else
		ret = rs_snapshot_save_yaml(&s, stdout, err, sizeof(err));
	if (!ret && !cli->output && fflush(stdout)) {
		snprintf(err, sizeof(err), "writing to standard output failed");
		ret = -1;
	}
	rs_snapshot_free(&s);
	if (ret) {
		fprintf(stderr, "rocescope: %s\n", err[0] ? err : "saving the snapshot failed");
		return RS_EXIT_FAIL;
	}
	if (cli->output)
		fprintf(stderr, "rocescope: snapshot of %s written to %s\n", src.label, cli->output);
	return RS_EXIT_OK;
}
