"""Marbles: the Hint auto-player's strength and speed.

    python3 bench/marbles.py [--games 100] [--seed 1] [--version 5] [--budget N]

Plays --games seeded games with the Hint auto-player and as many with a
random-move player (uniform over legal moves), and reports their mean scores.
Times the auto-player's moves as CPU time (the machine is shared): under
CPython over every benchmark move, then, when Node and the npm Pyodide are
there, inside Pyodide (tools/pyodide_run.mjs running this script with
--timing-only over --timing-games games): that is the `move_ms_p95` reported,
otherwise `move_ms_p95` is the CPython figure and `move_ms_runtime` says so.
"4 in a row" games by the auto-player can run to thousands of moves: use
--max-moves to cut them short (the cut is reported).
The last line printed is a JSON object.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(REPO, "py"))

from games.common.rng import SeededRng  # noqa: E402
from games.marbles import choose_move, new_game, random_move  # noqa: E402
from games.marbles.ai import DEFAULT_BUDGET  # noqa: E402


def _node_cpu_seconds():
    """Inside Pyodide the process clocks are wall clocks; Node's CPU count is not."""
    import js  # the bench only, never the engine

    usage = js.process.cpuUsage()
    return (usage.user + usage.system) / 1e6


clock = _node_cpu_seconds if sys.platform == "emscripten" else time.process_time


def play(seed: int, version: int, player, max_moves: int, move_ms=None):
    """One seeded game to its end (or max_moves): the final State."""
    state = new_game({"version": version}, seed)
    rng = SeededRng(seed).fork("bench player")
    while not state.is_over and state.moves < max_moves:
        start = clock()
        move = player(state, rng)
        if move_ms is not None:
            move_ms.append((clock() - start) * 1000)
        state.apply(move)
    return state


def series(games: int, seed: int, version: int, player, max_moves: int, move_ms=None) -> list:
    return [play(seed + i, version, player, max_moves, move_ms) for i in range(games)]


def p95(values) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def timing_summary(move_ms: list) -> dict:
    return {
        "moves": len(move_ms),
        "move_ms_median": round(statistics.median(move_ms), 2) if move_ms else 0.0,
        "move_ms_p95": round(p95(move_ms), 2),
        "move_ms_max": round(max(move_ms, default=0.0), 2),
        "runtime": f"{sys.implementation.name} {sys.version.split()[0]} {sys.platform}",
    }


def timing_in_pyodide(args):
    """The auto-player's move times inside Pyodide, or None when it cannot run here."""
    runner = os.path.join(REPO, "tools", "pyodide_run.mjs")
    have_pyodide = os.path.isdir(os.path.join(REPO, "node_modules", "pyodide"))
    if not (shutil.which("node") and os.path.exists(runner) and have_pyodide):
        return None
    command = [
        "node",
        runner,
        "bench/marbles.py",
        "--timing-only",
        "--games",
        str(args.timing_games),
        "--seed",
        str(args.seed),
        "--version",
        str(args.version),
        "--budget",
        str(args.budget),
        "--max-moves",
        str(args.max_moves),
    ]
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0 or not done.stdout.strip():
        print(f"Pyodide timing failed: {done.stderr.strip()[-300:]}", file=sys.stderr)
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="first game number")
    parser.add_argument("--version", type=int, default=5, choices=(5, 4))
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="boards judged per move")
    parser.add_argument("--max-moves", type=int, default=1_000_000)
    parser.add_argument(
        "--timing-games", type=int, default=5, help="games timed inside Pyodide (0: none)"
    )
    parser.add_argument("--timing-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    def hint_player(state, rng):
        return choose_move(state, rng, args.budget)

    if args.timing_only:
        move_ms = []
        series(args.games, args.seed, args.version, hint_player, args.max_moves, move_ms)
        print(json.dumps(timing_summary(move_ms)))
        return

    started = time.perf_counter()
    move_ms = []
    hint = series(args.games, args.seed, args.version, hint_player, args.max_moves, move_ms)
    chance = series(args.games, args.seed, args.version, random_move, args.max_moves)
    hint_scores = [s.score for s in hint]
    cut = sum(not s.is_over for s in hint)
    cpython = timing_summary(move_ms)
    print(
        f"Hint auto-player: mean score {statistics.mean(hint_scores):.1f} "
        f"(median {statistics.median(hint_scores)}, min {min(hint_scores)}, max {max(hint_scores)}, "
        f"standard error {statistics.stdev(hint_scores) / len(hint_scores) ** 0.5:.1f}), "
        f"mean {statistics.mean(s.moves for s in hint):.0f} moves and "
        f"{statistics.mean(s.lines for s in hint):.1f} lines a game"
        + (f"; {cut} games cut at {args.max_moves} moves" if cut else ""),
        flush=True,
    )
    print(
        f"random moves: mean score {statistics.mean(s.score for s in chance):.2f}, "
        f"mean {statistics.mean(s.moves for s in chance):.0f} moves a game",
        flush=True,
    )
    print(
        f"auto-player move CPU time in CPython over {cpython['moves']} moves: median "
        f"{cpython['move_ms_median']} ms, p95 {cpython['move_ms_p95']} ms, max {cpython['move_ms_max']} ms",
        flush=True,
    )

    summary = {
        "games": args.games,
        "version": args.version,
        "budget": args.budget,
        "hint_mean_score": round(statistics.mean(hint_scores), 1),
        "hint_median_score": statistics.median(hint_scores),
        "hint_mean_moves": round(statistics.mean(s.moves for s in hint), 1),
        "hint_games_cut_short": cut,
        "random_mean_score": round(statistics.mean(s.score for s in chance), 2),
        "move_ms_p95_cpython": cpython["move_ms_p95"],
        "move_ms_p95": cpython["move_ms_p95"],
        "move_ms_runtime": "cpython",
    }
    pyodide = timing_in_pyodide(args) if args.timing_games else None
    if pyodide:
        print(
            f"auto-player move CPU time inside Pyodide over {pyodide['moves']} moves: median "
            f"{pyodide['move_ms_median']} ms, p95 {pyodide['move_ms_p95']} ms, "
            f"max {pyodide['move_ms_max']} ms ({pyodide['runtime']})",
            flush=True,
        )
        summary["move_ms_p95"] = pyodide["move_ms_p95"]
        summary["move_ms_runtime"] = pyodide["runtime"]
    summary["wall_s"] = round(time.perf_counter() - started, 1)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
