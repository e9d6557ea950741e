/* SPDX-License-Identifier: MIT */
/*
 * fail.c - the failure table (fail.h).  The "check" texts are what the
 * troubleshooting trees say at the matching branch; keep them in step with
 * docs/tests.md, whose table is this one.  Titles and checks are marked
 * for translation and translated where a person reads them; the message
 * of an error stays English (it crosses the control channel to the peer).
 */
#include "perf/fail.h"
#include "i18n.h"

#include <stdio.h>
#include <string.h>

static const struct rs_perf_fail_info table[RS_PF_MAX] = {
	[RS_PF_OK] = { "ok", N_("passed"), "" },
	[RS_PF_CTRL_UNREACHABLE] = { "control_unreachable", N_("control port unreachable"),
		N_("is `rocescope serve` running on the peer, on this port? a firewall "
		"rejecting the port? the right IP address? (ping it; `ip route get PEER`)") },
	[RS_PF_CTRL_TIMEOUT] = { "control_timeout", N_("control port does not answer"),
		N_("a firewall dropping the port, a wrong IP address, or no route to the peer "
		"(`ip route get PEER`, ping it)") },
	[RS_PF_PEER_PERFTEST] = { "peer_perftest",
		N_("the peer speaks perftest's protocol, not rocescope's"),
		N_("run `rocescope serve` on the peer (or ib_write_bw/ib_write_lat on both ends); "
		"rocescope bw --perftest runs perftest itself") },
	[RS_PF_PEER_PINGPONG] = { "peer_pingpong",
		N_("the peer speaks ibv_rc_pingpong's protocol, not rocescope's"),
		N_("stop ibv_rc_pingpong on that port and run `rocescope serve` on the peer") },
	[RS_PF_PEER_FOREIGN] = { "peer_foreign", N_("the peer does not speak rocescope's protocol"),
		N_("another program listens on that port: pick the port of `rocescope serve` (-p)") },
	[RS_PF_PEER_VERSION] = { "peer_version", N_("the peer runs another rocescope protocol version"),
		N_("run the same rocescope version on both ends") },
	[RS_PF_PROTOCOL] = { "protocol", N_("malformed control message"),
		N_("a damaged connection or a program that is not rocescope: run `rocescope serve` "
		"on the peer") },
	[RS_PF_PEER_CLOSED] = { "peer_closed", N_("the peer closed the connection"),
		N_("the peer stopped or crashed: read its own messages (it may also be a program "
		"that is not rocescope)") },
	[RS_PF_PEER_TIMEOUT] = { "peer_timeout", N_("the peer went silent"),
		N_("the peer host vanished, hangs, or the control path dropped (TCP): check it is "
		"up and reachable") },
	[RS_PF_PEER_FAILED] = { "peer_failed", N_("the peer failed"),
		N_("see the peer's message: the same checks apply on its side") },
	[RS_PF_NO_DEVICE] = { "no_device", N_("no RDMA device"),
		N_("is the device there (`rocescope devices`, -d DEV)? driver and rdma-core "
		"provider installed?") },
	[RS_PF_PORT_DOWN] = { "port_down", N_("port down"),
		N_("the netdev of the port is down or has no carrier: cable, switch port, "
		"`ip link set DEV up`") },
	[RS_PF_NO_GID] = { "no_gid", N_("no RoCE v2 GID to use"),
		N_("no IPv4 address on the port's netdev, or RoCE v2 not enabled: `rocescope gids`") },
	[RS_PF_MR] = { "memlock", N_("memory registration failed"),
		N_("the memlock limit (ulimit -l) is below what the test needs: raise it in "
		"/etc/security/limits.conf (memlock unlimited) or run with CAP_IPC_LOCK") },
	[RS_PF_RESOURCES] = { "resources", N_("cannot create RDMA resources"),
		N_("device limits (queue depth, QPs) or memory: try a smaller -t / -q") },
	[RS_PF_RTR] = { "qp_rtr", N_("QP to RTR failed"),
		N_("the GID index (-x: `rocescope gids` on both ends), the MTU (-m), and the path "
		"to the peer's address (route, neighbour)") },
	[RS_PF_RTS] = { "qp_rts", N_("QP to RTS failed"), N_("the device's limits (rd_atomic, timeout)") },
	[RS_PF_RETRY_EXCEEDED] = { "retry_exceeded",
		N_("retry exceeded (work completion status 12): packets lost on the path"),
		N_("the neighbour (ARP) entry of the peer, the MTU on every hop, PFC/pause on the "
		"path, the switch: `rocescope check`, then counters during the test") },
	[RS_PF_WC_ERROR] = { "completion_error", N_("work completion error"),
		N_("the status names the cause; the peer's messages tell its side") },
	[RS_PF_STALLED] = { "stalled", N_("no progress"),
		N_("nothing completed in time: packets lost or the peer stuck (counters, "
		"`rocescope check`)") },
	[RS_PF_INTERRUPTED] = { "interrupted", N_("interrupted"), "" },
	[RS_PF_BIND] = { "bind", N_("cannot listen on the control port"),
		N_("another server on the port (-p), or the address is not on this host (--bind)") },
	[RS_PF_NO_CLIENT] = { "no_client", N_("no client came"),
		N_("start `rocescope bw|lat THIS-HOST` on the peer before the timeout; a firewall "
		"dropping the port?") },
};

const struct rs_perf_fail_info *rs_perf_fail_info(enum rs_perf_fail code)
{
	if ((unsigned)code >= RS_PF_MAX)
		code = RS_PF_PEER_FAILED;	/* an unknown code from a newer peer */
	return &table[code];
}

int rs_perf_fail(struct rs_perf_error *e, enum rs_perf_fail code, int err, const char *fmt, ...)
{
	va_list ap;

	e->code = code;
	e->err = err;
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof(e->message), fmt, ap);
	va_end(ap);
	return -1;
}
