"""The one game view: it owns the midend and the seats, and runs a game's frontend
(app.frame.frontend). Every move goes one way, whoever made it (a person here through the
frontend's interpret, the computer or a friend through their seat: app.frame.seats,
remote_seat): played through the midend, saved, recorded if it ended the game, then the
frontend says what changed and the page is drawn, once; then the next seat's turn starts.
Undo and redo (app.frame.history), a new game or the same one again, the game's number in
the address, the clock and the game-over window are here, the same for every game; this view
writes nothing but through the midend, the statistics and the player's remembered choices.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from games.common.errors import IllegalMove
from games.common.protocol import Json

from .. import browser, html, router, scores, sound
from ..browser import found
from ..daily.games import daily_slot
from ..games_list import remote_slot
from ..midend import Midend
from ..peer import prefs as peer_prefs
from ..peer import strangers
from ..saved_game_view import SavedGameView
from . import behind, commands, ending, history, lasting_ui, page_life, viewport
from .address import shared_params
from .clock import format_clock
from .daily_play import DailyPlay
from .ending import resumed_outcome
from .frontend import Changes, Command, Facts, Frontend, Input, Journey, Play, Show, Table
from .keys import read_key
from .motion import travel
from .piece_drag import gesture_of
from .recording import Recording, shown
from .remote_seat import RemoteSeat, proposed
from .seats import ComputerSeat, instant_moves, table_of
from .starting import NewGame, resume_or_new
from .sub_protocol import engine_of
from .timed import Ticks, is_timed

if TYPE_CHECKING:
    from ..main import App

TICK_MS = 1000


class GameView(SavedGameView):
    """A game played through its frontend, by the people here, the computer and a friend
    on another device."""

    def __init__(self, app: "App", route: router.Route, frontend: Frontend[Any, Any]) -> None:
        self.frontend = frontend
        self.game = frontend.name
        behind.take_back(self.game)  # (this game's page again: it stops going on behind)
        super().__init__(app, route)
        how = route.params.get("remote")  # a game with a friend: host, guest or resume
        self.daily = None if how else DailyPlay.of(route, self.game)  # (today's game)
        slot = remote_slot(self.game) if how else daily_slot(self.game) if self.daily else None
        game, keeps = engine_of(frontend.sub_protocol, frontend.game, remote=bool(how))
        keeps = keeps and frontend.keeps_replays
        self.midend = Midend(app.store, game, browser.now_ms, browser.today_iso, slot, keeps)
        self.session = self.midend.session
        self.outcome: Json | None = None  # the game-over window's figures, once it is over
        self.busy = False  # a move is being drawn: input waits
        self.closed = False
        self.ticker: browser.Repeating | None = None
        self.ui: Any = None
        self.asked_for: NewGame | None = None  # a game the address asks for, once mounted
        self.remote: RemoteSeat | None = None
        self.stranger: strangers.Variant | None = None  # the game agreed with a stranger
        if how:
            name = peer_prefs.load(app.store)["name"] or self.t("connect.default_name")
            self.remote = RemoteSeat(self.midend, name, self._save, self.remote_event, self.moved)
            self.stranger = self.remote.met_stranger(app.store, self.game, frontend)
        choose = self.remote.computer_move if self.remote is not None else None
        self.computer = ComputerSeat(
            self.midend, self.arrived, self.computer_may_move, browser.later, browser.now_ms, choose
        )
        self.ticks = Ticks(self) if is_timed(frontend) else None  # (its moves wait their time)
        self.gesture = gesture_of(self, frontend.drag_rules)
        self.recording = Recording(frontend)  # (results as it goes: the Tournament's)
        if how and self.remote is not None:
            self.remote.start(how, self.proposal, frontend.sub_protocol)
            self.remote.follow_room(app.store, self.game, self.reopen)
        else:
            self._start_or_resume()
        if self.remote is not None and self.state is not None and self.ui is None:
            self.ui = self.remote.first_ui(frontend)  # (a friend's game may be still to come)

    @property
    def state(self) -> Any:
        return self.midend.state if self.remote is None else self.remote.position()

    # --- starting -----------------------------------------------------------------------
    def _start_or_resume(self) -> None:
        if self.remote is not None:
            self.midend.resume()
            return
        opening = (
            self.daily.opening(self)
            if self.daily is not None
            else resume_or_new(self.frontend, self.midend, self.route.params, self.choices())
        )
        meta = opening.resumed
        if meta is None:
            assert opening.new is not None
            self._start(*opening.new)
            return
        self.asked_for = opening.new  # another game by its address: asked once mounted
        self.recording.resumed(meta)
        self.ui = lasting_ui.resumed_ui(self.frontend, self.state, meta)
        self.outcome = resumed_outcome(self.frontend, self.midend, self.app.store, meta)

    def _start(self, options: Json, seed: int, seats: list[str], known: bool = False) -> None:
        self.midend.start(options, seed, seats, known=known)
        instant_moves(self.midend, self.frontend)
        self.outcome = None
        self.recording.restart()
        self.ui = lasting_ui.new_game_ui(self.frontend, self.state, self.ui)
        self._save()
        if known:
            self.say_if_not_counted()  # once, as it starts: not again when it is resumed

    def choices(self) -> dict[str, Any]:
        """The player's remembered choices, and the records the frontend asked to be shown."""
        return {**self.prefs, **shown(self.app.store, self.frontend)}

    def proposal(self) -> tuple[Json, list[str]]:
        """This device's proposal to friends' devices (who plays first is drawn by lot); to
        a stranger, the game agreed when they met (its standard options)."""
        prefs = self.stranger.prefs if self.stranger is not None else self.prefs
        return proposed(self.frontend, prefs, self.remote)

    def _save(self) -> None:
        if self.state is None:
            return  # a game with a friend still being set up: nothing to keep yet
        kept = {**lasting_ui.kept(self.frontend, self.ui), **self.recording.meta()}
        if self.remote is not None:  # (a sub-protocol's part, app.frame.sub_protocol)
            kept = {**kept, **self.remote.meta()}
        if not self.midend.save({**kept, "outcome": self.outcome} if self.outcome else kept):
            self.take_newer_save()
            self.redraw()

    def forget_position(self) -> None:
        self.busy = False
        if self.state is not None:
            self.ui = self.frontend.new_ui(self.state, self.ui)

    # --- the page -------------------------------------------------------------------------
    def title(self) -> str:
        return self.t(self.frontend.title_key)

    def share_href(self) -> str:
        """This game's address: with its number only once that gives nothing away."""
        if self.remote is not None or self.daily is not None:
            return self.daily.href() if self.daily else router.href(self.game, remote="resume")
        seats = self.frontend.seat_params(self.table())
        page = str(getattr(self.frontend, "page", self.game))  # (the Tournament's: Wordle's)
        return router.href(page, **shared_params(self.frontend, self.midend), **seats)

    def table(self) -> Table:
        return table_of(self.midend) if self.remote is None else self.remote.table()

    def facts(self) -> Facts:
        table, midend = self.table(), self.midend
        return Facts(
            share_href=self.share_href(),
            clock_ms=self.session.elapsed_ms(),
            stats=scores.stats_for(self.app.store, self.game),
            can_undo=history.can_undo(midend, self.frontend, self.ui, table),
            can_redo=history.can_redo(midend, self.frontend, self.ui, table),
            seed_shown=self.midend.seed_shown,
            counted=self.midend.ranked,
            busy=self.busy,
            shapes=self.app.settings["colour_blind"] == "on",
            motion=not self.app.reduced_motion,
            outcome=self.outcome,
            table=table,
            prefs=self.choices(),
            bar=self.remote.bar(self.t) if self.remote is not None else None,
            layout=viewport.layout(self.frontend),
            page_ms=browser.now_ms(),
        )

    def render(self) -> html.Markup:
        if self.remote is not None and self.remote.waiting:
            return self.remote.waiting_page(self.game, self.t)
        if self.daily is not None:
            return self.daily.page(self, self.facts())
        return self.frontend.draw(self.state, self.ui, self.facts(), self.t)

    def mounted(self, root: Any) -> None:
        browser.replace_hash(self.share_href())
        if self.remote is not None and self.remote.waiting:
            return
        self.gesture.follow()
        viewport.watch(self)
        for dialog in root.querySelectorAll("dialog[data-open]"):
            browser.open_dialog(dialog)  # a dialog of the frontend's, open through a redraw
        if self.state.is_over:
            self.session.stop_clock()
            if not found(root.querySelector("dialog[data-open]")):
                browser.open_dialog(root.querySelector("dialog[data-game-over]"))
        else:
            self.session.start_clock()
            if self.ticker is None:
                self.ticker = browser.Repeating(TICK_MS, self.tick)
            (self.computer.start_turn if self.ticks is None else self.ticks.start)()
        if self.asked_for is not None:
            asked, self.asked_for = self.asked_for, None
            commands.unless_kept(self, "frame.confirm_new_yes", lambda: self.start_asked(asked))

    def start_asked(self, asked: NewGame) -> None:
        self._start(*asked)
        commands.announce_new(self)

    def tick(self) -> None:
        node = browser.element("view").querySelector("[data-figure='time']")
        if found(node):
            node.textContent = format_clock(self.session.elapsed_ms())

    def redraw(self, focus_id: str | None = None) -> None:
        """Draw again, keeping the focus and an open game menu where they were."""
        if self.closed:
            return
        menu = browser.element("view").querySelector("details.game-menu")
        menu_open = found(menu) and bool(menu.open)
        super().redraw(focus_id)
        if menu_open:
            browser.element("view").querySelector("details.game-menu").open = True

    # --- input ----------------------------------------------------------------------------
    def on_action(self, action: str, data: dict[str, str], event: Any) -> None:
        if self.gesture.swallows(action) or (self.daily and self.daily.action(action, self)):
            return  # the click that ends a drag, or a daily's Share or Copy
        if self.remote is not None and self.remote.action(action, self.app, self.proposal):
            self.redraw()
            return
        self.handle(Input(action, dict(data)))

    def on_key(self, event: Any) -> None:
        given = read_key(event, found(browser.document.querySelector("dialog[open]")))
        if isinstance(given, Command):
            event.preventDefault()
            self.command(given)
        elif given is not None and self.handle(given) and (given.on_board or given.key == "Escape"):
            event.preventDefault()  # (a dialog of the frontend's closes by its drawing)

    def handle(self, given: Input) -> bool:
        """Run one input through the frontend; whether it meant anything here."""
        if self.busy or self.state is None or (self.daily and self.daily.refuses(given)):
            return False
        meant = self.frontend.interpret(self.state, self.ui, given, self.facts(), self.t)
        if isinstance(meant, Play):
            if self.table().to_act(self.state.current_player):
                self.play(meant.move, meant.more)
        elif isinstance(meant, Show):
            self.show(meant)
        elif isinstance(meant, Command):
            self.command(meant)
        return meant is not None

    def show(self, shown: Show[Any]) -> None:
        if shown.journey is not None and not self.app.reduced_motion:
            self.draw_journey(
                shown.journey, lambda: self.show(Show(shown.ui, shown.said, shown.cue))
            )
            return
        self.busy = False
        before, self.ui = self.ui, shown.ui
        if lasting_ui.changed(self.frontend, before, self.ui):
            self._save()
        if shown.cue:
            sound.cue(shown.cue)
        if shown.said:
            self.app.announce(shown.said)
        if not shown.drawn:
            self.redraw(focus_id=shown.focus or None)

    # --- moves ----------------------------------------------------------------------------
    def play(self, move: Any, more: tuple[Any, ...] = ()) -> None:
        """A move of a person here (and the ones after it, if any): played, sent to the
        other device if there is one, then as every move."""
        before = self.state.copy()
        events: list[Json] = []
        for each in (move, *more):
            try:
                events += self.midend.play(each) if self.remote is None else self.remote.play(each)
            except IllegalMove as refusal:
                if events:
                    break  # the moves before it stand
                shown = self.frontend.refused(
                    self.state, self.ui, each, refusal.key, refusal.params, self.t
                )
                self.show(shown)
                return
        events += instant_moves(self.midend, self.frontend)
        self.moved(events, before)

    def arrived(self, move: Any) -> None:
        """The computer's move (app.frame.seats), or a move on the game's clock (app.frame.timed:
        with a friend, this device's turn run out): played as a person's is."""
        before = self.state.copy()
        try:
            events = self.midend.play(move) if self.remote is None else self.remote.play(move)
        except IllegalMove:
            return  # its seat chose from the legal moves: this does not happen
        self.moved(events, before)

    def moved(self, events: list[Json], before: Any) -> None:
        """A move played, whoever made it (a friend's was played by their seat once this
        device's engine checked it): recorded, saved, shown once."""
        if self.state.is_over:
            self.finish()
        self._save()  # before the move is drawn: a move shown on screen is a move saved
        today = browser.today_iso()  # (then results as it goes, once: the save says which)
        if self.recording.write_due(self.app.store, self.state, self.midend.ranked, today):
            self._save()
        if self.closed:
            return  # a friend's move after the player left this page: kept, not told elsewhere
        changes = self.frontend.changed(before, self.state, self.ui, events, self.facts(), self.t)
        if changes.journey is None or self.app.reduced_motion:
            self.after_move(changes)
        else:
            self.draw_journey(changes.journey, lambda: self.after_move(changes))

    def draw_journey(self, journey: Journey, then: Callable[[], None]) -> None:
        self.busy = True
        generation = self.midend.generation
        travel(journey, lambda: not self.closed and generation == self.midend.generation, then)

    def after_move(self, changes: Changes[Any]) -> None:
        self.busy = False
        before, self.ui = self.ui, changes.ui
        if lasting_ui.changed(self.frontend, before, self.ui):
            self._save()  # (the duel's letters typed, gone with the row they made)
        self.app.announce(changes.said)
        if changes.cue:  # ("" for none)
            sound.cue(changes.cue)
        self.redraw(focus_id=changes.focus or None)

    def computer_may_move(self) -> bool:
        here = self.remote is None or self.remote.computer_ready()
        return here and not self.busy and not self.closed and not self.frontend.paused(self.ui)

    def finish(self, ended: bool = False) -> None:
        """Record the finished game once (`ended`: stopped before the rules ended it, by a
        friend resigning or leaving) and keep its game-over window's figures."""
        if self.outcome is None and not self.midend.recorded:
            self.outcome = ending.finish(self, ended, browser.today_iso())
            if not self.closed:  # (a reload now shows this end: app.frame.starting)
                browser.replace_hash(self.share_href())
            if self.daily is not None:
                self.daily.finished(self)  # (in the dailies' own records alone)

    # --- the other device -------------------------------------------------------------------
    def remote_event(self, event: Json) -> None:
        """What the link to a friend's device says, but their moves (`moved`)."""
        assert self.remote is not None
        kind = event["type"]
        if kind == "started":
            self.ui = self.frontend.new_ui(self.state)
            self.outcome = None
            self._save()
            browser.replace_hash(self.share_href())
        elif kind == "ended" and self.state is not None:
            self.finish(ended=True)
            self._save()
        if kind != "changed" and not self.closed:  # (only drawn; left: not told elsewhere)
            self.app.announce(self.remote.said(self.t))
        if self.app.view is self:
            self.redraw()

    # --- commands -------------------------------------------------------------------------
    def command(self, command: Command) -> None:
        if self.daily is None or not self.daily.refuses(command):
            commands.run(self, command)

    def focus_lost(self, view_root: Any, wanted_id: str) -> None:
        """The control that had focus went with the drawing: focus goes where play goes on
        (the frontend's first control still there), never to the page's body."""
        if wanted_id and not self.state.is_over:
            browser.focus_first(view_root, self.frontend.focus_fallbacks)

    # --- leaving ----------------------------------------------------------------------------
    def suspend(self) -> None:
        """The page hidden, closed or reloaded (app.frame.page_life); not another page of the
        app (closed: a game may go on behind it, app.frame.behind)."""
        if not self.closed:
            page_life.hidden(self)
        super().suspend()

    def resume(self) -> None:
        super().resume()
        page_life.shown(self)

    def reopen(self, href: str) -> None:
        """Open this page again at `href` (a table's new link taken up: app.frame.remote_seat)."""
        if not self.closed:
            browser.replace_hash(href)
            self.app.go(href)

    def close(self) -> None:
        self.closed = True  # moves still on their way, and the computer's, go no further
        self.computer.close()
        self.gesture.abandon()
        behind.carry_on(self)  # (a game that goes on behind another page of the app)
        self.suspend()
        if self.remote is not None:
            self.remote.release()
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker = None
