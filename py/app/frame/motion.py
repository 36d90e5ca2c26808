"""A move drawn on its way (app.frame.frontend.Journey): a piece made from the journey's
markup travels over the board by the Web Animations API, then the next journey, then the
game view goes on. Each journey goes on exactly once: when its animation ends, or a little
later if a drawing took the piece away first."""

from collections.abc import Callable

from .. import browser
from ..browser import found
from .frontend import Journey

GRACE_MS = 400  # how long past its end a journey waits for its animation's own word


def travel(journey: Journey | None, still: Callable[[], bool], done: Callable[[], None]) -> None:
    """Draw `journey` and those after it, then call done(); nothing more once still() says
    the view has moved on (a new position, or the player left)."""
    if journey is None:
        done()
        return
    view = browser.element("view")
    board = view.querySelector(journey.board)
    if not found(board):
        done()
        return
    busy = view.querySelector("[data-busy]")
    if found(busy):
        busy.setAttribute("data-busy", "yes")  # (for tests and styles: a move on its way)
    if journey.clears:
        for node in board.querySelectorAll(journey.clears):
            node.remove()
    if journey.leaves:
        leaving = board.querySelector(journey.leaves)
        if found(leaving):
            leaving.classList.add("departed")
    piece = browser.document.createElement("span")
    piece.className = journey.piece_class
    piece.innerHTML = journey.content
    for name, value in journey.style.items():
        piece.style.setProperty(name, value)
    for name, value in journey.data.items():
        piece.setAttribute(f"data-{name}", value)
    board.appendChild(piece)
    moving = piece.querySelector(journey.moves) if journey.moves else piece
    finished: list[bool] = []

    def arrived() -> None:
        if finished:
            return
        finished.append(True)
        piece.remove()
        if still():
            travel(journey.then, still, done)

    browser.animate(moving, journey.frames, journey.duration_ms, arrived)
    browser.later(journey.duration_ms + GRACE_MS, arrived)
