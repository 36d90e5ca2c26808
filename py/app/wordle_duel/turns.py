"""The duel's clock at work: the moves that fall due on it (the computer's, which carry their
think time, and a turn's timeout) and the ticks heard in a turn's last seconds. Pure: the
duel's time is given (app.frame.game_clock), never read from the wall."""

from typing import Any

from games.wordle.duel_game import DuelState
from games.wordle.hidden_duel_game import HiddenDuelState

TICKING_MS = 5000  # your turn's last seconds tick (app.sound)


def due_move(
    state: DuelState, computer_to_move: bool, planned: dict[str, Any] | None, now: int
) -> dict[str, Any] | None:
    """The move the clock plays at `now`: the computer's (`planned`; None while it thinks) in
    its turn, else the timeout of the turn in play; None when none fell due."""
    if state.is_over:
        return None
    move = planned if computer_to_move else state.timeout_move()
    return move if move is not None and move["at"] <= now else None


def tick_second(state: DuelState | HiddenDuelState, me: int, now: int) -> tuple[int, int] | None:
    """In `me`'s turn's last seconds, the second to tick once (the row count and the seconds
    left, so each is heard once); None outside them."""
    if state.is_over or state.current_player != me:
        return None
    left = state.time_left(now)
    if not 0 < left <= TICKING_MS:
        return None
    return len(state.rows), (left + 999) // 1000
