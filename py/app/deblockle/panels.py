"""The Deblockle page's panels beside the board, as markup with no browser: the
tools (undo, redo, new game), the net of the selected block's cube, and the
game-over card. Like draw.py, each takes the state, the Screen and `t`.
"""

from games.deblockle import FACE_NAMES, State
from games.deblockle.repetition import TURNS_WITHOUT_PROGRESS
from games.deblockle.setup import placed_faces

from ..frame.frontend import Translate
from ..html import Markup, h
from .parts import (
    REMOTE,
    Screen,
    block_label,
    human_to_act,
    player_name,
    result_text,
    sym,
    symbol_name,
)
from .setup import north_for

NET = (  # the cube unfolded: which face goes in which cell of the net
    ("north", "db-net-n"),
    ("west", "db-net-w"),
    ("top", "db-net-t"),
    ("east", "db-net-e"),
    ("south", "db-net-s"),
    ("bottom", "db-net-b"),
)


def tools(state: State, ui: Screen, t: Translate) -> Markup:
    """Undo and redo; take back a tip; during set-up, turn the picked block or place
    them all at random."""
    buttons = [
        history_button("undo", t("frame.undo"), ui.can_undo and not ui.busy, "Control+Z"),
        history_button(
            "redo", t("frame.redo"), ui.can_redo and not ui.busy, "Control+Shift+Z Control+Y"
        ),
    ]
    if ui.opponent == REMOTE:
        buttons = []  # a move sent to a friend's device is not taken back (app.midend)
    acting = human_to_act(state, ui)
    if ui.tip is not None and acting:
        buttons.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": "button subtle",
                    "data-action": "untip",
                    "aria-keyshortcuts": "Escape",
                },
                t("deblockle.untip"),
            )
        )
    if state.phase == "setup" and acting:
        if ui.roll is not None:
            buttons.append(
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "turn"},
                    t("deblockle.setup.turn"),
                )
            )
        buttons.append(
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "place-random"},
                t("deblockle.setup.random"),
            )
        )
    return h("div", {"class": "db-tools"}, buttons)


def history_button(action: str, label: str, allowed: bool, keys: str) -> Markup:
    return h(
        "button",
        {
            "type": "button",
            "class": "button subtle",
            "data-action": action,
            "disabled": not allowed,
            "aria-keyshortcuts": keys,
        },
        label,
    )


def cube(state: State, ui: Screen, t: Translate) -> Markup:
    """The whole cube of the selected block (or the one under the cursor), as a net:
    every face, the bottom too, with what each symbol does."""
    by_square = {b["square"]: b for b in state.blocks()}
    block = by_square.get(ui.selected or ui.cursor)
    if ui.tip is not None:
        player, faces = state.player_to_play, ui.tip["faces"]
    elif state.phase == "setup" and ui.roll is not None:  # the rolled block picked, as turned
        player, faces = 1 - state.player_to_play, placed_faces(ui.roll, north_for(ui, ui.roll))
    elif block is not None:
        player, faces = block["player"], block
    else:
        return h(
            "div",
            {"class": "db-cube db-cube-empty"},
            h("p", {"class": "hint"}, t("deblockle.cube_hint")),
        )
    label = (
        block_label(t, player, faces)
        + " "
        + t("deblockle.bottom_label", symbol=symbol_name(t, faces["bottom"]))
    )
    return h(
        "div",
        {"class": "db-cube", "data-cube": True},
        h("p", {"class": "db-cube-title"}, t("deblockle.cube_title")),
        h(
            "div",
            {"class": "db-net", "role": "img", "aria-label": label},
            [
                h(
                    "span",
                    {"class": f"db-net-face db-p{player} {cls}", "data-face": side},
                    sym(faces[side]),
                )
                for side, cls in NET
            ],
        ),
        h(
            "ul",
            {"class": "db-legend"},
            [
                h(
                    "li",
                    {},
                    sym(name),
                    " ",
                    h("span", {}, symbol_name(t, name)),
                    h("small", {}, " ", t(f"deblockle.symbol_rule.{name}")),
                )
                for name in FACE_NAMES
            ],
        ),
    )


# Why the game ended, when that is not plain from the blocks off.
WHY_OVER = {
    "both_stuck": "deblockle.over.both_stuck",  # 8.4
    "repetition": "deblockle.over.repetition",  # 9.1
    "no_progress": "deblockle.over.no_progress",  # 9.4
}


def why_over(state: State, t: Translate) -> Markup | None:
    key = WHY_OVER.get(str((state.result or {}).get("reason")))
    return h("p", {"data-why": True}, t(key, turns=TURNS_WITHOUT_PROGRESS)) if key else None


def game_over(state: State, ui: Screen, t: Translate) -> Markup | None:
    """The dialog at the end: who won, why, and each side's blocks off."""
    if not state.is_over:
        return None
    removed = state.position.removed
    blocks = state.options["blocks"]
    return h(
        "dialog",
        {
            "class": "db-dialog db-over",
            "id": "db-over",
            "aria-labelledby": "db-over-title",
            "data-game-over": True,
        },
        h("h2", {"id": "db-over-title"}, t("deblockle.over.title")),
        h("p", {"class": "db-over-result", "data-result": True}, result_text(state, ui, t)),
        why_over(state, t),
        None
        if ui.counted
        else h("p", {"class": "hint", "data-not-counted": True}, t("frame.not_counted_short")),
        h(
            "dl",
            {"class": "db-over-figures"},
            [
                h(
                    "div",
                    {},
                    h("dt", {}, player_name(t, p)),
                    h("dd", {}, t("deblockle.off", off=removed[p], total=blocks[p])),
                )
                for p in (0, 1)
            ],
        ),
        h(
            "div",
            {"class": "actions"},
            h(
                "button",
                {"type": "button", "class": "button", "data-action": "again", "autofocus": True},
                t("deblockle.new_game"),
            ),
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "new-dialog"},
                t("deblockle.over.choose"),
            ),
        ),
    )
