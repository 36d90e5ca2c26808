"""A game's daily on its hub card (app.daily.hub_card): the link to today's game, and the
current and best streak once a daily was played, in English and Welsh."""

from app.daily import records
from app.daily.records import DailyResult
from app.router import parse
from app.views import hub
from markup_tree import parse as parse_markup
from test_hub_and_stats_pages import an_app

PLAYED = DailyResult("5", None, {"score": 10, "lines": 1, "moves": 20})


def daily_line(app, game, monkeypatch, today):
    monkeypatch.setattr(hub, "today_number", lambda: today)
    page = parse_markup(str(hub.HubView(app, parse("#/")).render()))
    card = next(n for n in page.all("li", "game-card") if n.attrs["data-card"] == game)
    found = card.all("p", "game-card-daily")
    return found[0] if found else None


def test_the_card_links_today_s_game_and_shows_no_streak_before_one_is_played(monkeypatch):
    line = daily_line(an_app(), "marbles", monkeypatch, today=3)
    assert line.one("a").attrs["href"] == "#/marbles?daily=today"
    assert line.one("a").text() == "Today's game"
    assert not line.all("span", "game-card-streak") and not line.all("span", "game-card-done")


def test_the_card_shows_the_current_and_best_streak_and_a_missed_day_ends_it(monkeypatch):
    app = an_app()
    for day in (1, 2, 3, 5, 6):
        records.record(app.store, "marbles", day, PLAYED)
    line = daily_line(app, "marbles", monkeypatch, today=7)
    assert line.one("span", "game-card-streak").text() == "Daily streak: 2 (best 3)"
    assert not line.all("span", "game-card-done")  # today's is still to play
    assert daily_line(app, "marbles", monkeypatch, 6).one("span", "game-card-done").text() == (
        "played ✓"
    )
    line = daily_line(app, "marbles", monkeypatch, today=8)
    assert line.one("span", "game-card-streak").text() == "Daily streak: 0 (best 3)"


def test_the_streak_is_said_in_welsh(monkeypatch):
    app = an_app("cy")
    records.record(app.store, "marbles", 3, PLAYED)
    line = daily_line(app, "marbles", monkeypatch, today=3)
    assert line.one("a").text() == "Gêm heddiw"
    assert line.one("span", "game-card-streak").text() == "Rhediad dyddiol: 1 (gorau 1)"


def test_every_game_has_today_s_game_on_its_card_battleship_s_hunt_too(monkeypatch):
    app = an_app()
    page = parse_markup(str(hub.HubView(app, parse("#/")).render()))
    cards = page.all("li", "game-card")
    assert cards and all(card.all("p", "game-card-daily") for card in cards)
    line = daily_line(app, "battleship", monkeypatch, today=3)
    assert line.one("a").attrs["href"] == "#/battleship?daily=today"
    hunted = DailyResult("hunt", True, {"shots": 40, "hits": 17, "sunk": 5})
    records.record(app.store, "battleship", 3, hunted)
    line = daily_line(app, "battleship", monkeypatch, today=3)
    assert line.one("span", "game-card-done").text() == "played ✓"
    assert line.one("span", "game-card-streak").text() == "Daily streak: 1 (best 1)"
