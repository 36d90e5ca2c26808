"""Today's Battleship, the hunt (docs/rules/battleship.md 13), on the one game view: today's
fleet placed by the computer, the same on every device, the player alone shooting at it with
one try; its result is the shots, hits and ships sunk (lost only when resigned), shared
without a square's name and with a row of five squares, one a ship."""

import re
from types import SimpleNamespace

import pytest
from app import scores
from app.battleship.frontend import FRONTEND
from app.daily import records, share
from app.daily.days import daily_seed
from app.daily.games import DAILIES
from app.frame.frontend import Command, Input
from app.i18n import Translator
from app.midend import HUMAN, computer
from daily_stand_ins import PAGE, TODAY, DailyApp, daily_views
from markup_tree import parse as parse_markup

ADDRESS = "#/battleship?daily=today"
RULES = DAILIES["battleship"]
EVERY_SQUARE = [f"{row}{col}" for row in "ABCDEFGHIJ" for col in range(1, 11)]
SQUARE = re.compile(r"\b[A-Ja-j](10|[1-9])\b")  # a square's name, as a spoiler would give it


@pytest.fixture
def make_view(import_without_browser, monkeypatch):
    return daily_views(import_without_browser, monkeypatch)


def hunt(make_view, app=None, address=ADDRESS):
    return make_view(address, app=app or DailyApp(games=["battleship"]), frontend=FRONTEND)


def fleet_squares(view):
    """Today's fleet, as the engine holds it (the test looks; the page never does)."""
    return sorted(view.state.ship_masks[1].values(), key=lambda mask: mask.bit_length())


def squares_of(view):
    from games.battleship.grid import square_name

    return [square_name(i) for mask in fleet_squares(view) for i in range(100) if mask >> i & 1]


def shoot(view, *squares):
    for square in squares:
        view.handle(Input("shoot", {"sq": square}))


def page_of(view):
    return parse_markup(str(view.render()))


def test_every_device_hunts_the_same_fleet_placed_by_the_computer(make_view):
    one, other = hunt(make_view), hunt(make_view)
    assert one.midend.seed == daily_seed(TODAY, "battleship", "hunt")
    assert one.midend.seats == [HUMAN, computer("hard")]
    assert one.state.hunt and one.state.phase == "battle" and one.state.current_player == 0
    assert one.state.to_json() == other.state.to_json()
    assert one.state.fleets[0] == {}  # the player has no fleet of their own
    page = page_of(one)
    assert page.one("section", "daily-banner").one("h2").text() == ("Today's Battleship · Gemau #3")
    assert page.all(id="bs-target") and not page.all(id="bs-ocean")
    one.day[0] = TODAY + 1
    tomorrow = hunt(make_view)
    assert tomorrow.state.fleets[1] != one.state.fleets[1]


def test_a_hunt_has_one_try_no_new_game_or_undo(make_view):
    view = hunt(make_view)
    shoot(view, "J10")
    moves, seed = list(view.midend.moves), view.midend.seed
    for given in (Input("new"), Input("undo"), Input("restart"), Input("key", key="n")):
        view.handle(given)
    assert view.ui.setup is None  # N opens no new-game dialog either
    view.command(Command("new"))
    view.command(Command("undo"))
    assert view.midend.moves == moves and view.midend.seed == seed and view.app.asked == []


def test_a_hunt_sunk_all_counts_in_its_own_records_and_its_card_names_no_square(make_view):
    view = hunt(make_view)
    fleet = squares_of(view)
    misses = [square for square in EVERY_SQUARE if square not in fleet][:4]
    shoot(view, *misses, *fleet)
    assert view.state.is_over and view.state.winner == 0
    store = view.app.store
    assert scores.stats_for(store, "battleship") == {}  # never in the statistics
    mine = records.result_of(store, "battleship", TODAY)
    assert mine == records.DailyResult("hunt", True, {"shots": 21, "hits": 17, "sunk": 5})
    window = page_of(view).one("dialog", "daily-over")
    assert "data-game-over" in window.attrs
    assert not page_of(view).all(id="bs-over")  # the daily's window is the only one
    figures = [dd.text() for dd in window.one("dl", "daily-figures").all("dd")]
    assert figures == ["21", "17", "5"]
    card = window.one("pre", "daily-card").text()
    lines = card.split("\n")
    assert lines[:4] == [
        "Gemau #3 · Battleship",
        "🚢 21 shots, 17 hits, 5 of 5 ships sunk",
        "🟥🟥🟥🟥🟥",
        "Streak: 1",
    ]
    assert lines[4].startswith(PAGE + "#/battleship?daily=today&vs=")
    assert not any(SQUARE.search(line) for line in lines[:4])
    assert str(view.midend.seed) not in card


def test_a_resigned_hunt_is_lost_and_says_so_in_english_and_welsh(make_view):
    view = hunt(make_view)
    fleet = squares_of(view)
    shoot(view, *fleet[:5])  # the first ship: 5 hits, one sunk
    view.handle(Input("hunt-resign"))
    assert not view.state.is_over  # asked first
    view.handle(Input("hunt-resign-yes"))
    assert view.state.is_over and view.state.resigned
    mine = records.result_of(view.app.store, "battleship", TODAY)
    assert mine.won is False and mine.figures == {"shots": 5, "hits": 5, "sunk": 1}
    for language, line, row in (
        ("en", "🚢 Resigned after 5 shots: 5 hits, 1 of 5 ships sunk", "🟥⬜⬜⬜⬜"),
        ("cy", "🚢 Ildio ar ôl 5 ergyd: 5 trawiad, 1 o 5 llong wedi suddo", "🟥⬜⬜⬜⬜"),
    ):
        card = share.share_text(
            Translator(language), "battleship", TODAY, RULES, mine, records.Streaks(1, 1), "x/"
        )
        assert card.split("\n")[1:3] == [line, row]


def test_the_summary_reads_the_hunter_s_shots_and_the_row_has_a_square_a_ship():
    view = {"shots": [{"shots": [{}], "hits": 1, "sunk": ["patrol"]}] * 3, "hunt": True}
    state = SimpleNamespace(result={"winner": 0}, view_for=lambda player: view)
    result = RULES.summary(state)
    assert result == records.DailyResult("hunt", True, {"shots": 3, "hits": 3, "sunk": 3})
    assert RULES.grid is not None and RULES.grid(result) == ["🟥🟥🟥⬜⬜"]
    for damaged in ({"sunk": 9}, {"sunk": "x"}, {}):
        row = RULES.grid(records.DailyResult("hunt", True, damaged))
        assert len(row) == 1 and len(row[0]) == 5  # always five squares


def test_a_friend_s_hunt_is_compared_shot_for_shot(make_view):
    friend = hunt(make_view)
    shoot(friend, *squares_of(friend))
    link = page_of(friend).one("pre", "daily-card").text().split("\n")[-1]
    me = hunt(make_view, address=link.removeprefix(PAGE))
    fleet = squares_of(me)
    water = next(square for square in EVERY_SQUARE if square not in fleet)
    shoot(me, water, *fleet)
    table = page_of(me).one("table", "daily-compare")
    rows = [[cell.text() for cell in row.all("th") + row.all("td")] for row in table.all("tr")]
    assert rows[1:] == [["Shots", "18", "17"], ["Hits", "17", "17"], ["Ships sunk", "5", "5"]]
