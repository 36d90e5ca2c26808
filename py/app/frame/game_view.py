"""The one game view: it owns the midend and runs a game's frontend (app.frame.frontend).

Every input goes one way: the app hands a click or a key here; the frontend interprets it;
a move is played through the midend, saved, recorded if it ended the game, then the
frontend says what changed and draws the page, once. Undo and redo, a new game or the
same one again (asking first when a game in progress would be lost), the game's number in
the address, the clock and the game-over window are here, the same for every game; the
frontend holds no rule and this view writes no record but through the midend, the
statistics (app.scores) and the player's remembered choices (app.saved_games).
"""

from typing import Any

from games.common.errors import IllegalMove

from .. import browser, router, saved_games, scores, sound
from ..midend import HUMAN, Midend, fresh_seed
from ..saved_game_view import SavedGameView
from .clock import format_clock
from .frontend import Changes, Command, Facts, Frontend, Input, Journey, Play, Show

TICK_MS = 1000
IGNORED_TARGETS = ("INPUT", "SELECT", "TEXTAREA", "SUMMARY")


class GameView(SavedGameView):
    """A game played by a person at this screen, through its frontend."""

    def __init__(self, app, route, frontend: Frontend):
        self.frontend = frontend
        self.game = frontend.name
        super().__init__(app, route)
        self.midend = Midend(app.store, frontend.game, browser.now_ms, browser.today_iso)
        self.session = self.midend.session
        self.outcome: dict | None = None  # the game-over window's figures, once it is over
        self.busy = False  # a move is being drawn: input waits
        self.ticker: browser.Repeating | None = None
        self.root: Any = None
        self._start_or_resume()
        self.ui = frontend.new_ui(self.state)
        self.say_if_not_counted()

    @property
    def state(self) -> Any:
        return self.midend.state

    # --- starting -----------------------------------------------------------------------
    def _start_or_resume(self) -> None:
        wanted = self.frontend.wanted(self.route.params)
        meta = self.midend.resume(legacy=getattr(self.frontend, "legacy", None))
        if meta is not None and (
            wanted is None or wanted == (self.midend.options, self.midend.seed)
        ):
            self.outcome = None
            if self.state.is_over:
                self.outcome = self.frontend.checked_outcome(meta.get("outcome")) or self._outcome()
            return
        if wanted is not None:  # a game by its number: whoever gave it may know it
            self._start(*wanted, known=True)
        else:
            self._start(self.frontend.new_options(self.prefs), fresh_seed())

    def _start(self, options: dict, seed: int, known: bool = False) -> None:
        self.midend.start(options, seed, [HUMAN], known=known)
        self.outcome = None
        self.ui = self.frontend.new_ui(self.state)
        self._save()

    def _save(self) -> None:
        if not self.midend.save({"outcome": self.outcome} if self.outcome else {}):
            self.take_newer_save()
            self.redraw()

    def forget_position(self) -> None:
        if self.state is not None:
            self.ui = self.frontend.new_ui(self.state, self.ui)

    # --- the page -------------------------------------------------------------------------
    def title(self) -> str:
        return self.t(self.frontend.title_key)

    def share_href(self) -> str:
        """This game's address: with its number only once that gives nothing away."""
        return router.href(self.game, **self.midend.game_id)

    def facts(self) -> Facts:
        return Facts(
            share_href=self.share_href(),
            clock_ms=self.session.elapsed_ms(),
            stats=scores.stats_for(self.app.store, self.game),
            can_undo=self.midend.can_undo,
            can_redo=self.midend.can_redo,
            seed_shown=self.midend.seed_shown,
            counted=self.midend.ranked,
            busy=self.busy,
            shapes=self.app.settings["colour_blind"] == "on",
            outcome=self.outcome,
        )

    def render(self):
        return self.frontend.draw(self.state, self.ui, self.facts(), self.t)

    def mounted(self, root) -> None:
        self.root = root
        browser.replace_hash(self.share_href())
        if self.state.is_over:
            self.session.stop_clock()
            browser.open_dialog(root.querySelector("dialog[data-game-over]"))
        else:
            self.session.start_clock()
            if self.ticker is None:
                self.ticker = browser.Repeating(TICK_MS, self.tick)

    def tick(self) -> None:
        node = browser.element("view").querySelector("[data-figure='time']")
        if node is not None:
            node.textContent = format_clock(self.session.elapsed_ms())

    def redraw(self, focus_id: str | None = None) -> None:
        """Draw again, keeping the focus and an open game menu where they were."""
        menu = browser.element("view").querySelector("details.game-menu")
        menu_open = menu is not None and bool(menu.open)
        super().redraw(focus_id)
        if menu_open:
            browser.element("view").querySelector("details.game-menu").open = True

    # --- input ----------------------------------------------------------------------------
    def on_action(self, action: str, data: dict, event) -> None:
        self.handle(Input(action, dict(data)))

    def on_key(self, event) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target, key = event.target, str(event.key)
        tag = str(target.tagName)
        if tag in IGNORED_TARGETS or (tag == "BUTTON" and key in ("Enter", " ")):
            return
        given = Input("key", key=key, on_board=str(target.getAttribute("data-board") or "") == "on")
        if self.handle(given) and given.on_board:
            event.preventDefault()

    def handle(self, given: Input) -> bool:
        """Run one input through the frontend; whether it meant anything here."""
        if self.busy:
            return False
        meant = self.frontend.interpret(self.state, self.ui, given, self.t)
        if isinstance(meant, Play):
            self.play(meant.move)
        elif isinstance(meant, Show):
            self.show(meant)
        elif isinstance(meant, Command):
            self.command(meant)
        return meant is not None

    def show(self, shown: Show) -> None:
        self.ui = shown.ui
        if shown.cue:
            sound.cue(shown.cue)
        if shown.said:
            self.app.announce(shown.said)
        self.redraw()

    def play(self, move: Any) -> None:
        """A move of the person at this screen: played, saved, recorded, shown."""
        try:
            events = self.midend.play(move)
        except IllegalMove as refusal:
            self.show(
                self.frontend.refused(
                    self.state, self.ui, move, refusal.key, refusal.params, self.t
                )
            )
            return
        if self.state.is_over:
            self.finish()
        self._save()  # before the move is drawn: a move shown on screen is a move saved
        changes = self.frontend.changed(self.state, self.ui, events, self.outcome, self.t)
        if changes.journey is None or self.app.reduced_motion:
            self.after_move(changes)
        else:
            self.draw_journey(changes, changes.journey)

    def draw_journey(self, changes: Changes, journey: Journey) -> None:
        board = browser.element("view").querySelector(journey.board)
        if board is None:
            self.after_move(changes)
            return
        self.busy = True
        traveller = browser.document.createElement("span")
        traveller.className = journey.piece_class
        board.appendChild(traveller)
        leaving = board.querySelector(journey.leaves)
        if leaving is not None:
            leaving.classList.add("departed")
        duration = journey.step_ms * (len(journey.frames) - 1)
        browser.animate(traveller, journey.frames, duration, lambda: self.after_move(changes))

    def after_move(self, changes: Changes) -> None:
        self.busy = False
        self.ui = changes.ui
        self.app.announce(changes.said)
        sound.cue(changes.cue)
        self.redraw()

    def finish(self) -> None:
        """Record the finished game once; the figures of its game-over window (also when a
        full device refused the record)."""
        if self.outcome is not None:
            return
        stats_before = scores.stats_for(self.app.store, self.game)
        result = self.frontend.record(self.state, self.session.elapsed_ms())
        place = self.midend.record_once(
            lambda: scores.record_result(
                self.app.store,
                self.game,
                result.variant,
                won=result.won,
                score=result.score,
                figures=result.figures,
                date=browser.today_iso(),
            )
        )
        self.outcome = self._outcome(stats_before, place)

    def _outcome(self, stats_before=None, place: int | None = None) -> dict:
        stats = (
            scores.stats_for(self.app.store, self.game) if stats_before is None else stats_before
        )
        clock = self.session.elapsed_ms()
        return self.frontend.outcome(self.state, stats, self.midend.ranked, place, clock)

    # --- commands -------------------------------------------------------------------------
    def command(self, command: Command) -> None:
        if command.name == "undo":
            self.undo()
        elif command.name == "toggle":  # a shortcut to an on/off setting every game honours
            name = (command.options or {})["setting"]
            self.app.change_setting(name, "off" if self.app.settings[name] == "on" else "on")
        elif command.name == "new":
            options = dict(command.options or {})
            self.unless_kept("frame.confirm_new_yes", lambda: self.new_game(options), self.redraw)
        elif command.name == "restart":  # the same game again: now known, so not counted
            self.unless_kept("frame.confirm_restart_yes", self.restart)

    def unless_kept(self, yes_key: str, start, on_no=None) -> None:
        """start() a new game, asking first when that would throw away a game in progress
        (it would not count)."""
        if self.state.is_over or not self.midend.moves:
            start()
            return
        t = self.t
        self.app.ask(
            t("frame.confirm_new_title"), t("frame.confirm_uncounted"), t(yes_key), start, on_no
        )

    def new_game(self, options: dict) -> None:
        if options:  # a choice the player made: remembered for the next game
            self.prefs = saved_games.update_prefs(self.app.store, self.game, self.prefs, options)
        self._start(self.frontend.new_options(self.prefs), fresh_seed())
        self.announce_new()

    def restart(self) -> None:
        self._start(self.midend.options, self.midend.seed, known=True)
        self.announce_new()

    def announce_new(self) -> None:
        self.app.announce(self.t(f"{self.game}.announce.new"))
        self.redraw()

    def undo(self) -> None:
        if not self.midend.can_undo:
            return
        self.midend.undo()
        self._after_history(f"{self.game}.announce.undo")

    def _after_history(self, said_key: str) -> None:
        self.ui = self.frontend.new_ui(self.state, self.ui)
        self._save()
        self.app.announce(self.t(said_key))
        self.redraw()

    # --- leaving ----------------------------------------------------------------------------
    def close(self) -> None:
        self.suspend()
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker = None
