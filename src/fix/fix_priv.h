/* SPDX-License-Identifier: MIT */
/*
 * fix_priv.h - what the files of src/fix/ share: the rules' helpers
 * (plan.c, plan_host.c, plan_files.c), the actions that change one kind of
 * thing (act_*.c), the journal (journal.c) and the atomic file writer.
 * Not for use outside src/fix/ and its tests.
 */
#ifndef RS_FIX_PRIV_H
#define RS_FIX_PRIV_H

#include "fix/fix.h"

#include <stdarg.h>

typedef void (*rs_fix_rule_fn)(struct rs_fix_plan *plan, const struct rs_snapshot *s,
			       const struct rs_finding *f, const struct rs_fix_opts *o);

/* A new step for finding f changing target, or NULL when a step of this
 * kind already changes it. */
struct rs_fix_step *rs_fix_step_new(struct rs_fix_plan *plan, const struct rs_finding *f,
				    enum rs_fix_kind kind, const char *target);
void rs_fix_block(struct rs_fix_step *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* 1 when the main table has a route to exactly dst ("10.0.0.2/32"). */
int rs_fix_route_exists(const struct rs_snapshot *s, const char *dst);

/* plan_host.c: the host and QoS rules. */
void rs_fix_rule_module(struct rs_fix_plan *, const struct rs_snapshot *,
			const struct rs_finding *, const struct rs_fix_opts *);
void rs_fix_rule_hugepages(struct rs_fix_plan *, const struct rs_snapshot *,
			   const struct rs_finding *, const struct rs_fix_opts *);
void rs_fix_rule_memlock(struct rs_fix_plan *, const struct rs_snapshot *,
			 const struct rs_finding *, const struct rs_fix_opts *);
void rs_fix_rule_cm(struct rs_fix_plan *, const struct rs_snapshot *,
		    const struct rs_finding *, const struct rs_fix_opts *);
void rs_fix_rule_ecn(struct rs_fix_plan *, const struct rs_snapshot *,
		     const struct rs_finding *, const struct rs_fix_opts *);
void rs_fix_rule_pfc(struct rs_fix_plan *, const struct rs_snapshot *,
		     const struct rs_finding *, const struct rs_fix_opts *);
void rs_fix_rule_trust(struct rs_fix_plan *, const struct rs_snapshot *,
		       const struct rs_finding *, const struct rs_fix_opts *);
void rs_fix_rule_pause(struct rs_fix_plan *, const struct rs_snapshot *,
		       const struct rs_finding *, const struct rs_fix_opts *);

/* ------------------------------------------------ our files in /etc */

/* The files rocescope writes (whole, and only when they are its own). */
enum rs_fix_file {
	RS_FIX_SYSCTL_FILE = 0,		/* /etc/sysctl.d/90-rocescope.conf */
	RS_FIX_LIMITS_FILE,		/* /etc/security/limits.d/90-rocescope-memlock.conf */
	RS_FIX_MODULES_FILE,		/* /etc/modules-load.d/rocescope.conf */
	RS_FIX_FILES,
};
/* The first line of every file we write: how we know a file is ours. */
#define RS_FIX_MARKER "# Written by rocescope fix: rocescope fix --undo restores the previous content."

const char *rs_fix_file_path(enum rs_fix_file f);
/*
 * Step st lasts across a reboot through a line of file f: key (the
 * setting's name, how two lines are the same setting) and the line.  st
 * NULL: the line is the change itself (memlock; set its .finding).
 */
struct rs_fix_line {
	enum rs_fix_file file;
	char key[RS_MSG_LEN];
	char line[RS_MSG_LEN];
	size_t step;			/* index of the step it makes last, or (size_t)-1 */
	const struct rs_finding *finding;	/* st NULL: the finding it answers */
};
void rs_fix_persist_line(struct rs_fix_plan *plan, struct rs_fix_step *st, enum rs_fix_file f,
			 const char *key, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* One FILE step per file that got lines (the end of rs_fix_plan_build). */
void rs_fix_files_finish(struct rs_fix_plan *plan);
/*
 * The whole new content of our file f: the marker, the lines it held
 * (old, "" when absent) with each line of lines ("\n"-separated) replacing
 * the one of the same key, or added.  A file whose first line is not the
 * marker is not ours: -EPERM.
 */
int rs_fix_file_merge(enum rs_fix_file f, const char *old, int exists, const char *lines,
		      char *out, size_t len);
/* 1 when text starts with our marker line. */
int rs_fix_file_is_ours(const char *text);

/*
 * Write a whole file through the program's safe writer (util_out.h:
 * rs_out_replace_*, never through a symlink, atomically), with mode.
 * 0 or -errno, why in err.
 */
int rs_fix_write_file(const char *path, const char *data, size_t len, unsigned mode,
		      char *err, size_t errlen);
/* Read a whole small file (not following a symlink); -ENOENT when absent. */
int rs_fix_read_file(const char *path, char *buf, size_t len, size_t *got);

/* ------------------------------------------------------------ actions */

/*
 * One kind of change.  read() takes the value now into e->old (and what
 * undo needs besides into e->undo), before anything changes; apply()
 * makes the change to e->want; restore() puts e->old back - and is safe to
 * run whether or not the change happened (an apply killed half way).
 */
struct rs_fix_action {
	int (*read)(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		    size_t errlen);
	int (*apply)(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		     size_t errlen);
	int (*restore)(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		       size_t errlen);
};

extern const struct rs_fix_action rs_fix_act_module;	/* act_kmod.c */
extern const struct rs_fix_action rs_fix_act_mtu;	/* act_nl.c */
extern const struct rs_fix_action rs_fix_act_neigh;
extern const struct rs_fix_action rs_fix_act_route;
extern const struct rs_fix_action rs_fix_act_value;	/* act_file.c */
extern const struct rs_fix_action rs_fix_act_file;
extern const struct rs_fix_action rs_fix_act_pfc;	/* act_qos.c */
extern const struct rs_fix_action rs_fix_act_trust;
extern const struct rs_fix_action rs_fix_act_pause;

/* A route netlink socket (act_nl.c): NULL with *ret and err set. */
struct nl_sock;
struct nl_sock *rs_fix_nl_open(char *err, size_t errlen, int *ret);

/* snprintf into err; returns -e (e a positive errno). */
int rs_fix_err(char *err, size_t errlen, int e, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* ------------------------------------------------------------ journal */

/* Hold the state directory's lock (flock, non-blocking): fd, or -EBUSY. */
int rs_fix_lock(const char *state_dir, char *err, size_t errlen);
void rs_fix_unlock(int fd);
/* The next change set's id (one more than the largest there). */
unsigned rs_fix_next_id(const char *state_dir);
/* Write the journal of set, whole and atomically.  0 or -errno. */
int rs_fix_journal_write(const char *state_dir, const struct rs_fix_set *set);
/* Read the journal of change set id.  0, -ENOENT, or -EINVAL (err). */
int rs_fix_journal_read(const char *state_dir, unsigned id, struct rs_fix_set *set,
			char *err, size_t errlen);

#endif
