"""Mental-poker shuffle and deal for 4 seats (app.fair.deck): how long the work takes.

    python3 bench/fair_deal.py [--runs N] [--seats S] [--cpython-only]
    node tools/pyodide_run.mjs bench/fair_deal.py --timing-only [--runs N]

All the peers run in this one process; each message is handed on in the order it was sent.
For every run it reports the work of all peers summed (what one device doing everything would
take), the largest single peer's share (what one device does in real play), and the time to
the last tile with the peers working in parallel and no network delay (each peer starts a
message when it is both free and the message was sent). Figures for CPython and, through
tools/pyodide_run.mjs, inside Pyodide under Node (the runtime the page uses; Chromium's
WebAssembly engine is V8, as Node's is). The last line printed is one JSON object.

Figures of 2026-12-02 (two sittings of 5 runs, 4 seats, machine shared, load 2.5 and 3.2):
inside Pyodide (Python 3.14.2) all peers' work 3531 / 4203 ms, largest peer's share 937 / 1106
ms, in parallel 1401 / 1736 ms; CPython 3.11.7: 2939 / 2550 ms, 753 / 654 ms, 1194 / 1022 ms. Largest message 14,494 bytes (a shuffled list).
Most of it is each seat's 21 full-length (2048-bit exponent) partial decryptions, about 24 ms
each inside Pyodide; encryption uses 256-bit exponents, about 3 ms.
"""

import argparse
import heapq
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))
from app.fair.deck import DeckPeer


def one_deal(seats):
    """(summed work, largest peer's work, parallel finish, largest message bytes), seconds."""
    peers = [DeckPeer(seat, seats) for seat in range(seats)]
    work = [0.0] * seats
    clock = [0.0] * seats
    queue, order = [], 0
    largest_message = 0

    def timed(seat, call, *args, ready=0.0):
        nonlocal order, largest_message
        started = time.perf_counter()
        out = call(*args)
        elapsed = time.perf_counter() - started
        work[seat] += elapsed
        clock[seat] = max(clock[seat], ready) + elapsed
        for message in out:
            largest_message = max(largest_message, len(json.dumps(message)))
            heapq.heappush(queue, (clock[seat], order, message))
            order += 1

    timed(0, peers[0].start)
    while queue:
        sent_at, _, message = heapq.heappop(queue)
        for peer in peers:
            if peer.seat != message["seat"]:
                timed(peer.seat, peer.receive, message, ready=sent_at)
    hands = [len(peer.tiles) for peer in peers]
    assert hands == [7] * seats and not any(peer.busy for peer in peers), hands
    return sum(work), max(work), max(clock), largest_message


def measure(runs, seats):
    results = [one_deal(seats) for _ in range(runs)]
    total, largest, parallel, size = zip(*results, strict=True)
    return {
        "runs": runs,
        "seats": seats,
        "total_ms_median": round(statistics.median(total) * 1000, 1),
        "largest_peer_ms_median": round(statistics.median(largest) * 1000, 1),
        "parallel_ms_median": round(statistics.median(parallel) * 1000, 1),
        "total_ms_max": round(max(total) * 1000, 1),
        "largest_message_bytes": max(size),
        "python": sys.version.split()[0],
        "runtime": "pyodide" if sys.platform == "emscripten" else "cpython",
    }


def inside_pyodide(runs, seats):
    """The same figures inside Pyodide under Node; None when that is not possible."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    command = ["node", "tools/pyodide_run.mjs", "bench/fair_deal.py", "--timing-only"]
    command += ["--runs", str(runs), "--seats", str(seats)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=1800, cwd=root)
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


def show(figures):
    print(
        f"{figures['runtime']} {figures['python']}, {figures['seats']} seats, "
        f"{figures['runs']} runs: all peers' work {figures['total_ms_median']} ms "
        f"(max {figures['total_ms_max']}), largest peer's share "
        f"{figures['largest_peer_ms_median']} ms, in parallel {figures['parallel_ms_median']} ms; "
        f"largest message {figures['largest_message_bytes']} bytes"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--timing-only", action="store_true", help="print only the JSON line")
    parser.add_argument("--cpython-only", action="store_true")
    args = parser.parse_args()
    figures = measure(args.runs, args.seats)
    if args.timing_only:
        print(json.dumps(figures))
        return
    show(figures)
    result = {"cpython": figures}
    if not args.cpython_only:
        pyodide = inside_pyodide(args.runs, args.seats)
        if pyodide:
            show(pyodide)
        else:
            print("Pyodide under Node: not available")
        result["pyodide"] = pyodide
    print(json.dumps(result))


if __name__ == "__main__":
    main()
