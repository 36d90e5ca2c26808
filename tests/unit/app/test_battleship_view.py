"""Battleship's page (app.views.battleship) without a browser: inputs handed to the view go
through its frontend to the midend (a salvo cleared or taken back whole, the new-game
dialog, two people passing the device), drawing nothing and timing nothing."""

import pytest
from app.frame.frontend import Input
from app.router import parse
from test_sound import FakeApp, NoElement


@pytest.fixture
def open_view(import_without_browser, monkeypatch):
    browser, battleship = import_without_browser("app.browser", "app.views.battleship")
    monkeypatch.setattr(browser, "now_ms", lambda: 1_000_000.0)
    monkeypatch.setattr(browser, "today_iso", lambda: "2026-12-06")
    monkeypatch.setattr(browser, "later", lambda ms, callback: 0)
    monkeypatch.setattr(browser, "element", lambda _id: NoElement())
    monkeypatch.setattr(battleship.BattleshipView, "redraw", lambda self, focus_id=None: None)
    return lambda address: battleship.BattleshipView(FakeApp(["battleship"]), parse(address))


def press(view, action, **data):
    view.handle(Input(action, data))


def aimed(view):
    return view.state.view_for(0)["aimed"]


def test_a_salvo_is_cleared_at_once_and_taken_back_whole(open_view):
    view = open_view("#/battleship?seed=3&mode=salvo&opponent=easy")
    press(view, "random-fleet")
    press(view, "ready")
    assert view.phase() == "fire"
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
    assert view.app.said[-1].startswith("Taken back.")


def test_the_new_game_dialog_remembers_the_choices_and_starts_that_game(open_view):
    view = open_view("#/battleship")
    press(view, "new")
    assert view.ui.setup["mode"] == "classic"
    press(view, "setup-mode", value="advanced_salvo")
    press(view, "setup-opponent", value="human")
    press(view, "setup-start")
    assert view.ui.setup is None
    assert view.state.mode == "advanced_salvo" and view.opponent == "human"
    assert view.prefs["mode"] == "advanced_salvo"
    assert view.phase() == "cover"  # two people start behind the cover


def test_two_people_pass_the_device_between_their_turns(open_view):
    view = open_view("#/battleship?seed=4&opponent=human")
    assert view.phase() == "cover"
    press(view, "reveal")
    assert view.phase() == "place" and view.ui.focus == "bs-ocean"
    press(view, "random-fleet")
    press(view, "ready")
    assert view.phase() == "pass" and view.ui.focus == "bs-hide"
    assert view.ui.message == "Red is ready."
    press(view, "hide")
    assert view.phase() == "cover" and view.seen() is None
    press(view, "reveal")
    assert view.phase() == "place" and view.ui.revealed == 1
