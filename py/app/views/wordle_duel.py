"""The Wordle duel's screen that a duel with a friend on another device is still drawn by
(app.views.wordle_duel_remote.RemoteDuelScreen, its only subclass): its words loaded, the
duel's clock (app.frame.game_clock) and its ticks, keys into guesses, what changed said and
drawn (app.wordle_duel). The practice duel against the computer runs on the one game view
(app.wordle_duel.frontend, app.frame.timed); this goes when the duel with a friend does.
"""

from dataclasses import replace
from typing import Any

from games.common.errors import IllegalMove
from games.wordle.dictionary import Dictionary
from games.wordle.duel_game import MAX_TIME, DuelState

from .. import browser, router, sound, thinker, wordle_words
from ..frame import game_clock
from ..frame.ending import record_once
from ..frame.frontend import Play, Show
from ..html import Markup, h
from ..midend import Midend
from ..wordle_duel import changes, draw, turns
from ..wordle_duel.input import ENTER, interpret, refused
from ..wordle_duel.saved import (
    GAME,
    MAX_SPEED,
)
from ..wordle_duel.ui import DuelUi, drawn_once, quiet, screen
from . import wordle_parts as parts

YOU, BOT = 0, 1
TICK_MS = 200


class DuelScreen:
    def __init__(self, view: Any):
        self.view = view
        self.app = view.app
        self.t = view.t
        self.speed = _speed(view.route.params)
        self.words: Dictionary | None = None
        self.midend: Midend | None = None  # the duel, once its language's words are loaded
        self.info: dict = {}  # lang, level, seed and clock of the duel shown (or loading)
        self._loads = 0  # the word load the screen waits for (an older one is ignored)
        self._ticked: tuple | None = None  # (row count, second) last ticked
        self.ui = DuelUi()  # the guess being typed, the message, the rows already drawn
        self.loading_error = ""
        self.ticker: browser.Repeating | None = None
        self.hidden = False  # the page is hidden: the clock is not watched
        self.me = YOU  # this screen's seat
        self._begin()

    def _begin(self) -> None:
        """Load the words of the duel to show (the subclass's)."""
        raise NotImplementedError

    def _words_ready(self, words) -> None:
        """Its words are here: the duel starts or resumes (the subclass's)."""
        raise NotImplementedError

    def take_newer_save(self) -> None:
        """Another tab of this device saved the duel (the subclass's)."""
        raise NotImplementedError

    def _due_move(self, now: int) -> dict | None:
        """The next move the clock plays on this screen by `now` (the subclass's)."""
        raise NotImplementedError

    @property
    def state(self) -> DuelState | None:
        return self.midend.state if self.midend is not None else None

    @property
    def duel(self) -> Midend:
        """The duel's midend, for what runs only once it is loaded."""
        if self.midend is None:
            raise RuntimeError("no duel loaded")
        return self.midend

    @property
    def seed(self) -> int | None:
        """The number of the duel shown or being loaded (None: no duel)."""
        return self.info.get("seed")

    # --- time -----------------------------------------------------------------
    def now(self) -> int:
        """The duel's clock, in milliseconds."""
        return game_clock.GameClock(**self.info["clock"]).read(browser.now_ms(), MAX_TIME)

    def _load_words(self, lang: str) -> None:
        self._loads += 1
        ticket = self._loads
        self.loading_error = ""

        def ready(words) -> None:
            if ticket == self._loads:
                self._words_ready(words)

        def failed(reason: str) -> None:
            if ticket == self._loads:
                self.loading_error = self.t("wordle.load_failed", reason=reason)
                self.view.refresh()

        wordle_words.load(lang, ready, failed)

    def _save(self) -> bool:
        """Save the duel; False when another tab held a newer save: that one is taken."""
        if self.midend is None or self.midend.save(self._view_meta()):
            return True
        self.take_newer_save()
        return False

    def _view_meta(self) -> dict:
        """What the screen saves beside the duel: its clock and the letters typed."""
        return {**self.info["clock"], "typed": self.ui.typed}

    # --- the clock and the computer player ----------------------------------------------
    def _start_ticking(self) -> None:
        if self.ticker is None and not self.hidden and self.state and not self.state.is_over:
            self.ticker = browser.Repeating(TICK_MS, self.tick)
            if thinker.shared is not None:
                thinker.shared.start()  # the computer thinks in the worker once it is ready

    def _stop_ticking(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker = None

    def _play(self, move: dict) -> list:
        return self.duel.play(move)

    def tick(self, now: int | None = None) -> None:
        """Play every move that fell due by `now` on the duel's clock, in order."""
        if self.midend is None:
            return
        now = self.now() if now is None else now
        events: list = []
        while (move := self._due_move(now)) is not None:  # (None: the worker still thinks)
            events += self._play(move)
        if events:
            self._moved(events)
        else:
            self._update_clock()

    def ui_names(self) -> list:
        return draw.names(self.t)

    peer_name: str | None = None  # the friend's, in a duel with a friend on another device

    def _moved(self, events: list) -> None:
        """Save what was played (another tab's newer duel is taken instead); a finished
        duel is recorded once, after its save went through; then what changed is said."""
        if not self._save():
            return
        midend = self.duel
        if midend.state.is_over:
            self._stop_ticking()
            result = changes.record(midend.state, self.me)  # (a full device loses the record only)
            record_once(midend, self.app.store, GAME, result, browser.today_iso())
            if not self._save():
                return
        names = self.ui_names()
        changed = changes.changed(midend.state, self.ui, events, self.me, names, self.t)
        self.ui = changed.ui
        self.app.announce(changed.said)
        if changed.cue:
            sound.cue(changed.cue)
        self.view.refresh()

    # --- the player's keys ---------------------------------------------------------------
    def key(self, key: str) -> None:
        """A key of the duel's (a letter, "enter", "back": app.wordle_duel.input)."""
        midend, words = self.midend, self.words
        if midend is None or words is None or midend.state.is_over:
            return
        now = self.now()
        if key == ENTER:
            self.tick(now)  # what fell due comes first
            if self.midend is not midend or midend.state.is_over:
                return  # another tab's duel was taken, or this one ended meanwhile
        meant = interpret(midend.state, self.ui, key, self.me, now, words, self.t)
        if isinstance(meant, Play):
            self.submit(meant.move)
        elif isinstance(meant, Show):
            self.show(meant)
            if key != ENTER and not midend.session.newer_elsewhere():  # (the next guess takes it)
                midend.save(self._view_meta())  # so a reload shows the letters typed

    def submit(self, move: dict) -> None:
        """The guess typed, played (if this screen's turn) and shown as every move is."""
        try:
            if not self.my_turn():
                raise IllegalMove("wordle.not_your_turn")
            events = self._play(move)
        except IllegalMove as refusal:
            self.show(refused(self.ui, refusal.key, refusal.params, self.t))
            return
        self.ui = replace(quiet(self.ui), typed="")
        self._moved(events)
        self.tick()

    def show(self, shown: Show) -> None:
        self.ui = shown.ui
        if shown.cue:
            sound.cue(shown.cue)
        if shown.said:
            self.app.announce(shown.said)
        self.view.refresh()

    def my_turn(self) -> bool:
        return self.duel.state.current_player == self.me

    # --- drawing --------------------------------------------------------------------------
    def _update_clock(self) -> None:
        slot = (
            self.view.root.querySelector(".wd-clock-slot") if self.view.root is not None else None
        )
        if self.state is None or self.state.is_over:
            return
        if slot is not None:
            slot.innerHTML = draw.clock(self.t, self.state.time_left(self.now()))
        self._tick_in_the_last_seconds()

    def _tick_in_the_last_seconds(self) -> None:
        """Once a second in your turn's last five seconds (app.sound)."""
        state = self.duel.state
        second = turns.tick_second(state, self.me, self.now()) if self.my_turn() else None
        if second is not None and second != self._ticked:
            self._ticked = second
            sound.cue("tick")

    def render(self) -> Markup:
        t = self.t
        if self.loading_error:
            return h("p", {"class": "wd-message wd-error", "role": "alert"}, self.loading_error)
        midend, words = self.midend, self.words
        if midend is None or words is None:
            language = parts.language_name(t, self.info["lang"])
            return h("p", {"class": "wd-loading"}, t("wordle.loading", language=language))
        state, ui = midend.state, self.ui
        self.ui = drawn_once(state, ui)
        time_left = state.time_left(self.now())
        shown = screen(state, ui, words.lang, self.me, self.info["level"], time_left, midend.ranked)
        return draw.page(t, words, self.drawn_view(), self.dressed(shown))

    def drawn_view(self) -> dict:
        """The engine's view of this screen's seat, as it is drawn."""
        return self.duel.state.view_for(self.me)

    def dressed(self, ui: draw.Ui) -> draw.Ui:
        """What a duel with a friend adds to the drawing (the remote screen's)."""
        return ui

    # --- page life ------------------------------------------------------------------------
    def suspend(self) -> None:
        """Hidden or left: stop the clock's ticks and save (a newer save of another
        tab is left as it is, and taken if the page comes back)."""
        self.hidden = True
        self._stop_ticking()
        if self.midend is not None:
            self.midend.save(self._view_meta())

    def resume(self) -> None:
        self.hidden = False
        self._start_ticking()
        self.tick()

    def close(self) -> None:
        self.suspend()


def _speed(params: dict) -> int:
    """Test-only: `speed=N` runs the duel clock N times faster (1 to 100)."""
    return router.int_param(params, "speed", 1, MAX_SPEED, default=1)
