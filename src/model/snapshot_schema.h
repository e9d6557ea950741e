/* SPDX-License-Identifier: MIT */
/*
 * snapshot_schema.h - a table describing every field of the snapshot, for
 * the YAML writer and reader (internal to src/model/).
 *
 * Save and load both walk this one description, so they cannot drift apart:
 * a field added to snapshot.h and to its table here is written and read with
 * no other change.  The table macros check each member's C type at compile
 * time (_Generic), so a field whose type changes in snapshot.h breaks the
 * build instead of the file format.
 */
#ifndef RS_SNAPSHOT_SCHEMA_H
#define RS_SNAPSHOT_SCHEMA_H

#include <stddef.h>
#include <stdint.h>

#include "model/name_index.h"
#include "snapshot.h"

enum rs_ft {
	RS_FT_VERSION,		/* int, 1..RS_SNAPSHOT_VERSION */
	RS_FT_INT,
	RS_FT_BOOL,		/* int holding 0 or 1 */
	RS_FT_UINT,
	RS_FT_ULONG,
	RS_FT_U64,
	RS_FT_MEMLOCK,		/* uint64_t, RS_MEMLOCK_UNLIMITED is "unlimited" */
	RS_FT_DOUBLE,		/* finite: NaN and infinities are never a reading */
	RS_FT_STR,		/* char[size], NUL-terminated */
	RS_FT_TIME,		/* char[size]: "" or a UTC time "YYYY-MM-DDTHH:MM:SSZ" */
	RS_FT_GID_TYPE,		/* enum rs_gid_type as its sysfs text */
	RS_FT_AREA,		/* enum rs_area as "rdma", "net", "host" */
	RS_FT_STRUCT,		/* nested struct, described by sub */
	RS_FT_ARRAY,		/* pointer + size_t count, elements described by sub */
	RS_FT_COUNTERS,		/* struct rs_counter_set */
};

struct rs_schema;

/*
 * What the kernel can report for a numeric field: a value read outside it
 * is a load error naming the field (the loader's file:line:col).  min and
 * max bound it (an integer's value as a double); ok, when set, must also
 * accept it (a PCIe speed is one of the kernel's, not any number between);
 * zero (unknown) passes when zero_unknown is set.  text says it in the
 * message: "-1 (none) or 0..4095".
 */
struct rs_range {
	double min, max;
	int (*ok)(double v);
	int zero_unknown;
	const char *text;
};

struct rs_field {
	const char *name;		/* the YAML key: the C member name */
	enum rs_ft type;
	size_t off;			/* offsetof the member */
	size_t size;			/* STR: buffer size; ARRAY: element size */
	size_t count_off;		/* ARRAY: offsetof the size_t count */
	const struct rs_schema *sub;	/* STRUCT, ARRAY */
	int def;			/* INT, BOOL: value of a new array element */
	const struct rs_range *range;	/* numbers: NULL, the whole C type */
};

struct rs_schema {
	const char *name;		/* for messages: "host", "port", ... */
	const struct rs_field *fields;
	size_t n_fields;		/* at most 64 (duplicate-key bit mask) */
	/*
	 * What an element of an array of this struct must mean beside its
	 * siblings (snapshot_check.h), run by the reader once element idx of
	 * elems is read whole; 0, or -EINVAL with why.  NULL: nothing.  seen
	 * is the check's own index of the array's earlier elements (empty at
	 * the array's start, freed at its end), so a check stays linear.
	 */
	int (*check)(const void *elems, size_t idx, struct rs_nidx *seen, char *why,
		     size_t len);
};

extern const struct rs_schema rs_snapshot_schema;

/* Set the non-zero defaults (def) of a freshly zeroed struct. */
void rs_schema_defaults(const struct rs_schema *sc, void *base);

#endif
