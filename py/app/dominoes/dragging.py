"""A tile of the hand dragged onto an open end of the table, or anywhere on it before the lead
(app.frame.piece_drag does the browser's side): a press lifts a tile that plays, picked as a tap
would pick it, so the ends it fits show as places to drop it; it may go where it fits. Pure."""

from dataclasses import replace
from typing import Any

from games.dominoes.choices import playable

from ..frame.frontend import Facts
from ..frame.gestures import Lift
from .seats import seated, seen
from .table import selected_ends
from .tiles import domino, parse_tile
from .ui import DominoesUi, moves_shown

LEAD = "lead"  # the table itself, before the lead (data-sq on .dm-table)


class TileDragRules:
    board = ".dominoes"

    def lift(
        self, state: Any, ui: DominoesUi, facts: Facts, piece: str, square: str, hole: int
    ) -> Lift | None:
        ui = seated(ui, facts.table)
        view, tile = seen(state, ui), parse_tile(piece)
        if square or tile is None or not moves_shown(view, ui) or tile not in playable(view):
            return None
        held = replace(ui, selected=tile, message="", pop=None, focus=None)
        return Lift(held, piece, 0, domino(tile[0], tile[1], "v"), "dm-ghost", False)

    def landing(
        self, state: Any, ui: DominoesUi, facts: Facts, piece: str, square: str, hole: int
    ) -> tuple[list[str], bool]:
        ui = seated(ui, facts.table)
        view, tile = seen(state, ui), parse_tile(piece)
        if tile is None:
            return [], False
        if square == LEAD:
            return [square], view["layout"]["root"] is None
        return [square], square in selected_ends(view, replace(ui, selected=tile))
