"""The Tournament's page on the one game view while its words load: its Game exists only
for one language's words (games.wordle.tournament_game), so the game view
(app.frame.game_view with app.tournament.frontend) is built once they are here, and takes
the page's place, as the practice duel's (app.wordle_duel.loading). Not the route yet: the
old page (app.tournament.screen) is, until this one does all it does (issue 30)."""

from typing import Any

from .. import router, thinker, wordle_words
from ..frame.game_view import GameView
from ..html import Markup, h
from ..views import wordle_parts as parts
from ..views.base import View
from ..wordle_duel.draw import framed
from .frontend import MAX_SPEED, TournamentFrontend


def tournament_view(app: Any, route: Any, lang: str) -> View:
    """The game view at once when the words of `lang` are loaded, else the page that loads
    them."""
    words = wordle_words.loaded(lang)
    return TournamentLoading(app, route, lang) if words is None else game_view(app, route, words)


def game_view(app: Any, route: Any, words: Any) -> GameView:
    speed = router.int_param(route.params, "speed", 1, MAX_SPEED, default=1)
    return GameView(app, route, TournamentFrontend(words, speed, lambda: thinker.shared))


class TournamentLoading(View):
    def __init__(self, app: Any, route: Any, lang: str) -> None:
        super().__init__(app, route)
        self.lang = lang
        self.error = ""
        self.closed = False
        wordle_words.load(lang, self.ready, self.failed)

    def ready(self, words: Any) -> None:
        if self.closed or self.app.view is not self:
            return
        self.app.view = game_view(self.app, self.route, words)
        self.app.render()

    def failed(self, reason: str) -> None:
        if self.closed or self.app.view is not self:
            return
        self.error = self.t("wordle.load_failed", reason=reason)
        self.app.render()

    def title(self) -> str:
        return str(self.t("game.wordle.name"))

    def render(self) -> Markup:
        t = self.t
        if self.error:
            body = h("p", {"class": "wd-message wd-error", "role": "alert"}, self.error)
        else:
            language = parts.language_name(t, self.lang)
            body = h("p", {"class": "wd-loading"}, t("wordle.loading", language=language))
        return framed(t, body, self.app.settings["colour_blind"] == "on")

    def close(self) -> None:
        self.closed = True
