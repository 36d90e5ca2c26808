"""The Deblockle set-up ceremony and new-game dialog, with no browser: the tray
of rolled blocks, where the picked one may go, the dialog's choices and the
game options they make.

Which squares and turns are allowed comes from the engine (State.legal_moves,
games.deblockle.setup); this module only shows them.
"""

from collections.abc import Collection, Mapping
from typing import Any, TypeVar

from games.common.protocol import Json
from games.deblockle import FACE_NAMES, State
from games.deblockle.board import square_name
from games.deblockle.setup import (
    chosen_start_squares,
    computer_start_squares,
    north_choices,
    own_start_squares,
    placed_faces,
    with_start_square,
)

from .. import router
from ..frame.frontend import Translate
from ..html import Markup, h
from .parts import (
    OPPONENTS,
    Screen,
    block_html,
    human_to_act,
    pass_text,
    player_name,
    sym,
    symbol_name,
)

COUNTS = (1, 2, 3, 4)
# The new-game dialog's choices: name -> the values a form may send.
PREF_VALUES = {
    "opponent": OPPONENTS,
    "first": ("gold", "blue"),
    "setup": ("quick", "ceremony"),
    "blocks_gold": tuple(str(n) for n in COUNTS),
    "blocks_blue": tuple(str(n) for n in COUNTS),
    "no_side_by_side": ("on", "off"),
    "start_gold": own_start_squares(0),  # a start square picked (rule 10.2)
    "start_blue": own_start_squares(1),
}
SIDES = ("gold", "blue")
Prefs = Mapping[str, Any]  # the dialog's remembered choices, as storage gives them back
Choice = TypeVar("Choice")


# --- the choices -----------------------------------------------------------------------------


def pref(prefs: Prefs, name: str, default: Choice, allowed: Collection[Choice]) -> Choice:
    """The remembered choice `name` if it is one of `allowed`, else `default`."""
    value = prefs.get(name, default)
    return next((choice for choice in allowed if choice == value), default)


def counts(prefs: Prefs) -> list[int]:
    return [pref(prefs, f"blocks_{side}", 4, COUNTS) for side in SIDES]


def computer_places_blue(prefs: Prefs) -> bool:
    return pref(prefs, "opponent", "strong", OPPONENTS) != "human"


def start_squares(prefs: Prefs) -> list[list[str]]:
    """Each side's start squares (rule 10.2): as the players chose them, but the
    computer's its own."""
    blocks = counts(prefs)
    squares = [chosen_start_squares(p, blocks[p], prefs.get(f"start_{SIDES[p]}")) for p in (0, 1)]
    if computer_places_blue(prefs):
        squares[1] = computer_start_squares(1, blocks[1])
    return squares


def game_options(prefs: Prefs) -> Json:
    """The engine's new-game options from the dialog's remembered choices."""
    return {
        "blocks": counts(prefs),
        "start_squares": start_squares(prefs),
        "no_side_by_side": bool(prefs.get("no_side_by_side", False)),
        "first": 1 if pref(prefs, "first", "gold", ("gold", "blue")) == "blue" else 0,
        "quick_setup": pref(prefs, "setup", "quick", ("quick", "ceremony")) == "quick",
    }


def pref_change(prefs: Prefs, name: str, value: str) -> dict[str, Any] | None:
    """The change to remember for a control of the dialog, or None for a value it
    cannot send (the checkbox toggles)."""
    if name not in PREF_VALUES:
        return None
    if name == "no_side_by_side":
        return {name: not bool(prefs.get("no_side_by_side"))}
    if value not in PREF_VALUES[name]:
        return None
    if name.startswith("start_"):
        player = SIDES.index(name[len("start_") :])
        chosen = with_start_square(player, counts(prefs)[player], prefs.get(name), value)
        return {name: chosen}
    return {name: int(value) if name.startswith("blocks_") else value}


# --- the ceremony ------------------------------------------------------------------------------


def placing_squares(state: State, ui: Screen) -> set[str]:
    """Where the picked rolled block may be placed now (none when no block is picked)."""
    if state.phase != "setup" or ui.roll is None or not human_to_act(state, ui):
        return set()
    return {
        square_name(placement.square)
        for placement in state.placements()
        if FACE_NAMES[placement.top] == ui.roll
    }


def north_for(ui: Screen, top: str) -> str:
    """The side face the rolled block with `top` up will have looking north."""
    choices = north_choices(top)
    north = ui.turns.get(top)
    return north if north in choices else choices[0]


def next_north(ui: Screen, top: str) -> str:
    """The north face after one press of "turn the block"."""
    choices = north_choices(top)
    return choices[(choices.index(north_for(ui, top)) + 1) % len(choices)]


def placement_text(ui: Screen, top: str, square: str) -> str:
    """The placement to play for the picked block on `square`, in notation."""
    return f"{square}:{top}:{north_for(ui, top)}"


def tray(state: State, ui: Screen, t: Translate) -> Markup | None:
    """The rolled blocks still to place, turned as chosen, to pick from."""
    if state.phase != "setup":
        return None
    owner = 1 - state.player_to_play
    tops = [FACE_NAMES[top] for top in state.to_place[owner]]
    acting = human_to_act(state, ui)
    items = []
    for index, top in enumerate(tops):
        chosen = top == ui.roll and index == tops.index(top)
        items.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": "db-roll" + (" selected" if chosen else ""),
                    "data-action": "roll",
                    "data-top": top,
                    "aria-pressed": "true" if chosen else "false",
                    "disabled": not acting,
                    "aria-label": t("deblockle.setup.roll_label", symbol=symbol_name(t, top)),
                },
                block_html(owner, placed_faces(top, north_for(ui, top))),
            )
        )
    return h(
        "div",
        {"class": "db-tray", "data-tray": True},
        h("p", {}, t("deblockle.setup.rolled", owner=player_name(t, owner))),
        h("div", {"class": "db-rolls"}, items),
    )


def placement_said(state: State, t: Translate, events: list[Json]) -> tuple[list[str], str | None]:
    """What is announced of placements (and of play starting), and the message of
    a pass at the start, if any."""
    said = [
        t(
            "deblockle.announce.placed",
            player=player_name(t, e["player"]),
            square=e["square"],
            symbol=symbol_name(t, e["top"]),
        )
        for e in events
        if e["type"] == "place"
    ]
    if any(e["type"] == "start" for e in events):
        said.append(t("deblockle.announce.start", player=player_name(t, state.options["first"])))
    message = None
    for e in events:
        if e["type"] == "pass":
            message = pass_text(t, e)
            said.append(message)
    return said, message


# --- the new-game dialog -------------------------------------------------------------------------


def new_dialog(prefs: Prefs, t: Translate, opened: bool = False) -> Markup:
    """The New game dialog with the choices `prefs`; `opened`: open (the game view opens it
    again after each drawing while it is)."""

    def radios(name: str, values: Collection[str], current: str, label_prefix: str) -> list[Markup]:
        return [
            h(
                "label",
                {"class": "choice"},
                h(
                    "input",
                    {
                        "type": "radio",
                        "id": f"db-{name}-{v}",
                        "name": f"db-{name}",
                        "value": v,
                        "data-action": "pref",
                        "data-name": name,
                        "checked": v == current,
                    },
                ),
                h("span", {}, t(f"{label_prefix}{v}")),
            )
            for v in values
        ]

    def count(name: str, default: int) -> Markup:
        current = str(pref(prefs, name, default, COUNTS))
        return h(
            "label",
            {"class": "db-count"},
            h("span", {}, t(f"deblockle.new.{name}")),
            h(
                "select",
                {"id": f"db-{name}".replace("_", "-"), "data-action": "pref", "data-name": name},
                [
                    h("option", {"value": str(n), "selected": str(n) == current}, str(n))
                    for n in COUNTS
                ],
            ),
        )

    return h(
        "dialog",
        {
            "class": "db-dialog",
            "id": "db-new",
            "aria-labelledby": "db-new-title",
            "data-open": opened or None,
        },
        h("h2", {"id": "db-new-title"}, t("deblockle.new.title")),
        h(
            "fieldset",
            {},
            h("legend", {}, t("deblockle.new.opponent")),
            radios(
                "opponent",
                OPPONENTS,
                pref(prefs, "opponent", "strong", OPPONENTS),
                "deblockle.opponent.",
            ),
        ),
        h(
            "fieldset",
            {},
            h("legend", {}, t("deblockle.new.first")),
            radios(
                "first",
                ("gold", "blue"),
                pref(prefs, "first", "gold", ("gold", "blue")),
                "deblockle.first.",
            ),
        ),
        h(
            "fieldset",
            {},
            h("legend", {}, t("deblockle.new.blocks")),
            h("div", {"class": "db-counts"}, count("blocks_gold", 4), count("blocks_blue", 4)),
            h("p", {"class": "hint"}, t("deblockle.new.handicap")),
            [start_picker(prefs, player, t) for player in (0, 1)],
        ),
        h(
            "fieldset",
            {},
            h("legend", {}, t("deblockle.new.variants")),
            h(
                "label",
                {"class": "choice"},
                h(
                    "input",
                    {
                        "type": "checkbox",
                        "id": "db-nsbs",
                        "data-action": "pref",
                        "data-name": "no_side_by_side",
                        "checked": bool(prefs.get("no_side_by_side")),
                    },
                ),
                h("span", {}, t("deblockle.new.no_side_by_side")),
            ),
        ),
        h(
            "fieldset",
            {},
            h("legend", {}, t("deblockle.new.setup")),
            radios(
                "setup",
                ("quick", "ceremony"),
                pref(prefs, "setup", "quick", ("quick", "ceremony")),
                "deblockle.setup.",
            ),
        ),
        h(
            "div",
            {"class": "actions"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "button",
                    "id": "db-new-start",
                    "data-action": "start",
                },
                t("deblockle.new.start"),
            ),
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "close-dialog"},
                t("deblockle.new.cancel"),
            ),
        ),
        h(
            "p",
            {"class": "hint"},
            h(
                "a",
                {"href": router.href("invite", game="deblockle"), "data-friend": True},
                t("connect.title"),
            ),
        ),
    )


def start_picker(prefs: Prefs, player: int, t: Translate) -> Markup | None:
    """With fewer than four blocks, the player's four start squares around their
    home star as they lie on the board, to tick the ones to use (rule 10.2); the
    computer's are its own choice, shown but not to be changed."""
    count = counts(prefs)[player]
    if count == 4:
        return None
    side = SIDES[player]
    computer = player == 1 and computer_places_blue(prefs)
    chosen = start_squares(prefs)[player]
    rows = (3, 2, 1) if player == 0 else (7, 6, 5)
    cells = []
    for row in rows:
        for column in "cde":
            name = f"{column}{row}"
            if name in own_start_squares(player):
                cells.append(
                    h(
                        "label",
                        {"class": "db-start-square"},
                        h(
                            "input",
                            {
                                "type": "checkbox",
                                "id": f"db-start-{name}",
                                "value": name,
                                "data-action": "pref",
                                "data-name": f"start_{side}",
                                "checked": name in chosen,
                                "disabled": computer,
                            },
                        ),
                        h("span", {}, name),
                    )
                )
            elif column == "d" and row in (2, 6):
                cells.append(h("span", {"class": "db-start-star"}, sym("star")))
            else:
                cells.append(h("span", {}))
    hint = (
        t("deblockle.new.start_computer")
        if computer
        else t("deblockle.new.start_pick", count=count)
    )
    return h(
        "div",
        {"class": "db-starts", "role": "group", "aria-labelledby": f"db-starts-{side}"},
        h("p", {"id": f"db-starts-{side}"}, t(f"deblockle.new.start_{side}")),
        h("div", {"class": f"db-start-grid db-p{player}-starts"}, cells),
        h("p", {"class": "hint"}, hint),
    )
