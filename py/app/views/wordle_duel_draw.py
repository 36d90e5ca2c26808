"""The practice duel drawn: the screen in play and one position of a replay.

Pure functions of the engine's view (games.wordle.duel_game, `view_for`) and of
what the screen holds (Ui), with no browser, so they are tested under CPython.
The person at the screen sits in seat 0 and the computer in seat 1; the word is
drawn only once the view has it (the duel is over, rule 3.7).
"""

from dataclasses import dataclass, field

from ..html import Markup, h
from . import wordle_parts as parts

YOU = 0
GAME = "wordle"


@dataclass
class Ui:
    """What the screen adds to the engine's view."""

    level: str  # the computer's level by its Wordle name (beginner ... expert)
    time_left: int = 0  # milliseconds left in the turn in play
    typed: list = field(default_factory=list)  # the tiles of the guess being typed
    message: str = ""
    message_is_error: bool = False
    shake: bool = False
    counted: bool = True  # the duel counts in the statistics (not when asked for by number)
    motion: parts.Motion | None = None  # what moves in this drawing (rows revealed, a tile typed)


def names(t) -> list:
    return [t("wordle.you"), t("wordle.computer")]


def result_text(t, words, view: dict) -> str:
    """The end of the duel in words, with the word (the view has it once over)."""
    result = view["result"]
    word = words.display(view["word"]).upper()
    if result.get("draw"):
        return t("wordle.result_draw", word=word)
    return t("wordle.result_won" if result["winner"] == YOU else "wordle.result_lost", word=word)


def clock(t, time_left: int) -> Markup:
    """The running clock of the turn in play (redrawn alone on every tick)."""
    return parts.clock(t, time_left, True)


def status(t, words, view: dict, time_left: int) -> Markup:
    if view["result"] is not None:
        return h("p", {"class": "wd-status"}, result_text(t, words, view))
    turn = view["turn"]
    whose = (
        t("wordle.your_turn") if turn == YOU else t("wordle.their_turn", name=t("wordle.computer"))
    )
    return h(
        "p",
        {"class": "wd-status"},
        h("span", {"class": "wd-whose " + ("wd-you" if turn == YOU else "wd-them")}, whose),
        " ",
        h("span", {"class": "wd-clock-slot"}, clock(t, time_left)),
    )


def info(t, view: dict, level: str) -> Markup:
    return h(
        "p",
        {"class": "wd-duel-info"},
        t(
            "wordle.duel_info",
            language=parts.language_name(t, view["lang"]),
            length=view["length"],
            name=t(f"wordle.level.{level}"),
        ),
    )


def page(t, words, view: dict, ui: Ui) -> Markup:
    """The duel in play (or over): what it is, whose turn, the board, the keys."""
    over = view["result"] is not None
    message = h(
        "p",
        {"class": "wd-message" + (" wd-error" if ui.message_is_error else ""), "role": "alert"},
        ui.message,
    )
    after = None
    if over:
        after = h(
            "div",
            {"class": "wd-after"},
            h(
                "button",
                {"type": "button", "class": "button primary", "data-action": "wd-new-duel"},
                t("wordle.new_duel"),
            ),
            h("a", {"class": "button", "href": "#/wordle"}, t("wordle.back_home")),
        )
    lang = view["lang"]
    return h(
        "section",
        {"class": "wd-duel", "data-lang": lang},
        info(t, view, ui.level),
        status(t, words, view, ui.time_left),
        message,
        parts.board(t, words, view, names(t), YOU, ui.typed, ui.shake, ui.motion),
        None
        if ui.counted or not over
        else h("p", {"class": "hint", "data-not-counted": True}, t("frame.not_counted_short")),
        after,
        parts.keyboard(t, lang, parts.key_states(words, view["rows"]), view["turn"] == YOU),
    )


def replay_board(state, t) -> Markup:
    """One position of a replay (app.views.replay): the board as both players saw
    it, and at the end the result and the word."""
    view = state.view_for(None)
    return h(
        "div",
        {"class": "wordle-view replay-board", "data-game": GAME, "data-lang": view["lang"]},
        parts.board(t, state.words, view, names(t), YOU, []),
        h("p", {"class": "replay-figures"}, result_text(t, state.words, view))
        if view["result"] is not None
        else None,
    )
