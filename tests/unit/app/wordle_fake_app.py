"""A stand-in for the app (app.main.App) as Wordle's pages under CPython use it: its
translator, a store in memory, the settings, what it announced and noticed, its timers."""

from app.i18n import Translator
from app.settings import DEFAULTS
from app.storage import MemoryBackend, Store
from games.wordle.sample_words import sample_dictionary

WORDS = sample_dictionary()


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
