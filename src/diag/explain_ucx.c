/* SPDX-License-Identifier: MIT */
/*
 * explain_ucx.c - UCX's, Open MPI's and libfabric's own error and warning
 * lines that the other tables did not have (explain.h), found by sweeping
 * the format strings of their sources (docs/explain.md, "Coverage of
 * UCX's, Open MPI's and libfabric's own messages").
 *
 * UCX (openucx/ucx, 1.8 to 1.18): ib_device.c's asynchronous events
 * ("IB Async event on %s: %s", the text of ibv_event_type_str()), its
 * sysfs, port and GID queries ("Invalid GID[%d] type on %s:%d: %d",
 * "failed to parse gid type '%s' (dev=%s port=%d index=%d)", "%s: failed
 * to find port"); ib_iface.c's pkey and configuration checks ("there is
 * no valid pkey to use on %s:%d", "both GID_INDEX and ROCE_SUBNET_LIST
 * are specified"), and the reasons it gives a peer unreachable, which
 * select.c prints after "no %s transport to %s: " ("different RoCE
 * versions detected", "IP addresses do not match with a %u-bit prefix",
 * "link layers differ", "IB subnet prefix differs"); rc_iface.c ("error
 * modifying QP to %s: %m", "invalid max_rd_atomic value"); the socket
 * layer of src/ucs/sys/sock.c ("bind(fd=%d addr=%s) failed: %m",
 * "the maximal number of files that could be opened simultaneously was
 * reached") and sys.c's SysV segments ("shmget(size=%zu flags=0x%x) for
 * %s failed: %s"); tcp_cm.c's connection events; ucp_ep.c's error that
 * no callback handles.
 *
 * Open MPI (open-mpi/ompi): opal/mca/btl/openib/help-mpi-btl-openib.txt
 * (the line of each help text that names the failure: "[pp rnr retry
 * exceeded]", "[gid index too large]", "[default subnet prefix]", ...),
 * the openib BTL's BTL_ERROR lines ("error creating address handle errno
 * says %s"), ompi/mca/pml/ucx/pml_ucx.c's PML_UCX_ERROR lines ("Failed to
 * receive UCX worker address: %s (%d)", "Open MPI couldn't distribute EP
 * connection details") and the OFI MTL's help-mtl-ofi.txt.
 *
 * libfabric (ofiwg/libfabric): src/fabric.c's provider loading ("dlopen(%s):
 * %s", "provider %s is unknown, misspelled or DL provider?"), the verbs
 * provider's verbs_info.c ("No interface address found", "Enabling IB fork
 * support failed: %s (%d)"), rxm's pools and connections ("Unable to create
 * rx buf pool"), EFA's efa_device.c ("ibv_open_device failed! errno: %d")
 * and the texts of efa_strerror.c ("Unresponsive receiver", "Invalid
 * receiver queue pair number (QPN)", "TX entries exhausted").
 *
 * Data only.  Person-read text is marked with N_().
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

/* UCX's ib_device.c prefix of every asynchronous event it logs. */
#define UCX_ASYNC "IB Async event on [^ ]+: "

const struct rs_explain_entry rs_explain_ucx[] = {
	/* --- UCX: asynchronous events (ib_device.c) ----------------------- */
	{ .id = "ucx.async_sm_event", .tool = "UCX",
	  .pattern = UCX_ASYNC "(SM change|LID changed|client reregistration|"
		     "P_Key change)",
	  .meaning = N_("The InfiniBand subnet manager changed the port's "
			"settings while UCX ran (a new SM, a new LID, a pkey "
			"table change, a re-registration): connections made "
			"before may stop working."),
	  .causes = { N_("the subnet manager failed over or was restarted, or "
			 "swept the fabric after a link change"),
		      N_("the port flapped and came back with new settings") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 4, .alt = { RS_CLS_PORT } },
	{ .id = "ucx.async_cq_error", .tool = "UCX",
	  .pattern = UCX_ASYNC "(CQ error on CQ|SRQ catastrophic error)",
	  .meaning = N_("A completion queue or shared receive queue failed "
			"(IBV_EVENT_CQ_ERR, IBV_EVENT_SRQ_ERR): usually it "
			"overran, more completions arrived than it holds."),
	  .causes = { N_("the queue is smaller than the work in flight "
			 "(UCX_RC_TX_CQ_LEN, UCX_RC_RX_QUEUE_LEN above the "
			 "device's max_cqe or max_srq_wr)"),
		      N_("the program stopped polling while traffic arrived") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 5, .alt = { RS_CLS_DRIVER } },
	{ .id = "ucx.async_event_failed", .tool = "UCX",
	  .pattern = "ibv_get_async_event\\(\\) failed",
	  .meaning = N_("UCX could not read the device's asynchronous events: "
			"the device file failed under it."),
	  .causes = { N_("the device was removed or its driver reset (dmesg "
			 "says which)"),
		      N_("the rdma-core library and the kernel's uverbs ABI "
			 "differ") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3, .alt = { RS_CLS_FIRMWARE } },

	/* --- UCX: device, port and GID queries (ib_device.c) -------------- */
	{ .id = "ucx.sysfs_ids", .tool = "UCX",
	  .pattern = "could not read device/vendor id from sysfs",
	  .meaning = N_("UCX could not read the adapter's PCI vendor and "
			"device ids under /sys, so it does not know the model "
			"and uses generic settings."),
	  .causes = { N_("a container that mounts /sys without the PCI "
			 "device's directory, or a sandbox that hides it"),
		      N_("a virtual function or sub-function whose sysfs "
			 "layout this UCX does not know (update UCX)") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 4, .alt = { RS_CLS_DRIVER } },
	{ .id = "ucx.query_port", .tool = "UCX",
	  .pattern = "ibv_query_port\\(\\) returned -?[0-9]+",
	  .meaning = N_("UCX could not query a port of the device it opened."),
	  .causes = { N_("the device was reset or removed while UCX opened it"),
		      N_("a provider (libmlx5, librxe) that does not match the "
			 "kernel driver") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_PORT } },
	{ .id = "ucx.gid_type", .tool = "UCX",
	  .pattern = "Invalid GID\\[[0-9]+\\] type on|failed to parse gid type",
	  .meaning = N_("UCX could not tell the type (RoCE v1 or v2) of a GID "
			"of the port: the type the kernel reports is none it "
			"knows."),
	  .causes = { N_("UCX_IB_GID_INDEX names an entry whose type is not "
			 "RoCE v1 or v2"),
		      N_("an old MLNX_OFED or kernel whose gid_attrs/types "
			 "file says something else (update it or UCX)") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 6, .alt = { RS_CLS_DRIVER } },
	{ .id = "ucx.find_port", .tool = "UCX",
	  .pattern = "[^ ]+:[0-9]+: failed to find port",
	  .meaning = N_("UCX was asked for a device and port (UCX_NET_DEVICES) "
			"that the device does not have."),
	  .causes = { N_("UCX_NET_DEVICES names a port number the adapter "
			 "lacks (mlx5_0:2 where each port is a device of its "
			 "own: mlx5_1:1)"),
		      N_("the device names changed (a reboot, a bond) since "
			 "the setting was written") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 5, .alt = { RS_CLS_DRIVER } },

	/* --- UCX: interface set-up (ib_iface.c, rc_iface.c) --------------- */
	{ .id = "ucx.pkey_none", .tool = "UCX",
	  .pattern = "there is no valid pkey to use on",
	  .meaning = N_("The InfiniBand port's partition table has no key UCX "
			"can use: the subnet manager gave the port no "
			"partition, or only limited ones."),
	  .causes = { N_("the subnet manager's partitions.conf leaves this "
			 "port out"),
		      N_("the port is not yet configured by a subnet "
			 "manager") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 5, .alt = { RS_CLS_PORT } },
	{ .id = "ucx.pkey_config", .tool = "UCX",
	  .pattern = "unable to find specified pkey 0x[0-9a-f]+|requested pkey "
		     "0x[0-9a-f]+ is invalid|local pkey 0x[0-9a-f]+ differs "
		     "from remote pkey",
	  .meaning = N_("The partition key UCX was told to use (UCX_IB_PKEY) "
			"is not in the port's table, out of range, or not the "
			"one the peer uses."),
	  .causes = { N_("UCX_IB_PKEY differs between the nodes or names a "
			 "partition the port is not a member of"),
		      N_("the subnet manager's partitions differ from what the "
			 "job expects") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 5, .alt = { RS_CLS_PATH } },
	{ .id = "ucx.config_invalid", .tool = "UCX",
	  .pattern = "both GID_INDEX and ROCE_SUBNET_LIST are "
		     "specified|invalid parameter for [A-Z_]+: actual|IB "
		     "transports do not support multi-threaded worker|invalid "
		     "max_rd_atomic value|cannot set ECE value to|using "
		     "maximal value for [A-Z_]+ \\(|factor for hard FC "
		     "threshold should be",
	  .meaning = N_("UCX refused (or clipped) a setting it was given: a "
			"UCX_* variable out of range, two that exclude each "
			"other, or a thread mode its IB transports do not "
			"support."),
	  .causes = { N_("a UCX_* environment variable (UCX_IB_GID_INDEX with "
			 "UCX_IB_ROCE_SUBNET_LIST, UCX_RC_MAX_RD_ATOMIC, "
			 "UCX_RC_ECE, UCX_RC_RNR_RETRY_COUNT) set to a value "
			 "this device or UCX does not take: ucx_info -c lists "
			 "them"),
		      N_("the program asked for a multi-threaded worker where "
			 "IB transports need a serialized one") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 6 },
	{ .id = "ucx.roce_version_differs", .tool = "UCX",
	  .pattern = "different RoCE versions detected",
	  .meaning = N_("The two ends chose GIDs of different RoCE versions "
			"(v1 on one, v2 on the other), so UCX does not try to "
			"connect them."),
	  .causes = { N_("one node picked a RoCE v1 GID: UCX_IB_GID_INDEX set "
			 "differently on the nodes, or an interface with no "
			 "IPv4 address"),
		      N_("the kernels or MLNX_OFED differ in the default GID "
			 "type (configfs default_roce_mode)") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 7, .alt = { RS_CLS_PEER } },
	{ .id = "ucx.roce_subnet_differs", .tool = "UCX",
	  .pattern = "IP addresses do not match with a [0-9]+-bit prefix",
	  .meaning = N_("The RoCE v2 addresses of the two ends are in "
			"different IP subnets, and UCX connects RoCE only "
			"within one (UCX_IB_ROCE_LOCAL_SUBNET)."),
	  .causes = { N_("the GID index in use holds another interface's or "
			 "VLAN's address on one node: choose the index of the "
			 "same subnet on both"),
		      N_("the nodes really are in different subnets: route "
			 "between them and set UCX_IB_ROCE_LOCAL_SUBNET=n") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 6, .alt = { RS_CLS_PATH } },
	{ .id = "ucx.link_layer_differs", .tool = "UCX",
	  .pattern = "link layers differ (RoCE|IB) \\(local\\) vs",
	  .meaning = N_("This end's port is Ethernet (RoCE) and the peer's "
			"InfiniBand, or the other way round: no RDMA path "
			"exists between them."),
	  .causes = { N_("the nodes use different adapters or ports "
			 "(UCX_NET_DEVICES names an IB port on one, a RoCE "
			 "port on the other)"),
		      N_("a port of a VPI adapter set to the other link "
			 "type") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ucx.ib_subnet_differs", .tool = "UCX",
	  .pattern = "IB subnet prefix differs 0x[0-9a-f]+ vs",
	  .meaning = N_("The two InfiniBand ports are in different subnets and "
			"no router path (FLID) joins them."),
	  .causes = { N_("the ports hang off different fabrics, or the subnet "
			 "managers give them different subnet prefixes"),
		      N_("an IB router is there but UCX_IB_FLID routing is "
			 "off") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ucx.no_transport_op", .tool = "UCX",
	  .pattern = "no ([a-z_]+|active messages) transport( to [^:]*)?: "
		     ".*(unsupported operation|no am bcopy|no peer failure "
		     "handler)",
	  .meaning = N_("UCX found no transport that can carry what the "
			"program asked for to this peer: the ones it may use "
			"lack the operation (active messages, error "
			"handling)."),
	  .causes = { N_("UCX_TLS leaves out the transports that can (rc, ud, "
			 "dc, tcp): add them, or leave UCX_TLS unset"),
		      N_("the program asked for peer failure handling, which "
			 "shared-memory and copy transports do not give"),
		      N_("the RDMA device is not usable, so only those "
			 "remain") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 5, .alt = { RS_CLS_DRIVER } },

	/* --- UCX: sockets, shared memory, TCP (sock.c, sys.c, tcp/) ------- */
	{ .id = "ucx.open_files", .tool = "UCX",
	  .pattern = "maximal number of files that could be opened "
		     "simultaneously|(socket create|accept\\(\\)) failed.*too "
		     "many open files|ibv_create_comp_channel\\(\\) failed",
	  .meaning = N_("UCX ran out of file descriptors: each endpoint, "
			"socket and completion channel takes one."),
	  .causes = { N_("the open-files limit is low for this many peers: "
			 "raise ulimit -n (LimitNOFILE for a service)"),
		      N_("descriptors leaked by the program (connections it "
			 "never closes)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ucx.sock_listen", .tool = "UCX",
	  .pattern = "(bind|listen)\\(fd=[0-9]+ addr=[^)]*\\) failed",
	  .meaning = N_("UCX could not listen on its TCP address (the sockaddr "
			"listener or the tcp transport): the port is taken or "
			"the address not this host's."),
	  .causes = { N_("another process (or an earlier run not yet gone) "
			 "holds the port"),
		      N_("the address to listen on is not configured on this "
			 "host") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 5, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ucx.tcp_connect", .tool = "UCX",
	  .pattern = "tcp_ep 0x[0-9a-f]+: failed to initiate the connection "
		     "with the peer",
	  .meaning = N_("UCX's tcp transport could not start its connection to "
			"the peer's listener."),
	  .causes = { N_("nothing listens at the peer's address, or a firewall "
			 "drops it"),
		      N_("the interface UCX picked (UCX_NET_DEVICES, "
			 "UCX_TCP_...) cannot reach the peer") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 5, .alt = { RS_CLS_PATH } },
	{ .id = "ucx.tcp_cm_event", .tool = "UCX",
	  .pattern = "tcp_ep 0x[0-9a-f]+: (received wrong CM event|unknown CM "
		     "event received)",
	  .meaning = N_("The peer of UCX's tcp transport sent a connection "
			"message this UCX does not expect: the two ends do not "
			"speak the same protocol."),
	  .causes = { N_("the nodes run different UCX versions"),
		      N_("something else answers on the port UCX connected "
			 "to") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 5, .alt = { RS_CLS_DRIVER } },
	{ .id = "ucx.shmget", .tool = "UCX",
	  .pattern = "shmget\\(size=[0-9]+,? flags=0x[0-9a-f]+\\)( for [^ ]+)? "
		     "(failed|returned unexpected error): (no space left on "
		     "device|cannot allocate memory|invalid argument)",
	  .meaning = N_("UCX could not create a SysV shared-memory segment for "
			"its shared-memory transport: a kernel limit "
			"(kernel.shmmax, shmall, shmmni) is below what it asks "
			"for."),
	  .causes = { N_("the limits are low or used up by segments left "
			 "behind: ipcs -l, ipcs -m, then raise "
			 "kernel.shmmni/shmall or remove stale segments"),
		      N_("a container with its own, small IPC namespace") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 5, .alt = { RS_CLS_PERMISSION } },
	/* ucp_ep.c: a consequence, the error itself is the line before it. */
	{ .id = "ucx.error_unhandled", .tool = "UCX",
	  .pattern = "will not be handled since no error callback is installed",
	  .meaning = N_("An endpoint failed and the program installed no "
			"handler for it, so UCX will abort or report it later: "
			"the error named on the line (and the lines before) is "
			"the cause."),
	  .causes = { N_("see the error on the line and the transport's error "
			 "before it") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 1, .alt = { RS_CLS_PEER } },
	/* --- Open MPI: the openib BTL's help texts and errors ------------- */
	{ .id = "ompi.create_queue", .tool = "Open MPI (openib)",
	  .pattern = "create an internal queue\\.  This typically indicates a "
		     "failed",
	  .meaning = N_("The openib BTL could not create one of its queues (a "
			"completion queue, a shared receive queue): the help "
			"text names the verbs call and its errno below."),
	  .causes = { N_("a broken or mismatched OpenFabrics installation "
			 "(provider and kernel driver)"),
		      N_("btl_openib_receive_queues asks for a feature (an "
			 "SRQ, XRC) the device lacks"),
		      N_("a queue larger than the device allows, or the "
			 "locked-memory limit (an ENOMEM)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 5,
	  .alt = { RS_CLS_APPLICATION, RS_CLS_MEMLOCK } },
	{ .id = "ompi.rnr_retry_pp", .tool = "Open MPI (openib)",
	  .pattern = "receiver not ready.? retry count on a per-peer",
	  .meaning = N_("A per-peer connection of the openib BTL ran out of "
			"receiver-not-ready retries, which its flow control "
			"should prevent: the help text says the fabric is the "
			"likelier cause."),
	  .causes = { N_("something awry in the fabric between the two hosts "
			 "it names (a bad link, a switch): try without one of "
			 "the hosts"),
		      N_("a flow-control bug of Open MPI") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 5, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ompi.rnr_retry_srq", .tool = "Open MPI (openib)",
	  .pattern = "receiver not ready.? retry count on a shared receive",
	  .meaning = N_("The receiver-not-ready retries of a shared (or XRC) "
			"receive queue ran out: the receiver had no buffer "
			"posted for the sender's message."),
	  .causes = { N_("mca_btl_openib_ib_rnr_retry set below 7 (7 retries "
			 "for ever)"),
		      N_("with 7, something awry in the fabric between the "
			 "hosts named") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 5, .alt = { RS_CLS_PATH } },
	{ .id = "ompi.no_device_type", .tool = "Open MPI (openib)",
	  .pattern = "No OpenFabrics devices of the right type were found",
	  .meaning = N_("The openib BTL found no device of the type asked for "
			"within the bus distance asked for; with <any>, no "
			"OpenFabrics device at all."),
	  .causes = { N_("no RDMA device is usable in this process: driver or "
			 "provider missing, or not passed into the container"),
		      N_("btl_openib_device_type names a type the host "
			 "lacks") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 5,
	  .alt = { RS_CLS_PERMISSION, RS_CLS_APPLICATION } },
	{ .id = "ompi.default_subnet", .tool = "Open MPI (openib)",
	  .pattern = "default subnet GID prefix was detected on more than one",
	  .meaning = N_("Several active ports use the default InfiniBand "
			"subnet prefix: if they are in physically separate "
			"fabrics, Open MPI cannot tell them apart and "
			"connections between them fail."),
	  .causes = { N_("separate fabrics whose subnet managers both use the "
			 "default prefix (fe80::): give each its own subnet "
			 "prefix"),
		      N_("one fabric with several ports: harmless, turn the "
			 "warning off with "
			 "btl_openib_warn_default_gid_prefix=0") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 4, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ompi.fork_support", .tool = "Open MPI (openib)",
	  .pattern = "library call ibv_fork_init\\(\\) failed on the "
		     "host|fork\\(\\) support was requested for the "
		     "OpenFabrics|but it is not supported on the host [^ ]+\\. "
		     " Deactivating the",
	  .meaning = N_("fork() support was asked for the openib BTL but "
			"libibverbs cannot give it (ibv_fork_init() failed or "
			"is not supported), so the BTL is turned off."),
	  .causes = { N_("an old libibverbs or kernel without fork support"),
		      N_("libibverbs already in use when Open MPI called "
			 "ibv_fork_init()") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ompi.unknown_event", .tool = "Open MPI (openib)",
	  .pattern = "reported an unknown network error event",
	  .meaning = N_("libibverbs reported an asynchronous event this Open "
			"MPI does not know."),
	  .causes = { N_("Open MPI built against another libibverbs than the "
			 "one it runs with: rebuild it against the installed "
			 "one") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_PORT } },
	{ .id = "ompi.openib_config", .tool = "Open MPI (openib)",
	  .pattern = "nonexistent OpenFabrics devices/ports were|invalid MCA "
		     "parameter value was found for the OpenFabrics|No queue "
		     "pairs were defined in the btl_openib_receive_queues|two "
		     "devices on a single server that have different|does not "
		     "have XRC capabilities|cannot have fork support and CUDA "
		     "GPU Direct RDMA",
	  .meaning = N_("The openib BTL's settings (its MCA parameters, the "
			"receive queues of its device file) name devices, "
			"queues or features this host does not have, or that "
			"exclude each other."),
	  .causes = { N_("btl_openib_if_include, btl_openib_receive_queues or "
			 "another btl_openib_* parameter set for other "
			 "hardware: ompi_info --param btl openib lists them"),
		      N_("two kinds of adapter in one host with different "
			 "defaults in mca-btl-openib-device-params.ini") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 6 },
	{ .id = "ompi.peer_mismatch", .tool = "Open MPI (openib)",
	  .pattern = "receive queue configuration for the OpenFabrics "
		     "devices|two different OpenFabrics transport types in the "
		     "same",
	  .meaning = N_("Two nodes' adapters cannot talk: their receive-queue "
			"settings or their transport types (InfiniBand, iWARP, "
			"RoCE) differ."),
	  .causes = { N_("adapters of different vendors or generations in one "
			 "job: set one btl_openib_receive_queues for all, or "
			 "keep the job on one kind"),
		      N_("a port set to another link type on one node") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 5, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ompi.gid_index_large", .tool = "Open MPI (openib)",
	  .pattern = "tried to use a GID index that was too large|specified by "
		     "the btl_openib_gid_index MCA param",
	  .meaning = N_("btl_openib_gid_index names a GID index the port's "
			"table does not have."),
	  .causes = { N_("btl_openib_gid_index set above the table: "
			 "ibv_devinfo -v, or rocescope gids, shows the index "
			 "of the RoCE v2 GID to use") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 7 },
	{ .id = "ompi.no_gdr", .tool = "Open MPI (openib)",
	  .pattern = "requested to run with CUDA GPU Direct RDMA support but "
		     "(the Open MPI|this OFED)",
	  .meaning = N_("GPUDirect RDMA was asked for, but this Open MPI was "
			"built without it, or the OpenFabrics stack has no "
			"peer-memory support."),
	  .causes = { N_("Open MPI built without CUDA (6.0 or later): rebuild "
			 "with --with-cuda"),
		      N_("no peer-memory module (nvidia-peermem, nv_peer_mem) "
			 "for the OpenFabrics stack") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_GPUDIRECT, .weight = 7, .alt = { RS_CLS_DRIVER } },
	{ .id = "ompi.no_device_params", .tool = "Open MPI (openib)",
	  .pattern = "No preset parameters were found for the device",
	  .meaning = N_("The openib BTL's device file "
			"(mca-btl-openib-device-params.ini) has no entry for "
			"this adapter, so defaults are used: it may run "
			"slower."),
	  .causes = { N_("an adapter newer than this Open MPI (use the UCX PML "
			 "for it)"),
		      N_("harmless otherwise: "
			 "btl_openib_warn_no_device_params_found=0") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ompi.no_iwarp", .tool = "Open MPI (openib)",
	  .pattern = "does not support iWARP devices with this version of OFED",
	  .meaning = N_("iWARP devices were asked for, and the OFED stack is "
			"too old for them."),
	  .causes = { N_("OFED older than 1.3: update the OpenFabrics stack") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 5 },
	{ .id = "ompi.create_ah", .tool = "Open MPI (openib, ud)",
	  .pattern = "error creating address handle errno says",
	  .meaning = N_("Open MPI could not make an address handle for a peer: "
			"the device refused the address (its GID or LID)."),
	  .causes = { N_("the GID index in use names no address on this port "
			 "(RoCE)"),
		      N_("the peer's LID or GID is not reachable from this "
			 "port") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 4, .alt = { RS_CLS_PATH } },

	/* --- Open MPI: the UCX PML (pml_ucx.c) ---------------------------- */
	{ .id = "ompi.ucx_modex_recv", .tool = "Open MPI (pml ucx)",
	  .pattern = "Failed to receive (UCX )?worker address",
	  .meaning = N_("The UCX PML found no UCX address of a peer in the "
			"job's key-value exchange (PMIx): that rank published "
			"none."),
	  .causes = { N_("the peer did not select the UCX PML (it runs ob1 or "
			 "cm): force --mca pml ucx everywhere, or look at why "
			 "UCX failed on that node"),
		      N_("the peer failed before publishing its address") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 4, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ompi.ucx_modex_send", .tool = "Open MPI (pml ucx)",
	  .pattern = "couldn" RS_EXPLAIN_AP "t distribute EP connection "
		     "details",
	  .meaning = N_("The UCX PML could not publish its address through the "
			"job's runtime (PMIx), so no peer can connect to it."),
	  .causes = { N_("the launcher's PMIx server failed or is of another "
			 "version than Open MPI's"),
		      N_("the job was not started by mpirun/srun with PMIx "
			 "support") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 4, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ompi.ucx_rank_range", .tool = "Open MPI (pml ucx)",
	  .pattern = "Rank number \\([0-9]+\\) is larger than communicator "
		     "size",
	  .meaning = N_("The program addressed a rank that its communicator "
			"does not have."),
	  .causes = { N_("a bug of the program: a rank computed beyond the "
			 "communicator's size") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 6 },
	{ .id = "ompi.ucx_worker_query", .tool = "Open MPI (pml ucx)",
	  .pattern = "Failed to query UCP worker (thread level|address)",
	  .meaning = N_("The UCX PML could not query the UCX worker it "
			"created."),
	  .causes = { N_("Open MPI built against another UCX than the one it "
			 "loads: ucx_info -v against ompi_info")
		    },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3 },
	{ .id = "ompi.ucx_request_failed", .tool = "Open MPI (pml ucx)",
	  .pattern = "ucx (recv|send) failed: ",
	  .meaning = N_("A send or receive of the UCX PML failed with the UCX "
			"status shown: the error that broke the endpoint is in "
			"UCX's lines before it."),
	  .causes = { N_("see UCX's error before it (a completion error, an "
			 "unreachable peer)") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 1, .alt = { RS_CLS_PEER } },
	{ .id = "ompi.ofi_init", .tool = "Open MPI (OFI MTL)",
	  .pattern = "Initialization of OFI library failed",
	  .meaning = N_("The OFI MTL could not initialize libfabric (the error "
			"follows)."),
	  .causes = { N_("no libfabric provider usable on this host "
			 "(FI_PROVIDER, the provider's device)"),
		      N_("a libfabric older than the one Open MPI was built "
			 "with") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_APPLICATION } },
	/* --- libfabric: the core, verbs, rxm, EFA ------------------------- */
	{ .id = "libfabric.provider_load", .tool = "libfabric",
	  .pattern = "dlopen\\([^)]*-fi\\.so\\): |dlsym: "
		     ".*fi_prov_ini|provider missing mandatory entry "
		     "points|Provider [a-z0-9_]+ fi_version [0-9.]+ < "
		     "requested",
	  .meaning = N_("libfabric could not load or use a provider library: "
			"the library or one it needs is missing, or it was "
			"built for another libfabric."),
	  .causes = { N_("the provider's own library is missing (libefa, "
			 "libibverbs, a provider of rdma-core): install it"),
		      N_("two libfabric installations mixed (the system's and "
			 "one in /opt or a container's): FI_PROVIDER_PATH and "
			 "LD_LIBRARY_PATH point at different ones") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 5, .alt = { RS_CLS_APPLICATION } },
	/*
	 * fabric.c's "fi_getinfo: provider %s output empty list": the
	 * provider loaded and looked, and offered nothing; the lines before
	 * it say why (a device it could not open, no address).
	 */
	{ .id = "libfabric.provider_empty", .tool = "libfabric",
	  .pattern = "fi_getinfo: provider [a-z0-9_;]+ output empty list",
	  .meaning = N_("A libfabric provider loaded but offered no fabric: it found no device "
			"it could use. The provider's own warnings before this line say why."),
	  .causes = { N_("no device of the provider's kind here, or its kernel driver or "
			 "user-space library is missing"),
		      N_("the devices are there but cannot be opened (a container without the "
			 "device nodes, or its device cgroup)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 2, .alt = { RS_CLS_PERMISSION } },
	/*
	 * ucp_listener.c: "none of the available transports can listen for
	 * connections on %s" with the wildcard address: every interface's
	 * address is the wildcard's, so what is refused is the port.
	 */
	{ .id = "ucx.listen_wildcard", .tool = "UCX",
	  .pattern = "can listen for connections on (0\\.0\\.0\\.0|\\[?::\\]?):[0-9]+",
	  .meaning = N_("UCX could not open a listener on the wildcard address and the port it "
			"was given: none of its connection managers could bind there."),
	  .causes = { N_("the port is already taken (another listener, an earlier run still "
			 "alive): with the wildcard address 0.0.0.0 only the port can be at fault"),
		      N_("no transport that can listen is enabled (UCX_TLS without tcp or "
			 "rdmacm), or the address is not on this host") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	/* ucp_context.c, UCX 1.10 on: the option is on but no component can honour it. */
	{ .id = "ucx.sockaddr_cm_none", .tool = "UCX",
	  .pattern = "UCX_SOCKADDR_CM_ENABLE is set to yes but none of the available components",
	  .meaning = N_("UCX was told to connect through a sockaddr connection manager (the "
			"default from UCX 1.10), and none of the components it may use has one."),
	  .causes = { N_("the transports or components allowed (UCX_TLS, UCX_SOCKADDR_TLS_PRIORITY) "
			 "exclude rdmacm and tcp: allow one, or set UCX_SOCKADDR_CM_ENABLE=n"),
		      N_("librdmacm or UCX's rdmacm module is not installed") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 7, .alt = { RS_CLS_DRIVER } },
	/* ib_mlx5.c: UCX then turns DevX off and goes on; later releases say it at DIAG. */
	{ .id = "ucx.uar_types", .tool = "UCX",
	  .pattern = "both WC and NC_DEDICATED UAR allocation types are not supported",
	  .meaning = N_("UCX could not allocate a doorbell page (UAR) of either kind through DevX "
			"on this device; it turns DevX off and carries on without it."),
	  .causes = { N_("harmless by itself (later UCX releases print it as a diagnostic): look "
			 "for the first error after it; building UCX --without-devx silences it"),
		      N_("a device, firmware or rdma-core without DevX UAR support") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 2, .alt = { RS_CLS_FIRMWARE, RS_CLS_DRIVER } },
	{ .id = "libfabric.provider_config", .tool = "libfabric",
	  .pattern = "provider [^ ]+ is unknown, misspelled or DL "
		     "provider|preferred provider not found: |No hook found "
		     "for: |Specified provider is not a hook",
	  .meaning = N_("The provider, hook or library path libfabric was told "
			"to use (FI_PROVIDER, FI_HOOK, FI_PROVIDER_PATH) does "
			"not exist."),
	  .causes = { N_("a misspelt name in FI_PROVIDER or FI_HOOK: fi_info "
			 "-l lists the providers this libfabric has"),
		      N_("FI_PROVIDER_PATH names a file that is not there") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 6, .alt = { RS_CLS_DRIVER } },
	{ .id = "libfabric.fork_init", .tool = "libfabric (verbs)",
	  .pattern = "Enabling IB fork support failed",
	  .meaning = N_("The verbs provider could not turn on libibverbs' fork "
			"support (ibv_fork_init()), so it does not offer its "
			"devices."),
	  .causes = { N_("libibverbs was already in use by another library of "
			 "the process when libfabric initialized"),
		      N_("an old kernel or rdma-core; or set FI_FORK_UNSAFE=1 "
			 "if the program never forks") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_APPLICATION } },
	{ .id = "libfabric.no_ip", .tool = "libfabric (verbs)",
	  .pattern = "No interface address found|Unable to get local "
		     "address|as it has no IP ?address configured",
	  .meaning = N_("The verbs provider found no IP address on the RDMA "
			"devices' interfaces: it binds its endpoints through "
			"rdma_cm, which needs one, so it reports no usable "
			"domain."),
	  .causes = { N_("the RoCE or IPoIB interface of the device has no IP "
			 "address (or is down): give it one"),
		      N_("FI_VERBS_IFACE names an interface that has none") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 5,
	  .alt = { RS_CLS_PORT, RS_CLS_GID } },
	{ .id = "libfabric.ud_resolve", .tool = "libfabric (verbs)",
	  .pattern = "failed to resolve '[^']+:[0-9]+'",
	  .meaning = N_("The verbs provider's datagram name server could not "
			"resolve the peer: nothing answered at its port on "
			"that host."),
	  .causes = { N_("the peer's name server is not running or its port "
			 "(FI_VERBS_DGRAM_NAME_SERVER_PORT) differs or is "
			 "blocked") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 4, .alt = { RS_CLS_PATH } },
	{ .id = "libfabric.rxm_pool", .tool = "libfabric (rxm)",
	  .pattern = "Unable to create (rx |tx )?buf pool",
	  .meaning = N_("rxm could not create its buffer pool: it registers "
			"(pins) the buffers, and the registration failed."),
	  .causes = { N_("the locked-memory limit (ulimit -l) is too low for "
			 "the pool"),
		      N_("the device refused the registration (its MR "
			 "limits)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 5, .alt = { RS_CLS_RESOURCES } },
	{ .id = "libfabric.cm_data", .tool = "libfabric (rxm)",
	  .pattern = "cm data too small",
	  .meaning = N_("The core provider under rxm carries less connection "
			"data than rxm needs, so rxm cannot connect over it."),
	  .causes = { N_("a core provider (or a version of it) that rxm does "
			 "not support: choose another with FI_PROVIDER") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3 },
	{ .id = "libfabric.followup", .tool = "libfabric",
	  .pattern = "Handling of the addresses fails|failed to allocate "
		     "device info for (RDM|DGRAM)|Unable to create "
		     "msg_ep|Unable to repost buf|unable to fi_eq_readerr",
	  .meaning = N_("A libfabric step failed because one before it did: "
			"the provider's own line (a verbs call and its errno, "
			"an rdma_cm error) is the cause."),
	  .causes = { N_("see the provider's warning before it") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 1,
	  .alt = { RS_CLS_RESOURCES, RS_CLS_RDMA_CM } },
	{ .id = "libfabric.efa_open", .tool = "libfabric (EFA)",
	  .pattern = "ibv_open_device failed! errno: [0-9]+",
	  .meaning = N_("The EFA provider could not open the EFA device."),
	  .causes = { N_("errno 13: no access to /dev/infiniband/uverbs* (a "
			 "container without the device, or its permissions)"),
		      N_("the efa kernel module is missing or of another "
			 "version") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 5, .alt = { RS_CLS_DRIVER } },
	{ .id = "libfabric.efadv_query", .tool = "libfabric (EFA)",
	  .pattern = "efadv_query_device: ",
	  .meaning = N_("The EFA provider could not query the device's EFA "
			"attributes: rdma-core's libefa and the efa kernel "
			"driver do not match."),
	  .causes = { N_("an efa kernel module older than libefa (install the "
			 "current EFA driver package)"),
		      N_("a libefa too old for the device") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 5 },
	{ .id = "libfabric.efa_unresponsive", .tool = "libfabric (EFA)",
	  .pattern = "Unresponsive receiver",
	  .meaning = N_("An EFA send got no answer from the receiver: the "
			"packets do not arrive, or the peer is gone."),
	  .causes = { N_("the security group does not allow all traffic "
			 "inbound and outbound between the instances (EFA "
			 "needs a self-referencing rule)"),
		      N_("the instances are not in the same subnet"),
		      N_("the peer process ended, or its hardware failed") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 6, .alt = { RS_CLS_PEER } },
	{ .id = "libfabric.efa_peer_gone", .tool = "libfabric (EFA)",
	  .pattern = "Invalid receiver queue pair number|Receiver connection "
		     "aborted|Failure to post handshake to peer",
	  .meaning = N_("The EFA peer's queue pair is not there any more, or "
			"the peer could not be reached for the handshake: the "
			"other process is most likely gone."),
	  .causes = { N_("the peer application crashed or exited (its own log "
			 "has why)"),
		      N_("the peer restarted and has new addresses") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 5, .alt = { RS_CLS_PATH } },
	{ .id = "libfabric.efa_flushed", .tool = "libfabric (EFA)",
	  .pattern = "Flushed during (queue pair|QP) destroy",
	  .meaning = N_("An EFA operation was flushed because its queue pair "
			"was being destroyed: the program was closing, or an "
			"error before ended it."),
	  .causes = { N_("an earlier error (the first one in the log)"),
		      N_("the program shut down with operations in flight") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 1, .alt = { RS_CLS_PEER } },
	{ .id = "libfabric.efa_pool", .tool = "libfabric (EFA)",
	  .pattern = "(RX|TX) entries exhausted",
	  .meaning = N_("The EFA provider ran out of its operation entries: "
			"more operations are in flight than its pools hold."),
	  .causes = { N_("the application posts more than the endpoint's tx/rx "
			 "size: raise FI_EFA_TX_SIZE / FI_EFA_RX_SIZE or post "
			 "fewer"),
		      N_("completions are not being read, so entries are never "
			 "freed") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 5, .alt = { RS_CLS_APPLICATION } },
	{ .id = NULL },
};
