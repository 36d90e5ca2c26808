"""Deblockle computer against computer: do games end, and do they repeat themselves?

    python3 bench/deblockle_repetition.py [--games 30] [--seed 1] [--budget N]
        [--max-plies 600] [--pairings strong-strong,greedy-greedy] [--variants ...]

Plays seeded games (a quick set-up dealt from each seed) in every variant and
reports, per variant and pairing: how many games ended by a repetition draw
(docs/rules/deblockle.md 9.1) or by the no-progress limit (9.4), how many were
still going after --max-plies (the bench stops them), how many reached some
position a third time at all (counted here, whatever the engine does, so an
engine without the rule can be measured too), the longest and median game in
turns, the most times one position came up, and the longest run of turns
without a block taken off (in any game, and in the games someone won). A position is the board (every block's square and
turn) and the player to move. Last line: the figures as JSON.
"""

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter

REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(REPO, "py"))

from games.common.rng import SeededRng  # noqa: E402
from games.deblockle import new_game  # noqa: E402
from games.deblockle.ai import choose_move  # noqa: E402

VARIANTS = {
    "standard": {},
    "no_side_by_side": {"no_side_by_side": True},
    "two_blocks": {"blocks": 2},
    "two_blocks_no_side_by_side": {"blocks": 2, "no_side_by_side": True},
    "one_block_no_side_by_side": {"blocks": 1, "no_side_by_side": True},
    "handicap_3_4_no_side_by_side": {"blocks": [3, 4], "no_side_by_side": True},
}


def play_game(levels, seed, options, budget, max_plies) -> dict:
    """One game's figures: its end, its length in turns, its repetitions."""
    state = new_game({**options, "quick_setup": True}, seed)
    rngs = [SeededRng(seed).fork(f"player-{p}") for p in (0, 1)]
    seen = Counter([(state.position.cells, state.current_player)])
    plies = since_removal = longest_stall = 0
    while not state.is_over and plies < max_plies:
        player = state.current_player
        move = choose_move(state, rngs[player], budget, levels[player])
        state.apply(move)
        plies += 1
        since_removal = 0 if move.removes else since_removal + 1
        longest_stall = max(longest_stall, since_removal)
        seen[(state.position.cells, to_move(state))] += 1
    reason = state.result["reason"] if state.is_over else "unfinished"
    return {
        "reason": reason,
        "plies": plies,
        "most_repeats": max(seen.values()),
        "longest_stall": longest_stall,
    }


def to_move(state):
    """The player to move; once a game is drawn by its rules, the one who would have."""
    if state.current_player is None and getattr(state, "positions", None):
        return state.positions[-1][1]
    return state.current_player


def summary(games: list) -> dict:
    reasons = Counter(game["reason"] for game in games)
    plies = [game["plies"] for game in games]
    return {
        "games": len(games),
        "repetition_draws": reasons["repetition"],
        "no_progress_draws": reasons["no_progress"],
        "unfinished": reasons["unfinished"],
        "reached_a_third_time": sum(game["most_repeats"] >= 3 for game in games),
        "longest_plies": max(plies),
        "median_plies": statistics.median(plies),
        "most_repeats": max(game["most_repeats"] for game in games),
        "longest_stall": max(game["longest_stall"] for game in games),
        "longest_stall_in_won_games": max(
            (game["longest_stall"] for game in games if game["reason"] == "all_removed"),
            default=0,
        ),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per variant and pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=None, help="strong player's node budget")
    parser.add_argument(
        "--max-plies", type=int, default=600, help="turns before the bench stops a game"
    )
    parser.add_argument("--pairings", default="strong-strong,greedy-greedy")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    args = parser.parse_args()

    figures = {"games": args.games, "max_plies": args.max_plies, "seed": args.seed}
    for variant in args.variants.split(","):
        for pairing in args.pairings.split(","):
            levels = tuple(pairing.split("-"))
            start = time.perf_counter()
            games = [
                play_game(levels, args.seed + n, VARIANTS[variant], args.budget, args.max_plies)
                for n in range(args.games)
            ]
            line = summary(games)
            print(
                f"{variant} {pairing}: {line} in {time.perf_counter() - start:.0f} s",
                flush=True,
            )
            figures[f"{variant}/{pairing}"] = line
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
