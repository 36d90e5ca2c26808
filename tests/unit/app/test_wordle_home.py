"""The Wordle page's home: a language or a level chosen is kept through the app and the
page keeps its other choices (the store holds only the choices ever made)."""

from app import saved_games
from app.router import parse
from wordle_fake_app import FakeApp


class KeepingApp(FakeApp):
    def remember_choices(self, game, prefs, changes):
        return saved_games.update_prefs(self.store, game, prefs, changes)


def test_a_language_chosen_keeps_the_level_and_the_page_draws(import_without_browser):
    (wordle,) = import_without_browser("app.views.wordle")
    app = KeepingApp()
    saved_games.register(app.store, ["wordle"])
    view = wordle.WordleView(app, parse("#/wordle"))
    view.on_action("wd-lang", {"value": "fr"}, None)
    assert view.prefs == {"lang": "fr", "level": "skilled"}
    assert app.store.load("prefs:wordle").data["lang"] == "fr"
    assert 'value="fr" selected' in str(view.render()).replace('selected=""', "selected")
    view.on_action("wd-level", {"value": "expert"}, None)
    assert view.prefs == {"lang": "fr", "level": "expert"}
