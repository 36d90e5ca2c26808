"""Choosing a whole salvo from sampled fleets.

Taking the k likeliest squares of a one-shot rule wastes shots: around a fresh
hit they all bet on the same ship, and in open sea they crowd together. Instead
the salvo is built one square at a time, each time imagining the likelier
answer to the squares already chosen (keeping only the sampled fleets that
agree with it), so the next square is the best *given* what the earlier ones
will probably show. The squares are ranked by the same rule as a single shot
(`rank`), applied to the fleets still imagined possible.
"""

from ..grid import SQUARES

MIN_FLEETS = 24  # below this many imagined fleets, stop narrowing them down


def choose_salvo(fleets: list[int], count: int, shot: int, rank, probability=None) -> list[int]:
    """`fleets`: sampled fleets as masks of their squares. `rank(probability,
    excluded)` returns the square a single shot would take. `probability`: a
    sharper estimate than the samples give, used until the imagined answers
    narrow the fleets down. Returns `count` squares not yet called."""
    chosen = []
    excluded = shot
    narrowed = False
    for _ in range(count):
        if narrowed or probability is None:
            probability = square_frequencies(fleets)
        square = rank(probability, excluded)
        chosen.append(square)
        bit = 1 << square
        excluded |= bit
        hit = [f for f in fleets if f & bit]
        miss = [f for f in fleets if not f & bit]
        likelier = hit if len(hit) * 2 >= len(fleets) else miss
        if len(likelier) >= MIN_FLEETS:
            fleets, narrowed = likelier, True
    return chosen


def square_frequencies(fleets: list[int]) -> list[float]:
    """Share of the fleets that cover each square."""
    counts = [0] * SQUARES
    for fleet in fleets:
        mask = fleet
        while mask:
            low = mask & -mask
            counts[low.bit_length() - 1] += 1
            mask ^= low
    total = len(fleets) or 1
    return [c / total for c in counts]
