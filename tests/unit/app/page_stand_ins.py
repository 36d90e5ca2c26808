"""Stand-ins for what the one game view (app.frame.game_view) reaches outside itself under
CPython: the app (app.main.App) with a store in memory, the page's elements and its
repeating timers. A test module subclasses StandInApp for what its own page needs more."""

from app import saved_games, scores
from app.i18n import Translator
from app.settings import SETTINGS_SCHEMA
from app.storage import MemoryBackend, Store

START = 1_000_000.0  # the page's clock when a test opens it (ms)


class StandInApp:
    reduced_motion = True  # a move lands at once: no animation to wait for

    def __init__(self, games=(), store=None, items=None):
        """`games`: those whose scores and saved games the store keeps; `store`: the store
        of a page opened before on the same device (kept as it is); `items`: a device's
        storage to start from."""
        self.t = Translator("en")
        self.problems: list = []  # (record, kind) the storage layer reported
        self.said: list = []
        self.asked: list = []  # the titles of the questions asked
        self.changed: list = []  # the settings changed, (name, value)
        self.went: list = []  # the addresses the app was sent to
        self.answer = True  # what the person answers when asked
        self.view = None
        if store is None:
            store = Store(MemoryBackend(items), on_problem=lambda *p: self.problems.append(p))
            self.register(store, list(games))
        self.store = store
        self.settings = store.load("settings").data

    def register(self, store, games):
        store.register(SETTINGS_SCHEMA)
        scores.register(store, games)
        saved_games.register(store, games)

    def announce(self, text):
        self.said.append(text)

    def notice(self, notice_id, make_text, action=None, about_view=False):
        pass

    def ask(self, title, text, yes, on_yes, on_no=None):
        self.asked.append(title)
        if self.answer:
            on_yes()
        elif on_no:
            on_no()

    def change_setting(self, name, value):
        self.changed.append((name, value))
        self.settings = {**self.settings, name: value}

    def navigate(self, href):
        self.went.append(href)

    def render(self):
        pass


class NoElement:
    """The page's elements: none found."""

    def querySelector(self, _selector):
        return None

    def querySelectorAll(self, _selector):
        return []


class Repeating:
    """A repeating timer that never fires: the test calls the ticks itself."""

    def __init__(self, ms, callback):
        pass

    def stop(self):
        pass


def page_without_browser(monkeypatch, browser, clock=None, today="2026-12-06"):
    """The browser module as a page under test sees it: the time from `clock` (a list
    holding the page's ms, moved by the test; fixed at START when None), today's date,
    no elements and no repeating timers."""
    monkeypatch.setattr(browser, "now_ms", lambda: clock[0] if clock else START)
    monkeypatch.setattr(browser, "today_iso", lambda: today)
    monkeypatch.setattr(browser, "element", lambda _id: NoElement())
    monkeypatch.setattr(browser, "Repeating", Repeating)
    monkeypatch.setattr(browser, "replace_hash", lambda _address: None)
