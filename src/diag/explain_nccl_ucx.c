/* SPDX-License-Identifier: MIT */
/*
 * explain_nccl_ucx.c - NCCL's and UCX's setup failures that name their
 * cause, which the other tables did not have (explain.h): NCCL's shared
 * memory segment that /dev/shm cannot hold, NCCL finding no network plugin
 * it can start, and UCX finding the GID at the index it was given empty;
 * and the summary lines NCCL and PyTorch end a failure with (the text of
 * ncclSystemError and ncclRemoteError, the proxy losing its socket),
 * weight 1: the cause is the first error before them, and alone they only
 * say where to start.
 *
 * Data only; the formats are the tools' own: NCCL's misc/shmutils.cc
 * WARN("Error: failed to extend %s to %ld bytes, error: %s (%d)") and
 * shm.h's posix_fallocate, its
 * init's "Failed to initialize any NET plugin"; UCX's
 * src/uct/ib/base/ib_device.c and
 * ib_iface.c ucs_error("Invalid gid[%d] on %s:%d"), printed when the GID
 * read at UCX_IB_GID_INDEX (or the one UCX chose) is all zeros;
 * ncclGetErrorString()'s "unhandled system error" and "remote process
 * exited or there was a network error", PyTorch's NCCLUtils detail "A call
 * failed possibly due to a network error or a remote process exiting
 * prematurely", and proxy.cc WARN("Socket recv failed while polling for
 * opId=%p") and WARN("[Service thread] Could not receive type from
 * localRank %d, res=%u, closed=%d"); socket.cc's "NET/Socket : peer %s
 * message truncated : receiving %d bytes instead of %d", CUDACHECK's
 * WARN("Cuda failure '%s'"), and PyTorch's watchdog timeout; UCX's
 * mm_posix.c "open(file_name=/proc/...) failed", its /dev/shm too small
 * ("Not enough memory to write total of %zu bytes") and mm_ep.c's FIFO,
 * select.c "no copy across memory types transport", uct_iface.c
 * "Transport '%s' does not exist", ucp_context.c's resource limit,
 * mpool.c's chunk and tcp_iface.c's scandir of /sys.
 * Person-read text is marked with N_().
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

const struct rs_explain_entry rs_explain_nccl_ucx[] = {
	{ .id = "nccl.shm_extend", .tool = "NCCL",
	  .pattern = "failed to extend [^ ]*(/dev/shm|nccl-)[^ ]* to [0-9]+ bytes|"
		     "Call to posix_fallocate failed: No space left on device|"
		     "Error while creating shared memory segment|failed to create shared memory file|"
		     "Could not map /dev/shm/",
	  .meaning = N_("NCCL could not grow a shared-memory segment under /dev/shm for its "
			"intra-node transport and proxy: the file system holding it is full or "
			"too small."),
	  .causes = { N_("a container's /dev/shm is 64 MB by default: start it with "
			 "--shm-size=1g (or an emptyDir of medium Memory in Kubernetes)"),
		      N_("/dev/shm on the host is full of segments left by jobs that died") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 7, .alt = { RS_CLS_PERMISSION } },
	/*
	 * shmutils.cc: "Error while attaching to shared memory segment %s (size
	 * %ld), error: %s (%d)" - another rank's segment is not in this
	 * process's /dev/shm.
	 */
	{ .id = "nccl.shm_attach", .tool = "NCCL",
	  .pattern = "Error while attaching to shared memory segment",
	  .meaning = N_("A rank could not open the shared-memory segment another rank on the "
			"same node made: they do not see the same /dev/shm."),
	  .causes = { N_("the ranks run in different containers or IPC namespaces: share the "
			 "host's (--ipc=host) or one pod's, or turn the transport off "
			 "(NCCL_SHM_DISABLE=1)"),
		      N_("/dev/shm was cleaned or is too small while the job ran") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 6, .alt = { RS_CLS_RESOURCES } },
	/*
	 * ras/client_support.cc: "Call to bind failed: Address already in use",
	 * then INFO "RAS failed to establish a client listening socket at
	 * localhost:28028": another NCCL process on the node holds the RAS port.
	 */
	{ .id = "nccl.ras_bind", .tool = "NCCL (RAS)",
	  .pattern = "ras/client_support\\.cc.*Call to bind failed|RAS failed to establish a "
		     "client listening socket",
	  .meaning = N_("NCCL's RAS service (its own status socket) could not listen on its "
			"port: another NCCL process on this node already has it. Only the RAS "
			"client is affected, not the job's communication."),
	  .causes = { N_("several NCCL jobs or communicators per node: harmless; set "
			 "NCCL_RAS_ADDR to another port, or NCCL_RAS_ENABLE=0") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 1 },
	{ .id = "nccl.no_net_plugin", .tool = "NCCL",
	  .pattern = "Failed to initialize any NET plugin",
	  .meaning = N_("NCCL could start none of its network transports: the plugin NCCL_NET "
			"names (or the one it found) did not load or found no device, and NCCL "
			"was told not to fall back to another."),
	  .causes = { N_("the external net plugin (libnccl-net.so: HPC-X, aws-ofi-nccl, gIB) is "
			 "missing from LD_LIBRARY_PATH or built for another NCCL"),
		      N_("inside a container the RDMA devices were not passed in (--device "
			 "/dev/infiniband), so the IB plugin has nothing to open"),
		      N_("NCCL_NET forces a transport this host does not have") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 5, .alt = { RS_CLS_PERMISSION, RS_CLS_APPLICATION } },
	{ .id = "ucx.invalid_gid", .tool = "UCX",
	  .pattern = "Invalid gid\\[[0-9]+\\] on [^ ]+:[0-9]+",
	  .meaning = N_("The GID UCX read at the index it uses is all zeros: that slot of the "
			"port's GID table is empty, so UCX cannot address the peer through it."),
	  .causes = { N_("UCX_IB_GID_INDEX names a slot with no address: rocescope gids shows "
			 "the index of the RoCE v2 GID of the interface's IP"),
		      N_("the port's interface has no IP address (or it is down), so the table "
			 "holds nothing but its link-local entries") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 7, .alt = { RS_CLS_PORT } },
	/*
	 * ncclSystemError: an ibverbs or system call failed, named by the WARN
	 * before it; in RoCE pastes that call is most often ibv_modify_qp.
	 */
	{ .id = "nccl.system_error", .tool = "NCCL, PyTorch",
	  .pattern = "unhandled system error|ncclSystemError: System call",
	  .meaning = N_("NCCL's summary of a failed system or libibverbs call (ncclSystemError): "
			"the NCCL WARN line before it names the call and its errno."),
	  .causes = { N_("ibv_modify_qp refused the connection (the GID index, the route): look "
			 "for \"Call to ibv_modify_qp failed\" above"),
		      N_("ibv_create_qp, ibv_create_cq or ibv_reg_mr ran out of locked memory"),
		      N_("the RDMA device could not be opened or found"),
		      N_("a socket of the bootstrap could not be created or connected") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 1,
	  .alt = { RS_CLS_MEMLOCK, RS_CLS_DRIVER, RS_CLS_CONTROL } },
	{ .id = "nccl.remote_error", .tool = "NCCL, PyTorch",
	  .pattern = "remote process exited or there was a network error|"
		     "A call failed possibly due to a network error or a remote process exiting",
	  .meaning = N_("NCCL's summary of ncclRemoteError: the connection to another rank broke, "
			"because that process ended or because the network between them failed."),
	  .causes = { N_("another rank failed first (its own log has the cause): a crash, an "
			 "out-of-memory, a timeout"),
		      N_("the network between the nodes dropped the connection: the RoCE path, "
			 "a port that went down") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 1, .alt = { RS_CLS_PATH, RS_CLS_PORT } },
	{ .id = "nccl.proxy_recv", .tool = "NCCL",
	  .pattern = "Socket recv failed while polling for opId",
	  .meaning = N_("NCCL's proxy lost the socket over which it waited for an operation's "
			"answer: the other side of it closed, usually after an earlier failure."),
	  .causes = { N_("the peer rank or its proxy thread ended first (look at its log)"),
		      N_("the socket between the ranks was cut: the bootstrap interface, a "
			 "firewall") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 1, .alt = { RS_CLS_CONTROL } },
	/*
	 * UCX's shared-memory transport (mm_posix.c): "shared memory error:
	 * open(file_name=/proc/32/fd/29 flags=0x0) failed: No such file or
	 * directory" - the peer process's /proc entry is not visible here.
	 */
	{ .id = "ucx.shm_proc_open", .tool = "UCX",
	  .pattern = "open\\(file_name=/proc/[0-9]+/fd/[0-9]+ flags=|"
		     "mm ep failed to connect to remote FIFO id",
	  .meaning = N_("UCX's shared-memory transport could not open the other process's "
			"memory through /proc: the two processes do not see each other's PIDs."),
	  .causes = { N_("the processes run in different containers or PID namespaces: give "
			 "them the host's (--pid=host, --ipc=host) or exclude the transport "
			 "(UCX_TLS=^posix)"),
		      N_("ptrace is restricted (kernel.yama.ptrace_scope, a seccomp profile): "
			 "UCX_POSIX_USE_PROC_LINK=n makes UCX share the memory without /proc") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	/*
	 * mm_posix.c: "Not enough memory to write total of %zu bytes. Please
	 * check that /dev/shm or the directory you specified has more
	 * available memory." - the segment's file system is too small.
	 */
	{ .id = "ucx.shm_full", .tool = "UCX",
	  .pattern = "Not enough memory to write total of [0-9]+ bytes",
	  .meaning = N_("UCX's shared-memory transport could not grow a segment: /dev/shm (or "
			"the directory UCX_POSIX_DIR names) has less room than the buffer."),
	  .causes = { N_("/dev/shm is too small for the buffers: a container's is 64 MB unless "
			 "started with --shm-size; on a host, enlarge the tmpfs (/etc/fstab) or "
			 "clean the files jobs left"),
		      N_("UCX_POSIX_DIR names a small file system") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 8, .alt = { RS_CLS_PERMISSION } },
	/* ucp_context.c: "exceeded transports/devices limit (%u requested, up to %u are supported)". */
	{ .id = "ucx.resource_limit", .tool = "UCX",
	  .pattern = "exceeded transports/devices limit",
	  .meaning = N_("UCX found more transport and device pairs than it can hold (its "
			"UCP_MAX_RESOURCES): a host with many NICs or ports."),
	  .causes = { N_("too many devices offered: restrict them with UCX_NET_DEVICES (and "
			 "UCX_TLS) to the ones the job uses"),
		      N_("an older UCX with a lower limit: a newer release raises it") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 6, .alt = { RS_CLS_DRIVER } },
	/* mpool.c: "Failed to allocate memory pool (name=%s) chunk: %s". */
	{ .id = "ucx.mpool_chunk", .tool = "UCX",
	  .pattern = "Failed to allocate memory pool( \\(name=[^)]*\\))? chunk",
	  .meaning = N_("UCX could not grow one of its memory pools: the memory for its buffers "
			"could not be allocated or registered with the NIC."),
	  .causes = { N_("the locked-memory limit is too small for UCX's registered buffers "
			 "(ulimit -l unlimited for the job, its batch system, its container)"),
		      N_("the host or the device is out of memory or memory regions") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 5, .alt = { RS_CLS_RESOURCES } },
	/* tcp_iface.c: "scandir(/sys/class/net) failed: ..." in a sandbox without sysfs. */
	{ .id = "ucx.no_sysfs", .tool = "UCX",
	  .pattern = "scandir\\(/sys/class/(net|infiniband)\\) failed",
	  .meaning = N_("UCX could not list the network or RDMA devices in sysfs: the process "
			"runs where /sys is not visible (a sandbox, a build chroot, a container "
			"without it)."),
	  .causes = { N_("the sandbox or container does not mount /sys: mount it, or keep UCX "
			 "out (OMPI_MCA_pml=ob1, UCX_TLS=self,sm)") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	/* select.c: "no copy across memory types transport to ...". */
	{ .id = "ucx.no_memtype_copy", .tool = "UCX",
	  .pattern = "no copy across memory types transport",
	  .meaning = N_("UCX has no transport that moves data between host and GPU memory: the "
			"buffers are GPU memory and no CUDA or ROCm transport is loaded."),
	  .causes = { N_("this UCX was built without CUDA (or ROCm) support, or its cuda "
			 "transports' libraries are not found"),
		      N_("UCX_TLS leaves the cuda_copy / rocm_copy transports out"),
		      N_("GPU memory is passed where the program meant host memory") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 5, .alt = { RS_CLS_APPLICATION, RS_CLS_GPUDIRECT } },
	/* uct_iface.c: "Transport '%s' does not exist". */
	{ .id = "ucx.no_transport", .tool = "UCX",
	  .pattern = "Transport '[a-z_0-9]+' does not exist",
	  .meaning = N_("UCX was asked for a transport it does not have: the module that "
			"provides it was not built or could not be loaded."),
	  .causes = { N_("this UCX was built without that transport (no mlx5 direct verbs, no "
			 "rdma-core headers at build time) or its module cannot load (ucx_info "
			 "-d lists what it has)"),
		      N_("the name in UCX_TLS is misspelled or belongs to another UCX "
			 "version") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_APPLICATION } },
	/*
	 * net_ib.cc (and the HPC-X plugin's ib_plugin.c): "NET/IB : Remote %s
	 * device is incompatible with the local [%d]%s:%d/%s. Try selecting
	 * NICs of the same link type ..." - one end InfiniBand, the other RoCE.
	 */
	{ .id = "nccl.link_layer_mismatch", .tool = "NCCL",
	  .pattern = "NET/IB ?: Remote (IB|RoCE|[A-Za-z]+) device is incompatible with the local",
	  .meaning = N_("The two ends picked RDMA devices of different link layers (one "
			"InfiniBand, the other RoCE): they cannot talk to each other."),
	  .causes = { N_("the nodes' NICs are configured differently (a port in IB mode on one, "
			 "Ethernet on the other: mlxconfig LINK_TYPE), or NCCL picked different "
			 "NICs on each: select the same kind with NCCL_IB_HCA"),
		      N_("an external net plugin ignores the settings meant to exclude a "
			 "device") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 7, .alt = { RS_CLS_APPLICATION, RS_CLS_PORT } },
	/*
	 * aws-ofi-nccl (NCCL's libfabric plugin, nccl_ofi_net.c): "NET/OFI No
	 * eligible providers were found", "NET/OFI Unable to find a protocol
	 * that worked.  Failing initialization.", "NET/OFI aws-ofi-nccl
	 * initialization failed", "NET/OFI Initializing plugin failed".
	 */
	{ .id = "aws_ofi.no_provider", .tool = "NCCL (aws-ofi-nccl)",
	  .pattern = "NET/OFI (No eligible providers were found|Unable to find a protocol that "
		     "worked|aws-ofi-nccl initialization failed|Initializing plugin failed)",
	  .meaning = N_("NCCL's libfabric plugin found no provider it can use (EFA, or the one "
			"FI_PROVIDER names), so it does not start; NCCL falls back to another "
			"network or fails."),
	  .causes = { N_("no EFA (or other libfabric) device here: an instance type without it, "
			 "the efa driver not loaded, or libfabric without its provider"),
		      N_("inside a container the devices (/dev/infiniband) are not passed in"),
		      N_("FI_PROVIDER or the plugin's settings name a provider that is not "
			 "there") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3, .alt = { RS_CLS_PERMISSION, RS_CLS_APPLICATION } },
	{ .id = "nccl.proxy_service_recv", .tool = "NCCL",
	  .pattern = "\\[Service thread\\] Could not receive type from localRank [0-9]+",
	  .meaning = N_("NCCL's proxy service lost a local rank: the process on this node it "
			"serves went away, usually after an error of its own."),
	  .causes = { N_("a rank on this node crashed or exited first (its own log has the "
			 "first error)"),
		      N_("the job was killed (a timeout of the launcher, out of memory)") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 1, .alt = { RS_CLS_APPLICATION } },
	{ .id = "nccl.socket_truncated", .tool = "NCCL",
	  .pattern = "NET/Socket ?: peer [^ ]+ message truncated : receiving [0-9]+ bytes instead "
		     "of [0-9]+",
	  .meaning = N_("A rank received a message of another size than it expected: the two "
			"ranks do not agree on what they exchange."),
	  .causes = { N_("the ranks call collectives of different sizes or in another order (a "
			 "program desync), or run with different NCCL_PROTO, NCCL_ALGO or other "
			 "settings, or different NCCL versions"),
		      N_("something else answered on the socket (a port reused, a proxy)") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 5, .alt = { RS_CLS_PEER } },
	{ .id = "nccl.cuda_failure", .tool = "NCCL",
	  .pattern = "Cuda failure '[^']+'",
	  .meaning = N_("A CUDA call of NCCL failed; the quoted text is CUDA's error. It is the "
			"GPU's side, not the network's."),
	  .causes = { N_("the GPU or its driver: out of memory, an invalid device ordinal (the "
			 "visible GPUs), a driver older than the CUDA runtime"),
		      N_("GPU memory the NIC path needs (cuMem, dma-buf) not supported by this "
			 "driver or GPU"),
		      N_("an error left by an earlier failure of the program") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_APPLICATION, .weight = 2,
	  .alt = { RS_CLS_GPUDIRECT, RS_CLS_RESOURCES } },
	/*
	 * PyTorch's ProcessGroupNCCL: "Watchdog caught collective operation
	 * timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, ...) ran for 600318
	 * milliseconds before timing out."  A consequence: a collective that
	 * did not finish, for a reason some rank's log names.
	 */
	{ .id = "pytorch.watchdog_timeout", .tool = "PyTorch (ProcessGroupNCCL)",
	  .pattern = "Watchdog caught collective operation timeout",
	  .meaning = N_("A collective did not finish within PyTorch's timeout: some rank did "
			"not take part, or the network stalled. The cause is the first error "
			"of any rank's log."),
	  .causes = { N_("another rank stopped, crashed or is stuck on its own error (look at "
			 "every rank's log)"),
		      N_("the network path stalled: NCCL's own WARN lines (a completion error, "
			 "a port event) say so"),
		      N_("the ranks issued different collectives (a program desync)") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 1, .alt = { RS_CLS_PATH, RS_CLS_APPLICATION } },
	{ .id = NULL },
};
