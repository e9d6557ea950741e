/* SPDX-License-Identifier: MIT */
/*
 * explain_errno.c - the fallback for an RDMA call that failed with an
 * errno no other entry knows in that wording (explain.h).
 *
 * Programs built on verbs print their failures in their own words
 * ("Failed to post a send for the qpair ... with errno -12", "Error 22
 * (Invalid argument) ... Failed to modify QP", "Error 110 on
 * rdma_accept"); the errno still says which class of cause is
 * likely, from the man pages of the verbs (ibv_create_qp(3),
 * ibv_reg_mr(3), ibv_modify_qp(3), rdma_resolve_addr(3)): ENOMEM a
 * locked-memory or device limit, EINVAL on a QP transition the address
 * vector (GID, MTU), ETIMEDOUT a peer that does not answer, ENODEV no
 * usable device.  These entries are fallbacks: they count only on a line
 * that names RDMA (a verb, rdma_cm, a provider, NCCL, UCX) and that no
 * other entry matched, with a low weight, and their meaning says the
 * confidence is low.
 *
 * Data only; person-read text is marked with N_().
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

/* A word that says the line is about RDMA. */
#define RDMA "(ibv_|rdma_|rdma |infiniband|roce|mlx[45]_|uverbs|verbs|ucx|nccl|[ _(]qp|qp[ _]|" \
	     "[ _]mr[ :]|_cq|srq|hca|irdma|bnxt_re|rxe|nvmf|nvme_rdma|libfabric|fi_|ucp_|uct_|gid_?id)"
/* The line says RDMA and the errno, in either order. */
#define WITH(err) RDMA ".*" err "|" err ".*" RDMA
/* An errno by number: "errno 12", "errno: -12", "error=19", "Error 110". */
#define NUM(n) "(errno|error)[ :=]*-?" n "([^0-9]|$)"

#define EINV "(invalid argument|EINVAL|" NUM("22") ")"

#define FALLBACK(name, err, what, c1, c2, c3, tr, ck, c, a1, a2) \
	{ .id = "errno." name, .tool = "a program built on verbs", .pattern = WITH(err), \
	  .meaning = what, .causes = { c1, c2, c3 }, .tree = tr, .check = ck, .cls = c, \
	  .alt = { a1, a2 }, .weight = 2, .fallback = 1 }

const struct rs_explain_entry rs_explain_errno[] = {
	FALLBACK("enomem", "(cannot allocate memory|ENOMEM|" NUM("12") ")",
		 N_("An RDMA call failed with ENOMEM. Low confidence: no message of a known tool, "
		    "only the errno: it is most often the locked-memory limit, then a device "
		    "limit."),
		 N_("the locked-memory limit (ulimit -l) is too small for the memory the program "
		    "registers or the queues it creates"),
		 N_("a device limit: more QPs, CQ entries, work requests or memory regions than "
		    "the device allows, or a full send queue (ibv_post_send)"),
		 N_("the host is out of memory"),
		 RS_TREE_LARGE_MSG, "host.memlock_small", RS_CLS_MEMLOCK, RS_CLS_RESOURCES,
		 RS_CLS_APPLICATION),
	FALLBACK("einval_qp", "(modify[_ ]?qp|to (rtr|rts|init))[^,;]*" EINV "|" EINV
		 ".*(modify[_ ]?qp|to (rtr|rts|init))",
		 N_("Moving a queue pair failed with EINVAL. Low confidence: no message of a known "
		    "tool: on RoCE it is most often the address vector - a GID index that is not "
		    "valid, no GRH, or an MTU above the port's."),
		 N_("the GID index is not valid on this port, or the address has no GRH on "
		    "RoCE"),
		 N_("the path MTU asked for is above the port's active MTU"),
		 N_("another attribute out of range (timeout, retry count, QP state order)"),
		 RS_TREE_CONNECTION, "gid.user_index", RS_CLS_GID, RS_CLS_MTU,
		 RS_CLS_APPLICATION),
	FALLBACK("einval", EINV,
		 N_("An RDMA call failed with EINVAL. Low confidence: no message of a known tool: "
		    "a size or attribute the device does not accept."),
		 N_("a size above the device's limits (queue depth, SGEs, inline data)"),
		 N_("an attribute the driver refuses (access flags, a GID or port)"),
		 N_("a driver or rdma-core version mismatch"),
		 RS_TREE_LARGE_MSG, "device.max_mr", RS_CLS_RESOURCES, RS_CLS_APPLICATION,
		 RS_CLS_DRIVER),
	FALLBACK("etimedout", "(connection timed out|ETIMEDOUT|" NUM("110") "|\\(-110\\))",
		 N_("An RDMA call or connection timed out. Low confidence: no message of a known "
		    "tool: the peer did not answer over the RDMA path."),
		 N_("the path: no route, a switch or firewall that drops RoCE (UDP 4791)"),
		 N_("the GID in use is one the peer cannot answer (link-local, RoCE v1)"),
		 N_("the peer is not running or not listening"),
		 RS_TREE_CONNECTION, "net.ping", RS_CLS_PATH, RS_CLS_GID, RS_CLS_PEER),
	FALLBACK("eagain", "(resource temporarily unavailable|EAGAIN|" NUM("11") ")",
		 N_("An RDMA call failed with EAGAIN. Low confidence: no message of a known tool: "
		    "a resource was momentarily exhausted."),
		 N_("a queue or device resource ran out (the send queue is full, too many "
		    "outstanding operations, a firmware command queue busy)"),
		 N_("the call is to be retried later and the program does not"),
		 N_("the peer's queue pair is not ready yet"),
		 RS_TREE_LARGE_MSG, "device.max_mr", RS_CLS_RESOURCES, RS_CLS_APPLICATION,
		 RS_CLS_PEER),
	FALLBACK("ebusy_teardown", "(dealloc|destroy)[a-z_ ]*[^,;]*(resource busy|EBUSY|" NUM("16")
		 ")",
		 N_("Freeing an RDMA object failed with EBUSY. Low confidence: no message of a "
		    "known tool: other objects still use it."),
		 N_("the program frees in the wrong order: a protection domain with memory "
		    "regions or queue pairs left, a CQ with QPs still attached (a bug of the "
		    "program or of a release of it)"),
		 N_("an error earlier left objects behind that the teardown does not know of"),
		 NULL, RS_TREE_CONNECTION, "perf.pingpong", RS_CLS_APPLICATION, RS_CLS_APPLICATION,
		 RS_CLS_NONE),
	FALLBACK("ebusy", "(device or resource busy|resource busy|EBUSY|" NUM("16") ")",
		 N_("An RDMA call failed with EBUSY. Low confidence: no message of a known tool: "
		    "the device refuses more of an object, or the object is in use."),
		 N_("a device limit reached: the driver refuses more queue pairs or contexts "
		    "than the device has (some devices allow only a few)"),
		 N_("the object is still in use by another one or another process"), NULL,
		 RS_TREE_LARGE_MSG, "device.max_mr", RS_CLS_RESOURCES, RS_CLS_APPLICATION,
		 RS_CLS_NONE),
	FALLBACK("ebadf", "(bad file descriptor|EBADF|" NUM("9") ")",
		 N_("An RDMA call was given a descriptor or endpoint that is not open. Low "
		    "confidence: no message of a known tool: the program's own state."),
		 N_("the program uses an endpoint, queue or file it closed, or one opened by "
		    "another layer (a library that intercepts system calls, a fork)"),
		 N_("an error earlier closed the endpoint and the program went on"), NULL,
		 RS_TREE_CONNECTION, "perf.pingpong", RS_CLS_APPLICATION, RS_CLS_APPLICATION,
		 RS_CLS_NONE),
	FALLBACK("enodev", "(no such device|ENODEV|" NUM("19") "|\\(-19\\))",
		 N_("An RDMA call found no device. Low confidence: no message of a known tool."),
		 N_("no RDMA device: the driver or the user-space provider is not installed or "
		    "loaded"),
		 N_("inside a container the device is not passed in"),
		 N_("the device or GID index named does not exist on this host"),
		 RS_TREE_SETUP, "host.module_missing", RS_CLS_DRIVER, RS_CLS_PERMISSION,
		 RS_CLS_GID),
	FALLBACK("enosys", "(function not implemented|operation not supported|ENOSYS|EOPNOTSUPP|"
		 "EPROTONOSUPPORT|" NUM("38") "|" NUM("95") ")",
		 N_("An RDMA call is not supported here. Low confidence: no message of a known "
		    "tool: the provider, driver or device lacks the operation."),
		 N_("the user-space provider and the kernel driver do not match, or the provider "
		    "is too old for the call (an extended verb, dma-buf, DEVX)"),
		 N_("the device or its firmware does not offer the feature"),
		 N_("the program asks for a feature this device type never has (Soft-RoCE, iWARP)"),
		 RS_TREE_SETUP, "host.module_missing", RS_CLS_DRIVER, RS_CLS_FIRMWARE,
		 RS_CLS_APPLICATION),
	FALLBACK("econnrefused", "(connection refused|ECONNREFUSED|" NUM("111") ")",
		 N_("An RDMA program's connection was refused. Low confidence: no message of a "
		    "known tool: nothing listens at the address and port."),
		 N_("the server side is not started yet, or listens on another port or address"),
		 N_("a firewall rejects the port"),
		 N_("the server exited (it failed first: look at its log)"),
		 RS_TREE_CONNECTION, "net.control_port", RS_CLS_CONTROL, RS_CLS_PEER,
		 RS_CLS_NONE),
	FALLBACK("eaddrnotavail", "(cannot assign requested address|EADDRNOTAVAIL|" NUM("99") ")",
		 N_("An RDMA address could not be bound. Low confidence: no message of a known "
		    "tool: the address is not one of an RDMA interface of this host."),
		 N_("the IP address is not on a RoCE or IPoIB interface (rdma_cm binds only "
		    "those)"),
		 N_("the interface has no address yet, or the wrong address family"), NULL,
		 RS_TREE_CONNECTION, "rdma.cm_resolve", RS_CLS_RDMA_CM, RS_CLS_PATH, RS_CLS_NONE),
	FALLBACK("eunreach", "(network is unreachable|no route to host|ENETUNREACH|EHOSTUNREACH|"
		 NUM("101") "|" NUM("113") ")",
		 N_("An RDMA peer is unreachable. Low confidence: no message of a known tool: "
		    "no route to the peer's address."),
		 N_("no route to the peer's subnet from the RDMA interface"),
		 N_("the peer's address is wrong or its interface is down"), NULL,
		 RS_TREE_CONNECTION, "net.ping", RS_CLS_PATH, RS_CLS_PORT, RS_CLS_NONE),
	FALLBACK("eperm", "(permission denied|operation not permitted|EACCES|EPERM|" NUM("13") ")",
		 N_("An RDMA call was refused. Low confidence: no message of a known tool."),
		 N_("no access to /dev/infiniband (a container without the device, or its "
		    "mode)"),
		 N_("a capability is missing (CAP_NET_RAW, CAP_IPC_LOCK)"), NULL,
		 RS_TREE_SETUP, "device.none", RS_CLS_PERMISSION, RS_CLS_MEMLOCK, RS_CLS_NONE),
	{ .id = NULL },
};

#define GID_BITS (RS_CTX_LINK_LOCAL | RS_CTX_GID0 | RS_CTX_ROCE_V1)

/* What the rest of the paste says about the errno. */
const struct rs_explain_rule rs_explain_rules_errno[] = {
	{ "errno.etimedout", RS_CTX_PORT, 0, RS_CLS_PORT, 1,
	  N_("a port went down or flapped in the same log"), 0 },
	{ "errno.etimedout", GID_BITS, RS_CTX_IB, RS_CLS_GID, 1,
	  N_("the log shows a link-local, index-0 or RoCE v1 GID in use: packets leave with a "
	     "source the peer cannot answer"), 0 },
	{ "errno.enodev", RS_CTX_CONTAINER, 0, RS_CLS_PERMISSION, 1,
	  N_("inside a container the RDMA devices must be passed in"), 0 },
	{ "errno.enomem", RS_CTX_CONTAINER, 0, RS_CLS_MEMLOCK, 1,
	  N_("in a container the locked-memory limit is the runtime's (--ulimit memlock, "
	     "IPC_LOCK)"), 0 },
	{ NULL, 0, 0, RS_CLS_NONE, 0, NULL, 0 },
};
