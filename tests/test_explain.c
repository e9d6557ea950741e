/* SPDX-License-Identifier: MIT */
/*
 * test_explain.c - the explain tables and matcher (src/diag/explain.h).
 *
 * Every entry is held to real messages: the lines the Soft-RoCE lab saw
 * (docs/lab.md), perftest 4.5 and rdma-core 44 as Debian builds them (their
 * format strings, filled in), the guide (docs/guide.md), NCCL's sources and
 * logs, the kernel.  Each message must give exactly the ids listed, in order,
 * and every entry must be reached by at least one message.  The
 * work-completion statuses are checked against the installed libibverbs'
 * ibv_wc_status_str().  Then the line splitting (chunks of any size, CRLF,
 * NULs, a last line without newline), the bounds (long lines, the input
 * limit, a file descriptor) and a seeded fuzz loop of random and spliced
 * lines.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <infiniband/verbs.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag/check.h"
#include "diag/explain.h"
#include "util.h"
#include "wizard/tree.h"

struct sample {
	const char *msg;
	const char *ids;	/* expected ids, space-separated, in report order */
	const char *src;	/* where the message comes from */
};

#define LAB "docs/lab.md (Soft-RoCE lab, perftest 4.5, rdma-core 44)"
#define PERF "perftest 4.5 (Debian ib_write_bw format string)"
#define PP "rdma-core 44 ibv_rc_pingpong / ibv_ud_pingpong format string"
#define VERBS "rdma-core 44 libibverbs.so strings"
#define NCCL "NCCL sources and logs"

static const struct sample samples[] = {
	/* the control channel */
	{ "Couldn't connect to 10.99.0.2:18515", "perftest.connect_failed", LAB },
	{ "Couldnt connect to 192.168.100.1:18515", "perftest.connect_failed",
	  "docs/guide.md 6.1" },
	{ "Couldn\xe2\x80\x99t connect to host-b:18515", "perftest.connect_failed",
	  "typographic apostrophe, pasted from a document" },
	{ "Couldn&#39;t connect to 10.0.0.2:18515", "perftest.connect_failed",
	  "an HTML entity for the apostrophe, a page copied as source" },
	{ "Couldn`t allocate MR", "verbs.reg_mr", "a backtick for the apostrophe" },
	{ "Unable to open file descriptor for socket connection Unable to init the socket "
	  "connection", "perftest.socket_init", LAB },
	{ " Unable to set up socket connection", "perftest.socket_init", PERF },
	{ "Couldn't listen to port 18515", "perftest.listen_failed", PERF },
	{ "ethernet_read_keys: Couldn't read remote address", "perftest.read_keys", LAB },
	{ "1/2: Couldn't read remote address", "perftest.read_keys", PP },
	{ "Couldn't read/write remote address", "perftest.read_keys", PP },
	{ "client read/write: No space left on device", "perftest.read_keys", LAB },
	{ "ethernet_read_data: Couldn't read reports", "perftest.read_keys", PERF },
	{ " Failed to exchange data between server and clients", "perftest.read_keys", PERF },
	/* connecting the queue pairs */
	{ " Failed to modify QP 19 to RTR", "verbs.modify_qp_rtr", LAB },
	{ "Failed to modify QP to RTR", "verbs.modify_qp_rtr", LAB },
	{ "Couldn't connect to remote QP", "verbs.modify_qp_rtr", LAB },
	{ " Unable to Connect the HCA's through the link", "perftest.connect_hca", LAB },
	{ "Failed to modify QP to INIT, ret=22", "verbs.modify_qp_init", PERF },
	{ "Failed to modify QP to RTS", "verbs.modify_qp_rts", PP },
	{ "misc/ibvwrap.cc:284 NCCL WARN Call to ibv_modify_qp failed with error Invalid argument",
	  "verbs.modify_qp verbs.modify_qp_einval", NCCL },
	{ "NCCL WARN Call to ibv_modify_qp failed with error No data available errno 61",
	  "verbs.modify_qp verbs.modify_qp_enodata", NCCL },
	{ "NCCL WARN Call to ibv_modify_qp failed with 110 Connection timed out",
	  "verbs.modify_qp verbs.modify_qp_etimedout", NCCL " 2.19+ (ibvwrap.cc \"with %d %s\")" },
	{ "NCCL WARN Call to ibv_modify_qp failed with error Network is unreachable",
	  "verbs.modify_qp verbs.modify_qp_enetunreach", NCCL },
	{ "ibv_modify_qp failed (errno 19) (Ib failure: No such device)",
	  "verbs.modify_qp verbs.modify_qp_enodev", "mscclpp ib.cc" },
	{ "[Handshake] Failed to modify QP to RTR, check mtu, gid, peer lid, peer qp num: "
	  "Connection timed out [110]", "verbs.modify_qp_rtr verbs.modify_qp_etimedout",
	  "Mooncake rdma_endpoint.cpp" },
	{ "dc_mlx5.c:456  UCX  ERROR ibv_modify_qp(DCI, RTR) failed : Invalid argument",
	  "verbs.modify_qp verbs.modify_qp_einval", "UCX src/uct/ib/dc/dc_mlx5.c" },
	{ "Failed to modify UD QP to INIT on mlx5_bond_0: Invalid argument",
	  "verbs.modify_qp_init verbs.modify_qp_einval", "UCX src/uct/ib/ud/verbs/ud_verbs.c" },
	{ "can't read sgid of index 5", "verbs.query_gid", PP },
	{ "Could not get local gid for gid index 3", "verbs.query_gid", PP },
	{ "Failed to create AH", "verbs.create_ah", PERF },
	{ "ib_device.c:1319 UCX ERROR ibv_create_ah(dlid=49152 sl=0 port=1 src_path_bits=0 "
	  "dgid=::ffff:10.0.0.1 sgid_index=1 traffic_class=0) on mlx5_1 failed: Invalid argument",
	  "verbs.create_ah", "UCX src/uct/ib/base/ib_device.c" },
	{ " Found Incompatibility issue with GID types.", "perftest.gid_incompat", LAB },
	{ " Please Try to use a different IP version.", "perftest.gid_incompat", LAB },
	/* resources */
	{ "Unable to create QP.", "verbs.create_qp", PERF },
	{ "Failed to create QP - CAP_NET_RAW may be required", "verbs.create_qp",
	  "docs/facts.md 8 (libpcap pcap-rdmasniff.c, the mlx5 sniffer)" },
	{ "Couldn't create QP", "verbs.create_qp", PP },
	{ "NCCL WARN Call to ibv_create_qp failed", "verbs.create_qp", NCCL },
	{ "libfabric:22102:1638393161:verbs:ep_ctrl:vrb_ep_enable():884<warn> rdma_create_qp: "
	  "Cannot allocate memory (12)", "verbs.create_qp", "libfabric prov/verbs verbs_ep.c" },
	{ "Infiniband failed to create queue pair: Cannot allocate memory", "verbs.create_qp",
	  "Ceph src/msg/async/rdma/Infiniband.cc" },
	{ "ib_iface.c:745  UCX  ERROR ibv_create_cq(cqe=4096) failed: Cannot allocate memory",
	  "verbs.create_cq_pd", "UCX src/uct/ib/base/ib_iface.c" },
	{ "Failed to create a completion queue (CQ):", "verbs.create_cq_pd",
	  "Open MPI help-mpi-btl-openib.txt" },
	{ "Couldn't create CQ", "verbs.create_cq_pd", PERF },
	{ "Couldn't allocate PD", "verbs.create_cq_pd", PERF },
	{ "Failed to create CQs", "verbs.create_cq_pd", PERF },
	{ "Couldn't allocate MR", "verbs.reg_mr", LAB },
	{ "failed to create mr", "verbs.reg_mr", LAB },
	{ "Failed to create MR", "verbs.reg_mr", LAB },
	{ "Couldn't register MR", "verbs.reg_mr", LAB },
	{ "Failed to register memory", "verbs.reg_mr", "docs/guide.md 6.3" },
	{ "NCCL WARN Call to ibv_reg_mr failed with error Cannot allocate memory", "verbs.reg_mr",
	  NCCL },
	{ "NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory",
	  "verbs.reg_mr", NCCL },
	{ " Couldn't create IB resources", "perftest.ib_resources", LAB },
	{ "libibverbs: Warning: RLIMIT_MEMLOCK is 32768 bytes.", "verbs.memlock_warning", VERBS },
	{ "    This will severely limit memory registrations.", "verbs.memlock_warning", VERBS },
	{ "Failed to allocate hugepages. Please configure hugepages", "perftest.hugepages", PERF },
	/* devices and ports */
	{ "No IB devices found", "verbs.no_device", PERF },
	{ "Failed to get IB devices list: No such file or directory", "verbs.no_device", PP },
	{ "NCCL INFO NET/IB : No device found.", "verbs.no_device", NCCL },
	{ "IB device mlx5_2 not found", "verbs.device_not_found", PERF },
	{ " Unable to find the Infiniband/RoCE device", "verbs.device_not_found", PERF },
	{ "libibverbs: Warning: couldn't load driver 'libmlx4-rdmav34.so': libmlx4-rdmav34.so: "
	  "cannot open shared object file: No such file or directory", "verbs.driver_warning",
	  VERBS },
	{ "libibverbs: Warning: no userspace device-specific driver found for "
	  "/sys/class/infiniband_verbs/uverbs0", "verbs.no_provider", VERBS },
	{ "libibverbs: Warning: couldn't open config directory '/etc/libibverbs.d'.",
	  "verbs.driver_warning", VERBS },
	{ "libibverbs: Warning: Driver mlx5 does not support the kernel ABI of 2 (supports 1 to 1) "
	  "for device /sys/class/infiniband/rxe0", "verbs.kernel_abi", VERBS },
	{ "mlx5: host-a: got completion with error:", "verbs.mlx5_cqe_dump",
	  "rdma-core providers/mlx5/cq.c" },
	{ "Couldn't allocate MR ERRNO: Bad address.", "verbs.reg_mr verbs.bad_address", PERF },
	{ " Port number 1 state is Down", "perftest.port_down", LAB },
	{ " Couldn't set the link layer", "verbs.no_context", LAB },
	{ " Couldn't get context for the device", "verbs.no_context", LAB },
	{ "Couldn't get context for mlx5_0", "verbs.no_context", PP },
	{ " Unable to query port 1 attributes", "verbs.no_context", PERF },
	{ "[ 812.104] mlx5_core 0000:3b:00.0 ens1f0np0: Link down", "kernel.link_down",
	  "kernel mlx5e" },
	{ "ixgbe 0000:01:00.0 eth2: NIC Link is Down", "kernel.link_down", "kernel ixgbe" },
	/* MTU and bandwidth */
	{ "Requested mtu is higher than active mtu ", "perftest.mtu_higher", LAB },
	{ "Changing to active mtu - 3", "perftest.mtu_higher", LAB },
	{ "Requested size larger than port MTU (1024)", "pingpong.ud_size_mtu", PP },
	{ "Error: BW result is below bw limit", "perftest.bw_limit", PERF },
	{ "mlx5_core 0000:3b:00.1: 63.008 Gb/s available PCIe bandwidth, limited by 8.0 GT/s "
	  "PCIe x8 link at 0000:3a:00.0 (capable of 126.016 Gb/s with 8.0 GT/s PCIe x16 link)",
	  "kernel.pcie_limited", "kernel pcie_print_link_status()" },
	/* completions */
	{ " Completion with error at client", "perftest.completion_error", PERF },
	{ " Failed status 12: wr_id 0 syndrom 0x81", "wc.retry_exc_err", PERF },
	{ "Failed status transport retry counter exceeded (12) for wr_id 2", "wc.retry_exc_err",
	  PP },
	{ "Failed status local QP operation error (2) for wr_id 0", "wc.loc_qp_op_err", LAB },
	{ "Poll send CQ error status=13 qp 0 credit=0 scredit=0", "wc.rnr_retry_exc_err", PERF },
	{ "Bad wc status -- 5 -- 0 ", "wc.wr_flush_err", PERF },
	{ "Couldn't post send: qp 0 scnt=128", "verbs.post_failed", PERF },
	/* rdma_cm */
	{ "Received 10 times ADDR_ERROR", "rdma_cm.addr_error", LAB },
	{ " Unable to perform rdma_client function", "perftest.rdma_cm", LAB },
	{ "Failed to get RDMA CM address - Error: Name or service not known.",
	  "rdma_cm.addr_error", PERF },
	{ "Failed to resolve RDMA CM route.", "rdma_cm.route_error", PERF },
	{ "cma event RDMA_CM_EVENT_REJECTED, error 8", "rdma_cm.rejected", "librdmacm rping" },
	{ "cma event RDMA_CM_EVENT_UNREACHABLE, error -110", "rdma_cm.unreachable",
	  "librdmacm rping" },
	{ "librdmacm: Fatal: no RDMA devices found", "verbs.no_device rdma_cm.no_devices",
	  "librdmacm cma.c" },
	{ "librdmacm: Fatal: unable to get RDMA device list", "rdma_cm.no_devices",
	  "librdmacm cma.c" },
	{ "librdmacm: Warning: couldn't read ABI version.", "rdma_cm.abi_version",
	  "librdmacm cma.c" },
	{ "librdmacm: Warning: assuming: 4", "rdma_cm.abi_version", "librdmacm cma.c" },
	{ "rdma_create_event_channel: No such device", "rdma_cm.event_channel", "librdmacm rping" },
	{ "rdma_bind_addr: No such file or directory", "rdma_cm.bind_addr", "librdmacm rping" },
	{ "cma event RDMA_CM_EVENT_CONNECT_ERROR, error -110", "rdma_cm.connect_error",
	  "librdmacm rping" },
	{ "received event RDMA_CM_EVENT_DEVICE_REMOVAL", "rdma_cm.device_removal",
	  "UCX src/uct/ib/rdmacm/rdmacm_cm.c" },
	/* NCCL */
	{ "node-2:5776:5902 [0] transport/net_ib.cc:1296 NCCL WARN NET/IB : Got completion from "
	  "peer 10.2.0.5<33092> with error 12, opcode 0, len 0, vendor err 129 (Recv)",
	  "nccl.completion_error wc.retry_exc_err", NCCL " 2.8-2.18" },
	{ "NET/IB : Got completion with error 12, opcode 1, len 32768, vendor err 129",
	  "nccl.completion_error wc.retry_exc_err", NCCL " before 2.8" },
	{ "transport/net_ib.cc:2453 NCCL WARN NET/IB: Got completion from peer 10.99.91.63<51161> "
	  "with status=4 opcode=32614 len=32614 vendor err 81 (Send) localGid ::ffff:10.99.92.59 "
	  "remoteGids::ffff:10.99.91.63 hca mlx5_1", "nccl.completion_error wc.loc_prot_err",
	  NCCL " 2.19+" },
	{ "NCCL WARN NET/IB: Got completion from peer 10.153.235.13<40554> with "
	  "status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_RECV_RDMA_WITH_IMM(129) vendor_err=129 "
	  "localGid ::ffff:1.1.2.2 remoteGids::ffff:1.1.1.4 hca mlx5_1",
	  "nccl.completion_error wc.retry_exc_err", NCCL " 2.2x" },
	{ "NCCL WARN NET/IB: ncclIbTest: Got CQE with error (devIndex=0, req=0x7fccfc04e028, "
	  "wr_id=0, qp_num=26257)", "nccl.completion_error", NCCL " 2.2x" },
	{ "NCCL WARN NET/IB : mlx5_0:1 Got async event : port error",
	  "nccl.async_event nccl.async_port_error", NCCL },
	{ "transport/net_ib.cu:80 NCCL WARN NET/IB : Got async event : local catastrophic error",
	  "nccl.async_event nccl.async_catastrophic", NCCL },
	{ "NCCL WARN NET/IB : mlx5_0:1 Got async event : GID table change",
	  "nccl.async_event nccl.async_gid_change", NCCL },
	{ "misc/ibvwrap.cc:212 NCCL WARN Call to ibv_open_device failed", "nccl.open_device",
	  NCCL },
	{ "transport/net_ib.cc:148 NCCL WARN NET/IB : Unable to open device mlx5_bond_0",
	  "nccl.open_device", NCCL },
	{ "NCCL INFO Failed to open libibverbs.so[.1]", "nccl.no_libibverbs", NCCL },
	{ "NCCL WARN NET/IB: read failed in ncclIbRoceGetVersionNum: Invalid argument",
	  "nccl.roce_version", NCCL },
	{ "NCCL INFO NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'", "nccl.gdr_disabled",
	  NCCL },
	{ "NCCL WARN Bootstrap : no socket interface found", "nccl.no_socket_if", NCCL },
	{ "NCCL WARN NET/Socket : No usable listening interface found", "nccl.no_socket_if",
	  NCCL },
	{ "include/socket.h:344 WARN Socket creation failed : Address family not supported by "
	  "protocol", "nccl.socket_create", NCCL },
	{ "ncclSocketInit: connecting to address  with family 59936 is neither AF_INET(2) nor "
	  "AF_INET6(10)", "nccl.socket_family", NCCL },
	{ "misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer "
	  "host-b<41109>", "nccl.socket_closed", NCCL },
	{ "NCCL INFO Using network Socket", "nccl.using_socket", NCCL },
	{ "NCCL WARN Connect to 10.0.0.2<43567> failed : Connection refused",
	  "nccl.bootstrap_connect", NCCL },
	{ "NCCL INFO Call to connect returned Connection refused, retrying",
	  "nccl.bootstrap_connect", NCCL },
	/* the kernel */
	{ "infiniband mlx5_0: mlx5_poll_one:527:(pid 0): Responder error cqe on cqn 0x406:",
	  "kernel.mlx5_error_cqe", "kernel drivers/infiniband/hw/mlx5/cq.c" },
	{ "infiniband mlx5_0: mlx5_poll_one:530:(pid 0): syndrome 0x15, vendor syndrome 0x81",
	  "wc.retry_exc_err", "kernel drivers/infiniband/hw/mlx5/cq.c" },
	{ "mlx5_core 0000:5e:00.0: mlx5_cmd_check:824:(pid 46096): CREATE_QP(0x500) op_mod(0x0) "
	  "failed, status limits exceeded(0x8), syndrome (0x19c6d6)",
	  "kernel.mlx5_cmd_limits kernel.mlx5_cmd_failed", "kernel mlx5_core cmd.c" },
	{ "mlx5_core 0000:3b:00.0: mlx5_cmd_out_err:838:(pid 1): ACCESS_REG(0x805) op_mod(0x1) "
	  "failed, status bad parameter(0x3), syndrome (0x15c356), err(-22)",
	  "kernel.mlx5_cmd_failed", "kernel mlx5_core cmd.c" },
	{ "mlx5_core 0000:3b:00.0: poll_health:805:(pid 0): device's health compromised - reached "
	  "miss count", "kernel.mlx5_health", "kernel mlx5_core health.c" },
	{ "mlx5_core 0000:3b:00.0: Port module event: module 0, Cable unplugged",
	  "kernel.module_event", "kernel mlx5_core events.c" },
	{ "__ib_cache_gid_add: unable to add gid fe80:0000:0000:0000:0000:5efe:0a00:0001 error=-28",
	  "kernel.gid_add_failed", "kernel drivers/infiniband/core/cache.c" },
	{ "mlx5_ib: Unknown symbol ib_register_device (err -2)", "kernel.unknown_symbol",
	  "kernel module loader" },
	{ "mlx5_core: disagrees about version of symbol devlink_alloc", "kernel.unknown_symbol",
	  "kernel module loader" },
	{ "modprobe: FATAL: Module rdma_rxe not found in directory /lib/modules/6.1.0",
	  "kernel.module_not_found", "kmod modprobe" },
	{ "modprobe: ERROR: could not insert 'nv_peer_mem': Invalid argument",
	  "kernel.module_not_found kernel.peermem", "kmod modprobe" },
	{ "rdma_rxe: failed to allocate crc algorithmi err:-2", "kernel.rxe",
	  "kernel drivers/infiniband/sw/rxe" },
	{ "bnxt_re: bnxt_re_ib_init: Failed to register with netedev: 0xffffffed",
	  "kernel.bnxt_re", "kernel drivers/infiniband/hw/bnxt_re/main.c" },
	{ "irdma 0000:8a:00.0: Failed to create a CQP: -110", "kernel.irdma",
	  "kernel drivers/infiniband/hw/irdma" },
	{ "nvme nvme0: rdma connection establishment failed (-104)", "kernel.nvme_rdma_connect",
	  "kernel drivers/nvme/host/rdma.c" },
	{ "Loading HCA driver and Access Layer: [FAILED]", "kernel.openibd",
	  "MLNX_OFED /etc/init.d/openibd" },
	{ "  LnkSta:  Speed 5GT/s, Width x1, TrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-",
	  "pci.link_status", "pciutils lspci -vv" },
	{ "  LnkSta:  Speed 8GT/s (downgraded), Width x8 (downgraded)", "pci.link_status",
	  "pciutils 3.7+ lspci -vv" },
	/* UCX */
	{ "ib_log.c:246  UCX  ERROR mlx5_0: ibv_create_cq() failed: Cannot allocate memory. Please "
	  "set max locked memory (ulimit -l) to 'unlimited' (current: 64 kbytes)",
	  "verbs.create_cq_pd ucx.memlock", "UCX src/uct/ib/base/ib_log.c" },
	{ "ib_md.c:1405 UCX  WARN  RDMA transports are disabled because max locked memory limit "
	  "(64 kbytes) is too low.", "ucx.memlock", "UCX src/uct/ib/base/ib_md.c" },
	{ "ud_ep.c:278  Fatal: UD endpoint 0x1d3fc10 to <no debug data>: unhandled timeout error",
	  "ucx.ud_timeout", "UCX src/uct/ib/ud/base/ud_ep.c" },
	{ "transport error: Endpoint timeout", "ucx.ud_timeout", "UCX ucs_status_string" },
	{ "error handling callback was invoked with status -6 (Destination is unreachable)",
	  "ucx.unreachable", "UCX ucs_status_string" },
	{ "wireup_ep.c:467  UCX  ERROR no supported sockaddr auxiliary transports found for "
	  "mlx5_4:1", "ucx.unreachable", "UCX src/ucp/wireup/wireup_ep.c" },
	{ "ucp_context.c:1321 UCX  WARN  network device 'mlx5_bond_0:1' is not available, please "
	  "use one or more of: 'bond0'(tcp), 'lo'(tcp)", "ucx.device_unavailable",
	  "UCX src/ucp/core/ucp_context.c" },
	{ "rc_verbs_iface.c:47   UCX  ERROR Send completion with error: transport retry counter "
	  "exceeded", "ucx.completion_error wc.retry_exc_err", "UCX src/uct/ib/rc/verbs" },
	{ "ib_mlx5_log.c:143  Transport retry count exceeded on mlx5_0:1/RoCE (synd 0x15 vend 0x81 "
	  "hw_synd 0/0)", "wc.retry_exc_err", "UCX src/uct/ib/mlx5/ib_mlx5_log.c" },
	{ "ib_mlx5_log.c:143  Remote access on mlx5_0:1/RoCE (synd 0x13 vend 0x88 hw_synd 0/0)",
	  "wc.rem_access_err", "UCX src/uct/ib/mlx5/ib_mlx5_log.c" },
	{ "ib_mlx5_log.c:139  Error on QP 0x2a0 wqe[5]: Local protection (synd 0x4 vend 0x56) "
	  "opcode SEND", "wc.loc_prot_err", "UCX src/uct/ib/mlx5/ib_mlx5_log.c (1.8)" },
	/* libfabric */
	{ "libfabric:4117195:1708032874::core:core:fi_getinfo_():1304<info> fi_getinfo: provider "
	  "ofi_rxm returned -61 (No data available)", "libfabric.no_data",
	  "libfabric src/fabric.c" },
	{ "fi_getinfo: -19 (No such device)", "libfabric.no_device", "libfabric fabtests" },
	{ "fi_av_insert(): util/shared.c:1234, ret=-22 (Invalid argument)", "libfabric.av_insert",
	  "libfabric fabtests" },
	{ "libfabric:48900:1724184456::ofi_rxm:cq:rxm_handle_error():803<warn> fi_eq_readerr: err: "
	  "Connection refused (111), prov_err: Unknown error -28 (-28)",
	  "libfabric.refused libfabric.cq_readerr", "libfabric prov/rxm" },
	/* Open MPI */
	{ "WARNING: There is at least non-excluded one OpenFabrics device found, but there are no "
	  "active ports detected (or Open MPI was unable to use them).", "ompi.no_active_ports",
	  "Open MPI help-mpi-btl-openib.txt" },
	{ "WARNING: It appears that your OpenFabrics subsystem is configured to only allow "
	  "registering part of your physical memory.", "ompi.registerable",
	  "Open MPI help-mpi-btl-openib.txt" },
	{ "The OpenFabrics (openib) BTL failed to initialize while trying to allocate some locked "
	  "memory.", "ompi.locked_memory", "Open MPI help-mpi-btl-openib.txt" },
	{ "WARNING: There was an error initializing an OpenFabrics device.", "ompi.device_init",
	  "Open MPI help-mpi-btl-openib.txt" },
	{ "By default, for Open MPI 4.0 and later, infiniband ports on a device are not used by "
	  "default.", "ompi.ib_not_used", "Open MPI help-mpi-btl-openib.txt" },
	{ "No OpenFabrics connection schemes reported that they were able to be used on a specific "
	  "port.", "ompi.no_cpc", "Open MPI help-mpi-btl-openib-cpc-base.txt" },
	{ "ibv_exp_query_device: invalid comp_mask !!! (comp_mask = 0x7fff5cb0 valid_mask = 0x1)",
	  "ompi.exp_verbs", "MLNX_OFED libibverbs verbs_exp.h" },
	/* SPDK */
	{ "rdma.c:1766:spdk_nvmf_rdma_poller_poll: *ERROR*: CQ error on CQ 0x343da1f0, Request "
	  "0x876662480 (9): remote invalid request error", "spdk.cq_error wc.rem_inv_req_err",
	  "SPDK lib/nvmf/rdma.c" },
	{ "rdma.c:3868 Error on CQ 0x7f38b89f66e0, request 0x139881275013272, type 2, status: (5): "
	  "Work Request Flushed Error", "spdk.cq_error wc.wr_flush_err", "SPDK lib/nvmf/rdma.c" },
	{ "rdma.c:2444:spdk_nvmf_rdma_create: *ERROR*: rdma_get_devices() failed: No such device",
	  "spdk.no_rdma", "SPDK lib/nvmf/rdma.c" },
	{ "nvmf_rpc.c: *ERROR*: Transport type trtype 1 not available", "spdk.no_rdma",
	  "SPDK lib/nvmf" },
	{ "rdma.c: 945:nvmf_rdma_resize_cq: *ERROR*: RDMA CQ resize failed: errno 0: Success",
	  "spdk.cq_resize", "SPDK lib/nvmf/rdma.c" },
	{ "nvme_rdma.c: *ERROR*: RDMA connect error -74", "spdk.connect",
	  "SPDK lib/nvme/nvme_rdma.c" },
	/* Ceph, Mooncake, the device plugins, GPU memory */
	{ "RDMAStack RDMAStack!!! WARNING !!! For RDMA to work properly user memlock (ulimit -l) "
	  "must be big enough to allow large amount of registered memory.", "ceph.memlock",
	  "Ceph src/msg/async/rdma/RDMAStack.cc" },
	{ "E0302 08:32:30 rdma_context.cpp:460] No suitable GID found on rocep153s0",
	  "mooncake.no_gid", "Mooncake rdma_context.cpp" },
	{ "E0219 worker_pool.cpp:281] Worker: Process failed for slice (opcode: 0, length: 4096, "
	  "local_nic: mlx5_0, peer_nic: 10.0.0.2@mlx5_0): transport retry counter exceeded",
	  "mooncake.slice_failed wc.retry_exc_err", "Mooncake worker_pool.cpp" },
	{ "2023/09/08 17:43:19 Exiting.. can not change : incorrect RDMA subsystem network "
	  "namespace", "k8s.rdma_netns", "k8s-rdma-shared-dev-plugin resources_manager.go" },
	{ "error creating new device: \"missing RDMA device spec for device 0000:ec:00.0, RDMA "
	  "device \\\"issm\\\" not found\"", "k8s.rdma_device_spec",
	  "k8s-rdma-shared-dev-plugin" },
	{ "Warning: no Rdma Devices were found for resource hpc_shared_devices_h", "k8s.no_devices",
	  "k8s-rdma-shared-dev-plugin" },
	{ "I0520 10:03:24.137327   30847 main.go:39] No devices found.", "k8s.no_devices",
	  "hustcat/k8s-rdma-device-plugin main.go" },
	{ "ucp_worker.c:1720 UCX  DIAG  client ep 0x7ff15739e000 connect to 10.16.29.58:8124 "
	  "failed: device br-vsw-1 is not enabled, enable it in UCX_NET_DEVICES or use "
	  "corresponding ip address", "ucx.net_device_disabled",
	  "UCX src/ucp/wireup/wireup_cm.c (openucx/ucx#10651)" },
	{ "\tlibucp.so.0 => not found", "loader.rdma_lib_missing", "ldd (open-mpi/ompi#7461)" },
	{ "./rping: error while loading shared libraries: librdmacm.so.1: cannot open shared "
	  "object file: No such file or directory", "loader.rdma_lib_missing",
	  "glibc's dynamic loader" },
	{ "NET/IB : dmabuf registration not supported by the NIC", "gpu.dmabuf",
	  "NCCL, dma-buf registration" },
	{ "Couldn't allocate GPU memory with cudaMalloc", "gpu.cuda_init",
	  "perftest src/cuda_memory.c" },
	/*
	 * mlx5_ib's QP error line: "%s/%d: QP %d error: %s (0x%x 0x%x 0x%x)",
	 * the text ib_wc_status_msg() of the CQE syndrome (mlx5_ib_qp_err_syndrome(),
	 * drivers/infiniband/hw/mlx5/qp.c), filled in.
	 */
#define MLX5QP "kernel drivers/infiniband/hw/mlx5/qp.c mlx5_ib_qp_err_syndrome()"
	{ "rocep2s0/1: QP 137 error: unrecognized status (0x41 0x0 0x0)",
	  "kernel.mlx5_qp_error kernel.mlx5_qp_rnr", "linux-rdma list, " MLX5QP },
	{ "mlx5_0/1: QP 24 error: general error (0x81 0x0 0x0)",
	  "kernel.mlx5_qp_error kernel.mlx5_qp_retry", MLX5QP },
	{ "mlx5_0/1: QP 24 error: fatal error (0x88 0x0 0x0)",
	  "kernel.mlx5_qp_error kernel.mlx5_qp_rem_access", MLX5QP },
	{ "mlx5_0/1: QP 24 error: response timeout error (0x89 0x0 0x0)",
	  "kernel.mlx5_qp_error kernel.mlx5_qp_rem_op wc.resp_timeout_err", MLX5QP },
	{ "mlx5_0/1: QP 24 error: operation aborted (0x0 0x0 0x0)",
	  "kernel.mlx5_qp_error kernel.mlx5_qp_bad_resp", MLX5QP },
	{ "mlx5_0/1: QP 24 error: invalid EE context number (0x0 0x0 0x0)",
	  "kernel.mlx5_qp_error kernel.mlx5_qp_loc_access wc.inv_eecn_err", MLX5QP },
	{ "mlx5_0/1: QP 24 error: invalid EE context state (0x0 0x0 0x0)",
	  "kernel.mlx5_qp_error kernel.mlx5_qp_rem_inv_req wc.inv_eec_state_err", MLX5QP },
	{ "mlx5_core 0000:01:00.0: mlx5_pcie_event:301:(pid 0): Detected insufficient power on "
	  "the PCIe slot (27W).", "kernel.mlx5_pcie_power",
	  "kernel drivers/net/ethernet/mellanox/mlx5/core/events.c" },
	{ "mlx5_core 0000:3b:00.0: wait_func:1140:(pid 1234): CREATE_QP(0x500) timeout. Will "
	  "cause a leak of a command resource", "kernel.mlx5_cmd_timeout",
	  "kernel drivers/net/ethernet/mellanox/mlx5/core/cmd.c wait_func()" },
	{ "infiniband mlx5_0: create_mkey_callback:131:(pid 0): async reg mr failed. status -12",
	  "kernel.mlx5_mkey_async", "kernel drivers/infiniband/hw/mlx5/mr.c" },
	{ "nvme nvme0: Connect rejected: status 8 (invalid service ID).",
	  "kernel.nvme_rdma_rejected", "kernel drivers/nvme/host/rdma.c nvme_rdma_conn_rejected()" },
	{ "May 10 11:58:25 jenkins03 kernel: mlx5_warn:mlx5_0:reg_klm:1260:(pid 15965): "
	  "allocation failed", "kernel.mlx5_ib_alloc",
	  "MLNX_OFED mlx5_ib mlx5_ib_warn() (openucx/ucx#1487)" },
	{ "Failed to write to /dev/nvme-fabrics: Invalid argument", "nvme.fabrics_einval",
	  "nvme-cli fabrics.c add_ctrl() (spdk/spdk#900)" },
	{ "Failed to write to /dev/nvme-fabrics: Connection reset by peer",
	  "nccl.socket_closed nvme.fabrics_connect",
	  "nvme-cli fabrics.c add_ctrl() (spdk/spdk#697)" },
	{ "nvme_fabrics: no handler found for transport rdma.", "kernel.nvme_no_transport",
	  "kernel drivers/nvme/host/fabrics.c nvmf_create_ctrl()" },
	{ "No trsvcid specified for 'rdma'", "nvme.no_trsvcid",
	  "libnvme nvme_create_ctrl() (linux-nvme/libnvme#295)" },
	{ "nvmet_rdma: failed to create_qp ret= -12", "kernel.ulp_create_qp",
	  "kernel drivers/nvme/target/rdma.c nvmet_rdma_create_queue_ib()" },
	/* NFS over RDMA, the client: net/sunrpc/xprtrdma/verbs.c (RHEL 7) */
#define XPRTRDMA "kernel net/sunrpc/xprtrdma/verbs.c"
	{ "rpcrdma: connection to 192.168.1.10:20049 closed (-111)",
	  "nfs.rpcrdma_refused nfs.rpcrdma_closed", XPRTRDMA },
	{ "rpcrdma: connection to 192.168.1.10:20049 closed (-103)", "nfs.rpcrdma_closed",
	  XPRTRDMA },
	{ "RPC:       rpcrdma_qp_async_error_upcall: QP fatal error on device mlx5_0 ep "
	  "ffff88085d5b0a00", "nfs.rpcrdma_async", XPRTRDMA },
	{ "RPC:       rpcrdma_recvcq_process_wc: rep ffff8808468c7000: local length error",
	  "nfs.rpcrdma_wc wc.loc_len_err", XPRTRDMA },
	{ "RPC:       rpcrdma_ep_connect: can't reconnect on different device!",
	  "nfs.rpcrdma_other_device", XPRTRDMA },
	/* UCX: src/uct/ib/base/ib_md.c, src/ucp/core/ucp_mm.c, src/ucs/memory/rcache.c */
	{ "ib_md.c:1320 UCX  ERROR ibv_open_device(mlx5_2) failed: Cannot allocate memory",
	  "ucx.open_device_enomem ucx.open_device", "UCX ib_md.c ucs_error() format" },
	{ "ib_md.c:1320 UCX  ERROR ibv_open_device(mlx5_0) failed: Permission denied",
	  "verbs.eperm ucx.open_device", "UCX ib_md.c ucs_error() format" },
	{ "ucp_mm.c:76   UCX  ERROR failed to register address 0x302000000 (cuda) length "
	  "536870912 on md[5]=mlx5_2: Input/output error (md supports: host|cuda)",
	  "ucx.reg_failed", "UCX ucp_mm.c (rapidsai/rapidsmpf#69)" },
	{ "rcache.c:534  UCX  WARN  failed to register region 0x9c03e0 [0x108abb0..0x108cbb0]: "
	  "Input/output error", "ucx.reg_failed", "UCX rcache.c (openucx/ucx#2702)" },
	/* libfabric's verbs provider, Open MPI's openib BTL and BML */
	{ "libfabric:verbs:fabric:fi_ibv_get_device_attrs():550<warn> There are no active ports",
	  "libfabric.no_active_ports", "libfabric prov/verbs (ofiwg/libfabric#5149)" },
	{ "The InfiniBand retry count between two MPI processes has been", "ompi.retry_exceeded",
	  "Open MPI help-mpi-btl-openib.txt btl_openib:retry-exceeded" },
	{ "[[31705,1],77][btl_openib_component.c:2951:handle_wc] from scifachpc-c06n01 to: "
	  "scifachpc-c06n03 error polling LP CQ with status RETRY EXCEEDED ERROR status number 12 "
	  "for wr_id 294230912 opcode 1  vendor error 129 qp_idx 1", "wc.retry_exc_err",
	  "Open MPI btl_openib_component.c (users mailing list)" },
	{ "RETRY EXCEEDED ERROR status number 12 for wr_id 294230912 opcode 1  vendor",
	  "wc.retry_exc_err", "the same, wrapped by the mail archive" },
	{ "The OpenFabrics stack has reported a network error event.  Open MPI",
	  "ompi.network_event", "Open MPI help-mpi-btl-openib.txt (users mailing list)" },
	{ "  Error number:      10 (IBV_EVENT_PORT_ERR)", "verbs.async_port_err",
	  "Open MPI help-mpi-btl-openib.txt of error event, enum ibv_event_type" },
	{ "  Error number:      8 (IBV_EVENT_DEVICE_FATAL)", "verbs.async_device_fatal",
	  "the same help text, enum ibv_event_type" },
	{ "At least one pair of MPI processes are unable to reach each other for",
	  "ompi.unreachable", "Open MPI help-mca-bml-r2.txt (open-mpi/ompi#3573)" },
	/* SPDK: lib/nvmf/rdma.c, lib/rdma/common.c */
	{ "rdma.c:3316:spdk_nvmf_rdma_poll_group_create: *ERROR*: Unable to create completion queue",
	  "verbs.create_cq_pd spdk.queue_create", "SPDK lib/nvmf/rdma.c (spdk/spdk#1358)" },
	{ "common.c: 269:spdk_rdma_srq_create: *ERROR*: Unable to create SRQ, errno 22 (Invalid "
	  "argument)", "spdk.queue_create", "SPDK lib/rdma/common.c (spdk/spdk#2275)" },
	/* librdmacm's address and endpoint helpers, perftest -R */
	{ "rdma_getaddrinfo: No such device", "rdma_cm.getaddrinfo",
	  "librdmacm examples rdma_server.c (SoftRoCE/rxe-dev#65)" },
	{ "rdma_create_ep: No such device", "rdma_cm.getaddrinfo",
	  "librdmacm examples rdma_client.c perror(\"rdma_create_ep\")" },
	{ "rdma_resolve_addr: No such device", "rdma_cm.addr_error",
	  "librdmacm examples rping.c perror(\"rdma_resolve_addr\")" },
	{ "rdma_resolve_route: Connection timed out", "rdma_cm.route_error",
	  "librdmacm examples perror(\"rdma_resolve_route\")" },
	{ "rdma_connect: Connection refused", "rdma_cm.connect",
	  "librdmacm examples rping.c perror(\"rdma_connect\")" },
	{ "wait for CONNECTED state 4", "rdma_cm.connect", "librdmacm examples rping.c" },
	{ "RDMA CM event error:", "perftest.rdma_cm_event",
	  "perftest src/perftest_communication.c rdma_cm_events_dispatcher()" },
	{ "Failed to disconnect RDMA CM connection.", "perftest.cm_disconnect",
	  "perftest src/perftest_communication.c (linux-rdma/perftest#121)" },
	{ " Did not detect devices ", "verbs.no_device", "perftest src/perftest_resources.c" },
	/* QP events by ibv_event_type_str() (rdma-core enum_strs.c), as NCCL prints them */
	{ "transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_0:1 Got async event : local access "
	  "violation work queue error", "verbs.async_qp_access nccl.async_event",
	  "NCCL net_ib.cc (NVIDIA/nccl#1710)" },
	{ "transport/net_ib.cc:154 NCCL WARN NET/IB : mlx5_1:1 async fatal event on QP "
	  "(0x7309dc3bb338): invalid request local work queue error",
	  "verbs.async_qp_req nccl.async_event", "NCCL net_ib.cc (NVIDIA/nccl#1919)" },
	{ "NCCL WARN NET/IB : mlx5_0:1 async fatal event on QP (0x7f3c0c0dd2a8): local work "
	  "queue catastrophic error", "verbs.async_qp_fatal nccl.async_event",
	  "NCCL net_ib.cc format, enum_strs.c IBV_EVENT_QP_FATAL" },
	{ "misc/socket.cc:533 NCCL WARN socketPollConnect: Connect to 10.0.0.4<56849> returned "
	  "113(No route to host) errno 115(Operation now in progress)", "nccl.bootstrap_connect",
	  "NCCL misc/socket.cc (sgl-project/sglang#3820)" },
	{ "[1716594409.541480] [gpu1:1581047:0] sock.c:323 UCX ERROR connect(fd=87, "
	  "dest_addr=172.17.0.1:47133) failed: Connection refused", "ucx.sock_connect",
	  "UCX src/ucs/sys/sock.c (openucx/ucx#9908)" },
	{ "ucp_context.c:1774 UCX  WARN  UCP version is incompatible, required: 1.15, actual: "
	  "1.12 (release 1)", "ucx.version", "UCX ucp_context.c (NVIDIA/nccl-tests#185)" },
	{ "mpool.c:269  UCX  ERROR Failed to allocate memory pool (name=ucp_rndv_frags) chunk: "
	  "Input/output error", "ucx.reg_failed ucx.mpool_chunk", "UCX mpool.c (rapidsai/rapidsmpf#69)" },
	{ "ib_iface.c:1037 UCX  ERROR ibv_create_srq() failed: Cannot allocate memory",
	  "verbs.create_cq_pd", "UCX src/uct/ib/base/ib_iface.c format" },
	/* a driver that does not bring its device up: drivers/base/dd.c, mlx5 main.c */
	{ "[    5.662202] mlx5_core 0000:01:00.0: mlx5_load_one failed with error code -22",
	  "kernel.mlx5_init_failed", "mlx5_core main.c (Synology DS918+ thread, corpus 134)" },
	{ "[    5.663152] mlx5_core: probe of 0000:01:00.0 failed with error -22",
	  "kernel.probe_failed", "drivers/base/dd.c (the same thread)" },
	{ "[    5.502207] mlx5_core 0000:01:00.0: handle_hca_cap failed", "kernel.mlx5_init_failed",
	  "mlx5_core main.c of older kernels (the same thread)" },
	{ "ice 0000:18:00.0: HMC Error interrupt - info 0x1, data 0x0", "kernel.hmc_error",
	  "ice_main.c ice_misc_intr() format" },
	{ "irdma0: HMC Error", "kernel.irdma kernel.hmc_error",
	  "irdma hw.c ibdev_err(\"HMC Error\") (linux-rdma list)" },
	{ "nvme nvme1: failed to initialize pi mr pool sized 128 for qid 1 ",
	  "kernel.nvme_rdma_mr_pool", "nvme host rdma.c (openucx/ucx thread, corpus 132)" },
	/* UCX's direct verbs, its speed table */
	{ "dc_mlx5.c:329  UCX  ERROR mlx5dv_create_qp(mlx5_0:1, DCI): failed: Invalid argument",
	  "ucx.dv_create", "UCX src/uct/ib/dc/dc_mlx5.c (openucx/ucx, corpus 149)" },
	{ " rc_iface.c:650  UCX  ERROR Failed to create TM XRQ: No route to host", "ucx.dv_create",
	  "UCX src/uct/ib/rc/base/rc_iface.c (corpus 150)" },
	{ "ib_mlx5_dv.c:161  UCX  ERROR   mlx5dv_devx_obj_create(QP) failed, syndrome 0: Cannot "
	  "allocate memory", "ucx.dv_create_enomem ucx.dv_create",
	  "UCX src/uct/ib/mlx5/dv/ib_mlx5_dv.c (corpus 153)" },
	{ "[1677010492.951559] [updsb-vm-0:2754 :0]       ib_iface.c:1549 UCX ERROR Invalid "
	  "active_speed on mlx5_ib0:1: 128", "ucx.active_speed",
	  "UCX ib_iface.c (Azure HPC images documentation)" },
	/* libfabric's EFA provider (prov/efa/src/efa_errno.h), its verbs provider */
	{ "Libfabric EFA provider has encountered an internal error:", "libfabric.efa_internal",
	  "libfabric prov/efa (aws-samples troubleshooting, corpus 151)" },
	{ "Libfabric error: (-12) Cannot allocate memory", "libfabric.enomem", "the same" },
	{ "EFA internal error: (4112) Failure to post internal receive buffers",
	  "libfabric.efa_internal", "the same" },
	{ "prov/verbs: ibv_create_cq: Invalid argument(22)",
	  "verbs.create_cq_pd verbs.create_cq_einval", "libfabric prov/verbs (ofiwg/libfabric#8256)" },
	{ "ib_iface.c:618  UCX  ERROR ibv_create_cq(cqe=4096) failed: Invalid argument",
	  "verbs.create_cq_pd verbs.create_cq_einval", "UCX ib_iface.c (openucx/ucx#4556)" },
	{ "libfabric:12345:1690000000::verbs:core:vrb_open_device_by_name():303<warn> "
	  "ibv_open_device: Permission denied(13)", "verbs.eperm",
	  "libfabric prov/verbs VRB_WARN_ERRNO format, as in libfabric#8256" },
	/* the same failures as other programs word them */
	{ "MPIDI_CH3I_RDMA_init(446):  rdma_iba_hca_init(1636)..: cannot create cq",
	  "verbs.create_cq_pd", "MVAPICH2 rdma_iba_hca_init() (flux-framework, corpus 136)" },
	{ "ib_iface.c:1105 UCX  ERROR iface=0x1c5e0e0: failed to create RC QP TX wr:256 sge:5 "
	  "inl:64 RX wr:0 sge:0 inl 0: Cannot allocate memory", "verbs.create_qp",
	  "UCX ib_iface.c uct_ib_iface_create_qp() format" },
	{ "Fail to open rdma device", "verbs.open_device", "brpc rdma_helper.cpp (corpus 156)" },
	{ "ibv_post_send return error 12", "verbs.post_failed", "UCCL (uccl-project/uccl, corpus "
	  "154)" },
	{ "Couldn't get local LID", "pingpong.no_lid", PP },
	{ "poll CQ failed -1", "verbs.poll_cq", PP },
	{ "ib_device.c:1235 UCX  ERROR ibv_query_gid(dev=mlx5_0 port=1 index=3) failed: Invalid "
	  "argument", "verbs.query_gid", "UCX ib_device.c format" },
	{ "ib_md.c:349  UCX  ERROR ibv_reg_mr(address=0x7f1c2e000000, length=4294967296, "
	  "access=0xf) failed: Cannot allocate memory", "verbs.reg_mr", "UCX ib_md.c format" },
	{ "rdma_listen: Address already in use", "rdma_cm.addr_in_use rdma_cm.bind_addr",
	  "librdmacm examples rping.c perror(\"rdma_listen\") (corpus 146)" },
	/* Mooncake, Open MPI, the Kubernetes scheduler */
	{ "Device erdma_0 GID 1 not available: Invalid argument [22]", "mooncake.gid_unavailable",
	  "Mooncake rdma_context.cpp (kvcache-ai/Mooncake#53)" },
	{ "[cn0022:4071024] pml_ucx.c:309  Error: Failed to create UCP worker", "ompi.ucp_worker",
	  "Open MPI pml_ucx.c (openucx/ucx#8229)" },
	{ "[node:12345] btl_openib_component.c:1670:init_one_device] error obtaining device "
	  "attributes for mlx5_0 errno says Invalid argument", "ompi.device_attrs",
	  "Open MPI btl_openib_component.c format" },
	{ "0/3 nodes are available: 3 Insufficient rdma/hca_shared_devices_a.", "k8s.insufficient",
	  "kube-scheduler's 'Insufficient' message for the shared device plugin's resource" },
	/* the fourth held-out set's families, from their sources */
	{ "Couldn't register GPU MR", "verbs.reg_mr",
	  "Mellanox/gpu_direct_rdma_access sample (corpus 169)" },
	{ "[ 3664.472868] nvmet_rdma: binding CM ID to 10.0.0.185:4420 failed (-19)",
	  "kernel.ulp_cm_bind", "nvme target rdma.c (pkoutoupis/rapiddisk#145, corpus 170)" },
	{ "0 HCAs found", "verbs.no_device", "rdma-core ibv_devinfo -l format (corpus 174)" },
	{ "[1581627489.217854] [upstreamhost1:195530:0]       ib_verbs.h:84   UCX  ERROR "
	  "ibv_exp_query_device(mlx5_0) returned 38: No space left on device", "ompi.exp_verbs",
	  "UCX ib_verbs.h (openucx/ucx#4770, corpus 176)" },
	{ "ncclInternalError: Internal check failed. | NET/OFI Unable to insert remote address "
	  "into address vector for device 1", "libfabric.av_insert nccl.error_summary",
	  "aws-ofi-nccl (aws/aws-ofi-nccl#663, corpus 181)" },
	{ "EAL: FATAL: Cannot get hugepage information.", "dpdk.no_hugepages",
	  "DPDK EAL under SPDK (spdk/spdk#1050, corpus 182)" },
	{ "Unable to find a soft-roce device", "verbs.device_not_found",
	  "openucx/ucx#9207 title (corpus 164)" },
	/* NCCL's rings (graph/rings.cc), its completion error as people quote it */
	{ "NCCL WARN Error : ring 1 does not loop back to start (3 != 1)",
	  "nccl.ring_inconsistent", "NCCL graph/rings.cc" },
	{ "NCCL WARN Error : ring 1 does not contain rank 0", "nccl.ring_inconsistent",
	  "NCCL graph/rings.cc" },
	{ "Distributed model training with nccl error\xef\xbc\x9aNCCL WARN NET/IB Got completion "
	  "error 12", "nccl.completion_error wc.retry_exc_err", "NVIDIA/nccl thread title (corpus "
	  "159)" },
	{ "work request complete err: status 5 and vendor err 249", "wc.wr_flush_err",
	  "NVIDIA/nccl thread title (corpus 126)" },
	{ "Getting \"error reading cq (-259)\" with fi_write() (err 5 prov_errno 10)",
	  "libfabric.cq_readerr wc.rem_access_err", "ofiwg/libfabric thread (corpus 155)" },
	/* more messages in the tools' own words (explain_more.c) */
	{ "dgxh100-3:225140:225355 [0] proxy.cc:1519 NCCL WARN [Proxy Service 1] Failed to "
	  "execute operation Connect from rank 1, retcode 2", "nccl.proxy_failed",
	  "NVIDIA/nccl-tests#185" },
	{ "msm-h200-2:4011:4650 [2] proxy.cc:1533 NCCL WARN [Service thread] Error encountered "
	  "progressing operation=Connect, res=3, closing connection", "nccl.proxy_failed",
	  "deepseek-ai/DeepEP#143" },
	{ "[1547681254.659353] [dgx05:81859:0]   ucp_listener.c:263  UCX  ERROR none of the "
	  "available transports can listen for connections on 0.0.0.0:6452",
	  "ucx.listen_none ucx.listen_wildcard",
	  "openucx/ucx#3139" },
	{ "[1624302032.434803] [fj024:33393:0]          ib_md.c:348  UCX  ERROR ibv_reg_mr(address"
	  "=0x400026200000, length=10485760, access=0x10000f) failed: Invalid argument. "
	  "Application is using HUGE pages. Please set environment variable "
	  "RDMAV_HUGEPAGES_SAFE=1", "verbs.reg_mr ucx.hugepages_safe", "openucx/ucx#6985" },
	{ "Couldn't get device attributes", "perftest.device_attrs", "ofiwg/libfabric#5149" },
	{ " Requested SQ size might be too big. Try reducing TX depth and/or inline size.",
	  "perftest.sq_too_big", "perftest perftest_resources.c" },
	{ " Current TX depth is 128 and inline size is 220 .", "perftest.sq_too_big",
	  "perftest perftest_resources.c" },
	{ "/home/nvshmem_src/src/modules/transport/ibrc/ibrc.cpp:nvshmemt_init:1851: neither "
	  "nv_peer_mem, or nvidia_peermem detected. Skipping transport.", "nvshmem.no_peermem",
	  "deepseek-ai/DeepEP#55 (corpus 228)" },
	{ "rdma_rxe module not loaded", "rxe.module_not_loaded",
	  "SoftRoCE/rxe-dev#75, rxe_cfg (corpus 214)" },
	{ "Failed to open device", "verbs.devinfo_open_failed",
	  "hustcat/k8s-rdma-device-plugin#8, ibv_devinfo (corpus 217)" },
	{ "Failed to register memory 0x2e1cbac200: Bad address [14]", "verbs.reg_mr verbs.bad_address",
	  "corpus 210" },
	{ "Open MPI failed an OFI Libfabric library call (fi_endpoint).  This is highly",
	  "ompi.ofi_call_failed", "Open MPI help-mtl-ofi.txt, as R package checks quote it" },
	{ "c4-n43:pid784059: PSM3 can't open nic unit: 0 (err=23)", "psm3.open_nic",
	  "PSM3 under Open MPI, as R package checks quote it" },
	{ "localhost:pid3932007.R: Unable to create send CQ of size 5080 on mlx5_0: Cannot "
	  "allocate memory", "psm3.create_cq", "PSM3 under Open MPI, as R package checks quote it" },
	{ "mm_posix.c:195 UCX  ERROR shared memory error: open(file_name=/proc/32/fd/29 flags=0x0) "
	  "failed: No such file or directory", "ucx.shm_proc_open", "UCX mm_posix.c" },
	{ "mm_posix.c:195  UCX  ERROR open(file_name=/proc/211766/fd/28 flags=0x0) failed: "
	  "Permission denied", "ucx.shm_proc_open",
	  "UCX mm_posix.c, quoted in a Chinese HPC note" },
	{ "mm_ep.c:149  UCX  ERROR mm ep failed to connect to remote FIFO id 0xc000000700033b36: "
	  "Shared memory error", "ucx.shm_proc_open", "UCX mm_ep.c, the same note" },
	{ "[thetagpu19:4178252:0]    ucp_context.c:1114 UCX  ERROR exceeded transports/devices "
	  "limit (72 requested, up to 64 are supported)", "ucx.resource_limit",
	  "UCX ucp_context.c, quoted in an HPC build script" },
	{ "UCX  ERROR Failed to allocate memory pool chunk: Input/output error", "ucx.mpool_chunk",
	  "UCX mpool.c, quoted in a Slurm job script" },
	{ "[localhost:78   :0]       tcp_iface.c:893  UCX  ERROR scandir(/sys/class/net) failed: "
	  "No such file or directory", "ucx.no_sysfs", "UCX tcp_iface.c, quoted in a Nix build" },
	{ "UCX  WARN  transports 'cuda_copy','cuda_ipc' are not available, please use one or more "
	  "of: cma, dc, self, shm, sm, sysv, tcp", "ucx.device_unavailable",
	  "UCX ucp_context.c, quoted in a Julia MPI note" },
	{ "1: [gpu02:05215] pml_ucx.c:472  Error: Failed to resolve UCX endpoint for rank 0",
	  "ompi.ucx_endpoint", "Open MPI pml_ucx.c, quoted in a Slurm note" },
	{ "select.c:630 UCX  ERROR no copy across memory types transport to <no debug data>: "
	  "Unsupported operation", "ucx.no_memtype_copy", "UCX select.c" },
	{ "uct_iface.c:158 UCX  ERROR Transport 'rc_mlx5' does not exist", "ucx.no_transport",
	  "UCX uct_iface.c" },
	{ "NCCL WARN [Service thread] Could not receive type from localRank 0, res=3, closed=1",
	  "nccl.proxy_service_recv", "NCCL proxy.cc format string" },
	{ "NCCL WARN NET/Socket : peer 10.0.0.2<35343> message truncated : receiving 1048576 bytes "
	  "instead of 4", "nccl.socket_truncated", "NCCL socket.cc format string" },
	{ "NCCL WARN Cuda failure 'invalid device ordinal'", "nccl.cuda_failure",
	  "NCCL CUDACHECK format string" },
	{ "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, "
	  "NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600318 milliseconds before timing "
	  "out.", "pytorch.watchdog_timeout", "PyTorch ProcessGroupNCCL.cpp" },
	{ "UCT/IB: Disable RDMA transport in case of too low memlock limit value", "title.memlock",
	  "openucx/ucx#8715 title" },
	{ "docker rdma communication memory region error", "title.container",
	  "DKE-Graph/dke-graph#5 title" },
	{ "Dmesg Reads that PCIe Bandwidth is limited to 2.5 GT/s PCIe x4", "title.pcie",
	  "fpgadeveloper/fpga-drive-aximm-pcie#30 title" },
	{ "[Z9332][202012]: PFC WD is not working", "title.congestion",
	  "sonic-net/sonic-buildimage#8483 title" },
	{ "E0110 16:55:35.140089 281933 rdma_context.cpp:387] ibv_get_device_list failed",
	  "verbs.no_device", "kvcache-ai/Mooncake#75" },
	{ "E0110 16:55:35.140093 281933 rdma_context.cpp:66] Failed to open device erdma_0 on port  "
	  "with GID 0", "mooncake.open_device", "kvcache-ai/Mooncake#75" },
	{ "IB VF which mounted in Pod is Down, Cannot run ib_write_bw Test", "title.port",
	  "thread title (corpus 270)" },
	{ "[ 6587.951447] ib_write_bw[46826]: segfault at 0 ip 00007f3c957ef3b0 sp "
	  "00007fff4e973b10 error 4 in librdmacm.so.1.3.37.0[7f3c957e9000+15000]",
	  "kernel.librdmacm_crash", "kernel's segfault report (corpus 278)" },
	{ "[  350.898268] traps: ib_send_lat[30527] trap stack segment ip:7f374b039651 "
	  "sp:7ffcf1ae0130 error:0 in librdmacm.so.1.2.29.0[7f374b030000+18000]",
	  "kernel.librdmacm_crash", "kernel's trap report (corpus 239)" },
	{ "[2025-12-28 16:04:25] llama-3-8b-node-0-0:152:386 [0] int nccl_net_ofi_create_plugin("
	  "nccl_net_ofi_plugin_t**):259 NCCL WARN NET/OFI Unable to find a protocol that worked.  "
	  "Failing initialization.", "aws_ofi.no_provider", "aws-ofi-nccl nccl_ofi_net.c" },
	{ "NCCL WARN NET/IB : Remote IB device is incompatible with the local [0]mlx5_0:1/RoCE.",
	  "nccl.link_layer_mismatch", "NCCL with the HPC-X plugin, quoted in a training script" },
	{ "include/shm.h:28 NCCL WARN Call to posix_fallocate failed: No space left on device",
	  "nccl.shm_extend", "NCCL 2.7 shm.h, quoted in a PaddlePaddle test" },
	{ "[2026-05-22 10:26:17] d4fde3314201:13737:13737 [4] misc/shmutils.cc:132 NCCL WARN Error "
	  "while attaching to shared memory segment /dev/shm/nccl-n8MtBp (size 0), error: No such "
	  "file or directory (2)", "nccl.shm_attach", "NCCL shmutils.cc, a pasted log" },
	{ "[2025-08-22 17:44:36] A800:6801:6839 [1] ras/client_support.cc:159 NCCL WARN Call to "
	  "bind failed: Address already in use", "nccl.ras_bind", "NCCL RAS, a pasted log" },
	{ "infiniband hns_0: failed to modify QP, ret = -22", "kernel.hns_roce",
	  "drivers/infiniband/hw/hns/hns_roce_hw_v2.c ibdev_err format" },
	{ "mlx5_core 0000:3b:00.0: poll_health:821:(pid 0): Fatal error 1 detected",
	  "kernel.mlx5_health", "drivers/net/ethernet/mellanox/mlx5/core/health.c" },
	{ "net_mlx4: cannot list devices, is ib_uverbs loaded?", "host.module_asked",
	  "DPDK drivers/net/mlx4 (corpus 240)" },
	{ "10.0.0.101: nvlsm: ibwarn: [15] umad_init: can't read ABI version from "
	  "/sys/class/infiniband_mad/abi_version (No such file or directory): is ib_umad module "
	  "loaded?", "host.module_asked", "libibumad umad.c (corpus 241)" },
	{ "[  350.785441] [qedr_check_qp_attrs:1202(qedr1)]create qp: unsupported inline data "
	  "size=0xec requested (max_inline=0x80)", "kernel.qedr_inline",
	  "drivers/infiniband/hw/qedr/verbs.c (corpus 239)" },
	{ "ud_iface.c:305 Assertion 'qp_init_attr.cap.max_inline_data >= UCT_UD_MIN_INLINE' "
	  "failed", "ucx.min_inline_assert", "UCX ud_iface.c (corpus 238)" },
	{ "W0116 05:27:02.295550 20488 topology.cpp:47] Device path /dev/infiniband/mlx5_0 does "
	  "not exist", "mooncake.device_path", "Mooncake topology.cpp (corpus 232)" },
	{ "[76463.688326] nv_peer_mem: Unknown symbol ib_register_peer_memory_client (err -22)",
	  "kernel.unknown_symbol kernel.peermem", "Mellanox/nv_peer_memory (corpus 243)" },
	{ "rpcrdma: connection to 192.168.1.2:20049 rejected: stale conn", "nfs.rpcrdma_refused",
	  "net/sunrpc/xprtrdma/verbs.c: \"rpcrdma: connection to %pISpc rejected: %s\"" },
	{ "rc_iface.c:1081 UCX  ERROR error modifying QP to RTR: Resource temporarily unavailable",
	  "errno.eagain", "openucx/ucx#2973" },
	{ "    rocep193s0f0/1: QP N error: unrecognized status (0x22 0x0 0x95)",
	  "kernel.mlx5_qp_rnr", "mlx5_ib with the QP number redacted (corpus seen/056)" },
	{ "[Bug]: nvcr.io/nvidia/cuda:12.6.3-devel-ubuntu22.04 (aarch64/sbsa) does not include "
	  "libibverbs.so, preventing NCCL from using IB/RoCE transport", "nccl.no_libibverbs",
	  "NVIDIA/nvidia-container-toolkit thread title (corpus seen/189)" },
	/* drivers asking for newer firmware (explain_firmware.c) */
	{ "[  939.318810] mlx4_en 0000:0d:00.0: LSO not supported, please upgrade to later FW "
	  "version to enable LSO", "kernel.fw_upgrade",
	  "clustervision/trinity thread (corpus seen/190), mlx4 en_main.c" },
	/* NCCL's and UCX's setup failures (explain_nccl_ucx.c) */
	{ "NCCL WARN Error: failed to extend /dev/shm/nccl-03v824 to 4194660 bytes",
	  "nccl.shm_extend", "NCCL user guide, troubleshooting: shared memory (shmutils.cc)" },
	{ "NCCL WARN Failed to initialize any NET plugin", "nccl.no_net_plugin",
	  "getainode/ainode#87 (NCCL init)" },
	{ "[1585882859.110274] [149a368e-ef8d-493a-b46f-2e23bde3f0a1:63427:0]      "
	  "ib_device.c:918  UCX  ERROR Invalid gid[0] on mlx5_6:1", "ucx.invalid_gid",
	  "openucx/ucx#4966 (ib_device.c)" },
	{ "aigc-maas-instance-leader-0:88:159 [0] NCCL error: unhandled system error",
	  "nccl.system_error", "NVIDIA/nccl#1657 (corpus seen/183), ncclGetErrorString()" },
	{ "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1691, remote "
	  "process exited or there was a network error, NCCL version 2.19.3", "nccl.remote_error",
	  "ncclGetErrorString(ncclRemoteError) as PyTorch prints it" },
	{ "ncclRemoteError: A call failed possibly due to a network error or a remote process "
	  "exiting prematurely.", "nccl.remote_error", "PyTorch NCCLUtils getNcclErrorDetailStr()" },
	{ "sharbox-ultra:204802:204835 [1] /home/elias/rccl/build/release/hipify/src/proxy.cc:1148 "
	  "NCCL WARN Socket recv failed while polling for opId=0x7fe95066b760", "nccl.proxy_recv",
	  "an RCCL log (proxy.cc)" },
	/* host listings and summary lines (explain_listings.c) */
	{ "                        state:                  PORT_DOWN (1)", "listing.port_down",
	  "ibv_devinfo in openucx/ucx#3787" },
	{ "link mlx5_1/1 state DOWN physical_state DISABLED netdev ens1f1", "listing.port_down",
	  "iproute2 rdma link format" },
	{ "    state:    PORT_INIT (2)", "listing.port_init",
	  "ibv_devinfo in Mellanox/network-operator#1646" },
	{ "n_gids_found=0", "listing.no_gid", "show_gids in Mellanox/k8s-rdma-sriov-dev-plugin#30" },
	{ "ls: cannot access '/sys/class/infiniband': No such file or directory",
	  "listing.no_rdma_class", "coreutils ls on a host without RDMA devices" },
	{ "4: enp94s0f1: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 1500 qdisc mq state DOWN group "
	  "default qlen 1000", "listing.no_carrier", "ip a in ofiwg/libfabric#5149" },
	{ "Mooncake picks a link-local RoCE GID on ionic NICs, requiring a manual MC_GID_INDEX "
	  "override", "title.gid", "kvcache-ai/Mooncake issue title (corpus seen/173)" },
	{ "nccl-tests crash when gdr is enabled", "title.gpudirect",
	  "NVIDIA/nccl-tests issue title (corpus seen/178)" },
	{ "fix: dynamic MTU detection to fix RoCE connection failures (TICKET-9)", "title.mtu",
	  "autoscriptlabs/nccl-mesh-plugin#12 title" },
	{ "h:1:2 [0] transport/net_ib.cc:125 NCCL WARN NET/IB : No IP interface found.",
	  "nccl.ib_no_ip_interface", "NCCL net_ib.cc format" },
	{ "h:1:2 [0] transport/net_ib.cc:160 NCCL WARN NET/IB : Unable to query device mlx5_0",
	  "nccl.ib_query_failed", "NCCL net_ib.cc format" },
	{ "NCCL WARN Could not find real path of mlx5_0 (/sys/class/infiniband/mlx5_0/device)",
	  "nccl.ib_no_real_path", "NCCL net_ib.cc format" },
	{ "NCCL WARN NET/IB : req 0/1 tag 7 peer 10.0.0.2<4242> collective mismatch error, local "
	  "size 1024 remote size 512", "nccl.ib_collective_mismatch", "NCCL net_ib.cc format" },
	{ "NCCL WARN NET/IB : unable to allocate requests", "nccl.ib_requests_exhausted",
	  "NCCL net_ib.cc format" },
	{ "[h:123:0] ib_md.c:100 UCX WARN  IB: ibv_fork_init() was disabled or failed, yet a "
	  "fork() has been issued.", "ucx.fork_unsafe", "UCX ib_md.c format" },
	{ "[h:123:0] ib_device.c:300 UCX ERROR ibv_query_device(mlx5_0) returned 38: Function not "
	  "implemented", "errno.enosys", "UCX ib_device.c format" },
	{ "rdma client: connect to server failed: Connection refused (qp 0x12)",
	  "errno.econnrefused", "an example wording (no tool's)" },
	{ "mr_server: cannot bind RDMA listener on 10.0.0.5: Cannot assign requested address",
	  "errno.eaddrnotavail", "an example wording (no tool's)" },
	{ "[verbs] failed to reach peer qp: errno 113 (No route to host)", "errno.eunreach",
	  "an example wording (no tool's)" },
	{ "# lsmod | grep nv_peer", "listing.peermem_check", "corpus seen/163 (Mellanox/nv_peer_memory)" },
	/* an errno no other entry knows in that wording (explain_errno.c) */
	{ "_qp_reset_failed_sends Failed to post a send for the qpair 0x7fa3380e6e20 with errno -12",
	  "errno.enomem", "spdk/spdk#3195" },
	{ "[Rank    0]: Error 22 (Invalid argument) at (.../GPI-2-1.3.0/src/devices/ib/GPI2_IB.c:"
	  "813):Failed to modify QP (libibverbs)", "errno.einval_qp", "cc-hpc-itwm/GPI-2#47" },
	{ "rdma_create_srq failed: Invalid argument", "errno.einval",
	  "rdma_create_srq(3) failing with EINVAL, as a program prints it" },
	{ "Error 110 on rdma_accept", "errno.etimedout", "spdk/spdk#996" },
	{ " VMA WARNING: ib_ctx_collection82:map_ib_devices() Failure in rdma_get_devices() "
	  "(error=19 No such device)", "errno.enodev", "Mellanox/libvma#41" },
	{ "Rank 1 on node-b could not open erdma_1 (Permission denied, errno 13)", "errno.eperm",
	  "NVIDIA/nccl#2428 (the warning proposed there)" },
	/* the kernel's neighbour lookup, rdma_cm's QP, loaders, Gloo, QEMU, DPDK */
	{ "ib_device.c:1451 UCX ERROR ibv_create_ah(dlid=0 sl=0 port=1 sgid_index=3) for UD "
	  "mlx5 connect on mlx5_2 failed: Connection timed out",
	  "verbs.create_ah verbs.create_ah_timeout", "NVIDIA/TensorRT-LLM#18503 (NIXL over UCX 1.22)" },
	{ "rdma_create_ep: Invalid argument", "rdma_cm.create_ep_einval rdma_cm.getaddrinfo",
	  "linux-rdma/rdma-core#1170 (rdma_xclient)" },
	{ "[1630663566.521351] [yq01-gpu-0106:3193 :0]        ib_mlx5.c:92   UCX  ERROR "
	  "mlx5dv_create_cq(cqe=1024) failed: Cannot allocate memory",
	  "ucx.dv_create_enomem ucx.dv_create_cq_enomem ucx.dv_create", "openucx/ucx#7336" },
	{ "[rank8] Warning: Unable to resolve hostname to a (local) address. Using the loopback",
	  "gloo.loopback_fallback", "aws-samples/aws-do-eks#50 (Gloo under vLLM)" },
	{ "[rank8] Gloo connectFullMesh failed ... timed out connecting: SO_ERROR: Connection "
	  "refused, remote=[127.0.0.1]:14215", "gloo.connect_mesh",
	  "aws-samples/aws-do-eks#50" },
	{ "qemu_rdma_block_for_wrid_miss A Wanted wrid CONTROL SEND (2000) but got CONTROL RECV "
	  "(4000)", "qemu.rdma_wrid_order", "qemu-devel, patchwork comment 24561351" },
	{ "version `IBVERBS_PRIVATE_34' not found", "host.verbs_symbol_version",
	  "modal-projects/training-gym#421 (the loader)" },
	{ "mlx5_common: Failed to create an MR ... (1378975744 bytes)", "dpdk.mlx5_mr",
	  "sonic-net/sonic-buildimage#29082 (DPDK mlx5)" },
	{ "Failed to deallocate PD - Device or resource busy", "tools.teardown",
	  "linux-rdma/perftest#52 (perftest 4.4-0.5)" },
	{ "[1700000000.000000] [node1:1234:0]          ib_md.c:1321 UCX  WARN  ibv_dealloc_pd() "
	  "failed: Device or resource busy", "errno.ebusy_teardown",
	  "UCX src/uct/ib/base/ib_md.c ucs_warn(\"ibv_dealloc_pd() failed: %m\")" },
	{ "[  0.004s]   qp[10] FAILED errno=16 (Resource busy)", "errno.ebusy",
	  "ml-explore/mlx#3162 (Thunderbolt RDMA)" },
	{ "[1610542356.468568] [dgx13:13389:0]    ucp_context.c:1080 UCX  ERROR "
	  "UCX_SOCKADDR_CM_ENABLE is set to yes but none of the available components supports "
	  "SOCKADDR_CM", "ucx.sockaddr_cm_none", "rapidsai/ucx-py#667 (UCX 1.10)" },
	{ "ERROR mlx5_0: both WC and NC_DEDICATED UAR allocation types are not supported",
	  "ucx.uar_types", "openucx/ucx#10180 (ib_mlx5.c)" },
	{ "[application][error] RegisterRdmaMemoryRegion failed! addr:0x7f00, size:943718400, "
	  "accessFlag:15, errno:22 (Invalid argument)", "verbs.reg_mr",
	  "ROCm/mori#481" },
	{ "Fatal Python error: Aborted", "app.crash_signal", "CPython's faulthandler" },
	{ "[145291.904971] mlx5_core 0000:04:00.0: mlx5_cmd_check:795:(pid 9993): RTR2RTS_QP(0x504) "
	  "op_mod(0x0) failed, status bad parameter(0x3), syndrome (0x4bb88f)",
	  "kernel.mlx5_cmd_failed kernel.mlx5_qp_bad_param", "charmplusplus/charm#2532 (retry_cnt 20)" },
	{ "mlx5_core 0000:3b:00.0: mlx5_cmd_check:772:(pid 2231): INIT2RTR_QP(0x503) op_mod(0x0) "
	  "failed, status bad parameter(0x3), syndrome (0x7e1579)",
	  "kernel.mlx5_cmd_failed kernel.mlx5_rtr_bad_param",
	  "mlx5_core cmd.c mlx5_cmd_check format, INIT2RTR" },
	{ "Segmentation fault", "app.crash_signal", "erpc-io/eRPC#10 (the shell's report of SIGSEGV)" },
	{ "`na_ofi_msg_send(): fi_tsend() failed, rc: -9 (Bad file descriptor)`", "errno.ebadf",
	  "mercury-hpc/mercury#596" },
	{ "In operator() at tensorpipe/common/ibv.h:172 \"\": Operation not supported",
	  "tensorpipe.ibv_unsupported", "pytorch/pytorch#65022 (TensorPipe on EFA)" },
	{ "W0911 06:19:37.204383  3746 rdma_context.cpp:433] Device mlx5_3 port not active",
	  "mooncake.port_inactive", "MoonshotAI/checkpoint-engine#1" },
	{ "[dgx15:44156:0]   ucp_listener.c:263  UCX  ERROR none of the available transports can "
	  "listen for connections on 0.0.0.0:13337", "ucx.listen_none ucx.listen_wildcard",
	  "rapidsai/ucx-py#168" },
	{ "ip-172-31-0-137:14605:14673 [0] NCCL INFO Bootstrap : Using [0]ens5:172.31.0.137<0> "
	  "[1]veth75fa783:fe80::14ad:64ff:fe64:b31e%veth75fa783<0>", "nccl.virtual_iface",
	  "pytorch/pytorch#68893" },
	/* crashes and assertions: fallbacks, so any error before them ranks first */
	{ "[job-3bb8-worker-0:4682 :0:4682] Caught signal 11 (Segmentation fault: address not "
	  "mapped to object at address (nil))", "app.crash_signal",
	  "NVIDIA/nccl#1538 (UCX's signal handler in an NCCL job)" },
	{ "[rtptest1621:405884] *** Process received signal ***", "app.crash_signal",
	  "NVIDIA/nccl#1669 (Open MPI's stacktrace handler)" },
	{ " NOTE: a copy of the executable, or `objdump -rdS <executable>` is needed to "
	  "interpret this.", "app.crash_signal", "ceph/ceph#18036" },
	{ " 1: (ceph::__ceph_abort(char const*, int, char const*, std::__cxx11::basic_string<char>"
	  " const&)+0xfe) [0x7f664cc6e896]", "app.crash_signal", "ceph/ceph#27022" },
	{ "Segmentation fault (core dumped)", "app.crash_signal", "the shell's report of SIGSEGV" },
	{ "RuntimeError: Failed: Assertion error runtime.cu:56 'nvshmem_team_split_strided(...) "
	  "== 0'", "app.assert_failed", "DeepEP (blog.gitcode.com summary of its issue)" },
	{ "ib_send_lat: perftest_resources.c:1090: ctx_init: Assertion `0' failed.",
	  "app.assert_failed", "glibc assert(3) format, as perftest aborts" },
	{ "11:02:14 [     INFO ] < rdma_bind_addr(addr=0.0.0.0:36749) failed: Cannot assign "
	  "requested address >", "rdma_cm.bind_addr rdma_cm.bind_wildcard_taken",
	  "openucx/ucx#3514" },
	{ "[coro_rpc_client.hpp:579] client_id 1 async_resolve failed:Service not found",
	  "mooncake.master_resolve", "kvcache-ai/Mooncake#1043" },
	{ "2026-07-09 21:40:35.397501 ERROR    [12449] [coro_http_server.hpp:725] bad address: "
	  "0.0.0.0 error: Host not found (authoritative)", "mooncake.http_bind_v4",
	  "kvcache-ai/Mooncake#2798" },
	{ "Decode transfer failed ... KVTransferError: Failed to get kvcache from prefill "
	  "instance, it might be dead", "sglang.peer_dead", "sgl-project/sglang#30737" },
	{ "Prefill transfer failed ... KVTransferError: Decode instance could be dead, remote "
	  "mooncake session 10.0.0.7:17001 is not alive", "sglang.peer_dead",
	  "sgl-project/sglang#30737" },
	{ "/opt/nvshmem/nvshmem/src/modules/transport/ibgda/ibgda.cpp:1889: NULL value cannot "
	  "allocate mlx5dv_devx_uar", "nvshmem.devx_uar", "sgl-project/sglang#12533" },
	{ "NVSHMEM: Unable to dlopen libmlx5dv. Disabling directNIC features.",
	  "nvshmem.no_mlx5dv", "deepseek-ai/DeepEP#759" },
	{ "GID is NULL, please check your GID index by specifying MC_GID_INDEX",
	  "mooncake.no_gid", "sgl-project/sglang#30737 (Mooncake's GID selection)" },
	{ "[1475682365.444036] [pod9:11912:0]       mm_posix.c:88   UCX  ERROR Not enough memory "
	  "to write total of 4208440835 bytes. Please check that /dev/shm or the directory you "
	  "specified has more available memory.", "ucx.shm_full", "openucx/ucx#1037" },
	/* a fallback gives way to a message entry on the same line */
	{ "Call to ibv_modify_qp failed with error Invalid argument",
	  "verbs.modify_qp verbs.modify_qp_einval",
	  NCCL },
	/* NCCL's, aws-ofi-nccl's and PyTorch's own lines (explain_nccl.c), from the sweep */
	{ "h:1:2 [0] transport/net_ib/common.cc:144 NCCL WARN NET/IB : mlx5_0:1 async fatal event "
	  "on CQ (0x7f3c0c001230): CQ error", "nccl.async_event nccl.async_cq",
	  "NCCL net_ib/common.cc format" },
	{ "h:1:2 [0] transport/net_ib/init.cc:288 NCCL WARN NET/IB : Attempted to merge "
	  "incompatible devices: [0]mlx5_0:1/IB and [1]mlx5_1:1/RoCE. Try selecting NICs of only "
	  "one link type using NCCL_IB_HCA", "nccl.ib_vnic", "NCCL net_ib/init.cc format" },
	{ "h:1:2 [0] transport/net_ib.cc:671 NCCL WARN NET/IB: could not find mr 0x7f3c0c004000 "
	  "inside cache of 12 entries", "nccl.ib_internal", "NCCL net_ib.cc format" },
	{ "h:1:2 [0] transport/net_ib/connect.cc:420 NCCL WARN NET/IB: OOO RQ is force enabled "
	  "but AR is not enabled, which is required for OOO RQ (device=mlx5_0)", "nccl.ib_setting",
	  "NCCL net_ib/connect.cc format" },
	{ "h:1:2 [0] transport/net_ib/connect.cc:398 NCCL WARN Warning: remote FLID configured as "
	  "zero even when endpoints are on different subnets, using dlid as fallback",
	  "nccl.ib_flid", "NCCL net_ib/connect.cc format" },
	{ "h:1:2 [0] NCCL INFO HINT: In many cases this error indicates that ACS is enabled, "
	  "which breaks the GPU Direct RDMA protocol.", "nccl.hint_acs",
	  "NCCL net_ib/common.h printIbWcStatusHint()" },
	{ "h:1:2 [0] NCCL INFO HINT: In many cases this error indicates that NICs on the same "
	  "node cannot talk to each other.", "nccl.hint_nics",
	  "NCCL net_ib/common.h printIbWcStatusHint()" },
	{ "h:1:2 [0] NCCL INFO HINT: In many cases this error indicates that NCCL_IB_TIMEOUT is "
	  "set too short (the default value is 20, which is ~30 seconds before timing out).",
	  "nccl.hint_timeout", "NCCL net_ib/common.h printIbWcStatusHint()" },
	{ "h:1:2 [0] misc/ibvwrap.cc:223 NCCL WARN Call to ibv_destroy_qp failed with error "
	  "Device or resource busy errno 16", "nccl.teardown", "NCCL ibvwrap.cc format" },
	{ "h:1:2 [0] transport/net_ib/common.cc:32 NCCL WARN communicator encountered a fatal "
	  "error (detected in ncclIbTest)", "nccl.after_failure", "NCCL net_ib/common.cc format" },
	{ "h:1:2 [0] misc/socket.cc:355 NCCL WARN Call to bind failed : Address already in use",
	  "nccl.socket_bind", "NCCL socket.cc SYSCHECK format" },
	{ "h:1:2 [0] misc/socket.cc:428 NCCL WARN socketTryAccept: Accept failed: Too many open "
	  "files", "nccl.socket_accept", "NCCL socket.cc format" },
	{ "h:1:2 [0] bootstrap.cc:122 NCCL WARN Invalid NCCL_COMM_ID, please use format: "
	  "<ipv4>:<port> or [<ipv6>]:<port> or <hostname>:<port>", "nccl.comm_id",
	  "NCCL bootstrap.cc format" },
	{ "h:1:2 [0] bootstrap.cc:381 NCCL WARN Bootstrap Root : rank 3 of 8 ranks has already "
	  "checked in", "nccl.rank_mismatch", "NCCL bootstrap.cc format" },
	{ "ubuntu1583:1585 [0] init.cc:738 NCCL WARN Duplicate GPU detected : rank 0 and rank 1 "
	  "both on CUDA device 1000", "nccl.duplicate_gpu",
	  "a paste of NCCL 2.22.3 with two ranks on one GPU (init.cc)" },
	{ "ncclInvalidUsage: This usually reflects invalid usage of NCCL library.",
	  "nccl.invalid_usage", "PyTorch NCCLUtils getNcclErrorDetailStr()" },
	{ "[rank1]:[E ProcessGroupNCCL.cpp:583] [Rank 1] To avoid data inconsistency, we are "
	  "taking the entire process down.", "nccl.error_summary",
	  "a PyTorch 2.3 paste quoting NCCL 2.20.5 (ProcessGroupNCCL.cpp)" },
	{ "h:1:2 [0] nccl_ofi_ofiutils.c:233 NCCL WARN NET/OFI No viable endpoint found for TCP "
	  "provider. Try and relax the filters using OFI_NCCL_USE_IPV6_TCP or "
	  "OFI_NCCL_EXCLUDE_TCP_IF environment variables", "aws_ofi.tcp_filter",
	  "aws-ofi-nccl nccl_ofi_ofiutils.c format" },
	{ "h:1:2 [0] nccl_ofi_ofiutils.c:402 NCCL WARN NET/OFI Couldn't enable endpoint. RC: -22, "
	  "ERROR: Invalid argument", "aws_ofi.endpoint", "aws-ofi-nccl nccl_ofi_ofiutils.c format" },
	/*
	 * perftest's, rdma-core's, the kernel's and SPDK's format strings, a
	 * line each, from the sweep (tests/fixtures/explain/sweep/, whose "@"
	 * line each source is): explain_verbs.c and the patterns widened for
	 * them in the other tables.
	 */
	{ " Invalid Command line. Please check command rerun ",
	  "tools.usage",
	  "linux-rdma/perftest src/perftest_parameters.c" },
	{ "The post send properties are not supported on UD. ",
	  "tools.usage",
	  "linux-rdma/perftest src/perftest_parameters.c" },
	{ "getaddrinfo failed (Name or service not known) - invalid hostname "
	  "or IP address",
	  "tools.usage",
	  "linux-rdma/rdma-core librdmacm/examples/rping.c" },
	{ " Invalid MTU - 9000 ",
	  "perftest.mtu_invalid",
	  "linux-rdma/perftest src/perftest_parameters.c" },
	{ " Couldn't set Eth MTU",
	  "perftest.mtu_invalid",
	  "linux-rdma/perftest src/perftest_parameters.c" },
	{ " WARNING: CPU is not PCIe relaxed ordering compliant.",
	  "perftest.pcie_ro",
	  "linux-rdma/perftest src/perftest_parameters.c" },
	{ " flow steering is not supported.",
	  "verbs.device_lacks",
	  "linux-rdma/perftest src/raw_ethernet_resources.c" },
	{ "The QP failed to accept HW rate limit  ",
	  "verbs.device_lacks",
	  "linux-rdma/perftest src/perftest_resources.c" },
	{ "The device isn't ODP capable or does not support RC send and "
	  "receive with ODP",
	  "verbs.device_lacks",
	  "linux-rdma/rdma-core libibverbs/examples/rc_pingpong.c" },
	{ "Couldn't Open the XRC Domain 95",
	  "verbs.device_lacks",
	  "linux-rdma/rdma-core libibverbs/examples/xsrq_pingpong.c" },
	{ "Unable to access performance counters",
	  "perftest.counters",
	  "linux-rdma/perftest src/perftest_counters.c" },
	{ "Couldn't create SRQ",
	  "verbs.create_srq",
	  "linux-rdma/rdma-core libibverbs/examples/srq_pingpong.c" },
	{ "Couldn't allocate work buf.",
	  "verbs.work_buf",
	  "linux-rdma/rdma-core libibverbs/examples/rc_pingpong.c" },
	{ "Couldn't request CQ notification",
	  "verbs.cq_event",
	  "linux-rdma/rdma-core libibverbs/examples/rc_pingpong.c" },
	{ "Failed to get cq event!",
	  "verbs.cq_event",
	  "linux-rdma/rdma-core librdmacm/examples/rping.c" },
	{ " Error occurred in run_iter function",
	  "tools.run_failed",
	  "linux-rdma/perftest src/write_bw.c" },
	{ "rping client failed: -1",
	  "tools.run_failed",
	  "linux-rdma/rdma-core librdmacm/examples/rping.c" },
	{ "Failed to deregister MR #0",
	  "tools.teardown",
	  "linux-rdma/perftest src/perftest_resources.c" },
	{ "Couldn't destroy QP - Device or resource busy",
	  "tools.teardown",
	  "linux-rdma/perftest src/perftest_resources.c" },
	{ "*** ERROR: multithreading violation ***",
	  "mlx5.thread_violation",
	  "linux-rdma/rdma-core providers/mlx5/qp.c" },
	{ "Couldn't Register the Mcast group on the SM",
	  "perftest.mcast",
	  "linux-rdma/perftest src/multicast_resources.c" },
	{ "failed to open UMAD port 1",
	  "perftest.umad",
	  "linux-rdma/perftest src/multicast_resources.c" },
	{ "Couldn't attach SNIFFER rule QP",
	  "perftest.raw_rule",
	  "linux-rdma/perftest src/raw_ethernet_resources.c" },
	{ "libibverbs: Warning: fork()-safety requested but init failed",
	  "verbs.fork_init",
	  "linux-rdma/rdma-core libibverbs/init.c" },
	{ "librdmacm: Warning: discarding unmatched event - rdma_destroy_id "
	  "may hang.",
	  "rdma_cm.unmatched_event",
	  "linux-rdma/rdma-core librdmacm/cma.c" },
	{ "recv wc error: -1",
	  "rping.bogus_data",
	  "linux-rdma/rdma-core librdmacm/examples/rping.c" },
	{ "Received bogus data, size 0",
	  "rping.bogus_data",
	  "linux-rdma/rdma-core librdmacm/examples/rping.c" },
	{ "data mismatch!",
	  "rping.data_mismatch",
	  "linux-rdma/rdma-core librdmacm/examples/rping.c" },
	{ "infiniband mlx5_0: Couldn't set up InfiniBand P_Key/GID cache",
	  "kernel.ib_core_setup",
	  "torvalds/linux drivers/infiniband/core/device.c" },
	{ "infiniband mlx5_0: RDMA CMA: cma_listen_on_dev, error -98",
	  "kernel.cma_listen",
	  "torvalds/linux drivers/infiniband/core/cma.c" },
	{ "mlx5_core 0000:3b:00.0 ens1f0np0: TX timeout detected",
	  "kernel.tx_timeout",
	  "torvalds/linux drivers/net/ethernet/mellanox/mlx5/core/en_main.c" },
	{ "mlx5_core 0000:3b:00.0: PCIe Bus Error: severity=Corrected, "
	  "type=Physical Layer, (Receiver ID)",
	  "kernel.pcie_aer",
	  "torvalds/linux drivers/pci/pcie/aer.c" },
	{ "rdma_rxe: already configured on eth0",
	  "kernel.rxe_exists",
	  "torvalds/linux drivers/infiniband/sw/rxe/rxe.c" },
	{ "infiniband bnxt_re0: Create QP failed - max exceeded",
	  "kernel.bnxt_re kernel.bnxt_re_max",
	  "torvalds/linux drivers/infiniband/hw/bnxt_re/ib_verbs.c" },
	{ "siw: device registration error -17",
	  "kernel.siw",
	  "torvalds/linux drivers/infiniband/sw/siw/siw_main.c" },
	{ "nvme nvme0: Failed reconnect attempt 3",
	  "nvme.rdma_retry",
	  "torvalds/linux drivers/nvme/host/rdma.c" },
	{ "nvme nvme0: I/O 12 QID 3 timeout",
	  "nvme.rdma_retry",
	  "torvalds/linux drivers/nvme/host/rdma.c" },
	{ "nvmet_rdma: received IB QP event: QP fatal error (1)",
	  "nvme.rdma_retry",
	  "torvalds/linux drivers/nvme/target/rdma.c" },
	{ "[2024-05-01 10:00:00.123456] nvme_fabric.c: "
	  "596:nvme_fabric_qpair_connect_poll: *ERROR*: Connect command "
	  "failed, rc -125, trtype:RDMA adrfam:IPv4 traddr:192.168.1.10 "
	  "trsvcid:4420 subnqn:nqn.2016-06.io.spdk:cnode1",
	  "nvme.rdma_retry",
	  "spdk/spdk lib/nvme/nvme_fabric.c" },
	{ "rpcrdma: 'frwr' mode is not supported by device rxe0",
	  "nfs.rpcrdma_frwr",
	  "torvalds/linux net/sunrpc/xprtrdma/frwr_ops.c" },
	{ "Couldn't write to socket",
	  "perftest.read_keys",
	  "linux-rdma/perftest src/perftest_communication.c" },
	{ "Failed to sync between client and server before creating RDMA CM "
	  "connection.",
	  "perftest.read_keys",
	  "linux-rdma/perftest src/perftest_resources.c" },
	{ "libibverbs: Warning: couldn't read config file "
	  "/etc/libibverbs.d/mlx5.driver.",
	  "verbs.driver_warning",
	  "linux-rdma/rdma-core libibverbs/dynamic_driver.c" },
	{ "libibverbs: Warning: ignoring bad config directive 'drivr' in file "
	  "'/etc/libibverbs.d/mlx5.driver'.",
	  "verbs.driver_warning",
	  "linux-rdma/rdma-core libibverbs/dynamic_driver.c" },
	{ "libibverbs: Fatal: couldn't allocate device for uverbs0",
	  "verbs.driver_warning",
	  "linux-rdma/rdma-core libibverbs/init.c" },
	{ "libibverbs: Fatal: kernel ABI version 5 doesn't match library "
	  "version 6.",
	  "verbs.kernel_abi",
	  "linux-rdma/rdma-core libibverbs/init.c" },
	{ "Failed to modify QP[2] to RTR",
	  "verbs.modify_qp_rtr",
	  "linux-rdma/rdma-core libibverbs/examples/srq_pingpong.c" },
	{ "Failed to modify send QP[0] to INIT",
	  "verbs.modify_qp_init",
	  "linux-rdma/rdma-core libibverbs/examples/xsrq_pingpong.c" },
	{ "Couldn't create send QP[0] errno 12",
	  "verbs.create_qp",
	  "linux-rdma/rdma-core libibverbs/examples/xsrq_pingpong.c" },
	{ "siw0: siw_create_qp:311: libsiw: QP creation failed",
	  "verbs.create_qp",
	  "linux-rdma/rdma-core providers/siw/siw.c" },
	{ "cma detected device removal!!!!",
	  "rdma_cm.device_removal",
	  "linux-rdma/rdma-core librdmacm/examples/rping.c" },
	{ "rpcrdma: removing device mlx5_0 for 192.168.1.10:20049",
	  "rdma_cm.device_removal",
	  "torvalds/linux net/sunrpc/xprtrdma/verbs.c" },
	{ "post send error 12",
	  "verbs.post_failed",
	  "linux-rdma/rdma-core librdmacm/examples/rping.c" },
	{ "rxe0: post_one_send:1050: validate send failed",
	  "verbs.post_failed",
	  "linux-rdma/rdma-core providers/rxe/rxe.c" },
	{ "waiting for addr/route resolution state 11",
	  "rdma_cm.route_error",
	  "linux-rdma/rdma-core librdmacm/examples/rping.c" },
	{ "[2024-05-01 10:00:00.123456] "
	  "nvme_rdma.c:1112:nvme_rdma_route_resolved: *ERROR*: RDMA route "
	  "resolution error",
	  "rdma_cm.route_error",
	  "spdk/spdk lib/nvme/nvme_rdma.c" },
	{ "[2024-05-01 10:00:00.123456] "
	  "nvme_rdma.c:1081:nvme_rdma_addr_resolved: *ERROR*: RDMA address "
	  "resolution error",
	  "rdma_cm.addr_error",
	  "spdk/spdk lib/nvme/nvme_rdma.c" },
	{ "rdma_buf reg_mr failed",
	  "verbs.reg_mr",
	  "linux-rdma/rdma-core librdmacm/examples/rping.c" },
	{ "ibv_create_comp_channel failed",
	  "verbs.create_cq_pd",
	  "linux-rdma/rdma-core librdmacm/examples/rping.c" },
	{ "No RDMA devices were detected",
	  "verbs.no_device",
	  "linux-rdma/rdma-core librdmacm/examples/common.c" },
	{ " Error when trying to query port",
	  "verbs.no_context",
	  "linux-rdma/perftest src/perftest_parameters.c" },
	{ "Failed to query device props",
	  "verbs.no_context",
	  "linux-rdma/rdma-core libibverbs/examples/devinfo.c" },
	{ "efa_0: efa_alloc_context:62: ibv_cmd_get_context failed",
	  "verbs.no_context",
	  "linux-rdma/rdma-core providers/efa/verbs.c" },
	{ " Max message size in UD cannot be greater than MTU ",
	  "pingpong.ud_size_mtu",
	  "linux-rdma/perftest src/perftest_parameters.c" },
	{ "Poll send CQ failed ne=-1",
	  "verbs.poll_cq",
	  "linux-rdma/perftest src/perftest_resources.c" },
	{ "poll error -22",
	  "verbs.poll_cq",
	  "linux-rdma/rdma-core librdmacm/examples/rping.c" },
	{ "Error polling cq -1",
	  "verbs.poll_cq",
	  "linux-rdma/rdma-core libibverbs/examples/rc_pingpong.c" },
	{ "Failed to bind RDMA CM address o on the server.",
	  "perftest.rdma_cm",
	  "linux-rdma/perftest src/perftest_resources.c" },
	{ "Failed to set ToS(Type of Service) option for RDMA CM connection.",
	  "perftest.rdma_cm",
	  "linux-rdma/perftest src/perftest_resources.c" },
	{ "Function rdma_connect failed",
	  "perftest.rdma_cm",
	  "linux-rdma/perftest src/perftest_resources.c" },
	{ "rdma_accept: Invalid argument",
	  "rdma_cm.connect",
	  "linux-rdma/rdma-core librdmacm/examples/rping.c" },
	{ "siw0: siw_async_event:702: libsiw: QP[3] event: fatal error",
	  "verbs.async_qp_fatal",
	  "linux-rdma/rdma-core providers/siw/siw.c" },
	{ "siw0: siw_async_event:707: libsiw: QP[3] event: request error",
	  "verbs.async_qp_req",
	  "linux-rdma/rdma-core providers/siw/siw.c" },
	{ "siw0: siw_async_event:712: libsiw: QP[3] event: access error",
	  "verbs.async_qp_access",
	  "linux-rdma/rdma-core providers/siw/siw.c" },
	{ "mana_0: mana_create_cq:40: CQE 65536 exceeding limit",
	  "verbs.create_cq_einval",
	  "linux-rdma/rdma-core providers/mana/cq.c" },
	{ "mlx5_core 0000:3b:00.0: print_health_info:455:(pid 0): synd 0x1: "
	  "firmware internal error",
	  "kernel.mlx5_health",
	  "torvalds/linux drivers/net/ethernet/mellanox/mlx5/core/health.c" },
	{ "mlx5_core 0000:3b:00.0: wait_fw_init:320:(pid 1234): Firmware over "
	  "120000 MS in pre-initializing state, aborting",
	  "kernel.mlx5_health",
	  "torvalds/linux drivers/net/ethernet/mellanox/mlx5/core/main.c" },
	{ "mlx5_0: Fatal error 3 detected",
	  "kernel.mlx5_health",
	  "linux-rdma/rdma-core providers/mlx5/mlx5_vfio.c" },
	{ "Failed to attach shared memory region",
	  "perftest.hugepages",
	  "linux-rdma/perftest src/perftest_resources.c" },

	/* UCX, Open MPI and libfabric, from their sources (explain_ucx.c) */
	{ "[1716594409.541480] [gpu1:1581047:0]       ib_device.c:468  UCX  "
	  "ERROR IB Async event on mlx5_0: local catastrophic error on port 1",
	  "verbs.async_device_fatal", "openucx/ucx ib_device.c" },
	{ "ib_device.c:468  UCX  DIAG  IB Async event on mlx5_0: port error "
	  "on port 1", "verbs.async_port_err", "openucx/ucx ib_device.c" },
	{ "ib_device.c:468  UCX  ERROR IB Async event on mlx5_0: CQ error on "
	  "CQ 0x1c6e3b0", "spdk.cq_error ucx.async_cq_error",
	  "openucx/ucx ib_device.c" },
	{ "ib_device.c:468  UCX  WARN  IB Async event on mlx5_0: GID table "
	  "change on port 1", "nccl.async_gid_change",
	  "openucx/ucx ib_device.c" },
	{ "ib_device.c:468  UCX  WARN  IB Async event on mlx5_2: LID changed "
	  "on port 1", "ucx.async_sm_event", "openucx/ucx ib_device.c" },
	{ "ib_device.c:402  UCX  WARN  ibv_get_async_event() failed: "
	  "Input/output error", "ucx.async_event_failed",
	  "openucx/ucx ib_device.c" },
	{ "ib_device.c:585  UCX  WARN  mlx5_0: could not read device/vendor "
	  "id from sysfs, performance may be affected", "ucx.sysfs_ids",
	  "openucx/ucx ib_device.c" },
	{ "ib_device.c:609  UCX  ERROR ibv_query_port() returned 5: "
	  "Input/output error", "ucx.query_port", "openucx/ucx ib_device.c" },
	{ "ib_device.c:792  UCX  ERROR Invalid GID[3] type on mlx5_0:1: 4",
	  "ucx.gid_type", "openucx/ucx ib_device.c" },
	{ "ib_device.c:1036 UCX  ERROR mlx5_0:2: failed to find port",
	  "ucx.find_port", "openucx/ucx ib_device.c" },
	{ "ib_iface.c:1437 UCX  ERROR ibv_create_comp_channel() failed: Too "
	  "many open files", "verbs.create_cq_pd ucx.open_files",
	  "openucx/ucx ib_iface.c" },
	{ "ib_iface.c:836  UCX  ERROR there is no valid pkey to use on "
	  "mlx5_0:1", "ucx.pkey_none", "openucx/ucx ib_iface.c" },
	{ "ib_iface.c:839  UCX  ERROR unable to find specified pkey 0x8001 "
	  "on mlx5_0:1", "ucx.pkey_config", "openucx/ucx ib_iface.c" },
	{ "ib_iface.c:1003 UCX  ERROR both GID_INDEX and ROCE_SUBNET_LIST "
	  "are specified, please select only one of them", "ucx.config_invalid",
	  "openucx/ucx ib_iface.c" },
	{ "ib_iface.c:1534 UCX  WARN  invalid active width on mlx5_0:1: 0, "
	  "assuming 1x", "ucx.active_speed", "openucx/ucx ib_iface.c" },
	{ "ucp_wireup.c:1110 UCX  ERROR no active messages transport to <no "
	  "debug data>: self/memory - Destination is unreachable, "
	  "rc_mlx5/mlx5_0:1 - different RoCE versions detected. local RoCE v2 "
	  "(gid=::ffff:10.0.0.1)remote RoCE v1 (gid=fe80::ba59:9fff:fe1c:2a3e)",
	  "ucx.unreachable ucx.roce_version_differs",
	  "openucx/ucx ib_iface.c" },
	{ "ucp_wireup.c:1110 UCX  ERROR no active messages transport to "
	  "node2:12345: rc_mlx5/mlx5_0:1 - IP addresses do not match with a "
	  "24-bit prefix. local IP is 10.0.0.1, remote IP is 10.0.1.2",
	  "ucx.roce_subnet_differs", "openucx/ucx ib_iface.c" },
	{ "ucp_wireup.c:1110 UCX  ERROR no active messages transport to "
	  "node2:12345: rc_mlx5/mlx5_0:1 - link layers differ RoCE (local) vs "
	  "IB (remote)", "ucx.link_layer_differs", "openucx/ucx ib_iface.c" },
	{ "ucp_wireup.c:1110 UCX  ERROR no active messages transport to "
	  "node2:12345: rc_mlx5/mlx5_0:1 - IB subnet prefix differs "
	  "0xfe80000000000000 vs 0xfec0000000000000", "ucx.ib_subnet_differs",
	  "openucx/ucx ib_iface.c" },
	{ "rc_iface.c:907  UCX  ERROR error modifying QP to INIT: Invalid "
	  "argument", "verbs.modify_qp_einval", "openucx/ucx rc_iface.c" },
	{ "sock.c:395  UCX  ERROR bind(fd=31 addr=0.0.0.0:13337) failed: "
	  "Address already in use", "ucx.sock_listen", "openucx/ucx sock.c" },
	{ "tcp_ep.c:257  UCX  ERROR tcp_ep 0x1c9f0a0: failed to initiate the "
	  "connection with the peer (10.0.0.2:40391)", "ucx.tcp_connect",
	  "openucx/ucx tcp_ep.c" },
	{ "tcp_cm.c:89   UCX  ERROR tcp_ep 0x1c9f0a0: received wrong CM "
	  "event (expected: 2, actual: 1) from the peer with iface listener "
	  "address: 10.0.0.2:40391", "ucx.tcp_cm_event",
	  "openucx/ucx tcp_cm.c" },
	{ "sys.c:562  UCX  ERROR shmget(size=4194304, flags=0x7b0) returned "
	  "unexpected error: No space left on device. Please check shared "
	  "memory limits by 'ipcs -l'.", "ucx.shmget", "openucx/ucx sys.c" },
	{ "UCX  ERROR   no active messages transport to <no debug data>: "
	  "Unsupported operation", "ucx.no_transport_op",
	  "openucx/ucx select.c" },
	{ "[1701292112.836497] [a670n1:162239:0]          ucp_ep.c:1508 UCX  "
	  "DIAG  ep 0x7f1eac0b5108: error 'Input/output error' on "
	  "rc_mlx5/mlx5_0:1 will not be handled since no error callback is "
	  "installed", "ucx.error_unhandled", "openucx/ucx ucp_ep.c" },
	{ "create an internal queue.  This typically indicates a failed",
	  "ompi.create_queue", "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "The OpenFabrics \"receiver not ready\" retry count on a per-peer",
	  "ompi.rnr_retry_pp", "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "The OpenFabrics \"receiver not ready\" retry count on a shared "
	  "receive", "ompi.rnr_retry_srq",
	  "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "WARNING: No OpenFabrics devices of the right type were found "
	  "within", "ompi.no_device_type",
	  "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "default subnet GID prefix was detected on more than one of these",
	  "ompi.default_subnet", "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "BTL, but the library call ibv_fork_init() failed on the host "
	  "node07.", "ompi.fork_support",
	  "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "The OpenFabrics stack has reported an unknown network error event.",
	  "ompi.unknown_event", "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "WARNING: One or more nonexistent OpenFabrics devices/ports were",
	  "ompi.openib_config", "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "The Open MPI receive queue configuration for the OpenFabrics "
	  "devices", "ompi.peer_mismatch",
	  "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "Open MPI tried to use a GID index that was too large for an",
	  "ompi.gid_index_large", "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "WARNING: It appears that your OpenFabrics subsystem is configured "
	  "to only", "ompi.registerable",
	  "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "You requested to run with CUDA GPU Direct RDMA support but the "
	  "Open MPI", "ompi.no_gdr", "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "WARNING: No preset parameters were found for the device that Open "
	  "MPI", "ompi.no_device_params",
	  "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "Open MPI does not support iWARP devices with this version of OFED.",
	  "ompi.no_iwarp", "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "By default, for Open MPI 4.0 and later, infiniband ports on a "
	  "device", "ompi.ib_not_used",
	  "open-mpi/ompi help-mpi-btl-openib.txt" },
	{ "[node07][[41321,1],0][btl_ud_proc.c:211:mca_btl_ud_proc_insert] "
	  "error creating address handle errno says Invalid argument",
	  "ompi.create_ah", "open-mpi/ompi ud" },
	{ "[cn0022:4071024] pml_ucx.c:228  Error: Failed to receive UCX "
	  "worker address: Not found (-13)", "ompi.ucx_modex_recv",
	  "open-mpi/ompi pml_ucx.c" },
	{ "[cn0022:4071024] pml_ucx.c:129  Error: Open MPI couldn't "
	  "distribute EP connection details", "ompi.ucx_modex_send",
	  "open-mpi/ompi pml_ucx.c" },
	{ "[cn0022:4071024] pml_ucx.c:469  Error: Rank number (8) is larger "
	  "than communicator size (8)", "ompi.ucx_rank_range",
	  "open-mpi/ompi pml_ucx.c" },
	{ "[cn0022:4071024] pml_ucx.c:316  Error: Failed to query UCP worker "
	  "thread level", "ompi.ucx_worker_query", "open-mpi/ompi pml_ucx.c" },
	{ "[cn0022:4071024] pml_ucx.c:611  Error: ucx recv failed: "
	  "Input/output error", "ompi.ucx_request_failed",
	  "open-mpi/ompi pml_ucx.c" },
	{ "Initialization of OFI library failed.", "ompi.ofi_init",
	  "open-mpi/ompi help-mtl-ofi.txt" },
	{ "libfabric:4117195:1708032874::core:core:fi_getinfo_():1310<warn> "
	  "fi_getinfo: provider verbs output empty list",
	  "libfabric.provider_empty", "ofiwg/libfabric fabric.c" },
	{ "libfabric:4117195:1708032872::core:core:ofi_reg_dl_prov():681<warn> dlsym: "
	  "/opt/amazon/efa/lib64/libfabric/libefa-fi.so: undefined symbol: fi_prov_ini",
	  "libfabric.provider_load", "ofiwg/libfabric fabric.c" },
	{ "libfabric:4117195:1708032872::core:core:verify_filter_names():562<"
	  "warn> provider verb is unknown, misspelled or DL provider?",
	  "libfabric.provider_config", "ofiwg/libfabric fabric.c" },
	{ "libfabric:9320:1708032872::verbs:core:vrb_init_info():1399<warn> "
	  "Enabling IB fork support failed: Invalid argument (22)",
	  "libfabric.fork_init", "ofiwg/libfabric verbs_info.c" },
	{ "libfabric:9320:1708032872::verbs:core:vrb_get_srcaddr_devs():1189<"
	  "warn> No interface address found", "libfabric.no_ip",
	  "ofiwg/libfabric verbs_info.c" },
	{ "libfabric:9320:1708032872::verbs:core:vrb_get_match_infos():1671<i"
	  "nfo> Handling of the addresses fails, the getting infos is "
	  "unsuccessful", "libfabric.followup",
	  "ofiwg/libfabric verbs_info.c" },
	{ "libfabric:9320:1708032872::verbs:core:vrb_resolve_ib_ud_dest_addr("
	  "):1545<info> failed to resolve 'node2:5000'.",
	  "libfabric.ud_resolve", "ofiwg/libfabric verbs_info.c" },
	{ "libfabric:9320:1708032872::verbs:fabric:vrb_alloc_info():1080<info"
	  "> ibv_query_gid: Invalid argument(22)", "verbs.query_gid",
	  "ofiwg/libfabric verbs_info.c" },
	{ "libfabric:9320:1708032880::ofi_rxm:ep_ctrl:rxm_ep_create_pools():3"
	  "64<warn> Unable to create rx buf pool", "libfabric.rxm_pool",
	  "ofiwg/libfabric rxm_ep.c" },
	{ "libfabric:9320:1708032880::ofi_rxm:ep_ctrl:rxm_init_connect_data()"
	  ":252<warn> cm data too small", "libfabric.cm_data",
	  "ofiwg/libfabric rxm_conn.c" },
	{ "libfabric:2211:1708032872::efa:ep_data:efa_device_construct():56<w"
	  "arn> ibv_open_device failed! errno: 13", "libfabric.efa_open",
	  "ofiwg/libfabric efa_device.c" },
	{ "libfabric:2211:1708032872::efa:fabric:efa_device_construct():72<in"
	  "fo> efadv_query_device: Operation not supported(95)",
	  "libfabric.efadv_query", "ofiwg/libfabric efa_device.c" },
	{ "libfabric:2211:1708032890::efa:cq:efa_rdm_txe_handle_error():736<w"
	  "arn> err: 5, message: Unresponsive receiver. This error is "
	  "typically caused by a peer hardware failure or incorrect "
	  "inbound/outbound rules in the security group - EFA requires \"All "
	  "traffic\" type allowlisting. Please also verify the peer "
	  "application has not terminated unexpectedly. (13)",
	  "libfabric.efa_unresponsive", "ofiwg/libfabric efa_strerror.c" },
	{ "libfabric:2211:1708032890::efa:cq:efa_rdm_txe_handle_error():736<w"
	  "arn> err: 5, message: Invalid receiver queue pair number (QPN). "
	  "This error is typically caused by a crashed peer. Please verify the "
	  "peer application has not terminated unexpectedly. (9)",
	  "libfabric.efa_peer_gone", "ofiwg/libfabric efa_strerror.c" },
	{ "libfabric:2211:1708032890::efa:cq:efa_rdm_rxe_handle_error():812<w"
	  "arn> err: 5, message: Flushed during queue pair destroy (1)",
	  "libfabric.efa_flushed", "ofiwg/libfabric efa_strerror.c" },
	{ "EFA internal error: (4110) Failure inserting address into address "
	  "vector", "libfabric.av_insert libfabric.efa_internal",
	  "ofiwg/libfabric efa_strerror.c" },
	{ "EFA internal error: (4109) TX entries exhausted",
	  "libfabric.efa_internal libfabric.efa_pool",
	  "ofiwg/libfabric efa_strerror.c" },
};

/* Lines of ordinary output that must not be taken for errors. */
static const char *const benign[] = {
	"",
	"The system is going down for reboot NOW!",
	"Broadcast message: the system is shutting down",
	"Download of the firmware image failed, retrying",
	"Process exited with status 1",
	"make: *** [all] Error 1 (exit status 12)",
	" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]",
	" 65536      5000             23.51              23.50		   0.044826",
	" Mtu             : 1024[B]",
	"                    RDMA_Write BW Test",
	" local address: LID 0000 QPN 0x0011 PSN 0x5ba7a6 RKey 0x000205 VAddr 0x007f2c1e5a0000",
	" GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:99:00:01",
	"\t\tstate:\t\t\tPORT_ACTIVE (4)",
	"\t\tactive_mtu:\t\t1024 (3)",
	"mlx5_core 0000:3b:00.0 ens1f0np0: Link up",
	"NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [RO]; OOB eth0:10.0.0.1<0>",
	"NCCL INFO Channel 00/02 : 0[0] -> 1[0] [send] via NET/IB/0",
	"NCCL INFO Using network IB",
	"gcc: fatal error: no input files",
	"curl: (7) general error while connecting",
	"Port number 1 state is Active",
	"completion queue depth 128",
	"retry counter: 7",
	/* UCX probes with DEVX and prints the failure at DEBUG level before it falls back */
	"[1722577269.374251] [acn09:646170:0]    ib_mlx5dv_md.c:92   UCX  DEBUG "
	"mlx5dv_devx_obj_create(CREATE_MKEY, mode=KSM) failed, syndrome 0x45d3a4: Remote I/O error",
	/* DPDK says so whenever no 1 GiB pages are configured */
	"EAL: No available hugepages reported in hugepages-1048576kB",
	"8 HCAs found:",
	/* the sweep's lines that say nothing failed (perftest, rping, kernel, nvmet) */
	"server DISCONNECT EVENT...",
	"mlx5_core 0000:3b:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)",
	"nvmet_rdma: enabling port 1 (192.168.1.10:4420)",
	"mlx5_core 0000:3b:00.0 ens1f0np0: Link up",
};

static struct rs_explainer *explainer(void)
{
	struct rs_explainer *x = NULL;
	char err[256] = "";

	assert_int_equal(rs_explainer_new(&x, err, sizeof(err)), 0);
	assert_string_equal(err, "");
	return x;
}

/* The ids msg matches, space-separated, into buf. */
static const char *ids_of(const struct rs_explainer *x, const char *msg, char *buf, size_t len)
{
	const struct rs_explain_entry *hits[16];
	size_t n = rs_explain_line(x, msg, strlen(msg), hits, 16);

	buf[0] = '\0';
	for (size_t i = 0; i < n && i < 16; i++) {
		if (i)
			strncat(buf, " ", len - strlen(buf) - 1);
		strncat(buf, hits[i]->id, len - strlen(buf) - 1);
	}
	return buf;
}

/* Is id one of the space-separated words of list? */
static int has_word(const char *list, const char *id)
{
	size_t n = strlen(id);

	for (const char *p = list; (p = strstr(p, id)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return 1;
	return 0;
}

/* Is check a step of the shipped tree named tree (src/wizard/tree.h)? */
static int tree_has_step(const char *tree, const char *check)
{
	struct rs_tree t;
	char err[256];
	int found = 0;

	if (rs_tree_load(&t, tree, err, sizeof(err)))
		return 0;
	for (size_t i = 0; i < t.n; i++)
		found |= t.nodes[i].check && !strcmp(t.nodes[i].check->id, check);
	rs_tree_free(&t);
	return found;
}

static void test_table_valid(void **state)
{
	static const char *const trees[] = { RS_TREE_CONNECTION, RS_TREE_BANDWIDTH,
					     RS_TREE_LARGE_MSG, RS_TREE_SETUP };
	struct rs_explainer *x = explainer();
	size_t n = rs_explainer_count(x);
	char buf[256];
	regex_t idre;

	assert_true(n >= 60);
	assert_int_equal(regcomp(&idre, "^[a-z][a-z0-9_]*\\.[a-z0-9_]+$", REG_EXTENDED | REG_NOSUB),
			 0);
	for (size_t i = 0; i < n; i++) {
		const struct rs_explain_entry *e = rs_explainer_entry(x, i);
		int tree_ok = 0, nc = 0;

		print_message("# %s\n", e->id);
		assert_int_equal(regexec(&idre, e->id, 0, NULL, 0), 0);
		for (size_t k = 0; k < i; k++)
			assert_string_not_equal(e->id, rs_explainer_entry(x, k)->id);
		assert_ptr_equal(rs_explain_find(e->id), e);
		assert_true(e->tool && e->tool[0] && e->meaning && strlen(e->meaning) > 20);
		while (e->causes[nc])
			assert_true(strlen(e->causes[nc++]) > 10);
		assert_true(nc >= 1 && nc <= RS_EXPLAIN_MAX_CAUSES);
		for (size_t t = 0; t < RS_ARRAY_SIZE(trees); t++)
			tree_ok |= !strcmp(e->tree, trees[t]);
		assert_true(tree_ok);
		assert_non_null(rs_check_find(e->check));
		if (!tree_has_step(e->tree, e->check))
			fail_msg("%s: %s is not a step of the tree %s", e->id, e->check, e->tree);
	}
	/* A pattern that matches everything would explain every line. */
	assert_string_equal(ids_of(x, "x", buf, sizeof(buf)), "");
	regfree(&idre);
	assert_null(rs_explain_find("no.such_id"));
	rs_explainer_free(x);
}

static void test_real_messages(void **state)
{
	struct rs_explainer *x = explainer();
	size_t n = rs_explainer_count(x);
	int *reached = calloc(n, sizeof(*reached));
	char buf[512];

	for (size_t i = 0; i < RS_ARRAY_SIZE(samples); i++) {
		const char *got = ids_of(x, samples[i].msg, buf, sizeof(buf));

		if (strcmp(got, samples[i].ids))
			fail_msg("\"%s\" (%s): got \"%s\", want \"%s\"", samples[i].msg,
				 samples[i].src, got, samples[i].ids);
		for (size_t k = 0; k < n; k++)
			if (has_word(got, rs_explainer_entry(x, k)->id))
				reached[k] = 1;
	}
	/* The statuses are reached by test_wc_statuses; every message entry here. */
	for (size_t k = 0; k < n; k++) {
		const struct rs_explain_entry *e = rs_explainer_entry(x, k);

		if (strncmp(e->id, "wc.", 3) && !reached[k])
			fail_msg("%s: no real message in the samples reaches it", e->id);
	}
	for (size_t i = 0; i < RS_ARRAY_SIZE(benign); i++)
		if (strcmp(ids_of(x, benign[i], buf, sizeof(buf)), ""))
			fail_msg("\"%s\" is not an error, yet it gives \"%s\"", benign[i], buf);
	free(reached);
	rs_explainer_free(x);
}

/* wc.<name in lower case, IBV_WC_ dropped> for status s. */
static void wc_id(char *buf, size_t len, const char *enum_name)
{
	size_t i;

	snprintf(buf, len, "wc.");
	for (i = 0; enum_name[i] && i + 4 < len; i++)
		buf[3 + i] = (char)(enum_name[i] >= 'A' && enum_name[i] <= 'Z' ?
				    enum_name[i] - 'A' + 'a' : enum_name[i]);
	buf[3 + i] = '\0';
}

/*
 * Every status 1..IBV_WC_TM_RNDV_INCOMPLETE, as the installed libibverbs
 * names it, in the forms ibv_rc_pingpong, perftest and NCCL print.
 */
static void test_wc_statuses(void **state)
{
	static const char *const names[] = {
		NULL, "LOC_LEN_ERR", "LOC_QP_OP_ERR", "LOC_EEC_OP_ERR", "LOC_PROT_ERR",
		"WR_FLUSH_ERR", "MW_BIND_ERR", "BAD_RESP_ERR", "LOC_ACCESS_ERR", "REM_INV_REQ_ERR",
		"REM_ACCESS_ERR", "REM_OP_ERR", "RETRY_EXC_ERR", "RNR_RETRY_EXC_ERR",
		"LOC_RDD_VIOL_ERR", "REM_INV_RD_REQ_ERR", "REM_ABORT_ERR", "INV_EECN_ERR",
		"INV_EEC_STATE_ERR", "FATAL_ERR", "RESP_TIMEOUT_ERR", "GENERAL_ERR", "TM_ERR",
		"TM_RNDV_INCOMPLETE",
	};
	struct rs_explainer *x = explainer();
	char id[64], want[96], line[256], got[512], head[160];

	assert_int_equal(RS_ARRAY_SIZE(names), IBV_WC_TM_RNDV_INCOMPLETE + 1);
	for (int s = 1; s <= IBV_WC_TM_RNDV_INCOMPLETE; s++) {
		const char *str = ibv_wc_status_str((enum ibv_wc_status)s);
		const struct rs_explain_entry *e;

		wc_id(id, sizeof(id), names[s]);
		e = rs_explain_find(id);
		assert_non_null(e);
		/* The meaning names the status as libibverbs prints it. */
		snprintf(head, sizeof(head), "Work completion status %d, %s (IBV_WC_%s)", s, str,
			 names[s]);
		if (strncasecmp(e->meaning, head, strlen(head)))
			fail_msg("%s: meaning should start \"%s\"", id, head);
		snprintf(line, sizeof(line), "Failed status %s (%d) for wr_id 2", str, s);
		assert_string_equal(ids_of(x, line, got, sizeof(got)), id);
		snprintf(line, sizeof(line), " Failed status %d: wr_id 0 syndrom 0x81", s);
		assert_string_equal(ids_of(x, line, got, sizeof(got)), id);
		snprintf(line, sizeof(line), "Poll send CQ error status=%d qp 0", s);
		assert_string_equal(ids_of(x, line, got, sizeof(got)), id);
		snprintf(want, sizeof(want), "nccl.completion_error %s", id);
		snprintf(line, sizeof(line), "NCCL WARN NET/IB : Got completion from peer "
			 "10.0.0.2<40000> with error %d, opcode 0, len 0, vendor err 129 (Recv)", s);
		assert_string_equal(ids_of(x, line, got, sizeof(got)), want);
		snprintf(line, sizeof(line), "NCCL WARN NET/IB: Got completion from peer "
			 "10.0.0.2<40000> with status=IBV_WC_%s(%d) opcode=IBV_WC_SEND(0) "
			 "vendor_err=0 hca mlx5_0", names[s], s);
		assert_string_equal(ids_of(x, line, got, sizeof(got)), want);
	}
	/* 0 is success, 24 does not exist: neither is an error to explain. */
	assert_string_equal(ids_of(x, " Failed status 0: wr_id 0", got, sizeof(got)), "");
	assert_string_equal(ids_of(x, "Failed status unknown (24) for wr_id 1", got, sizeof(got)),
			    "");
	rs_explainer_free(x);
}

/* --- runs ----------------------------------------------------------------- */

#define MAX_REC 256

struct rec {
	size_t n;
	struct {
		size_t line, len, full_len, first_line;
		int truncated;
		const char *id;
		char text[64];
		size_t text_len;
		char peer[RS_EXPLAIN_PEER_LEN];
	} m[MAX_REC];
};

static void record(void *arg, const struct rs_explain_match *m)
{
	struct rec *r = arg;

	if (r->n >= MAX_REC)
		return;
	r->m[r->n].line = m->line;
	r->m[r->n].len = m->len;
	r->m[r->n].full_len = m->full_len;
	r->m[r->n].first_line = m->first_line;
	r->m[r->n].truncated = m->truncated;
	r->m[r->n].id = m->e->id;
	r->m[r->n].text_len = m->len < sizeof(r->m[0].text) ? m->len : sizeof(r->m[0].text);
	memcpy(r->m[r->n].text, m->text, r->m[r->n].text_len);
	memcpy(r->m[r->n].peer, m->peer, sizeof(m->peer));
	r->n++;
}

/* Run text through a run fed in chunks of size step (0: all at once). */
static struct rs_explain_stats run_text(const struct rs_explainer *x, const char *text,
					size_t len, size_t step,
					const struct rs_explain_limits *lim, struct rec *rec)
{
	struct rs_explain_run *r = rs_explain_run_new(x, lim, record, rec);
	struct rs_explain_stats st;

	memset(rec, 0, sizeof(*rec));
	for (size_t at = 0; at < len;) {
		size_t n = step && step < len - at ? step : len - at;

		if (rs_explain_feed(r, text + at, n))
			break;
		at += n;
	}
	st = *rs_explain_finish(r);
	st.per_entry = NULL;	/* freed with the run */
	rs_explain_run_free(r);
	return st;
}

/*
 * The peer's address a line names, from the entry's peer pattern: only a
 * real IPv4 or IPv6 address comes out, never other text of the line.
 */
static void test_peer(void **state)
{
	static const struct {
		const char *line, *peer;
	} cases[] = {
		{ "Couldn't connect to 10.99.0.2:18515", "10.99.0.2" },
		{ "Couldn't connect to fe80::1:18515", "fe80::1" },
		{ "Couldn't connect to host-b:18515", "" },
		{ "Couldn't connect to 10.0.0.1;reboot:18515", "" },
		{ "Couldn't connect to \x1b[31m10.0.0.1:18515", "" },
		{ "NCCL WARN NET/IB : Got completion from peer 10.2.0.5<33092> with error 12, opcode 0,"
		  " len 0, vendor err 129 (Recv)", "10.2.0.5" },
		{ "NCCL WARN Connect to 10.0.0.2<43567> failed : Connection refused", "10.0.0.2" },
		{ "NET/IB : Got completion with error 12, opcode 1, len 32768, vendor err 129", "" },
	};
	struct rs_explainer *x = explainer();
	struct rec rec;

	for (size_t i = 0; i < RS_ARRAY_SIZE(cases); i++) {
		run_text(x, cases[i].line, strlen(cases[i].line), 0, NULL, &rec);
		assert_true(rec.n >= 1);
		if (strcmp(rec.m[0].peer, cases[i].peer))
			fail_msg("\"%s\": peer \"%s\", want \"%s\"", cases[i].line, rec.m[0].peer,
				 cases[i].peer);
	}
	rs_explainer_free(x);
}

static const char pasted[] =
	"---------------------------------------------------------------\n"
	"                    RDMA_Write BW Test\n"
	"Couldn't connect to 10.99.0.2:18515\r\n"
	"Unable to open file descriptor for socket connection Unable to init the socket "
	"connection\n"
	"\n"
	" Failed status 12: wr_id 0 syndrom 0x81\n"
	"NET/IB : Got completion with error 12, opcode 1, len 32768, vendor err 129\n"
	"Couldn't connect to 10.99.0.2:18515";	/* no newline at the end */

static void test_lines_any_chunks(void **state)
{
	static const size_t steps[] = { 0, 1, 2, 3, 7, 64 };
	struct rs_explainer *x = explainer();
	struct rec whole, part;
	struct rs_explain_stats st = run_text(x, pasted, strlen(pasted), 0, NULL, &whole);

	assert_int_equal(st.lines, 8);
	assert_int_equal(st.recognised, 5);
	assert_int_equal(st.matches, 6);
	assert_int_equal(st.bytes, strlen(pasted));
	assert_int_equal(whole.n, 6);
	assert_int_equal(whole.m[0].line, 3);
	assert_string_equal(whole.m[0].id, "perftest.connect_failed");
	assert_int_equal(whole.m[0].len, 35);	/* the "\r" is not part of the line */
	assert_int_equal(whole.m[0].first_line, 0);
	assert_int_equal(whole.m[1].line, 4);
	assert_int_equal(whole.m[2].line, 6);
	assert_string_equal(whole.m[2].id, "wc.retry_exc_err");
	assert_int_equal(whole.m[3].line, 7);
	assert_string_equal(whole.m[3].id, "nccl.completion_error");
	assert_string_equal(whole.m[4].id, "wc.retry_exc_err");
	assert_int_equal(whole.m[4].first_line, 6);
	assert_int_equal(whole.m[5].line, 8);
	assert_int_equal(whole.m[5].first_line, 3);
	/* Any chunking gives the same matches. */
	for (size_t s = 1; s < RS_ARRAY_SIZE(steps); s++) {
		run_text(x, pasted, strlen(pasted), steps[s], NULL, &part);
		assert_int_equal(part.n, whole.n);
		assert_memory_equal(part.m, whole.m, sizeof(whole.m[0]) * whole.n);
	}
	/* Nothing in, nothing out; one newline is one empty line. */
	st = run_text(x, "", 0, 0, NULL, &part);
	assert_int_equal(st.lines, 0);
	assert_int_equal(part.n, 0);
	st = run_text(x, "\n", 1, 0, NULL, &part);
	assert_int_equal(st.lines, 1);
	assert_int_equal(st.recognised, 0);
	rs_explainer_free(x);
}

static void test_nul_bytes(void **state)
{
	static const char text[] = "Couldn't allocate\0MR\n\0\0\0\nbinary\0Failed to create MR\0\n";
	struct rs_explainer *x = explainer();
	struct rec rec;
	struct rs_explain_stats st = run_text(x, text, sizeof(text) - 1, 0, NULL, &rec);

	assert_int_equal(st.lines, 3);
	assert_int_equal(rec.n, 2);
	/* matched as a space, handed back as it was */
	assert_string_equal(rec.m[0].id, "verbs.reg_mr");
	assert_int_equal(rec.m[0].len, 20);
	assert_memory_equal(rec.m[0].text, "Couldn't allocate\0MR", 20);
	assert_int_equal(rec.m[1].line, 3);
	assert_int_equal(rec.m[1].first_line, 1);
	rs_explainer_free(x);
}

static void test_long_lines(void **state)
{
	struct rs_explain_limits lim = { .line_max = 64, .input_max = 1 << 20 };
	struct rs_explainer *x = explainer();
	size_t big = 100000;
	char *text = malloc(big + 200);
	struct rs_explain_stats st;
	struct rec rec;
	size_t n;

	/* A message at the start of a huge line is found; one past line_max is
	 * not (the line is matched on its beginning, and that is said). */
	n = (size_t)sprintf(text, "Couldn't allocate MR ");
	memset(text + n, 'A', big);
	n += big;
	n += (size_t)sprintf(text + n, " Failed to modify QP 3 to RTR\nPort number 1 state is "
			     "Down\n");
	st = run_text(x, text, n, 4096, &lim, &rec);
	assert_int_equal(st.lines, 2);
	assert_int_equal(st.long_lines, 1);
	assert_int_equal(rec.n, 2);
	assert_string_equal(rec.m[0].id, "verbs.reg_mr");
	assert_true(rec.m[0].truncated);
	assert_int_equal(rec.m[0].len, 64);
	assert_int_equal(rec.m[0].full_len, 21 + big + 29);
	assert_string_equal(rec.m[1].id, "perftest.port_down");
	assert_false(rec.m[1].truncated);
	free(text);
	rs_explainer_free(x);
}

static void test_input_limit(void **state)
{
	struct rs_explain_limits lim = { .line_max = 128, .input_max = 64 };
	struct rs_explainer *x = explainer();
	char text[256];
	struct rs_explain_stats st;
	struct rec rec;

	/* 60 bytes of noise, then a message that starts before the limit and
	 * one after it: reading stops at 64 bytes and says so. */
	snprintf(text, sizeof(text), "%059d\nCouldn't allocate MR\nPort number 1 state is Down\n",
		 0);
	st = run_text(x, text, strlen(text), 0, &lim, &rec);
	assert_true(st.input_cut);
	assert_int_equal(st.bytes, 64);
	assert_int_equal(st.lines, 2);	/* the noise, and "Coul" */
	assert_int_equal(rec.n, 0);
	/* Exactly at the limit: nothing was cut. */
	st = run_text(x, text, 64, 0, &lim, &rec);
	assert_false(st.input_cut);
	rs_explainer_free(x);
}

/* rs_explain_fd on a file: all of it, or up to the limit (and says so). */
static void test_fd(void **state)
{
	struct rs_explain_limits lim = { .line_max = 4096, .input_max = 200000 };
	struct rs_explainer *x = explainer();
	struct rs_explain_run *r;
	const struct rs_explain_stats *st;
	FILE *f = tmpfile();
	struct rec rec = { 0 };

	assert_non_null(f);
	for (int i = 0; i < 3000; i++)
		fprintf(f, "noise line %d of a long log\n", i);
	fprintf(f, "Couldn't allocate MR\n");
	fflush(f);
	rewind(f);
	r = rs_explain_run_new(x, NULL, record, &rec);
	assert_int_equal(rs_explain_fd(r, fileno(f)), 0);
	st = rs_explain_finish(r);
	assert_int_equal(st->lines, 3001);
	assert_false(st->input_cut);
	assert_int_equal(rec.n, 1);
	assert_int_equal(rec.m[0].line, 3001);
	rs_explain_run_free(r);
	/* The same file under a limit it exceeds. */
	lim.input_max = 1000;
	rewind(f);
	memset(&rec, 0, sizeof(rec));
	r = rs_explain_run_new(x, &lim, record, &rec);
	assert_int_equal(rs_explain_fd(r, fileno(f)), 0);
	st = rs_explain_finish(r);
	assert_true(st->input_cut);
	assert_int_equal(st->bytes, 1000);
	assert_int_equal(rec.n, 0);
	rs_explain_run_free(r);
	/* A descriptor that cannot be read. */
	r = rs_explain_run_new(x, NULL, NULL, NULL);
	assert_int_equal(rs_explain_fd(r, -1), -EBADF);
	rs_explain_run_free(r);
	fclose(f);
	rs_explainer_free(x);
}

static void test_bad_pattern(void **state)
{
	static const struct rs_explain_entry broken[] = {
		{ .id = "test.ok", .tool = "t", .pattern = "fine", .meaning = "m",
		  .causes = { "c" }, .tree = RS_TREE_SETUP, .check = "device.none" },
		{ .id = "test.broken", .tool = "t", .pattern = "unbalanced (", .meaning = "m",
		  .causes = { "c" }, .tree = RS_TREE_SETUP, .check = "device.none" },
		{ .id = "test.nogroup", .tool = "t", .pattern = "fine", .meaning = "m",
		  .causes = { "c" }, .tree = RS_TREE_SETUP, .check = "device.none",
		  .peer = "peer [0-9.]+" },
	};
	struct rs_explainer *x = NULL;
	char err[256] = "";

	assert_int_equal(rs_explainer_new_table(&x, broken, 2, err, sizeof(err)), -EINVAL);
	assert_null(x);
	assert_non_null(strstr(err, "test.broken: pattern does not compile"));
	assert_int_equal(rs_explainer_new_table(&x, broken + 2, 1, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "test.nogroup: the peer pattern needs a group"));
	assert_int_equal(rs_explainer_new_table(&x, broken, 1, err, sizeof(err)), 0);
	assert_int_equal(rs_explainer_count(x), 1);
	rs_explainer_free(x);
}

/* xorshift: the same lines on every run. */
static uint32_t rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/*
 * Random lines: random bytes (NULs, controls, invalid UTF-8), printable
 * noise, and real messages spliced into noise at random places.  Nothing
 * may crash, the counts must add up, a spliced message is still found and
 * matches come in line order within the bounds.
 */
static void test_fuzz(void **state)
{
	struct rs_explain_limits lim = { .line_max = 256, .input_max = 4 << 20 };
	struct rs_explainer *x = explainer();
	size_t cap = 3 << 20, len = 0, spliced = 0;
	char *buf = malloc(cap);
	struct rs_explain_run *r;
	const struct rs_explain_stats *st;
	struct rec rec = { 0 };
	uint32_t seed = 0x5eed1234;
	size_t sum = 0;

	while (len + 1024 < cap) {
		uint32_t kind = rnd(&seed) % 4, n = rnd(&seed) % 300;

		if (kind == 0) {
			for (uint32_t i = 0; i < n; i++)
				buf[len++] = (char)(rnd(&seed) & 0xff);
		} else if (kind == 1) {
			for (uint32_t i = 0; i < n; i++)
				buf[len++] = (char)(' ' + rnd(&seed) % 95);
		} else {
			const char *m = samples[rnd(&seed) % RS_ARRAY_SIZE(samples)].msg;
			uint32_t pre = rnd(&seed) % 40;

			for (uint32_t i = 0; i < pre; i++)
				buf[len++] = (char)('a' + rnd(&seed) % 26);
			buf[len++] = ' ';
			memcpy(buf + len, m, strlen(m));
			len += strlen(m);
			spliced++;
		}
		buf[len++] = '\n';
	}
	r = rs_explain_run_new(x, &lim, record, &rec);
	for (size_t at = 0; at < len;) {
		size_t n = 1 + rnd(&seed) % 5000;

		n = n < len - at ? n : len - at;
		rs_explain_feed(r, buf + at, n);
		at += n;
	}
	st = rs_explain_finish(r);
	for (size_t i = 0; i < rs_explainer_count(x); i++)
		sum += st->per_entry[i];
	assert_int_equal(sum, st->matches);
	assert_true(st->recognised <= st->lines);
	assert_int_equal(st->bytes, len);
	/* every spliced message fits in line_max and is found (random bytes
	 * may hold a newline, so a few lines are more than counted here) */
	assert_true(st->recognised >= spliced);
	for (size_t i = 1; i < rec.n; i++)
		assert_true(rec.m[i].line >= rec.m[i - 1].line);
	for (size_t i = 0; i < rec.n; i++)
		assert_true(rec.m[i].len <= lim.line_max);
	print_message("# fuzz: %zu bytes, %zu lines, %zu spliced, %zu recognised\n", len,
		      st->lines, spliced, st->recognised);
	rs_explain_run_free(r);
	free(buf);
	rs_explainer_free(x);
}


/*
 * The needles: every entry has some, none shorter than 3 bytes, and they
 * never hide a match - the same lines give the same ids with the
 * automaton as with every pattern tried on every line (brute force), for
 * the samples with text around them, the ordinary lines, the corpus of
 * real pastes (when top_srcdir is known) and random lines.
 */
static void same_with_brute(struct rs_explainer *x, const char *line)
{
	char a[512], b[512];

	rs_explainer_set_brute(x, 0);
	ids_of(x, line, a, sizeof(a));
	rs_explainer_set_brute(x, 1);
	ids_of(x, line, b, sizeof(b));
	rs_explainer_set_brute(x, 0);
	if (strcmp(a, b))
		fail_msg("\"%s\": the needles give \"%s\", every pattern \"%s\"", line, a, b);
}

/* Every line of the corpus sets named by the glob dir ("*": all of them). */
static void corpus_brute(struct rs_explainer *x, const char *dir)
{
	char cmd[4200], *line = NULL;
	size_t cap = 0;
	FILE *f;

	snprintf(cmd, sizeof(cmd), "cat '%s/tests/fixtures/explain/corpus/'%s/*.txt 2>/dev/null",
		 getenv("top_srcdir"), dir);
	f = popen(cmd, "r");
	assert_non_null(f);
	while (getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\n")] = '\0';
		same_with_brute(x, line);
	}
	free(line);
	pclose(f);
}

static void test_needles(void **state)
{
	struct rs_explainer *x = explainer();
	size_t n = rs_explainer_count(x) + rs_explainer_evidence_count(x);
	char buf[96], line[1024];
	uint32_t seed = 0xfeed;

	for (size_t i = 0; i < n; i++) {
		size_t k = rs_explainer_needles(x, i, 0, buf, sizeof(buf));

		if (!k)
			fail_msg("entry %zu: its pattern gives no needle: it would be tried on "
				 "every line", i);
		for (size_t j = 0; j < k; j++) {
			rs_explainer_needles(x, i, j, buf, sizeof(buf));
			assert_true(strlen(buf) >= 3);
		}
	}
	for (size_t i = 0; i < RS_ARRAY_SIZE(samples); i++) {
		same_with_brute(x, samples[i].msg);
		snprintf(line, sizeof(line), "2026-01-01 host[42]: %s (and more)", samples[i].msg);
		same_with_brute(x, line);
	}
	for (size_t i = 0; i < RS_ARRAY_SIZE(benign); i++)
		same_with_brute(x, benign[i]);
	for (int i = 0; i < 20000; i++) {
		size_t len = rnd(&seed) % 200;

		for (size_t k = 0; k < len; k++)
			line[k] = (char)(' ' + rnd(&seed) % 95);
		line[len] = '\0';
		same_with_brute(x, line);
	}
	if (getenv("top_srcdir")) {
		corpus_brute(x, "*");
	}
	rs_explainer_free(x);
}

/* Every rule names an entry or a class, and every class a step of its tree. */
static void test_rules_valid(void **state)
{
	for (int c = 1; c < RS_CLS_COUNT; c++) {
		const char *tree, *check;

		rs_explain_class_step((enum rs_explain_class)c, &tree, &check);
		assert_int_equal(rs_explain_class_find(rs_explain_class_name(c)), c);
		assert_non_null(rs_check_find(check));
		if (!tree_has_step(tree, check))
			fail_msg("class %s: %s is not a step of %s", rs_explain_class_name(c), check,
				 tree);
	}
	for (const struct rs_explain_rule *r = rs_explain_rules; r->entry; r++) {
		const struct rs_explain_entry *e = rs_explain_find(r->entry);

		print_message("# rule %s -> %s\n", r->entry, rs_explain_class_name(r->cls));
		if (!strncmp(r->entry, "class:", 6))
			assert_int_not_equal(rs_explain_class_find(r->entry + 6), RS_CLS_NONE);
		else if (!e || !strncmp(e->id, "ctx.", 4))
			fail_msg("rule for %s: no such entry", r->entry);
		/* a default rule holds on what the log lacks: its `unless` says what */
		if (r->flags & RS_RULE_DEFAULT)
			assert_true(r->unless != 0);
		else
			assert_true(r->when != 0);
		assert_true(r->cls > RS_CLS_NONE && r->cls < RS_CLS_COUNT);
		assert_true(r->why && strlen(r->why) > 10);
	}
	for (const struct rs_explain_entry *e = rs_explain_evidence; e->id; e++)
		assert_true(e->sets != 0);
	assert_int_equal(rs_explain_class_find("no-such-class"), RS_CLS_NONE);
	assert_string_equal(rs_explain_class_name(RS_CLS_NONE), "");
}

/* Rank text; the classes of the ranking, space-separated, into buf. */
static size_t rank_text(const char *text, char *buf, size_t len,
			struct rs_explain_ranked *rk, size_t max)
{
	struct rs_explainer *x = explainer();
	struct rs_explain_run *r = rs_explain_run_new(x, NULL, NULL, NULL);
	size_t n;

	rs_explain_feed(r, text, strlen(text));
	rs_explain_finish(r);
	n = rs_explain_rank(r, rk, max);
	buf[0] = '\0';
	for (size_t i = 0; i < n && i < max; i++) {
		if (i)
			strncat(buf, " ", len - strlen(buf) - 1);
		strncat(buf, rs_explain_class_name(rk[i].cls), len - strlen(buf) - 1);
		rk[i].seen = NULL;	/* freed with the run */
	}
	rs_explain_run_free(r);
	rs_explainer_free(x);
	return n;
}

#define NCCL12 "NCCL WARN NET/IB : Got completion from peer 10.0.0.2<4000> with error 12, " \
	"opcode 0, len 0, vendor err 129 (Recv)\n"

/*
 * The ranking over a whole paste: the most specific first, the context
 * changing what a status means, a repeated line counted once.
 */
static void test_rank(void **state)
{
	struct rs_explain_ranked rk[16];
	char cls[256];
	size_t n;

	/*
	 * status 12 alone: the GID index first (its most likely cause on RoCE),
	 * then NCCL's line, then the other causes of the first entries not
	 * ranked yet, low confidence
	 */
	n = rank_text(NCCL12, cls, sizeof(cls), rk, 16);
	assert_int_equal(n, 5);
	assert_string_equal(rk[0].e->id, "wc.retry_exc_err");
	assert_string_equal(cls, "gid path congestion port gpudirect");
	assert_null(rk[0].rule);
	assert_false(rk[0].alternative || rk[1].alternative);
	assert_true(rk[2].alternative && rk[3].alternative && rk[4].alternative);
	assert_string_equal(rk[2].e->id, "wc.retry_exc_err");
	assert_string_equal(rk[4].e->id, "nccl.completion_error");
	assert_int_equal(rk[2].conf, RS_CONF_LOW);
	assert_true(rk[2].score < rk[1].score);
	/* room for fewer items: the first ones, the count of all */
	assert_int_equal(rank_text(NCCL12, cls, sizeof(cls), rk, 3), 5);
	assert_string_equal(cls, "gid path congestion");
	/* with a port that flapped in the log: the port */
	rank_text("NCCL WARN NET/IB : mlx5_0:1 Got async event : port error\n" NCCL12, cls,
		  sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "port");
	/* with retransmissions and pause frames under load: congestion */
	rank_text("rx_pause_ctrl_phy: 481516\nduplicate_request, out_of_sequence rising under "
		  "load\n" NCCL12, cls, sizeof(cls), rk, 16);
	assert_string_equal(rk[0].e->id, "wc.retry_exc_err");
	assert_string_equal(strtok(cls, " "), "congestion");
	assert_non_null(rk[0].rule);
	assert_int_equal(rk[0].rule_line, 1);
	/* a path failure with a link-local GID in use: the GID */
	rank_text("cma event RDMA_CM_EVENT_UNREACHABLE, error -110\n GID: "
		  "254:128:00:00:00:00:00:00:02:02:c9:ff:fe:00:00:01\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(cls, "gid path rdma-cm peer");
	assert_true(rk[1].alternative);
	assert_int_equal(rk[0].rule_line, 2);
	/* the message that names its cause outranks the generic one before it */
	rank_text("Couldn't allocate MR\nib_md.c:1405 UCX  WARN  RDMA transports are disabled "
		  "because max locked memory limit (64 kbytes) is too low.\n", cls, sizeof(cls), rk,
		  16);
	assert_string_equal(rk[0].e->id, "ucx.memlock");
	assert_int_equal(rk[0].conf, RS_CONF_HIGH);
	assert_string_equal(cls, "memlock memlock gpudirect resources application");
	/* a consequence of the same class as a cause does not lift it above another */
	rank_text("[1716594409.541480] [gpu1:1581047:0] sock.c:323 UCX ERROR connect(fd=87, "
		  "dest_addr=172.17.0.1:47133) failed: Connection refused\n"
		  "[gpu1:1581048] pml_ucx.c:419 Error: ucp_ep_create(proc=9) failed: Destination "
		  "is unreachable\n"
		  "[gpu1:1581048] pml_ucx.c:472 Error: Failed to resolve UCX endpoint for rank 9\n",
		  cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "control-channel");
	/* GPU memory turns a protection error into GPUDirect's */
	rank_text("NCCL WARN NET/IB: Got completion from peer 10.0.0.2<1> with status=4 opcode=0 "
		  "len=0 vendor err 81 (Send)\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "gpudirect");
	/* evidence alone explains nothing */
	assert_int_equal(rank_text("inet6 fe80::1/64 scope link\nNCCL INFO NET/IB : Using "
				   "[0]mlx5_0:1/RoCE\n", cls, sizeof(cls), rk, 16), 0);
	/* flushed requests alone are a consequence: low confidence */
	rank_text(" Bad wc status -- 5 -- 0 \n", cls, sizeof(cls), rk, 16);
	assert_int_equal(rk[0].conf, RS_CONF_LOW);
	/* ... but in NCCL, whose buffers are GPU memory, GPUDirect's */
	rank_text("NCCL WARN NET/IB : Got completion from peer 10.0.0.2<1> with status=5 "
		  "opcode=1 len=0 vendor err 249 (Recv)\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "gpudirect");
	/* a transport NCCL goes without is a warning: the failure after it ranks first */
	rank_text("misc/ibvwrap.cu:61 WARN Failed to open libibverbs.so[.1]\n"
		  "include/socket.h:311 WARN Socket creation failed : Address family not supported "
		  "by protocol\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(rk[0].e->id, "nccl.socket_create");
	/* a QP the device refuses: its sizes first, memlock when the log names the limit */
	rank_text("Unable to create QP.\nFailed to create QP.\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "resources");
	rank_text("ulimit -l: 64\nUnable to create QP.\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "memlock");
	/* EINVAL moving a QP: the program's address vector (no GRH on RoCE) */
	rank_text("resource_manager.cpp:623: enable_queue_pair(): ibv_modify_qp: Invalid argument\n",
		  cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "application");
	/* a completion queue refused with EINVAL: a size, not the memlock limit */
	rank_text("prov/verbs: ibv_create_cq: Invalid argument(22)\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "resources");
}

/*
 * The context rules added for a timeout: the GID in use, the link layer,
 * data that moved before it, two MTUs, ACS.  A rule moved the entry: its
 * own class comes back as its first other cause.
 */
/*
 * A refused RTR with nothing else in the log is the program's address
 * vector; a GID in use that the peer cannot answer keeps it the GID's.
 */
static void test_rank_default_rule(void **state)
{
	struct rs_explain_ranked rk[16];
	char cls[256];

	rank_text("HRD: Failed to modify QP to RTR\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(rk[0].e->id, "verbs.modify_qp_rtr");
	assert_string_equal(strtok(cls, " "), "application");
	assert_non_null(rk[0].rule);
	assert_int_equal(rk[0].rule_line, 1);
	assert_string_equal(rk[0].rule_ctx, "nothing else in the log");
	rank_text(" GID index       : 0\nFailed to modify QP 19 to RTR\n", cls, sizeof(cls), rk,
		  16);
	assert_string_equal(strtok(cls, " "), "gid");
	(void)state;
}

/*
 * Context that moves a cause, and the same message without it: "ping
 * works" leaves the GID of a RoCE path that does not answer; ENODEV in an
 * NCCL log is its QP move's (the GID index), elsewhere the device's.
 */
static const struct {
	const char *with, *without, *cls_with, *cls_without, *ctx;
} moved[] = {
	{ "\"ping -I source_rdma_ip dst_rdma_ip\" worked\n"
	  "cma event RDMA_CM_EVENT_UNREACHABLE, error -110\n",
	  "cma event RDMA_CM_EVENT_UNREACHABLE, error -110\n", "gid", "path", "ping works" },
	{ "with error No such device --NCCL 2.7.8\n",
	  "rdma_bind failed with error No such device\n", "gid", "driver", "NCCL log" },
	/* EFAULT is no locked-memory limit: a range the kernel cannot pin */
	{ "Failed to register memory 0x2e1cbac200: Bad address [14]\n",
	  "Failed to register memory 0x2e1cbac200\n", "gpudirect", "memlock", "bad address" },
	/* the limit shown unlimited is not the cause */
	{ "ibv_reg_mr failed: Cannot allocate memory\nmax locked memory (kbytes, -l) unlimited\n",
	  "ibv_reg_mr failed: Cannot allocate memory\n", "resources", "memlock",
	  "unlimited locked memory" },
	/* NCCL's queue pairs are small: their failure is the pinned memory */
	{ "machine [0] misc/ibvwrap.cu:269 WARN Call to ibv_create_qp failed\n",
	  "Call to ibv_create_qp failed\n", "memlock", "resources", "NCCL log" },
	/* /dev/infiniband without a uverbs node */
	{ " Unable to find the Infiniband/RoCE device\n"
	  "crw-rw-rw- 1 root root  10, 121 Apr  6 09:26 rdma_cm\n",
	  " Unable to find the Infiniband/RoCE device\n"
	  "crw-rw-rw- 1 root root  10, 121 Apr  6 09:26 rdma_cm\n"
	  "crw-rw-rw- 1 root root 231, 192 Apr  6 09:26 uverbs0\n",
	  "permission", "driver", "device nodes listed" },
	/* a remote peer tried over the loopback interface */
	{ "[1619044902.015564] [host:33810:0]           sock.c:261  UCX  ERROR connect(fd=23, "
	  "dest_addr=127.0.0.1:47793) failed: Connection refused\n",
	  "[1619044902.015564] [host:33810:0]           sock.c:261  UCX  ERROR connect(fd=23, "
	  "dest_addr=10.0.0.2:47793) failed: Connection refused\n",
	  "application", "control-channel", "loopback address" },
	/* Docker names the host after the container's id */
	{ "[1612871744.812913] [87797e913a4d:17357:0]       rdmacm_cm.c:686  UCX  ERROR "
	  "rdma_create_event_channel failed: No such file or directory\n",
	  "[1612871744.812913] [compute001:17357:0]       rdmacm_cm.c:686  UCX  ERROR "
	  "rdma_create_event_channel failed: No such file or directory\n",
	  "permission", "driver", "container" },
};

static void test_rank_context_moves(void **state)
{
	struct rs_explain_ranked rk[16];
	char cls[256];

	for (size_t i = 0; i < RS_ARRAY_SIZE(moved); i++) {
		rank_text(moved[i].without, cls, sizeof(cls), rk, 16);
		assert_string_equal(strtok(cls, " "), moved[i].cls_without);
		rank_text(moved[i].with, cls, sizeof(cls), rk, 16);
		assert_string_equal(strtok(cls, " "), moved[i].cls_with);
		assert_non_null(rk[0].rule);
		assert_string_equal(rk[0].rule_ctx, moved[i].ctx);
	}
	(void)state;
}

/* Length errors with the peer refusing requests, or MTUs named different: the MTU. */
static void test_rank_mtu_size_errors(void **state)
{
	struct rs_explain_ranked rk[16];
	char cls[256];

	rank_text("- `remote invalid request`\n- `local length error`\n", cls, sizeof(cls), rk,
		  16);
	assert_string_equal(strtok(cls, " "), "mtu");
	assert_string_equal(rk[0].rule_ctx, "a request the peer refused");
	rank_text("Fix IB MTU mismatch causing NCCL hang and IBV_WC_LOC_LEN_ERR\n", cls,
		  sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "mtu");
	rank_text("Failed status 1: wr_id 0 syndrom 0x1\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "application");
	(void)state;
}

static void test_rank_timeout_context(void **state)
{
	struct rs_explain_ranked rk[16];
	char cls[256];

	/* NCCL 2.19+ names the GIDs: an IPv4-mapped one is routable, the path is next */
	rank_text("NCCL WARN NET/IB : Got completion from peer 10.0.0.2<5> with status=12 "
		  "opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.0.0.1 "
		  "remoteGids::ffff:10.0.0.2\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(rk[0].e->id, "wc.retry_exc_err");
	assert_string_equal(strtok(cls, " "), "path");
	assert_non_null(rk[0].rule);
	assert_string_equal(rk[0].rule_ctx, "IPv4 GID");
	/* ... but a link-local one in the same log wins: the GID */
	rank_text("NCCL INFO NET/IB: NCCL Dev 0 IbDev 0 Port 1 qpn 1047 mtu 5 GID 0 "
		  "(80FE/1A8A41FEFF21A75E)\n" NCCL12, cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "gid");
	assert_non_null(rk[0].rule);
	/* NCCL's peer on an IPoIB interface: InfiniBand, its fe80 GIDs are no fault */
	rank_text("NCCL WARN NET/IB : Got completion from peer fe80::966d:ae03:8b:df54%ib0<33397> "
		  "with error 12, opcode 0, len 0, vendor err 129 (Send)\n", cls, sizeof(cls), rk,
		  16);
	assert_string_equal(strtok(cls, " "), "path");
	/* on InfiniBand there is no GID to choose: the fabric */
	rank_text("\t\t\tlink_layer:\t\tInfiniBand\n" NCCL12, cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "path");
	assert_string_equal(rk[0].rule_ctx, "InfiniBand link");
	/* results came before the timeout: losses on the way, not the setup */
	rank_text("     1048576        262144     float     sum      -1    78.91   13.29   24.91  "
		  "    0    77.64   13.51   25.32      0\n" NCCL12, cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "congestion");
	assert_string_equal(rk[0].rule_ctx, "data moving");
	/* the same line after the timeout says nothing of it */
	rank_text(NCCL12 "     1048576        262144     float     sum      -1    78.91   13.29 "
		  "  24.91      0    77.64   13.51   25.32      0\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "gid");
	/* two MTUs: both are needed (RS_RULE_ALL) */
	rank_text(" Mtu             : 4096[B]\n\t\t\tactive_mtu:\t\t1024 (3)\n" NCCL12, cls,
		  sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "mtu");
	rank_text(" Mtu             : 4096[B]\n" NCCL12, cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "gid");
	/* PCIe ACS on: a flushed NCCL completion is GPUDirect's; the moved class stays next */
	rank_text("\t\tACSCtl:\tSrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+\n"
		  "NCCL WARN NET/IB : Got completion from peer 10.0.0.2<5> with status=5 "
		  "opcode=0 len=0 vendor err 249 (Recv)\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "gpudirect");
	assert_true(strstr(cls + strlen(cls) + 1, "path") != NULL);
	/* UCX's EINVAL on a QP: the driver or firmware (UCX sets the address vector) */
	rank_text("[1665104310.200076] [hpap13n1:39047:0]         dc_mlx5.c:456  UCX  ERROR "
		  "ibv_modify_qp(DCI, RTR) failed : Invalid argument\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "driver");
	rank_text("Failed to modify UD QP to INIT on mlx5_bond_0: Invalid argument\n", cls,
		  sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "driver");
	/* NCCL on sockets because it was told so: its settings, not the host */
	rank_text("NCCL INFO NCCL_IB_DISABLE set by environment to 1.\n"
		  "NCCL INFO Using network Socket\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "application");
	rank_text("NCCL INFO Using network Socket\n", cls, sizeof(cls), rk, 16);
	assert_string_equal(strtok(cls, " "), "driver");
}

/* A line repeated 200 000 times is one message with its count. */
static void test_repeats_counted(void **state)
{
	static const char line[] = NCCL12;
	struct rs_explainer *x = explainer();
	struct rs_explain_run *r = rs_explain_run_new(x, NULL, NULL, NULL);
	const struct rs_explain_stats *st;
	struct rs_explain_ranked rk[8];
	char *buf = malloc(1000 * (sizeof(line) - 1));

	for (int i = 0; i < 1000; i++)
		memcpy(buf + i * (sizeof(line) - 1), line, sizeof(line) - 1);
	for (int i = 0; i < 200; i++)
		rs_explain_feed(r, buf, 1000 * (sizeof(line) - 1));
	st = rs_explain_finish(r);
	assert_int_equal(st->lines, 200000);
	assert_int_equal(st->recognised, 200000);
	assert_int_equal(st->distinct, 2);
	assert_int_equal(rs_explain_rank(r, rk, 8), 2 + 3);
	assert_int_equal(rk[0].seen->count, 200000);
	assert_int_equal(rk[0].seen->first, 1);
	assert_int_equal(rk[0].seen->last, 200000);
	/* the status names no peer; NCCL's line does */
	assert_string_equal(rk[0].seen->peer, "");
	assert_string_equal(rk[1].e->id, "nccl.completion_error");
	assert_string_equal(rk[1].seen->peer, "10.0.0.2");
	rs_explain_run_free(r);
	free(buf);
	rs_explainer_free(x);
}

/*
 * A host name in the line prefix is looked for on the first lines of a
 * tool that carry it, not on every one: a Docker host name on the third
 * UCX line is context, one after a hundred lines without it is not.
 */
static rs_explain_ctx ctx_after(struct rs_explainer *x, int plain, const char *host)
{
	struct rs_explain_run *r = rs_explain_run_new(x, NULL, NULL, NULL);
	char line[256];
	rs_explain_ctx ctx;

	for (int i = 0; i < plain; i++) {
		snprintf(line, sizeof(line), "[1666.%06d] [host-1:%d:0] ucp_worker.c:1903 UCX  "
			 "INFO  ucp_context_0 inter-node cfg#%d\n", i, 30000 + i, i % 9);
		rs_explain_feed(r, line, strlen(line));
	}
	snprintf(line, sizeof(line), "[1666.999999] [%s:17357:0] ucp_worker.c:1903 UCX  INFO  "
		 "ucp_context_0 inter-node cfg#1\n", host);
	rs_explain_feed(r, line, strlen(line));
	ctx = rs_explain_finish(r)->ctx;
	rs_explain_run_free(r);
	return ctx;
}

static void test_evidence_tries(void **state)
{
	struct rs_explainer *x = explainer();

	assert_true(ctx_after(x, 0, "87797e913a4d") & RS_CTX_CONTAINER);
	assert_true(ctx_after(x, 2, "87797e913a4d") & RS_CTX_CONTAINER);
	assert_false(ctx_after(x, 2, "gpu-node-0001") & RS_CTX_CONTAINER);
	assert_false(ctx_after(x, 100, "87797e913a4d") & RS_CTX_CONTAINER);
	rs_explainer_free(x);
	(void)state;
}

/* No limit by default: 40 MiB are read whole, the last line's message found. */
static void test_no_input_limit(void **state)
{
	struct rs_explainer *x = explainer();
	struct rs_explain_run *r = rs_explain_run_new(x, NULL, NULL, NULL);
	const struct rs_explain_stats *st;
	size_t chunk = 1 << 20;
	char *buf = malloc(chunk);

	for (size_t i = 0; i < chunk; i++)
		buf[i] = i % 64 == 63 ? '\n' : 'a' + (char)(i % 26);
	for (int i = 0; i < 40; i++)
		assert_int_equal(rs_explain_feed(r, buf, chunk), 0);
	rs_explain_feed(r, "Port number 1 state is Down\n", 28);
	st = rs_explain_finish(r);
	assert_false(st->input_cut);
	assert_int_equal(st->bytes, 40 * (uint64_t)chunk + 28);
	assert_int_equal(st->recognised, 1);
	assert_int_equal(st->tried, 1);	/* no other line held a needle */
	rs_explain_run_free(r);
	free(buf);
	rs_explainer_free(x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_valid),
		cmocka_unit_test(test_real_messages),
		cmocka_unit_test(test_wc_statuses),
		cmocka_unit_test(test_lines_any_chunks),
		cmocka_unit_test(test_nul_bytes),
		cmocka_unit_test(test_long_lines),
		cmocka_unit_test(test_input_limit),
		cmocka_unit_test(test_fd),
		cmocka_unit_test(test_bad_pattern),
		cmocka_unit_test(test_peer),
		cmocka_unit_test(test_fuzz),
		cmocka_unit_test(test_needles),
		cmocka_unit_test(test_rules_valid),
		cmocka_unit_test(test_rank),
		cmocka_unit_test(test_rank_timeout_context),
		cmocka_unit_test(test_rank_default_rule),
		cmocka_unit_test(test_rank_mtu_size_errors),
		cmocka_unit_test(test_rank_context_moves),
		cmocka_unit_test(test_repeats_counted),
		cmocka_unit_test(test_evidence_tries),
		cmocka_unit_test(test_no_input_limit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
