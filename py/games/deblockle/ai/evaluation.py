"""How good a position is for the side to move.

Each block's race distance (ai/race.py) counts the turns it needs on an empty
board; a side's total is the turns it needs at best, and the side to move is
half a turn ahead. A lead counts for more the shorter the race still to run, so
the side ahead wants to get on with it and the side behind to hold things up
(otherwise both could shuffle for ever with the balance unchanged).
"""

from .race import distances

WIN = 1_000_000
RACE_SCALE = 10_000
RACE_LENGTH_OFFSET = 6  # how much the race length tempers the lead


def race_totals(position) -> tuple:
    """Each side's summed race distance."""
    cells = position.cells
    totals = []
    for player in (0, 1):
        table = distances(player)
        totals.append(sum(table[sq * 24 + cells[sq] % 24] for sq in position.squares[player]))
    return tuple(totals)


def race_value(mine: int, theirs: int) -> int:
    """The value for the side to move of race totals `mine` and `theirs`."""
    return round((theirs - mine + 0.5) * RACE_SCALE / (mine + theirs + RACE_LENGTH_OFFSET))


def evaluate(position, player: int) -> int:
    """The race balance for `player`, who is to move."""
    totals = race_totals(position)
    return race_value(totals[player], totals[1 - player])
