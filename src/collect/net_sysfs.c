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
 *
 * ethtool -S has no file in sysfs: its recorded twin is <root>/ethtool/
 * <if>/stats/, one file per statistic named as ethtool prints it, holding
 * its decimal value (docs/collectors-net.md).  Without that directory the
 * link's ethtool statistics stay unread, as before any recording.
 */
#include "collect/collect.h"
#include "collect/producer.h"
#include "collect/sysfs_files.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <net/if.h>
#include <stdlib.h>
#include <string.h>

/* Every file of statistics/, in natural order, into a fresh counter set,
 * and carrier_changes (link flaps), as the live path adds it. */
static void read_stats(struct rs_snapshot *s, struct rs_counter_set *set,
		       const char *ifname)
{
	int n = rs_read_counter_dir(s, RS_AREA_NET, ifname, "statistics", set,
				    "/sys/class/net/%s/statistics", ifname);
	uint64_t flaps;

	if (n < 0 && n != -ENOENT)
		rs_snapshot_add_error_once(s, RS_AREA_NET, "sysfs", ifname, "statistics: %s",
					   rs_strerror(n));
	if ((n >= 0 || n == -ENOENT) &&
	    !rs_read_u64(&flaps, "/sys/class/net/%s/carrier_changes", ifname)) {
		rs_counter_set_add(set, "carrier_changes", flaps);
		if (!set->ts_ns)
			set->ts_ns = rs_now_ns();
	}
}

/* The recorded ethtool -S of a link, when the tree has one. */
static void read_ethtool(struct rs_snapshot *s, struct rs_counter_set *set,
			 const char *ifname)
{
	int n = rs_read_counter_dir(s, RS_AREA_NET, ifname, "ethtool -S (recorded)", set,
				    "/ethtool/%s/stats", ifname);

	if (n < 0 && n != -ENOENT)
		rs_snapshot_add_error_once(s, RS_AREA_NET, "sysfs", ifname,
					   "ethtool/%s/stats: %s", ifname, rs_strerror(n));
}

/* Copy the word at p (up to blank or newline) into buf, marked if cut. */
static void copy_word(char *buf, size_t len, const char *p)
{
	size_t n = strcspn(p, " \t\n");

	rs_strlcpy(buf, p, n + 1 < len ? n + 1 : len);
	if (n + 1 > len)
		rs_mark_cut(buf, len);
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
	int ret = rs_read_str(text, sizeof(text), "/proc/net/vlan/%s", k->name);

	/* The VID and Device lines come first: a longer file still has them. */
	if (ret && ret != -EOVERFLOW)
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
	char text[4096], devtype[RS_NAME_LEN], mode[RS_NAME_LEN];
	int ret = rs_read_str(text, sizeof(text), "/sys/class/net/%s/uevent", k->name);

	if (!ret || ret == -EOVERFLOW) {
		uevent_value(text, "DEVTYPE", devtype, sizeof(devtype));
		RS_STRCPY(k->kind, devtype);
	}
	/* Older kernels give a bond no DEVTYPE; its bonding/ directory says it. */
	if (!k->kind[0] && rs_read_str(mode, sizeof(mode), "/sys/class/net/%s/bonding/mode",
				       k->name) == 0)
		RS_STRCPY(k->kind, "bond");
}

/*
 * A number file of the link (decimal; flags is "0x1003"): a missing file
 * leaves the field unknown, anything else wrong is worth telling (the tree
 * was edited or truncated).  carrier fails with EINVAL on a down link.
 */
static int read_num(struct rs_snapshot *s, const char *ifname, const char *file,
		    uint64_t *v)
{
	int hex = !strcmp(file, "flags");
	int err = hex ? rs_read_x64(v, "/sys/class/net/%s/%s", ifname, file) :
			rs_read_u64(v, "/sys/class/net/%s/%s", ifname, file);

	if (err == -EINVAL && strcmp(file, "carrier"))
		rs_snapshot_add_error(s, RS_AREA_NET, "sysfs", ifname, "%s: not a %s number",
				      file, hex ? "0x hex" : "decimal");
	else if (err == -ERANGE)
		rs_snapshot_add_error(s, RS_AREA_NET, "sysfs", ifname, "%s: out of range", file);
	else if (err && err != -ENOENT && err != -EINVAL)
		rs_snapshot_add_error(s, RS_AREA_NET, "sysfs", ifname, "%s: %s", file,
				      rs_strerror(err));
	return err;
}

/* A text file of the link: kept cut with a note when too long. */
static int read_text(struct rs_snapshot *s, const char *ifname, const char *file,
		     char *buf, size_t len)
{
	int err = rs_read_str(buf, len, "/sys/class/net/%s/%s", ifname, file);

	if (err && err != -ENOENT)
		rs_snapshot_add_error(s, RS_AREA_NET, "sysfs", ifname, "%s: %s", file,
				      rs_strerror(err));
	return err == -EOVERFLOW ? 0 : err;
}

static void link_from_sysfs(struct rs_snapshot *s, struct rs_link *k, const char *ifname)
{
	char buf[RS_TEXT_LEN], *slash;
	uint64_t v;

	rs_link_init(k);
	RS_STRCPY(k->name, ifname);
	if (!read_num(s, ifname, "ifindex", &v) && v <= INT32_MAX)
		k->ifindex = (int)v;
	if (!read_num(s, ifname, "mtu", &v) && v <= UINT32_MAX)
		k->mtu = (unsigned)v;
	read_text(s, ifname, "address", k->mac, sizeof(k->mac));
	if (!read_text(s, ifname, "operstate", k->operstate, sizeof(k->operstate)))
		for (char *p = k->operstate; *p; p++)
			*p = toupper((unsigned char)*p);
	if (!read_num(s, ifname, "flags", &v)) {
		k->up = !!(v & IFF_UP);
		k->noarp = !!(v & IFF_NOARP);
	}
	/* Reading carrier of a down link fails with EINVAL: no carrier then. */
	if (!read_num(s, ifname, "carrier", &v))
		k->carrier = v == 1;
	if (!rs_read_link(buf, sizeof(buf), "/sys/class/net/%s/master", ifname)) {
		slash = strrchr(buf, '/');
		RS_STRCPY_CUT(k->master, slash ? slash + 1 : buf);
	}
	read_kind(k);
	read_vlan(k);
	if (k->vlan_id >= 0)
		RS_STRCPY(k->kind, "vlan");
	read_stats(s, &k->stats, ifname);
	read_ethtool(s, &k->ethtool, ifname);
}

static void link_item(struct rs_snapshot *s, struct rs_collect_step *st, size_t i)
{
	if (rs_sysfs_name_fits(s, RS_AREA_NET, "link", st->names[i]))
		link_from_sysfs(s, RS_APPEND(s->links, s->n_links), st->names[i]);
}

int rs_collect_net_recorded_step(struct rs_snapshot *s, struct rs_collect_step *st)
{
	if (!st->listed) {
		int n = rs_list_dir(&st->names, "/sys/class/net");

		st->listed = 1;
		/* A tree recorded without network links is not broken. */
		if (n < 0 && n != -ENOENT)
			rs_snapshot_add_error(s, RS_AREA_NET, "sysfs", "", "sys/class/net: %s",
					      rs_strerror(n));
		st->total = n < 0 ? 0 : (size_t)n;
	}
	return rs_collect_items(s, st, link_item);
}

int rs_collect_net_recorded(struct rs_snapshot *s)
{
	rs_collect_at_once(s, rs_collect_net_recorded_step);
	return 0;
}

static void stats_item(struct rs_snapshot *s, struct rs_collect_step *st, size_t i)
{
	read_stats(s, &s->links[i].stats, s->links[i].name);
	if (s->links[i].ethtool.count)
		read_ethtool(s, &s->links[i].ethtool, s->links[i].name);
}

int rs_collect_net_recorded_counters_step(struct rs_snapshot *s, struct rs_collect_step *st)
{
	st->listed = 1;
	st->total = s->n_links;
	return rs_collect_items(s, st, stats_item);
}

int rs_collect_net_recorded_counters(struct rs_snapshot *s)
{
	rs_collect_at_once(s, rs_collect_net_recorded_counters_step);
	return 0;
}

/* ------------------------------------------------------------ producers */

static int net_recorded_collect(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_net_recorded(snap);
}

static int net_recorded_refresh(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap)
{
	return rs_collect_net_recorded_counters(snap);
}

static int net_recorded_collect_step(struct rs_producer *p, struct rs_session *s,
				     struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_net_recorded_step(snap, st);
}

static int net_recorded_refresh_step(struct rs_producer *p, struct rs_session *s,
				     struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_net_recorded_counters_step(snap, st);
}

const struct rs_producer_ops rs_net_recorded_producer = {
	.name = "sysfs-net", .area = RS_AREA_NET, .collect = net_recorded_collect,
	.refresh = net_recorded_refresh, .collect_step = net_recorded_collect_step,
	.refresh_step = net_recorded_refresh_step, .what = "links",
};
