/* SPDX-License-Identifier: MIT */
/*
 * nic_generation.h - name the RDMA adapter generation ("ConnectX-5",
 * "Soft-RoCE") from what sysfs tells: PCI vendor/device id, hca_type, driver.
 *
 * The generation drives firmware advice and one hard warning: ConnectX-3
 * (mlx4) supports RoCE v2 only partially (no ECN/DCQCN on v2, v2 off by
 * default on many firmware releases), so weak_roce_v2 is set for it.
 */
#ifndef RS_NIC_GENERATION_H
#define RS_NIC_GENERATION_H

#include "snapshot.h"

struct rs_nic_gen {
	unsigned device_id;	/* PCI device id, vendor 0x15b3 */
	const char *name;	/* "ConnectX-5", "ConnectX-5 VF" */
	int weak_roce_v2;	/* 1 for ConnectX-3 / mlx4 */
};

#define RS_PCI_VENDOR_MELLANOX 0x15b3

/* Table entry for a Mellanox/NVIDIA PCI device id, or NULL when unknown. */
const struct rs_nic_gen *rs_nic_gen_lookup(unsigned vendor_id, unsigned device_id);

/*
 * Fill d->generation and d->weak_roce_v2 from d->pci, d->hca_type,
 * d->driver and d->name.  Leaves generation "" when nothing matches.
 */
void rs_nic_gen_fill(struct rs_device *d);

#endif
