/* SPDX-License-Identifier: MIT */
/*
 * nic_generation.c - PCI device id -> adapter generation (see the header).
 *
 * The ids come from the PCI ID database (pci.ids, vendor 15b3 "Mellanox
 * Technologies"), version 2023.04.10 as shipped in Debian 12's pci.ids
 * package (/usr/share/misc/pci.ids).  They are copied into this constant
 * table on purpose: the program must not depend on pci.ids at run time (a
 * minimal host or a fixture root may not have it), and only the RDMA-capable
 * functions matter here.  Flash-recovery ids, bridges and management
 * functions are left out: they never carry an RDMA device.
 *
 * When there is no PCI function (a fixture without the `device` link, an old
 * kernel), hca_type "MT4119" is the decimal form of the device id (0x1017),
 * so the same table answers.  Soft-RoCE (rxe) and Soft-iWARP (siw) have no
 * PCI function at all and are recognised by driver or device name.
 */
#include "collect/nic_generation.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static const struct rs_nic_gen nic_gens[] = {
	{ 0x1003, "ConnectX-3", 1 },
	{ 0x1004, "ConnectX-3 VF", 1 },		/* ConnectX-3 / 3 Pro VF */
	{ 0x1007, "ConnectX-3 Pro", 1 },
	{ 0x1011, "Connect-IB", 0 },
	{ 0x1012, "Connect-IB VF", 0 },
	{ 0x1013, "ConnectX-4", 0 },
	{ 0x1014, "ConnectX-4 VF", 0 },
	{ 0x1015, "ConnectX-4 Lx", 0 },
	{ 0x1016, "ConnectX-4 Lx VF", 0 },
	{ 0x1017, "ConnectX-5", 0 },
	{ 0x1018, "ConnectX-5 VF", 0 },
	{ 0x1019, "ConnectX-5 Ex", 0 },
	{ 0x101a, "ConnectX-5 Ex VF", 0 },
	{ 0x101b, "ConnectX-6", 0 },
	{ 0x101c, "ConnectX-6 VF", 0 },
	{ 0x101d, "ConnectX-6 Dx", 0 },
	{ 0x101e, "ConnectX VF", 0 },		/* mlx5Gen VF, CX-6 Dx and later */
	{ 0x101f, "ConnectX-6 Lx", 0 },
	{ 0x1021, "ConnectX-7", 0 },
	{ 0x1023, "ConnectX-8", 0 },
	{ 0x0262, "ConnectX-4 Lx", 0 },		/* Programmable */
	{ 0x0263, "ConnectX-4 Lx VF", 0 },	/* Programmable VF */
	{ 0xa2d2, "BlueField", 0 },		/* integrated ConnectX-5 */
	{ 0xa2d3, "BlueField VF", 0 },
	{ 0xa2d6, "BlueField-2", 0 },		/* integrated ConnectX-6 Dx */
	{ 0xa2d9, "BlueField-3 Lx", 0 },		/* integrated ConnectX-7 */
	{ 0xa2dc, "BlueField-3", 0 },		/* integrated ConnectX-7 */
	{ 0xa2df, "BlueField-4", 0 },
};

const struct rs_nic_gen *rs_nic_gen_lookup(unsigned vendor_id, unsigned device_id)
{
	if (vendor_id != RS_PCI_VENDOR_MELLANOX)
		return NULL;
	for (size_t i = 0; i < RS_ARRAY_SIZE(nic_gens); i++)
		if (nic_gens[i].device_id == device_id)
			return &nic_gens[i];
	return NULL;
}

/* "MT4119" -> 4119 (the decimal PCI device id); 0 when not of that form. */
static unsigned hca_type_id(const char *hca_type)
{
	char *end;
	unsigned long v;

	if (strncmp(hca_type, "MT", 2) != 0)
		return 0;
	v = strtoul(hca_type + 2, &end, 10);
	if (end == hca_type + 2 || *end || v > 0xffff)
		return 0;
	return (unsigned)v;
}

static int starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

void rs_nic_gen_fill(struct rs_device *d)
{
	const struct rs_nic_gen *g = NULL;

	d->generation[0] = '\0';
	d->weak_roce_v2 = 0;
	if (d->pci.device_id)
		g = rs_nic_gen_lookup(d->pci.vendor_id, d->pci.device_id);
	else if (hca_type_id(d->hca_type))
		g = rs_nic_gen_lookup(RS_PCI_VENDOR_MELLANOX, hca_type_id(d->hca_type));
	if (g) {
		RS_STRCPY(d->generation, g->name);
		d->weak_roce_v2 = g->weak_roce_v2;
		return;
	}
	/*
	 * No table hit: soft devices have no PCI function; the driver (if
	 * any), then the kernel's default device names tell.
	 */
	if (!strcmp(d->driver, "rdma_rxe") || !strcmp(d->hca_type, "rxe") ||
	    (!d->pci.addr[0] && starts_with(d->name, "rxe")))
		RS_STRCPY(d->generation, "Soft-RoCE");
	else if (!strcmp(d->driver, "siw") || !strcmp(d->hca_type, "siw") ||
		 (!d->pci.addr[0] && starts_with(d->name, "siw")))
		RS_STRCPY(d->generation, "Soft-iWARP");
	/* An mlx4 device with an id we do not know is still mlx4. */
	if (starts_with(d->driver, "mlx4") || starts_with(d->name, "mlx4_"))
		d->weak_roce_v2 = 1;
}
