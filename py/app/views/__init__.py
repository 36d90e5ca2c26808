"""Views: each turns app state into HTML and player actions into changes.

A view module for a finished game replaces the "coming soon" page by adding
its route to GAME_VIEWS.
"""

from .base import View
from .coming_soon import ComingSoonView
from .hub import HubView
from .marbles import MarblesView
from .rules import RulesView
from .settings_page import SettingsView
from .stats_page import StatsView

PAGE_VIEWS = {"hub": HubView, "settings": SettingsView, "stats": StatsView, "rules": RulesView}
GAME_VIEWS: dict[str, type[View]] = {"marbles": MarblesView}


def make_view(app, route) -> View:
    view_class = PAGE_VIEWS.get(route.page) or GAME_VIEWS.get(route.page, ComingSoonView)
    return view_class(app, route)
