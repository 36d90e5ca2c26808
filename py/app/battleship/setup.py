"""Setting up a game of Battleship: the fleet to place (the dock beside the ocean),
the new-game dialog and its choices (remembered, or from the address). Pure
functions, like app.battleship.draw, which puts the dock and the dialog on the page.
"""

from collections.abc import Iterable, Mapping
from typing import Any

from games.battleship.fleet import LENGTH, SHIP_IDS, ship_name_key
from games.battleship.options import MODES
from games.battleship.state import State
from games.common.checks import is_int
from games.common.protocol import MAX_SEED, Json

from .. import router
from ..frame.frontend import Translate
from ..html import Markup, h
from ..midend import HUMAN, computer
from .screen import Screen

STRENGTHS = ("easy", "medium", "hard")  # the computer's levels (games.common.protocol)
OPPONENTS = STRENGTHS + ("human",)
EDITIONS = ("modern", "classic")  # in the order the dialog offers them
# The side a person plays against the computer (docs/rules/battleship.md 4.2).
SIDES = ("red", "blue")
OPTION_KEYS = ("mode", "edition", "announce_ship")  # the engine's options among the choices
# What an address asks for: the seed, and the mode, opponent and side (None: not said).
Wanted = tuple[int, str | None, str | None, str | None]


def parse_params(params: Mapping[str, str]) -> Wanted | None:
    """(seed, mode, opponent, side; each None when the address does not say it) from
    the address, or None without a valid seed."""
    seed = router.int_param(params, "seed", 0, MAX_SEED)
    if seed is None:
        return None
    mode = params.get("mode") if params.get("mode") in MODES else None
    opponent = params.get("opponent") if params.get("opponent") in OPPONENTS else None
    side = params.get("side") if params.get("side") in SIDES else None
    return seed, mode, opponent, side


def is_the_game_asked(
    wanted: Wanted | None, seed: int, mode: str, opponent: str, side: str
) -> bool:
    """Is the game saved (its seed, mode, opponent and side) the one the address asks for
    (`wanted`: parse_params'), where it asks for one?"""
    return wanted is None or (
        wanted[0] == seed
        and wanted[1] in (None, mode)
        and wanted[2] in (None, opponent)
        and wanted[3] in (None, side)
    )


def game_asked(
    wanted: Wanted | None, prefs: Mapping[str, Any]
) -> tuple[int | None, dict[str, Any], list[str]]:
    """The seed (None: a new one), options and seats of the game to start: the one the
    address asks for (`wanted`: parse_params'), the remembered choices filling in what it
    does not say (but the side: Red), else a game of the remembered choices."""
    choices = preferred(prefs)
    options = {key: choices[key] for key in OPTION_KEYS}
    if wanted is None:
        return None, options, seats_for(choices["opponent"], choices["side"])
    seed, mode, opponent, side = wanted
    options["mode"] = mode or options["mode"]
    return seed, options, seats_for(opponent or choices["opponent"], side or "red")


def seats_for(opponent: str, side: str = "red") -> list[str]:
    """The midend's seats: the person at this screen plays Red (who shoots first) or,
    against the computer, Blue; the other seat is the computer at the opponent's
    level, or a second person passing the device."""
    if opponent == "human":
        return [HUMAN, HUMAN]
    seats = [HUMAN, computer(opponent)]
    return seats if side == "red" else seats[::-1]


def opponent_of(seats: list[str]) -> str | None:
    """The page's opponent for the midend's seats (None: seats this page does not offer)."""
    return next((o for o in OPPONENTS for s in SIDES if seats_for(o, s) == seats), None)


def side_of(seats: list[str]) -> str:
    """The side the person plays: Blue only when the computer holds Red's seat."""
    return "red" if seats[0] == HUMAN else "blue"


def frame_before_the_midend(state: State, meta: Mapping[str, Any]) -> dict[str, Any]:
    """The game ID and seats of a save made before the midend (its meta held the
    seed and the opponent); ValueError when they are not there."""
    opponent, seed = meta.get("opponent"), meta.get("seed")
    if opponent not in OPPONENTS or not is_int(seed):
        raise ValueError("a Battleship save needs its seed and opponent")
    return {"options": dict(state.options), "seed": seed, "seats": seats_for(opponent)}


def preferred(prefs: Mapping[str, Any]) -> dict[str, Any]:
    """The choices remembered in `prefs` (any stored value that is not one of them
    gives the default): mode, edition, announce_ship, opponent and side."""
    announce = prefs.get("announce_ship")
    return {
        "mode": prefs.get("mode") if prefs.get("mode") in MODES else "classic",
        "edition": prefs.get("edition") if prefs.get("edition") in EDITIONS else "modern",
        "announce_ship": announce if isinstance(announce, bool) else True,
        "opponent": prefs.get("opponent") if prefs.get("opponent") in OPPONENTS else "hard",
        "side": prefs.get("side") if prefs.get("side") in SIDES else "red",
    }


def choose(
    choices: dict[str, Any], action: str, value: str | None, checked: bool | None = None
) -> None:
    """A choice made in the dialog (its data-action and value, or whether the box
    is ticked), kept in `choices` when it is one the dialog offers."""
    offered = {
        "setup-mode": MODES,
        "setup-opponent": OPPONENTS,
        "setup-side": SIDES,
        "setup-edition": EDITIONS,
    }
    if action in offered and value in offered[action]:
        choices[action.removeprefix("setup-")] = value
    elif action == "setup-announce" and checked is not None:
        choices["announce_ship"] = checked


def placement_tools(t: Translate, view: Json, screen: Screen) -> Markup:
    """The ships to place (each can be picked or dragged onto the ocean), rotate,
    a random fleet, clear and Ready. `screen` is the page's Screen."""
    placed_ships = {ship["ship"] for ship in view["fleet"] if ship["squares"]}
    ships = []
    for ship_id in SHIP_IDS:
        placed = ship_id in placed_ships
        ships.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": "bs-ship-pick" + (" placed" if placed else ""),
                    "data-action": "pick-ship",
                    "data-ship": ship_id,
                    "aria-pressed": "true" if ship_id == screen.selected_ship else "false",
                    "data-drag": ship_id,  # (app.frame.piece_drag)
                },
                h("span", {"class": "bs-ship-name"}, t(ship_name_key(view["edition"], ship_id))),
                h(
                    "span",
                    {"class": "bs-ship-len", "aria-hidden": "true"},
                    [
                        h("span", {"class": "bs-hole", "data-hole": k})
                        for k in range(LENGTH[ship_id])
                    ],
                ),
                h(
                    "span",
                    {"class": "bs-ship-state"},
                    t("battleship.placed" if placed else "battleship.not_placed_yet"),
                ),
            )
        )
    orientation = t(f"battleship.orientation.{screen.orientation}")
    return h(
        "div",
        {"class": "bs-placement"},
        h("p", {"class": "hint"}, t("battleship.place_help")),
        h(
            "div",
            {"class": "bs-ship-list", "role": "group", "aria-label": t("battleship.fleet")},
            ships,
        ),
        h(
            "div",
            {"class": "bs-actions"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "button subtle",
                    "data-action": "rotate",
                    "id": "bs-rotate",
                    "aria-keyshortcuts": "R",
                },
                t("battleship.rotate", orientation=orientation),
            ),
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "random-fleet"},
                t("battleship.random_fleet"),
            ),
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "clear-fleet"},
                t("battleship.clear_fleet"),
            ),
            h(
                "button",
                {"type": "button", "class": "button", "data-action": "ready", "id": "bs-ready"},
                t("battleship.ready"),
            ),
        ),
    )


def _radios(
    t: Translate, name: str, values: Iterable[str], current: str, label_key: str
) -> list[Markup]:
    return [
        h(
            "label",
            {"class": "choice"},
            h(
                "input",
                {
                    "type": "radio",
                    "name": f"bs-{name}",
                    "value": v,
                    "data-action": f"setup-{name}",
                    "checked": v == current,
                },
            ),
            h("span", {}, t(label_key.format(v))),
        )
        for v in values
    ]


def setup_dialog(t: Translate, choices: dict[str, Any]) -> Markup:
    """The new-game dialog: game, opponent, the side played against the computer, ship
    names, whether hits name their ship. `choices` holds the ones made so far ("mode",
    "opponent", "side", "edition", "announce_ship")."""
    return h(
        "dialog",
        {
            "class": "bs-dialog bs-setup",
            "id": "bs-setup",
            "aria-labelledby": "bs-setup-title",
            "data-open": True,  # opened by the game view once drawn
        },
        h("h2", {"id": "bs-setup-title"}, t("battleship.setup.title")),
        h(
            "fieldset",
            {},
            h("legend", {}, t("battleship.setup.mode")),
            _radios(t, "mode", MODES, choices["mode"], "battleship.mode.{}"),
        ),
        h("p", {"class": "hint"}, t("battleship.setup.mode_hint")),
        h(
            "fieldset",
            {},
            h("legend", {}, t("battleship.setup.opponent")),
            _radios(t, "opponent", OPPONENTS, choices["opponent"], "battleship.opponent.{}"),
        ),
        h(
            "fieldset",
            {},
            h("legend", {}, t("battleship.setup.side")),
            _radios(t, "side", SIDES, choices["side"], "battleship.side.{}"),
        ),
        h(
            "fieldset",
            {},
            h("legend", {}, t("battleship.setup.edition")),
            _radios(t, "edition", EDITIONS, choices["edition"], "battleship.edition.{}"),
        ),
        h(
            "label",
            {"class": "choice"},
            h(
                "input",
                {
                    "type": "checkbox",
                    "data-action": "setup-announce",
                    "name": "bs-announce",
                    "checked": bool(choices["announce_ship"]),
                },
            ),
            h("span", {}, t("battleship.setup.announce")),
        ),
        h(
            "div",
            {"class": "actions"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "button",
                    "data-action": "setup-start",
                    "id": "bs-start",
                },
                t("battleship.setup.start"),
            ),
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "setup-cancel"},
                t("battleship.cancel"),
            ),
        ),
        h(
            "p",
            {"class": "hint"},
            h(
                "a",
                {"href": router.href("invite", game="battleship"), "data-friend": True},
                t("connect.title"),
            ),
        ),
    )
