/* SPDX-License-Identifier: MIT */
/*
 * view_snapshot.c - `rocescope snapshot [-o FILE]`: collect (or load, or
 * take the demo) and write the snapshot as YAML, to stdout or to FILE.
 *
 * FILE is written through rs_snapshot_save_file(), which writes a unique
 * FILE.tmp-XXXXXXXX beside it and renames it: a failed run never leaves a
 * truncated file where the previous good one was, and two runs at once
 * never tear it (a symlink FILE is refused, never followed: util_out.h).
 * `-o -` is standard output; `-o ""` and a second -o are usage errors.
 * This is what an engineer sends to whoever opens it later with
 * `rocescope --load FILE`.
 */
#include "cli/view.h"
#include "i18n.h"
#include "model/snapshot_yaml.h"

#include <stdio.h>
#include <string.h>

static const char *output;	/* -o FILE */

enum { OPT_OUTPUT = 1 };

static const struct rs_opt snapshot_opts[] = {
	{ "output", 'o', "FILE", N_("write to FILE (atomically: a temporary file renamed), - for stdout"),
	  OPT_OUTPUT },
	{ NULL, 0, NULL, NULL, 0 },
};

static int snapshot_opt(struct rs_cli *cli, int id, const char *arg)
{
	if (output) {
		rs_tprintf(stderr, _("rocescope: snapshot: -o given twice ('%s', then '%s')\n"),
			   output, arg);
		return RS_EXIT_USAGE;
	}
	if (!arg[0]) {
		rs_tprintf(stderr, _("rocescope: snapshot: -o needs a file name (- for stdout)\n"));
		return RS_EXIT_USAGE;
	}
	output = arg;
	return 0;
}

static int snapshot_run(struct rs_cli *cli, int argc, char **argv)
{
	char err[512] = "";
	struct rs_view v;
	int ret;

	ret = rs_view_open(&v, cli, RS_SCOPE_ALL);
	if (ret)
		return ret;
	/* A lookup computed for --peer on a recording is derived, not seen:
	 * the file keeps the recording's own (session.h). */
	if (v.sess.snap.peer.computed)
		v.sess.snap.peer = v.sess.peer_recorded;
	if (output && !strcmp(output, "-"))
		output = NULL;
	if (output)
		ret = rs_snapshot_save_file(&v.sess.snap, output, err, sizeof(err));
	else
		ret = rs_snapshot_save_yaml(&v.sess.snap, stdout, err, sizeof(err));
	if (!ret && !output && fflush(stdout)) {
		snprintf(err, sizeof(err), _("writing to standard output failed"));
		ret = -1;
	}
	if (!ret && output)
		rs_tprintf(stderr, _("rocescope: snapshot of %s written to %s\n"), v.sess.label,
			   output);
	/* The notes are in the YAML (errors): nothing else goes to stdout. */
	rs_session_close(&v.sess);
	if (ret) {
		rs_tprintf(stderr, _("rocescope: %s\n"), err[0] ? err : _("saving the snapshot failed"));
		return RS_EXIT_FAIL;
	}
	return RS_EXIT_OK;
}

const struct rs_cmd rs_cmd_snapshot = {
	.name = "snapshot",
	.args = "",
	.help = N_("write the host's snapshot as YAML"),
	.flags = RS_CMD_HOST,
	.opts = snapshot_opts,
	.opt = snapshot_opt,
	.run = snapshot_run,
};
