"""Views: each turns app state into HTML and player actions into changes.

A game on the frame has a folder of its own (app/<game>/: its frontend and drawing), run
by the one game view (app.frame.game_view); the others' views live in views/<route>.py and
export VIEW (their View class). Both are imported the first time the game is opened.
"""

import importlib

from ..games_list import FRONTENDS, GAME_ROUTES
from .base import View
from .hub import HubView
from .replay import ReplayView
from .rules import RulesView
from .settings_page import SettingsView
from .stats_page import StatsView

PAGE_VIEWS = {
    "hub": HubView,
    "settings": SettingsView,
    "stats": StatsView,
    "rules": RulesView,
    "replay": ReplayView,
}


def game_view(route: str) -> type[View]:
    """The view class of a game, imported the first time it is opened."""
    return importlib.import_module(f"{__name__}.{route}").VIEW


def make_view(app, route) -> View:
    if route.page == "connect":  # playing with a friend: imported when first opened
        from .connect import ConnectView

        return ConnectView(app, route)
    if route.page == "invite":  # one link over the internet: imported when first opened
        from .invite import InviteView

        return InviteView(app, route)
    if route.page == "find":  # a stranger over the internet: imported when first opened
        from .find import FindView

        return FindView(app, route)
    remote = route.params.get("remote")
    if route.page == "wordle" and remote and remote not in ("group-host", "group-member"):
        from ..wordle_duel.loading import friend_duel_view  # (the duel with a friend: on the frame)

        return friend_duel_view(app, route)
    if route.page == "wordle" and route.params.get("daily") == "today" and not remote:
        from ..wordle_daily.loading import daily_view  # (today's Wordle: on the frame)

        return daily_view(app, route)
    if route.page == "wordle" and route.params.get("mode") == "duel" and not remote:
        from ..wordle_duel.loading import duel_view  # (the practice duel: on the frame)

        return duel_view(app, route)
    if route.page == "wordle" and route.params.get("mode") == "tournament" and not remote:
        from ..tournament.loading import tournament_view  # (on one device: on the frame)

        return tournament_view(app, route)
    if route.page in FRONTENDS:
        from ..frame.game_view import GameView

        return GameView(app, route, importlib.import_module(FRONTENDS[route.page]).FRONTEND)
    view_class = PAGE_VIEWS.get(route.page) or (
        game_view(route.page) if route.page in GAME_ROUTES else None
    )
    return (view_class or HubView)(app, route)
