"""The marbles a game number (seed) deals, and where they land.

Marble k of a game (k = 0, 1, 2, ... over the whole game, the 5 opening
marbles first) has a colour and an intended square that depend only on the
seed and k. Both are computed on demand from (seed, k), so a saved game needs
only the seed and how many marbles were dealt, and an undo that steps the
count back deals the very same marbles again.

When the intended square is taken, the marble walks a fixed order of all 81
squares (a permutation drawn from the seed) from the intended square onwards
and lands on the first free one: the result depends only on seed and board.
"""

from functools import lru_cache

from games.common.rng import SeededRng

from .board import COLOURS, EMPTY, SQUARES


def marble_colour(seed: int, k: int) -> int:
    return 1 + SeededRng(seed).fork(f"colour {k}").randrange(COLOURS)


def intended_square(seed: int, k: int) -> int:
    return SeededRng(seed).fork(f"square {k}").randrange(SQUARES)


@lru_cache(maxsize=64)
def _landing_order(seed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(order, position): a seed-fixed permutation of the squares and its inverse."""
    order = list(range(SQUARES))
    SeededRng(seed).fork("landing order").shuffle(order)
    position = [0] * SQUARES
    for index, sq in enumerate(order):
        position[sq] = index
    return tuple(order), tuple(position)


def landing_square(seed: int, k: int, board: list[int]) -> int | None:
    """Where marble k lands on `board`, or None when no square is free."""
    target = intended_square(seed, k)
    if board[target] == EMPTY:
        return target
    order, position = _landing_order(seed)
    start = position[target]
    for step in range(1, SQUARES):
        sq = order[(start + step) % SQUARES]
        if board[sq] == EMPTY:
            return sq
    return None
