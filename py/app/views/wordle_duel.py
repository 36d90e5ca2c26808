"""The practice duel: you against one computer player on a shared board.

The rules live in the engine (games.wordle.duel_game, on the protocol) and the
game in progress in the midend (app.midend: started, resumed, saved, the
computer's moves, recorded once); this screen runs the duel's clock, plays the
moves that fall due on it (the computer's, which carry its think time, and a
turn's timeout), turns keys into guesses and draws (wordle_duel_draw).

The duel is stored under the Wordle route: saved:wordle, stats:wordle,
replays:wordle. Its secret (what draws the word, apart from the public seed) is
in the midend's frame with the options, where the save already holds the word;
it is never in the address, and a replay link exists only once the duel is over.

The duel's clock is the page's clock (Date.now) since the duel began, optionally
sped up by the test-only option `speed=N` in the address: meta "t0" is the
page's time when the clock read meta "origin" (0; a duel saved before "origin"
counted from the page's own epoch: origin = t0). A duel saved before the midend
has no frame: its meta said its language, level and number.
"""

import dataclasses

from games.common.errors import BadState, IllegalMove
from games.common.protocol import Game
from games.wordle.duel import Duel
from games.wordle.duel_game import MAX_TIME, DuelState, duel_game, guess

from .. import browser, router, saved_games, scores, sound, thinker, wordle_words
from ..html import h
from ..midend import Midend, fresh_seed
from . import wordle_duel_draw as draw
from . import wordle_parts as parts
from .wordle_duel_saved import (
    MAX_SPEED,
    duel_info,
    frame_before_the_midend,
    frame_of,
    saved_typing,
    seats_for,
)

GAME = "wordle"
YOU, BOT = 0, 1
TICK_MS = 200
TICKING_MS = 5000  # your turn's last seconds tick (app.sound)


def stored_game(words) -> Game:
    """The duel's Game as the screen's midend keeps it: under the Wordle route's
    records (the engine's own name, wordle-duel, is the replay's)."""
    return dataclasses.replace(duel_game(words), name=GAME)


class DuelScreen:
    def __init__(self, view):
        self.view = view
        self.app = view.app
        self.t = view.t
        self.speed = _speed(view.route.params)
        self.words = None
        self.midend: Midend | None = None  # the duel, once its language's words are loaded
        self.info: dict = {}  # lang, level, seed and clock of the duel shown (or loading)
        self._wanted: dict | None = None  # the ID and seats of a new duel, until its words load
        self._loads = 0  # the word load the screen waits for (an older one is ignored)
        self._plan: tuple | None = None  # (position, move): the computer's move this turn
        self._ticked: tuple | None = None  # (row count, second) last ticked
        self.typing = None
        self.rows_drawn = 0  # rows already on screen: the ones after them are revealed
        self.popped = False  # a letter was just typed: its tile pops
        self.message, self.message_is_error, self.shake = "", False, False
        self.loading_error = ""
        self.ticker = None
        self.hidden = False  # the page is hidden: the clock is not watched
        self.me = YOU  # this screen's seat
        self._begin()

    def _begin(self) -> None:
        self._resume_saved()

    @property
    def state(self) -> DuelState | None:
        return self.midend.state if self.midend is not None else None

    @property
    def seed(self) -> int | None:
        """The number of the duel shown or being loaded (None: no duel)."""
        return self.info.get("seed")

    # --- time -----------------------------------------------------------------
    def now(self) -> int:
        """The duel's clock, in milliseconds."""
        clock = self.info["clock"]
        now = clock["origin"] + int((browser.now_ms() - clock["t0"]) * clock["speed"])
        return max(clock["origin"], min(MAX_TIME, now))

    # --- starting, resuming, saving ----------------------------------------------------
    def _resume_saved(self) -> bool:
        """Load the words of the saved duel, to resume it; False if none is saved
        or its meta is damaged (that save is reset alone and the player told)."""
        record = saved_games.load(self.app.store, GAME)
        if record.data is None:
            return False
        try:
            info = duel_info(record.data["meta"])
        except ValueError:
            saved_games.discard_bad(self.app.store, GAME)
            return False
        self.info, self._wanted = info, None
        self._load_words(info["lang"])
        return True

    def start(self, lang: str, level: str, seed: int | None = None) -> None:
        """A new duel; `seed` when the address asks for a duel by its number (see
        wanted_duel): its word could be known, so it is played but never counted
        (docs/rules/README.md, Fairness). Else a seed and a secret drawn apart."""
        known = seed is not None
        if seed is None:
            seed, secret = fresh_seed(), fresh_seed()
        else:
            secret = seed
        self._stop_ticking()
        self.midend = None  # nothing of the duel before is saved any more
        self.info = {"lang": lang, "level": level, "seed": seed}
        self._wanted = {
            "options": {"lang": lang, "secret": secret},
            "seed": seed,
            "seats": seats_for(level),
            "known": known,
        }
        self._load_words(lang)

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

    def _words_ready(self, words) -> None:
        midend = Midend(self.app.store, stored_game(words), browser.now_ms, browser.today_iso)
        wanted, self._wanted = self._wanted, None
        if wanted is None:
            meta = midend.resume(legacy=frame_before_the_midend)
            if meta is None:  # the engine or the midend refused it: reset, a new duel
                self.start(self.info["lang"], self.info["level"])
                return
            try:
                info = duel_info({**meta, "frame": frame_of(midend)})
                typed = saved_typing(meta, words.lang, midend.state.length)
            except ValueError:
                saved_games.discard_bad(self.app.store, GAME)
                self.start(self.info["lang"], self.info["level"])
                return
            if info["lang"] != words.lang:  # another tab saved another duel meanwhile
                self._resume_saved()
                return
            self.info = info
        else:
            midend.start(wanted["options"], wanted["seed"], wanted["seats"], wanted["known"])
            if wanted["known"]:
                self.app.notice(
                    "wordle-not-counted", lambda: self.t("frame.not_counted_known"), about_view=True
                )
            self.info["clock"] = {"t0": int(browser.now_ms()), "origin": 0, "speed": self.speed}
        self.words, self.midend, self._plan = words, midend, None
        self.rows_drawn = parts.settled(midend.state.rows)  # (not revealed again when resumed)
        length = midend.state.length
        self.typing = typed if wanted is None else parts.Typing(words.lang, length)
        if wanted is not None:
            if not self._save():
                return
            first = self.ui_names()[midend.state.view_for(self.me)["first"]]
            self.app.announce(self.t("wordle.duel_started", length=length, first=first))
        self._start_ticking()
        self.tick()
        self.view.refresh()

    def _save(self) -> bool:
        """Save the duel; False when another tab held a newer save: that one is taken."""
        if self.midend is None or self.midend.save(self._view_meta()):
            return True
        self.take_newer_save()
        return False

    def _view_meta(self) -> dict:
        """What the screen saves beside the duel: its clock and the letters typed."""
        return {**self.info["clock"], "typed": self.typing.text if self.typing else ""}

    def take_newer_save(self) -> None:
        """Another tab played on (or started another duel): show its duel rather
        than overwrite it, and say so."""
        self._stop_ticking()
        self.message, self.shake = "", False
        if not self._resume_saved():
            self.start(self.info["lang"], self.info["level"])
        self.app.notice(f"{GAME}-other-tab", lambda: self.t(f"{GAME}.other_tab"))
        self.view.refresh()

    def on_storage_change(self, name) -> bool:
        """Another tab wrote `name`: True when it was a newer save of this duel,
        now on screen."""
        if name not in (None, f"saved:{GAME}") or self.midend is None:
            return False
        if not self.midend.session.newer_elsewhere():
            return False
        self.take_newer_save()
        return True

    # --- the clock and the computer player ----------------------------------------------
    def _start_ticking(self) -> None:
        if self.ticker is None and not self.hidden and self.midend and not self.state.is_over:
            self.ticker = browser.Repeating(TICK_MS, self.tick)
            if thinker.shared is not None:
                thinker.shared.start()  # the computer thinks in the worker once it is ready

    def _stop_ticking(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker = None

    def _due_move(self) -> dict | None:
        """The next move the clock plays on this screen: the computer's, or the
        timeout of a turn of this screen's (None: none yet)."""
        if self.midend.computer_to_move:
            return self._computer_move()
        return self.state.timeout_move()

    def _play(self, move: dict) -> list:
        return self.midend.play(move)

    def _computer_move(self) -> dict | None:
        """The computer's move this turn (its guess at the time it finishes
        thinking, or the timeout), from the midend: the same after a reload, and
        wherever it was worked out. Worked out once per position, not on every
        tick: in the thinker's worker when it is ready (None until its answer
        comes; the move then plays at its own time, or at once if that is past),
        else here."""
        midend = self.midend
        position = (midend, midend.generation, len(midend.moves))
        if self._plan is None or self._plan[0] != position:
            self._plan = (position, None)
            if not self._ask_the_worker(position):
                self._plan = (position, midend.computer_move())
        return self._plan[1]

    def _ask_the_worker(self, position: tuple) -> bool:
        if thinker.shared is None:
            return False
        midend = self.midend

        def thought(text: str) -> None:
            if self._plan is not None and self._plan[0] == position:
                try:
                    self._plan = (position, midend.game.parse_move(text))
                except IllegalMove:
                    self._plan = (position, midend.computer_move())
                if self.ticker is not None:  # (a duel not on screen plays when it is again)
                    self.tick()

        def failed(_reason: str) -> None:
            if self._plan is not None and self._plan[0] == position:
                self._plan = (position, midend.computer_move())
                if self.ticker is not None:
                    self.tick()

        return thinker.shared.think(midend.computer_request(), thought, failed)

    def tick(self, now: int | None = None) -> None:
        """Play every move that fell due by `now` on the duel's clock, in order."""
        if self.midend is None:
            return
        now = self.now() if now is None else now
        state, changed = self.midend.state, False
        while not state.is_over:
            move = self._due_move()
            if move is None or move["at"] > now:
                break  # (None: the worker is still thinking, or the friend is to move)
            self._announce(self._play(move))
            changed = True
        if changed:
            self._after_change()
        else:
            self._update_clock()

    def ui_names(self) -> list:
        return draw.names(self.t)

    peer_name: str | None = None  # the friend's, in a duel with a friend on another device

    def _announce(self, events: list) -> None:
        names = self.ui_names()
        for event in events:
            if event["type"] != "row":
                continue
            row = event["row"]
            if row["seat"] == self.me and row["guess"] is None:
                self.typing.clear()
            self.app.announce(
                parts.row_summary(self.t, self.words, row, names[row["seat"]], event["number"])
            )

    def _after_change(self) -> None:
        """Save what was played (another tab's newer duel is taken instead); a
        finished duel is recorded once, after its save went through."""
        if not self._save():
            return
        if self.state.is_over:
            self._stop_ticking()
            self.midend.record_once(self._record)  # a full device loses the record only
            if not self._save():
                return
            view = self.state.view_for(self.me)
            self.app.announce(draw.result_text(self.t, self.words, view, self.me, self.peer_name))
            sound.cue("win" if self.state.result.get("winner") == self.me else "lose")
        self.view.refresh()

    def _record(self):
        result = self.state.result
        return scores.record_result(
            self.app.store,
            GAME,
            "duel",
            won=result.get("winner") == self.me,
            figures={"rows": len(self.state.rows)},
            date=browser.today_iso(),
        )

    # --- the player's keys ---------------------------------------------------------------
    def key(self, key: str) -> None:
        if self.state is None or self.state.is_over or self.typing is None:
            return
        if key == "enter":
            self.submit()
            return
        if key == "back":
            self.typing.back()
        elif not self.typing.add(key):
            return
        self.popped = key != "back"
        self.message, self.shake = "", False
        if not self.midend.session.newer_elsewhere():  # (the next guess takes that one)
            self.midend.save(self._view_meta())  # so a reload shows the letters typed
        self.view.refresh()

    def submit(self) -> None:
        now = self.now()
        midend = self.midend
        self.tick(now)
        if self.midend is not midend or self.state.is_over:
            return  # another tab's duel was taken, or this one ended meanwhile
        try:
            if not self.my_turn():
                raise IllegalMove("wordle.not_your_turn")
            word = self.words.parse(self.typing.text, self.state.length)
            events = self._play(guess(self.me, word, max(now, self.state.duel.turn_started)))
        except IllegalMove as refused:
            sound.cue("invalid")
            self.message, self.message_is_error, self.shake = (
                self.t(refused.key, **refused.params),
                True,
                True,
            )
            self.app.announce(self.message)
            self.view.refresh()
            return
        self.typing.clear()
        self.message, self.shake = "", False
        self._announce(events)
        self._after_change()
        self.tick()

    def my_turn(self) -> bool:
        return self.state.current_player == self.me

    # --- drawing --------------------------------------------------------------------------
    def _update_clock(self) -> None:
        slot = (
            self.view.root.querySelector(".wd-clock-slot") if self.view.root is not None else None
        )
        if self.state is None or self.state.is_over:
            return
        left = self.state.time_left(self.now())
        if slot is not None:
            slot.innerHTML = draw.clock(self.t, left)
        self._tick_in_the_last_seconds(left)

    def _tick_in_the_last_seconds(self, left: int) -> None:
        """Once a second in your turn's last five seconds (app.sound)."""
        if not self.my_turn() or not 0 < left <= TICKING_MS:
            return
        second = (len(self.state.rows), (left + 999) // 1000)
        if second != self._ticked:
            self._ticked = second
            sound.cue("tick")

    def render(self):
        t = self.t
        if self.loading_error:
            return h("p", {"class": "wd-message wd-error", "role": "alert"}, self.loading_error)
        if self.midend is None or self.words is None:
            return h(
                "p",
                {"class": "wd-loading"},
                t("wordle.loading", language=parts.language_name(t, self.info["lang"])),
            )
        state = self.state
        rows = state.rows
        drawn = parts.settled(rows)
        won = state.is_over and state.result.get("winner") == self.me
        motion = parts.Motion(
            reveal_from=self.rows_drawn if drawn > self.rows_drawn else None,
            won=won and bool(rows) and rows[-1]["seat"] == self.me,
            pop=self.popped,
        )
        self.rows_drawn, self.popped = drawn, False
        ui = draw.Ui(
            level=self.info["level"],
            time_left=state.time_left(self.now()),
            typed=self.typing.tiles() if self.typing else [],
            message=self.message,
            message_is_error=self.message_is_error,
            shake=self.shake,
            counted=self.midend.ranked,
            motion=motion,
            me=self.me,
        )
        return draw.page(t, self.words, self.drawn_view(), self.dressed(ui))

    def drawn_view(self) -> dict:
        """The engine's view of this screen's seat, as it is drawn."""
        return self.state.view_for(self.me)

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

    @staticmethod
    def has_saved(store) -> bool:
        record = saved_games.load(store, GAME)
        return record.data is not None

    @staticmethod
    def unfinished_saved(store) -> bool:
        """A duel is saved with a row played and not over: a new one would lose it."""
        saved = saved_games.load(store, GAME).data
        if saved is None:
            return False
        try:
            duel = Duel.from_json(saved["state"])
        except BadState:
            return False  # the duel's page resets it and says so
        return not duel.is_over and len(duel.rows) > 0

    @staticmethod
    def forget_saved(store) -> None:
        saved_games.clear(store, GAME)

    def forget(self) -> None:
        """A new duel replaces this one."""
        self._stop_ticking()
        self._loads += 1  # words still loading for this duel are not waited for
        self.midend = None
        saved_games.clear(self.app.store, GAME)


def _speed(params: dict) -> int:
    """Test-only: `speed=N` runs the duel clock N times faster (1 to 100)."""
    return router.int_param(params, "speed", 1, MAX_SPEED, default=1)
