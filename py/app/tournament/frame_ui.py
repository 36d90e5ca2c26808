"""The Tournament's UI state on the frame (app.tournament.frontend): what is on screen beside
the tournament (the guess being typed and for which turn, the message, the duel shown and the
duel watched, the cards answered) and its clock. Pure: no browser, no storage; the time is
the tournament's, which the caller reads (app.frame.game_clock)."""

from dataclasses import dataclass, replace

from games.wordle.tournament_game import TournamentState

from ..frame.game_clock import GameClock
from ..views.wordle_parts import Typing

Turn = tuple[int, int, int, int]  # (round, duel index, player, rows in the duel): one turn


@dataclass(frozen=True)
class TournamentUi:
    """`typed` is text for `turn` (shown as the language's tiles); `shake` lasts one drawing.
    `clock` is None until the frame's ticks start it (app.frame.timed), from `clock_from`,
    the tournament's time when it was put on screen."""

    typed: str = ""
    turn: Turn | None = None
    message: str = ""
    message_is_error: bool = False
    shake: bool = False
    focus: int | None = None  # the index of the humans' duel on screen
    watching: int | None = None  # the index of another duel watched
    out_seen: bool = False  # the "you are out" card was answered ("watch on")
    confirm_leave: bool = False
    clock: GameClock | None = None
    clock_from: int = 0
    resumed: bool = False  # read back from a save: its clock goes on


def quiet(ui: TournamentUi) -> TournamentUi:
    """The UI state with the message and the shake gone."""
    return replace(ui, message="", message_is_error=False, shake=False)


def focused(state: TournamentState, ui: TournamentUi, now: int) -> int | None:
    """The humans' duel on screen at `now`: the keyboard's holder's (rule 11.4), else the one
    shown so far while it is one of theirs, else their first."""
    t = state.tournament
    holder = t.keyboard_holder(now, ui.focus)
    if holder is not None:
        return holder[1]
    mine = t.human_duels()
    if ui.focus in mine:
        return ui.focus
    return mine[0] if mine else None


def turn_now(state: TournamentState, ui: TournamentUi, now: int) -> Turn | None:
    """The turn the keyboard types for at `now` (None: nobody of this device may guess)."""
    t = state.tournament
    holder = t.keyboard_holder(now, ui.focus)
    rnd = t.current
    if holder is None or rnd is None:
        return None
    pid, index = holder
    rows = len(rnd["matches"][index]["duel"].rows)
    return t.round_number, index, pid, rows


def typing_for(state: TournamentState, ui: TournamentUi, turn: Turn) -> Typing:
    """The guess typed for `turn`: the letters kept only when they were typed for it (a row
    added since, by a skip or the guess itself, begins a fresh one)."""
    t = state.tournament
    rnd = t.current
    assert rnd is not None
    typing = Typing(t.lang, rnd["matches"][turn[1]]["duel"].length)
    if ui.turn == turn:
        typing.restore(ui.typed)
    return typing
