"""How many turns a lone block needs to reach the opponent's star and leave.

DISTANCE[player][square * 24 + orientation] counts the turns on an empty board
(the last turn being the star-up tip). Other blocks only ever lengthen the way,
so the sum over a side's blocks is a lower bound on the turns it needs to win.
Gold's table is worked out on first use (a breadth-first search back from the
removals); blue's is gold's with the board turned round.
"""

from ..board import STARS
from ..cube import ORIENTATION_OF, ORIENTATIONS, opposite
from ..position import Position
from ..rules import block_outcomes

UNREACHABLE = 99
_tables: dict[int, tuple[int, ...]] = {}


def distances(player: int) -> tuple[int, ...]:
    if player not in _tables:
        gold = _tables.get(0) or _compute_gold()
        _tables[0] = gold
        _tables[1] = _turned_round(gold)
    return _tables[player]


def _compute_gold() -> tuple[int, ...]:
    predecessors: dict[int, list[int]] = {}  # state -> the states one turn before it
    distance = [UNREACHABLE] * (49 * 24)
    frontier = []
    for square in range(49):
        if square in STARS:
            continue
        for orientation in range(24):
            state = square * 24 + orientation
            lone = Position.empty().with_block(square, 0, orientation)
            for _, tipped, end in block_outcomes(lone, square, False):
                if end < 0:
                    if distance[state] != 1:
                        distance[state] = 1
                        frontier.append(state)
                else:
                    predecessors.setdefault(end * 24 + tipped, []).append(state)
    steps = 1
    while frontier:
        steps += 1
        next_frontier = []
        for state in frontier:
            for before in predecessors.get(state, ()):
                if distance[before] == UNREACHABLE:
                    distance[before] = steps
                    next_frontier.append(before)
        frontier = next_frontier
    return tuple(distance)


def _turned_round(table: tuple[int, ...]) -> tuple[int, ...]:
    """The table for the other side: the board turned half round, which swaps
    d2 and d6, north and south, east and west."""
    turned = [UNREACHABLE] * len(table)
    for square in range(49):
        for orientation, (top, north, _) in enumerate(ORIENTATIONS):
            turned[(48 - square) * 24 + ORIENTATION_OF[(top, opposite(north))]] = table[
                square * 24 + orientation
            ]
    return tuple(turned)
