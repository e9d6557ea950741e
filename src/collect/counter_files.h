/* SPDX-License-Identifier: MIT */
/*
 * counter_files.h - a directory of counter files (sysfs ports/P/counters,
 * hw_counters, a netdev's statistics), read by the RDMA and the recorded
 * network collectors alike.  Not for use outside src/collect/.
 */
#ifndef RS_COUNTER_FILES_H
#define RS_COUNTER_FILES_H

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

#endif
