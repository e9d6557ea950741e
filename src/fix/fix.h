/* SPDX-License-Identifier: MIT */
/*
 * fix.h - `rocescope fix`: from a finding to a change of the host, and
 * back.
 *
 * A plan is a list of steps, each one change of one thing: a netdev's MTU,
 * a procfs/sysfs/configfs value, a hand-set neighbour entry, a route to
 * the peer, a kernel module, PFC or the trust mode (DCB netlink), 802.3x
 * pause (ethtool), one of our own files in /etc.  rs_fix_plan_build() builds it
 * from the findings and the snapshot alone (pure: plan.c and its rules),
 * with the current value as the snapshot saw it, the new value, the
 * command a person would type for the same change and whether it lasts
 * across a reboot.  A value only the site knows (the MTU, the RoCE
 * priority, how many huge pages) comes from the site profile; without it
 * the step is there but blocked, saying which key to give.
 *
 * rs_fix_apply() makes the changes in order through the same libraries the
 * collectors read with (libnl, the ethtool ioctl, DCB netlink, libkmod,
 * files), never by running a tool.  Before each change the journal of the
 * change set (journal.c) is written atomically with the value read just
 * then, so an apply that is killed half way can be undone; rs_fix_undo()
 * puts every value back from the journal, last change first.  One fix runs
 * at a time (a lock in the state directory).
 */
#ifndef RS_FIX_H
#define RS_FIX_H

#include <stddef.h>

#include "diag/check.h"
#include "snapshot.h"

#define RS_FIX_VAL_LEN 512

/* What a step changes, in the order a plan applies them. */
enum rs_fix_kind {
	RS_FIX_MODULE = 0,	/* load a kernel module (libkmod) */
	RS_FIX_MTU,		/* a netdev's MTU (rtnl_link_change) */
	RS_FIX_VALUE,		/* one procfs/sysfs/configfs file's value */
	RS_FIX_NEIGH,		/* remove a hand-set (PERMANENT) neighbour entry */
	RS_FIX_ROUTE,		/* a host route to the peer through the RDMA netdev */
	RS_FIX_PFC,		/* PFC priorities (DCB netlink IEEE_SET) */
	RS_FIX_TRUST,		/* DSCP trust: the DSCP APP entries (DCB netlink) */
	RS_FIX_PAUSE,		/* 802.3x pause (ETHTOOL_SPAUSEPARAM) */
	RS_FIX_FILE,		/* one of our files in /etc, written whole */
	RS_FIX_KINDS,
};


struct rs_fix_step {
	const char *check;		/* the check whose finding it fixes (static) */
	char object[RS_TEXT_LEN];	/* that finding's object */
	enum rs_fix_kind kind;
	char what[RS_MSG_LEN];		/* "a0 MTU", "net.ipv4.conf.a0.rp_filter" */
	char netdev[RS_NAME_LEN];	/* the interface it changes, "" none */
	char netdev_old[RS_NAME_LEN];	/* ROUTE: the interface the route leaves by now */
	char also[RS_MSG_LEN];		/* other checks it answers for the same object */
	/* The target, by kind: MTU/PFC/TRUST/PAUSE: netdev; VALUE/FILE: a path
	 * (under the root); NEIGH: "dev ip"; ROUTE: peer; MODULE: name. */
	char target[RS_MSG_LEN];
	char arg[RS_MSG_LEN];		/* ROUTE: "dev NETDEV src ADDR" */
	char cur[RS_FIX_VAL_LEN];	/* what the snapshot saw */
	char want[RS_FIX_VAL_LEN];	/* the new value (FILE: the lines ours will hold) */
	char command[RS_FIX_VAL_LEN + 64];	/* what a person would type */
	int persists;			/* lasts across a reboot (with its file step) */
	char persist[RS_MSG_LEN];	/* how it lasts, or why it does not */
	char blocked[RS_MSG_LEN];	/* "" planned; else why it cannot be */
	const char *need;		/* blocked for want of this profile key ("mtu"), or NULL */
	size_t order;			/* planned order, for a stable sort */
	/* FILE: the file's kind (RS_FIX_*_FILE names it); the lines are in want */
	int file_kind;
};

struct rs_fix_line;			/* plan_files.c: a line one of our files must hold */

struct rs_fix_plan {
	struct rs_fix_step *steps;
	size_t n;
	struct rs_fix_line *lines;	/* collected while planning */
	size_t n_lines;
};

/* What only the site knows, and what the plan may touch. */
struct rs_fix_opts {
	const struct rs_profile *profile;	/* the site profile (may be NULL) */
	const char *const *checks;	/* only findings of these check ids (NULL: all) */
	const char *const *objects;	/* and, beside each, of this object (NULL: any) */
	size_t n_checks;
	const char *peer;		/* --peer IP, or NULL */
	const char *object;		/* only findings about this object (NULL: any) */
};

/* The plan for the findings of snap (problems only, rules by check id).
 * Replaces plan's content; returns the number of steps. */
size_t rs_fix_plan_build(struct rs_fix_plan *plan, const struct rs_snapshot *snap,
			 const struct rs_findings *findings, const struct rs_fix_opts *o);
void rs_fix_plan_free(struct rs_fix_plan *plan);
/* After rs_fix_plan_finding() calls: the file steps their lines make. */
void rs_fix_files_done(struct rs_fix_plan *plan);
/* Steps that are planned (not blocked). */
size_t rs_fix_plan_ready(const struct rs_fix_plan *plan);
/* 1 when some rule of fix.h can change what check id finds. */
int rs_fix_has_rule(const char *check);
/* The steps for one finding, appended to plan (the console's cause). */
void rs_fix_plan_finding(struct rs_fix_plan *plan, const struct rs_snapshot *snap,
			 const struct rs_finding *f, const struct rs_fix_opts *o);

const char *rs_fix_kind_name(enum rs_fix_kind k);	/* "mtu", "value", ... */
int rs_fix_kind_parse(const char *name, enum rs_fix_kind *k);

/* ------------------------------------------------------------ applying */

/* One change as the journal keeps it. */
enum rs_fix_state {
	RS_FIXS_PENDING = 0,	/* not reached yet */
	RS_FIXS_APPLYING,	/* journaled, the change may or may not have happened */
	RS_FIXS_APPLIED,
	RS_FIXS_FAILED,		/* tried and refused: nothing changed (an action that
				 * changed something before failing puts it back) */
	RS_FIXS_SKIPPED,	/* not tried: the value could not be read first */
	RS_FIXS_UNDONE,
	RS_FIXS_UNDO_FAILED,
};

struct rs_fix_entry {
	enum rs_fix_kind kind;
	char check[RS_NAME_LEN];
	char object[RS_TEXT_LEN];
	char what[RS_MSG_LEN];
	char netdev[RS_NAME_LEN];
	char target[RS_MSG_LEN];
	char arg[RS_MSG_LEN];
	char old[RS_FIX_VAL_LEN];	/* the value read just before the change */
	char want[RS_FIX_VAL_LEN];
	char undo[RS_FIX_VAL_LEN];	/* what else undo needs (the route added, the modules) */
	char also[RS_MSG_LEN];		/* other checks it answers for the same object */
	enum rs_fix_state state;
	char message[RS_MSG_LEN];	/* why it failed, or what it did */
};

/* A change set: the journal of one apply. */
struct rs_fix_set {
	unsigned id;
	char started[RS_NAME_LEN];	/* ISO 8601 UTC */
	char who[RS_TEXT_LEN];		/* "root (uid 0) from 10.0.0.5 port 51012" */
	char command[RS_MSG_LEN];	/* how rocescope was run */
	char root[RS_TEXT_LEN];		/* the --root it ran under, "/" live */
	int undone;			/* 1 once --undo finished it */
	struct rs_fix_entry *entries;
	size_t n;
};

void rs_fix_set_free(struct rs_fix_set *set);
/* The members every JSON form of a change set starts with: id, started,
 * who, command (the journal's, and fix --json's). */
struct rs_json;
void rs_fix_json_head(struct rs_json *j, const struct rs_fix_set *set);
/* The same for a change: kind, check, object, what. */
void rs_fix_json_entry_head(struct rs_json *j, const struct rs_fix_entry *e);

/* Where state lives and how an apply behaves. */
struct rs_fix_env {
	char state_dir[4096];		/* the journal's directory */
	int force;			/* --force: the SSH interface, no path probe */
	const char *peer;		/* for the DF probe of MTU changes */
	char ssh_netdev[RS_NAME_LEN];	/* the interface of the user's SSH session, "" */
	char ssh_client[RS_ADDR_LEN];
	const char *argv0;		/* the command line, for the journal */
	int argc;
	char *const *argv;
	/* How far each change got, as it happens (the CLI prints it). */
	void (*progress)(const struct rs_fix_entry *e, void *arg);
	void *progress_arg;
};

/*
 * The state directory: --state-dir, else $RS_STATE_DIR, else
 * ROOT/var/lib/rocescope.  It is made (0700) if missing; a symlink or a
 * directory others may write into is refused.  0 or -errno, why in err.
 */
int rs_fix_state_dir(char *buf, size_t len, const char *given, char *err, size_t errlen);

/*
 * What the plan needs that this process does not have (root, or
 * CAP_NET_ADMIN / CAP_SYS_MODULE / write access under the root), and the
 * steps the SSH rule refuses: 0 when it may go on, -EPERM with why in err.
 * Blocked steps (set here too: "refused: ...") are skipped by the apply.
 */
int rs_fix_preflight(struct rs_fix_plan *plan, const struct rs_fix_env *env, char *err,
		     size_t errlen);
/* The interface the SSH session of SSH_CONNECTION reaches its client by. */
void rs_fix_ssh_netdev(struct rs_fix_env *env);

/*
 * Apply the ready steps in order under the lock; the journal is set->id in
 * env->state_dir.  Returns 0 when the set ran (each entry's state says how
 * it went), -EBUSY when another fix holds the lock, -errno otherwise (err).
 */
int rs_fix_apply(const struct rs_fix_plan *plan, const struct rs_fix_env *env,
		 struct rs_fix_set *set, char *err, size_t errlen);
/*
 * Undo change set id (0: the last one not undone yet), last change first,
 * from the values in its journal.  -ENOENT when there is none.
 */
int rs_fix_undo(unsigned id, const struct rs_fix_env *env, struct rs_fix_set *set, char *err,
		size_t errlen);
/* The change sets in the state directory, oldest first (set->entries kept). */
int rs_fix_list(const struct rs_fix_env *env, struct rs_fix_set **sets, size_t *n, char *err,
		size_t errlen);

const char *rs_fix_state_name(enum rs_fix_state s);
/* The old (which 0) or new (1) value of a change as a person reads it:
 * "PERMANENT 02:00:00:00:00:99", "absent", "3 lines", "dev w0". */
void rs_fix_entry_value(const struct rs_fix_entry *e, int which, char *buf, size_t len);

#endif
