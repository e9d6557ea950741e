/* SPDX-License-Identifier: MIT */
/*
 * nic_generation.c - PCI device id -> adapter generation (see the header).
 *
 * The Mellanox ids come from the PCI ID database (pci.ids, vendor 15b3
 * "Mellanox Technologies"), version 2023.04.10 as shipped in Debian 12's
 * pci.ids package; the others from the drivers' own PCI tables
 * (torvalds/linux, commits in docs/collectors-rdma.md): bnxt.c's
 * bnxt_pci_tbl (BCM575xx Thor, BCM576xx Thor2, which pci.ids 2023.04.10
 * does not know yet), i40e/ice device ids (X722, E810, E82x), hns3's
 * HNAE3_DEV_ID_* with the PCI revision that tells HIP08 (0x20, 0x21) from
 * HIP09 (0x30: PCI_REVISION_ID_HIP09 of hns_roce_device.h).  The
 * generation is ours because pci.ids does not say it; the program keeps
 * working without pci.ids (a minimal host, a fixture root).  Only
 * RDMA-capable functions are listed: flash-recovery ids, bridges and
 * management functions never carry an RDMA device.
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
	{ 0x15b3, 0x1003, "ConnectX-3", 1 },
	{ 0x15b3, 0x1004, "ConnectX-3 VF", 1 },		/* ConnectX-3 / 3 Pro VF */
	{ 0x15b3, 0x1007, "ConnectX-3 Pro", 1 },
	{ 0x15b3, 0x1011, "Connect-IB", 0 },
	{ 0x15b3, 0x1012, "Connect-IB VF", 0 },
	{ 0x15b3, 0x1013, "ConnectX-4", 0 },
	{ 0x15b3, 0x1014, "ConnectX-4 VF", 0 },
	{ 0x15b3, 0x1015, "ConnectX-4 Lx", 0 },
	{ 0x15b3, 0x1016, "ConnectX-4 Lx VF", 0 },
	{ 0x15b3, 0x1017, "ConnectX-5", 0 },
	{ 0x15b3, 0x1018, "ConnectX-5 VF", 0 },
	{ 0x15b3, 0x1019, "ConnectX-5 Ex", 0 },
	{ 0x15b3, 0x101a, "ConnectX-5 Ex VF", 0 },
	{ 0x15b3, 0x101b, "ConnectX-6", 0 },
	{ 0x15b3, 0x101c, "ConnectX-6 VF", 0 },
	{ 0x15b3, 0x101d, "ConnectX-6 Dx", 0 },
	{ 0x15b3, 0x101e, "ConnectX VF", 0 },		/* mlx5Gen VF, CX-6 Dx and later */
	{ 0x15b3, 0x101f, "ConnectX-6 Lx", 0 },
	{ 0x15b3, 0x1021, "ConnectX-7", 0 },
	{ 0x15b3, 0x1023, "ConnectX-8", 0 },
	{ 0x15b3, 0x0262, "ConnectX-4 Lx", 0 },		/* Programmable */
	{ 0x15b3, 0x0263, "ConnectX-4 Lx VF", 0 },	/* Programmable VF */
	{ 0x15b3, 0xa2d2, "BlueField", 0 },		/* integrated ConnectX-5 */
	{ 0x15b3, 0xa2d3, "BlueField VF", 0 },
	{ 0x15b3, 0xa2d6, "BlueField-2", 0 },		/* integrated ConnectX-6 Dx */
	{ 0x15b3, 0xa2d9, "BlueField-3 Lx", 0 },		/* integrated ConnectX-7 */
	{ 0x15b3, 0xa2dc, "BlueField-3", 0 },		/* integrated ConnectX-7 */
	{ 0x15b3, 0xa2df, "BlueField-4", 0 },
	/* Broadcom NetXtreme-E: P5 "Thor" (BCM575xx), P7 "Thor2" (BCM576xx) */
	{ 0x14e4, 0x1750, "Thor (BCM57508)", 0 },
	{ 0x14e4, 0x1751, "Thor (BCM57504)", 0 },
	{ 0x14e4, 0x1752, "Thor (BCM57502)", 0 },
	{ 0x14e4, 0x1800, "Thor (BCM57502 NPAR)", 0 },
	{ 0x14e4, 0x1801, "Thor (BCM57504 NPAR)", 0 },
	{ 0x14e4, 0x1802, "Thor (BCM57508 NPAR)", 0 },
	{ 0x14e4, 0x1803, "Thor (BCM57502 NPAR)", 0 },
	{ 0x14e4, 0x1804, "Thor (BCM57504 NPAR)", 0 },
	{ 0x14e4, 0x1805, "Thor (BCM57508 NPAR)", 0 },
	{ 0x14e4, 0x1806, "Thor VF", 0 },
	{ 0x14e4, 0x1807, "Thor VF", 0 },
	{ 0x14e4, 0x1808, "Thor VF", 0 },
	{ 0x14e4, 0x1809, "Thor VF", 0 },
	{ 0x14e4, 0x1760, "Thor2 (BCM57608)", 0 },
	{ 0x14e4, 0x1761, "Thor2 (BCM57604)", 0 },
	{ 0x14e4, 0x1762, "Thor2 (BCM57602)", 0 },
	{ 0x14e4, 0x1763, "Thor2 (BCM57601)", 0 },
	/* Intel: X722 (i40e, irdma GEN1), E810 and E82x (ice, irdma GEN2) */
	{ 0x8086, 0x37cc, "X722", 0 }, { 0x8086, 0x37ce, "X722", 0 },
	{ 0x8086, 0x37cf, "X722", 0 }, { 0x8086, 0x37d0, "X722", 0 },
	{ 0x8086, 0x37d1, "X722", 0 }, { 0x8086, 0x37d2, "X722", 0 },
	{ 0x8086, 0x37d3, "X722", 0 }, { 0x8086, 0x37d4, "X722", 0 },
	{ 0x8086, 0x0dda, "X722", 0 },
	{ 0x8086, 0x1591, "E810-C", 0 }, { 0x8086, 0x1592, "E810-C", 0 },
	{ 0x8086, 0x1593, "E810-C", 0 }, { 0x8086, 0x1599, "E810-XXV", 0 },
	{ 0x8086, 0x159a, "E810-XXV", 0 }, { 0x8086, 0x159b, "E810-XXV", 0 },
	{ 0x8086, 0x124c, "E823-L", 0 }, { 0x8086, 0x124d, "E823-L", 0 },
	{ 0x8086, 0x124e, "E823-L", 0 }, { 0x8086, 0x124f, "E823-L", 0 },
	{ 0x8086, 0x151d, "E823-L", 0 },
	{ 0x8086, 0x188a, "E823-C", 0 }, { 0x8086, 0x188b, "E823-C", 0 },
	{ 0x8086, 0x188c, "E823-C", 0 }, { 0x8086, 0x188d, "E823-C", 0 },
	{ 0x8086, 0x188e, "E823-C", 0 },
	{ 0x8086, 0x1890, "E822-C", 0 }, { 0x8086, 0x1891, "E822-C", 0 },
	{ 0x8086, 0x1892, "E822-C", 0 }, { 0x8086, 0x1893, "E822-C", 0 },
	{ 0x8086, 0x1894, "E822-C", 0 },
	{ 0x8086, 0x1897, "E822-L", 0 }, { 0x8086, 0x1898, "E822-L", 0 },
	{ 0x8086, 0x1899, "E822-L", 0 }, { 0x8086, 0x189a, "E822-L", 0 },
	/* Marvell/QLogic FastLinQ (qede, qedr) */
	{ 0x1077, 0x1634, "FastLinQ QL45000", 0 }, { 0x1077, 0x1644, "FastLinQ QL45000", 0 },
	{ 0x1077, 0x1654, "FastLinQ QL45000", 0 }, { 0x1077, 0x1656, "FastLinQ QL45000", 0 },
	{ 0x1077, 0x165c, "FastLinQ QL45000", 0 }, { 0x1077, 0x165e, "FastLinQ QL45000", 0 },
	{ 0x1077, 0x1664, "FastLinQ QL45000 VF", 0 },
	{ 0x1077, 0x8070, "FastLinQ QL41000", 0 }, { 0x1077, 0x8080, "FastLinQ QL41000", 0 },
	{ 0x1077, 0x8084, "FastLinQ QL41000", 0 }, { 0x1077, 0x8090, "FastLinQ QL41000 VF", 0 },
	/* Microsoft Azure Network Adapter, Alibaba Elastic RDMA */
	{ 0x1414, 0x00ba, "MANA", 0 },
	{ 0x1ded, 0x107f, "Elastic RDMA", 0 }, { 0x1ded, 0x5007, "Elastic RDMA", 0 },
};

/* hns3's RoCE-capable ids (HNAE3_DEV_ID_*_RDMA*): the revision names the chip. */
static const unsigned hns_rdma_ids[] = { 0xa222, 0xa223, 0xa224, 0xa225, 0xa226, 0xa228,
					 0xa22f };
const struct rs_nic_gen *rs_nic_gen_lookup(unsigned vendor_id, unsigned device_id)
{
	for (size_t i = 0; i < RS_ARRAY_SIZE(nic_gens); i++)
		if (nic_gens[i].vendor_id == vendor_id && nic_gens[i].device_id == device_id)
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

/* HIP08 (revision 0x20, 0x21) or HIP09 (0x30 and later), from d->pci. */
static int hns_generation(struct rs_device *d)
{
	unsigned long rev;
	char *end;
	size_t i;

	if (d->pci.vendor_id != RS_PCI_VENDOR_HUAWEI)
		return 0;
	for (i = 0; i < RS_ARRAY_SIZE(hns_rdma_ids); i++)
		if (hns_rdma_ids[i] == d->pci.device_id)
			break;
	if (i == RS_ARRAY_SIZE(hns_rdma_ids))
		return 0;
	rev = strtoul(d->pci.revision, &end, 16);
	if (!d->pci.revision[0] || *end)
		RS_STRCPY(d->generation, "HNS (revision unknown)");
	else
		RS_STRCPY(d->generation, rev <= 0x21 ? "HIP08" : rev == 0x30 ? "HIP09" :
			  "HIP09 or later");
	return 1;
}

/* An Intel RDMA function by its driver, when the id is not one we list. */
static int intel_generation(struct rs_device *d)
{
	if (!strcmp(d->driver, "i40e"))
		RS_STRCPY(d->generation, "X722");
	else if (!strcmp(d->driver, "ice"))
		RS_STRCPY(d->generation, "E800 series");
	else if (!strcmp(d->driver, "idpf"))
		RS_STRCPY(d->generation, "IPU (irdma GEN3)");
	else
		return 0;
	return 1;
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
	if (hns_generation(d) || intel_generation(d))
		return;
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
