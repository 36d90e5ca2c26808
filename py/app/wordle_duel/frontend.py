"""The practice duel's frontend on the frame (app.frame.frontend): you in seat 0 against the
computer in seat 1, on the words of one language (the duel's Game exists only once they are
loaded). Its turns run on the duel's own clock, kept in the UI state and in the save with the
letters typed (app.frame.lasting_ui), and read from the page's time the game view gives
(Facts.page_ms; app.frame.timed plays the moves that fall due). The duel's end is said on its
own page: it has no game-over window."""

import dataclasses
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.common.protocol import Game
from games.wordle.dictionary import Dictionary
from games.wordle.duel_game import MAX_TIME, DuelState, duel_game
from games.wordle.players import LEVELS, PROTOCOL_LEVELS

from ..frame import game_clock
from ..frame.frontend import (
    Changes,
    Command,
    Facts,
    FrontendDefaults,
    Input,
    Interpretation,
    Result,
    Show,
    Table,
    Translate,
)
from ..html import Markup
from ..midend import computer, fresh_seed
from ..views.wordle_parts import settled
from . import changes, draw, turns
from .input import interpret, key_of, refused
from .saved import GAME, LEVEL_OF_SEAT, MAX_SPEED, duel_info, typed_kept, wanted_duel
from .ui import DuelUi, drawn_once, new_ui, screen

YOU = 0
DEFAULT_LEVEL = "skilled"


def stored_game(words: Dictionary) -> Game:
    """The duel's Game under the Wordle route's records (the engine's own name, wordle-duel,
    is the replay's)."""
    return dataclasses.replace(duel_game(words), name=GAME)


class DuelFrontend(FrontendDefaults):
    title_key = draw.PRACTICE_TITLE
    name = GAME

    def __init__(self, words: Dictionary, speed: int = 1):
        self.words = words
        self.game = stored_game(words)
        self.speed = speed  # test-only: the duel's clock runs `speed` times faster

    # --- the game an address asks for --------------------------------------------------
    def wanted(
        self, params: Mapping[str, str], prefs: Mapping[str, Any]
    ) -> tuple[dict[str, Any], int] | None:
        """The address "?mode=duel&seed=N" asks for that number's duel, whose number is
        also its secret (so it is played but never counted: docs/rules/README.md, Fairness)."""
        found = wanted_duel(dict(params))
        if found is None:
            return None
        return {"lang": self.words.lang, "secret": found[0]}, found[0]

    def numbered(self, options: dict[str, Any], seed: int) -> bool:
        """Only a duel asked for by its number opens again from it: another's word was drawn
        apart from the seed (app.frame.address)."""
        return options.get("secret") == seed

    def new_options(self, prefs: Mapping[str, Any]) -> dict[str, Any]:
        return {"lang": self.words.lang, "secret": fresh_seed()}  # drawn apart from the seed

    def new_seats(self, params: Mapping[str, str], prefs: Mapping[str, Any]) -> list[str | None]:
        level = params.get("level") or prefs.get("level")
        level = level if level in LEVELS else DEFAULT_LEVEL
        return [None, PROTOCOL_LEVELS[str(level)]]

    def seat_params(self, table: Table) -> dict[str, str]:
        return {"mode": "duel"}  # (its number only once it gives nothing away: the midend's ID)

    def level(self, table: Table) -> str:
        """The computer's level by its Wordle name."""
        return LEVEL_OF_SEAT.get(computer(table.seats[1].level), DEFAULT_LEVEL)

    def paused(self, ui: DuelUi) -> bool:
        return False

    def said_new(self, state: DuelState, table: Table, t: Translate) -> str:
        first = draw.names(t)[state.view_for(YOU)["first"]]
        return str(t("wordle.duel_started", length=state.length, first=first))

    def new_ui(self, state: DuelState, kept: DuelUi | None = None) -> DuelUi:
        """Its clock goes on after a save read back, or in a duel under way; a new duel's
        starts with its first tick."""
        if kept is None:
            return new_ui(state)
        goes_on = kept.resumed or bool(state.rows)
        # (letters typed for a row since played are not put back: the save before the move
        # was shown still had them)
        typed_here = kept.resumed and kept.rows_drawn == settled(state.rows)
        return new_ui(state, kept.typed if typed_here else "", kept.clock if goes_on else None)

    def legacy(self, state: DuelState, meta: dict[str, Any]) -> dict[str, Any]:
        info = duel_info(meta)  # ValueError when damaged
        return {
            "options": {"lang": info["lang"]},
            "seed": info["seed"],
            "seats": [None, PROTOCOL_LEVELS[info["level"]]],
        }

    # --- the clock ---------------------------------------------------------------------
    def now(self, ui: DuelUi, page_ms: float) -> int:
        """The duel's time at the page's time `page_ms` (0 until its clock starts)."""
        return 0 if ui.clock is None else ui.clock.read(page_ms, MAX_TIME)

    def clock_started(self, ui: DuelUi, page_ms: float) -> DuelUi:
        if ui.clock is not None:
            return ui
        return replace(ui, clock=game_clock.started(page_ms, self.speed))

    def due(
        self, state: DuelState, ui: DuelUi, computer_to_move: bool, planned: Any, page_ms: float
    ) -> Any:
        return turns.due_move(state, computer_to_move, planned, self.now(ui, page_ms))

    def clock_shown(
        self, state: DuelState, ui: DuelUi, page_ms: float, t: Translate, slot: str = ""
    ) -> Markup:
        return draw.clock(t, state.time_left(self.now(ui, page_ms)))

    def tick_cue(self, state: DuelState, ui: DuelUi, page_ms: float) -> Any:
        return turns.tick_second(state, YOU, self.now(ui, page_ms))

    # --- what outlives a reload (app.frame.lasting_ui) --------------------------------
    def kept(self, ui: DuelUi) -> dict[str, Any]:
        clock = ui.clock.meta() if ui.clock is not None else {}
        return {**clock, "typed": ui.typed, "typed_row": ui.rows_drawn}

    def ui_from_save(self, meta: dict[str, Any]) -> DuelUi | None:
        try:
            clock = game_clock.from_meta(meta, MAX_TIME, MAX_SPEED)
        except ValueError:
            return None  # (a new clock: the turn in play begins again)
        typed, row = typed_kept(meta)
        return DuelUi(typed=typed, rows_drawn=row, clock=clock, resumed=True)

    # --- input -------------------------------------------------------------------------
    def interpret(
        self, state: DuelState, ui: DuelUi, given: Input, facts: Facts, t: Translate
    ) -> Interpretation:
        if given.action == "wd-new-duel":
            return Command("new")
        key = key_of(given)
        if not facts.table.in_play:
            return None
        ui = drawn_once(state, ui)  # (what was on screen: its rows revealed already)
        return interpret(state, ui, key, YOU, self.now(ui, facts.page_ms), self.words, t)

    def refused(
        self,
        state: DuelState,
        ui: DuelUi,
        move: Any,
        key: str,
        params: dict[str, Any],
        t: Translate,
    ) -> Show[DuelUi]:
        return refused(ui, key, params, t)

    def may_take_back(self, state: DuelState, ui: DuelUi, table: Table, player: int) -> bool:
        return False  # a duel's guesses are on the clock: none is taken back

    def changed(
        self,
        before: DuelState,
        state: DuelState,
        ui: DuelUi,
        events: list[dict[str, Any]],
        facts: Facts,
        t: Translate,
    ) -> Changes[DuelUi]:
        ui = drawn_once(before, ui)  # the rows this move played are revealed, no others
        return changes.changed(state, ui, events, YOU, draw.names(t), t)

    # --- the end -----------------------------------------------------------------------
    def record(self, state: DuelState, table: Table, clock_ms: float) -> Result:
        return changes.record(state, YOU)

    def outcome(
        self,
        state: DuelState,
        facts_before: Mapping[str, Any],
        counted: bool,
        place: int | None,
        clock_ms: float,
    ) -> dict[str, Any]:
        return {}  # no game-over window: the end is said on the duel's page

    def checked_outcome(self, saved: Any) -> dict[str, Any] | None:
        return None

    # --- drawing -----------------------------------------------------------------------
    def draw(self, state: DuelState, ui: DuelUi, facts: Facts, t: Translate) -> Markup:
        time_left = state.time_left(self.now(ui, facts.page_ms))
        level = self.level(facts.table)
        shown = screen(state, ui, self.words.lang, YOU, level, time_left, facts.counted)
        return draw.framed(t, draw.page(t, self.words, state.view_for(YOU), shown), facts.shapes)
