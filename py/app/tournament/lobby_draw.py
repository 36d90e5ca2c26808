"""The Wordle Tournament's lobby, drawn (5.1): the language, your nickname, the 8
players and Start, beside the rating panel of the device's player (9.7), which
the final standings show too. Pure: functions of a drawing's Context
(ui); no browser.
"""

from typing import Any

from games.wordle import rating as ratings
from games.wordle.nicknames import MAX_LENGTH
from games.wordle.tournament_rules import SEATS

from ..html import Markup, h
from ..i18n import Translator
from ..views import wordle_parts as parts
from .group_draw import friends_joined
from .ui import Context, isolated, nickname


def language_select(c: Context, lang: str) -> Markup:
    return Markup(parts.language_select(c.t, "wt-lang", "wt-lang", lang))


def lobby(c: Context) -> Markup:
    """The lobby (5.1): the language, your nickname, the 8 players, Start."""
    t, group, view = c.t, c.ui.group, c.view
    you = None if group is not None else 0
    rows = [
        h(
            "tr",
            {"class": "wt-human" if p["human"] else None},
            h("td", {}, str(p["id"] + 1)),
            h("th", {"scope": "row"}, nickname(p["name"])),
            h("td", {"class": "wt-num"}, str(p["rating"])),
            h(
                "td",
                {},
                h(
                    "span",
                    {"class": "wt-tag"},
                    t("wt.tag_you")
                    if p["id"] == you
                    else t("wt.tag_human")
                    if p["human"]
                    else t("wt.tag_bot"),
                ),
            ),
        )
        for p in view["players"]
    ]
    table = h(
        "table",
        {"class": "wt-lobby-players"},
        h("caption", {}, t("wt.lobby_players", count=SEATS)),
        h(
            "thead",
            {},
            h(
                "tr",
                {},
                h("th", {"scope": "col"}, "#"),
                h("th", {"scope": "col"}, t("wt.col_player")),
                h("th", {"scope": "col", "class": "wt-num"}, t("wt.col_rating")),
                h(
                    "th",
                    {"scope": "col"},
                    h("span", {"class": "visually-hidden"}, t("wt.col_kind")),
                ),
            ),
        ),
        h("tbody", {}, rows),
    )
    if c.ui.remote == "leader":
        name, others = friends_joined(t, c.ui.joined, c.ui.joining, c.ui.other_version), None
    elif group is None:
        name = h(
            "div",
            {"class": "wt-field"},
            h("label", {"for": "wt-name"}, t("wt.your_nickname")),
            h(
                "span",
                {"class": "wt-inline"},
                h(
                    "input",
                    {
                        "id": "wt-name",
                        "type": "text",
                        "value": view["players"][0]["name"],
                        "maxlength": MAX_LENGTH,
                        "autocomplete": "off",
                        "spellcheck": "false",
                        "data-action": "wt-rename",
                    },
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "wt-rename"},
                    t("wt.change_name"),
                ),
            ),
        )
        others = h(
            "button",
            {"type": "button", "class": "button subtle", "data-action": "wt-group-open"},
            t("wt.play_with_friends"),
        )
    else:
        name = h("p", {}, t("wt.group_lobby_note", count=len(group["members"])))
        others = h(
            "button",
            {"type": "button", "class": "button subtle", "data-action": "wt-back-to-group"},
            t("wt.back_to_group"),
        )
    return h(
        "section",
        {"class": "wt-screen wt-lobby"},
        h("h2", {}, t("wt.lobby_title")),
        h("p", {"class": "wt-lead"}, t("wt.lobby_intro")),
        h(
            "div",
            {"class": "wt-columns"},
            h(
                "div",
                {"class": "wt-col-main"},
                h(
                    "div",
                    {"class": "wt-field"},
                    h("label", {"for": "wt-lang"}, t("wordle.language")),
                    language_select(c, view["lang"]),
                )
                if c.ui.remote is None
                else h(
                    "p",
                    {},
                    t("wordle.language"),
                    ": ",
                    parts.language_name(t, view["lang"]),
                ),
                name,
                c.message(),
                table,
                h(
                    "div",
                    {"class": "wd-actions"},
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "button primary",
                            "data-action": "wt-start",
                        },
                        t("wt.start"),
                    ),
                    others,
                ),
            ),
            h("div", {"class": "wt-col-side"}, profile_panel(c)),
        ),
    )


def profile_panel(c: Context) -> Markup | None:
    """The rating of the device's player (the group's leader), its chart and
    the tournament statistics (9.7)."""
    t, me, stats = c.t, c.ui.profile, c.ui.stats
    if me is None:
        return None
    figures = []
    if stats:
        totals = stats["totals"]
        scored = totals.get("scored", stats["played"])
        average = round(totals["score"] / scored, 1) if scored and "score" in totals else None
        figures = [
            (t("wt.stat_played"), t.number(stats["played"])),
            (t("wt.stat_wins"), t.number(stats["won"])),
            (t("wt.stat_average"), "–" if average is None else t.number(average)),
        ]
    return h(
        "section",
        {"class": "wt-profile", "aria-labelledby": "wt-profile-title"},
        h(
            "h3",
            {"id": "wt-profile-title"},
            t("wt.your_rating", name=isolated(me["name"] or "")),
        ),
        h("p", {"class": "wt-rating-now"}, str(me["rating"])),
        rating_chart(
            t,
            ratings.START
            if not me["history"]
            else me["history"][0]["rating"] - me["history"][0]["change"],
            me["history"],
        ),
        h(
            "dl",
            {"class": "wt-stats"},
            [h("div", {}, h("dt", {}, k), h("dd", {}, v)) for k, v in figures],
        )
        if figures
        else h("p", {"class": "wt-muted"}, t("wt.no_stats")),
    )


def rating_chart(
    t: Translator, start: int, history: list[dict[str, Any]], width: int = 240, height: int = 72
) -> Markup:
    """The rating after each tournament as a small line chart (SVG), the start first."""
    values = [start] + [entry["rating"] for entry in history]
    if len(history) == 0:
        return h("p", {"class": "wt-chart-empty"}, t("wt.chart_empty"))
    low, high = min(values), max(values)
    if high - low < 20:
        middle = (high + low) / 2
        low, high = middle - 10, middle + 10
    pad = 6
    step = (width - 2 * pad) / max(1, len(values) - 1)

    def point(i: int, v: float) -> tuple[float, float]:
        return round(pad + i * step, 1), round(
            height - pad - (v - low) / (high - low) * (height - 2 * pad), 1
        )

    points = [point(i, v) for i, v in enumerate(values)]
    line = " ".join(f"{x},{y}" for x, y in points)
    last_x, last_y = points[-1]
    label = t(
        "wt.chart_label",
        count=len(history),
        first=values[0],
        last=values[-1],
        low=min(values),
        high=max(values),
    )
    return h(
        "svg",
        {
            "class": "wt-chart",
            "viewBox": f"0 0 {width} {height}",
            "role": "img",
            "aria-label": label,
        },
        h("title", {}, label),
        h(
            "line",
            {
                "x1": pad,
                "x2": width - pad,
                "y1": point(0, start)[1],
                "y2": point(0, start)[1],
                "class": "wt-chart-base",
            },
        ),
        h("polyline", {"points": line, "class": "wt-chart-line", "fill": "none"}),
        h("circle", {"cx": last_x, "cy": last_y, "r": 3.5, "class": "wt-chart-dot"}),
    )
