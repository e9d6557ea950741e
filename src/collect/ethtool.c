/* SPDX-License-Identifier: MIT */
/*
 * ethtool.c - driver statistics (`ethtool -S`) and 802.3x pause settings
 * (`ethtool -a`) of every link, through the SIOCETHTOOL ioctl on an AF_INET
 * datagram socket of the current network namespace.
 *
 * Statistics take three calls: ETHTOOL_GSSET_INFO for the count of the
 * ETH_SS_STATS string set, ETHTOOL_GSTRINGS for the names, ETHTOOL_GSTATS
 * for the values.  The kernel writes as many values as the driver has *now*,
 * whatever count we pass, so the count is always asked first and the buffer
 * sized from it.  The refresh path (once a second in the console) reuses
 * the names while the count is unchanged and only asks GSTATS.
 *
 * Quiet cases: a driver without statistics or pause support (EOPNOTSUPP,
 * e.g. lo, veth's pause) is normal and leaves known = 0 / no counters; a
 * link that vanished meanwhile (ENODEV) is skipped.  Anything else (EPERM,
 * EFAULT ...) is recorded as an "ethtool" error for that link.
 */
#include "collect/collect.h"
#include "collect/producer.h"
#include "util.h"

#include <errno.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

static int eth_ioctl(int fd, const char *ifname, void *cmd)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	rs_strlcpy(ifr.ifr_name, ifname, sizeof(ifr.ifr_name));
	ifr.ifr_data = cmd;
	return ioctl(fd, SIOCETHTOOL, &ifr) ? -errno : 0;
}

/* Errors that mean "nothing to read here", not a fault worth showing. */
static int quiet_error(int err)
{
	return err == -EOPNOTSUPP || err == -ENODEV || err == -ENXIO;
}

static int stats_count(int fd, const char *ifname, unsigned *n)
{
	struct {
		struct ethtool_sset_info hdr;
		uint32_t data[1];
	} sset;
	int err;

	memset(&sset, 0, sizeof(sset));
	sset.hdr.cmd = ETHTOOL_GSSET_INFO;
	sset.hdr.sset_mask = 1ULL << ETH_SS_STATS;
	err = eth_ioctl(fd, ifname, &sset);
	if (err)
		return err;
	/* The kernel clears the bit of a set the driver does not have. */
	*n = (sset.hdr.sset_mask & (1ULL << ETH_SS_STATS)) ? sset.data[0] : 0;
	return 0;
}

static int read_names(int fd, const char *ifname, unsigned n, struct rs_counter_set *set)
{
	struct ethtool_gstrings *gs;
	int err;

	gs = rs_xcalloc(1, sizeof(*gs) + (size_t)n * ETH_GSTRING_LEN);
	gs->cmd = ETHTOOL_GSTRINGS;
	gs->string_set = ETH_SS_STATS;
	gs->len = n;
	err = eth_ioctl(fd, ifname, gs);
	if (!err) {
		rs_counter_set_free(set);
		for (unsigned i = 0; i < n && i < gs->len; i++) {
			char name[ETH_GSTRING_LEN + 1];

			memcpy(name, gs->data + (size_t)i * ETH_GSTRING_LEN, ETH_GSTRING_LEN);
			name[ETH_GSTRING_LEN] = '\0';
			rs_counter_set_add(set, name, 0);
		}
	}
	free(gs);
	return err;
}

/* Values into set->items, which hold exactly n names already. */
static int read_values(int fd, const char *ifname, unsigned n, struct rs_counter_set *set)
{
	struct ethtool_stats *st;
	int err;

	st = rs_xcalloc(1, sizeof(*st) + (size_t)n * sizeof(uint64_t));
	st->cmd = ETHTOOL_GSTATS;
	st->n_stats = n;
	err = eth_ioctl(fd, ifname, st);
	if (!err) {
		for (unsigned i = 0; i < n && i < st->n_stats && i < set->count; i++)
			set->items[i].value = st->data[i];
		set->ts_ns = rs_now_ns();
	}
	free(st);
	return err;
}

/* names = 1: (re)read names too; else only when the driver's count moved. */
static void link_stats(struct rs_snapshot *s, int fd, struct rs_link *k, int names)
{
	const char *step = "ETHTOOL_GSSET_INFO";
	unsigned n = 0;
	int err;

	err = stats_count(fd, k->name, &n);
	if (!err && n != k->ethtool.count)
		names = 1;
	if (!err && names) {
		step = "ETHTOOL_GSTRINGS";
		if (!n)
			rs_counter_set_free(&k->ethtool);
		else
			err = read_names(fd, k->name, n, &k->ethtool);
	}
	/* GSTRINGS may have returned fewer names than announced. */
	if (!err && n && k->ethtool.count == n) {
		step = "ETHTOOL_GSTATS";
		err = read_values(fd, k->name, n, &k->ethtool);
	}
	if (err && !quiet_error(err))
		rs_snapshot_add_error_once(s, RS_AREA_NET, "ethtool", k->name, "%s: %s", step, strerror(-err));
}

static void link_pause(struct rs_snapshot *s, int fd, struct rs_link *k)
{
	struct ethtool_pauseparam pp;
	int err;

	memset(&pp, 0, sizeof(pp));
	memset(&k->pause, 0, sizeof(k->pause));
	pp.cmd = ETHTOOL_GPAUSEPARAM;
	err = eth_ioctl(fd, k->name, &pp);
	if (err) {
		if (!quiet_error(err))
			rs_snapshot_add_error(s, RS_AREA_NET, "ethtool", k->name,
					      "ETHTOOL_GPAUSEPARAM: %s", strerror(-err));
		return;
	}
	k->pause.known = 1;
	k->pause.autoneg = !!pp.autoneg;
	k->pause.rx = !!pp.rx_pause;
	k->pause.tx = !!pp.tx_pause;
}

/* ethtool -i: driver, its version, the firmware. */
static void link_drvinfo(struct rs_snapshot *s, int fd, struct rs_link *k)
{
	struct ethtool_drvinfo di;
	int err;

	memset(&di, 0, sizeof(di));
	di.cmd = ETHTOOL_GDRVINFO;
	err = eth_ioctl(fd, k->name, &di);
	if (err) {
		if (!quiet_error(err))
			rs_snapshot_add_error(s, RS_AREA_NET, "ethtool", k->name,
					      "ETHTOOL_GDRVINFO: %s", strerror(-err));
		return;
	}
	di.driver[sizeof(di.driver) - 1] = '\0';
	di.version[sizeof(di.version) - 1] = '\0';
	di.fw_version[sizeof(di.fw_version) - 1] = '\0';
	RS_STRCPY(k->driver, di.driver);
	RS_STRCPY(k->driver_version, di.version);
	RS_STRCPY(k->fw_version, di.fw_version);
}

static int ethtool_socket(struct rs_snapshot *s)
{
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		rs_snapshot_add_error_once(s, RS_AREA_NET, "ethtool", "", "socket for SIOCETHTOOL: %s",
				  strerror(errno));
	return fd;
}

int rs_collect_ethtool(struct rs_snapshot *s)
{
	int fd;

	fd = ethtool_socket(s);
	if (fd < 0)
		return 0;
	for (size_t i = 0; i < s->n_links; i++) {
		link_stats(s, fd, &s->links[i], 1);
		link_pause(s, fd, &s->links[i]);
		link_drvinfo(s, fd, &s->links[i]);
	}
	close(fd);
	return 0;
}

/*
 * Counter refresh: only links that had ethtool statistics (so a snapshot
 * taken with --no-ethtool, or a driver without them, costs nothing).
 */
int rs_collect_ethtool_counters(struct rs_snapshot *s)
{
	int fd = -1;

	for (size_t i = 0; i < s->n_links; i++) {
		if (!s->links[i].ethtool.count)
			continue;
		if (fd < 0)
			fd = ethtool_socket(s);
		if (fd < 0)
			return 0;
		link_stats(s, fd, &s->links[i], 0);
	}
	if (fd >= 0)
		close(fd);
	return 0;
}

/* ------------------------------------------------------------ producers */

static int ethtool_collect(struct rs_producer *p, struct rs_session *s,
			   struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_ethtool(snap);
}

static int ethtool_refresh(struct rs_producer *p, struct rs_session *s,
			   struct rs_snapshot *snap)
{
	return rs_collect_ethtool_counters(snap);
}

const struct rs_producer_ops rs_ethtool_producer = {
	.name = "ethtool", .area = RS_AREA_NET, .live_only = 1, .collect = ethtool_collect,
	.refresh = ethtool_refresh,
};
