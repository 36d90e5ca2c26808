"""A key or a click on the duel's keyboard, read into a change of the guess being typed or a
guess to play (the frame's Interpretation). Pure: the time of a guess is the duel's clock's,
which the caller reads (app.frame.game_clock)."""

from dataclasses import replace
from typing import Any

from games.common.errors import IllegalMove
from games.wordle.dictionary import Dictionary
from games.wordle.duel_game import guess

from ..frame.frontend import Input, Interpretation, Play, Show, Translate
from .ui import Duel, DuelUi, quiet, typing_of

ENTER, BACK = "enter", "back"


def key_of(given: Input) -> str:
    """The duel's key for an input: a letter, ENTER or BACK ("": not the duel's)."""
    if given.action == "wd-key":
        return str(given.data.get("key", ""))
    if given.action != "key":
        return ""
    if given.key == "Enter":
        return ENTER
    if given.key == "Backspace":
        return BACK
    return given.key if len(given.key) == 1 and given.key.strip() else ""


def interpret(
    state: Duel, ui: DuelUi, key: str, me: int, now: int, words: Dictionary, t: Translate
) -> Interpretation:
    """A letter typed or taken back (a Show), or the guess typed played at `now` on the
    duel's clock (a Play; a refusal's Show when it is not a guess of ours)."""
    if state.is_over or not key:
        return None
    if key == ENTER:
        return submitted(state, ui, me, now, words, t)
    return typed(ui, key, words.lang, state.length)


def typed(ui: DuelUi, key: str, lang: str, length: int) -> Show[DuelUi] | None:
    """A letter added to the guess being typed, or taken back (None: not a letter here)."""
    typing = typing_of(ui, lang, length)
    if key == BACK:
        typing.back()
    elif not typing.add(key):
        return None
    return Show(replace(quiet(ui), typed=typing.text, popped=key != BACK))


def submitted(
    state: Duel, ui: DuelUi, me: int, now: int, words: Dictionary, t: Translate
) -> Interpretation:
    try:
        if state.current_player != me:
            raise IllegalMove("wordle.not_your_turn")
        word = words.parse(ui.typed, state.length)
    except IllegalMove as refusal:
        return refused(ui, refusal.key, refusal.params, t)
    return Play(guess(me, word, max(now, state.duel.turn_started)))


def refused(ui: DuelUi, key: str, params: dict[str, Any], t: Translate) -> Show[DuelUi]:
    """A guess refused (by the words or the rules): said, shown shaking, the letters kept."""
    message = t(key, **params)
    shown = replace(quiet(ui), message=message, message_is_error=True, shake=True)
    return Show(shown, said=message, cue="invalid")
