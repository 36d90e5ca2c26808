"""A computer's move that carries its own time on the game's clock (the Wordle duel's: a guess
at the time its player finishes thinking, or its turn's timeout), worked out once per position
and played when the clock gets there, not when it is worked out (app.computer_turns plays
a move as soon as it is chosen, after a pause). The same move after a reload and wherever it
was worked out: in the thinker's Web Worker when it is ready, else on the page's thread."""

from collections.abc import Callable
from typing import Any

from games.common.errors import IllegalMove

from .. import thinker as thinkers
from ..midend import Midend

Position = tuple[Midend, int, int]  # the midend, its generation, how many moves were played


class PlannedMove:
    """`came()` is called when the worker's answer comes (the move may now be due)."""

    def __init__(self, came: Callable[[], None]):
        self.came = came
        self.plan: tuple[Position, Any] | None = None  # (position, move or None)

    def move(self, midend: Midend) -> Any:
        """The computer's move in the midend's position; None while the worker thinks."""
        position = (midend, midend.generation, len(midend.moves))
        if self.plan is None or self.plan[0] != position:
            self.plan = (position, None)
            if not self._ask_the_worker(midend, position):
                self.plan = (position, midend.computer_move())
        return self.plan[1]

    def forget(self) -> None:
        self.plan = None

    def _ask_the_worker(self, midend: Midend, position: Position) -> bool:
        worker = thinkers.shared
        if worker is None:
            return False

        def current() -> bool:  # (an answer for a position gone is not worked on)
            return self.plan is not None and self.plan[0] == position

        def answered(move: Any) -> None:
            self.plan = (position, move)
            self.came()

        def thought(text: str) -> None:
            if not current():
                return
            try:
                move = midend.game.parse_move(text)
            except IllegalMove:
                move = midend.computer_move()  # (nonsense from the worker: worked out here)
            answered(move)

        def failed(_why: str) -> None:
            if current():
                answered(midend.computer_move())

        return worker.think(midend.computer_request(), thought, failed)
