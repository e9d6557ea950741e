/* SPDX-License-Identifier: MIT */
/*
 * explain_verbs.c - the rest of what perftest, rdma-core, the kernel's
 * RDMA drivers and SPDK print when something fails, found by going
 * through each tool's format strings one by one (explain.h).
 *
 * The lines come from perftest 4.5 (src/perftest_*.c, write_bw.c,
 * multicast_resources.c, raw_ethernet_resources.c: the strings of
 * Debian 12's perftest 4.5+0.17-1), rdma-core 44 (libibverbs/init.c and
 * dynamic_driver.c, the ibv_*_pingpong examples, librdmacm/cma.c,
 * rping.c, providers/mlx5: the strings of Debian 12's 44.0-2 packages),
 * the kernel (drivers/infiniband/core/device.c and cma.c, hw/mlx5,
 * sw/rxe, sw/siw, mlx5_core's en_main.c, drivers/pci/pcie/aer.c,
 * drivers/nvme/host/rdma.c and target/rdma.c, net/sunrpc/xprtrdma/
 * frwr_ops.c) and SPDK (lib/nvme/nvme_fabric.c).  Many are the tools'
 * summaries of a failure an earlier line named (weight 1: they follow
 * from any cause); the others name a cause of their own.  Each has its
 * line in tests/fixtures/explain/sweep/ and a sample in
 * tests/test_explain.c.
 *
 * Data only.  Person-read text is marked with N_().
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

#define AP RS_EXPLAIN_AP

const struct rs_explain_entry rs_explain_verbs[] = {
	/* --- perftest and the examples: the command line, the device ----- */
	{ .id = "tools.usage", .tool = "perftest, rping",
	  .pattern = "invalid command (line|or flag)|invalid (connection|atomic) type|"
		     "completion vector specified is invalid|must be a multiple of "
		     "(the )?(receive )?post list size|post list size must be a multiple|"
		     "is not supported in librdmacm|post send properties are not "
		     "supported on|unable to validata PKey|acquire cpu frequency for "
		     "rate limiter|invalid hostname or IP address|invalid (client|server|"
		     "local|remote) IP address",
	  .meaning = N_("The test refused its own command line: an option, a combination of "
			"options or an address it cannot use."),
	  .causes = { N_("a mistyped or unsupported option: the line names it (perftest --help "
			 "lists what this build takes)"),
		      N_("an option the connection type or the RDMA CM mode does not allow (UC "
			 "with -R, post-send properties on UD)") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 5 },
	{ .id = "perftest.mtu_invalid", .tool = "perftest",
	  .pattern = "invalid MTU - [0-9]+|couldn" AP "t set Eth MTU",
	  .meaning = N_("perftest could not use the MTU asked for: RDMA takes 256, 512, 1024, "
			"2048 or 4096 bytes, and no more than the port's active MTU."),
	  .causes = { N_("an Ethernet MTU given to -m (9000 is the interface's, not RoCE's; "
			 "RoCE uses 4096 at most)"),
		      N_("the interface's MTU is below the RDMA MTU asked for") },
	  .tree = RS_TREE_BANDWIDTH, .check = "port.roce_mtu_small",
	  .cls = RS_CLS_MTU, .weight = 5, .alt = { RS_CLS_APPLICATION } },
	{ .id = "perftest.pcie_ro", .tool = "perftest",
	  .pattern = "not PCIe relaxed ordering compliant|disable PCIe RO with",
	  .meaning = N_("perftest warns that the CPU is known not to handle PCIe relaxed "
			"ordering well, which the test would turn on for its memory."),
	  .causes = { N_("relaxed ordering on a CPU that mishandles it: run both ends with "
			 "--disable_pcie_relaxed"),
		      N_("results that look too low or differ between runs on that host") },
	  .tree = RS_TREE_BANDWIDTH, .check = "pci.link_degraded",
	  .cls = RS_CLS_PCIE, .weight = 4, .alt = { RS_CLS_APPLICATION } },
	{ .id = "verbs.device_lacks", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "flow steering is not supported|unable to set up flow rules|"
		     "failed to accept HW rate limit|hw rate limit is not supported|"
		     "not supported with this EFA device|isn" AP "t ODP capable|"
		     "couldn" AP "t open the XRC domain|error opening XRC domain",
	  .meaning = N_("The device or its driver lacks a feature the test asked for (flow "
			"steering, hardware rate limits, on-demand paging, XRC, an EFA "
			"operation)."),
	  .causes = { N_("the adapter, its firmware or its provider does not offer the feature: "
			 "run the test without the option"),
		      N_("an rdma-core or kernel too old for the feature") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_FIRMWARE } },
	{ .id = "perftest.counters", .tool = "perftest",
	  .pattern = "unable to access performance counters|failed to parse the "
		     "performance counter list",
	  .meaning = N_("perftest could not read the port counters it was asked to report."),
	  .causes = { N_("the counter files are not there for this device or cannot be read "
			 "(a container without sysfs, a driver without them)"),
		      N_("a counter name that the device does not have") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 3, .alt = { RS_CLS_APPLICATION } },

	/* --- resources ---------------------------------------------------- */
	{ .id = "verbs.create_srq", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "couldn" AP "t (create|open) (XRC )?SRQ",
	  .meaning = N_("The device refused to create the shared receive queue."),
	  .causes = { N_("a depth or scatter/gather count above the device's max_srq_wr, "
			 "max_srq_sge (ibv_devinfo -v)"),
		      N_("the locked-memory limit is too small for the queue"),
		      N_("a device without SRQ or XRC support") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 4, .alt = { RS_CLS_MEMLOCK, RS_CLS_DRIVER } },
	{ .id = "verbs.work_buf", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "couldn" AP "t allocate work buf",
	  .meaning = N_("The test could not allocate the memory of its buffer, before "
			"registering it."),
	  .causes = { N_("the buffer asked for (message size times queue depth) is larger "
			 "than the free memory or the process's limits"),
		      N_("huge pages asked for and none free") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 3, .alt = { RS_CLS_APPLICATION } },

	/* --- the program's own handling ------------------------------------- */
	{ .id = "verbs.cq_event", .tool = "perftest, ibv_*_pingpong, rping",
	  .pattern = "couldn" AP "t request R?CQ notification|failed to get cq[_ ]event|"
		     "failed to notify events to CQ|failed to set notify",
	  .meaning = N_("Arming the completion queue for an event, or reading the event, "
			"failed (event mode, -e)."),
	  .causes = { N_("the queue or its channel is already in error after an earlier "
			 "failure: look above for it"),
		      N_("the device was removed or reset under the program") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 3, .alt = { RS_CLS_DRIVER } },
	{ .id = "tools.run_failed", .tool = "perftest, ibv_*_pingpong, rping",
	  .pattern = "error occurred (in run_iter function|while running infinitely)|"
		     "failed to complete run_iter|couldn" AP "t find QPN|"
		     "rping (client|server) failed|(setup_qp|rping_setup_buffers) "
		     "failed: |wait for RDMA_(READ|WRITE)_(ADV|COMPLETE) state|"
		     "^connect error -?[0-9]+$",
	  .meaning = N_("The test's summary that its run or its setup stopped; the line "
			"before it names the failure."),
	  .causes = { N_("a completion error (the status on the line before): the peer, the "
			 "path or the GID"),
		      N_("a resource that could not be created (the line before names it)") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 1, .alt = { RS_CLS_RESOURCES } },
	{ .id = "tools.teardown", .tool = "perftest, ibv_*_pingpong",
	  .pattern = "failed to (deregister (send credit )?MR|destroy (resources|AH|CQ|"
		     "MKey|RDMA CM ID|data encryption)|deallocate PD|close (device context|"
		     "event channel|connection between))|couldn" AP "t (destroy|deregister|"
		     "deallocate|release|dettach) (QP|CQ|SRQ|MR|PD|AH|context|completion "
		     "channel|XRC|flow|sniffer|recv|send|INI|TGT)",
	  .meaning = N_("Freeing a resource at the end of the test failed: it follows an "
			"earlier failure, or the device went away."),
	  .causes = { N_("an earlier error left the resource in use (look above)"),
		      N_("the device was removed or its driver reloaded") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 1, .alt = { RS_CLS_DRIVER } },
	{ .id = "mlx5.thread_violation", .tool = "libmlx5",
	  .pattern = "multithreading violation",
	  .meaning = N_("libmlx5 caught two threads posting on one queue that was created "
			"for a single thread."),
	  .causes = { N_("the program shares a queue pair or CQ between threads while telling "
			 "the provider it will not (MLX5_SINGLE_THREADED, a thread domain)") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 7 },

	/* --- multicast, MADs and raw packets ------------------------------- */
	{ .id = "perftest.mcast", .tool = "perftest",
	  .pattern = "mcast group on the SM|attach QP to multicast group|failed to join "
		     "mcast|failed to get mlid from MAD",
	  .meaning = N_("perftest could not join or attach to its multicast group: on "
			"InfiniBand the subnet manager registers the group."),
	  .causes = { N_("no subnet manager, or one that refuses the group (InfiniBand)"),
		      N_("a device or QP type without multicast (max_mcast_grp)") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 4, .alt = { RS_CLS_DRIVER } },
	{ .id = "perftest.umad", .tool = "perftest",
	  .pattern = "failed to (open UMAD port|register UMAD agent|init the UMAD library)",
	  .meaning = N_("perftest could not open the management datagram device it sends "
			"multicast joins through."),
	  .causes = { N_("no access to /dev/infiniband/umadN: not root, or a container without "
			 "the node"),
		      N_("ib_umad is not loaded") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 5, .alt = { RS_CLS_DRIVER } },
	{ .id = "perftest.raw_rule", .tool = "perftest (raw_ethernet_*)",
	  .pattern = "couldn" AP "t attach (SNIFFER|promiscuous) rule QP",
	  .meaning = N_("The raw Ethernet test could not attach its sniffer or promiscuous "
			"steering rule."),
	  .causes = { N_("no CAP_NET_RAW (not root, a container without it)"),
		      N_("a device or firmware without sniffer rules") },
	  .tree = RS_TREE_SETUP, .check = "device.none",
	  .cls = RS_CLS_PERMISSION, .weight = 3, .alt = { RS_CLS_DRIVER } },

	/* --- libibverbs, librdmacm, rping ----------------------------------- */
	{ .id = "verbs.fork_init", .tool = "libibverbs",
	  .pattern = "fork\\(\\)-safety requested but init failed",
	  .meaning = N_("RDMAV_FORK_SAFE or IBV_FORK_SAFE asked libibverbs to protect "
			"registered memory across fork(), and it could not set that up."),
	  .causes = { N_("a kernel or libc without what fork safety needs (madvise "
			 "MADV_DONTFORK)"),
		      N_("the variable set where no fork follows: unset it") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_APPLICATION } },
	{ .id = "rdma_cm.unmatched_event", .tool = "librdmacm",
	  .pattern = "discarding unmatched event",
	  .meaning = N_("librdmacm got an event for an rdma_cm id it does not know; the "
			"program may hang in rdma_destroy_id."),
	  .causes = { N_("the program destroyed an id, or reused its channel, while events "
			 "for it were still coming") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 3 },
	{ .id = "rping.bogus_data", .tool = "rping",
	  .pattern = "received bogus data, size|recv wc error: -?[0-9]+",
	  .meaning = N_("rping received a message of the wrong size from the other end."),
	  .causes = { N_("the other end runs another program or another rping version on the "
			 "port"),
		      N_("the other end's buffer sizes (-S) differ") },
	  .tree = RS_TREE_CONNECTION, .check = "peer.same_gid_type",
	  .cls = RS_CLS_PEER, .weight = 4, .alt = { RS_CLS_APPLICATION } },
	{ .id = "rping.data_mismatch", .tool = "rping -V",
	  .pattern = "data mismatch!",
	  .meaning = N_("rping's validation found the data read back different from the data "
			"sent: the transfers completed, with wrong bytes."),
	  .causes = { N_("the adapter or its firmware corrupted the data (a firmware bug, a "
			 "failing card)"),
		      N_("PCIe relaxed ordering or an IOMMU mapping that reorders or loses "
			 "writes") },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 3, .alt = { RS_CLS_PCIE } },

	/* --- the kernel ----------------------------------------------------- */
	{ .id = "kernel.ib_core_setup", .tool = "kernel (ib_core)",
	  .pattern = "set up InfiniBand P_Key/GID cache|couldn" AP "t register device with "
		     "(driver model|rdma cgroup)",
	  .meaning = N_("ib_core could not finish registering an RDMA device: it reads the "
			"port's P_Key and GID tables first, and that failed."),
	  .causes = { N_("the driver could not query its port (the line before: ib_query_port "
			 "failed): a device in a bad state, firmware"),
		      N_("a driver and ib_core out of step (a module of another build)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 5, .alt = { RS_CLS_FIRMWARE } },
	{ .id = "kernel.cma_listen", .tool = "kernel (rdma_cm)",
	  .pattern = "cma_listen_on_dev, error",
	  .meaning = N_("rdma_cm could not listen on one of the RDMA devices for a wildcard "
			"listener: that device takes no connections on the port."),
	  .causes = { N_("-98 (EADDRINUSE): the port is already taken on that device"),
		      N_("-38 (ENOSYS) or -19 (ENODEV): the device cannot take rdma_cm "
			 "connections (no iWARP port mapper, no netdevice)") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 4, .alt = { RS_CLS_CONTROL, RS_CLS_DRIVER } },
	{ .id = "kernel.tx_timeout", .tool = "kernel (mlx5_core, NIC drivers)",
	  .pattern = "TX timeout detected|TX timeout on queue",
	  .meaning = N_("The NIC stopped completing transmissions on a queue and the driver "
			"is recovering it."),
	  .causes = { N_("the adapter or its firmware hung (dmesg: health or firmware events "
			 "around it)"),
		      N_("PCIe errors or a link that drops (AER lines)"),
		      N_("pause frames holding the port for long: PFC storms") },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 5, .alt = { RS_CLS_PCIE, RS_CLS_CONGESTION } },
	{ .id = "kernel.pcie_aer", .tool = "kernel (PCIe AER)",
	  .pattern = "PCIe Bus Error: severity=",
	  .meaning = N_("The PCIe link reported an error: corrected ones cost retransmissions "
			"on the bus, uncorrected ones reset the device."),
	  .causes = { N_("a marginal link: the slot, a riser, the card seated badly, signal "
			 "integrity at the speed negotiated"),
		      N_("a failing adapter or its firmware") },
	  .tree = RS_TREE_BANDWIDTH, .check = "pci.link_degraded",
	  .cls = RS_CLS_PCIE, .weight = 6, .alt = { RS_CLS_FIRMWARE } },
	{ .id = "kernel.rxe_exists", .tool = "kernel (rdma_rxe)",
	  .pattern = "already configured on [^ ]+",
	  .meaning = N_("A Soft-RoCE device was asked for on an interface that has one "
			"already."),
	  .causes = { N_("the setup ran twice (rdma link add, rxe_cfg add): the device "
			 "exists, use it") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 5 },
	{ .id = "kernel.bnxt_re_max", .tool = "kernel (bnxt_re)",
	  .pattern = "(QP|CQ|SRQ|AH)[^a-z]*(failed )?- ?max exceeded",
	  .meaning = N_("bnxt_re refused a queue pair, completion queue, SRQ or address "
			"handle: the device's count of them is used up."),
	  .causes = { N_("more objects than the device supports (ibv_devinfo -v: max_qp, "
			 "max_cq): many processes or a leak in one"),
		      N_("the firmware's resource profile gives the function fewer than "
			 "expected (SR-IOV, NPAR)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 7, .alt = { RS_CLS_FIRMWARE } },
	{ .id = "kernel.siw", .tool = "kernel (siw)",
	  .pattern = "siw: device registration error",
	  .meaning = N_("The soft iWARP driver could not register its RDMA device."),
	  .causes = { N_("-17 (EEXIST): a device of that name or on that interface exists"),
		      N_("ib_core refused the device (dmesg before it)") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 4, .alt = { RS_CLS_APPLICATION } },
	{ .id = "nvme.rdma_retry", .tool = "kernel (nvme-rdma, nvmet-rdma), SPDK",
	  .pattern = "failed to connect queue: [0-9]+ ret=|failed reconnect attempt "
		     "[0-9]+|I/O (tag )?[0-9]+ .*QID [0-9]+ timeout|received IB QP event: |"
		     "connect command failed, rc -?[0-9]+",
	  .meaning = N_("NVMe over RDMA reports that a queue could not connect, a reconnect "
			"failed or an I/O timed out: what failed is on the lines before."),
	  .causes = { N_("the RDMA connection failed (an rdma_cm or completion error before)"),
		      N_("the target is down or its subsystem refuses the host") },
	  .tree = RS_TREE_CONNECTION, .check = "net.ping",
	  .cls = RS_CLS_PATH, .weight = 1, .alt = { RS_CLS_PEER } },
	{ .id = "nfs.rpcrdma_frwr", .tool = "kernel (xprtrdma)",
	  .pattern = "frwr.? mode is not supported by device",
	  .meaning = N_("NFS over RDMA needs fast registration (FRWR) and the device does not "
			"offer it."),
	  .causes = { N_("a device or driver without memory-management extensions (some "
			 "soft or old adapters)"),
		      N_("a driver too old for it: update the kernel or the adapter's "
			 "driver") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 6 },
	{ .id = NULL },
};
