"""The Dominoes page as markup, with no browser: each function takes a seat's
view (`State.view_for(seat)` for the hand face up, `public_view(state)` when
none is), the page's Ui and a translate function `t`, and returns app.html
markup.

Nothing here reads a State or decides a rule: the moves, the tiles that play
and the ends they fit come from the view and games.dominoes.choices. Another
seat's tiles are drawn only from a finished hand's summary.
"""

from games.dominoes.choices import ends_for, must, playable

from .. import router
from ..html import Markup, h
from .dominoes_parts import (
    GAME,
    Ui,
    domino,
    hand_order,
    humans,
    moves_shown,
    name,
    phase,
    summary_pending,
    team_name,
    tile_name,
)
from .dominoes_setup import setup_dialog
from .dominoes_summary import game_over_dialog, summary_dialog

ARM_NAMES = ("W", "E", "N", "S")


def share_href(ui: Ui) -> str:
    return router.href(GAME, seed=ui.seed)


def page(view: dict, ui: Ui, t) -> Markup:
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
        scores(view, ui, t),
        seats(view, ui, t),
        table(view, ui, t),
        h(
            "p",
            {
                "class": "dm-message" + (" error" if ui.message_is_error else ""),
                "data-message": True,
            },
            ui.message or status_text(view, ui, t),
        ),
        hand(view, ui, t),
        h("ol", {"class": "dm-log", "data-log": True}, [h("li", {}, line) for line in ui.log])
        if ui.log
        else None,
        sheet(view, ui, t),
        h(
            "p",
            {"class": "dm-game-number hint"},
            t("dominoes.game_number"),
            " ",
            h("a", {"href": share_href(ui), "data-share": True}, str(ui.seed)),
        ),
        h("p", {"class": "dm-keys hint"}, t("dominoes.keys_help")),
        summary_dialog(view, ui, t),
        game_over_dialog(view, ui, t),
        setup_dialog(ui, t),
    )


def scores(view: dict, ui: Ui, t) -> Markup:
    target = view["options"]["target"]
    items = []
    for team, score in enumerate(view["scores"]):
        members = view["teams"][team]
        items.append(
            h(
                "li",
                {
                    "class": "dm-score" + (" turn" if view["current_player"] in members else ""),
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


def seats(view: dict, ui: Ui, t) -> Markup:
    """Every seat but the one in view, as the backs of its tiles, and the boneyard."""
    items = []
    for seat, size in enumerate(view["hand_sizes"]):
        if seat == view["seat"]:
            continue
        items.append(
            h(
                "li",
                {
                    "class": "dm-seat" + (" turn" if seat == view["current_player"] else ""),
                    "data-seat": seat,
                },
                h("span", {"class": "dm-seat-name"}, name(ui, seat, t)),
                h(
                    "span",
                    {"class": "dm-backs", "aria-hidden": "true"},
                    [h("span", {"class": "dm-back"}) for _ in range(size)],
                ),
                h("span", {"class": "dm-seat-count"}, t("dominoes.tiles_count", count=size)),
            )
        )
    boneyard = view["boneyard"]
    items.append(
        h(
            "li",
            {"class": "dm-seat dm-boneyard", "data-boneyard": boneyard},
            h("span", {"class": "dm-seat-name"}, t("dominoes.boneyard")),
            h("span", {"class": "dm-seat-count"}, t("dominoes.boneyard_count", count=boneyard)),
        )
    )
    return h("ul", {"class": "dm-seats"}, items)


# --- the table ---------------------------------------------------------------------------


def shown_table(view: dict, ui: Ui) -> dict:
    """The layout on the table: the finished hand's while its summary is read."""
    finished = view.get("finished_table")
    if finished is not None and summary_pending(view, ui):
        return finished
    return view


def selected_ends(view: dict, ui: Ui) -> list:
    """The open ends the picked tile fits, shown as buttons to play it on."""
    if ui.selected is None or not moves_shown(view, ui):
        return []
    return [end for end in ends_for(view, ui.selected) if end is not None]


def last_played(view: dict, shown: dict) -> tuple | None:
    """The tile played last in this hand, marked on the table."""
    plays = [e for e in view["history"] if e["type"] == "play"]
    if not plays or shown is not view:
        return None
    return tuple(sorted(plays[-1]["tile"], reverse=True))


def table(view: dict, ui: Ui, t) -> Markup:
    shown = shown_table(view, ui)
    layout = shown["layout"]
    ends = {e["end"]: e for e in shown["open_ends"]}
    targets = selected_ends(view, ui)
    last = last_played(view, shown)
    count = shown["count"]

    def slot(arm):
        if arm not in targets:
            return None
        value = ends[arm]["value"]
        return h(
            "button",
            {
                "type": "button",
                "class": "dm-slot",
                "data-action": "end",
                "data-end": arm,
                "id": f"dm-end-{arm}",
                "aria-label": t("dominoes.end_label", end=t(f"dominoes.end.{arm}"), value=value),
            },
            str(value),
        )

    def mark(a, b, double):
        classes = ("double" if double else "", "last" if (max(a, b), min(a, b)) == last else "")
        return " ".join(c for c in classes if c)

    def arm_tiles(arm):
        pieces = []
        for inner, outer in layout["arms"][arm]:
            double = inner == outer
            a, b = (outer, inner) if arm == "N" else (inner, outer)
            pieces.append(domino(a, b, "h" if double else "v", mark(a, b, double)))
        return pieces

    def line_arm(arm):
        """W and E bend like a snake: rows of as many tiles as fit, alternating direction."""
        cap = ui.capacity
        placed = layout["arms"][arm]
        rows = [placed[i : i + cap] for i in range(0, len(placed), cap)] or [[]]
        end_slot = slot(arm)
        if end_slot is not None and len(rows[-1]) >= cap:
            rows.append([])
        out = []
        for number, row in enumerate(rows):
            # Row 0 grows away from the spinner; each next row turns back.
            leftward = (arm == "W") == (number % 2 == 0)
            pieces = []
            for inner, outer in row:
                double = inner == outer
                a, b = (outer, inner) if leftward else (inner, outer)
                pieces.append(domino(a, b, "v" if double else "h", mark(a, b, double)))
            if number == len(rows) - 1 and end_slot is not None:
                pieces.append(end_slot)
            out.append(
                h("div", {"class": "dm-row " + ("leftward" if leftward else "rightward")}, pieces)
            )
        return out

    if layout["root"] is None:
        body = h("p", {"class": "dm-empty"}, t("dominoes.empty_layout"))
    else:
        root = layout["root"]
        spinner = shown["spinner"] is not None
        centre = domino(
            root[0],
            root[1],
            "v" if spinner else "h",
            ("spinner " if spinner else "root ") + mark(root[0], root[1], False),
            {"title": t("dominoes.spinner")} if spinner else None,
        )
        body = h(
            "div",
            {"class": "dm-layout", "role": "group", "aria-label": layout_description(shown, t)},
            [
                h(
                    "div",
                    {"class": f"dm-arm dm-arm-{arm.lower()}", "data-arm": arm},
                    line_arm(arm) if arm in ("W", "E") else [arm_tiles(arm), slot(arm)],
                )
                for arm in ARM_NAMES
            ],
            h("div", {"class": "dm-centre"}, centre),
        )
    pop = None
    if ui.pop is not None:
        pop = h(
            "span", {"class": "dm-pop", "aria-hidden": "true"}, t("dominoes.pop", points=ui.pop[0])
        )
    return h(
        "div",
        {"class": "dm-table"},
        h(
            "p",
            {
                "class": "dm-count" + (" scores" if count and count % 5 == 0 else ""),
                "data-count": count,
            },
            t("dominoes.count", count=count),
        ),
        body,
        pop,
    )


def row_capacity(width: float) -> int:
    """How many lying tiles fit in one row of the W or E arm at this window width."""
    phone = width <= 480
    unit = 15 if phone else 22
    space = min(width - (24 if phone else 32), 900) - (12 if phone else 20)
    arm = (space - 2 * unit - 8) / 2
    return max(2, int(arm // (2 * unit + 5)))


def layout_description(shown: dict, t) -> str:
    layout = shown["layout"]
    root = tile_name(layout["root"])
    if shown["spinner"] is not None:
        parts = [t("dominoes.describe_spinner", tile=root)]
    else:
        parts = [t("dominoes.describe_root", tile=root)]
    for end in shown["open_ends"]:
        parts.append(
            t(
                "dominoes.describe_end",
                end=t(f"dominoes.end.{end['end']}"),
                value=end["value"],
                tiles=len(layout["arms"][end["end"]]),
            )
        )
    return " ".join(parts)


# --- the hand in view ----------------------------------------------------------------------


def status_text(view: dict, ui: Ui, t) -> str:
    now, current = phase(view, ui), view["current_player"]
    if now == "over":
        return t("dominoes.status_over")
    if now == "summary":
        return t("dominoes.status_summary")
    if now == "cover":
        return t("dominoes.cover_text", name=name(ui, current, t))
    if now == "computer":
        return t("dominoes.status_thinking", name=name(ui, current, t))
    needed = must(view)
    if needed == "draw":
        return t("dominoes.status_draw")
    if needed == "pass":
        return t("dominoes.status_pass")
    if view["layout"]["root"] is None:
        return t("dominoes.status_lead")
    if ui.selected is not None:
        return t("dominoes.status_choose_end", tile=tile_name(ui.selected))
    return t("dominoes.status_play")


def cover(view: dict, ui: Ui, t) -> Markup:
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


def hand(view: dict, ui: Ui, t) -> Markup | None:
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
                    "id": f"dm-t-{tile_name(tile)}",
                    "aria-label": label,
                    "aria-pressed": "true" if tile == ui.selected else "false",
                },
                tag="button",
            )
        )
    needed = must(view) if legal else None
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
            for kind in ("draw", "pass")
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


def sheet(view: dict, ui: Ui, t) -> Markup:
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
