"""How many random repetitions a property test plays: fewer inside Pyodide.

The unit tests run twice, under CPython and inside Pyodide (tests/pyodide/run.mjs),
and the Pyodide run costs about 2.4 times the CPU. Its purpose is to show that the same
code behaves the same in the page's runtime, not to add random coverage: the seeded
games are deterministic, so a quarter of them is enough to catch a difference there,
while CPython plays every one of them. Only plain counts of random games or seeds go
through `runs`; a count that an assertion depends on (a statistical bound, a total
compared with a fixed number) stays as it is.
"""

import sys

IN_PYODIDE = sys.platform == "emscripten"


def runs(n: int) -> int:
    """`n` under CPython; about n // 4 inside Pyodide, never fewer than 3 (nor more than n)."""
    if not IN_PYODIDE:
        return n
    return max(min(n, 3), n // 4)
