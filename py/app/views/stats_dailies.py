"""A game's dailies on the statistics page: played, won, the current and the best streak, kept
apart from the game's own statistics (a daily never counts in them: docs/rules/README.md,
Today's game)."""

from ..daily import records
from ..daily.games import rules_of
from ..daily.share import href
from ..html import Markup, h
from ..i18n import Translator
from ..storage import Store


def dailies_block(t: Translator, store: Store, game: str, today: int) -> Markup | None:
    """The block (None for a game without a daily, or before its first daily is played)."""
    if rules_of(game) is None:
        return None
    tally = records.tally(store, game)
    streaks = records.streaks(store, game, today)
    if not tally.played and not streaks.best:
        return None
    figures = [("stats.played", tally.played)]
    if any(result.won is not None for result in _results(store, game)):
        figures.append(("stats.won", tally.won))
    figures += [("stats.daily.streak", streaks.current), ("stats.daily.best_streak", streaks.best)]
    played_today = records.result_of(store, game, today) is not None
    return h(
        "div",
        {"class": "stats-daily", "data-stats-daily": game},
        h("h3", {}, t("stats.daily.title")),
        h(
            "dl",
            {"class": "stat-grid"},
            [
                h("div", {}, h("dt", {}, t(key)), h("dd", {}, t.number(value)))
                for key, value in figures
            ],
        ),
        h("p", {}, t("stats.daily.played_today"))
        if played_today
        else h("p", {}, h("a", {"href": href(game)}, t("stats.daily.play_today"))),
    )


def _results(store: Store, game: str) -> list[records.DailyResult]:
    kept = store.load(records.name_of(game)).data["results"].values()
    return [result for result in map(records.result_from, kept) if result is not None]
