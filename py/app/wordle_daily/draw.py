"""Today's Wordle drawn: what it is (and, before the first guess, the word language to
choose), how it stands, the duel's board of 6 rows and the language's keys
(app.views.wordle_parts). Pure functions of the engine's view (games.wordle.solo) and of
what the screen holds (app.wordle_duel.draw.Ui), tested under CPython."""

from games.common.protocol import Json
from games.wordle.dictionary import Dictionary

from ..frame.frontend import Translate
from ..html import Markup, h
from ..views import wordle_parts as parts
from ..wordle_duel import draw as duel_draw

TITLE = "daily.wordle.name"
LANGUAGE_ACTION = "wd-daily-lang"


def result_text(t: Translate, words: Dictionary, view: Json) -> str:
    """The end in words, with the word (the view has it once over)."""
    word = words.display(view["word"]).upper()
    result = view["result"]
    if result["solved"]:
        return t("wordle.daily_solved", guesses=result["guesses"], word=word)
    return t("wordle.daily_lost", word=word)


def status(t: Translate, words: Dictionary, view: Json) -> Markup:
    if view["result"] is not None:
        return h("p", {"class": "wd-status", "data-daily-end": True}, result_text(t, words, view))
    left = view["tries"] - len(view["rows"])
    return h("p", {"class": "wd-status"}, t("wordle.daily_tries_left", count=left))


def info(t: Translate, view: Json) -> Markup:
    """The word's length and language; while no guess is played, the language to choose
    (one try a day whatever the language: docs/rules/wordle-tournament.md 17.2)."""
    language = parts.language_name(t, view["lang"])
    text = t("wordle.daily_info", language=language, length=view["length"], tries=view["tries"])
    if view["rows"] or view["result"] is not None:
        return h("p", {"class": "wd-duel-info"}, text)
    return h(
        "div",
        {"class": "wd-daily-choice"},
        h(
            "p",
            {},
            h("label", {"for": "wd-daily-lang"}, t("wordle.language")),
            " ",
            parts.language_select(t, "wd-daily-lang", LANGUAGE_ACTION, view["lang"]),
        ),
        h("p", {"class": "hint"}, t("wordle.daily_language_note", length=view["length"])),
    )


def page(t: Translate, words: Dictionary, view: Json, ui: duel_draw.Ui) -> Markup:
    """Today's word in play (or over): what it is, how it stands, the board, the keys."""
    message = h(
        "p",
        {"class": "wd-message" + (" wd-error" if ui.message_is_error else ""), "role": "alert"},
        ui.message,
    )
    names = [t("wordle.you")]
    return h(
        "section",
        {"class": "wd-duel wd-daily", "data-lang": view["lang"]},
        info(t, view),
        status(t, words, view),
        message,
        parts.board(t, words, view, names, 0, ui.typed, ui.shake, ui.motion, rows=view["tries"]),
        parts.keyboard(t, view["lang"], parts.key_states(words, view["rows"]), view["turn"] == 0),
    )


def framed(t: Translate, body: Markup, shapes: bool) -> Markup:
    return duel_draw.framed(t, body, shapes, TITLE)
