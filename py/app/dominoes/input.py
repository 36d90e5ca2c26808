"""What a click or a key means on the Dominoes page (app.dominoes.frontend): a move for the
engine, a change of what is on screen, or a command for the view. From the view of the
seat in view and the Screen, so the same words serve a game on this device and one between
devices. Whether a tile plays, and on which ends, is the engine's (games.dominoes.choices).
Pure."""

from dataclasses import replace
from typing import Any

from games.common.errors import IllegalMove
from games.dominoes.choices import ends_for, kind_refusal, tile_refusal

from ..frame.frontend import Command, Input, Interpretation, Play, Show, Translate
from . import setup
from .table import selected_ends
from .texts import about
from .tiles import parse_tile, tile_name
from .ui import (
    DominoesUi,
    Screen,
    Tile,
    as_it_ended,
    covered,
    hand_order,
    moves_shown,
    phase,
    summary_pending,
)

DIGITS = "123456789"  # the first nine tiles of the hand, by the keyboard
# The dialog's own controls show a choice as it is made: the page is not drawn again.
SETUP_CHOICES = ("setup-player", "setup-partners")


def interpret(view: dict[str, Any], ui: Screen, given: Input, t: Translate) -> Interpretation:
    """What an input means, `view` being the seat in view's."""
    ui = replace(ui, focus=None)
    action, data = given.action, given.data
    if ui.setup is not None and (action == "key" or action.startswith("setup-")):
        return setup_input(ui, given)
    if action == "key":
        return key(view, ui, given, t)
    if action == "tile":
        tile = parse_tile(data.get("tile"))
        return None if tile is None else press_tile(view, ui, tile, t)
    if action == "end":
        return press_end(view, ui, data.get("end", ""))
    if action in ("draw", "pass"):
        return press_kind(view, ui, action, t)
    if action == "reveal":
        if not covered(view, ui):
            return None
        return Show(page_ui(replace(ui, revealed=view["current_player"])))
    if action == "next-hand":
        return next_hand(view, ui, t)
    if action in ("again", "undo", "redo"):
        return Command(action)
    if action == "new":
        return Command("setup")  # the new-game dialog, with the player's remembered choices
    return None


def page_ui(screen: Screen) -> DominoesUi:
    """The UI state of a Screen: what the page knows beside it is the page's."""
    return DominoesUi(**{name: getattr(screen, name) for name in DominoesUi.__dataclass_fields__})


def refused(ui: Screen | DominoesUi, refusal: IllegalMove, t: Translate) -> Show[DominoesUi]:
    """Why the rules refused a move, said and shown as an error; the tile picked goes."""
    params = {k: str(v) for k, v in refusal.params.items()}
    message = t(refusal.key, **params)
    shown = replace(ui, message=message, message_is_error=True, focus=None)
    return Show(page_ui(shown) if isinstance(shown, Screen) else shown, said=message, cue="invalid")


def press_tile(view: dict[str, Any], ui: Screen, tile: Tile, t: Translate) -> Interpretation:
    """A tile of the hand: played at once where it fits one end only, else picked (or put
    back) so that an end can be chosen."""
    if not moves_shown(view, ui) or list(tile) not in view["hand"]:
        return None
    refusal = tile_refusal(view, tile)
    if refusal is not None:
        return refused(replace(ui, selected=None), refusal, t)
    ends = ends_for(view, tile)
    if len(ends) == 1:
        return Play({"type": "play", "tile": list(tile), "end": ends[0]})
    if ui.selected == tile:
        return Show(page_ui(replace(ui, selected=None)))
    said = t("dominoes.status_choose_end", tile=tile_name(tile))
    picked = page_ui(replace(ui, selected=tile, message=""))
    return Show(picked, said=said, cue="select", focus=f"dm-end-{ends[0]}")


def press_end(view: dict[str, Any], ui: Screen, end: str) -> Interpretation:
    if ui.selected is None or end not in selected_ends(view, ui):
        return None
    return Play({"type": "play", "tile": list(ui.selected), "end": end})


def press_kind(view: dict[str, Any], ui: Screen, kind: str, t: Translate) -> Interpretation:
    """Draw or Pass, when the hand in view may move: the rules say whether it must."""
    if not moves_shown(view, ui):
        return None
    refusal = kind_refusal(view, kind)
    return refused(ui, refusal, t) if refusal is not None else Play({"type": kind})


def next_hand(view: dict[str, Any], ui: Screen, t: Translate) -> Interpretation:
    """The hand's summary closed: the next hand, its leader said."""
    if not summary_pending(view, ui):
        return None
    after = replace(ui, ack=len(view["hand_summaries"]))
    said = about(t, "dominoes.announce.new_hand", view, after, [view["current_player"]])
    return Show(page_ui(after), said=said)


def setup_input(ui: Screen, given: Input) -> Interpretation:
    """The new-game dialog is open: a choice, Start, Cancel, or Escape."""
    assert ui.setup is not None
    action = given.action
    if action == "key":
        return Show(page_ui(replace(ui, setup=None))) if given.key == "Escape" else None
    if action == "setup-cancel":
        return Show(page_ui(replace(ui, setup=None)))
    if action == "setup-start":
        players, partners = setup.table_chosen(ui.setup)
        return Command("new", {"players": players, "partners": partners})
    checked = given.data.get("checked") == "true"
    choices = setup.change(ui.setup, action, given.data, checked)
    return None if choices is None else Show(page_ui(replace(ui, setup=choices)))


def key(view: dict[str, Any], ui: Screen, given: Input, t: Translate) -> Interpretation:
    """Escape closes a hand's summary or puts the picked tile back; the arrows (and Home
    and End on a tile) go along the hand; D draws, P passes, N opens the new-game dialog;
    1 to 9 press the hand's tiles."""
    pressed = given.key
    if pressed == "Escape" and summary_pending(view, ui):
        return next_hand(view, ui, t)
    if pressed in ("ArrowLeft", "ArrowRight") or (given.on_board and pressed in ("Home", "End")):
        return along_the_hand(view, ui, given)
    if pressed in ("d", "D"):
        return press_kind(view, ui, "draw", t)
    if pressed in ("p", "P"):
        return press_kind(view, ui, "pass", t)
    if pressed in ("n", "N"):
        return Command("setup")
    if pressed == "Escape" and ui.selected is not None:
        return Show(page_ui(replace(ui, selected=None)))
    if len(pressed) == 1 and pressed in DIGITS:
        hand = hand_order(view)
        index = int(pressed) - 1
        return press_tile(view, ui, hand[index], t) if index < len(hand) else None
    return None


def tile_id(tile: Tile) -> str:
    return f"dm-t-{tile_name(tile)}"


def hand_drawn(view: dict[str, Any], ui: Screen) -> list[Tile]:
    """The tiles of the hand on screen, in the page's order (none behind the cover)."""
    if phase(view, ui) == "cover" or view["seat"] is None:
        return []
    return hand_order(as_it_ended(view, ui))


def along_the_hand(view: dict[str, Any], ui: Screen, given: Input) -> Interpretation:
    """Every tile in reach of the keyboard, however many (1-9 reach only nine): the arrows
    step along the hand, Home and End go to its ends; from anywhere else on the page an
    arrow goes into the hand, Right to its first tile and Left to its last. `given.on_board`:
    a tile of the hand has focus (`given.data["id"]`)."""
    ids = [tile_id(tile) for tile in hand_drawn(view, ui)]
    if not ids:
        return None
    pressed, focused = given.key, given.data.get("id", "")
    if not given.on_board or focused not in ids:
        index = 0 if pressed == "ArrowRight" else len(ids) - 1
    elif pressed in ("Home", "End"):
        index = 0 if pressed == "Home" else len(ids) - 1
    else:
        step = 1 if pressed == "ArrowRight" else -1
        index = (ids.index(focused) + step) % len(ids)
    return Show(page_ui(ui), focus=ids[index])
