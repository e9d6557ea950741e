/* SPDX-License-Identifier: MIT */
/*
 * probe_text.h - a probe result as "key value" lines, for the tests:
 * tests/probe_cli prints a result this way (the namespace and lab tests
 * assert on the lines) and reads its --fork child's back; test_probe
 * checks the round trip.  The program itself moves results as the struct
 * (src/probe/probe.h).
 */
#ifndef RS_TESTS_PROBE_TEXT_H
#define RS_TESTS_PROBE_TEXT_H

#include "probe/probe.h"

#include <stdio.h>

/* "open", "refused", "timeout", "unreachable", "" */
const char *rs_tcp_state_name(enum rs_tcp_state s);

/*
 * Visit the fields that mean something for res->kind, in a fixed order, as
 * (key, text value): the common ones, then the kind's.  Values are raw (not
 * escaped).  The callback returns 0 to go on.
 */
typedef int (*rs_probe_field_fn)(const char *key, const char *value, void *arg);
int rs_probe_result_fields(const struct rs_probe_result *res, rs_probe_field_fn fn, void *arg);
/*
 * "key value" lines, one per field ("key" alone when the value is empty),
 * control characters and backslashes escaped as \xNN: one line per field
 * whatever a string holds.  Returns 0 or -errno of the write.
 */
int rs_probe_result_write(const struct rs_probe_result *res, FILE *f);
/*
 * Read what rs_probe_result_write() printed (a whole buffer, NUL-terminated)
 * back into res.  Unknown keys are an error (-EINVAL, line number in why),
 * so a child and a parent of different builds cannot silently disagree.
 */
int rs_probe_result_parse(struct rs_probe_result *res, const char *text, char *why, size_t len);

#endif
