"""The hunt on Battleship's page (docs/rules/battleship.md 13.5), without a browser: the target
grid alone, the hunt's line with its shots, hits and ships sunk, the shot log, Resign asked
on the page first, and no end-of-game window of its own (today's game has one)."""

import pytest
from app.battleship.frontend import FRONTEND
from app.battleship.ui import BattleshipUi
from app.frame.frontend import COMPUTER, LOCAL, Facts, Input, Play, Seat, Show, Table
from app.i18n import Translator
from battleship.battleship_fixtures import BLUE_FLEET, BLUE_SQUARES, place_fleet
from games.battleship import new_game
from markup_tree import parse

HUNTER = Table((Seat(LOCAL), Seat(COMPUTER, "hard")))
SQUARES = [square for ship in BLUE_SQUARES.values() for square in ship]


def a_hunt():
    state = new_game({"mode": "classic", "solo": True}, 3)
    place_fleet(state, 1, BLUE_FLEET)
    state.apply({"type": "ready", "player": 1})
    return state, FRONTEND.new_ui(state, BattleshipUi())


def drawn(state, ui, language="en"):
    return parse(str(FRONTEND.draw(state, ui, Facts(table=HUNTER), Translator(language))))


def meant(state, ui, action):
    return FRONTEND.interpret(state, ui, Input(action, {}), Facts(table=HUNTER), Translator("en"))


def shoot(state, *squares):
    for square in squares:
        state.apply({"type": "fire", "squares": [square]})


def test_a_hunt_shows_the_target_grid_alone_with_its_line_and_every_shot_in_the_log():
    state, ui = a_hunt()
    shoot(state, "J1", "A10", "B10")
    page = drawn(state, ui)
    assert page.all(id="bs-target") and not page.all(id="bs-ocean")
    assert page.one("span", data_hunt_tally="").text() == "Shots: 3 · Hits: 2 · Sunk: 0 of 5"
    assert "Today's hunt" in page.one("p", "bs-sub").text()
    assert "against the computer" not in page.one("section", "battleship").text()
    assert len(page.one("ol", "bs-log-list").all("li")) == 3  # each of Red's shots, once
    status = page.one("p", data_status="").text()
    assert status == "Call a square on the target grid: today's fleet is hidden there."
    assert "N new game" not in page.one("p", "bs-keys").text()
    # every square of the target grid may be shot at
    assert len(page.one(id="bs-target").all(data_action="shoot")) == 100


def test_a_hunt_in_welsh():
    state, ui = a_hunt()
    shoot(state, "A2", "B2")
    page = drawn(state, ui, "cy")
    assert page.one("span", data_hunt_tally="").text() == (
        "Ergydion: 2 · Trawiadau: 2 · Wedi suddo: 1 o 5"
    )
    assert page.one("button", id="bs-resign").text() == "Ildio"


def test_resign_is_asked_on_the_page_first_and_no_keeps_hunting():
    state, ui = a_hunt()
    shoot(state, "J1")
    assert drawn(state, ui).all(id="bs-resign") and not drawn(state, ui).all(id="bs-resign-yes")
    asked = meant(state, ui, "hunt-resign")
    assert isinstance(asked, Show) and asked.focus == "bs-resign-no"
    page = drawn(state, asked.ui)
    question = page.one("div", "bs-resign-ask")
    assert question.one("p").text().startswith("Give up today's hunt?")
    assert [b.attrs["data-action"] for b in question.all("button")] == [
        "hunt-resign-no",
        "hunt-resign-yes",
    ]
    kept = meant(state, asked.ui, "hunt-resign-no")
    assert isinstance(kept, Show) and not kept.ui.resign_asked and kept.focus == "bs-target"
    given_up = meant(state, asked.ui, "hunt-resign-yes")
    assert given_up == Play({"type": "resign", "player": 0})


def test_resign_means_nothing_outside_a_hunt():
    state = new_game({}, 3)
    ui = FRONTEND.new_ui(state, BattleshipUi())
    assert meant(state, ui, "hunt-resign-yes") is None


@pytest.mark.parametrize("resigned", [False, True])
def test_a_finished_hunt_has_no_window_of_its_own_and_says_how_it_ended(resigned):
    state, ui = a_hunt()
    if resigned:
        shoot(state, "A10")
        state.apply({"type": "resign", "player": 0})
    else:
        shoot(state, *SQUARES)
    page = drawn(state, ui)
    assert not page.all(id="bs-over") and not page.all(id="bs-resign")
    status = page.one("p", data_status="").text()
    expected = "You gave up today's hunt" if resigned else "You sank the whole fleet!"
    assert status.startswith(expected)
    # the fleet is shown once the hunt is over
    assert len(page.one(id="bs-target").all(cls="revealed")) == 17
