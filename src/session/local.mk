# SPDX-License-Identifier: MIT
# The session: snapshot, series and findings of one host, kept current by
# its producers (the collectors behind an ops table each), and its jobs.
librscore_a_SOURCES += \
	src/session/session.h src/session/session.c src/session/slices.c \
	src/session/job.h src/session/jobs.c \
	src/session/producer.h src/session/producers.c \
	src/session/probes.h src/session/probes.c \
	src/session/capture_job.h src/session/capture_job.c \
	src/session/record_job.h src/session/record_job.c \
	src/session/replay.h src/session/replay.c \
	src/session/perf_job.h src/session/perf_job.c src/session/perf_run.c \
	src/session/qp_job.h src/session/qp_job.c \
	src/session/fix_job.h src/session/fix_job.c
