/* SPDX-License-Identifier: MIT */
/*
 * name_index.h - find an element of an array by its key in constant time:
 * an open-addressing hash table of indexes into an array the caller owns.
 *
 * A snapshot may hold tens of thousands of devices, links or counter sets,
 * and every "is there one named X" answered by walking the array makes the
 * step that asks it quadratic (the loader's uniqueness checks, the checks'
 * "is this an RDMA netdev", the series' set of a port).  The index keeps
 * only (hash, index) pairs: the keys stay in the caller's array, which may
 * move (realloc) between calls; the caller says how to hash a key and how
 * to compare one with element i.  A string key in a struct at a fixed
 * offset has helpers (rs_nidx_*_str).  The table is at most half full, so
 * a lookup compares with one or two elements on average.
 */
#ifndef RS_NAME_INDEX_H
#define RS_NAME_INDEX_H

#include <stddef.h>
#include <stdint.h>

struct rs_nidx_slot {
	uint32_t hash;
	uint32_t idx1;		/* element index + 1; 0: empty */
};

struct rs_nidx {
	struct rs_nidx_slot *slot;
	size_t cap;		/* a power of two, 0 before the first add */
	size_t n;
};

/* 1 when element idx of arr has key. */
typedef int (*rs_nidx_eq_fn)(const void *arr, size_t idx, const void *key);

void rs_nidx_init(struct rs_nidx *x);
void rs_nidx_free(struct rs_nidx *x);
/* Forget every element, keep the memory. */
void rs_nidx_clear(struct rs_nidx *x);

/* FNV-1a of s, continuing from h (start with RS_NIDX_SEED). */
#define RS_NIDX_SEED 2166136261u
uint32_t rs_nidx_hash(const char *s, uint32_t h);
uint32_t rs_nidx_hash_u32(uint32_t v, uint32_t h);

/* The index of the element with hash h that eq() says has key, or -1. */
long rs_nidx_find(const struct rs_nidx *x, uint32_t h, rs_nidx_eq_fn eq, const void *arr,
		  const void *key);
/* Add element idx (hash h); the caller knows no element has its key. */
void rs_nidx_add(struct rs_nidx *x, uint32_t h, size_t idx);

/*
 * Keys that are strings at offset off of elements stride bytes apart
 * (arr points to the first element, wherever the array is now).
 */
struct rs_nidx_strs {
	const char *arr;
	size_t stride, off;
};

long rs_nidx_find_str(const struct rs_nidx *x, const struct rs_nidx_strs *a, const char *key);
/* Add element idx under its own key; -1 when an element already has that
 * key (then its index is in *dup), 0 when added. */
int rs_nidx_add_str(struct rs_nidx *x, const struct rs_nidx_strs *a, size_t idx, size_t *dup);

#endif
