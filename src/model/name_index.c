/* SPDX-License-Identifier: MIT */
/*
 * name_index.c - the hash index of name_index.h: linear probing, the hash
 * kept in each slot so that growing needs no key and a probe compares a
 * key only when the hashes match.
 */
#include "model/name_index.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define MIN_CAP 16

void rs_nidx_init(struct rs_nidx *x)
{
	x->slot = NULL;
	x->cap = x->n = 0;
}

void rs_nidx_free(struct rs_nidx *x)
{
	free(x->slot);
	rs_nidx_init(x);
}

void rs_nidx_clear(struct rs_nidx *x)
{
	if (x->slot)
		memset(x->slot, 0, x->cap * sizeof(*x->slot));
	x->n = 0;
}

uint32_t rs_nidx_hash(const char *s, uint32_t h)
{
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

uint32_t rs_nidx_hash_u32(uint32_t v, uint32_t h)
{
	for (int i = 0; i < 4; i++, v >>= 8)
		h = (h ^ (v & 0xff)) * 16777619u;
	return h;
}

long rs_nidx_find(const struct rs_nidx *x, uint32_t h, rs_nidx_eq_fn eq, const void *arr,
		  const void *key)
{
	size_t mask = x->cap - 1;

	if (!x->n)
		return -1;
	for (size_t i = h & mask; x->slot[i].idx1; i = (i + 1) & mask)
		if (x->slot[i].hash == h && eq(arr, x->slot[i].idx1 - 1, key))
			return (long)x->slot[i].idx1 - 1;
	return -1;
}

static void put(struct rs_nidx_slot *slot, size_t cap, uint32_t h, uint32_t idx1)
{
	size_t i = h & (cap - 1);

	while (slot[i].idx1)
		i = (i + 1) & (cap - 1);
	slot[i].hash = h;
	slot[i].idx1 = idx1;
}

/* At most half full: room for one more. */
static void grow(struct rs_nidx *x)
{
	size_t cap = x->cap ? x->cap * 2 : MIN_CAP;
	struct rs_nidx_slot *slot;

	if ((x->n + 1) * 2 <= x->cap)
		return;
	slot = rs_xcalloc(cap, sizeof(*slot));
	for (size_t i = 0; i < x->cap; i++)
		if (x->slot[i].idx1)
			put(slot, cap, x->slot[i].hash, x->slot[i].idx1);
	free(x->slot);
	x->slot = slot;
	x->cap = cap;
}

void rs_nidx_add(struct rs_nidx *x, uint32_t h, size_t idx)
{
	if (idx >= UINT32_MAX)
		rs_die("name index: more than %u elements", UINT32_MAX - 1);
	grow(x);
	put(x->slot, x->cap, h, (uint32_t)(idx + 1));
	x->n++;
}

static int str_eq(const void *arr, size_t idx, const void *key)
{
	const struct rs_nidx_strs *a = arr;

	return !strcmp(a->arr + idx * a->stride + a->off, key);
}

long rs_nidx_find_str(const struct rs_nidx *x, const struct rs_nidx_strs *a, const char *key)
{
	return rs_nidx_find(x, rs_nidx_hash(key, RS_NIDX_SEED), str_eq, a, key);
}

int rs_nidx_add_str(struct rs_nidx *x, const struct rs_nidx_strs *a, size_t idx, size_t *dup)
{
	const char *key = a->arr + idx * a->stride + a->off;
	uint32_t h = rs_nidx_hash(key, RS_NIDX_SEED);
	long at = rs_nidx_find(x, h, str_eq, a, key);

	if (at >= 0) {
		if (dup)
			*dup = (size_t)at;
		return -1;
	}
	rs_nidx_add(x, h, idx);
	return 0;
}
