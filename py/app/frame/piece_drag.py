"""Dragging a piece onto a board with a mouse, a pen or one finger, on the frame: the browser's
side of app.pointer_drag's hooks, for a game whose frontend gives DragRules (pure: what a press
lifts, where the piece would land). A press lifts a piece from a dock (an element with
data-drag, its squares marked data-hole) or from the board (a square, data-sq, under
`rules.board`); the floating copy follows the pointer, the squares it would cover are shaded
("drop", and "bad" where it may not go), and letting go over a square hands the game view an
input, "drop" {piece, sq, hole}, which the frontend turns into a move or says why not."""

from typing import Any

from .. import browser
from ..browser import found
from ..pointer_drag import PointerDrag, follow
from .frontend import Input
from .gestures import DragRules, Gesture, NoGesture


def gesture_of(view: Any, rules: DragRules | None) -> Gesture:
    """The drag gesture of a game view whose frontend has DragRules (else none)."""
    return NoGesture() if rules is None else PieceDrag(view, rules)


class PieceDrag:
    """The drag gesture of one game view (`view`: app.frame.game_view.GameView)."""

    def __init__(self, view: Any, rules: DragRules):
        self.view = view
        self.rules = rules
        self.dragging = PointerDrag()

    # --- what the game view asks (app.frame.frontend.Gesture) ----------------------------
    def follow(self) -> None:
        follow(self)

    def swallows(self, action: str) -> bool:
        return self.dragging.swallows_click()  # the click that ends a drag

    def abandon(self) -> None:
        self.dragging.abandon(self)

    @property
    def closed(self) -> bool:
        return bool(self.view.closed)

    def _ask(self, hook: Any, piece: str, square: str, hole: int) -> Any:
        view = self.view
        return hook(view.state, view.ui, view.facts(), piece, square, hole)

    # --- app.pointer_drag's hooks --------------------------------------------------------
    def drag_begin(self, event: Any) -> dict[str, Any] | None:
        if self.view.busy or self.view.state is None:
            return None
        target = event.target
        piece_node = target.closest("[data-drag]")
        cell = target.closest(f"{self.rules.board} [data-sq]")
        piece, square, hole = "", "", 0
        if found(piece_node):
            piece = str(piece_node.dataset.drag)
            grabbed = target.closest("[data-hole]")
            holes = list(piece_node.querySelectorAll("[data-hole]"))
            hole = next(
                (k for k, n in enumerate(holes) if found(grabbed) and n.isSameNode(grabbed)), 0
            )
        elif found(cell):
            square = str(cell.dataset.sq)
        else:
            return None
        lifted = self._ask(self.rules.lift, piece, square, hole)
        if lifted is None:
            return None
        square_node = browser.document.querySelector(f"{self.rules.board} [data-sq]")
        # (no square yet: the places a piece may go show once it is lifted, e.g. Dominoes' ends)
        size = square_node.getBoundingClientRect().width if found(square_node) else 0
        return {"lifted": lifted, "size": size}

    def drag_lift(self, drag: dict[str, Any]) -> Any:
        lifted = drag["lifted"]
        self.view.ui = lifted.ui
        self.view.redraw()
        ghost = browser.document.createElement("div")
        ghost.setAttribute("aria-hidden", "true")
        ghost.style.setProperty("--bs-cell", f"{drag['size']}px")
        ghost.className = lifted.ghost_class
        ghost.innerHTML = lifted.ghost
        browser.document.body.appendChild(ghost)
        return ghost

    def drag_move(self, drag: dict[str, Any], x: float, y: float) -> None:
        ghost, size, lifted = drag["ghost"], drag["size"], drag["lifted"]
        k = lifted.hole
        ghost.style.left = f"{x - size * ((k if lifted.along_x else 0) + 0.5)}px"
        ghost.style.top = f"{y - size * ((0 if lifted.along_x else k) + 0.5)}px"
        self.mark_drop(lifted, self.square_under(x, y))

    def drag_drop(self, drag: dict[str, Any], x: float | None, y: float | None) -> None:
        square = self.square_under(x, y) if x is not None and y is not None else None
        if square is None:
            self.view.redraw()  # dropped off the board: the piece stays in hand
            return
        lifted = drag["lifted"]
        self.view.handle(
            Input("drop", {"piece": lifted.piece, "sq": square, "hole": str(lifted.hole)})
        )

    def square_under(self, x: float, y: float) -> str | None:
        """The board's square under the pointer, or None when it is not over the board."""
        under = browser.document.elementFromPoint(x, y)
        if not found(under):
            return None
        cell = under.closest(f"{self.rules.board} [data-sq]")
        return str(cell.dataset.sq) if found(cell) else None

    def mark_drop(self, lifted: Any, square: str | None) -> None:
        """Shade the squares the piece would cover (also "bad" when it may not go there)."""
        board = browser.document.querySelector(self.rules.board)
        for node in board.querySelectorAll(".drop"):
            node.classList.remove("drop", "bad")
        if square is None:
            return
        squares, allowed = self._ask(self.rules.landing, lifted.piece, square, lifted.hole)
        for name in squares:
            node = board.querySelector(f"[data-sq='{name}']")
            if found(node):
                node.classList.add("drop")
                if not allowed:
                    node.classList.add("bad")
