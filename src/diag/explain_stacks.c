/* SPDX-License-Identifier: MIT */
/*
 * explain_stacks.c - what the stacks built on verbs print when RoCE
 * breaks under them: UCX, libfabric, Open MPI, SPDK, Ceph's RDMA
 * messenger, Mooncake's transfer engine, the Kubernetes RDMA device
 * plugins and the GPU memory paths, for `rocescope explain` (explain.h).
 *
 * Data only.  The texts follow the stacks' own format strings, kept to
 * the words that stay across versions: UCX's src/uct/ib/ (ib_log.c and
 * ib_md.c's locked-memory hint and "failed to register address",
 * ib_device.c's "ibv_open_device(%s) failed", ud_ep.c's "unhandled timeout
 * error"), src/ucs/sys/sock.c ("connect(fd=%d, dest_addr=%s) failed"),
 * ucp_context.c ("network device '%s' is not available", "UCP version is
 * incompatible"), libfabric's core and prov/verbs ("fi_getinfo ...
 * returned -61", fi_eq_readerr, fi_av_insert, "there are no active
 * ports"), Open MPI's help-mpi-btl-openib.txt and help-mca-bml-r2.txt
 * ("unable to reach each other"), SPDK's lib/nvmf/rdma.c and
 * lib/nvme/nvme_rdma.c ("CQ error on ...", "rdma_get_devices() failed",
 * "RDMA CQ resize failed", "Unable to create shared receive queue"),
 * Ceph's RDMAStack.cc memlock warning, Mooncake's
 * rdma_context.cpp and worker_pool.cpp, the shared device plugin's
 * resources_manager.go.  Their work-completion texts ("Transport retry
 * count exceeded", "Local protection") are in explain_wc.c; what they
 * print of verbs calls ("ibv_create_cq(...) failed") in explain_table.c.
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

const struct rs_explain_entry rs_explain_stacks[] = {
	/* --- UCX ----------------------------------------------------------- */
	{ .id = "ucx.memlock", .tool = "UCX",
	  .pattern = "set max locked memory|max locked memory limit|RDMA transports are "
		     "disabled because",
	  .meaning = N_("UCX says the locked-memory limit is too small for RDMA: it disables its IB "
		        "and RoCE transports, or a queue or registration failed because of it."),
	  .causes = { N_("ulimit -l at its default (64 KiB or 8 MiB) for this user or service: "
		         "memlock unlimited in /etc/security/limits.conf, LimitMEMLOCK=infinity"),
		      N_("a container started without --ulimit memlock=-1 (or a pod without "
		         "IPC_LOCK and a raised limit)"),
		      N_("a batch scheduler that sets its own limit for jobs (slurmd's "
		         "LimitMEMLOCK, PropagateResourceLimits)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 9, .sets = RS_CTX_MEMLOCK },
	{ .id = "ucx.ud_timeout", .tool = "UCX",
	  .pattern = "unhandled timeout error|UD endpoint .*timeout|endpoint timeout",
	  .meaning = N_("UCX's UD transport got no answer from the peer within its timeout: the "
		        "datagrams do not reach it (UD is what UCX uses to wire up RC and DC)."),
	  .causes = { N_("no RoCE path to the peer: the GID index (UCX_IB_GID_INDEX) is a RoCE v1 or "
		         "link-local entry, or the two ends use different GID types"),
		      N_("a route, ARP or firewall problem between the two RoCE interfaces (UDP "
		         "4791)"),
		      N_("the peer process died or hangs") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 6, .alt = { RS_CLS_PATH, RS_CLS_CONGESTION } },
	{ .id = "ucx.unreachable", .tool = "UCX",
	  .pattern = "destination is unreachable|no supported sockaddr auxiliary transports",
	  .meaning = N_("UCX found no transport that reaches the peer: none of its devices can talk "
		        "to the peer's (different subnets, RoCE reachability, or no RDMA device on "
		        "the address used)."),
	  .causes = { N_("the two ends' RoCE interfaces are on subnets UCX considers unreachable "
		         "(UCX_IB_ROCE_REACHABILITY_MODE, UCX_NET_DEVICES)"),
		      N_("the address given is on an interface without an RDMA device (a bond's "
		         "member, a management NIC)"),
		      N_("UCX_NET_DEVICES or UCX_TLS exclude the only transport that would work") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 4, .alt = { RS_CLS_APPLICATION, RS_CLS_CONTROL } },
	{ .id = "ucx.device_unavailable", .tool = "UCX",
	  .pattern = "network device '[^']*' is not available|no usable transports/devices|"
		     "transports? '[^']*'(,'[^']*')* (is|are) not available",
	  .meaning = N_("The device or transport asked for (UCX_NET_DEVICES, UCX_TLS) is not among "
		        "those UCX can open here: it lists what it can use instead."),
	  .causes = { N_("the RDMA device is not usable in this process: no provider, no "
		         "/dev/infiniband in the container, or UCX built without IB support"),
		      N_("a misspelt device or port (mlx5_0:1, not the interface name)"),
		      N_("the port is down, so UCX skips it") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ucx.net_device_disabled", .tool = "UCX",
	  .pattern = "is not enabled, enable it in UCX_NET_DEVICES",
	  .meaning = N_("UCX's client endpoint was asked to connect to an address whose interface "
		        "is not among the devices UCX_NET_DEVICES allows (wireup_cm.c), so no "
		        "transport can reach it."),
	  .causes = { N_("UCX_NET_DEVICES names other devices than the one that routes to this "
		         "address: add it (mlx5_0:1 or the interface), or leave UCX_NET_DEVICES "
		         "unset"),
		      N_("the program connects to an address of another interface (a bridge, a "
		         "management network) than the RDMA one") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_APPLICATION, .weight = 6, .alt = { RS_CLS_PATH } },
	{ .id = "ucx.completion_error", .tool = "UCX",
	  .pattern = "(send|receive|recv) completion with error",
	  .meaning = N_("UCX polled a work completion with an error; the status text follows on the "
		        "line."),
	  .causes = { N_("see the status: retry exceeded (no RDMA path to the peer), local protection "
		         "(memory registration), remote access (the peer's keys)"),
		      N_("the peer went away") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 2, .alt = { RS_CLS_GID, RS_CLS_CONGESTION } },

	/* --- libfabric ----------------------------------------------------- */
	{ .id = "libfabric.no_data", .tool = "libfabric",
	  .pattern = "fi_getinfo.*(-61|no data available)|returned -61",
	  .meaning = N_("libfabric found no provider and device that match what the program asked "
		        "for (FI_ENODATA)."),
	  .causes = { N_("the verbs provider found no RDMA device with an IP address on it (it needs "
		         "the RoCE interface or IPoIB to be up with an address)"),
		      N_("the provider asked for (FI_PROVIDER) is not built in or its device is absent"),
		      N_("the capabilities asked for are not offered by any provider here") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_RDMA_CM, RS_CLS_PORT } },
	{ .id = "libfabric.no_device", .tool = "libfabric",
	  .pattern = "fi_getinfo.*(no such device|-19([^0-9]|$))|no verbs devices? found",
	  .meaning = N_("libfabric's verbs provider found no RDMA device."),
	  .causes = { N_("the RDMA driver or the user-space providers are missing"),
		      N_("inside a container: /dev/infiniband is not passed in") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 6, .alt = { RS_CLS_PERMISSION } },
	{ .id = "libfabric.av_insert", .tool = "libfabric",
	  .pattern = "fi_av_insert.*(failed|inserted = 0|number of addresses inserted|ret=-[0-9])|"
		     "unable to insert (the )?remote address into (the )?address vector|"
		     "failure inserting address into address vector",
	  .meaning = N_("libfabric could not add the peer's address to its address vector: the "
		        "address could not be resolved to an RDMA one."),
	  .causes = { N_("the peer's address is not reachable over RDMA (route, ARP, no RDMA device "
		         "behind it)"),
		      N_("the two ends use different providers or address formats") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 4, .alt = { RS_CLS_RDMA_CM, RS_CLS_APPLICATION } },
	{ .id = "libfabric.refused", .tool = "libfabric",
	  .pattern = "fi_eq_readerr: *err: *connection refused",
	  .meaning = N_("The peer refused the connection (an rdma_cm reject)."),
	  .causes = { N_("nothing listens at the peer's address and port yet"),
		      N_("the peer rejected it: too many connections, a resource failure there") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_PEER, .weight = 5, .alt = { RS_CLS_CONTROL } },
	{ .id = "libfabric.cq_readerr", .tool = "libfabric",
	  .pattern = "fi_cq_readerr|prov_errno|prov_err:",
	  .meaning = N_("libfabric read an error completion; the provider's error (the verbs status) "
		        "follows on the line."),
	  .causes = { N_("see the status text on the line"),
		      N_("the peer went away") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 2, .alt = { RS_CLS_PEER, RS_CLS_GID } },

	/* --- Open MPI ------------------------------------------------------- */
	{ .id = "ompi.no_active_ports", .tool = "Open MPI",
	  .pattern = "no active ports detected",
	  .meaning = N_("Open MPI's openib component found an RDMA device but no port in ACTIVE "
		        "state, so it is not used."),
	  .causes = { N_("the port is down (cable, switch port, the interface set down)"),
		      N_("on InfiniBand, no subnet manager brought the port up"),
		      N_("the device is an Ethernet one without a link") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 7, .alt = { RS_CLS_DRIVER }, .sets = RS_CTX_PORT },
	{ .id = "ompi.registerable", .tool = "Open MPI",
	  .pattern = "registering part of your physical memory|registerable memory|"
		     "OpenFabrics subsystem is configured to only",
	  .meaning = N_("Open MPI found that the RDMA driver lets it register only part of the "
		        "machine's memory, so large jobs fail or run slowly."),
	  .causes = { N_("the driver's memory translation table is small (mlx4_core log_num_mtt, "
		         "log_mtts_per_seg)"),
		      N_("the locked-memory limit is below physical memory") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_RESOURCES, .weight = 7, .alt = { RS_CLS_MEMLOCK } },
	{ .id = "ompi.locked_memory", .tool = "Open MPI",
	  .pattern = "allocate some locked memory|memlock limits are set too low",
	  .meaning = N_("Open MPI's openib component could not allocate locked memory: the memlock "
		        "limit is too low."),
	  .causes = { N_("ulimit -l too small for the job (limits.conf, the resource manager's "
		         "daemon limits)"),
		      N_("a container without a raised memlock limit") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 9, .sets = RS_CTX_MEMLOCK },
	{ .id = "ompi.device_init", .tool = "Open MPI",
	  .pattern = "error initializing an OpenFabrics device",
	  .meaning = N_("Open MPI's openib component could not set up an RDMA device; the lines "
		        "around it say why."),
	  .causes = { N_("openib is not meant for this device (Open MPI 4 and later use UCX for "
		         "InfiniBand and RoCE)"),
		      N_("a resource limit or missing provider when opening it") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 3, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ompi.ib_not_used", .tool = "Open MPI",
	  .pattern = "ports on a device are not used by default|btl_openib_allow_ib|"
		     "Open MPI 4\\.0 and later, infiniband ports on a device",
	  .meaning = N_("Open MPI 4 and later do not run their openib component on InfiniBand "
		        "ports: UCX (pml ucx) is meant for them. The warning is about that policy."),
	  .causes = { N_("Open MPI built or run without UCX (--mca pml ucx), so it tried openib"),
		      N_("an MCA setting that asks for openib (btl_openib_if_include)") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 6, .alt = { RS_CLS_DRIVER } },
	{ .id = "ompi.no_cpc", .tool = "Open MPI",
	  .pattern = "no OpenFabrics connection schemes reported",
	  .meaning = N_("None of openib's ways to connect (rdmacm, udcm) works on the port."),
	  .causes = { N_("on RoCE, rdmacm needs an IP address on the interface and a usable RoCE GID"),
		      N_("rdma_ucm is not loaded, so rdmacm is unavailable") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 4, .alt = { RS_CLS_APPLICATION, RS_CLS_DRIVER } },
	{ .id = "ompi.exp_verbs", .tool = "Open MPI, MLNX_OFED",
	  .pattern = "ibv_exp_query_device.*(invalid|comp_mask)|"
		     "ibv_exp_[a-z_]+(\\([^)]*\\))?:? (returned -?[0-9]+|failed)",
	  .meaning = N_("A program built against MLNX_OFED's experimental verbs runs on a libibverbs "
		        "that does not match them."),
	  .causes = { N_("Open MPI or UCX built with one MLNX_OFED release and run with another (or "
		         "with the distribution's rdma-core)"),
		      N_("two libibverbs on the library path") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 8 },

	/* --- SPDK ------------------------------------------------------------ */
	/* Open MPI's UCX PML (ompi/mca/pml/ucx/pml_ucx.c): what UCX failed just before. */
	{ .id = "ompi.ucp_worker", .tool = "Open MPI (pml ucx)",
	  .pattern = "failed to create UCP worker",
	  .meaning = N_("Open MPI's UCX PML could not create its UCX worker: UCX could not open the "
		        "transports it selected. UCX's own error, printed before this line, says "
		        "why."),
	  .causes = { N_("the locked-memory limit of the processes (UCX's ibv_create_cq or "
		         "ibv_reg_mr fails first with 'Cannot allocate memory')"),
		      N_("no usable device or transport for UCX_TLS / UCX_NET_DEVICES on this node"),
		      N_("a UCX built without the transports asked for, or another UCX loaded") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 1, .alt = { RS_CLS_DRIVER, RS_CLS_RESOURCES } },
	/*
	 * pml_ucx.c: "Error: Failed to resolve UCX endpoint for rank %d", after
	 * "ucp_ep_create(proc=%d) failed: %s": the PML could not reach a rank.
	 */
	{ .id = "ompi.ucx_endpoint", .tool = "Open MPI (pml ucx)",
	  .pattern = "Failed to resolve UCX endpoint for rank [0-9]+",
	  .meaning = N_("Open MPI's UCX PML could not make an endpoint to a rank: UCX found no "
		        "transport that reaches it. UCX's error before this line says why."),
	  .causes = { N_("no transport reaches the peer: an interface UCX offers that the peer "
		         "cannot be reached on (docker0, a loopback, a management network), a "
		         "firewall"),
		      N_("the RDMA path to the peer does not work (see the UCX lines before)") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 1, .alt = { RS_CLS_CONTROL, RS_CLS_APPLICATION } },
	/* btl_openib_component.c: "error obtaining device attributes for %s errno says %s". */
	{ .id = "ompi.device_attrs", .tool = "Open MPI (openib BTL)",
	  .pattern = "error obtaining device attributes for [^ ]+ errno says",
	  .meaning = N_("Open MPI's openib BTL could not query the device's attributes, so it "
		        "does not use the device."),
	  .causes = { N_("the openib BTL and the installed verbs stack disagree: an Open MPI built "
		         "against MLNX_OFED's experimental verbs running on rdma-core, or the other "
		         "way round (use the UCX PML, or rebuild)"),
		      N_("the device is in a bad state (dmesg)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 5, .alt = { RS_CLS_FIRMWARE } },
	/*
	 * DPDK's EAL (under SPDK): "EAL: FATAL: Cannot get hugepage
	 * information." - not its "No available hugepages reported in
	 * hugepages-1048576kB", which only says that no 1 GiB pages exist.
	 */
	{ .id = "dpdk.no_hugepages", .tool = "DPDK (SPDK)",
	  .pattern = "cannot get hugepage information",
	  .meaning = N_("DPDK found no huge pages to build its memory on, so SPDK cannot start: "
		        "its buffers, registered with the RDMA device, live in huge pages."),
	  .causes = { N_("no huge pages reserved (after a reboot): run SPDK's scripts/setup.sh or "
		         "reserve them (vm.nr_hugepages)"),
		      N_("hugetlbfs not mounted, or no access to it from a container") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 7, .alt = { RS_CLS_PERMISSION } },
	{ .id = "spdk.cq_error", .tool = "SPDK",
	  .pattern = "CQ error on (CQ|Queue Pair)|Error on CQ 0x",
	  .meaning = N_("SPDK's NVMe-oF RDMA code polled a work completion with an error; the status "
		        "in parentheses and its text follow."),
	  .causes = { N_("see the status: 5 flushed (a disconnect or an earlier error), 12 retry "
		         "exceeded (no RDMA path), 4 local protection (memory registration)"),
		      N_("the other side disconnected") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 2, .alt = { RS_CLS_APPLICATION, RS_CLS_PEER } },
	{ .id = "spdk.no_rdma", .tool = "SPDK",
	  .pattern = "rdma_get_devices\\(\\) failed|trtype [0-9]+ not available|RDMA transport.*"
		     "not (available|supported)",
	  .meaning = N_("SPDK has no usable RDMA transport: no RDMA device, or SPDK was built "
		        "without RDMA."),
	  .causes = { N_("no RDMA device or provider on this host (or in this container)"),
		      N_("SPDK built without --with-rdma"),
		      N_("rdma_ucm is not loaded, so librdmacm sees no device") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 6, .alt = { RS_CLS_PERMISSION } },
	{ .id = "spdk.cq_resize", .tool = "SPDK",
	  .pattern = "RDMA CQ resize failed",
	  .meaning = N_("SPDK could not grow a completion queue for more queue pairs."),
	  .causes = { N_("the device's max_cqe or the driver refuses resizing (Soft-RoCE, some "
		         "providers)"),
		      N_("the locked-memory limit") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 5, .alt = { RS_CLS_MEMLOCK } },
	{ .id = "spdk.connect", .tool = "SPDK",
	  .pattern = "rdma connect error|rdma_connect\\(\\) failed|failed to connect rqpair",
	  .meaning = N_("SPDK's NVMe-oF host could not connect a queue pair to the target over "
		        "rdma_cm."),
	  .causes = { N_("nothing listens on the target's address and port, or it rejected the queue"),
		      N_("no RDMA path to the target (route, GID)") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 4, .alt = { RS_CLS_PATH, RS_CLS_PEER } },

	/* --- Ceph, Mooncake -------------------------------------------------- */
	{ .id = "ceph.memlock", .tool = "Ceph (async+rdma)",
	  .pattern = "memlock \\(ulimit -l\\) must be big enough|for RDMA to work properly user "
		     "memlock",
	  .meaning = N_("Ceph's RDMA messenger warns that the daemon's locked-memory limit is too "
		        "small for the memory it registers."),
	  .causes = { N_("the systemd unit of the Ceph daemon has no LimitMEMLOCK=infinity"),
		      N_("a container without a raised memlock limit") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 9, .sets = RS_CTX_MEMLOCK },
	{ .id = "mooncake.no_gid", .tool = "Mooncake transfer engine",
	  .pattern = "no suitable GID found|GID is NULL, please check your GID index",
	  .meaning = N_("Mooncake found no GID entry of the kind it needs (RoCE v2 with an address) "
		        "on the device."),
	  .causes = { N_("the RoCE interface has no IP address, so no RoCE v2 IPv4 or IPv6 entry "
		         "exists"),
		      N_("the GID entries of the interface are in another network namespace (a pod)"),
		      N_("the device is given by a wrong name") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.no_roce_v2",
	  .cls = RS_CLS_GID, .weight = 8, .alt = { RS_CLS_DRIVER } },
	/* rdma_context.cpp: "Device %s port not active", then it disables the device. */
	{ .id = "mooncake.port_inactive", .tool = "Mooncake transfer engine",
	  .pattern = "Device [a-z0-9_]+ port not active",
	  .meaning = N_("Mooncake found the RDMA device's port not active and disabled the "
			"device; with no other device it has no RNIC to use."),
	  .causes = { N_("the port's link is down or the adapter's port is not enabled (a cable, "
			 "an InfiniBand port without a subnet manager, a RoCE port whose interface "
			 "is down): ibv_devinfo or rdma link shows its state") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 7 },
	/* rdma_context.cpp: "Device %s GID %d not available: %s [%d]". */
	{ .id = "mooncake.gid_unavailable", .tool = "Mooncake transfer engine",
	  .pattern = "device [^ ]+ GID [0-9]+ not available",
	  .meaning = N_("Mooncake could not read the GID index it was told to use (MC_GID_INDEX) "
		        "on that device: the index is empty or does not exist there."),
	  .causes = { N_("MC_GID_INDEX names an index this device does not have (an eRDMA or VF "
		         "device with one GID, a pod with a sparse GID table): rocescope gids shows "
		         "the RoCE v2 index"),
		      N_("the interface under the device has no IP address, so no RoCE v2 GID") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 7, .alt = { RS_CLS_DRIVER } },
	/* rdma_context.cpp: "Failed to open device %s on port %d with GID %d". */
	{ .id = "mooncake.open_device", .tool = "Mooncake transfer engine",
	  .pattern = "Failed to open device [^ ]+ on port [0-9]* *with GID",
	  .meaning = N_("Mooncake could not open the RDMA device it was given (or the port or "
		        "GID on it): the device list was empty or the device is not usable."),
	  .causes = { N_("no RDMA device here, or the name given is not one of ibv_devices' "
		         "(a host without the NIC, an eRDMA or VF name from another machine)"),
		      N_("inside a container the device is not passed in"),
		      N_("the GID index given does not exist on that port") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 3, .alt = { RS_CLS_PERMISSION, RS_CLS_GID } },
	{ .id = "mooncake.slice_failed", .tool = "Mooncake transfer engine",
	  .pattern = "process failed for slice",
	  .meaning = N_("A transfer of the Mooncake engine failed on a work completion; the status "
		        "text follows on the line."),
	  .causes = { N_("see the status: retry exceeded (no RDMA path to the peer), remote access "
		         "(keys, an unregistered buffer)"),
		      N_("the peer went away") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 2, .alt = { RS_CLS_GID, RS_CLS_MTU } },

	/* --- Gloo (PyTorch), QEMU's RDMA migration ----------------------------- */
	/*
	 * gloo/transport/tcp/device.cc: with no GLOO_SOCKET_IFNAME it takes the
	 * address the host name resolves to, and falls back to loopback.
	 */
	{ .id = "gloo.loopback_fallback", .tool = "Gloo (PyTorch)",
	  .pattern = "Unable to resolve hostname to a \\(local\\) address|"
		     "Using the loopback address as fallback",
	  .meaning = N_("Gloo could not find this host's address from its host name and uses "
			"loopback (127.0.0.1) for its rendezvous: the other nodes are then told to "
			"connect to their own loopback."),
	  .causes = { N_("the host name does not resolve to an address of the interface the "
			 "nodes share (many NICs, host networking in a pod): set GLOO_SOCKET_IFNAME "
			 "(and NCCL_SOCKET_IFNAME) to that interface") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 8 },
	{ .id = "gloo.connect_mesh", .tool = "Gloo (PyTorch)",
	  .pattern = "Gloo connectFullMesh failed",
	  .meaning = N_("Gloo could not connect its full mesh of TCP connections between the "
			"ranks (PyTorch's CPU process group, used at startup)."),
	  .causes = { N_("a rank advertised an address the others cannot reach (loopback, the "
			 "wrong interface): GLOO_SOCKET_IFNAME"),
		      N_("a firewall between the nodes, or the other rank is not up yet"),
		      N_("the other rank failed first") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 4, .alt = { RS_CLS_CONTROL, RS_CLS_PEER } },
	/*
	 * TensorPipe's ibv transport (PyTorch RPC) checks each verbs call it
	 * needs (tensorpipe/common/ibv.h); EFA shows itself as a verbs device
	 * without them.
	 */
	{ .id = "tensorpipe.ibv_unsupported", .tool = "TensorPipe (PyTorch RPC)",
	  .pattern = "tensorpipe/common/ibv\\.h:[0-9]+.*(Operation not supported|Function not "
		     "implemented)",
	  .meaning = N_("TensorPipe's InfiniBand transport picked a verbs device that lacks an "
			"operation it needs."),
	  .causes = { N_("the device only looks like an InfiniBand NIC to TensorPipe (AWS EFA): "
			 "keep TensorPipe to its other transports (uv, shm), or exclude ibv in "
			 "TensorPipeRpcBackendOptions") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 6, .alt = { RS_CLS_DRIVER } },
	/*
	 * QEMU's migration/rdma.c trace qemu_rdma_block_for_wrid_miss: it waited
	 * for one completion and got another; completions of a send and a
	 * receive queue come in no fixed order.
	 */
	{ .id = "qemu.rdma_wrid_order", .tool = "QEMU (RDMA live migration)",
	  .pattern = "Wanted wrid [A-Z_ ]+\\([0-9]+\\) but got",
	  .meaning = N_("QEMU's RDMA migration waited for one work completion and polled "
			"another: it expects completions in an order that the send and receive "
			"queues do not guarantee."),
	  .causes = { N_("QEMU's migration/rdma code assumed the order (fixed upstream by "
			 "\"migration/rdma: Fix out of order wrid\"): use a QEMU with the fix, or "
			 "migrate over TCP") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 6 },

	/* --- Kubernetes device plugins --------------------------------------- */
	{ .id = "k8s.rdma_netns", .tool = "k8s-rdma-shared-dev-plugin",
	  .pattern = "incorrect RDMA subsystem network namespace",
	  .meaning = N_("The shared RDMA device plugin needs the RDMA subsystem in shared "
		        "network-namespace mode; this host has it exclusive."),
	  .causes = { N_("rdma system set netns exclusive (or ib_core netns_mode=0): set it shared, "
		         "or use a device plugin made for exclusive mode (SR-IOV)") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 9 },
	{ .id = "k8s.rdma_device_spec", .tool = "k8s-rdma-shared-dev-plugin",
	  .pattern = "missing RDMA device spec for device|RDMA device \"[^\"]*\" not found",
	  .meaning = N_("The device plugin found a NIC but not all the RDMA character devices it "
		        "hands to pods (/dev/infiniband/uverbsN, rdma_cm, umad, issm)."),
	  .causes = { N_("an RDMA module is not loaded (rdma_ucm, ib_umad, ib_uverbs)"),
		      N_("the NIC matched is not an RDMA one (its selector is too wide)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	{ .id = "k8s.no_devices", .tool = "Kubernetes RDMA device plugins",
	  .pattern = "no Rdma Devices were found|no devices in device pool|exposing \"0\" devices|"
		     "\\] No devices found\\.",
	  .meaning = N_("The device plugin exposes no RDMA device to pods."),
	  .causes = { N_("its selectors (vendor, device ID, interface names) match no NIC"),
		      N_("the RDMA modules or character devices are missing on the node") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_APPLICATION, .weight = 5, .alt = { RS_CLS_DRIVER } },

	/* --- GPU memory ------------------------------------------------------ */
	/* kube-scheduler: "0/3 nodes are available: 3 Insufficient rdma/hca_shared_devices_a." */
	{ .id = "k8s.insufficient", .tool = "Kubernetes scheduler",
	  .pattern = "insufficient rdma/[a-z0-9_.-]+",
	  .meaning = N_("No node has the RDMA resource the pod asks for left: the device plugin "
		        "advertises none (or fewer than the pods request)."),
	  .causes = { N_("the device plugin found no device for that resource: its selectors "
		         "(vendors, deviceIDs, ifNames, drivers) match nothing on the nodes, or it "
		         "runs before the driver is up"),
		      N_("the pod asks for a resource name the plugin does not define, or more than "
		         "rdmaHcaMax"),
		      N_("the plugin is not running on those nodes") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_APPLICATION, .weight = 5, .alt = { RS_CLS_DRIVER } },
	{ .id = "gpu.dmabuf", .tool = "NCCL, UCX, perftest, verbs applications",
	  .pattern = "(dmabuf|dma-buf).*(not supported|unsupported|failed)",
	  .meaning = N_("Registering GPU memory through dma-buf failed or is not supported here."),
	  .causes = { N_("the kernel, GPU driver, NIC driver or rdma-core is too old for dma-buf "
		         "registration"),
		      N_("the GPU memory was not allocated in a way dma-buf can export") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_GPUDIRECT, .weight = 6, .alt = { RS_CLS_DRIVER }, .sets = RS_CTX_GPU },
	{ .id = "gpu.cuda_init", .tool = "perftest --use_cuda",
	  .pattern = "couldn" RS_EXPLAIN_AP "t (init|allocate|get) (GPU|CUDA)|failed to "
		     "(init|allocate) "
		     "(GPU|CUDA)",
	  .meaning = N_("perftest could not set up the GPU for --use_cuda."),
	  .causes = { N_("perftest built without CUDA support, or the CUDA driver not loaded"),
		      N_("the GPU index given does not exist") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_GPUDIRECT, .weight = 6, .alt = { RS_CLS_DRIVER }, .sets = RS_CTX_GPU },
	/* --- UCX's device and registration failures (src/uct/ib/base/ib_md.c, ucp_mm.c) */
	{ .id = "ucx.open_device_enomem", .tool = "UCX",
	  .pattern = "ibv_open_device\\([^)]*\\) failed: cannot allocate memory",
	  .meaning = N_("UCX could not open the RDMA device: the provider found no memory for a "
		        "new device context (ENOMEM). Each process opens one per device; on mlx5 each "
		        "takes UAR pages of the adapter, and the kernel log then shows ALLOC_UAR "
		        "'limits exceeded'."),
	  .causes = { N_("too many processes open the device on this host: the adapter's UARs run "
		         "out (fewer ranks per node, or a larger UAR BAR in the firmware settings)"),
		      N_("the locked-memory limit of the process"),
		      N_("the host is out of memory") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 6, .alt = { RS_CLS_MEMLOCK, RS_CLS_FIRMWARE } },
	{ .id = "ucx.open_device", .tool = "UCX",
	  .pattern = "ibv_open_device\\([^)]*\\) failed",
	  .meaning = N_("UCX could not open the RDMA device (ibv_open_device); the errno after it "
		        "says why: permission denied, no such device, no memory."),
	  .causes = { N_("no access to /dev/infiniband/uverbsN: a container without the device or "
		         "its permissions, a user not in the rdma group"),
		      N_("the device went away or its driver is broken (a provider that does not "
		         "match the kernel)"),
		      N_("no memory or device resources for another context") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 4, .alt = { RS_CLS_DRIVER, RS_CLS_RESOURCES } },
	{ .id = "ucx.reg_failed", .tool = "UCX",
	  .pattern = "failed to register (address|region|user buffer)|failed to allocate memory "
		     "pool \\(name=[^)]*\\) chunk",
	  .meaning = N_("UCX could not register memory with a memory domain (ucp_mm.c 'failed to "
		        "register address ADDR (TYPE) length N', the registration cache's 'failed to "
		        "register region'): the driver's ibv_reg_mr failed under it."),
	  .causes = { N_("the locked-memory limit (ulimit -l) of the process"),
		      N_("GPU memory (the type in parentheses, or mem_type bit 0x2 for CUDA) that "
		         "the NIC cannot register: no nvidia-peermem or dma-buf"),
		      N_("the host or the adapter is out of memory or memory keys") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 3, .alt = { RS_CLS_GPUDIRECT, RS_CLS_RESOURCES } },

	{ .id = "ucx.sock_connect", .tool = "UCX",
	  .pattern = "connect\\(fd=[0-9]+, dest_addr=[^)]*\\) failed",
	  .meaning = N_("UCX's TCP connection (the tcp transport, or the sockaddr connection "
		        "manager that exchanges addresses) to the address named failed "
		        "(src/ucs/sys/sock.c)."),
	  .causes = { N_("the peer does not listen there: not started, or another port"),
		      N_("an address of an interface the peer cannot reach - a container bridge "
		         "such as docker0's 172.17.0.1, a management network: UCX_NET_DEVICES, "
		         "UCX_TCP_... or the address the program passes"),
		      N_("a firewall on the way") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 4, .alt = { RS_CLS_APPLICATION, RS_CLS_PATH },
	  .peer = "dest_addr=([0-9.]+):[0-9]+" },
	{ .id = "ucx.version", .tool = "UCX",
	  .pattern = "UCP version is incompatible",
	  .meaning = N_("The program was built against another UCX than the one it loaded "
		        "(ucp_context.c): the libraries found first on the library path are of "
		        "another version."),
	  .causes = { N_("two UCX installations (the distribution's, HPC-X's, a container's): the "
		         "library path picks the wrong one"),
		      N_("an MPI or framework built against a newer UCX than installed") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 5, .alt = { RS_CLS_APPLICATION } },

	/* --- libfabric's verbs provider: the devices it looked at -------------------- */
	{ .id = "libfabric.no_active_ports", .tool = "libfabric (verbs)",
	  .pattern = "<(warn|info|debug)> *there are no active ports",
	  .meaning = N_("libfabric's verbs provider found a device whose ports are all down, and "
		        "skips it."),
	  .causes = { N_("the port is down: cable, switch port, or the interface is down"),
		      N_("an InfiniBand port with no subnet manager (INIT, not ACTIVE)"),
		      N_("a second device or port that is not cabled (harmless if another works)") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 5, .alt = { RS_CLS_DRIVER } },

	/* --- Open MPI's openib BTL and BML (help-mpi-btl-openib.txt, help-mca-bml-r2.txt) */
	{ .id = "ompi.retry_exceeded", .tool = "Open MPI (openib)",
	  .pattern = "retry count between two MPI processes has been",
	  .meaning = N_("Open MPI's openib BTL explains a transport retry exceeded (status 12, "
		        "printed as 'error polling LP CQ with status RETRY EXCEEDED ERROR status "
		        "number 12') before it aborts: the peer's adapter never acknowledged."),
	  .causes = { N_("something in the fabric between the two hosts: a bad cable, port or "
		         "switch (the help text suggests rebooting or leaving out the host)"),
		      N_("on RoCE, a GID the peer cannot answer (btl_openib_gid_index)"),
		      N_("packets lost under load (PFC or ECN not set up)"),
		      N_("a link that went down") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 4,
	  .alt = { RS_CLS_GID, RS_CLS_CONGESTION, RS_CLS_PORT } },
	{ .id = "ompi.network_event", .tool = "Open MPI (openib)",
	  .pattern = "OpenFabrics stack has reported a network error event",
	  .meaning = N_("Open MPI's openib BTL got an asynchronous event from the device; the "
		        "'Error number' line after it names it (10, IBV_EVENT_PORT_ERR: a port went "
		        "down)."),
	  .causes = { N_("a port went down or flapped: cable, switch port"),
		      N_("a device fatal error: adapter firmware") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 4, .alt = { RS_CLS_FIRMWARE } },
	{ .id = "ompi.unreachable", .tool = "Open MPI",
	  .pattern = "unable to reach each other for",
	  .meaning = N_("Open MPI found no transport (BTL or PML) that both processes of a pair can "
		        "use, and aborts; the 'BTLs attempted' line says which were tried."),
	  .causes = { N_("the transports allowed (--mca btl, --mca pml, UCX_TLS) exclude every one "
		         "that reaches the other host: only self, or only sm across hosts"),
		      N_("the RDMA transport failed to start on one of the hosts (its own warning "
		         "comes first)"),
		      N_("no TCP interface in common for the tcp BTL (btl_tcp_if_include)") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 3, .alt = { RS_CLS_DRIVER, RS_CLS_PATH } },

	/* --- SPDK: creating the RDMA transport's queues (lib/nvmf/rdma.c, lib/rdma) --- */
	{ .id = "spdk.queue_create", .tool = "SPDK",
	  .pattern = "unable to create (SRQ|shared receive queue|completion queue)",
	  .meaning = N_("SPDK's RDMA transport could not create a shared receive queue or a "
		        "completion queue for a poll group (nvmf_create_transport then fails)."),
	  .causes = { N_("a size above the device's limits (max_srq_wr, max_cqe): smaller "
		         "queue depth or io unit options"),
		      N_("the locked-memory limit of the target process"),
		      N_("a device that does not support SRQ (no_srq / -r option)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 4, .alt = { RS_CLS_MEMLOCK, RS_CLS_DRIVER } },
	/*
	 * The dynamic loader (ldd, or "error while loading shared libraries"):
	 * "LIB => not found" for the RDMA stack's own libraries.  Not
	 * libibverbs' "couldn't load driver 'libmlx4-rdmav34.so': ...: cannot
	 * open shared object file": a provider for absent hardware.
	 */
#define RDMA_LIB "lib(ibverbs|rdmacm|mlx[45]|efa|bnxt_re|irdma|rxe|ucp|uct|ucs|ucm|fabric|" \
		 "nccl-net|psm2)"
	{ .id = "loader.rdma_lib_missing", .tool = "ldd, the dynamic loader",
	  .pattern = "error while loading shared libraries: " RDMA_LIB "|(^|[[:space:]])" RDMA_LIB
		     "[-_a-z0-9]*\\.so[.0-9]* => not found",
	  .meaning = N_("A program or one of its libraries needs a library of the RDMA stack (verbs, "
		        "a provider, rdma_cm, UCX, libfabric, an NCCL network plugin) that the "
		        "dynamic loader does not find on this host."),
	  .causes = { N_("the library is installed on another node only (a build or login node, "
		         "not the compute node), or not in this container image"),
		      N_("it is installed outside the loader's path: LD_LIBRARY_PATH or ld.so.conf "
		         "misses its directory (a module system, /opt/...)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	/*
	 * UCX's direct-verbs calls (src/uct/ib/mlx5/: "mlx5dv_create_qp(%s,
	 * DCI): failed: %m", "mlx5dv_devx_obj_create(QP) failed, syndrome
	 * 0x%x: %m", "mlx5dv_create_cq(...) failed") and its hardware tag
	 * matching queue (rc_iface.c "Failed to create TM XRQ: %m").  UCX
	 * probes with some of them and prints the failure at DEBUG level
	 * before it falls back: such a line ("UCX  DEBUG mlx5dv_...") is no
	 * error, so the name must not follow a word that ends in G.
	 */
#define UCX_NOT_DEBUG "(^|[^G[:space:]])[[:space:]]*"
#define UCX_DV_CALL "mlx5dv_(create_[a-z_]+|devx_obj_create|devx_[a-z_]+)(\\([^)]*\\))?:? failed"
	{ .id = "ucx.dv_create_enomem", .tool = "UCX",
	  .pattern = UCX_NOT_DEBUG UCX_DV_CALL ".*(cannot allocate memory|ENOMEM)",
	  .meaning = N_("UCX's direct-verbs call to create a queue pair, DC initiator, completion "
		        "queue or memory key on an mlx5 device failed with ENOMEM: the adapter had "
		        "no more of that object to give."),
	  .causes = { N_("the device's limit on queue pairs (or DCIs, mkeys) is reached: many "
		         "processes per node, each connection multiplied by UCX_IB_NUM_PATHS, "
		         "hardware tag matching or UCX_RC_MAX_NUM_EPS"),
		      N_("the locked-memory limit of the process (ulimit -l)"),
		      N_("host memory for the queues' buffers ran out") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 6, .alt = { RS_CLS_MEMLOCK } },
	/*
	 * A completion queue's buffer is pinned host memory and its size is
	 * small and fixed: ENOMEM there is the locked-memory limit, as UCX's
	 * own FAQ says for ibv_create_cq.
	 */
	{ .id = "ucx.dv_create_cq_enomem", .tool = "UCX",
	  .pattern = UCX_NOT_DEBUG "mlx5dv_create_cq(\\([^)]*\\))?:? failed.*(cannot allocate memory|ENOMEM)",
	  .meaning = N_("UCX could not create a completion queue on an mlx5 device: ENOMEM, and a "
			"CQ's buffer is memory pinned under the locked-memory limit."),
	  .causes = { N_("the locked-memory limit of the process is too small (ulimit -l): a "
			 "user that is not root, a batch system or a container with the default "
			 "64 KiB - raise it to unlimited, or exclude the IB transports "
			 "(UCX_TLS=^ib)"),
		      N_("the device's limit on completion queues is reached (many processes per "
			 "node)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 7, .alt = { RS_CLS_RESOURCES } },
	{ .id = "ucx.dv_create", .tool = "UCX",
	  .pattern = UCX_NOT_DEBUG "(" UCX_DV_CALL "|failed to create TM XRQ)",
	  .meaning = N_("UCX could not create an object through the mlx5 direct-verbs or DEVX "
		        "interface (a DC initiator, a queue pair, the tag-matching receive queue): "
		        "the driver or the firmware refused attributes that UCX's mlx5 transports "
		        "need; the errno after it says how."),
	  .causes = { N_("the rdma-core or MLNX_OFED provider (or the firmware) does not support "
		         "what this UCX version asks for: a UCX newer than the driver stack, a known "
		         "MLNX_OFED bug (update it, or turn the feature off: UCX_TLS without dc, "
		         "UCX_RC_TM_ENABLE=n)"),
		      N_("a device limit reached (queue pairs, DCIs, memory keys)"),
		      N_("the adapter's firmware is too old for the feature") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_RESOURCES, RS_CLS_FIRMWARE } },
	/*
	 * ib_device.c / ib_iface.c: "Invalid active_speed on %s:%d: %d"; later
	 * versions warn "invalid active width on %s:%d: %d, assuming 1x" and
	 * "unknown active_speed on %s:%d: %d, fallback to SDR".
	 */
	{ .id = "ucx.active_speed", .tool = "UCX",
	  .pattern = "invalid active[_ ](speed|width)( on [^ ]+:[0-9]+)?|unknown active_speed on",
	  .meaning = N_("UCX does not know the speed the port reports, so it cannot open the "
		        "interface: the port's speed is newer than this UCX."),
	  .causes = { N_("this UCX is older than the link speed (NDR needs UCX 1.13 or later, XDR "
		         "a later one), or it was built without its IB transports: update or "
		         "rebuild it"),
		      N_("an old MLNX_OFED or rdma-core reports the speed wrong (ibstat shows SDR on "
		         "an NDR port)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 7, .alt = { RS_CLS_FIRMWARE } },
	/*
	 * libfabric's EFA provider aborts with "Libfabric EFA provider has
	 * encountered an internal error:" / "Libfabric error: (%d) %s" / "EFA
	 * internal error: (%d) %s" (prov/efa/src/efa_errno.h: 4112 "Failure to
	 * post internal receive buffers", ...).  ENOMEM there is the
	 * registration of the provider's own bounce buffers.
	 */
	{ .id = "libfabric.enomem", .tool = "libfabric (EFA, verbs)",
	  .pattern = "libfabric error: \\(-12\\)|EFA internal error: \\(4105\\)",
	  .meaning = N_("A libfabric provider ran out of memory setting up its own buffers: the "
		        "EFA and verbs providers register (pin) receive and bounce buffers when an "
		        "endpoint is enabled."),
	  .causes = { N_("the locked-memory limit (ulimit -l) is the default 64 KiB: the EFA "
		         "provider needs it unlimited (a container or a scheduler that does not pass "
		         "it on)"),
		      N_("huge pages or host memory for the buffers ran out") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 6, .alt = { RS_CLS_RESOURCES } },
	{ .id = "libfabric.efa_internal", .tool = "libfabric (EFA)",
	  .pattern = "EFA internal error: \\([0-9]+\\)|EFA provider has encountered an internal "
		     "error",
	  .meaning = N_("libfabric's EFA provider hit an error it cannot recover from and aborts the "
		        "program; the 'Libfabric error' and 'EFA internal error' lines after it give "
		        "the errno and the provider's own code."),
	  .causes = { N_("an errno the line names: -12 is the locked-memory limit, -22 an attribute "
		         "the device refuses"),
		      N_("the peer went away (handshake or send failures, 4113, 4114)"),
		      N_("a libfabric or EFA driver version problem: update both") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 2, .alt = { RS_CLS_PEER, RS_CLS_APPLICATION } },
	{ .id = NULL },
};
