"""The cards a Wordle Tournament round shows in place of a duel: a bye, the
hint to watch once everyone of the device is out, being out (placements and rating
changes, 8.2), and the bots' last duels being played out. Pure: functions of a
drawing's Context (ui); no browser.
"""

from games.wordle.tournament_rules import SEATS

from ..html import Markup, h
from .ui import Context, isolated, signed


def bye(c: Context) -> Markup:
    t = c.t
    return h(
        "div",
        {"class": "wt-card wt-bye"},
        h("h2", {}, t("wt.bye_title")),
        h("p", {}, t("wt.bye_text")),
        h("p", {"class": "wt-hint"}, t("wt.watch_hint")),
    )


def watch_hint(c: Context) -> Markup:
    t = c.t
    return h("div", {"class": "wt-card"}, h("p", {}, t("wt.watch_hint")), finish_buttons(c))


def finishing(c: Context) -> Markup:
    """The bots' last duels being played out (wt-finish): a moment."""
    return h(
        "div",
        {"class": "wt-card", "id": "wt-finishing", "tabindex": "-1", "aria-busy": "true"},
        h("p", {}, c.t("wt.finishing")),
    )


def finish_buttons(c: Context, first: Markup | None = None) -> Markup:
    t = c.t
    if c.ui.remote is not None:  # the leader's page hosts the others: it plays on
        return h("div", {"class": "wd-actions"}, first)
    back = (
        h(
            "button",
            {"type": "button", "class": "button subtle", "data-action": "wt-back-to-group"},
            t("wt.back_to_group"),
        )
        if c.ui.group is not None
        else h(
            "button",
            {"type": "button", "class": "button subtle", "data-action": "wt-new"},
            t("wt.new_tournament"),
        )
    )
    return h(
        "div",
        {"class": "wd-actions"},
        first,
        h(
            "button",
            {"type": "button", "class": "button subtle", "data-action": "wt-finish"},
            t("wt.finish"),
        ),
        back,
    )


def out(c: Context) -> Markup:
    """Everyone of the device is out: placements and rating changes (8.2)."""
    t, group = c.t, c.ui.group
    lines = []
    for p in c.view["players"]:
        if not p["human"] or (group is None and p["id"] != c.ui.you):
            continue
        after = p["rating"] + p["rating_change"]
        key = (
            "wt.member_out"
            if group is not None
            else "wt.you_won"
            if p["id"] in c.view["winners"]
            else "wt.you_out"
        )
        lines.append(
            h(
                "p",
                {"class": "wt-out-line"},
                t(key, name=isolated(p["name"]), placement=p["placement"], count=SEATS),
                " ",
                h(
                    "span",  # (the rating line kept on one line; a sentence may wrap)
                    {"class": "wt-rating-change" + ("" if c.ui.counted else " wt-sentence")},
                    t(
                        "wt.rating_line",
                        before=p["rating"],
                        after=after,
                        change=signed(p["rating_change"]),
                    )
                    if c.ui.counted
                    else t("wt.not_counted", rating=p["rating"]),
                ),
            )
        )
        if p["left"] is not None:
            lines.append(
                h(
                    "p",
                    {"class": "wt-out-why"},
                    t(f"wt.out_{p['left']}", name=isolated(p["name"])),
                )
            )
    return h(
        "div",
        {"class": "wt-card wt-out"},
        h("h2", {}, t("wt.out_title") if group is None else t("wt.group_out_title")),
        lines,
        finish_buttons(
            c,
            h(
                "button",
                {"type": "button", "class": "button primary", "data-action": "wt-watch-on"},
                t("wt.watch_on"),
            ),
        ),
    )
