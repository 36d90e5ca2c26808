"""Today's Wordle's page (`#/wordle?daily=today`, with `lang=<code>` once a word language is
chosen on it): its Game exists only for one language's words, so the one game view is built
once they are loaded (app.wordle_duel.loading.words_then). The word language is today's
daily's once a guess is played in it (one try a day, whatever the language:
docs/rules/wordle-tournament.md 17.2), else the one the address asks for, else today's
daily's not yet begun, else the interface language's word list (so the Welsh interface
gets Welsh). A daily of today not yet begun in another language gives way to the one asked
for; nothing of it was played."""

from typing import Any

from games.wordle.letters import LANGUAGES

from .. import saved_games
from ..daily.days import daily_seed
from ..daily.games import DAILIES, daily_slot
from ..daily.today import today_number
from ..frame.game_view import GameView
from ..views import wordle_parts as parts
from ..views.base import View
from ..wordle_duel.loading import words_then
from .frontend import GAME, SoloFrontend

SLOT = daily_slot(GAME)


def daily_language(asked: object, saved: tuple[str, bool] | None, interface: str) -> str:
    """The word language of today's Wordle: `saved` is today's daily's (its language, and
    whether a guess was played), `asked` the address's, `interface` the page's language."""
    if saved is not None and saved[1]:
        return saved[0]
    if isinstance(asked, str) and asked in LANGUAGES:
        return asked
    return saved[0] if saved is not None else parts.default_language(interface)


def saved_daily(store: Any) -> tuple[int, str, bool] | None:
    """The daily saved: its seed (its day's), its language and whether a guess was played
    (None: no save, or one that does not say: the midend checks it all, and says so)."""
    data = saved_games.load(store, SLOT).data
    if not isinstance(data, dict):
        return None
    state, frame = data["state"], data["meta"].get("frame")
    seed = frame.get("seed") if isinstance(frame, dict) else None
    lang, guesses = state.get("lang"), state.get("guesses")
    if type(seed) is not int or lang not in LANGUAGES or not isinstance(guesses, list):
        return None
    return seed, str(lang), bool(guesses)


def daily_view(app: Any, route: Any) -> View:
    """Today's Wordle's game view at once when its words are loaded, else the page that
    loads them. Another day's daily saved is gone (docs/rules/README.md, Today's game), and
    so is today's not begun in another language."""
    seed = daily_seed(today_number(), GAME, DAILIES[GAME].variant)
    saved = saved_daily(app.store)
    today = (saved[1], saved[2]) if saved is not None and saved[0] == seed else None
    lang = daily_language(route.params.get("lang"), today, app.t.language)
    if saved is not None and (saved[0] != seed or saved[1] != lang):
        saved_games.clear(app.store, SLOT)
    return words_then(app, route, lang, lambda words: GameView(app, route, SoloFrontend(words)))
