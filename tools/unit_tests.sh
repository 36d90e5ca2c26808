#!/usr/bin/env sh
# The unit tests under CPython and inside Pyodide at once: the CPython run on two workers
# (pytest-xdist), and the Pyodide run split in two halves (--shard, tests/unit/conftest.py),
# four processes sharing the machine's cores. (With the CPython run on one worker, it ran
# alone for its last 60 s of 376 while a core stood idle.) Each run's output is kept and
# printed whole when all are done; fails if any failed.
set -u
logs="$(mktemp -d)"
started=$(date +%s)
.venv/bin/python -m pytest tests/unit -n 2 >"$logs/cpython" 2>&1 &
cpython=$!
node tests/pyodide/run.mjs tests/unit --shard 1/2 >"$logs/pyodide-1" 2>&1 &
pyodide_1=$!
node tests/pyodide/run.mjs tests/unit --shard 2/2 >"$logs/pyodide-2" 2>&1
pyodide_2_status=$?
wait "$pyodide_1"
pyodide_1_status=$?
wait "$cpython"
cpython_status=$?
echo "=== unit tests under CPython (exit $cpython_status)"
cat "$logs/cpython"
echo "=== unit tests inside Pyodide, first half (exit $pyodide_1_status)"
cat "$logs/pyodide-1"
echo "=== unit tests inside Pyodide, second half (exit $pyodide_2_status)"
cat "$logs/pyodide-2"
echo "=== unit tests: $(($(date +%s) - started)) s"
rm -rf "$logs"
[ "$cpython_status" -eq 0 ] && [ "$pyodide_1_status" -eq 0 ] && [ "$pyodide_2_status" -eq 0 ]
