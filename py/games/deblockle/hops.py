"""Where each symbol's hop can end, from tables built once for the 7 x 7 board.

`occupied` is always the bitmask of taken squares without the moving block.
Ends on star spaces are left out here: no block may end a turn on one.
"""

from collections.abc import Sequence

from .board import DIAGONALS, HOOPS_PATHS, ORTHOGONALS, RAYS, STARS
from .cube import CROSS, HOOPS, SLIDER, STOP, X

CROSS_ENDS = tuple(tuple(n for n in ORTHOGONALS[sq] if n not in STARS) for sq in range(49))
X_ENDS = tuple(tuple(n for n in DIAGONALS[sq] if n not in STARS) for sq in range(49))


def _slide_stops(run: tuple[int, ...]) -> tuple[int, ...]:
    """Where a slide over the open squares `run` may stop: at its end, or just
    before a star space; a slide whose end is a star stops before it."""
    stops = {i - 1 for i in range(1, len(run)) if run[i] in STARS}
    last = len(run) - 1
    if last >= 0 and run[last] in STARS:
        last -= 1
    if last >= 0:
        stops.add(last)
    return tuple(run[i] for i in sorted(stops))


# SLIDE_STOPS[square][direction][k]: the stops when the first k squares of the ray are open.
SLIDE_STOPS = tuple(
    tuple(tuple(_slide_stops(ray[:k]) for k in range(len(ray) + 1)) for ray in RAYS[sq])
    for sq in range(49)
)


def _hoops_by_end(square: int) -> tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]:
    """((end, ((mask, path), ...)), ...) for every 3-step walk, ends on stars left out."""
    by_end: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    for mask, path in HOOPS_PATHS[square]:
        if path[2] not in STARS:
            by_end.setdefault(path[2], []).append((mask, path))
    return tuple((end, tuple(walks)) for end, walks in by_end.items())


HOOPS_ENDS = tuple(_hoops_by_end(sq) for sq in range(49))
# The squares any Hoops walk from a square may step on: only they decide its ends.
HOOPS_REACH = tuple(
    sum(1 << n for n in range(49) if any(m >> n & 1 for m, _ in HOOPS_PATHS[sq]))
    for sq in range(49)
)
_hoops_cache: dict[tuple[int, int], tuple[int, ...]] = {}


def _hoops_ends(tip_square: int, occupied: int) -> tuple[int, ...]:
    """Hoops ends, remembered by the taken squares within reach (searches ask often)."""
    key = (tip_square, occupied & HOOPS_REACH[tip_square])
    ends = _hoops_cache.get(key)
    if ends is None:
        found = []
        for end, walks in HOOPS_ENDS[tip_square]:
            for mask, _ in walks:
                if not mask & occupied:
                    found.append(end)
                    break
        ends = tuple(found)
        if len(_hoops_cache) > 100_000:
            _hoops_cache.clear()
        _hoops_cache[key] = ends
    return ends


def hop_ends(top: int, tip_square: int, occupied: int) -> Sequence[int]:
    """The squares where the hop of a block tipped onto tip_square with `top` up can end."""
    if top == STOP:
        return [tip_square]
    if top == CROSS:
        return [n for n in CROSS_ENDS[tip_square] if not occupied >> n & 1]
    if top == X:
        return [n for n in X_ENDS[tip_square] if not occupied >> n & 1]
    if top == SLIDER:
        ends: list[int] = []
        for ray, stops in zip(RAYS[tip_square], SLIDE_STOPS[tip_square]):
            k = 0
            for square in ray:
                if occupied >> square & 1:
                    break
                k += 1
            ends.extend(stops[k])
        return ends
    if top == HOOPS:
        return _hoops_ends(tip_square, occupied)
    return []  # Star up away from the opponent's star: no hop


def hoops_walks(tip_square: int, end: int, occupied: int) -> list[tuple[int, ...]]:
    """Every open 3-step walk from tip_square to end."""
    for walk_end, walks in HOOPS_ENDS[tip_square]:
        if walk_end == end:
            return [path for mask, path in walks if not mask & occupied]
    return []


def slide_path(tip_square: int, end: int) -> tuple[int, ...]:
    """The squares a Slider crosses from tip_square to end."""
    for ray in RAYS[tip_square]:
        if end in ray:
            return ray[: ray.index(end) + 1]
    return (end,)
