"""The practice duel drawn: the screen in play and one position of a replay.

Pure functions of the engine's view (games.wordle.duel_game, `view_for`) and of
what the screen holds (Ui), with no browser, so they are tested under CPython.
Against the computer the person at the screen sits in seat 0 and the computer in
seat 1; with a friend on another device (app.wordle_duel.with_friend) the coin
flip seated them, and the Ui says which seat is this screen's and the friend's
name. The word is drawn only once the view has it (the duel is over, rule 3.7).
"""

from dataclasses import dataclass, field

from games.common.protocol import Json
from games.wordle.dictionary import Dictionary
from games.wordle.duel_game import DuelState

from ..frame.frontend import Translate
from ..html import Markup, h
from ..router import href
from ..views import wordle_parts as parts

YOU = 0
GAME = "wordle"
# The page's title: a practice duel's, a duel with a friend's (the Tournament has its own).
PRACTICE_TITLE, FRIEND_TITLE = "wordle.duel_title", "wordle.friend_duel_title"
# Why no one is to guess in a duel between devices (the view's "waiting"), and what is said.
WAITING = {
    "starting": "wordle.duel_starting",
    "checking": "wordle.duel_checking",
    "revealing": "wordle.duel_revealing",
}


@dataclass
class Ui:
    """What the screen adds to the engine's view."""

    level: str  # the computer's level by its Wordle name (beginner ... expert)
    time_left: int = 0  # milliseconds left in the turn in play
    typed: list[str] = field(default_factory=list)  # the tiles of the guess being typed
    message: str = ""
    message_is_error: bool = False
    shake: bool = False
    counted: bool = True  # the duel counts in the statistics (not when asked for by number)
    motion: parts.Motion | None = None  # what moves in this drawing (rows revealed, a tile typed)
    me: int = YOU  # this screen's seat
    peer: str | None = None  # the friend's name, in a duel with a friend on another device
    bar: Markup | None = None  # that duel's line: the connection and what can be done
    frozen: bool = False  # that duel is not in play (stopped, ended, being set up)

    def names(self, t: Translate) -> list[str]:
        if self.peer is None:
            return names(t)
        return [t("wordle.you") if seat == self.me else self.peer for seat in (0, 1)]


def between_turns(view: Json) -> Json:
    """A duel between devices (games.wordle.hidden_duel_game's view) as it is drawn: no one
    to guess while the duel is set up, while a guess waits for its marks and while the
    shares are shown, and "waiting" says which."""
    phase, pending = view.get("phase"), view.get("pending")
    waiting = {"commit": "starting", "reveal": "revealing"}.get(str(phase))
    if phase == "play" and pending is not None:
        waiting = "checking"
    if waiting is None:
        return view
    return {**view, "turn": None, "waiting": waiting}


def names(t: Translate) -> list[str]:
    return [t("wordle.you"), t("wordle.computer")]


def result_text(
    t: Translate, words: Dictionary, view: Json, me: int = YOU, peer: str | None = None
) -> str:
    """The end of the duel in words, with the word (the view has it once over)."""
    result = view["result"]
    word = words.display(view["word"]).upper()
    if result.get("draw"):
        return t("wordle.result_draw", word=word)
    if result["winner"] == me:
        return t("wordle.result_won", word=word)
    if peer is not None:
        return t("wordle.result_lost_remote", word=word, name=peer)
    return t("wordle.result_lost", word=word)


def clock(t: Translate, time_left: int) -> Markup:
    """The running clock of the turn in play (redrawn alone on every tick)."""
    return parts.clock(t, time_left, True)


def status(t: Translate, words: Dictionary, view: Json, ui: Ui) -> Markup:
    if view["result"] is not None:
        return h("p", {"class": "wd-status"}, result_text(t, words, view, ui.me, ui.peer))
    turn = view["turn"]
    waiting = view.get("waiting")
    if turn is None and waiting in WAITING:  # (a duel between devices, between turns)
        return h(
            "p",
            {"class": "wd-status", "data-waiting": waiting},
            h("span", {"class": "wd-whose wd-waiting"}, t(WAITING[waiting])),
        )
    if turn == ui.me:
        whose = t("wordle.your_turn")
    elif ui.peer is not None:
        whose = t("wordle.their_turn_remote", name=ui.peer)
    else:
        whose = t("wordle.their_turn", name=t("wordle.computer"))
    return h(
        "p",
        {"class": "wd-status"},
        h("span", {"class": "wd-whose " + ("wd-you" if turn == ui.me else "wd-them")}, whose),
        " ",
        h("span", {"class": "wd-clock-slot"}, clock(t, ui.time_left)),
    )


def info(t: Translate, view: Json, ui: Ui) -> Markup:
    language, length = parts.language_name(t, view["lang"]), view["length"]
    if ui.peer is not None:
        text = t("wordle.duel_info_remote", language=language, length=length, name=ui.peer)
    else:
        name = t(f"wordle.level.{ui.level}")
        text = t("wordle.duel_info", language=language, length=length, name=name)
    return h("p", {"class": "wd-duel-info"}, text, " · ", toss(t, view, ui))


def toss(t: Translate, view: Json, ui: Ui) -> Markup:
    """Who starts, as the lot drew it (docs/rules/wordle-tournament.md 3.1, 13.5)."""
    first = view["first"]
    if first == ui.me:
        text = t("wordle.toss_you")
    else:
        text = t("wordle.toss_them", name=ui.peer or t("wordle.computer"))
    return h("span", {"class": "wd-toss", "data-first": "you" if first == ui.me else "them"}, text)


def page(t: Translate, words: Dictionary, view: Json, ui: Ui) -> Markup:
    """The duel in play (or over): what it is, whose turn, the board, the keys."""
    over = view["result"] is not None
    message = h(
        "p",
        {"class": "wd-message" + (" wd-error" if ui.message_is_error else ""), "role": "alert"},
        ui.message,
    )
    after = None
    if over and ui.peer is None:  # (with a friend, the remote bar says what comes next)
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
        info(t, view, ui),
        ui.bar,
        status(t, words, view, ui),
        message,
        parts.board(t, words, view, ui.names(t), ui.me, ui.typed, ui.shake, ui.motion),
        None
        if ui.counted or not over
        else h("p", {"class": "hint", "data-not-counted": True}, t("frame.not_counted_short")),
        after,
        parts.keyboard(
            t, lang, parts.key_states(words, view["rows"]), view["turn"] == ui.me and not ui.frozen
        ),
    )


def framed(t: Translate, body: Markup, shapes: bool, title_key: str = PRACTICE_TITLE) -> Markup:
    """The Wordle page around the duel (as app.views.wordle draws its home): its heading (the
    duel's, `title_key`) and links, the colour-blind marks as the settings say."""
    return h(
        "div",
        {"class": "wordle-view" + (" wd-colour-blind" if shapes else ""), "data-game": GAME},
        h("h1", {"tabindex": "-1"}, t(title_key)),
        body,
        h(
            "p",
            {"class": "wd-links"},
            h("a", {"href": "#/wordle"}, t("wordle.home")),
            " ",
            h("a", {"href": href("rules", "wordle")}, t("wordle.rules_link")),
        ),
    )


def replay_board(state: DuelState, t: Translate, seats: object = None) -> Markup:
    """One position of a replay (app.views.replay): the board as both players saw
    it, and at the end the result and the word. `seats`: the replay's (a friend on
    another device plays the "remote" seat)."""
    view = state.view_for(None)
    players, me = names(t), YOU
    if isinstance(seats, list) and sorted(map(str, seats)) == ["human", "remote"]:
        players = [t("wordle.friend") if seat == "remote" else t("wordle.you") for seat in seats]
        me = seats.index("human")
    return h(
        "div",
        {"class": "wordle-view replay-board", "data-game": GAME, "data-lang": view["lang"]},
        parts.board(t, state.words, view, players, me, []),
        h("p", {"class": "replay-figures"}, result_text(t, state.words, view, me))
        if view["result"] is not None
        else None,
    )
