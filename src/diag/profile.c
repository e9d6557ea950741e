/* SPDX-License-Identifier: MIT */
/*
 * profile.c - loading a site profile (profile.h) from YAML.
 *
 * Strict: an unknown key, a value of the wrong type or out of range is an
 * error at its line and column, so a typo in a profile is not silently a
 * missing expectation.
 */
#include "diag/profile.h"
#include "i18n.h"
#include "model/ydoc.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int want_scalar(const struct rs_ydoc *d, const struct rs_ynode *v, const char *key,
		       char *err, size_t errlen)
{
	if (v->kind == RS_Y_SCALAR)
		return 0;
	return rs_yerr(d, v, err, errlen, _("'%s' takes a single value"), key);
}

static int get_str(const struct rs_ydoc *d, const struct rs_ynode *v, const char *key,
		   char *dst, size_t size, char *err, size_t errlen)
{
	if (want_scalar(d, v, key, err, errlen))
		return -EINVAL;
	if (strlen(v->text) >= size)
		return rs_yerr(d, v, err, errlen, _("'%s': at most %zu characters"), key, size - 1);
	rs_strlcpy(dst, v->text, size);
	return 0;
}

static int get_num(const struct rs_ydoc *d, const struct rs_ynode *v, const char *key,
		   double lo, double hi, double *out, char *err, size_t errlen)
{
	char *end;

	if (want_scalar(d, v, key, err, errlen))
		return -EINVAL;
	*out = strtod(v->text, &end);
	if (end == v->text || *end || *out < lo || *out > hi)
		return rs_yerr(d, v, err, errlen, _("'%s': '%s' is not a number from %g to %g"), key,
			       v->text, lo, hi);
	return 0;
}

static int get_bool(const struct rs_ydoc *d, const struct rs_ynode *v, const char *key,
		    int *out, char *err, size_t errlen)
{
	static const char *const yes[] = { "true", "yes", "on" }, *const no[] = { "false", "no", "off" };

	if (want_scalar(d, v, key, err, errlen))
		return -EINVAL;
	for (size_t i = 0; i < RS_ARRAY_SIZE(yes); i++) {
		if (!strcmp(v->text, yes[i]))
			return *out = 1, 0;
		if (!strcmp(v->text, no[i]))
			return *out = 0, 0;
	}
	return rs_yerr(d, v, err, errlen, _("'%s': '%s' is not true or false"), key, v->text);
}

static int get_pfc(const struct rs_ydoc *d, const struct rs_ynode *v, int *out, char *err,
		   size_t errlen)
{
	double prio;

	if (v->kind == RS_Y_SCALAR && !strcmp(v->text, "none")) {
		*out = RS_PFC_NONE;
		return 0;
	}
	if (get_num(d, v, "pfc_priority", 0, 7, &prio, err, errlen))
		return rs_yerr(d, v, err, errlen, _("'pfc_priority': a priority 0 to 7, or none"));
	*out = (int)prio;
	return 0;
}

static int get_known_good(const struct rs_ydoc *d, struct rs_profile *p,
			  const struct rs_ynode *v, char *err, size_t errlen)
{
	if (v->kind != RS_Y_SEQ)
		return rs_yerr(d, v, err, errlen, _("'known_good' is a list of entries"));
	for (size_t i = 0; i < v->n; i++) {
		const struct rs_ynode *e = v->items[i];
		struct rs_known_good *k;

		if (e->kind != RS_Y_MAP)
			return rs_yerr(d, e, err, errlen, _("a known_good entry has generation, "
				       "firmware and driver"));
		if (p->n_known_good >= RS_PROFILE_KNOWN_GOOD)
			return rs_yerr(d, e, err, errlen, _("at most %d known_good entries"),
				       RS_PROFILE_KNOWN_GOOD);
		k = &p->known_good[p->n_known_good++];
		for (size_t j = 0; j + 1 < e->n; j += 2) {
			const char *key = e->items[j]->text ? e->items[j]->text : "";
			const struct rs_ynode *val = e->items[j + 1];
			int r;

			if (!strcmp(key, "generation"))
				r = get_str(d, val, key, k->generation, sizeof(k->generation), err, errlen);
			else if (!strcmp(key, "firmware"))
				r = get_str(d, val, key, k->firmware, sizeof(k->firmware), err, errlen);
			else if (!strcmp(key, "driver"))
				r = get_str(d, val, key, k->driver, sizeof(k->driver), err, errlen);
			else
				r = rs_yerr(d, e->items[j], err, errlen, _("unknown key '%s' in a "
					    "known_good entry (generation, firmware, driver)"), key);
			if (r)
				return r;
		}
		if (!k->firmware[0])
			return rs_yerr(d, e, err, errlen, _("a known_good entry needs its firmware"));
	}
	return 0;
}

static int get_modules(const struct rs_ydoc *d, struct rs_profile *p,
		       const struct rs_ynode *v, char *err, size_t errlen)
{
	if (v->kind != RS_Y_SEQ)
		return rs_yerr(d, v, err, errlen, _("'modules' is a list of module names"));
	for (size_t i = 0; i < v->n; i++) {
		const struct rs_ynode *e = v->items[i];
		int r;

		if (p->n_modules >= RS_PROFILE_MODULES)
			return rs_yerr(d, e, err, errlen, _("at most %d modules"), RS_PROFILE_MODULES);
		r = get_str(d, e, "modules", p->modules[p->n_modules], RS_NAME_LEN, err, errlen);
		if (r)
			return r;
		if (!p->modules[p->n_modules][0] ||
		    strspn(p->modules[p->n_modules], "abcdefghijklmnopqrstuvwxyz"
			   "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != strlen(p->modules[p->n_modules]))
			return rs_yerr(d, e, err, errlen, _("'modules': '%s' is not a module name"),
				       p->modules[p->n_modules]);
		p->n_modules++;
	}
	return 0;
}

static int one_key(const struct rs_ydoc *d, struct rs_profile *p, const struct rs_ynode *kn,
		   const struct rs_ynode *v, char *err, size_t errlen)
{
	const char *key = kn->kind == RS_Y_SCALAR ? kn->text : "";
	double x;
	int r;

	if (!strcmp(key, "profile"))
		return get_str(d, v, key, p->name, sizeof(p->name), err, errlen);
	if (!strcmp(key, "description"))
		return get_str(d, v, key, p->description, sizeof(p->description), err, errlen);
	if (!strcmp(key, "mtu")) {
		r = get_num(d, v, key, 576, 65536, &x, err, errlen);
		p->mtu = (unsigned)x;
		return r;
	}
	if (!strcmp(key, "pfc_priority"))
		return get_pfc(d, v, &p->pfc_priority, err, errlen);
	if (!strcmp(key, "trust")) {
		r = get_str(d, v, key, p->trust, sizeof(p->trust), err, errlen);
		if (!r && strcmp(p->trust, "dscp") && strcmp(p->trust, "pcp"))
			return rs_yerr(d, v, err, errlen, _("'trust': dscp or pcp, not '%s'"), p->trust);
		return r;
	}
	if (!strcmp(key, "ecn"))
		return get_bool(d, v, key, &p->ecn, err, errlen);
	if (!strcmp(key, "link_speed_gbps"))
		return get_num(d, v, key, 1, 3200, &p->link_speed_gbps, err, errlen);
	if (!strcmp(key, "bandwidth_floor_gbps"))
		return get_num(d, v, key, 0.001, 3200, &p->bandwidth_floor_gbps, err, errlen);
	if (!strcmp(key, "known_good"))
		return get_known_good(d, p, v, err, errlen);
	if (!strcmp(key, "roce_tos")) {
		r = get_num(d, v, key, 0, 255, &x, err, errlen);
		if (!r && x != (int)x)
			return rs_yerr(d, v, err, errlen, _("'roce_tos': a whole number"));
		p->roce_tos = (int)x;
		return r;
	}
	if (!strcmp(key, "hugepages")) {
		r = get_num(d, v, key, 1, 16777216, &x, err, errlen);
		if (!r && x != (unsigned long)x)
			return rs_yerr(d, v, err, errlen, _("'hugepages': a whole number"));
		p->hugepages = (unsigned long)x;
		return r;
	}
	if (!strcmp(key, "modules"))
		return get_modules(d, p, v, err, errlen);
	return rs_yerr(d, kn, err, errlen, _("unknown key '%s' (profile, description, mtu, "
		       "pfc_priority, trust, ecn, roce_tos, hugepages, modules, link_speed_gbps, "
		       "bandwidth_floor_gbps, known_good)"), key);
}

void rs_profile_init(struct rs_profile *p, const char *name)
{
	memset(p, 0, sizeof(*p));
	p->pfc_priority = RS_PFC_UNSET;
	p->ecn = -1;
	p->roce_tos = -1;
	RS_STRCPY(p->name, name);
}

static int from_doc(struct rs_profile *p, const struct rs_ydoc *d, char *err, size_t errlen)
{
	const struct rs_ynode *root = d->root;

	rs_profile_init(p, "");
	RS_STRCPY(p->path, d->name);
	if (!root || root->kind != RS_Y_MAP)
		return rs_yerr(d, root, err, errlen, _("a profile is a mapping of keys to values"));
	for (size_t i = 0; i + 1 < root->n; i += 2) {
		int r = one_key(d, p, root->items[i], root->items[i + 1], err, errlen);

		if (r)
			return r;
	}
	if (!p->name[0])
		return rs_yerr(d, root, err, errlen, _("the profile has no name (profile: NAME)"));
	return 0;
}

int rs_profile_parse(struct rs_profile *p, const char *buf, size_t len, const char *name,
		     char *err, size_t errlen)
{
	struct rs_ydoc d;
	int r = rs_ydoc_parse(&d, buf, len, name, err, errlen);

	if (!r)
		r = from_doc(p, &d, err, errlen);
	rs_ydoc_free(&d);
	return r;
}

int rs_profile_load(struct rs_profile *p, const char *path, char *err, size_t errlen)
{
	struct rs_ydoc d;
	int r = rs_ydoc_load_file(&d, path, err, errlen);

	if (!r)
		r = from_doc(p, &d, err, errlen);
	rs_ydoc_free(&d);
	return r;
}

int rs_profile_set(struct rs_profile *p, const char *key, const char *value, char *err,
		   size_t errlen)
{
	struct rs_ydoc d;
	char *doc;
	int r;

	/* Only plain values: the text becomes one line of YAML. */
	if (!value[0] || strpbrk(value, "\n\r:#{}[],&*!|>'\"%@`") || strpbrk(key, "\n\r: ")) {
		snprintf(err, errlen, _("%s=%s: a plain value (a number, a word)"), key, value);
		return -EINVAL;
	}
	/* modules=NAME adds one module to the list. */
	doc = !strcmp(key, "modules") ? rs_xasprintf("%s: [%s]\n", key, value) :
	      rs_xasprintf("%s: %s\n", key, value);
	r = rs_ydoc_parse(&d, doc, strlen(doc), "--set", err, errlen);
	if (!r && d.root && d.root->kind == RS_Y_MAP && d.root->n == 2 &&
	    strcmp(key, "profile") && strcmp(key, "known_good"))
		r = one_key(&d, p, d.root->items[0], d.root->items[1], err, errlen);
	else if (!r)
		r = rs_yerr(&d, d.root, err, errlen, _("'%s' cannot be set on the command line"), key);
	rs_ydoc_free(&d);
	free(doc);
	return r;
}
