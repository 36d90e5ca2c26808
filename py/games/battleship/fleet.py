"""The five ships, their names in both editions, and placing a fleet at random.

Ship ids are edition-neutral: the edition only changes the displayed name
(translation key `battleship.ship.<edition>.<id>`).
"""

from games.common.rng import Rng

from .grid import ORIENTATIONS, SQUARES, mask_of, neighbours, placed_squares, ship_squares

# (id, length), largest first. "cruiser" is the classic Cruiser = the 2002
# Destroyer; "patrol" is the classic Destroyer = the 2002 Patrol Boat.
SHIPS = (
    ("carrier", 5),
    ("battleship", 4),
    ("cruiser", 3),
    ("submarine", 3),
    ("patrol", 2),
)
SHIP_IDS = tuple(ship_id for ship_id, _ in SHIPS)
LENGTH = dict(SHIPS)
FLEET_SQUARES = sum(LENGTH.values())  # 17

Fleet = dict[str, tuple[int, str]]  # ship id -> (bow square, orientation)

EDITIONS = ("classic", "modern")  # modern = the 2002-and-later edition


def ship_name_key(edition: str, ship_id: str) -> str:
    """The translation key of a ship's name in an edition."""
    return f"battleship.ship.{edition}.{ship_id}"


# Every (bow, orientation) of a ship of each length.
PLACEMENT_CHOICES = {
    length: [
        (bow, orientation)
        for orientation in ORIENTATIONS
        for bow in range(SQUARES)
        if ship_squares(bow, orientation, length) is not None
    ]
    for length in sorted(set(LENGTH.values()))
}


def random_fleet(rng: Rng) -> Fleet:
    """A fleet uniform over all legal fleets: each ship drawn uniformly among
    its placements, the whole fleet redrawn on any overlap.

    Returns {ship_id: (bow, orientation)}.
    """
    while True:
        fleet: Fleet = {}
        used = 0
        for ship_id, length in SHIPS:
            bow, orientation = rng.choice(PLACEMENT_CHOICES[length])
            mask = mask_of(placed_squares(bow, orientation, length))
            if used & mask:
                break
            used |= mask
            fleet[ship_id] = (bow, orientation)
        else:
            return fleet


def touches(fleet: Fleet) -> bool:
    """Whether two of the fleet's ships lie side by side or end to end (corners may meet)."""
    owner = {}
    for ship_id, (bow, orientation) in fleet.items():
        for square in placed_squares(bow, orientation, LENGTH[ship_id]):
            owner[square] = ship_id
    return any(
        owner.get(other, ship_id) != ship_id
        for square, ship_id in owner.items()
        for other in neighbours(square)
    )


def spread_fleet(rng: Rng) -> Fleet:
    """A fleet uniform over the legal fleets in which no two ships touch (rule 3.7's
    Random fleet): random fleets drawn until one has no ships touching (about one in
    five of them does, so a handful of draws)."""
    while True:
        fleet = random_fleet(rng)
        if not touches(fleet):
            return fleet
