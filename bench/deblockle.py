"""Deblockle computer players: strength and speed.

    python3 bench/deblockle.py [--games 400] [--seed 1] [--budget N] [--variant]

Plays strong-greedy, strong-random and greedy-random, each deal twice with the
colours (and so who starts) swapped, and times the strong player's moves (CPU time under CPython).
Then, when Node and the vendored Pyodide are there, it times the strong player
again inside Pyodide (tools/pyodide_run.mjs running this script with --timing-only):
that is the `move_ms_p95` reported; otherwise `move_ms_p95` is the CPython figure.
Prints one line per pairing with a 95% Wilson interval, and last a JSON object.
Each game uses a quick set-up dealt from its seed; a game still going after
--max-plies is a draw.
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
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_stats import percentile, wilson  # noqa: E402
from games.common.rng import SeededRng  # noqa: E402
from games.deblockle import new_game  # noqa: E402
from games.deblockle.ai import choose_move  # noqa: E402


def _node_cpu_time():
    """Inside Pyodide under Node the process clocks are wall clocks; Node's own CPU
    count is not, and on a shared machine only CPU time means anything."""
    import js  # the bench only, never the engine

    usage = js.process.cpuUsage()
    return (usage.user + usage.system) / 1e6


clock = _node_cpu_time if sys.platform == "emscripten" else time.process_time


def play_game(levels, seed, options, budget, max_plies, move_ms):
    """The winner (0, 1 or None) of one game; strong moves' times go to move_ms."""
    state = new_game({**options, "quick_setup": True}, seed)
    rngs = [SeededRng(seed).fork(f"player-{p}") for p in (0, 1)]
    for _ in range(max_plies):
        if state.is_over:
            return state.result["winner"]
        player = state.current_player
        start = clock()
        move = choose_move(state, rngs[player], budget, levels[player])
        if levels[player] == "strong":
            move_ms.append((clock() - start) * 1000)
        state.apply(move)
    return state.result["winner"] if state.is_over else None


def match(level, other, games, seed, options, budget, max_plies, move_ms):
    """Games won, drawn and lost by `level`. Each deal is played twice, colours
    (and so who starts) swapped."""
    won = drawn = 0
    for game in range(games):
        colour = game % 2
        levels = (level, other) if colour == 0 else (other, level)
        winner = play_game(levels, seed + game // 2, options, budget, max_plies, move_ms)
        won += winner == colour
        drawn += winner is None
    return won, drawn, games - won - drawn


def timing_in_pyodide(games, seed, budget):
    """The strong player's move times measured inside Pyodide, or None if it cannot run."""
    runner = os.path.join(REPO, "tools", "pyodide_run.mjs")
    if not (
        shutil.which("node")
        and os.path.exists(runner)
        and os.path.isdir(os.path.join(REPO, "node_modules", "pyodide"))
    ):
        return None
    command = [
        "node",
        runner,
        "bench/deblockle.py",
        "--timing-only",
        "--games",
        str(games),
        "--seed",
        str(seed),
    ]
    if budget:
        command += ["--budget", str(budget)]
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=1800)
    if done.returncode != 0 or not done.stdout.strip():
        print(f"Pyodide timing failed: {done.stderr.strip()[-300:]}", file=sys.stderr)
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def timing_only(args, options):
    """Strong against greedy, timing only the strong player's moves."""
    move_ms = []
    start = time.perf_counter()
    match("strong", "greedy", args.games, args.seed, options, args.budget, args.max_plies, move_ms)
    print(
        json.dumps(
            {
                "wall_s": round(time.perf_counter() - start, 1),
                "cpu_s": round(sum(move_ms) / 1000, 1),
                "moves": len(move_ms),
                "move_ms_median": round(statistics.median(move_ms), 1) if move_ms else 0.0,
                "move_ms_p95": round(percentile(move_ms, 0.95), 1),
                "move_ms_max": round(max(move_ms, default=0.0), 1),
                "runtime": f"{sys.implementation.name} {sys.version.split()[0]} {sys.platform}",
            }
        )
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=None, help="strong player's node budget")
    parser.add_argument("--variant", action="store_true", help="play the no-side-by-side variant")
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--pairings", default="strong-greedy,strong-random,greedy-random")
    parser.add_argument(
        "--timing-games", type=int, default=12, help="games timed inside Pyodide (0: none)"
    )
    parser.add_argument("--timing-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    options = {"no_side_by_side": args.variant}
    if args.timing_only:
        return timing_only(args, options)
    summary = {"games": args.games, "variant": "no_side_by_side" if args.variant else "standard"}
    move_ms = []
    names = {
        "strong-greedy": "hard_vs_greedy",
        "strong-random": "hard_vs_random",
        "greedy-random": "greedy_vs_random",
    }
    for pairing in args.pairings.split(","):
        level, other = pairing.split("-")
        start = time.perf_counter()
        won, drawn, lost = match(
            level, other, args.games, args.seed, options, args.budget, args.max_plies, move_ms
        )
        low, high = wilson(won, args.games)
        rate = won / args.games
        print(
            f"{level} vs {other}: won {won}, drawn {drawn}, lost {lost} of {args.games}: "
            f"{rate:.1%} (95% {low:.1%}-{high:.1%}) in {time.perf_counter() - start:.0f} s",
            flush=True,
        )
        summary[f"{names[pairing]}_win_rate"] = round(rate, 4)
        summary[f"{names[pairing]}_interval"] = [round(low, 4), round(high, 4)]
    p95 = percentile(move_ms, 0.95)
    print(
        f"strong move CPU time in CPython over {len(move_ms)} moves: "
        f"median {statistics.median(move_ms) if move_ms else 0:.1f} ms, p95 {p95:.1f} ms, "
        f"max {max(move_ms, default=0):.1f} ms",
        flush=True,
    )
    summary["move_ms_p95_cpython"] = round(p95, 1)
    summary["move_ms_p95"] = round(p95, 1)
    summary["move_ms_runtime"] = "cpython"
    pyodide = (
        timing_in_pyodide(args.timing_games, args.seed, args.budget) if args.timing_games else None
    )
    if pyodide:
        print(
            f"strong move CPU time inside Pyodide over {pyodide['moves']} moves: median {pyodide['move_ms_median']} ms, "
            f"p95 {pyodide['move_ms_p95']} ms, max {pyodide['move_ms_max']} ms ({pyodide['runtime']})"
        )
        summary["move_ms_p95"] = pyodide["move_ms_p95"]
        summary["move_ms_runtime"] = pyodide["runtime"]
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
