/* SPDX-License-Identifier: MIT */
/*
 * main.c - command line entry: global options, then a command from the
 * table below, then that command's own options (cli.h).  With no command
 * rocescope opens the console.
 *
 * Global options (--root, --load, --demo, --replay, --peer, --json) may come before
 * or after the command: `rocescope --json gids` and `rocescope gids --json`
 * are the same.  After the command its own short letters win (`capture -r
 * FILE` reads a file, `rocescope -r DIR devices` is the root); the long
 * forms of the global options always work.  A command's long options may
 * also come before it; an option that does not apply to the command given
 * is refused rather than ignored.  Exit codes: 0 done, 1 failure, 2 usage
 * error; every message goes to stderr.
 *
 * Messages are in the reader's language (i18n.h); what programs read is
 * English in every locale: --json, and the commands in machine_cmds[].
 */
#include "cli/cli.h"
#include "i18n.h"
#include "model/route_resolve.h"
#include "session/session.h"
#include "ui/console.h"
#include "util.h"
#include "version.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct rs_cmd *const rs_cmds[] = {
	&rs_cmd_devices,
	&rs_cmd_gids,
	&rs_cmd_qps,
	&rs_cmd_snapshot,
	&rs_cmd_counters,
	&rs_cmd_record,
	&rs_cmd_check,
	&rs_cmd_fix,
	&rs_cmd_exporter,
	&rs_cmd_capture,
	&rs_cmd_explain,
	&rs_cmd_serve,
	&rs_cmd_bw,
	&rs_cmd_lat,
	NULL,
};

/* Their output is read by programs (a scrape, a snapshot file, a recording,
 * the peer of a test): English whatever the locale, as --json is. */
static const struct rs_cmd *const machine_cmds[] = {
	&rs_cmd_snapshot,
	&rs_cmd_record,
	&rs_cmd_exporter,
	&rs_cmd_serve,
	NULL,
};

enum {
	G_ROOT = 1, G_LOAD, G_DEMO, G_PEER, G_JSON, G_HELP, G_VERSION, G_REPLAY,
	G_CMD_OPT = 1000,	/* + index into the pending list: a command's long option */
};

static const struct rs_opt global_opts[] = {
	{ "root", 'r', "DIR", N_("read sysfs/procfs under DIR instead of /"), G_ROOT },
	{ "load", 'l', "FILE", N_("read a saved snapshot instead of the live host"), G_LOAD },
	{ "demo", 0, NULL, N_("use the bundled demo host"), G_DEMO },
	{ "replay", 0, "FILE", N_("play a recording (rocescope record) instead of the host"), G_REPLAY },
	{ "peer", 'p', "IP", N_("the peer to look a route up for"), G_PEER },
	{ "json", 'j', NULL, N_("print JSON instead of text"), G_JSON },
	{ "help", 'h', NULL, N_("show this help (or a command's: rocescope help CMD)"), G_HELP },
	{ "version", 'V', NULL, N_("show the version and the git commit"), G_VERSION },
	{ NULL, 0, NULL, NULL, 0 },
};

#define MAX_OPTS 96

/* A command's long option seen before the command: replayed to it later. */
struct pending {
	const char *lname;
	const char *arg;
};

struct parse {
	struct rs_cli *cli;
	int help, version;
	struct pending pend[MAX_OPTS];
	int n_pend;
};

#define HELP_WIDTH 80	/* an 80x24 terminal over SSH */
#define HELP_INDENT 25	/* "  -x, --long ARG        " */

/* Bytes of the closing punctuation at p: a line never starts with "，". */
static int help_closers(const char *p)
{
	static const char *const closers[] = { "，", "。", "：", "；", "）", "、", NULL };
	int w = 0;

	for (int i = 0; closers[i]; i++)
		if (!strncmp(p + w, closers[i], strlen(closers[i]))) {
			w += (int)strlen(closers[i]);
			i = -1;
		}
	return w;
}

/*
 * Bytes of the next piece of help a line may not break inside: up to a
 * space, or in translated text one character outside ASCII (Chinese has
 * no spaces: a line may break after any of its characters), with the
 * closing punctuation after it; an opening "（" goes with what follows.
 */
static int help_piece(const char *p)
{
	int w = 0, tr = rs_i18n_translating();

	if ((unsigned char)*p >= 0x80 && tr) {
		w = (int)rs_utf8_len((const unsigned char *)p, strlen(p));
		w = w ? w : 1;
	} else {
		while (p[w] && p[w] != ' ' && !((unsigned char)p[w] >= 0x80 && tr))
			w++;
	}
	if (!tr)
		return w;
	w += help_closers(p + w);
	if (w >= 3 && !strncmp(p + w - 3, "（", 3) && p[w] && p[w] != ' ')
		w += help_piece(p + w);
	return w;
}

/*
 * text after what is on the line (col columns), wrapped at HELP_WIDTH
 * between pieces, continuation lines indented to indent, then the
 * newline.  Columns are counted as the terminal shows them (rs_tcols).
 * The help is the program's own text, printed as is.
 */
static void print_wrapped(FILE *f, int col, int indent, const char *text)
{
	const char *p = text;
	int sep = 1;	/* a space in the text before this piece */

	while (*p) {
		int w = help_piece(p), cw = (int)rs_tcols(p, (size_t)w);

		if (col > indent && col + sep + cw > HELP_WIDTH) {
			col = rs_tprintf(f, "\n%*s", indent - 1, "") - 1;
			sep = 1;
		}
		if (sep)
			fputc(' ', f);
		fwrite(p, 1, (size_t)w, f);	/* the program's own text, w bytes */
		col += sep + cw;
		p += w;
		sep = *p == ' ';
		p += strspn(p, " ");
	}
	fputc('\n', f);
}

/* One option: its names, then its help. */
static void print_opt(FILE *f, const struct rs_opt *o)
{
	char left[64];

	if (o->sname)
		snprintf(left, sizeof(left), "-%c, --%s%s%s", o->sname, o->lname,
			 o->arg ? " " : "", o->arg ? o->arg : "");
	else
		snprintf(left, sizeof(left), "    --%s%s%s", o->lname, o->arg ? " " : "",
			 o->arg ? o->arg : "");
	print_wrapped(f, rs_tprintf(f, "  %-22s", left), HELP_INDENT, _(o->help));
}

/* The version, and the commit the binary was built from when known. */
static void print_version(void)
{
	if (rs_build_commit[0])
		rs_tprintf(stdout, _("rocescope %s (commit %s)\n"), PACKAGE_VERSION, rs_build_commit);
	else
		rs_tprintf(stdout, "rocescope %s\n", PACKAGE_VERSION);
}

static void usage(FILE *f)
{
	fputs(_("Usage: rocescope [OPTIONS] [COMMAND] [ARGS] [OPTIONS]\n"	/* own text */
		"Find out why RoCE v2 on this host does not connect or is not fast.\n"
		"Without a command, opens the console.\n\n"
		"Commands:\n"), f);
	for (const struct rs_cmd *const *c = rs_cmds; *c; c++)
		print_wrapped(f, rs_tprintf(f, "  %-9s", (*c)->name), 12, _((*c)->help));
	print_wrapped(f, rs_tprintf(f, "  %-9s", "help"), 12,
		       _("this help, or help for one command"));
	fputs(_("\nOptions (before or after the command):\n"), f);	/* own text */
	for (const struct rs_opt *o = global_opts; o->lname; o++)
		print_opt(f, o);
	fputs(_("\nEach command's own options: rocescope help COMMAND.  "	/* own text */
		"See docs/cli.md.\n"), f);
}

static void cmd_usage(FILE *f, const struct rs_cmd *c)
{
	/* TRANSLATORS: the command, a space or nothing, its arguments (PEER),
	 * then the command's one-line help. */
	rs_tprintf(f, _("Usage: rocescope [OPTIONS] %s%s%s [OPTIONS]\n%s.\n"), c->name,
		   c->args[0] ? " " : "", c->args, _(c->help));
	if (c->opts && c->opts[0].lname) {
		rs_tprintf(f, _("\nOptions of %s:\n"), c->name);
		for (const struct rs_opt *o = c->opts; o->lname; o++)
			print_opt(f, o);
	}
	/* Only what applies: the others are refused (check_applies). */
	/* One whole list per case; two lines: one would not fit 80 columns. */
	if ((c->flags & RS_CMD_HOST) && (c->flags & RS_CMD_JSON))
		fputs(_("\nGlobal options: --root DIR, --load FILE, --demo, --replay FILE,\n"	/* own text */
			"                --peer IP, --json, --help\n"), f);
	else if (c->flags & RS_CMD_HOST)
		fputs(_("\nGlobal options: --root DIR, --load FILE, --demo, --replay FILE,\n"	/* own text */
			"                --peer IP, --help\n"), f);
	else if (c->flags & RS_CMD_JSON)
		fputs(_("\nGlobal options: --json, --help\n"), f);	/* own text */
	else
		fputs(_("\nGlobal options: --help\n"), f);	/* own text */
}

static const struct rs_cmd *find_cmd(const char *name)
{
	for (const struct rs_cmd *const *c = rs_cmds; *c; c++)
		if (!strcmp((*c)->name, name))
			return *c;
	return NULL;
}

static const struct rs_opt *find_long(const struct rs_opt *t, const char *lname)
{
	for (; t && t->lname; t++)
		if (!strcmp(t->lname, lname))
			return t;
	return NULL;
}

static const struct rs_opt *find_short(const struct rs_opt *t, int sname)
{
	for (; t && t->lname; t++)
		if (t->sname && t->sname == sname)
			return t;
	return NULL;
}

static int global(struct parse *ps, const struct rs_opt *o, const char *arg)
{
	struct rs_cli *cli = ps->cli;

	switch (o->id) {
	case G_ROOT: cli->root = arg; break;
	case G_LOAD: cli->load = arg; break;
	case G_REPLAY: cli->replay = arg; break;
	case G_DEMO: cli->demo = 1; break;
	case G_PEER:
		/* An address, never a name: the tool says what it looked up. */
		if (rs_peer_parse(arg, NULL, NULL, NULL, 0)) {
			rs_tprintf(stderr, _("rocescope: --peer: '%s' is not an IPv4 or IPv6 address "
					     "(a host name is not looked up)\n"), arg);
			return RS_EXIT_USAGE;
		}
		cli->peer = arg;
		break;
	case G_JSON: cli->json = 1; break;
	case G_HELP: ps->help = 1; break;
	case G_VERSION: ps->version = 1; break;
	}
	return 0;
}

/* struct option entry for o, val = code; returns the next free slot. */
static int add_long(struct option *lo, int n, const struct rs_opt *o, int code)
{
	if (n >= MAX_OPTS - 1)
		rs_die("too many options (raise MAX_OPTS in main.c)");
	lo[n] = (struct option){ o->lname, o->arg ? required_argument : no_argument, NULL, code };
	return n + 1;
}

static void add_short(char *s, size_t len, const struct rs_opt *o)
{
	size_t n = strlen(s);

	if (n + 3 < len) {
		s[n++] = (char)o->sname;
		if (o->arg)
			s[n++] = ':';
		s[n] = '\0';
	}
}

/*
 * getopt_long's own messages name argv[0] ("./rocescope", or the command
 * once argv is shifted) and echo the argument raw: opterr is off and this
 * says it instead, as every other message does.  c is what getopt_long
 * returned (':' or '?'); cmd is NULL before the command.  Each kind of
 * bad option is one whole message before a command (f0: the option) and
 * one after it (f1: the command, the option, the command), a sentence
 * each for a translator to reorder.
 */
#define BAD_SAY(o, f0, f1) (cmd ? rs_tprintf(stderr, _(f1), cmd->name, o, cmd->name) : \
			    rs_tprintf(stderr, _(f0), o))

static int bad_option(int c, char **argv, const struct rs_cmd *cmd)
{
	const char *tok = optind > 0 ? argv[optind - 1] : "";
	size_t n = strcspn(tok, "=");
	char *opt = strdup(tok), name[64];	/* the option without its "=value" */
	char sh[3] = { '-', (char)optopt, 0 };

	if (!opt)
		return RS_EXIT_USAGE;
	opt[n] = 0;
	snprintf(name, sizeof(name), "%s", strncmp(tok, "--", 2) ? "" : opt + 2);
	if (strncmp(tok, "--", 2)) {
		if (c == ':')
			/* TRANSLATORS: %1$s and %3$s are the command, %2$s the option. */
			BAD_SAY(sh, N_("rocescope: option %s needs an argument (see rocescope --help)\n"),
				N_("rocescope: %s: option %s needs an argument (see rocescope help %s)\n"));
		else
			BAD_SAY(sh, N_("rocescope: unknown option %s (see rocescope --help)\n"),
				N_("rocescope: %s: unknown option %s (see rocescope help %s)\n"));
	} else if (c == ':') {
		BAD_SAY(tok, N_("rocescope: option '%s' needs an argument (see rocescope --help)\n"),
			N_("rocescope: %s: option '%s' needs an argument (see rocescope help %s)\n"));
	} else if (tok[n] && (find_long(global_opts, name) || (cmd && find_long(cmd->opts, name)))) {
		BAD_SAY(opt, N_("rocescope: option '%s' takes no argument (see rocescope --help)\n"),
			N_("rocescope: %s: option '%s' takes no argument (see rocescope help %s)\n"));
	} else {
		BAD_SAY(opt, N_("rocescope: unknown option '%s' (see rocescope --help)\n"),
			N_("rocescope: %s: unknown option '%s' (see rocescope help %s)\n"));
	}
	free(opt);
	return RS_EXIT_USAGE;
}
#undef BAD_SAY

/*
 * Before the command: the global options, and the long options of every
 * command (kept for later, when the command is known).  Stops at the first
 * non-option, the command.
 */
static int parse_before(struct parse *ps, int argc, char **argv)
{
	struct option lo[MAX_OPTS];
	const struct rs_opt *cmdopt[MAX_OPTS];
	char shorts[64] = "+:";
	int n = 0, n_cmdopt = 0, c, idx;

	for (const struct rs_opt *o = global_opts; o->lname; o++) {
		n = add_long(lo, n, o, o->id);
		if (o->sname)
			add_short(shorts, sizeof(shorts), o);
	}
	for (const struct rs_cmd *const *cmd = rs_cmds; *cmd; cmd++)
		for (const struct rs_opt *o = (*cmd)->opts; o && o->lname; o++) {
			int dup = 0;

			for (int i = 0; i < n; i++)
				dup |= !strcmp(lo[i].name, o->lname);
			if (dup || n_cmdopt >= MAX_OPTS)
				continue;
			cmdopt[n_cmdopt] = o;
			n = add_long(lo, n, o, G_CMD_OPT + n_cmdopt++);
		}
	lo[n] = (struct option){ NULL, 0, NULL, 0 };
	opterr = 0;
	while ((c = getopt_long(argc, argv, shorts, lo, &idx)) != -1) {
		const struct rs_opt *o = NULL;

		if (c == '?' || c == ':')
			return bad_option(c, argv, NULL);
		if (c >= G_CMD_OPT) {
			if (ps->n_pend >= MAX_OPTS)
				continue;
			ps->pend[ps->n_pend++] = (struct pending){ cmdopt[c - G_CMD_OPT]->lname, optarg };
			continue;
		}
		for (const struct rs_opt *g = global_opts; g->lname && !o; g++)
			if (g->id == c || (g->sname && g->sname == c))
				o = g;
		if (!o)
			return bad_option('?', argv, NULL);
		if (global(ps, o, optarg))
			return RS_EXIT_USAGE;
	}
	return -1;
}

/*
 * After the command: its own options (short and long), the global long
 * options, and the global short letters it does not use itself.  Options
 * and positional arguments may mix; the positional ones end up in
 * argv[optind..].
 */
static int parse_after(struct parse *ps, const struct rs_cmd *cmd, int argc, char **argv)
{
	struct option lo[MAX_OPTS];
	char shorts[128] = ":";
	int n = 0, c, idx;

	for (const struct rs_opt *o = cmd->opts; o && o->lname; o++) {
		n = add_long(lo, n, o, G_CMD_OPT + (int)(o - cmd->opts));
		if (o->sname)
			add_short(shorts, sizeof(shorts), o);
	}
	for (const struct rs_opt *o = global_opts; o->lname; o++) {
		n = add_long(lo, n, o, o->id);
		if (o->sname && !find_short(cmd->opts, o->sname))
			add_short(shorts, sizeof(shorts), o);
	}
	lo[n] = (struct option){ NULL, 0, NULL, 0 };
	optind = 0;	/* glibc: rescan from argv[1] with fresh state */
	opterr = 0;
	while ((c = getopt_long(argc, argv, shorts, lo, &idx)) != -1) {
		const struct rs_opt *o = NULL;
		int r;

		if (c == '?' || c == ':')
			return bad_option(c, argv, cmd);
		if (c >= G_CMD_OPT) {
			o = &cmd->opts[c - G_CMD_OPT];
		} else if (c < G_CMD_OPT && (o = find_short(cmd->opts, c))) {
			;	/* the command's own short letter */
		} else {
			for (const struct rs_opt *g = global_opts; g->lname && !o; g++)
				if (g->id == c || (g->sname && g->sname == c))
					o = g;
			if (!o)
				return bad_option('?', argv, cmd);
			if (global(ps, o, optarg))
				return RS_EXIT_USAGE;
			continue;
		}
		r = cmd->opt(ps->cli, o->id, optarg);
		if (r)
			return r;
	}
	return -1;
}

/* The long options given before the command, now that it is known. */
static int replay_pending(struct parse *ps, const struct rs_cmd *cmd)
{
	for (int i = 0; i < ps->n_pend; i++) {
		const struct rs_opt *o = find_long(cmd->opts, ps->pend[i].lname);
		int r;

		if (!o) {
			rs_tprintf(stderr, _("rocescope: %s: option --%s does not apply to it\n"),
				   cmd->name, ps->pend[i].lname);
			return RS_EXIT_USAGE;
		}
		r = cmd->opt(ps->cli, o->id, ps->pend[i].arg);
		if (r)
			return r;
	}
	return -1;
}

/* Global options the command has no use for are refused, not ignored. */
static int check_applies(const struct rs_cli *cli, const struct rs_cmd *cmd)
{
	const char *bad = NULL;

	if (cli->json && !(cmd->flags & RS_CMD_JSON))
		bad = "--json";
	else if (!(cmd->flags & RS_CMD_HOST))
		bad = cli->root ? "--root" : cli->load ? "--load" : cli->demo ? "--demo" :
		      cli->replay ? "--replay" : cli->peer ? "--peer" : NULL;
	if (!bad)
		return -1;
	rs_tprintf(stderr, _("rocescope: %s: %s does not apply (%s)\n"), cmd->name, bad,
		   _(cmd->help));
	return RS_EXIT_USAGE;
}

/* --demo, --load, --replay and --root exclude each other (the session's one rule). */
static int check_sources(const struct rs_cli *cli)
{
	char err[RS_MSG_LEN];

	if (!rs_session_check_replay(cli->replay, cli->root, cli->load, cli->demo, err,
				     sizeof(err)))
		return 0;
	rs_tprintf(stderr, _("rocescope: %s\n"), err);
	return 1;
}

static int run_console(struct rs_cli *cli, struct parse *ps)
{
	struct rs_console_opts co = {
		.root = cli->root, .load = cli->load, .demo = cli->demo, .peer = cli->peer,
		.replay = cli->replay,
	};

	if (ps->n_pend) {
		rs_tprintf(stderr, _("rocescope: --%s needs a command\n"), ps->pend[0].lname);
		return RS_EXIT_USAGE;
	}
	if (cli->json) {
		rs_tprintf(stderr,
			   _("rocescope: --json needs a command; the console is interactive\n"));
		return RS_EXIT_USAGE;
	}
	return rs_console_run(&co);
}

static int run_help(int argc, char **argv)
{
	const struct rs_cmd *c;

	if (argc < 2) {
		usage(stdout);
		return RS_EXIT_OK;
	}
	if (argc > 2) {
		rs_tprintf(stderr,
			   _("rocescope: help: one COMMAND at a time ('%s' is one too many)\n"),
			   argv[2]);
		return RS_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "help")) {
		printf(_("Usage: rocescope help [COMMAND]\n"
		       "this help, or help for one command (the same as rocescope COMMAND --help).\n"));
		return RS_EXIT_OK;
	}
	c = find_cmd(argv[1]);
	if (!c) {
		rs_tprintf(stderr, _("rocescope: unknown command '%s' (see --help)\n"), argv[1]);
		return RS_EXIT_USAGE;
	}
	cmd_usage(stdout, c);
	return RS_EXIT_OK;
}

static int is_machine(const struct rs_cmd *cmd)
{
	for (const struct rs_cmd *const *c = machine_cmds; *c; c++)
		if (*c == cmd)
			return 1;
	return 0;
}

static int run_cmd(struct parse *ps, const struct rs_cmd *cmd, int argc, char **argv)
{
	int ret, npos;

	ps->cli->cmd = cmd;
	ret = replay_pending(ps, cmd);
	if (ret < 0)
		ret = parse_after(ps, cmd, argc, argv);
	if (ret >= 0)
		return ret;
	if (ps->help) {
		cmd_usage(stdout, cmd);
		return RS_EXIT_OK;
	}
	if (ps->version) {
		print_version();
		return RS_EXIT_OK;
	}
	ret = check_applies(ps->cli, cmd);
	if (ret >= 0)
		return ret;
	if (ps->cli->json || is_machine(cmd))
		rs_i18n_machine();
	npos = argc - optind;
	if (npos > cmd->max_args) {
		rs_tprintf(stderr, _("rocescope: %s: unexpected argument '%s'\n"), cmd->name,
			   argv[optind + cmd->max_args]);
		return RS_EXIT_USAGE;
	}
	if (npos < cmd->min_args) {
		rs_tprintf(stderr, _("rocescope: %s: needs %s (see rocescope help %s)\n"), cmd->name,
			   cmd->args, cmd->name);
		return RS_EXIT_USAGE;
	}
	if (check_sources(ps->cli))
		return RS_EXIT_USAGE;
	return cmd->run(ps->cli, npos, argv + optind);
}

int main(int argc, char **argv)
{
	struct rs_cli cli = { .argc = argc, .argv = argv };
	struct parse ps = { .cli = &cli };
	const struct rs_cmd *cmd;
	int ret;

	rs_i18n_init();
	ret = parse_before(&ps, argc, argv);
	if (ret >= 0)
		return ret;
	if (ps.version) {
		print_version();
		return RS_EXIT_OK;
	}
	argc -= optind;
	argv += optind;
	if (argc == 0 && ps.help) {
		usage(stdout);
		return RS_EXIT_OK;
	}
	if (argc == 0) {
		if (check_sources(&cli))
			return RS_EXIT_USAGE;
		return run_console(&cli, &ps);
	}
	if (!strcmp(argv[0], "help"))
		return run_help(argc, argv);
	cmd = find_cmd(argv[0]);
	if (!cmd) {
		rs_tprintf(stderr, _("rocescope: unknown command '%s' (see --help)\n"), argv[0]);
		return RS_EXIT_USAGE;
	}
	return run_cmd(&ps, cmd, argc, argv);
}

int rs_cli_seconds(const char *opt, const char *arg, double max, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(arg, &end);
	if (!errno && end != arg && !*end && isfinite(*out) && *out > 0 && *out <= max)
		return 0;
	rs_tprintf(stderr, _("rocescope: %s: invalid value '%s' (seconds, > 0 and <= %g)\n"), opt, arg,
		   max);
	return RS_EXIT_USAGE;
}

int rs_cli_interval(const char *arg, double *out)
{
	if (!strcmp(arg, "0")) {
		*out = 0;
		return 0;
	}
	return rs_cli_seconds("--interval", arg, 3600, out);
}

int rs_cli_long(const char *opt, const char *arg, long min, long max, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(arg, &end, 10);
	if (!errno && end != arg && !*end && *out >= min && *out <= max)
		return 0;
	rs_tprintf(stderr, _("rocescope: %s: invalid value '%s' (a whole number from %ld to %ld)\n"),
		   opt, arg, min, max);
	return RS_EXIT_USAGE;
}
