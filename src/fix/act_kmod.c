/* SPDX-License-Identifier: MIT */
/*
 * act_kmod.c - loading a kernel module with libkmod, as modprobe does
 * (the module's dependencies first, its options from modprobe.d), and
 * unloading what that load brought in on undo.
 *
 * Before the load a dry run lists every module it would insert; the
 * journal keeps that list, so undo removes exactly those (last first) and
 * only while nothing uses them - a module another holds stays, said so.
 * An `install` command in modprobe.d is not run: that is a site's own
 * script, for a person to run with modprobe.
 */
#include "fix/fix_priv.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libkmod.h>

/* What a dry run would insert (print_action has no argument of its own). */
static char (*dry_names)[RS_NAME_LEN];
static size_t dry_n, dry_max;

/* Called for every module the load would insert (install: it would run
 * a modprobe.d install command instead, which refuse_install stops). */
static void on_action(struct kmod_module *m, bool install, const char *options)
{
	if (dry_n < dry_max)
		rs_strlcpy(dry_names[dry_n++], kmod_module_get_name(m), RS_NAME_LEN);
}

static int refuse_install(struct kmod_module *m, const char *cmdline, void *data)
{
	return -EPERM;
}

static struct kmod_ctx *ctx_open(char *err, size_t errlen, int *ret)
{
	struct kmod_ctx *ctx = kmod_new(NULL, NULL);

	if (!ctx) {
		*ret = rs_fix_err(err, errlen, ENOMEM, "libkmod: cannot start (no modules "
				  "directory for this kernel?)");
		return NULL;
	}
	*ret = kmod_load_resources(ctx);
	if (*ret < 0) {
		kmod_unref(ctx);
		*ret = rs_fix_err(err, errlen, -*ret, "libkmod: %s", strerror(-*ret));
		return NULL;
	}
	*ret = 0;
	return ctx;
}

static int loaded(const struct kmod_module *m)
{
	int st = kmod_module_get_initstate(m);

	return st == KMOD_MODULE_LIVE || st == KMOD_MODULE_BUILTIN || st == KMOD_MODULE_COMING;
}

static int module_read(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
		       size_t errlen)
{
	char names[16][RS_NAME_LEN];
	struct kmod_module *m;
	size_t used = 0;
	int ret;
	struct kmod_ctx *ctx = ctx_open(err, errlen, &ret);

	if (!ctx)
		return ret;
	ret = kmod_module_new_from_name(ctx, e->target, &m);
	if (ret < 0) {
		kmod_unref(ctx);
		return rs_fix_err(err, errlen, -ret, "module %s: %s", e->target, strerror(-ret));
	}
	RS_STRCPY(e->old, loaded(m) ? "loaded" : "not loaded");
	dry_names = names;
	dry_n = 0;
	dry_max = RS_ARRAY_SIZE(names);
	ret = kmod_module_probe_insert_module(m, KMOD_PROBE_DRY_RUN, NULL, refuse_install, NULL,
					      on_action);
	for (size_t i = 0; i < dry_n; i++)
		used += (size_t)snprintf(e->undo + used, used < sizeof(e->undo) ?
					 sizeof(e->undo) - used : 0, "%s%s", i ? " " : "",
					 names[i]);
	dry_names = NULL;
	kmod_module_unref(m);
	kmod_unref(ctx);
	if (ret < 0)
		return rs_fix_err(err, errlen, -ret, "module %s: %s", e->target,
				  ret == -EPERM ? "modprobe.d runs an install command for it: "
				  "load it with modprobe" : ret == -ENOENT ?
				  "not found among this kernel's modules" : strerror(-ret));
	return 0;
}

static int module_apply(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
			size_t errlen)
{
	struct kmod_module *m;
	int ret;
	struct kmod_ctx *ctx = ctx_open(err, errlen, &ret);

	if (!ctx)
		return ret;
	ret = kmod_module_new_from_name(ctx, e->target, &m);
	if (ret >= 0) {
		ret = kmod_module_probe_insert_module(m, 0, NULL, refuse_install, NULL, NULL);
		kmod_module_unref(m);
	}
	kmod_unref(ctx);
	if (ret < 0)
		return rs_fix_err(err, errlen, ret < 0 ? -ret : EIO, "loading %s: %s", e->target,
				  strerror(ret < 0 ? -ret : EIO));
	return 0;
}

/* Remove one module the load brought in, if it is there and unused. */
static int remove_one(struct kmod_ctx *ctx, const char *name, char *err, size_t errlen)
{
	struct kmod_module *m;
	int ret = kmod_module_new_from_name(ctx, name, &m);

	if (ret < 0)
		return rs_fix_err(err, errlen, -ret, "module %s: %s", name, strerror(-ret));
	if (!loaded(m))
		ret = 0;
	else if (kmod_module_get_refcnt(m) > 0)
		ret = rs_fix_err(err, errlen, EBUSY, "%s is in use (%d users): left loaded",
				 name, kmod_module_get_refcnt(m));
	else if ((ret = kmod_module_remove_module(m, 0)) < 0)
		ret = rs_fix_err(err, errlen, -ret, "unloading %s: %s", name, strerror(-ret));
	kmod_module_unref(m);
	return ret;
}

static int module_restore(struct rs_fix_entry *e, const struct rs_fix_env *env, char *err,
			  size_t errlen)
{
	char list[RS_FIX_VAL_LEN];
	int ret = 0, r;
	struct kmod_ctx *ctx;

	if (!strcmp(e->old, "loaded") || !e->undo[0])
		return 0;
	ctx = ctx_open(err, errlen, &r);
	if (!ctx)
		return r;
	RS_STRCPY(list, e->undo);
	/* The dry run listed dependencies first: remove from the end. */
	for (char *sp; list[0]; ) {
		sp = strrchr(list, ' ');
		r = remove_one(ctx, sp ? sp + 1 : list, err, errlen);
		ret = ret ? ret : r;
		if (!sp)
			break;
		*sp = '\0';
	}
	kmod_unref(ctx);
	return ret;
}

const struct rs_fix_action rs_fix_act_module = {
	.read = module_read, .apply = module_apply, .restore = module_restore,
};
