# SPDX-License-Identifier: MIT
# Tests report TAP: cmocka programs through CMOCKA_MESSAGE_OUTPUT=TAP, shell
# tests print it themselves.  Exit 77 or "1..0 # SKIP why" skips with a reason.
LOG_DRIVER = env AM_TAP_AWK='$(AWK)' $(SHELL) $(top_srcdir)/build-aux/tap-driver.sh
AM_TESTS_ENVIRONMENT = \
	CMOCKA_MESSAGE_OUTPUT=TAP; export CMOCKA_MESSAGE_OUTPUT; \
	top_srcdir='$(abs_top_srcdir)'; export top_srcdir; \
	top_builddir='$(abs_top_builddir)'; export top_builddir; \
	ROCESCOPE='$(abs_top_builddir)/rocescope'; export ROCESCOPE; \
	RS_SANITIZERS='$(RS_SANITIZERS_BUILT)'; export RS_SANITIZERS;

# Built with --enable-sanitizers: valgrind-based checks skip (ASan and
# valgrind do not mix); ASan and UBSan check everything instead.
if RS_SANITIZERS
RS_SANITIZERS_BUILT = yes
else
RS_SANITIZERS_BUILT =
endif

# Every test program compiles against the core's headers and cmocka's and
# links the core and cmocka: automake's defaults for a program that names
# no flags of its own, so a test is one name below (tests/NAME.c) and only
# a test that really differs says more.  Helpers that several tests share
# are in tests/helpers/ (included as "tests/helpers/NAME.h", never to be
# taken for a part of src/); libFuzzer targets are in tests/fuzz/.
AM_CPPFLAGS += $(CMOCKA_CFLAGS) $(IBVERBS_CFLAGS) $(NL3_CFLAGS) $(YAML_CFLAGS) $(PCAP_CFLAGS)
LDADD = $(RS_CORE_LIBS) $(CMOCKA_LIBS)
RS_SAMPLE = tests/helpers/snapshot_sample.c tests/helpers/snapshot_sample.h
RS_CHECKS_LIB = tests/helpers/checks_lib.c tests/helpers/checks_lib.h
RS_CHECKS_CTX = tests/helpers/checks_ctx.c tests/helpers/checks_ctx.h
RS_PROBE_FAKE = tests/helpers/probe_fake.c tests/helpers/probe_fake.h \
	tests/helpers/probe_text.c tests/helpers/probe_text.h
RS_CRAFT = tests/helpers/craft.c tests/helpers/craft.h
RS_NL_BUILD = tests/helpers/nl_build.c tests/helpers/nl_build.h
EXTRA_DIST += tests/lib.sh tests/console_lib.sh

# Utilities: strings and files (src/util.h), opening outputs (src/util_out.h:
# links, shared and sticky directories), printf escaped for a terminal
# (src/termout.h), the route to a peer from a snapshot's routes, the JSON
# writer; every writer against names planted by another user.
check_PROGRAMS += tests/test_util tests/test_util_out tests/test_termout tests/test_route_resolve \
	tests/test_json
TESTS += tests/test_util tests/test_util_out tests/test_termout tests/test_route_resolve \
	tests/test_json tests/test_out_files.sh
EXTRA_DIST += tests/test_out_files.sh

# The console's text widths (ui/width.c): display columns, cuts, padding.
check_PROGRAMS += tests/test_ui_width
tests_test_ui_width_SOURCES = tests/test_ui_width.c ui/width.c ui/width.h src/fmtwalk.c src/fmtwalk.h
TESTS += tests/test_ui_width

# The GID recommendation; json_check and json_schema validate JSON in the
# shell tests (against the schemas docs/cli.md documents); the text-or-JSON
# printer of every view (src/print.h).
check_PROGRAMS += tests/test_gid_recommend tests/json_check tests/json_schema tests/test_print
TESTS += tests/test_gid_recommend tests/test_json_schema.sh tests/test_print
EXTRA_DIST += tests/test_json_schema.sh

# The demo host and the commands on it; escapes from sysfs, files,
# arguments and peers never reach the terminal raw; --peer on every source
# (route computed from a recording, this host, /128).
check_PROGRAMS += tests/test_demo
TESTS += tests/test_demo tests/test_cli.sh tests/test_cli_hostile.sh tests/test_console_hostile.sh \
	tests/test_cli_peer.sh
EXTRA_DIST += tests/test_cli.sh tests/test_cli_hostile.sh tests/test_console_hostile.sh \
	tests/hostile_tree.sh tests/test_cli_peer.sh

# Network collectors: net_probe prints what they collect; the scripts build
# real namespaces (root) or a fixture tree and assert on its output.
check_PROGRAMS += tests/net_probe tests/test_net_links
TESTS += tests/test_collect_net_fixture.sh tests/test_collect_net.sh tests/test_net_links
EXTRA_DIST += tests/test_collect_net_fixture.sh tests/test_collect_net.sh

# Model: counter rates, snapshot YAML (round trip, errors, fuzz), the
# snapshot file, the host collector.
check_PROGRAMS += tests/test_rate tests/test_snapshot_yaml tests/test_snapshot_file \
	tests/test_snapshot_fuzz tests/test_collect_host
tests_test_snapshot_yaml_SOURCES = tests/test_snapshot_yaml.c $(RS_SAMPLE)
tests_test_snapshot_file_SOURCES = tests/test_snapshot_file.c $(RS_SAMPLE)
tests_test_snapshot_fuzz_SOURCES = tests/test_snapshot_fuzz.c $(RS_SAMPLE)
TESTS += tests/test_rate tests/test_snapshot_yaml tests/test_snapshot_file tests/test_snapshot_fuzz \
	tests/test_collect_host
EXTRA_DIST += tests/fixtures/host-mlx5 tests/fixtures/host-minimal tests/fixtures/host-odd

# Load, checks and series grow linearly; a load keeps its memory bound
# (comparisons and allocations counted through -Wl,--wrap: no clock).
check_PROGRAMS += tests/test_scale
tests_test_scale_LDFLAGS = -Wl,--wrap=strcmp -Wl,--wrap=strncmp -Wl,--wrap=strcasecmp \
	-Wl,--wrap=memcmp -Wl,--wrap=malloc -Wl,--wrap=calloc -Wl,--wrap=realloc \
	-Wl,--wrap=free
TESTS += tests/test_scale

# Files, strings and parsing through the binary (snapshot -o, cut files,
# --root, long strings, counter files, FIFOs, snapshots that make no sense).
TESTS += tests/test_files_cli.sh
EXTRA_DIST += tests/test_files_cli.sh

# RDMA collectors on fixture trees (sysfs copies, see tests/fixtures/).
check_PROGRAMS += tests/test_collect_rdma
TESTS += tests/test_collect_rdma
EXTRA_DIST += tests/fixtures

# The fixture trees are sysfs copies: relative symlinks, some of them
# cycles as on a real host (infiniband/mlx5_0/device -> the PCI function
# that contains it), and paths longer than the 99 characters of the v7 tar
# format.  Automake's default `tar chof` follows symlinks (it would recurse
# forever on those) and writes v7, so the tarball is POSIX (pax) format and
# keeps links as links.
am__tar = $${TAR-tar} --format=posix -cf - "$$tardir"

# The console: the counter grouping table, the per-driver counter meaning
# tables (profiles/counters/) and the roce-vendors fixture's names, the
# counter series (rates, wrap, reset, vanished sets, history), the
# Overview's numbers (Gb/s, % of link, pkt/s, signals, PCIe ceiling), the
# session.
check_PROGRAMS += tests/test_counter_groups tests/test_counter_tables tests/test_series \
	tests/test_port_rates tests/test_session
tests_test_session_SOURCES = tests/test_session.c $(RS_SAMPLE)
TESTS += tests/test_counter_groups tests/test_counter_tables tests/test_series \
	tests/test_port_rates tests/test_session

# The session's job table (src/session/job.h) with a job of the test's own.
check_PROGRAMS += tests/test_session_jobs
TESTS += tests/test_session_jobs

# The console in tmux (tests/console_lib.sh): every pane on the demo host,
# a fixture root and hot removal, headless memcheck, the Wizard, Capture
# and replay panes; 3,000 devices (keys and SIGTERM while it reads them);
# W and w against a planted link; the Overview pane (the demo's exact
# lines, keys, 80 and 132 columns, 16 ports, a counter that moves, a
# hostile device name); every RDMA driver's counters by meaning, the NIC
# named (roce-vendors); the Devices pane on a tree with unknown port states;
# the QPs pane and the Devices pane's NIC lines on the demo host; every
# pane in Chinese (zh_CN.UTF-8) at 80x24 and 120x40 against golden screens.
TESTS += tests/test_console.sh tests/test_console_root.sh tests/test_console_memcheck.sh \
	tests/test_console_wizard.sh tests/test_console_capture.sh tests/test_console_replay.sh \
	tests/test_console_scale.sh tests/test_console_outputs.sh tests/test_console_overview.sh \
	tests/test_vendors.sh tests/test_console_unknown.sh tests/test_console_qps.sh \
	tests/test_console_zh.sh
EXTRA_DIST += tests/test_console.sh tests/test_console_root.sh tests/test_console_memcheck.sh \
	tests/test_console_wizard.sh tests/test_console_capture.sh tests/test_console_replay.sh \
	tests/test_console_scale.sh tests/test_console_outputs.sh tests/test_console_overview.sh \
	tests/test_vendors.sh tests/test_console_unknown.sh tests/test_console_qps.sh \
	tests/test_console_zh.sh tests/fixtures/console-zh

# The problem checks (src/diag/check.h) on the demo host and hand-built
# snapshots; unknown is never bad, IB remedies, every error counter
# docs/checks.md names; verdicts that do not invent evidence, through the
# CLI on fixture trees.
check_PROGRAMS += tests/test_checks tests/test_checks_unknown
tests_test_checks_SOURCES = tests/test_checks.c $(RS_CHECKS_LIB)
tests_test_checks_unknown_SOURCES = tests/test_checks_unknown.c $(RS_CHECKS_LIB)
TESTS += tests/test_checks tests/test_checks_unknown tests/test_check_unknown.sh
EXTRA_DIST += tests/test_check_unknown.sh
# The checks that name a cause behind a symptom: neighbour, ARP flux, the
# refused route lookup, the default GID index.
check_PROGRAMS += tests/test_checks_neigh
tests_test_checks_neigh_SOURCES = tests/test_checks_neigh.c $(RS_CHECKS_LIB)
TESTS += tests/test_checks_neigh

# The checks that read more than the snapshot, one program a module of
# src/diag/: QoS, setup (ARP flux, the user's GID index, large messages,
# profiles), the peer (probe results, both ends), the tests' results, the
# capture's wire.
check_PROGRAMS += tests/test_checks_qos tests/test_checks_setup tests/test_checks_peer \
	tests/test_checks_perf tests/test_checks_capture
tests_test_checks_qos_SOURCES = tests/test_checks_qos.c $(RS_CHECKS_CTX)
tests_test_checks_setup_SOURCES = tests/test_checks_setup.c $(RS_CHECKS_CTX)
tests_test_checks_peer_SOURCES = tests/test_checks_peer.c $(RS_CHECKS_CTX)
tests_test_checks_perf_SOURCES = tests/test_checks_perf.c $(RS_CHECKS_CTX)
tests_test_checks_capture_SOURCES = tests/test_checks_capture.c $(RS_CHECKS_CTX)
TESTS += tests/test_checks_qos tests/test_checks_setup tests/test_checks_peer \
	tests/test_checks_perf tests/test_checks_capture

# Packaging (docs/packaging.md): the man pages against the program's help
# and key tables, and the bash completion driven through COMP_WORDS.  Every
# pane named with a number, in code and docs, has the pane table's number.
# A port's GID table: one finding, the same words in gids, check and the
# console.  The tree points at nothing outside it and at no issue number.
TESTS += tests/test_man.sh tests/test_completion.sh tests/test_pane_refs.sh tests/test_gid_views.sh \
	tests/test_tree_hygiene.sh
EXTRA_DIST += tests/test_man.sh tests/test_completion.sh tests/test_pane_refs.sh \
	tests/test_gid_views.sh tests/test_tree_hygiene.sh

# The layers point down (docs/architecture.md), read from the #include lines.
TESTS += tests/test_layers.sh
EXTRA_DIST += tests/test_layers.sh
# Every pane named with a number, in code and docs, has the pane table's number.
# A port's GID table: one finding, the same words in gids, check and the console.
TESTS += tests/test_pane_refs.sh tests/test_gid_views.sh
EXTRA_DIST += tests/test_pane_refs.sh tests/test_gid_views.sh
# Texts worded below the checks (GID reasons, pane references): translated
# for the reader, English in a finding's English copy.
TESTS += tests/test_i18n_model.sh
EXTRA_DIST += tests/test_i18n_model.sh
# The event loop: handlers changed from callbacks, timers, signals, children.
check_PROGRAMS += tests/test_loop
TESTS += tests/test_loop

# The embedded tests (src/perf/): the control protocol, its parser against
# bad input, the statistics, JSON lines; the control channel on loopback
# sockets with hostile peers (slow, vanishing, oversized, perftest); a
# libFuzzer run; perf_lines prints what the JSON lines parser reads.
check_PROGRAMS += tests/test_perf_proto tests/test_perf_ctrl tests/perf_lines
TESTS += tests/test_perf_proto tests/test_perf_ctrl tests/test_perf_fuzz.sh tests/test_cli_perf.sh
EXTRA_DIST += tests/test_perf_fuzz.sh tests/fuzz/fuzz_perf_proto.c tests/fuzz/perf-seeds \
	tests/test_cli_perf.sh

# `rocescope explain`: the tables against real messages and libibverbs'
# own status strings, the matcher's bounds, a fuzz loop; the command itself.
check_PROGRAMS += tests/test_explain
TESTS += tests/test_explain tests/test_explain.sh tests/test_explain_corpus.sh \
	tests/test_explain_sweep.sh tests/test_console_explain.sh
EXTRA_DIST += tests/test_explain.sh tests/test_explain_corpus.sh tests/test_console_explain.sh \
	tests/test_explain_sweep.sh

# The troubleshooting trees, the site profiles and the tree runner.
check_PROGRAMS += tests/test_wizard
TESTS += tests/test_wizard

# The active probes (docs/probes.md): unit tests, the command-line twin
# probe_cli with the canned results of tests/helpers/probe_fake.c (and a
# result as text lines, tests/helpers/probe_text.c), and the namespace
# tests.  probe_cli runs in the lab's VM, which has no cmocka:
# it links the core only.
check_PROGRAMS += tests/test_probe tests/probe_cli
tests_test_probe_SOURCES = tests/test_probe.c $(RS_PROBE_FAKE)
tests_probe_cli_SOURCES = tests/probe_cli.c $(RS_PROBE_FAKE)
tests_probe_cli_LDADD = $(RS_CORE_LIBS)
TESTS += tests/test_probe tests/test_probe_net.sh
EXTRA_DIST += tests/test_probe_net.sh

# check --tree and --profile end to end (demo, files, a live namespace
# walk); the README's two commands work in either order on one clone.
TESTS += tests/test_cli_tree.sh tests/test_readme.sh
EXTRA_DIST += tests/test_cli_tree.sh tests/test_readme.sh
# The causes the trees name, each fault made for real in namespaces (a
# remote peer with its own neighbour table and routes): tree_live walks a
# tree on the live network with an RDMA port made up on a veth.
# docs/wizard.md's table of the trees against profiles/trees/*.yaml.
check_PROGRAMS += tests/tree_live
TESTS += tests/test_tree_live.sh tests/test_wizard_doc.sh
EXTRA_DIST += tests/test_tree_live.sh tests/test_wizard_doc.sh

# The capture: decoder, flows and analysis (crafted frames from
# tests/helpers/craft.c, the real captures), the CLI on the crafted cases
# of make_cases, live in namespaces (roce_send sends the frames), libFuzzer
# on the decoder (tests/fuzz/fuzz_decode.c, built by the test).
check_PROGRAMS += tests/test_capture_decode tests/test_capture_flow tests/helpers/make_cases \
	tests/helpers/roce_send
tests_test_capture_decode_SOURCES = tests/test_capture_decode.c $(RS_CRAFT)
tests_test_capture_flow_SOURCES = tests/test_capture_flow.c $(RS_CRAFT)
tests_helpers_make_cases_SOURCES = tests/helpers/make_cases.c $(RS_CRAFT)
tests_helpers_roce_send_SOURCES = tests/helpers/roce_send.c $(RS_CRAFT)
TESTS += tests/test_capture_decode tests/test_capture_flow tests/test_capture_cli.sh \
	tests/test_capture_live.sh tests/test_capture_fuzz.sh
EXTRA_DIST += tests/test_capture_cli.sh tests/test_capture_live.sh tests/test_capture_fuzz.sh \
	tests/fuzz/fuzz_decode.c
CLEANFILES += tests/fuzz/fuzz_decode

# Recordings (docs/recording.md): format, round trip, cuts, damage;
# rec_demo makes a demo recording of whole seconds at once (the console's
# replay tests).
check_PROGRAMS += tests/test_recording tests/rec_demo
tests_test_recording_SOURCES = tests/test_recording.c $(RS_SAMPLE)
TESTS += tests/test_recording tests/test_record_cli.sh
# The 'Q' record: QPs and NIC readings read back at every sample, cut, damaged.
check_PROGRAMS += tests/test_record_qps
TESTS += tests/test_record_qps
EXTRA_DIST += tests/test_record_cli.sh

# The session's test job (the Tests pane, perf.*, the wizard's test steps):
# lines of real lab runs, children that pass, crash, hang; the demo's replay.
check_PROGRAMS += tests/test_perf_job
TESTS += tests/test_perf_job tests/test_console_tests.sh
EXTRA_DIST += tests/test_console_tests.sh

# RDMA resources (RDMA netlink): the parser on the replies recorded in the
# lab (tests/fixtures/roce-rxe/rdma-netlink/), hostile bytes, and the
# live socket failing soft where the kernel has no RDMA netlink.
# rdma_nl_record records new replies in the lab's VM (68-resources.sh),
# which has no cmocka: it links the core only.
check_PROGRAMS += tests/rdma_nl_record tests/test_rdma_res
tests_rdma_nl_record_LDADD = $(RS_CORE_LIBS)
tests_test_rdma_res_SOURCES = tests/test_rdma_res.c $(RS_NL_BUILD)
TESTS += tests/test_rdma_res tests/test_rdma_res.sh tests/test_rdma_qps.sh
EXTRA_DIST += tests/test_rdma_res.sh tests/test_rdma_qps.sh
# Queue pairs (RDMA netlink): QP lists recorded in the lab, rdma_cm IDs, QP
# counters, modes and bind answers built as nldev.c builds them
# (tests/helpers/nl_build.c), every cut and changed byte, hostile replies,
# the recorded twin.
check_PROGRAMS += tests/test_rdma_qps
tests_test_rdma_qps_SOURCES = tests/test_rdma_qps.c $(RS_NL_BUILD)
TESTS += tests/test_rdma_qps
# The locality files (NUMA node, local CPUs, IRQs, QP owners) on a root.
# NIC health: devlink reporters, ethtool FEC and module EEPROM replies built
# as the kernel builds them, hostile ones, SFF-8472/8636/CMIS images.
check_PROGRAMS += tests/test_locality tests/test_nic_health
tests_test_nic_health_SOURCES = tests/test_nic_health.c $(RS_NL_BUILD)
TESTS += tests/test_locality tests/test_nic_health
# The followed QPs and the qp.*, nic.*, net.link_flaps, qos.pause_storm,
# qos.dcqcn and peer.same_dcqcn checks on hand-made hosts.
check_PROGRAMS += tests/test_checks_nic
tests_test_checks_nic_SOURCES = tests/test_checks_nic.c $(RS_CHECKS_LIB)
TESTS += tests/test_checks_nic

# The exporter: the exposition text and the HTTP head parser (pure), then
# the server itself (test_exporter.sh: promtool, parallel scrapes while a
# --root tree's counters move, hostile clients, memory bounded, valgrind).
check_PROGRAMS += tests/test_export tests/scrape_client
TESTS += tests/test_export tests/test_exporter.sh
EXTRA_DIST += tests/test_exporter.sh

# rocescope fix (docs/fix.md): the plan, our files, the journal (unit);
# the changes on real namespaces and on a fixture root (shell).
check_PROGRAMS += tests/test_fix tests/fix_act
tests_test_fix_SOURCES = tests/test_fix.c $(RS_CHECKS_LIB)
TESTS += tests/test_fix tests/test_fix_root.sh tests/test_fix_net.sh tests/test_console_fix.sh
EXTRA_DIST += tests/test_fix_root.sh tests/test_fix_net.sh tests/fix_lib.sh tests/test_console_fix.sh

# The message catalogues (docs/i18n.md): complete, up to date with the
# sources and the trees, and the program in zh_CN.UTF-8: Chinese for a
# person, the same bytes as LANG=C for programs.  rs-tree-titles is built
# by po/local.mk.
TESTS += tests/test_i18n.sh
EXTRA_DIST += tests/test_i18n.sh
# What a Chinese reader sees beyond check: explain --list, capture, replay,
# qps, --help, usage errors, the console's explain view and prompts.
TESTS += tests/test_i18n_text.sh
EXTRA_DIST += tests/test_i18n_text.sh
