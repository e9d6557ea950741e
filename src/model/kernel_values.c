/* SPDX-License-Identifier: MIT */
/*
 * kernel_values.c - the values the kernel can print for a PCIe link speed,
 * an RDMA port's rate and an IB MTU (snapshot.h).  A file or a tree that
 * holds another (1e308 GT/s, inf Gb/sec) was not written by a kernel:
 * the loader refuses it with the field named, the sysfs readers note it
 * and keep the value unknown.
 *
 * PCIe: pci_speed_string() in drivers/pci/probe.c maps the Link Status
 * speed to "2.5 GT/s PCIe" ... "64.0 GT/s PCIe" (kernels up to 5.6 printed
 * "8 GT/s"), anything else to "Unknown"; 128 GT/s is PCIe 7.0, encoding 7,
 * which the linux-pci series adding PCIE_SPEED_128_0GT prints as
 * "128.0 GT/s PCIe".
 *
 * Rate: rate_show() in drivers/infiniband/core/sysfs.c prints "%d%s Gb/sec
 * (%dX%s)" from a per-lane rate in tenths of Gb/s (SDR 25, DDR 50, QDR
 * and FDR10 100, FDR 140, EDR 250, HDR 500, NDR 1000, XDR 2000) times the
 * width from ib_width_enum_to_int() (1, 2, 4, 8, 12).
 *
 * MTU: enum ibv_mtu (libibverbs verbs.h), IBV_MTU_256 .. IBV_MTU_4096.
 */
#include "snapshot.h"

#include <math.h>

int rs_pcie_gts_known(double gts)
{
	static const double speeds[] = { 2.5, 5, 8, 16, 32, 64, 128 };

	for (unsigned i = 0; i < sizeof(speeds) / sizeof(speeds[0]); i++)
		if (gts == speeds[i])
			return 1;
	return 0;
}

int rs_ib_rate_known(double gbps)
{
	static const int lane[] = { 25, 50, 100, 140, 250, 500, 1000, 2000 };	/* tenths */
	static const int width[] = { 1, 2, 4, 8, 12 };

	if (!isfinite(gbps))
		return 0;
	for (unsigned i = 0; i < sizeof(lane) / sizeof(lane[0]); i++)
		for (unsigned k = 0; k < sizeof(width) / sizeof(width[0]); k++)
			if (gbps * 10 == (double)(lane[i] * width[k]))
				return 1;
	return 0;
}

int rs_ib_mtu_known(int bytes)
{
	return bytes == 256 || bytes == 512 || bytes == 1024 || bytes == 2048 || bytes == 4096;
}
