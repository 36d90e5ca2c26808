"""Undo and redo on the frame, through the midend: a press takes back the last decision of a
person here (against the computer, with its reply: Midend.undo), and with it the moves the
frontend says go with it (a salvo's squares aimed one by one: Frontend.joined); redo plays
them again the same way. Where the people here hide things from each other (two people
passing the device), the frontend says whose moves the person at the screen may take back
(Frontend.may_take_back)."""

from typing import Any

from games.common.errors import IllegalMove

from ..midend import Midend
from .frontend import Frontend, Table


def can_undo(midend: Midend, frontend: Frontend[Any, Any], ui: Any, table: Table) -> bool:
    if not midend.can_undo:
        return False
    return frontend.may_take_back(midend.state, ui, table, midend.moves[-1][0])


def can_redo(midend: Midend, frontend: Frontend[Any, Any], ui: Any, table: Table) -> bool:
    if not midend.can_redo:
        return False
    return frontend.may_take_back(midend.state, ui, table, midend.undone[-1][0])


def undo(midend: Midend, frontend: Frontend[Any, Any], ui: Any, table: Table) -> str:
    """Take back the last decision the person at the screen may; "" when done, else why not
    (a catalogue key)."""
    if not can_undo(midend, frontend, ui, table):
        if midend.is_remote:
            return "frame.no_undo_remote"
        return "frame.game_over" if midend.state.is_over else "frame.nothing_to_undo"
    midend.undo()
    while midend.can_undo and last_joined(midend, frontend):
        midend.undo()
    return ""


def redo(midend: Midend, frontend: Frontend[Any, Any], ui: Any, table: Table) -> str:
    """Play again the next decision taken back; "" when done, else why not (a redo list that
    no longer fits the game is forgotten)."""
    if not can_redo(midend, frontend, ui, table):
        return "frame.no_undo_remote" if midend.is_remote else "frame.nothing_to_redo"
    try:
        midend.redo()
        while midend.can_redo and last_joined(midend, frontend):
            midend.redo()
    except IllegalMove as refusal:
        return refusal.key
    return ""


def last_joined(midend: Midend, frontend: Frontend[Any, Any]) -> bool:
    """Does the last move played go with the one after it?"""
    return frontend.joined(midend.game.parse_move(midend.moves[-1][1]))
