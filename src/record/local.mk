# SPDX-License-Identifier: MIT
# Recordings (docs/recording.md): the file format, writing samples, loading
# a file back and the state at any sample.  Core, no I/O but whole files.
librscore_a_SOURCES += \
	src/record/codec.h src/record/codec.c \
	src/record/recording.h src/record/rec_priv.h \
	src/record/writer.c src/record/writer_meta.c \
	src/record/reader.c src/record/sample_decode.c src/record/analyze.c \
	src/record/cursor.c src/record/query.c src/record/qps.c
