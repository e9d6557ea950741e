/* SPDX-License-Identifier: MIT */
/*
 * explain_table.c - the messages `rocescope explain` knows: what perftest,
 * the ibv_*_pingpong examples, libibverbs, librdmacm, NCCL and the kernel
 * print when RoCE does not work, what each means, its likely causes in
 * order, and the tree and step that find the cause (explain.h).
 *
 * Data only.  Patterns are POSIX extended regular expressions, matched
 * without regard to case (tools change capitals between versions: "Couldn't
 * allocate MR", "failed to create mr", "Failed to create MR" are one
 * failure).  AP accepts the apostrophe as typed, as a word processor turns it
 * (U+2019), or left out ("Couldnt connect", as the guide spells it,
 * docs/guide.md 6.1).  The messages were taken from perftest 4.5 and
 * rdma-core 44 binaries, the Soft-RoCE lab (docs/lab.md) and NCCL's sources;
 * the tests hold every pattern to a real message (tests/test_explain.c).  How
 * to add one: docs/explain.md.  The work-completion statuses are in
 * explain_wc.c.
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

#define AP RS_EXPLAIN_AP

const struct rs_explain_entry rs_explain_messages[] = {
	/* --- the test's TCP control channel (port 18515) ------------------ */
	{ .id = "perftest.connect_failed", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "couldn" AP "t connect to [^ ]*:[0-9]+",
	  .meaning = N_("The client could not open the TCP connection of the test's control "
		     "channel, over which perftest and the ibv_*_pingpong examples exchange QP "
		     "numbers, GIDs and memory keys (port 18515 unless -p says otherwise). It is "
		     "a TCP failure: no RDMA was tried yet."),
	  .causes = { N_("the server side is not running yet, or listens on another -p port: start "
		      "it first (the connect is refused)"),
		      N_("a firewall drops or rejects TCP 18515 on the server or on the way (the "
		      "connect times out)"),
		      N_("the address is wrong or unreachable: no route, the interface is down, or the "
		      "name resolves to another host"),
		      N_("the server is still finishing a previous run and not listening again") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 7, .alt = { RS_CLS_PATH },
	  .peer = "connect to ([^ ]+):[0-9]+" },
	{ .id = "perftest.socket_init", .tool = "perftest",
	  .pattern = "unable to (init|set up) the socket connection|unable to open file "
		     "descriptor for socket connection|unable to set up socket connection",
	  /* TRANSLATORS: text in single quotes in the explain entries is what a
	   * tool prints ('Couldn't connect to HOST:PORT'): keep it in English. */
	  .meaning = N_("perftest gave up on its TCP control channel; the client prints this after "
		     "'Couldn't connect to HOST:PORT'."),
	  .causes = { N_("no server listening on the port yet (start the server first)"),
		      N_("a firewall on the server or on the way blocks TCP 18515"),
		      N_("the server address is wrong or has no route") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 4, .alt = { RS_CLS_PATH } },
	{ .id = "perftest.listen_failed", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "couldn" AP "t listen to port [0-9]+",
	  .meaning = N_("The server could not listen on its control port."),
	  .causes = { N_("another test server still runs and holds the port (ss -ltnp 'sport = "
		      ":18515')"),
		      N_("the port given with -p is taken by another service or needs privileges") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 7 },
	{ .id = "perftest.read_keys", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "couldn" AP "t (read|read/write|send|send/recv) (remote|local) address"
		     "|couldn" AP "t read reports|(client|server) read/write"
		     "|unable to (read from|read to|write to|write from) socket/rdma_cm"
		     "|failed to exchange [a-z ]*data between"
		     "|couldn" AP "t write to socket|failed to sync between (server and client|"
		     "client and server)",
	  .meaning = N_("The TCP control connection was made, but the exchange of connection data "
		     "with the other side (QP number, PSN, GID, memory key and address) failed: "
		     "the other side closed the connection or sent something else."),
	  .causes = { N_("the other side failed first and closed the socket: read its output. A "
		      "memlock limit, a bad GID index or a port down there shows up here as this "
		      "line (in the lab, a 64 KiB memlock on the peer did exactly that)"),
		      N_("the two sides run different tests or options (ib_write_bw against "
		      "ib_read_bw, -R on one side only, different -q or -c)"),
		      N_("different perftest versions on the two hosts"),
		      N_("something on the way reset the TCP connection (a firewall, a proxy)") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 3, .alt = { RS_CLS_DRIVER, RS_CLS_GID, RS_CLS_CONTROL } },

	/* --- connecting the queue pairs ------------------------------------ */
	{ .id = "verbs.modify_qp_rtr", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "failed to modify ((UD|RC|DC|send|recv) )?QP( [0-9]+|\\[[0-9]+\\])? to RTR|couldn" AP "t connect to "
		     "remote QP",
	  .meaning = N_("Moving the queue pair to Ready To Receive failed. This is the step where "
		     "the remote address (destination GID, QP number, path MTU) and the local GID "
		     "index reach the device; on RoCE the driver also resolves the peer's MAC "
		     "here, so most addressing problems show up at this line."),
	  .causes = { N_("the GID index given (-x for perftest, -g for ibv_*_pingpong) is empty, "
		      "RoCE v1, link-local or on another interface: errno 61 (No data available) "
		      "for an empty slot in the lab; rocescope gids shows the index to use"),
		      N_("no GID index given to a tool that needs one on RoCE (ibv_rc_pingpong without "
		      "-g fails here)"),
		      N_("the peer's MAC cannot be resolved: no route to the peer's address through "
		      "this port, or no ARP answer (errno 110, Connection timed out, after about "
		      "1 s in the lab)"),
		      N_("the port or its interface is down (errno 101, Network is unreachable)"),
		      N_("the path MTU asked for (-m) is above what the port supports") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 5, .alt = { RS_CLS_APPLICATION, RS_CLS_PATH, RS_CLS_PORT } },
	{ .id = "perftest.connect_hca", .tool = "perftest",
	  .pattern = "unable to connect the HCA" AP "s through the link",
	  .meaning = N_("perftest's summary after it could not bring the queue pairs to a connected "
		     "state; the line before it (usually 'Failed to modify QP N to RTR') says "
		     "which step failed."),
	  .causes = { N_("the GID index given with -x is empty, RoCE v1 or link-local (the lab's -x 5 "
		      "on an empty slot prints this)"),
		      N_("the peer's MAC cannot be resolved (route or ARP)"),
		      N_("the port is down") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 2, .alt = { RS_CLS_PATH, RS_CLS_PORT, RS_CLS_APPLICATION } },
	{ .id = "verbs.modify_qp_init", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "failed to modify ((UD|RC|DC|send|recv) )?QP( [0-9]+|\\[[0-9]+\\])? to INIT",
	  .meaning = N_("The queue pair could not be moved to INIT, the first step after creating "
		     "it: the port number, P_Key index or access flags were refused."),
	  .causes = { N_("the port given (-i, --ib-port) does not exist on this device, or is down"),
		      N_("a P_Key index beyond the table (--pkey_index)"),
		      N_("the device went away since it was opened (driver reload)") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 4, .alt = { RS_CLS_APPLICATION, RS_CLS_DRIVER } },
	{ .id = "verbs.modify_qp_rts", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "failed to modify ((UD|RC|DC|send|recv) )?QP( [0-9]+|\\[[0-9]+\\])? to RTS",
	  .meaning = N_("The queue pair reached Ready To Receive but could not move to Ready To "
		     "Send: the send-side attributes (timeout, retry counts, PSN, outstanding "
		     "reads) were refused."),
	  .causes = { N_("an attribute outside the device's range (a custom timeout or retry count, "
		      "outstanding reads above max_qp_rd_atom)"),
		      N_("the queue pair went to error in between (the port went down)") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 4, .alt = { RS_CLS_APPLICATION } },
	{ .id = "verbs.modify_qp", .tool = "NCCL, UCX, verbs applications",
	  .pattern = "ibv_modify_qp(\\([^)]*\\))?( failed|: )",
	  .meaning = N_("An application could not move a queue pair to its next state (INIT, RTR or "
		     "RTS). The text after it is the errno: 'Connection timed out' (110): the "
		     "peer's MAC was not resolved; 'No data available' (61): the GID index is "
		     "empty; 'Network is unreachable' (101): the port is down or has no route; "
		     "'No such device' (19): the GID's interface is gone or in another network "
		     "namespace; 'Invalid argument' (22): most often a GID index that is wrong "
		     "for RoCE v2, else an attribute the device refuses."),
	  .causes = { N_("the GID index is wrong for RoCE v2 (NCCL_IB_GID_INDEX, UCX_IB_GID_INDEX): "
		      "empty, RoCE v1 or link-local"),
		      N_("the peer's MAC cannot be resolved: route through another interface, no ARP "
		      "answer"),
		      N_("the port is down") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 4, .alt = { RS_CLS_PATH, RS_CLS_PORT, RS_CLS_APPLICATION } },
	{ .id = "verbs.modify_qp_etimedout", .tool = "NCCL, UCX, Mooncake, verbs applications",
	  .pattern = "modify[_ ]?(UD |RC |DC )?QP.*(connection timed out|ETIMEDOUT|"
		     "errno:? 110([^0-9]|$)|"
		     "\\[110\\])",
	  .meaning = N_("A queue pair transition (to RTR, most often) failed with ETIMEDOUT: on RoCE "
		     "the kernel resolves the peer's MAC from the destination GID's address at "
		     "this step, and got no ARP or neighbour answer in time."),
	  .causes = { N_("no route or no ARP answer for the peer's address through this port (the "
		      "peer's RoCE interface is down, on another subnet, or ARP is filtered)"),
		      N_("the GID index names an address of another interface, or a link-local one, "
		      "so the route leaves elsewhere"),
		      N_("a neighbour entry stuck FAILED on this host (ip neigh)") },
	  .tree = RS_TREE_CONNECTION, .check = "net.peer_neigh",
	  .cls = RS_CLS_PATH, .weight = 6, .alt = { RS_CLS_GID, RS_CLS_PORT } },
	{ .id = "verbs.modify_qp_enodata", .tool = "NCCL, UCX, verbs applications",
	  .pattern = "modify[_ ]?(UD |RC |DC )?QP.*(no data available|ENODATA|"
		     "errno:? 61([^0-9]|$)|\\[61\\])",
	  .meaning = N_("A queue pair transition failed with ENODATA: the source GID index the "
		     "application gave is an empty slot of the GID table."),
	  .causes = { N_("a GID index copied from another host or from before an address change "
		      "(rocescope gids shows the table)"),
		      N_("the interface has no IPv4 address, so the RoCE v2 IPv4 entry is missing"),
		      N_("the interface is down, so its entries are gone") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 7, .alt = { RS_CLS_PORT } },
	{ .id = "verbs.modify_qp_enetunreach", .tool = "NCCL, UCX, verbs applications",
	  .pattern = "modify[_ ]?(UD |RC |DC )?QP.*(network is unreachable|ENETUNREACH|"
		     "errno:? 101([^0-9]|$))",
	  .meaning = N_("A queue pair transition failed with ENETUNREACH: the kernel found no route "
		     "from the GID's interface to the peer's address."),
	  .causes = { N_("the peer's address is on a subnet this interface has no route to"),
		      N_("the port or its interface is down"),
		      N_("policy routing or a VRF sends the peer's address elsewhere") },
	  .tree = RS_TREE_CONNECTION, .check = "net.peer_route",
	  .cls = RS_CLS_PATH, .weight = 6, .alt = { RS_CLS_PORT, RS_CLS_GID } },
	{ .id = "verbs.modify_qp_enodev", .tool = "NCCL, UCX, mscclpp, verbs applications",
	  .pattern = "modify[_ ]?(UD |RC |DC )?QP.*(no such device|ENODEV|errno:? 19([^0-9]|$))",
	  .meaning = N_("A queue pair transition failed with ENODEV: the network device behind the "
		     "source GID cannot be used from here."),
	  .causes = { N_("the GID index names an entry whose interface is gone, renamed, or in "
		      "another network namespace (a pod or container sees the RDMA device but not "
		      "its netdev)"),
		      N_("a GID index that is not the RoCE v2 IPv4 entry of the interface in use"),
		      N_("the port's interface was moved or re-created under the running program") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 6, .alt = { RS_CLS_PERMISSION, RS_CLS_DRIVER } },
	{ .id = "verbs.modify_qp_einval", .tool = "NCCL, UCX, verbs applications",
	  .pattern = "modify(ing)?[_ ]?(UD |RC |DC )?QP.*"
		     "(invalid argument|EINVAL|errno:? 22([^0-9]|$))",
	  .meaning = N_("A queue pair transition failed with EINVAL: the device refused an "
		     "attribute. On RoCE the usual one is the address vector: it needs a GRH "
		     "with a valid source GID index (LID addressing is InfiniBand only)."),
	  .causes = { N_("the program's address vector has no GRH (is_global=0), or a path MTU, "
		      "timeout, retry count or outstanding-read value outside the device's range"),
		      N_("a source GID index that is not valid for RoCE v2 on this port"),
		      N_("the device's firmware or driver refuses a transition it should accept "
		      "(update both)") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 5,
	  .alt = { RS_CLS_GID, RS_CLS_FIRMWARE, RS_CLS_DRIVER }, .sets = RS_CTX_EINVAL },
	{ .id = "verbs.query_gid", .tool = "ibv_*_pingpong, perftest",
	  .pattern = "can" AP "t read sgid of index|could not get local gid|"
		     "ibv_query_gid(_ex)?(\\([^)]*\\))?( failed|: [a-z ]+\\(?[0-9]+\\)?$)|"
		     "failed to query gid",
	  .meaning = N_("The GID index given could not be read: the slot is empty or beyond the "
		     "table."),
	  .causes = { N_("an index copied from another host or from before an address change: RoCE "
		      "GID indexes follow the interface's addresses"),
		      N_("the interface has no IP address, so only link-local entries exist"),
		      N_("the interface is down, so its GID entries are gone") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 7, .alt = { RS_CLS_PORT, RS_CLS_PERMISSION } },
	{ .id = "verbs.create_ah", .tool = "perftest, ibv_ud_pingpong",
	  .pattern = "failed to create AH|unable to create (AH|address handler)|"
		     "ibv_create_ah(\\(.*)? failed",
	  .meaning = N_("An address handle for the peer (UD and rdma_cm tests) could not be "
		     "created from its GID."),
	  .causes = { N_("the GID index is empty, RoCE v1 or link-local"),
		      N_("the peer's MAC cannot be resolved (route, ARP)") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 5, .alt = { RS_CLS_PATH, RS_CLS_APPLICATION } },
	/*
	 * On RoCE the kernel resolves the peer's MAC while it creates the
	 * address handle (ib_resolve_eth_dmac, rdma_addr_find_l2_eth_by_grh):
	 * ETIMEDOUT is that neighbour lookup unanswered.
	 */
	{ .id = "verbs.create_ah_timeout", .tool = "libibverbs (UCX, perftest, applications)",
	  .pattern = "create_ah(\\(.*\\))?[^,;]* failed: Connection timed out|"
		     "create_ah(\\(.*\\))?[^,;]* failed.*(ETIMEDOUT|errno[ :=]*-?110)",
	  .meaning = N_("Creating the address handle for the peer timed out: on RoCE the kernel "
			"looks up the MAC of the peer's IP address while it creates it, and no "
			"neighbour answered."),
	  .causes = { N_("the peer's address is not reachable from this port's subnet: another rail "
			 "or subnet (several NICs with overlapping subnets), a missing route, or "
			 "ARP answered on another interface"),
		      N_("the GID chosen belongs to another interface or subnet than the peer's") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 7, .alt = { RS_CLS_GID } },
	{ .id = "perftest.gid_incompat", .tool = "perftest",
	  .pattern = "found incompatibility issue with GID types|please try to use a different "
		     "IP version",
	  .meaning = N_("The two ends chose GIDs of different kinds (one IPv4-mapped, the other IPv6 "
		     "or link-local) and perftest stops before connecting."),
	  .causes = { N_("a different -x on each end: index 0 (link-local) on one, the IPv4 index on "
		      "the other (the lab's gid_mismatch fault); use the RoCE v2 IPv4 index on "
		      "both (rocescope gids)"),
		      N_("one end lost its IPv4 address, so its IPv4 GID entry is gone (the lab saw "
		      "this line after removing an address)"),
		      N_("one end gave no -x and took index 0") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 9, .alt = { RS_CLS_PEER } },

	/* --- resources: QP, CQ, PD, memory registration --------------------- */
	{ .id = "verbs.create_qp", .tool = "perftest, ibv_*_pingpong, NCCL",
	  .pattern = "(unable to|cannot|can" AP "t|could not) create (a |the )?(QP|queue pair)|"
		     "couldn" AP "t create (rdma (new|old) |send |recv )?QP|QP creation failed|"
		     "failed to "
		     "create ([a-z0-9]+ )?(QP|queue pair)|ibv_create_qp[a-z_]*(\\([^)]*\\))?( failed|: )|"
		     "rdma_create_qp[a-z_]*( failed)?[:( ]",
	  .meaning = N_("The device refused to create the queue pair: the sizes asked for exceed "
		     "what it supports, or a resource or permission limit was hit."),
	  .causes = { N_("queue depth, scatter/gather entries or inline size above the device's limits "
		      "(ibv_devinfo -v: max_qp_wr, max_sge; perftest -t, --inline_size; an E810 "
		      "takes less inline data than perftest's default)"),
		      N_("the locked-memory limit (ulimit -l) is too small for the queues: a "
		      "non-root user at a default limit"),
		      N_("the device's QP limit (max_qp) is used up by other processes"),
		      N_("a raw-packet QP without CAP_NET_RAW ('CAP_NET_RAW may be required')") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 4, .alt = { RS_CLS_MEMLOCK, RS_CLS_APPLICATION } },
	{ .id = "verbs.create_cq_pd", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "couldn" AP "t (allocate PD|create CQ|create a receiver CQ|create "
		     "completion channel)|failed to create (CQs?|a completion queue)([^a-z]|$)|"
		     "(cannot|can" AP "t|could not|unable to) (create|allocate) (a |the )?(CQ|"
		     "completion queue|PD|protection domain)([^a-z]|$)|"
		     "ibv_(create_(cq|srq|comp_channel)|alloc_pd)[a-z_]*(\\([^)]*\\))?( failed|: )",
	  .meaning = N_("Creating a protection domain, a completion queue or its event channel "
		     "failed: the first resources taken on a freshly opened device."),
	  .causes = { N_("the locked-memory limit is too small even for the queues"),
		      N_("the completion queue asked for is deeper than max_cqe (perftest -t, "
		      "--cq-mod)"),
		      N_("the device is in a bad state (dmesg: driver errors)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 4, .alt = { RS_CLS_RESOURCES, RS_CLS_DRIVER } },
	/*
	 * A size refused: UCX "ibv_create_cq(cqe=4096) failed: Invalid
	 * argument", libfabric's verbs provider "ibv_create_cq: Invalid
	 * argument(22)" (VRB_WARN_ERRNO: "%s: %s(%d)").  The memlock limit
	 * gives ENOMEM, not EINVAL.
	 */
	{ .id = "verbs.create_cq_einval", .tool = "libibverbs, UCX, libfabric",
	  .pattern = "create[_ ]cq[a-z_]*(\\([^)]*\\))?:? (failed:? )?(invalid argument|EINVAL)|"
		     "CQE [0-9]+ exceeding limit",
	  .meaning = N_("The device refused the completion queue's attributes (EINVAL): most often "
		     "more entries than it supports."),
	  .causes = { N_("the depth asked for is above the device's max_cqe (ibv_devinfo -v): a "
		      "library that sizes its queue by the job (libfabric FI_UNIVERSE_SIZE, "
		      "UCX_*_RX_QUEUE_LEN, thousands of peers)"),
		      N_("a completion vector or flag the provider does not support (an old or "
		      "mismatched provider)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 6, .alt = { RS_CLS_DRIVER } },
	{ .id = "verbs.reg_mr", .tool = "perftest, ibv_*_pingpong, NCCL",
	  .pattern = "couldn" AP "t (allocate|register) (GPU |CUDA )?MR|failed to (create|register|reg) "
		     "(mr|memory)|ibv_reg_(dmabuf_)?mr[a-z0-9_]*(\\([^)]*\\))?( failed|: )|"
		     "[a-z_]+ reg_mr failed|register[a-z]*memoryregion failed",
	  .meaning = N_("Registering the test's buffer with the NIC (pinning it in RAM and giving it "
		     "keys) failed. perftest's buffer is the message size times the queue depth, "
		     "so large messages hit this first."),
	  .causes = { N_("the locked-memory limit is below the buffer: ulimit -l, memlock in "
		      "/etc/security/limits.conf, LimitMEMLOCK of a systemd service, a container "
		      "without IPC_LOCK; root without CAP_IPC_LOCK is limited too (the lab's 64 KiB "
		      "limit prints exactly these lines)"),
		      N_("the buffer is larger than the device's max_mr_size or the free memory"),
		      N_("GPU memory (NCCL, perftest --use_cuda) without GPUDirect RDMA support loaded "
		      "(nvidia-peermem, or dma-buf)"),
		      N_("huge pages asked for (--use_hugepages) but none reserved"),
		      N_("the range is not all mapped memory: a length past the end of the "
		      "buffer or of a mapped device, or memory already freed (EFAULT, the "
		      "program's own bug)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 4,
	  .alt = { RS_CLS_GPUDIRECT, RS_CLS_RESOURCES, RS_CLS_APPLICATION } },
	{ .id = "perftest.ib_resources", .tool = "perftest",
	  .pattern = "couldn" AP "t create IB resources|unable to create rdma resources|failed to "
		     "create RDMA CM connection with resources",
	  .meaning = N_("perftest's summary after creating its RDMA resources failed; the line "
		     "before it names the part (MR, QP, CQ, PD)."),
	  .causes = { N_("the memory registration failed ('Couldn't allocate MR' or 'failed to "
		      "create mr' before it): the locked-memory limit"),
		      N_("queue or completion queue sizes above the device's limits"),
		      N_("the device or its port went away") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 2, .alt = { RS_CLS_RESOURCES, RS_CLS_DRIVER } },
	{ .id = "verbs.memlock_warning", .tool = "libibverbs",
	  .pattern = "RLIMIT_MEMLOCK is [0-9]+ bytes|will severely limit memory registrations",
	  .meaning = N_("libibverbs warns at start-up that the locked-memory limit is small: "
		     "registrations larger than it will fail."),
	  .causes = { N_("memlock was not raised for this user or service: '* soft memlock "
		      "unlimited' and '* hard memlock unlimited' in /etc/security/limits.conf "
		      "(then log in again), or LimitMEMLOCK=infinity for a systemd unit"),
		      N_("a container runtime or batch scheduler sets its own limit (docker --ulimit "
		      "memlock=-1)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 9, .sets = RS_CTX_MEMLOCK },
	{ .id = "perftest.hugepages", .tool = "perftest",
	  .pattern = "failed to allocate hugepages?( region)?|please configure hugepages|"
		     "failed to attach shared memory region",
	  .meaning = N_("perftest was asked for huge pages (--use_hugepages) and could not get them."),
	  .causes = { N_("no huge pages reserved (vm.nr_hugepages is 0)"),
		      N_("too few free huge pages for the buffer"),
		      N_("the shared-memory limits (kernel.shmmax, kernel.shmall) are below the "
		      "buffer") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.no_hugepages",
	  .cls = RS_CLS_RESOURCES, .weight = 8, .alt = { RS_CLS_MEMLOCK } },

	/* --- devices and ports ---------------------------------------------- */
	{ .id = "verbs.no_device", .tool = "perftest, libibverbs, NCCL",
	  .pattern = "no IB devices found|did not detect devices|failed to get IB devices list|"
		     "ibv_get_device_list(\\(\\))? failed|"
		     "no RDMA devices? "
		     "found|couldn" AP "t get device list|NET/IB ?: No device found|"
		     "(^|[^0-9])0 HCAs? found|no RDMA devices were detected",
	  .meaning = N_("libibverbs found no RDMA device at all."),
	  .causes = { N_("the RDMA driver is not loaded (mlx5_ib for ConnectX; for Soft-RoCE "
		      "rdma_rxe and rdma link add rxe0 type rxe netdev DEV)"),
		      N_("the user-space provider is missing or does not match the kernel driver "
		      "(Debian: ibverbs-providers)"),
		      N_("inside a container: /dev/infiniband and /sys/class/infiniband are not "
		      "passed in") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 6, .alt = { RS_CLS_PERMISSION } },
	{ .id = "verbs.device_not_found", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "IB device [^ ]+ not found|(unable to|cannot|can" AP "t|could not|couldn" AP "t) "
		     "find (an? |the |any )?(infiniband/roce|rdma|ib|infiniband|roce|soft-roce|rxe)"
		     "[ -]?device",
	  .meaning = N_("The device named with -d / --ib-dev does not exist here. RDMA devices are "
		     "named like mlx5_0 or rxe0, not like the interface (ens1f0)."),
	  .causes = { N_("an interface name given instead of the RDMA device (rocescope devices maps "
		      "one to the other)"),
		      N_("the devices are numbered differently on this host"),
		      N_("its driver is not loaded") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 5, .alt = { RS_CLS_APPLICATION, RS_CLS_PERMISSION } },
	{ .id = "verbs.driver_warning", .tool = "libibverbs",
	  .pattern = "libibverbs: warning: couldn" AP "t (load driver|open config directory|"
		     "read config file|stat config file|allocate driver for)|libibverbs: "
		     "warning: ignoring bad config directive|libibverbs: fatal: couldn" AP "t "
		     "allocate device for",
	  .meaning = N_("libibverbs could not load the user-space provider of a device: the kernel "
		     "sees the device but programs cannot use it. (A warning about another "
		     "vendor's provider is harmless when the device in use works.)"),
	  .causes = { N_("the provider package is missing or older than the kernel driver (Debian: "
		      "ibverbs-providers; MLNX_OFED mixed with the distribution's rdma-core)"),
		      N_("/etc/libibverbs.d is missing or names removed libraries"),
		      N_("LD_LIBRARY_PATH picks another rdma-core") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 3, .alt = { RS_CLS_APPLICATION } },
	{ .id = "verbs.no_provider", .tool = "libibverbs",
	  .pattern = "no userspace device-specific driver found",
	  .meaning = N_("libibverbs found a device in /sys/class/infiniband but no user-space "
		     "provider that drives it: programs cannot open it."),
	  .causes = { N_("the provider package is not installed (Debian: ibverbs-providers; RHEL: "
		      "libibverbs with its providers)"),
		      N_("the provider is older than the kernel driver (a new device, or Soft-RoCE "
		      "with an old rdma-core)"),
		      N_("MLNX_OFED and the distribution's rdma-core mixed: two libibverbs, one "
		      "without the provider") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 8 },
	{ .id = "verbs.kernel_abi", .tool = "libibverbs",
	  .pattern = "does not support the kernel ABI|kernel ABI version [0-9]+ doesn" AP "t "
		     "match library",
	  .meaning = N_("The user-space provider and the kernel driver speak different ABI "
		     "versions: the provider is skipped for that device."),
	  .causes = { N_("rdma-core older or newer than the kernel's RDMA stack (a kernel upgrade "
		      "without rdma-core, or a container's rdma-core on another host kernel)"),
		      N_("a provider of another vendor probing the device: harmless when the device "
		      "in use works") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6 },
	{ .id = "verbs.mlx5_cqe_dump", .tool = "libmlx5",
	  .pattern = "mlx5: [^ ]+: got completion with error",
	  .meaning = N_("libmlx5 dumps the raw completion of a failed work request (four rows of "
		     "hex). The status is in the application's next line; the syndrome byte is in "
		     "the dump."),
	  .causes = { N_("see the status the application prints next"),
		      N_("a local protection or access error: a buffer outside its memory region"),
		      N_("a retry exceeded: the peer does not answer on the RDMA path") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 2, .alt = { RS_CLS_GID, RS_CLS_APPLICATION, RS_CLS_PEER } },
	{ .id = "verbs.bad_address", .tool = "perftest, verbs applications",
	  .pattern = "(errno|error)[: ]+bad address|ibv_reg_mr.*bad address|"
		     "regist(er|ration)[a-z]* (mr|memory|buffer)[^a-z].*bad address|"
		     "(^|[^a-z])EFAULT([^a-z]|$)",
	  .meaning = N_("The kernel refused to pin a buffer (EFAULT): the address range is not "
		     "memory it can register - most often GPU memory without a GPUDirect path."),
	  .causes = { N_("GPU memory (cudaMalloc, --use_cuda) registered without nvidia-peermem "
		      "loaded or without dma-buf support"),
		      N_("a buffer that was freed or never mapped (an application bug)"),
		      N_("device memory or a mapping the kernel cannot pin (a DAX or PCI BAR range)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_GPUDIRECT, .weight = 5, .alt = { RS_CLS_APPLICATION, RS_CLS_MEMLOCK } },
	{ .id = "perftest.port_down", .tool = "perftest",
	  .pattern = "port number [0-9]+ state is (nop|down|init|armed|polling|disabled)",
	  .meaning = N_("The RDMA port is not ACTIVE, so nothing can be sent. On RoCE a port is "
		     "ACTIVE exactly when its Ethernet interface is up with carrier."),
	  .causes = { N_("the interface is down (ip link set DEV up; the lab's port_down fault prints "
		      "this)"),
		      N_("no carrier: cable, transceiver, switch port disabled or speed not "
		      "negotiated"),
		      N_("the wrong port or device chosen (-i, -d)"),
		      N_("the driver or firmware has not brought the link up (dmesg, ethtool DEV)") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 8, .alt = { RS_CLS_DRIVER }, .sets = RS_CTX_PORT },
	{ .id = "verbs.no_context", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "couldn" AP "t (get context for|allocate context|set the link "
		     "layer|get port info)|unable to query port [0-9]+ attributes|error when "
		     "trying to query (port|EFA device)|couldn" AP "t query device for|failed "
		     "to query (port [0-9]+|device) props|ibv_cmd_get_context failed|failed to "
		     "allocate context for device",
	  .meaning = N_("Opening the device or reading its port failed. perftest prints these right "
		     "after 'Port number N state is Down'; alone they mean the device could not be "
		     "opened."),
	  .causes = { N_("the port is down (the line before says so)"),
		      N_("no access to /dev/infiniband/uverbsN (a container without the device, udev "
		      "permissions)"),
		      N_("ib_uverbs is not loaded, or the device went away (driver reload, PCI "
		      "error)") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_PORT, RS_CLS_PERMISSION } },
	/* libibverbs/examples/rc_pingpong.c and the others: "Couldn't get local LID". */
	{ .id = "pingpong.no_lid", .tool = "ibv_*_pingpong",
	  .pattern = "couldn" AP "t get local LID",
	  .meaning = N_("The pingpong example found the port without a LID: on InfiniBand no "
		     "subnet manager has brought the port up; on RoCE (no LIDs) it needs a GID "
		     "index (-g)."),
	  .causes = { N_("InfiniBand: no subnet manager running on the fabric (opensm), or the port "
		      "not yet ACTIVE"),
		      N_("RoCE: no GID index given: add -g with the RoCE v2 index (rocescope gids)") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 5, .alt = { RS_CLS_GID } },
	/*
	 * A negative return of ibv_poll_cq: the CQ overran or the device
	 * failed; not a completion with an error status.
	 */
	{ .id = "verbs.poll_cq", .tool = "verbs applications, perftest",
	  .pattern = "ibv_poll_cq[a-z_]*(\\(\\))?[^a-z]*(failed|error|returned -)|poll(ing)?[_ ]cq "
		     "failed|failed to poll (the )?(cq|completion queue)|poll (send|receive|recv) "
		     "CQ (to clean credit )?failed|error polling (the )?cq|(^| )poll error -?[0-9]+$",
	  .meaning = N_("Polling the completion queue itself failed: the queue overflowed (more "
		     "completions than its depth) or the device is in error."),
	  .causes = { N_("the completion queue is smaller than the requests that can complete on it "
		      "(CQ overrun): the program's sizes"),
		      N_("the device hit a fatal error (dmesg: a health or firmware event)") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 3, .alt = { RS_CLS_DRIVER } },
	/*
	 * EPERM or EACCES from a verbs or rdma_cm call, or on the device files:
	 * libfabric's "ibv_query_device: Operation not permitted(1)", "open
	 * /dev/infiniband/uverbs0: Permission denied".
	 */
	{ .id = "verbs.eperm", .tool = "libibverbs, librdmacm, libfabric",
	  .pattern = "(ibv_[a-z_]+|rdma_[a-z_]+|/dev/infiniband/[a-z_]+[0-9]*)[^a-z]*"
		     "(.* )?(operation not permitted|permission denied)",
	  .meaning = N_("A verbs or rdma_cm call, or opening the RDMA device files, was refused "
		     "for lack of permission."),
	  .causes = { N_("a container or pod without the RDMA devices and their permissions, or "
		      "without CAP_IPC_LOCK / CAP_NET_RAW where the call needs it"),
		      N_("the user has no access to /dev/infiniband (udev rules, the rdma group)"),
		      N_("the RDMA subsystem's network-namespace mode hides the device (rdma system)") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 6, .alt = { RS_CLS_DRIVER } },
	{ .id = "kernel.link_down", .tool = "kernel",
	  .pattern = "NIC Link is Down|: Link down([^a-z]|$)",
	  .meaning = N_("The Ethernet link of an interface went down; its RoCE port goes DOWN with "
		     "it."),
	  .causes = { N_("cable, transceiver or switch port (the switch side shut or flapping)"),
		      N_("the interface was set down"),
		      N_("a driver or firmware reset (dmesg lines around it)") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 7, .alt = { RS_CLS_FIRMWARE }, .sets = RS_CTX_PORT },

	/* --- MTU and bandwidth ---------------------------------------------- */
	{ .id = "perftest.mtu_higher", .tool = "perftest",
	  .pattern = "requested mtu is higher than active mtu|changing to active mtu|will run "
		     "with the port active mtu",
	  .meaning = N_("perftest was asked for a path MTU (-m) above the port's active MTU; it "
		     "falls back to the active MTU and goes on, so the bandwidth is lower than "
		     "expected."),
	  .causes = { N_("this end's interface MTU is small: RoCE uses the largest of 256..4096 that "
		      "fits under the interface MTU minus 96 bytes, so 1500 gives 1024 and 4096 "
		      "needs 4200 or more"),
		      N_("the two ends have different interface MTUs (the lab's 9000/1500 fault prints "
		      "this on the 1500 end)"),
		      N_("-m larger than the fabric carries end to end") },
	  .tree = RS_TREE_BANDWIDTH, .check = "port.roce_mtu_small",
	  .cls = RS_CLS_MTU, .weight = 7, .alt = { RS_CLS_APPLICATION } },
	{ .id = "pingpong.ud_size_mtu", .tool = "ibv_ud_pingpong",
	  .pattern = "requested size larger than port MTU|max message size in UD cannot be "
		     "greater than MTU",
	  .meaning = N_("A UD message must fit in one packet, and -s is larger than the port's "
		     "active MTU."),
	  .causes = { N_("-s above the active MTU (1024 at interface MTU 1500)"),
		      N_("the interface MTU is smaller than expected") },
	  .tree = RS_TREE_BANDWIDTH, .check = "port.roce_mtu_small",
	  .cls = RS_CLS_MTU, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	{ .id = "perftest.bw_limit", .tool = "perftest",
	  .pattern = "BW result is below bw limit|msg rate +is below msg_rate limit",
	  .meaning = N_("The run finished below the floor given with --limit_bw or --limit_msgrate."),
	  .causes = { N_("a small or different MTU along the path"),
		      N_("no flow control: drops and retransmissions under load (PFC or pause off)"),
		      N_("the NIC in a narrower or slower PCIe slot"),
		      N_("error counters rising: drops, out-of-sequence packets") },
	  .tree = RS_TREE_BANDWIDTH, .check = "port.roce_mtu_small",
	  .cls = RS_CLS_CONGESTION, .weight = 3, .alt = { RS_CLS_MTU, RS_CLS_PCIE } },
	{ .id = "kernel.pcie_limited", .tool = "kernel",
	  .pattern = "available PCIe bandwidth, limited by",
	  .meaning = N_("The kernel found at boot that the NIC's PCIe link is slower or narrower "
		     "than the card can use: its bandwidth is capped below the network's."),
	  .causes = { N_("the card sits in a narrower slot or riser (x8 or x4 instead of x16)"),
		      N_("the slot runs at a lower PCIe generation (BIOS setting, chipset)"),
		      N_("a link that trained down: reseat the card") },
	  .tree = RS_TREE_BANDWIDTH, .check = "pci.link_degraded",
	  .cls = RS_CLS_PCIE, .weight = 9, .alt = { RS_CLS_FIRMWARE } },

	/* --- completions ------------------------------------------------------ */
	{ .id = "perftest.completion_error", .tool = "perftest",
	  .pattern = "completion with error at (client|server)|a completion with error in",
	  .meaning = N_("perftest polled a work completion whose status is not success. The queue "
		     "pair is now in error and the run stops; the next line ('Failed status N: "
		     "...') gives the status, which says why."),
	  .causes = { N_("status 12 (transport retry counter exceeded): the peer does not answer on "
		      "the RDMA path"),
		      N_("status 5 (flushed): an earlier error, or the peer went away"),
		      N_("status 10 or 11 (remote access or operation error): the two ends' buffers or "
		      "keys disagree") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 2,
	  .alt = { RS_CLS_GID, RS_CLS_PEER, RS_CLS_GPUDIRECT }, .sets = RS_CTX_PERFTEST },
	{ .id = "verbs.post_failed", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "couldn" AP "t post (send|receive|recv)|failed to post (send|recv|receive)|"
		     "ibv_post_(send|recv|srq_recv)[^a-z]*(failed|error|return(ed)?)|"
		     "post (send|recv) error:? -?[0-9]+|validate send failed",
	  .meaning = N_("Posting a work request was refused: the queue pair is already in error, or "
		     "its queue is full."),
	  .causes = { N_("an earlier completion error moved the queue pair to error: look above for "
		      "the first one"),
		      N_("more requests outstanding than the queue depth (-t) allows"),
		      N_("a request beyond the queue pair's scatter/gather or inline limits") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_APPLICATION, .weight = 1, .alt = { RS_CLS_RESOURCES } },

	/* --- rdma_cm ---------------------------------------------------------- */
	{ .id = "rdma_cm.addr_error", .tool = "librdmacm, perftest -R",
	  .pattern = "ADDR_ERROR|rdma_resolve_addr( failed|(\\(\\))?: )|failed to resolve RDMA CM "
		     "address|failed to get RDMA CM address|RDMA address resolution error",
	  .meaning = N_("librdmacm could not resolve the peer's IP address: it looks for the local "
		     "RDMA device behind the route to the peer and the peer's MAC (ARP), and gave "
		     "up."),
	  .causes = { N_("the peer does not answer ARP: host down, wrong address, ARP filtered (the "
		      "lab's 'Received 10 times ADDR_ERROR' after about 25 s with no host there; "
		      "its tree stops at ping)"),
		      N_("the route to the peer leaves through an interface with no RDMA device (a "
		      "plain NIC, the default route)"),
		      N_("the local RDMA interface is down or has no IP address"),
		      N_("the name given does not resolve (getaddrinfo error after it)"),
		      N_("rdma_cm or rdma_ucm is not loaded") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_RDMA_CM, .weight = 6, .alt = { RS_CLS_PATH, RS_CLS_DRIVER } },
	{ .id = "rdma_cm.route_error", .tool = "librdmacm, perftest -R",
	  .pattern = "ROUTE_ERROR|rdma_resolve_route( failed|(\\(\\))?: )|failed to resolve RDMA "
		     "CM route|waiting for addr/route resolution state|RDMA route resolution error",
	  .meaning = N_("The peer's address resolved but the route to it could not be (for RoCE: "
		     "the source GID and the path)."),
	  .causes = { N_("the route changed between the two steps, or leaves through another device"),
		      N_("no RoCE v2 GID carries the source address (the interface's address is not "
		      "in the GID table)"),
		      N_("rdma_cm's default RoCE type (configfs default_roce_mode) has no GID of that "
		      "type") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 6, .alt = { RS_CLS_GID, RS_CLS_PATH } },
	{ .id = "rdma_cm.unreachable", .tool = "librdmacm",
	  .pattern = "(RDMA_CM_EVENT_|cm event[^a-z]*)UNREACHABLE",
	  .meaning = N_("The connection request sent to the peer's RDMA CM got no reply."),
	  .causes = { N_("no RDMA path to the peer: a wrong neighbour MAC, a route through another "
		      "interface, a link down on the way"),
		      N_("the peer listens on another interface or address"),
		      N_("a firewall drops UDP 4791 (RoCE v2) on the way") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 6, .alt = { RS_CLS_RDMA_CM, RS_CLS_PEER } },
	{ .id = "rdma_cm.rejected", .tool = "librdmacm",
	  .pattern = "(RDMA_CM_EVENT_|cm event[^a-z]*)REJECTED",
	  .meaning = N_("The peer's RDMA CM rejected the connection request."),
	  .causes = { N_("nothing listens on that port at the peer (status 8, invalid service ID): "
		      "start the server first (perftest -R listens on 18515 in the RDMA CM port "
		      "space)"),
		      N_("the server's application refused it (status 28, consumer reject)"),
		      N_("the two ends disagree on connection parameters (versions, private data)") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_PEER, .weight = 6, .alt = { RS_CLS_CONTROL, RS_CLS_APPLICATION } },
	{ .id = "perftest.rdma_cm", .tool = "perftest -R",
	  .pattern = "unable to perform rdma_(client|server) function|failed to connect (RDMA CM "
		     "events|through RDMA CM|RDMA CM client)|unable to create RDMA_CM resources|"
		     "failed to (create RDMA CM ID|bind RDMA CM address|listen on RDMA CM|"
		     "accept RDMA CM connection|establish UD connection for RDMA CM|set "
		     "ToS.* option for RDMA CM)|function rdma_(connect|accept) failed",
	  .meaning = N_("perftest's summary after its rdma_cm connection (-R) failed; the lines "
		     "before it say at which step."),
	  .causes = { N_("address resolution failed (ADDR_ERROR): route or ARP to the peer"),
		      N_("no server listening (REJECTED)"),
		      N_("the device behind the route has no usable RoCE v2 GID") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 3, .alt = { RS_CLS_PATH, RS_CLS_PEER, RS_CLS_DRIVER } },

	/*
	 * rdma_create_ep() creates the QP from the attributes it is given:
	 * EINVAL is those attributes refused, not the address.
	 */
	{ .id = "rdma_cm.create_ep_einval", .tool = "librdmacm (applications)",
	  .pattern = "rdma_create_ep[^a-z]*(: )?(Invalid argument|EINVAL|errno[ :=]*-?22)",
	  .meaning = N_("rdma_create_ep() refused the queue pair it was asked to create with the "
			"endpoint: the attributes the program passed are invalid for this QP type "
			"or device."),
	  .causes = { N_("attributes that do not fit the QP type: a receive queue (max_recv_wr, "
			 "max_recv_sge) on an XRC send QP or one using an SRQ"),
		      N_("sizes above the device's limits (max_qp_wr, max_sge, max_inline_data)") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 6, .alt = { RS_CLS_RESOURCES } },
	{ .id = "rdma_cm.getaddrinfo", .tool = "librdmacm (rping, rdma_server, applications), "
					      "libfabric",
	  .pattern = "rdma_getaddrinfo|rdma_create_ep",
	  .meaning = N_("librdmacm could not turn the address given into an RDMA endpoint "
		     "(rdma_getaddrinfo, rdma_create_ep): 'No such device' means no RDMA device "
		     "carries that address."),
	  .causes = { N_("the address is not on an interface with an RDMA device (the loopback, a "
		      "plain NIC, a bridge): use the RDMA interface's address"),
		      N_("the RDMA interface has no IP address, or its device has no user-space "
		      "provider"),
		      N_("the name does not resolve") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 5, .alt = { RS_CLS_DRIVER, RS_CLS_PATH } },
	{ .id = "rdma_cm.connect", .tool = "librdmacm (rping, applications)",
	  .pattern = "rdma_connect(\\(\\))?: |rdma_accept(\\(\\))?: |wait for CONNECTED state "
		     "[0-9]+",
	  .meaning = N_("The rdma_cm connection did not reach the connected state: rdma_connect() "
		     "failed (perror(\"rdma_connect\")), or, in rping, the connection event that "
		     "came was another one (the 'cma event' line before it names it)."),
	  .causes = { N_("nothing listens at the peer's address and port (REJECTED)"),
		      N_("no RDMA path to the peer (UNREACHABLE, CONNECT_ERROR)"),
		      N_("the queue pair attributes were refused") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 3, .alt = { RS_CLS_PEER, RS_CLS_PATH } },
	{ .id = "perftest.rdma_cm_event", .tool = "perftest -R",
	  .pattern = "RDMA CM event error|failed to handle RDMA CM event",
	  .meaning = N_("perftest's rdma_cm connection got an event it did not expect; the 'Event:' "
		     "line names it (REJECTED, UNREACHABLE, ADDR_ERROR)."),
	  .causes = { N_("no server listening on the port (REJECTED)"),
		      N_("no RDMA path to the peer (UNREACHABLE, ADDR_ERROR)") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 3, .alt = { RS_CLS_PEER, RS_CLS_PATH } },
	{ .id = "perftest.cm_disconnect", .tool = "perftest -R",
	  .pattern = "failed to disconnect RDMA CM (connection|nodes)",
	  .meaning = N_("perftest could not disconnect its rdma_cm connection at the end of the "
		     "test: the other side had already gone (ECONNRESET)."),
	  .causes = { N_("the other side finished or failed first and reset the connection"),
		      N_("the two sides run with different durations or iteration counts") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 2, .alt = { RS_CLS_APPLICATION } },
	/* Asynchronous events by their libibverbs names (enum ibv_event_type). */
	{ .id = "verbs.async_port_err", .tool = "libibverbs, Open MPI, applications",
	  .pattern = "IBV_EVENT_PORT_ERR|"
		     "IB Async event on [^ ]+: port error on port",
	  .meaning = N_("The device reported IBV_EVENT_PORT_ERR: a port left the ACTIVE state - the "
		     "link went down - and the connections over it fail."),
	  .causes = { N_("the cable, transceiver or switch port: the link went down or flaps"),
		      N_("the switch port was disabled or reset"),
		      N_("an InfiniBand subnet manager that went away") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 7, .sets = RS_CTX_PORT, .alt = { RS_CLS_FIRMWARE } },
	{ .id = "verbs.async_device_fatal", .tool = "libibverbs, Open MPI, applications",
	  .pattern = "IBV_EVENT_DEVICE_FATAL|"
		     "IB Async event on [^ ]+: local catastrophic error",
	  .meaning = N_("The device reported IBV_EVENT_DEVICE_FATAL: the adapter hit a fatal error "
		     "and every resource on it is lost until it recovers."),
	  .causes = { N_("an adapter firmware or hardware fault (the kernel log has its health "
		      "report)"),
		      N_("the adapter was reset under the program") },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 8, .alt = { RS_CLS_DRIVER } },

	/*
	 * QP-level asynchronous events, as ibv_event_type_str() names them
	 * (rdma-core libibverbs/enum_strs.c; NCCL's "async fatal event on QP"
	 * prints that name): a queue pair the device moved to error.
	 */
	{ .id = "verbs.async_qp_access", .tool = "libibverbs, NCCL, applications",
	  .pattern = "local access violation work queue error|IBV_EVENT_QP_ACCESS_ERR|"
		     "QP\\[[0-9]+\\] event: access error",
	  .meaning = N_("The device moved a queue pair to error on an access violation "
		     "(IBV_EVENT_QP_ACCESS_ERR): a request arrived that its memory key or access "
		     "flags do not allow."),
	  .causes = { N_("an RDMA read or write to memory the queue pair does not grant (a stale "
		      "or wrong key, missing remote access flags): the program"),
		      N_("GPU memory the NIC cannot reach (peer memory, dma-buf, ACS)"),
		      N_("the peer sent a request the queue pair does not expect (a version or "
		      "protocol mismatch)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_APPLICATION, .weight = 6, .alt = { RS_CLS_GPUDIRECT, RS_CLS_PEER } },
	{ .id = "verbs.async_qp_req", .tool = "libibverbs, NCCL, applications",
	  .pattern = "invalid request local work queue error|IBV_EVENT_QP_REQ_ERR|"
		     "QP\\[[0-9]+\\] event: request error",
	  .meaning = N_("The device moved a queue pair to error on an invalid request "
		     "(IBV_EVENT_QP_REQ_ERR): the peer sent something this queue pair cannot "
		     "take (a transport or opcode error)."),
	  .causes = { N_("the two ends disagree: queue pairs set up differently, versions that "
		      "differ"),
		      N_("a message longer than the receive side allows"),
		      N_("a driver or firmware fault") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_APPLICATION, .weight = 5,
	  .alt = { RS_CLS_PEER, RS_CLS_MTU, RS_CLS_FIRMWARE } },
	{ .id = "verbs.async_qp_fatal", .tool = "libibverbs, NCCL, applications",
	  .pattern = "local work queue catastrophic error|IBV_EVENT_QP_FATAL|"
		     "QP\\[[0-9]+\\] event: fatal error",
	  .meaning = N_("The device moved a queue pair to error on a fatal error of its own "
		     "(IBV_EVENT_QP_FATAL): the queue pair cannot go on."),
	  .causes = { N_("a transport error the device could not report as a completion (a "
		      "timeout, the peer gone)"),
		      N_("a device or firmware fault") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 4, .alt = { RS_CLS_FIRMWARE, RS_CLS_PEER } },

	{ .id = "rdma_cm.no_devices", .tool = "librdmacm",
	  .pattern = "librdmacm: (fatal|warning): (no RDMA devices found|unable to get RDMA "
		     "device list)",
	  .meaning = N_("librdmacm found no RDMA device: no program can use rdma_cm here."),
	  .causes = { N_("no RDMA driver loaded (mlx5_ib, bnxt_re, irdma, rdma_rxe)"),
		      N_("the user-space providers are missing"),
		      N_("inside a container: /dev/infiniband is not passed in") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 7, .alt = { RS_CLS_PERMISSION } },
	{ .id = "rdma_cm.abi_version", .tool = "librdmacm",
	  .pattern = "librdmacm: warning: (couldn" AP "t read ABI version|assuming: [0-9]+)",
	  .meaning = N_("librdmacm could not read the rdma_cm kernel ABI version "
		     "(/sys/class/misc/rdma_cm/abi_version): the rdma_ucm module is not loaded, "
		     "so rdma_cm calls will fail."),
	  .causes = { N_("rdma_ucm (and rdma_cm) not loaded: modprobe rdma_ucm"),
		      N_("a container without /sys/class/misc/rdma_cm or /dev/infiniband/rdma_cm") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6 },
	{ .id = "rdma_cm.event_channel", .tool = "librdmacm",
	  .pattern = "rdma_create_event_channel|failed to create (an )?(rdma ?cm )?event channel",
	  .meaning = N_("The rdma_cm event channel could not be opened "
		     "(/dev/infiniband/rdma_cm)."),
	  .causes = { N_("rdma_ucm is not loaded"),
		      N_("no access to /dev/infiniband/rdma_cm (a container, udev permissions)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6, .alt = { RS_CLS_PERMISSION } },
	/*
	 * rdma_cm ports share the TCP and UDP port space (rping -p, perftest
	 * -R's port): "rdma_bind_addr: Address already in use", rping's
	 * "rdma_listen: Address already in use".
	 */
	{ .id = "rdma_cm.addr_in_use", .tool = "librdmacm",
	  .pattern = "rdma_(bind_addr|listen)[^a-z]*.*(address already in use|EADDRINUSE|errno:? "
		     "98([^0-9]|$))",
	  .meaning = N_("The rdma_cm listener could not take its port: another program (or an "
		     "earlier run still exiting) holds it. rdma_cm ports are TCP and UDP ports of "
		     "the host."),
	  .causes = { N_("another program listens on that port (ss -ltnp; an earlier server still "
		      "running): pick another port (-p) or stop it"),
		      N_("the same address and port bound twice by the program itself") },
	  .tree = RS_TREE_CONNECTION, .check = "net.control_port",
	  .cls = RS_CLS_CONTROL, .weight = 7, .alt = { RS_CLS_APPLICATION } },
	{ .id = "rdma_cm.bind_addr", .tool = "librdmacm",
	  .pattern = "rdma_(bind_addr|listen)",
	  .meaning = N_("Binding an rdma_cm identifier to a local address failed: the address is "
		     "not on an RDMA device (or the rdma_cm stack could not use it)."),
	  .causes = { N_("the address given is on a plain NIC, not on the RoCE interface"),
		      N_("the address is already bound by another listener (EADDRINUSE)"),
		      N_("the driver does not support rdma_cm on this device") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 5, .alt = { RS_CLS_DRIVER, RS_CLS_APPLICATION } },
	{ .id = "rdma_cm.connect_error", .tool = "librdmacm",
	  .pattern = "(RDMA_CM_EVENT_|cm event[^a-z]*)CONNECT_ERROR",
	  .meaning = N_("The connection was accepted but could not be completed: the queue pairs "
		     "could not be brought up."),
	  .causes = { N_("no RDMA path back from the peer (GID, route, ARP)"),
		      N_("the two ends disagree on the GID type or the path MTU"),
		      N_("the peer went away during the handshake") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 5, .alt = { RS_CLS_PEER, RS_CLS_RDMA_CM } },
	{ .id = "rdma_cm.device_removal", .tool = "librdmacm",
	  .pattern = "DEVICE_REMOVAL|detected device removal|rpcrdma: removing device",
	  .meaning = N_("The RDMA device under a connection was removed: the driver was reloaded or "
		     "unbound, or the device was reset."),
	  .causes = { N_("a driver reload or a bond change (the RDMA device is re-created)"),
		      N_("a device reset after a firmware fault (dmesg)") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_DRIVER, .weight = 5, .alt = { RS_CLS_PORT } },

	/* --- NCCL ------------------------------------------------------------- */
	{ .id = "nccl.completion_error", .tool = "NCCL",
	  .pattern = "NET/IB[^:]*(: *| +)(ncclIbTest: )?(Got completion|Got CQE)",
	  .meaning = N_("NCCL's IB/RoCE transport polled a work completion with an error from the "
		     "peer it names and aborts the communicator (the job fails or hangs in a "
		     "collective). The status on the line (a number or a name) says why."),
	  .causes = { N_("status 12 (retry exceeded): no RDMA path to that peer - a GID index that is "
		      "not RoCE v2 with an IPv4 address on both nodes (NCCL_IB_GID_INDEX), a "
		      "neighbour or route problem, or the peer process died"),
		      N_("status 4 or 10 (protection or access error): GPU memory registered without "
		      "working GPUDirect RDMA (nvidia-peermem not loaded, ACS or IOMMU blocking peer "
		      "to peer)"),
		      N_("a lossy fabric under load: no PFC or ECN, so retries run out "
		      "(NCCL_IB_TIMEOUT, NCCL_IB_RETRY_CNT)") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_PATH, .weight = 2,
	  .alt = { RS_CLS_GID, RS_CLS_CONGESTION, RS_CLS_GPUDIRECT }, .sets = RS_CTX_NCCL,
	  .peer = "from peer ([^ <]+)<" },
	{ .id = "nccl.async_event", .tool = "NCCL",
	  .pattern = "NET/IB[^:]*:.*(async event|async fatal event|unknown event type)",
	  .meaning = N_("The device reported an asynchronous event: 'port error' means the link went "
		     "down, 'GID table change' an address change under a running job, 'local "
		     "catastrophic error' a device fault."),
	  .causes = { N_("the link flapped or went down (cable, switch port, transceiver)"),
		      N_("an address was added to or removed from the interface while the job ran"),
		      N_("a device or firmware fault (dmesg: mlx5_core health)") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 3, .alt = { RS_CLS_FIRMWARE } },
	{ .id = "nccl.using_socket", .tool = "NCCL",
	  .pattern = "using network Socket",
	  .meaning = N_("NCCL carries the traffic between nodes over TCP sockets, not RDMA: it found "
		     "no usable IB/RoCE device, or was told not to use one."),
	  .causes = { N_("no RDMA device visible to the process (driver, provider, container "
		      "devices)"),
		      N_("NCCL_IB_DISABLE=1, or NCCL_IB_HCA names no existing device"),
		      N_("the NCCL net plugin or libibverbs could not be loaded") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_DRIVER, .weight = 3, .alt = { RS_CLS_PERMISSION, RS_CLS_APPLICATION } },
	{ .id = "nccl.bootstrap_connect", .tool = "NCCL",
	  .pattern = "call to connect returned|connect to [^ ]+ (failed :|returned )|"
		     "(socketStartConnect|socketPollConnect):? (exceeded|to [^ ]+ failed|poll\\(\\))|"
		     "socketTryAccept: exceeded",
	  .meaning = N_("NCCL's out-of-band TCP connection to another rank (bootstrap, before any "
		     "RDMA) failed."),
	  .causes = { N_("NCCL picked an interface the other node cannot reach (docker0, lo, an IPv6 "
		      "link-local): set NCCL_SOCKET_IFNAME"),
		      N_("a firewall blocks the ports NCCL opens"),
		      N_("the other rank died or never started") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_CONTROL, .weight = 5, .alt = { RS_CLS_PATH, RS_CLS_APPLICATION },
	  .peer = "connect to ([^ <]+)<[0-9]+> (failed|returned)" },
	{ .id = "nccl.async_port_error", .tool = "NCCL",
	  .pattern = "async event *: *port error",
	  .meaning = N_("The device reported that a port went down under the job (IBV_EVENT_PORT_ERR). "
		     "Many of them in one log mean a flapping link."),
	  .causes = { N_("the link flaps: cable, transceiver, switch port"),
		      N_("the interface was set down or its bond changed"),
		      N_("the switch shut the port (errors, storm control)") },
	  .tree = RS_TREE_CONNECTION, .check = "port.not_active",
	  .cls = RS_CLS_PORT, .weight = 8, .sets = RS_CTX_PORT },
	{ .id = "nccl.async_catastrophic", .tool = "NCCL",
	  .pattern = "async (fatal )?event *: *local catastrophic error",
	  .meaning = N_("The device reported a catastrophic error (IBV_EVENT_DEVICE_FATAL): it stopped "
		     "working and must be reset."),
	  .causes = { N_("a firmware assert or hardware fault (dmesg: mlx5_core health, fw_fatal)"),
		      N_("overheating or a PCIe error on the NIC's slot"),
		      N_("a firmware too old for the driver") },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 8, .alt = { RS_CLS_DRIVER } },
	{ .id = "nccl.async_gid_change", .tool = "NCCL",
	  .pattern = "async event *: *GID table change|NET/IB ?: [^ ]+ GID table changed|"
		     "IB Async event on [^ ]+: GID table change",
	  .meaning = N_("An address of the RoCE interface was added or removed under the job, so GID "
		     "indexes moved."),
	  .causes = { N_("an address change on the interface (DHCP, NetworkManager, a pod's network "
		      "set up late)"),
		      N_("the GID index the job uses now names another entry") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 6 },
	{ .id = "nccl.open_device", .tool = "NCCL",
	  .pattern = "call to ibv_open_device failed|NET/IB ?: Unable to open device",
	  .meaning = N_("NCCL saw the RDMA device but could not open it, so that NIC is not used "
		     "(it falls back to the next NIC or to sockets)."),
	  .causes = { N_("inside a container without /dev/infiniband (docker --device "
		      "/dev/infiniband, or the Kubernetes RDMA device plugin resource)"),
		      N_("the user has no access to /dev/infiniband/uverbsN"),
		      N_("the device is half removed (driver reload, bond reconfigured)") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 7, .alt = { RS_CLS_DRIVER } },
	/* The same failure as other programs word it (brpc "Fail to open rdma device"). */
	{ .id = "verbs.open_device", .tool = "verbs applications",
	  .pattern = "(fail(ed)?|unable|cannot|can" AP "t|couldn" AP "t|could not) (to )?open (the |an? )?"
		     "(rdma|ib|infiniband|verbs|hca|uverbs|roce)[ _]?device",
	  .meaning = N_("The program found an RDMA device but could not open it (ibv_open_device "
		     "failed), so it has no RDMA context to work with. (UCX's and NCCL's own "
		     "wording of it are ucx.open_device and nccl.open_device.)"),
	  .causes = { N_("no access to /dev/infiniband/uverbsN: a container or pod without the "
		      "device passed in (docker --device, the Kubernetes RDMA device plugin "
		      "resource), a user without permission on it"),
		      N_("the device went away or its driver is broken (a provider that does not "
		      "match the kernel, a driver reload)") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 5, .alt = { RS_CLS_DRIVER } },
	/*
	 * graph/rings.cc: "Error : ring %d does not loop back to start (%d !=
	 * %d)", "Error : ring %d does not contain rank %d": the ranks built
	 * different rings from what they exchanged.
	 */
	{ .id = "nccl.ring_inconsistent", .tool = "NCCL",
	  .pattern = "ring [0-9]+ does not (loop back to start|contain rank)",
	  .meaning = N_("NCCL's ranks built rings that do not agree (an internal error at init): "
		     "each rank computed its graph from a different view of the network or of "
		     "its settings."),
	  .causes = { N_("NCCL environment variables set on some ranks only or differently "
		      "(NCCL_IB_HCA, NCCL_CUMEM_ENABLE, NCCL_P2P_*, NCCL_ALGO), or NICs that some "
		      "nodes have and others do not"),
		      N_("different NCCL versions on the nodes"),
		      N_("a topology NCCL mis-detects (two NVLink islands, a NIC meant for other "
		      "traffic): set NCCL_IB_HCA the same everywhere") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 6, .alt = { RS_CLS_DRIVER } },
	{ .id = "nccl.no_libibverbs", .tool = "NCCL",
	  .pattern = "failed to open libibverbs|libibverbs\\.so[.0-9]*: cannot open shared|"
		     "(does not (include|contain|ship)|without) libibverbs|lib wrapper not initialized",
	  .meaning = N_("libibverbs could not be loaded, so NCCL has no IB/RoCE transport and uses "
		     "sockets."),
	  .causes = { N_("rdma-core's libibverbs is not installed in the container or host image"),
		      N_("LD_LIBRARY_PATH hides it, or only a mismatched version is found") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 3, .alt = { RS_CLS_PERMISSION } },
	{ .id = "nccl.roce_version", .tool = "NCCL, NCCL-derived libraries",
	  .pattern = "ncclIbRoceGetVersionNum",
	  .meaning = N_("NCCL could not read the RoCE version of the GID index it chose "
		     "(/sys/class/infiniband/DEV/ports/N/gid_attrs/types/INDEX): the entry is "
		     "empty or not visible here."),
	  .causes = { N_("the GID index names an empty slot (NCCL_IB_GID_INDEX from another host)"),
		      N_("inside a pod: the GID entries of interfaces in other namespaces are not "
		      "readable"),
		      N_("the interface has no address yet, so the entry is missing") },
	  .tree = RS_TREE_CONNECTION, .check = "gid.user_index",
	  .cls = RS_CLS_GID, .weight = 7, .alt = { RS_CLS_PERMISSION, RS_CLS_DRIVER } },
	{ .id = "nccl.gdr_disabled", .tool = "NCCL",
	  .pattern = "GPU Direct RDMA Disabled for HCA",
	  .meaning = N_("NCCL found no GPUDirect RDMA support for a NIC: GPU buffers go through host "
		     "memory, and inter-node bandwidth drops sharply."),
	  .causes = { N_("nvidia-peermem (or nv_peer_mem) is not loaded, or this NCCL does not look "
		      "for the module name installed"),
		      N_("no dma-buf support in the kernel, driver or NCCL version"),
		      N_("the GPU and the NIC are not on a PCIe path that allows peer to peer") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_GPUDIRECT, .weight = 7, .alt = { RS_CLS_DRIVER }, .sets = RS_CTX_GPU },
	{ .id = "nccl.no_socket_if", .tool = "NCCL",
	  .pattern = "no socket interface found|no usable listening interface found",
	  .meaning = N_("NCCL found no network interface for its bootstrap and socket traffic: "
		     "NCCL_SOCKET_IFNAME matches nothing, or no interface is up with an address."),
	  .causes = { N_("NCCL_SOCKET_IFNAME names an interface that does not exist in this host or "
		      "container"),
		      N_("the only interfaces are excluded by default (lo, docker0)"),
		      N_("the interface has no IP address yet") },
	  .tree = RS_TREE_SETUP, .check = "net.addr",
	  .cls = RS_CLS_CONTROL, .weight = 8, .alt = { RS_CLS_APPLICATION } },
	{ .id = "nccl.socket_create", .tool = "NCCL",
	  .pattern = "socket creation failed",
	  .meaning = N_("NCCL could not open the TCP socket of its bootstrap: the address family of "
		     "the interface it picked is not usable here."),
	  .causes = { N_("no usable IP interface: NCCL_SOCKET_IFNAME names none, or the only one is "
		      "IPv6 in a kernel or container without IPv6"),
		      N_("the container has no network interface but lo") },
	  .tree = RS_TREE_SETUP, .check = "net.addr",
	  .cls = RS_CLS_CONTROL, .weight = 6, .alt = { RS_CLS_APPLICATION } },
	{ .id = "nccl.socket_family", .tool = "NCCL",
	  .pattern = "is neither AF_INET",
	  .meaning = N_("NCCL's bootstrap has no valid address to connect to (the family is "
		     "garbage): it found no interface to take one from."),
	  .causes = { N_("NCCL_SOCKET_IFNAME names an interface that does not exist here"),
		      N_("the interface exists but has no IP address"),
		      N_("the ranks run different NCCL versions, so the address another rank "
			 "sent is read as garbage: compare \"NCCL version\" on every node") },
	  .tree = RS_TREE_SETUP, .check = "net.addr",
	  .cls = RS_CLS_CONTROL, .weight = 7, .alt = { RS_CLS_CONTROL, RS_CLS_PEER } },
	{ .id = "nccl.socket_closed", .tool = "NCCL",
	  .pattern = "connection closed by remote peer|connection reset by (remote )?peer|"
		     "call to (recv from|send to) [^ ]+ failed",
	  .meaning = N_("The TCP connection to another rank was closed from the other side: that "
		     "rank failed or exited first."),
	  .causes = { N_("the other rank hit an error first: read its log for the first failure"),
		      N_("the other rank was killed (out of memory, a scheduler timeout)"),
		      N_("something on the way reset the connection") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 3, .alt = { RS_CLS_CONTROL, RS_CLS_PATH } },
	{ .id = NULL },
};
