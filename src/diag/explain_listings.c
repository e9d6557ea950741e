/* SPDX-License-Identifier: MIT */
/*
 * explain_listings.c - what a paste says when it holds no tool's error
 * line: the host listings people paste beside (or instead of) the error
 * (ibv_devinfo, ibstat, ibstatus, rdma link, ibdev2netdev, show_gids,
 * ip link), and the one-line summaries a thread title gives ("nccl-tests
 * crash when gdr is enabled", "link-local GID selected") (explain.h).
 *
 * A listing line is an observation, not a guess: a port in PORT_DOWN or
 * PORT_INIT, no GID at all, an interface with no carrier.  Those entries
 * match whatever else the line's paste holds, with a middling weight (a
 * tool's own error names its cause better), and set the context a port
 * event sets, so a timeout in the same paste is put down to the port.
 *
 * A title line is weaker: it names a subject (GPUDirect, an MTU, the GID)
 * and a failure, not a message.  Those entries are fallbacks (.fallback):
 * they count only on a line no other entry matched, with the lowest
 * weights, and their meaning says the confidence is low.
 *
 * Data only.  Person-read text is marked with N_() for translation; the
 * explain report translates it where it prints it.
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

/* A failure word, as a title or a summary line puts it. */
#define FAILS "(fail|error|crash|hang|not work|doesn" RS_EXPLAIN_AP "t work|" \
	      "cannot|can" RS_EXPLAIN_AP "t |unable|broken|wrong|disabled|" \
	      "not (found|loaded|available|supported|registered)|missing|timeout|timed out)"

/* Words that put an RDMA device in a summary line. */
#define RDMA_DEV "(rdma|infiniband|roce|hca|uverbs|mlx5|mlx4|ib device|ib_write|ib_send|ib_read)"
/* A container or pod. */
#define CONTAINER "(container|docker|podman|[^a-z]pod[^a-z]|kubernetes|k8s)"
/* Any order of the three: a subject, a failure, an RDMA device. */
#define ALL3(a, b, c) a ".*" b ".*" c "|" a ".*" c ".*" b "|" b ".*" a ".*" c "|" \
		      b ".*" c ".*" a "|" c ".*" a ".*" b "|" c ".*" b ".*" a

const struct rs_explain_entry rs_explain_listings[] = {
	/* --- host listings -------------------------------------------------- */
	/*
	 * The port states as the listing tools print them: ibv_devinfo
	 * "state: PORT_DOWN (1)" and "phys_state: DISABLED (3)", ibstat
	 * "State: Down" and "Physical state: Polling", ibstatus "state: 1:
	 * DOWN", rdma link "state DOWN physical_state DISABLED", ibdev2netdev
	 * "==> ens1f0 (Down)" (rdma-core and infiniband-diags sources).
	 */
	{ .id = "listing.port_down", .tool = "ibv_devinfo, ibstat, ibstatus, rdma link",
	  .pattern = "state:[[:space:]]*PORT_DOWN|phys_state:[[:space:]]*(POLLING|DISABLED)|"
		     "^[[:space:]]*State:[[:space:]]*Down[[:space:]]*$|"
		     "Physical state:[[:space:]]*(Polling|Disabled)|state:[[:space:]]*1: DOWN|"
		     "phys state:[[:space:]]*(2: Polling|3: Disabled)|"
		     " state DOWN physical_state (DISABLED|POLLING)|==> [^ ]+ \\(Down\\)",
	  .meaning = N_("A listing shows an RDMA port that is down: no link, so nothing can "
			"use it until the link comes up (a listing of several ports may show "
			"a port the program does not use)."),
	  .causes = { N_("the cable is out or broken, or the switch port is down or "
			 "disabled (physical state Polling: no partner on the wire)"),
		      N_("the port is administratively down (its netdev is down, or "
			 "disabled in the firmware)"),
		      N_("a virtual function whose link the PF or the switch keeps down"),
		      N_("the wrong port or device: the program uses a port that is not "
			 "cabled") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 4, .alt = { RS_CLS_FIRMWARE, RS_CLS_APPLICATION },
	  .sets = RS_CTX_PORT },
	/*
	 * PORT_INIT (ibv_devinfo "PORT_INIT (2)", ibstat "State:
	 * Initializing", ibstatus "2: INIT", rdma link "state INIT"): the link
	 * is up, the subnet manager has not made the port active.
	 */
	{ .id = "listing.port_init", .tool = "ibv_devinfo, ibstat, ibstatus, rdma link",
	  .pattern = "state:[[:space:]]*PORT_INIT|State:[[:space:]]*Initializing|"
		     "state:[[:space:]]*2: INIT| state INIT physical_state",
	  .meaning = N_("A listing shows an InfiniBand port with its link up but not active "
			"(PORT_INIT): the subnet manager has not brought it up, so it has "
			"no LID and carries no traffic."),
	  .causes = { N_("no subnet manager runs on the fabric (start opensm on one host, "
			 "or enable the switch's SM)"),
		      N_("the subnet manager does not serve virtual functions: "
			 "virtualization is off, or the VF has no valid GUID"),
		      N_("the port was just cabled and the SM has not swept yet") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 4, .alt = { RS_CLS_FIRMWARE }, .sets = RS_CTX_PORT },
	/* show_gids (MLNX_OFED, rdma-core's sysfs layout) ends its table with the count. */
	{ .id = "listing.no_gid", .tool = "show_gids",
	  .pattern = "n_gids_found=0([^0-9]|$)",
	  .meaning = N_("show_gids found no GID on any port: RoCE has no address to send "
			"from, so no queue pair can be connected."),
	  .causes = { N_("the RoCE netdev has no IP address (a RoCE v2 GID is made from "
			 "each address of the interface)"),
		      N_("inside a container or namespace the RDMA netdev is not there (only "
			 "a veth or another CNI interface), so the device has no GID here"),
		      N_("the interface is down") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 5, .alt = { RS_CLS_PERMISSION, RS_CLS_PORT } },
	/* ls or cat on the RDMA class directory, when no RDMA device registered. */
	{ .id = "listing.no_rdma_class", .tool = "ls, cat (sysfs)",
	  .pattern = "/sys/class/(infiniband|infiniband_verbs)[^ ]*'?: No such file or directory",
	  .meaning = N_("The kernel has no RDMA device: the sysfs class directory of RDMA "
			"devices is missing."),
	  .causes = { N_("the RDMA driver of the NIC is not loaded (mlx5_ib, irdma, "
			 "bnxt_re, rdma_rxe...), or ib_core/ib_uverbs are missing"),
		      N_("the NIC has no RDMA function (no RoCE capability, or it is off in "
			 "the firmware)"),
		      N_("inside a container, /sys/class/infiniband is not passed in") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 5, .alt = { RS_CLS_FIRMWARE, RS_CLS_PERMISSION } },
	/* ip link / ip addr: "<NO-CARRIER,BROADCAST,MULTICAST,UP> ... state DOWN". */
	{ .id = "listing.no_carrier", .tool = "ip link, ip addr",
	  .pattern = "<NO-CARRIER[,>]",
	  .meaning = N_("An interface is up but has no carrier: no link on the wire."),
	  .causes = { N_("the cable is out, broken or the wrong type, or the far end is "
			 "down"),
		      N_("the switch port is disabled or its speed does not match") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 3, .sets = RS_CTX_PORT },

	/* --- one-line summaries (thread titles): fallbacks -------------------- */
	{ .id = "title.gid", .tool = N_("a summary line"),
	  .pattern = "link[- ]local (roce )?gid|gid.*link[- ]local|"
		     "(wrong|different|default|auto(matic)?) gid( index)?|"
		     "gid[ _]?index.*" FAILS "|" FAILS ".*gid[ _]?index",
	  .meaning = N_("A summary line (no tool's message) about the GID or GID index. Low "
			"confidence: it names the subject, not the failure."),
	  .causes = { N_("the GID index in use is a link-local, RoCE v1 or otherwise "
			 "unroutable one, or differs between the two ends"),
		      N_("the GID table changed (an address was added or removed) after the "
			 "index was chosen") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 2, .fallback = 1 },
	{ .id = "title.gpudirect", .tool = N_("a summary line"),
	  .pattern = "(gdr|gpudirect|gpu direct|peermem|peer_mem|peer memory|dma-buf|dmabuf).*" FAILS "|"
		     FAILS ".*(gdr|gpudirect|gpu direct|peermem|peer_mem|dma-buf|dmabuf)",
	  .meaning = N_("A summary line (no tool's message) about GPUDirect RDMA. Low "
			"confidence: it names the subject, not the failure."),
	  .causes = { N_("the peer-memory module (nvidia_peermem, nv_peer_mem) is not "
			 "loaded, or dma-buf is not supported by the kernel or GPU"),
		      N_("PCIe ACS or an IOMMU sits between the GPU and the NIC"),
		      N_("the GPU does not support GPUDirect RDMA (consumer GPUs)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_GPUDIRECT, .weight = 2, .fallback = 1 },
	{ .id = "title.port", .tool = N_("a summary line"),
	  .pattern = "(port|link|vf|pf|nic|hca|interface)( [a-z0-9_/.-]+){0,4} (is |was |goes |went "
		     "|stays |keeps going )?down([^a-z]|$)",
	  .meaning = N_("A summary line (no tool's message) saying a port, link or VF is down. "
			"Low confidence: it names the subject, not the failure."),
	  .causes = { N_("the port's link is down: cable, switch port, or a VF whose link "
			 "state the PF or the SR-IOV operator keeps disabled (linkState)"),
		      N_("on InfiniBand no subnet manager brought the port to ACTIVE") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 2, .fallback = 1, .sets = RS_CTX_PORT },
	{ .id = "title.memlock", .tool = N_("a summary line"),
	  .pattern = "(memlock|locked memory|lock(ed)? memory limit|ulimit -l).*(" FAILS "|too "
		     "(low|small)|insufficient)|(" FAILS "|too (low|small)|insufficient).*"
		     "(memlock|locked memory|lock(ed)? memory limit|ulimit -l)",
	  .meaning = N_("A summary line (no tool's message) about the locked-memory limit. Low "
			"confidence: it names the subject, not the failure."),
	  .causes = { N_("the locked-memory limit of the process is below what it registers: "
			 "ulimit -l, limits.conf, LimitMEMLOCK of a service, the container "
			 "runtime's limit") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 2, .fallback = 1 },
	{ .id = "title.container", .tool = N_("a summary line"),
	  .pattern = ALL3(CONTAINER, FAILS, RDMA_DEV),
	  .meaning = N_("A summary line (no tool's message) about an RDMA device failing inside "
			"a container or pod. Low confidence: it names the subject, not the "
			"failure."),
	  .causes = { N_("the container is not given the RDMA devices (/dev/infiniband, the "
			 "device plugin's resource) or the capabilities (IPC_LOCK, NET_RAW)"),
		      N_("the image lacks the user-space provider (rdma-core's libraries)") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 2, .fallback = 1,
	  .alt = { RS_CLS_DRIVER } },
	{ .id = "title.pcie", .tool = N_("a summary line"),
	  .pattern = "(pcie|pci-e|pci express).*(x(1|2|4|8)([^0-9]|$)|gen ?[123]|degraded|downgraded|"
		     "limited|(^|[^d])width|slow|low bandwidth)|(degraded|downgraded|limited|slow|low "
		     "bandwidth).*(pcie|pci-e|pci express)",
	  .meaning = N_("A summary line (no tool's message) about the NIC's PCIe link. Low "
			"confidence: it names the subject, not the failure."),
	  .causes = { N_("the NIC's PCIe link trained below its width or speed: the slot, a "
			 "riser, the BIOS setting, a card in a slot wired for fewer lanes") },
	  .tree = RS_TREE_BANDWIDTH, .check = "pci.link_degraded",
	  .cls = RS_CLS_PCIE, .weight = 2, .fallback = 1 },
	{ .id = "title.congestion", .tool = N_("a summary line"),
	  .pattern = "(pfc|ecn|dcqcn|congestion|packet loss|packet drops?|pause frames?|lossless|"
		     "lossy).*(" FAILS "|drop|loss|low|slow|stall)|(" FAILS "|drop|low|slow|"
		     "stall).*(pfc|ecn|dcqcn|congestion|packet loss|pause frames?|lossless)",
	  .meaning = N_("A summary line (no tool's message) about losses or congestion control "
			"(PFC, ECN). Low confidence: it names the subject, not the failure."),
	  .causes = { N_("the fabric drops RoCE packets under load: PFC not enabled end to end "
			 "on the RoCE priority, or ECN/DCQCN not configured on the NICs and "
			 "switches") },
	  .tree = RS_TREE_BANDWIDTH, .check = "qos.pfc",
	  .cls = RS_CLS_CONGESTION, .weight = 2, .fallback = 1 },
	{ .id = "title.mtu", .tool = N_("a summary line"),
	  .pattern = "mtu.*(mismatch|differ|hang|fail|error|too (small|large|big)|exceed|"
		     "hardcode|hard-code)|(mismatch|different|inconsistent) mtu",
	  .meaning = N_("A summary line (no tool's message) about the MTU. Low confidence: it "
			"names the subject, not the failure."),
	  .causes = { N_("the two ends, or a switch on the way, use different MTUs: the "
			 "path MTU of the QP is larger than a hop carries"),
		      N_("a program sets a fixed QP MTU (4096) above what the port runs") },
	  .tree = RS_TREE_BANDWIDTH, .check = "port.roce_mtu_small",
	  .cls = RS_CLS_MTU, .weight = 2, .fallback = 1 },
	/*
	 * A paste that checks the peer-memory module ("lsmod | grep nv_peer",
	 * "modinfo nv_peer_mem"): the thread is about GPUDirect RDMA.
	 */
	{ .id = "listing.peermem_check", .tool = "lsmod, modinfo",
	  .pattern = "lsmod.*(nv_peer|nvidia.peermem|peermem|amdgpu_peer)|"
		     "modinfo +(nv_peer_mem|nvidia.peermem)",
	  .meaning = N_("The paste checks the GPU peer-memory module (lsmod, modinfo). Low "
			"confidence: it shows what was looked at, not a failure."),
	  .causes = { N_("the peer-memory module (nvidia_peermem, nv_peer_mem) is not loaded "
			 "after a reboot or a driver update, so GPU memory cannot be "
			 "registered"),
		      N_("the module was built for another kernel or GPU driver") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_GPUDIRECT, .weight = 1, .fallback = 1 },
	{ .id = NULL },
};
