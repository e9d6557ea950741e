/* SPDX-License-Identifier: MIT */
/*
 * explain_crash.c - a program that crashed or gave up on its own check,
 * and the services around an RDMA transfer engine that say where the
 * other side went (explain.h).
 *
 * Many pastes are only a crash: a signal handler's banner and a
 * backtrace, or a failed assertion.  What they establish is nearly always
 * a bug in the program or in a library it loads, fixed in a later
 * version, unless an error before the crash names a cause; so these are
 * fallbacks of weight 2: they count only on a line nothing else explains,
 * and any specific error in the paste ranks above them.  The banners are
 * the programs' own: UCX's ucs/debug/debug.c "Caught signal %d (%s)",
 * Open MPI's opal/util/stacktrace.c "*** Process received signal ***",
 * Ceph's common/BackTrace.cc "NOTE: a copy of the executable, or
 * `objdump -rdS <executable>` is needed to interpret this." and its
 * ceph_abort/ceph_assert, glibc's assert "Assertion `%s' failed.", the
 * shell's "Segmentation fault (core dumped)", CPython's faulthandler
 * "Fatal Python error: Segmentation fault" (or "Aborted"), and DeepEP's EP_HOST_ASSERT
 * "Failed: Assertion error %s:%d '%s'".
 *
 * The rest name their cause: rdma_cm's bind to a wildcard address fails
 * with EADDRNOTAVAIL (not EADDRINUSE) when the port is taken (UCX's
 * rdmacm_cm_ep.c / rdmacm_listener.c "rdma_bind_addr(addr=%s) failed:
 * %m"); Mooncake's RPC client (yalantinglibs coro_rpc_client.hpp
 * "async_resolve failed:%s") and HTTP server (coro_http_server.hpp "bad
 * address: %s error: %s"); SGLang's disaggregation over Mooncake
 * ("Failed to get kvcache from prefill instance, it might be dead",
 * "remote mooncake session %s is not alive"); NVSHMEM's IBGDA transport
 * (modules/transport/ibgda/ibgda.cpp "cannot allocate mlx5dv_devx_uar",
 * and "Unable to dlopen libmlx5dv").
 *
 * Data only.  Person-read text is marked with N_().
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

const struct rs_explain_entry rs_explain_crash[] = {
	{ .id = "app.crash_signal", .tool = "the program (a crash)",
	  .pattern = "Caught signal [0-9]+ \\((Bus error|Aborted|Illegal)|Segmentation fault|"
		     "\\*\\*\\* Process received signal \\*\\*\\*|"
		     "Fatal Python error: (Segmentation|Aborted)|"
		     "objdump -rdS <executable>. is needed to interpret|"
		     "[^a-z_]__?ceph_abort",
	  .meaning = N_("The program crashed (a signal or an abort) and printed its backtrace; "
			"the frames say in which library. With no error before it that names a "
			"cause, this is a bug in the program or a library it loads."),
	  .causes = { N_("a bug in the program or the library in the top frames (NCCL, UCX, "
			 "libfabric, the RDMA messenger): look for it in that project's issues and "
			 "release notes, and try the newest version"),
		      N_("libraries that do not match: the program built against one version of "
			 "NCCL, UCX or rdma-core and running with another (ldd, the versions in "
			 "the log)"),
		      N_("an error earlier in the log left it nothing to work with: read the "
			 "lines above the backtrace") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 2, .alt = { RS_CLS_DRIVER },
	  .fallback = 1 },
	{ .id = "app.assert_failed", .tool = "the program (an assertion)",
	  .pattern = "Assertion [`'\"].+[`'\"] failed|Failed: Assertion error|"
		     "FAILED ceph_assert\\(",
	  .meaning = N_("The program stopped on one of its own checks: a condition its code "
			"assumed did not hold. The expression names what it expected."),
	  .causes = { N_("a case the program does not handle (a device, a layout or a size its "
			 "code did not expect): a bug to look for in its issues, often fixed in a "
			 "newer version"),
		      N_("a device limit below what the program assumes (max_inline_data, "
			 "max_qp_wr): compare with ibv_devinfo -v") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 2, .alt = { RS_CLS_RESOURCES },
	  .fallback = 1 },
	{ .id = "rdma_cm.bind_wildcard_taken", .tool = "librdmacm (as UCX logs it)",
	  .pattern = "rdma_bind_addr\\((addr=)?(0\\.0\\.0\\.0|\\[?::\\]?):[0-9]+\\) failed: "
		     "Cannot assign requested address",
	  .meaning = N_("Binding an rdma_cm listener to the wildcard address failed with "
			"EADDRNOTAVAIL: every address is a wildcard's, so it is the port that is "
			"taken - rdma_cm reports a port in use this way, not as EADDRINUSE."),
	  .causes = { N_("another listener (rdma_cm or the same program) already holds the port: "
			 "pick another port, or let the program retry on EADDRNOTAVAIL as on "
			 "EADDRINUSE") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 7, .alt = { RS_CLS_RDMA_CM } },
	{ .id = "mooncake.master_resolve", .tool = "Mooncake (coro_rpc client)",
	  .pattern = "async_resolve failed",
	  .meaning = N_("Mooncake's client could not even resolve the master's address it was "
			"given: the host:port string does not parse or name a host, before any "
			"connection was tried."),
	  .causes = { N_("the master address is an IPv6 literal ([2001:db8::1]:50051): Mooncake "
			 "releases up to 0.3.6 cannot use IPv6; give an IPv4 address or a name"),
		      N_("a typo or a name this node cannot resolve in the master address") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_APPLICATION, .weight = 4, .alt = { RS_CLS_CONTROL } },
	{ .id = "mooncake.http_bind_v4", .tool = "mooncake_master (coro_http server)",
	  .pattern = "bad address: 0\\.0\\.0\\.0 error: Host not found",
	  .meaning = N_("The master's HTTP server could not bind the IPv4 wildcard: its resolver "
			"asks only for address families the host has configured, and this host has "
			"no IPv4 address."),
	  .causes = { N_("an IPv6-only host or pod: Mooncake's master binds 0.0.0.0; give the "
			 "node an IPv4 address or use a release that binds the IPv6 wildcard") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_APPLICATION, .weight = 6, .alt = { RS_CLS_CONTROL } },
	{ .id = "sglang.peer_dead", .tool = "SGLang disaggregation (Mooncake)",
	  .pattern = "instance, it might be dead|Decode instance could be dead|"
		     "mooncake session [^ ]+ is not alive",
	  .meaning = N_("The prefill or decode side of the transfer gave up on the other side: "
			"its Mooncake session is gone or never answered."),
	  .causes = { N_("the other instance failed first: read its log for the first error (a GID, "
			 "a device or a memory registration)"),
		      N_("the other instance is unreachable over the transfer network") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 2, .alt = { RS_CLS_PATH } },
	{ .id = "nvshmem.devx_uar", .tool = "NVSHMEM (IBGDA)",
	  .pattern = "cannot allocate mlx5dv_devx_uar",
	  .meaning = N_("NVSHMEM's GPU-initiated transport (IBGDA) could not allocate a doorbell "
			"page through mlx5 DevX, which it needs to let the GPU post work itself."),
	  .causes = { N_("a container without the access DevX needs: the same image works with "
			 "--privileged; pass the device nodes and allow them, or run IBGDA where "
			 "the process may use DevX"),
		      N_("a NIC or firmware without DevX UAR support (not a ConnectX-6 or newer, "
			 "or old firmware)") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 6, .alt = { RS_CLS_FIRMWARE, RS_CLS_DRIVER } },
	{ .id = "nvshmem.no_mlx5dv", .tool = "NVSHMEM",
	  .pattern = "Unable to dlopen libmlx5",
	  .meaning = N_("NVSHMEM could not load mlx5 direct verbs (libmlx5 from rdma-core), so "
			"its GPU-initiated transport and other direct-NIC features are off."),
	  .causes = { N_("the NIC is not an mlx5 device (Alibaba eRDMA, Broadcom, Intel): IBGDA "
			 "works only on ConnectX; use the IBRC transport "
			 "(NVSHMEM_IB_ENABLE_IBGDA=0)"),
		      N_("rdma-core's libmlx5 is not installed in this image") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 5, .alt = { RS_CLS_APPLICATION } },
	{ .id = NULL },
};
