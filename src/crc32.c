/* SPDX-License-Identifier: MIT */
/*
 * crc32.c - CRC-32, the zlib / Ethernet polynomial (crc32.h).
 *
 * Two users: the RoCE ICRC of every captured packet (capture/icrc.c) and
 * the checksums of a recording's records (record/codec.c).  Speed matters
 * (every byte of every packet goes through here): on x86-64 with
 * PCLMULQDQ the bulk is folded 64 bytes at a time with carry-less
 * multiplication (Gopal et al., "Fast CRC Computation for Generic
 * Polynomials Using PCLMULQDQ Instruction", Intel 2009; the constants for
 * the reflected polynomial 0xEDB88320 are the paper's); elsewhere slicing
 * by 8 tables.  Both are checked against the bit-wise definition in the
 * tests.
 */
#include "crc32.h"

#include <stdint.h>

#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define RS_CRC_CLMUL 1
#include <cpuid.h>
#include <immintrin.h>
#endif

static uint32_t tab[8][256];
static int tab_ready;
#ifdef RS_CRC_CLMUL
static int have_clmul = -1;
#endif

static void tab_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;

		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		tab[0][i] = c;
	}
	for (uint32_t i = 0; i < 256; i++)
		for (int t = 1; t < 8; t++)
			tab[t][i] = (tab[t - 1][i] >> 8) ^ tab[0][tab[t - 1][i] & 0xff];
	tab_ready = 1;
}

/* The register (not complemented) over len bytes, 8 at a time. */
static uint32_t crc_slice8(uint32_t c, const uint8_t *p, size_t len)
{
	while (len && ((uintptr_t)p & 7)) {
		c = tab[0][(c ^ *p++) & 0xff] ^ (c >> 8);
		len--;
	}
	while (len >= 8) {
		uint32_t lo, hi;

		memcpy(&lo, p, 4);
		memcpy(&hi, p + 4, 4);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		lo = __builtin_bswap32(lo);
		hi = __builtin_bswap32(hi);
#endif
		lo ^= c;
		c = tab[7][lo & 0xff] ^ tab[6][(lo >> 8) & 0xff] ^ tab[5][(lo >> 16) & 0xff] ^
		    tab[4][lo >> 24] ^ tab[3][hi & 0xff] ^ tab[2][(hi >> 8) & 0xff] ^
		    tab[1][(hi >> 16) & 0xff] ^ tab[0][hi >> 24];
		p += 8;
		len -= 8;
	}
	while (len--)
		c = tab[0][(c ^ *p++) & 0xff] ^ (c >> 8);
	return c;
}

#ifdef RS_CRC_CLMUL
/* Fold one 128-bit lane: x = x.lo * k.lo ^ x.hi * k.hi ^ y. */
__attribute__((target("pclmul,sse4.1")))
static inline __m128i fold(__m128i x, __m128i k, __m128i y)
{
	__m128i a = _mm_clmulepi64_si128(x, k, 0x00);
	__m128i b = _mm_clmulepi64_si128(x, k, 0x11);

	return _mm_xor_si128(_mm_xor_si128(a, b), y);
}

/* The register over len bytes, len >= 64 and a multiple of 16. */
__attribute__((target("pclmul,sse4.1")))
static uint32_t crc_clmul(uint32_t c, const uint8_t *p, size_t len)
{
	const __m128i k1k2 = _mm_set_epi64x(0x01c6e41596, 0x0154442bd4);
	const __m128i k3k4 = _mm_set_epi64x(0x00ccaa009e, 0x01751997d0);
	const __m128i k5k0 = _mm_set_epi64x(0, 0x0163cd6124);
	const __m128i poly = _mm_set_epi64x(0x01f7011641, 0x01db710641);
	const __m128i mask32 = _mm_setr_epi32(~0, 0, ~0, 0);
	__m128i x1, x2, x3, x4, t;

	x1 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)p), _mm_cvtsi32_si128((int)c));
	x2 = _mm_loadu_si128((const __m128i *)(p + 16));
	x3 = _mm_loadu_si128((const __m128i *)(p + 32));
	x4 = _mm_loadu_si128((const __m128i *)(p + 48));
	for (p += 64, len -= 64; len >= 64; p += 64, len -= 64) {
		x1 = fold(x1, k1k2, _mm_loadu_si128((const __m128i *)p));
		x2 = fold(x2, k1k2, _mm_loadu_si128((const __m128i *)(p + 16)));
		x3 = fold(x3, k1k2, _mm_loadu_si128((const __m128i *)(p + 32)));
		x4 = fold(x4, k1k2, _mm_loadu_si128((const __m128i *)(p + 48)));
	}
	x1 = fold(x1, k3k4, x2);
	x1 = fold(x1, k3k4, x3);
	x1 = fold(x1, k3k4, x4);
	for (; len >= 16; p += 16, len -= 16)
		x1 = fold(x1, k3k4, _mm_loadu_si128((const __m128i *)p));
	/* 128 -> 64 bits, then 64 -> 32 with Barrett reduction. */
	t = _mm_clmulepi64_si128(x1, k3k4, 0x10);
	x1 = _mm_xor_si128(_mm_srli_si128(x1, 8), t);
	t = _mm_srli_si128(x1, 4);
	x1 = _mm_clmulepi64_si128(_mm_and_si128(x1, mask32), k5k0, 0x00);
	x1 = _mm_xor_si128(x1, t);
	t = _mm_clmulepi64_si128(_mm_and_si128(x1, mask32), poly, 0x10);
	t = _mm_clmulepi64_si128(_mm_and_si128(t, mask32), poly, 0x00);
	x1 = _mm_xor_si128(x1, t);
	return (uint32_t)_mm_extract_epi32(x1, 1);
}

static int clmul_usable(void)
{
	unsigned a, b, c, d;

	if (have_clmul < 0)
		have_clmul = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_PCLMUL) && (c & bit_SSE4_1);
	return have_clmul;
}
#endif

uint32_t rs_crc32(uint32_t crc, const void *buf, size_t len)
{
	const uint8_t *p = buf;
	uint32_t c = ~crc;

	if (!tab_ready)
		tab_init();
#ifdef RS_CRC_CLMUL
	if (len >= 64 && clmul_usable()) {
		size_t bulk = len & ~(size_t)15;

		c = crc_clmul(c, p, bulk);
		p += bulk;
		len -= bulk;
	}
#endif
	return ~crc_slice8(c, p, len);
}
