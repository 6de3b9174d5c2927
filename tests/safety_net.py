"""Time-outs in the tests are safety nets against a hung child process, never a
measurement (speed is measured in benchmarks: docs/benchmarks.md). One generous figure
for all of them, so the suite passes on a busy two-core machine (issue 28)."""

SAFETY_NET_S = 1800  # 30 minutes: far beyond any child's run on a loaded machine
