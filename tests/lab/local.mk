# SPDX-License-Identifier: MIT
# The Soft-RoCE lab (docs/lab.md): a Debian kernel under QEMU whose rdma_rxe
# turns a veth pair into two real RoCE v2 devices.  Not part of `make check`
# (it downloads ~90 MB of .debs once and boots a VM); CI runs `make check-lab`
# after the unit tests.
# One file per line: branches that add a lab test each add one line.
RS_LAB_FILES = tests/lab/run.sh tests/lab/build-image.sh tests/lab/soname-check.sh
RS_LAB_FILES += tests/lab/guest/init tests/lab/guest/setup.sh
RS_LAB_FILES += tests/lab/guest/faults.sh tests/lab/guest/tap.sh
RS_LAB_FILES += tests/lab/guest/console.sh
RS_LAB_FILES += tests/lab/guest/rdma_res.sh
RS_LAB_FILES += tests/lab/guest/pair.sh
RS_LAB_FILES += tests/lab/guest/matrix.sh
RS_LAB_FILES += tests/lab/pair/10-pair.sh
RS_LAB_FILES += tests/lab/pair/20-matrix.sh
RS_LAB_FILES += tests/lab/pair/25-matrix.sh
RS_LAB_FILES += tests/lab/pair/30-probes.sh
RS_LAB_FILES += tests/lab/tests/00-boot.sh
RS_LAB_FILES += tests/lab/tests/10-traffic.sh
RS_LAB_FILES += tests/lab/tests/20-rocescope.sh
RS_LAB_FILES += tests/lab/tests/30-faults.sh
RS_LAB_FILES += tests/lab/tests/35-explain.sh
RS_LAB_FILES += tests/lab/tests/40-console.sh
RS_LAB_FILES += tests/lab/tests/45-trees.sh
RS_LAB_FILES += tests/lab/tests/47-check-verdicts.sh
RS_LAB_FILES += tests/lab/tests/50-capture.sh
RS_LAB_FILES += tests/lab/tests/50-probes.sh
RS_LAB_FILES += tests/lab/tests/52-console-capture.sh
RS_LAB_FILES += tests/lab/tests/60-perf.sh
RS_LAB_FILES += tests/lab/tests/62-perf-faults.sh
RS_LAB_FILES += tests/lab/tests/64-perf-bench.sh
RS_LAB_FILES += tests/lab/tests/66-console-tests.sh
RS_LAB_FILES += tests/lab/tests/68-resources.sh
RS_LAB_FILES += tests/lab/tests/70-qps.sh
RS_LAB_FILES += tests/lab/tests/72-fix.sh
EXTRA_DIST += $(RS_LAB_FILES)

.PHONY: check-lab
check-lab: rocescope$(EXEEXT) tests/probe_cli$(EXEEXT) tests/rdma_nl_record$(EXEEXT)
	$(SHELL) $(top_srcdir)/tests/lab/run.sh --rocescope $(abs_top_builddir)/rocescope$(EXEEXT) \
		--bin $(abs_top_builddir)/tests/probe_cli$(EXEEXT) \
		--bin $(abs_top_builddir)/tests/rdma_nl_record$(EXEEXT) $(RS_LAB_TESTS)

# `make bench-lab`: rocescope bw/lat next to ib_write_bw/ib_write_lat on the
# rxe pair (tests/lab/tests/64-perf-bench.sh, also part of check-lab);
# figures and ratios printed, no speed asserted.
.PHONY: bench-lab
bench-lab: rocescope$(EXEEXT)
	$(SHELL) $(top_srcdir)/tests/lab/run.sh --rocescope $(abs_top_builddir)/rocescope$(EXEEXT) 64-perf-bench.sh
