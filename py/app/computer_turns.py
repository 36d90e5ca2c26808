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

The move is chosen in the thinker's Web Worker (app.thinker) when it is ready:
the position is posted as the pause starts, so the thinking overlaps the pause,
and `play` is called when both the pause and the worker's move are done,
whichever is last, with the same `current` test. Until the worker is ready, or if
it fails, the move is chosen on the page's thread when the pause ends.
"""

from collections.abc import Callable
from typing import Any

from . import thinker as thinkers
from .midend import Midend
from .thinker import Thinker

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
        thinker: Thinker | None = None,
        choose: Callable[[], Any] | None = None,
    ):
        self.midend, self.later, self.now_ms = midend, later, now_ms
        self.play, self.ready = play, ready
        self.thinker = thinker if thinker is not None else thinkers.shared
        # A computer that sees more than the midend's position (its own hand, with no
        # referee) chooses here: its view is not the worker's to have.
        self.choose = choose
        self.timed: int | None = None  # the generation whose move is being timed
        self.closed = False
        self.think_ms: int | None = None  # how long the last move took to choose (for tests)
        self.thought_in_worker = False  # where the last move was chosen (for tests)
        self._asked: _Asked | None = None  # the move asked of the worker for this pause

    def schedule(self) -> None:
        """Time the computer's move, if it is to move: once per position."""
        if self.thinker is not None and self.midend.against_computer:
            self.thinker.start()  # a page's first game with a computer starts the worker
        generation = self.midend.generation
        if self.timed == generation or not self._due():
            return
        self.timed = generation
        self._asked = self._ask_worker(generation)
        self.later(PAUSE_MS, lambda: self._after_pause(generation))

    def _ask_worker(self, generation: int) -> "_Asked | None":
        if self.thinker is None or self.choose is not None:
            return None
        asked = _Asked(generation, len(self.midend.moves), self.now_ms())
        if not self.thinker.think(
            self.midend.computer_request(),
            lambda text: self._worker_moved(asked, text),
            lambda _reason: self._worker_failed(asked),
        ):
            return None
        return asked

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
        asked = self._asked
        if asked is not None and asked.generation == generation and not asked.failed:
            asked.paused = True
            if asked.move is not None:
                self._play_thought(asked)
            return  # the worker's move plays when it comes
        self._asked = None
        self.timed = None  # the move played may leave another computer to move
        if self._due():  # the page may have moved on (a dialog opened, a block moving)
            self.play(self._choose())

    def _worker_moved(self, asked: "_Asked", text: str) -> None:
        if asked is not self._asked or not self._still_asked(asked):
            return
        try:
            asked.move = self.midend.game.parse_move(text)
        except Exception:  # the worker's reply is not a move: choose here instead
            self._worker_failed(asked)
            return
        asked.think_ms = round(self.now_ms() - asked.started)
        if asked.paused:
            self._play_thought(asked)

    def _worker_failed(self, asked: "_Asked") -> None:
        asked.failed = True
        if asked is self._asked and asked.paused and self._still_asked(asked):
            asked.paused = False
            self._after_pause(asked.generation)  # now chosen on this thread

    def _still_asked(self, asked: "_Asked") -> bool:
        """Is the position the worker was asked about still the one on screen?"""
        return self.current(asked.generation) and len(self.midend.moves) == asked.move_count

    def _play_thought(self, asked: "_Asked") -> None:
        self._asked = None
        self.timed = None
        if self._still_asked(asked) and self._due():
            self.think_ms, self.thought_in_worker = asked.think_ms, True
            self.play(asked.move)

    def _choose(self) -> Any:
        """The computer's move in the position on screen, with its level's default
        budget (the one bench/<game>.py measures)."""
        started = self.now_ms()
        move = self.choose() if self.choose is not None else self.midend.computer_move()
        self.think_ms, self.thought_in_worker = round(self.now_ms() - started), False
        return move


class _Asked:
    """A move asked of the worker: for which position, and what has come of it."""

    def __init__(self, generation: int, move_count: int, started: float):
        self.generation, self.move_count, self.started = generation, move_count, started
        self.move: Any = None
        self.think_ms: int | None = None
        self.paused = False  # the pause is over: play the move as soon as it comes
        self.failed = False
