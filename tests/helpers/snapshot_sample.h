/* SPDX-License-Identifier: MIT */
/*
 * snapshot_sample.h - test helpers: a snapshot with every field set to a
 * non-default value, and a deep comparison that does not use the YAML schema
 * (so a field the schema forgot shows up as a difference).
 */
#ifndef RS_TEST_SNAPSHOT_SAMPLE_H
#define RS_TEST_SNAPSHOT_SAMPLE_H

#include <stddef.h>

#include "snapshot.h"

void rs_sample_fill(struct rs_snapshot *s);
/* 0 when equal; else fills why with the first difference. */
int rs_sample_compare(const struct rs_snapshot *a, const struct rs_snapshot *b,
		      char *why, size_t len);
/* 1 when s holds nothing but what rs_snapshot_init() sets. */
int rs_sample_is_empty(const struct rs_snapshot *s);
/* Save s to a malloc'd NUL-terminated string (aborts the test on error). */
char *rs_sample_save_string(const struct rs_snapshot *s, size_t *len);

#endif
