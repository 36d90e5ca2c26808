"""A ship dragged onto the ocean while placing (app.frame.piece_drag does the browser's side):
what a press lifts, a ship from the dock or one already placed (held by the square pressed),
and where it would land, as the engine says (app.battleship.input.landing). Pure."""

from dataclasses import replace
from typing import Any

from games.battleship.fleet import LENGTH

from ..frame.frontend import Facts
from ..frame.gestures import Lift
from .grids import ghost_holes
from .input import landing
from .ui import BattleshipUi, seated, seen


class ShipDragRules:
    board = "#bs-ocean"

    def lift(
        self, state: Any, ui: BattleshipUi, facts: Facts, piece: str, square: str, hole: int
    ) -> Lift | None:
        ui = seated(ui, facts.table)
        shown = seen(state, ui)
        if shown.phase != "place" or shown.view is None:
            return None
        orientation = ui.orientation
        if square:  # a ship already on the ocean, held where it was pressed
            ship = next((s for s in shown.view["fleet"] if square in s["squares"]), None)
            if ship is None:
                return None
            piece, orientation = ship["ship"], ship["orientation"]
            hole = ship["squares"].index(square)
        if piece not in LENGTH:
            return None
        held = replace(ui, selected_ship=piece, orientation=orientation, message="")
        ghost_class = f"bs-ghost ship-{orientation}"
        return Lift(held, piece, hole, ghost_holes(piece), ghost_class, orientation == "h")

    def landing(
        self, state: Any, ui: BattleshipUi, facts: Facts, piece: str, square: str, hole: int
    ) -> tuple[list[str], bool]:
        shown = seen(state, seated(ui, facts.table))
        squares, refusal = landing(state, shown, piece, square, ui.orientation, hole)
        return squares, refusal is None
