"""The computer's turns, the same for every game whose view plays them on a timer
(Battleship, Deblockle, Dominoes): composed into the view as `ComputerTurns`.

The view calls `schedule()` after every drawing. When the computer is to move and
nothing on screen is in the way (the view's `ready`), one move is timed for the
position on screen, the midend's generation, however often `schedule()` is
called. After the pause (PAUSE_MS, so a person can follow), the move is chosen
(midend.computer_move) and handed to the view's `play`, which plays it through
the midend and shows it the game's own way (Battleship tells the shot, Deblockle
rolls and hops the block). Nothing is played when, by then, the position was
replaced (undo, redo, a new game, another tab's save: the generation changed) or
the view was closed; `current(generation)` is that test, for the view's own
animations of a move.

A Web Worker will think later, in `_choose` alone: `schedule()` will post the
position to the worker as the pause starts, and `play` will be called when both
the pause's timer and the worker's move have come, whichever is last, with the
same `current(generation)` test; `_after_pause` then waits for the move instead
of choosing it.
"""

from collections.abc import Callable
from typing import Any

from .midend import Midend

PAUSE_MS = 700  # the computer waits this long before its move shows

Later = Callable[[float, Callable[[], None]], object]  # browser.later: (ms, callback)


class ComputerTurns:
    def __init__(
        self,
        midend: Midend,
        later: Later,
        now_ms: Callable[[], float],
        play: Callable[[Any], object],
        ready: Callable[[], bool] = lambda: True,
    ):
        self.midend, self.later, self.now_ms = midend, later, now_ms
        self.play, self.ready = play, ready
        self.timed: int | None = None  # the generation whose move is being timed
        self.closed = False
        self.think_ms: int | None = None  # how long the last move took to choose (for tests)

    def schedule(self) -> None:
        """Time the computer's move, if it is to move: once per position."""
        generation = self.midend.generation
        if self.timed == generation or not self._due():
            return
        self.timed = generation
        self.later(PAUSE_MS, lambda: self._after_pause(generation))

    def current(self, generation: int) -> bool:
        """Is the position of `generation` still the one on an open view?"""
        return generation == self.midend.generation and not self.closed

    def close(self) -> None:
        """The view is left: moves being timed are not played."""
        self.closed = True

    def _due(self) -> bool:
        return not self.closed and self.midend.computer_to_move and self.ready()

    def _after_pause(self, generation: int) -> None:
        if not self.current(generation):
            return
        self.timed = None  # the move played may leave another computer to move
        if self._due():  # the page may have moved on (a dialog opened, a block moving)
            self.play(self._choose())

    def _choose(self) -> Any:
        """The computer's move in the position on screen, with its level's default
        budget (the one bench/<game>.py measures)."""
        started = self.now_ms()
        move = self.midend.computer_move()
        self.think_ms = round(self.now_ms() - started)
        return move
