"""Repetition and turns without progress: docs/rules/deblockle.md 9.1 and 9.4.

A position, for these rules, is where every block stands and how it is turned
(which also says how many blocks each side has taken off) and who is to move.
Taking a block off is the only change on the board that cannot be undone, so no
position from before a removal can come back: the record of positions starts
afresh at each removal (and at the start of play), and its length counts the
turns played without progress.

The record is not saved: a save's history already holds it. It is read back by
taking the turns since the last removal back, one by one, from the position
saved (positions_before), checking each was a legal turn.
"""

from .position import Position
from .rules import Move, block_turns, play, player_to_move, unplay

PositionKey = tuple[tuple[int, ...], int]  # (cells, player to move)

REPEATS_TO_DRAW = 3  # 9.1: the same position a third time
TURNS_WITHOUT_PROGRESS = 100  # 9.4: turns in a row, both players', with no block taken off
DRAW_REASONS = ("repetition", "no_progress")


def position_key(position: Position, to_move: int) -> PositionKey:
    """The position as the repetition rule compares it."""
    return (position.cells, to_move)


def draw_reason(positions: list[PositionKey]) -> str | None:
    """The draw the record calls for now that its last position has come up, or None."""
    if positions and positions.count(positions[-1]) >= REPEATS_TO_DRAW:
        return "repetition"
    if len(positions) > TURNS_WITHOUT_PROGRESS:
        return "no_progress"
    return None


def turns_since_progress(history: list[str]) -> list[Move]:
    """The turns since the last removal or the last set-up placement, oldest first."""
    turns = []
    for entry in reversed(history):
        if ":" in entry:
            break
        move = Move.parse(entry)
        if move.removes:
            break
        turns.append(move)
    turns.reverse()
    return turns


def positions_before(
    position: Position, turns: list[Move], no_side_by_side: bool
) -> tuple[list[PositionKey], int | None]:
    """The keys of the positions `turns` were played from, oldest first, and who
    played the last of them (None if there are none). ValueError unless the
    turns, each legal and by the player whose turn it was, led to `position`."""
    keys: list[PositionKey] = []
    after = position
    next_mover: int | None = None
    for move in reversed(turns):
        before = unplay(after, move)
        mover = before.owner(move.square)
        legal = move in block_turns(before, move.square, no_side_by_side, all_paths=True)
        if not legal or play(before, move) != after:
            raise ValueError(f"{move} was not a legal turn there")
        if (
            next_mover is not None
            and player_to_move(after, 1 - mover, no_side_by_side) != next_mover
        ):
            raise ValueError(f"the turn after {move} was not its player's")
        keys.append(position_key(before, mover))
        after, next_mover = before, mover
    keys.reverse()
    last_mover = keys[-1][1] if keys else None
    return keys, last_mover
