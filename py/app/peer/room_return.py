"""A game with a friend comes back by itself: the game's page follows its room (the one the
invite page opened, or the one kept for the game, which a reloaded page rejoins), and each
new connection the room makes with the friend is handed to the game."""

from collections.abc import Callable
from typing import Any

from ..storage import Store
from . import prefs, room_links, room_records, rtc


def follow(store: Store, route: str, name: str, on_link: Callable[[Any, str], None]) -> bool:
    """The room of this game takes `on_link` for its new connections; False if the game
    has no room, or internet play is off."""
    record = room_records.of_game(store, route)
    current = room_links.current
    if record is None:
        return False
    if current is not None and current.place.secret == record["secret"] and not current.closed:
        current.on_link = on_link
        return True
    if current is not None:
        current.close()
        room_links.current = None
    settings = prefs.load(store)
    relays = prefs.relays(settings)
    if not relays or not rtc.supported():
        return False
    current = room_links.RoomLinks(
        room_records.place_of(record), name, relays, prefs.ice_urls(settings), on_link
    )
    room_links.current = current
    current.start()
    return True
