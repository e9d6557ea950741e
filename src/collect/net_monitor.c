/* SPDX-License-Identifier: MIT */
/*
 * net_monitor.c - the kernel's own notifications of network changes: a
 * route netlink socket subscribed to the link, address, route and
 * neighbour groups (what `ip monitor` listens to).
 *
 * The console does not poll for a link going down or a neighbour failing:
 * the kernel says so on this socket, and the session collects the network
 * part again.  Messages are only counted here, not parsed: a fresh dump
 * is the one source of truth, so a lost notification (ENOBUFS when the
 * socket buffer overflowed under a storm) is harmless - it still means
 * "something changed".
 */
#include "collect/collect.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <linux/rtnetlink.h>
#include <netlink/netlink.h>
#include <netlink/socket.h>

struct rs_net_monitor {
	struct nl_sock *sk;
	unsigned events;	/* messages counted by the last drain */
};

static int count_msg(struct nl_msg *msg, void *arg)
{
	struct rs_net_monitor *m = arg;

	m->events++;
	return NL_OK;
}

int rs_net_monitor_open(struct rs_net_monitor **out, char *why, size_t len)
{
	struct rs_net_monitor *m = rs_xcalloc(1, sizeof(*m));
	int err;

	*out = NULL;
	m->sk = nl_socket_alloc();
	if (!m->sk)
		rs_die("out of memory");
	nl_socket_disable_seq_check(m->sk);	/* notifications carry no sequence */
	nl_socket_modify_cb(m->sk, NL_CB_VALID, NL_CB_CUSTOM, count_msg, m);
	err = nl_connect(m->sk, NETLINK_ROUTE);
	if (!err)
		err = nl_socket_add_memberships(m->sk, RTNLGRP_LINK, RTNLGRP_IPV4_IFADDR,
						RTNLGRP_IPV6_IFADDR, RTNLGRP_IPV4_ROUTE,
						RTNLGRP_IPV6_ROUTE, RTNLGRP_NEIGH, 0);
	if (!err)
		err = nl_socket_set_nonblocking(m->sk);
	if (err) {
		snprintf(why, len, "netlink notifications: %s", nl_geterror(err));
		nl_socket_free(m->sk);
		free(m);
		return -EIO;
	}
	*out = m;
	return 0;
}

int rs_net_monitor_fd(const struct rs_net_monitor *m)
{
	return nl_socket_get_fd(m->sk);
}

unsigned rs_net_monitor_drain(struct rs_net_monitor *m)
{
	int r;

	m->events = 0;
	do {
		r = nl_recvmsgs_default(m->sk);
		/* An overflow lost messages: something changed all the same. */
		if (r == -NLE_NOMEM)
			m->events++;
	} while (r >= 0 && m->events < 100000);
	return m->events;
}

void rs_net_monitor_close(struct rs_net_monitor *m)
{
	if (!m)
		return;
	nl_socket_free(m->sk);
	free(m);
}
