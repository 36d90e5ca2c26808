"""An input on the Tournament's page on the frame, read into a move (a guess, the start,
leaving, the bots' duels played out), a change of what is on screen (a letter typed, a duel
watched, the leave card) or a new lobby. Pure: the tournament's time `now` is given."""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.common.errors import IllegalMove
from games.wordle.dictionary import Dictionary
from games.wordle.tournament_game import TournamentState
from games.wordle.tournament_moves import guess

from ..frame.frontend import Command, Input, Interpretation, Play, Show, Translate
from ..wordle_duel.input import BACK, ENTER, key_of
from . import group_input
from .frame_ui import TournamentUi, focused, quiet, turn_now, typing_for
from .lobby_people import people_choice
from .turn_typing import watched_after_click


def interpret(
    state: TournamentState,
    ui: TournamentUi,
    given: Input,
    now: int,
    words: Dictionary,
    t: Translate,
) -> Interpretation:
    action, tournament = given.action, state.tournament
    if action in TO_ANOTHER and tournament.humans_done and not tournament.is_over:
        return Play({"type": "finish"})  # (its end first: kept for replaying, rule 11.6)
    if action == "wt-new":
        return Command("new", {"screen": group_input.LOBBY})
    if action in group_input.ACTIONS:
        return group_input.interpret(state, ui, action, given.data, t)
    if action == "wt-rename":
        return renamed(state, given.data)
    if tournament.phase == "lobby":
        return Play({"type": "start", "at": now}) if action == "wt-start" else None
    if action in ROUND_ACTIONS:
        return ROUND_ACTIONS[action](state, ui, given.data, now)
    return typed(state, ui, key_of(given), now, words, t)


def typed(
    state: TournamentState, ui: TournamentUi, key: str, now: int, words: Dictionary, t: Translate
) -> Interpretation:
    """A letter typed or taken back for the keyboard's holder (rule 11.4), or their guess."""
    turn = turn_now(state, ui, now) if key else None
    if turn is None:
        return None
    ui = replace(ui, watching=None)  # typing in your turn takes you back to your duel
    typing = typing_for(state, ui, turn)
    if key == ENTER:
        try:
            word = words.parse(typing.text, typing.length)
        except IllegalMove as refusal:
            return refused(
                replace(ui, typed=typing.text, turn=turn), refusal.key, refusal.params, t
            )
        return Play(guess(turn[2], word, now))
    if key == BACK:
        typing.back()
    elif not typing.add(key):
        return None
    return Show(replace(quiet(ui), typed=typing.text, turn=turn, focus=turn[1]))


def refused(ui: TournamentUi, key: str, params: dict[str, Any], t: Translate) -> Show[TournamentUi]:
    """A move refused (by the words or the rules): said, the row shaking, the letters kept."""
    message = t(key, **params)
    shown = replace(quiet(ui), message=message, message_is_error=True, shake=True)
    return Show(shown, said=message, cue="invalid")


def renamed(state: TournamentState, data: Mapping[str, str]) -> Interpretation:
    """The lobby's nickname changed: a new lobby with it (the player's choice, remembered)."""
    t = state.tournament
    name = str(data.get("value", "")).strip()
    if t.phase != "lobby" or not name or name == t.players[0]["name"]:
        return None
    names = [p["name"] for p in t.players if p["human"]]
    return Command("new", people_choice([name, *names[1:]]))


Data = Mapping[str, str]


def duel_index(state: TournamentState, data: Data) -> int | None:
    rnd = state.tournament.current
    text = str(data.get("duel", ""))
    if rnd is None or not text.isdigit() or not int(text) < len(rnd["matches"]):
        return None
    return int(text)


def watch(state: TournamentState, ui: TournamentUi, data: Data, now: int) -> Interpretation:
    index = duel_index(state, data)
    if index is None:
        return None
    t = state.tournament
    yours = index == focused(state, ui, now) and bool(t.humans_in())
    watching = watched_after_click(index, ui.watching, yours)
    return Show(replace(ui, watching=watching, out_seen=ui.out_seen or t.humans_done))


def focus(state: TournamentState, ui: TournamentUi, data: Data, now: int) -> Interpretation:
    """A duel of this device's humans brought to the front; with a shared keyboard only a look
    while the keyboard is another duel's (rule 11.4)."""
    index = duel_index(state, data)
    if index is None:
        return None
    t = state.tournament
    holder = t.keyboard_holder(now, ui.focus)
    if t.shared_keyboard and holder is not None and holder[1] != index:
        return Show(replace(ui, watching=index))
    return Show(replace(ui, focus=index, watching=None))


def leave(state: TournamentState, ui: TournamentUi, data: Data, now: int) -> Interpretation:
    if state.tournament.humans_done:
        return None
    return Show(replace(ui, confirm_leave=True), focus="wt-leave-yes")


def leave_yes(state: TournamentState, ui: TournamentUi, data: Data, now: int) -> Interpretation:
    """The whole group of this device leaves (rule 11.5): one move each, at once."""
    still_in = state.tournament.humans_in()
    if not still_in:
        return None
    moves = [{"type": "leave", "player": pid, "at": now} for pid in still_in]
    return Play(moves[0], tuple(moves[1:]))


def finish(state: TournamentState, ui: TournamentUi, data: Data, now: int) -> Interpretation:
    """Everyone of this device is out: the bots' last duels played out (rule 11.6)."""
    t = state.tournament
    return Play({"type": "finish"}) if t.humans_done and not t.is_over else None


TO_ANOTHER = {"wt-new", "wt-back-to-group", "wt-group-open", "wt-solo"}  # (a new lobby)
ROUND_ACTIONS = {
    "wt-watch": watch,
    "wt-unwatch": lambda state, ui, data, now: Show(replace(ui, watching=None)),
    "wt-watch-on": lambda state, ui, data, now: Show(replace(ui, out_seen=True)),
    "wt-focus": focus,
    "wt-leave": leave,
    "wt-leave-no": lambda state, ui, data, now: Show(replace(ui, confirm_leave=False)),
    "wt-leave-yes": leave_yes,
    "wt-finish": finish,
}
