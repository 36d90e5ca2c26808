"""Dragging a hand tile onto an open end of the Dominoes table (the hooks of
app.pointer_drag; mouse, pen or finger): picking it up selects it, which shows the ends it
fits as drop targets; the drop is the click on that end (or, before the lead, on the tile)
that a tap would make. The view it serves (DominoesView) runs those through its frontend."""

from dataclasses import replace

from .. import browser
from ..browser import found
from ..dominoes.tiles import domino, parse_tile, tile_name
from ..frame.frontend import Input
from ..pointer_drag import PointerDrag


class TileDrag:
    """The drag gesture of one Dominoes page (`view`: a DominoesView)."""

    def __init__(self, view):
        self.view = view
        self.dragging = PointerDrag()

    @property
    def closed(self) -> bool:
        return self.view.closed

    def table_is_empty(self) -> bool:
        return self.view.view()["layout"]["root"] is None

    def drag_begin(self, event):
        node = event.target.closest(".dm-hand .playable")
        tile = parse_tile(str(node.dataset.tile)) if found(node) else None
        return {"tile": tile} if tile is not None and self.view.viewer_view() else None

    def drag_lift(self, drag):
        view = self.view
        view.ui = replace(view.ui, selected=drag["tile"], message="")
        view.redraw()
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
        if target is None or not found(target):
            self.view.redraw()  # dropped elsewhere: the tile stays selected for a tap on an end
        elif self.table_is_empty():
            self.view.handle(Input("tile", {"tile": tile_name(drag["tile"])}))  # lead anywhere
        else:
            self.view.handle(Input("end", {"end": str(target.dataset.end)}))

    def drop_target(self, x, y):
        """The open end under the point, or the table itself while it waits for the lead."""
        under = browser.document.elementFromPoint(x, y)
        if not found(under):
            return None
        return under.closest(".dm-table" if self.table_is_empty() else ".dm-slot")
