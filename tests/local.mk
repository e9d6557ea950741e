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

RS_TEST_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(IBVERBS_CFLAGS) $(NL3_CFLAGS) $(YAML_CFLAGS)
RS_TEST_LIBS = $(RS_CORE_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/test_util
tests_test_util_SOURCES = tests/test_util.c
tests_test_util_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_util_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_util
# Opening outputs (src/util_out.h): links, shared and sticky directories.
check_PROGRAMS += tests/test_util_out
tests_test_util_out_SOURCES = tests/test_util_out.c
tests_test_util_out_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_util_out_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_util_out
# Every writer against names planted by another user.
TESTS += tests/test_out_files.sh
EXTRA_DIST += tests/test_out_files.sh

# printf whose string arguments are escaped for a terminal (src/termout.h).
check_PROGRAMS += tests/test_termout
tests_test_termout_SOURCES = tests/test_termout.c
tests_test_termout_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_termout_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_termout

# The route to a peer computed from a snapshot's routes (--peer on a recording).
check_PROGRAMS += tests/test_route_resolve
tests_test_route_resolve_SOURCES = tests/test_route_resolve.c
tests_test_route_resolve_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_route_resolve_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_route_resolve

EXTRA_DIST += tests/lib.sh

# The JSON writer and the GID recommendation; json_check validates JSON in shell tests.
check_PROGRAMS += tests/test_json tests/test_gid_recommend tests/json_check tests/json_schema
tests_test_json_SOURCES = tests/test_json.c
tests_test_json_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_json_LDADD = $(RS_TEST_LIBS) -lm
tests_test_gid_recommend_SOURCES = tests/test_gid_recommend.c
tests_test_gid_recommend_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_gid_recommend_LDADD = $(RS_TEST_LIBS)
tests_json_check_SOURCES = tests/json_check.c
tests_json_schema_SOURCES = tests/json_schema.c
TESTS += tests/test_json tests/test_gid_recommend
# The text-or-JSON printer of every view (src/print.h).
check_PROGRAMS += tests/test_print
tests_test_print_SOURCES = tests/test_print.c
tests_test_print_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_print_LDADD = $(RS_TEST_LIBS) -lm
TESTS += tests/test_print
check_PROGRAMS += tests/test_demo
tests_test_demo_SOURCES = tests/test_demo.c
tests_test_demo_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_demo_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_demo tests/test_cli.sh
EXTRA_DIST += tests/test_cli.sh
# Escapes from sysfs, files, arguments and peers never reach the terminal raw.
TESTS += tests/test_cli_hostile.sh tests/test_console_hostile.sh
EXTRA_DIST += tests/test_cli_hostile.sh tests/test_console_hostile.sh tests/hostile_tree.sh
# Every JSON document fits the schema docs/cli.md documents (tests/json_schema).
TESTS += tests/test_json_schema.sh
EXTRA_DIST += tests/test_json_schema.sh
# --peer on every source: route computed from a recording, this host, /128.
TESTS += tests/test_cli_peer.sh
EXTRA_DIST += tests/test_cli_peer.sh

# Network collectors: net_probe prints what they collect; the scripts build
# real namespaces (root) or a fixture tree and assert on its output.
check_PROGRAMS += tests/net_probe
tests_net_probe_SOURCES = tests/net_probe.c
tests_net_probe_CFLAGS = $(RS_TEST_CFLAGS)
tests_net_probe_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_collect_net_fixture.sh tests/test_collect_net.sh

check_PROGRAMS += tests/test_net_links
tests_test_net_links_SOURCES = tests/test_net_links.c
tests_test_net_links_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_net_links_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_net_links
EXTRA_DIST += tests/test_collect_net_fixture.sh tests/test_collect_net.sh
# Model: counter rates, snapshot YAML (round trip, errors, fuzz), host collector.
check_PROGRAMS += tests/test_rate
tests_test_rate_SOURCES = tests/test_rate.c
tests_test_rate_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_rate_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_rate

check_PROGRAMS += tests/test_snapshot_yaml
tests_test_snapshot_yaml_SOURCES = tests/test_snapshot_yaml.c \
	tests/snapshot_sample.c tests/snapshot_sample.h
tests_test_snapshot_yaml_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_snapshot_yaml_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_snapshot_yaml

# Load, checks and series grow linearly; a load keeps its memory bound
# (comparisons and allocations counted through -Wl,--wrap: no clock).
check_PROGRAMS += tests/test_scale
tests_test_scale_SOURCES = tests/test_scale.c
tests_test_scale_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_scale_LDADD = $(RS_TEST_LIBS)
tests_test_scale_LDFLAGS = -Wl,--wrap=strcmp -Wl,--wrap=strncmp -Wl,--wrap=strcasecmp \
	-Wl,--wrap=memcmp -Wl,--wrap=malloc -Wl,--wrap=calloc -Wl,--wrap=realloc \
	-Wl,--wrap=free
TESTS += tests/test_scale

check_PROGRAMS += tests/test_snapshot_file
tests_test_snapshot_file_SOURCES = tests/test_snapshot_file.c \
	tests/snapshot_sample.c tests/snapshot_sample.h
tests_test_snapshot_file_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_snapshot_file_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_snapshot_file
# Files, strings and parsing through the binary (snapshot -o, cut files,
# --root, long strings, counter files, FIFOs, snapshots that make no sense).
TESTS += tests/test_files_cli.sh
EXTRA_DIST += tests/test_files_cli.sh

check_PROGRAMS += tests/test_snapshot_fuzz
tests_test_snapshot_fuzz_SOURCES = tests/test_snapshot_fuzz.c \
	tests/snapshot_sample.c tests/snapshot_sample.h
tests_test_snapshot_fuzz_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_snapshot_fuzz_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_snapshot_fuzz

check_PROGRAMS += tests/test_collect_host
tests_test_collect_host_SOURCES = tests/test_collect_host.c
tests_test_collect_host_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_collect_host_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_collect_host
EXTRA_DIST += tests/fixtures/host-mlx5 tests/fixtures/host-minimal tests/fixtures/host-odd
# RDMA collectors on fixture trees (sysfs copies, see tests/fixtures/).
check_PROGRAMS += tests/test_collect_rdma
tests_test_collect_rdma_SOURCES = tests/test_collect_rdma.c
tests_test_collect_rdma_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_collect_rdma_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_collect_rdma
EXTRA_DIST += tests/fixtures

# The fixture trees are sysfs copies: relative symlinks, some of them
# cycles as on a real host (infiniband/mlx5_0/device -> the PCI function
# that contains it), and paths longer than the 99 characters of the v7 tar
# format.  Automake's default `tar chof` follows symlinks (it would recurse
# forever on those) and writes v7, so the tarball is POSIX (pax) format and
# keeps links as links.
am__tar = $${TAR-tar} --format=posix -cf - "$$tardir"


# The console: counter grouping table, screen tests in tmux.
check_PROGRAMS += tests/test_counter_groups
tests_test_counter_groups_SOURCES = tests/test_counter_groups.c
tests_test_counter_groups_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_counter_groups_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_counter_groups

# The per-driver counter meaning tables (profiles/counters/) and the
# roce-vendors fixture's names.
check_PROGRAMS += tests/test_counter_tables
tests_test_counter_tables_SOURCES = tests/test_counter_tables.c
tests_test_counter_tables_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_counter_tables_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_counter_tables
TESTS += tests/test_console.sh tests/test_console_root.sh tests/test_console_memcheck.sh \
	tests/test_console_wizard.sh
TESTS += tests/test_console_capture.sh tests/test_console_replay.sh
# The console on 3,000 devices: keys and SIGTERM while it reads them.
TESTS += tests/test_console_scale.sh
# The console's W and w against a planted link.
TESTS += tests/test_console_outputs.sh
EXTRA_DIST += tests/test_console_outputs.sh
# The Overview pane: the demo's exact lines, keys, 80 and 132 columns, 16
# ports, a counter that moves, a hostile device name (issue 13).
TESTS += tests/test_console_overview.sh
# Every RDMA driver's counters by meaning, the NIC named (roce-vendors).
TESTS += tests/test_vendors.sh
EXTRA_DIST += tests/test_vendors.sh
# The Devices pane on a tree with unknown port states (issue 12).
TESTS += tests/test_console_unknown.sh
EXTRA_DIST += tests/test_console_unknown.sh
# The QPs pane and the Devices pane's NIC lines on the demo host.
TESTS += tests/test_console_qps.sh
EXTRA_DIST += tests/test_console_qps.sh
# The counter series (rates, wrap, reset, vanished sets, history).
check_PROGRAMS += tests/test_series
tests_test_series_SOURCES = tests/test_series.c
tests_test_series_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_series_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_series
# The Overview's numbers: Gb/s, % of link, pkt/s, signals, PCIe ceiling.
check_PROGRAMS += tests/test_port_rates
tests_test_port_rates_SOURCES = tests/test_port_rates.c
tests_test_port_rates_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_port_rates_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_port_rates

check_PROGRAMS += tests/test_session
tests_test_session_SOURCES = tests/test_session.c \
	tests/snapshot_sample.c tests/snapshot_sample.h
tests_test_session_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_session_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_session

# The session's job table (src/session/job.h) with a job of the test's own.
check_PROGRAMS += tests/test_session_jobs
tests_test_session_jobs_SOURCES = tests/test_session_jobs.c
tests_test_session_jobs_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_session_jobs_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_session_jobs

# The problem checks (src/diag/check.h) on the demo host and hand-built snapshots.
check_PROGRAMS += tests/test_checks
tests_test_checks_SOURCES = tests/test_checks.c tests/checks_lib.c tests/checks_lib.h
tests_test_checks_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_checks_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_checks
# The checks that name a cause behind a symptom: neighbour, ARP flux, the
# refused route lookup, the default GID index.
check_PROGRAMS += tests/test_checks_neigh
tests_test_checks_neigh_SOURCES = tests/test_checks_neigh.c tests/checks_lib.c \
	tests/checks_lib.h
tests_test_checks_neigh_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_checks_neigh_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_checks_neigh
# Unknown is never bad, IB remedies, the counters issue 12 names.
check_PROGRAMS += tests/test_checks_unknown
tests_test_checks_unknown_SOURCES = tests/test_checks_unknown.c tests/checks_lib.c \
	tests/checks_lib.h
tests_test_checks_unknown_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_checks_unknown_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_checks_unknown
# Verdicts that do not invent evidence (issue 12), through the CLI on fixture trees.
TESTS += tests/test_check_unknown.sh
EXTRA_DIST += tests/test_check_unknown.sh

# Packaging (docs/packaging.md): the man pages against the program's help
# and key tables, and the bash completion driven through COMP_WORDS.
TESTS += tests/test_man.sh tests/test_completion.sh
EXTRA_DIST += tests/test_man.sh tests/test_completion.sh
# The layers point down (docs/architecture.md), read from the #include lines.
TESTS += tests/test_layers.sh
EXTRA_DIST += tests/test_layers.sh
# Every pane named with a number, in code and docs, has the pane table's number.
# A port's GID table: one finding, the same words in gids, check and the console.
TESTS += tests/test_pane_refs.sh tests/test_gid_views.sh
EXTRA_DIST += tests/test_pane_refs.sh tests/test_gid_views.sh
# The event loop: handlers changed from callbacks, timers, signals, children.
check_PROGRAMS += tests/test_loop
tests_test_loop_SOURCES = tests/test_loop.c
tests_test_loop_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_loop_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_loop

# The embedded tests (src/perf/): the control protocol, its parser against
# bad input, the statistics, JSON lines; the control channel on loopback
# sockets with hostile peers (slow, vanishing, oversized, perftest).
check_PROGRAMS += tests/test_perf_proto tests/test_perf_ctrl
tests_test_perf_proto_SOURCES = tests/test_perf_proto.c
tests_test_perf_proto_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_perf_proto_LDADD = $(RS_TEST_LIBS)
tests_test_perf_ctrl_SOURCES = tests/test_perf_ctrl.c
tests_test_perf_ctrl_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_perf_ctrl_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_perf_proto tests/test_perf_ctrl
TESTS += tests/test_perf_fuzz.sh
EXTRA_DIST += tests/test_perf_fuzz.sh tests/fuzz/fuzz_perf_proto.c tests/fuzz/perf-seeds
check_PROGRAMS += tests/perf_lines
tests_perf_lines_SOURCES = tests/perf_lines.c
tests_perf_lines_CFLAGS = $(RS_TEST_CFLAGS)
tests_perf_lines_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_cli_perf.sh
EXTRA_DIST += tests/test_cli_perf.sh
# `rocescope explain`: the tables against real messages and libibverbs'
# own status strings, the matcher's bounds, a fuzz loop; the command itself.
check_PROGRAMS += tests/test_explain
tests_test_explain_SOURCES = tests/test_explain.c
tests_test_explain_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_explain_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_explain tests/test_explain.sh tests/test_explain_corpus.sh \
	tests/test_console_explain.sh
EXTRA_DIST += tests/test_explain.sh tests/test_explain_corpus.sh tests/test_console_explain.sh
# The troubleshooting trees, the site profiles and the tree runner.
check_PROGRAMS += tests/test_wizard
tests_test_wizard_SOURCES = tests/test_wizard.c
tests_test_wizard_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_wizard_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_wizard

# The checks the trees added (QoS, addressing, large messages, profiles,
# probe results, both ends) on fixture contexts.
check_PROGRAMS += tests/test_checks_wizard
tests_test_checks_wizard_SOURCES = tests/test_checks_wizard.c
tests_test_checks_wizard_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_checks_wizard_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_checks_wizard
# The active probes (docs/probes.md): unit tests, the command-line twin
# probe_cli with the canned results of probe_fake.c, and the namespace tests.
check_PROGRAMS += tests/test_probe tests/probe_cli
tests_test_probe_SOURCES = tests/test_probe.c tests/probe_fake.c tests/probe_fake.h \
	tests/probe_text.c tests/probe_text.h
tests_test_probe_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_probe_LDADD = $(RS_TEST_LIBS)
tests_probe_cli_SOURCES = tests/probe_cli.c tests/probe_fake.c tests/probe_fake.h \
	tests/probe_text.c tests/probe_text.h
tests_probe_cli_CFLAGS = $(RS_TEST_CFLAGS)
tests_probe_cli_LDADD = $(RS_CORE_LIBS)
TESTS += tests/test_probe tests/test_probe_net.sh
EXTRA_DIST += tests/test_probe_net.sh

# check --tree and --profile end to end (demo, files, a live namespace walk).
TESTS += tests/test_cli_tree.sh
EXTRA_DIST += tests/test_cli_tree.sh
# The causes the trees name, each fault made for real in namespaces (a
# remote peer with its own neighbour table and routes): tree_live walks a
# tree on the live network with an RDMA port made up on a veth.
check_PROGRAMS += tests/tree_live
tests_tree_live_SOURCES = tests/tree_live.c
tests_tree_live_CFLAGS = $(RS_TEST_CFLAGS)
tests_tree_live_LDADD = $(RS_CORE_LIBS)
TESTS += tests/test_tree_live.sh
EXTRA_DIST += tests/test_tree_live.sh
# docs/wizard.md's table of the trees against profiles/trees/*.yaml.
TESTS += tests/test_wizard_doc.sh
EXTRA_DIST += tests/test_wizard_doc.sh
# The README's two commands work in either order on one clone (issue 12).
TESTS += tests/test_readme.sh
EXTRA_DIST += tests/test_readme.sh
# The capture (issue 10): decoder, analysis, CLI, live in namespaces, fuzz.
RS_CRAFT = tests/capture/craft.h tests/capture/craft.c
check_PROGRAMS += tests/test_capture_decode
tests_test_capture_decode_SOURCES = tests/test_capture_decode.c $(RS_CRAFT)
tests_test_capture_decode_CFLAGS = $(RS_TEST_CFLAGS) $(PCAP_CFLAGS) -I$(top_srcdir)/tests
tests_test_capture_decode_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_capture_decode
check_PROGRAMS += tests/test_capture_flow
tests_test_capture_flow_SOURCES = tests/test_capture_flow.c $(RS_CRAFT)
tests_test_capture_flow_CFLAGS = $(RS_TEST_CFLAGS) -I$(top_srcdir)/tests
tests_test_capture_flow_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_capture_flow
check_PROGRAMS += tests/capture/make_cases
tests_capture_make_cases_SOURCES = tests/capture/make_cases.c $(RS_CRAFT)
tests_capture_make_cases_CFLAGS = $(AM_CFLAGS) $(PCAP_CFLAGS) -I$(top_srcdir)/tests/capture
tests_capture_make_cases_LDADD = $(RS_CORE_LIBS)
TESTS += tests/test_capture_cli.sh
EXTRA_DIST += tests/test_capture_cli.sh
check_PROGRAMS += tests/capture/roce_send
tests_capture_roce_send_SOURCES = tests/capture/roce_send.c $(RS_CRAFT)
tests_capture_roce_send_CFLAGS = $(AM_CFLAGS) -I$(top_srcdir)/tests/capture
tests_capture_roce_send_LDADD = $(RS_CORE_LIBS)
TESTS += tests/test_capture_live.sh
EXTRA_DIST += tests/test_capture_live.sh
TESTS += tests/test_capture_fuzz.sh
EXTRA_DIST += tests/test_capture_fuzz.sh tests/capture/fuzz_decode.c
CLEANFILES += tests/capture/fuzz_decode
# Recordings (docs/recording.md): format, round trip, cuts, damage.
check_PROGRAMS += tests/test_recording
tests_test_recording_SOURCES = tests/test_recording.c \
	tests/snapshot_sample.c tests/snapshot_sample.h
tests_test_recording_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_recording_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_recording tests/test_record_cli.sh
# The 'Q' record: QPs and NIC readings read back at every sample, cut, damaged.
check_PROGRAMS += tests/test_record_qps
tests_test_record_qps_SOURCES = tests/test_record_qps.c
tests_test_record_qps_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_record_qps_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_record_qps
# A demo recording of whole seconds, made at once (the console's replay tests).
check_PROGRAMS += tests/rec_demo
tests_rec_demo_SOURCES = tests/rec_demo.c
tests_rec_demo_CFLAGS = $(RS_TEST_CFLAGS)
tests_rec_demo_LDADD = $(RS_TEST_LIBS)
EXTRA_DIST += tests/test_record_cli.sh
# The session's test job (the Tests pane, perf.*, the wizard's test steps):
# lines of real lab runs, children that pass, crash, hang; the demo's replay.
check_PROGRAMS += tests/test_perf_job
tests_test_perf_job_SOURCES = tests/test_perf_job.c
tests_test_perf_job_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_perf_job_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_perf_job
TESTS += tests/test_console_tests.sh

# RDMA resources (RDMA netlink): the parser on the replies recorded in the
# lab (tests/fixtures/roce-rxe/rdma-netlink/), hostile bytes, and the
# live socket failing soft where the kernel has no RDMA netlink.
# rdma_nl_record records new replies (the lab's 68-resources.sh).
check_PROGRAMS += tests/rdma_nl_record
tests_rdma_nl_record_SOURCES = tests/rdma_nl_record.c
tests_rdma_nl_record_CFLAGS = $(RS_TEST_CFLAGS)
tests_rdma_nl_record_LDADD = $(RS_CORE_LIBS)
check_PROGRAMS += tests/test_rdma_res
tests_test_rdma_res_SOURCES = tests/test_rdma_res.c tests/nl_build.c tests/nl_build.h
tests_test_rdma_res_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_rdma_res_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_rdma_res tests/test_rdma_res.sh tests/test_rdma_qps.sh
EXTRA_DIST += tests/test_rdma_res.sh tests/test_rdma_qps.sh
# Queue pairs (RDMA netlink): QP lists recorded in the lab, rdma_cm IDs, QP
# counters, modes and bind answers built as nldev.c builds them, every cut
# and changed byte, hostile replies, the recorded twin.
check_PROGRAMS += tests/test_rdma_qps
tests_test_rdma_qps_SOURCES = tests/test_rdma_qps.c tests/nl_build.c tests/nl_build.h
tests_test_rdma_qps_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_rdma_qps_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_rdma_qps
# The locality files (NUMA node, local CPUs, IRQs, QP owners) on a root.
check_PROGRAMS += tests/test_locality
tests_test_locality_SOURCES = tests/test_locality.c
tests_test_locality_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_locality_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_locality
# NIC health: devlink reporters, ethtool FEC and module EEPROM replies built
# as the kernel builds them, hostile ones, SFF-8472/8636/CMIS images.
check_PROGRAMS += tests/test_nic_health
tests_test_nic_health_SOURCES = tests/test_nic_health.c tests/nl_build.c tests/nl_build.h
tests_test_nic_health_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_nic_health_LDADD = $(RS_TEST_LIBS) -lm
TESTS += tests/test_nic_health
# The followed QPs and the qp.*, nic.*, net.link_flaps, qos.pause_storm,
# qos.dcqcn and peer.same_dcqcn checks on hand-made hosts.
check_PROGRAMS += tests/test_checks_nic
tests_test_checks_nic_SOURCES = tests/test_checks_nic.c tests/checks_lib.c tests/checks_lib.h
tests_test_checks_nic_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_checks_nic_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_checks_nic

# The exporter: the exposition text and the HTTP head parser (pure), then
# the server itself (test_exporter.sh: promtool, parallel scrapes while a
# --root tree's counters move, hostile clients, memory bounded, valgrind).
check_PROGRAMS += tests/test_export tests/scrape_client
tests_test_export_SOURCES = tests/test_export.c
tests_test_export_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_export_LDADD = $(RS_TEST_LIBS) -lm
tests_scrape_client_SOURCES = tests/scrape_client.c
TESTS += tests/test_export
TESTS += tests/test_exporter.sh
EXTRA_DIST += tests/test_exporter.sh

# rocescope fix (docs/fix.md): the plan, our files, the journal (unit);
# the changes on real namespaces and on a fixture root (shell).
check_PROGRAMS += tests/test_fix tests/fix_act
tests_fix_act_SOURCES = tests/fix_act.c
tests_fix_act_CFLAGS = $(RS_TEST_CFLAGS)
tests_fix_act_LDADD = $(RS_CORE_LIBS)
tests_test_fix_SOURCES = tests/test_fix.c tests/checks_lib.c tests/checks_lib.h
tests_test_fix_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_fix_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_fix tests/test_fix_root.sh tests/test_fix_net.sh tests/test_console_fix.sh
EXTRA_DIST += tests/test_fix_root.sh tests/test_fix_net.sh tests/fix_lib.sh tests/test_console_fix.sh
