"""A game with friends comes back by itself: the game's page follows its room (the one the
invite page opened, or the one kept for the game, which a reloaded page rejoins), and each
new connection the room makes is handed to the game.

For a game of two the match carries on over the new connection (LinkGame.relink). At a
table or in a group the host's page hands it over as a new link made on #/connect is
(the friend's seat from the room record's `seats`), and a friend's page waits for the
host's first message on it (`table`, `group`) and opens the game again on it."""

from collections.abc import Callable
from typing import Any

from ..storage import Store
from . import prefs, room_links, room_records, rtc
from .room_records import Record


def follow(
    store: Store, route: str, name: str, on_link: Callable[[Any, str], None]
) -> Record | None:
    """The room of this game takes `on_link` for its new connections: its record, or None
    if the game has no room or internet play is off."""
    record = room_records.of_game(store, route)
    current = room_links.current
    if record is None:
        return None
    if current is not None and current.place.secret == record["secret"] and not current.closed:
        current.on_link = on_link
        return record
    if current is not None:
        current.close()
        room_links.current = None
    settings = prefs.load(store)
    relays = prefs.relays(settings)
    if not relays or not rtc.supported():
        return None
    most = len(record.get("seats", {})) or 1
    current = room_links.RoomLinks(
        room_records.place_of(record), name, relays, prefs.ice_config(settings), on_link, most
    )
    room_links.current = current
    current.start()
    return record


def when_host_says(link: Any, kind: str, then: Callable[[dict[str, Any]], None]) -> None:
    """A friend's new connection to the host: once the host's first message of this kind
    arrives, the connection is held with it for the page `then` opens."""

    def first(message: dict[str, Any]) -> None:
        if message.get("type") == kind and rtc.current is not link:
            rtc.current = link
            link.hold(message)
            then(message)

    link.on_message(first)


def seat_of(record: Record, device: str) -> str | None:
    """The seat at the host's table (or in its group) of a friend's device back in the room."""
    seat: str | None = record.get("seats", {}).get(device)
    return seat


def follow_group(store: Store, name: str, hosting: bool, reopen: Callable[[], None]) -> None:
    """A Wordle Tournament group begun by one link: the leader's page takes each member back
    in their own seat (group_hosting's `relinked`, as a new link from #/connect is); a
    member's page opens again once the leader names it on the new connection."""
    from ..tournament import group_hosting

    record: Record | None = None

    def on_link(link: Any, device: str) -> None:
        if not hosting:
            when_host_says(link, "group", lambda message: reopen())
            return
        seat = seat_of(record, device) if record is not None else None
        if seat is None or group_hosting.current is None:
            link.close()
            return
        group_hosting.current.relinked(seat, link)

    record = follow(store, room_records.GROUP, name, on_link)
