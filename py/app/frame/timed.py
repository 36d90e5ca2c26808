"""The ticks of a game whose rules run on its own clock (the Wordle duel's turns). Its
frontend says, from the page's time it is given, which move falls due (the computer's, which
carries its think time: app.frame.planned_move, or a turn's timeout), what the clock shows
and the cue of the second; the game view's computer seat then never plays a move at once
(it waits for its time), and these ticks play it through the game view as any other move."""

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from .. import browser, sound, thinker
from ..html import Markup
from . import behind
from .planned_move import PlannedMove

TICK_MS = 200


@runtime_checkable
class TimedFrontend(Protocol):
    def clock_started(self, ui: Any, page_ms: float) -> Any:
        """The UI state with its clock running from `page_ms` if it was not yet."""
        ...

    def due(self, state: Any, ui: Any, computer_to_move: bool, planned: Any, page_ms: float) -> Any:
        """The move that fell due by `page_ms` (`planned`: the computer's in its turn, None
        while it thinks); None when none did."""
        ...

    def clock_shown(self, state: Any, ui: Any, page_ms: float, t: Any, slot: str) -> Markup:
        """A clock as it reads at `page_ms`, drawn into every `.wd-clock-slot` of the page
        (`slot`: that element's `data-duel`, "" for a page's one clock)."""
        ...

    def tick_cue(self, state: Any, ui: Any, page_ms: float) -> Any:
        """What is heard once at `page_ms` (a second's tick: any value, compared with the
        last one; None: nothing)."""
        ...


def is_timed(frontend: object) -> bool:
    return isinstance(frontend, TimedFrontend)


class Ticks:
    """`view` is the GameView: its midend, ui and `arrived` (a move played as every move)."""

    def __init__(self, view: Any, now_ms: Callable[[], float] | None = None):
        self.view = view
        self.now_ms = now_ms or (lambda: browser.now_ms())
        self.planned = PlannedMove(self.tick)
        self.ticker: browser.Repeating | None = None
        self.heard: Any = None

    def start(self) -> None:
        view = self.view
        if view.state is None or view.state.is_over:
            return
        clock_was = view.ui  # (a new game started while the ticks run: its clock starts too)
        view.ui = view.frontend.clock_started(view.ui, self.now_ms())
        if view.ui != clock_was:
            view._save()  # a reload goes on with this clock
        if self.ticker is not None:
            return
        self.ticker = browser.Repeating(TICK_MS, self.tick)
        if thinker.shared is not None:
            thinker.shared.start()  # the computer thinks in the worker once it is ready
        self.tick()

    def stop(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker = None

    def tick(self) -> None:
        """Play every move that fell due, in order; else show the clock and its tick."""
        view, frontend = self.view, self.view.frontend
        if view.closed and not behind.is_behind(view):
            self.stop()  # (a game going on behind another page goes on: app.frame.behind)
        if self.ticker is None or view.busy or view.state is None:
            return  # (None: a game with a friend's next one still being set up)
        played = False
        while not view.state.is_over:
            now = self.now_ms()
            midend = view.midend
            computer_to_move = midend.computer_to_move
            planned = self.planned.move(midend) if computer_to_move else None
            move = frontend.due(view.state, view.ui, computer_to_move, planned, now)
            if move is None:
                break
            view.arrived(move)
            played = True
        if view.state.is_over:
            self.stop()
        elif not played:
            self.show_clock()
        if behind.is_behind(view):
            behind.show(view)

    def show_clock(self) -> None:
        view, frontend, now = self.view, self.view.frontend, self.now_ms()
        slots = [] if view.closed else browser.element("view").querySelectorAll(".wd-clock-slot")
        for slot in slots:
            which = str(slot.getAttribute("data-duel") or "")
            slot.innerHTML = frontend.clock_shown(view.state, view.ui, now, view.t, which)
        cue = frontend.tick_cue(view.state, view.ui, now)
        if cue is not None and cue != self.heard:
            self.heard = cue
            sound.cue("tick")
