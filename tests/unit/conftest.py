"""Options shared by the unit tests. `--shard K/N` keeps every Nth test from the Kth on, so
one run can be split over several processes: tools/unit_tests.sh runs the tests inside
Pyodide (the slowest run) as two halves beside the CPython run. This folder is put on
sys.path so the test modules can `from runs import runs` (fewer random games in Pyodide)."""

import os
import sys

# --import-mode=importlib does not put test folders on sys.path; tests/unit/runs.py is
# shared by the games' property tests.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def pytest_addoption(parser):
    parser.addoption("--shard", default=None, help="K/N: run tests K, K+N, K+2N, ... (from 1)")


def pytest_collection_modifyitems(config, items):
    shard = config.getoption("shard")
    if not shard:
        return
    which, count = (int(part) for part in shard.split("/"))
    if not 1 <= which <= count:
        raise ValueError(f"--shard {shard}: K must be from 1 to N")
    mine = [index % count == which - 1 for index in range(len(items))]
    config.hook.pytest_deselected(items=[item for item, keep in zip(items, mine) if not keep])
    items[:] = [item for item, keep in zip(items, mine) if keep]
