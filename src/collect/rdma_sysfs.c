/* SPDX-License-Identifier: MIT */
/*
 * rdma_sysfs.c - RDMA devices and ports from /sys/class/infiniband.
 *
 * Everything here is read through the root of util.h, so the same code runs
 * on a live host and on the fixture trees under tests/fixtures/.  On real
 * hosts /sys/class/infiniband/<dev> is a symlink into /sys/devices and
 * <dev>/device a symlink to the PCI function: plain open() follows both, and
 * the PCI address and driver are the basenames of those links.
 *
 * Two entry points: rs_collect_rdma() builds the device list (with GID
 * tables, see rdma_gids.c), rs_collect_rdma_counters() is the console's
 * 1 s tick and only re-reads files already known (counters, port state).
 * Attributes a driver may simply not provide (hca_type, board_id, node_guid,
 * fw_ver, counters/, hw_counters/, gids/) are optional when absent; any
 * other failure is recorded as a "sysfs" error against the device.
 */
#include "collect/collect.h"
#include "collect/producer.h"
#include "collect/sysfs_files.h"
#include "collect/nic_generation.h"
#include "collect/rdma_priv.h"
#include "util.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *base_name(const char *path)
{
	const char *b = strrchr(path, '/');

	return b ? b + 1 : path;
}

/*
 * A device attribute that some drivers do not have: ENOENT is silent.  A
 * value too long for its field keeps its head and an ellipsis, with a note.
 */
static void read_dev_attr(struct rs_snapshot *s, struct rs_device *d,
			  char *buf, size_t len, const char *attr)
{
	int ret = rs_read_str(buf, len, RS_SYS_IB "/%s/%s", d->name, attr);

	if (ret == -EOVERFLOW)
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", d->name, "%s: %s", attr,
				      rs_strerror(ret));
	else if (ret && ret != -ENOENT)
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", d->name, "cannot read %s: %s",
				      attr, rs_strerror(ret));
}

/*
 * "8.0 GT/s PCIe" -> 8.0, "Unknown" -> 0.  A number that is not a speed
 * the kernel prints ("1e308 GT/s", "inf GT/s", strtod takes both) is not
 * a reading: noted, and unknown.
 */
static double parse_gts(struct rs_snapshot *s, const struct rs_device *d, const char *attr,
			const char *v)
{
	char *end;
	double g = strtod(v, &end);

	if (end == v || !strstr(end, "GT/s"))
		return 0;
	if (rs_pcie_gts_known(g))
		return g;
	rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", d->name, "device/%s: \"%.40s\" is not a "
			      "PCIe speed the kernel prints", attr, v);
	return 0;
}

/* Width "8" or "x8" -> 8: the Link Status width field is 6 bits. */
static int parse_width(const char *v)
{
	char *end;
	long w = strtol(v[0] == 'x' ? v + 1 : v, &end, 10);

	return (*end || w <= 0 || w > 63) ? 0 : (int)w;
}

static void read_pci_attr(struct rs_snapshot *s, struct rs_device *d,
			  char *buf, size_t len, const char *attr)
{
	int ret = rs_read_str(buf, len, RS_SYS_IB "/%s/device/%s", d->name, attr);

	/* Non-PCI parents (auxiliary SFs) lack these: not an error. */
	if (ret && ret != -ENOENT)
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", d->name, "%s device/%s: %s",
				      ret == -EOVERFLOW ? "read" : "cannot read", attr,
				      rs_strerror(ret));
}

/*
 * KEY=value from device/uevent.  Used when `device` or `device/driver` is a
 * copy instead of a link (a tree packed with tar -h, as `make dist` does).
 */
static int read_uevent(const char *dev, const char *key, char *out, size_t len)
{
	char buf[4096], *line, *save = NULL;
	size_t kl = strlen(key);
	int ret = rs_read_str(buf, sizeof(buf), RS_SYS_IB "/%s/device/uevent", dev);

	/* A uevent longer than a page is odd, but its head still holds the keys. */
	if (ret && ret != -EOVERFLOW)
		return -ENOENT;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, key, kl) && line[kl] == '=') {
			rs_strcpy_cut(out, line + kl + 1, len);
			return 0;
		}
	}
	return -ENOENT;
}

static void read_pci(struct rs_snapshot *s, struct rs_device *d)
{
	struct rs_pci_link *pl = &d->pci;
	char link[1024], buf[RS_NAME_LEN];
	uint64_t v;
	int ret;

	ret = rs_read_link(link, sizeof(link), RS_SYS_IB "/%s/device", d->name);
	if (ret == -ENOENT)
		return;		/* soft device (rxe, siw): no parent function */
	if (ret == -EINVAL)
		ret = read_uevent(d->name, "PCI_SLOT_NAME", link, sizeof(link));
	if (ret) {
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", d->name, "cannot follow device link: %s",
				      rs_strerror(ret));
		return;
	}
	RS_STRCPY_CUT(pl->addr, base_name(link));
	ret = rs_read_link(link, sizeof(link), RS_SYS_IB "/%s/device/driver", d->name);
	if (!ret)
		RS_STRCPY_CUT(d->driver, base_name(link));
	else if (ret == -EINVAL)
		read_uevent(d->name, "DRIVER", d->driver, sizeof(d->driver));
	/* sysfs writes PCI ids as "0x15b3". */
	if (!rs_read_x64(&v, RS_SYS_IB "/%s/device/vendor", d->name) && v <= 0xffff)
		pl->vendor_id = (unsigned)v;
	if (!rs_read_x64(&v, RS_SYS_IB "/%s/device/device", d->name) && v <= 0xffff)
		pl->device_id = (unsigned)v;
	/* "0x21": HIP08 and HIP09 share device ids (nic_generation.c) */
	if (!rs_read_x64(&v, RS_SYS_IB "/%s/device/revision", d->name) && v <= 0xff)
		snprintf(pl->revision, sizeof(pl->revision), "0x%02x", (unsigned)v);
	read_pci_attr(s, d, pl->cur_speed, sizeof(pl->cur_speed), "current_link_speed");
	read_pci_attr(s, d, pl->max_speed, sizeof(pl->max_speed), "max_link_speed");
	pl->cur_gts = parse_gts(s, d, "current_link_speed", pl->cur_speed);
	pl->max_gts = parse_gts(s, d, "max_link_speed", pl->max_speed);
	read_pci_attr(s, d, buf, sizeof(buf), "current_link_width");
	pl->cur_width = parse_width(buf);
	read_pci_attr(s, d, buf, sizeof(buf), "max_link_width");
	pl->max_width = parse_width(buf);
}

/* "4: ACTIVE" -> 4 and "ACTIVE".  Returns 0 or -EINVAL on anything else. */
static int parse_state(const char *v, int *num, char *name, size_t len)
{
	char *end;
	long n = strtol(v, &end, 10);

	if (end == v || *end != ':' || n < 0 || n > 255)
		return -EINVAL;
	end++;
	while (*end == ' ')
		end++;
	if (!*end)
		return -EINVAL;
	*num = (int)n;
	rs_strlcpy(name, end, len);
	return 0;
}

static void read_port_state(struct rs_snapshot *s, const char *dev, struct rs_port *p,
			    const char *attr, int *num, char *name, size_t len, int report)
{
	char buf[RS_NAME_LEN];
	int ret = rs_read_str(buf, sizeof(buf), RS_SYS_IB "/%s/ports/%u/%s",
			      dev, p->num, attr);

	if (!ret && parse_state(buf, num, name, len))
		ret = -EBADMSG;
	if (!report || !ret)
		return;
	if (ret == -EBADMSG)
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", dev, "port %u %s: cannot parse \"%.40s\"",
				      p->num, attr, buf);
	else
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", dev, "port %u %s: %s", p->num, attr,
				      rs_strerror(ret));
}

/* "100 Gb/sec (4X EDR)" -> 100; "2.5 Gb/sec (1X SDR)" -> 2.5. */
static void read_port_rate(struct rs_snapshot *s, const char *dev, struct rs_port *p)
{
	char *end;
	int ret = rs_read_str(p->rate, sizeof(p->rate), RS_SYS_IB "/%s/ports/%u/rate",
			      dev, p->num);

	if (ret)
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", dev, "port %u rate: %s", p->num,
				      rs_strerror(ret));
	if (ret && ret != -EOVERFLOW)
		return;
	p->rate_gbps = strtod(p->rate, &end);
	/* only what rate_show() prints: not "inf Gb/sec" (kernel_values.c) */
	if (end == p->rate || !strstr(end, "Gb/sec") || !rs_ib_rate_known(p->rate_gbps)) {
		p->rate_gbps = 0;
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", dev, "port %u rate: cannot parse \"%.40s\"",
				      p->num, p->rate);
	}
}

/*
 * Read every file of counters/ or hw_counters/ as a raw value (files that
 * hold no counter are left out with a note: sysfs_files.h).
 */
static void read_counter_dir(struct rs_snapshot *s, const char *dev, struct rs_port *p,
			     const char *dir, struct rs_counter_set *set)
{
	char label[RS_NAME_LEN + 16];
	int n;

	rs_counter_set_free(set);
	snprintf(label, sizeof(label), "port %u %s", p->num, dir);
	n = rs_read_counter_dir(s, RS_AREA_RDMA, dev, label, set, RS_SYS_IB "/%s/ports/%u/%s",
				dev, p->num, dir);
	if (n < 0 && n != -ENOENT)
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", dev, "port %u: cannot list %s: %s",
				      p->num, dir, rs_strerror(n));
	/* lifespan is the kernel's caching period, not a counter. */
	for (size_t i = 0; set == &p->hw_counters && i < set->count; i++) {
		if (strcmp(set->items[i].name, "lifespan"))
			continue;
		p->hw_lifespan_ms = set->items[i].value > UINT32_MAX ? 0 :
				    (unsigned)set->items[i].value;
		memmove(&set->items[i], &set->items[i + 1],
			(set->count - i - 1) * sizeof(set->items[0]));
		set->count--;
		break;
	}
}

/* Netdev whose dev_port is port - 1 among the PCI function's net/ entries. */
static int netdev_from_pci(const char *dev, unsigned port, char *out, size_t len)
{
	char **names;
	uint64_t dp;
	int n, found = 0;

	n = rs_list_dir(&names, RS_SYS_IB "/%s/device/net", dev);
	if (n <= 0)
		return 0;
	for (int i = 0; i < n && !found; i++) {
		if (rs_read_u64(&dp, RS_SYS_IB "/%s/device/net/%s/dev_port", dev, names[i]))
			dp = 0;	/* old kernels: no dev_port, one port per function */
		if (dp + 1 == port || (n == 1 && port == 1)) {
			rs_strlcpy(out, names[i], len);
			found = 1;
		}
	}
	rs_strv_free(names);
	return found;
}

/*
 * The Ethernet netdev of a port: the netdev of GID 0 (what the kernel uses
 * for RoCE, a bond under LAG), else the PCI function's netdev with the
 * matching dev_port, else rxe's `parent` attribute.
 */
static void find_port_netdev(const char *dev, struct rs_port *p)
{
	if (!rs_read_str(p->netdev, sizeof(p->netdev),
			 RS_SYS_IB "/%s/ports/%u/gid_attrs/ndevs/0", dev, p->num) && p->netdev[0])
		return;
	if (netdev_from_pci(dev, p->num, p->netdev, sizeof(p->netdev)))
		return;
	if (rs_read_str(p->netdev, sizeof(p->netdev), RS_SYS_IB "/%s/parent", dev))
		p->netdev[0] = '\0';
}

/*
 * rdma_cm's defaults for the port, from its configfs group.  The group
 * exists only once someone made it (mkdir rdma_cm/DEV): reading never
 * makes one, so without it the defaults stay unknown.
 */
static void read_cm_defaults(const char *dev, struct rs_port *p)
{
	uint64_t tos;

	p->cm_known = 0;
	if (rs_read_str(p->cm_roce_mode, sizeof(p->cm_roce_mode),
			"/sys/kernel/config/rdma_cm/%s/ports/%u/default_roce_mode", dev, p->num) ||
	    rs_read_u64(&tos, "/sys/kernel/config/rdma_cm/%s/ports/%u/default_roce_tos", dev,
			p->num) || tos > 255) {
		p->cm_roce_mode[0] = '\0';
		p->cm_roce_tos = 0;
		return;
	}
	p->cm_roce_tos = (int)tos;
	p->cm_known = 1;
}

static void read_port(struct rs_snapshot *s, struct rs_device *d, struct rs_port *p)
{
	int ret;

	read_port_state(s, d->name, p, "state", &p->state, p->state_name,
			sizeof(p->state_name), 1);
	read_port_state(s, d->name, p, "phys_state", &p->phys_state, p->phys_state_name,
			sizeof(p->phys_state_name), 1);
	read_port_rate(s, d->name, p);
	ret = rs_read_str(p->link_layer, sizeof(p->link_layer),
			  RS_SYS_IB "/%s/ports/%u/link_layer", d->name, p->num);
	if (ret)
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", d->name, "port %u link_layer: %s",
				      p->num, rs_strerror(ret));
	else if (strcmp(p->link_layer, "Ethernet") && strcmp(p->link_layer, "InfiniBand"))
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", d->name, "port %u link_layer: unexpected \"%.40s\"",
				      p->num, p->link_layer);
	find_port_netdev(d->name, p);
	read_cm_defaults(d->name, p);
	rs_rdma_read_gids(s, d->name, p);
	read_counter_dir(s, d->name, p, "counters", &p->counters);
	read_counter_dir(s, d->name, p, "hw_counters", &p->hw_counters);
}

static void read_ports(struct rs_snapshot *s, struct rs_device *d)
{
	char **names;
	int n;

	n = rs_list_dir(&names, RS_SYS_IB "/%s/ports", d->name);
	if (n < 0) {
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", d->name, "cannot list ports: %s",
				      rs_strerror(n));
		return;
	}
	for (int i = 0; i < n; i++) {
		char *end;
		unsigned long num = strtoul(names[i], &end, 10);
		struct rs_port *p;

		if (*end || end == names[i] || num == 0 || num > 255)
			continue;
		p = RS_APPEND(d->ports, d->n_ports);
		p->num = (unsigned)num;
		read_port(s, d, p);
	}
	rs_strv_free(names);
}

static void free_devices(struct rs_snapshot *s)
{
	for (size_t i = 0; i < s->n_devices; i++) {
		struct rs_device *d = &s->devices[i];

		for (size_t j = 0; j < d->n_ports; j++) {
			free(d->ports[j].gids);
			rs_counter_set_free(&d->ports[j].counters);
			rs_counter_set_free(&d->ports[j].hw_counters);
		}
		free(d->ports);
	}
	free(s->devices);
	s->devices = NULL;
	s->n_devices = 0;
}

static void read_device(struct rs_snapshot *s, const char *name)
{
	struct rs_device *d;

	if (!rs_sysfs_name_fits(s, RS_AREA_RDMA, "device", name))
		return;
	d = RS_APPEND(s->devices, s->n_devices);
	rs_device_init(d);
	RS_STRCPY(d->name, name);
	d->present = 1;
	read_dev_attr(s, d, d->node_guid, sizeof(d->node_guid), "node_guid");
	read_dev_attr(s, d, d->fw_ver, sizeof(d->fw_ver), "fw_ver");
	read_dev_attr(s, d, d->board_id, sizeof(d->board_id), "board_id");
	read_dev_attr(s, d, d->hca_type, sizeof(d->hca_type), "hca_type");
	read_pci(s, d);
	rs_pci_names_fill(d);
	rs_nic_gen_fill(d);
	read_ports(s, d);
}

/* The device list, on the first step. */
static void list_devices(struct rs_snapshot *s, struct rs_collect_step *st)
{
	int n;

	st->listed = 1;
	free_devices(s);
	n = rs_list_dir(&st->names, RS_SYS_IB);
	if (n == -ENOENT)
		return;	/* no RDMA stack loaded: no devices, not an error */
	if (n < 0) {
		rs_snapshot_add_error(s, RS_AREA_RDMA, "sysfs", "", "cannot list %s: %s", RS_SYS_IB,
				      rs_strerror(n));
		return;
	}
	st->total = (size_t)n;
}

static void device_item(struct rs_snapshot *s, struct rs_collect_step *st, size_t i)
{
	read_device(s, st->names[i]);
}

int rs_collect_rdma_step(struct rs_snapshot *s, struct rs_collect_step *st)
{
	if (!st->listed)
		list_devices(s, st);
	return rs_collect_items(s, st, device_item);
}

int rs_collect_rdma(struct rs_snapshot *s)
{
	rs_collect_at_once(s, rs_collect_rdma_step);
	return 0;
}

/* Re-read the counters already known; a file that fails keeps its value.
 * The directory's path is built once: the tick reads thousands of files. */
static void refresh_set(const char *dev, unsigned port, const char *dir,
			struct rs_counter_set *set)
{
	char path[4096];
	size_t n;
	uint64_t v;

	if (!set->count || rs_path(path, sizeof(path), RS_SYS_IB "/%s/ports/%u/%s/", dev, port,
				   dir))
		return;
	n = strlen(path);
	for (size_t i = 0; i < set->count; i++) {
		size_t k = strlen(set->items[i].name);

		if (n + k >= sizeof(path))
			continue;
		memcpy(path + n, set->items[i].name, k + 1);
		if (!rs_read_u64_path(&v, path))
			set->items[i].value = v;
	}
	set->ts_ns = rs_now_ns();
}

/*
 * The 1 s tick: no listing, no GIDs, no errors (an error per tick would pile
 * up); a vanished device is itself the finding (present = 0).  Port state is
 * re-read too: a port going down during a load test is what people watch.
 */
static void refresh_device(struct rs_snapshot *s, struct rs_collect_step *st, size_t i)
{
	struct rs_device *d = &s->devices[i];
	char path[4096];
	struct stat sb;

	if (rs_path(path, sizeof(path), RS_SYS_IB "/%s", d->name) || stat(path, &sb) ||
	    !S_ISDIR(sb.st_mode)) {
		d->present = 0;
		return;
	}
	d->present = 1;
	for (size_t j = 0; j < d->n_ports; j++) {
		struct rs_port *p = &d->ports[j];

		read_port_state(s, d->name, p, "state", &p->state, p->state_name,
				sizeof(p->state_name), 0);
		read_port_state(s, d->name, p, "phys_state", &p->phys_state,
				p->phys_state_name, sizeof(p->phys_state_name), 0);
		refresh_set(d->name, p->num, "counters", &p->counters);
		refresh_set(d->name, p->num, "hw_counters", &p->hw_counters);
	}
}

int rs_collect_rdma_counters_step(struct rs_snapshot *s, struct rs_collect_step *st)
{
	st->listed = 1;
	st->total = s->n_devices;
	return rs_collect_items(s, st, refresh_device);
}

int rs_collect_rdma_counters(struct rs_snapshot *s)
{
	rs_collect_at_once(s, rs_collect_rdma_counters_step);
	return 0;
}

/* ------------------------------------------------------------ producers */

static int rdma_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
			char *err, size_t errlen)
{
	return rs_collect_rdma(snap);
}

static int rdma_refresh(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap)
{
	return rs_collect_rdma_counters(snap);
}

static int rdma_collect_step(struct rs_producer *p, struct rs_session *s,
			     struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_rdma_step(snap, st);
}

static int rdma_refresh_step(struct rs_producer *p, struct rs_session *s,
			     struct rs_snapshot *snap, struct rs_collect_step *st)
{
	return rs_collect_rdma_counters_step(snap, st);
}

const struct rs_producer_ops rs_rdma_sysfs_producer = {
	.name = "sysfs-rdma", .area = RS_AREA_RDMA, .collect = rdma_collect,
	.refresh = rdma_refresh, .collect_step = rdma_collect_step,
	.refresh_step = rdma_refresh_step, .what = "devices",
};
