/* SPDX-License-Identifier: MIT */
/*
 * explain_more.c - more messages of the tools, in their own words, that
 * the other tables did not have (explain.h): NCCL's proxy reporting a
 * connection that failed on the other rank, UCX's listener with no
 * transport for the address and its huge-page hint, perftest's failed
 * device query.
 *
 * Data only; the messages come from the tools' sources (NCCL proxy.cc,
 * UCX ucp_listener.c and ib_md.c, perftest perftest_resources.c) as their
 * users paste them.  Person-read text is
 * marked with N_().
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

const struct rs_explain_entry rs_explain_more[] = {
	/*
	 * proxy.cc: "[Proxy Service %d] Failed to execute operation %s from
	 * rank %d, retcode %d" and "[Service thread] Error encountered
	 * progressing operation=%s, res=%d, closing connection".
	 */
	{ .id = "nccl.proxy_failed", .tool = "NCCL",
	  .pattern = "Failed to execute operation [A-Za-z]+ from rank [0-9]+|"
		     "Error encountered progressing operation=[A-Za-z]+",
	  .meaning = N_("NCCL's proxy thread gave up on an operation (Connect, Setup): a "
			"consequence of an earlier failure, on this rank or on the peer - the "
			"cause is the first error before it."),
	  .causes = { N_("the other rank failed first (look at its log): a crash, a "
			 "timeout, an out-of-memory"),
		      N_("the connection over the network failed (the QP could not be moved "
			 "to RTR/RTS, the socket was closed)") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 1, .alt = { RS_CLS_PATH } },
	/* ucp_listener.c: "none of the available transports can listen for connections on %s". */
	{ .id = "ucx.listen_none", .tool = "UCX",
	  .pattern = "none of the available transports can listen for connections on",
	  .meaning = N_("UCX could not listen on the address: no transport it may use (rdma_cm "
			"on an RDMA device, or TCP) accepts it."),
	  .causes = { N_("the address is not on an RDMA-capable interface (rdma_cm binds only "
			 "to the IP of a RoCE or IPoIB netdev), and TCP is not in UCX_TLS"),
		      N_("the port is in use, or rdma_cm cannot bind 0.0.0.0 on this "
			 "kernel"),
		      N_("UCX_TLS or UCX_NET_DEVICES leave out every device with that "
			 "address") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 5, .alt = { RS_CLS_APPLICATION } },
	/* ib_md.c: "... Application is using HUGE pages. Please set environment variable RDMAV_HUGEPAGES_SAFE=1". */
	{ .id = "ucx.hugepages_safe", .tool = "UCX",
	  .pattern = "Please set environment variable RDMAV_HUGEPAGES_SAFE=1",
	  .meaning = N_("Registering memory failed and the buffer lies in huge pages: "
			"libibverbs must be told so (RDMAV_HUGEPAGES_SAFE=1) when fork "
			"support is on."),
	  .causes = { N_("fork support is enabled (ibv_fork_init, RDMAV_FORK_SAFE) and the "
			 "memory is huge pages, without RDMAV_HUGEPAGES_SAFE=1 set before the "
			 "program starts"),
		      N_("the variable is set too late (after libibverbs was loaded) or not "
			 "passed to every rank") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 8, .alt = { RS_CLS_APPLICATION } },
	/* perftest_resources.c: "Couldn't get device attributes" (ibv_query_device_ex failed). */
	{ .id = "perftest.device_attrs", .tool = "perftest",
	  .pattern = "couldn('|\xe2\x80\x99)?t get device attributes",
	  .meaning = N_("perftest could not query the device's attributes: the device "
			"opened, but the query through the provider failed."),
	  .causes = { N_("the user-space provider and the kernel driver do not match "
			 "(rdma-core against a different kernel, MLNX_OFED mixed with inbox)"),
		      N_("inside a container the device is only partly passed in"),
		      N_("the provider lacks the extended query (an old or foreign "
			 "provider)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_PERMISSION } },
	{ .id = NULL },
};
