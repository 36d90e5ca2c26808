"""Dragging a piece with a mouse, a pen or one finger: the part every board shares.

A press on something the view can pick up arms a drag; moving DRAG_START_PX lifts it
(the view draws a floating copy that follows the pointer); letting go drops it. A press
that never moved is a tap, left to the click that follows; the click that ends a real
drag is swallowed (`swallows_click`). Only the pointer that lifted the piece counts: a
second finger while a piece is in the air does nothing.

The view supplies what differs between boards:
- `drag_begin(event)`: what the press picks up (a dict), or None;
- `drag_lift(drag)`: the piece leaves the board; returns the floating copy (an element);
- `drag_move(drag, x, y)`: place the floating copy and show where the piece would land;
- `drag_drop(drag, x, y)`: the piece let go over (x, y), or (None, None) when the
  browser cancelled the gesture.
"""

from typing import Any, Protocol

from . import browser

DRAG_START_PX = 8  # a press that moves less than this is a tap
CLICK_AFTER_DROP_MS = 400  # the click a browser sends after a drag ends comes within this


class DragHooks(Protocol):
    """What a board that pieces are dragged on gives (see the module's docstring); `event`
    is the browser's pointer event, the floating copy an element."""

    @property
    def closed(self) -> bool: ...
    @property
    def dragging(self) -> "PointerDrag": ...
    def drag_begin(self, event: Any) -> dict[str, Any] | None: ...
    def drag_lift(self, drag: dict[str, Any]) -> Any: ...
    def drag_move(self, drag: dict[str, Any], x: float, y: float) -> None: ...
    def drag_drop(self, drag: dict[str, Any], x: float | None, y: float | None) -> None: ...


class OnScreen:
    """The board the document's pointer events go to, and whether they are listened to."""

    view: DragHooks | None = None
    listening = False


_on_screen = OnScreen()


def follow(view: DragHooks) -> None:
    """Send the document's pointer events to `view` (the board on screen)."""
    _on_screen.view = view
    if not _on_screen.listening:
        _on_screen.listening = True
        for name in ("pointerdown", "pointermove", "pointerup", "pointercancel"):
            browser.listen(browser.document, name, _pointer)


def _pointer(event: Any) -> None:
    view = _on_screen.view
    if view is not None and not view.closed:
        view.dragging.handle(view, event)


class PointerDrag:
    def __init__(self) -> None:
        # What the view's drag_begin returned, plus the pointer and the floating copy.
        self.drag: dict[str, Any] | None = None
        self.dropped_at = float(-CLICK_AFTER_DROP_MS)

    @property
    def in_air(self) -> bool:
        return self.drag is not None and self.drag["ghost"] is not None

    def swallows_click(self) -> bool:
        return browser.now_ms() - self.dropped_at < CLICK_AFTER_DROP_MS

    def handle(self, view: DragHooks, event: Any) -> None:
        kind = str(event.type)
        if kind == "pointerdown":
            if self.in_air:
                return  # a second finger while a piece is in the air
            drag = view.drag_begin(event) if event.button == 0 else None
            if drag is not None:
                drag.update(pointer=event.pointerId, x=event.clientX, y=event.clientY, ghost=None)
            self.drag = drag
            return
        drag = self.drag
        if drag is None or event.pointerId != drag["pointer"]:
            return
        x, y = event.clientX, event.clientY
        if kind == "pointermove":
            if drag["ghost"] is None:
                if abs(x - drag["x"]) + abs(y - drag["y"]) < DRAG_START_PX:
                    return
                drag["ghost"] = view.drag_lift(drag)
            event.preventDefault()
            view.drag_move(drag, x, y)
            return
        self.drag = None
        if drag["ghost"] is None:
            return  # a tap: the click that follows does the rest
        drag["ghost"].remove()
        self.dropped_at = browser.now_ms()
        if kind == "pointerup":
            view.drag_drop(drag, x, y)
        else:
            view.drag_drop(drag, None, None)

    def abandon(self, view: DragHooks) -> None:
        """The view is closing: drop whatever is in the air and stop listening for it."""
        if self.drag is not None and self.drag["ghost"] is not None:
            self.drag["ghost"].remove()
        self.drag = None
        if _on_screen.view is view:
            _on_screen.view = None
