"""The Wordle Tournament a group's leader hosts for friends' devices, as the leader's page
(group_leader.GroupLeaderScreen) plays it (the Tournament on one device is the one game
view's: app.tournament.frontend). The screen has a `TournamentPlay` and hands it a `Seat`
(whose view this device sees, who may type here, saving, what is recorded); the rest is
here: the page's clock ticks (forwarded to the engine and the keeper's clock), keys into
guesses, announcements from the engine's event log (said), the bots' plans asked of the
thinker (app.wordle.bot_plans), and the screen's own state as the drawing takes it (ui.Ui).

The rules live in games.wordle.tournament; saving, the clock and results are the keeper's
(app.wordle.tournament_keeper): nothing here writes storage.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from games.common.errors import IllegalMove
from games.common.protocol import MAX_SEED
from games.wordle.dictionary import Dictionary
from games.wordle.tournament import Tournament

from .. import browser, router, sound, thinker, wordle_words
from ..html import Markup
from ..views import wordle_parts as parts
from ..wordle.bot_plans import BotPlans
from ..wordle.tournament_keeper import TournamentKeeper
from ..wordle.tournament_results import VARIANT
from . import side as side_draw
from .draw import render
from .page import PageParts
from .said import clock_tick, happened
from .turn_typing import TurnTyping
from .ui import Context, Ui

if TYPE_CHECKING:
    from ..views.wordle import WordleView

TICK_MS = 200
View = dict[str, Any]  # Tournament.view: what one player may see at a time


class Seat(Protocol):
    """What a screen tells its TournamentPlay: whose page it is (the group's leader's)."""

    def view_here(self, game: Tournament, now: int, focus: int | None) -> tuple[View, int | None]:
        """What this device sees at `now`, and the humans' duel to show (`focus` is the
        one shown so far)."""
        ...

    def may_type(self, pid: int) -> bool:
        """Whether this page's keyboard types for player `pid` when it is their turn."""
        ...

    def start(self, play: "TournamentPlay") -> None:
        """Start pressed: the tournament's clock and its first round start."""
        ...

    def save(self, play: "TournamentPlay", force: bool) -> None: ...

    def results(self, play: "TournamentPlay") -> None:
        """Records what new events finished (ratings, statistics, the replay kept)."""
        ...

    def changed(self, play: "TournamentPlay") -> None:
        """After every change of the tournament and every tick of its clock."""
        ...

    def dress(self, play: "TournamentPlay", ui: Ui) -> None:
        """What this screen adds to the state the drawing takes."""
        ...


class TournamentPlay:
    """The tournament on this page and the screen's state around it; `seat` says whose."""

    def __init__(self, view: "WordleView", keeper: TournamentKeeper, seat: Seat) -> None:
        self.view = view  # the page (app.views.wordle): redrawn after a change
        self.app, self.t = view.app, view.t
        self.page = PageParts(view)
        self.keeper = keeper
        self.seat = seat
        self.speed = speed(view.route.params)
        self.seed_param = seed(view.route.params)
        self.lang: str = view.prefs["lang"]
        self.words: Dictionary | None = None
        self.game: Tournament | None = None
        self.mode = "loading"  # loading | lobby | game
        self.message, self.message_is_error, self.shake = "", False, False
        self.loading_error = ""
        self.confirm_leave = False
        self.watching: int | None = None  # the index of the duel watched, or None
        self.focus: int | None = None  # the index of the humans' duel on screen
        self.out_seen = False  # the "you are out" panel was answered ("watch on")
        self.typed = TurnTyping()  # what the keyboard typed for the turn under way
        self.seen = 0  # events of the log already handled
        self.ticker: browser.Repeating | None = None
        self.ticked: tuple[int, ...] | None = None  # a clock's last second ticked (clock_tick)
        self.plans = BotPlans()
        self.finishing = False  # the bots' last duels are being played out (wt-finish)
        if thinker.shared is not None:
            thinker.shared.start()  # ready, with luck, by the first round's bots

    def now(self) -> int:
        return self.keeper.now()

    def refresh(self) -> None:
        self.view.refresh()

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.message_is_error = text, error

    def load_words(self, lang: str, ready: Callable[[], None]) -> None:
        self.loading_error = ""
        self.lang = lang

        def failed(reason: str) -> None:
            self.loading_error = self.t("wordle.load_failed", reason=reason)
            self.view.refresh()

        def got(words: Dictionary) -> None:
            if words.lang == self.lang:
                self.words = words
                ready()

        self.words = None
        wordle_words.load(lang, got, failed)

    # --- the clock --------------------------------------------------------------------------
    def start_ticking(self) -> None:
        if self.ticker is None and self.game is not None and not self.game.is_over:
            self.ticker = browser.Repeating(TICK_MS, self.tick)

    def stop_ticking(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker = None

    def tick(self) -> None:
        if self.game is None or self.mode != "game":
            return
        self.game.advance(self.now())
        if len(self.game.log) > self.seen:
            self.after_change()
        else:
            self.update_clocks()
        self._tick_cue(self.current_view())
        self.seat.changed(self)

    def _tick_cue(self, view: View) -> None:
        """Each of a clock's last seconds ticks (app.sound)."""
        due = clock_tick(view)
        if due is not None and due != self.ticked:
            sound.cue("tick")
        self.ticked = due

    def ask_plans(self) -> None:
        if self.game is not None:
            self.plans.ask(self.game, thinker.shared)

    def start(self) -> None:
        """Start pressed in the lobby: the clock starts, and the first round's introduction."""
        if self.mode != "lobby" or self.game is None or self.game.phase != "lobby":
            return
        self.seat.start(self)
        self.mode, self.seen, self.message = "game", 0, ""
        self.catch_up()
        self.save(force=True)
        self.ask_plans()
        self.start_ticking()
        self.view.refresh()
        self.page.scroll_to_top()

    def after_change(self, force_save: bool = False) -> None:
        game = self.playing()
        full = self.catch_up()
        self.save(force=force_save or full)
        self.ask_plans()
        if game.is_over:
            self.stop_ticking()
        if full:
            self.view.refresh()
        else:
            self.refresh_side()
        self.seat.changed(self)

    def catch_up(self, announce_all: bool = True) -> bool:
        """Handle the new events of the log: announcements, ratings. True when
        the main part of the screen changed (else only the side panel did)."""
        game = self.playing()
        events = game.events_since(self.seen)
        self.seen = len(game.log)
        ui = Ui(focus=self.focus, watching=self.watching)
        news = happened(self.t, self.words, game, events, ui, announce_all)
        if news.new_round or news.back_to_duel:
            self.watching = None  # to the round's introduction, or to a duel waiting for you
        if news.new_round:
            self.focus, self.message, self.shake = None, "", False
        self.seat.results(self)
        if news.said:
            self.app.announce(" ".join(news.said) if announce_all else news.said[-1])
        if news.cue is not None and announce_all:
            sound.cue(news.cue)
        return news.full

    def loaded_words(self) -> Dictionary:
        """The words of the tournament (only called once they are loaded)."""
        if self.words is None:
            raise RuntimeError("no words loaded on this page")
        return self.words

    def playing(self) -> Tournament:
        """The tournament under way (only called once there is one)."""
        if self.game is None:
            raise RuntimeError("no tournament on this page")
        return self.game

    # --- the view and the keyboard -----------------------------------------------------------
    def current_view(self) -> View:
        """The tournament at the page's time (played out until now), and the
        humans' duel on screen chosen for it."""
        game = self.playing()
        now = self.now()
        game.advance(now)
        view, self.focus = self.seat.view_here(game, now, self.focus)
        return view

    def typist(self, view: View) -> tuple[int, parts.Typing] | None:
        """The human to type now and what they typed (a new row for each turn)."""
        if self.focus is None or self.focus >= len(view["duels"]):
            return None
        duel = view["duels"][self.focus]
        pid = duel["to_play"]
        if pid is None or not self.seat.may_type(pid):
            return None
        turn = (view["round"], self.focus, pid)
        typing = self.typed.for_turn(self.playing().lang, duel["length"], turn, len(duel["rows"]))
        return pid, typing

    def key(self, key: str) -> None:
        if self.mode != "game" or self.game is None:
            return
        target = self.typist(self.current_view())
        if target is None:
            return
        pid, typing = target
        self.watching = None  # typing while it is your turn takes you back to your duel
        if key == "enter":
            self._submit(pid, typing)
            return
        if key == "back":
            typing.back()
        elif not typing.add(key):
            return
        self.message, self.shake = "", False
        self.view.refresh()

    def _submit(self, pid: int, typing: parts.Typing) -> None:
        try:
            self.playing().guess(pid, typing.text, self.now())
        except IllegalMove as refused:
            self.say(self.t(refused.key, **refused.params), error=True)
            sound.cue("invalid")
            self.shake = True
            self.catch_up()
            self.app.announce(self.message)
            self.save()
            self.view.refresh()
            return
        typing.clear()
        self.message, self.shake = "", False
        self.after_change(force_save=True)

    # --- drawing -----------------------------------------------------------------------------
    def drawn_view(self) -> View | None:
        """The engine's view to draw: at the page's time while it plays here, else as it is."""
        if self.game is None:
            return None
        if self.mode == "game":
            return self.current_view()
        return self.game.view(None, self.game.clock or 0)  # the lobby

    def render(self, view: View | None) -> Markup:
        return render(self.t, self.words, self.ui(view), view)

    def ui(self, view: View | None) -> Ui:
        """The screen's state as the drawing takes it."""
        ui = Ui(
            mode=self.mode,
            lang=self.lang,
            message=self.message,
            message_is_error=self.message_is_error,
            shake=self.shake,
            loading_error=self.loading_error,
            confirm_leave=self.confirm_leave,
            watching=self.watching,
            focus=self.focus,
            out_seen=self.out_seen,
            finishing=self.finishing,
            counted=self.keeper.counted,
        )
        target = self.typist(view) if view is not None and self.mode == "game" else None
        if target is not None:
            ui.typist, ui.typed = target[0], target[1].tiles()
        if self.mode == "lobby" or (view is not None and view["phase"] == "over"):
            ui.profile = self.keeper.device_profile()
            ui.stats = self.keeper.stats(VARIANT)
        if view is not None and self.game is not None:
            ui.replay = self.keeper.replay_href(self.game, None)
        self.seat.dress(self, ui)
        return ui

    def refresh_side(self) -> None:
        """Only the side panel changed: it alone is drawn again (and the clocks)."""
        if not self.page.shown():
            return
        view = self.current_view()
        context = Context(self.t, self.loaded_words(), self.ui(view), view)
        if self.page.put_side(side_draw.side(context)):
            self.page.put_clocks(self.t, view)
        else:
            self.view.refresh()

    def update_clocks(self) -> None:
        if self.game is not None and self.page.shown():
            self.page.put_clocks(self.t, self.current_view())

    # --- the keeper's records ----------------------------------------------------------------
    def here(self) -> bool:
        """The tournament plays on this page (not in the lobby)."""
        return self.game is not None and self.mode == "game"

    def live(self) -> bool:
        return self.here() and not self.playing().is_over

    def save(self, force: bool = False) -> None:
        if self.game is not None and self.mode == "game":
            self.seat.save(self, force)


def speed(params: dict[str, str]) -> int:
    """Test-only: `speed=N` runs the tournament clock N times faster (1 to 100)."""
    return int(router.int_param(params, "speed", 1, 100, default=1))


def seed(params: dict[str, str]) -> int | None:
    """`seed=N` fixes the lobby's seed (and with it the tournament), for tests;
    since its words could then be known, such a tournament is never counted."""
    found = router.int_param(params, "seed", 0, MAX_SEED)
    return None if found is None else int(found)
