"""Dominoes input that is not a click: a hand tile dragged onto an end (mouse,
pen or finger, through app.pointer_drag) and the keyboard. A mixin of
DominoesView, which turns what is picked into moves (press_tile, press_end,
press_kind) and owns undo and redo."""

from .. import browser
from ..browser import found
from . import dominoes_parts as parts
from .dominoes_parts import domino, parse_tile


class DominoesInput:
    # --- dragging a tile onto an end ----------------------------------------------------------------
    def table_is_empty(self) -> bool:
        return self.view()["layout"]["root"] is None

    def drag_begin(self, event):
        node = event.target.closest(".dm-hand .playable")
        tile = parse_tile(str(node.dataset.tile)) if found(node) else None
        return {"tile": tile} if tile is not None and self.viewer_view() else None

    def drag_lift(self, drag):
        # Picking the tile up selects it, which shows the ends it fits as drop targets.
        self.ui.selected, self.ui.message = drag["tile"], ""
        self.redraw()
        ghost = browser.document.createElement("div")
        ghost.className = "dm-ghost"
        ghost.setAttribute("aria-hidden", "true")
        ghost.innerHTML = str(domino(drag["tile"][0], drag["tile"][1], "v"))
        browser.document.body.appendChild(ghost)
        return ghost

    def drag_move(self, drag, x, y) -> None:
        drag["ghost"].style.left = f"{x}px"
        drag["ghost"].style.top = f"{y}px"
        target = self.drop_target(x, y)
        for node in browser.element("view").querySelectorAll(".dm-slot, .dm-table"):
            node.classList.toggle("drop", found(target) and node.isSameNode(target))

    def drag_drop(self, drag, x, y) -> None:
        target = self.drop_target(x, y) if x is not None else None
        if not found(target):
            self.redraw()  # dropped elsewhere: the tile stays selected for a tap on an end
        elif self.table_is_empty():
            self.press_tile(drag["tile"])  # the lead goes anywhere on the table
        else:
            self.press_end(str(target.dataset.end))

    def drop_target(self, x, y):
        """The open end under the point, or the table itself while it waits for the lead."""
        under = browser.document.elementFromPoint(x, y)
        if not found(under):
            return None
        return under.closest(".dm-table" if self.table_is_empty() else ".dm-slot")

    # --- keyboard ----------------------------------------------------------------------------------
    def on_key(self, event) -> None:
        ui = self.ui
        if str(event.key) == "Escape":
            # Esc closes a modal dialog by itself: keep the game's phase in step with it.
            if ui.setup is not None:
                self.on_action("setup-cancel", {}, event)
                return
            if parts.summary_pending(self.view(), ui):
                self.on_action("next-hand", {}, event)
                return
        if event.ctrlKey or event.metaKey or event.altKey:
            self.history_key(event)
            return
        if ui.setup is not None:
            return
        target = event.target
        if str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA", "SUMMARY"):
            return
        key = str(event.key)
        on_tile = str(target.getAttribute("data-action") or "") == "tile"
        if key in ("ArrowLeft", "ArrowRight") or (on_tile and key in ("Home", "End")):
            self.move_along_the_hand(event, key, on_tile)
        elif key in ("d", "D"):
            self.press_kind("draw")
        elif key in ("p", "P"):
            self.press_kind("pass")
        elif key in ("n", "N"):
            self.open_setup()
        elif key == "Escape" and ui.selected is not None:
            ui.selected = None
            self.redraw()
        elif key in ("1", "2", "3", "4", "5", "6", "7", "8", "9"):
            hand = parts.hand_order(self.view())
            index = int(key) - 1
            if index < len(hand):
                self.press_tile(hand[index])

    def move_along_the_hand(self, event, key: str, on_tile: bool) -> None:
        """Every tile in reach of the keyboard, however many (1-9 reach only nine):
        the arrows step along the hand, Home and End go to its ends; from anywhere
        else on the page an arrow goes into the hand, Right to its first tile and
        Left to its last."""
        tiles = list(browser.element("view").querySelectorAll(".dm-hand [data-action='tile']"))
        if not tiles:
            return
        event.preventDefault()
        ids = [str(tile.id) for tile in tiles]
        if not on_tile or str(event.target.id) not in ids:
            index = 0 if key == "ArrowRight" else len(tiles) - 1
        elif key in ("Home", "End"):
            index = 0 if key == "Home" else len(tiles) - 1
        else:
            step = 1 if key == "ArrowRight" else -1
            index = (ids.index(str(event.target.id)) + step) % len(tiles)
        tiles[index].focus()

    def history_key(self, event) -> None:
        """Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo (Cmd on a Mac). Also from a
        hand's summary, whose end undo takes back; never from the new-game dialog."""
        key = str(event.key).lower()
        if event.altKey or key not in ("z", "y") or self.ui.setup is not None:
            return
        if str(event.target.tagName) in ("INPUT", "SELECT", "TEXTAREA"):
            return
        event.preventDefault()
        if key == "y" or event.shiftKey:
            self.redo()
        else:
            self.undo()
