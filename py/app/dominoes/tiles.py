"""A domino as the page draws and names it: its pips as markup, its name ("5-3") and the
name read back from a tile's data attribute. Pure."""

from collections.abc import Mapping, Sequence
from typing import Any

from ..html import Markup, h
from .ui import Tile

# Pip positions in a 3 x 3 half (0 top-left .. 8 bottom-right).
PIPS = {0: (), 1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8)}
SIX = {"v": (0, 3, 6, 2, 5, 8), "h": (0, 1, 2, 6, 7, 8)}


def pip_positions(n: int, orient: str) -> tuple[int, ...]:
    if n == 6:
        return SIX[orient]
    if n in (2, 3) and orient == "h":
        return tuple({0: 2, 8: 6, 4: 4}[p] for p in PIPS[n])
    return PIPS[n]


def tile_name(t: Sequence[int]) -> str:
    return f"{t[0]}-{t[1]}"


def high_first(t: Sequence[int]) -> Tile:
    """A tile as the page names and marks it: the higher half first."""
    return (max(t[0], t[1]), min(t[0], t[1]))


def parse_tile(text: object) -> Tile | None:
    parts = (text if isinstance(text, str) else "").split("-")
    if len(parts) == 2 and all(p.isdigit() and len(p) == 1 for p in parts):
        a, b = int(parts[0]), int(parts[1])
        if a <= 6 and b <= 6:
            return high_first((a, b))
    return None


def domino(
    a: int,
    b: int,
    orient: str,
    extra: str = "",
    props: Mapping[str, Any] | None = None,
    tag: str = "span",
) -> Markup:
    """A tile drawn with pips: halves a then b, left-right ("h") or top-bottom ("v")."""
    halves = [
        h(
            "span",
            {"class": "half"},
            [h("span", {"class": f"pip p{p}"}) for p in pip_positions(n, orient)],
        )
        for n in (a, b)
    ]
    return h(tag, {"class": f"dom {orient} {extra}".strip(), **(props or {})}, halves)
