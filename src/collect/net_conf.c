/* SPDX-License-Identifier: MIT */
/*
 * net_conf.c - what files say about each link beyond its state: the
 * address-handling sysctls, the RoCE ECN switches and the driver.
 *
 *   /proc/sys/net/ipv4/conf/{all,IF}/rp_filter, arp_ignore, arp_announce:
 *     the kernel uses the larger of "all" and the interface's value; on a
 *     host with two RDMA ports in one subnet, strict rp_filter (1) drops
 *     replies that come back on the other port, and arp_ignore=1 /
 *     arp_announce=2 keep each port answering for its own address.
 *   /sys/class/net/IF/ecn/roce_np/enable/N and roce_rp/enable/N: the
 *     MLNX_OFED per-priority ECN switches (upstream mlx5 has none: unknown),
 *     and beside them the DCQCN parameters, one file each: roce_np's
 *     cnp_dscp and cnp_802p_prio (what CNPs are sent with) and
 *     min_time_between_cnps, roce_rp's rpg_*, rate_*, dce_tcp_*, ...
 *     (docs/collectors-net.md, DCQCN settings; the real tree in
 *     tests/fixtures/prometheus).
 *   /sys/class/net/IF/device/driver: the driver name, where the ethtool
 *     ioctl cannot be asked (a recorded host); /sys/class/net/IF/device
 *     itself names the PCI function (its devlink handle, nic_health.c).
 *
 * All through the root, so a fixture tree carries them too.  A file that
 * does not exist leaves the value unknown: older kernels, virtual links.
 */
#include "collect/collect.h"
#include "collect/producer.h"
#include "collect/sysfs_files.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static int sysctl_value(const char *ifname, const char *name)
{
	uint64_t all, one;
	int have_all = !rs_read_u64(&all, "/proc/sys/net/ipv4/conf/all/%s", name);
	int have_one = !rs_read_u64(&one, "/proc/sys/net/ipv4/conf/%s/%s", ifname, name);

	if (!have_one)
		return -1;
	if (have_all && all > one)
		return (int)all;
	return (int)one;
}

static void read_ecn(struct rs_link *k)
{
	for (unsigned prio = 0; prio < 8; prio++) {
		uint64_t v;

		if (!rs_read_u64(&v, "/sys/class/net/%s/ecn/roce_np/enable/%u", k->name, prio)) {
			k->ecn.known = 1;
			if (v)
				k->ecn.np_en |= 1u << prio;
		}
		if (!rs_read_u64(&v, "/sys/class/net/%s/ecn/roce_rp/enable/%u", k->name, prio)) {
			k->ecn.known = 1;
			if (v)
				k->ecn.rp_en |= 1u << prio;
		}
	}
}

/* Every parameter file of ecn/DIR/ but enable/ (and the two CNP fields). */
static void read_params(struct rs_link *k, const char *dir, struct rs_counter_set *set)
{
	char **names = NULL;
	int n = rs_list_dir(&names, "/sys/class/net/%s/ecn/%s", k->name, dir);

	for (int i = 0; i < n && set->count < 64; i++) {
		uint64_t v;

		if (!strcmp(names[i], "enable") ||
		    rs_read_u64(&v, "/sys/class/net/%s/ecn/%s/%s", k->name, dir, names[i]))
			continue;
		if (!strcmp(dir, "roce_np") && !strcmp(names[i], "cnp_dscp"))
			k->ecn.cnp_dscp = v < 64 ? (int)v : -1;
		else if (!strcmp(dir, "roce_np") && !strcmp(names[i], "cnp_802p_prio"))
			k->ecn.cnp_prio = v < 8 ? (int)v : -1;
		else
			rs_counter_set_add(set, names[i], v);
	}
	rs_strv_free(names);
}

/* The PCI function under the link: the device link's last part when it
 * looks like a PCI address ("0000:3b:00.0"). */
static void read_bus(struct rs_link *k)
{
	char target[RS_TEXT_LEN];
	const char *slash;
	unsigned dom, bus, dev, fn;
	char tail;

	k->bus[0] = '\0';
	if (rs_read_link(target, sizeof(target), "/sys/class/net/%s/device", k->name))
		return;
	slash = strrchr(target, '/');
	slash = slash ? slash + 1 : target;
	if (sscanf(slash, "%x:%x:%x.%x%c", &dom, &bus, &dev, &fn, &tail) == 4)
		RS_STRCPY(k->bus, slash);
}

static void read_driver(struct rs_link *k)
{
	char target[RS_TEXT_LEN];
	const char *slash;

	if (k->driver[0] || rs_read_link(target, sizeof(target), "/sys/class/net/%s/device/driver",
					 k->name))
		return;
	slash = strrchr(target, '/');
	RS_STRCPY(k->driver, slash ? slash + 1 : target);
}

static void conf_item(struct rs_snapshot *s, struct rs_collect_step *st, size_t i)
{
	struct rs_link *k = &s->links[i];

	k->rp_filter = sysctl_value(k->name, "rp_filter");
	k->arp_ignore = sysctl_value(k->name, "arp_ignore");
	k->arp_announce = sysctl_value(k->name, "arp_announce");
	rs_counter_set_free(&k->ecn.np_params);
	rs_counter_set_free(&k->ecn.rp_params);
	memset(&k->ecn, 0, sizeof(k->ecn));
	k->ecn.cnp_dscp = k->ecn.cnp_prio = -1;
	read_ecn(k);
	if (k->ecn.known) {
		read_params(k, "roce_np", &k->ecn.np_params);
		read_params(k, "roce_rp", &k->ecn.rp_params);
	}
	read_driver(k);
	read_bus(k);
}

int rs_collect_net_conf_step(struct rs_snapshot *s, struct rs_collect_step *st)
{
	st->listed = 1;
	st->total = s->n_links;
	return rs_collect_items(s, st, conf_item);
}

int rs_collect_net_conf(struct rs_snapshot *s)
{
	rs_collect_at_once(s, rs_collect_net_conf_step);
	return 0;
}

/* ------------------------------------------------------------ producers */

static int conf_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
			char *err, size_t errlen)
{
	return rs_collect_net_conf(snap);
}

static int conf_collect_step(struct rs_producer *p, struct rs_session *s,
			     struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_net_conf_step(snap, st);
}

const struct rs_producer_ops rs_net_conf_producer = {
	.name = "net-conf", .area = RS_AREA_NET, .collect = conf_collect,
	.collect_step = conf_collect_step, .what = "link settings",
};
