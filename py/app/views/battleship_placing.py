"""Placing a fleet on Battleship's page: taps on the ocean, rotating, a random
fleet, clearing, Ready, and dragging a ship from the dock (or a placed ship) onto
the ocean (the pointer_drag hooks). A mixin of BattleshipView.

Where a ship would land, and whether it may, is the engine's answer (the place
move, State.placement_squares); this only turns input into those questions.
"""

from games.battleship.fleet import LENGTH
from games.battleship.grid import square_index
from games.common.errors import IllegalMove

from .. import browser, sound
from ..battleship import texts
from ..battleship.grids import ghost_holes
from ..browser import found


class Placing:
    """Needs the view's `state`, `play` (a move through the midend, or between devices
    on this device's fleet), `view_of(player)`, `placement_squares`, `phase()`,
    `active()`, `orientation`, `selected_ship`, `cursor`, `message`, `screen()`,
    `ship_name`, `refuse`, `redraw` and `_save`."""

    def next_unplaced(self):
        player = self.active()
        if player is None or self.state.phase != "placement":
            return None
        fleet = self.view_of(player)["fleet"]
        return next((ship["ship"] for ship in fleet if not ship["squares"]), None)

    def press_ocean(self, name: str) -> None:
        if self.phase() != "place":
            return
        player = self.active()
        self.cursor = square_index(name)
        # A tap on a placed ship (not the one in hand) picks that ship up.
        for ship in self.view_of(player)["fleet"]:
            if name in ship["squares"] and ship["ship"] != self.selected_ship:
                self.selected_ship, self.orientation = ship["ship"], ship["orientation"]
                self.message, self.message_is_error = (
                    self.t("battleship.picked", ship=self.ship_name(ship["ship"])),
                    False,
                )
                self.app.announce(self.message)
                self.redraw()
                return
        if self.selected_ship is None:
            self.message, self.message_is_error = self.t("battleship.pick_first"), True
            self.redraw()
            return
        self.place(self.selected_ship, name)

    def place(self, ship_id: str, name: str) -> None:
        """Put a ship's top or left end on square `name`, or say why it may not go there."""
        move = {
            "type": "place",
            "player": self.active(),
            "ship": ship_id,
            "square": name,
            "orientation": self.orientation,
        }
        try:
            self.play(move)
        except IllegalMove as refusal:
            self.refuse(refusal)
            self.redraw()
            return
        self.message, self.message_is_error = (
            self.t(
                "battleship.announce.placed",
                ship=self.ship_name(ship_id),
                square=name,
                orientation=self.t(f"battleship.orientation.{self.orientation}"),
            ),
            False,
        )
        sound.cue("move")
        self.app.announce(self.message)
        self.selected_ship = self.next_unplaced()
        self._save()
        self.redraw()

    def placement_move(self, kind: str) -> None:
        if self.phase() != "place":
            return
        player = self.active()
        try:
            self.play({"type": kind, "player": player})
        except IllegalMove as refusal:
            self.refuse(refusal)
            self.redraw()
            return
        if kind == "ready":
            said = texts.said_of(self.t, self.screen(), player, "battleship.announce.ready")
            self.message, self.message_is_error = said, False
            self.app.announce(self.message)
            if self.state.phase == "battle":
                self.cursor = 0
        else:
            self.message, self.message_is_error = "", False
            self.selected_ship = self.next_unplaced()
            self.app.announce(self.t(f"battleship.announce.{kind.replace('_', '-')}"))
        self._save()
        self.redraw()

    def rotate(self) -> None:
        if self.phase() != "place":
            return
        self.orientation = "v" if self.orientation == "h" else "h"
        self.app.announce(
            self.t(
                "battleship.rotate",
                orientation=self.t(f"battleship.orientation.{self.orientation}"),
            )
        )
        self.redraw()

    # --- dragging -----------------------------------------------------------------------
    def drag_lift(self, drag):
        self.selected_ship, self.message = drag["ship"], ""
        if drag["orientation"]:
            self.orientation = drag["orientation"]
        self.redraw()
        ghost = browser.document.createElement("div")
        ghost.setAttribute("aria-hidden", "true")
        ghost.style.setProperty("--bs-cell", f"{drag['size']}px")
        ghost.innerHTML = ghost_holes(drag["ship"])
        browser.document.body.appendChild(ghost)
        return ghost

    def drag_move(self, drag, x, y) -> None:
        ghost, size, k = drag["ghost"], drag["size"], drag["hole"]
        ghost.className = f"bs-ghost ship-{self.orientation}"
        along_x = self.orientation == "h"
        ghost.style.left = f"{x - size * ((k if along_x else 0) + 0.5)}px"
        ghost.style.top = f"{y - size * ((0 if along_x else k) + 0.5)}px"
        self.mark_drop(drag, self.square_under(x, y))

    def drag_drop(self, drag, x, y) -> None:
        square = self.square_under(x, y) if x is not None else None
        if square is None:
            self.redraw()  # dropped off the ocean: the ship stays in hand
            return
        squares, refusal = self.landing(drag, square)
        if refusal is not None:
            self.refuse(refusal)
            self.redraw()
        else:
            self.place(drag["ship"], squares[0])

    def drag_begin(self, event):
        """The drag a press may start: on a ship in the dock, or on a placed ship."""
        if self.phase() != "place":
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
            ship = next(
                (s for s in self.view_of(self.active())["fleet"] if square in s["squares"]),
                None,
            )
            if ship is None:
                return None
            ship_id, orientation, hole = (
                ship["ship"],
                ship["orientation"],
                ship["squares"].index(square),
            )
        else:
            return None
        if ship_id not in LENGTH:
            return None
        size = browser.element("bs-o-A1").getBoundingClientRect().width
        return {"ship": ship_id, "hole": hole, "orientation": orientation, "size": size}

    def square_under(self, x, y) -> str | None:
        """The ocean square under the pointer, or None when it is not over the ocean."""
        under = browser.document.elementFromPoint(x, y)
        cell = under.closest("#bs-ocean .bs-cell") if found(under) else None
        return str(cell.dataset.sq) if found(cell) else None

    def landing(self, drag, square: str):
        """The engine's answer for the dragged ship held over `square`: the squares it
        would cover, and why it may not go there (None when it may)."""
        return self.placement_squares(drag["ship"], square, self.orientation, drag["hole"])

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
