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


def test_a_player_who_chose_no_language_plays_in_the_interface_s(import_without_browser):
    """The Welsh interface gives Welsh words until another language is chosen (the review's
    finding: it gave English); docs/rules/wordle-tournament.md 17.2 says so of the daily."""
    (wordle,) = import_without_browser("app.views.wordle")
    app = KeepingApp()
    saved_games.register(app.store, ["wordle"])
    app.t.language = "cy"
    assert wordle.WordleView(app, parse("#/wordle")).prefs["lang"] == "cy"
    saved_games.update_prefs(app.store, "wordle", {}, {"lang": "de"})
    assert wordle.WordleView(app, parse("#/wordle")).prefs["lang"] == "de"
    app.t.language = "en"
    saved_games.update_prefs(app.store, "wordle", {}, {"level": "expert"})
    assert wordle.WordleView(app, parse("#/wordle")).prefs["lang"] == "de"


def test_a_practice_duel_with_no_language_chosen_is_in_the_interface_s(import_without_browser):
    (loading,) = import_without_browser("app.wordle_duel.loading")
    assert loading.duel_language({}, None, {}, "cy") == "cy"
    assert loading.duel_language({}, None, {"lang": "fr"}, "cy") == "fr"
    assert loading.duel_language({}, "de", {"lang": "fr"}, "cy") == "de"  # the saved duel's
