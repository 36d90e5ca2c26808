"""The practice duel: you against one computer player on a shared board.

The rules live in games.wordle.duel; this screen runs the clock, lets the
computer player's plan land when its think time is up, and turns keys into
guesses. The duel's clock is the page's clock (Date.now), optionally sped up
by the test-only option `speed=N` in the address.
"""

import random

from games.common.errors import BadState, IllegalMove
from games.common.rng import SeededRng
from games.wordle.duel import Duel, new_duel
from games.wordle.letters import LANGUAGES
from games.wordle.players import LEVELS, Player

from .. import browser, router, saved_games, scores, wordle_words
from ..html import h
from ..session import GameSession
from . import wordle_parts as parts

GAME = "wordle"
YOU, BOT = 0, 1
TICK_MS = 200
MAX_SEED = (1 << 53) - 1


class DuelScreen:
    def __init__(self, view):
        self.view = view
        self.app = view.app
        self.t = view.t
        self.session = GameSession(self.app.store, GAME, browser.now_ms)
        self.speed = _speed(view.route.params)
        self.words = None
        self.duel: Duel | None = None
        self.meta: dict = {}
        self.typing = None
        self.message, self.message_is_error, self.shake = "", False, False
        self.loading_error = ""
        self.ticker = None
        self._plans: dict = {}
        self._resume_saved()

    # --- time -----------------------------------------------------------------
    def now(self) -> int:
        start = self.meta.get("t0", 0)
        return int(start + (browser.now_ms() - start) * self.meta.get("speed", 1))

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
            ):
                raise BadState("duel meta")
            duel = Duel.from_json(state)
        except (BadState, KeyError, TypeError):
            self.session.discard_bad()
            return
        self.meta, self.duel = dict(meta), duel
        self._load_words(lang)

    def start(self, lang: str, level: str, seed: int | None = None) -> None:
        seed = random.randrange(MAX_SEED) if seed is None else seed
        self.meta = {
            "lang": lang,
            "level": level,
            "seed": seed,
            "t0": int(browser.now_ms()),
            "speed": self.speed,
            "recorded": False,
        }
        self.duel = None
        self.session.reset_clock()
        self._load_words(lang)

    def _load_words(self, lang: str) -> None:
        self.loading_error = ""
        wordle_words.load(lang, self._words_ready, self._words_failed)

    def _words_failed(self, reason: str) -> None:
        self.loading_error = self.t("wordle.load_failed", reason=reason)
        self.view.refresh()

    def _words_ready(self, words) -> None:
        self.words = words
        if self.duel is None:
            rng = SeededRng(self.meta["seed"])
            length = rng.choice((4, 5, 6))
            word = rng.choice(words.answers[length])
            self.duel = new_duel(word, rng.next_u64(), self.now())
            self._save()
            first = self._names()[self.duel.first]
            self.app.announce(self.t("wordle.duel_started", length=length, first=first))
        self.typing = parts.Typing(self.meta["lang"], self.duel.length)
        self._start_ticking()
        self.tick()
        self.view.refresh()

    def _save(self) -> None:
        if self.duel is not None:
            self.session.save(self.duel.to_json(), self.meta)

    # --- the clock and the computer player ----------------------------------------------
    def _start_ticking(self) -> None:
        if self.ticker is None and self.duel is not None and not self.duel.is_over:
            self.ticker = browser.Repeating(TICK_MS, self.tick)

    def _stop_ticking(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker = None

    def _plan(self):
        """The computer's plan for this turn: seeded by the duel and the row number,
        so a reload finds the same plan."""
        turn = len(self.duel.rows)
        if turn not in self._plans:
            rng = SeededRng(self.meta["seed"]).fork(f"bot-{turn}")
            player = Player(LEVELS[self.meta["level"]])
            self._plans[turn] = player.plan(
                self.duel.view(self.duel.turn_started), self.words, BOT, rng
            )
        return self._plans[turn]

    def tick(self) -> None:
        if self.duel is None or self.words is None:
            return
        now, changed = self.now(), False
        while not self.duel.is_over:
            plan = self._plan() if self.duel.turn == BOT else None
            due = self.duel.turn_started + plan.think_ms if plan and plan.word else None
            if due is not None and due < self.duel.deadline:
                if due > now:
                    break
                self._played(self.duel.guess(BOT, plan.word, due))
            elif self.duel.deadline <= now:
                for row in self.duel.advance(self.duel.deadline):
                    self._played(row)
            else:
                break
            changed = True
        if changed:
            self._after_change()
        else:
            self._update_clock()

    def _played(self, row: dict) -> None:
        names = self._names()
        if row["seat"] == YOU and row["guess"] is None:
            self.typing.clear()
        self.app.announce(
            parts.row_summary(self.t, self.words, row, names[row["seat"]], len(self.duel.rows))
        )

    def _after_change(self) -> None:
        self._save()
        if self.duel.is_over:
            self._stop_ticking()
            self._record()
            self.app.announce(self._result_text())
        self.view.refresh()

    def _record(self) -> None:
        if self.meta.get("recorded"):
            return
        result = self.duel.result
        won = result.get("winner") == YOU if "winner" in result else False
        scores.record_result(
            self.app.store,
            GAME,
            "duel",
            won=won,
            figures={"rows": len(self.duel.rows)},
            date=browser.today_iso(),
        )
        self.meta["recorded"] = True
        self._save()

    # --- the player's keys ---------------------------------------------------------------
    def key(self, key: str) -> None:
        if self.duel is None or self.duel.is_over or self.typing is None:
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
        self.tick()
        if self.duel.is_over:
            return
        try:
            if self.duel.turn != YOU:
                raise IllegalMove("wordle.not_your_turn")
            word = self.words.parse(self.typing.text, self.duel.length)
            row = self.duel.guess(YOU, word, now)
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
        self._played(row)
        self._after_change()
        self.tick()

    # --- drawing --------------------------------------------------------------------------
    def _bot_name(self) -> str:
        return self.t(f"wordle.level.{self.meta['level']}")

    def _names(self) -> list:
        return [self.t("wordle.you"), self.t("wordle.computer")]

    def _result_text(self) -> str:
        result = self.duel.result
        word = self.words.display(self.duel.word).upper()
        if result.get("draw"):
            return self.t("wordle.result_draw", word=word)
        return self.t(
            "wordle.result_won" if result["winner"] == YOU else "wordle.result_lost", word=word
        )

    def _status(self):
        duel = self.duel
        if duel.is_over:
            return h("p", {"class": "wd-status"}, self._result_text())
        whose = (
            self.t("wordle.your_turn")
            if duel.turn == YOU
            else self.t("wordle.their_turn", name=self.t("wordle.computer"))
        )
        return h(
            "p",
            {"class": "wd-status"},
            h(
                "span",
                {"class": "wd-whose " + ("wd-you" if duel.turn == YOU else "wd-them")},
                whose,
            ),
            " ",
            h(
                "span",
                {"class": "wd-clock-slot"},
                parts.clock(self.t, duel.time_left(self.now()), True),
            ),
        )

    def _update_clock(self) -> None:
        slot = (
            self.view.root.querySelector(".wd-clock-slot") if self.view.root is not None else None
        )
        if slot is not None and self.duel is not None and not self.duel.is_over:
            slot.innerHTML = parts.clock(self.t, self.duel.time_left(self.now()), True)

    def render(self):
        t = self.t
        if self.loading_error:
            return h("p", {"class": "wd-message wd-error", "role": "alert"}, self.loading_error)
        if self.duel is None or self.words is None:
            return h(
                "p",
                {"class": "wd-loading"},
                t("wordle.loading", language=parts.language_name(t, self.meta["lang"])),
            )
        duel = self.duel
        view = duel.view(self.now())
        lang = self.meta["lang"]
        typed = self.typing.tiles() if self.typing else []
        heading = h(
            "p",
            {"class": "wd-duel-info"},
            t(
                "wordle.duel_info",
                language=parts.language_name(t, lang),
                length=duel.length,
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
        if duel.is_over:
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
        your_turn = not duel.is_over and duel.turn == YOU
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
    or None: a duel can be shared (and tested) by its number."""
    seed = router.int_param(params, "seed", 0, MAX_SEED)
    if seed is None:
        return None
    lang = params.get("lang") if params.get("lang") in LANGUAGES else None
    level = params.get("level") if params.get("level") in LEVELS else None
    return seed, lang, level


def _speed(params: dict) -> int:
    """Test-only: `speed=N` runs the duel clock N times faster (1 to 100)."""
    return router.int_param(params, "speed", 1, 100, default=1)
