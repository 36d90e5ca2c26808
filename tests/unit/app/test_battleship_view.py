"""Battleship on the one game view (app.frame.game_view) without a browser: inputs go through
its frontend to the midend (a salvo cleared or taken back whole, the new-game dialog, two
people passing the device, the computer's fleet placed at once, a game by its address), drawing
nothing and timing nothing."""

import pytest
from app import scores
from app.battleship.frontend import FRONTEND
from app.battleship.ui import seated, seen
from app.frame.frontend import Input
from app.router import parse
from page_stand_ins import StandInApp, page_without_browser


@pytest.fixture
def open_view(import_without_browser, monkeypatch):
    browser, game_view = import_without_browser("app.browser", "app.frame.game_view")
    page_without_browser(monkeypatch, browser)
    monkeypatch.setattr(browser, "later", lambda ms, callback: 0)
    monkeypatch.setattr(game_view.GameView, "redraw", lambda self, focus_id=None: None)

    def open_at(address, app=None):
        return game_view.GameView(app or StandInApp(["battleship"]), parse(address), FRONTEND)

    return open_at


def press(view, action, **data):
    view.handle(Input(action, data))


def phase(view):
    return seen(view.state, seated(view.ui, view.table())).phase


def aimed(view):
    return view.state.view_for(0)["aimed"]


def test_a_salvo_is_cleared_at_once_and_taken_back_whole(open_view):
    view = open_view("#/battleship?seed=3&mode=salvo&opponent=easy")
    press(view, "random-fleet")
    press(view, "ready")
    assert phase(view) == "fire"
    for square in ("J1", "J2", "J3"):
        press(view, "shoot", sq=square)
    assert aimed(view) == ["J1", "J2", "J3"]
    press(view, "shoot", sq="J2")  # pressed again: no longer aimed
    assert aimed(view) == ["J1", "J3"]
    press(view, "clear-salvo")
    assert aimed(view) == []
    press(view, "shoot", sq="A1")
    press(view, "shoot", sq="A2")
    press(view, "undo")  # the squares aimed (and un-aimed) this turn, not one by one
    assert aimed(view) == [] and view.midend.moves[-1][1] == "1 ready"
    assert view.app.said[-1] == "Taken back."
    press(view, "redo")  # and played again the same way, up to the last square aimed
    assert aimed(view) == ["A1", "A2"]


def test_the_new_game_dialog_remembers_the_choices_and_starts_that_game(open_view):
    view = open_view("#/battleship")
    press(view, "new")
    assert view.ui.setup["mode"] == "classic"
    press(view, "setup-mode", value="advanced_salvo")
    press(view, "setup-opponent", value="human")
    press(view, "setup-announce")  # the box turned over
    press(view, "setup-start")
    assert view.ui.setup is None
    assert view.state.mode == "advanced_salvo" and view.table().all_here
    assert view.prefs["mode"] == "advanced_salvo" and view.prefs["announce_ship"] is False
    assert phase(view) == "cover"  # two people start behind the cover


def test_two_people_pass_the_device_and_take_back_only_their_own_moves(open_view):
    view = open_view("#/battleship?seed=4&opponent=human")
    assert phase(view) == "cover" and not view.facts().can_undo
    press(view, "reveal")
    assert phase(view) == "place"
    press(view, "random-fleet")
    assert view.facts().can_undo  # Red's own move, at Red's screen
    press(view, "ready")
    assert phase(view) == "pass" and view.ui.focus == "bs-hide"
    assert view.ui.message == "Red is ready."
    press(view, "hide")
    assert phase(view) == "cover" and not view.facts().can_undo
    press(view, "reveal")
    assert phase(view) == "place" and view.ui.revealed == 1
    assert not view.facts().can_undo  # Red's Ready is not Blue's to take back
    press(view, "undo")
    assert view.midend.moves[-1][1] == "0 ready"


def test_playing_blue_the_computers_fleet_is_placed_at_once_and_its_address_says_so(open_view):
    view = open_view("#/battleship?seed=8&opponent=medium&side=blue")
    assert view.state.current_player == 1 and phase(view) == "place"  # Red's fleet: ready
    assert view.midend.moves[-1][0] == 0
    assert "side=blue" in view.share_href() and "opponent=medium" in view.share_href()
    press(view, "random-fleet")
    press(view, "ready")
    assert view.state.phase == "battle" and phase(view) == "computer"


def win(view, misses):
    """Red sinks the computer's fleet, with `misses` shots into the water first."""
    press(view, "random-fleet")
    press(view, "ready")
    fleet = [s for ship in view.state.view_for(1)["fleet"] for s in ship["squares"]]
    water = [f"{r}{c}" for r in "ABCDEFGHIJ" for c in range(1, 11) if f"{r}{c}" not in fleet]
    for square in water[:misses] + fleet:  # (the test may look at the computer's fleet)
        press(view, "shoot", sq=square)
        if not view.state.is_over:
            view.arrived(view.midend.computer_move())
    assert view.state.is_over and view.state.winner == 0


def test_a_finished_game_counts_its_shots_fewer_being_better(open_view):
    view = open_view("#/battleship?opponent=easy")
    win(view, misses=3)
    assert scores.stats_for(view.app.store, "battleship")["classic"]["best"] == 20
    again = open_view("#/battleship?opponent=easy", view.app)
    press(again, "new")
    press(again, "setup-start")
    win(again, misses=0)
    assert scores.stats_for(view.app.store, "battleship")["classic"]["best"] == 17
