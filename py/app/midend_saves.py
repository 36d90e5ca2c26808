"""The midend's part of a save (its "frame": the game's ID, seats, moves, undo list and
remote record), read back strictly: a save is a value anyone with the device could have
changed. ValueError names what is wrong; the midend then resets that save alone."""

from typing import Any

from games.common.checks import is_int
from games.common.protocol import MAX_SEED

from .seat_kinds import REMOTE

MAX_NAME = 40  # a peer's nickname, as app.remote.names cleans it
MAX_MOVES = 20_000  # far more than any real game: a longer list is damage
MAX_NOTATION = 400  # one move's notation


def checked_frame(frame: Any) -> dict[str, Any]:
    """The frame of a save, checked: ValueError if anything in it is wrong."""
    if not isinstance(frame, dict):
        raise ValueError("no frame")
    options, seed, seats = frame.get("options"), frame.get("seed"), frame.get("seats")
    if not isinstance(options, dict) or not is_int(seed) or not 0 <= seed <= MAX_SEED:
        raise ValueError("bad game ID")
    if not (isinstance(seats, list) and all(isinstance(s, str) and len(s) < 40 for s in seats)):
        raise ValueError("bad seats")
    moves, undone = _checked_moves(frame.get("moves")), _checked_moves(frame.get("undone"))
    if not isinstance(frame.get("ranked"), bool) or not isinstance(frame.get("known", False), bool):
        raise ValueError("bad ranked flag")
    base = frame.get("base")
    if base is not None and not isinstance(base, dict):
        raise ValueError("bad base position")
    return {
        "options": options,
        "seed": seed,
        "seats": seats,
        "base": base,
        "moves": moves,
        "undone": undone,
        "ranked": frame["ranked"] and not frame.get("known", False),
        "known": frame.get("known", False),
        "remote": checked_remote(frame.get("remote"), seats),
    }


def checked_remote(remote: Any, seats: list[str]) -> dict[str, Any] | None:
    """A remote game's record: the peer's nickname and app.remote's session (a dict it
    checks itself when the game resumes); a remote seat needs one, other games none."""
    if remote is None and REMOTE not in seats:
        return None
    if not (isinstance(remote, dict) and set(remote) == {"peer", "session"}):
        raise ValueError("a remote game without its peer")
    peer, session = remote["peer"], remote["session"]
    if not isinstance(peer, str) or not 0 < len(peer) <= MAX_NAME or not isinstance(session, dict):
        raise ValueError("bad peer")
    if REMOTE not in seats:
        raise ValueError("a peer but no remote seat")
    return {"peer": peer, "session": session}


def _checked_moves(moves: Any) -> list[list[Any]]:
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise ValueError("bad move list")
    for entry in moves:
        if not (
            isinstance(entry, list)
            and len(entry) == 2
            and (entry[0] is None or is_int(entry[0]))
            and isinstance(entry[1], str)
            and len(entry[1]) <= MAX_NOTATION
        ):
            raise ValueError("bad move")
    return [list(entry) for entry in moves]
