/* SPDX-License-Identifier: MIT */
/*
 * explain_firmware.c - drivers that say the adapter's firmware is too old
 * for what they were asked to do (explain.h).
 *
 * A driver that finds a capability missing from the firmware logs it as it
 * probes the device and goes on without it; the RDMA failure the user sees
 * comes later and names nothing. mlx4_en's probe prints "LSO not
 * supported, please upgrade to later FW version to enable LSO"
 * (drivers/net/ethernet/mellanox/mlx4/en_main.c); other drivers word the
 * same request "please upgrade the firmware". The line is the evidence
 * that the firmware, not the host, is where to look.
 *
 * Data only.  Person-read text is marked with N_().
 */
#include "diag/explain.h"
#include "i18n.h"

#include <stddef.h>

const struct rs_explain_entry rs_explain_firmware[] = {
	{ .id = "kernel.fw_upgrade", .tool = "kernel (mlx4_en, NIC drivers)",
	  .pattern = "upgrade to (a )?(later|newer) (fw|firmware)|"
		     "please upgrade (the |your |device )?(fw|firmware)",
	  .meaning = N_("The driver found the adapter's firmware too old for a feature it "
			"needs and asks for a newer one; it goes on without the feature, and "
			"what fails later (RDMA ports missing, offloads off) follows from it."),
	  .causes = { N_("the adapter runs old firmware: update it to the release the driver "
			 "(MLNX_OFED, the kernel) was built for"),
		      N_("the driver is newer than the firmware supports: an older driver "
			 "matches the card") },
	  .tree = RS_TREE_SETUP, .check = "profile.firmware",
	  .cls = RS_CLS_FIRMWARE, .weight = 6, .alt = { RS_CLS_DRIVER } },
	{ .id = NULL },
};
