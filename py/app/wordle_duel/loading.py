"""The duel's page while its words load (`#/wordle?mode=duel`, and with a friend on another
device `#/wordle?remote=host|guest|resume`): the duel's Game exists only for one language's
words, so the one game view (app.frame.game_view) is built once they are here, and takes the
page's place. The practice duel's language is the one the address asks for with a duel's
number, else the saved duel's, else the player's choice; a duel with a friend's is the saved
duel's (to resume it), the host's proposal's (the friend's page) or the player's choice."""

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from games.wordle.letters import LANGUAGES

from .. import router, wordle_words
from ..frame.game_view import GameView
from ..html import Markup, h
from ..router import Route
from ..views import wordle_parts as parts
from ..views.base import View
from . import draw, saved
from .frontend import DuelFrontend
from .with_friend import FriendDuelFrontend

if TYPE_CHECKING:
    from ..main import App


def duel_language(
    params: Mapping[str, str], saved_lang: str | None, prefs: Any, interface: str = "en"
) -> str:
    asked = saved.wanted_duel(params)
    if asked is not None and asked[1] is not None:
        return str(asked[1])
    if saved_lang is not None:
        return saved_lang
    lang = prefs.get("lang") if isinstance(prefs, dict) else None
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    return parts.default_language(interface)


def duel_view(app: Any, route: Any) -> View:
    """The duel's game view at once when its words are loaded, else the page that loads them."""
    info = saved.saved_info(app.store)
    prefs = app.store.load(f"prefs:{saved.GAME}").data
    lang = duel_language(route.params, info["lang"] if info else None, prefs, app.t.language)
    if info is not None and lang != info["lang"]:  # a duel by its number in another language:
        saved.forget_saved(app.store)  # it replaces the one saved (whose words are not loaded)
    return words_then(app, route, lang, lambda words: game_view(app, route, words))


def game_view(app: Any, route: Any, words: Any) -> GameView:
    return GameView(app, route, DuelFrontend(words, speed_of(route)))


def speed_of(route: Any) -> int:
    """Test-only: `speed=N` runs the duel's clock N times faster (1 to 100)."""
    return int(router.int_param(route.params, "speed", 1, saved.MAX_SPEED, default=1))


def friend_duel_view(app: Any, route: Any) -> View:
    """The duel with a friend's game view at once when its words are loaded, else the page
    that loads them. A duel saved by the version in which both engines knew the word is
    dropped first (app.wordle_duel.saved), and the player told."""
    peer = saved.drop_from_before_the_hidden_word(app.store)
    if peer is not None:
        name = peer or app.t("wordle.friend")
        app.notice(
            f"{saved.GAME}-old-remote-duel", lambda: app.t("wordle.old_remote_duel", name=name)
        )
    how = route.params.get("remote")
    if how == "resume":
        lang = saved.saved_friend_language(app.store)
    elif how == "guest":
        lang = proposed_language()
    else:  # the host: its own choice, or the language agreed with a stranger (#/find)
        lang = route.params.get("lang")
    prefs = app.store.load(f"prefs:{saved.GAME}").data
    lang = duel_language({}, lang if lang in LANGUAGES else None, prefs, app.t.language)

    def build(words: Any) -> View:
        return GameView(app, route, FriendDuelFrontend(words, speed_of(route)))

    return words_then(app, route, lang, build)


def proposed_language() -> Any:
    """The language of the host's proposal, held by the connection for this page."""
    from ..peer import rtc

    link = rtc.current
    for message in link.held if link is not None else []:
        if message.get("type") == "hello" and isinstance(message.get("params"), dict):
            return message["params"].get("lang")
    return None


def words_then(app: Any, route: Any, lang: str, build: Callable[[Any], View]) -> View:
    """The view `build` makes of the words of `lang` at once when they are loaded, else the
    page that loads them (the duel's, with a friend or not, and the Tournament's)."""
    words = wordle_words.loaded(lang)
    return WordsLoading(app, route, lang, build) if words is None else build(words)


class WordsLoading(View):
    """Wordle's page while the words of a language load; then the view built of them takes
    its place."""

    def __init__(self, app: "App", route: Route, lang: str, build: Callable[[Any], View]) -> None:
        super().__init__(app, route)
        self.lang = lang
        self.error = ""
        self.closed = False
        self.build = build
        wordle_words.load(lang, self.ready, self.failed)

    def ready(self, words: Any) -> None:
        if self.closed or self.app.view is not self:
            return
        self.app.view = self.build(words)
        self.app.render()

    def failed(self, reason: str) -> None:
        if self.closed or self.app.view is not self:
            return
        self.error = self.t("wordle.load_failed", reason=reason)
        self.app.render()

    def title_key(self) -> str:
        """The title of the page the words are for: a duel's, or the Tournament's."""
        if "remote" in self.route.params:
            return draw.FRIEND_TITLE
        if self.route.params.get("daily"):
            return "daily.wordle.name"  # (today's Wordle: app.wordle_daily)
        return (
            draw.PRACTICE_TITLE if self.route.params.get("mode") == "duel" else "game.wordle.name"
        )

    def title(self) -> str:
        return str(self.t(self.title_key()))

    def render(self) -> Markup:
        t = self.t
        if self.error:
            body = h("p", {"class": "wd-message wd-error", "role": "alert"}, self.error)
        else:
            language = parts.language_name(t, self.lang)
            body = h("p", {"class": "wd-loading"}, t("wordle.loading", language=language))
        return draw.framed(t, body, self.app.settings["colour_blind"] == "on", self.title_key())

    def close(self) -> None:
        self.closed = True
