"""Battleship's frontend (app.frame.frontend): whose screen is uncovered, the ship in hand, the
cursor, the salvo outlined, the new-game dialog and the line under the grids as the UI state;
clicks, keys and a ship dropped turned into moves; what a move says and sounds like; what a
finished game records. Pure: no browser, no storage.

The ships placed and the squares aimed for a salvo are the engine's (place and aim moves:
saved, taken back, refused by the rules), so the UI state holds only what is on screen. Every
hook reads the position as the person at the screen may see it (a `Seen`, app.battleship.ui):
their own fleet, never the other's, and between two people passing the device nobody's behind
the cover; who sits where is the game view's (the Table), put in the UI state by `seated`.
With a friend on another device the hooks are given what this device knows (a
SealedPosition: the public position and its own fleet, app.battleship.between_devices).
"""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.battleship import State
from games.battleship.game import GAME as BATTLESHIP
from games.common.errors import IllegalMove

from ..charts.tallies import FAILED
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
from ..seat_kinds import HUMAN
from . import hunt, setup
from .between_devices import SEALED_FLEETS, result_between_devices
from .changes import changed_seen
from .dragging import ShipDragRules
from .draw import page
from .input import GRIDS, SETUP_CHOICES, drop, interpret_seen, refused_seen
from .over import figures
from .sealed_position import SealedPosition
from .ui import BattleshipUi, Position, between_devices, screen, seated, seen, unplaced, viewer

GAME = "battleship"
AIMING = ("aim", "unaim")


def levels(seats: list[str]) -> list[str | None]:
    """The midend's seats (setup.seats_for) as the frame chooses them: None for a person here."""
    return [None if seat == HUMAN else seat.split(":", 1)[1] for seat in seats]


def is_fresh(state: Position) -> bool:
    """A new game's position: no ship placed by anyone yet."""
    fleets = (state.view_for(player)["fleet"] for player in (0, 1))
    return state.phase == "placement" and not any(s["squares"] for f in fleets for s in f)


class BattleshipFrontend(FrontendDefaults):
    name = GAME
    game = BATTLESHIP
    title_key = "game.battleship.name"
    # Where play goes on when the control that had focus went with the drawing.
    focus_fallbacks = ("bs-hide", "bs-target", "bs-ocean", "bs-reveal")
    drag_rules = ShipDragRules()
    sub_protocol = SEALED_FLEETS  # with a friend on another device: each fleet sealed

    # --- the game ID, the seats and the UI state ----------------------------------------
    def wanted(
        self, params: Mapping[str, str], prefs: Mapping[str, Any]
    ) -> tuple[dict[str, Any], int] | None:
        """The game an address asks for by its number, its mode over the remembered
        choices; the opponent and the side it names are the seats' (new_seats)."""
        found = setup.parse_params(dict(params))
        if found is None:
            return None
        options = self.new_options(prefs)
        if found[1] is not None:
            options["mode"] = found[1]
        return options, found[0]

    def new_options(self, prefs: Mapping[str, Any]) -> dict[str, Any]:
        choices = setup.preferred(dict(prefs))
        return {key: choices[key] for key in setup.OPTION_KEYS}

    def new_seats(self, params: Mapping[str, str], prefs: Mapping[str, Any]) -> list[str | None]:
        """The opponent the address names, else the one last chosen; the side likewise, but
        a game asked for by its number is played as Red unless the address says Blue."""
        choices = setup.preferred(dict(prefs))
        opponent = params.get("opponent", "")
        side = params.get("side", "")
        if opponent not in setup.OPPONENTS:
            opponent = choices["opponent"]
        if side not in setup.SIDES:
            side = "red" if "seed" in params else choices["side"]
        return levels(setup.seats_for(opponent, side))

    def seat_params(self, table: Table) -> dict[str, str]:
        opponent = seated(BattleshipUi(), table).opponent
        return {"opponent": opponent, **({"side": "blue"} if table.me == 1 else {})}

    def legacy(self, state: State, meta: dict[str, Any]) -> dict[str, Any]:
        found = setup.frame_before_the_midend(state, meta)
        return {**found, "seats": levels(found["seats"])}

    def new_ui(self, state: Position, kept: BattleshipUi | None = None) -> BattleshipUi:
        """After undo or another tab's position, whose screen is uncovered, the cursor and
        the orientation stay; what was in hand goes. A new game between two people starts
        behind the cover."""
        kept = kept or BattleshipUi(revealed=None)
        fresh = is_fresh(state)
        return BattleshipUi(
            revealed=None if fresh else kept.revealed,
            selected_ship=unplaced(state),
            orientation=kept.orientation,
            cursor=kept.cursor,
            over_closed=kept.over_closed and not fresh,
        )

    def paused(self, ui: BattleshipUi) -> bool:
        return ui.setup is not None  # the computer waits while a new game is chosen

    def said_new(self, state: State, table: Table, t: Translate) -> str:
        return t("battleship.announce.new_game")

    # --- input ---------------------------------------------------------------------------
    def interpret(
        self, state: Position, ui: BattleshipUi, given: Input, facts: Facts, t: Translate
    ) -> Interpretation:
        ui = seated(ui, facts.table)
        if given.action == "reveal":  # the next person, alone at the screen
            battle = state.phase == "battle"
            uncovered = replace(
                ui,
                revealed=state.current_player,
                message="",
                cursor=0,
                selected_ship=unplaced(state),
                fresh="ocean" if battle else None,  # the other's shot, seen now
            )
            return Show(uncovered, focus="bs-target" if battle else "bs-ocean")
        if given.action == "hide":
            return Show(replace(ui, revealed=None, message="", fresh=None), focus="bs-reveal")
        shown = seen(state, ui)
        if given.action == "drop":
            return drop(state, shown, ui, given.data, t)
        if given.action == "key":
            grid = given.data.get("id", "")
            given = replace(given, data={"grid": grid}, on_board=grid in GRIDS)
        meant = interpret_seen(shown, ui, given, t)
        if isinstance(meant, Command) and meant.name == "setup" and hunt.is_hunt(shown.view):
            return None  # a hunt is today's game: no New game (docs/rules/battleship.md 13.5)
        if isinstance(meant, Command) and meant.name == "setup" and facts.table.remote:
            return Command("new")  # a game of one's own, the friend's kept
        if isinstance(meant, Command) and meant.name == "setup":  # the new-game dialog
            choices = setup.preferred(dict(facts.prefs))
            return Show(replace(ui, setup=choices, fresh=None), focus="bs-start")
        if isinstance(meant, Command) and meant.name == "clear-salvo":
            assert shown.view is not None
            unaimed = [{"type": "unaim", "square": square} for square in shown.view["aimed"]]
            return Play(unaimed[0], tuple(unaimed[1:])) if unaimed else None
        if isinstance(meant, Show):
            # A choice in the dialog shows itself; the end-of-game window closes by itself.
            drawn = given.action in (*SETUP_CHOICES, "close-over")
            return replace(meant, focus=meant.ui.focus or "", drawn=drawn)
        return meant

    def refused(
        self,
        state: Position,
        ui: BattleshipUi,
        move: Any,
        key: str,
        params: dict[str, Any],
        t: Translate,
    ) -> Show[BattleshipUi]:
        return refused_seen(state.options["edition"], ui, move, IllegalMove(key, **params), t)

    # --- what a move changed, whoever made it ----------------------------------------------
    def changed(
        self,
        before: Position,
        state: Position,
        ui: BattleshipUi,
        events: list[dict[str, Any]],
        facts: Facts,
        t: Translate,
    ) -> Changes[BattleshipUi]:
        ui = seated(ui, facts.table)
        shown = seen(state, ui)
        if shown.view is None and isinstance(state, State):  # under the cover: as the shooter
            shooter = next((e["player"] for e in events if e["type"] == "shots"), None)
            if shooter is not None:
                shown = replace(shown, view=state.view_for(shooter))
        changes = changed_seen(shown, ui, events, t, between_devices(state, facts))
        return replace(changes, focus=changes.ui.focus or "")

    def instant(self, state: Position) -> bool:
        return state.phase == "placement"  # the computer's fleet: placed at once

    def joined(self, move: Any) -> bool:
        return move.get("type") in AIMING  # a salvo's squares go with it

    def may_take_back(self, state: Position, ui: BattleshipUi, table: Table, player: int) -> bool:
        """Two people passing the device each take back only their own moves, at their own
        screen (none behind the cover)."""
        return not table.all_here or viewer(state, seated(ui, table)) == player

    def cannot(
        self, state: Position, ui: BattleshipUi, key: str, t: Translate
    ) -> Show[BattleshipUi]:
        """Why nothing was taken back (a key pressed), on the line under the grids."""
        said = t(key)
        return Show(replace(ui, message=said, message_is_error=True), said=said)

    # --- the end -------------------------------------------------------------------------
    def record(self, state: Position, table: Table, clock_ms: float) -> Result | None:
        """docs/rules/battleship.md 11.2: against the computer by mode, won or lost, with
        the person's shooting (the score: shots to win, fewer is better); two people's
        games by mode too, as played; a game with a friend as app.battleship.between_devices
        says."""
        if isinstance(state, SealedPosition):
            return result_between_devices(state)
        result = state.result
        if result is None:
            raise RuntimeError("a game in play records nothing")
        if table.all_here:
            return Result(f"human-{state.mode}", None, None, {"turns": result["turns"]})
        me = table.me
        mine = figures(state.view_for(me), me)
        won = result["winner"] == me
        shooting = {key: mine[key] for key in ("shots", "hits", "accuracy")}
        score = mine["shots"] if won else None
        figured = {**shooting, "turns": result["turns"]}
        measure = score if won else FAILED  # (the chart's bar of games lost)
        return Result(state.mode, won, score, figured, higher_is_better=False, measure=measure)

    # --- drawing -------------------------------------------------------------------------
    def draw(self, state: Position, ui: BattleshipUi, facts: Facts, t: Translate) -> Markup:
        ui = seated(ui, facts.table)
        shown = seen(state, ui)
        history = {"can_undo": facts.can_undo, "can_redo": facts.can_redo}
        drawn = screen(ui, shown, facts.motion, **history, **between_devices(state, facts))
        return page(t, shown.view, drawn)


FRONTEND = BattleshipFrontend()
