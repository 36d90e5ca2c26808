"""The middle chooser: the classic "probability density" count.

Each hidden ship is placed in every way that fits what is known, ignoring the
other ships; a square scores the number of placements through it. Placements
through unexplained hits count extra, so it follows up hits like a player would.
"""

from games.common.rng import SeededRng

from ..grid import PLACEMENTS, SQUARES
from .domains import hidden_domains
from .knowledge import Knowledge

HIT_WEIGHT = 20


def square_scores(knowledge: Knowledge) -> list[float]:
    ids, domains, required = hidden_domains(knowledge)
    scores = [0.0] * SQUARES
    for ship_id, domain in zip(ids, domains):
        if ship_id in knowledge.sunk:
            continue
        for placement in domain:
            _add(
                scores,
                placement & ~knowledge.shot,
                1 + HIT_WEIGHT * (placement & required).bit_count(),
            )
    return scores


def _add(scores: list[float], mask: int, weight: float) -> None:
    while mask:
        low = mask & -mask
        scores[low.bit_length() - 1] += weight
        mask ^= low


def choose_square(knowledge: Knowledge, rng: SeededRng) -> int:
    scores = square_scores(knowledge)
    open_squares = [i for i in range(SQUARES) if not knowledge.shot >> i & 1]
    best = max(scores[i] for i in open_squares)
    return rng.choice([i for i in open_squares if scores[i] == best])


def count_scores(knowledge: Knowledge) -> list[float]:
    """Advanced Salvo: the same count, over placements that avoid squares of
    salvos with no hit, weighted up by the share of hits of the salvos they touch."""
    empty = knowledge.misses
    scores = [0.0] * SQUARES
    for length in (5, 4, 3, 3, 2):
        for placement in PLACEMENTS[length]:
            if placement & empty:
                continue
            weight = 1.0
            for salvo, hits in knowledge.salvos:
                touched = (placement & salvo).bit_count()
                if touched and hits:
                    weight *= 1 + HIT_WEIGHT * hits / salvo.bit_count()
            _add(scores, placement & ~knowledge.shot, weight)
    return scores


def top_squares(scores: list[float], shot: int, count: int, rng: SeededRng) -> list[int]:
    """The `count` best-scoring squares not yet called (ties broken at random)."""
    open_squares = [i for i in range(SQUARES) if not shot >> i & 1]
    rng.shuffle(open_squares)
    open_squares.sort(key=lambda i: -scores[i])
    return open_squares[:count]
