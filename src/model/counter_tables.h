/* SPDX-License-Identifier: MIT */
/*
 * counter_tables.h - what every RDMA driver's counters mean, as data.
 *
 * One table per driver (mlx5, bnxt_re, irdma, hns, qedr, mana_ib, erdma,
 * rxe, siw) in profiles/counters/DRIVER.yaml, compiled into the program
 * and read once, at the first lookup: every name the driver can expose
 * under ports/N/hw_counters/ (and ports/N/counters/ where it has its own),
 * each mapped to one meaning (counter_groups.h: tx_bytes, cnp_sent,
 * out_of_sequence ...) with its unit, and every name a counter had in
 * another kernel or in the vendor's own driver package as an alias
 * (bnxt_re's to_retransmits is local_ack_timeout_err in later releases).
 * Each file names the source files and commits the names were taken from.
 * ib_pma.yaml holds the IB PMA counters/ the core creates for a driver
 * that answers performance MADs (mlx5, bnxt_re on newer kernels, qedr).
 *
 * A device is matched to its table by the kernel driver of its PCI
 * function (bnxt_en -> bnxt_re, ice -> irdma), then by the kernel's
 * default device name (bnxt_re0, irdma0, hns_0, rxe0).  A device no table
 * claims is still classified: by the first table that knows the name, in
 * the order mlx5, rxe, then the others.  Pure: no I/O.
 */
#ifndef RS_COUNTER_TABLES_H
#define RS_COUNTER_TABLES_H

#include <stddef.h>

#include "model/counter_groups.h"
#include "snapshot.h"

/* Where a table's names come from: a file of a repository at a commit. */
struct rs_ctr_source {
	const char *repo, *file, *commit, *what;
};

/* What a driver's ports/N/counters/ holds. */
enum rs_ctr_pma {
	RS_PMA_NONE,		/* no counters/ directory (no process_mad) */
	RS_PMA_YES,		/* the IB PMA counters, answered by the device */
	RS_PMA_EMPTY,		/* the directory exists, the driver answers with zeros */
};

struct rs_ctr_table {
	const char *driver;		/* "bnxt_re": the RDMA driver */
	const char *title;		/* "Broadcom NetXtreme-E RoCE" */
	const char *note;		/* what else to know, "" */
	const char **pci_drivers;	/* drivers of the PCI function: bnxt_en */
	size_t n_pci_drivers;
	const char **prefixes;		/* default device names: bnxt_re */
	size_t n_prefixes;
	enum rs_ctr_pma pma;
	int netdev_counts_rdma;		/* its traffic passes the netdev (rxe, siw): the
					 * netdev's statistics count it */
	const struct rs_ctr_source *sources;
	size_t n_sources;
	const struct rs_counter_class *classes;	/* counters/ and hw_counters/ */
	size_t n_classes;
	const struct rs_counter_class *device_classes;	/* DEV/hw_counters (not read) */
	size_t n_device_classes;
	void **owned;			/* what the table allocated */
	size_t n_owned;
};

/* Every table (the first lookup reads them); *n gets how many.  The IB
 * PMA table is not among them: rs_ctr_table_pma(). */
const struct rs_ctr_table *rs_ctr_tables(size_t *n);
const struct rs_ctr_table *rs_ctr_table_pma(void);
/* The table of an RDMA driver ("bnxt_re"), or NULL. */
const struct rs_ctr_table *rs_ctr_table_find(const char *driver);
/* The table of a device (its PCI driver, then its name), or NULL. */
const struct rs_ctr_table *rs_ctr_table_for(const struct rs_device *d);
/*
 * The class of a counter of a device with table t (NULL: unknown driver),
 * RS_CO_PORT or RS_CO_HW; ethtool and netdev names go to counter_groups.
 * An RDMA name no table knows is "other" of its origin; hw_counters/
 * lifespan is no counter (NULL).
 */
const struct rs_counter_class *rs_ctr_classify(const struct rs_ctr_table *t,
					       enum rs_corigin origin, const char *name);
/* 1 when the driver has a counter of meaning m (its PMA counters included). */
int rs_ctr_table_has(const struct rs_ctr_table *t, enum rs_meaning m);
/*
 * Parse one table's YAML text (file names it in messages) into t, which
 * holds its memory until rs_ctr_table_free().  0, or -EINVAL with
 * "file:line:col: what is wrong" in err (t then holds nothing).  The
 * shipped tables go through here once; tests feed it broken ones.
 */
int rs_ctr_table_parse(const char *text, const char *file, struct rs_ctr_table *t,
		       char *err, size_t errlen);
/* Free what a parsed table holds (not the shipped ones: they live on). */
void rs_ctr_table_free(struct rs_ctr_table *t);
/* Why the tables could not be read ("" when they were): a build fault. */
const char *rs_ctr_tables_error(void);

#endif
