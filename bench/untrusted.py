"""The guarded parser (app.untrusted): how long 256 kB of hostile text of each shape takes to
be refused, in CPython and inside Pyodide under Node (the runtime the page uses).

    python3 bench/untrusted.py [--runs N] [--cpython-only]
    node tools/pyodide_run.mjs bench/untrusted.py --timing-only [--runs N]

Each shape is parsed with a limit above its size, so the parser does all its work before it
refuses (a smaller limit would refuse on length alone). Per shape: the median, the 95th
percentile and the largest of N runs, and a 95% interval of the mean. One shape is accepted
(256 kB of small objects, the widest a peer's message can be): what the checks cost on text
that passes. The goal (issue 31): every hostile shape refused in 20 ms or less inside Pyodide.
The last line printed is one JSON object.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))
from app.untrusted import Untrusted, parse_json, unpack

SIZE = 256 * 1024
LIMIT = SIZE + 1024
GOAL_MS = 20.0


def _bomb_token() -> str:
    import base64

    packed = zlib.compress(b"[" * (SIZE * 400), 9)  # about 256 kB packed, 100 MB inflated
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def shapes() -> dict:
    """name: (a call that parses the text, whether it must be refused)."""
    n = SIZE

    def parsed(text):
        return lambda: parse_json(text, max_chars=LIMIT)

    inner = json.dumps("[" * (n - 2))  # deep nesting inside a string, as in a coin's opening
    bomb = _bomb_token()
    return {
        "deep_nesting": (parsed("[" * n), True),
        "nesting_inside_a_string": (
            lambda: parse_json(parse_json(inner, max_chars=LIMIT), max_chars=LIMIT),
            True,
        ),
        "string_never_closed": (parsed('"' + '\\"' * ((n - 1) // 2)), True),
        "zlib_bomb": (lambda: unpack(bomb, max_chars=len(bomb), max_bytes=200_000), True),
        "integer_past_4300_digits": (parsed("1" * n), True),
        "nan_at_the_end": (parsed("[" + "0," * ((n - 6) // 2) + "NaN]"), True),
        "infinity_at_the_end": (parsed("[" + "0," * ((n - 8) // 2) + "1e999]"), True),
        "duplicate_keys": (parsed("{" + '"a":0,' * ((n - 7) // 6) + '"a":0}'), True),
        "invalid_utf8": (
            lambda: parse_json(b"[" + b"0," * ((n - 3) // 2) + b"\xff]", max_chars=LIMIT),
            True,
        ),
        "lone_surrogate": (parsed("[" + '"x",' * ((n - 12) // 4) + '"\\ud800"]'), True),
        "accepted_small_objects": (parsed("[" + '{"a":1},' * ((n - 10) // 8) + '{"a":1}]'), False),
    }


def time_shape(call, refused: bool, runs: int) -> dict:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        try:
            call()
            outcome = "accepted"
        except Untrusted:
            outcome = "refused"
        times.append((time.perf_counter() - started) * 1000)
        if outcome != ("refused" if refused else "accepted"):
            raise SystemExit(f"the parser {outcome} a shape it should not have")
    ordered = sorted(times)
    mean = statistics.fmean(times)
    half = 1.96 * statistics.stdev(times) / len(times) ** 0.5 if len(times) > 1 else 0.0
    return {
        "median_ms": round(statistics.median(times), 2),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
        "max_ms": round(ordered[-1], 2),
        "mean_ci95_ms": [round(mean - half, 2), round(mean + half, 2)],
        "outcome": "refused" if refused else "accepted",
    }


def measure(runs: int) -> dict:
    figures = {name: time_shape(call, refused, runs) for name, (call, refused) in shapes().items()}
    hostile = [f["max_ms"] for f in figures.values() if f["outcome"] == "refused"]
    return {
        "runtime": "pyodide" if sys.platform == "emscripten" else "cpython",
        "python": sys.version.split()[0],
        "bytes": SIZE,
        "runs": runs,
        "shapes": figures,
        "worst_refusal_ms": max(hostile),
        "goal_ms": GOAL_MS,
    }


def inside_pyodide(runs: int):
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    command = [
        "node",
        "tools/pyodide_run.mjs",
        "bench/untrusted.py",
        "--timing-only",
        "--runs",
        str(runs),
    ]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=900, cwd=root)
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


def show(figures: dict) -> None:
    print(
        f"{figures['runtime']} {figures['python']}: {figures['bytes']} bytes, {figures['runs']} runs per shape"
    )
    for name, f in figures["shapes"].items():
        print(
            f"  {name:26} {f['outcome']:8} median {f['median_ms']:7.2f} ms  p95 {f['p95_ms']:7.2f}"
            f"  max {f['max_ms']:7.2f}  mean 95% [{f['mean_ci95_ms'][0]}, {f['mean_ci95_ms'][1]}]"
        )
    print(f"  worst refusal {figures['worst_refusal_ms']} ms (goal {figures['goal_ms']} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--timing-only", action="store_true", help="print only the JSON line")
    parser.add_argument("--cpython-only", action="store_true")
    args = parser.parse_args()
    figures = measure(args.runs)
    if args.timing_only:
        print(json.dumps(figures))
        return
    show(figures)
    result = {"cpython": figures}
    if not args.cpython_only:
        pyodide = inside_pyodide(args.runs)
        if pyodide:
            show(pyodide)
        else:
            print("Pyodide under Node: not available")
        result["pyodide"] = pyodide
    print(json.dumps(result))


if __name__ == "__main__":
    main()
