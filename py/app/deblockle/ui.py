"""Deblockle's UI state (what is on screen beside the position) and the page around the
game as the drawing reads it (parts.Screen): the UI state with what the game view knows."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..frame.frontend import COMPUTER, Facts, Table
from .parts import OPPONENT_AT, REMOTE, Screen


@dataclass(frozen=True)
class DeblockleUi:
    """What is on screen beside the position: the keyboard's cursor, the block picked to tip,
    the tip shown (not yet played) while its hop is chosen, the rolled block picked during
    the set-up and the north face chosen for each, the line under the board (an error or
    not), the last turn's squares, the New game dialog's choices while it is open (None:
    closed; remembered only when the game starts) and a square just refused."""

    cursor: str = "d4"
    selected: str | None = None
    tip: Mapping[str, Any] | None = None
    roll: str | None = None
    turns: Mapping[str, str] = field(default_factory=dict)
    message: str = ""
    message_is_error: bool = False
    last: tuple[str, ...] = ()
    choices: Mapping[str, Any] | None = None
    refused: str | None = None


def opponent_of(table: Table) -> str:
    """The opponent as the page and its statistics name it: a friend on another device,
    two people here, or the computer by its level."""
    if table.remote is not None:
        return REMOTE
    computer = next((seat for seat in table.seats if seat.kind == COMPUTER), None)
    return "human" if computer is None else OPPONENT_AT.get(computer.level, "strong")


def screen(ui: DeblockleUi, facts: Facts) -> Screen:
    """The page around the game, as the drawing reads it."""
    table = facts.table
    return Screen(
        seed=table.seed,
        opponent=opponent_of(table),
        selected=ui.selected,
        tip=dict(ui.tip) if ui.tip is not None else None,
        roll=ui.roll,
        turns=dict(ui.turns),
        cursor=ui.cursor,
        message=ui.message,
        message_is_error=ui.message_is_error,
        busy=facts.busy,
        me=table.me,
        peer=table.remote.name if table.remote is not None else "",
        frozen=not table.in_play,
        bar=facts.bar,
        can_undo=facts.can_undo,
        can_redo=facts.can_redo,
        address=facts.share_href,
        seed_shown=facts.seed_shown,
        counted=facts.counted,
        last=list(ui.last),
        prefs=dict(facts.prefs),
        choices=dict(ui.choices) if ui.choices is not None else None,
        refused=ui.refused,
    )
