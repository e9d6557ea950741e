# The capture: a pure RoCE decoder, per-QP flow analysis, and the libpcap /
# mlx5-sniffer sources behind one capture object (docs/capture.md).  Core,
# no curses; libpcap and libibverbs types stay inside source_*.c.
librscore_a_SOURCES += \
	src/capture/decode.h src/capture/decode_priv.h \
	src/capture/decode.c src/capture/ib.c src/capture/icrc.c \
	src/capture/analysis.h src/capture/analysis_priv.h \
	src/capture/analysis.c src/capture/flow.c \
	src/capture/format.h src/capture/format.c src/capture/format_json.c \
	src/capture/report.c src/capture/report_text.c \
	src/capture/cap_ctx.h \
	src/capture/capture.h src/capture/capture.c src/capture/source.h \
	src/capture/replay_psn.h src/capture/replay_psn.c \
	src/capture/source_pcap.c src/capture/pcap_writer.c src/capture/source_sniffer.c
