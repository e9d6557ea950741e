/* SPDX-License-Identifier: MIT */
/*
 * nic_generation.h - name the RDMA adapter generation ("ConnectX-5",
 * "Thor2", "E810", "HIP09", "Soft-RoCE") from what sysfs tells: PCI
 * vendor/device id and revision, hca_type, driver.
 *
 * A generation is named where it changes what a NIC can do or counts:
 * ConnectX-3 (mlx4) against ConnectX-4 and later, Broadcom's Thor against
 * Thor2, Intel's X722 (irdma GEN1) against E810 (GEN2), Huawei's HIP08
 * against HIP09 (only HIP09 has hardware counters).  The vendor and model
 * of a card are pci.ids' (pci_names.c), not ours.  One hard warning rides
 * on it: ConnectX-3 (mlx4) supports RoCE v2 only partially (no ECN/DCQCN
 * on v2, v2 off by default on many firmware releases), so weak_roce_v2 is
 * set for it.
 */
#ifndef RS_NIC_GENERATION_H
#define RS_NIC_GENERATION_H

#include "snapshot.h"

struct rs_nic_gen {
	unsigned vendor_id;	/* PCI vendor id */
	unsigned device_id;	/* PCI device id */
	const char *name;	/* "ConnectX-5", "ConnectX-5 VF", "Thor2" */
	int weak_roce_v2;	/* 1 for ConnectX-3 / mlx4 */
};

#define RS_PCI_VENDOR_MELLANOX 0x15b3
#define RS_PCI_VENDOR_HUAWEI 0x19e5

/* Table entry for a PCI vendor and device id, or NULL when unknown. */
const struct rs_nic_gen *rs_nic_gen_lookup(unsigned vendor_id, unsigned device_id);

/*
 * Fill d->generation and d->weak_roce_v2 from d->pci, d->hca_type,
 * d->driver and d->name.  Leaves generation "" when nothing matches.
 */
void rs_nic_gen_fill(struct rs_device *d);

#endif
