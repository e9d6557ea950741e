# docs/: how each part works, its evidence and its decisions.
EXTRA_DIST += \
	docs/architecture.md docs/cli.md docs/console.md docs/demo.md \
	docs/checks.md docs/collectors-rdma.md docs/collectors-net.md \
	docs/host-collector.md docs/snapshot-format.md docs/counters-rate.md \
	docs/session.md docs/lab.md
