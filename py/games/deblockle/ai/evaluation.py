"""How good a position is for the side to move.

Each block's race distance (ai/race.py) counts the turns it needs on an empty
board; a side's total is the turns it needs at best, and the side to move is
half a turn ahead. A lead counts for more the shorter the race still to run, so
the side ahead wants to get on with it and the side behind to hold things up
(otherwise both could shuffle for ever with the balance unchanged).
"""

from ..position import Position
from ..repetition import REPEATS_TO_DRAW
from ..rules import player_to_move
from ..state import State
from .race import distances

WIN = 1_000_000
RACE_SCALE = 10_000
RACE_LENGTH_OFFSET = 6  # how much the race length tempers the lead
# A turn back into a position seen before is worth a draw at best (the other side
# can go back too; the third time is a draw, rule 9.1), less this much, about a
# turn of the race: a computer repeats only when every other turn looks worse (9.2).
REPEAT_PENALTY = RACE_SCALE // 20


def race_totals(position: Position) -> tuple[int, int]:
    """Each side's summed race distance."""
    cells = position.cells
    gold, blue = (
        sum(distances(player)[sq * 24 + cells[sq] % 24] for sq in position.squares[player])
        for player in (0, 1)
    )
    return gold, blue


def race_value(mine: int, theirs: int) -> int:
    """The value for the side to move of race totals `mine` and `theirs`."""
    return round((theirs - mine + 0.5) * RACE_SCALE / (mine + theirs + RACE_LENGTH_OFFSET))


def evaluate(position: Position, player: int) -> int:
    """The race balance for `player`, who is to move."""
    totals = race_totals(position)
    return race_value(totals[player], totals[1 - player])


def times_seen_after(state: State, after: Position) -> int:
    """How often the position `after` a turn of the player to move has come up
    since the last removal (none before a turn that takes a block off)."""
    if after.removed != state.position.removed:
        return 0
    to_move = player_to_move(after, 1 - state.player_to_play, state.no_side_by_side)
    return 0 if to_move is None else state.times_seen(after, to_move)


def against_repeating(score: int, times_seen: int) -> int:
    """The value of a turn scored `score` whose position has come up `times_seen`
    times already."""
    if not times_seen:
        return score
    drawn = times_seen >= REPEATS_TO_DRAW - 1  # this turn draws the game
    return (0 if drawn else min(score, 0)) - REPEAT_PENALTY
