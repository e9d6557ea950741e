# SPDX-License-Identifier: MIT
# The exporter: the session's state as Prometheus/OpenMetrics text (pure:
# metrics*.c) and the small HTTP/1.1 server on the event loop that serves
# it (http.c, exporter.c).
librscore_a_SOURCES += \
	src/export/metrics.h src/export/metrics_priv.h src/export/metrics.c \
	src/export/metrics_ports.c src/export/metrics_netdev.c src/export/metrics_nic.c
librscore_a_SOURCES += \
	src/export/http.h src/export/http.c \
	src/export/exporter.h src/export/exporter_priv.h src/export/exporter.c \
	src/export/exporter_route.c
