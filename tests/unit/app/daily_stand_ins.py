"""Stand-ins for a daily on the one game view under CPython (app.frame.daily_play): the app
with the dailies' records, today's number fixed, and the page's share and copy."""

from app import saved_games
from app.daily import records
from app.daily.games import daily_slot
from app.marbles.frontend import FRONTEND
from app.router import parse
from page_stand_ins import StandInApp, page_without_browser

TODAY = 3  # Gemau #3, 2026-12-09
PAGE = "https://example.org/gemau/"


class DailyApp(StandInApp):
    def __init__(self, store=None, language="en", games=("marbles",)):
        super().__init__(list(games), store)
        self.t.language = language

    def register(self, store, games):
        super().register(store, games)
        records.register(store, games)
        saved_games.register_remote(store, [daily_slot(game) for game in games])


def daily_views(import_without_browser, monkeypatch):
    """make(address, app, frontend) -> a game view of that address, on day TODAY."""
    browser, sharing, daily_play, game_view = import_without_browser(
        "app.browser", "app.views.connect_sharing", "app.frame.daily_play", "app.frame.game_view"
    )
    page_without_browser(monkeypatch, browser)
    monkeypatch.setattr(game_view.GameView, "redraw", lambda self, focus_id=None: None)
    copied = []
    monkeypatch.setattr(sharing, "can_share", lambda: False)
    monkeypatch.setattr(sharing, "page_address", lambda: PAGE)
    monkeypatch.setattr(sharing, "copy", copied.append)
    day = [TODAY]
    monkeypatch.setattr(daily_play, "today_number", lambda: day[0])

    def make(address="#/marbles?daily=today", app=None, frontend=FRONTEND):
        view = game_view.GameView(app or DailyApp(), parse(address), frontend)
        view.copied, view.day = copied, day
        return view

    return make
