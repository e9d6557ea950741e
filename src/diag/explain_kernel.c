/* SPDX-License-Identifier: MIT */
/*
 * explain_kernel.c - what the kernel's RDMA drivers and module loading
 * print when RoCE breaks (mlx5_core and mlx5_ib, ib_core, bnxt_re, irdma,
 * rdma_rxe, nvme-rdma, the GPUDirect peer-memory modules, modprobe,
 * MLNX_OFED's openibd) and what lspci shows of a NIC's PCIe link, for
 * `rocescope explain` (explain.h).
 *
 * Data only.  The texts follow the drivers' format strings
 * (drivers/infiniband/hw/mlx5/cq.c "%s error cqe on cqn 0x%x",
 * drivers/net/ethernet/mellanox/mlx5/core/cmd.c "%s(0x%x) op_mod(0x%x)
 * failed, status %s(0x%x), syndrome (0x%x)", health.c, port module
 * events in events.c, drivers/infiniband/core/cache.c "unable to add gid",
 * kernel/module "Unknown symbol", "disagrees about version of symbol"),
 * kept to the words that do not change between versions.  The
 * work-completion statuses and mlx5 syndromes those lines carry are in
 * explain_wc.c.
 */
#include "diag/explain.h"

#include <stddef.h>

const struct rs_explain_entry rs_explain_kernel[] = {
	{ .id = "kernel.mlx5_error_cqe", .tool = "kernel (mlx5_ib)",
	  .pattern = "(requestor|responder) error cqe on cqn|mlx5_handle_error_cqe|dump error "
		     "cqe",
	  .meaning = "The mlx5 driver logs a work completion with an error of a kernel consumer "
		     "(NVMe-oF, NFS over RDMA, iSER, SMB Direct). The syndrome on the next line "
		     "says which.",
	  .causes = { "see the syndrome: 0x15 retry exceeded (no RDMA path to the peer), 0x4 "
		      "local protection, 0x13 remote access, 0x5 flushed",
		      "the peer went away: every outstanding request is flushed" },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 2 },
	{ .id = "kernel.mlx5_cmd_limits", .tool = "kernel (mlx5_core)",
	  .pattern = "status limits exceeded",
	  .meaning = "The adapter's firmware refused a command (CREATE_QP, CREATE_MKEY, ...) "
		     "because one of its resource limits is reached, even when max_qp is not.",
	  .causes = { "too many queue pairs, memory keys or UARs at once on this function "
		      "(scale, a leak in the application)",
		      "a firmware profile with small limits (mlxconfig), or SR-IOV sharing the "
		      "device's resources" },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 8 },
	{ .id = "kernel.mlx5_cmd_failed", .tool = "kernel (mlx5_core)",
	  .pattern = "mlx5_cmd_(check|out_err).*failed, status",
	  .meaning = "The adapter's firmware refused a command; the status and syndrome say why.",
	  .causes = { "a request the firmware does not support: firmware older than the driver",
		      "a resource limit (status limits exceeded)",
		      "bad parameters from the driver or a program (status bad parameter)" },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 4 },
	{ .id = "kernel.mlx5_health", .tool = "kernel (mlx5_core)",
	  .pattern = "health compromised|fw_fatal|firmware fatal|internal error detected|"
		     "mlx5_crdump|device's health",
	  .meaning = "The mlx5 driver saw the adapter's firmware stop (health poll): the device "
		     "is reset, every RDMA connection on it fails.",
	  .causes = { "a firmware assert: update the firmware, collect the crdump for the vendor",
		      "a PCIe or power problem on the slot",
		      "overheating" },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 8 },
	{ .id = "kernel.module_event", .tool = "kernel (mlx5_core)",
	  .pattern = "port module event.*(unplugged|error|not supported|high temperature)",
	  .meaning = "The NIC reports a problem with the cable or transceiver module of a port.",
	  .causes = { "the cable is unplugged or not seated",
		      "the transceiver is faulty, unsupported or overheating",
		      "the module's power or speed does not match the port" },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 8, .sets = RS_CTX_PORT },
	{ .id = "kernel.gid_add_failed", .tool = "kernel (ib_core)",
	  .pattern = "unable to add gid",
	  .meaning = "ib_core could not add an address of the interface to the port's GID table, "
		     "so that address has no RoCE GID.",
	  .causes = { "the GID table is full: many IPv6 or secondary addresses, VLANs or macvlans "
		      "on the interface (error -28, ENOSPC)",
		      "the driver refused the entry (firmware)" },
	  .tree = RS_TREE_CONNECTION, .check = "gid.no_roce_v2",
	  .cls = RS_CLS_GID, .weight = 7 },
	{ .id = "kernel.unknown_symbol", .tool = "kernel (modules)",
	  .pattern = "unknown symbol [a-z_0-9]+|disagrees about version of symbol",
	  .meaning = "A kernel module could not be loaded: it was built against other kernel "
		     "or RDMA-stack symbols than the ones running.",
	  .causes = { "MLNX_OFED (or a DKMS module) built for another kernel: rebuild it for this "
		      "one, or use the distribution's modules",
		      "a mix of inbox and out-of-tree RDMA modules (ib_core from one, mlx5_ib from "
		      "the other)" },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 8 },
	{ .id = "kernel.module_not_found", .tool = "modprobe",
	  .pattern = "module [^ ]+ not found|could not insert '[^']+'|module [^ ]+ does not exist",
	  .meaning = "A kernel module could not be found or inserted.",
	  .causes = { "the module is not built for this kernel (a kernel without the driver, or "
		      "modules of another kernel version installed)",
		      "its name changed (ib_rxe became rdma_rxe; nv_peer_mem became "
		      "nvidia-peermem)",
		      "inserting it failed: see dmesg for the symbol or parameter it refused" },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 7 },
	{ .id = "kernel.peermem", .tool = "kernel (nvidia-peermem, nv_peer_mem)",
	  .pattern = "(nv_peer_mem|nvidia[-_]peermem|nv_peer_memory)[^a-z]*.*(not found|could not "
		     "insert|invalid argument|fail)|"
		     "could not insert '(nv_peer_mem|nvidia[-_]peermem)",
	  .meaning = "The GPUDirect RDMA peer-memory module could not be loaded: NICs cannot "
		     "register GPU memory.",
	  .causes = { "the module was built for another kernel or another GPU driver (DKMS)",
		      "the NVIDIA driver's own nvidia-peermem replaces nv_peer_mem: load that "
		      "one",
		      "the RDMA stack it was built against (MLNX_OFED or inbox) is not the one "
		      "running" },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_GPUDIRECT, .weight = 9, .sets = RS_CTX_GPU },
	{ .id = "kernel.rxe", .tool = "kernel (rdma_rxe)",
	  .pattern = "rdma_rxe: (failed|unable)|rxe: failed to allocate crc",
	  .meaning = "The Soft-RoCE driver failed to set up.",
	  .causes = { "a crypto module it needs (crc32) is not available in this kernel or initrd",
		      "the netdev given to 'rdma link add' is not suitable" },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 8 },
	{ .id = "kernel.bnxt_re", .tool = "kernel (bnxt_re)",
	  .pattern = "bnxt_re[^:]*:.*(timed ?out|timeout|failed)",
	  .meaning = "The Broadcom RoCE driver reports a failure: most often a command to the "
		     "adapter's firmware that timed out or was refused.",
	  .causes = { "firmware and driver versions that do not match (bnxt_en, bnxt_re and the "
		      "NIC firmware come as a set)",
		      "RoCE not enabled in the NIC's configuration (NVM)",
		      "a firmware fault: dmesg around it, then a reset" },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 5 },
	{ .id = "kernel.irdma", .tool = "kernel (irdma)",
	  .pattern = "irdma[^:]*:.*(failed|error|timed ?out)",
	  .meaning = "The Intel RDMA driver (E810, X722) reports a failure.",
	  .causes = { "the ice driver, irdma and the NIC's NVM/DDP package do not match",
		      "RoCE mode not enabled (irdma loads iWARP by default on some versions: "
		      "roce_ena)",
		      "a device limit or firmware command failure" },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_DRIVER, .weight = 4 },
	{ .id = "kernel.nvme_rdma_connect", .tool = "kernel (nvme-rdma)",
	  .pattern = "rdma connection establishment failed|rdma_resolve_addr wait failed|"
		     "nvme nvme[0-9]+: rdma_[a-z_]+ failed",
	  .meaning = "The NVMe over RDMA host could not connect a queue to the target: the "
		     "rdma_cm step named failed (the number is the errno, -104 a reset).",
	  .causes = { "the target rejected or reset the connection (-104): nothing listens on "
		      "that address and port, or its port is not an RDMA one",
		      "address or route resolution failed: no RoCE interface on the way to the "
		      "target",
		      "the target's or host's RoCE device is down" },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 5 },
	{ .id = "kernel.openibd", .tool = "MLNX_OFED openibd",
	  .pattern = "openibd.*(fail|error)|loading (hca|mlx[0-9_a-z]*) driver.*failed",
	  .meaning = "MLNX_OFED's openibd service could not load the RDMA modules.",
	  .causes = { "the MLNX_OFED modules were built for another kernel: a kernel update "
		      "without rebuilding them (dkms, or reinstall with --add-kernel-support)",
		      "a conflicting inbox module already loaded" },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6 },
	{ .id = "pci.link_status", .tool = "lspci",
	  .pattern = "LnkSta:.*(width x[0-9]+.*\\(downgraded\\)|speed [0-9.]+GT/s "
		     "\\(downgraded\\))|LnkSta:.*Width x[12],",
	  .meaning = "lspci shows the PCIe link the NIC trained to; a narrower width (or "
		     "'downgraded') than LnkCap caps the NIC's bandwidth.",
	  .causes = { "the card is in a narrower slot or riser than it needs (x1, x4 for a "
		      "multi-port 25G+ NIC)",
		      "the BIOS splits the slot's lanes, or the slot runs at a lower generation",
		      "the link trained down: reseat the card" },
	  .tree = RS_TREE_BANDWIDTH, .check = "pci.link_degraded",
	  .cls = RS_CLS_PCIE, .weight = 7 },
	{ .id = NULL },
};
