"""The Wordle Tournament screen driven under CPython: a stand-in for the
browser module (clock, timers, storage in memory), the built-in sample word
list, and the screen's own actions and keys, as the page would call them."""

import json
import sys

import pytest
from app.i18n import Translator
from app.router import parse
from app.settings import DEFAULTS
from app.storage import MemoryBackend, Store
from games.wordle.sample_words import sample_dictionary

WORDS = sample_dictionary()
FRESH = [
    "app.browser",
    "app.wordle_words",
    "app.views.wordle",
    "app.tournament.play",
    "app.tournament.lobby",
    "app.wordle.tournament_keeper",
    "app.tournament.away",
    "app.tournament.round_actions",
    "app.tournament.screen",
]


class FakeApp:
    def __init__(self):
        self.t = Translator("en")
        self.store = Store(MemoryBackend())
        self.settings = dict(DEFAULTS)
        self.said = []
        self.notices = {}
        self.view = None
        self.timers = []  # browser.later's callbacks, run by run_later

    def run_later(self) -> int:
        """Run the timers asked for (and those they ask for): how many ran."""
        ran = 0
        while self.timers:
            self.timers.pop(0)()
            ran += 1
        return ran

    def announce(self, text):
        self.said.append(text)

    def notice(self, notice_id, make_text, action=None, about_view=False):
        self.notices[notice_id] = make_text()

    def navigate(self, href):
        self.navigated = href


@pytest.fixture
def page(import_without_browser, monkeypatch):
    """(open(route, seed=None) -> WordleView, clock list [ms], app): a browser-less
    page; `seed` is the one a new lobby draws (so the tournament counts, as one the
    page starts itself does, unlike one whose seed is in the address)."""
    browser, words, wordle, _, _, keeper, *_ = import_without_browser(*FRESH)
    from app import saved_games, scores
    from app.wordle import records as tp

    clock = [1_000_000.0]

    class Repeating:
        def __init__(self, ms, callback):
            pass

        def stop(self):
            pass

    monkeypatch.setattr(browser, "now_ms", lambda: clock[0])
    monkeypatch.setattr(browser, "today_iso", lambda: "2026-11-29")
    monkeypatch.setattr(browser, "replace_hash", lambda text: None)
    monkeypatch.setattr(browser, "Repeating", Repeating)
    monkeypatch.setattr(words, "load", lambda lang, ready, error: ready(WORDS))
    app = FakeApp()
    monkeypatch.setattr(browser, "later", lambda ms, callback: app.timers.append(callback))
    scores.register(app.store, ["wordle"])
    saved_games.register(app.store, ["wordle"])
    tp.register(app.store)  # as app.main does at start-up

    def open_route(route, seed=None):
        if seed is not None:
            monkeypatch.setattr(keeper, "fresh_seed", lambda: seed)
        view = wordle.WordleView(app, parse(route))
        app.view = view
        return view

    return open_route, clock, app


def play(view, clock, until, solve=lambda t: True, steps=20_000):
    """Tick the clock 200 ms at a time; the humans to play solve when `solve(t)`."""
    screen = view.screen
    for _ in range(steps):
        if until(screen.play.game):
            return
        clock[0] += 200
        screen.play.tick()
        view.render()
        game = screen.play.game
        for duel in game.view(0, screen.play.now())["duels"]:
            if duel["index"] == screen.play.focus and duel["to_play"] is not None and solve(game):
                for letter in game.current["matches"][duel["index"]]["duel"].word:
                    screen.key(letter)
                screen.key("enter")
    raise AssertionError("the tournament did not get there")


def test_a_solo_tournament_from_lobby_to_final_standings(page, monkeypatch):
    open_route, clock, app = page
    browser = sys.modules["app.browser"]
    view = open_route("#/wordle?mode=tournament&speed=10", seed=5)
    screen = view.screen
    html = view.render()
    assert "wt-lobby" in html and html.count("<tr") == 9
    screen.on_action("wt-rename", {"value": "<b>Bo</b>"}, None)
    html = view.render()
    assert "&lt;b&gt;Bo&lt;/b&gt;" in html and "<b>Bo" not in html
    screen.on_action("wt-start", {}, None)
    assert "wt-intro" in view.render()

    # An invalid guess: a message, nothing played.
    play(view, clock, lambda g: g.view(0, screen.play.now())["your_turn"], solve=lambda g: False)
    for _ in range(
        screen.play.game.view(0, screen.play.now())["duels"][screen.play.focus]["length"]
    ):
        screen.key("q")
    screen.key("enter")
    assert "not in the word list" in screen.play.message and screen.play.shake
    assert "wd-shake" in view.render()

    play(
        view, clock, lambda g: g.humans_done, solve=lambda g: g.round_number % 2 == 1
    )  # every other duel lost
    me = screen.play.game.players[0]
    html = view.render()
    assert me["placement"] > 1 and "You are out" in html
    assert f"Rating 1000 → {1000 + me['rating_change']}" in html
    screen.on_action("wt-watch-on", {}, None)
    if not screen.play.game.is_over:
        screen.on_action("wt-watch", {"duel": "0"}, None)
        assert "wt-watching" in view.render()
        screen.on_action("wt-unwatch", {}, None)
        screen.on_action("wt-finish", {}, None)
        # Played out in slices: meanwhile the button says so, and nothing else is done.
        assert "Working out the final results" in view.render() and not screen.play.game.is_over
        screen.on_action("wt-finish", {}, None)
        assert len(app.timers) == 1
        reads = iter(range(10**9))  # the clock read 40 ms later each time: a step a slice
        monkeypatch.setattr(browser, "now_ms", lambda: clock[0] + 40 * next(reads))
        assert app.run_later() > 1
    html = view.render()
    assert (
        screen.play.game.phase == "over"
        and "Final standings" in html
        and html.count("data-player=") >= 8
    )

    ratings = app.store.load("wordle-rating").data
    assert ratings["players"][ratings["me"]]["rating"] == 1000 + me["rating_change"]
    stats = app.store.load("stats:wordle").data["tournament"]
    assert stats["played"] == 1 and stats["totals"]["score"] == me["placement"]
    assert any("tournament" in text.lower() for text in app.said)

    # Opened again, the finished tournament shows its standings; a new one starts in the lobby.
    again = open_route("#/wordle?mode=tournament")
    assert "wt-end" in again.render()
    again.screen.on_action("wt-new", {}, None)
    assert "wt-lobby" in again.render() and "&lt;b&gt;Bo&lt;/b&gt;" in again.render()
    assert app.store.load("wordle-tournament").data is None
    assert app.notices == {}


def test_a_tournament_from_the_seed_in_its_address_is_played_but_never_counted(page):
    """docs/rules/README.md, Fairness: `seed=N` fixes every word and computer
    player, so whoever gave the address could know them: the page says so at
    once, and the tournament, played to its end (a reload on the way), changes
    no rating and no statistics."""
    open_route, clock, app = page
    view = open_route("#/wordle?mode=tournament&seed=5&speed=10")
    assert "started from its number" in app.notices["wordle-tournament-not-counted"]
    view.screen.on_action("wt-start", {}, None)
    play(view, clock, lambda g: g.round_number == 2)
    view.screen.suspend()
    view = open_route("#/wordle?mode=tournament")  # back at once: the same tournament
    screen = view.screen
    assert screen.play.keeper.meta["known"] is True and screen.play.game.round_number == 2
    play(view, clock, lambda g: g.humans_done, solve=lambda g: g.round_number % 2 == 1)
    me = screen.play.game.players[0]
    assert me["placement"] is not None and me["rating_change"] != 0  # it would have counted
    ratings = app.store.load("wordle-rating").data
    assert ratings["players"][ratings["me"]]["rating"] == 1000
    assert "tournament" not in (app.store.load("stats:wordle").data or {})
    assert screen.play.keeper.meta["recorded"] == [0]
    drawn = view.render()
    assert "Not counted: your rating stays 1000." in drawn and "→" not in drawn


def test_a_reload_within_60_seconds_resumes_and_later_counts_as_leaving(page):
    open_route, clock, _app = page
    view = open_route("#/wordle?mode=tournament&speed=1", seed=7)
    view.screen.on_action("wt-start", {}, None)
    clock[0] += 7_000
    view.screen.play.tick()
    view.screen.suspend()  # the page is closed
    clock[0] += 30_000
    back = open_route("#/wordle?mode=tournament")
    me = back.screen.play.game.players[0]
    assert back.screen.play.mode == "game" and me["placement"] is None and me["lost_at"] is None
    back.screen.suspend()
    clock[0] += 61_000
    late = open_route("#/wordle?mode=tournament")
    me = late.screen.play.game.players[0]
    assert me["left"] == "disconnect" and me["placement"] is not None
    html = late.render()
    assert "You are out" in html and "more than 60 seconds" in html


def test_leaving_asks_first_then_costs_the_tournament(page):
    open_route, _clock, _app = page
    view = open_route("#/wordle?mode=tournament&speed=1", seed=9)
    screen = view.screen
    screen.on_action("wt-start", {}, None)
    screen.on_action("wt-leave", {}, None)
    assert "wt-confirm" in view.render()
    screen.on_action("wt-leave-no", {}, None)
    assert "wt-confirm" not in view.render() and screen.play.game.players[0]["placement"] is None
    screen.on_action("wt-leave", {}, None)
    screen.on_action("wt-leave-yes", {}, None)
    me = screen.play.game.players[0]
    assert me["left"] == "left" and me["placement"] == 8
    assert "You are out" in view.render()


def test_a_group_plays_on_one_screen_and_returns_to_the_group(page):
    open_route, clock, app = page
    view = open_route("#/wordle?mode=tournament&speed=10", seed=4)
    screen = view.screen
    screen.on_action("wt-group-open", {}, None)
    assert "wt-group" in view.render()
    screen.on_action("wt-add", {"value": "Ana"}, None)
    screen.on_action("wt-add", {"value": "ANA"}, None)
    assert "already in the group" in screen.play.message
    screen.on_action("wt-add", {"value": "<i>Cy</i>"}, None)
    assert app.store.load("wordle-group").data["members"][1:] == ["Ana", "<i>Cy</i>"]
    screen.on_action("wt-remove", {"index": "2"}, None)
    screen.on_action("wt-group-lobby", {}, None)
    html = view.render()
    assert html.count('class="wt-human"') == 2
    screen.on_action("wt-start", {}, None)
    play(view, clock, lambda g: g.phase == "playing", solve=lambda g: False)
    game = screen.play.game
    pair = next(m for m in game.current["matches"] if 0 in m["players"])
    assert sorted(pair["players"]) == [0, 1]  # seed 4: the two humans meet in round 1
    html = view.render()
    to_play = game.players[pair["players"][pair["duel"].turn]]["name"]
    assert f"\u2068{to_play}\u2069: your turn" in html  # the nickname isolated
    play(view, clock, lambda g: g.humans_done)
    for p in game.players[:2]:
        assert (
            app.store.load("wordle-rating").data["players"][p["name"].casefold()]["rating"]
            == p["rating"] + p["rating_change"]
        )
    screen.on_action("wt-finish", {}, None)
    app.run_later()
    screen.on_action("wt-back-to-group", {}, None)
    assert screen.play.mode == "group" and "wt-group" in view.render()


def test_a_second_tab_takes_the_tournament_over_and_the_first_one_stops(page):
    open_route, clock, _app = page
    first = open_route("#/wordle?mode=tournament&speed=10", seed=3)
    first.screen.on_action("wt-start", {}, None)
    clock[0] += 1_000
    second = open_route("#/wordle?mode=tournament")
    assert second.screen.play.mode == "game"
    clock[0] += 2_000
    first.screen.play.tick()
    first.screen.play.save(force=True)
    assert first.screen.play.keeper.elsewhere and "another tab" in first.render()
    second.screen.play.tick()
    second.screen.play.save(force=True)
    assert not second.screen.play.keeper.elsewhere


class FakeThinker:
    """The page's thinker as the screen uses it: requests kept until answered."""

    def __init__(self, ready=True):
        self.ready, self.started, self.pending, self.asked = ready, 0, [], 0

    def start(self):
        self.started += 1

    def think(self, request, on_move, on_error):
        if not self.ready:
            return False
        self.asked += 1
        self.pending.append((request, on_move, on_error))
        return True

    def answer(self, how=None):
        from games.wordle.tournament_plans import bot_plan

        pending, self.pending = self.pending, []
        for request, on_move, on_error in pending:
            if how is None:
                on_move(json.dumps(bot_plan(json.loads(json.dumps(request)), WORDS)))
            else:
                how(request, on_move, on_error)


def played_with(page, monkeypatch, fake, answer=None):
    from app import thinker

    open_route, clock, app = page
    monkeypatch.setattr(thinker, "shared", fake)
    app.store.backend.items.clear()  # as new: the same lobby as a tournament played before
    clock[0] = 1_000_000.0
    view = open_route("#/wordle?mode=tournament&seed=5&speed=10")
    view.screen.on_action("wt-start", {}, None)
    if fake is not None and fake.ready:
        assert fake.started and fake.pending  # the bots' first turns, asked in the intro

    def until(game):
        if fake is not None:
            fake.answer(answer)
        return game.humans_done

    play(view, clock, until, solve=lambda g: g.round_number % 2 == 1)
    return view.screen.play.game


def test_the_bots_plans_come_from_the_thinker_and_make_the_same_tournament(page, monkeypatch):
    from games.wordle import players as players_module

    inline = played_with(page, monkeypatch, None)
    calls = []
    original = players_module.Player.plan
    monkeypatch.setattr(
        players_module.Player, "plan", lambda self, *a: calls.append(1) or original(self, *a)
    )
    fake = FakeThinker()
    handed = played_with(page, monkeypatch, fake)
    assert handed.log == inline.log
    assert fake.asked > 20 and len(calls) == fake.asked  # every plan was the worker's


def test_without_a_ready_thinker_or_with_bad_answers_the_tournament_plans_itself(page, monkeypatch):
    inline = played_with(page, monkeypatch, None)
    not_ready = FakeThinker(ready=False)
    assert played_with(page, monkeypatch, not_ready).log == inline.log
    assert not_ready.started and not_ready.asked == 0

    def badly(request, on_move, on_error):
        on_move(["not json", "{}", '{"word": 3, "think_ms": 9000}', "[]"][request["seat"] * 2])
        on_error("the worker stopped")

    bad = FakeThinker()
    assert played_with(page, monkeypatch, bad, answer=badly).log == inline.log
    assert bad.asked > 20


def test_a_reload_mid_turn_asks_again_for_the_plans_not_given(page, monkeypatch):
    from app import thinker
    from games.wordle.tournament_plans import bot_plan

    open_route, clock, _app = page
    fake = FakeThinker()
    monkeypatch.setattr(thinker, "shared", fake)
    view = open_route("#/wordle?mode=tournament&seed=5&speed=1")
    view.screen.on_action("wt-start", {}, None)
    asked = [r["view"]["rows"] for r, *_ in fake.pending]
    first, *rest = fake.pending
    fake.pending = rest
    first[1](json.dumps(bot_plan(first[0], WORDS)))
    clock[0] += 3_000
    view.screen.play.tick()
    view.screen.suspend()  # reloaded: the answers still to come are lost with the page
    fake.pending = []
    back = open_route("#/wordle?mode=tournament")
    again = [r["seat"] for r, *_ in fake.pending]
    assert len(asked) == len(again) + 1  # the plan given was saved with the tournament
    plans = [m["plan"] for m in back.screen.play.game.current["matches"] if m["plan"]]
    assert len(plans) == 1 and plans[0]["rows"] == 0
