/* SPDX-License-Identifier: MIT */
/*
 * explain_wc.c - every work-completion status of libibverbs (enum
 * ibv_wc_status, 1..23; 0 is success) for `rocescope explain`: what it
 * means, its likely causes, and the tree and step that find the cause.
 *
 * Data only.  Every status but the flush (5) sets RS_CTX_WC_ERR: flushed
 * requests follow another failure, and a rule reads whether the log has
 * one.  Each meaning starts with "status N, TEXT (IBV_WC_NAME)",
 * TEXT being what ibv_wc_status_str() returns (rdma-core
 * libibverbs/enum_strs.c; tests/test_explain.c compares it with the
 * installed library).  A status is recognised in the forms tools print:
 *   its text         "Failed status transport retry counter exceeded (12)"
 *                    (ibv_*_pingpong, UCX and most applications)
 *   its enum name    "status=IBV_WC_RETRY_EXC_ERR(12)" (NCCL 2.2x), with or
 *                    without the IBV_WC_ prefix
 *   its number, after the words the tools put before it
 *                    "Failed status 12: wr_id 0 syndrom 0x81" (perftest),
 *                    "Poll send CQ error status=12", "Bad wc status 12",
 *                    "Got completion from peer ... with error 12," (NCCL),
 *                    "WC error: 12" (mlx5_ib), "CQE ERROR ... status=12",
 *                    "... RETRY EXCEEDED ERROR status number 12" (Open MPI)
 *   UCX's mlx5 text  "Transport retry count exceeded on mlx5_0:1/RoCE (synd
 *                    0x15 vend 0x81 hw_synd 0/0)" (src/uct/ib/mlx5/ib_mlx5_log.c)
 *   the mlx5 syndrome "syndrome 0x15, vendor syndrome 0x81" (mlx5_ib's error
 *                    CQE dump), "(synd 0x15" (UCX): the CQE syndromes of the
 *                    mlx5 programming manual, one per status
 * A bare number ("exit status 1") is not a status.  Texts too plain to be
 * recognised alone ("fatal error", "general error", "TM error") need
 * "status" before them or "(N)" after them.
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

#define WC_ENUM(e) "(^|[^[:alnum:]_])(IBV_WC_)?" e "([^[:alnum:]_]|$)"
/*
 * The number after those words, for every status at once: group 3 is the
 * status (explain.c matches it once per line and takes the entry whose
 * .num it is, rather than trying 23 patterns with a number each).
 */
const char rs_explain_wc_number[] =
	"(failed status|wc status|wc error|cq error status|cqe error.*status|"
	"completion.*(with error|status|error)|complete err[or]*:? status|status number|"
	"prov_errno)"
	"[ :=(-]*[ :=(]([0-9]+)([^0-9]|$)";
/* An mlx5 CQE syndrome (hex), not the vendor syndrome after it. */
#define WC_SYND(h) "(\\(synd|[^r] syndrome) 0x" h "([^0-9a-f]|$)"
/* UCX's text for an mlx5 error CQE: "Remote access on mlx5_0:1/RoCE (synd ...". */
#define WC_UCX(text) text " (on [^ ]+:[0-9]|\\(synd 0x)"
/* A text specific enough to be recognised anywhere. */
#define WC(n, e, text) text "|" WC_ENUM(e)
/* One with the forms of mlx5 and UCX as well. */
#define WC_MLX5(n, e, text, h, ucx) WC(n, e, text) "|" WC_SYND(h) "|" ucx
/* A plain text: only after "status" or before "(N)". */
#define WC_PLAIN(n, e, text) "status[ :=]*" text "|" text " \\(" n "\\)|" WC_ENUM(e)

/* Reliable Datagram only: no RoCE NIC implements RD. */
#define RD_CAUSES { \
	N_("the number came from another list (an errno, a vendor syndrome): check the name the " \
	"tool printed"), \
	N_("a provider bug: update rdma-core and the driver") }

const struct rs_explain_entry rs_explain_wc_status[] = {
	{ .id = "wc.loc_len_err", .tool = "libibverbs",
	  .pattern = WC_MLX5("1", "LOC_LEN_ERR", "local length error", "1",
			     WC_UCX("local length")),
	  /* TRANSLATORS: every status's meaning starts with its number, the
	   * text ibv_wc_status_str() prints and its enum name: keep that text
	   * and the IBV_WC_ name in English, as a log shows them. */
	  .meaning = N_("Work completion status 1, local length error (IBV_WC_LOC_LEN_ERR): the "
		     "message did not fit - a receive buffer was smaller than the incoming "
		     "message, or a send was longer than the queue pair allows."),
	  .causes = { N_("the two ends use different message sizes (-s): the receiver's buffers are "
		      "smaller"),
		      N_("a UD send larger than the path MTU, or a message above the port's "
		      "max_msg_sz"),
		      N_("a scatter/gather list whose lengths do not add up (application bug)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_APPLICATION, .weight = 5, .alt = { RS_CLS_MTU, RS_CLS_PEER },
	  .sets = RS_CTX_WC_ERR, .num = 1 },
	{ .id = "wc.loc_qp_op_err", .tool = "libibverbs",
	  .pattern = WC_MLX5("2", "LOC_QP_OP_ERR", "local QP operation error", "2",
			     WC_UCX("local QP operation")),
	  .meaning = N_("Work completion status 2, local QP operation error (IBV_WC_LOC_QP_OP_ERR): "
		     "the local queue pair could not execute the request - malformed for this "
		     "queue pair, or it cannot send on its path."),
	  .causes = { N_("the source address of the queue pair cannot be used any more: its GID's "
		      "address was removed, or (Soft-RoCE on kernel 6.1) the interface sits in "
		      "another network namespace, as the lab saw"),
		      N_("a request beyond the queue pair's limits (scatter/gather entries, inline "
		      "size)"),
		      N_("a provider or firmware bug (dmesg)") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_RESOURCES, .weight = 4, .alt = { RS_CLS_APPLICATION },
	  .sets = RS_CTX_WC_ERR, .num = 2 },
	{ .id = "wc.loc_eec_op_err", .tool = "libibverbs",
	  .pattern = WC("3", "LOC_EEC_OP_ERR", "local EE context operation error"),
	  .meaning = N_("Work completion status 3, local EE context operation error "
		     "(IBV_WC_LOC_EEC_OP_ERR) - an error of a Reliable Datagram end-to-end "
		     "context. No RoCE NIC implements Reliable Datagram, so on RoCE it points to "
		     "a provider bug or a number read from the wrong list."),
	  .causes = RD_CAUSES,
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3,
	  .sets = RS_CTX_WC_ERR, .num = 3 },
	{ .id = "wc.loc_prot_err", .tool = "libibverbs",
	  .pattern = WC_MLX5("4", "LOC_PROT_ERR", "local protection error", "4",
			     WC_UCX("local protection")),
	  .meaning = N_("Work completion status 4, local protection error (IBV_WC_LOC_PROT_ERR): a "
		     "local buffer of the request is not inside a memory region registered with "
		     "the rights needed, or its lkey is wrong."),
	  .causes = { N_("GPU memory (NCCL, perftest --use_cuda) without working GPUDirect RDMA: "
		      "nvidia-peermem not loaded, or ACS or the IOMMU blocking peer to peer"),
		      N_("the buffer was never registered, was deregistered, or the lkey is another "
		      "region's (application bug)"),
		      N_("a registration smaller than the message") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_APPLICATION, .weight = 5,
	  .alt = { RS_CLS_GPUDIRECT, RS_CLS_MEMLOCK },
	  .sets = RS_CTX_WC_ERR, .num = 4 },
	{ .id = "wc.wr_flush_err", .tool = "libibverbs",
	  .pattern = WC_MLX5("5", "WR_FLUSH_ERR", "work request flushed error", "5",
			     "WR flushed because QP in error state"),
	  .meaning = N_("Work completion status 5, Work Request Flushed Error (IBV_WC_WR_FLUSH_ERR): "
		     "the queue pair was already in error, so every request still queued comes "
		     "back with this status. It is a consequence: the cause is the first "
		     "completion with another status (look above), or the queue pair was torn "
		     "down."),
	  .causes = { N_("an earlier error completion (often status 12, retry exceeded) moved the "
		      "queue pair to error: find the first one"),
		      N_("the application or the peer closed the connection with requests outstanding "
		      "(a normal shutdown flushes posted receives too)"),
		      N_("an asynchronous error: the port went down or the device was reset") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_APPLICATION, .weight = 1,
	  .alt = { RS_CLS_PATH, RS_CLS_PEER, RS_CLS_GID }, .num = 5 },
	{ .id = "wc.mw_bind_err", .tool = "libibverbs",
	  .pattern = WC_MLX5("6", "MW_BIND_ERR", "memory management operation error", "6",
			     WC_UCX("memory window bind")),
	  .meaning = N_("Work completion status 6, memory management operation error "
		     "(IBV_WC_MW_BIND_ERR): a memory window bind, fast registration or local "
		     "invalidate failed."),
	  .causes = { N_("the region was not registered with IBV_ACCESS_MW_BIND, or the window asks "
		      "for more rights than the region has"),
		      N_("the window or key is already bound or invalidated"),
		      N_("the provider does not support the operation") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_APPLICATION, .weight = 4, .alt = { RS_CLS_DRIVER },
	  .sets = RS_CTX_WC_ERR, .num = 6 },
	{ .id = "wc.bad_resp_err", .tool = "libibverbs",
	  .pattern = WC_MLX5("7", "BAD_RESP_ERR", "bad response error", "10",
			     WC_UCX("bad response")),
	  .meaning = N_("Work completion status 7, bad response error (IBV_WC_BAD_RESP_ERR): the "
		     "responder's answer had an unexpected transport opcode."),
	  .causes = { N_("a stale connection: the peer re-created a queue pair with the same number "
		      "after a restart"),
		      N_("a firmware or driver problem on either end (versions, dmesg)"),
		      N_("corrupted frames on the path (error counters, out-of-sequence packets)") },
	  .tree = RS_TREE_BANDWIDTH, .check = "counters.error_rising",
	  .cls = RS_CLS_PEER, .weight = 4, .alt = { RS_CLS_FIRMWARE },
	  .sets = RS_CTX_WC_ERR, .num = 7 },
	{ .id = "wc.loc_access_err", .tool = "libibverbs",
	  .pattern = WC_MLX5("8", "LOC_ACCESS_ERR", "local access error", "11",
			     WC_UCX("local access")),
	  .meaning = N_("Work completion status 8, local access error (IBV_WC_LOC_ACCESS_ERR): a "
		     "protection error on a local buffer the NIC writes into (the data of an RDMA "
		     "Read, the result of an atomic)."),
	  .causes = { N_("the local region lacks IBV_ACCESS_LOCAL_WRITE"),
		      N_("the destination is outside the registered range"),
		      N_("GPU memory without working GPUDirect RDMA") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_APPLICATION, .weight = 4, .alt = { RS_CLS_GPUDIRECT },
	  .sets = RS_CTX_WC_ERR, .num = 8 },
	{ .id = "wc.rem_inv_req_err", .tool = "libibverbs",
	  .pattern = WC_MLX5("9", "REM_INV_REQ_ERR", "remote invalid request", "12",
			     WC_UCX("invalid request")),
	  .meaning = N_("Work completion status 9, remote invalid request error "
		     "(IBV_WC_REM_INV_REQ_ERR): the responder judged the request invalid - an "
		     "operation its queue pair does not allow, or a length it cannot take."),
	  .causes = { N_("the message is longer than the peer's receive buffer or maximum message "
		      "size (a different -s on the two ends)"),
		      N_("the peer's queue pair lacks the remote access flag for this operation (RDMA "
		      "write, read, atomic)"),
		      N_("the two ends run different tests (send against write)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_APPLICATION, .weight = 4, .alt = { RS_CLS_MTU, RS_CLS_PEER },
	  .sets = RS_CTX_WC_ERR | RS_CTX_REM_INV, .num = 9 },
	{ .id = "wc.rem_access_err", .tool = "libibverbs",
	  .pattern = WC_MLX5("10", "REM_ACCESS_ERR", "remote access error", "13",
			     WC_UCX("remote access")),
	  .meaning = N_("Work completion status 10, remote access error (IBV_WC_REM_ACCESS_ERR): the "
		     "RDMA Read, Write or atomic touched remote memory outside the peer's "
		     "registered region, without its rights, or with a wrong rkey."),
	  .causes = { N_("the peer's buffer is smaller than this side's message (different -s)"),
		      N_("a stale or wrong rkey or address: keys from an earlier run, or for another "
		      "buffer"),
		      N_("the peer registered without remote read or write rights"),
		      N_("the peer's GPU memory is not registered for GPUDirect RDMA (NCCL)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_APPLICATION, .weight = 5,
	  .alt = { RS_CLS_GPUDIRECT, RS_CLS_PEER },
	  .sets = RS_CTX_WC_ERR, .num = 10 },
	{ .id = "wc.rem_op_err", .tool = "libibverbs",
	  .pattern = WC_MLX5("11", "REM_OP_ERR", "remote operation error", "14",
			     WC_UCX("remote QP")),
	  .meaning = N_("Work completion status 11, remote operation error (IBV_WC_REM_OP_ERR): the "
		     "responder could not complete the request; its receive queue or buffer "
		     "failed."),
	  .causes = { N_("the peer's receive buffer is unusable (deregistered, a bad scatter/gather "
		      "entry, a region too small)"),
		      N_("the peer's queue pair went to error"),
		      N_("a provider problem on the peer (its dmesg)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_PEER, .weight = 4, .alt = { RS_CLS_APPLICATION },
	  .sets = RS_CTX_WC_ERR, .num = 11 },
	{ .id = "wc.retry_exc_err", .tool = "libibverbs",
	  .pattern = WC_MLX5("12", "RETRY_EXC_ERR", "transport retry counter exceeded", "15",
			     "transport retry count exceeded"),
	  .meaning = N_("Work completion status 12, transport retry counter exceeded "
		     "(IBV_WC_RETRY_EXC_ERR): the request was sent retry_cnt + 1 times and the "
		     "peer never acknowledged it - nothing came back on the RDMA path."),
	  .causes = { N_("the GID index used is not the RoCE v2 entry with an IPv4 address on both "
		      "ends: index 0 is the link-local RoCE v1 entry on most NICs, and NCCL before "
		      "2.21, UCX and many programs take it unless told (NCCL_IB_GID_INDEX, "
		      "UCX_IB_GID_INDEX); RoCE v1 is not routed"),
		      N_("the peer is not reachable on the RDMA path even though TCP works: a wrong "
		      "or stale neighbour MAC, ARP off, a route through another interface (the "
		      "lab's neigh_bogus and arp_off faults; QPs with retry_cnt 6 fail after about "
		      "0.5 s, 7 retries forever)"),
		      N_("the remote queue pair is gone or in error: the peer process died or failed "
		      "first"),
		      N_("frames dropped on the way: an MTU mismatch along the path, or no PFC or "
		      "pause under congestion") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 5,
	  .alt = { RS_CLS_PATH, RS_CLS_CONGESTION, RS_CLS_PORT },
	  .sets = RS_CTX_WC_ERR, .num = 12 },
	{ .id = "wc.rnr_retry_exc_err", .tool = "libibverbs",
	  .pattern = WC_MLX5("13", "RNR_RETRY_EXC_ERR", "RNR retry counter exceeded", "16",
			     "(receive-no?t?-ready|RNR) retry count exceeded"),
	  .meaning = N_("Work completion status 13, RNR retry counter exceeded "
		     "(IBV_WC_RNR_RETRY_EXC_ERR): the responder had no receive request posted "
		     "for an incoming send (Receiver Not Ready) for longer than rnr_retry "
		     "allows."),
	  .causes = { N_("the peer posts receives too slowly, or its receive queue is too short for "
		      "the sends in flight"),
		      N_("the peer process stalled or stopped while its queue pair stayed up"),
		      N_("rnr_retry below 7 (7 retries forever) or a short min_rnr_timer") },
	  .tree = RS_TREE_BANDWIDTH, .check = "counters.error_rising",
	  .cls = RS_CLS_APPLICATION, .weight = 4,
	  .alt = { RS_CLS_PEER, RS_CLS_CONGESTION },
	  .sets = RS_CTX_WC_ERR, .num = 13 },
	{ .id = "wc.loc_rdd_viol_err", .tool = "libibverbs",
	  .pattern = WC("14", "LOC_RDD_VIOL_ERR", "local RDD violation error"),
	  .meaning = N_("Work completion status 14, local RDD violation error "
		     "(IBV_WC_LOC_RDD_VIOL_ERR) - an error of a Reliable Datagram end-to-end "
		     "context. No RoCE NIC implements Reliable Datagram, so on RoCE it points to "
		     "a provider bug or a number read from the wrong list."),
	  .causes = RD_CAUSES,
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3,
	  .sets = RS_CTX_WC_ERR, .num = 14 },
	{ .id = "wc.rem_inv_rd_req_err", .tool = "libibverbs",
	  .pattern = WC("15", "REM_INV_RD_REQ_ERR", "remote invalid RD request"),
	  .meaning = N_("Work completion status 15, remote invalid RD request "
		     "(IBV_WC_REM_INV_RD_REQ_ERR) - an error of a Reliable Datagram end-to-end "
		     "context. No RoCE NIC implements Reliable Datagram, so on RoCE it points to "
		     "a provider bug or a number read from the wrong list."),
	  .causes = RD_CAUSES,
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3,
	  .sets = RS_CTX_WC_ERR, .num = 15 },
	{ .id = "wc.rem_abort_err", .tool = "libibverbs",
	  .pattern = WC_MLX5("16", "REM_ABORT_ERR", "aborted error", "22",
			     WC_UCX("remote side aborted")),
	  .meaning = N_("Work completion status 16, aborted error (IBV_WC_REM_ABORT_ERR): the "
		     "responder aborted the operation."),
	  .causes = { N_("the peer reset or destroyed its queue pair in the middle of the transfer "
		      "(process exit, teardown)"),
		      N_("an error on the peer's side: read the peer's log") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PEER, .weight = 4, .alt = { RS_CLS_APPLICATION },
	  .sets = RS_CTX_WC_ERR, .num = 16 },
	{ .id = "wc.inv_eecn_err", .tool = "libibverbs",
	  .pattern = WC("17", "INV_EECN_ERR", "invalid EE context number"),
	  .meaning = N_("Work completion status 17, invalid EE context number "
		     "(IBV_WC_INV_EECN_ERR) - an error of a Reliable Datagram end-to-end "
		     "context. No RoCE NIC implements Reliable Datagram, so on RoCE it points to "
		     "a provider bug or a number read from the wrong list."),
	  .causes = RD_CAUSES,
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3,
	  .sets = RS_CTX_WC_ERR, .num = 17 },
	{ .id = "wc.inv_eec_state_err", .tool = "libibverbs",
	  .pattern = WC("18", "INV_EEC_STATE_ERR", "invalid EE context state"),
	  .meaning = N_("Work completion status 18, invalid EE context state "
		     "(IBV_WC_INV_EEC_STATE_ERR) - an error of a Reliable Datagram end-to-end "
		     "context. No RoCE NIC implements Reliable Datagram, so on RoCE it points to "
		     "a provider bug or a number read from the wrong list."),
	  .causes = RD_CAUSES,
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3,
	  .sets = RS_CTX_WC_ERR, .num = 18 },
	{ .id = "wc.fatal_err", .tool = "libibverbs",
	  .pattern = WC_PLAIN("19", "FATAL_ERR", "fatal error"),
	  .meaning = N_("Work completion status 19, fatal error (IBV_WC_FATAL_ERR): the device hit a "
		     "catastrophic error; its queue pairs are dead until it is reset."),
	  .causes = { N_("a firmware or driver fault: dmesg shows the driver's health or syndrome "
		      "lines"),
		      N_("PCIe errors on the NIC's link (AER in dmesg)"),
		      N_("an overheating or failing card") },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 5, .alt = { RS_CLS_DRIVER },
	  .sets = RS_CTX_WC_ERR, .num = 19 },
	{ .id = "wc.resp_timeout_err", .tool = "libibverbs",
	  .pattern = WC("20", "RESP_TIMEOUT_ERR", "response timeout error"),
	  .meaning = N_("Work completion status 20, response timeout error "
		     "(IBV_WC_RESP_TIMEOUT_ERR): no response came from the responder in time."),
	  .causes = { N_("the peer does not answer on the RDMA path (neighbour, route, link)"),
		      N_("the peer's queue pair is gone"),
		      N_("frames dropped on the path") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 5, .alt = { RS_CLS_PEER, RS_CLS_CONGESTION },
	  .sets = RS_CTX_WC_ERR, .num = 20 },
	{ .id = "wc.general_err", .tool = "libibverbs",
	  .pattern = WC_PLAIN("21", "GENERAL_ERR", "general error"),
	  .meaning = N_("Work completion status 21, general error (IBV_WC_GENERAL_ERR): a "
		     "provider-specific error that maps to no other status; the vendor error "
		     "(syndrome) on the same line says more."),
	  .causes = { N_("look the vendor error up for the provider, and read dmesg"),
		      N_("a driver and firmware pair that do not match") },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 4, .alt = { RS_CLS_DRIVER },
	  .sets = RS_CTX_WC_ERR, .num = 21 },
	{ .id = "wc.tm_err", .tool = "libibverbs",
	  .pattern = WC_PLAIN("22", "TM_ERR", "TM error"),
	  .meaning = N_("Work completion status 22, TM error (IBV_WC_TM_ERR): an error in hardware "
		     "tag matching (used by MPI and UCX on ConnectX)."),
	  .causes = { N_("the tag-matching list overflowed or the protocol went wrong: disable "
		      "hardware tag matching to confirm (UCX_RC_TM_ENABLE=n)"),
		      N_("a driver or firmware without working tag matching") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3,
	  .sets = RS_CTX_WC_ERR, .num = 22 },
	{ .id = "wc.tm_rndv_incomplete", .tool = "libibverbs",
	  .pattern = WC("23", "TM_RNDV_INCOMPLETE", "TM software rendezvous"),
	  .meaning = N_("Work completion status 23, TM software rendezvous "
		     "(IBV_WC_TM_RNDV_INCOMPLETE): not a failure by itself - hardware tag matching "
		     "could not finish a rendezvous and hands it to software."),
	  .causes = { N_("expected with hardware tag matching; a problem only next to other errors") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3,
	  .sets = RS_CTX_WC_ERR, .num = 23 },
	{ .id = NULL },
};
