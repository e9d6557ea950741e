/* SPDX-License-Identifier: MIT */
/*
 * sysfs_files.h - what the RDMA and the recorded network collectors read
 * of sysfs alike: directories of counter files (ports/P/counters,
 * hw_counters, a netdev's statistics) and the names of its entries.  Not
 * for use outside src/collect/.
 */
#ifndef RS_SYSFS_FILES_H
#define RS_SYSFS_FILES_H

#include "collect/collect.h"
#include "snapshot.h"

/*
 * Read every file of the directory fmt (under the root) as a decimal
 * counter into set, which is replaced; set->ts_ns is the time of the
 * reading.  Returns the number of entries listed, or the listing's -errno
 * (set left as it was: the caller decides whether that is worth a note).
 *
 * A file that holds no counter (text, a sign, nothing, more than 2^64 - 1,
 * a name too long for the field, not a regular file, a read error) is left
 * out and named in one note per directory: "LABEL: 2 files hold no
 * counter: a ("abc": not a decimal number), b (empty)", against object in
 * area (once: a refresh that finds the same does not add it again).  The read errors a driver gives for a counter it does not keep on
 * this port (EINVAL, ENOSYS, EOPNOTSUPP, ENODATA) stay silent: they are the
 * normal state of some files of counters/ on RoCE ports.
 */
int rs_read_counter_dir(struct rs_snapshot *s, enum rs_area area, const char *object,
			const char *label, struct rs_counter_set *set, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/*
 * 1 when name (a directory entry naming a device or a link) fits a name
 * field.  The kernel's names do (63 bytes for RDMA devices, 15 for
 * netdevs); a longer one is a made-up tree, would name no directory once
 * cut and could clash with another: it is left out, with a note in area
 * ("device name of 70 bytes left out (at most 63): ..."), and 0 returned.
 */
int rs_sysfs_name_fits(struct rs_snapshot *s, enum rs_area area, const char *what,
		       const char *name);

/*
 * For the _step collectors (collect.h): item(s, st, i) for i from st->at
 * on until st->until_ns passes (at least one); 1 when all st->total are
 * done.  rs_collect_at_once() runs a _step collector to its end (the
 * plain collector) and frees its names.
 */
typedef void (*rs_collect_item_fn)(struct rs_snapshot *s, struct rs_collect_step *st, size_t i);
int rs_collect_items(struct rs_snapshot *s, struct rs_collect_step *st, rs_collect_item_fn item);
void rs_collect_at_once(struct rs_snapshot *s,
			int (*step)(struct rs_snapshot *s, struct rs_collect_step *st));

#endif
