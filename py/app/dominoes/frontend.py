"""Dominoes' frontend (app.frame.frontend): who sits where (from the game view's Table), the
hands' summaries closed, whose hand is uncovered, the tile picked and the tile just drawn, the
points floating and the line under the table as the UI state (ui.py); clicks, keys and a tile
dragged turned into moves (input.py, dragging.py); what a move says and sounds like
(changes.py); what a finished game records; the page (draw.py). Pure: no browser, no storage,
no midend; the rules stay in games.dominoes.

Every hook reads the position as the seat in view has it (`seats.seen`). Between devices the
position is what this device knows (dealt_position: the public one with this device's hands,
its sub-protocol's: between_devices), read the same way.
"""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.common.checks import is_int
from games.common.errors import IllegalMove
from games.dominoes import State
from games.dominoes.choices import hands_played
from games.dominoes.game import GAME as DOMINOES

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
from ..frame.sub_protocol import SubProtocol
from ..html import Markup
from ..seat_kinds import HUMAN
from . import input as clicks
from . import setup
from .between_devices import DEALT_HANDS
from .changes import changed
from .dealt_position import DealtPosition
from .dragging import LEAD, TileDragRules
from .draw import page
from .seats import (
    everyone,
    frame_before_the_midend,
    levels,
    parse_players,
    proposed_seats,
    seated,
    seen,
    table_seats,
    wanted_game,
)
from .table import row_capacity
from .tiles import parse_tile
from .ui import DEFAULT_PLAYERS, GAME, DominoesUi, Screen, humans, screen, settled_ack


def variant(options: Mapping[str, Any]) -> str:
    """A game's variant in the statistics: its seats, "p" for partners ("4p")."""
    seats = options["seats"]
    return f"{seats}p" if options["partnerships"] else str(seats)


def result(
    state: Any, public: dict[str, Any], ui: DominoesUi, seed: int, kind: str, won: bool | None
) -> Result | None:
    """What a finished game records for its people (None: nobody here played it): `kind`
    is its variant, `won` whether the person's team won; the chart counts its margin, the
    team's score less the best other team's."""
    people = humans(ui)
    if not people:
        return None
    team = state.table.team_of(people[0])
    hands = hands_played(public)
    score = state.scores[team]
    figures = {
        "hands": hands,
        "seed": str(seed),
        "points_per_hand": round(score / max(1, hands), 1),
    }
    margin = score - max(s for other, s in enumerate(state.scores) if other != team)
    return Result(kind, won, score, figures, measure=margin)


def on_screen(state: Any, ui: DominoesUi, facts: Facts) -> Screen:
    """The drawing's Screen: the UI state, seated, with what the game view knows beside it
    (between devices, whether this device starts the next game)."""
    return screen(
        seated(ui, facts.table),
        seed=facts.table.seed,
        capacity=facts.layout or 4,
        can_undo=facts.can_undo,
        can_redo=facts.can_redo,
        address=facts.share_href,
        seed_shown=facts.seed_shown,
        counted=facts.counted,
        bar=facts.bar,
        hosting=isinstance(state, DealtPosition) and state.hosting,
    )


class DominoesFrontend(FrontendDefaults):
    name = GAME
    game = DOMINOES
    title_key = "game.dominoes.name"
    # Where play goes on when the control that had focus went with the drawing.
    focus_fallbacks = ("dm-draw", "dm-pass", "dm-reveal", "dm-undo")
    drag_rules = TileDragRules()
    sub_protocol: SubProtocol | None = DEALT_HANDS

    # --- the game ID, the seats and the UI state ----------------------------------------
    def players(self, params: Mapping[str, str], prefs: Mapping[str, Any]) -> list[str]:
        """Who plays each seat (a kind per seat): as a game's address names them when it asks
        for a game by its number, else as last chosen."""
        chosen = parse_players(prefs.get("players")) or list(DEFAULT_PLAYERS)
        found = wanted_game(params, chosen, self.partners(prefs, chosen))
        return chosen if found is None else found[1]

    def partners(self, prefs: Mapping[str, Any], players: list[str]) -> bool:
        return bool(prefs.get("partners")) and len(players) == 4

    def wanted(
        self, params: Mapping[str, str], prefs: Mapping[str, Any]
    ) -> tuple[dict[str, Any], int] | None:
        """The game an address asks for by its number (its seats as it names them, what it
        leaves out as last chosen)."""
        chosen = self.players({}, prefs)
        found = wanted_game(params, chosen, self.partners(prefs, chosen))
        return None if found is None else (found[2], found[0])

    def new_options(self, prefs: Mapping[str, Any]) -> dict[str, Any]:
        players = self.players({}, prefs)
        return {"seats": len(players), "partnerships": self.partners(prefs, players)}

    def new_seats(self, params: Mapping[str, str], prefs: Mapping[str, Any]) -> list[str | None]:
        return levels(self.players(params, prefs))

    def seat_params(self, table: Table) -> dict[str, str]:
        return {"players": ",".join(seated(DominoesUi(), table).players)}

    def legacy(self, state: State, meta: dict[str, Any]) -> dict[str, Any]:
        found = frame_before_the_midend(state, meta)
        return {
            **found,
            "seats": [None if s == HUMAN else s.split(":", 1)[1] for s in found["seats"]],
        }

    def new_ui(self, state: State, kept: DominoesUi | None = None) -> DominoesUi:
        """The UI state of a position put on screen (a new game, undo, redo, another tab's, a
        game resumed): the hands' summaries closed as far as they still exist (one brought
        back by redo opens again); what was picked and said goes, the new-game dialog closes,
        and a pass-and-play hand is covered."""
        view = everyone(state)
        ack = settled_ack(view, kept.ack if kept is not None else 0)
        return DominoesUi(ack=ack, finished=len(view["hand_summaries"]))

    def kept(self, ui: DominoesUi) -> dict[str, Any]:
        """The hands' summaries closed outlive a reload (app.frame.lasting_ui)."""
        return {"ack": ui.ack}

    def ui_from_save(self, meta: dict[str, Any]) -> DominoesUi:
        ack = meta.get("ack")
        return DominoesUi(ack=ack if is_int(ack) and ack >= 0 else 0)

    def proposal(
        self, prefs: Mapping[str, Any], guests: list[str]
    ) -> tuple[dict[str, Any], list[str]]:
        """The host's New game table: its seat, the friends' (the other people's seats, else
        the computers'; at a table of devices it grows if it must) and its computers, who play
        on the host's device (with two devices, any person beyond two: the strong one)."""
        players = self.players({}, prefs)
        if guests:
            return table_seats(players, bool(prefs.get("partners")), guests)
        return self.new_options(prefs), proposed_seats(players)

    def layout_for(self, width: float) -> int:
        """The lying tiles that fit in a row of the table's W and E arms (app.frame.viewport)."""
        return row_capacity(width)

    def paused(self, ui: DominoesUi) -> bool:
        """The computers wait while a hand's summary or the new-game dialog is open."""
        return ui.setup is not None or ui.finished > ui.ack

    def said_new(self, state: State, table: Table, t: Translate) -> str:
        return t("dominoes.announce.new_game")

    # --- input ---------------------------------------------------------------------------
    def interpret(
        self, state: State, ui: DominoesUi, given: Input, facts: Facts, t: Translate
    ) -> Interpretation:
        drawn = on_screen(state, replace(ui, pop=None), facts)
        view = seen(state, drawn)
        if given.action == "drop":
            return self.drop(view, drawn, given.data, t)
        meant = clicks.interpret(view, drawn, given, t)
        if isinstance(meant, Command):
            return self.command(state, drawn, meant, facts)
        if isinstance(meant, Show):
            return replace(meant, drawn=given.action in clicks.SETUP_CHOICES)
        return meant

    def drop(
        self, view: dict[str, Any], ui: Screen, data: Mapping[str, str], t: Translate
    ) -> Interpretation:
        """A tile dropped on an open end, or on the table before the lead (TileDragRules)."""
        tile = parse_tile(data.get("piece"))
        if tile is None:
            return None
        if data.get("sq") == LEAD:
            return clicks.press_tile(view, ui, tile, t)
        return clicks.press_end(view, replace(ui, selected=tile), data.get("sq", ""))

    def command(self, state: State, ui: Screen, meant: Command, facts: Facts) -> Interpretation:
        """The new-game dialog opens on the table last chosen; Start and Play again are new
        games of the game view, their table remembered."""
        if meant.name == "setup":
            choices = setup.choices_from_prefs(facts.prefs)
            return Show(clicks.page_ui(replace(ui, setup=choices)))
        if meant.name == "again":
            table = (list(ui.players), state.table.partnerships)
            return Command("new", {"players": ",".join(table[0]), "partners": table[1]})
        if meant.name == "new":
            options = meant.options or {}
            return Command("new", {**options, "players": ",".join(options["players"])})
        return meant

    def refused(
        self,
        state: State,
        ui: DominoesUi,
        move: Any,
        key: str,
        params: dict[str, Any],
        t: Translate,
    ) -> Show[DominoesUi]:
        return clicks.refused(ui, IllegalMove(key, **params), t)

    # --- what a move changed, whoever made it ----------------------------------------------
    def changed(
        self,
        before: State,
        state: State,
        ui: DominoesUi,
        events: list[dict[str, Any]],
        facts: Facts,
        t: Translate,
    ) -> Changes[DominoesUi]:
        """A move of the seat that was to move in `before`, as the seat in view sees it: the
        tile it drew is the one its draw event names (changes.drawn_by; between devices, the
        event the deck's card for that draw gives: between_devices), never found by
        comparing hands."""
        mover = before.current_player
        if mover is None:
            raise RuntimeError("no move is made in a finished game")
        ui = seated(ui, facts.table)
        made = changed(mover, events, seen(state, ui), ui, t)
        after = replace(made.ui, finished=len(state.hand_summaries), focus=None)
        return replace(made, ui=after, focus=made.ui.focus or "")

    # --- the end -------------------------------------------------------------------------
    def record(self, state: State, table: Table, clock_ms: float) -> Result | None:
        """docs/rules/dominoes.md 10: the person's team won or not (between people here,
        the first person's team), its score, the hands and points per hand; nothing when
        only computers played."""
        ui = seated(DominoesUi(), table)
        people = humans(ui)
        won = None
        if people and state.result is not None:
            if len(people) == 1:
                won = any(s in state.result["winners"] for s in people)
            else:
                won = state.result["winner_team"] == state.table.team_of(people[0])
        kind = variant(state.table.to_json())
        if isinstance(state, DealtPosition):  # (won as the match says: app.frame.ending)
            kind = f"remote-{kind}"
        return result(state, everyone(state), ui, table.seed, kind, won)

    # --- drawing -------------------------------------------------------------------------
    def draw(self, state: State, ui: DominoesUi, facts: Facts, t: Translate) -> Markup:
        drawn = on_screen(state, ui, facts)
        return page(seen(state, drawn), drawn, t)


FRONTEND = DominoesFrontend()
