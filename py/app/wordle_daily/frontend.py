"""Today's Wordle on the frame (app.frame.frontend): one player, one word of 5 letters in
the chosen word language, 6 tries (games.wordle.solo; docs/rules/wordle-tournament.md 17).
It is only ever a daily (app.frame.daily_play: its seed, one try, its game-over window and
records): it counts in no statistics and keeps no replay. Its UI state is the duel's (the
guess being typed, the message, the rows already drawn: app.wordle_duel.ui), and so are
its keys and its refusals (app.wordle_duel.input)."""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.common.errors import IllegalMove
from games.wordle.dictionary import Dictionary
from games.wordle.letters import LANGUAGES
from games.wordle.solo import TRIES, SoloState, guess, solo_game

from .. import router
from ..daily.share import TODAY
from ..frame.frontend import (
    Changes,
    Command,
    Facts,
    FrontendDefaults,
    Input,
    Interpretation,
    Play,
    Result,
    Show,
    Table,
    Translate,
)
from ..html import Markup
from ..views import wordle_parts as parts
from ..wordle_duel import changes
from ..wordle_duel import draw as duel_draw
from ..wordle_duel.input import ENTER, key_of, refused, typed
from ..wordle_duel.ui import DuelUi, drawn_once, quiet, typing_of
from . import draw

GAME = "wordle"  # (its daily's records and save are under the Wordle route's name)


class SoloFrontend(FrontendDefaults):
    title_key = draw.TITLE
    name = GAME
    keeps_replays = False  # (a daily: everyone has the same word)

    def __init__(self, words: Dictionary):
        self.words = words
        self.game = solo_game(words)

    # --- starting (a daily's game is DailyPlay's: its seed and options) ---------------------
    def wanted(
        self, params: Mapping[str, str], prefs: Mapping[str, Any]
    ) -> tuple[dict[str, Any], int] | None:
        return None

    def new_options(self, prefs: Mapping[str, Any]) -> dict[str, Any]:
        return {"lang": self.words.lang}

    def new_seats(self, params: Mapping[str, str], prefs: Mapping[str, Any]) -> list[str | None]:
        return [None]

    def seat_params(self, table: Table) -> dict[str, str]:
        return {}

    def paused(self, ui: DuelUi) -> bool:
        return False

    def said_new(self, state: SoloState, table: Table, t: Translate) -> str:
        language = parts.language_name(t, self.words.lang)
        return str(t("wordle.daily_info", language=language, length=state.length, tries=TRIES))

    def new_ui(self, state: SoloState, kept: DuelUi | None = None) -> DuelUi:
        """The letters typed stay while no row came since (a redraw of the same position)."""
        rows = parts.settled(state.rows)
        typed_here = kept.typed if kept is not None and kept.rows_drawn == rows else ""
        return DuelUi(typed=typed_here, rows_drawn=rows)

    def legacy(self, state: SoloState, meta: dict[str, Any]) -> dict[str, Any]:
        raise ValueError("today's Wordle has no save from before the midend")

    # --- input ----------------------------------------------------------------------------
    def interpret(
        self, state: SoloState, ui: DuelUi, given: Input, facts: Facts, t: Translate
    ) -> Interpretation:
        if given.action == draw.LANGUAGE_ACTION:
            return self.language_chosen(state, given.data.get("value", ""), facts.share_href)
        key = key_of(given)
        if state.is_over or not key:
            return None
        ui = drawn_once(state, ui)
        if key != ENTER:
            return typed(ui, key, self.words.lang, state.length)
        try:
            word = self.words.parse(ui.typed, state.length)
        except IllegalMove as refusal:
            return refused(ui, refusal.key, refusal.params, t)
        return Play(guess(word))

    def language_chosen(self, state: SoloState, lang: str, address: str) -> Interpretation:
        """Today's word in another language: only before the first guess (rule 17.2). The
        page's address (today's daily, a friend's result with it) takes the language."""
        if lang not in LANGUAGES or lang == self.words.lang or state.rows:
            return None
        params = {**router.parse(address).params, "daily": TODAY, "lang": lang}
        return Command("goto", {"href": router.href(GAME, **params)})

    def refused(
        self,
        state: SoloState,
        ui: DuelUi,
        move: Any,
        key: str,
        params: dict[str, Any],
        t: Translate,
    ) -> Show[DuelUi]:
        return refused(ui, key, params, t)

    def may_take_back(self, state: SoloState, ui: DuelUi, table: Table, player: int) -> bool:
        return False  # one try

    def changed(
        self,
        before: SoloState,
        state: SoloState,
        ui: DuelUi,
        events: list[dict[str, Any]],
        facts: Facts,
        t: Translate,
    ) -> Changes[DuelUi]:
        """The row played, said (its letters and marks) and its letters cleared; the end
        said with the word, and heard."""
        ui = replace(quiet(drawn_once(before, ui)), typed="")
        said = changes.said_rows(state.words, events, [t("wordle.you")], t)
        cue = ""
        if state.is_over:
            said.append(draw.result_text(t, state.words, state.view_for(0)))
            cue = "win" if state.solved else "lose"
        return Changes(ui, " ".join(said), cue)

    # --- the end (a daily's: app.frame.daily_play keeps its result) -------------------------
    def record(self, state: SoloState, table: Table, clock_ms: float) -> Result | None:
        return None

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, state: SoloState, ui: DuelUi, facts: Facts, t: Translate) -> Markup:
        rows = parts.settled(state.rows)
        motion = parts.Motion(
            reveal_from=ui.rows_drawn if rows > ui.rows_drawn else None,
            won=state.solved,
            pop=ui.popped,
        )
        shown = duel_draw.Ui(
            level="",
            typed=typing_of(ui, self.words.lang, state.length).tiles(),
            message=ui.message,
            message_is_error=ui.message_is_error,
            shake=ui.shake,
            motion=motion,
        )
        return draw.framed(t, draw.page(t, self.words, state.view_for(0), shown), facts.shapes)
