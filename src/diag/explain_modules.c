/* SPDX-License-Identifier: MIT */
/*
 * explain_modules.c - programs that name the kernel module or device
 * limit they found missing, in their own words (explain.h).
 *
 * Libraries outside rdma-core's tools say what they could not find and
 * often guess why: DPDK's mlx4 and mlx5 drivers ("net_mlx4: cannot list
 * devices, is ib_uverbs loaded?", drivers/net/mlx4/mlx4.c), libibumad
 * ("umad_init: can't read ABI version from
 * /sys/class/infiniband_mad/abi_version (...): is ib_umad module
 * loaded?", libibumad/umad.c).  Drivers refuse a queue pair whose inline
 * data is above the device's (qedr's "create qp: unsupported inline data
 * size=0xec requested (max_inline=0x80)", drivers/infiniband/hw/qedr/
 * verbs.c), and UCX asserts its minimum ("Assertion
 * 'qp_init_attr.cap.max_inline_data >= UCT_UD_MIN_INLINE' failed",
 * ud_iface.c).  Mooncake's topology discovery looking for a device node
 * named after the device ("Device path /dev/infiniband/mlx5_0 does not
 * exist", topology.cpp) looks for a path that no host has: the uverbs
 * nodes are numbered, so that is the program's own mistake.  The kernel
 * reports a program that crashed inside librdmacm.
 *
 * Data only.  Person-read text is marked with N_().
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

const struct rs_explain_entry rs_explain_modules[] = {
	{ .id = "host.module_asked", .tool = "DPDK (mlx4, mlx5), libibumad",
	  .pattern = "is (ib_uverbs|ib_umad|rdma_ucm|ib_ipoib|mlx[45]_ib)( module)? loaded\\?",
	  .meaning = N_("A library could not find the RDMA devices or files it needs and asks "
			"whether the kernel module that provides them is loaded."),
	  .causes = { N_("the module it names is not loaded (modprobe it; rdma-core's udev "
			 "rules or the rdma service load it at boot)"),
		      N_("inside a container the host's device nodes or sysfs files are not "
			 "passed in") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 8, .alt = { RS_CLS_PERMISSION } },
	/*
	 * The dynamic loader: a provider (libmlx5.so.1, libefa.so.1) linked
	 * against a libibverbs of another rdma-core release names the private
	 * symbol version it lacks ("version `IBVERBS_PRIVATE_34' not found
	 * (required by .../libmlx5.so.1)").
	 */
	{ .id = "host.verbs_symbol_version", .tool = "the dynamic loader (libibverbs)",
	  .pattern = "version .(IBVERBS|RDMACM|MLX5|EFA|UCS|UCT|UCP)_[A-Z0-9_.]+. not found",
	  .meaning = N_("A library of the RDMA stack needs a symbol version that the libibverbs "
			"(or librdmacm, UCX) being loaded does not have: the two come from different "
			"releases."),
	  .causes = { N_("libibverbs and its providers from different rdma-core builds (a "
			 "container image with the host's provider, MLNX_OFED over the distribution's "
			 "packages): install matching rdma-core packages, or point LD_LIBRARY_PATH at "
			 "one installation") },
	  .tree = RS_TREE_SETUP, .check = "host.module_missing",
	  .cls = RS_CLS_DRIVER, .weight = 9 },
	/*
	 * DPDK's mlx5 common driver registers the mbuf pools with the NIC
	 * (drivers/common/mlx5/mlx5_common_mr.c); a container without
	 * IPC_LOCK or with a small memlock limit cannot pin them.
	 */
	{ .id = "dpdk.mlx5_mr", .tool = "DPDK (mlx5)",
	  .pattern = "mlx5_common: Fail(ed)? to create (an )?MR",
	  .meaning = N_("DPDK's mlx5 driver could not register its packet buffers with the NIC, "
			"so the port's queues cannot be set up."),
	  .causes = { N_("the locked-memory limit or a missing IPC_LOCK capability (a container "
			 "that lost --privileged): give it IPC_LOCK and an unlimited memlock limit"),
		      N_("the buffers are larger than the device or the hugepages allow") },
	  .tree = RS_TREE_LARGE_MSG, .check = "host.memlock_small",
	  .cls = RS_CLS_MEMLOCK, .weight = 6, .alt = { RS_CLS_RESOURCES } },
	{ .id = "kernel.qedr_inline", .tool = "kernel (qedr)",
	  .pattern = "unsupported inline data size=[0-9a-fx]+ requested",
	  .meaning = N_("The driver refused to create a queue pair: the inline data asked for "
			"is above what the device supports (max_inline)."),
	  .causes = { N_("the program asks for more inline data than this device offers "
			 "(perftest's default inline size on QLogic/Marvell FastLinQ): lower "
			 "it (perftest -I) to the device's max_inline") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 8, .alt = { RS_CLS_APPLICATION } },
	{ .id = "ucx.min_inline_assert", .tool = "UCX",
	  .pattern = "Assertion .*max_inline[a-z_]* >= UCT_[A-Z_]*INLINE[A-Z_]*' failed",
	  .meaning = N_("UCX aborted: the device offers less inline data than the minimum its "
			"transport assumes."),
	  .causes = { N_("the HCA's max_inline_data is below UCX's minimum for the transport "
			 "(older or non-Mellanox HCAs such as QLogic qib): exclude the "
			 "transport (UCX_TLS) or the device (UCX_NET_DEVICES)") },
	  .tree = RS_TREE_LARGE_MSG, .check = "device.max_mr",
	  .cls = RS_CLS_RESOURCES, .weight = 8, .alt = { RS_CLS_APPLICATION } },
	{ .id = "mooncake.device_path", .tool = "Mooncake transfer engine",
	  .pattern = "Device path /dev/infiniband/[a-z][a-z0-9_]* does not exist",
	  .meaning = N_("The program looked for a device node named after the RDMA device "
			"(/dev/infiniband/mlx5_0); no host has one: the nodes are uverbsN, "
			"umadN, issmN and rdma_cm, so every device is skipped."),
	  .causes = { N_("the program's device discovery builds a path that does not exist "
			 "(a regression of the program): use a release with the fix, or set "
			 "the devices by hand"),
		      N_("inside a container no /dev/infiniband nodes at all are passed in") },
	  .tree = RS_TREE_CONNECTION, .check = "perf.pingpong",
	  .cls = RS_CLS_APPLICATION, .weight = 7, .alt = { RS_CLS_PERMISSION } },
	/*
	 * The kernel's report of a crash inside librdmacm ("ib_write_bw[46826]:
	 * segfault at 0 ip ... in librdmacm.so.1.3.37.0", "traps: ib_send_lat
	 * [30527] trap stack segment ... in librdmacm.so"): the connection
	 * manager's path broke on this device.
	 */
	{ .id = "kernel.librdmacm_crash", .tool = "kernel (a program's crash)",
	  .pattern = "(segfault at|trap [a-z ]+ ip:?) ?.* in librdmacm\\.so",
	  .meaning = N_("The program crashed inside librdmacm, the connection manager's "
			"library: setting up the connection through rdma_cm failed on this "
			"device before any data moved."),
	  .causes = { N_("rdma_cm cannot handle this device or port: a VF without a node or "
			 "port GUID, a port that is down, an address not on an RDMA interface; "
			 "the same test without rdma_cm (no -R) works"),
		      N_("an earlier failure left it nothing to work with (a queue pair that "
			 "could not be created, an inline size above the device's)"),
		      N_("librdmacm and the kernel's rdma_ucm do not match") },
	  .tree = RS_TREE_CONNECTION, .check = "rdma.cm_resolve",
	  .cls = RS_CLS_RDMA_CM, .weight = 4,
	  .alt = { RS_CLS_RESOURCES, RS_CLS_DRIVER } },
	{ .id = NULL },
};
