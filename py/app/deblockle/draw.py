"""The Deblockle page as markup, with no browser: each function takes the state
(what the viewing player may know: `state.view_for(player)`; Deblockle hides
nothing), the page's Screen and a translate function `t`, and returns app.html markup.

The rules stay in games.deblockle: the board shows what State.tip_options and
State.legal_moves offer, and nothing else.
"""

from games.common.protocol import Json
from games.deblockle import State
from games.deblockle.board import SIZE

from .. import router
from ..frame.frontend import Translate
from ..html import Markup, h
from .panels import cube, game_over, tools
from .parts import (
    COLUMNS,
    GAME,
    REMOTE,
    STARS,
    Screen,
    block_html,
    block_label,
    hop_choices,
    is_computer,
    player_name,
    sym,
    symbol_defs,
    symbol_name,
    tip_targets,
    turn_text,
    xy,
)
from .setup import new_dialog, placing_squares, tray


def page(state: State, ui: Screen, t: Translate) -> Markup:
    """The whole view: status, set-up tray, board, message, tools, cube and dialogs."""
    return h(
        "section",
        {
            "class": "game-view deblockle",
            "data-game": GAME,
            "data-phase": state.phase,
            "data-current": state.current_player,
            "data-busy": "yes" if ui.busy else "no",
        },
        symbol_defs(),
        h(
            "div",
            {"class": "db-head"},
            h("h1", {"tabindex": "-1"}, t("game.deblockle.name")),
            h(
                "div",
                {"class": "db-head-tools"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button",
                        "data-action": "new-dialog",
                        "aria-keyshortcuts": "N",
                    },
                    t("deblockle.new_game"),
                ),
                h(
                    "a",
                    {"class": "button subtle", "href": router.href("rules", GAME)},
                    t("hub.rules"),
                ),
            ),
        ),
        ui.bar,
        status(state, ui, t),
        tray(state, ui, t),
        board(state, ui, t),
        h(
            "p",
            {
                "class": "db-message" + (" error" if ui.message_is_error else ""),
                "data-message": True,
            },
            ui.message,
        ),
        tools(state, ui, t),
        cube(state, ui, t),
        h(
            "p",
            {"class": "db-game-number"},
            [
                t("deblockle.game_number"),
                " ",
                h("a", {"href": ui.address, "data-share": True}, str(ui.seed)),
                " · ",
            ]
            if ui.seed_shown
            else None,
            t(f"deblockle.opponent.{ui.opponent}"),
        ),
        h("p", {"class": "db-keys hint"}, t("deblockle.keys_help")),
        new_dialog(
            ui.prefs if ui.choices is None else ui.choices, t, opened=ui.choices is not None
        ),
        game_over(state, ui, t),
    )


def status(state: State, ui: Screen, t: Translate) -> Markup:
    """Each side's name and blocks off, and whose turn it is."""
    sides = []
    trapped = state.deblockled()
    for player in (0, 1):
        who = (
            t("deblockle.you")
            if ui.opponent != "human" and player == ui.me
            else (ui.peer if ui.opponent == REMOTE else t("deblockle.computer"))
            if is_computer(ui, player)
            else None
        )
        current = state.current_player == player and not state.is_over
        sides.append(
            h(
                "div",
                {
                    "class": f"db-side db-side-{player}" + (" current" if current else ""),
                    "data-side": player,
                },
                h("span", {"class": f"db-chip db-p{player}"}, sym("star")),
                h(
                    "span",
                    {"class": "db-side-name"},
                    player_name(t, player),
                    h("small", {}, " (", who, ")") if who else None,
                ),
                h(
                    "span",
                    {"class": "db-off", "data-off": player},
                    t(
                        "deblockle.off",
                        off=state.position.removed[player],
                        total=state.options["blocks"][player],
                    ),
                ),
                h(
                    "span",
                    {"class": "db-trapped-note", "data-trapped": player},
                    t("deblockle.trapped"),
                )
                if player in trapped
                else None,
            )
        )
    return h(
        "div",
        {"class": "db-status"},
        sides,
        h(
            "p",
            {"class": "db-turn", "data-turn": True, "aria-live": "off"},
            turn_text(state, ui, t),
        ),
    )


def replay_board(state: State, t: Translate) -> Markup:
    """One position of a replay (app.views.replay): each side's blocks off, and the
    board without actions."""
    blocks, removed = state.options["blocks"], state.position.removed
    return h(
        "div",
        {"class": "game-view deblockle replay-board", "data-game": GAME},
        symbol_defs(),
        h(
            "p",
            {"class": "replay-figures"},
            [
                h(
                    "span",
                    {"class": "db-off", "data-off": p},
                    player_name(t, p),
                    ": ",
                    t("deblockle.off", off=removed[p], total=blocks[p]),
                    " " if p == 0 else None,
                )
                for p in (0, 1)
            ],
        ),
        board(state, Screen(cursor=""), t, interactive=False),
    )


def board(state: State, ui: Screen, t: Translate, interactive: bool = True) -> Markup:
    """The 7 x 7 grid, rank 7 at the top: blocks, stars, and the choices now open
    (a replay draws it without actions)."""
    blocks = {b["square"]: b for b in state.blocks()}
    trapped = state.deblockled()
    for block in blocks.values():
        block["trapped"] = block["player"] in trapped
    tips = tip_targets(state, ui)
    hops = hop_choices(ui)
    tip = ui.tip
    placing = placing_squares(state, ui)
    if tip is not None and ui.selected in blocks:  # the tipped block, shown before its hop
        moving = blocks.pop(ui.selected)
        blocks[tip["to"]] = {**moving, "square": tip["to"], **tip["faces"]}
    rows = []
    for row in range(SIZE - 1, -1, -1):
        cells = []
        for col in range(SIZE):
            name = COLUMNS[col] + str(row + 1)
            at = (col, row)
            cells.append(
                cell(state, ui, t, name, at, blocks.get(name), tips, hops, placing, interactive)
            )
        rows.append(h("div", {"class": "db-row", "role": "row"}, cells))
    return h(
        "div",
        {"class": "db-board-wrap"},
        h(
            "div",
            {
                "class": "db-board",
                "role": "grid",
                "tabindex": 0 if interactive else None,
                "id": "db-board" if interactive else None,
                "data-board": "on" if interactive else None,
                "aria-label": t("deblockle.board"),
                "aria-activedescendant": f"db-c-{ui.cursor}" if interactive else None,
            },
            rows,
            None if hops else last_path(ui.last),
            paths(ui, hops),
        ),
    )


def last_role(last: list[str], name: str) -> str:
    """What `name` was in the last turn: where it ended, began, tipped onto, or passed."""
    if name == last[-1]:
        return "to"
    if name == last[0]:
        return "from"
    return "tip" if name == last[1] else "path"


def last_path(last: list[str]) -> Markup | None:
    """The last turn drawn as a line: from its square, over the tip, along the hop."""
    if len(last) < 2:
        return None
    points = " ".join(f"{xy(sq)[0] + 0.5},{SIZE - 0.5 - xy(sq)[1]}" for sq in last)
    return Markup(
        f'<svg class="db-last-line" viewBox="0 0 {SIZE} {SIZE}" aria-hidden="true" '
        f'focusable="false"><polyline class="db-last-trail" points="{points}"/></svg>'
    )


def cell(
    state: State,
    ui: Screen,
    t: Translate,
    name: str,
    at: tuple[int, int],
    block: Json | None,
    tips: dict[str, Json],
    hops: dict[str, tuple[str, list[str]]],
    placing: set[str],
    interactive: bool = True,
) -> Markup:
    """One square: its block or star, the tip preview or hop dot it offers, its label."""
    col, row = at
    tip = ui.tip
    classes = ["db-cell", "dark" if (row + col) % 2 else "light"]
    content = []
    if name in STARS:
        classes.append("db-star")
        content.append(sym("star", "db-star-mark"))
    if block is not None:
        marks = " ".join(
            mark
            for mark, shown in (
                ("db-tipped", tip is not None and name == tip["to"]),
                ("db-trapped", block.get("trapped")),
            )
            if shown
        )
        content.append(block_html(block["player"], block, marks))
        label = block_label(t, block["player"], block)
        if block.get("trapped"):
            label = t("deblockle.cell.trapped", text=label)
    elif name in STARS:
        label = t("deblockle.cell.star", player=player_name(t, STARS.index(name)))
    else:
        label = t("deblockle.cell.empty")
    if name == ui.selected and tip is None:
        classes.append("selected")
    if name in tips:
        option = tips[name]
        classes.append("db-tip-target")
        content.append(
            h(
                "span",
                {"class": "db-preview" + (" db-removes" if option["removes"] else "")},
                block_html(state.player_to_play, option["faces"], "db-ghost"),
            )
        )
        key = "deblockle.cell.tip_remove" if option["removes"] else "deblockle.cell.tip"
        label = t(key, symbol=symbol_name(t, option["top"]), text=label)
    if name in hops:
        classes.append("db-hop-end")
        content.append(h("span", {"class": "db-dot"}))
        label = t("deblockle.cell.hop", text=label)
    if name in placing:
        classes.append("db-place-target")
        label = t("deblockle.cell.place", text=label)
    if name in ui.last:
        role = last_role(ui.last, name)
        classes += ["db-last", f"db-last-{role}"]
        label = t(f"deblockle.cell.last_{role}", text=label)
    if name == ui.cursor:
        classes.append("cursor")
    if name == ui.refused:
        classes.append("refused")
    return h(
        "div",
        {
            "class": " ".join(classes),
            "role": "gridcell",
            "id": f"db-c-{name}" if interactive else None,
            "data-action": "cell" if interactive else None,
            "data-sq": name,
            "data-col": COLUMNS[col] if row == 0 else None,
            "data-row": str(row + 1) if col == 0 else None,
            "aria-label": t("deblockle.cell", square=name, text=label),
            "aria-selected": "true" if name == ui.selected else "false",
        },
        content,
    )


def paths(ui: Screen, hops: dict[str, tuple[str, list[str]]]) -> Markup | None:
    """The hop paths of the tip being shown, drawn over the board (one per end square)."""
    if not hops:
        return None
    lines = []
    for end, (_, path) in hops.items():
        points = " ".join(f"{xy(sq)[0] + 0.5},{SIZE - 0.5 - xy(sq)[1]}" for sq in path)
        focus = " focus" if end == ui.cursor else ""
        lines.append(f'<polyline class="db-path{focus}" data-end="{end}" points="{points}"/>')
    # Pointing at an end square brings its path forward.
    hover = "".join(
        f".db-board:has(#db-c-{end}:hover) .db-path[data-end='{end}']{{opacity:1;stroke-width:0.1;"
        "stroke-dasharray:none}"
        for end in hops
    )
    return Markup(
        f"<style>{hover}</style>"
        f'<svg class="db-paths" viewBox="0 0 {SIZE} {SIZE}" aria-hidden="true" focusable="false">'
        + "".join(lines)
        + "</svg>"
    )
