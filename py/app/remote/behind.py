"""A game with a friend whose save fell behind: the storage was full when the page saved it,
so after a reload the save holds fewer moves than the devices had agreed on, this device's
own among them. Its friend's sync sends them back; without knowing its save was behind, this
device would take its own move, sent by the other device, for a move out of turn, and name
an honest friend a cheater.

So when a save of a game with a friend is not written, the page notes in the tab's
sessionStorage (which outlives a reload of the tab and has room of its own) where the game
was: {match, count, hash}. A device resumed from a save behind its note (`lost`) takes back
the moves up to `count` from its friend's device, its own included, each checked as any move
is and the position after the last one against the noted hash (another move in place of its
own is the sender's false claim: app.remote.move_check); meanwhile it asks for a sync and does
not play on. A tab closed since the save failed has lost the note: its device judges as before."""

import json
from typing import Any

from app.fair.errors import ProtocolError
from app.remote import wire
from app.storage import Backend
from app.untrusted import parse_json

KEY = "gemau:behind:"


def note(tab: Backend | None, slot: str, match_id: str, count: int, hash_: str) -> None:
    """This game's save was not written: where it is, for after a reload of the tab."""
    if tab is None:
        return
    text = json.dumps({"match": match_id, "count": count, "hash": hash_})
    try:
        tab.set(KEY + slot, text)
    except Exception:  # (a tab's storage refused too: nothing else to do)
        pass


def forget(tab: Backend | None, slot: str) -> None:
    if tab is not None:
        try:
            tab.remove(KEY + slot)
        except Exception:
            pass


def lost(tab: Backend | None, slot: str, match_id: str, count: int) -> tuple[int, str] | None:
    """The moves this device had agreed on beyond its save of this game (their count, the
    position's hash after them), if its tab noted a save that failed; None otherwise."""
    if tab is None:
        return None
    try:
        data: Any = parse_json(tab.get(KEY + slot) or "null", max_chars=400)
        if data is None or data.get("match") != match_id:
            return None
        noted = wire.whole(data.get("count"), count + 1, 10**6, "a move count")
        return noted, wire.hex64(data.get("hash"), "a position's hash")
    except (ProtocolError, ValueError, AttributeError):
        return None
