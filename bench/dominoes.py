"""Dominoes computer players: win rates and move times.

    python3 bench/dominoes.py [--games N] [--budget B] [--skip-random]
        [--matches strong-greedy,strong-heuristic,heuristic-greedy,greedy-random]
        [--heuristic-games N]
    node tools/pyodide_run.mjs bench/dominoes.py --timing-only [--moves N]

Plays 2-player games to 250 with seats alternated: strong vs greedy, strong vs
heuristic, heuristic vs greedy and greedy vs random, each with a 95% Wilson
interval. The strong player's move time is measured inside Pyodide (through
tools/pyodide_run.mjs, when node and the vendored Pyodide are there) and in
CPython. The last line printed is one JSON object with the figures.

Figures of 2026-11-29 (1000 games each, load ~2): strong vs greedy 950/1000 =
95.0% (95% 93.5-96.2), strong vs heuristic 78.2% (75.5-80.6), heuristic vs
greedy 68.1%, greedy vs random 96.8%; strong move p95 80.6 ms inside Pyodide,
50.8 ms CPython. Against a plain Monte Carlo player at equal CPU, see
bench/dominoes_reference.py.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_stats import percentile, wilson
from games.common.rng import SeededRng
from games.dominoes import new_game
from games.dominoes.ai import PLAYERS


def play_game(levels, seed, budget=None, move_times=None, timed=("strong",)):
    """Plays one game; levels[seat] names each seat's player. Returns the winning seat."""
    state = new_game({"seats": len(levels)}, seed)
    rngs = [SeededRng(seed).fork(f"seat{seat}") for seat in range(len(levels))]
    while not state.is_over:
        seat = state.current_player
        view = state.view_for(seat)
        level = levels[seat]
        # CPU time, so that other work on a shared machine does not inflate it
        # (inside Pyodide process_time is the wall clock).
        started = time.process_time()
        move = PLAYERS[level](view, rngs[seat], budget)
        elapsed = time.process_time() - started
        if move_times is not None and level in timed and len(view["legal_moves"]) > 1:
            move_times.append(elapsed * 1000)
        state.apply(move)
    return state.result["winner_team"]


def match(first, second, games, seed=1, budget=None, move_times=None):
    """Win count of `first` over `games` games, seats alternated."""
    wins = 0
    for game in range(games):
        levels = [first, second] if game % 2 == 0 else [second, first]
        winner = play_game(levels, seed * 1_000_003 + game, budget, move_times)
        wins += levels[winner] == first
    return wins


def report(name, wins, games):
    low, high = wilson(wins, games)
    print(f"{name}: {wins}/{games} = {wins / games:.3f} (95% {low:.3f}-{high:.3f})", flush=True)
    return {"win_rate": round(wins / games, 4), "ci95": [round(low, 4), round(high, 4)]}


def timing_only(moves, budget, seed=1):
    """Strong-vs-greedy games until `moves` searched strong moves are timed."""
    times = []
    game = 0
    while len(times) < moves:
        levels = ["strong", "greedy"] if game % 2 == 0 else ["greedy", "strong"]
        play_game(levels, seed * 7919 + game, budget, times)
        game += 1
    return times[:moves]


def pyodide_move_times(moves, budget):
    """Runs the timing inside Pyodide under Node; None when that is not possible."""
    runner = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "tools", "pyodide_run.mjs"
    )
    if not os.path.exists(runner):
        return None
    command = ["node", runner, "bench/dominoes.py", "--timing-only", "--moves", str(moves)]
    if budget is not None:
        command += ["--budget", str(budget)]
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=1800,
            cwd=os.path.join(os.path.dirname(runner), ".."),
        )
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


MATCHES = [
    ("strong", "greedy", "hard_vs_greedy"),
    ("strong", "heuristic", "hard_vs_heuristic"),
    ("heuristic", "greedy", "heuristic_vs_greedy"),
    ("greedy", "random", "greedy_vs_random"),
]


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-random", action="store_true")
    parser.add_argument("--timing-only", action="store_true")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--matches", default=",".join(f"{a}-{b}" for a, b, _ in MATCHES))
    parser.add_argument("--heuristic-games", type=int, default=None)
    args = parser.parse_args(argv)
    if args.timing_only:
        times = timing_only(args.moves, args.budget)
        print(
            json.dumps(
                {
                    "moves": len(times),
                    "move_ms_p95": round(percentile(times, 0.95), 1),
                    "move_ms_median": round(statistics.median(times), 1),
                    "runtime": sys.implementation.name + " " + sys.version.split()[0],
                    "platform": sys.platform,
                }
            )
        )
        return
    figures = {"games": args.games, "budget": args.budget}
    times = []
    started = time.perf_counter()
    chosen = args.matches.split(",")
    for offset, (first, second, key) in enumerate(MATCHES):
        if f"{first}-{second}" not in chosen or (second == "random" and args.skip_random):
            continue
        games = (
            args.heuristic_games if second == "heuristic" and args.heuristic_games else args.games
        )
        move_times = times if first == "strong" else None
        wins = match(first, second, games, args.seed + offset, args.budget, move_times)
        r = report(f"{first} vs {second}", wins, games)
        figures[f"{key}_win_rate"] = r["win_rate"]
        figures[f"{key}_ci95"] = r["ci95"]
        figures[f"{key}_games"] = games
    p95 = percentile(times, 0.95) if times else 0.0
    if not times:
        times = [0.0]
    print(
        f"strong move time over {len(times)} searched moves: "
        f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms (CPython)",
        flush=True,
    )
    figures["move_ms_p95_cpython"] = round(p95, 1)
    inside = pyodide_move_times(args.moves, args.budget)
    if inside is not None:
        print(
            f"strong move time inside Pyodide over {inside['moves']} searched moves: "
            f"median {inside['move_ms_median']} ms, p95 {inside['move_ms_p95']} ms",
            flush=True,
        )
        figures["move_ms_p95"] = inside["move_ms_p95"]
        figures["move_ms_runtime"] = "pyodide"
    else:
        print("Pyodide timing not available: move_ms_p95 is CPython's", flush=True)
        figures["move_ms_p95"] = round(p95, 1)
        figures["move_ms_runtime"] = "cpython"
    figures["seconds"] = round(time.perf_counter() - started, 1)
    figures["load_average"] = round(os.getloadavg()[0], 1) if hasattr(os, "getloadavg") else None
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
