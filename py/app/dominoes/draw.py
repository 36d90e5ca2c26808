"""The Dominoes page as markup, with no browser: each function takes a seat's
view (`State.view_for(seat)` for the hand face up, `public_view(state)` when
none is), the page's Screen and a translate function `t`, and returns app.html
markup.

Nothing here decides a rule: the moves, the tiles that play and the ends they
fit come from the view and games.dominoes.choices. Another seat's tiles are
drawn only from a finished hand's summary, and in a replay (replay_board), a
finished game whose hands are no secret any more.
"""

from dataclasses import replace
from typing import Any

from games.common.protocol import Json
from games.dominoes.choices import deals_a_boneyard, must, playable
from games.dominoes.view import public_view

from .. import router
from ..frame.frontend import Translate
from ..html import Markup, h
from .setup import setup_dialog
from .summary import game_over_dialog, hands_table, summary_body, summary_dialog
from .table import table
from .texts import name, status_text, team_name
from .tiles import domino, tile_name
from .ui import GAME, Screen, as_it_ended, hand_order, humans, is_you, moves_shown, phase


def page(view: Json, ui: Screen, t: Translate) -> Markup:
    """The whole view: scores, seats, table, message, hand, log, sheet and dialogs."""
    current = view["current_player"]
    return h(
        "section",
        {
            "class": "game-view dominoes",
            "data-game": GAME,
            "data-phase": phase(view, ui),
            "data-turn": current if current is not None else "",
            "data-hand": view["hand_number"],
        },
        h(
            "div",
            {"class": "game-head"},
            h("h1", {"tabindex": "-1"}, t("game.dominoes.name")),
            h(
                "div",
                {"class": "dm-head-tools"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button subtle",
                        "data-action": "new",
                        "aria-keyshortcuts": "N",
                    },
                    t("dominoes.new_game"),
                ),
                h(
                    "a",
                    {"class": "button subtle", "href": router.href("rules", GAME)},
                    t("hub.rules"),
                ),
            ),
        ),
        ui.bar,
        scores(view, ui, t),
        seats(as_it_ended(view, ui), ui, t),
        table(view, ui, t),
        h(
            "p",
            {
                "class": "dm-message" + (" error" if ui.message_is_error else ""),
                "data-message": True,
            },
            ui.message or status_text(view, ui, t),
        ),
        hand(as_it_ended(view, ui), ui, t),
        history_tools(ui, t) if ui.peer is None else None,  # (no undo between devices)
        h("ol", {"class": "dm-log", "data-log": True}, [h("li", {}, line) for line in ui.log])
        if ui.log
        else None,
        sheet(view, ui, t),
        h(
            "p",
            {"class": "dm-game-number hint"},
            t("dominoes.game_number"),
            " ",
            h("a", {"href": ui.address, "data-share": True}, str(ui.seed)),
        )
        if ui.seed_shown
        else None,
        h(
            "p",
            {"class": "dm-keys hint"},
            t("dominoes.keys_help" if ui.peer is None else "dominoes.keys_help_remote"),
        ),
        summary_dialog(view, ui, t),
        game_over_dialog(view, ui, t),
        setup_dialog(ui, t),
    )


def history_tools(ui: Screen, t: Translate) -> Markup:
    """Undo and Redo, as the midend allows them now."""
    return h(
        "div",
        {"class": "dm-tools dm-history"},
        [
            h(
                "button",
                {
                    "type": "button",
                    "class": "button subtle",
                    "data-action": action,
                    "id": f"dm-{action}",
                    "disabled": not allowed,
                    "aria-keyshortcuts": keys,
                },
                t(f"frame.{action}"),
            )
            for action, allowed, keys in (
                ("undo", ui.can_undo, "Control+Z"),
                ("redo", ui.can_redo, "Control+Shift+Z Control+Y"),
            )
        ],
    )


def replay_board(state: Any, t: Translate) -> Markup:
    """One position of a replay (app.views.replay): the scores, the table and every
    hand face up, since a game is replayed once it is over; just after a hand
    ended, that hand's table and hands as its summary keeps them."""
    view = public_view(state)
    seats = view["options"]["seats"]
    summaries = view["hand_summaries"]
    ui = Screen(players=("human",) * seats, ack=len(summaries))
    if summaries and not view["history"] and not view["is_over"]:
        ui = replace(
            ui, ack=ui.ack - 1
        )  # the hand just ended, and the next one not begun: the end shows
        body = summary_body(view, ui, summaries[-1], t)
    else:
        hands = [state.view_for(seat)["hand"] for seat in range(seats)]
        pips = [sum(a + b for a, b in tiles) for tiles in hands]
        body = [
            hands_table(ui, hands, pips, t),
            h("ul", {"class": "dm-seats"}, boneyard(view, t)),
        ]
    return h(
        "div",
        {
            "class": "game-view dominoes replay-board",
            "data-game": GAME,
            "data-hand": view["hand_number"],
        },
        scores(view, ui, t),
        table(view, ui, t),
        body,
    )


def scores(view: Json, ui: Screen, t: Translate) -> Markup:
    target = view["options"]["target"]
    items = []
    for team, score in enumerate(view["scores"]):
        members = view["teams"][team]
        items.append(
            h(
                "li",
                {
                    "class": f"dm-score dm-team-{team}"
                    + (" turn" if view["current_player"] in members else ""),
                    "data-team": team,
                },
                h("span", {"class": "dm-score-name"}, team_name(view, ui, team, t)),
                h("span", {"class": "dm-score-points", "data-score": team}, t.number(score)),
                h(
                    "span",
                    {"class": "dm-score-bar", "aria-hidden": "true"},
                    h("span", {"style": f"width:{min(100, 100 * score // target)}%"}),
                ),
            )
        )
    return h(
        "ul",
        {"class": "dm-scores", "aria-label": t("dominoes.scores_label", target=target)},
        items,
    )


def seats(view: Json, ui: Screen, t: Translate) -> Markup:
    """Every seat but the one in view, as the backs of its tiles, and the boneyard."""
    items: list[Markup | None] = []
    for seat, size in enumerate(view["hand_sizes"]):
        if seat == view["seat"]:
            continue
        team = next(n for n, members in enumerate(view["teams"]) if seat in members)
        items.append(
            h(
                "li",
                {
                    "class": f"dm-seat dm-team-{team}"
                    + (" turn" if seat == view["current_player"] else ""),
                    "data-seat": seat,
                },
                h("span", {"class": "dm-seat-name"}, name(ui, seat, t)),
                side_note(view, ui, seat, t),
                h(
                    "span",
                    {"class": "dm-backs", "aria-hidden": "true"},
                    [h("span", {"class": "dm-back"}) for _ in range(size)],
                ),
                h("span", {"class": "dm-seat-count"}, t("dominoes.tiles_count", count=size)),
            )
        )
    items.append(boneyard(view, t))
    return h("ul", {"class": "dm-seats"}, items)


def side_note(view: Json, ui: Screen, seat: int, t: Translate) -> Markup | None:
    """In partnerships, whose side a seat is on, in words: your partner or an
    opponent (of the hand in view), or its team when no hand is face up."""
    if not view["options"]["partnerships"]:
        return None
    teams, viewer = view["teams"], view["seat"]
    team = next(n for n, members in enumerate(teams) if seat in members)
    if viewer is None:
        note = t("dominoes.team", number=team + 1)
    elif viewer not in teams[team]:
        note = t("dominoes.opponent")
    elif is_you(ui, viewer):
        note = t("dominoes.your_partner")
    else:
        note = t("dominoes.partner_of", name=name(ui, viewer, t))
    return h("span", {"class": "dm-seat-side", "data-side": team}, note)


def boneyard(view: Json, t: Translate) -> Markup | None:
    """How many tiles are left to draw; nothing at a table whose deal leaves none."""
    if not deals_a_boneyard(view):
        return None
    count = view["boneyard"]
    return h(
        "li",
        {"class": "dm-seat dm-boneyard", "data-boneyard": count},
        h("span", {"class": "dm-seat-name"}, t("dominoes.boneyard")),
        h("span", {"class": "dm-seat-count"}, t("dominoes.boneyard_count", count=count)),
    )


# --- the hand in view ----------------------------------------------------------------------


def cover(view: Json, ui: Screen, t: Translate) -> Markup:
    """Pass-and-play: the next person's hand stays hidden until they say it is them."""
    seat = view["current_player"]
    return h(
        "div",
        {"class": "dm-cover", "data-cover": seat},
        h("p", {}, t("dominoes.cover_text", name=name(ui, seat, t))),
        h(
            "button",
            {"type": "button", "class": "button", "data-action": "reveal", "id": "dm-reveal"},
            t("dominoes.cover_button", name=name(ui, seat, t)),
        ),
    )


def hand(view: Json, ui: Screen, t: Translate) -> Markup | None:
    """The tiles of the seat in view, face up, with Draw and Pass; the cover instead
    while a pass-and-play hand waits for its person; nothing when no hand is in view."""
    if phase(view, ui) == "cover":
        return cover(view, ui, t)
    seat = view["seat"]
    if seat is None:
        return None
    legal = moves_shown(view, ui)
    plays = set(playable(view)) if legal else set()
    tiles = []
    for tile in hand_order(view):
        classes = []
        if tile in plays:
            classes.append("playable")
        if tile == ui.selected:
            classes.append("selected")
        if tile == ui.drawn:
            classes.append("drawn")
        label = t(
            "dominoes.tile_playable" if tile in plays else "dominoes.tile_label",
            tile=tile_name(tile),
        )
        tiles.append(
            domino(
                tile[0],
                tile[1],
                "v",
                " ".join(classes),
                {
                    "type": "button",
                    "data-action": "tile",
                    "data-tile": tile_name(tile),
                    "data-drag": tile_name(tile) if tile in plays else None,
                    "data-board": "on",  # (the arrows go along the hand)
                    "id": f"dm-t-{tile_name(tile)}",
                    "aria-label": label,
                    "aria-pressed": "true" if tile == ui.selected else "false",
                },
                tag="button",
            )
        )
    needed = must(view) if legal else None
    # Draw and Pass work only when the rules allow them (10.2); at a table with no
    # boneyard nobody ever draws, and a pass is offered only when it is the move.
    kinds = ("draw", "pass") if deals_a_boneyard(view) else ("pass",) if needed == "pass" else ()
    buttons = h(
        "div",
        {"class": "dm-tools"},
        [
            h(
                "button",
                {
                    "type": "button",
                    "class": "button",
                    "data-action": kind,
                    "id": f"dm-{kind}",
                    "aria-keyshortcuts": kind[0].upper(),
                    "disabled": needed != kind,
                },
                t(f"dominoes.{kind}"),
            )
            for kind in kinds
        ],
    )
    heading = (
        t("dominoes.your_hand")
        if len(humans(ui)) == 1
        else t("dominoes.hand_of", name=name(ui, seat, t))
    )
    pips = sum(a + b for a, b in view["hand"])
    return h(
        "div",
        {"class": "dm-hand-area" + (" my-turn" if legal else ""), "data-viewer": seat},
        h(
            "h2",
            {"class": "dm-hand-title"},
            heading,
            h("span", {"class": "dm-pips"}, " · ", t("dominoes.pips_in_hand", pips=pips)),
        ),
        h("div", {"class": "dm-hand", "role": "group", "aria-label": heading}, tiles),
        buttons,
    )


def sheet(view: Json, ui: Screen, t: Translate) -> Markup:
    """The score sheet: every finished hand's scores, then the scores now."""
    teams = range(len(view["scores"]))
    rows = [
        h(
            "tr",
            {},
            h("th", {"scope": "row"}, t("dominoes.sheet_hand", number=summary["hand"] + 1)),
            [h("td", {}, t.number(summary["scores"][team])) for team in teams],
        )
        for summary in view["hand_summaries"]
    ]
    rows.append(
        h(
            "tr",
            {"class": "now"},
            h("th", {"scope": "row"}, t("dominoes.sheet_now")),
            [h("td", {}, t.number(view["scores"][team])) for team in teams],
        )
    )
    return h(
        "details",
        {"class": "dm-sheet", "open": True},
        h("summary", {}, t("dominoes.sheet_title")),
        h(
            "table",
            {"class": "dm-sheet-table"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "col"}, t("dominoes.sheet_hands")),
                    [h("th", {"scope": "col"}, team_name(view, ui, team, t)) for team in teams],
                ),
            ),
            h("tbody", {}, rows),
        ),
    )
