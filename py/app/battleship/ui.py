"""Battleship's UI state (what is on screen beside the position) and who is looking: the
player whose screen is shown, the page's phase, the position as the person at the screen
has it (a `Seen`), and the Screen the drawing reads. Pure: no browser, no storage."""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games.battleship import State
from games.battleship.fleet import SHIP_IDS

from ..frame.frontend import COMPUTER, Facts, Table
from .screen import Screen
from .sealed_position import SealedPosition

# A position as the frontend's hooks read it: an ordinary game's, or one between devices.
Position = State | SealedPosition


@dataclass(frozen=True)
class BattleshipUi:
    """What is on screen beside the position. `opponent` and `me` say who sits where (a
    computer's level, "human" for two people passing the device, "remote" for a friend on
    another device; the person's seat, None when two people share the device), as the game
    view's Table says (`seated`). `fresh` (the grid whose latest shot is drawn moving) and
    `focus` (the element that takes the keyboard) last one drawing."""

    opponent: str = "hard"
    me: int | None = 0
    revealed: int | None = 0  # two people: whose screen is uncovered (None: the cover)
    selected_ship: str | None = SHIP_IDS[0]  # the ship in hand while placing
    orientation: str = "h"  # of the ship in hand
    cursor: int = 0  # the keyboard's cursor on the grid in use
    focus_salvo: int | None = None  # Advanced Salvo: the salvo outlined in the list
    message: str = ""
    message_is_error: bool = False
    setup: Mapping[str, Any] | None = None  # the new-game dialog's choices while it is open
    over_closed: bool = False  # the end-of-game window was closed to see the grids
    resign_asked: bool = False  # a hunt's Resign pressed: the page asks first (13.4)
    fresh: str | None = None
    focus: str | None = None

    @property
    def humans(self) -> bool:
        return self.opponent == "human"


@dataclass(frozen=True)
class Seen:
    """The position as the person at the screen has it: what they may see (None behind the
    pass-and-play cover), the page's phase (over, cover, pass, computer, place, fire;
    between devices also friend and stopped), the player who must act now and the mode."""

    view: dict[str, Any] | None
    phase: str
    active: int | None
    mode: str


def seated(ui: BattleshipUi, table: Table) -> BattleshipUi:
    """The UI state with who sits where, as the game view's table says."""
    if table.all_here:
        return replace(ui, opponent="human", me=None)
    computer = next((seat for seat in table.seats if seat.kind == COMPUTER), None)
    opponent = computer.level if computer is not None else "remote"
    return replace(ui, opponent=opponent, me=table.me)


# --- who is looking --------------------------------------------------------------------
def viewer(state: Position, ui: BattleshipUi) -> int | None:
    """The player whose screen is shown, or None behind the pass-and-play cover."""
    if not ui.humans:
        return ui.me
    if state.is_over:
        return ui.revealed if ui.revealed is not None else state.winner
    return ui.revealed


def phase(state: Position, ui: BattleshipUi) -> str:
    if state.is_over:
        return "over"
    looking, active = viewer(state, ui), state.current_player
    if looking is None:
        return "cover"
    if active != looking:
        return "pass" if ui.humans else "computer"
    return "place" if state.phase == "placement" else "fire"


def seen(state: Position, ui: BattleshipUi) -> Seen:
    if isinstance(state, SealedPosition):  # between devices: this device's person's view
        return Seen(state.own, state.here, None if state.is_over else state.me, state.mode)
    looking = viewer(state, ui)
    view = None if looking is None else state.view_for(looking)
    return Seen(view, phase(state, ui), state.current_player, state.mode)


def first_unplaced(view: Mapping[str, Any] | None) -> str | None:
    """The first ship of the view's fleet not yet on the ocean (None once all are, or after
    placing)."""
    if view is None or view["phase"] != "placement":
        return None
    return next((ship["ship"] for ship in view["fleet"] if not ship["squares"]), None)


def unplaced(state: Position) -> str | None:
    """The next ship to place of the player placing now (between devices: this device's)."""
    if isinstance(state, SealedPosition):
        return first_unplaced(state.own)
    active = state.current_player
    return None if active is None else first_unplaced(state.view_for(active))


def between_devices(state: Position, facts: Facts) -> dict[str, Any]:
    """The Screen's fields of a game with a friend on another device: the friend's name, the
    line about the match, whether this device's fleet was lost, hosting, connected."""
    remote = facts.table.remote
    if not isinstance(state, SealedPosition) or remote is None:
        return {}
    return {
        "peer": remote.name,
        "bar": facts.bar,
        "fleet_lost": state.fleet_lost,
        "hosting": state.hosting,
        "connected": state.connected,
    }


def screen(ui: BattleshipUi, shown: Seen, motion: bool = True, **page_facts: Any) -> Screen:
    """The drawing's Screen; `page_facts` are what the view knows beside (undo and redo,
    the computer's think time, a game between devices' fields)."""
    return Screen(
        phase=shown.phase,
        mode=shown.mode,
        opponent=ui.opponent,
        active=shown.active,
        me=ui.me,
        fresh=ui.fresh if motion else None,
        selected_ship=ui.selected_ship,
        orientation=ui.orientation,
        cursor=ui.cursor,
        focus_salvo=ui.focus_salvo,
        message=ui.message,
        message_is_error=ui.message_is_error,
        setup=dict(ui.setup) if ui.setup is not None else None,
        over_closed=ui.over_closed,
        resign_asked=ui.resign_asked,
        **page_facts,
    )
