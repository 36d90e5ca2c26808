"""The practice duel: you against one computer player on a shared board.

The rules live in the engine (games.wordle.duel_game, on the protocol); this
screen runs the duel's clock, plays the moves that fall due on it (the
computer's, which carry its think time, and a turn's timeout), turns keys into
guesses and draws the state.

The duel's clock is the page's clock (Date.now) since the duel began, optionally
sped up by the test-only option `speed=N` in the address: meta "t0" is the
page's time when the clock read meta "origin" (0; a duel saved before "origin"
counted from the page's own epoch: origin = t0).
"""

import random

from games.common.checks import is_int
from games.common.errors import BadState, IllegalMove
from games.common.protocol import MAX_SEED
from games.common.rng import SeededRng
from games.wordle.duel_game import DuelState, duel_game, guess
from games.wordle.letters import LANGUAGES
from games.wordle.players import LEVELS, PROTOCOL_LEVELS

from .. import browser, router, saved_games, scores, wordle_words
from ..html import h
from ..session import GameSession
from . import wordle_parts as parts

GAME = "wordle"
YOU, BOT = 0, 1
TICK_MS = 200


class DuelScreen:
    def __init__(self, view):
        self.view = view
        self.app = view.app
        self.t = view.t
        self.session = GameSession(self.app.store, GAME, browser.now_ms)
        self.speed = _speed(view.route.params)
        self.words = None
        self.game = None  # the duel's Game, once its language's words are loaded
        self.state: DuelState | None = None
        self._saved_state: dict | None = None  # a saved duel, loaded once the words are
        self._secret: int | None = None  # what draws a new duel's word; never shown
        self.meta: dict = {}
        self.typing = None
        self.message, self.message_is_error, self.shake = "", False, False
        self.loading_error = ""
        self.ticker = None
        self._plans: dict = {}
        self._resume_saved()

    # --- time -----------------------------------------------------------------
    def now(self) -> int:
        """The duel's clock, in milliseconds."""
        start = self.meta.get("t0", 0)
        origin = self.meta.get("origin", start)
        return int(origin + (browser.now_ms() - start) * self.meta.get("speed", 1))

    # --- starting, saving -----------------------------------------------------------
    def _resume_saved(self) -> None:
        saved = self.session.load()
        if saved is None:
            return
        state, meta = saved
        try:
            lang, level = meta["lang"], meta["level"]
            if (
                lang not in LANGUAGES
                or level not in LEVELS
                or not isinstance(meta.get("seed"), int)
                or not all(is_int(meta.get(key)) for key in ("t0", "speed"))
                or not is_int(meta.get("origin", 0))
            ):
                raise BadState("duel meta")
        except (BadState, KeyError, TypeError):
            self.session.discard_bad()
            return
        # The engine checks the duel itself once the language's words are loaded.
        self.meta, self._saved_state = dict(meta), state
        self._load_words(lang)

    def start(self, lang: str, level: str, seed: int | None = None) -> None:
        """A new duel; `seed` when the address asks for a duel by its number (see
        wanted_duel), else a seed and a secret drawn apart."""
        if seed is None:
            seed, self._secret = random.randrange(MAX_SEED), random.randrange(MAX_SEED)
        else:
            self._secret = seed
        self.meta = {
            "lang": lang,
            "level": level,
            "seed": seed,
            "t0": int(browser.now_ms()),
            "speed": self.speed,
            "recorded": False,
        }
        self.state, self._saved_state, self._plans = None, None, {}
        self.session.reset_clock()
        self._load_words(lang)

    def _load_words(self, lang: str) -> None:
        self.loading_error = ""
        wordle_words.load(lang, self._words_ready, self._words_failed)

    def _words_failed(self, reason: str) -> None:
        self.loading_error = self.t("wordle.load_failed", reason=reason)
        self.view.refresh()

    def _words_ready(self, words) -> None:
        self.words, self.game = words, duel_game(words)
        if self.state is None and self._saved_state is not None:
            saved, self._saved_state = self._saved_state, None
            try:
                self.state = self.game.load(saved)
            except BadState:
                self.session.discard_bad()
                self.start(self.meta["lang"], self.meta["level"])
                return
        if self.state is None:
            self.state = self.game.new_game(
                {"lang": self.meta["lang"], "secret": self._secret}, self.meta["seed"]
            )
            self.meta.update(t0=int(browser.now_ms()), origin=0)
            self._save()
            view = self.state.view_for(YOU)
            first = self._names()[view["first"]]
            self.app.announce(self.t("wordle.duel_started", length=view["length"], first=first))
        self.typing = parts.Typing(self.meta["lang"], self.state.length)
        self._start_ticking()
        self.tick()
        self.view.refresh()

    def _save(self) -> None:
        if self.state is not None:
            self.session.save(self.state.to_json(), self.meta)

    # --- the clock and the computer player ----------------------------------------------
    def _start_ticking(self) -> None:
        if self.ticker is None and self.state is not None and not self.state.is_over:
            self.ticker = browser.Repeating(TICK_MS, self.tick)

    def _stop_ticking(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker = None

    def _computer_move(self) -> dict:
        """The computer's move this turn (its guess at the time it finishes
        thinking, or the timeout): seeded by the duel and the row number, so a
        reload finds the same move."""
        turn = len(self.state.rows)
        if turn not in self._plans:
            rng = SeededRng(self.meta["seed"]).fork(f"bot-{turn}")
            player = self.game.computer[PROTOCOL_LEVELS[self.meta["level"]]]
            self._plans[turn] = player(self.state.view_for(BOT), rng, None)
        return self._plans[turn]

    def tick(self, now: int | None = None) -> None:
        """Play every move that fell due by `now` on the duel's clock, in order."""
        if self.state is None or self.words is None:
            return
        now = self.now() if now is None else now
        changed = False
        while not self.state.is_over:
            if self.state.current_player == BOT:
                move = self._computer_move()
            else:
                move = self.state.timeout_move()
            if move["at"] > now:
                break
            self._play(move)
            changed = True
        if changed:
            self._after_change()
        else:
            self._update_clock()

    def _play(self, move: dict) -> None:
        self._announce(self.state.apply(move))

    def _announce(self, events: list) -> None:
        names = self._names()
        for event in events:
            if event["type"] != "row":
                continue
            row = event["row"]
            if row["seat"] == YOU and row["guess"] is None:
                self.typing.clear()
            self.app.announce(
                parts.row_summary(self.t, self.words, row, names[row["seat"]], event["number"])
            )

    def _after_change(self) -> None:
        self._save()
        if self.state.is_over:
            self._stop_ticking()
            self._record()
            self.app.announce(self._result_text())
        self.view.refresh()

    def _record(self) -> None:
        if self.meta.get("recorded"):
            return
        result = self.state.result
        won = result.get("winner") == YOU if "winner" in result else False
        scores.record_result(
            self.app.store,
            GAME,
            "duel",
            won=won,
            figures={"rows": len(self.state.rows)},
            date=browser.today_iso(),
        )
        self.meta["recorded"] = True
        self._save()

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
        self.message, self.shake = "", False
        self.view.refresh()

    def submit(self) -> None:
        now = self.now()
        self.tick(now)
        if self.state.is_over:
            return
        try:
            if self.state.current_player != YOU:
                raise IllegalMove("wordle.not_your_turn")
            word = self.words.parse(self.typing.text, self.state.length)
            events = self.state.apply(guess(YOU, word, now))
        except IllegalMove as refused:
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

    # --- drawing --------------------------------------------------------------------------
    def _bot_name(self) -> str:
        return self.t(f"wordle.level.{self.meta['level']}")

    def _names(self) -> list:
        return [self.t("wordle.you"), self.t("wordle.computer")]

    def _result_text(self) -> str:
        result = self.state.result
        word = self.words.display(self.state.view_for(YOU)["word"]).upper()
        if result.get("draw"):
            return self.t("wordle.result_draw", word=word)
        return self.t(
            "wordle.result_won" if result["winner"] == YOU else "wordle.result_lost", word=word
        )

    def _status(self):
        state = self.state
        if state.is_over:
            return h("p", {"class": "wd-status"}, self._result_text())
        turn = state.current_player
        whose = (
            self.t("wordle.your_turn")
            if turn == YOU
            else self.t("wordle.their_turn", name=self.t("wordle.computer"))
        )
        return h(
            "p",
            {"class": "wd-status"},
            h(
                "span",
                {"class": "wd-whose " + ("wd-you" if turn == YOU else "wd-them")},
                whose,
            ),
            " ",
            h(
                "span",
                {"class": "wd-clock-slot"},
                parts.clock(self.t, state.time_left(self.now()), True),
            ),
        )

    def _update_clock(self) -> None:
        slot = (
            self.view.root.querySelector(".wd-clock-slot") if self.view.root is not None else None
        )
        if slot is not None and self.state is not None and not self.state.is_over:
            slot.innerHTML = parts.clock(self.t, self.state.time_left(self.now()), True)

    def render(self):
        t = self.t
        if self.loading_error:
            return h("p", {"class": "wd-message wd-error", "role": "alert"}, self.loading_error)
        if self.state is None or self.words is None:
            return h(
                "p",
                {"class": "wd-loading"},
                t("wordle.loading", language=parts.language_name(t, self.meta["lang"])),
            )
        state = self.state
        view = state.view_for(YOU)
        lang = self.meta["lang"]
        typed = self.typing.tiles() if self.typing else []
        heading = h(
            "p",
            {"class": "wd-duel-info"},
            t(
                "wordle.duel_info",
                language=parts.language_name(t, lang),
                length=view["length"],
                name=self._bot_name(),
            ),
        )
        message = h(
            "p",
            {
                "class": "wd-message" + (" wd-error" if self.message_is_error else ""),
                "role": "alert",
            },
            self.message,
        )
        after = None
        if state.is_over:
            after = h(
                "div",
                {"class": "wd-after"},
                h(
                    "button",
                    {"type": "button", "class": "button primary", "data-action": "wd-new-duel"},
                    t("wordle.new_duel"),
                ),
                h("a", {"class": "button", "href": "#/wordle"}, t("wordle.back_home")),
            )
        your_turn = state.current_player == YOU
        return h(
            "section",
            {"class": "wd-duel", "data-lang": lang},
            heading,
            self._status(),
            message,
            parts.board(t, self.words, view, self._names(), YOU, typed, self.shake),
            after,
            parts.keyboard(t, lang, parts.key_states(self.words, view["rows"]), your_turn),
        )

    # --- page life ------------------------------------------------------------------------
    def suspend(self) -> None:
        self._stop_ticking()
        self._save()

    def resume(self) -> None:
        self._start_ticking()
        self.tick()

    def close(self) -> None:
        self.suspend()

    @staticmethod
    def has_saved(store) -> bool:
        record = saved_games.load(store, GAME)
        return record.data is not None

    @staticmethod
    def forget_saved(store) -> None:
        saved_games.clear(store, GAME)

    def forget(self) -> None:
        """A new duel replaces this one."""
        self._stop_ticking()
        self.session.clear()


def wanted_duel(params: dict):
    """(seed, lang, level) asked for in "#/wordle?mode=duel&seed=N&lang=xx&level=y",
    or None: a duel can be shared (and tested) by its number. Such a duel is that
    number's duel, word included, as it always was: its number is also its secret
    (games.wordle.duel_game). The page never puts a duel's number in the address
    itself, and the duels it starts draw their secret apart from their seed."""
    seed = router.int_param(params, "seed", 0, MAX_SEED)
    if seed is None:
        return None
    lang = params.get("lang") if params.get("lang") in LANGUAGES else None
    level = params.get("level") if params.get("level") in LEVELS else None
    return seed, lang, level


def _speed(params: dict) -> int:
    """Test-only: `speed=N` runs the duel clock N times faster (1 to 100)."""
    return router.int_param(params, "speed", 1, 100, default=1)
