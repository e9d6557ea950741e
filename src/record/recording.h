/* SPDX-License-Identifier: MIT */
/*
 * recording.h - a recording of a host's counters over time: writing one
 * sample after another, loading a file back, and the state at any sample
 * (docs/recording.md has the format, version RS_REC_VERSION).
 *
 * A recording is one append-only file: the magic, then self-checking
 * records (record/codec.h).  The host's snapshot comes first (YAML, its
 * counter sets emptied), then a schema (every counter set of every port
 * and link, with the counter names, in the snapshot's order), then one
 * sample per reading: for each set, the counters that changed, as varint
 * differences from the previous sample.  A new schema comes when the sets
 * or names change (a driver reload, a hot-plug), a new host record when
 * anything but the counters changed (a link went down, an address
 * moved), a findings record when the problems the checks report change.
 *
 * Loading never trusts the bytes: a file cut anywhere loads up to its last
 * complete sample and says it was cut; after a damaged record the load
 * finds the next record by its marker and goes on from the next key
 * sample (a sample of whole values, every RS_REC_KEY_EVERY samples),
 * saying where the damage is and how many samples it cost; no sample is
 * ever made up.  Pure: no I/O but reading the file whole in
 * rs_rec_load_file().
 */
#ifndef RS_RECORD_RECORDING_H
#define RS_RECORD_RECORDING_H

#include <stddef.h>
#include <stdint.h>

#include "finding.h"
#include "model/counter_groups.h"
#include "record/codec.h"
#include "snapshot.h"

#define RS_REC_VERSION 2
#define RS_REC_KEY_EVERY 64		/* samples from one key sample to the next */
#define RS_REC_MAGIC "RSREC\n"		/* then the version, u16 LE */
#define RS_REC_MAGIC_LEN 8

/* Record types. */
enum {
	RS_REC_HOST = 'H',		/* the snapshot (YAML, counters emptied) */
	RS_REC_SCHEMA = 'S',		/* counter sets and names of the samples that follow */
	RS_REC_SAMPLE = 'D',		/* one reading, as changes from the sample before */
	RS_REC_KEY = 'K',		/* one reading, whole: where a reader can start */
	RS_REC_FINDINGS = 'F',		/* the problems of the checks at the last sample */
	RS_REC_END = 'E',		/* the recording was closed, not cut */
	RS_REC_QPS = 'Q',		/* queue pairs, their owners, NIC readings (qps.c) */
};

/* Flags of one set in a sample. */
#define RS_RSET_NO_TS	0x01		/* the reading has no timestamp (0) */
#define RS_RSET_SAME	0x02		/* no counter changed: no bitmap follows */
#define RS_RSET_GONE	0x04		/* its device is gone (values are the last seen) */
#define RS_RSET_STATE	0x08		/* port sets: the port's state follows */
#define RS_RSET_KNOWN	0x0f

/* Which counter set: a port's counters/ or hw_counters/, a link's. */
struct rs_rec_key {
	enum rs_corigin origin;
	char object[RS_NAME_LEN];	/* device, or netdev */
	unsigned port;			/* 0 for a netdev's sets */
};

/* A problem the checks reported (warn or fail), as recorded. */
struct rs_rec_finding {
	char id[RS_NAME_LEN];
	enum rs_verdict verdict;
	enum rs_object_kind kind;
	char object[RS_TEXT_LEN];
	char device[RS_NAME_LEN];
	unsigned port;
	char netdev[RS_NAME_LEN];
	char addr[RS_ADDR_LEN];
	unsigned count;
	char summary[RS_FINDING_LEN];
};

/* ------------------------------------------------------------ writing */

struct rs_rec_wset;

struct rs_rec_writer {
	struct rs_buf out;		/* encoded and not yet taken by the caller */
	struct rs_rec_wset *sets;	/* the schema in effect */
	size_t n_sets;
	int have_schema;
	uint64_t prev_ts;		/* of the last sample */
	unsigned long samples;		/* written: the next sample's number */
	unsigned long schemas, hosts, flists;	/* records written: the next one's number */
	unsigned long flists_at_key;	/* flists after the list that follows the last key */
	unsigned since_key;		/* samples since the last key sample */
	int64_t ts_shift;		/* added to every reading time (appending) */
	uint64_t host_hash;		/* of the last host record's YAML */
	struct rs_rec_finding *findings;	/* the problems last written */
	size_t n_findings;
	int have_findings;
	uint64_t qps_hash;		/* of the last 'Q' record's state */
	int have_qps;
};

void rs_rec_writer_init(struct rs_rec_writer *w);
void rs_rec_writer_free(struct rs_rec_writer *w);
/* The magic and the first host record.  wall_ns: CLOCK_REALTIME now. */
int rs_rec_write_begin(struct rs_rec_writer *w, const struct rs_snapshot *snap,
		       const char *label, uint64_t wall_ns, char *err, size_t errlen);
/* A host record, when anything but the counters changed since the last. */
int rs_rec_write_host(struct rs_rec_writer *w, const struct rs_snapshot *snap,
		      const char *label, uint64_t wall_ns, char *err, size_t errlen);
/* One sample of every counter set of snap (a schema first when needed). */
void rs_rec_write_sample(struct rs_rec_writer *w, const struct rs_snapshot *snap);
/* The problems (warn, fail) among f[0..count), when they changed since the last. */
void rs_rec_write_findings(struct rs_rec_writer *w, const struct rs_finding *f, size_t count);
void rs_rec_write_end(struct rs_rec_writer *w);
/* The QPs, processes and NIC readings of snap after the last sample, when
 * they changed (qps.c); the host record's YAML leaves them out. */
void rs_rec_write_qps(struct rs_rec_writer *w, const struct rs_snapshot *snap);
/* Take those parts out of a shallow copy of a snapshot (its own device
 * and link arrays) before its YAML is written. */
void rs_rec_strip_dynamic(struct rs_snapshot *copy);

struct rs_recording;
/*
 * Go on writing the recording r (loaded from the file the writer's bytes
 * will be appended to): when it is of this format, of the same host (its
 * last host record has label and snap's host name) and of the same
 * counters (its last schema is snap's), the writer numbers on from it and
 * shifts the reading times onto its clock, so the samples follow at their
 * true wall time (now: wall_ns); the first sample is a key sample after a
 * host and a schema.  0, or -EINVAL with why.
 */
int rs_rec_writer_continue(struct rs_rec_writer *w, const struct rs_recording *r,
			   const struct rs_snapshot *snap, const char *label, uint64_t wall_ns,
			   char *why, size_t len);

/* ------------------------------------------------------------ reading */

struct rs_rec_set {
	struct rs_rec_key key;
	size_t first, n;		/* its counters in the schema's flat arrays */
};

struct rs_rec_schema {
	unsigned long num;		/* its number in the file (the writer's count) */
	struct rs_rec_set *sets;
	size_t n_sets;
	char (*names)[RS_NAME_LEN];	/* every counter, set after set */
	unsigned *gid;			/* each counter's id in rs_recording.ctrs */
	size_t n;
};

/* A counter anywhere in the recording (the same set and name in two
 * schemas is one counter). */
struct rs_rec_counter {
	struct rs_rec_key key;
	char name[RS_NAME_LEN];
	const struct rs_counter_class *cls;
	unsigned scale;
};

struct rs_rec_sample {
	size_t frame;			/* where its record starts */
	size_t off, len;		/* its body in the file (from the time step on) */
	unsigned schema, host;
	long findings;			/* the findings record in effect, -1 none */
	uint64_t ts;			/* ns, the recorder's clock */
	uint64_t num;			/* its number as written (0, 1, ...) */
	int key;			/* whole values: decoded from nothing */
};

struct rs_rec_host {
	unsigned long num;		/* its number in the file */
	size_t off, len;		/* its payload */
	uint64_t wall_ns;		/* CLOCK_REALTIME when it was written */
	size_t from;			/* the first sample it describes */
	char label[RS_TEXT_LEN];	/* the source recorded: "live", "demo" ... */
};


/* A 'Q' record: the sample it follows and its state's bytes in the file. */
struct rs_rec_qrec {
	size_t sample;
	size_t off, len;
};

struct rs_rec_flist {
	unsigned long num;		/* its number in the file */
	size_t sample;			/* the sample it was written after */
	struct rs_rec_finding *items;
	size_t n;
};

/* Everything one sample says, decoded (for its schema). */
struct rs_rec_state {
	unsigned schema;
	uint64_t ts;
	uint64_t *values;		/* schema->n */
	uint64_t *set_ts;		/* per set */
	unsigned char *flags;		/* per set: RS_RSET_NO_TS, RS_RSET_GONE */
	int *state, *phys;		/* per set (port sets), 0 unknown */
	char (*state_name)[RS_NAME_LEN], (*phys_name)[RS_NAME_LEN];
};

/* Where a counter started to rise: the delta was 0 before this sample. */
struct rs_rec_mark {
	size_t sample;
	unsigned gid;
};

struct rs_rec_ckpt;

enum rs_rec_tail {
	RS_REC_ENDED,			/* closed by its recorder */
	RS_REC_OPEN,			/* ends after a whole record: still being written, or killed */
	RS_REC_CUT,			/* ends inside a record: a crash or a copy in progress */
	RS_REC_DAMAGED,			/* ends in damage: no whole record after it */
};

/* Bytes that are not a sound record, or records that could not be used. */
struct rs_rec_damage {
	size_t off, len;		/* in the file */
	char why[64];
};
#define RS_REC_MAX_DAMAGE 1000		/* places kept (all are counted) */

#define RS_REC_BUCKETS 120		/* slices of the whole-run overview, at most */
#define RS_REC_NO_DATA (-1.0f)		/* an overview slice no rate fell in */
#define RS_REC_MAX_MARKS 100000

struct rs_recording {
	unsigned char *data;
	size_t len;
	unsigned version;
	struct rs_rec_host *hosts;
	size_t n_hosts;
	struct rs_rec_schema *schemas;
	size_t n_schemas;
	struct rs_rec_sample *samples;
	size_t n_samples;
	struct rs_rec_counter *ctrs;
	size_t n_ctrs;
	struct rs_rec_flist *findings;
	size_t n_findings;
	struct rs_rec_qrec *qrecs;	/* by sample */
	size_t n_qrecs;
	struct rs_rec_ckpt *ckpts;
	size_t n_ckpts;
	struct rs_rec_mark *marks;	/* by sample */
	size_t n_marks;
	float *overview;		/* n_ctrs x RS_REC_BUCKETS: highest rate per bucket */
	unsigned n_buckets;		/* slices used: fewer for a run of fewer samples */
	enum rs_rec_tail tail;
	size_t tail_off;		/* where a cut or damaged record starts */
	char tail_why[RS_MSG_LEN];
	struct rs_rec_damage *damage;	/* every damaged place, in file order */
	size_t n_damage, damaged;	/* kept, and all of them */
	uint64_t lost;			/* samples written but not loaded (at least) */
};

/* Load a recording from memory (copied) or a file.  A cut tail or damage
 * is not an error (tail and damage say it); no sample at all is
 * (-ENODATA), and so is anything that is not a recording (-EINVAL). */
int rs_rec_load_mem(struct rs_recording *r, const void *p, size_t len, char *err,
		    size_t errlen);
int rs_rec_load_file(struct rs_recording *r, const char *path, char *err, size_t errlen);
void rs_rec_free(struct rs_recording *r);
/* "ended", "still being written or killed", "cut at byte N (...)",
 * "damaged at byte N (...)" */
void rs_rec_tail_text(const struct rs_recording *r, char *buf, size_t len);
/* "" when nothing was damaged, else "damaged at byte N (why) and in 2
 * more places: 17 samples skipped" */
void rs_rec_damage_text(const struct rs_recording *r, char *buf, size_t len);

/* Seconds from the first sample to sample k; wall clock of sample k. */
double rs_rec_offset_s(const struct rs_recording *r, size_t k);
uint64_t rs_rec_wall_ns(const struct rs_recording *r, size_t k);
/* The last sample at or before offset_s from the start. */
size_t rs_rec_at_offset(const struct rs_recording *r, double offset_s);
/* The first mark after sample k (dir > 0) or the last before it (dir < 0):
 * its index in r->marks, or -1. */
long rs_rec_mark_near(const struct rs_recording *r, size_t k, int dir);
/* The findings in effect at sample k, or NULL. */
const struct rs_rec_flist *rs_rec_findings_at(const struct rs_recording *r, size_t k);
/* The whole-run overview of counter gid (n_buckets values: the highest
 * rate in each slice of the run's time, RS_REC_NO_DATA where no sample
 * fell), and the bucket sample k falls in. */
const float *rs_rec_overview(const struct rs_recording *r, unsigned gid);
unsigned rs_rec_bucket(const struct rs_recording *r, size_t k);

/* ---------------------------------------------------- state at a sample */

/* Per counter id: what the totals and the marks need across schemas. */
struct rs_rec_acc {
	uint64_t *total;		/* scaled increase since the first sample */
	uint64_t *last;			/* raw value at its last reading */
	uint64_t *last_ts;		/* and that reading's time */
	unsigned char *seen, *rising;
};

struct rs_rec_cursor {
	const struct rs_recording *rec;
	size_t k;			/* the sample st holds */
	int valid;
	struct rs_rec_state st;
	struct rs_rec_acc acc;		/* acc.total[gid]: scaled increase up to k */
};

void rs_rec_cursor_init(struct rs_rec_cursor *c, const struct rs_recording *r);
void rs_rec_cursor_free(struct rs_rec_cursor *c);
/* Decode sample k (from the nearest checkpoint).  0 or -EINVAL. */
int rs_rec_seek(struct rs_rec_cursor *c, size_t k);
/* The sample after the cursor's.  0, or -ERANGE at the end. */
int rs_rec_next(struct rs_rec_cursor *c);
/* The snapshot of host record h (counters empty). */
int rs_rec_host_snapshot(const struct rs_recording *r, unsigned h, struct rs_snapshot *snap,
			 char *err, size_t errlen);
/* Put the cursor's counter values, timestamps and port states into snap
 * (a snapshot of the cursor's host record).  Sets snap lacks are skipped. */
void rs_rec_apply(const struct rs_rec_cursor *c, struct rs_snapshot *snap);
/* Index a 'Q' record while loading (qps.c): 0 or -EINVAL. */
int rs_rec_index_qps(struct rs_recording *r, const struct rs_frame *f);
/* The QPs, processes and NIC readings in effect at sample k into snap
 * (devices and links by name).  0, or -EINVAL for a record that does not
 * decode (what decoded is kept). */
int rs_rec_apply_qps(const struct rs_recording *r, size_t k, struct rs_snapshot *snap);

#endif
