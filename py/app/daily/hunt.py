"""Today's Battleship, the hunt (docs/rules/battleship.md 13): its options, its result (the
shots, hits and ships sunk, lost only when resigned) and its share card's row of squares,
one a ship of the fleet, red for sunk and white for afloat. Never a square's name: everyone
hunts the same fleet."""

from typing import Any

from games.common.protocol import Json

from .records import DailyResult

VARIANT = "hunt"
SHIPS = 5
SUNK, AFLOAT = "🟥", "⬜"


def hunt_options() -> Json:
    """The classic game, hits named, the 2002-and-later names: a hunt (13.1)."""
    return {"mode": "classic", "edition": "modern", "announce_ship": True, "solo": True}


def hunt_result(state: Any) -> DailyResult:
    """The finished hunt as its hunter (Red) knows it: won when the fleet is all sunk,
    lost when resigned (13.4, 13.6)."""
    from ..battleship.hunt import tally  # (the hub imports no game to draw its cards)

    return DailyResult(VARIANT, not state.result.get("resigned", False), tally(state.view_for(0)))


def ships_row(result: DailyResult) -> list[str]:
    """The card's row: one square a ship, the ships sunk first."""
    sunk = result.figures.get("sunk", 0)
    sunk = min(max(sunk, 0), SHIPS) if isinstance(sunk, int) else 0
    return [SUNK * sunk + AFLOAT * (SHIPS - sunk)]
