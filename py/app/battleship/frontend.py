"""Battleship's frontend (app.frame.frontend): who sits where and whose screen is uncovered,
the ship in hand, the cursor, the salvo outlined and the line under the grids as the UI
state; clicks and keys turned into moves; what a move says and sounds like; what a finished
game records. Pure: no browser, no storage.

The ships placed and the squares aimed for a salvo are the engine's (place and aim moves:
saved, taken back, refused by the rules), so the UI state holds only what is on screen.
Every hook reads the position as the person at the screen has it (a `Seen`, app.battleship.ui):
on this device `seen(state, ui)` makes it from the engine's state; in a game between devices
the view makes it from this device's fleet (app.remote.battleship_match) and calls
`interpret_seen` (app.battleship.input) and `changed_seen` (app.battleship.changes) itself.
"""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.battleship import State
from games.battleship.game import GAME as BATTLESHIP
from games.common.errors import IllegalMove

from ..frame.frontend import Changes, Facts, Input, Interpretation, Result, Show, Translate
from ..html import Markup
from . import setup
from .changes import changed_seen
from .draw import page
from .input import interpret_seen, refused_seen
from .over import figures
from .ui import BattleshipUi, screen, seen, unplaced

GAME = "battleship"


class BattleshipFrontend:
    name = GAME
    game = BATTLESHIP
    title_key = "game.battleship.name"

    def wanted(self, params: Mapping[str, str]) -> tuple[dict[str, Any], int] | None:
        """The game an address asks for, its options over the defaults; the opponent and
        the side it names are the seats' (setup.parse_params)."""
        found = setup.parse_params(dict(params))
        if found is None:
            return None
        options = self.new_options({})
        if found[1] is not None:
            options["mode"] = found[1]
        return options, found[0]

    def new_options(self, prefs: Mapping[str, Any]) -> dict[str, Any]:
        choices = setup.preferred(dict(prefs))
        return {key: choices[key] for key in setup.OPTION_KEYS}

    def new_ui(self, state: State, kept: BattleshipUi | None = None) -> BattleshipUi:
        """After undo or another tab's position: who sits where, whose screen is uncovered,
        the cursor and the orientation stay; what was in hand goes."""
        kept = kept or BattleshipUi()
        return BattleshipUi(
            opponent=kept.opponent,
            me=kept.me,
            revealed=kept.revealed,
            selected_ship=unplaced(state),
            orientation=kept.orientation,
            cursor=kept.cursor,
            setup=kept.setup,
            over_closed=kept.over_closed,
        )

    def interpret(
        self, state: State, ui: BattleshipUi, given: Input, t: Translate
    ) -> Interpretation:
        if given.action == "reveal":  # the next person, alone at the screen
            battle = state.phase == "battle"
            uncovered = replace(
                ui,
                revealed=state.current_player,
                message="",
                cursor=0,
                selected_ship=unplaced(state),
                fresh="ocean" if battle else None,  # the other's shot, seen now
                focus="bs-target" if battle else "bs-ocean",
            )
            return Show(uncovered)
        if given.action == "hide":
            return Show(replace(ui, revealed=None, message="", fresh=None, focus="bs-reveal"))
        return interpret_seen(seen(state, ui), ui, given, t)

    def refused(
        self,
        state: State,
        ui: BattleshipUi,
        move: Any,
        key: str,
        params: dict[str, Any],
        t: Translate,
    ) -> Show[BattleshipUi]:
        return refused_seen(state.options["edition"], ui, move, IllegalMove(key, **params), t)

    def changed(
        self,
        state: State,
        ui: BattleshipUi,
        events: list[dict[str, Any]],
        outcome: Mapping[str, Any] | None,
        t: Translate,
    ) -> Changes[BattleshipUi]:
        shown = seen(state, ui)
        if shown.view is None:  # under the cover: told as the shooter has it
            shooter = next((e["player"] for e in events if e["type"] == "shots"), None)
            if shooter is not None:
                shown = replace(shown, view=state.view_for(shooter))
        return changed_seen(shown, ui, events, t)

    # --- the end -------------------------------------------------------------------------
    def record(self, state: State, clock_ms: float, me: int | None = 0) -> Result:
        """docs/rules/battleship.md 11.2: against the computer by mode, won or lost, with
        the person's shooting (the score: shots to win, fewer is better); two people's
        games (`me` None) by mode too, as played."""
        result = state.result
        if result is None:
            raise RuntimeError("a game in play records nothing")
        if me is None:
            return Result(f"human-{state.mode}", None, None, {"turns": result["turns"]})
        mine = figures(state.view_for(me), me)
        won = result["winner"] == me
        shooting = {key: mine[key] for key in ("shots", "hits", "accuracy")}
        score = mine["shots"] if won else None
        return Result(state.mode, won, score, {**shooting, "turns": result["turns"]})

    def outcome(
        self,
        state: State,
        facts_before: Mapping[str, Any],
        counted: bool,
        place: int | None,
        clock_ms: float,
    ) -> dict[str, Any]:
        """The end-of-game window is drawn from the finished position (both fleets are
        shown then): it keeps no figures of its own."""
        return {}

    def checked_outcome(self, saved: Any) -> dict[str, Any] | None:
        return {} if isinstance(saved, dict) else None

    # --- drawing -------------------------------------------------------------------------
    def draw(self, state: State, ui: BattleshipUi, facts: Facts, t: Translate) -> Markup:
        shown = seen(state, ui)
        drawn = screen(ui, shown, can_undo=facts.can_undo, can_redo=facts.can_redo)
        return page(t, shown.view, drawn)


FRONTEND = BattleshipFrontend()
