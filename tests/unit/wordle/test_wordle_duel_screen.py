"""The practice duel's screen driven under CPython (docs/rules/wordle-tournament.md
13): a stand-in for the browser (clock, timers, storage in memory), and the keys
and ticks the page would send. The screen plays the moves that fall due on its
clock and draws; the engine decides."""

import importlib
import json
import sys
import types
from pathlib import Path

import pytest
from games.common.rng import SeededRng
from games.wordle.dictionary import Dictionary
from games.wordle.duel import TURN_MS
from games.wordle.duel_game import duel_game
from games.wordle.sample_words import sample_dictionary

REPO = Path(__file__).resolve().parents[3]
SAMPLE = sample_dictionary()
FRESH = ["app.browser", "app.wordle_words", "app.views.wordle", "app.views.wordle_duel"]


class FakeApp:
    def __init__(self, storage=None):
        from app.i18n import Translator
        from app.storage import MemoryBackend, Store

        self.t = Translator("en")
        self.backend = MemoryBackend(storage or {})
        self.store = Store(self.backend)
        self.said: list = []
        self.view = None

    def announce(self, text):
        self.said.append(text)

    def navigate(self, href):
        self.navigated = href


@pytest.fixture
def page(monkeypatch):
    """open(route, storage=None, words=SAMPLE) -> (view, app); clock: [ms]."""
    fake = types.ModuleType("pyscript")
    fake.document = fake.window = None
    ffi = types.ModuleType("pyscript.ffi")
    ffi.create_proxy = lambda f: f
    monkeypatch.setitem(sys.modules, "pyscript", fake)
    monkeypatch.setitem(sys.modules, "pyscript.ffi", ffi)
    for name in FRESH:
        monkeypatch.delitem(sys.modules, name, raising=False)
    browser, wordle_words, wordle, duel_screen = [importlib.import_module(n) for n in FRESH]
    from app import saved_games, scores
    from app.router import parse

    clock = [1_000_000.0]

    class Repeating:
        def __init__(self, ms, callback):
            pass

        def stop(self):
            pass

    monkeypatch.setattr(browser, "now_ms", lambda: clock[0])
    monkeypatch.setattr(browser, "today_iso", lambda: "2026-12-01")
    monkeypatch.setattr(browser, "Repeating", Repeating)
    chosen = {"words": SAMPLE}
    monkeypatch.setattr(wordle_words, "load", lambda lang, ready, error: ready(chosen["words"]))

    def open_route(route, storage=None, words=SAMPLE):
        chosen["words"] = words
        app = FakeApp(storage)
        scores.register(app.store, ["wordle"])
        saved_games.register(app.store, ["wordle"])
        view = wordle.WordleView(app, parse(route))
        app.view = view
        return view, app

    yield types.SimpleNamespace(open=open_route, clock=clock, module=duel_screen)
    for name in FRESH:
        sys.modules.pop(name, None)


def saved(app) -> dict:
    return app.store.load("saved:wordle").data


def type_word(screen, word):
    for tile in screen.words.tiles(word):
        screen.key(tile)
    screen.key("enter")


def wait_for_my_turn(page, screen, step=200):
    for _ in range(1000):
        if screen.state.current_player == 0:
            return
        page.clock[0] += step
        screen.tick()
    raise AssertionError("never my turn")


def test_a_new_duel_hides_its_word_from_its_seed_and_saves_no_secret(page, monkeypatch):
    draws = iter([111, 222])
    monkeypatch.setattr(page.module.random, "randrange", lambda n: next(draws))
    view, app = page.open("#/wordle?mode=duel")
    screen = view.screen
    expected = duel_game(SAMPLE).new_game({"lang": "en", "secret": 222}, 111)
    record = saved(app)
    assert record["state"] == expected.to_json()
    assert record["meta"]["seed"] == 111 and record["meta"]["origin"] == 0
    assert "222" not in json.dumps(record)
    assert screen.now() == 0 and "0:30" in view.render()
    assert expected.to_json()["word"] not in view.render()


def test_a_duel_asked_for_by_number_plays_the_computer_at_its_think_time(page):
    view, app = page.open("#/wordle?mode=duel&seed=11&lang=en&level=beginner")
    screen = view.screen
    game = duel_game(SAMPLE)
    rng = SeededRng(11)
    length = rng.choice((4, 5, 6))
    assert saved(app)["state"]["word"] == rng.choice(SAMPLE.answers[length])
    if screen.state.current_player == 0:
        type_word(
            screen, next(w for w in SAMPLE.guess_lists[length] if w != screen.state.duel.word)
        )
    state = screen.state
    move = game.computer["easy"](
        state.view_for(1), SeededRng(11).fork(f"bot-{len(state.rows)}"), None
    )
    rows = len(state.rows)
    page.clock[0] += move["at"] - screen.now() - 1
    screen.tick()
    assert len(screen.state.rows) == rows, "not before its time"
    page.clock[0] += 1
    screen.tick()
    assert screen.state.rows[rows] == {
        "seat": 1,
        "guess": move.get("word"),
        "marks": screen.state.rows[rows]["marks"],
        "at": move["at"],
    }
    assert saved(app)["state"] == screen.state.to_json()


def test_your_guesses_refused_or_played_and_the_win_recorded(page):
    view, app = page.open("#/wordle?mode=duel&seed=5&lang=en&level=casual")
    screen = view.screen
    wait_for_my_turn(page, screen)
    for _ in range(screen.state.length):
        screen.key("q")
    screen.key("enter")
    assert "not in the word list" in screen.message and screen.shake
    assert screen.state.current_player == 0
    for _ in range(screen.state.length):
        screen.key("back")
    type_word(screen, screen.state.duel.word)
    assert screen.state.result == {"winner": 0}
    assert "You solved it first" in view.render()
    assert app.store.load("stats:wordle").data["duel"]["won"] == 1


def test_a_turn_that_runs_out_is_skipped_while_the_page_was_away(page):
    """Rule 3.8 on the page: back after three turns' time, each is settled in order."""
    view, _ = page.open("#/wordle?mode=duel&seed=3&lang=en&level=expert&speed=1")
    screen = view.screen
    wait_for_my_turn(page, screen)
    started = screen.state.view_for(0)["turn_started"]
    screen.key("c")
    page.clock[0] += TURN_MS
    screen.suspend()
    page.clock[0] += 10 * TURN_MS
    screen.resume()
    rows = screen.state.rows
    skipped = [row for row in rows if row["seat"] == 0 and row["guess"] is None]
    assert skipped and skipped[0]["at"] == started + TURN_MS
    assert screen.typing.text == ""
    assert [row["at"] for row in rows] == sorted(row["at"] for row in rows)


def test_a_duel_saved_before_the_protocol_resumes_on_its_own_clock(page):
    """tests/fixtures/saves/wordle-duel.json: times on the page's clock of the day, so
    its meta has no "origin"; our turn's 30 seconds go on from its save."""
    captured = json.loads((REPO / "tests/fixtures/saves/wordle-duel.json").read_text("utf-8"))
    storage = captured["storage"]
    english = Dictionary("en", json.loads((REPO / "static/words/en.json").read_text("utf-8")))
    state = json.loads(storage["gemau:saved:wordle"])["data"]["state"]
    page.clock[0] = state["turn_started"] + 5000  # speed 1: the page's clock is the duel's
    view, app = page.open("#/wordle?mode=duel", storage=dict(storage), words=english)
    screen = view.screen
    assert screen.state.to_json() == state
    assert screen.state.time_left(screen.now()) == TURN_MS - 5000
    other = next(w for w in english.guess_lists[4] if w != state["word"])
    type_word(screen, other)
    assert screen.state.rows[-1]["guess"] == other and screen.state.current_player == 1
    assert saved(app)["state"]["rows"][-1]["at"] == state["turn_started"] + 5000


def test_a_save_the_engine_refuses_is_reset_and_a_new_duel_starts(page):
    captured = json.loads((REPO / "tests/fixtures/saves/wordle-duel.json").read_text("utf-8"))
    storage = dict(captured["storage"])
    record = json.loads(storage["gemau:saved:wordle"])
    record["data"]["state"]["rows"][0]["marks"] = [2, 2, 2, 2]
    storage["gemau:saved:wordle"] = json.dumps(record)
    view, app = page.open("#/wordle?mode=duel", storage=storage)
    screen = view.screen
    assert screen.state is not None and screen.state.rows == []
    assert saved(app)["state"] == screen.state.to_json()
