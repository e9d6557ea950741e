/* SPDX-License-Identifier: MIT */
/*
 * snapshot_check.h - what a loaded snapshot must mean, past the type and
 * range of each field (internal to src/model/).
 *
 * The YAML reader runs these as it goes, so a refusal carries the line and
 * column of the element at fault.  Refused (-EINVAL, why filled):
 *   - two devices, or two links, of one name; a port number twice in a
 *     device: every lookup by name or number would see only the first;
 *   - a GID index twice in a port, at or past the port's gid_tbl_len when
 *     that is known, or at or past RS_GID_TBL_MAX (no table is that long),
 *     and a gid_tbl_len past RS_GID_TBL_MAX: an index that is not in the
 *     table must never reach a recommendation (`-x 70000`);
 *   - a taken_at that is not a real UTC time "YYYY-MM-DDTHH:MM:SSZ" from
 *     1970 on (month 13, February 30, "yesterday": rs_utc_parse).
 * Noted (rs_snapshot_note_clock: an error of the host area, source "file";
 * the load goes on):
 *   - a taken_at more than a day after this machine's clock: one of the
 *     two clocks is wrong, which matters when comparing with a live host.
 * Not checked: a counter set's ts_ns.  It is CLOCK_MONOTONIC of the host
 * that was recorded (its uptime): any value is possible, and only the
 * difference between two readings of one host means anything.
 */
#ifndef RS_SNAPSHOT_CHECK_H
#define RS_SNAPSHOT_CHECK_H

#include <stddef.h>

#include "snapshot.h"

struct rs_nidx;

/* Element idx of an array of devices, ports or links, beside the earlier
 * ones; seen is the array's index (snapshot_schema.h), in constant time. */
int rs_check_device(const void *elems, size_t idx, struct rs_nidx *seen, char *why, size_t len);
int rs_check_port(const void *elems, size_t idx, struct rs_nidx *seen, char *why, size_t len);
int rs_check_link(const void *elems, size_t idx, struct rs_nidx *seen, char *why, size_t len);

/* Seconds since the epoch of "YYYY-MM-DDTHH:MM:SSZ", or -1 when it is none. */
long long rs_utc_parse(const char *t);

/* Note a taken_at later than this machine's clock (plus a day of slack). */
void rs_snapshot_note_clock(struct rs_snapshot *s);

#endif
