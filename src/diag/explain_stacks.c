/* SPDX-License-Identifier: MIT */
/*
 * explain_stacks.c - what the stacks built on verbs print when RoCE
 * breaks under them: UCX, libfabric, Open MPI, SPDK, Ceph's RDMA
 * messenger, Mooncake's transfer engine, the Kubernetes RDMA device
 * plugins and the GPU memory paths, for `rocescope explain` (explain.h).
 *
 * Data only.  The texts follow the stacks' own format strings, kept to
 * the words that stay across versions: UCX's src/uct/ib/ (ib_log.c and
 * ib_md.c's locked-memory hint, ud_ep.c's "unhandled timeout error",
 * ucp_context.c's "network device '%s' is not available"), libfabric's
 * core and prov/verbs ("fi_getinfo ... returned -61", fi_eq_readerr,
 * fi_av_insert), Open MPI's help-mpi-btl-openib.txt, SPDK's lib/nvmf/rdma.c
 * and lib/nvme/nvme_rdma.c ("CQ error on ...", "rdma_get_devices() failed",
 * "RDMA CQ resize failed"), Ceph's RDMAStack.cc memlock warning, Mooncake's
 * rdma_context.cpp and worker_pool.cpp, the shared device plugin's
 * resources_manager.go.  Their work-completion texts ("Transport retry
 * count exceeded", "Local protection") are in explain_wc.c; what they
 * print of verbs calls ("ibv_create_cq(...) failed") in explain_table.c.
 */
#include "diag/explain.h"

#include <stddef.h>

const struct rs_explain_entry rs_explain_stacks[] = {
	/* --- UCX ----------------------------------------------------------- */
	{ .id = "ucx.memlock", .tool = "UCX",
	  .pattern = "set max locked memory|max locked memory limit|RDMA transports are "
		     "disabled because",
	  .meaning = "UCX says the locked-memory limit is too small for RDMA: it disables its IB "
		     "and RoCE transports, or a queue or registration failed because of it.",
	  .causes = { "ulimit -l at its default (64 KiB or 8 MiB) for this user or service: "
		      "memlock unlimited in /etc/security/limits.conf, LimitMEMLOCK=infinity",
		      "a container started without --ulimit memlock=-1 (or a pod without "
		      "IPC_LOCK and a raised limit)",
		      "a batch scheduler that sets its own limit for jobs (slurmd's "
		      "LimitMEMLOCK, PropagateResourceLimits)" },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 9, .sets = RS_CTX_MEMLOCK },
	{ .id = "ucx.ud_timeout", .tool = "UCX",
	  .pattern = "unhandled timeout error|UD endpoint .*timeout|endpoint timeout",
	  .meaning = "UCX's UD transport got no answer from the peer within its timeout: the "
		     "datagrams do not reach it (UD is what UCX uses to wire up RC and DC).",
	  .causes = { "no RoCE path to the peer: the GID index (UCX_IB_GID_INDEX) is a RoCE v1 or "
		      "link-local entry, or the two ends use different GID types",
		      "a route, ARP or firewall problem between the two RoCE interfaces (UDP "
		      "4791)",
		      "the peer process died or hangs" },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 6 },
	{ .id = "ucx.unreachable", .tool = "UCX",
	  .pattern = "destination is unreachable|no supported sockaddr auxiliary transports",
	  .meaning = "UCX found no transport that reaches the peer: none of its devices can talk "
		     "to the peer's (different subnets, RoCE reachability, or no RDMA device on "
		     "the address used).",
	  .causes = { "the two ends' RoCE interfaces are on subnets UCX considers unreachable "
		      "(UCX_IB_ROCE_REACHABILITY_MODE, UCX_NET_DEVICES)",
		      "the address given is on an interface without an RDMA device (a bond's "
		      "member, a management NIC)",
		      "UCX_NET_DEVICES or UCX_TLS exclude the only transport that would work" },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 4 },
	{ .id = "ucx.device_unavailable", .tool = "UCX",
	  .pattern = "network device '[^']*' is not available|no usable transports/devices|"
		     "transport '[^']*' is not available",
	  .meaning = "The device or transport asked for (UCX_NET_DEVICES, UCX_TLS) is not among "
		     "those UCX can open here: it lists what it can use instead.",
	  .causes = { "the RDMA device is not usable in this process: no provider, no "
		      "/dev/infiniband in the container, or UCX built without IB support",
		      "a misspelt device or port (mlx5_0:1, not the interface name)",
		      "the port is down, so UCX skips it" },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 6 },
	{ .id = "ucx.completion_error", .tool = "UCX",
	  .pattern = "(send|receive|recv) completion with error",
	  .meaning = "UCX polled a work completion with an error; the status text follows on the "
		     "line.",
	  .causes = { "see the status: retry exceeded (no RDMA path to the peer), local protection "
		      "(memory registration), remote access (the peer's keys)",
		      "the peer went away" },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 2 },

	/* --- libfabric ----------------------------------------------------- */
	{ .id = "libfabric.no_data", .tool = "libfabric",
	  .pattern = "fi_getinfo.*(-61|no data available)|returned -61",
	  .meaning = "libfabric found no provider and device that match what the program asked "
		     "for (FI_ENODATA).",
	  .causes = { "the verbs provider found no RDMA device with an IP address on it (it needs "
		      "the RoCE interface or IPoIB to be up with an address)",
		      "the provider asked for (FI_PROVIDER) is not built in or its device is absent",
		      "the capabilities asked for are not offered by any provider here" },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 4 },
	{ .id = "libfabric.no_device", .tool = "libfabric",
	  .pattern = "fi_getinfo.*(no such device|-19([^0-9]|$))|no verbs devices? found",
	  .meaning = "libfabric's verbs provider found no RDMA device.",
	  .causes = { "the RDMA driver or the user-space providers are missing",
		      "inside a container: /dev/infiniband is not passed in" },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 6 },
	{ .id = "libfabric.av_insert", .tool = "libfabric",
	  .pattern = "fi_av_insert.*(failed|inserted = 0|number of addresses inserted|ret=-[0-9])",
	  .meaning = "libfabric could not add the peer's address to its address vector: the "
		     "address could not be resolved to an RDMA one.",
	  .causes = { "the peer's address is not reachable over RDMA (route, ARP, no RDMA device "
		      "behind it)",
		      "the two ends use different providers or address formats" },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 4 },
	{ .id = "libfabric.refused", .tool = "libfabric",
	  .pattern = "fi_eq_readerr: *err: *connection refused",
	  .meaning = "The peer refused the connection (an rdma_cm reject).",
	  .causes = { "nothing listens at the peer's address and port yet",
		      "the peer rejected it: too many connections, a resource failure there" },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_PEER, .weight = 5 },
	{ .id = "libfabric.cq_readerr", .tool = "libfabric",
	  .pattern = "fi_cq_readerr|prov_errno|prov_err:",
	  .meaning = "libfabric read an error completion; the provider's error (the verbs status) "
		     "follows on the line.",
	  .causes = { "see the status text on the line",
		      "the peer went away" },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 2 },

	/* --- Open MPI ------------------------------------------------------- */
	{ .id = "ompi.no_active_ports", .tool = "Open MPI",
	  .pattern = "no active ports detected",
	  .meaning = "Open MPI's openib component found an RDMA device but no port in ACTIVE "
		     "state, so it is not used.",
	  .causes = { "the port is down (cable, switch port, the interface set down)",
		      "on InfiniBand, no subnet manager brought the port up",
		      "the device is an Ethernet one without a link" },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 7, .sets = RS_CTX_PORT },
	{ .id = "ompi.registerable", .tool = "Open MPI",
	  .pattern = "registering part of your physical memory|registerable memory",
	  .meaning = "Open MPI found that the RDMA driver lets it register only part of the "
		     "machine's memory, so large jobs fail or run slowly.",
	  .causes = { "the driver's memory translation table is small (mlx4_core log_num_mtt, "
		      "log_mtts_per_seg)",
		      "the locked-memory limit is below physical memory" },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_RESOURCES, .weight = 7 },
	{ .id = "ompi.locked_memory", .tool = "Open MPI",
	  .pattern = "allocate some locked memory|memlock limits are set too low",
	  .meaning = "Open MPI's openib component could not allocate locked memory: the memlock "
		     "limit is too low.",
	  .causes = { "ulimit -l too small for the job (limits.conf, the resource manager's "
		      "daemon limits)",
		      "a container without a raised memlock limit" },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 9, .sets = RS_CTX_MEMLOCK },
	{ .id = "ompi.device_init", .tool = "Open MPI",
	  .pattern = "error initializing an OpenFabrics device",
	  .meaning = "Open MPI's openib component could not set up an RDMA device; the lines "
		     "around it say why.",
	  .causes = { "openib is not meant for this device (Open MPI 4 and later use UCX for "
		      "InfiniBand and RoCE)",
		      "a resource limit or missing provider when opening it" },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 3 },
	{ .id = "ompi.ib_not_used", .tool = "Open MPI",
	  .pattern = "ports on a device are not used by default|btl_openib_allow_ib",
	  .meaning = "Open MPI 4 and later do not run their openib component on InfiniBand "
		     "ports: UCX (pml ucx) is meant for them. The warning is about that policy.",
	  .causes = { "Open MPI built or run without UCX (--mca pml ucx), so it tried openib",
		      "an MCA setting that asks for openib (btl_openib_if_include)" },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 6 },
	{ .id = "ompi.no_cpc", .tool = "Open MPI",
	  .pattern = "no OpenFabrics connection schemes reported",
	  .meaning = "None of openib's ways to connect (rdmacm, udcm) works on the port.",
	  .causes = { "on RoCE, rdmacm needs an IP address on the interface and a usable RoCE GID",
		      "rdma_ucm is not loaded, so rdmacm is unavailable" },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 4 },
	{ .id = "ompi.exp_verbs", .tool = "Open MPI, MLNX_OFED",
	  .pattern = "ibv_exp_query_device.*(invalid|comp_mask)",
	  .meaning = "A program built against MLNX_OFED's experimental verbs runs on a libibverbs "
		     "that does not match them.",
	  .causes = { "Open MPI or UCX built with one MLNX_OFED release and run with another (or "
		      "with the distribution's rdma-core)",
		      "two libibverbs on the library path" },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 8 },

	/* --- SPDK ------------------------------------------------------------ */
	{ .id = "spdk.cq_error", .tool = "SPDK",
	  .pattern = "CQ error on (CQ|Queue Pair)|Error on CQ 0x",
	  .meaning = "SPDK's NVMe-oF RDMA code polled a work completion with an error; the status "
		     "in parentheses and its text follow.",
	  .causes = { "see the status: 5 flushed (a disconnect or an earlier error), 12 retry "
		      "exceeded (no RDMA path), 4 local protection (memory registration)",
		      "the other side disconnected" },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 2 },
	{ .id = "spdk.no_rdma", .tool = "SPDK",
	  .pattern = "rdma_get_devices\\(\\) failed|trtype [0-9]+ not available|RDMA transport.*"
		     "not (available|supported)",
	  .meaning = "SPDK has no usable RDMA transport: no RDMA device, or SPDK was built "
		     "without RDMA.",
	  .causes = { "no RDMA device or provider on this host (or in this container)",
		      "SPDK built without --with-rdma",
		      "rdma_ucm is not loaded, so librdmacm sees no device" },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 6 },
	{ .id = "spdk.cq_resize", .tool = "SPDK",
	  .pattern = "RDMA CQ resize failed",
	  .meaning = "SPDK could not grow a completion queue for more queue pairs.",
	  .causes = { "the device's max_cqe or the driver refuses resizing (Soft-RoCE, some "
		      "providers)",
		      "the locked-memory limit" },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 5 },
	{ .id = "spdk.connect", .tool = "SPDK",
	  .pattern = "rdma connect error|rdma_connect\\(\\) failed|failed to connect rqpair",
	  .meaning = "SPDK's NVMe-oF host could not connect a queue pair to the target over "
		     "rdma_cm.",
	  .causes = { "nothing listens on the target's address and port, or it rejected the queue",
		      "no RDMA path to the target (route, GID)" },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 4 },

	/* --- Ceph, Mooncake -------------------------------------------------- */
	{ .id = "ceph.memlock", .tool = "Ceph (async+rdma)",
	  .pattern = "memlock \\(ulimit -l\\) must be big enough|for RDMA to work properly user "
		     "memlock",
	  .meaning = "Ceph's RDMA messenger warns that the daemon's locked-memory limit is too "
		     "small for the memory it registers.",
	  .causes = { "the systemd unit of the Ceph daemon has no LimitMEMLOCK=infinity",
		      "a container without a raised memlock limit" },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 9, .sets = RS_CTX_MEMLOCK },
	{ .id = "mooncake.no_gid", .tool = "Mooncake transfer engine",
	  .pattern = "no suitable GID found",
	  .meaning = "Mooncake found no GID entry of the kind it needs (RoCE v2 with an address) "
		     "on the device.",
	  .causes = { "the RoCE interface has no IP address, so no RoCE v2 IPv4 or IPv6 entry "
		      "exists",
		      "the GID entries of the interface are in another network namespace (a pod)",
		      "the device is given by a wrong name" },
	  .tree = RS_TREE_CONNECTION, .check = "gid.no_roce_v2",
	  .cls = RS_CLS_GID, .weight = 8 },
	{ .id = "mooncake.slice_failed", .tool = "Mooncake transfer engine",
	  .pattern = "process failed for slice",
	  .meaning = "A transfer of the Mooncake engine failed on a work completion; the status "
		     "text follows on the line.",
	  .causes = { "see the status: retry exceeded (no RDMA path to the peer), remote access "
		      "(keys, an unregistered buffer)",
		      "the peer went away" },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 2 },

	/* --- Kubernetes device plugins --------------------------------------- */
	{ .id = "k8s.rdma_netns", .tool = "k8s-rdma-shared-dev-plugin",
	  .pattern = "incorrect RDMA subsystem network namespace",
	  .meaning = "The shared RDMA device plugin needs the RDMA subsystem in shared "
		     "network-namespace mode; this host has it exclusive.",
	  .causes = { "rdma system set netns exclusive (or ib_core netns_mode=0): set it shared, "
		      "or use a device plugin made for exclusive mode (SR-IOV)" },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 9 },
	{ .id = "k8s.rdma_device_spec", .tool = "k8s-rdma-shared-dev-plugin",
	  .pattern = "missing RDMA device spec for device|RDMA device \"[^\"]*\" not found",
	  .meaning = "The device plugin found a NIC but not all the RDMA character devices it "
		     "hands to pods (/dev/infiniband/uverbsN, rdma_cm, umad, issm).",
	  .causes = { "an RDMA module is not loaded (rdma_ucm, ib_umad, ib_uverbs)",
		      "the NIC matched is not an RDMA one (its selector is too wide)" },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6 },
	{ .id = "k8s.no_devices", .tool = "Kubernetes RDMA device plugins",
	  .pattern = "no Rdma Devices were found|no devices in device pool|exposing \"0\" devices",
	  .meaning = "The device plugin exposes no RDMA device to pods.",
	  .causes = { "its selectors (vendor, device ID, interface names) match no NIC",
		      "the RDMA modules or character devices are missing on the node" },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 5 },

	/* --- GPU memory ------------------------------------------------------ */
	{ .id = "gpu.dmabuf", .tool = "NCCL, UCX, perftest, verbs applications",
	  .pattern = "(dmabuf|dma-buf).*(not supported|unsupported|failed)",
	  .meaning = "Registering GPU memory through dma-buf failed or is not supported here.",
	  .causes = { "the kernel, GPU driver, NIC driver or rdma-core is too old for dma-buf "
		      "registration",
		      "the GPU memory was not allocated in a way dma-buf can export" },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_GPUDIRECT, .weight = 6, .sets = RS_CTX_GPU },
	{ .id = "gpu.cuda_init", .tool = "perftest --use_cuda",
	  .pattern = "couldn('|\xe2\x80\x99)?t (init|allocate|get) (GPU|CUDA)|failed to "
		     "(init|allocate) "
		     "(GPU|CUDA)",
	  .meaning = "perftest could not set up the GPU for --use_cuda.",
	  .causes = { "perftest built without CUDA support, or the CUDA driver not loaded",
		      "the GPU index given does not exist" },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_GPUDIRECT, .weight = 6, .sets = RS_CTX_GPU },
	{ .id = NULL },
};
