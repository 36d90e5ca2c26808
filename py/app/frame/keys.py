"""A key pressed in a game on the frame, as the game view reads it: Ctrl+Z undoes, Ctrl+Shift+Z
and Ctrl+Y redo (Cmd on a Mac), the same in every game; any other key goes to the frontend,
unless it was meant for a form control, a button or a link (Enter follows it), or a dialog that is
open (but Escape, with
which the frontend may close a dialog of its own)."""

from typing import Any

from .frontend import Command, Input

IGNORED_TARGETS = ("INPUT", "SELECT", "TEXTAREA", "SUMMARY")


def read_key(event: Any, dialog_open: bool) -> Input | Command | None:
    """The key's meaning for the game view: an undo or redo, an input for the frontend, or
    nothing for the game."""
    target, key = event.target, str(event.key)
    tag = str(target.tagName)
    if event.ctrlKey or event.metaKey:
        letter = key.lower()
        if event.altKey or letter not in ("z", "y") or dialog_open or tag in IGNORED_TARGETS:
            return None
        return Command("redo" if letter == "y" or event.shiftKey else "undo")
    if event.altKey:
        return None
    for_others = tag in IGNORED_TARGETS or (tag in ("BUTTON", "A") and key in ("Enter", " "))
    if key != "Escape" and (for_others or dialog_open):
        return None
    on_board = str(target.getAttribute("data-board") or "") == "on"
    return Input("key", {"id": str(target.id or "")}, key=key, on_board=on_board)
