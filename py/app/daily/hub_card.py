"""A game's daily on its hub card: a link to today's game, whether it is played, and, once a
daily was played, the current and best streak."""

from collections.abc import Callable

from ..html import Markup, h
from ..storage import Store
from . import records
from .games import rules_of
from .share import href


def daily_line(t: Callable[..., str], store: Store, game: str, today: int) -> Markup | None:
    """The card's daily line (None for a game without a daily)."""
    if rules_of(game) is None:
        return None
    streaks = records.streaks(store, game, today)
    return h(
        "p",
        {"class": "game-card-daily", "data-daily-card": game},
        h("a", {"href": href(game)}, t("hub.daily")),
        h("span", {"class": "game-card-done"}, t("hub.daily_done"))
        if records.result_of(store, game, today) is not None
        else None,
        h("span", {"class": "game-card-streak"}, t("hub.daily_streak", **vars(streaks)))
        if streaks.best
        else None,
    )
