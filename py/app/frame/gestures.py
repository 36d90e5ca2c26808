"""Pieces dragged onto a game's board: what a game's rules say of a press and a drop
(`DragRules`, pure, given by the frontend) and the pointer gesture the game view follows
(`Gesture`; the browser's side is app.frame.piece_drag)."""

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..html import Markup

if TYPE_CHECKING:
    from .frontend import Facts


@dataclass(frozen=True)
class Lift:
    """A piece a press lifts (DragRules.lift): the UI state with it in hand, the piece and the
    square of it held (`hole`, from its head), the floating copy's markup and class, and
    whether it lies along the board's rows (else down its columns)."""

    ui: Any
    piece: str
    hole: int
    ghost: Markup
    ghost_class: str
    along_x: bool


class DragRules(Protocol):
    """A game's rules for pieces dragged onto its board (pure: the browser's side is
    app.frame.piece_drag). `board` is the selector of the board pieces are dropped on; a drop
    is the input "drop" {piece, sq, hole} for `interpret`."""

    board: str

    def lift(
        self, state: Any, ui: Any, facts: "Facts", piece: str, square: str, hole: int
    ) -> Lift | None:
        """What a press lifts: a piece from the dock (`piece`, held by `hole`) or the one on
        the board's `square`; None: nothing to lift."""
        ...

    def landing(
        self, state: Any, ui: Any, facts: "Facts", piece: str, square: str, hole: int
    ) -> tuple[list[str], bool]:
        """The squares the piece held over `square` would cover, and whether it may go there."""
        ...


class Gesture(Protocol):
    """A pointer gesture the game view follows (app.pointer_drag's hooks): `swallows` the
    click that ends a drag; `abandon` when the view closes."""

    def follow(self) -> None: ...

    def swallows(self, action: str) -> bool: ...

    def abandon(self) -> None: ...


class NoGesture:
    """The gesture of a game that has none."""

    def follow(self) -> None:
        pass

    def swallows(self, action: str) -> bool:
        return False

    def abandon(self) -> None:
        pass
