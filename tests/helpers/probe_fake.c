/* SPDX-License-Identifier: MIT */
/*
 * probe_fake.c - canned probe results (probe_fake.h).  One table: kind,
 * scenario name, the fields a real run set.  Scenario names say the fault
 * as docs/probes.md's fault table does.
 */
#include "tests/helpers/probe_fake.h"
#include "util.h"

#include <errno.h>
#include <string.h>

#define PEER .peer = "10.77.0.2"
#define A0 .dev = "a0", .dev_up = 1, .src = "10.77.0.1"
#define GID_A "0000:0000:0000:0000:0000:ffff:0a63:0001"
#define GID_B "0000:0000:0000:0000:0000:ffff:0a63:0002"

static const struct fake {
	enum rs_probe_kind kind;
	const char *name;
	struct rs_probe_result r;
} fakes[] = {
	/* PING */
	{ RS_PROBE_PING, "healthy", { .ok = 1, PEER, A0, .timeout_ms = 1600, .elapsed_ms = 401,
		.method = "raw socket", .sent = 3, .received = 3, .rtt_min_ms = 0.031,
		.rtt_avg_ms = 0.052, .rtt_max_ms = 0.087 } },
	{ RS_PROBE_PING, "loss", { .ok = 1, PEER, A0, .timeout_ms = 1600, .elapsed_ms = 1600,
		.method = "raw socket", .sent = 3, .received = 2, .rtt_min_ms = 0.040,
		.rtt_avg_ms = 0.045, .rtt_max_ms = 0.050 } },
	{ RS_PROBE_PING, "silent", { .ok = 1, PEER, A0, .timeout_ms = 1600, .elapsed_ms = 1600,
		.method = "raw socket", .sent = 3 } },
	{ RS_PROBE_PING, "neigh_failed", { .ok = 1, .peer = "10.77.0.60", A0, .timeout_ms = 1600,
		.elapsed_ms = 1014, .method = "raw socket", .sent = 3, .errors = 3,
		.net_errno = EHOSTUNREACH, .net_from = "10.77.0.1" } },
	{ RS_PROBE_PING, "no_route", { .ok = 1, .peer = "203.0.113.9", .dev_up = -1,
		.timeout_ms = 1600, .elapsed_ms = 401, .method = "raw socket", .sent = 3,
		.errors = 3, .net_errno = ENETUNREACH } },
	{ RS_PROBE_PING, "dev_down", { .ok = 1, PEER, .ifname = "a0", .dev = "a0", .dev_up = 0,
		.timeout_ms = 1600, .elapsed_ms = 401, .method = "raw socket", .sent = 3,
		.errors = 3, .net_errno = ENETUNREACH } },
	{ RS_PROBE_PING, "no_permission", { .ok = 0, .err = EPERM, PEER, A0, .timeout_ms = 1600,
		.error = "ICMP needs a ping socket (net.ipv4.ping_group_range, now '1 0', must "
			 "include group 65534) or CAP_NET_RAW for a raw socket (root): both were "
			 "refused" } },
	/* PMTU */
	{ RS_PROBE_PMTU, "healthy_9000", { .ok = 1, PEER, A0, .timeout_ms = 10000,
		.method = "raw socket", .pmtu_payload = 8972, .pmtu_mtu = 9000, .local_mtu = 9000,
		.pmtu_tries = 2 } },
	{ RS_PROBE_PMTU, "healthy_1500", { .ok = 1, PEER, A0, .timeout_ms = 10000,
		.method = "raw socket", .pmtu_payload = 1472, .pmtu_mtu = 1500, .local_mtu = 1500,
		.pmtu_tries = 2 } },
	/* a veth at 1500 passes 4 bytes more (docs/probes.md) */
	{ RS_PROBE_PMTU, "mismatch", { .ok = 1, PEER, A0, .timeout_ms = 10000,
		.method = "raw socket", .pmtu_payload = 1476, .pmtu_mtu = 1504, .local_mtu = 9000,
		.pmtu_limited = 1, .pmtu_tries = 30 } },
	{ RS_PROBE_PMTU, "router_mtu", { .ok = 1, .peer = "10.78.0.2", A0, .timeout_ms = 10000,
		.method = "raw socket", .pmtu_payload = 1472, .pmtu_mtu = 1500, .local_mtu = 9000,
		.pmtu_limited = 1, .pmtu_tries = 4, .pmtu_hop_mtu = 1500 } },
	{ RS_PROBE_PMTU, "silent", { .ok = 1, PEER, A0, .timeout_ms = 10000,
		.method = "raw socket", .local_mtu = 9000, .pmtu_tries = 2 } },
	{ RS_PROBE_PMTU, "no_route", { .ok = 1, .peer = "203.0.113.9", .dev_up = -1,
		.timeout_ms = 10000, .method = "raw socket", .pmtu_tries = 1,
		.net_errno = ENETUNREACH } },
	/* NEIGH */
	{ RS_PROBE_NEIGH, "reachable", { .ok = 1, PEER, A0, .timeout_ms = 8000,
		.neigh_state = "REACHABLE", .neigh_first = "NONE", .neigh_mac = "02:00:00:77:00:02",
		.neigh_dev = "a0", .neigh_ip = "10.77.0.2" } },
	{ RS_PROBE_NEIGH, "stale", { .ok = 1, PEER, A0, .timeout_ms = 500,
		.neigh_state = "STALE", .neigh_first = "STALE", .neigh_mac = "02:00:00:77:00:02",
		.neigh_dev = "a0", .neigh_ip = "10.77.0.2" } },
	{ RS_PROBE_NEIGH, "failed", { .ok = 1, .peer = "10.77.0.60", A0, .timeout_ms = 8000,
		.neigh_state = "FAILED", .neigh_first = "NONE", .neigh_dev = "a0",
		.neigh_ip = "10.77.0.60" } },
	{ RS_PROBE_NEIGH, "incomplete", { .ok = 1, .peer = "10.77.0.60", A0, .timeout_ms = 500,
		.neigh_state = "INCOMPLETE", .neigh_first = "NONE", .neigh_dev = "a0",
		.neigh_ip = "10.77.0.60" } },
	{ RS_PROBE_NEIGH, "bogus_mac", { .ok = 1, PEER, A0, .timeout_ms = 8000,
		.neigh_state = "PERMANENT", .neigh_first = "PERMANENT",
		.neigh_mac = "02:00:00:00:99:99", .neigh_dev = "a0", .neigh_ip = "10.77.0.2" } },
	{ RS_PROBE_NEIGH, "gateway", { .ok = 1, .peer = "10.88.0.9", A0, .timeout_ms = 8000,
		.neigh_state = "REACHABLE", .neigh_first = "NONE", .neigh_mac = "02:00:00:77:00:02",
		.neigh_dev = "a0", .neigh_ip = "10.77.0.2" } },
	{ RS_PROBE_NEIGH, "local", { .ok = 1, .peer = "10.77.0.1", .dev = "lo", .dev_up = 1,
		.src = "10.77.0.1", .timeout_ms = 8000, .neigh_state = "LOCAL", .neigh_dev = "lo",
		.neigh_ip = "10.77.0.1" } },
	{ RS_PROBE_NEIGH, "no_route", { .ok = 1, .peer = "203.0.113.9", .dev_up = -1,
		.timeout_ms = 8000, .net_errno = ENETUNREACH } },
	{ RS_PROBE_NEIGH, "dev_down", { .ok = 1, PEER, .ifname = "a0", .dev = "a0", .dev_up = 0,
		.timeout_ms = 8000, .net_errno = ENETUNREACH } },
	/* TCP */
	{ RS_PROBE_TCP, "open", { .ok = 1, PEER, A0, .timeout_ms = 3000, .tcp = RS_TCP_OPEN,
		.tcp_port = 18515, .tcp_ms = 0.081 } },
	{ RS_PROBE_TCP, "refused", { .ok = 1, PEER, A0, .timeout_ms = 3000, .tcp = RS_TCP_REFUSED,
		.tcp_port = 18515, .tcp_ms = 0.062, .net_errno = ECONNREFUSED } },
	{ RS_PROBE_TCP, "timeout", { .ok = 1, PEER, A0, .timeout_ms = 3000, .tcp = RS_TCP_TIMEOUT,
		.tcp_port = 18515, .tcp_ms = 3000.0, .net_errno = ETIMEDOUT } },
	{ RS_PROBE_TCP, "unreachable", { .ok = 1, .peer = "10.77.0.60", A0, .timeout_ms = 3000,
		.tcp = RS_TCP_UNREACHABLE, .tcp_port = 18515, .tcp_ms = 1020.0,
		.net_errno = EHOSTUNREACH } },
	/* RDMA_CM */
	{ RS_PROBE_RDMA_CM, "resolved", { .ok = 1, .peer = "10.99.0.2", .dev = "veth0", .dev_up = 1,
		.src = "10.99.0.1", .timeout_ms = 5000, .cm_event = "ROUTE_RESOLVED",
		.cm_dev = "rxe0", .cm_port = 1, .cm_netdev = "veth0", .cm_sgid = GID_A,
		.cm_sgid_index = 1, .cm_gid_type = "RoCE v2", .cm_dgid = GID_B } },
	{ RS_PROBE_RDMA_CM, "no_device", { .ok = 0, .err = ENODEV, PEER, A0, .timeout_ms = 5000,
		.cm_sgid_index = -1, .error = "no RDMA device / rdma_ucm not loaded: "
		"/dev/infiniband/rdma_cm is missing (modprobe rdma_ucm, with an RDMA driver or "
		"rdma_rxe)" } },
	{ RS_PROBE_RDMA_CM, "addr_error", { .ok = 1, .peer = "10.99.0.9", .dev = "veth0",
		.dev_up = 1, .src = "10.99.0.1", .timeout_ms = 5000, .cm_event = "ADDR_ERROR",
		.cm_sgid_index = -1, .net_errno = ETIMEDOUT } },
	{ RS_PROBE_RDMA_CM, "no_rdma_netdev", { .ok = 1, .peer = "10.99.0.2", .dev = "wrongdev",
		.dev_up = 1, .src = "10.99.0.1", .timeout_ms = 5000, .cm_event = "ADDR_ERROR",
		.cm_sgid_index = -1, .net_errno = ENODEV } },
	{ RS_PROBE_RDMA_CM, "no_event", { .ok = 1, .peer = "10.99.0.9", .dev = "veth0",
		.dev_up = 1, .src = "10.99.0.1", .timeout_ms = 2000, .cm_event = "no ADDR_RESOLVED",
		.cm_sgid_index = -1, .net_errno = ETIMEDOUT } },
	{ RS_PROBE_RDMA_CM, "port_down", { .ok = 1, .peer = "10.99.0.2", .dev = "veth0",
		.dev_up = 1, .src = "10.99.0.1", .timeout_ms = 5000, .cm_event = "ADDR_ERROR",
		.cm_sgid_index = -1, .net_errno = ETIMEDOUT } },
};

int rs_probe_fake(enum rs_probe_kind kind, const char *scenario, struct rs_probe_result *res)
{
	for (size_t i = 0; i < RS_ARRAY_SIZE(fakes); i++) {
		if (fakes[i].kind != kind || strcmp(fakes[i].name, scenario))
			continue;
		*res = fakes[i].r;
		res->kind = kind;
		if (kind != RS_PROBE_RDMA_CM)
			res->cm_sgid_index = -1;
		rs_probe_summarize(res);
		return 0;
	}
	return -ENOENT;
}

const char *const *rs_probe_fake_scenarios(enum rs_probe_kind kind)
{
	static const char *names[RS_PROBE_KINDS][RS_ARRAY_SIZE(fakes) + 1];
	static const char *const none[] = { NULL };
	size_t n = 0;

	if ((unsigned)kind >= RS_PROBE_KINDS)
		return none;
	for (size_t i = 0; i < RS_ARRAY_SIZE(fakes); i++)
		if (fakes[i].kind == kind)
			names[kind][n++] = fakes[i].name;
	names[kind][n] = NULL;
	return names[kind];
}
