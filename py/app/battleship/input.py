"""What a click or a key means on Battleship's page (app.battleship.frontend): a move for
the engine, a change of what is on screen, or a command for the view; and what a move the
rules refused shows. From the position as the person at the screen has it (a Seen), so the
same words serve a game on this device and one between devices. Pure."""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.battleship.fleet import LENGTH
from games.battleship.grid import SIZE, square_index, square_name
from games.common.errors import IllegalMove

from ..frame.frontend import Command, Input, Interpretation, Play, Show, Translate
from . import hunt, setup
from .texts import refusal_text, ship_name
from .ui import BattleshipUi, Seen

KEY_STEPS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
GRIDS = ("bs-target", "bs-ocean")
PLACEMENT_ACTIONS = {"random-fleet": "spread_fleet", "clear-fleet": "clear", "ready": "ready"}
# The dialog's own inputs show a choice as it is made: they change the UI state only.
SETUP_CHOICES = ("setup-mode", "setup-opponent", "setup-side", "setup-edition", "setup-announce")


def place_move(player: int | None, ship: str, square: str, orientation: str) -> dict[str, Any]:
    """Put a ship's top or left end on `square`."""
    return {
        "type": "place",
        "player": player,
        "ship": ship,
        "square": square,
        "orientation": orientation,
    }


def interpret_seen(shown: Seen, ui: BattleshipUi, given: Input, t: Translate) -> Interpretation:
    """What a click or a key means, the position as the person at the screen has it."""
    ui = replace(ui, fresh=None, focus=None)
    action, data = given.action, given.data
    if ui.setup is not None and (action == "key" or action.startswith("setup-")):
        return setup_input(ui, given)
    if action == "key":
        return key(shown, ui, given, t)
    if action == "shoot" and square_index(data.get("sq")) is not None:
        return press_target(shown, ui, data["sq"])
    if action == "place" and square_index(data.get("sq")) is not None:
        return press_ocean(shown, ui, data["sq"], t)
    if action == "pick-ship" and data.get("ship") in LENGTH:
        return Show(replace(ui, selected_ship=data["ship"], message=""))
    if action == "rotate":
        return rotate(shown, ui, t)
    if action in PLACEMENT_ACTIONS:
        if shown.phase != "place":
            return None
        return Play({"type": PLACEMENT_ACTIONS[action], "player": shown.active})
    if action == "fire":
        return fire_salvo(shown)
    if action == "clear-salvo":
        # Every square aimed, taken back: the game view unaims them one by one.
        return Command("clear-salvo") if salvo_on(shown) else None
    if action == "focus-salvo" and str(data.get("number", "")).isdigit():
        number = int(data["number"])
        return Show(replace(ui, focus_salvo=None if ui.focus_salvo == number else number))
    if action in ("undo", "redo"):
        return Command(action)
    if action == "new":
        return Command("setup")  # the new-game dialog, with the player's remembered choices
    if action == "close-over":
        return Show(replace(ui, over_closed=True))
    if action in hunt.ACTIONS:
        return hunt.interpret(shown, ui, action)
    return None


def setup_input(ui: BattleshipUi, given: Input) -> Interpretation:
    """The new-game dialog is open: a choice, Start, Cancel, or Escape."""
    assert ui.setup is not None
    action = given.action
    if action == "key":
        return Show(replace(ui, setup=None)) if given.key == "Escape" else None
    if action == "setup-cancel":
        return Show(replace(ui, setup=None))
    if action == "setup-start":
        return Command("new", dict(ui.setup))
    choices = dict(ui.setup)
    checked = None
    if action == "setup-announce":  # the box ticked or not: each change turns it over
        checked = not choices["announce_ship"]
    setup.choose(choices, action, given.data.get("value"), checked)
    return Show(replace(ui, setup=choices))


def key(shown: Seen, ui: BattleshipUi, given: Input, t: Translate) -> Interpretation:
    """Arrows move the cursor on the grid in use, Enter or Space press its square; R
    rotates the ship in hand, F fires the salvo, N opens the new-game dialog."""
    pressed, grid = given.key, given.data.get("grid", "")
    on_grid = given.on_board and grid in GRIDS
    if pressed in KEY_STEPS and on_grid:
        dr, dc = KEY_STEPS[pressed]
        row, col = divmod(ui.cursor, SIZE)
        cursor = min(SIZE - 1, max(0, row + dr)) * SIZE + min(SIZE - 1, max(0, col + dc))
        return Show(replace(ui, cursor=cursor, focus=grid))
    if pressed in ("Enter", " ") and on_grid:
        square = square_name(ui.cursor)
        if grid == "bs-target":
            return press_target(shown, ui, square)
        return press_ocean(shown, ui, square, t)
    if pressed in ("r", "R"):
        return rotate(shown, ui, t)
    if pressed in ("f", "F"):
        return fire_salvo(shown)
    if pressed in ("n", "N"):
        return Command("setup")
    return None


def landing(
    state: Any, shown: Seen, ship: str, square: str, orientation: str, hole: int
) -> tuple[list[str], IllegalMove | None]:
    """Where the ship held by its square `hole` over `square` would go, and why it may not
    (None: it may), as the rules say for the player placing."""
    player = shown.active if shown.active is not None else 0
    found: tuple[list[str], IllegalMove | None]
    found = state.placement_squares(player, ship, square, orientation, hole)
    return found


def drop(
    state: Any, shown: Seen, ui: BattleshipUi, data: Mapping[str, str], t: Translate
) -> Interpretation:
    """A ship dragged onto the ocean and let go ({piece, sq, hole}): placed there, or why not."""
    ship, square, hole = data.get("piece", ""), data.get("sq", ""), data.get("hole", "0")
    if shown.phase != "place" or ship not in LENGTH or square_index(square) is None:
        return None
    held = int(hole) if hole.isdigit() else 0
    squares, refusal = landing(state, shown, ship, square, ui.orientation, held)
    if refusal is not None:
        return refused_seen(shown.view["edition"] if shown.view else "modern", ui, None, refusal, t)
    return Play(place_move(shown.active, ship, squares[0], ui.orientation))


def press_target(shown: Seen, ui: BattleshipUi, square: str) -> Interpretation:
    """A square of the target grid: fire at it, or aim (or un-aim) it for the salvo."""
    if shown.phase != "fire" or shown.view is None:
        return None
    if shown.mode == "classic":
        return Play({"type": "fire", "squares": [square]})
    kind = "unaim" if square in shown.view["aimed"] else "aim"
    return Play({"type": kind, "square": square})


def press_ocean(shown: Seen, ui: BattleshipUi, square: str, t: Translate) -> Interpretation:
    """A square of the ocean while placing: a placed ship (not the one in hand) is picked
    up; otherwise the ship in hand goes there."""
    if shown.phase != "place" or shown.view is None:
        return None
    ui = replace(ui, cursor=square_index(square) or 0)
    for ship in shown.view["fleet"]:
        if square in ship["squares"] and ship["ship"] != ui.selected_ship:
            said = t("battleship.picked", ship=ship_name(t, shown.view["edition"], ship["ship"]))
            picked = replace(
                ui,
                selected_ship=ship["ship"],
                orientation=ship["orientation"],
                message=said,
                message_is_error=False,
            )
            return Show(picked, said=said)
    if ui.selected_ship is None:
        return Show(replace(ui, message=t("battleship.pick_first"), message_is_error=True))
    return Play(place_move(shown.active, ui.selected_ship, square, ui.orientation))


def rotate(shown: Seen, ui: BattleshipUi, t: Translate) -> Interpretation:
    if shown.phase != "place":
        return None
    orientation = "v" if ui.orientation == "h" else "h"
    said = t("battleship.rotate", orientation=t(f"battleship.orientation.{orientation}"))
    return Show(replace(ui, orientation=orientation), said=said)


def salvo_on(shown: Seen) -> bool:
    return shown.phase == "fire" and shown.mode != "classic"


def fire_salvo(shown: Seen) -> Interpretation:
    """The squares aimed, fired (the rules refuse a salvo not yet complete)."""
    return Play({"type": "fire"}) if salvo_on(shown) else None


def refused_seen(
    edition: str, ui: BattleshipUi, move: Any, refusal: IllegalMove, t: Translate
) -> Show[BattleshipUi]:
    """Why the rules refused a move, with ships by their names in the game's edition; the
    cursor goes to the square refused (`move` None: a ship dropped where it may not go)."""
    message = refusal_text(t, edition, refusal)
    squares = [move.get("square"), *(move.get("squares") or ())] if move else []
    where = [index for index in map(square_index, squares) if index is not None]
    cursor = where[0] if where else ui.cursor
    shown = replace(ui, message=message, message_is_error=True, cursor=cursor, focus=None)
    return Show(shown, said=message, cue="invalid")
