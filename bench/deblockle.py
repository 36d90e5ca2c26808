"""Deblockle computer players: strength and speed.

    python3 bench/deblockle.py [--games 400] [--seed 1] [--budget N] [--variant]

Plays strong-greedy, strong-random and greedy-random, colours (and so who starts)
swapped every game, and times the strong player's moves. Prints one line per
pairing with a 95% Wilson interval, and last a JSON object. Each game uses a quick
set-up dealt from its seed; a game still going after --max-plies is a draw.
"""

import argparse
import json
import math
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))

from games.common.rng import SeededRng  # noqa: E402
from games.deblockle import new_game  # noqa: E402
from games.deblockle.ai import choose_move  # noqa: E402


# CPU time where the machine is shared with other work; inside Pyodide the wall clock.
clock = time.perf_counter if sys.platform == "emscripten" else time.process_time


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
    """Games won, drawn and lost by `level`, colours swapped every game."""
    won = drawn = 0
    for game in range(games):
        colour = game % 2
        levels = (level, other) if colour == 0 else (other, level)
        winner = play_game(levels, seed + game, options, budget, max_plies, move_ms)
        won += winner == colour
        drawn += winner is None
    return won, drawn, games - won - drawn


def wilson(successes, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=None, help="strong player's node budget")
    parser.add_argument("--variant", action="store_true", help="play the no-side-by-side variant")
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--pairings", default="strong-greedy,strong-random,greedy-random")
    args = parser.parse_args()

    options = {"no_side_by_side": args.variant}
    summary = {"games": args.games, "variant": "no_side_by_side" if args.variant else "standard"}
    move_ms = []
    names = {"strong-greedy": "hard_vs_greedy", "strong-random": "hard_vs_random", "greedy-random": "greedy_vs_random"}
    for pairing in args.pairings.split(","):
        level, other = pairing.split("-")
        start = time.perf_counter()
        won, drawn, lost = match(level, other, args.games, args.seed, options, args.budget, args.max_plies, move_ms)
        low, high = wilson(won, args.games)
        rate = won / args.games
        print(f"{level} vs {other}: won {won}, drawn {drawn}, lost {lost} of {args.games}: "
              f"{rate:.1%} (95% {low:.1%}-{high:.1%}) in {time.perf_counter() - start:.0f} s", flush=True)
        summary[f"{names[pairing]}_win_rate"] = round(rate, 4)
        summary[f"{names[pairing]}_interval"] = [round(low, 4), round(high, 4)]
    p95 = percentile(move_ms, 0.95)
    print(f"strong move time over {len(move_ms)} moves: median {statistics.median(move_ms) if move_ms else 0:.1f} ms, "
          f"p95 {p95:.1f} ms, max {max(move_ms, default=0):.1f} ms")
    summary["move_ms_p95_cpython"] = round(p95, 1)
    summary["move_ms_p95"] = round(p95, 1)
    summary["runtime"] = sys.implementation.name + " " + sys.version.split()[0]
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
