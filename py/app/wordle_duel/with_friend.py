"""The Wordle duel with a friend on another device, as a frontend of the one game view
(app.frame.frontend), opened by #/connect as "#/wordle?remote=host|guest|resume": the same
screen as the practice duel, with the friend in the other seat (app.frame.remote_seat). The
coin flip of both devices draws the duel's length and who starts; the word is neither
device's to know until the duel is decided (app.wordle_duel.between_devices, the duel's
sub-protocol), so each hook is given a DuelPosition: what this device knows.

Each device plays its own seat's moves only, its guesses and its timeouts, by its own clock:
a turn of the friend's that ran out here is still theirs to end, so a friend who went away
is waited for and their device plays the turns that ran out when it is back. A guess is
drawn as "checking" until its marks come; each row is said once its marks are in, whichever
change brought them (`DuelUi.said`). The duel is saved in its own slot
(games_list.remote_slot) with the letters typed (app.frame.lasting_ui) and this device's
side of the word, and counted as a duel with a friend ("remote")."""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.wordle.dictionary import Dictionary

from ..frame.frontend import (
    Changes,
    Facts,
    FrontendDefaults,
    Input,
    Interpretation,
    Result,
    Show,
    Table,
    Translate,
)
from ..html import Markup, h
from ..views import wordle_parts as parts
from . import draw, turns
from .between_devices import DuelPosition, HiddenWord
from .changes import guesses_measure
from .input import ENTER, interpret, key_of, refused
from .saved import GAME, typed_kept
from .ui import DuelUi, drawn_once, quiet, screen


class FriendDuelFrontend(FrontendDefaults):
    title_key = draw.FRIEND_TITLE
    name = GAME  # saved in the Wordle route's slot for friends, counted under Wordle

    def __init__(self, words: Dictionary, speed: int = 1):
        self.words = words
        self.sub_protocol = HiddenWord(words, speed)
        self.game = self.sub_protocol.game  # (only ever played between devices)

    # --- the duel proposed ---------------------------------------------------------------
    def wanted(
        self, params: Mapping[str, str], prefs: Mapping[str, Any]
    ) -> tuple[dict[str, Any], int] | None:
        return None  # a duel with a friend is never asked for by its number

    def new_options(self, prefs: Mapping[str, Any]) -> dict[str, Any]:
        """The duel proposed to the friend: this device's Wordle language (the same again
        after a duel: the friend's page has its words)."""
        return {"lang": self.words.lang}

    def new_seats(self, params: Mapping[str, str], prefs: Mapping[str, Any]) -> list[str | None]:
        return [None, None]  # (never asked: the coin flip seats both devices)

    def seat_params(self, table: Table) -> dict[str, str]:
        return {}

    def paused(self, ui: DuelUi) -> bool:
        return False

    def said_new(self, state: DuelPosition, table: Table, t: Translate) -> str:
        return ""  # (the link's line says the duel started)

    def legacy(self, state: DuelPosition, meta: dict[str, Any]) -> dict[str, Any]:
        raise ValueError("a duel with a friend is saved by the midend only")

    def new_ui(self, state: DuelPosition, kept: DuelUi | None = None) -> DuelUi:
        """A duel put on screen: its rows are not revealed nor said again; the letters a
        save kept come back for the row they were typed for."""
        settled = parts.settled(state.state.rows)
        typed_here = kept is not None and kept.resumed and kept.rows_drawn == settled
        typed = kept.typed if kept is not None and typed_here else ""
        return DuelUi(typed=typed, rows_drawn=settled, said=settled)

    # --- input -------------------------------------------------------------------------
    def interpret(
        self, state: DuelPosition, ui: DuelUi, given: Input, facts: Facts, t: Translate
    ) -> Interpretation:
        key = key_of(given)
        if not facts.table.in_play or state.share_lost or not key:
            return None
        ui = drawn_once(state.state, ui)  # (what was on screen: its rows revealed already)
        if key == ENTER and state.current_player != state.me:
            return refused(ui, "wordle.not_your_turn", {}, t)
        now = state.now(facts.page_ms)
        return interpret(state.state, ui, key, state.me, now, self.words, t)

    def refused(
        self,
        state: DuelPosition,
        ui: DuelUi,
        move: Any,
        key: str,
        params: dict[str, Any],
        t: Translate,
    ) -> Show[DuelUi]:
        return refused(ui, key, params, t)

    def may_take_back(self, state: DuelPosition, ui: DuelUi, table: Table, player: int) -> bool:
        return False  # a duel's guesses are on the clock: none is taken back

    def changed(
        self,
        before: Any,
        state: DuelPosition,
        ui: DuelUi | None,
        events: list[dict[str, Any]],
        facts: Facts,
        t: Translate,
    ) -> Changes[DuelUi]:
        """The rows whose marks came since the last change, said and revealed (`before` is
        not read: a move this device's side of the word played by itself comes without
        it); a row of this seat's, guessed or run out, takes the letters typed; the end
        said with the word once both shares are shown. (No UI state yet: a move that came
        with the connection, before the view was built, on a duel resumed.)"""
        me, rows = state.me, state.state.rows
        ui = quiet(ui if ui is not None else self.new_ui(state))
        if any(event["type"] == "row" and event["row"]["seat"] == me for event in events):
            ui = replace(ui, typed="")
        names, settled = self.names(facts.table, t), parts.settled(rows)
        said = [
            parts.row_summary(t, self.words, rows[number], names[rows[number]["seat"]], number + 1)
            for number in range(ui.said, settled)
        ]
        ui = replace(ui, rows_drawn=min(ui.said, settled), said=max(ui.said, settled))
        cue = ""
        if state.is_over:
            peer = self.peer(facts.table)
            said.append(draw.result_text(t, self.words, state.view(), me, peer))
            cue = "win" if (state.result or {}).get("winner") == me else "lose"
        return Changes(ui, " ".join(said), cue)

    # --- the end -----------------------------------------------------------------------
    def record(self, state: DuelPosition, table: Table, clock_ms: float) -> Result:
        """Counted as a duel with a friend (the game view asks the match who won); the chart
        counts the duel's end as the rules made it (not one resigned or left)."""
        duel = state.state
        measure = None if duel.result is None else guesses_measure(duel.result, duel.rows, state.me)
        figures = {"rows": len(duel.rows)}
        return Result("remote", won=None, score=None, figures=figures, measure=measure)

    # --- the clock (app.frame.timed): the side's, kept with the share -----------------------
    def clock_started(self, ui: DuelUi, page_ms: float) -> DuelUi:
        return ui  # (it started with the match: app.wordle_duel.between_devices)

    def due(
        self, state: DuelPosition, ui: DuelUi, computer_to_move: bool, planned: Any, page_ms: float
    ) -> Any:
        """This device's turn run out by now (the friend's device ends the friend's turns;
        no turn runs while a guess waits for its marks)."""
        duel = state.state
        if not state.in_play or state.current_player != state.me or duel.deadline is None:
            return None
        move = duel.timeout_move()
        return move if move["at"] <= state.now(page_ms) else None

    def clock_shown(
        self, state: DuelPosition, ui: DuelUi, page_ms: float, t: Translate, slot: str = ""
    ) -> Markup:
        return draw.clock(t, state.state.time_left(state.now(page_ms)))

    def tick_cue(self, state: DuelPosition, ui: DuelUi, page_ms: float) -> Any:
        if state.current_player != state.me:
            return None
        return turns.tick_second(state.state, state.me, state.now(page_ms))

    # --- what outlives a reload (app.frame.lasting_ui) --------------------------------
    def kept(self, ui: DuelUi) -> dict[str, Any]:
        return {"typed": ui.typed, "typed_row": ui.said}

    def ui_from_save(self, meta: dict[str, Any]) -> DuelUi:
        typed, row = typed_kept(meta)
        return DuelUi(typed=typed, rows_drawn=row, resumed=True)

    # --- drawing -----------------------------------------------------------------------
    def names(self, table: Table, t: Translate) -> list[str]:
        me, peer = table.me, self.peer(table)
        return [t("wordle.you") if seat == me else peer for seat in (0, 1)]

    @staticmethod
    def peer(table: Table) -> str:
        friend = table.remote
        return friend.name if friend is not None else "?"

    def draw(self, state: DuelPosition, ui: DuelUi, facts: Facts, t: Translate) -> Markup:
        duel, me = state.state, state.me
        time_left = duel.time_left(state.now(facts.page_ms))
        shown = screen(duel, ui, self.words.lang, me, "", time_left, facts.counted)
        shown.peer, shown.bar = self.peer(facts.table), facts.bar
        shown.frozen = not facts.table.in_play
        if state.share_lost:
            said = {"class": "remote-status", "role": "alert", "data-share-lost": True}
            shown.bar = h("div", {}, shown.bar, h("p", said, t("wordle.remote.share_lost")))
            shown.frozen = True
        page = draw.page(t, self.words, state.view(), shown)
        return draw.framed(t, page, facts.shapes, self.title_key)
