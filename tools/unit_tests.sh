#!/usr/bin/env sh
# The unit tests under CPython and inside Pyodide at once (one core each): each run's
# output is kept and printed whole when both are done; fails if either failed.
set -u
logs="$(mktemp -d)"
.venv/bin/python -m pytest tests/unit >"$logs/cpython" 2>&1 &
cpython=$!
node tests/pyodide/run.mjs >"$logs/pyodide" 2>&1
pyodide_status=$?
wait "$cpython"
cpython_status=$?
echo "=== unit tests under CPython (exit $cpython_status)"
cat "$logs/cpython"
echo "=== unit tests inside Pyodide (exit $pyodide_status)"
cat "$logs/pyodide"
rm -rf "$logs"
[ "$cpython_status" -eq 0 ] && [ "$pyodide_status" -eq 0 ]
