"""The duel's UI state: what is on screen beside the position (the guess being typed, the
message under the status, which rows are already drawn), and what the drawing is given.
Pure: no browser, no storage."""

from dataclasses import dataclass, replace
from typing import Protocol

from games.common.protocol import Json
from games.wordle.duel_game import DuelState
from games.wordle.hidden_duel_game import HiddenDuelState

from ..frame.game_clock import GameClock
from ..views import wordle_parts as parts
from . import draw

# The practice duel's engine, or the one between devices (the word hidden from both).
Duel = DuelState | HiddenDuelState


@dataclass(frozen=True)
class DuelUi:
    """`typed` is text (shown as the language's tiles: app.views.wordle_parts.Typing);
    `popped` and `shake` last one drawing; rows after `rows_drawn` are revealed when drawn."""

    typed: str = ""
    message: str = ""
    message_is_error: bool = False
    shake: bool = False
    popped: bool = False  # a letter was just typed: its tile pops
    rows_drawn: int = 0
    # The duel's clock (None: not started yet; the frame's ticks start it at the page's time,
    # app.frame.timed). Kept in the save with the letters typed (app.frame.lasting_ui).
    clock: GameClock | None = None
    resumed: bool = False  # read back from a save: its clock goes on (see new_ui)
    # With a friend on another device, rows are said once their marks are in, whichever
    # change brought them (app.wordle_duel.with_friend): how many were said.
    said: int = 0


def new_ui(state: Duel, typed: str = "", clock: GameClock | None = None) -> DuelUi:
    """A position just put on screen (started, resumed, another tab's): its rows are not
    revealed again; `typed`, the letters a save kept for the row in play."""
    return DuelUi(typed=typed, rows_drawn=parts.settled(state.rows), clock=clock)


def typing_of(ui: DuelUi, lang: str, length: int) -> parts.Typing:
    """The guess being typed, to add a letter to or take one back."""
    typed = parts.Typing(lang, length)
    typed.restore(ui.typed)
    return typed


def quiet(ui: DuelUi) -> DuelUi:
    """The UI state with the message and the drawing's one-off motions gone."""
    return replace(ui, message="", message_is_error=False, shake=False, popped=False)


def screen(
    state: Duel, ui: DuelUi, lang: str, me: int, level: str, time_left: int, counted: bool
) -> draw.Ui:
    """What the drawing (app.wordle_duel.draw) adds to the engine's view: the rows after
    those already drawn are revealed, a winning row of `me`'s bounces, a tile typed pops."""
    rows = state.rows
    drawn = parts.settled(rows)
    won = state.is_over and (state.result or {}).get("winner") == me
    motion = parts.Motion(
        reveal_from=ui.rows_drawn if drawn > ui.rows_drawn else None,
        won=won and bool(rows) and rows[-1]["seat"] == me,
        pop=ui.popped,
    )
    return draw.Ui(
        level=level,
        time_left=time_left,
        typed=typing_of(ui, lang, state.length).tiles(),
        message=ui.message,
        message_is_error=ui.message_is_error,
        shake=ui.shake,
        counted=counted,
        motion=motion,
        me=me,
    )


class Rowed(Protocol):
    """A position drawn as rows (a duel's, or today's Wordle's: app.wordle_daily)."""

    @property
    def rows(self) -> list[Json]: ...


def drawn_once(state: Rowed, ui: DuelUi) -> DuelUi:
    """The UI state once drawn: its rows are not revealed again, the typed tile not popped."""
    return replace(ui, rows_drawn=parts.settled(state.rows), popped=False)
