"""Where the computer hides its own fleet.

Shooters that hunt by likelihood start in the middle of the sea, where most
ships can lie, and follow every hit into its neighbours, where a touching ship
gets found for free. So a careful fleet is drawn at random many times and one
of the least exposed is kept: ships on less likely squares, not touching each
other. Picking at random among the best few keeps it unpredictable.
"""

from games.common.rng import SeededRng

from ..fleet import LENGTH, SHIPS, Fleet, random_fleet
from ..grid import PLACEMENTS, SQUARES, neighbours, placed_squares

CANDIDATES = 60
KEEP = 6
TOUCH_PENALTY = 0.05


def _prior_density() -> list[float]:
    """Share of placements (over the five ships) through each square."""
    density = [0.0] * SQUARES
    for _, length in SHIPS:
        placements = PLACEMENTS[length]
        for placement in placements:
            mask = placement
            while mask:
                low = mask & -mask
                density[low.bit_length() - 1] += 1 / len(placements)
                mask ^= low
    return density


PRIOR = _prior_density()


def exposure(fleet: Fleet) -> float:
    """How easily a likelihood hunter finds this fleet: the prior density of
    its squares, plus a charge for every pair of squares of different ships
    side by side."""
    owner = {}
    for ship_id, (bow, orientation) in fleet.items():
        for square in placed_squares(bow, orientation, LENGTH[ship_id]):
            owner[square] = ship_id
    score = sum(PRIOR[square] for square in owner)
    for square, ship_id in owner.items():
        for other in neighbours(square):
            if other > square and owner.get(other, ship_id) != ship_id:
                score += TOUCH_PENALTY
    return score


def choose_fleet(rng: SeededRng, careful: bool = True) -> Fleet:
    """{ship id: (bow square index, orientation)}."""
    if not careful:
        return random_fleet(rng)
    candidates = [random_fleet(rng) for _ in range(CANDIDATES)]
    candidates.sort(key=exposure)
    return candidates[rng.randrange(KEEP)]
