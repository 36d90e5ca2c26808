"""The guarded parser (app.untrusted): how long 256 kB of hostile text of each shape takes to
be refused, in CPython and inside Pyodide under Node (the runtime the page uses).

    python3 bench/untrusted.py [--runs N] [--cpython-only]
    node tools/pyodide_run.mjs bench/untrusted.py --timing-only [--runs N]

Each shape is parsed with a limit above its size, so the parser does all its work before it
refuses (a smaller limit would refuse on length alone). Per shape: the median, the 95th
percentile and the largest of N runs, and a 95% interval of the mean, in wall-clock time; and
the median of the processor time the runtime spent (time.process_time in CPython, Node's
process.cpuUsage inside Pyodide), which on a machine shared with other work is what the
parser itself costs: the wall-clock figures there add every wait for a core. One shape is accepted
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

    block = "[" * 63 + "]" * 63 + ","  # 64 deep inside the outer list
    mountains = "[" + block * ((n - 140) // 127) + "[" * 64 + "]" * 65
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
        # the worst cases found for each check (issue 31's first step): the brackets' pass
        # over 64-deep nesting all through, a lone half after surrogate pairs, and a key
        # given twice in the last of many objects (the whole text is parsed first)
        "nesting_65_at_the_end": (parsed(mountains), True),
        "lone_surrogate_at_the_end": (
            parsed('["' + "\\ud83d\\ude00" * ((n - 12) // 12) + '\\ud800"]'),
            True,
        ),
        "duplicate_key_at_the_end": (
            parsed("[" + '{"a":0,"b":0},' * ((n - 16) // 14) + '{"a":0,"a":0}]'),
            True,
        ),
        "accepted_small_objects": (parsed("[" + '{"a":1},' * ((n - 10) // 8) + '{"a":1}]'), False),
    }


def _processor_seconds() -> float:
    """The processor time this runtime has used: the process's own in CPython, the Node
    process's (user and system) inside Pyodide, where time.process_time is the wall clock."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]  # Pyodide's bridge to JavaScript

        used = js.process.cpuUsage()
        return (used.user + used.system) / 1e6
    return time.process_time()


def time_shape(call, refused: bool, runs: int) -> dict:
    times, processor = [], []
    for _ in range(runs):
        started, started_processor = time.perf_counter(), _processor_seconds()
        try:
            call()
            outcome = "accepted"
        except Untrusted:
            outcome = "refused"
        times.append((time.perf_counter() - started) * 1000)
        processor.append((_processor_seconds() - started_processor) * 1000)
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
        "processor_median_ms": round(statistics.median(processor), 2),
        "outcome": "refused" if refused else "accepted",
    }


def measure(runs: int) -> dict:
    load = _load()
    figures = {name: time_shape(call, refused, runs) for name, (call, refused) in shapes().items()}
    hostile = [f["max_ms"] for f in figures.values() if f["outcome"] == "refused"]
    return {
        "load": load,
        "runtime": "pyodide" if sys.platform == "emscripten" else "cpython",
        "python": sys.version.split()[0],
        "bytes": SIZE,
        "runs": runs,
        "shapes": figures,
        "worst_refusal_ms": max(hostile),
        "worst_refusal_processor_median_ms": max(
            f["processor_median_ms"] for f in figures.values() if f["outcome"] == "refused"
        ),
        "goal_ms": GOAL_MS,
    }


def _load() -> list[float] | None:
    """The machine's load averages (1, 5, 15 minutes) as the run starts, where known (not
    inside Pyodide, whose os.getloadavg is a stand-in)."""
    if sys.platform == "emscripten":
        return None
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


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
    load = _load()  # the machine's, as Node starts
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=900, cwd=root)
        return {**json.loads(done.stdout.strip().splitlines()[-1]), "load": load}
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


def show(figures: dict) -> None:
    print(
        f"{figures['runtime']} {figures['python']}: {figures['bytes']} bytes, {figures['runs']} runs"
        f" per shape, load {figures['load']}"
    )
    for name, f in figures["shapes"].items():
        print(
            f"  {name:26} {f['outcome']:8} median {f['median_ms']:7.2f} ms  p95 {f['p95_ms']:7.2f}"
            f"  max {f['max_ms']:7.2f}  mean 95% [{f['mean_ci95_ms'][0]}, {f['mean_ci95_ms'][1]}]"
            f"  processor median {f['processor_median_ms']:6.2f}"
        )
    print(
        f"  worst refusal {figures['worst_refusal_ms']} ms, worst processor median"
        f" {figures['worst_refusal_processor_median_ms']} ms (goal {figures['goal_ms']} ms)"
    )


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
