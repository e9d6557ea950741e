# SPDX-License-Identifier: MIT
# The session: snapshot, series and findings of one host, kept current by
# its producers (the collectors behind an ops table each).
librscore_a_SOURCES += \
	src/session/session.h src/session/session.c src/session/slices.c \
	src/session/producer.h src/session/producers.c \
	src/session/probes.c src/session/capture_job.c \
	src/session/record_job.c src/session/replay.c \
	src/session/test_job.h src/session/test_job.c src/session/test_run.c \
	src/session/qp_job.h src/session/qp_job.c \
	src/session/fix_job.c
