/* SPDX-License-Identifier: MIT */
/*
 * explain_nccl.c - the rest of NCCL's own warnings, and those of its
 * libfabric plugin and of PyTorch around it, that the other tables did not
 * have (explain.h).  Each entry is written from the format strings of one
 * family, read in NVIDIA/nccl's sources across 2.12 to 2.27 and master:
 * transport/net_ib.cc and its 2.23+ split (net_ib/common.cc's async event
 * thread, init.cc's virtual NICs, connect.cc's QP set-up, p2p.cc's data
 * path, common.h's printIbWcStatusHint() INFO "HINT:" lines), misc/ibvwrap.cc
 * (teardown verbs), misc/socket.cc (SYSCHECK's "Call to bind failed : %s",
 * accept, socket states), bootstrap.cc (NCCL_COMM_ID, the root's checks),
 * proxy.cc, init.cc ("Duplicate GPU detected") and ncclGetErrorString();
 * aws/aws-ofi-nccl's src/nccl_ofi_ofiutils.c (068abdb); PyTorch's
 * NCCLUtils.cpp getNcclErrorDetailStr() and ProcessGroupNCCL.cpp.
 * tests/fixtures/explain/sweep/{nccl,aws-ofi-nccl,pytorch-nccl}.txt hold a
 * line of each format.
 *
 * Data only.  Lines that only follow a failure (teardown, a socket in an
 * error state, PyTorch's summaries) weigh 1.  Person-read text is marked
 * with N_().
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

#define AP RS_EXPLAIN_AP

const struct rs_explain_entry rs_explain_nccl[] = {
	/* net_ib/common.cc: "NET/IB : %s:%d async fatal event on CQ (%p): %s" */
	{ .id = "nccl.async_cq", .tool = "NCCL",
	  .pattern = "async fatal event on CQ|async event *: *CQ error",
	  .meaning = N_("The device reported a completion queue error (IBV_EVENT_CQ_ERR): "
			"more completions arrived than the queue holds, and the queue stopped."),
	  .causes = { N_("a CQ overrun: more outstanding work than the CQ was sized for "
			 "(NCCL_IB_QPS_PER_CONNECTION raised, a device limit)"),
		      N_("a device fault that took the queue down (dmesg: mlx5_core)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 6, .alt = { RS_CLS_FIRMWARE } },
	/* net_ib/init.cc ncclIbMakeVDevice(), connect.cc's link-layer check */
	{ .id = "nccl.ib_vnic", .tool = "NCCL",
	  .pattern = "virtual NIC with 0 devices|allocate any more virtual devices|"
		     "Cannot use physical device [0-9]+, max|"
		     "(merge|connect) incompatible devices|more than [0-9]+ plane IDs|"
		     "non-existent virtual device",
	  .meaning = N_("NCCL could not build or use a virtual NIC (the NICs it merges, "
			"NCCL_IB_MERGE_NICS): the devices chosen differ in link layer, or "
			"the device asked for does not exist."),
	  .causes = { N_("NCCL_IB_HCA selects NICs of two link types (InfiniBand and RoCE): "
			 "select one kind"),
		      N_("a net plugin or topology file names more or other devices than "
			 "this host has") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 6, .alt = { RS_CLS_DRIVER } },
	/* net_ib.cc, net_ib/connect.cc, p2p.cc: internal consistency checks */
	{ .id = "nccl.ib_internal", .tool = "NCCL",
	  .pattern = "already connected sendComm|Listencomm in unknown state|"
		     "could not find mr [^ ]+ inside cache|Cannot store sizes of [0-9]+ requests|"
		     "ncclIbIsend\\(\\) called when|NET/IB: Unknown completion|"
		     "expected a '(send|recv)' request|could not retreive a request",
	  .meaning = N_("An internal check of NCCL's IB transport failed: its own state or a "
			"message from the peer is not what it expects."),
	  .causes = { N_("the ranks run different NCCL versions or builds: use one everywhere"),
		      N_("a bug or memory corruption in the process (a net plugin, the "
			 "application)") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 3, .alt = { RS_CLS_PEER } },
	/* net_ib/connect.cc: NCCL_IB_OOO_RQ, NCCL_IB_SUBNET_PREFIX_LEN */
	{ .id = "nccl.ib_setting", .tool = "NCCL",
	  .pattern = "OOO RQ is force enabled|NCCL_IB_SUBNET_PREFIX_LEN=[-0-9]+ is out of range",
	  .meaning = N_("A setting of NCCL's IB transport asks for what this device or the peer "
			"cannot do (out-of-order receive without adaptive routing or on one "
			"side only), or is out of its range."),
	  .causes = { N_("NCCL_IB_OOO_RQ=1 forced on a fabric or a peer without support: unset it"),
		      N_("NCCL_IB_SUBNET_PREFIX_LEN outside 1 to 32") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 7, .alt = { RS_CLS_PEER } },
	/* net_ib/connect.cc ncclIbQpRtr() on InfiniBand across subnets */
	{ .id = "nccl.ib_flid", .tool = "NCCL",
	  .pattern = "remote FLID configured as zero",
	  .meaning = N_("The peer is on another InfiniBand subnet but gave no FLID (routable "
			"LID): NCCL addresses it by its LID, which a router does not forward."),
	  .causes = { N_("the subnet managers or routers of the two subnets do not assign FLIDs"),
		      N_("the GID index chosen is not the routable one "
			 "(NCCL_IB_ROUTABLE_FLID_GID_INDEX)") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 4, .alt = { RS_CLS_GID } },
	/* net_ib/common.h printIbWcStatusHint(), after a completion error */
	{ .id = "nccl.hint_acs", .tool = "NCCL",
	  .pattern = "HINT: .*(ACS is enabled|NCCL_NET_GDR_LEVEL=0)",
	  .meaning = N_("NCCL's hint after a local protection error: PCIe ACS between the GPU "
			"and the NIC usually breaks GPUDirect RDMA."),
	  .causes = { N_("ACS is on in a PCIe switch between the GPU and the NIC: turn it off "
			 "(or test with NCCL_NET_GDR_LEVEL=0)"),
		      N_("an IOMMU translating the NIC's peer-to-peer traffic") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_GPUDIRECT, .weight = 8 },
	{ .id = "nccl.hint_nics", .tool = "NCCL",
	  .pattern = "NICs on the same node cannot talk to each other|"
		     "across NICs on the same node",
	  .meaning = N_("NCCL's hint after flushed requests: two NICs of one node usually cannot "
			"reach each other."),
	  .causes = { N_("the NICs of a node are on networks or rails with no route between "
			 "them: test with ib_write_bw from one to the other"),
		      N_("a switch or VLAN setting separates the ports") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 5 },
	{ .id = "nccl.hint_timeout", .tool = "NCCL",
	  .pattern = "NCCL_IB_TIMEOUT is set too short|increase NCCL_IB_TIMEOUT",
	  .meaning = N_("NCCL's hint after a retry-exceeded error: its IB timeout may be too "
			"short for the fabric."),
	  .causes = { N_("NCCL_IB_TIMEOUT set low: raise it (the default 20 is about 30 s)"),
		      N_("packets lost under load on the fabric") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 5, .alt = { RS_CLS_CONGESTION, RS_CLS_PATH } },
	/* ibvwrap.cc's teardown verbs, shmutils.cc's unlink and munmap, proxy.cc */
	{ .id = "nccl.teardown", .tool = "NCCL",
	  .pattern = "Call to ibv_(dereg_mr|destroy_qp|destroy_cq|dealloc_pd|close_device) failed|"
		     "unlink shared memory [^ ]+ failed|munmap of shared memory|"
		     "proxy ops shm unlink failed|\\] shm (close|unlink) failed",
	  .meaning = N_("NCCL could not release a resource while closing a communicator: this "
			"follows an earlier failure, or an abort under load."),
	  .causes = { N_("an earlier error left the QP or memory busy: read the first failure "
			 "above") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 1 },
	/* socket.cc, proxy.cc, net_ib/common.cc: a state left by an earlier error */
	{ .id = "nccl.after_failure", .tool = "NCCL",
	  .pattern = "communicator encountered a fatal error|"
		     "ncclSocket[A-Za-z]+: (unexpected socket state|socket state \\([0-9/]+\\) is not)|"
		     "Call to ibv_get_async_event failed|"
		     "\\[Proxy Service\\] (Poll failed|Call to Setup/Connect failed)|"
		     "receive a valid magic from",
	  .meaning = N_("A connection or communicator NCCL uses is already in an error state: "
			"this follows an earlier failure."),
	  .causes = { N_("another rank failed or exited first: read its log"),
		      N_("an earlier error in this log: read the first failure above") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 1 },
	/* socket.cc SYSCHECK(bind(...), "bind") and friends */
	{ .id = "nccl.socket_bind", .tool = "NCCL",
	  .pattern = "Call to (bind|listen|getsockname) failed : ",
	  .meaning = N_("NCCL could not listen on a TCP port for its bootstrap or proxy: the "
			"port or address is not available here."),
	  .causes = { N_("the port was forced (NCCL_COMM_ID on the root, a port range) and "
			 "another process holds it"),
		      N_("the address of NCCL_SOCKET_IFNAME is not on this host") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	{ .id = "nccl.socket_accept", .tool = "NCCL",
	  .pattern = "socketTryAccept: Accept failed|\\[Proxy service\\] Too many connections",
	  .meaning = N_("NCCL could not accept a TCP connection from another rank or process: "
			"a limit of this process was reached."),
	  .causes = { N_("the open files limit (ulimit -n) is too small for the ranks and "
			 "channels"),
		      N_("too many local ranks for the proxy (an old NCCL's limit)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 4, .alt = { RS_CLS_APPLICATION } },
	/* bootstrap.cc: NCCL_COMM_ID; socket.cc ncclSocketGetAddrFromString() */
	{ .id = "nccl.comm_id", .tool = "NCCL",
	  .pattern = "Invalid NCCL_COMM_ID|Net : (No valid (<IPv4_or_hostname>|\\[IPv6\\])|"
		     "unsupported IP family|error encountered when getting address info)",
	  .meaning = N_("NCCL could not turn the bootstrap address it was given (NCCL_COMM_ID, "
			"host:port) into a socket address."),
	  .causes = { N_("NCCL_COMM_ID is not <ipv4>:<port>, [<ipv6>]:<port> or <host>:<port>"),
		      N_("the host name does not resolve here (DNS, /etc/hosts in the "
			 "container)") },
	  .tree = RS_TREE_SETUP, .check = "net.addr",
	  .cls = RS_CLS_CONTROL, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	/* bootstrap.cc's root, socket.cc socketFinalizeAccept() */
	{ .id = "nccl.rank_mismatch", .tool = "NCCL",
	  .pattern = "Message truncated : received [0-9,]+ bytes|wrong type [0-9]+ != [0-9]+|"
		     "Bootstrap Root : (mismatch|rank [0-9]+ of [0-9]+ ranks has already)",
	  .meaning = N_("Processes that reached NCCL's bootstrap disagree on the job: rank "
			"counts, message sizes or socket types differ."),
	  .causes = { N_("two jobs share one NCCL_COMM_ID or unique id, or a rank of an earlier "
			 "run is still alive"),
		      N_("the ranks run different NCCL versions") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 5, .alt = { RS_CLS_PEER } },
	/* init.cc */
	{ .id = "nccl.duplicate_gpu", .tool = "NCCL",
	  .pattern = "Duplicate GPU detected",
	  .meaning = N_("Two ranks of one communicator use the same GPU, which NCCL refuses."),
	  .causes = { N_("each rank does not select its own GPU (torch.cuda.set_device(local_rank), "
			 "CUDA_VISIBLE_DEVICES)"),
		      N_("containers that see the same GPU report the same host") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 9 },
	/* ncclGetErrorString(), PyTorch getNcclErrorDetailStr(), ProcessGroupNCCL */
	{ .id = "nccl.invalid_usage", .tool = "NCCL, PyTorch",
	  .pattern = "invalid (usage|argument) \\(run with NCCL_DEBUG|"
		     "ncclInvalidUsage: This usually reflects|ncclInvalidArgument: Invalid value",
	  .meaning = N_("NCCL refused a call of the program (ncclInvalidUsage, "
			"ncclInvalidArgument): the NCCL WARN line before it says which."),
	  .causes = { N_("the ranks disagree (two on one GPU, different counts or types)"),
		      N_("a wrong argument: a device, a communicator, a buffer") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 5 },
	{ .id = "nccl.error_summary", .tool = "NCCL, PyTorch",
	  .pattern = "internal error - please report this issue to the NCCL|"
		     "ncclInternalError: Internal check|unhandled cuda error|ncclUnhandledCudaError|"
		     "Some NCCL operations have failed or timed out|"
		     "To avoid data inconsistency, we are taking",
	  .meaning = N_("A summary NCCL or PyTorch prints after a failure (an internal or CUDA "
			"error, a watchdog taking the process down): the cause is the first "
			"error before it."),
	  .causes = { N_("read the first NCCL WARN line of the failing rank") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 1 },
	/* aws-ofi-nccl nccl_ofi_ofiutils.c */
	{ .id = "aws_ofi.tcp_filter", .tool = "NCCL (aws-ofi-nccl)",
	  .pattern = "No viable endpoint found for TCP provider",
	  .meaning = N_("NCCL's libfabric plugin filtered out every endpoint of libfabric's tcp "
			"provider (IPv6 ones, excluded interfaces)."),
	  .causes = { N_("OFI_NCCL_EXCLUDE_TCP_IF excludes every interface, or only IPv6 ones "
			 "remain without OFI_NCCL_USE_IPV6_TCP=1"),
		      N_("the tcp provider was chosen because no RDMA provider works") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 7, .alt = { RS_CLS_DRIVER } },
	{ .id = "aws_ofi.endpoint", .tool = "NCCL (aws-ofi-nccl)",
	  .pattern = "NET/OFI (Couldn" AP "t (bind EP-(CQ|AV)|enable endpoint)|"
		     "Disabling shared memory failed|Using Libfabric [0-9.]+ API with GPUDirect|"
		     "Provider [^ ]+ supports MR key size)",
	  .meaning = N_("NCCL's libfabric plugin could not set up an endpoint the way it needs: "
			"the libfabric or provider in use does not support it."),
	  .causes = { N_("libfabric older than the plugin was built for, or another provider "
			 "than the one it supports"),
		      N_("the plugin built against headers of another libfabric") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6 },
	/*
	 * bootstrap.cc and transport/net_socket.cc INFO "Bootstrap : Using
	 * [0]ens5:... [1]vethXXXX:..." - a host-side veth or CNI bridge in the
	 * list means NCCL may pick an interface the other nodes cannot reach
	 * (NCCL leaves out only lo and docker by default).
	 */
	{ .id = "nccl.virtual_iface", .tool = "NCCL",
	  .pattern = "(Bootstrap|NET/Socket) ?: Using .*\\[[0-9]+\\](veth[0-9a-f]+|cni[0-9]+|"
		     "flannel\\.[0-9]+|cali[0-9a-f]+|virbr[0-9]+):",
	  .meaning = N_("NCCL lists a virtual interface (a container's host-side veth, a CNI or "
			"libvirt bridge) among those it uses for its bootstrap or socket traffic: "
			"the other nodes cannot reach this node through it."),
	  .causes = { N_("NCCL chose interfaces by itself: set NCCL_SOCKET_IFNAME to the interface "
			 "the nodes share (NCCL_SOCKET_IFNAME=ens5, or =^veth,docker,lo to exclude)") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 5 },
	{ .id = NULL },
};
