"""Shots that keep the search for the two-square ship efficient.

The last ship left to find is usually the smallest, and finding it costs about
half as many misses as the fewest squares that would hit every place it could
still be (its *cover*). A hunting shot that does not shrink that cover is
wasted for the endgame, so the hunter keeps to shots that do: the classic
"parity" idea, but worked out on the real, ragged set of places left.

The places of a two-square ship are the edges of a bipartite graph on the
squares (a checkerboard colours it), its smallest cover is a minimum vertex
cover, and by Koenig's theorem a square shrinks that cover exactly when every
maximum matching uses the square. (The same idea for the three-square ships,
with diagonal lattices, measured no gain and was left out.)
"""

from collections.abc import Iterable

from ..grid import SIZE


def essential_squares(placements: Iterable[int]) -> int:
    """Mask of the squares in every maximum matching of the graph whose edges
    are the given two-square placements: the shots that shrink its cover."""
    neighbours: dict[int, list[int]] = {}
    for placement in placements:
        low = placement & -placement
        a = low.bit_length() - 1
        b = (placement ^ low).bit_length() - 1
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    mate = _maximum_matching(neighbours)
    inessential = 0
    for side in (0, 1):
        # Squares reachable from an unmatched square of this colour by paths
        # alternating unmatched/matched edges can be left out of some maximum matching.
        frontier = [v for v in neighbours if _colour(v) == side and v not in mate]
        seen = set(frontier)
        while frontier:
            v = frontier.pop()
            for w in neighbours[v]:
                u = mate.get(w)
                if u is not None and u not in seen:
                    seen.add(u)
                    frontier.append(u)
        for v in seen:
            inessential |= 1 << v
    essential = 0
    for v in mate:
        if not inessential >> v & 1:
            essential |= 1 << v
    return essential


def _colour(square: int) -> int:
    return (square // SIZE + square % SIZE) & 1


def _maximum_matching(neighbours: dict[int, list[int]]) -> dict[int, int]:
    """Kuhn's augmenting paths from the squares of colour 0; returns mate pairs
    in both directions."""
    mate: dict[int, int] = {}

    def augment(v: int, visited: set[int]) -> bool:
        for w in neighbours[v]:
            if w in visited:
                continue
            visited.add(w)
            if w not in mate or augment(mate[w], visited):
                mate[w] = v
                mate[v] = w
                return True
        return False

    for v in neighbours:
        if _colour(v) == 0 and v not in mate:
            augment(v, set())
    return mate
