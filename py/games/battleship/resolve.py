"""What shots do to a fleet whose squares are known: the answers the ordinary engine
gives (state.py's _fire), for a fleet kept apart from the state both devices share
(public.py): by its owner to answer (private.py), and by both once it is shown
(public_check.py)."""

from collections.abc import Iterable, Iterator

from games.common.protocol import Json

from .fleet import LENGTH, SHIP_IDS, Fleet
from .grid import mask_of, placed_squares, square_index, square_name


def ship_masks(fleet: Fleet) -> dict[str, int]:
    """{ship: (bow, orientation)} as {ship: mask of its squares}."""
    return {
        ship_id: mask_of(placed_squares(bow, orientation, LENGTH[ship_id]))
        for ship_id, (bow, orientation) in fleet.items()
    }


def resolve(masks: dict[str, int], called: int, squares: list[int], sunk: list[str]) -> Json:
    """The full record of a volley at squares (indices), the fleet having been called at
    `called` before it with `sunk` sunk: {"shots": [{"square", "result", "ship"}], "hits",
    "sunk": the ships it sinks, in fleet order}, as the ordinary engine records a turn."""
    shots = []
    for square in squares:
        bit = 1 << square
        hit = next((ship_id for ship_id, mask in masks.items() if mask & bit), None)
        shot = {"square": square_name(square), "result": "hit" if hit else "miss"}
        if hit:
            shot["ship"] = hit
        shots.append(shot)
    after = called | mask_of(squares)
    newly_sunk = [
        ship_id for ship_id in SHIP_IDS if ship_id not in sunk and masks[ship_id] & ~after == 0
    ]
    hits = sum(shot["result"] == "hit" for shot in shots)
    return {"shots": shots, "hits": hits, "sunk": newly_sunk}


def records(masks: dict[str, int], volleys: Iterable[list[int]]) -> Iterator[Json]:
    """The full record of each volley at the fleet, in order (each a list of indices)."""
    called, sunk = 0, list[str]()
    for squares in volleys:
        record = resolve(masks, called, squares, sunk)
        called |= mask_of(squares)
        sunk = sunk + record["sunk"]
        yield record


def indices(names: Iterable[str]) -> list[int]:
    """The indices of square names known to be on the grid (a volley's, once taken)."""
    found = [square_index(name) for name in names]
    if None in found:
        raise ValueError("not a square of the grid")
    return [i for i in found if i is not None]


def sunk_by(masks: dict[str, int], called: int) -> list[str]:
    """The ships whose every square is in `called`, in fleet order."""
    return [ship_id for ship_id in SHIP_IDS if masks[ship_id] & ~called == 0]


def fleet_view(fleet: Fleet, called: int) -> list[Json]:
    """A fleet's ships (some maybe not placed yet) as the ordinary view shows them
    (state.py's _fleet_view): where, which squares `called` hit, and whether sunk."""
    entries = []
    for ship_id in SHIP_IDS:
        entry = {
            "ship": ship_id,
            "length": LENGTH[ship_id],
            "square": None,
            "orientation": None,
            "squares": [],
            "hits": [],
            "sunk": False,
        }
        if ship_id in fleet:
            bow, orientation = fleet[ship_id]
            squares = placed_squares(bow, orientation, LENGTH[ship_id])
            entry.update(
                square=square_name(bow),
                orientation=orientation,
                squares=[square_name(i) for i in squares],
                hits=[square_name(i) for i in squares if called >> i & 1],
                sunk=mask_of(squares) & ~called == 0,
            )
        entries.append(entry)
    return entries
