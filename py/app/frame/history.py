"""Undo and redo on the frame, through the midend: a press takes back the last decision of a
person here (against the computer, with its reply: Midend.undo), and with it the moves the
frontend says go with it (a salvo's squares aimed one by one: Frontend.joined); redo plays
them again the same way. Where the people here hide things from each other (two people
passing the device), the frontend says whose moves the person at the screen may take back
(Frontend.may_take_back)."""

from typing import Any

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


def undo(midend: Midend, frontend: Frontend[Any, Any], ui: Any, table: Table) -> bool:
    """Take back the last decision the person at the screen may; whether there was one."""
    if not can_undo(midend, frontend, ui, table):
        return False
    midend.undo()
    while midend.can_undo and last_joined(midend, frontend):
        midend.undo()
    return True


def redo(midend: Midend, frontend: Frontend[Any, Any], ui: Any, table: Table) -> bool:
    """Play again the next decision taken back; whether there was one. IllegalMove when the
    redo list no longer fits the game (it is then forgotten)."""
    if not can_redo(midend, frontend, ui, table):
        return False
    midend.redo()
    while midend.can_redo and last_joined(midend, frontend):
        midend.redo()
    return True


def last_joined(midend: Midend, frontend: Frontend[Any, Any]) -> bool:
    """Does the last move played go with the one after it?"""
    return frontend.joined(midend.game.parse_move(midend.moves[-1][1]))
