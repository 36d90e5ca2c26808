"""The side panel of a Wordle Tournament round, drawn: everyone's lives in
standings order and the round's duels at a glance, each a button to watch it (6.6).
Pure: functions of a drawing's Context (ui); no browser.
"""

from typing import Any

from ..html import Markup, h
from .ui import Context, lives_or_status, mini_or_empty, nickname


def side(c: Context) -> list[Markup | None]:
    """Everyone's lives (standings order) and the round's duels, to watch (6.6)."""
    t, ui, view, humans = c.t, c.ui, c.view, c.humans
    you = t("wt.tag_you") if ui.group is None else None
    rows = [
        side_player(c, view["players"][pid], you if pid == ui.you else None)
        for pid in view["standings"]
    ]
    duels = []
    for d in view["duels"]:
        names = c.pair_names(d)
        if d["result"] is not None:
            state = short_result(c, d)
        elif view["phase"] == "intro":
            state = t("wt.letters", length=d["length"])
        else:
            to_play = d["players"][d["turn"]]
            if d.get("held"):
                state = t("wt.held_turn", name=c.name(to_play))
            elif c.is_you(to_play):
                state = t("wordle.your_turn")
            else:
                state = t("wt.to_play", name=c.name(to_play))
        mine = bool(set(d["players"]) & humans)
        duels.append(
            h(
                "li",
                {},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "wt-duel-card" + (" wt-mine" if mine else ""),
                        "data-action": "wt-watch",
                        "data-duel": d["index"],
                        "aria-pressed": "true" if ui.watching == d["index"] else "false",
                    },
                    # Named by what it shows, after a word said only to screen readers.
                    h("span", {"class": "visually-hidden"}, t("wt.watch") + " "),
                    duel_card(c, d, names, state),
                ),
            )
        )
    return side_panel(c, rows, duels)


def side_player(c: Context, p: dict[str, Any], tag: str | None = None) -> Markup:
    """A player in the side panel: nickname, `tag` (if any), rating, and
    lives or how they stand (placed, away, the bye)."""
    t, view = c.t, c.view
    status = None
    if p["placement"] is not None:
        status = t("wt.placed", placement=p["placement"])
    elif p["away"]:
        status = t("wt.away")
    elif view["bye_player"] == p["id"]:
        status = t("wt.bye_tag")
    return h(
        "li",
        {
            "class": "wt-player"
            + (" wt-human" if p["id"] in c.humans else "")
            + (" wt-placed" if p["placement"] is not None else ""),
            "data-player": p["id"],
        },
        nickname(p["name"]),
        h("span", {"class": "wt-tag"}, tag) if tag else None,
        h("span", {"class": "wt-rating"}, str(p["rating"])),
        lives_or_status(t, p, status),
    )


def duel_card(c: Context, d: dict[str, Any], names: list[str], state: str) -> list[Markup]:
    """A duel at a glance: its players, its rows as colours, how it stands."""
    return [
        h(
            "span",
            {"class": "wt-duel-names"},
            nickname(names[0]),
            h("span", {"class": "wt-vs"}, c.t("wt.versus")),
            nickname(names[1]),
        ),
        mini_or_empty(d),
        h("span", {"class": "wt-duel-state"}, state),
    ]


def side_panel(c: Context, players: list[Markup], duels: list[Markup]) -> list[Markup | None]:
    t = c.t
    return [
        h("h2", {"class": "wt-side-title"}, t("wt.players_title")),
        h("ol", {"class": "wt-players"}, players),
        h("h2", {"class": "wt-side-title"}, t("wt.duels_title", round=c.view["round"]))
        if duels
        else None,
        h("ul", {"class": "wt-duels"}, duels) if duels else None,
    ]


def short_result(c: Context, d: dict[str, Any]) -> str:
    t = c.t
    if d["result"].get("draw"):
        return t("wt.short_draw")
    return t("wt.short_won", name=c.name(d["players"][d["result"]["winner"]]))
