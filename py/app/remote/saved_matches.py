"""The games with friends kept on this device, as #/connect asks about them: which to
offer to take up again with the friend just connected, which one the friend's device asks
to resume, who of a table game's friends a new link is for, and whether a save is of a
table game (`table_session`). Only reads: every save is read back strictly by
app.saved_games, and what it holds about the friend is checked here before it is used."""

from typing import Any

from .. import saved_games
from ..games_list import REMOTE_GAMES, remote_slot
from ..storage import Store
from . import wire
from .duel_word import from_before_the_hidden_word
from .roster import HOST

TABLE_GAMES = ("dominoes",)  # the games 3 or 4 devices play together
MAX_TABLE_DEVICES = 4  # their seats (the protocol takes up to 8 devices: a Wordle group)


def in_progress(store: Store, peer_name: str | None) -> list[tuple[str, dict[str, Any]]]:
    """(route, frame) of each unfinished game with a friend whose friend has this name
    (or any name, for None)."""
    found = []
    for route in REMOTE_GAMES:
        data = saved_games.load(store, remote_slot(route)).data
        meta = data["meta"] if data else {}
        frame = meta.get("frame") if isinstance(meta.get("frame"), dict) else None
        remote = frame.get("remote") if frame else None
        if frame is None or not isinstance(remote, dict) or meta.get("over") is True:
            continue
        if from_before_the_hidden_word(data):
            continue  # (a duel that cannot be carried on: its page says so and drops it)
        if peer_name is None or remote.get("peer") == peer_name:
            found.append((route, frame))
    return found


def asked_to_resume(store: Store, match: object) -> str | None:
    """The route of the game in progress here that the other device asks to resume (its
    `sync` names the match)."""
    for route, frame in in_progress(store, None):
        try:
            if wire.match_id(REMOTE_GAMES[route], frame["options"], frame["seed"]) == match:
                return route
        except (KeyError, TypeError, ValueError):
            continue
    return None


def lost_table_friend(store: Store, guest: object) -> tuple[str, str] | None:
    """(guest id, name) of the friend of the table game saved here that a new link is for."""
    data = saved_games.load(store, remote_slot(TABLE_GAMES[0])).data
    if not isinstance(guest, str) or guest == HOST or not is_table_save(data):
        return None
    names = data["meta"]["frame"]["remote"]["session"].get("names")
    name = names.get(guest) if isinstance(names, dict) else None
    return (guest, name) if isinstance(name, str) else None


def table_session(data: Any) -> dict[str, Any] | None:
    """The table match's record in a saved game with friends ({"state", "meta"}), if it
    was played at a table of devices."""
    meta = data.get("meta") if isinstance(data, dict) else None
    frame = meta.get("frame") if isinstance(meta, dict) else None
    remote = frame.get("remote") if isinstance(frame, dict) else None
    session = remote.get("session") if isinstance(remote, dict) else None
    return session if isinstance(session, dict) and "devices" in session else None


def is_table_save(data: Any) -> bool:
    return table_session(data) is not None
