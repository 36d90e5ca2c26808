"""The Tournament's page on the one game view (#/wordle?mode=tournament): its Game exists
only for one language's words (games.wordle.tournament_game), so the game view
(app.frame.game_view with app.tournament.frontend) is built once they are loaded, as the
duel's is (app.wordle_duel.loading.words_then). The language is the one the page opens in
(app.wordle.tournament_page)."""

from typing import Any

from .. import router, thinker
from ..frame.game_view import GameView
from ..views.base import View
from ..wordle.tournament_page import opening_language
from ..wordle_duel.loading import words_then
from .frontend import MAX_SPEED, TournamentFrontend


def tournament_view(app: Any, route: Any) -> View:
    """The game view at once when the words of its language are loaded, else the page that
    loads them."""
    lang = opening_language(app.store, route.params)
    return words_then(app, route, lang, lambda words: game_view(app, route, words))


def game_view(app: Any, route: Any, words: Any) -> GameView:
    speed = router.int_param(route.params, "speed", 1, MAX_SPEED, default=1)
    return GameView(app, route, TournamentFrontend(words, speed, lambda: thinker.shared))
