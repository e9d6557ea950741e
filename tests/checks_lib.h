/* SPDX-License-Identifier: MIT */
/*
 * checks_lib.h - helpers of the cmocka tests of the checks (test_checks.c,
 * test_checks_unknown.c): run the checks on a snapshot, expect a finding
 * with a verdict, and build hand-made devices, ports and links.
 */
#ifndef RS_TEST_CHECKS_LIB_H
#define RS_TEST_CHECKS_LIB_H

#include "diag/check.h"
#include "model/series.h"
#include "snapshot.h"

/* The finding of check id about object (NULL: any); fails the test unless
 * it exists with verdict v. */
const struct rs_finding *rs_ct_get(const struct rs_findings *f, const char *id,
				   const char *object, enum rs_verdict v);
/* Run every check on s with no series and no parameters (f initialised here). */
void rs_ct_run(const struct rs_snapshot *s, struct rs_findings *f);
/* Update the series with s, then run counters.error_rising into f (emptied). */
void rs_ct_rising(struct rs_snapshot *s, struct rs_series *ser, struct rs_findings *f);
/* The bundled demo host into s (fails the test if it does not load). */
void rs_ct_demo(struct rs_snapshot *s);
/* A present device with a driver. */
struct rs_device *rs_ct_device(struct rs_snapshot *s, const char *name, const char *drv);
/* A port: state 4 is ACTIVE/LinkUp, any other DOWN/Disabled (names set). */
struct rs_port *rs_ct_port(struct rs_device *d, unsigned num, int state, const char *ll,
			   const char *netdev);
/* A link (not a VLAN) with its MTU. */
struct rs_link *rs_ct_link(struct rs_snapshot *s, const char *name, unsigned mtu);

#endif
