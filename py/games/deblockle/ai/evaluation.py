"""How good a position is for one side, in hundredths of a turn of race.

Each block's race distance (ai/race.py) counts the turns it needs on an empty
board; a side's total is the turns it needs at best. The side to move is half a
turn ahead.
"""

from .race import distances

WIN = 100_000
TURN = 100
TEMPO = TURN // 2


def race_totals(position) -> tuple:
    """Each side's summed race distance."""
    cells = position.cells
    totals = []
    for player in (0, 1):
        table = distances(player)
        totals.append(sum(table[sq * 24 + cells[sq] % 24] for sq in position.squares[player]))
    return tuple(totals)


def evaluate(position, player: int) -> int:
    """The race balance for `player`, who is to move."""
    totals = race_totals(position)
    return (totals[1 - player] - totals[player]) * TURN + TEMPO
