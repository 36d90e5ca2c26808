"""The Wordle Tournament page (#/wordle?mode=tournament): the lobby, the group
screen, the rounds (pairing introduction, your duel, everyone's lives and the
other duels live in a side panel), being out, and the final standings.

The rules live in games.wordle.tournament (who may type, whose clock runs,
who is out, placements); this screen feeds it the page's clock (Date.now,
sped up by the test-only `speed=N`), turns keys into guesses, reads what
happened from the engine's event log (announcements: said).
Its clock, its save (a reload within 60 seconds resumes it), ratings, statistics
and replays are its keeper's (app.wordle.tournament_keeper); the ticker here only
forwards the page's ticks. Hiding, closing or reloading the page is a lost
connection; another page of the app is not (rule 10.6): the screen goes on
behind it (away) and is taken back when the page returns.
Drawing is draw's (pure), the parts changed in place between
drawings page's; the screen holds its opening, the lobby and
the group's input (lobby) and the round's (watching, skipping
to the end, leaving: round_actions).

The bots' plans are asked of the thinker's Web Worker (app.wordle.bot_plans).

Test-only address options: `speed=N` (1-100) runs the clock N times faster,
`seed=N` fixes the lobby (and so the whole tournament, given the same play).
"""

from games.common.errors import IllegalMove
from games.common.protocol import MAX_SEED
from games.wordle.tournament import Tournament

from .. import browser, router, sound, thinker, wordle_words
from ..views import wordle_parts as parts
from ..wordle import records as tp
from ..wordle.bot_plans import BotPlans
from ..wordle.tournament_keeper import VARIANT, TournamentKeeper
from . import away
from . import side as side_draw
from .draw import render
from .lobby import ACTIONS as LOBBY
from .lobby import LobbyActions
from .page import PageParts
from .round_actions import ACTIONS as ROUNDS
from .round_actions import RoundActions
from .said import clock_tick, happened
from .ui import Context, Ui

TICK_MS = 200


class TournamentScreen:
    def __init__(self, view):
        self.view = view
        self.app = view.app
        self.t = view.t
        self.keeper = TournamentKeeper(view.app.store, browser)
        self.page = PageParts(view)
        self.lobby, self.rounds = LobbyActions(self), RoundActions(self)
        params = view.route.params
        self.speed = _speed(params)
        self.seed_param = _seed(params)
        self.lang = view.prefs["lang"]
        self.words = None
        self.game: Tournament | None = None
        self.mode = "loading"  # loading | lobby | group | game
        self.group = None  # {"lang", "members"} when playing as a group
        self.message, self.message_is_error, self.shake = "", False, False
        self.loading_error = ""
        self.confirm_leave = False
        self.watching = None  # the index of the duel watched, or None
        self.focus = None  # the index of the humans' duel on screen
        self.out_seen = False  # the "you are out" panel was answered ("watch on")
        self.typing, self.typing_key = None, None
        self.seen = 0  # events of the log already handled
        self.ticker = None
        self.ticked = None  # the last second of a clock that ticked (clock_tick)
        self.behind = False  # it goes on behind another page of the app (rule 10.6)
        self.plans = BotPlans()
        self.finishing = False  # the bots' last duels are being played out (wt-finish)
        if thinker.shared is not None:
            thinker.shared.start()  # ready, with luck, by the first round's bots
        self._open(params)

    def _open(self, params: dict) -> None:
        """The tournament going on behind another page, else the one saved, else a
        group invited by the address, else a new lobby."""
        if away.take_back(self):  # the tournament that went on behind another page
            return
        saved = self.keeper.saved()
        invited = tp.group_from_param(params["group"]) if "group" in params else None
        if saved is not None:
            self.lobby.open_saved(saved)
        elif invited is not None:
            self.lobby.open_group(invited)
        else:
            if "group" in params:
                self._say(self.t("wt.bad_link"), error=True)
            self.lobby.open_lobby()

    # --- time -------------------------------------------------------------------------
    def now(self) -> int:
        return self.keeper.now()

    # --- opening ------------------------------------------------------------------------
    def _load_words(self, lang: str, ready) -> None:
        self.loading_error = ""
        self.lang = lang

        def failed(reason):
            self.loading_error = self.t("wordle.load_failed", reason=reason)
            self.view.refresh()

        def got(words):
            if words.lang == self.lang:
                self.words = words
                ready()

        self.words = None
        wordle_words.load(lang, got, failed)

    # --- the clock ------------------------------------------------------------------------
    def _start_ticking(self) -> None:
        if self.ticker is None and self.game is not None and not self.game.is_over:
            self.ticker = browser.Repeating(TICK_MS, self.tick)

    def _stop_ticking(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker = None

    def tick(self) -> None:
        if self.game is None or self.mode != "game" or self.keeper.elsewhere:
            return
        self.game.advance(self.now())
        if len(self.game.log) > self.seen:
            self._after_change()
        else:
            self._update_clocks()
        self._tick_cue()
        away.show(self)

    def _tick_cue(self) -> None:
        """Each of a clock's last seconds ticks (app.sound), behind another page too."""
        due = clock_tick(self._current_view())
        if due is not None and due != self.ticked:
            sound.cue("tick")
        self.ticked = due

    def _ask_plans(self) -> None:
        if self.game is not None and not self.keeper.elsewhere:
            self.plans.ask(self.game, thinker.shared)

    def _after_change(self, force_save: bool = False) -> None:
        full = self._catch_up()
        self._save(force=force_save or full)
        self._ask_plans()
        if self.game.is_over:
            self._stop_ticking()
        if full:
            self.view.refresh()
        else:
            self._refresh_side()

    def _catch_up(self, announce_all: bool = True) -> bool:
        """Handle the new events of the log: announcements, ratings. True when
        the main part of the screen changed (else only the side panel did)."""
        events = self.game.events_since(self.seen)
        self.seen = len(self.game.log)
        ui = Ui(group=self.group, focus=self.focus, watching=self.watching)
        news = happened(self.t, self.words, self.game, events, ui, announce_all)
        if news.new_round or news.back_to_duel:
            self.watching = None  # to the round's introduction, or to a duel waiting for you
        if news.new_round:
            self.focus, self.message, self.shake = None, "", False
        self._record_humans()
        self._keep_replay()
        if news.said and not self.behind:  # behind another page, its bar says what matters
            self.app.announce(" ".join(news.said) if announce_all else news.said[-1])
        if news.cue is not None and announce_all:
            sound.cue(news.cue)
        return news.full

    # --- the view and the keyboard -----------------------------------------------------------
    def _current_view(self):
        """The tournament at the page's time (played out until now), and the
        humans' duel on screen chosen for it."""
        now = self.now()
        self.game.advance(now)
        view = self.game.view(0 if self.game.players[0]["human"] else None, now)
        holder = self.game.keyboard_holder(now, self.focus)  # rule 11.4
        mine = self.game.human_duels()
        if holder is not None:
            self.focus = holder[1]
        elif self.focus not in mine:
            self.focus = mine[0] if mine else None
        return view

    def _focus_typing(self, view):
        """(pid, duel view) of the human to type now, with self.typing ready for them."""
        if self.focus is None or self.focus >= len(view["duels"]):
            return None
        duel = view["duels"][self.focus]
        pid = duel["to_play"]
        if pid is None:
            return None
        key = (view["round"], self.focus, pid, len(duel["rows"]))
        if self.typing is None or self.typing_key[:3] != key[:3]:
            self.typing = parts.Typing(self.game.lang, duel["length"])
        if (
            self.typing_key is not None
            and self.typing_key != key
            and self.typing_key[:3] == key[:3]
        ):
            self.typing.clear()  # a row was added (a skip): start afresh
        self.typing_key = key
        return pid, duel

    def key(self, key: str) -> None:
        if self.mode != "game" or self.game is None:
            return
        view = self._current_view()
        target = self._focus_typing(view)
        if target is None:
            return
        if self.watching is not None:
            self.watching = None  # typing while it is your turn takes you back to your duel
        if key == "enter":
            self._submit(target[0])
            return
        if key == "back":
            self.typing.back()
        elif not self.typing.add(key):
            return
        self.message, self.shake = "", False
        self.view.refresh()

    def _submit(self, pid) -> None:
        try:
            self.game.guess(pid, self.typing.text, self.now())
        except IllegalMove as refused:
            self._say(self.t(refused.key, **refused.params), error=True)
            sound.cue("invalid")
            self.shake = True
            self._catch_up()
            self.app.announce(self.message)
            self._save()
            self.view.refresh()
            return
        self.typing.clear()
        self.message, self.shake = "", False
        self._after_change(force_save=True)

    def _say(self, text: str, error: bool = False) -> None:
        self.message, self.message_is_error = text, error

    # --- actions -------------------------------------------------------------------------------
    def on_action(self, action: str, data: dict, event) -> None:
        for part, actions in ((self, ACTIONS), (self.lobby, LOBBY), (self.rounds, ROUNDS)):
            if action in actions:
                actions[action](part, data)

    def _act_key(self, data) -> None:
        self.key(data.get("key", ""))

    def _act_start(self, _data) -> None:
        if self.mode != "lobby" or self.game is None or self.game.phase != "lobby":
            return
        self.keeper.start(self.speed)
        self._start_game(self.now())
        self.mode, self.seen, self.message = "game", 0, ""
        self._catch_up()
        self._save(force=True)
        self._ask_plans()
        self._start_ticking()
        self.view.refresh()
        self.page.scroll_to_top()

    def _start_game(self, now: int) -> None:
        self.game.start(now)

    # --- drawing -----------------------------------------------------------------------------
    def render(self):
        view = None
        if self.game is not None and self.mode == "game" and not self.keeper.elsewhere:
            view = self._current_view()
        elif self.game is not None:  # the lobby, or a tournament another tab took: as it is
            view = self.game.view(None, self.game.clock or 0)
        return render(self.t, self.words, self._ui(view), view)

    def _ui(self, view) -> Ui:
        """The screen's state as the drawing takes it."""
        ui = Ui(
            mode=self.mode,
            lang=self.lang,
            group=self.group,
            message=self.message,
            message_is_error=self.message_is_error,
            shake=self.shake,
            loading_error=self.loading_error,
            elsewhere=self.keeper.elsewhere,
            confirm_leave=self.confirm_leave,
            watching=self.watching,
            focus=self.focus,
            out_seen=self.out_seen,
            finishing=self.finishing,
            counted=self.keeper.counted,
        )
        target = self._focus_typing(view) if view is not None and self.mode == "game" else None
        if target is not None:
            ui.typist, ui.typed = target[0], self.typing.tiles()
        if self.mode == "group":
            ui.member_ratings = self.keeper.member_ratings(self.group)
        elif self.mode == "lobby" or (view is not None and view["phase"] == "over"):
            ui.profile, ui.stats = (
                self.keeper.device_profile(self.group),
                self.keeper.stats(VARIANT),
            )
        if view is not None:
            ui.replay = self.keeper.replay_href(self.game, self.group)
        return ui

    # --- partial updates -----------------------------------------------------------------------
    def _refresh_side(self) -> None:
        if not self.page.shown():
            return
        view = self._current_view()
        if self.page.put_side(side_draw.side(Context(self.t, self.words, self._ui(view), view))):
            self.page.put_clocks(self.t, view)
        else:
            self.view.refresh()

    def _update_clocks(self) -> None:
        if self.game is not None and self.page.shown():
            self.page.put_clocks(self.t, self._current_view())

    # --- the keeper's records ----------------------------------------------------------------
    def _playing_here(self) -> bool:
        return self.game is not None and self.mode == "game" and not self.keeper.elsewhere

    def _save(self, force: bool = False) -> None:
        if self.game is None or self.mode != "game":
            return
        if not self.keeper.save(self.game, force):  # another tab took it over
            self._stop_ticking()
            self.view.refresh()

    def _record_humans(self) -> None:
        if not self.keeper.record_humans(self.game):
            self._stop_ticking()

    def _keep_replay(self) -> None:
        if self._playing_here() and self.keeper.keep_replay(self.game, self.group):
            self._save(force=True)

    def _forget(self) -> None:
        self._stop_ticking()
        self.keeper.forget(self.game, self._playing_here(), self.group)
        self.game = None

    # --- page life -------------------------------------------------------------------------------
    def _live(self) -> bool:
        return self._playing_here() and not self.game.is_over

    def suspend(self) -> None:
        """Hidden, closed, reloaded or left: a lost connection for the humans still in."""
        self._stop_ticking()
        if self._live():
            self.game.disconnect(self.now())
            self.seen = len(self.game.log)
            self._save(force=True)

    def resume(self) -> None:
        if self._live():
            self.game.reconnect(self.now())
            self._after_change(force_save=True)
            self._start_ticking()
            self.view.refresh()

    def close(self) -> None:
        """Another page of the app: the tournament goes on behind it while people
        of this device are still in (rule 10.6); else as when hidden."""
        if self._live() and not self.game.humans_done:
            away.carry_on(self)
        else:
            self.suspend()


ACTIONS = {"wd-key": TournamentScreen._act_key, "wt-start": TournamentScreen._act_start}


def _speed(params: dict) -> int:
    """Test-only: `speed=N` runs the tournament clock N times faster (1 to 100)."""
    return router.int_param(params, "speed", 1, 100, default=1)


def _seed(params: dict):
    """`seed=N` fixes the lobby's seed (and with it the tournament), for tests;
    since its words could then be known, such a tournament is never counted."""
    return router.int_param(params, "seed", 0, MAX_SEED)
