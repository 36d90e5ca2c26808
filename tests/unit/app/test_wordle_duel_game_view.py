"""The practice duel through the one game view (app.frame.game_view with
app.wordle_duel.frontend and the frame's ticks, app.frame.timed) under CPython: the page's
time is the test's, the ticks are called by hand. The duel's clock starts and is saved with
the letters typed; the computer's move waits for its think time; a turn runs out; the end is
recorded once, with no game-over window; nothing is taken back."""

import json
import random
from pathlib import Path

import pytest
from app import saved_games, scores
from app.frame.frontend import Command, Input
from app.router import parse
from games.wordle.dictionary import Dictionary
from games.wordle.duel import TURN_MS
from games.wordle.duel_game import duel_game
from games.wordle.sample_words import sample_dictionary
from page_stand_ins import START, StandInApp, page_without_browser

SAMPLE = sample_dictionary()
REPO = Path(__file__).resolve().parents[3]


class FakeApp(StandInApp):
    def __init__(self, store=None, items=None):
        """`store`: another tab's on the same storage; `items`: a device's storage."""
        if store is None and not items:
            record = {"v": 1, "rev": 1, "data": {"lang": "en", "level": "beginner"}}
            items = {"gemau:prefs:wordle": json.dumps(record)}
        super().__init__(["wordle"], store, items)


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
    page_without_browser(monkeypatch, browser, clock)
    words = [SAMPLE]  # the words loaded (the sample list unless a test puts others)
    monkeypatch.setattr(wordle_words, "loaded", lambda lang: words[0])
    waiting: list = []  # a replay's words on their way, while `waiting[0]` is a list
    monkeypatch.setattr(
        wordle_words,
        "load",
        lambda lang, ready, error: (
            waiting[0].append(lambda: ready(SAMPLE)) if waiting else ready(SAMPLE)
        ),
    )
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
    Duel.waiting = waiting
    Duel.words = words
    (Duel.replay,) = import_without_browser("app.views.replay")
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
    assert saved(view)["meta"]["typed"] == "", "the letters go with the row they made"
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


def frame_save(duel) -> dict:
    view = duel.open("#/wordle?mode=duel&seed=11&lang=en&level=beginner")
    wait_my_turn(duel, view)
    return dict(view.app.store.backend.items)


def damaged(items: dict, change) -> dict:
    record = json.loads(items["gemau:saved:wordle"])
    change(record["data"]["meta"])
    return {**items, "gemau:saved:wordle": json.dumps(record)}


BAD_CLOCK = [
    ("t0", "soon"),
    ("t0", -1),
    ("t0", True),
    ("speed", 0),
    ("speed", "2"),
    ("origin", None),
]
BAD_FRAME = [
    ("options", {"lang": "xx", "secret": 1}),
    ("options", {"lang": "en", "secret": "x"}),
    ("seats", ["human", "computer:godlike"]),
    ("seats", ["computer:easy", "computer:easy"]),
    ("seed", "11"),
]


@pytest.mark.parametrize(("key", "value"), BAD_CLOCK)
def test_a_save_with_a_damaged_clock_is_reset_alone_and_a_new_duel_runs(duel, key, value):
    items = damaged(frame_save(duel), lambda meta: meta.update({key: value}))
    view = duel.open(app=FakeApp(items=items))
    assert ("saved:wordle", "reset") in view.app.problems
    assert view.state.rows == [] and saved(view)["meta"]["frame"]["moves"] == []


@pytest.mark.parametrize(("key", "value"), BAD_FRAME)
def test_a_save_with_a_damaged_frame_is_reset_alone(duel, key, value):
    items = damaged(frame_save(duel), lambda meta: meta["frame"].update({key: value}))
    view = duel.open(app=FakeApp(items=items))
    assert ("saved:wordle", "reset") in view.app.problems and view.state.rows == []


@pytest.mark.parametrize("value", [5, None, ["a"], "x" * 65])
def test_damaged_letters_typed_are_dropped_the_duel_kept(duel, value):
    items = frame_save(duel)
    rows = json.loads(items["gemau:saved:wordle"])["data"]["state"]["rows"]
    view = duel.open(app=FakeApp(items=damaged(items, lambda meta: meta.update({"typed": value}))))
    assert view.ui.typed == "" and view.state.rows == rows


def test_a_second_tab_on_the_same_duel_takes_the_newer_save(duel):
    first = duel.open()
    wait_my_turn(duel, first)
    second = duel.open(app=FakeApp(first.app.store))
    for tile in SAMPLE.tiles(not_the_word(second)):
        key(second, tile)
    key(second, "enter")
    first.on_storage_change("saved:wordle")
    assert first.state.to_json() == second.state.to_json()
    assert first.ui.clock == second.ui.clock


def test_a_full_device_still_ends_the_duel_the_record_lost_not_the_duel(duel):
    view = duel.open()
    wait_my_turn(duel, view)
    backend = view.app.store.backend
    backend.quota = sum(len(v) for v in backend.items.values())  # nothing more fits
    for tile in SAMPLE.tiles(view.state.duel.word):
        key(view, tile)
    key(view, "enter")
    assert view.state.result == {"winner": 0}
    assert ("saved:wordle", "full") in view.app.problems
    assert "wd-after" in view.render()


def replay_view(duel, token, app):
    view = duel.replay.ReplayView(app, parse(f"#/replay/wordle?r={token}&at=1"))
    app.view = view
    return view


def test_a_duels_replay_waits_for_its_words_then_steps_through_its_rows(duel):
    from app import replays

    view = duel.open()
    wait_my_turn(duel, view)
    word = view.state.duel.word
    for tile in SAMPLE.tiles(word):
        key(view, tile)
    key(view, "enter")
    (entry,) = replays.kept(view.app.store, "wordle")
    assert entry["options"] == view.midend.options and entry["seed"] == view.midend.seed
    states = replays.positions(duel_game(SAMPLE), entry)
    assert states[-1].to_json() == view.state.to_json()
    duel.waiting.append([])
    app = FakeApp()
    replay = replay_view(duel, replays.token(entry), app)
    assert "data-replay-loading" in replay.render()
    for ready in duel.waiting.pop():
        ready()
    assert replay.game.name == "wordle-duel" and len(replay.states) == len(entry["moves"]) + 1
    shown = replay.render()
    assert "wd-board" in shown and 'href="#/wordle"' in shown
    replay.at = len(entry["moves"])
    assert f"The word was {word.upper()}" in replay.render()


def test_a_damaged_duel_replay_link_says_so(duel):
    from app import replays

    bad_lang = replays.token({"options": {"lang": "xx"}, "seed": 1, "seats": [], "moves": []})
    for token in ("nonsense", bad_lang):
        assert "data-replay-bad" in replay_view(duel, token, FakeApp()).render()


def captured(name: str) -> dict:
    return json.loads((REPO / f"tests/fixtures/saves/{name}.json").read_text("utf-8"))["storage"]


def test_a_duel_saved_before_the_midend_resumes_on_its_own_clock(duel):
    """tests/fixtures/saves/wordle-duel.json: times on the page's clock of the day, so its
    meta has no "origin"; our turn's 30 seconds go on from its save."""
    storage = captured("wordle-duel")
    duel.words[0] = Dictionary("en", json.loads((REPO / "static/words/en.json").read_text()))
    state = json.loads(storage["gemau:saved:wordle"])["data"]["state"]
    duel.clock[0] = state["turn_started"] + 5000  # speed 1: the page's clock is the duel's
    view = duel.open(app=FakeApp(items=storage))
    assert view.state.to_json() == state
    assert view.state.time_left(view.frontend.now(view.ui, duel.clock[0])) == TURN_MS - 5000
    other = next(w for w in duel.words[0].guess_lists[4] if w != state["word"])
    for tile in duel.words[0].tiles(other):
        key(view, tile)
    key(view, "enter")
    assert view.state.rows[-1]["guess"] == other and view.state.rows[-1]["at"] == duel.clock[0]
    assert view.midend.base == state and (view.midend.seed, view.midend.seats) == (
        11,
        ["human", "computer:easy"],
    )
    again = duel.open(app=FakeApp(items=view.app.store.backend.items))
    assert again.state.to_json() == view.state.to_json() and again.ui.clock == view.ui.clock


def test_a_finished_duel_saved_before_the_midend_is_shown_not_recorded_again(duel):
    duel.words[0] = Dictionary("en", json.loads((REPO / "static/words/en.json").read_text()))
    view = duel.open(app=FakeApp(items=captured("wordle-duel-won")))
    assert view.state.result == {"winner": 0} and view.midend.recorded
    assert "You solved it first! The word was PENCIL." in view.render()
    view.ticks.tick()
    view.suspend()
    assert view.app.store.load("stats:wordle").data["duel"]["played"] == 1


def test_a_finished_duels_address_gives_a_number_only_when_that_number_opens_it_again(duel):
    """A duel's word is drawn apart from its seed: once over, the address shows the seed
    only of a duel asked for by its number (whose secret is that number), since another's
    number would open a different word on another device."""
    for address, numbered in (("#/wordle?mode=duel", False), ("#/wordle?mode=duel&seed=11", True)):
        view = duel.open(address)
        while not view.state.is_over:
            duel.clock[0] += 1_000
            view.ticks.tick()
        assert view.midend.seed_shown and "seed" in view.midend.game_id
        assert ("seed=" in view.share_href()) is numbered, view.share_href()


def test_a_duel_asked_for_while_one_is_under_way_runs_on_its_own_clock(duel):
    """Yes to "leave this duel?" for another one (a new duel, or one its address asks
    for): its clock starts with its first drawing, so its turns and the computer's move
    come (its clock was never started: the computer never guessed)."""
    view = duel.open("#/wordle?mode=duel&seed=11&lang=en&level=beginner")
    wait_my_turn(duel, view)
    key(view, "a")
    view.command(Command("new"))
    assert view.midend.seed != 11 and not view.midend.moves
    view.ticks.start()  # (as the new duel's first drawing does)
    assert view.ui.clock is not None
    for _ in range(1000):
        if view.midend.moves:
            break
        duel.clock[0] += 200
        view.ticks.tick()
    assert view.midend.moves, "the new duel's turns never came"
