"""What Battleship's page shows besides the position: the phase of the page, who is at the
screen, the ship in hand, the cursor, the message; built by the frontend from its UI state
(app.battleship.ui) and read by every drawing module, with the index of a square a view
names."""

from dataclasses import dataclass
from typing import Any

from games.battleship.grid import square_index

from ..html import Markup


@dataclass
class Cell:
    """One square of a grid as drawn: its classes, what it holds (a peg, a salvo's
    number), its label for screen readers, and the action a click on it has (None: none)."""

    classes: str
    content: Markup | None
    label: str
    action: str | None = None


def index_of(square: str) -> int:
    """The index of a square a view names (always on the grid: the engine wrote it)."""
    index = square_index(square)
    assert index is not None, square
    return index


@dataclass
class Screen:
    """What the page shows besides the position."""

    # over, cover, pass (show the result, then hand over), computer, place, fire; between
    # devices also friend (waiting for the friend's device) and stopped (the link's status)
    phase: str
    mode: str  # the game's mode, shown even under the cover
    opponent: str  # a computer strength, or "human" for two players on this device
    active: int | None  # the player who must act now (placing or shooting), None when over
    me: int | None = 0  # the person's seat against the computer (None: two people)
    fresh: str | None = None  # the grid whose latest shot moves in this drawing, "ocean"/"target"
    selected_ship: str | None = None  # the ship in hand while placing
    orientation: str = "h"  # of the ship in hand
    cursor: int = 0  # the keyboard cursor on the grid in use
    focus_salvo: int | None = None  # Advanced Salvo: the salvo outlined in the list
    message: str = ""
    message_is_error: bool = False
    think_ms: int | None = None  # how long the computer's last move took (for tests)
    setup: dict[str, Any] | None = None  # the new-game dialog's choices while it is open
    can_undo: bool = False  # is there a move of the player at the screen to take back
    can_redo: bool = False
    over_closed: bool = False  # the end-of-game window was closed to see the grids
    resign_asked: bool = False  # a hunt's Resign pressed: asked on the page first
    # A game with a friend on another device (opponent "remote"): the friend's name, the
    # line above the grids (app.views.remote_bar), this device's fleet no longer the one
    # it sealed, this device hosting the game, the connection open.
    peer: str | None = None
    bar: Markup | None = None
    fleet_lost: bool = False
    hosting: bool = False
    connected: bool = False

    @property
    def humans(self) -> bool:
        return self.opponent == "human"

    @property
    def remote(self) -> bool:
        return self.peer is not None
