/* SPDX-License-Identifier: MIT */
/*
 * cmd_fix.c - `rocescope fix [CHECK_ID... | --tree NAME] [--dry-run |
 * --apply] [--undo [ID]]`: the plan that would make the failing checks
 * pass (src/fix/), and with --apply the changes, the checks again, and
 * each verdict after; --undo takes a change set back (docs/fix.md).
 *
 * Without --apply nothing changes: the plan (--dry-run says so too).  The
 * site's values come from --profile FILE and --set KEY=VALUE, never from a
 * guess.  Exit: 0 nothing to do, 5 all fixed (a plan: all can be), 1 some
 * not fixed (or not fixable as things are), 4 could not run, 2 usage.
 */
#include "cli/fix_out.h"
#include "cli/view.h"
#include "session/probes.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SETS 16
#define MAX_IDS 64

static struct {
	int apply, dry_run, undo, list, force;
	const char *tree;
	const char *object;
	const char *profile;
	const char *state_dir;
	const char *sets[MAX_SETS];
	int n_sets;
} opt;

/* The site's values: --profile, then each --set on top of it. */
static int site_values(struct rs_view *v)
{
	struct rs_session *s = &v->sess;
	char err[512];

	if (opt.profile && rs_session_set_profile(s, opt.profile, err, sizeof(err))) {
		rs_tprintf(stderr, _("rocescope: %s\n"), err);
		return -1;
	}
	if (opt.n_sets && !s->params.profile) {
		rs_profile_init(&s->profile, "command line");
		s->params.profile = &s->profile;
	}
	for (int i = 0; i < opt.n_sets; i++) {
		char key[64];
		const char *eq = strchr(opt.sets[i], '=');

		snprintf(key, sizeof(key), "%.*s", eq ? (int)(eq - opt.sets[i]) : 0, opt.sets[i]);
		if (!eq || !key[0] || rs_profile_set(&s->profile, key, eq + 1, err, sizeof(err))) {
			rs_tprintf(stderr, _("rocescope: --set %s: %s\n"), opt.sets[i],
				   eq && key[0] ? err : _("KEY=VALUE (a profile key: mtu=9000)"));
			return -1;
		}
	}
	rs_session_recheck(s);
	return 0;
}

/* The probes whose checks have a fix: their findings need a result. */
static void run_probes(struct rs_view *v, const struct rs_fix_opts *o, int quiet)
{
	for (const struct rs_check *c = rs_checks; c->id; c++) {
		int k = rs_check_probe(c), want = !o->checks;

		for (size_t i = 0; i < o->n_checks; i++)
			want |= !strcmp(o->checks[i], c->id);
		if (k < 0 || !want || !rs_fix_has_rule(c->id) || !v->sess.peer[0])
			continue;
		if (!quiet)
			/* TRANSLATORS: the probe, then the peer; rs_tprintf takes no
			 * positional arguments (%1$s): keep this order. */
			rs_tprintf(stderr, _("rocescope: running the %s probe towards %s...\n"),
				   rs_probe_kind_name((enum rs_probe_kind)k), v->sess.peer);
		rs_session_probe_forget(&v->sess, (enum rs_probe_kind)k);
		rs_session_probe_wait(&v->sess, (enum rs_probe_kind)k);
	}
}

static int check_ids(int argc, char **argv, const char **ids, size_t *n)
{
	*n = 0;
	for (int i = 0; i < argc; i++) {
		const struct rs_check *c = rs_check_find(argv[i]);

		if (!c) {
			rs_tprintf(stderr, _("rocescope: fix: no check '%s' (rocescope check lists "
				   "them)\n"), argv[i]);
			return RS_EXIT_USAGE;
		}
		if (!rs_fix_has_rule(c->id)) {
			rs_tprintf(stderr, _("rocescope: fix: %s has no fix (docs/fix.md lists the "
				   "checks that have one)\n"), c->id);
			return RS_EXIT_USAGE;
		}
		if (*n < MAX_IDS)
			ids[(*n)++] = c->id;
	}
	return 0;
}

static void env_init(struct rs_fix_env *env, struct rs_view *v, int argc, char **argv)
{
	memset(env, 0, sizeof(*env));
	env->force = opt.force;
	env->peer = v->sess.peer[0] ? v->sess.peer : NULL;
	env->argc = argc;
	env->argv = argv;
	rs_fix_ssh_netdev(env);
}

/* The journal's directory, made if missing: after the privileges are known. */
static int state_dir(struct rs_fix_env *env)
{
	char err[RS_MSG_LEN];

	if (!rs_fix_state_dir(env->state_dir, sizeof(env->state_dir), opt.state_dir, err,
			      sizeof(err)))
		return 0;
	rs_tprintf(stderr, _("rocescope: %s\n"), err);
	return -1;
}

/* The checks again on a fresh reading of the host, probes included. */
static void recheck(struct rs_view *v, const struct rs_fix_opts *o)
{
	char err[RS_MSG_LEN];

	if (rs_session_reload(&v->sess, err, sizeof(err)))
		rs_tprintf(stderr, _("rocescope: reading the host again: %s\n"), err);
	run_probes(v, o, v->j != NULL);
	rs_session_recheck(&v->sess);
}

static int do_apply(struct rs_view *v, struct rs_fix_plan *plan, const struct rs_fix_opts *o,
		    struct rs_fix_env *env)
{
	struct rs_fix_set set;
	char err[1024];
	int ret;

	ret = rs_fix_preflight(plan, env, err, sizeof(err));
	rs_fix_print_plan(v, plan, 1);
	rs_pr_str_or_null(&v->pr, "needs", NULL, ret ? err : "");
	if (ret) {
		rs_tprintf(stderr, _("rocescope: fix: needs %s\n"), err);
		return rs_fix_print_none(v, RS_EXIT_NOT_RUN, "could not run");
	}
	if (!rs_fix_plan_ready(plan))
		return plan->n ? rs_fix_print_none(v, RS_EXIT_FAIL, "some not fixed") :
		       rs_fix_print_none(v, RS_EXIT_OK, "nothing to do");
	if (state_dir(env))
		return rs_fix_print_none(v, RS_EXIT_NOT_RUN, "could not run");
	env->progress = v->j ? NULL : rs_fix_print_progress;
	ret = rs_fix_apply(plan, env, &set, err, sizeof(err));
	if (ret && !set.n) {
		rs_tprintf(stderr, _("rocescope: fix: %s\n"), err);
		return rs_fix_print_none(v, RS_EXIT_NOT_RUN, "could not run");
	}
	if (ret)
		rs_tprintf(stderr, _("rocescope: fix: %s\n"), err);
	recheck(v, o);
	/* What could not be planned is not fixed either (a file not ours...). */
	ret = rs_fix_print_set(v, &set, env, 0, plan->n - rs_fix_plan_ready(plan));
	rs_fix_set_free(&set);
	return ret;
}

static int do_undo(struct rs_view *v, struct rs_fix_env *env, int argc, char **argv)
{
	struct rs_fix_opts o = { 0 };
	struct rs_fix_set set;
	char err[1024], *end = NULL;
	unsigned long id = 0;
	int ret;

	if (argc > 1 || (argc == 1 && ((id = strtoul(argv[0], &end, 10)) == 0 || *end))) {
		rs_tprintf(stderr, _("rocescope: fix --undo [ID]: ID is a change set's number "
			   "(fix --list shows them)\n"));
		return RS_EXIT_USAGE;
	}
	rs_pr_str(&v->pr, "mode", NULL, "undo");
	if (state_dir(env))
		return rs_fix_print_none(v, RS_EXIT_NOT_RUN, "could not run");
	env->progress = v->j ? NULL : rs_fix_print_progress;
	ret = rs_fix_undo((unsigned)id, env, &set, err, sizeof(err));
	if (ret == -ENOENT && !id) {
		rs_pr_text(&v->pr, "nothing to undo: %s\n", err);
		return rs_fix_print_none(v, RS_EXIT_OK, "nothing to undo");
	}
	if (ret) {
		rs_tprintf(stderr, _("rocescope: fix --undo: %s\n"), err);
		return rs_fix_print_none(v, RS_EXIT_NOT_RUN, "could not run");
	}
	recheck(v, &o);
	ret = rs_fix_print_set(v, &set, env, 1, 0);
	rs_fix_set_free(&set);
	return ret;
}

static int fix_run(struct rs_cli *cli, int argc, char **argv)
{
	const char *ids[MAX_IDS], *objs[MAX_IDS];
	static char tree_objs[MAX_IDS][RS_TEXT_LEN];
	struct rs_fix_opts o = { 0 };
	struct rs_fix_plan plan = { 0 };
	struct rs_fix_env env;
	struct rs_view v;
	size_t n = 0;
	int ret;

	if (opt.apply + opt.dry_run + opt.undo + opt.list > 1) {
		rs_tprintf(stderr, _("rocescope: fix: one of --dry-run, --apply, --undo, --list\n"));
		return RS_EXIT_USAGE;
	}
	if ((opt.apply || opt.undo || opt.list) && (cli->demo || cli->load || cli->replay)) {
		rs_tprintf(stderr, _("rocescope: fix: a recorded host cannot be changed (--demo, "
			   "--load, --replay show the plan only)\n"));
		return RS_EXIT_USAGE;
	}
	if (opt.tree && argc && !opt.undo) {
		rs_tprintf(stderr, _("rocescope: fix: CHECK_ID... or --tree, not both\n"));
		return RS_EXIT_USAGE;
	}
	if (!opt.undo && (ret = check_ids(argc, argv, ids, &n)))
		return ret;
	if (rs_view_open(&v, cli, RS_SCOPE_ALL))
		return RS_EXIT_NOT_RUN;
	if (site_values(&v))
		return rs_view_close(&v, RS_EXIT_USAGE);
	env_init(&env, &v, cli->argc, cli->argv);
	if (opt.list)
		return rs_view_close(&v, state_dir(&env) ? RS_EXIT_NOT_RUN :
				     rs_fix_print_list(&v, &env));
	if (opt.undo)
		return rs_view_close(&v, do_undo(&v, &env, argc, argv));
	if (opt.tree && rs_view_tree_causes(&v, opt.tree, ids, tree_objs, MAX_IDS, &n))
		return rs_view_close(&v, RS_EXIT_NOT_RUN);
	for (size_t i = 0; opt.tree && i < n; i++)
		objs[i] = tree_objs[i];
	o.profile = v.sess.params.profile;
	o.checks = argc || opt.tree ? ids : NULL;
	o.objects = opt.tree ? objs : NULL;
	o.n_checks = n;
	o.peer = v.sess.peer[0] ? v.sess.peer : NULL;
	o.object = opt.object;
	if (!opt.tree)
		run_probes(&v, &o, v.j != NULL);
	rs_fix_plan_build(&plan, &v.sess.snap, &v.sess.findings, &o);
	if (opt.apply)
		ret = do_apply(&v, &plan, &o, &env);
	else
		ret = rs_fix_print_dry(&v, &plan, &env, opt.dry_run);
	rs_fix_plan_free(&plan);
	return rs_view_close(&v, ret);
}

enum {
	OPT_APPLY = 1, OPT_DRY, OPT_UNDO, OPT_LIST, OPT_FORCE, OPT_TREE, OPT_OBJECT, OPT_PROFILE,
	OPT_SET, OPT_STATE,
};

static const struct rs_opt fix_opts[] = {
	{ "dry-run", 'n', NULL, N_("print the plan and change nothing (what fix does without "
	  "--apply)"), OPT_DRY },
	{ "apply", 0, NULL, N_("make the changes in order, run the checks again, print each "
	  "verdict after"), OPT_APPLY },
	{ "undo", 0, NULL, N_("put back the values a change set replaced: the last one, or the "
	  "ID given"), OPT_UNDO },
	{ "list", 0, NULL, N_("the change sets in the journal, with what each changed"), OPT_LIST },
	{ "tree", 0, "TREE", N_("fix what a troubleshooting tree finds (its cause; a checklist: "
	  "every step not done)"), OPT_TREE },
	{ "object", 0, "OBJECT", N_("only the findings about OBJECT, as check names it (\"rxe0 "
	  "port 1\", eth2, host) or a netdev"), OPT_OBJECT },
	{ "profile", 0, "FILE", N_("the site's values (MTU, RoCE priority, huge pages...): "
	  "profiles/lossless.yaml"), OPT_PROFILE },
	{ "set", 0, "KEY=VALUE", N_("one site value, as in a profile (mtu=9000, pfc_priority=3, "
	  "hugepages=512)"), OPT_SET },
	{ "force", 'f', NULL, N_("change the interface of this SSH session too, and MTUs the "
	  "peer's path does not carry yet"), OPT_FORCE },
	{ "state-dir", 0, "DIR", N_("the journal's directory (default ROOT/var/lib/rocescope, "
	  "or $RS_STATE_DIR)"), OPT_STATE },
	{ NULL, 0, NULL, NULL, 0 },
};

static int fix_opt(struct rs_cli *cli, int id, const char *arg)
{
	switch (id) {
	case OPT_APPLY: opt.apply = 1; break;
	case OPT_DRY: opt.dry_run = 1; break;
	case OPT_UNDO: opt.undo = 1; break;
	case OPT_LIST: opt.list = 1; break;
	case OPT_FORCE: opt.force = 1; break;
	case OPT_TREE: opt.tree = arg; break;
	case OPT_OBJECT: opt.object = arg; break;
	case OPT_PROFILE: opt.profile = arg; break;
	case OPT_STATE: opt.state_dir = arg; break;
	default:
		if (opt.n_sets >= MAX_SETS) {
			rs_tprintf(stderr, _("rocescope: --set: at most %d\n"), MAX_SETS);
			return RS_EXIT_USAGE;
		}
		opt.sets[opt.n_sets++] = arg;
	}
	return 0;
}

const struct rs_cmd rs_cmd_fix = {
	.name = "fix",
	.args = "[CHECK_ID...]",
	.help = N_("the changes that make failing checks pass: a plan, --apply, --undo"),
	.flags = RS_CMD_JSON | RS_CMD_HOST,
	.min_args = 0,
	.max_args = MAX_IDS,
	.opts = fix_opts,
	.opt = fix_opt,
	.run = fix_run,
};
