/* SPDX-License-Identifier: MIT */
/*
 * probe.h - active probes: the few wizard steps that must touch the network
 * or the RDMA stack to know (docs/probes.md).  Checks stay pure functions of
 * their context; a probe runs, and its result joins that context.
 *
 * Contract:
 * - rs_probe_run() blocks, and never longer than the request's timeout (each
 *   kind has a default).  It keeps no state between calls, installs no
 *   signal handler and touches no global of the program: safe to call in a
 *   child forked by the event loop (rs_child_spawn() with fn), which is how
 *   the session runs it so that the screen stays live.
 * - ok = 1 when the probe ran to a conclusion.  What the network answered
 *   (no reply, refused, unreachable, FAILED neighbour, ADDR_ERROR) IS a
 *   conclusion: ok = 1 and net_errno says it.  ok = 0 only when the probe
 *   itself could not run (no permission, no such interface, bad address,
 *   no RDMA device): err and error say why, and the return is -err.
 * - summary is one line a person reads, built from the fields alone
 *   (rs_probe_summarize()), so a test double and a real run of the same
 *   facts say the same words.
 * - Strings come from the kernel (interface names) and libraries: a view
 *   escapes them before a terminal sees them.
 *
 * Between a child and the session, a result travels as the struct itself
 * (src/session/probes.c): the child is a fork of the same binary, so both
 * ends share one layout, and the session takes only a result of exactly
 * that size.
 */
#ifndef RS_PROBE_H
#define RS_PROBE_H

#include "snapshot.h"

#define RS_PROBE_TCP_PORT 18515		/* perftest's and ibv_*_pingpong's control port */
#define RS_PROBE_MAX_COUNT 1000		/* PING: echoes per probe at most */
#define RS_PROBE_MAX_TIMEOUT_MS 600000	/* no probe waits longer than 10 minutes */

enum rs_probe_kind {
	RS_PROBE_PING,		/* ICMP echo from our own socket: loss, RTT */
	RS_PROBE_PMTU,		/* DF path MTU: largest ICMP payload that passes, as ping -M do -s */
	RS_PROBE_NEIGH,		/* the next hop's neighbour: trigger resolution, read state + MAC (netlink) */
	RS_PROBE_TCP,		/* TCP connect to a port (18515 default): open / refused / timed out / unreachable */
	RS_PROBE_RDMA_CM,	/* rdma_resolve_addr + rdma_resolve_route: device, port, source GID the kernel picks */
};
#define RS_PROBE_KINDS 5

struct rs_probe_req {
	enum rs_probe_kind kind;
	char peer[RS_ADDR_LEN];		/* IPv4 or IPv6 (src/snapshot.h sizes); "fe80::1%a0" scoped */
	char ifname[RS_NAME_LEN];	/* optional: leave through this interface (SO_BINDTODEVICE) */
	unsigned port;			/* TCP: 0 means 18515 */
	unsigned count;			/* PING: echoes, 0 means 3 */
	unsigned timeout_ms;		/* the whole probe's bound, 0 means a sensible default per kind */
};

enum rs_tcp_state { RS_TCP_NONE = 0, RS_TCP_OPEN = 1, RS_TCP_REFUSED, RS_TCP_TIMEOUT,
		    RS_TCP_UNREACHABLE };

struct rs_probe_result {
	enum rs_probe_kind kind;
	int ok;				/* the probe ran to a conclusion (even "refused" is a conclusion) */
	int err;			/* errno of what prevented it, 0 if none */
	char error[RS_MSG_LEN];		/* why it could not run (no permission, no such interface...) */
	char summary[RS_MSG_LEN];	/* one line a person reads: "3/3 replies, rtt 0.05/0.07/0.10 ms" */

	/* Every kind: */
	char peer[RS_ADDR_LEN];		/* the request's peer and interface, copied */
	char ifname[RS_NAME_LEN];
	unsigned timeout_ms;		/* the bound that applied (the default when 0 was asked) */
	unsigned elapsed_ms;		/* how long it took (a figure; never assert on it) */
	int net_errno;			/* what the network answered, as an errno: EHOSTUNREACH (ICMP
					 * host unreachable, neighbour failed), ENETUNREACH (no
					 * route), ENETDOWN, EMSGSIZE, ECONNREFUSED, ETIMEDOUT; 0 none */
	char net_from[RS_ADDR_LEN];	/* who sent that answer (an ICMP error's sender), "" if none */
	char dev[RS_NAME_LEN];		/* egress interface: ifname, or the kernel's route lookup */
	int dev_up;			/* dev is administratively up: 1, 0 down, -1 unknown */
	char src[RS_ADDR_LEN];		/* source address the kernel picked, "" unknown */
	char method[RS_NAME_LEN];	/* PING/PMTU: "ping socket" or "raw socket" */

	/* per kind, only those of req.kind are set: */
	unsigned sent, received; double rtt_min_ms, rtt_avg_ms, rtt_max_ms;	/* PING */
	unsigned errors;		/* PING: echoes answered by an ICMP error instead */
	char reply_dev[RS_NAME_LEN];	/* PING: the interface the replies arrived on, "" none */
	unsigned stray_replies;		/* PING: none came to the socket bound to dev, these came
					 * to an unbound one (on reply_dev): ARP flux's mark */
	unsigned pmtu_payload, pmtu_mtu, local_mtu; int pmtu_limited;	/* PMTU: largest payload that passed, = IP MTU of the path; the egress interface's MTU; 1 when path < local */
	unsigned pmtu_tries;		/* PMTU: echoes sent for the search */
	unsigned pmtu_hop_mtu;		/* PMTU: MTU a router announced (frag needed / packet too big), 0 none */
	char neigh_state[RS_NAME_LEN], neigh_mac[RS_MAC_LEN], neigh_dev[RS_NAME_LEN], neigh_ip[RS_ADDR_LEN];	/* NEIGH */
	char neigh_first[RS_NAME_LEN];	/* NEIGH: the state before the trigger ("NONE": no entry) */
	char neigh_arp[RS_MSG_LEN];	/* NEIGH: our own ARP request: "answered", "no answer", "not asked: why" */
	char neigh_arp_mac[RS_MAC_LEN];	/* NEIGH: the first MAC that answered it, "" none */
	unsigned neigh_arp_macs;	/* NEIGH: how many different MACs answered it */
	enum rs_tcp_state tcp;		/* TCP */
	double tcp_ms;
	unsigned tcp_port;		/* TCP: the port connected to */
	char cm_dev[RS_NAME_LEN]; unsigned cm_port; char cm_sgid[RS_GID_LEN], cm_dgid[RS_GID_LEN]; char cm_netdev[RS_NAME_LEN];	/* RDMA_CM */
	char cm_event[RS_NAME_LEN];	/* RDMA_CM: the last event: ROUTE_RESOLVED, ADDR_ERROR, ... */
	int cm_sgid_index;		/* RDMA_CM: index of cm_sgid in the port's GID table, -1 unknown */
	char cm_gid_type[RS_NAME_LEN];	/* RDMA_CM: "RoCE v2", "RoCE v1", "IB", "" unknown */
};

/* The latest result of each probe (NULL: not run), for the checks. */
struct rs_probe_results {
	const struct rs_probe_result *of[RS_PROBE_KINDS];
};

/* Run a probe to its end, blocking, never longer than its timeout.  0 when it ran
 * (res->ok), or -errno with res->error set.  Safe to call in a forked child. */
int rs_probe_run(const struct rs_probe_req *req, struct rs_probe_result *res);
const char *rs_probe_kind_name(enum rs_probe_kind k);	/* "ping", "pmtu", "neigh", "tcp", "rdma_cm" */
int rs_probe_kind_parse(const char *name, enum rs_probe_kind *k);

/* The bound rs_probe_run() applies to kind when the request says 0 (ms). */
unsigned rs_probe_default_timeout_ms(enum rs_probe_kind k, unsigned count);
/* Empty result of kind k: numbers 0, cm_sgid_index and dev_up -1. */
void rs_probe_result_init(struct rs_probe_result *res, enum rs_probe_kind k);
/* Fill res->summary from the other fields (what rs_probe_run() does last). */
void rs_probe_summarize(struct rs_probe_result *res);

#endif
