/* SPDX-License-Identifier: MIT */
/*
 * explain_more.c - more messages of the tools, in their own words, that
 * the other tables did not have (explain.h): NCCL's proxy reporting a
 * connection that failed on the other rank, NCCL's IB transport setting
 * its devices up and catching ranks that disagree, UCX's listener with no
 * transport for the address and its huge-page hint, perftest's failed
 * device query and its send queue too big for the device, NVSHMEM
 * without a peer-memory module, Soft-RoCE's module missing, ibv_devinfo
 * failing to open a device, Open MPI's OFI transport and Intel's PSM3
 * provider failing to set up.
 *
 * Data only; the messages come from the tools' sources (NCCL proxy.cc and
 * net_ib.cc, UCX ucp_listener.c and ib_md.c, perftest perftest_resources.c,
 * NVSHMEM ibrc.cpp, rdma-core's rxe_cfg and devinfo.c, Open MPI's
 * help-mtl-ofi.txt, PSM3's messages) as their users paste them.  Person-read text is marked with N_().
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
	/*
	 * NCCL's net_ib.cc, as it sets the devices up and as it posts a send:
	 * "NET/IB : No IP interface found.", "NET/IB : Unable to query device
	 * %s", "NET/IB : Unable to query port %d", "Could not find real path of
	 * %s (%s)", "NET/IB : req %d/%d tag %x peer %s collective mismatch
	 * error, local size %d remote size %d", "... posted incorrect receive
	 * info: size %d addr %lx rkey %x", "NET/IB : unable to allocate
	 * requests".
	 */
	{ .id = "nccl.ib_no_ip_interface", .tool = "NCCL",
	  .pattern = "NET/IB ?: No IP interface found",
	  .meaning = N_("NCCL's IB transport found no IP interface for its out-of-band "
			"connection, so it does not use IB/RoCE at all."),
	  .causes = { N_("NCCL_SOCKET_IFNAME (or NCCL_IB_... interface filters) names an "
			 "interface that does not exist or has no address"),
		      N_("inside a container the host's interfaces are not visible (no "
			 "host network)") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 6, .alt = { RS_CLS_PERMISSION } },
	{ .id = "nccl.ib_query_failed", .tool = "NCCL",
	  .pattern = "NET/IB ?: Unable to query (device|port(_num)?) |"
		     "Call to ibv_query_(device|port|ece) failed|mlx5dv_get_data_direct_sysfs_path",
	  .meaning = N_("NCCL opened an RDMA device but could not query it or its port: the "
			"device is there, the driver does not answer."),
	  .causes = { N_("the user-space provider and the kernel driver do not match (rdma-core "
			 "against a different kernel, MLNX_OFED mixed with inbox)"),
		      N_("the device is in an error state (firmware, a reset in progress)"),
		      N_("inside a container the device is only partly passed in") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_FIRMWARE, RS_CLS_PERMISSION } },
	{ .id = "nccl.ib_no_real_path", .tool = "NCCL",
	  .pattern = "Could not find real path of [^ ]+ \\(/sys/class/infiniband/",
	  .meaning = N_("NCCL could not resolve the device's PCI path in sysfs: it cannot place "
			"the NIC in the topology."),
	  .causes = { N_("inside a container /sys is not the host's (the device's sysfs "
			 "entries are not mounted)"),
		      N_("a virtual device (Soft-RoCE, a bond) that has no PCI device") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 4, .alt = { RS_CLS_DRIVER } },
	{ .id = "nccl.ib_collective_mismatch", .tool = "NCCL",
	  .pattern = "collective mismatch error, local size [0-9]+ remote size [0-9]+|"
		     "posted incorrect receive info: size ",
	  .meaning = N_("The two ranks disagree about the operation: NCCL's sender found the "
			"receiver posted a smaller or no buffer. The program, not the "
			"network."),
	  .causes = { N_("the ranks call different collectives, or the same one with "
			 "different counts or data types, or in a different order"),
		      N_("the ranks run different versions of NCCL or of the program") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 8, .alt = { RS_CLS_PEER } },
	{ .id = "nccl.ib_requests_exhausted", .tool = "NCCL",
	  .pattern = "NET/IB ?: unable to allocate requests",
	  .meaning = N_("NCCL's IB transport ran out of request slots on a connection: more "
			"operations in flight than it allows."),
	  .causes = { N_("the ranks' operations do not match (one side posts far more than "
			 "the other consumes)"),
		      N_("a NCCL plugin or version bug; a newer NCCL fixes some") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 3, .alt = { RS_CLS_RESOURCES } },
	/* ib_md.c: "IB: ibv_fork_init() was disabled or failed, yet a fork() has been issued." */
	{ .id = "ucx.fork_unsafe", .tool = "UCX",
	  .pattern = "ibv_fork_init\\(\\) was disabled or failed, yet a fork\\(\\) has been issued",
	  .meaning = N_("The program forked while RDMA memory was registered and fork support "
			"is off: the child, or the parent after it, may see corrupted or lost "
			"data."),
	  .causes = { N_("the program (or a library it uses: a data loader, a shell-out) calls "
			 "fork() or system() after registering memory"),
		      N_("fork support is turned off (UCX_IB_FORK_INIT=n, RDMAV_FORK_SAFE "
			 "unset) where it is needed") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 3, .alt = { RS_CLS_MEMLOCK } },
	/*
	 * ucp_listener.c: "none of the available transports can listen for
	 * connections on %s" ("components" in later releases).
	 */
	{ .id = "ucx.listen_none", .tool = "UCX",
	  .pattern = "none of the available (transports|components) can listen",
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
	  .pattern = "couldn" RS_EXPLAIN_AP "t get device attributes",
	  .meaning = N_("perftest could not query the device's attributes: the device "
			"opened, but the query through the provider failed."),
	  .causes = { N_("the user-space provider and the kernel driver do not match "
			 "(rdma-core against a different kernel, MLNX_OFED mixed with inbox)"),
		      N_("inside a container the device is only partly passed in"),
		      N_("the provider lacks the extended query (an old or foreign "
			 "provider)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_PERMISSION } },
	/*
	 * perftest_resources.c, when creating the QP failed: "Requested SQ
	 * size might be too big. Try reducing TX depth and/or inline size." and
	 * " Current TX depth is %d and inline size is %d ."
	 */
	{ .id = "perftest.sq_too_big", .tool = "perftest",
	  .pattern = "Requested SQ size might be too big|Current TX depth is [0-9]+ and inline "
		     "size is [0-9]+",
	  .meaning = N_("perftest could not create its queue pair and suspects the send queue "
			"it asked for: the TX depth times the work request size, with the inline "
			"data, is above what the device allows."),
	  .causes = { N_("the inline size (-I) or TX depth (-t) is above the device's limits "
			 "(max_qp_wr, max_inline_data: ibv_devinfo -v); lower them"),
		      N_("the provider supports no inline data at all for this QP type "
			 "(some iWARP, EFA and Soft-RoCE devices): -I 0") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 7, .alt = { RS_CLS_APPLICATION } },
	/*
	 * NVSHMEM's IB transports (ibrc.cpp, ibgda): "neither nv_peer_mem, or
	 * nvidia_peermem detected. Skipping transport." - no peer-memory
	 * module, so no transport over the NIC at all.
	 */
	{ .id = "nvshmem.no_peermem", .tool = "NVSHMEM (DeepEP)",
	  .pattern = "neither nv_peer_mem,? or nvidia_peermem detected",
	  .meaning = N_("NVSHMEM found no GPUDirect RDMA peer-memory module, so it skips its "
			"transport over the NIC: GPU memory cannot be registered with it."),
	  .causes = { N_("nvidia-peermem (or nv_peer_mem) is not loaded: modprobe nvidia-peermem "
			 "on the host, not in the container"),
		      N_("the module does not load for this kernel or GPU driver (see dmesg)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_GPUDIRECT, .weight = 9, .alt = { RS_CLS_DRIVER }, .sets = RS_CTX_GPU },
	/* rdma-core's rxe_cfg script: "rdma_rxe module not loaded" (also "ib_rxe"). */
	{ .id = "rxe.module_not_loaded", .tool = "rxe_cfg (Soft-RoCE)",
	  .pattern = "(rdma_rxe|ib_rxe) module not loaded",
	  .meaning = N_("Soft-RoCE's kernel module is not loaded, so no rxe device can be made "
			"and the verbs tools list no device."),
	  .causes = { N_("modprobe rdma_rxe was not run, or the kernel has no rdma_rxe (a "
			 "vendor kernel built without CONFIG_RDMA_RXE)"),
		      N_("the module and the user-space library (librxe, rdma-core's provider) "
			 "do not match: a kernel ABI the library does not know") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 8 },
	/*
	 * ibv_devinfo (rdma-core libibverbs/examples/devinfo.c): "Failed to
	 * open device" when ibv_open_device() fails on a device sysfs lists.
	 */
	{ .id = "verbs.devinfo_open_failed", .tool = "ibv_devinfo",
	  .pattern = "(^|[^a-z_])Failed to open device *$",
	  .meaning = N_("ibv_devinfo saw the device in sysfs but could not open it: its "
			"/dev/infiniband/uverbsN node is missing or not accessible to this "
			"process."),
	  .causes = { N_("inside a container or pod only some devices are passed in (each "
			 "device not given fails to open), or none"),
		      N_("the uverbs node is missing: ib_uverbs is not loaded"),
		      N_("the user-space provider does not match the kernel driver") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 4, .alt = { RS_CLS_DRIVER } },
	/*
	 * Open MPI's OFI MTL (help-mtl-ofi.txt): "Open MPI failed an OFI
	 * Libfabric library call (fi_endpoint).  This is highly unusual ...",
	 * then "Error: Invalid argument (22)".  In the threads it follows a
	 * provider that does not fit the host (PSM3 on a NIC it cannot use,
	 * Slingshot's cxi on one node), and Open MPI moves on to another
	 * transport.
	 */
	{ .id = "ompi.ofi_call_failed", .tool = "Open MPI (OFI MTL)",
	  .pattern = "Open MPI failed an OFI Libfabric library call \\(fi_[a-z_]+\\)",
	  .meaning = N_("Open MPI's libfabric transport could not set up (the call named: "
			"fi_domain, fi_endpoint); the provider it picked does not work on this "
			"host, and Open MPI falls back to another transport if it can."),
	  .causes = { N_("the libfabric provider chosen does not fit the NIC or the job "
			 "(PSM3 on a NIC it cannot open, a Slingshot provider on one node): "
			 "choose the transport (OMPI_MCA_pml, OMPI_MCA_mtl, FI_PROVIDER)"),
		      N_("the provider fails on the device: look at the provider's own lines "
			 "before it (PSM3's, verbs')"),
		      N_("a resource the provider needs is short (the locked-memory limit for "
			 "its queues)") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 2, .alt = { RS_CLS_DRIVER, RS_CLS_MEMLOCK } },
	/*
	 * Intel's PSM3 (libfabric's psm3 provider): "PSM3 can't open nic unit:
	 * 0 (err=23)", "Unable to create send CQ of size 5080 on mlx5_0: Cannot
	 * allocate memory", "Unable to initialize verbs NIC /sys/class/...".
	 */
	{ .id = "psm3.open_nic", .tool = "PSM3 (libfabric psm3 provider)",
	  .pattern = "PSM3 can" RS_EXPLAIN_AP "t open nic unit",
	  .meaning = N_("PSM3 could not open any NIC it can use: the device it needs (RDMA "
			"verbs, or its UDP mode on a plain NIC) is not usable for it here."),
	  .causes = { N_("no RDMA device or provider PSM3 can open (ib_uverbs, the "
			 "provider library) on this host or in this container"),
		      N_("PSM3 is not the transport for this host: pick another provider "
			 "(FI_PROVIDER) or transport in the MPI"),
		      N_("a resource PSM3 needs was refused (its own lines before say which)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3, .alt = { RS_CLS_APPLICATION, RS_CLS_MEMLOCK } },
	{ .id = "psm3.create_cq", .tool = "PSM3 (libfabric psm3 provider)",
	  .pattern = "Unable to create (send|recv) CQ of size [0-9]+ on [^:]+: "
		     "(Cannot allocate memory|.*\\(12\\))",
	  .meaning = N_("PSM3 could not create a completion queue on the device (ENOMEM): its "
			"queues are pinned memory."),
	  .causes = { N_("the locked-memory limit (ulimit -l, the batch system's or the "
			 "container's) is too small for PSM3's queues"),
		      N_("the device's limit on completion queues or their entries") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 5, .alt = { RS_CLS_RESOURCES } },
	{ .id = NULL },
};
