"""The strongest single-shot rule.

1. Work out the probability that each square holds a ship, from every fleet
   that agrees with what was announced (posterior.py).
2. Hunting (no ship afloat has been hit): while the two-square ship is still
   hidden, keep to the shots that shrink its cover (cover.py) and among them
   take the likeliest hit, small ships counting a little extra. Plain
   "likeliest hit" finds the big ships fast but leaves the small one to be
   searched for over a ragged sea at the end, where misses pile up.
3. Targeting (a ship hit, not sunk): the likeliest hit, nudged towards a shot
   that also shrinks the small ship's cover when two are nearly as likely.
"""

from games.common.rng import SeededRng

from ..fleet import LENGTH
from ..grid import SQUARES
from .cover import essential_squares
from .domains import hidden_domains
from .knowledge import Knowledge
from .posterior import placement_weights, square_probabilities

# How much hit probability a targeting shot may give up for one that also
# shrinks the small ship's cover (tuned by simulation).
TARGET_COVER_BONUS = 0.06
# While hunting, a ship of length L counts (3 / L) ** SMALL_SHIP_EMPHASIS times:
# finding a small ship now saves a long search for it at the end.
SMALL_SHIP_EMPHASIS = 1.0


def choose_square(knowledge: Knowledge, rng: SeededRng, budget: int) -> int:
    afloat, probability = posterior(knowledge, rng, budget)
    return pick_square(probability, knowledge, afloat)


def posterior(
    knowledge: Knowledge, rng: SeededRng, budget: int
) -> tuple[list[tuple[str, list[int]]], list[float]]:
    """(ships afloat as (id, domain) pairs, score of each square): the
    probability of a ship there, or while hunting the emphasised one."""
    ids, domains, required = hidden_domains(knowledge)
    weights = placement_weights(domains, rng, budget, required)
    afloat = [
        (ship_id, domain) for ship_id, domain in zip(ids, domains) if ship_id not in knowledge.sunk
    ]
    if is_hunting(knowledge) and knowledge.named:
        for ship_id, ship_weights in zip(ids, weights):
            factor = (3 / LENGTH[ship_id]) ** SMALL_SHIP_EMPHASIS
            for placement in ship_weights:
                ship_weights[placement] *= factor
    return afloat, square_probabilities(weights)


def pick_square(
    probability: list[float], knowledge: Knowledge, afloat: list[tuple[str, list[int]]]
) -> int:
    """The best square not yet called."""
    ranked = sorted(
        (i for i in range(SQUARES) if not knowledge.shot >> i & 1),
        key=lambda i: (-probability[i], i),
    )
    if not is_hunting(knowledge):
        return _target(ranked, probability, afloat, knowledge)
    small = [p for ship_id, domain in afloat if LENGTH[ship_id] == 2 for p in domain]
    if not small:
        return ranked[0]
    essential = essential_squares(small)
    return next((square for square in ranked if essential >> square & 1), ranked[0])


def is_hunting(knowledge: Knowledge) -> bool:
    """No ship still afloat has been hit. (A sunk ship's squares are all hits,
    so any hit beyond them belongs to a ship afloat.)"""
    sunk_squares = sum(LENGTH[ship_id] for ship_id in knowledge.sunk)
    return bool(knowledge.hits.bit_count() == sunk_squares)


def _target(
    ranked: list[int],
    probability: list[float],
    afloat: list[tuple[str, list[int]]],
    knowledge: Knowledge,
) -> int:
    small = [
        domain
        for ship_id, domain in afloat
        if LENGTH[ship_id] == 2 and not knowledge.hits_by_ship[ship_id]
    ]
    if not small or not small[0]:
        return ranked[0]
    essential = essential_squares(small[0])
    best, best_score = ranked[0], -1.0
    for square in ranked:
        if probability[square] + TARGET_COVER_BONUS <= best_score:
            break
        score = probability[square] + (TARGET_COVER_BONUS if essential >> square & 1 else 0.0)
        if score > best_score + 1e-12:
            best, best_score = square, score
    return best
