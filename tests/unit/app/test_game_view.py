"""The one game view (app.frame.game_view) running Marbles' frontend under CPython: every
input goes interpret -> play -> save -> record -> changed -> draw, once; undo, a new game and
the same game again, asking first when a game in progress would be lost; a finished game
recorded once; the saved game resumed by the next view."""

import pytest
from app import saved_games, scores
from app.frame.frontend import Input
from app.marbles.frontend import FRONTEND
from app.router import parse
from games.common.rng import SeededRng
from games.marbles import choose_move
from page_stand_ins import StandInApp, page_without_browser


class FakeApp(StandInApp):
    def __init__(self, store=None):
        super().__init__(["marbles"], store)


@pytest.fixture
def make_view(import_without_browser, monkeypatch):
    browser, game_view = import_without_browser("app.browser", "app.frame.game_view")
    page_without_browser(monkeypatch, browser)
    draws = []
    monkeypatch.setattr(game_view.GameView, "redraw", lambda self, focus_id=None: draws.append(1))

    def make(address="#/marbles?seed=3", app=None):
        view = game_view.GameView(app or FakeApp(), parse(address), FRONTEND)
        view.draws = draws
        return view

    return make


def play_one(view, rng):
    source, target = choose_move(view.state, rng)
    view.handle(Input("cell", {"sq": str(source)}))
    view.handle(Input("cell", {"sq": str(target)}))


def test_each_input_draws_once_and_a_move_is_saved_before_it_is_shown(make_view):
    view = make_view()
    rng = SeededRng(1)
    before = len(view.draws)
    play_one(view, rng)
    assert len(view.draws) == before + 2  # the selection, then the move
    assert saved_games.load(view.app.store, "marbles").data["meta"]["frame"]["moves"]


def test_undo_takes_the_move_back_and_keeps_the_cursor(make_view):
    view = make_view()
    play_one(view, SeededRng(1))
    view.ui = type(view.ui)(cursor=11)
    view.handle(Input("key", key="u"))
    assert view.midend.moves == [] and view.ui.cursor == 11
    assert view.app.said[-1] == view.t("marbles.announce.undo")


def test_a_new_game_asks_first_only_when_a_game_in_progress_would_be_lost(make_view):
    view = make_view()
    first_seed = view.midend.seed
    view.handle(Input("new"))  # nothing played yet: no question
    assert view.app.asked == [] and view.midend.seed != first_seed
    play_one(view, SeededRng(2))
    view.app.answer = False
    view.handle(Input("new"))
    assert len(view.app.asked) == 1 and view.midend.moves  # kept
    view.app.answer = True
    view.handle(Input("version", {"value": "4"}))
    assert view.state.min_line == 4 and view.prefs["version"] == 4 and not view.midend.moves


def test_the_same_game_again_is_known_so_not_counted(make_view):
    view = make_view("#/marbles")
    assert view.midend.ranked
    seed = view.midend.seed
    view.handle(Input("restart"))
    assert view.midend.seed == seed and not view.midend.ranked


def finished(make_view, address="#/marbles"):
    view = make_view(address)
    rng = SeededRng(5)
    while not view.state.is_over:
        play_one(view, rng)
    return view


def test_a_finished_game_is_recorded_once_and_its_window_comes_back_by_its_address(make_view):
    view = finished(make_view)
    stats = scores.stats_for(view.app.store, "marbles")["5"]
    assert stats["played"] == 1 and view.outcome["score"] == view.state.score
    view.handle(Input("cell", {"sq": "0"}))  # nothing to do on a finished board
    address = view.share_href()  # (the page's address once the game is over: a reload's)
    assert "seed=" in address
    again = make_view(address, app=FakeApp(view.app.store))
    assert again.state.is_over and again.outcome == view.outcome
    assert again.midend.seed == view.midend.seed and again.asked_for is None
    assert scores.stats_for(view.app.store, "marbles")["5"]["played"] == 1


def test_marbles_opened_again_after_the_end_is_a_new_game_not_the_old_window(make_view):
    """docs/rules/marbles.md 10.6."""
    view = finished(make_view)
    again = make_view("#/marbles", app=FakeApp(view.app.store))
    assert not again.state.is_over and again.outcome is None and again.midend.ranked
    assert again.midend.seed != view.midend.seed and again.app.asked == []
    assert scores.stats_for(view.app.store, "marbles")["5"]["played"] == 1


def test_an_address_naming_a_version_opens_a_new_game_of_it(make_view):
    """docs/rules/marbles.md 9.4."""
    view = finished(make_view)
    four = make_view("#/marbles?version=4", app=FakeApp(view.app.store))
    assert four.state.min_line == 4 and not four.state.is_over and four.midend.ranked
    play_one(four, SeededRng(3))
    same = make_view("#/marbles?version=4", app=FakeApp(view.app.store))
    assert same.midend.seed == four.midend.seed and same.midend.moves  # its own: resumed
    assert same.asked_for is None
    five = make_view("#/marbles?version=5", app=FakeApp(view.app.store))
    assert five.state.min_line == 4 and five.asked_for is not None  # in progress: asked first
    options, _seed, _seats, known = five.asked_for
    assert options == {"version": 5} and not known
    junk = make_view("#/marbles?version=9", app=FakeApp(view.app.store))
    assert junk.midend.seed == four.midend.seed and junk.asked_for is None


def test_the_colour_blind_shortcut_turns_the_setting_over(make_view):
    view = make_view()
    view.handle(Input("shapes"))
    view.handle(Input("shapes"))
    assert view.app.changed == [("colour_blind", "on"), ("colour_blind", "off")]


def test_hints_taken_are_kept_through_a_reload_and_a_finished_game_with_them_is_assisted(
    make_view,
):
    view = make_view("#/marbles")
    view.handle(Input("hint"))
    again = make_view("#/marbles", app=FakeApp(view.app.store))  # a reload
    assert again.ui.hints == 1 and again.midend.seed == view.midend.seed
    rng = SeededRng(5)
    while not again.state.is_over:
        play_one(again, rng)
    ranked = scores.rankings_for(again.app.store, "marbles")["5"][0]
    assert ranked["figures"]["hints"] == 1 and ranked["figures"]["assisted"] == 1
    assert scores.stats_for(again.app.store, "marbles")["5"]["totals"]["assisted"] == 1
    again.handle(Input("new"))
    assert again.ui.hints == 0 and not again.state.is_over
