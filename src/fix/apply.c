/* SPDX-License-Identifier: MIT */
/*
 * apply.c - making a plan's changes, and taking them back (fix.h).
 *
 * Apply, under the state directory's lock: a new change set whose journal
 * lists every ready step as pending; then for each, in the plan's order,
 * the value now is read, the journal says "applying" with it (written
 * atomically), the change is made, the journal says how it went.  A
 * process killed anywhere leaves a journal whose entries say which change
 * may have happened; undo restores every entry that got as far as
 * "applying", last first, from the values kept - restoring is safe
 * whether or not the change was made.
 *
 * RS_FIX_TEST_STOP=before:N or after:N stops the process (SIGSTOP) around
 * the N-th change, after its journal entry is written: the tests kill it
 * there (kill -9) to prove an interrupted apply can be undone.  Nothing
 * else reads it.
 */
#include "collect/route.h"
#include "fix/fix_priv.h"
#include "util.h"

#include <errno.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const struct rs_fix_action *const actions[RS_FIX_KINDS] = {
	[RS_FIX_MODULE] = &rs_fix_act_module,
	[RS_FIX_MTU] = &rs_fix_act_mtu,
	[RS_FIX_VALUE] = &rs_fix_act_value,
	[RS_FIX_NEIGH] = &rs_fix_act_neigh,
	[RS_FIX_ROUTE] = &rs_fix_act_route,
	[RS_FIX_PFC] = &rs_fix_act_pfc,
	[RS_FIX_TRUST] = &rs_fix_act_trust,
	[RS_FIX_PAUSE] = &rs_fix_act_pause,
	[RS_FIX_FILE] = &rs_fix_act_file,
};

static void test_stop(const char *when, size_t n)
{
	const char *v = getenv("RS_FIX_TEST_STOP");
	char want[32];

	snprintf(want, sizeof(want), "%s:%zu", when, n);
	if (v && !strcmp(v, want))
		raise(SIGSTOP);
}

static void who(struct rs_fix_set *set, const struct rs_fix_env *env)
{
	const struct passwd *pw = getpwuid(getuid());
	const char *sudo = getenv("SUDO_USER");
	size_t used;

	used = (size_t)snprintf(set->who, sizeof(set->who), "%s (uid %ld)",
				pw ? pw->pw_name : "?", (long)getuid());
	if (sudo && used < sizeof(set->who))
		used += (size_t)snprintf(set->who + used, sizeof(set->who) - used, " via sudo from %s",
					 sudo);
	if (env->ssh_client[0] && used < sizeof(set->who))
		snprintf(set->who + used, sizeof(set->who) - used, ", SSH from %s",
			 env->ssh_client);
}

static void header(struct rs_fix_set *set, const struct rs_fix_env *env)
{
	time_t now = time(NULL);
	struct tm tm;
	size_t used = 0;

	gmtime_r(&now, &tm);
	strftime(set->started, sizeof(set->started), "%Y-%m-%dT%H:%M:%SZ", &tm);
	who(set, env);
	for (int i = 0; i < env->argc && used < sizeof(set->command); i++)
		used += (size_t)snprintf(set->command + used, sizeof(set->command) - used, "%s%s",
					 i ? " " : "", env->argv[i]);
	RS_STRCPY(set->root, rs_root());
}

static void entry_of(struct rs_fix_entry *e, const struct rs_fix_step *st)
{
	memset(e, 0, sizeof(*e));
	e->kind = st->kind;
	RS_STRCPY(e->check, st->check);
	RS_STRCPY(e->object, st->object);
	RS_STRCPY(e->what, st->what);
	RS_STRCPY(e->netdev, st->netdev);
	RS_STRCPY(e->target, st->target);
	RS_STRCPY(e->arg, st->arg);
	RS_STRCPY(e->want, st->want);
	RS_STRCPY(e->also, st->also);
	e->state = RS_FIXS_PENDING;
}

static size_t count_lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n' && s[1];
	return n + 1;
}

void rs_fix_entry_value(const struct rs_fix_entry *e, int which, char *buf, size_t len)
{
	const char *v = which ? e->want : e->old;
	char mac[RS_MAC_LEN], dev[RS_NAME_LEN];
	int state;

	if (e->kind == RS_FIX_NEIGH && !which && sscanf(v, "lladdr %95s state %d", mac,
							  &state) == 2)
		snprintf(buf, len, "%s %s", rs_net_neigh_state_name(state), mac);
	else if (e->kind == RS_FIX_FILE && (which ? !v[0] : !strncmp(e->undo, "absent", 6)))
		/* TRANSLATORS: a file that is not there (before or after a change). */
		snprintf(buf, len, "%s", _("absent"));
	else if (e->kind == RS_FIX_FILE && which)
		snprintf(buf, len, rs_trn("%zu line", "%zu lines", count_lines(v)), count_lines(v));
	else if (e->kind == RS_FIX_FILE)
		/* TRANSLATORS: the lines a file of ours held before a change. */
		snprintf(buf, len, rs_trn("%zu line, ours", "%zu lines, ours", count_lines(v)),
			 count_lines(v));
	else if (e->kind == RS_FIX_ROUTE && !which && !strcmp(v, "absent"))
		snprintf(buf, len, _("no route to exactly %s"), e->target);
	else if (e->kind == RS_FIX_ROUTE && !which && sscanf(v, "dev=%63[^ ]", dev) == 1)
		snprintf(buf, len, "dev %s", dev);
	else
		snprintf(buf, len, "%s", v);
}

static void tell(const struct rs_fix_env *env, const struct rs_fix_entry *e)
{
	if (env->progress)
		env->progress(e, env->progress_arg);
}

/* One change: read, journal, change, journal.  -errno only when the
 * journal cannot be written (then nothing more may change). */
static int one(struct rs_fix_set *set, size_t i, const struct rs_fix_env *env, char *err,
	       size_t errlen)
{
	struct rs_fix_entry *e = &set->entries[i];
	const struct rs_fix_action *a = actions[e->kind];
	char why[RS_MSG_LEN] = "";
	int ret;

	if (a->read(e, env, why, sizeof(why))) {
		e->state = RS_FIXS_SKIPPED;
		RS_STRCPY(e->message, why);
	} else {
		e->state = RS_FIXS_APPLYING;
		ret = rs_fix_journal_write(env->state_dir, set);
		if (ret)
			return rs_fix_err(err, errlen, -ret, _("writing the journal: %s: nothing more "
					  "is changed"), strerror(-ret));
		test_stop("before", i + 1);
		ret = a->apply(e, env, why, sizeof(why));
		e->state = ret ? RS_FIXS_FAILED : RS_FIXS_APPLIED;
		if (ret)
			RS_STRCPY(e->message, why);
		test_stop("after", i + 1);
	}
	ret = rs_fix_journal_write(env->state_dir, set);
	tell(env, e);
	return ret ? rs_fix_err(err, errlen, -ret, _("writing the journal: %s"), strerror(-ret)) : 0;
}

int rs_fix_apply(const struct rs_fix_plan *plan, const struct rs_fix_env *env,
		 struct rs_fix_set *set, char *err, size_t errlen)
{
	int lock = rs_fix_lock(env->state_dir, err, errlen), ret;

	memset(set, 0, sizeof(*set));
	if (lock < 0)
		return lock;
	set->id = rs_fix_next_id(env->state_dir);
	header(set, env);
	for (size_t i = 0; i < plan->n; i++)
		if (!plan->steps[i].blocked[0])
			entry_of(RS_APPEND(set->entries, set->n), &plan->steps[i]);
	ret = rs_fix_journal_write(env->state_dir, set);
	if (ret)
		ret = rs_fix_err(err, errlen, -ret, _("writing the journal in %s: %s"),
				 env->state_dir, strerror(-ret));
	for (size_t i = 0; !ret && i < set->n; i++)
		ret = one(set, i, env, err, errlen);
	rs_fix_unlock(lock);
	return ret;
}

/* 1 when an entry of set may have changed something undo must put back. */
static int changed(const struct rs_fix_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->entries[i].state == RS_FIXS_APPLYING ||
		    set->entries[i].state == RS_FIXS_APPLIED ||
		    set->entries[i].state == RS_FIXS_UNDO_FAILED)
			return 1;
	return 0;
}

/* The last change set with something to undo, or 0. */
static unsigned last_open(const struct rs_fix_env *env)
{
	char err[RS_MSG_LEN];
	struct rs_fix_set s;

	for (unsigned id = rs_fix_next_id(env->state_dir); id-- > 1; ) {
		int open;

		if (rs_fix_journal_read(env->state_dir, id, &s, err, sizeof(err)))
			continue;
		open = !s.undone && changed(&s);
		rs_fix_set_free(&s);
		if (open)
			return id;
	}
	return 0;
}

static int undo_entries(struct rs_fix_set *set, const struct rs_fix_env *env)
{
	int failed = 0;

	for (size_t i = set->n; i-- > 0; ) {
		struct rs_fix_entry *e = &set->entries[i];
		char why[RS_MSG_LEN] = "";

		if (e->state != RS_FIXS_APPLYING && e->state != RS_FIXS_APPLIED &&
		    e->state != RS_FIXS_UNDO_FAILED)
			continue;
		if (actions[e->kind]->restore(e, env, why, sizeof(why))) {
			e->state = RS_FIXS_UNDO_FAILED;
			RS_STRCPY(e->message, why);
			failed++;
		} else {
			e->state = RS_FIXS_UNDONE;
			e->message[0] = '\0';
		}
		rs_fix_journal_write(env->state_dir, set);
		tell(env, e);
	}
	return failed;
}

int rs_fix_undo(unsigned id, const struct rs_fix_env *env, struct rs_fix_set *set, char *err,
		size_t errlen)
{
	int lock = rs_fix_lock(env->state_dir, err, errlen), ret;

	memset(set, 0, sizeof(*set));
	if (lock < 0)
		return lock;
	if (!id && !(id = last_open(env))) {
		rs_fix_unlock(lock);
		return rs_fix_err(err, errlen, ENOENT, _("no change set to undo in %s"),
				  env->state_dir);
	}
	ret = rs_fix_journal_read(env->state_dir, id, set, err, errlen);
	if (!ret && strcmp(set->root, rs_root()))
		ret = rs_fix_err(err, errlen, EINVAL, _("change set %u was made under root %s, not "
				 "%s: give the same --root"), id, set->root, rs_root());
	if (!ret && !set->undone) {
		set->undone = !undo_entries(set, env);
		ret = rs_fix_journal_write(env->state_dir, set);
		if (ret)
			ret = rs_fix_err(err, errlen, -ret, _("writing the journal: %s"),
					 strerror(-ret));
	}
	rs_fix_unlock(lock);
	if (ret)
		rs_fix_set_free(set);	/* nothing for the caller to show */
	return ret;
}
