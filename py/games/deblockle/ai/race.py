"""How many turns a lone block needs to reach the opponent's star and leave.

DISTANCE[player][square * 24 + orientation] counts the turns on an empty board
(the last turn being the star-up tip). Other blocks only ever lengthen the way,
so the sum over a side's blocks is a lower bound on the turns it needs to win.
Computed once, on first use (about 1,100 positions a side).
"""

from ..board import STARS
from ..position import Position
from ..rules import block_turns, play

UNREACHABLE = 99
_tables = {}


def distances(player: int) -> tuple:
    if player not in _tables:
        _tables[player] = _compute(player)
    return _tables[player]


def _compute(player: int) -> tuple:
    predecessors = {}  # state -> states one turn before it
    distance = [UNREACHABLE] * (49 * 24)
    frontier = []
    for square in range(49):
        if square in STARS:
            continue
        for orientation in range(24):
            state = square * 24 + orientation
            lone = Position.empty().with_block(square, player, orientation)
            for move in block_turns(lone, square, False):
                if move.removes:
                    if distance[state] != 1:
                        distance[state] = 1
                        frontier.append(state)
                    continue
                after = play(lone, move)
                end = move.end
                predecessors.setdefault(end * 24 + after.orientation(end), []).append(state)
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
