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

#include <stddef.h>

#define CTX(name, what, pat, bits) \
	{ .id = "ctx." name, .tool = "context", .pattern = pat, .meaning = what, \
	  .sets = bits, .weight = 0 }

const struct rs_explain_entry rs_explain_evidence[] = {
	CTX("link_local", "a link-local GID (fe80::) is in use",
	    "fe80:|fe:80:00:00:00:00:00:00|254:128:00:00:00:00:00:00|\\(80fe/", RS_CTX_LINK_LOCAL),
	CTX("gid_index0", "GID index 0 was chosen",
	    "gid_index set by environment to 0([^0-9]|$)|gid[ _]?index[ :=]+0([^0-9x]|$)|"
	    "sgid_index[ :=]+0([^0-9x]|$)|NCCL_IB_GID_INDEX=0([^0-9]|$)|GID 0 \\(", RS_CTX_GID0),
	CTX("roce_v1", "a RoCE v1 GID is in use",
	    "(roce v1|rocev1|roce_v1)([^0-9.]|$)|IB/RoCE v1", RS_CTX_ROCE_V1),
	CTX("ib_link", "the link layer is InfiniBand",
	    "link type *: *IB([^a-z]|$)|link_layer: *infiniband|(:1/IB|:2/IB)([^a-z]|$)",
	    RS_CTX_IB),
	CTX("load", "retransmissions, pause frames or ECN marks: losses under load",
	    "retransmi|out[_ ]of[_ ]sequence|packet_seq_err|(rx|tx)_pause|pause frames|"
	    "priority flow control|cnp_(sent|handled)|congestion|under (heavy )?load|"
	    "rnr_nak_retry_err|local_ack_timeout_err", RS_CTX_LOAD),
	CTX("gpu", "GPU memory is in play",
	    "--use_(cuda|rocm)|cuda|nvidia|rocm|gpudirect|gpu direct", RS_CTX_GPU),
	CTX("memlock", "the locked-memory limit is named",
	    "ulimit -l|max locked memory|RLIMIT_MEMLOCK|memlock", RS_CTX_MEMLOCK),
	CTX("container", "the program runs in a container or pod",
	    "docker|kubectl|kubernetes|container|podman|/pod", RS_CTX_CONTAINER),
	CTX("enomem", "a call failed with ENOMEM",
	    "cannot allocate memory|ENOMEM|errno:? 12([^0-9]|$)", RS_CTX_ENOMEM),
	CTX("einval", "a call failed with EINVAL",
	    "invalid argument|EINVAL", RS_CTX_EINVAL),
	CTX("teardown", "the program was stopping or disconnecting",
	    "shutting down|disconnect|ctrl-c|caught signal 2([^0-9]|$)|SIGINT|terminat(ed|ing)",
	    RS_CTX_TEARDOWN),
	CTX("mtu", "two MTUs that differ",
	    "mtu (mismatch|differ)|different mtu|mixed mtu|inconsistent mtu", RS_CTX_MTU),
	{ .id = NULL },
};

#define GID_BITS (RS_CTX_LINK_LOCAL | RS_CTX_GID0 | RS_CTX_ROCE_V1)

#define NO_ANSWER(id) \
	{ id, RS_CTX_PORT, 0, RS_CLS_PORT, 3, "a port went down or flapped in the same log" }, \
	{ id, RS_CTX_MTU, 0, RS_CLS_MTU, 2, "the log names two MTUs that differ" }, \
	{ id, RS_CTX_LOAD, GID_BITS, RS_CLS_CONGESTION, 2, \
	  "retransmissions, pauses or ECN marks: packets are lost under load" }

const struct rs_explain_rule rs_explain_rules[] = {
	/* No answer from the peer: which part of the path. */
	NO_ANSWER("wc.retry_exc_err"),
	NO_ANSWER("wc.resp_timeout_err"),
	NO_ANSWER("ucx.ud_timeout"),
	NO_ANSWER("class:path"),
	{ "class:path", GID_BITS, RS_CTX_IB, RS_CLS_GID, 3,
	  "the log shows a link-local, index-0 or RoCE v1 GID in use: packets leave with a "
	  "source the peer cannot answer" },
	{ "verbs.modify_qp_einval", RS_CTX_IB, 0, RS_CLS_APPLICATION, 0,
	  "on InfiniBand the address vector itself is refused: an attribute of the program" },
	/* GPU memory: a protection or access error is GPUDirect's. */
	{ "wc.loc_prot_err", RS_CTX_GPU | RS_CTX_NCCL, 0, RS_CLS_GPUDIRECT, 2,
	  "GPU memory is in play: the NIC could not use the GPU buffer" },
	{ "wc.loc_prot_err", RS_CTX_PERFTEST, 0, RS_CLS_GPUDIRECT, 1,
	  "perftest registers its own buffers right: a protection error there is GPU memory "
	  "(--use_cuda) the NIC cannot reach" },
	{ "wc.loc_access_err", RS_CTX_GPU | RS_CTX_NCCL, 0, RS_CLS_GPUDIRECT, 2,
	  "GPU memory is in play: the NIC could not use the GPU buffer" },
	{ "wc.rem_access_err", RS_CTX_GPU | RS_CTX_NCCL, 0, RS_CLS_GPUDIRECT, 1,
	  "GPU memory is in play: the peer's NIC could not use its GPU buffer" },
	{ "verbs.reg_mr", RS_CTX_GPU, RS_CTX_MEMLOCK, RS_CLS_GPUDIRECT, 1,
	  "GPU memory is in play and no memlock limit is named" },
	/* Resources: the errno says which limit. */
	{ "class:memlock", RS_CTX_MEMLOCK, 0, RS_CLS_MEMLOCK, 2,
	  "the locked-memory limit is named in the log" },
	{ "verbs.create_qp", RS_CTX_EINVAL, RS_CTX_ENOMEM, RS_CLS_RESOURCES, 1,
	  "EINVAL: a size above the device's limits, not the memlock limit" },
	/* A device that cannot be opened inside a container. */
	{ "verbs.no_device", RS_CTX_CONTAINER, 0, RS_CLS_PERMISSION, 2,
	  "inside a container the RDMA devices must be passed in" },
	{ "nccl.using_socket", RS_CTX_CONTAINER, 0, RS_CLS_PERMISSION, 1,
	  "inside a container the RDMA devices must be passed in" },
	{ "verbs.no_context", RS_CTX_PORT, 0, RS_CLS_PORT, 2,
	  "the port is down (printed just before)" },
	/* Flushed requests while the program stops are no fault. */
	{ "wc.wr_flush_err", RS_CTX_TEARDOWN, 0, RS_CLS_APPLICATION, 1,
	  "the program was stopping: its posted requests are flushed" },
	{ NULL, 0, 0, RS_CLS_NONE, 0, NULL },
};
