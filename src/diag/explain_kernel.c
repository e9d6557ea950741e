/* SPDX-License-Identifier: MIT */
/*
 * explain_kernel.c - what the kernel's RDMA drivers, its RDMA storage
 * users and module loading print when RoCE breaks (mlx5_core and mlx5_ib,
 * ib_core, bnxt_re, irdma, rdma_rxe, nvme-rdma and nvmet_rdma, NFS over
 * RDMA's xprtrdma, the GPUDirect peer-memory modules, modprobe, MLNX_OFED's
 * openibd) and what lspci shows of a NIC's PCIe link, for `rocescope
 * explain` (explain.h).
 *
 * Data only.  The texts follow the drivers' format strings
 * (drivers/infiniband/hw/mlx5/cq.c "%s error cqe on cqn 0x%x",
 * drivers/net/ethernet/mellanox/mlx5/core/cmd.c "%s(0x%x) op_mod(0x%x)
 * failed, status %s(0x%x), syndrome (0x%x)", health.c, port module
 * events in events.c, drivers/infiniband/core/cache.c "unable to add gid",
 * kernel/module "Unknown symbol", "disagrees about version of symbol",
 * mlx5_ib qp.c "%s/%d: QP %d error: %s (0x%x 0x%x 0x%x)", events.c
 * "Detected insufficient power on the PCIe slot (%uW).", nvme host/rdma.c
 * "Connect rejected: status %d (%s)", target/rdma.c "failed to create_qp
 * ret= %d", xprtrdma verbs.c "rpcrdma: connection to %pI4:%u closed (%d)"),
 * kept to the words that do not change between versions.  The
 * work-completion statuses and mlx5 syndromes those lines carry are in
 * explain_wc.c.
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

const struct rs_explain_entry rs_explain_kernel[] = {
	{ .id = "kernel.mlx5_error_cqe", .tool = "kernel (mlx5_ib)",
	  .pattern = "(requestor|responder) error cqe on cqn|mlx5_handle_error_cqe|dump error "
		     "cqe",
	  .meaning = N_("The mlx5 driver logs a work completion with an error of a kernel consumer "
		        "(NVMe-oF, NFS over RDMA, iSER, SMB Direct). The syndrome on the next line "
		        "says which."),
	  .causes = { N_("see the syndrome: 0x15 retry exceeded (no RDMA path to the peer), 0x4 "
		         "local protection, 0x13 remote access, 0x5 flushed"),
		      N_("the peer went away: every outstanding request is flushed") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 2, .alt = { RS_CLS_APPLICATION, RS_CLS_GID } },
	{ .id = "kernel.mlx5_cmd_limits", .tool = "kernel (mlx5_core)",
	  .pattern = "status limits exceeded",
	  .meaning = N_("The adapter's firmware refused a command (CREATE_QP, CREATE_MKEY, ...) "
		        "because one of its resource limits is reached, even when max_qp is not."),
	  .causes = { N_("too many queue pairs, memory keys or UARs at once on this function "
		         "(scale, a leak in the application)"),
		      N_("a firmware profile with small limits (mlxconfig), or SR-IOV sharing the "
		         "device's resources") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 8, .alt = { RS_CLS_FIRMWARE } },
	{ .id = "kernel.mlx5_cmd_failed", .tool = "kernel (mlx5_core)",
	  .pattern = "mlx5_cmd_(check|out_err).*failed, status",
	  .meaning = N_("The adapter's firmware refused a command; the status and syndrome say why."),
	  .causes = { N_("a request the firmware does not support: firmware older than the driver"),
		      N_("a resource limit (status limits exceeded)"),
		      N_("bad parameters from the driver or a program (status bad parameter)") },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 4, .alt = { RS_CLS_DRIVER } },
	/*
	 * A QP move the firmware refuses as a bad parameter carries the
	 * program's attributes: after RTR, its timeout and retry counts (the
	 * retry fields are 3 bits: 7 at most); at RTR, the address vector.
	 */
	{ .id = "kernel.mlx5_qp_bad_param", .tool = "kernel (mlx5_core)",
	  .pattern = "(RST2INIT|INIT2INIT|RTR2RTS|RTS2RTS)_QP\\(0x[0-9a-f]+\\)( op_mod\\(0x[0-9a-f]+\\))? "
		     "failed, status bad parameter",
	  .meaning = N_("The adapter's firmware refused to move a queue pair (to INIT or RTS) "
			"because an attribute the program gave is out of range."),
	  .causes = { N_("an attribute beyond its field: retry_cnt or rnr_retry above 7, a "
			 "timeout above 31, a port or P_Key index the device does not have - a "
			 "value newer drivers pass on unchecked"),
		      N_("a driver and firmware that disagree on the command's layout") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 6, .alt = { RS_CLS_DRIVER } },
	{ .id = "kernel.mlx5_rtr_bad_param", .tool = "kernel (mlx5_core)",
	  .pattern = "INIT2RTR_QP\\(0x[0-9a-f]+\\)( op_mod\\(0x[0-9a-f]+\\))? failed, status bad "
		     "parameter",
	  .meaning = N_("The adapter's firmware refused to move a queue pair to RTR because an "
			"attribute is out of range: at RTR that is mostly the address of the peer."),
	  .causes = { N_("the GID index is not valid on this port, or the address has no GRH on "
			 "RoCE"),
		      N_("the path MTU asked for is above the port's"),
		      N_("another attribute the program gave (destination QP, PSN, max_dest_rd_atomic) "
			 "out of range") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 5, .alt = { RS_CLS_MTU, RS_CLS_APPLICATION } },
	{ .id = "kernel.mlx5_health", .tool = "kernel (mlx5_core)",
	  .pattern = "health compromised|fw_fatal|firmware fatal|internal error detected|"
		     "mlx5_crdump|device's health|poll_health.*Fatal error [0-9]+ detected|"
		     "fatal error [0-9]+ detected|health issue observed|synd 0x[0-9a-f]+: [a-z]|"
		     "firmware over [0-9]+ MS in|enable hca failed",
	  .meaning = N_("The mlx5 driver saw the adapter's firmware stop (health poll): the device "
		        "is reset, every RDMA connection on it fails."),
	  .causes = { N_("a firmware assert: update the firmware, collect the crdump for the vendor"),
		      N_("a PCIe or power problem on the slot"),
		      N_("overheating") },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 8 },
	{ .id = "kernel.module_event", .tool = "kernel (mlx5_core)",
	  .pattern = "port module event.*(unplugged|error|not supported|high temperature)",
	  .meaning = N_("The NIC reports a problem with the cable or transceiver module of a port."),
	  .causes = { N_("the cable is unplugged or not seated"),
		      N_("the transceiver is faulty, unsupported or overheating"),
		      N_("the module's power or speed does not match the port") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 8, .alt = { RS_CLS_FIRMWARE }, .sets = RS_CTX_PORT },
	{ .id = "kernel.gid_add_failed", .tool = "kernel (ib_core)",
	  .pattern = "unable to add gid",
	  .meaning = N_("ib_core could not add an address of the interface to the port's GID table, "
		        "so that address has no RoCE GID."),
	  .causes = { N_("the GID table is full: many IPv6 or secondary addresses, VLANs or macvlans "
		         "on the interface (error -28, ENOSPC)"),
		      N_("the driver refused the entry (firmware)") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.no_roce_v2",
	  .cls = RS_CLS_GID, .weight = 7, .alt = { RS_CLS_DRIVER } },
	{ .id = "kernel.unknown_symbol", .tool = "kernel (modules)",
	  .pattern = "unknown symbol [a-z_0-9]+|disagrees about version of symbol",
	  .meaning = N_("A kernel module could not be loaded: it was built against other kernel "
		        "or RDMA-stack symbols than the ones running."),
	  .causes = { N_("MLNX_OFED (or a DKMS module) built for another kernel: rebuild it for this "
		         "one, or use the distribution's modules"),
		      N_("a mix of inbox and out-of-tree RDMA modules (ib_core from one, mlx5_ib from "
		         "the other)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 8, .alt = { RS_CLS_GPUDIRECT } },
	{ .id = "kernel.module_not_found", .tool = "modprobe",
	  .pattern = "module [^ ]+ not found|could not insert '[^']+'|module [^ ]+ does not exist",
	  .meaning = N_("A kernel module could not be found or inserted."),
	  .causes = { N_("the module is not built for this kernel (a kernel without the driver, or "
		         "modules of another kernel version installed)"),
		      N_("its name changed (ib_rxe became rdma_rxe; nv_peer_mem became "
		         "nvidia-peermem)"),
		      N_("inserting it failed: see dmesg for the symbol or parameter it refused") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 7 },
	{ .id = "kernel.peermem", .tool = "kernel (nvidia-peermem, nv_peer_mem)",
	  .pattern = "(nv_peer_mem|nvidia[-_]peermem|nv_peer_memory)[^a-z]*.*(not found|could not "
		     "insert|invalid argument|fail|unknown symbol|disagrees about version)|"
		     "could not insert '(nv_peer_mem|nvidia[-_]peermem)",
	  .meaning = N_("The GPUDirect RDMA peer-memory module could not be loaded: NICs cannot "
		        "register GPU memory."),
	  .causes = { N_("the module was built for another kernel or another GPU driver (DKMS)"),
		      N_("the NVIDIA driver's own nvidia-peermem replaces nv_peer_mem: load that "
		         "one"),
		      N_("the RDMA stack it was built against (MLNX_OFED or inbox) is not the one "
		         "running") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_GPUDIRECT, .weight = 9, .alt = { RS_CLS_DRIVER }, .sets = RS_CTX_GPU },
	{ .id = "kernel.rxe", .tool = "kernel (rdma_rxe)",
	  .pattern = "rdma_rxe: (failed|unable)|rxe: failed to allocate crc",
	  .meaning = N_("The Soft-RoCE driver failed to set up."),
	  .causes = { N_("a crypto module it needs (crc32) is not available in this kernel or initrd"),
		      N_("the netdev given to 'rdma link add' is not suitable") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 8 },
	{ .id = "kernel.bnxt_re", .tool = "kernel (bnxt_re)",
	  .pattern = "bnxt_re[^:]*:.*(timed ?out|timeout|failed)",
	  .meaning = N_("The Broadcom RoCE driver reports a failure: most often a command to the "
		        "adapter's firmware that timed out or was refused."),
	  .causes = { N_("firmware and driver versions that do not match (bnxt_en, bnxt_re and the "
		         "NIC firmware come as a set)"),
		      N_("RoCE not enabled in the NIC's configuration (NVM)"),
		      N_("a firmware fault: dmesg around it, then a reset") },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 5, .alt = { RS_CLS_DRIVER } },
	{ .id = "kernel.irdma", .tool = "kernel (irdma)",
	  .pattern = "irdma[^:]*:.*(failed|error|timed ?out)",
	  .meaning = N_("The Intel RDMA driver (E810, X722) reports a failure."),
	  .causes = { N_("the ice driver, irdma and the NIC's NVM/DDP package do not match"),
		      N_("RoCE mode not enabled (irdma loads iWARP by default on some versions: "
		         "roce_ena)"),
		      N_("a device limit or firmware command failure") },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_FIRMWARE } },
	/*
	 * Huawei's hns_roce (drivers/infiniband/hw/hns/hns_roce_hw_v2.c):
	 * ibdev_err(ibdev, "failed to modify QP, ret = %d\n", ret) and the
	 * like, printed as "infiniband hns_0: failed to modify QP, ret = -22".
	 */
	{ .id = "kernel.hns_roce", .tool = "kernel (hns_roce)",
	  .pattern = "(hns_roce[a-z0-9_]*|hns_[0-9]+)[^:]*:.*(failed|error|timed ?out|timeout)",
	  .meaning = N_("Huawei's RoCE driver (HNS, Kunpeng) reports a failure; on a QP move "
			"the number is the errno the hardware's answer maps to."),
	  .causes = { N_("an attribute the hardware refuses (-22: the GID index, the path MTU "
			 "above the port's, a traffic class): the same as EINVAL from "
			 "ibv_modify_qp"),
		      N_("the hns3 NIC driver, hns_roce_hw_v2 and the firmware do not match"),
		      N_("a device limit or a firmware command that timed out") },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_DRIVER, .weight = 4,
	  .alt = { RS_CLS_GID, RS_CLS_FIRMWARE, RS_CLS_RESOURCES } },
	/*
	 * drivers/nvme/host/rdma.c: "failed to initialize MR pool sized %d for
	 * QID %d", "failed to initialize PI MR pool sized %d for QID %d": the
	 * queue's memory regions (fast-registration or signature ones for
	 * protection information) could not be allocated on the device.
	 */
	{ .id = "kernel.nvme_rdma_mr_pool", .tool = "kernel (nvme-rdma)",
	  .pattern = "failed to initialize (pi )?mr pool",
	  .meaning = N_("The NVMe over RDMA host could not allocate the memory regions of a queue "
		        "on the RDMA device, so that queue (and the connection) fails; the lines "
		        "after it say 'rdma connection establishment failed'."),
	  .causes = { N_("the driver cannot give the kind of memory region asked for: PI "
		         "(signature) MRs on a driver or MLNX_OFED version with a known issue, or a "
		         "device without that support (connect without protection information, "
		         "update the driver)"),
		      N_("the device ran out of memory keys for the queue count and depth asked for "
		         "(nr_io_queues, queue_size)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6, .alt = { RS_CLS_RESOURCES } },
	/*
	 * drivers/nvme/target/rdma.c: "binding CM ID to %pISpcs failed (%d)":
	 * the target's port could not take its address on an RDMA device.
	 */
	{ .id = "kernel.ulp_cm_bind", .tool = "kernel (nvmet_rdma)",
	  .pattern = "binding CM ID to [^ ]+ failed \\(-?[0-9]+\\)",
	  .meaning = N_("The NVMe over RDMA target could not bind its port's address with rdma_cm: "
		        "-19 (ENODEV) means no RDMA device sits on that address, -98 (EADDRINUSE) "
		        "that another listener holds it."),
	  .causes = { N_("the address is on an interface without an RDMA device: a plain NIC, or "
		         "Soft-RoCE not configured on it (rdma link add rxe0 type rxe netdev IF)"),
		      N_("the RDMA driver for the NIC is not loaded"),
		      N_("another target port already uses that address and service id") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6, .alt = { RS_CLS_RDMA_CM, RS_CLS_CONTROL } },
	{ .id = "kernel.nvme_rdma_connect", .tool = "kernel (nvme-rdma)",
	  .pattern = "rdma connection establishment failed|rdma_resolve_addr wait failed|"
		     "nvme nvme[0-9]+: rdma_[a-z_]+ failed",
	  .meaning = N_("The NVMe over RDMA host could not connect a queue to the target: the "
		        "rdma_cm step named failed (the number is the errno, -104 a reset)."),
	  .causes = { N_("the target rejected or reset the connection (-104): nothing listens on "
		         "that address and port, or its port is not an RDMA one"),
		      N_("address or route resolution failed: no RoCE interface on the way to the "
		         "target"),
		      N_("the target's or host's RoCE device is down") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 5, .alt = { RS_CLS_PEER, RS_CLS_PATH, RS_CLS_DRIVER } },
	{ .id = "kernel.openibd", .tool = "MLNX_OFED openibd",
	  .pattern = "openibd.*(fail|error)|loading (hca|mlx[0-9_a-z]*) driver.*failed",
	  .meaning = N_("MLNX_OFED's openibd service could not load the RDMA modules."),
	  .causes = { N_("the MLNX_OFED modules were built for another kernel: a kernel update "
		         "without rebuilding them (dkms, or reinstall with --add-kernel-support)"),
		      N_("a conflicting inbox module already loaded") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6 },
	{ .id = "pci.link_status", .tool = "lspci",
	  .pattern = "LnkSta:.*(width x[0-9]+.*\\(downgraded\\)|speed [0-9.]+GT/s "
		     "\\(downgraded\\))|LnkSta:.*Width x[12],",
	  .meaning = N_("lspci shows the PCIe link the NIC trained to; a narrower width (or "
		        "'downgraded') than LnkCap caps the NIC's bandwidth."),
	  .causes = { N_("the card is in a narrower slot or riser than it needs (x1, x4 for a "
		         "multi-port 25G+ NIC)"),
		      N_("the BIOS splits the slot's lanes, or the slot runs at a lower generation"),
		      N_("the link trained down: reseat the card") },
	  .tree = RS_TREE_BANDWIDTH, .check = "pci.link_degraded",
	  .cls = RS_CLS_PCIE, .weight = 7 },
	/*
	 * mlx5_ib_qp_err_syndrome() (drivers/infiniband/hw/mlx5/qp.c) logs a
	 * QP that went to error as "DEV/PORT: QP N error: TEXT (0xV 0xT
	 * 0xH)", TEXT being ib_wc_status_msg() of the CQE syndrome.  The
	 * syndromes from 0x10 on are not work-completion statuses, so from
	 * there the text names another status than the error: 0x10 bad
	 * response reads "operation aborted", 0x11 local access "invalid EE
	 * context number", 0x12 remote invalid request "invalid EE context
	 * state", 0x13 remote access "fatal error", 0x14 remote operation
	 * "response timeout error", 0x15 transport retry exceeded "general
	 * error", 0x16 RNR retry exceeded and 0x22 remote abort "unrecognized
	 * status".  The entries below read the text as the syndrome it is.
	 */
	{ .id = "kernel.mlx5_qp_error", .tool = "kernel (mlx5_ib)",
	  .pattern = "[^ ]+/[0-9]+: QP [0-9]+ error: ",
	  .meaning = N_("The mlx5 driver logs a queue pair that the adapter moved to the error state "
		        "(an asynchronous QP error, seen by a kernel user such as NVMe-oF, NFS over "
		        "RDMA or SMB Direct, or by a user program): the text is the CQE syndrome "
		        "through the kernel's work-completion names, which from 'operation aborted' "
		        "on name another status (see the entries for those)."),
	  .causes = { N_("the peer did not answer: route, switch, firewall, link (retry exceeded)"),
		      N_("the program used a memory key, address or length the other side refused"),
		      N_("the peer failed or tore its side down first"),
		      N_("a GID or address vector the peer cannot answer") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 3,
	  .alt = { RS_CLS_APPLICATION, RS_CLS_PEER, RS_CLS_GID } },
	{ .id = "kernel.mlx5_qp_retry", .tool = "kernel (mlx5_ib)",
	  .pattern = "QP [0-9A-Za-z]+ error: general error",
	  .meaning = N_("A queue pair went to error with CQE syndrome 0x15, transport retry counter "
		        "exceeded (the driver prints it as 'general error'): the peer never "
		        "acknowledged. Kernel users (NVMe-oF, NFS, SMB Direct) take the GID from the "
		        "address through rdma_cm, so the cause is on the way."),
	  .causes = { N_("no RoCE path to the peer: route, neighbour, switch, firewall (UDP 4791)"),
		      N_("packets lost under load: PFC or ECN not set up"),
		      N_("a link that went down or flaps"),
		      N_("a GID the peer cannot answer") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 6,
	  .alt = { RS_CLS_CONGESTION, RS_CLS_PORT, RS_CLS_GID } },
	{ .id = "kernel.mlx5_qp_rem_access", .tool = "kernel (mlx5_ib)",
	  .pattern = "QP [0-9A-Za-z]+ error: fatal error",
	  .meaning = N_("A queue pair went to error with CQE syndrome 0x13, remote access error "
		        "(the driver prints it as 'fatal error'): the peer refused an RDMA read or "
		        "write to its memory."),
	  .causes = { N_("a memory key (rkey) or address the peer does not grant: stale, from "
		         "another protection domain or device, or without remote access rights"),
		      N_("the peer deregistered the memory (it was stopping)"),
		      N_("GPU memory the peer's NIC cannot reach") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_APPLICATION, .weight = 6,
	  .alt = { RS_CLS_PEER, RS_CLS_GPUDIRECT } },
	{ .id = "kernel.mlx5_qp_rem_op", .tool = "kernel (mlx5_ib)",
	  .pattern = "QP [0-9A-Za-z]+ error: response timeout error",
	  .meaning = N_("A queue pair went to error with CQE syndrome 0x14, remote operation error "
		        "(the driver prints it as 'response timeout error'): the peer could not "
		        "execute the request."),
	  .causes = { N_("the peer's receive queue or memory failed (its own error first)"),
		      N_("an operation the peer's queue pair does not allow") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_PEER, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	{ .id = "kernel.mlx5_qp_bad_resp", .tool = "kernel (mlx5_ib)",
	  .pattern = "QP [0-9A-Za-z]+ error: operation aborted",
	  .meaning = N_("A queue pair went to error with CQE syndrome 0x10, bad response (the driver "
		        "prints it as 'operation aborted'): the peer answered with something that "
		        "does not fit the request."),
	  .causes = { N_("the peer runs a different protocol version or failed mid-way"),
		      N_("a device or firmware fault at either end") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 6, .alt = { RS_CLS_FIRMWARE } },
	{ .id = "kernel.mlx5_qp_loc_access", .tool = "kernel (mlx5_ib)",
	  .pattern = "QP [0-9A-Za-z]+ error: invalid EE context number",
	  .meaning = N_("A queue pair went to error with CQE syndrome 0x11, local access error (the "
		        "driver prints it as 'invalid EE context number'): the local memory key does "
		        "not grant the access the request needs."),
	  .causes = { N_("a receive buffer registered without local write access, or a stale key"),
		      N_("GPU memory the NIC cannot write") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_APPLICATION, .weight = 6, .alt = { RS_CLS_GPUDIRECT } },
	{ .id = "kernel.mlx5_qp_rem_inv_req", .tool = "kernel (mlx5_ib)",
	  .pattern = "QP [0-9A-Za-z]+ error: invalid EE context state",
	  .meaning = N_("A queue pair went to error with CQE syndrome 0x12, remote invalid request "
		        "(the driver prints it as 'invalid EE context state'): the peer found the "
		        "request invalid - too long for its receive buffer, or not allowed."),
	  .causes = { N_("a message longer than the peer's receive buffer or its path MTU"),
		      N_("an operation the peer's queue pair does not enable (RDMA read, atomics)"),
		      N_("the two ends configured the queue pairs differently") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_APPLICATION, .weight = 6, .alt = { RS_CLS_MTU, RS_CLS_PEER } },
	{ .id = "kernel.mlx5_qp_rnr", .tool = "kernel (mlx5_ib)",
	  .pattern = "QP [0-9A-Za-z]+ error: unrecognized status",
	  .meaning = N_("A queue pair went to error with a CQE syndrome the kernel has no name for: "
		        "0x16, RNR retry exceeded (the peer had no receive posted), or 0x22, remote "
		        "abort; the first number in parentheses is the vendor syndrome."),
	  .causes = { N_("the receiving side posted no receive in time (an RDMA write with immediate "
		         "consumes one as well)"),
		      N_("the peer aborted the operation: it failed or stopped") },
	  .tree = RS_TREE_BANDWIDTH, .check = "counters.error_rising",
	  .cls = RS_CLS_APPLICATION, .weight = 5, .alt = { RS_CLS_PEER } },
	{ .id = "kernel.mlx5_pcie_power", .tool = "kernel (mlx5_core)",
	  .pattern = "insufficient power on the PCIe slot|PCIe slot power capability was not "
		     "advertised",
	  .meaning = N_("mlx5_core read the slot power the platform reports (the MPEIN register): "
		        "the slot advertises less power than the adapter needs, or nothing; the "
		        "adapter may then throttle."),
	  .causes = { N_("the slot or riser does not advertise its power limit (SlotPowerLimit 0W "
		         "in lspci): often benign, the adapter still runs at full rate"),
		      N_("the slot really supplies too little for this adapter and its optics") },
	  .tree = RS_TREE_BANDWIDTH, .check = "pci.link_degraded",
	  .cls = RS_CLS_PCIE, .weight = 4, .alt = { RS_CLS_FIRMWARE } },
	{ .id = "kernel.mlx5_cmd_timeout", .tool = "kernel (mlx5_core)",
	  .pattern = "timeout\\. Will cause a leak of a command resource",
	  .meaning = N_("A firmware command of mlx5_core got no answer in time (wait_func(), "
		        "drivers/net/ethernet/mellanox/mlx5/core/cmd.c): the adapter's firmware is "
		        "stuck or overloaded."),
	  .causes = { N_("an adapter firmware fault or hang: check the health reports, update the "
		         "firmware"),
		      N_("the adapter is in a bad state after an error: a reset or power cycle "
		         "recovers it"),
		      N_("a driver and firmware that do not match") },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 7, .alt = { RS_CLS_DRIVER } },
	{ .id = "kernel.mlx5_mkey_async", .tool = "kernel (mlx5_ib)",
	  .pattern = "async reg mr failed",
	  .meaning = N_("mlx5_ib could not create a memory key for its cache (create_mkey_callback(), "
		        "drivers/infiniband/hw/mlx5/mr.c); the status is the errno, -12 no memory."),
	  .causes = { N_("the host or the adapter ran out of memory keys or memory: very many or "
		         "very large registrations"),
		      N_("the locked-memory limit of the registering program") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 4, .alt = { RS_CLS_MEMLOCK } },
	{ .id = "kernel.mlx5_ib_alloc", .tool = "kernel (mlx5_ib)",
	  .pattern = ":\\(pid [0-9]+\\): (allocation failed|.*(failed to allocate|alloc(ation)? "
		     "failed))",
	  .meaning = N_("mlx5_ib could not allocate memory for a verbs object (mlx5_ib_warn(), "
		        "'DEVICE:FUNCTION:LINE:(pid N): ...', with 'mlx5_warn:' before it in "
		        "MLNX_OFED): mostly the pages of a large memory registration's translation "
		        "table (reg_create, reg_klm), a queue or a command mailbox."),
	  .causes = { N_("the host was out of memory (or of memory of the NUMA node) when the "
		         "program registered its buffers: dmesg shows the page-allocation failure"),
		      N_("a registration or queue far larger than the program needs") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 5, .alt = { RS_CLS_MEMLOCK } },
	{ .id = "kernel.nvme_rdma_rejected", .tool = "kernel (nvme-rdma)",
	  .pattern = "connect rejected: status [0-9]+",
	  .meaning = N_("The NVMe over RDMA target side rejected the host's connection "
		        "(nvme_rdma_conn_rejected(), drivers/nvme/host/rdma.c); the status is the "
		        "CM reject reason: 8 invalid service ID (nothing listens on that port), 10 "
		        "stale connection, 28 consumer defined (the NVMe status follows)."),
	  .causes = { N_("no NVMe/RDMA port listening at that address and service id (trsvcid) on "
		         "the target: the subsystem is not added to an RDMA port"),
		      N_("the target rejects the host: an NQN or host access it does not allow"),
		      N_("a stale connection the target still holds, or a driver that mishandles "
		         "reconnects (Soft-RoCE)") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_PEER, .weight = 5,
	  .alt = { RS_CLS_RDMA_CM, RS_CLS_DRIVER } },

	/*
	 * nvme-cli and libnvme write the connect options to /dev/nvme-fabrics;
	 * the kernel's nvmf_create_ctrl() (drivers/nvme/host/fabrics.c) answers
	 * EINVAL when no transport module registered "rdma" ("no handler found
	 * for transport rdma.") or an option is missing or not allowed.
	 */
	{ .id = "nvme.fabrics_einval", .tool = "nvme-cli, libnvme (kernel nvme-fabrics)",
	  .pattern = "failed to write to /dev/nvme-fabrics: invalid argument",
	  .meaning = N_("nvme-cli's connect or discover was refused by the kernel when it wrote the "
		        "options to /dev/nvme-fabrics (EINVAL): the kernel has no handler for the "
		        "transport, or an option is missing or not allowed; dmesg says which."),
	  .causes = { N_("the nvme-rdma module is not loaded, or is not the one the kernel's RDMA "
		         "stack needs (MLNX_OFED installed without NVMe-oF support ships a module "
		         "that registers nothing): modprobe nvme-rdma, dmesg shows 'no handler "
		         "found for transport rdma'"),
		      N_("an option the kernel refuses: a missing address or service id, an option "
		         "this kernel does not know (dmesg names it)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 5, .alt = { RS_CLS_APPLICATION } },
	{ .id = "nvme.fabrics_connect", .tool = "nvme-cli, libnvme (kernel nvme-rdma)",
	  .pattern = "failed to write to /dev/nvme-fabrics: (connection (reset|refused|timed)|"
		     "input/output error|no route to host|network is unreachable)",
	  .meaning = N_("The kernel's nvme-rdma could not connect to the target when nvme-cli wrote "
		        "the options to /dev/nvme-fabrics; the kernel log names the rdma_cm step "
		        "(address, route, connect) and its errno."),
	  .causes = { N_("the target's address is reached through an interface without RDMA (the "
		         "RoCE interface of the host has no address in that subnet)"),
		      N_("nothing listens for NVMe/RDMA at that address and port on the target") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 3, .alt = { RS_CLS_PEER } },
	{ .id = "kernel.nvme_no_transport", .tool = "kernel (nvme-fabrics)",
	  .pattern = "no handler found for transport",
	  .meaning = N_("The kernel's NVMe over Fabrics core has no driver for the transport asked "
		        "for (nvmf_create_ctrl(), drivers/nvme/host/fabrics.c): nvme-rdma is not "
		        "loaded, or the one loaded does not register the transport."),
	  .causes = { N_("modprobe nvme-rdma was not run (it is not loaded on demand by every "
		         "distribution)"),
		      N_("a vendor stack (MLNX_OFED) replaced the module with one that does nothing: "
		         "reinstall it with NVMe-oF support (--with-nvmf)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 7 },
	{ .id = "nvme.no_trsvcid", .tool = "libnvme (nvme-cli)",
	  .pattern = "no (trsvcid specified|transport address) for 'rdma'",
	  .meaning = N_("libnvme refuses an RDMA connect without a transport service id (the port) "
		        "or a transport address (nvme_create_ctrl(), src/nvme/tree.c): only "
		        "discovery has a default port."),
	  .causes = { N_("the command line gives no -s/--trsvcid (the NVMe/RDMA port is usually "
		         "4420) or no -a/--traddr") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_APPLICATION, .weight = 7 },

	{ .id = "kernel.ulp_create_qp", .tool = "kernel (nvmet_rdma, ib_srpt)",
	  .pattern = "failed to create_qp ret= *-?[0-9]+",
	  .meaning = N_("A kernel RDMA target (NVMe over RDMA's nvmet_rdma, the SRP target ib_srpt) "
		        "could not create the queue pair of a new connection "
		        "(drivers/nvme/target/rdma.c nvmet_rdma_create_queue_ib()); the host's connect "
		        "fails. Kernel queue pairs take no locked memory: the limit is the device's."),
	  .causes = { N_("the queue size or scatter/gather count asked for is above the device's "
		         "limits (-22), or the device is out of queue pairs or memory (-12)"),
		      N_("a device or driver that does not support what the target asks (inline "
		         "data, integrity offload)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 5, .alt = { RS_CLS_DRIVER } },

	/*
	 * NFS over RDMA, the client (net/sunrpc/xprtrdma/verbs.c): the
	 * connection's end ("rpcrdma: connection to A:P closed (ERR)", ERR the
	 * negative errno the rdma_cm event maps to), asynchronous QP and CQ
	 * errors and failed completions ("RPC:       FUNCTION: ...").
	 */
	{ .id = "nfs.rpcrdma_refused", .tool = "kernel (xprtrdma, NFS over RDMA)",
	  .pattern = "rpcrdma: connection to [^ ]+ (closed \\(-111\\)|rejected: )",
	  .meaning = N_("The NFS client's RDMA connection was refused (ECONNREFUSED: the rdma_cm "
		        "connect was rejected): the server has no RDMA listener on that port."),
	  .causes = { N_("the NFS server does not listen for RDMA: no 'rdma 20049' in "
		         "/proc/fs/nfsd/portlist (rdma=y in nfs.conf), or svcrdma/rpcrdma not "
		         "loaded there"),
		      N_("the mount names another port than the server's RDMA one (port=20049)"),
		      N_("the server's RDMA device is down or the address is not on it") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_PEER, .weight = 6,
	  .alt = { RS_CLS_CONTROL, RS_CLS_RDMA_CM } },
	{ .id = "nfs.rpcrdma_closed", .tool = "kernel (xprtrdma, NFS over RDMA)",
	  .pattern = "rpcrdma: connection to [^ ]+ closed \\(-?[0-9]+\\)",
	  .meaning = N_("The NFS client's RDMA connection ended; the number is the errno of the "
		        "rdma_cm event: -111 rejected, -100 unreachable, -107 connect error, -103 "
		        "disconnected, -19 device removed."),
	  .causes = { N_("no RDMA path to the server (unreachable, connect error): route, "
		         "neighbour, switch"),
		      N_("the server closed or rejected it"),
		      N_("the address or route resolution failed (rdma_cm)"),
		      N_("the RDMA port went down or the device was removed") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 3,
	  .alt = { RS_CLS_PEER, RS_CLS_RDMA_CM, RS_CLS_PORT } },
	{ .id = "nfs.rpcrdma_async", .tool = "kernel (xprtrdma, NFS over RDMA)",
	  .pattern = "rpcrdma_(qp|cq)_async_error_upcall: ",
	  .meaning = N_("The NFS client's RDMA queue pair or completion queue got an asynchronous "
		        "error event (the text names it: QP fatal error, port error, ...); the "
		        "connection is torn down and retried."),
	  .causes = { N_("a transport error on the connection: the peer did not answer or refused "
		         "an access"),
		      N_("the port went down"),
		      N_("the server failed or closed its side") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 3,
	  .alt = { RS_CLS_PORT, RS_CLS_PEER } },
	{ .id = "nfs.rpcrdma_wc", .tool = "kernel (xprtrdma, NFS over RDMA)",
	  .pattern = "rpcrdma_(send|recv)cq_process_wc: ",
	  .meaning = N_("A send or receive of the NFS client's RDMA connection completed with an "
		        "error; the status follows (local length error: a reply larger than the "
		        "receive buffers the two ends agreed)."),
	  .causes = { N_("the transport failed (the status names it): peer, path or length"),
		      N_("the client and server disagree on inline sizes or versions") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 2,
	  .alt = { RS_CLS_APPLICATION, RS_CLS_PEER } },
	{ .id = "nfs.rpcrdma_other_device", .tool = "kernel (xprtrdma, NFS over RDMA)",
	  .pattern = "reconnect on different device",
	  .meaning = N_("The NFS client reconnected and rdma_cm resolved the server through another "
		        "RDMA device than the connection's; xprtrdma cannot move a mount."),
	  .causes = { N_("the route to the server changed: a bond failed over, a second port or "
		         "policy routing now carries it"),
		      N_("the first device's port went down") },
	  .tree = RS_TREE_CONNECTION, .check = "net.peer_route",
	  .cls = RS_CLS_PATH, .weight = 5, .alt = { RS_CLS_PORT } },
	/*
	 * A driver that could not bring its device up.  The driver core
	 * prints "DRIVER: probe of BDF failed with error -N" (drivers/base/
	 * dd.c) whatever the driver; mlx5_core names the step first:
	 * "mlx5_load_one failed with error code -22" and its siblings
	 * (mlx5_init_one, mlx5_pci_init, mlx5_health_init, ...), or, in older
	 * kernels, "handle_hca_cap failed" / "set_hca_cap failed".
	 */
	{ .id = "kernel.probe_failed", .tool = "kernel (driver core)",
	  .pattern = "probe of [^ ]+ failed with error -?[0-9]+",
	  .meaning = N_("A kernel driver could not initialise a device, so no network or RDMA "
		        "device appears for it. The error is a negative errno: -22 (EINVAL) the "
		        "driver and the device or its firmware disagree, -12 or -28 (ENOMEM, ENOSPC) "
		        "memory or interrupt vectors ran out, -110 the device did not answer."),
	  .causes = { N_("the driver does not match the device or its firmware: a driver too old for "
		         "the adapter, a module built for another kernel, a vendor build that the "
		         "firmware does not accept"),
		      N_("the adapter's firmware is in a bad state or too old for the driver"),
		      N_("the PCIe slot or the platform: not enough interrupt vectors or power, a "
		         "degraded link (lspci -vv)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6, .alt = { RS_CLS_FIRMWARE, RS_CLS_PCIE } },
	{ .id = "kernel.mlx5_init_failed", .tool = "kernel (mlx5_core)",
	  .pattern = "mlx5_[a-z_0-9]+ failed with error code:? -?[0-9]+|(handle|set)_hca_cap failed",
	  .meaning = N_("mlx5_core failed a step of bringing the adapter up (loading it, querying or "
		        "setting its capabilities): the device is not registered."),
	  .causes = { N_("the driver and the adapter's firmware disagree: a driver too old for the "
		         "card or a module built for another kernel (a NAS or appliance kernel, a "
		         "DKMS build that did not match)"),
		      N_("the firmware is too old for this driver, or in a bad state (mlxfwmanager, "
		         "a cold reboot)"),
		      N_("no interrupt vectors or memory left for the device (error -28, -12)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 7, .alt = { RS_CLS_FIRMWARE, RS_CLS_RESOURCES } },
	/*
	 * The Host Memory Cache of Intel's E810 (ice) and X722 (i40e) holds the
	 * RDMA queues' context: ice and i40e print "HMC Error interrupt" (at
	 * debug or info level), irdma "HMC Error" before it resets the function.
	 */
	{ .id = "kernel.hmc_error", .tool = "kernel (ice, i40e, irdma)",
	  .pattern = "HMC error( interrupt)?([^a-z]|$)",
	  .meaning = N_("The Intel adapter signalled an error of its Host Memory Cache, where the "
		        "RDMA function keeps its queue and memory-region context; irdma answers it "
		        "by resetting the function, which takes the port (and its RDMA traffic) down."),
	  .causes = { N_("the irdma driver (or the ice/irdma pair) and the adapter disagree: an "
		         "irdma or ice version with a known HMC error, or irdma loaded where RDMA is "
		         "not used (unload and blacklist irdma there)"),
		      N_("the adapter's NVM (firmware) does not match the driver") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6, .alt = { RS_CLS_FIRMWARE } },
	{ .id = NULL },
};
