"""Dragging a ship onto Battleship's ocean, from the dock or where it lies (the hooks of
app.pointer_drag): the floating copy, the squares it would cover shaded (red where it may
not go), and the drop, played as the place move a tap would make. Where a ship would land,
and whether it may, is the engine's answer (placement_squares); the view it serves plays
the move (BattleshipView.perform) and keeps the UI state.
"""

from dataclasses import replace

from games.battleship.fleet import LENGTH

from .. import browser
from ..battleship.grids import ghost_holes
from ..battleship.input import place_move
from ..browser import found
from ..pointer_drag import PointerDrag


class ShipDrag:
    """The drag gesture of one Battleship page (`view`: a BattleshipView)."""

    def __init__(self, view):
        self.view = view
        self.dragging = PointerDrag()

    @property
    def closed(self) -> bool:
        return self.view.closed

    def drag_begin(self, event):
        """The drag a press may start: on a ship in the dock, or on a placed ship."""
        view = self.view
        if view.phase() != "place":
            return None
        target = event.target
        pick = target.closest(".bs-ship-pick")
        cell = target.closest("#bs-ocean .bs-cell.ship")
        hole, orientation = 0, None
        if found(pick):
            ship_id = str(pick.dataset.ship)
            holes = list(pick.querySelectorAll(".bs-hole"))
            grabbed = target.closest(".bs-hole")
            hole = next(
                (k for k, node in enumerate(holes) if found(grabbed) and node.isSameNode(grabbed)),
                0,
            )
        elif found(cell):
            square = str(cell.dataset.sq)
            fleet = view.seen()["fleet"]
            ship = next((s for s in fleet if square in s["squares"]), None)
            if ship is None:
                return None
            ship_id, orientation = ship["ship"], ship["orientation"]
            hole = ship["squares"].index(square)
        else:
            return None
        if ship_id not in LENGTH:
            return None
        size = browser.element("bs-o-A1").getBoundingClientRect().width
        return {"ship": ship_id, "hole": hole, "orientation": orientation, "size": size}

    def drag_lift(self, drag):
        view = self.view
        ui = replace(view.ui, selected_ship=drag["ship"], message="")
        view.ui = replace(ui, orientation=drag["orientation"]) if drag["orientation"] else ui
        view.redraw()
        ghost = browser.document.createElement("div")
        ghost.setAttribute("aria-hidden", "true")
        ghost.style.setProperty("--bs-cell", f"{drag['size']}px")
        ghost.innerHTML = ghost_holes(drag["ship"])
        browser.document.body.appendChild(ghost)
        return ghost

    def drag_move(self, drag, x, y) -> None:
        ghost, size, k = drag["ghost"], drag["size"], drag["hole"]
        orientation = self.view.ui.orientation
        ghost.className = f"bs-ghost ship-{orientation}"
        along_x = orientation == "h"
        ghost.style.left = f"{x - size * ((k if along_x else 0) + 0.5)}px"
        ghost.style.top = f"{y - size * ((0 if along_x else k) + 0.5)}px"
        self.mark_drop(drag, self.square_under(x, y))

    def drag_drop(self, drag, x, y) -> None:
        view = self.view
        square = self.square_under(x, y) if x is not None else None
        if square is None:
            view.redraw()  # dropped off the ocean: the ship stays in hand
            return
        squares, refusal = self.landing(drag, square)
        if refusal is not None:
            view.refuse(None, refusal)
        else:
            view.perform(place_move(view.active(), drag["ship"], squares[0], view.ui.orientation))

    def square_under(self, x, y) -> str | None:
        """The ocean square under the pointer, or None when it is not over the ocean."""
        under = browser.document.elementFromPoint(x, y)
        cell = under.closest("#bs-ocean .bs-cell") if found(under) else None
        return str(cell.dataset.sq) if found(cell) else None

    def landing(self, drag, square: str):
        """The engine's answer for the dragged ship held over `square`: the squares it
        would cover, and why it may not go there (None when it may)."""
        orientation = self.view.ui.orientation
        return self.view.placement_squares(drag["ship"], square, orientation, drag["hole"])

    def mark_drop(self, drag, square: str | None) -> None:
        """Shade the squares the dragged ship would cover (red when it cannot go there)."""
        grid = browser.element("bs-ocean")
        for node in grid.querySelectorAll(".drop"):
            node.classList.remove("drop", "bad")
        if square is None:
            return
        squares, refusal = self.landing(drag, square)
        for name in squares:
            node = browser.element(f"bs-o-{name}")
            node.classList.add("drop")
            if refusal is not None:
                node.classList.add("bad")
