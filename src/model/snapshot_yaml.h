/* SPDX-License-Identifier: MIT */
/*
 * snapshot_yaml.h - save and load a snapshot as YAML (libyaml), lossless.
 *
 * Format: a mapping whose keys are the field names of struct rs_snapshot
 * (snapshot.h); nested structs are mappings; an array with its count is a
 * sequence under the array's name (the count is not written); a counter set
 * is {ts_ns: N, values: {name: value, ...}} in reading order; enum
 * rs_gid_type is its sysfs text ("RoCE v2", "IB/RoCE v1", "unknown");
 * RS_MEMLOCK_UNLIMITED is the string "unlimited".  Unknown keys, wrong
 * types, and a version newer than RS_SNAPSHOT_VERSION are errors.
 *
 * A file ends with an explicit "..." (the writer's last line): the file
 * loader requires it, so a copy cut short is an error, not a smaller host.
 * A loaded snapshot must also make sense (snapshot_check.h: no two devices
 * of one name, no GID index past its table, a real taken_at).
 *
 * Errors fill err with "NAME:LINE:COLUMN: what" (1-based; "NAME: what" for
 * the meaning checks) and return -EINVAL (or -errno for I/O); the snapshot
 * is then left empty, never half-filled.
 */
#ifndef RS_SNAPSHOT_YAML_H
#define RS_SNAPSHOT_YAML_H

#include <stdio.h>

#include "snapshot.h"

int rs_snapshot_save_yaml(const struct rs_snapshot *s, FILE *f, char *err, size_t errlen);
/*
 * Write a unique PATH.tmp-XXXXXXXX beside PATH, fsync, rename over it,
 * fsync the directory: an old file is never lost, concurrent saves never
 * tear (snapshot_file.c).  A symlink at PATH is refused, never followed,
 * and so are the names util_out.h refuses.
 */
int rs_snapshot_save_file(const struct rs_snapshot *s, const char *path, char *err, size_t errlen);

#define RS_LOAD_NEED_END 0x1	/* the document must end with "...": it was not cut */
/* Text of a snapshot; name is for messages.  flags: RS_LOAD_*. */
int rs_snapshot_load_text(struct rs_snapshot *s, const char *buf, size_t len,
			  const char *name, unsigned flags, char *err, size_t errlen);
/* The same without flags: text the program holds whole (the demo, tests). */
int rs_snapshot_load_yaml(struct rs_snapshot *s, const char *buf, size_t len,
			  const char *name, char *err, size_t errlen);
/* A file, with RS_LOAD_NEED_END. */
int rs_snapshot_load_file(struct rs_snapshot *s, const char *path, char *err, size_t errlen);
/*
 * The bytes of arrays one load may allocate (512 MiB), counted as
 * allocated (an array's room, not only its elements): a file that asks
 * for more is "too many elements".  Set another bound for the loads that
 * follow and get the old one back (tests; 0 restores the default).
 */
size_t rs_snapshot_load_budget(size_t bytes);

#endif
