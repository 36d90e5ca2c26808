"""The statistics page's charts of one game (app.views.stats_page): the distribution of
what its games measure, its results against the computer by level, and the Wordle
Tournament rating over time. Each is a figure: a caption, the drawing (app.charts.svg)
and the same figures as a table for screen readers."""

from typing import Any

from games.common.protocol import LEVELS

from ..charts import svg
from ..charts.bins import Bar, bars
from ..html import Markup, h

# The games with a distribution chart; the values always drawn (Wordle's 1 to 6 guesses).
DISTRIBUTIONS: dict[str, range | None] = {
    "wordle": range(1, 7),
    "battleship": None,
    "marbles": None,
    "dominoes": None,
}
# Wordle's levels by their own names (games.wordle.players.PROTOCOL_LEVELS, turned round).
WORDLE_LEVELS = {"easy": "beginner", "medium": "casual", "hard": "skilled", "expert": "expert"}


def figure(
    kind: str, caption: str, drawing: Markup, table: Markup, notes: list[str | Markup]
) -> Markup:
    return h(
        "figure",
        {"class": "chart", "data-chart": kind},
        h("figcaption", {}, caption),
        drawing,
        [h("p", {"class": "chart-note"}, note) for note in notes],
        table,
    )


def side_by_side(*figures: Markup | None) -> Markup | None:
    """A variant's charts, side by side where the page is wide enough (none: None)."""
    shown = [f for f in figures if f is not None]
    return h("div", {"class": "charts"}, shown) if shown else None


def hidden_table(caption: str, heads: list[str], rows: list[list[str]]) -> Markup:
    """The chart's figures for screen readers (the drawing is one image to them)."""
    return h(
        "table",
        {"class": "visually-hidden"},
        h("caption", {}, caption),
        h("thead", {}, h("tr", {}, [h("th", {"scope": "col"}, head) for head in heads])),
        h(
            "tbody",
            {},
            [
                h("tr", {}, h("th", {"scope": "row"}, row[0]), [h("td", {}, c) for c in row[1:]])
                for row in rows
            ],
        ),
    )


def bar_name(t: Any, game: str, bar: Bar, short: bool = True) -> str:
    """A bar's label in the chart (`short`) or in its table: its value, its range, or the
    game's name for games not done ("X": a Wordle not solved; Battleship's lost)."""
    if bar.low is None or bar.high is None:
        return t(f"stats.chart.failed.{game}" + ("" if short else ".named"))
    if bar.low == bar.high:
        return signed(bar.low)
    return t("stats.chart.range", low=signed(bar.low), high=signed(bar.high))


def signed(value: int) -> str:
    return f"−{-value:,}" if value < 0 else f"{value:,}"


def distribution(t: Any, game: str, entry: dict[str, Any]) -> Markup | None:
    """The bars of what the games of one variant measured (none counted yet: None)."""
    counts = entry.get("counts") or {}
    if game not in DISTRIBUTIONS or not counts:
        return None
    last = (entry.get("last") or {}).get("measure")
    shown = bars(counts, last, DISTRIBUTIONS[game])
    title = t(f"stats.chart.{game}")
    counted = sum(counts.values())
    rows = [
        svg.Row(
            bar_name(t, game, bar), ((bar.count, "last" if bar.last else ""),), t.number(bar.count)
        )
        for bar in shown
    ]
    drawing = svg.bar_rows(rows, t("stats.chart.label", title=title, count=t.number(counted)))
    notes: list[str | Markup] = []
    if t.has(f"stats.chart.about.{game}"):
        notes.append(t(f"stats.chart.about.{game}"))
    if any(bar.last for bar in shown):
        notes.append(h("span", {"class": "chart-key last"}, t("stats.chart.last")))
    if entry.get("before"):  # played before the charts counted (app.charts.tallies)
        played = entry["played"]
        since = t.number(played - entry["before"])
        notes.append(t("stats.chart.since", counted=since, played=t.number(played)))
    table_rows = [
        [
            bar_name(t, game, bar, short=False),
            t("stats.chart.last.row", count=t.number(bar.count))
            if bar.last
            else t.number(bar.count),
        ]
        for bar in shown
    ]
    heads = [t(f"stats.chart.column.{game}"), t("stats.chart.games")]
    return figure("distribution", title, drawing, hidden_table(title, heads, table_rows), notes)


def level_name(t: Any, game: str, level: str) -> str:
    return t(f"wordle.level.{WORDLE_LEVELS[level]}") if game == "wordle" else t(f"level.{level}")


def by_level(t: Any, game: str, entry: dict[str, Any]) -> Markup | None:
    """Games won and lost against the computer at each level played (none: None)."""
    levels = entry.get("levels") or {}
    if not levels:
        return None
    title = t("stats.chart.levels")
    played = [(level, levels[level]) for level in LEVELS if level in levels]
    rows = [
        svg.Row(
            level_name(t, game, level),
            ((tally["won"], "won"), (tally["lost"], "lost")),
            t(
                "stats.chart.won_of",
                won=t.number(tally["won"]),
                played=t.number(tally["won"] + tally["lost"]),
            ),
        )
        for level, tally in played
    ]
    drawing = svg.bar_rows(rows, t("stats.chart.levels.label", title=title, count=len(rows)))
    key = h(
        "span",
        {},
        h("span", {"class": "chart-key won"}, t("stats.chart.won")),
        " ",
        h("span", {"class": "chart-key lost"}, t("stats.chart.lost")),
    )
    heads = [t("stats.chart.level"), t("stats.chart.won"), t("stats.chart.lost")]
    table_rows = [
        [level_name(t, game, level), t.number(tally["won"]), t.number(tally["lost"])]
        for level, tally in played
    ]
    return figure("levels", title, drawing, hidden_table(title, heads, table_rows), [key])


def rating_history(t: Any, history: list[dict[str, Any]]) -> Markup | None:
    """The Wordle Tournament rating after each of the player's last tournaments (none: None)."""
    if not history:
        return None
    title = t("stats.chart.rating")
    values = [entry["rating"] for entry in history]
    first, last = history[0]["date"], history[-1]["date"]
    label = t(
        "stats.chart.rating.label",
        title=title,
        count=len(values),
        first=first,
        last=last,
        rating=t.number(values[-1]),
    )
    drawing = svg.line(values, first, last, label)
    heads = [t("stats.date"), t("stats.chart.rating.column"), t("stats.chart.change")]
    table_rows = [
        [
            entry["date"],
            t.number(entry["rating"]),
            "+" + str(entry["change"]) if entry["change"] > 0 else signed(entry["change"]),
        ]
        for entry in history
    ]
    return figure("rating", title, drawing, hidden_table(title, heads, table_rows), [])
