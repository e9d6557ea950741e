/* SPDX-License-Identifier: MIT */
/*
 * crc32.h - CRC-32 (zlib / Ethernet polynomial, reflected), a utility:
 * the capture's ICRC and the recording's record checksums both use it.
 * Thread-safe after the first call (its tables are built once).
 */
#ifndef RS_CRC32_H
#define RS_CRC32_H

#include <stddef.h>
#include <stdint.h>

/*
 * crc is the running value as zlib's crc32() takes and returns it (0 to
 * start): rs_crc32(rs_crc32(0, a, n), b, m) is the CRC of a then b.
 */
uint32_t rs_crc32(uint32_t crc, const void *buf, size_t len);

#endif
