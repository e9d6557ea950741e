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
 * Errors fill err with "NAME:LINE:COLUMN: what" (1-based) and return -EINVAL
 * (or -errno for I/O); the snapshot is then left empty, never half-filled.
 */
#ifndef RS_SNAPSHOT_YAML_H
#define RS_SNAPSHOT_YAML_H

#include <stdio.h>

#include "snapshot.h"

int rs_snapshot_save_yaml(const struct rs_snapshot *s, FILE *f, char *err, size_t errlen);
/* Writes PATH.tmp then renames it over PATH: an old file is never lost. */
int rs_snapshot_save_file(const struct rs_snapshot *s, const char *path, char *err, size_t errlen);
int rs_snapshot_load_yaml(struct rs_snapshot *s, const char *buf, size_t len,
			  const char *name, char *err, size_t errlen);
int rs_snapshot_load_file(struct rs_snapshot *s, const char *path, char *err, size_t errlen);

#endif
