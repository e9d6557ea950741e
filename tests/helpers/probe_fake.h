/* SPDX-License-Identifier: MIT */
/*
 * probe_fake.h - the probes' test double: a canned struct rs_probe_result
 * per kind and scenario, without a network, for fixture tests of what
 * consumes probe results (the checks, the troubleshooting trees, the
 * Wizard pane).  Link tests/helpers/probe_fake.c into the test program.
 *
 * The values are those the real probes gave in the namespace tests
 * (tests/test_probe_net.sh, same addresses and interfaces: a0 10.77.0.1 ->
 * b0 10.77.0.2) and in the lab (rdma_cm "resolved"); the summary is made by
 * the real rs_probe_summarize(), so a fake and a real run of the same
 * facts read the same.  `tests/probe_cli --fake KIND SCENARIO` prints one,
 * `--fakes` lists them all.
 */
#ifndef RS_PROBE_FAKE_H
#define RS_PROBE_FAKE_H

#include "probe/probe.h"

/* 0 and *res filled, or -ENOENT for an unknown scenario of that kind. */
int rs_probe_fake(enum rs_probe_kind kind, const char *scenario, struct rs_probe_result *res);
/* The scenario names of a kind, NULL-terminated (static). */
const char *const *rs_probe_fake_scenarios(enum rs_probe_kind kind);

#endif
