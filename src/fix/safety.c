/* SPDX-License-Identifier: MIT */
/*
 * safety.c - what is checked before anything changes.
 *
 * - Under a fixture root (--root DIR) only files under DIR change: a
 *   netlink message, an ioctl or a module would act on this host instead.
 * - The interface that carries the user's own SSH session (the route to
 *   the client of $SSH_CONNECTION) is not touched without --force: an MTU,
 *   a route or a neighbour there can cut the session that would undo it.
 * - An MTU change is probed with a DF ping to the peer (act_nl.c), so it
 *   needs --peer through that interface, or --force.
 * - A file in /etc that is not ours is left alone.
 * - The privileges the remaining steps need are there: CAP_NET_ADMIN for
 *   netlink, ioctl and the network sysctls, CAP_SYS_MODULE for modules,
 *   write access to each file.  Missing ones stop the whole fix before it
 *   starts (root, or the capability, is asked for by name).
 */
#include "collect/route.h"
#include "fix/fix_priv.h"
#include "util.h"

#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

void rs_fix_ssh_netdev(struct rs_fix_env *env)
{
	const char *conn = getenv("SSH_CONNECTION");
	struct rs_route_lookup lk;

	env->ssh_netdev[0] = env->ssh_client[0] = '\0';
	if (!conn || sscanf(conn, "%47s", env->ssh_client) != 1)
		return;
	if (!rs_net_route_get(&lk, env->ssh_client) && lk.ok)
		RS_STRCPY(env->ssh_netdev, lk.dev);
}

static int live_kind(enum rs_fix_kind k)
{
	return k != RS_FIX_VALUE && k != RS_FIX_FILE;
}

static void block_step(struct rs_fix_step *st, const struct rs_fix_env *env)
{
	struct rs_route_lookup lk;
	char path[4096], text[RS_FIX_VAL_LEN];
	int ours = 1;

	if (strcmp(rs_root(), "/") && live_kind(st->kind)) {
		rs_fix_block(st, _("a fixture root (--root %s): only files under it change; this "
			     "would change this host instead"), rs_root());
		return;
	}
	if (env->ssh_netdev[0] && !env->force && (!strcmp(st->netdev, env->ssh_netdev) ||
						  !strcmp(st->netdev_old, env->ssh_netdev))) {
		rs_fix_block(st, _("refused: %s carries your SSH session (from %s); --force to "
			     "change it anyway"), env->ssh_netdev, env->ssh_client);
		return;
	}
	if (st->kind == RS_FIX_MTU && !env->force &&
	    (!env->peer || rs_net_route_get(&lk, env->peer) || !lk.ok ||
	     strcmp(lk.dev, st->target))) {
		rs_fix_block(st, _("an MTU change is probed first with a DF ping to the peer: give "
			     "--peer IP (a peer reached through %s), or --force"), st->target);
		return;
	}
	if (st->kind == RS_FIX_FILE && !rs_path(path, sizeof(path), "%s", st->target) &&
	    !rs_fix_read_file(path, text, sizeof(text), NULL))
		ours = rs_fix_file_is_ours(text);
	if (!ours)
		rs_fix_block(st, _("%s exists and rocescope did not write it: left as it is (add "
			     "these lines by hand)"), path);
}

static int have_cap(int cap)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data))
		return 0;
	return (data[cap / 32].effective >> (cap % 32)) & 1;
}

/* Whether this process may write the step's file (or create it). */
static int may_write(const struct rs_fix_step *st)
{
	char path[4096], *slash;

	if (rs_path(path, sizeof(path), "%s", st->target))
		return 0;
	if (!access(path, W_OK))
		return 1;
	/* A file of ours not there yet, maybe not its directories either: the
	 * first one that is there must take them. */
	while (st->kind == RS_FIX_FILE && errno == ENOENT && (slash = strrchr(path, '/')) &&
	       slash != path) {
		*slash = '\0';
		if (!access(path, W_OK))
			return 1;
	}
	return 0;
}

static const char *need_of(const struct rs_fix_step *st)
{
	if (st->kind == RS_FIX_MODULE)
		return have_cap(CAP_SYS_MODULE) ? NULL : "CAP_SYS_MODULE";
	if (live_kind(st->kind))
		return have_cap(CAP_NET_ADMIN) ? NULL : "CAP_NET_ADMIN";
	if (!strncmp(st->target, "/proc/sys/net/", 14) && !strcmp(rs_root(), "/") &&
	    !have_cap(CAP_NET_ADMIN))
		return "CAP_NET_ADMIN";
	return may_write(st) ? NULL : _("write access");
}

int rs_fix_preflight(struct rs_fix_plan *plan, const struct rs_fix_env *env, char *err,
		     size_t errlen)
{
	/* Each privilege once, with the first change that needs it. */
	struct { const char *need, *what; size_t n; } t[4];
	size_t nt = 0, used = 0;

	for (size_t i = 0; i < plan->n; i++)
		if (!plan->steps[i].blocked[0])
			block_step(&plan->steps[i], env);
	for (size_t i = 0; i < plan->n; i++) {
		const struct rs_fix_step *st = &plan->steps[i];
		const char *need = st->blocked[0] ? NULL : need_of(st);
		size_t k = 0;

		while (need && k < nt && strcmp(t[k].need, need))
			k++;
		if (!need || k == RS_ARRAY_SIZE(t))
			continue;
		if (k == nt)
			t[nt++] = (typeof(t[0])){ need, st->what, 0 };
		t[k].n++;
	}
	err[0] = '\0';
	for (size_t k = 0; k < nt && used < errlen; k++)
		/* TRANSLATORS: a list of privileges: the first %s is ", " between
		 * two of them (or nothing), then the privilege (CAP_NET_ADMIN), the
		 * first change that needs it and how many more do. */
		used += (size_t)snprintf(err + used, errlen - used, t[k].n > 1 ?
					 _("%s%s (for %s and %zu more)") : _("%s%s (for %s)"),
					 k ? ", " : "", t[k].need, t[k].what, t[k].n - 1);
	if (!nt)
		return 0;
	if (used < errlen && getuid())
		snprintf(err + used, errlen - used, _(": run as root (uid %ld here)"),
			 (long)getuid());
	return -EPERM;
}
