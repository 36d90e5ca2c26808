"""Text notation for layouts and moves, used as test fixtures and in logs.

Layout: the root written west half first, then each non-empty arm as
`ARM:inner-outer,inner-outer,...` in the order W E N S, e.g.
    "5-5 W:5-2,2-2 E:5-3 N:5-1"   a spinner 5-5 with three arms played
    "6-4 W:6-1 E:4-3"             a lead 6-4 (no double yet), 6 facing west
    "-"                           the empty layout
A double root is the spinner. Moves: "6-4" (the lead), "5-3@E" (play 5-3 on
the E end), "draw", "pass".
"""

from games.common.errors import IllegalMove
from games.common.protocol import Json

from .layout import ARMS, Layout
from .tiles import Tile, name, parse


def format_layout(layout: Layout) -> str:
    if layout.root is None:
        return "-"
    parts = [f"{layout.root[0]}-{layout.root[1]}"]
    for arm in ARMS:
        if layout.arms[arm]:
            parts.append(arm + ":" + ",".join(f"{i}-{o}" for i, o in layout.arms[arm]))
    return " ".join(parts)


def parse_layout(text: str) -> Layout:
    """Raises ValueError on bad or inconsistent notation."""
    text = text.strip()
    if text in ("", "-"):
        return Layout()
    root_text, *arm_texts = text.split()
    layout = Layout(_oriented(root_text))
    for arm_text in arm_texts:
        arm, _, tiles = arm_text.partition(":")
        if arm not in ARMS or not tiles or layout.arms[arm]:
            raise ValueError(f"bad arm: {arm_text}")
        layout.arms[arm] = [_oriented(t) for t in tiles.split(",")]
    layout.validate()
    return layout


def _oriented(text: str) -> Tile:
    """'5-2' -> (5, 2), keeping the written order (inner first)."""
    parts = text.split("-")
    if len(parts) != 2 or not all(len(p) == 1 and p in "0123456" for p in parts):
        raise ValueError(f"bad tile: {text}")
    return (int(parts[0]), int(parts[1]))


def format_move(move: Json) -> str:
    kind = move.get("type")
    if kind in ("draw", "pass"):
        return str(kind)
    tile_name = name(tuple(move["tile"]))
    return tile_name if move.get("end") is None else f"{tile_name}@{move['end']}"


def parse_move(text: str) -> Json:
    if len(text) > 16:
        raise IllegalMove("dominoes.bad_move", move=text[:16])
    text = text.strip()
    if text in ("draw", "pass"):
        return {"type": text}
    tile_text, at, end = text.partition("@")
    t = parse(tile_text)
    if at and end not in ARMS:
        raise IllegalMove("dominoes.bad_move", move=text[:16])
    return {"type": "play", "tile": list(t), "end": end if at else None}
