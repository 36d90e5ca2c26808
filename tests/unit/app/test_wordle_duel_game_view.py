"""The practice duel through the one game view (app.frame.game_view with
app.wordle_duel.frontend and the frame's ticks, app.frame.timed) under CPython: the page's
time is the test's, the ticks are called by hand. The duel's clock starts and is saved with
the letters typed; the computer's move waits for its think time; a turn runs out; the end is
recorded once, with no game-over window; nothing is taken back."""

import json
import random

import pytest
from app import saved_games, scores
from app.frame.frontend import Input
from app.i18n import Translator
from app.router import parse
from app.settings import SETTINGS_SCHEMA
from app.storage import MemoryBackend, Store
from games.wordle.duel import TURN_MS
from games.wordle.duel_game import duel_game
from games.wordle.sample_words import sample_dictionary

SAMPLE = sample_dictionary()
START = 1_000_000.0


class FakeApp:
    reduced_motion = True

    def __init__(self, store=None):
        self.t = Translator("en")
        self.store = store or Store(MemoryBackend())
        if store is None:
            self.store.register(SETTINGS_SCHEMA)
            scores.register(self.store, ["wordle"])
            saved_games.register(self.store, ["wordle"])
            record = {"v": 1, "rev": 1, "data": {"lang": "en", "level": "beginner"}}
            self.store.backend.set("gemau:prefs:wordle", json.dumps(record))
        self.settings = self.store.load("settings").data
        self.said: list = []
        self.asked: list = []
        self.view = None

    def announce(self, text):
        self.said.append(text)

    def notice(self, notice_id, make_text, action=None, about_view=False):
        pass

    def ask(self, title, text, yes, on_yes, on_no=None):
        self.asked.append(title)
        on_yes()

    def render(self):
        pass


class NoElement:
    def querySelector(self, _selector):
        return None


class Repeating:
    def __init__(self, ms, callback):
        pass

    def stop(self):
        pass


@pytest.fixture
def duel(import_without_browser, monkeypatch):
    """open(address, app=None) -> the duel's GameView; clock: [the page's ms]."""
    browser, wordle_words, _, game_view, loading, frontend = import_without_browser(
        "app.browser",
        "app.wordle_words",
        "app.frame.timed",
        "app.frame.game_view",
        "app.wordle_duel.loading",
        "app.wordle_duel.frontend",
    )
    clock = [START]
    monkeypatch.setattr(browser, "now_ms", lambda: clock[0])
    monkeypatch.setattr(browser, "today_iso", lambda: "2026-12-06")
    monkeypatch.setattr(browser, "element", lambda _id: NoElement())
    monkeypatch.setattr(browser, "Repeating", Repeating)
    monkeypatch.setattr(wordle_words, "loaded", lambda lang: SAMPLE)
    monkeypatch.setattr(game_view.GameView, "redraw", lambda self, focus_id=None: None)
    draws = random.Random(2026)  # (the same duels every run)
    monkeypatch.setattr(frontend, "fresh_seed", lambda: draws.randrange(1, 2**31))

    def open_duel(address="#/wordle?mode=duel", app=None):
        app = app or FakeApp()
        view = loading.duel_view(app, parse(address))
        assert isinstance(view, game_view.GameView)
        view.ticks.start()  # (as the view's first drawing does)
        return view

    class Duel:
        open = staticmethod(open_duel)

    Duel.clock = clock
    return Duel


def saved(view) -> dict:
    return saved_games.load(view.app.store, "wordle").data


def key(view, name):
    view.handle(Input("wd-key", {"key": name}))


def wait_my_turn(duel, view):
    for _ in range(1000):
        if view.state.current_player == 0:
            return
        duel.clock[0] += 200
        view.ticks.tick()
    raise AssertionError("never my turn")


def not_the_word(view) -> str:
    length = view.state.length
    return next(w for w in SAMPLE.guess_lists[length] if w != view.state.duel.word)


def test_a_new_duel_keeps_its_secret_apart_and_its_clock_in_the_save(duel):
    view = duel.open()
    record = saved(view)
    frame = record["meta"]["frame"]
    assert frame["seats"] == ["human", "computer:easy"] and set(frame["options"]) == {
        "lang",
        "secret",
    }
    assert frame["options"]["secret"] != frame["seed"] and view.midend.ranked
    meta = record["meta"]
    assert (meta["t0"], meta["origin"], meta["speed"]) == (int(START), 0, 1)
    assert view.midend.game_id == {"lang": "en"}  # no number in the address while it is played


def test_the_computers_move_waits_for_its_think_time(duel):
    view = duel.open("#/wordle?mode=duel&seed=11&lang=en&level=beginner")
    assert not view.midend.ranked
    if view.state.current_player == 0:
        for tile in SAMPLE.tiles(not_the_word(view)):
            key(view, tile)
        key(view, "enter")
    assert view.state.current_player == 1
    planned = view.ticks.planned.move(view.midend)
    rows = len(view.state.rows)
    now = view.frontend.now(view.ui, duel.clock[0])
    duel.clock[0] += planned["at"] - now - 1
    view.ticks.tick()
    assert len(view.state.rows) == rows, "not before its time"
    duel.clock[0] += 1
    view.ticks.tick()
    assert len(view.state.rows) == rows + 1 and view.state.rows[-1]["at"] == planned["at"]


def test_letters_typed_are_saved_and_come_back_with_the_clock_after_a_reload(duel):
    view = duel.open()
    wait_my_turn(duel, view)
    word = not_the_word(view)
    for tile in SAMPLE.tiles(word)[:2]:
        key(view, tile)
    assert saved(view)["meta"]["typed"] == "".join(SAMPLE.tiles(word)[:2])
    duel.clock[0] += 1_000
    again = duel.open(app=FakeApp(view.app.store))
    assert again.ui.typed == view.ui.typed and again.ui.clock == view.ui.clock
    left = again.state.time_left(again.frontend.now(again.ui, duel.clock[0]))
    assert left == view.state.time_left(view.frontend.now(view.ui, duel.clock[0]))


def test_a_guess_is_played_at_the_duels_time_and_clears_the_letters(duel):
    view = duel.open()
    wait_my_turn(duel, view)
    duel.clock[0] += 2_000
    at = view.frontend.now(view.ui, duel.clock[0])
    for tile in SAMPLE.tiles(not_the_word(view)):
        key(view, tile)
    key(view, "enter")
    row = view.state.rows[-1]
    assert row["seat"] == 0 and row["at"] == at and view.ui.typed == ""
    assert duel.open(app=FakeApp(view.app.store)).ui.typed == "", "not put back by a reload"


def test_a_word_not_in_the_list_is_refused_and_its_letters_kept(duel):
    view = duel.open()
    wait_my_turn(duel, view)
    rows = len(view.state.rows)
    for _ in range(view.state.length):
        key(view, "q")
    key(view, "enter")
    assert len(view.state.rows) == rows and view.ui.message_is_error and view.ui.shake
    assert view.ui.typed == "q" * view.state.length


def test_a_turn_that_runs_out_is_played_as_its_timeout(duel):
    view = duel.open()
    wait_my_turn(duel, view)
    rows = len(view.state.rows)
    duel.clock[0] += view.state.time_left(view.frontend.now(view.ui, duel.clock[0]))
    view.ticks.tick()
    assert view.state.rows[rows]["seat"] == 0 and view.state.rows[rows]["guess"] is None


def test_a_faster_clock_for_tests_runs_the_turn_out_sooner(duel):
    view = duel.open("#/wordle?mode=duel&speed=10")
    wait_my_turn(duel, view)
    rows = len(view.state.rows)
    duel.clock[0] += TURN_MS // 10
    view.ticks.tick()
    assert len(view.state.rows) > rows


def test_the_end_is_recorded_once_with_no_game_over_window_and_nothing_taken_back(duel):
    view = duel.open()
    while not view.state.is_over:
        duel.clock[0] += 1_000
        view.ticks.tick()
    stats = scores.stats_for(view.app.store, "wordle")["duel"]
    assert stats["played"] == 1 and view.outcome == {}
    assert not view.facts().can_undo
    view.ticks.tick()
    again = duel.open(app=FakeApp(view.app.store))
    assert again.state.is_over
    assert scores.stats_for(view.app.store, "wordle")["duel"]["played"] == 1


def test_the_replay_of_the_duel_is_kept_under_the_engines_name(duel):
    view = duel.open()
    while not view.state.is_over:
        duel.clock[0] += 1_000
        view.ticks.tick()
    assert duel_game(SAMPLE).name == "wordle-duel"
    assert view.midend.recorded
