"""The notation of the public engine's moves (public.py): the ordinary ones ("6-4" the
lead, "5-3@E", "draw", "pass"; notation.py) and the two of the end of a hand:

    "reveal 6-4,5-5,2-0"   the seat shows the tiles left in its hand, highest first
    "check"                the seat's device checked the hand and found it fair

A move is a dict: {"type": "reveal", "tiles": [[6, 4], [5, 5], [2, 0]]}, {"type": "check"}.
Only the canonical text (each tile high half first, the tiles in descending order) is
what format_move writes, so a device can tell a text another device wrote by hand.
"""

from collections.abc import Iterable

from games.common.errors import IllegalMove
from games.common.protocol import Json

from . import notation
from .tiles import Tile, name, parse
from .tiles import from_json as tile_from_json

MAX_TEXT = 100  # "reveal " and 21 tiles (the most one seat can hold) fit easily
REVEAL = "reveal "


def format_move(move: Json) -> str:
    kind = move.get("type")
    if kind == "check":
        return "check"
    if kind == "reveal":
        return REVEAL + ",".join(name(t) for t in ordered(move["tiles"]))
    return notation.format_move(move)


def parse_move(text: object) -> Json:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise IllegalMove("dominoes.bad_move", move=str(text)[:16])
    text = text.strip()
    if text == "check":
        return {"type": "check"}
    if text.startswith(REVEAL):
        parts = text[len(REVEAL) :].split(",")
        return {"type": "reveal", "tiles": [list(parse(part)) for part in parts]}
    return notation.parse_move(text)


def ordered(tiles: Iterable[object]) -> list[Tile]:
    """Tiles (any JSON form) as canonical (high, low) pairs, highest first."""
    return sorted((tile_from_json(t) for t in tiles), reverse=True)
