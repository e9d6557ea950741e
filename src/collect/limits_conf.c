/* SPDX-License-Identifier: MIT */
/*
 * limits_conf.c - evaluate limits.conf / limits.d the way pam_limits does,
 * for one item (memlock, soft) and one user: the one running rocescope.
 *
 * The rules follow Linux-PAM's pam_limits (limits.conf(5)):
 *   - /etc/security/limits.conf first, then /etc/security/limits.d/ *.conf
 *     in strcmp order of the file name (pam sorts in the C locale; "10-x"
 *     comes before "9-x"), dot files excluded as glob excludes them;
 *   - a line is "<domain> <type> <item> <value>", '#' starts a comment,
 *     anything else (blank, garbage, 3 fields) is skipped;
 *   - type "soft" or "-" (both) sets the soft limit; item and value are
 *     case-insensitive;
 *   - the domain matches as the user's name, "@group" (or "@gid-range"), a
 *     uid range "min:max", or "*"; "%" domains are for maxlogins only;
 *   - a user-specific line beats a group line beats "*": a later line wins
 *     only if its domain is at least as specific (pam's src_soft test);
 *   - "-1", "-", "unlimited", "infinity" mean unlimited; a number is KiB;
 *   - a two-field "<domain> -" line that matches means "no limits for this
 *     user": pam stops reading and sets nothing.
 * Under a fixture root the user's name and groups come from the root's
 * etc/passwd and etc/group (the uid is ours); live they come from NSS.
 */
#include "collect/host_limits.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Smaller is more specific, as pam_limits' LIMITS_DEF_* values. */
enum { SRC_USER = 0, SRC_GROUP = 1, SRC_DEFAULT = 4, SRC_NONE = 9 };

struct who {
	char name[256];
	uid_t uid;
	gid_t gid;		/* primary group */
	int live;		/* this process's user, not the fixture root's */
};

struct memlock_conf {
	int src;
	char value[RS_TEXT_LEN];
	char file[RS_TEXT_LEN];
	int stop;		/* a "<domain> -" line matched */
};

/* Field i (0-based) of a colon-separated line, copied into buf. */
static int colon_field(const char *line, int i, char *buf, size_t len)
{
	const char *p = line, *end;

	while (i-- > 0) {
		p = strchr(p, ':');
		if (!p)
			return -1;
		p++;
	}
	end = strcspn(p, ":\n") + p;
	if ((size_t)(end - p) >= len)
		return -1;
	memcpy(buf, p, end - p);
	buf[end - p] = '\0';
	return 0;
}

static void who_from_root(struct who *w)
{
	char line[1024], f[256];
	FILE *fp;
	char path[4096];

	if (rs_path(path, sizeof(path), "/etc/passwd") || !(fp = rs_fopen_read(path)))
		return;
	while (fgets(line, sizeof(line), fp)) {
		if (colon_field(line, 2, f, sizeof(f)) || strtoul(f, NULL, 10) != w->uid)
			continue;
		colon_field(line, 0, w->name, sizeof(w->name));
		if (!colon_field(line, 3, f, sizeof(f)))
			w->gid = (gid_t)strtoul(f, NULL, 10);
		break;
	}
	fclose(fp);
}

static void who_am_i(struct who *w, int live)
{
	struct passwd *pw;

	memset(w, 0, sizeof(*w));
	w->uid = geteuid();
	w->gid = getegid();
	pw = getpwuid(w->uid);
	if (pw) {
		RS_STRCPY(w->name, pw->pw_name);
		w->gid = pw->pw_gid;
	}
	w->live = live;
	if (!live)
		who_from_root(w);
}

/* Is the user in the group named (or numbered, by_gid) so? */
static int in_group_root(const struct who *w, const char *name, long gid)
{
	char line[4096], f[256], path[4096];
	int found = 0;
	FILE *fp;

	if (rs_path(path, sizeof(path), "/etc/group") || !(fp = rs_fopen_read(path)))
		return 0;
	while (!found && fgets(line, sizeof(line), fp)) {
		char *members, *tok, *save;

		if (colon_field(line, 0, f, sizeof(f)) || (name && strcmp(f, name)))
			continue;
		if (colon_field(line, 2, f, sizeof(f)) || (gid >= 0 && strtol(f, NULL, 10) != gid))
			continue;
		if ((gid_t)strtoul(f, NULL, 10) == w->gid)
			found = 1;
		members = strchr(line, ':');
		members = members ? strchr(members + 1, ':') : NULL;
		members = members ? strchr(members + 1, ':') : NULL;
		if (!members)
			continue;
		members[strcspn(members, "\n")] = '\0';
		for (tok = strtok_r(members + 1, ",", &save); tok && !found;
		     tok = strtok_r(NULL, ",", &save))
			found = !strcmp(tok, w->name);
	}
	fclose(fp);
	return found;
}

static int in_group_live(const struct who *w, const char *name, long gid)
{
	gid_t groups[512];
	int n = RS_ARRAY_SIZE(groups);

	if (name) {
		struct group *gr = getgrnam(name);

		if (!gr)
			return 0;
		gid = gr->gr_gid;
	}
	if (!w->name[0] || getgrouplist(w->name, w->gid, groups, &n) < 0)
		return (gid_t)gid == w->gid;
	for (int i = 0; i < n; i++)
		if (groups[i] == (gid_t)gid)
			return 1;
	return 0;
}

static int in_group(const struct who *w, const char *name, long gid)
{
	return w->live ? in_group_live(w, name, gid) : in_group_root(w, name, gid);
}

/* "min:max", ":exact", "min:" -> 1 and the bounds; 0 when not a range. */
static int parse_range(const char *d, unsigned long *lo, unsigned long *hi)
{
	const char *colon = strchr(d, ':');
	char *end;

	if (!colon)
		return 0;
	*lo = 0;
	*hi = (unsigned long)-1;
	if (d == colon) {
		*lo = *hi = strtoul(colon + 1, &end, 10);
		return end != colon + 1 && !*end ? 1 : -1;
	}
	*lo = strtoul(d, &end, 10);
	if (end != colon)
		return -1;
	if (colon[1]) {
		*hi = strtoul(colon + 1, &end, 10);
		if (*end)
			return -1;
	}
	return 1;
}

/* How specifically the domain names this user: SRC_*, or -1 no match. */
static int domain_match(const struct who *w, const char *d)
{
	unsigned long lo, hi;
	int r;

	if (!strcmp(d, "*"))
		return SRC_DEFAULT;
	if (d[0] == '%')
		return -1;
	if (d[0] == '@') {
		r = parse_range(d + 1, &lo, &hi);
		if (r < 0)
			return -1;
		if (r == 0)
			return in_group(w, d + 1, -1) ? SRC_GROUP : -1;
		if (lo == hi && d[1] == ':')
			return in_group(w, NULL, (long)lo) ? SRC_GROUP : -1;
		return w->gid >= lo && w->gid <= hi ? SRC_GROUP : -1;
	}
	r = parse_range(d, &lo, &hi);
	if (r > 0)
		return w->uid >= lo && w->uid <= hi ? SRC_USER : -1;
	if (r == 0 && w->name[0] && !strcmp(d, w->name))
		return SRC_USER;
	return -1;
}

static void lower(char *s)
{
	for (; *s; s++)
		*s = (char)tolower((unsigned char)*s);
}

/* The value as pam_limits reads it for memlock: "unlimited" or KiB. */
static int memlock_value(const char *v, char *out, size_t len)
{
	unsigned long long kb;
	char *end;

	if (!strcmp(v, "-1") || !strcmp(v, "-") || !strcmp(v, "unlimited") ||
	    !strcmp(v, "infinity")) {
		rs_strlcpy(out, "unlimited", len);
		return 0;
	}
	errno = 0;
	kb = strtoull(v, &end, 10);
	if (end == v)
		return -EINVAL;	/* pam: "wrong limit value", line ignored */
	/* pam turns what overflows when multiplied by 1024 into infinity. */
	if (errno == ERANGE || kb >= (unsigned long long)-1 / 1024)
		rs_strlcpy(out, "unlimited", len);
	else
		snprintf(out, len, "%llu", kb);
	return 0;
}

static void conf_line(const struct who *w, struct memlock_conf *c, char *line,
		      const char *file)
{
	char *save, *domain, *type, *item, *value;
	int src;

	line[strcspn(line, "#\n")] = '\0';
	domain = strtok_r(line, " \t\r", &save);
	type = strtok_r(NULL, " \t\r", &save);
	item = strtok_r(NULL, " \t\r", &save);
	value = strtok_r(NULL, " \t\r", &save);
	if (!domain || !type)
		return;
	src = domain_match(w, domain);
	if (src < 0)
		return;
	if (!item && type[0] == '-' && src != SRC_DEFAULT) {
		c->stop = 1;	/* "<user> -": no limits at all for this user */
		c->value[0] = '\0';
		rs_strlcpy(c->file, file, sizeof(c->file));
		return;
	}
	if (!item || !value)
		return;
	lower(type);
	lower(item);
	lower(value);
	if (strcmp(item, "memlock") || (strcmp(type, "soft") && strcmp(type, "-")))
		return;
	if (src > c->src)
		return;		/* a more specific line already set it */
	if (memlock_value(value, c->value, sizeof(c->value)))
		return;
	c->src = src;
	rs_strlcpy(c->file, file, sizeof(c->file));
}

static void conf_file(struct rs_snapshot *s, const struct who *w, struct memlock_conf *c,
		      const char *file)
{
	char path[4096], line[1024];
	FILE *fp;

	if (rs_path(path, sizeof(path), "%s", file))
		return;
	fp = rs_fopen_read(path);
	if (!fp) {
		if (errno != ENOENT)
			rs_snapshot_add_error(s, RS_AREA_HOST, "host", "limits.conf", "%s: %s", file,
					      rs_strerror(errno));
		return;
	}
	while (!c->stop && fgets(line, sizeof(line), fp))
		conf_line(w, c, line, file);
	if (ferror(fp))
		rs_snapshot_add_error(s, RS_AREA_HOST, "host", "limits.conf", "%s: %s", file, strerror(errno));
	fclose(fp);
}

static int strcmp_qsort(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void rs_limits_conf_memlock(struct rs_snapshot *s, int live)
{
	const char *dir = "/etc/security/limits.d";
	struct memlock_conf c = { .src = SRC_NONE };
	struct who w;
	char **names;
	int n;

	who_am_i(&w, live);
	conf_file(s, &w, &c, "/etc/security/limits.conf");
	n = rs_list_dir(&names, "%s", dir);
	if (n > 0) {
		/* pam sorts in the C locale; rs_list_dir sorts naturally. */
		qsort(names, (size_t)n, sizeof(*names), strcmp_qsort);
		for (int i = 0; i < n && !c.stop; i++) {
			size_t l = strlen(names[i]);
			char file[512];

			if (names[i][0] == '.' || l < 6 || strcmp(names[i] + l - 5, ".conf"))
				continue;
			snprintf(file, sizeof(file), "%s/%s", dir, names[i]);
			conf_file(s, &w, &c, file);
		}
	} else if (n < 0 && n != -ENOENT) {
		rs_snapshot_add_error(s, RS_AREA_HOST, "host", "limits.conf", "%s: %s", dir, strerror(-n));
	}
	rs_strv_free(names);
	RS_STRCPY(s->host.memlock_conf, c.value);
	RS_STRCPY(s->host.memlock_conf_file, c.value[0] || c.stop ? c.file : "");
}
