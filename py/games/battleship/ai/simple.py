"""The easiest chooser: shoot at random until something is hit, then try the
squares next to the hits (in line with them first) until the ship sinks."""

from games.common.rng import SeededRng

from ..grid import SIZE, SQUARES, neighbours, squares_of
from .knowledge import Knowledge


def choose_square(knowledge: Knowledge, rng: SeededRng, excluded: int | None = None) -> int:
    """`excluded`: squares not to choose (default: those already called)."""
    excluded = knowledge.shot if excluded is None else excluded
    open_squares = [i for i in range(SQUARES) if not excluded >> i & 1]
    loose = _unsunk_hits(knowledge)
    if loose:
        in_line = _in_line(loose, excluded)
        if in_line:
            return rng.choice(in_line)
        around = sorted(
            {n for h in squares_of(loose) for n in neighbours(h) if not excluded >> n & 1}
        )
        if around:
            return rng.choice(around)
    return rng.choice(open_squares)


def _unsunk_hits(knowledge: Knowledge) -> int:
    """Hits not yet accounted for by a sunk ship (as far as this player can tell)."""
    loose = knowledge.hits
    for ship_id in knowledge.sunk:
        loose &= ~knowledge.hits_by_ship.get(ship_id, 0)
    if not knowledge.named and knowledge.sunk:
        # Without names it cannot tell which hits the sunk ships used: it keeps
        # probing around every hit until all ships are sunk.
        return knowledge.hits
    return loose


def _in_line(loose: int, shot: int) -> list[int]:
    """Open squares that extend a line of two or more adjacent hits."""
    result = set()
    for h in squares_of(loose):
        row, col = divmod(h, SIZE)
        for dr, dc in ((0, 1), (1, 0)):
            if not _is_set(loose, row + dr, col + dc):
                continue
            for sign in (1, -1):
                r, c = row, col
                while _is_set(loose, r, c):
                    r, c = r + sign * dr, c + sign * dc
                if 0 <= r < SIZE and 0 <= c < SIZE and not _is_set(shot, r, c):
                    result.add(r * SIZE + c)
    return sorted(result)


def _is_set(mask: int, row: int, col: int) -> bool:
    return 0 <= row < SIZE and 0 <= col < SIZE and bool(mask >> (row * SIZE + col) & 1)
