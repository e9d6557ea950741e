/* SPDX-License-Identifier: MIT */
/*
 * explain_context.c - lines that are no error but change what an error
 * means, and the rules that say how (explain.h).
 *
 * A retry-exceeded status means "the peer does not answer on the RDMA
 * path"; which part of the path depends on what else the paste shows: a
 * link-local or RoCE v1 GID in use points at the GID, a port that flapped
 * at the link, retransmissions and pause frames at losses under load.
 * rs_explain_evidence[] recognises those lines (a GID printed as fe80::,
 * NCCL's "GID 0 (80FE/...)", perftest's "GID: 254:128:...", an
 * NCCL_IB_GID_INDEX of 0, "RoCE v1", an InfiniBand link layer, counters
 * of retransmissions, a container, a GPU) and sets RS_CTX_* bits; message
 * entries set some too (a port-error event sets RS_CTX_PORT).
 * rs_explain_rules[] then re-class entries; the first rule that applies
 * to an entry wins, so the more telling context comes first.
 *
 * Data only.  An evidence entry is never a match: a log of nothing but
 * INFO lines is still "nothing recognised".
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

#define CTX(name, what, pat, bits) \
	{ .id = "ctx." name, .tool = "context", .pattern = pat, .meaning = what, \
	  .sets = bits, .weight = 0 }

const struct rs_explain_entry rs_explain_evidence[] = {
	CTX("link_local", "a link-local GID (fe80::) is in use",
	    "fe80:|fe:80:00:00:00:00:00:00|254:128:00:00:00:00:00:00|\\(80fe/", RS_CTX_LINK_LOCAL),
	CTX("gid_index0", "GID index 0 was chosen",
	    "gid_index set by environment to 0([^0-9]|$)|(gid index|gid_index|gidindex)[ :=]+0([^0-9x]|$)|"
	    "sgid_index[ :=]+0([^0-9x]|$)|NCCL_IB_GID_INDEX=0([^0-9]|$)|GID 0 \\(|"
	    "(_pingpong|ib_write_bw|ib_write_lat|ib_read_bw|ib_read_lat|ib_send_bw|ib_send_lat|"
	    "ib_atomic_bw|ib_atomic_lat)( .*)? (-g|-x|--gid-idx|--gid-index)[ =]?0([^0-9]|$)",
	    RS_CTX_GID0),
	CTX("roce_v1", "a RoCE v1 GID is in use",
	    "(roce v1|rocev1|roce_v1)([^0-9.]|$)|IB/RoCE v1", RS_CTX_ROCE_V1),
	/* an IPoIB interface ("fe80::...%ib0<port>", NCCL's peer) is InfiniBand too */
	CTX("ib_link", "the link layer is InfiniBand",
	    "link type *: *IB([^a-z]|$)|link_layer:[[:space:]]*infiniband|(:1/IB|:2/IB)([^a-z]|$)|"
	    "%ib[0-9]+<", RS_CTX_IB),
	CTX("load", "retransmissions, pause frames or ECN marks: losses under load",
	    "retransmi|out[_ ]of[_ ]sequence|packet_seq_err|(rx|tx)_pause|pause frames|"
	    "priority flow control|cnp_(sent|handled)|congestion|under (heavy )?load|"
	    "rnr_nak_retry_err|local_ack_timeout_err", RS_CTX_LOAD),
	CTX("gpu", "GPU memory is in play",
	    "--use_(cuda|rocm)|cuda|nvidia|rocm|gpudirect|gpu direct|"
	    "mem_type bit 0x(2|4|8|10)([^0-9a-f]|$)", RS_CTX_GPU),
	CTX("memlock", "the locked-memory limit is named",
	    "ulimit -l|max locked memory|RLIMIT_MEMLOCK|memlock", RS_CTX_MEMLOCK),
	CTX("container", "the program runs in a container or pod",
	    "docker|kubectl|kubernetes|container|podman|/pod", RS_CTX_CONTAINER),
	/*
	 * Docker names a container's host after the first 12 hex digits of
	 * its id: a shell prompt "root@87797e913a4d:", UCX's prefix
	 * "[time] [87797e913a4d:17357:0]".  Every UCX line holds the needle
	 * and the host name is the same on every line of a process, so the
	 * first lines decide.
	 */
	{ .id = "ctx.container_host", .tool = "context",
	  .pattern = "root@[0-9a-f]{12}:|\\[[0-9a-f]{12}:[0-9]+:[0-9]+\\] .* UCX ",
	  .meaning = "the host is named as Docker names a container", .sets = RS_CTX_CONTAINER,
	  .tries = 64 },
	CTX("enomem", "a call failed with ENOMEM",
	    "cannot allocate memory|ENOMEM|errno:? 12([^0-9]|$)", RS_CTX_ENOMEM),
	CTX("einval", "a call failed with EINVAL",
	    "invalid argument|EINVAL", RS_CTX_EINVAL),
	CTX("teardown", "the program was stopping or disconnecting",
	    "shutting down|disconnect|ctrl-c|caught signal 2([^0-9]|$)|SIGINT|terminat(ed|ing)",
	    RS_CTX_TEARDOWN),
	CTX("mtu", "two MTUs that differ",
	    "mtu (mismatch|differ)|different mtu|mixed mtu|inconsistent mtu", RS_CTX_MTU),
	/*
	 * A routable RoCE v2 GID, as the tools print it: NCCL 2.19+ "localGid
	 * ::ffff:10.0.0.1", NCCL's INFO "GID 3 (0/0100000AFFFF0000)" (subnet
	 * prefix 0, the interface id little-endian), UCX's "dgid ::ffff:",
	 * perftest's "GID: 00:...:255:255:192:168:01:39", Mooncake's "GID:
	 * (GID_Index 3) 00:...:ff:ff:".  A GID table (show_gids, ibv_devinfo)
	 * lists every entry, not the one in use, so it is no evidence of it.
	 */
	CTX("gid_ipv4", "an IPv4-mapped (RoCE v2, routable) GID is in use",
	    "localgid ::ffff:|remotegids? ?::ffff:|dgid ::ffff:|"
	    "gid: *00:00:00:00:00:00:00:00:00:00:255:255:|"
	    "GID [0-9]+ \\(0/[0-9a-f]*ffff0000\\)|"
	    "gid: \\(gid_index [0-9]+\\) 00:00:00:00:00:00:00:00:00:00:ff:ff:", RS_CTX_GID_V4),
	CTX("roce_link", "the link layer is Ethernet (RoCE)",
	    "(:[0-9]+/RoCE)([^a-z]|$)|link_layer:[[:space:]]*ethernet|link (type|layer) *: *ethernet",
	    RS_CTX_ROCE),
	/*
	 * Data moved before a failure: nccl-tests' result rows, a training
	 * loop's loss.  A timeout after that is not a setup fault (a GID, a
	 * route): the path worked, and then lost packets or a link.
	 */
	CTX("progress", "data was moving before: results or training steps",
	    "^ +[0-9]+ +[0-9]+ +(float|half|bfloat16|double|int8|uint8|int32|uint32|int64|"
	    "uint64) +(sum|prod|max|min|avg|none) |(iter(ation)?|step|epoch)[ :]+[0-9]+.*loss",
	    RS_CTX_PROGRESS),
	/* PCIe ACS on the bridges, or an IOMMU: GPU-NIC peer traffic detours or fails. */
	CTX("acs", "PCIe ACS or an IOMMU sits between the GPU and the NIC",
	    "ACSCtl:.*SrcValid\\+|DMAR: IOMMU enabled|intel_iommu=on|amd_iommu=on",
	    RS_CTX_ACS),
	/* MTUs as ibv_devinfo, perftest and NCCL (its enum: 3 is 1024, 5 is 4096) print them. */
	CTX("mtu_small", "a port or QP MTU of 2048 bytes or less",
	    "active_mtu:[[:space:]]*(256|512|1024|2048)([^0-9]|$)|"
	    "mtu +: (256|512|1024|2048)\\[B\\]|qpn [0-9]+ mtu [1-4]([^0-9]|$)", RS_CTX_MTU_SMALL),
	CTX("mtu_large", "a port or QP MTU of 4096 bytes",
	    "active_mtu:[[:space:]]*4096([^0-9]|$)|mtu +: 4096\\[B\\]|qpn [0-9]+ mtu 5([^0-9]|$)",
	    RS_CTX_MTU_LARGE),
	/* UCX's own log lines ("[time] [host:pid:tid] file.c:N UCX  ERROR ..."). */
	CTX("ucx", "UCX prints the log", " UCX +(ERROR|WARN|DIAG|INFO|DEBUG) ", RS_CTX_UCX),
	/* NCCL's INFO on its own settings: IB turned off, or the HCAs filtered. */
	/* NCCL's (and its derivatives') wording of a failed completion: "... vendor err 249". */
	CTX("nccl_wc", "NCCL reports the completion error (its buffers are GPU memory)",
	    "vendor err [0-9]+", RS_CTX_NCCL),
	CTX("ib_disabled", "NCCL_IB_DISABLE turns the IB/RoCE transport off",
	    "NCCL_IB_DISABLE set by environment to [1-9]", RS_CTX_IB_OFF),
	CTX("ib_hca", "NCCL_IB_HCA filters the devices NCCL may use",
	    "NCCL_IB_HCA set (by environment )?to ", RS_CTX_HCA_FILTER),
	/* NCCL's own lines ("NCCL WARN", "NCCL INFO"), or NCCL named with a version. */
	/* NCCL's source files and error names appear where its prefix is cut. */
	CTX("nccl_log", "NCCL prints the log, or is named",
	    "NCCL (WARN|INFO) |NCCL version [0-9]|NCCL [0-9]+\\.[0-9]+|misc/ibvwrap\\.c|"
	    "transport/net_ib\\.c|unhandled system error|ncclSystemError", RS_CTX_NCCL_LOG),
	/* People say so: "ping works", "can ping", "ping -I ... worked". */
	/* EFAULT: the kernel cannot pin the range (GPU memory, a mapping, freed memory). */
	CTX("efault", "a call failed with EFAULT (bad address)",
	    "bad address|EFAULT|(errno|error code)[ :=]*-?14([^0-9]|$)", RS_CTX_EFAULT),
	/* ulimit -l, ulimit -a, systemd: the limit is shown unlimited. */
	CTX("memlock_ok", "the locked-memory limit is shown unlimited",
	    "max locked memory[^0-9]*unlimited|^ *unlimited *$|memlock[^0-9]*(unlimited|infinity)|"
	    "ulimit -l[^0-9]*unlimited", RS_CTX_MEMLOCK_OK),
	/*
	 * A connection aimed at the loopback interface: UCX's TCP transport
	 * ("connect(fd=23, dest_addr=127.0.0.1:47793) failed", "tcp/lo -
	 * Destination is unreachable") offering lo as a way to a remote peer.
	 */
	CTX("loopback", "a connection is aimed at the loopback interface",
	    "dest_addr=127\\.[0-9.]+:|tcp/lo([^a-z0-9]|$)", RS_CTX_LOOPBACK),
	/* ls -l /dev/infiniband: which device nodes exist here. */
	CTX("devnodes", "the device nodes of /dev/infiniband are listed",
	    "^c[rwxst-]{9}[.+]? .* (rdma_cm|umad[0-9]+|issm[0-9]+) *$", RS_CTX_DEVNODES),
	CTX("uverbs_node", "a uverbs device node is listed",
	    "^c[rwxst-]{9}[.+]? .* uverbs[0-9]+ *$", RS_CTX_UVERBS),
	CTX("ping_ok", "ping over the interface works",
	    "ping( -I [^ ]+)?( [^ ]+)* (works|worked|is (fine|ok)|succeeds|succeeded)|"
	    "can ping|ping(ing)? (is )?(fine|ok)([^a-z]|$)", RS_CTX_PING_OK),
	{ .id = NULL },
};

#define GID_BITS (RS_CTX_LINK_LOCAL | RS_CTX_GID0 | RS_CTX_ROCE_V1)
#define MTU_BOTH (RS_CTX_MTU_SMALL | RS_CTX_MTU_LARGE)

#define RULE(entry, when, unless, cls, bonus, why, flags) \
	{ entry, when, unless, cls, bonus, why, flags }

/*
 * No answer from the peer: which part of the path.  A port that went down
 * explains it best; two MTUs that differ, next; then losses under load, or
 * data that was moving before the timeout (the path worked); a GID the
 * peer cannot answer; on InfiniBand the fabric itself; a routable RoCE v2
 * GID leaves the route, the switches and the firewall.
 */
#define NO_ANSWER(id) \
	RULE(id, RS_CTX_PORT, 0, RS_CLS_PORT, 3, N_("a port went down or flapped in the same log"), \
	     0), \
	RULE(id, RS_CTX_MTU, 0, RS_CLS_MTU, 2, N_("the log names two MTUs that differ"), 0), \
	RULE(id, MTU_BOTH, 0, RS_CLS_MTU, 2, N_("the log shows an MTU of 4096 and one of 2048 or " \
	        "less: the two ends or two hops disagree"), RS_RULE_ALL), \
	RULE(id, RS_CTX_LOAD, GID_BITS, RS_CLS_CONGESTION, 2, \
	     N_("retransmissions, pauses or ECN marks: packets are lost under load"), 0), \
	RULE(id, RS_CTX_PROGRESS, 0, RS_CLS_CONGESTION, 1, \
	     N_("data was moving before the timeout: the path and the GID work, packets got lost " \
	        "on the way"), RS_RULE_BEFORE)

/* Inside a container the devices are passed in, or not there at all. */
#define IN_CONTAINER(id, bonus) \
	RULE(id, RS_CTX_CONTAINER, 0, RS_CLS_PERMISSION, bonus, \
	     N_("inside a container the RDMA devices must be passed in"), 0)

#define LOOPBACK(id) \
	RULE(id, RS_CTX_LOOPBACK, 0, RS_CLS_APPLICATION, 1, \
	     N_("the connection was aimed at the loopback interface (127.x, tcp/lo): the " \
	        "program's device list offered lo as a way to a remote peer"), 0)

/* /dev/infiniband listed with rdma_cm or umad nodes but no uverbs node. */
#define NO_UVERBS(id) \
	RULE(id, RS_CTX_DEVNODES, RS_CTX_UVERBS, RS_CLS_PERMISSION, 1, \
	     N_("/dev/infiniband holds rdma_cm or umad nodes but no uverbs node: the device was " \
	        "not passed in (a container, a device plugin) or ib_uverbs is not loaded"), 0)

/* A memory error while the log shows the locked-memory limit unlimited. */
#define MEMLOCK_OK(id) \
	RULE(id, RS_CTX_MEMLOCK_OK, 0, RS_CLS_RESOURCES, 0, \
	     N_("the locked-memory limit is shown unlimited: not it, a device or host limit"), 0)

/* A size error (length, invalid request) with two MTUs that differ in the log. */
#define SIZE_MTU(id) \
	RULE(id, RS_CTX_MTU, 0, RS_CLS_MTU, 2, N_("the log names two MTUs that differ"), 0), \
	RULE(id, MTU_BOTH, 0, RS_CLS_MTU, 2, N_("the log shows an MTU of 4096 and one of 2048 or " \
	        "less: the two ends disagree"), RS_RULE_ALL)

const struct rs_explain_rule rs_explain_rules[] = {
	NO_ANSWER("wc.retry_exc_err"),
	NO_ANSWER("wc.resp_timeout_err"),
	NO_ANSWER("ucx.ud_timeout"),
	NO_ANSWER("class:path"),
	/*
	 * ping over the same interface works: its route and ARP are fine, so
	 * of a path that does not carry RoCE what is left is the GID (its
	 * index and type) - unless a routable v2 GID is known to be in use.
	 */
	RULE("class:path", RS_CTX_PING_OK, RS_CTX_IB | RS_CTX_GID_V4 | RS_CTX_PORT, RS_CLS_GID, 1,
	     N_("ping over the interface works: the route and ARP are fine, and what RoCE adds "
	        "to them is the GID (its index and RoCE v2 type)"), 0),
	RULE("class:path", GID_BITS, RS_CTX_IB, RS_CLS_GID, 3,
	     N_("the log shows a link-local, index-0 or RoCE v1 GID in use: packets leave with a "
	        "source the peer cannot answer"), 0),
	RULE("wc.retry_exc_err", GID_BITS, RS_CTX_IB, RS_CLS_GID, 2,
	     N_("the log shows a link-local, index-0 or RoCE v1 GID in use: packets leave with a "
	        "source the peer cannot answer"), 0),
	RULE("wc.retry_exc_err", RS_CTX_IB, 0, RS_CLS_PATH, 1,
	     N_("the link is InfiniBand: no GID to choose; a peer that does not answer is the "
	        "fabric's (subnet manager, cable, switch)"), 0),
	RULE("ucx.ud_timeout", RS_CTX_IB, 0, RS_CLS_PATH, 1,
	     N_("the link is InfiniBand: no GID to choose; a peer that does not answer is the "
	        "fabric's (subnet manager, cable, switch)"), 0),
	RULE("wc.retry_exc_err", RS_CTX_GID_V4, GID_BITS, RS_CLS_PATH, 1,
	     N_("the GID in use is a routable RoCE v2 one: packets leave right, something on the "
	        "way (route, switch, firewall on UDP 4791) does not carry them"), 0),
	RULE("ucx.ud_timeout", RS_CTX_GID_V4, GID_BITS, RS_CLS_PATH, 1,
	     N_("the GID in use is a routable RoCE v2 one: packets leave right, something on the "
	        "way (route, switch, firewall on UDP 4791) does not carry them"), 0),
	RULE("verbs.modify_qp_einval", RS_CTX_IB, 0, RS_CLS_APPLICATION, 0,
	     N_("on InfiniBand the address vector itself is refused: an attribute of the program"),
	     0),
	/*
	 * UCX builds the address vector itself (GRH, GID, MTU from the port):
	 * an EINVAL it gets is the driver or firmware refusing what it asks.
	 */
	RULE("verbs.modify_qp_einval", RS_CTX_UCX, GID_BITS, RS_CLS_DRIVER, 1,
	     N_("UCX sets the address vector itself: EINVAL is the driver or firmware refusing it"),
	     0),
	RULE("verbs.modify_qp", RS_CTX_UCX | RS_CTX_EINVAL, GID_BITS, RS_CLS_DRIVER, 1,
	     N_("UCX sets the address vector itself: EINVAL is the driver or firmware refusing it"),
	     RS_RULE_ALL),
	/* INIT carries no address: EINVAL there is the port, P_Key or access attributes. */
	RULE("verbs.modify_qp_init", RS_CTX_EINVAL, 0, RS_CLS_DRIVER, 1,
	     N_("EINVAL at INIT, before any address: the driver or firmware refuses the port, P_Key "
	        "index or access flags"), 0),
	/*
	 * The address vector reaches the device at RTR: with no GID, MTU,
	 * link or port evidence in the paste and no stack that builds it
	 * itself (UCX, NCCL), what is refused is what the program set - no
	 * GRH on RoCE, an sgid_index it did not fill, a dlid or path MTU.
	 */
	RULE("verbs.modify_qp_rtr", 0, ~(RS_CTX_EINVAL | RS_CTX_TEARDOWN), RS_CLS_APPLICATION, 1,
	     N_("nothing in the log points at the GID, the MTU, the port or the link: the "
	        "address vector the program built (GRH, sgid_index, dlid, path MTU) is what the "
	        "device refuses"), RS_RULE_DEFAULT),
	/* Lengths that do not fit: MTUs named as different, or two MTUs in the log. */
	SIZE_MTU("wc.loc_len_err"),
	SIZE_MTU("wc.rem_inv_req_err"),
	/*
	 * A length error on one side while the peer refuses requests: the two
	 * ends disagree on the packet size the path carries.
	 */
	RULE("wc.loc_len_err", RS_CTX_REM_INV, 0, RS_CLS_MTU, 1,
	     N_("a local length error while the peer refuses requests as invalid: the two ends "
	        "disagree on the size of the packets (their path MTUs)"), 0),
	/* GPU memory: a protection or access error is GPUDirect's. */
	RULE("nccl.completion_error", RS_CTX_ACS, 0, RS_CLS_GPUDIRECT, 3,
	     N_("PCIe ACS or an IOMMU is on: the NIC's reads and writes of GPU memory detour "
	        "through the root complex or are blocked"), 0),
	RULE("wc.loc_prot_err", RS_CTX_ACS, 0, RS_CLS_GPUDIRECT, 3,
	     N_("PCIe ACS or an IOMMU is on: the NIC's reads and writes of GPU memory detour "
	        "through the root complex or are blocked"), 0),
	RULE("wc.wr_flush_err", RS_CTX_ACS, RS_CTX_TEARDOWN, RS_CLS_GPUDIRECT, 2,
	     N_("PCIe ACS or an IOMMU is on: the NIC's reads and writes of GPU memory detour "
	        "through the root complex or are blocked"), 0),
	/* NCCL's buffers are GPU memory: a flush with no other failure named is the NIC's. */
	RULE("wc.wr_flush_err", RS_CTX_NCCL | RS_CTX_GPU, RS_CTX_TEARDOWN | RS_CTX_WC_ERR,
	     RS_CLS_GPUDIRECT, 2,
	     N_("the buffers are GPU memory (NCCL): requests flushed with no other failure named "
	        "are most often the NIC failing on GPU memory (ACS, GPUDirect RDMA)"), 0),
	RULE("wc.loc_prot_err", RS_CTX_GPU | RS_CTX_NCCL, 0, RS_CLS_GPUDIRECT, 2,
	     N_("GPU memory is in play: the NIC could not use the GPU buffer"), 0),
	RULE("wc.loc_prot_err", RS_CTX_PERFTEST, 0, RS_CLS_GPUDIRECT, 1,
	     N_("perftest registers its own buffers right: a protection error there is GPU memory "
	        "(--use_cuda) the NIC cannot reach"), 0),
	RULE("wc.loc_access_err", RS_CTX_GPU | RS_CTX_NCCL, 0, RS_CLS_GPUDIRECT, 2,
	     N_("GPU memory is in play: the NIC could not use the GPU buffer"), 0),
	RULE("wc.rem_access_err", RS_CTX_GPU | RS_CTX_NCCL, 0, RS_CLS_GPUDIRECT, 1,
	     N_("GPU memory is in play: the peer's NIC could not use its GPU buffer"), 0),
	RULE("verbs.reg_mr", RS_CTX_GPU, RS_CTX_MEMLOCK, RS_CLS_GPUDIRECT, 1,
	     N_("GPU memory is in play and no memlock limit is named"), 0),
	RULE("ucx.reg_failed", RS_CTX_GPU, RS_CTX_MEMLOCK, RS_CLS_GPUDIRECT, 2,
	     N_("the memory is GPU memory (CUDA, ROCm) and no memlock limit is named"), 0),
	/*
	 * Resources: the errno says which limit.  The locked-memory limit
	 * gives ENOMEM; EFAULT is a range the kernel cannot pin at all.
	 */
	RULE("verbs.reg_mr", RS_CTX_EFAULT, 0, RS_CLS_GPUDIRECT, 2,
	     N_("EFAULT (bad address): the kernel could not pin the range at all - the "
	        "locked-memory limit gives ENOMEM instead; GPU memory without a peer-memory path "
	        "is the usual case"), 0),
	/* EINVAL: a range the driver will not take as host memory. */
	RULE("verbs.reg_mr", RS_CTX_EINVAL, RS_CTX_ENOMEM | RS_CTX_MEMLOCK, RS_CLS_GPUDIRECT, 1,
	     N_("EINVAL: the locked-memory limit gives ENOMEM instead; a registration refused as "
	        "invalid is most often GPU memory without its peer-memory module "
	        "(nvidia-peermem, amdgpu_peermem) or dma-buf"), 0),
	MEMLOCK_OK("verbs.reg_mr"),
	MEMLOCK_OK("perftest.ib_resources"),
	MEMLOCK_OK("verbs.create_cq_pd"),
	RULE("class:memlock", RS_CTX_MEMLOCK, RS_CTX_MEMLOCK_OK, RS_CLS_MEMLOCK, 2,
	     N_("the locked-memory limit is named in the log"), 0),
	RULE("verbs.create_qp", RS_CTX_EINVAL, RS_CTX_ENOMEM, RS_CLS_RESOURCES, 1,
	     N_("EINVAL: a size above the device's limits, not the memlock limit"), 0),
	RULE("verbs.create_qp", RS_CTX_MEMLOCK, RS_CTX_MEMLOCK_OK, RS_CLS_MEMLOCK, 2,
	     N_("the locked-memory limit is named in the log"), 0),
	/* NCCL's queues are small and fixed: what runs out is the pinned memory. */
	RULE("verbs.create_qp", RS_CTX_NCCL_LOG, RS_CTX_EINVAL | RS_CTX_MEMLOCK_OK, RS_CLS_MEMLOCK,
	     1, N_("NCCL creates its queue pairs with modest, fixed sizes: a failure to create "
	           "one is most often the locked-memory limit its queues are pinned under"), 0),
	/*
	 * NCCL's verbs calls that can fail with ENODEV are the QP moves: the GID
	 * index names no GID of the device (or not the device NCCL opened).
	 */
	RULE("errno.enodev", RS_CTX_NCCL_LOG, 0, RS_CLS_GID, 1,
	     N_("in an NCCL log ENODEV comes from ibv_modify_qp: the GID index names no usable "
	        "GID of the device it opened"), 0),
	/* NCCL on sockets, or with no device: its own settings first. */
	RULE("nccl.using_socket", RS_CTX_IB_OFF, 0, RS_CLS_APPLICATION, 2,
	     N_("NCCL_IB_DISABLE is set: NCCL was told not to use IB/RoCE"), 0),
	RULE("nccl.using_socket", RS_CTX_HCA_FILTER, 0, RS_CLS_APPLICATION, 1,
	     N_("NCCL_IB_HCA is set: no device matched the names it gives"), 0),
	RULE("verbs.no_device", RS_CTX_HCA_FILTER, RS_CTX_CONTAINER, RS_CLS_APPLICATION, 1,
	     N_("NCCL_IB_HCA is set: no device matched the names it gives"), 0),
	/* A device that cannot be found or opened inside a container. */
	IN_CONTAINER("verbs.no_device", 2),
	IN_CONTAINER("verbs.device_not_found", 2),
	IN_CONTAINER("nccl.using_socket", 1),
	IN_CONTAINER("rdma_cm.event_channel", 1),
	IN_CONTAINER("libfabric.no_data", 1),
	IN_CONTAINER("aws_ofi.no_provider", 1),
	IN_CONTAINER("rdma_cm.no_devices", 1),
	/* The nodes are listed, and the one verbs opens is not among them. */
	NO_UVERBS("verbs.no_device"),
	NO_UVERBS("verbs.device_not_found"),
	RULE("verbs.no_context", RS_CTX_PORT, 0, RS_CLS_PORT, 2,
	     N_("the port is down (printed just before)"), 0),
	/* A remote peer tried over loopback: the transport list, not the network. */
	LOOPBACK("ucx.unreachable"),
	LOOPBACK("class:control-channel"),
	/* Flushed requests while the program stops are no fault. */
	RULE("wc.wr_flush_err", RS_CTX_TEARDOWN, 0, RS_CLS_APPLICATION, 1,
	     N_("the program was stopping: its posted requests are flushed"), 0),
	RULE(NULL, 0, 0, RS_CLS_NONE, 0, NULL, 0),
};
