"""The end of a hand and of the game as markup, with no browser: the summary
sheet (every hand shown, as the engine's hand summary reveals them once the
hand is over) and the game-over dialog. Each takes a seat's view, the Screen and `t`.
"""

from games.common.protocol import Json

from ..frame.frontend import Translate
from ..html import Markup, h
from .texts import about, name, team_name
from .tiles import domino
from .ui import DominoesUi, Screen, Tile, humans, is_you, summary_pending


def hands_table(ui: DominoesUi, hands: list[list[Tile]], pips: list[int], t: Translate) -> Markup:
    """Every seat's tiles face up and their pips, a row per seat."""
    rows = [
        h(
            "tr",
            {},
            h("th", {"scope": "row"}, name(ui, seat, t)),
            h(
                "td",
                {},
                h("span", {"class": "dm-sum-tiles"}, [domino(a, b, "h", "small") for a, b in hand]),
            ),
            h("td", {}, t.number(pips[seat])),
        )
        for seat, hand in enumerate(hands)
    ]
    return h(
        "table",
        {"class": "dm-sum-table"},
        h(
            "thead",
            {},
            h(
                "tr",
                {},
                h("th", {"scope": "col"}, t("dominoes.sum_player")),
                h("th", {"scope": "col"}, t("dominoes.sum_left")),
                h("th", {"scope": "col"}, t("dominoes.sum_pips")),
            ),
        ),
        h("tbody", {}, rows),
    )


def summary_body(
    view: Json, ui: DominoesUi, summary: Json, t: Translate
) -> list[Markup | list[Markup]]:
    """What happened in a finished hand: how it ended, every hand left, the points."""
    if summary["reason"] == "domino":
        seat = summary["seat"]
        head = (
            t("dominoes.sum_domino_you")
            if is_you(ui, seat)
            else t("dominoes.sum_domino", name=name(ui, seat, t))
        )
    else:
        head = t("dominoes.sum_blocked")
    winner = summary["winner_team"]
    if winner is None:
        result = [h("p", {"class": "dm-sum-result"}, t("dominoes.sum_tie"))]
    else:
        result = [
            h("p", {}, t("dominoes.sum_raw", raw=summary["raw"], points=summary["points"])),
            h(
                "p",
                {"class": "dm-sum-result"},
                about(
                    t,
                    "dominoes.sum_points",
                    view,
                    ui,
                    view["teams"][winner],
                    points=summary["points"],
                ),
            ),
        ]
    if view["options"]["partnerships"]:
        result.insert(
            0,
            h(
                "p",
                {},
                " · ".join(
                    t("dominoes.sum_team_pips", name=team_name(view, ui, team, t), pips=pips)
                    for team, pips in enumerate(summary["team_pips"])
                ),
            ),
        )
    scores_line = h(
        "p",
        {"class": "dm-sum-scores"},
        " · ".join(
            f"{team_name(view, ui, team, t)}: {t.number(score)}"
            for team, score in enumerate(summary["scores"])
        ),
    )
    return [
        h("p", {"class": "dm-sum-head"}, head),
        hands_table(ui, summary["hands"], summary["pips"], t),
        result,
        scores_line,
    ]


def summary_dialog(view: Json, ui: Screen, t: Translate) -> Markup | None:
    """The hand the players have not closed yet, while the next one waits."""
    if not summary_pending(view, ui):
        return None
    summary = view["hand_summaries"][ui.ack]
    return h(
        "dialog",
        {
            "class": "dm-dialog dm-summary",
            "id": "dm-summary",
            "aria-labelledby": "dm-summary-title",
            "data-open": True,
        },
        h("h2", {"id": "dm-summary-title"}, t("dominoes.sum_title", number=summary["hand"] + 1)),
        summary_body(view, ui, summary, t),
        h(
            "div",
            {"class": "actions"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "button",
                    "data-action": "next-hand",
                    "autofocus": True,
                },
                t("dominoes.next_hand"),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "button subtle",
                    "data-action": "undo",
                    "aria-keyshortcuts": "Control+Z",
                },
                t("frame.undo"),
            )
            if ui.can_undo
            else None,
        ),
    )


def game_over_dialog(view: Json, ui: Screen, t: Translate) -> Markup | None:
    if not view["is_over"]:
        return None
    winner = view["result"]["winner_team"]
    people = humans(ui)
    if len(people) == 1 and people[0] in view["teams"][winner]:
        head = t("dominoes.over_you_win")
    elif len(people) == 1:
        head = about(t, "dominoes.over_you_lose", view, ui, view["teams"][winner])
    else:
        head = about(t, "dominoes.over_wins", view, ui, view["teams"][winner])
    summaries = view["hand_summaries"]
    last = summaries[-1] if len(summaries) > ui.ack else None
    return h(
        "dialog",
        {
            "class": "dm-dialog dm-over",
            "id": "dm-over",
            "aria-labelledby": "dm-over-title",
            "data-game-over": True,
        },
        h("h2", {"id": "dm-over-title"}, t("dominoes.over_title")),
        h("p", {"class": "dm-over-head"}, head),
        None
        if ui.counted
        else h("p", {"class": "hint", "data-not-counted": True}, t("frame.not_counted_short")),
        summary_body(view, ui, last, t) if last else None,
        h(
            "ul",
            {"class": "dm-over-scores"},
            [
                h(
                    "li",
                    {},
                    h("span", {}, team_name(view, ui, team, t)),
                    " ",
                    h("strong", {}, t.number(score)),
                )
                for team, score in enumerate(view["scores"])
            ],
        ),
        h("div", {"class": "actions"}, over_actions(ui, t)),
    )


def over_actions(ui: Screen, t: Translate) -> list[Markup]:
    """Play again and New game; with a friend on another device, the host's Play again
    with them (the friend's page says the host starts it) and Close, which shows the
    finished table with its line above."""
    if ui.peer is None:
        return [
            h(
                "button",
                {"type": "button", "class": "button", "data-action": "again", "autofocus": True},
                t("dominoes.play_again"),
            ),
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "new"},
                t("dominoes.new_game"),
            ),
        ]
    again = (
        h(
            "button",
            {"type": "button", "class": "button", "data-action": "remote-again"},
            t("remote.again", name=ui.peer),
        )
        if ui.hosting
        else h("p", {"class": "hint"}, t("remote.they_start", name=ui.peer))
    )
    close = h(
        "form",
        {"method": "dialog"},
        h("button", {"class": "button subtle", "autofocus": True}, t("dominoes.close")),
    )
    return [again, close]
