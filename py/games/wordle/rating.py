"""Tournament ratings (rules: "Rating").

A final placement is scored as if the player had played one game against each
of the other 7: above them a win (S = 1), on the same placement a draw (0.5),
below them a loss (0). The change is the Elo formula summed over those pairs,

    change = round(K * sum(S - E)),  E = 1 / (1 + 10 ** ((R_opponent - R_you) / 400)),

with K = 50/7, which gives +25 ... -25 in a lobby of equal ratings (the rule
file's table). Rounding is half away from zero, so gains and losses are
symmetric.
"""

import math
from collections.abc import Iterable

SEATS = 8  # the players of a tournament: a placement is rated against the other 7
START = 1000
K = 50 / 7
SCALE = 400
WINDOW = 200  # a lobby's bots are rated within this of the (first) human


def expected(rating: float, opponent: float) -> float:
    return 1 / (1 + 10 ** ((opponent - rating) / SCALE))


def score(placement: int, other: int) -> float:
    """S against one opponent: 1 above them, 0.5 on the same placement, 0 below.
    (A lower number is a better placement.)"""
    if placement < other:
        return 1.0
    if placement == other:
        return 0.5
    return 0.0


def rating_change(rating: int, placement: int, others: Iterable[tuple[int, int]]) -> int:
    """The change for a player rated `rating` who finished `placement`, against
    `others`: (rating, placement) of each other player of the lobby."""
    total = sum(score(placement, p) - expected(rating, r) for r, p in others)
    return _round_half_away(K * total)


def _round_half_away(x: float) -> int:
    # A hair of tolerance so that 24.999999999 (float error) still reads as 25.
    return int(math.copysign(math.floor(abs(x) + 0.5 + 1e-9), x))
