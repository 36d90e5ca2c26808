"""The double-six set: tiles as (high, low) pairs, their names and pips."""

from games.common.errors import IllegalMove

Tile = tuple[int, int]  # (high, low)

SET = tuple((high, low) for high in range(7) for low in range(high + 1))


def tile(a: int, b: int) -> Tile:
    """The canonical (high, low) form of a tile given its halves in any order."""
    return (a, b) if a >= b else (b, a)


def is_double(t: Tile) -> bool:
    return t[0] == t[1]


def pips(t: Tile) -> int:
    return t[0] + t[1]


def name(t: Tile) -> str:
    return f"{t[0]}-{t[1]}"


def parse(text: str) -> Tile:
    """'5-3' or '3-5' -> (5, 3). Raises IllegalMove on anything else."""
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.isdigit() and len(p) == 1 for p in parts):
        raise IllegalMove("dominoes.bad_tile", tile=text[:16])
    a, b = int(parts[0]), int(parts[1])
    if a > 6 or b > 6:
        raise IllegalMove("dominoes.bad_tile", tile=text[:16])
    return tile(a, b)


def from_json(value: object) -> Tile:
    """A tile from JSON: [a, b] in either order or the text '5-3'."""
    if isinstance(value, str):
        return parse(value)
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 6 for v in value)
    ):
        return tile(value[0], value[1])
    raise IllegalMove("dominoes.bad_tile", tile=str(value)[:16])
