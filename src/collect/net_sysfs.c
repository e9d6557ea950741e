/* SPDX-License-Identifier: MIT */
/*
 * net_sysfs.c - links of a fixture root, read from <root>/sys/class/net.
 *
 * A recorded or hand-made tree has no kernel behind it, so netlink cannot be
 * asked; sysfs carries the same link facts as files: ifindex, mtu,
 * operstate, carrier, address, flags (IFF_UP), statistics/, the `master`
 * symlink, uevent's DEVTYPE (vlan, bond, bridge) and, for VLANs,
 * /proc/net/vlan/<if> (VID and parent device).  A missing file leaves the
 * field unknown; a tree without sys/class/net simply has no links.
 */
#include "collect/collect.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <net/if.h>
#include <stdlib.h>
#include <string.h>

/* Every file of statistics/, in natural order, into a fresh counter set. */
static void read_stats(struct rs_snapshot *s, struct rs_counter_set *set,
		       const char *ifname)
{
	char **names;
	int n;

	n = rs_list_dir(&names, "/sys/class/net/%s/statistics", ifname);
	if (n < 0) {
		if (n != -ENOENT)
			rs_snapshot_add_error_once(s, RS_AREA_NET, "sysfs", ifname, "statistics: %s",
					  strerror(-n));
		return;
	}
	rs_counter_set_free(set);
	for (int i = 0; i < n; i++) {
		uint64_t v;

		if (!rs_read_u64(&v, "/sys/class/net/%s/statistics/%s",
				 ifname, names[i]))
			rs_counter_set_add(set, names[i], v);
	}
	set->ts_ns = rs_now_ns();
	rs_strv_free(names);
}

/* Copy the word at p (up to blank or newline) into buf. */
static void copy_word(char *buf, size_t len, const char *p)
{
	size_t n = strcspn(p, " \t\n");

	rs_strlcpy(buf, p, n + 1 < len ? n + 1 : len);
}

/* Value of "KEY=" in a uevent file, "" when absent. */
static void uevent_value(const char *text, const char *key, char *buf, size_t len)
{
	size_t klen = strlen(key);
	const char *p = text;

	buf[0] = '\0';
	while (p && *p) {
		if (!strncmp(p, key, klen) && p[klen] == '=') {
			copy_word(buf, len, p + klen + 1);
			return;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
}

/*
 * /proc/net/vlan/<if>: "eth0.100  VID: 100\t REORDER_HDR: 1 ..." on the
 * first line, "Device: eth0" further down.
 */
static void read_vlan(struct rs_link *k)
{
	char text[4096], *p;

	if (rs_read_str(text, sizeof(text), "/proc/net/vlan/%s", k->name))
		return;
	p = strstr(text, "VID:");
	if (p)
		k->vlan_id = atoi(p + 4);
	p = strstr(text, "\nDevice:");
	if (p) {
		p += strlen("\nDevice:");
		copy_word(k->vlan_parent, sizeof(k->vlan_parent), p + strspn(p, " \t"));
	}
}

static void read_kind(struct rs_link *k)
{
	char text[1024], devtype[RS_NAME_LEN], mode[RS_NAME_LEN];

	if (!rs_read_str(text, sizeof(text), "/sys/class/net/%s/uevent", k->name)) {
		uevent_value(text, "DEVTYPE", devtype, sizeof(devtype));
		RS_STRCPY(k->kind, devtype);
	}
	/* Older kernels give a bond no DEVTYPE; its bonding/ directory says it. */
	if (!k->kind[0] && rs_read_str(mode, sizeof(mode), "/sys/class/net/%s/bonding/mode",
				       k->name) == 0)
		RS_STRCPY(k->kind, "bond");
}

/*
 * A number file of the link: a missing file leaves the field unknown, a
 * malformed one is worth telling (the tree was edited or truncated).
 */
static int read_num(struct rs_snapshot *s, const char *ifname, const char *file,
		    uint64_t *v)
{
	int err = rs_read_u64(v, "/sys/class/net/%s/%s", ifname, file);

	if (err == -EINVAL)
		rs_snapshot_add_error(s, RS_AREA_NET, "sysfs", ifname, "%s: not a number", file);
	return err;
}

static void link_from_sysfs(struct rs_snapshot *s, struct rs_link *k, const char *ifname)
{
	char buf[RS_TEXT_LEN], *slash;
	uint64_t v;

	rs_link_init(k);
	RS_STRCPY(k->name, ifname);
	if (!read_num(s, ifname, "ifindex", &v))
		k->ifindex = (int)v;
	if (!read_num(s, ifname, "mtu", &v))
		k->mtu = (unsigned)v;
	rs_read_str(k->mac, sizeof(k->mac), "/sys/class/net/%s/address", ifname);
	if (!rs_read_str(k->operstate, sizeof(k->operstate),
			 "/sys/class/net/%s/operstate", ifname))
		for (char *p = k->operstate; *p; p++)
			*p = toupper((unsigned char)*p);
	if (!read_num(s, ifname, "flags", &v)) {
		k->up = !!(v & IFF_UP);
		k->noarp = !!(v & IFF_NOARP);
	}
	/* Reading carrier of a down link fails with EINVAL: no carrier then. */
	if (!rs_read_u64(&v, "/sys/class/net/%s/carrier", ifname))
		k->carrier = v == 1;
	if (!rs_read_link(buf, sizeof(buf), "/sys/class/net/%s/master", ifname)) {
		slash = strrchr(buf, '/');
		RS_STRCPY(k->master, slash ? slash + 1 : buf);
	}
	read_kind(k);
	read_vlan(k);
	if (k->vlan_id >= 0)
		RS_STRCPY(k->kind, "vlan");
	read_stats(s, &k->stats, ifname);
}

int rs_collect_net_recorded(struct rs_snapshot *s)
{
	char **names;
	int n;

	n = rs_list_dir(&names, "/sys/class/net");
	if (n < 0) {
		/* A tree recorded without network links is not broken. */
		if (n != -ENOENT)
			rs_snapshot_add_error(s, RS_AREA_NET, "sysfs", "", "sys/class/net: %s",
					      strerror(-n));
		return 0;
	}
	for (int i = 0; i < n; i++)
		link_from_sysfs(s, RS_APPEND(s->links, s->n_links), names[i]);
	rs_strv_free(names);
	return 0;
}

int rs_collect_net_recorded_counters(struct rs_snapshot *s)
{
	for (size_t i = 0; i < s->n_links; i++)
		read_stats(s, &s->links[i].stats, s->links[i].name);
	return 0;
}
