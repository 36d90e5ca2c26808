"""The Wordle duel with a friend on another device ("#/wordle?remote=host|guest|resume").

The same screen as the practice duel (wordle_duel), with the friend in the other
seat (app.views.remote_game): the host proposes the duel in its Wordle language
(with its word lists' version: two devices play only on the same lists), the coin
flip of both devices draws the duel's length and who starts, and the word is
neither device's to know until the duel is decided (docs/rules/wordle-tournament.md
15): the midend runs games.wordle.hidden_duel_game, and app.remote.duel_word.DuelWord
this device's share of the word, the marks by oblivious transfer both ways and the
reveal beside it. A guess is drawn as "checking" until its marks come, the clock
stopped meanwhile; the word is shown once both shares are. Each device plays its own
seat's moves only, its guesses and its timeouts, by its own clock: a turn of the
friend's that ran out here is still theirs to end, so a friend who went away is
waited for (the page says so) and their device plays the turns that ran out when it
is back.

The duel is saved in its own slot (games_list.remote_slot), with its clock, the
letters typed and this device's side of the word (meta "duel_word", which holds its
own share and never the word), and counted in the statistics as a duel with a friend.
A duel saved by a version in which both engines knew the word cannot be carried on:
it is dropped, and the player asked to start a new one.
"""

from dataclasses import replace

from games.wordle.hidden_duel_game import hidden_duel_game
from games.wordle.letters import LANGUAGES

from .. import browser, router, saved_games, scores, sound
from ..frame import game_clock
from ..games_list import remote_slot
from ..html import h
from ..midend import Midend
from ..remote.duel_word import DuelWord
from ..remote.match import CONNECTING, ENDED, PLAYING
from ..wordle_duel import draw, turns
from ..wordle_duel.saved import drop_from_before_the_hidden_word, duel_clock, saved_typing
from ..wordle_duel.ui import new_ui
from . import wordle_parts as parts
from .remote_bar import remote_bar
from .remote_game import RemoteGameParts
from .wordle_duel import GAME, DuelScreen

SLOT = remote_slot(GAME)


class RemoteDuelScreen(RemoteGameParts, DuelScreen):
    game = GAME

    def __init__(self, view):
        self.remote_how = view.route.params.get("remote")
        self.link_game = None
        self.duel_word: DuelWord | None = None
        self.said = 0  # the rows announced (a guess is said once its marks are in)
        self.shown_seed: int | None = None  # the duel remote_ui set the screen up for
        super().__init__(view)

    def _begin(self) -> None:
        lang = self._language()
        self.info = {"lang": lang, "level": None, "seed": None}
        self._load_words(lang)

    def _language(self) -> str:
        """The words to load: those of the duel saved (to resume it), of the host's
        proposal (held by the connection for this page) or of the host's choice."""
        if self.remote_how == "resume":
            lang = self._saved_options().get("lang")
        elif self.remote_how == "guest":
            lang = self._proposed_language()
        else:
            lang = self.view.prefs["lang"]
        return lang if isinstance(lang, str) and lang in LANGUAGES else self.view.prefs["lang"]

    def _saved_options(self) -> dict:
        data = saved_games.load(self.app.store, SLOT).data
        try:
            options = data["meta"]["frame"]["options"]
        except (KeyError, TypeError):
            return {}
        return options if isinstance(options, dict) else {}

    @staticmethod
    def _proposed_language():
        from ..peer import rtc

        link = rtc.current
        for message in link.held if link is not None else []:
            if message.get("type") == "hello" and isinstance(message.get("params"), dict):
                return message["params"].get("lang")
        return None

    def _words_ready(self, words) -> None:
        self.words = words
        self._drop_a_duel_from_before_the_hidden_word()
        self.midend = Midend(
            self.app.store,
            hidden_duel_game(words),
            browser.now_ms,
            browser.today_iso,
            slot=SLOT,
            keeps_replays=False,  # (the replay view plays the practice duel's engine)
        )
        self.start_remote()
        self.view.refresh()

    def _drop_a_duel_from_before_the_hidden_word(self) -> None:
        """A duel saved by the version in which both engines knew the word: dropped
        (app.wordle_duel.saved), and the player told."""
        peer = drop_from_before_the_hidden_word(self.app.store)
        if peer is None:
            return
        name = peer or self.t("wordle.friend")
        self.app.notice(
            f"{GAME}-old-remote-duel", lambda: self.t("wordle.old_remote_duel", name=name)
        )

    # --- this device's side of the word (app.remote.duel_word) ----------------------
    def remote_match_made(self, match) -> None:
        resumed = match.status != CONNECTING
        saved = self._saved_meta().get("duel_word") if resumed else None
        self.duel_word = DuelWord(
            match,
            self.words,
            self._duel_now,
            on_change=self._word_changed,
            saved=saved if isinstance(saved, dict) else None,
        )
        if resumed:
            self.duel_word.ask_again()  # (what the link lost before the reload)

    def on_remote(self, event: dict) -> None:
        if event["type"] == "link" and event["state"] == "open" and self.duel_word is not None:
            self.duel_word.ask_again()  # (what the link lost while the network was away)
        super().on_remote(event)

    def _saved_meta(self) -> dict:
        data = saved_games.load(self.app.store, SLOT).data
        meta = data.get("meta") if isinstance(data, dict) else None
        return meta if isinstance(meta, dict) else {}

    def _duel_now(self) -> int:
        """The duel's clock for a move DuelWord makes, never before the turn in play began."""
        if "clock" not in self.info or self.info.get("seed") != self.midend.seed:
            self._keep_clock()
        return max(self.now(), self.state.duel.turn_started)

    def _word_changed(self) -> None:
        """This device's side of the word changed, or it played a move by itself (its
        commitment, the marks of the friend's guess, its share): saved before anything of
        it leaves, then said and drawn."""
        if not self._save() or self.shown_seed != self.midend.seed:
            return  # (a duel being set up: remote_ui draws it)
        self._announce([])
        self._after_change()

    def _view_meta(self) -> dict:
        word = self.duel_word.record() if self.duel_word is not None else None
        return {**super()._view_meta(), "duel_word": word}

    # --- what app.views.remote_game asks of a game's page ----------------------------
    def remote_proposal(self):
        """The duel proposed: this device's Wordle language (the same again after a
        duel, which the friend's page has the words of); seats drawn by lot."""
        lang = self.words.lang if self.words is not None else self.view.prefs["lang"]
        return {"lang": lang}, ["host", "guest"]

    def remote_ui(self) -> None:
        """The duel that started or resumed: this screen's seat, its clock, its row."""
        self.me = self.link_game.my_seat
        meta = self._keep_clock()
        self.said = parts.settled(self.state.rows)
        self.shown_seed = self.midend.seed
        try:
            typed = saved_typing(meta or {}, self.words.lang, self.state.length).text
        except ValueError:
            typed = ""
        self.ui = new_ui(self.state, typed)
        self._stop_ticking()
        self._start_ticking()
        self.tick()

    def _keep_clock(self) -> dict | None:
        """The clock of the duel under way: the saved one when this duel was saved
        here (a reload), else one that starts now. The meta saved, if it is this duel's."""
        if self.info.get("seed") == self.midend.seed and "clock" in self.info:
            return None
        data = saved_games.load(self.app.store, SLOT).data
        meta = data.get("meta") if isinstance(data, dict) else None
        try:
            if meta["frame"]["seed"] != self.midend.seed:
                raise ValueError("another duel's")
            clock = duel_clock(meta)
        except (KeyError, TypeError, ValueError):
            meta, clock = None, game_clock.started(browser.now_ms(), self.speed).meta()
        self.info = {"lang": self.words.lang, "level": None, "seed": self.midend.seed}
        self.info["clock"] = clock
        return meta

    def share_href(self) -> str:
        return router.href(GAME, remote="resume")

    def redraw(self) -> None:
        self.view.refresh()

    def on_screen(self) -> bool:
        return self.app.view is self.view

    def finish(self) -> bool:
        """Count the duel once (the match ended by a resignation or someone leaving
        counts too); True when it was counted now."""
        ended = self.link_game is not None and self.link_game.status == ENDED
        if self.midend.recorded or not (self.state.is_over or ended):
            return False
        self._stop_ticking()
        self.midend.record_once(self._record, ended=ended)
        return True

    def _record(self):
        return scores.record_result(
            self.app.store,
            GAME,
            "remote",
            won=self.link_game.winner_is_me,
            figures={"rows": len(self.state.rows)},
            date=browser.today_iso(),
        )

    def show_remote_move(self, before, events: list) -> None:
        """The friend's move, already played (a guess, its marks of this device's guess, a
        timeout, its share): revealed and said as the computer's are."""
        self._moved(events)

    def _moved(self, events: list) -> None:
        self._announce(events)
        self._after_change()

    def _announce(self, events: list) -> None:
        """Each row once its marks are in (a guess waiting for them is drawn, not said)."""
        for event in events:
            row = event.get("row")
            if event["type"] == "row" and row["seat"] == self.me and row["guess"] is None:
                self.ui = replace(self.ui, typed="")  # this turn ran out
        rows, names = self.state.rows, self.ui_names()
        settled = parts.settled(rows)
        for number in range(self.said, settled):
            row = rows[number]
            self.app.announce(
                parts.row_summary(self.t, self.words, row, names[row["seat"]], number + 1)
            )
        self.said = max(self.said, settled)

    def _after_change(self) -> None:
        """Saved; the end said once (the duel is over once both shares are shown)."""
        if not self._save():
            return
        if self.state.is_over and self.finish():
            self._save()
            view = self.state.view_for(self.me)
            self.app.announce(draw.result_text(self.t, self.words, view, self.me, self.peer_name))
            sound.cue("win" if self.state.result.get("winner") == self.me else "lose")
        if self.on_screen():
            self.view.refresh()

    # --- the duel's screen, with a friend ---------------------------------------------
    def _save(self) -> bool:
        if self.midend is None or self.midend.state is None:
            return True  # still being set up: nothing to keep yet
        self._keep_clock()
        return super()._save()

    def take_newer_save(self) -> None:
        """Another tab of this device played this duel on: this page stops playing it."""
        self._stop_ticking()
        self.app.notice(f"{GAME}-other-tab", lambda: self.t(f"{GAME}.other_tab"))

    def on_storage_change(self, name) -> bool:
        return False

    def _due_move(self, now: int) -> dict | None:
        """This device's turn that runs out by `now` (the friend's device ends the friend's
        turns; no turn runs while a guess waits for its marks)."""
        if not self.my_turn() or self.state.duel.deadline is None:
            return None
        return turns.due_move(self.state, False, None, now)

    def _play(self, move: dict) -> list:
        """This device's person's guess, or its turn run out, through DuelWord (which plays
        and sends what follows from it: its table for the guess)."""
        if self.duel_word is None:
            raise RuntimeError("no duel in play")
        if move["type"] == "timeout":
            return self.duel_word.timeout()
        return self.duel_word.guess(move["word"])

    def my_turn(self) -> bool:
        return self.link_game.my_turn

    @property
    def peer_name(self) -> str | None:
        return self.link_game.peer if self.link_game is not None else None

    def ui_names(self) -> list:
        return [self.t("wordle.you") if seat == self.me else self.link_game.peer for seat in (0, 1)]

    def drawn_view(self) -> dict:
        return draw.between_turns(self.state.view_for(self.me))

    def dressed(self, ui: draw.Ui) -> draw.Ui:
        ui.peer = self.link_game.peer
        ui.bar = remote_bar(self.link_game, self.t)
        ui.frozen = self.link_game.status != PLAYING
        if self.duel_word is not None and self.duel_word.share_lost:
            said = {"class": "remote-status", "role": "alert", "data-share-lost": True}
            ui.bar = h("div", {}, ui.bar, h("p", said, self.t("wordle.remote.share_lost")))
            ui.frozen = True
        return ui

    def _start_ticking(self) -> None:
        if self.link_game is not None and self.link_game.status != CONNECTING:
            super()._start_ticking()

    def render(self):
        if self.midend is None or self.words is None:
            return super().render()  # the words loading, or their error
        if self.link_game is None or self.state is None or self.link_game.status == CONNECTING:
            return self.remote_waiting_page(heading=False)
        return super().render()

    def tick(self, now: int | None = None) -> None:
        if self.midend is not None and self.midend.state is not None:
            super().tick(now)

    def on_action(self, action: str, data: dict, event) -> None:
        self.remote_action(action)

    def key(self, key: str) -> None:
        if self.link_game is not None and self.link_game.status == PLAYING:
            super().key(key)

    def forget(self) -> None:
        """A duel of one's own replaces this screen; the duel with the friend stays saved."""
        self._stop_ticking()
        self._loads += 1

    def suspend(self) -> None:
        self.hidden = True
        self._stop_ticking()
        self._save()
