"""The rooms this device keeps (app.peer.room): the host's invite not yet answered (so that
a reload shows the same link), and the room of each game with a friend, by the game's
route (so that a reloaded page rejoins it and the game comes back by itself).

A record: {"secret": the room's secret, "hosting": whether this device made the link,
"key": this device's secret key in the room (app.peer.room: its public key is the device's
name there), "route": the game's}; a guest's also "host": the host's public key, as the
link named it; a host's, once its game started, "friend": the friend's public key (a game
of two) or "seats": each friend's public key -> its name at the table ("g1"...), so that
a friend back in the room takes up their own seat and nobody else can. A game with a
stranger met by "Find an opponent" (app.peer.lobby) also has "stranger": {"variant", "nick",
"rating"} (app.peer.strangers): the game agreed, and the stranger's nickname and rating as
their device said them. Read strictly: a bad record is dropped."""

from typing import Any

from ..games_list import REMOTE_GAMES
from ..remote.relay import MAX_GUESTS
from ..remote.table_game import guest_ids
from ..storage import Schema, Store
from .channel import clean_name
from .room import DEVICE, KEY, RoomPlace, is_secret, new_key, new_secret
from .strangers import variant_of

GROUP = "wordle-group"  # the room of a Wordle Tournament group (its games are not saved by route)
ROUTES = (*REMOTE_GAMES, "dominoes-table", GROUP)  # (a table's invite, before it starts)
SEATS = set(guest_ids(MAX_GUESTS))

Record = dict[str, Any]


FIELDS = {"secret", "hosting", "key", "route"}
OPTIONAL = {"host", "friend", "seats", "stranger"}
RATINGS = range(100, 3001)  # (app.peer.ratings: what a device may say of itself)


def _stranger(data: object) -> bool:
    return (
        isinstance(data, dict)
        and set(data) == {"variant", "nick", "rating"}
        and variant_of(data["variant"]) is not None
        and isinstance(data["nick"], str)
        and clean_name(data["nick"]) == data["nick"] != ""
        and type(data["rating"]) is int
        and data["rating"] in RATINGS
    )


def _record(data: object) -> Record | None:
    if not isinstance(data, dict) or not FIELDS <= set(data) <= FIELDS | OPTIONAL:
        return None
    seats = data.get("seats", {})
    if not (
        is_secret(data["secret"])
        and isinstance(data["hosting"], bool)
        and _hex_key(data["key"], KEY)
        and data["route"] in ROUTES
        and all(_hex_key(data[name], DEVICE) for name in ("host", "friend") if name in data)
        and isinstance(seats, dict)
        and len(seats) <= MAX_GUESTS
        and all(_hex_key(device, DEVICE) for device in seats)
        and all(seat in SEATS for seat in seats.values())
        and ("stranger" not in data or _stranger(data["stranger"]))
    ):
        return None
    return dict(data)


def _hex_key(value: object, pattern: Any) -> bool:
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def clean(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError("rooms must be an object")
    games = data.get("games")
    if not isinstance(games, dict):
        games = {}
    kept = {route: _record(record) for route, record in games.items()}
    return {
        "invite": _record(data.get("invite")),
        "games": {
            route: record for route, record in kept.items() if record and record["route"] == route
        },
    }


SCHEMA = Schema("rooms", 1, lambda: {"invite": None, "games": {}}, clean)


def _load(store: Store) -> dict[str, Any]:
    store.register(SCHEMA)
    rooms: dict[str, Any] = store.load(SCHEMA.name).data
    return rooms


def _save(store: Store, rooms: dict[str, Any]) -> None:
    try:
        store.save(SCHEMA.name, rooms)
    except Exception:  # storage full: the room lasts for this visit only
        pass


def place_of(record: Record) -> RoomPlace:
    seats = record.get("seats") or {}
    friend = record.get("friend")
    friends = frozenset(seats) if seats else frozenset({friend}) if friend else None
    return RoomPlace(
        record["secret"], record["hosting"], record["key"], record.get("host"), friends
    )


def invite(store: Store, route: str, fresh: bool = False) -> Record:
    """The host's invite to this game: the one kept, or a new room (fresh: always new)."""
    rooms = _load(store)
    kept = rooms["invite"]
    if kept is not None and kept["route"] == route and not fresh:
        return dict(kept)
    record = {"secret": new_secret(), "hosting": True, "key": new_key(), "route": route}
    _save(store, {**rooms, "invite": record})
    return record


def forget_invite(store: Store) -> None:
    _save(store, {**_load(store), "invite": None})


def kept_invite(store: Store) -> Record | None:
    found: Record | None = _load(store)["invite"]
    return found


def joining(store: Store, secret: str, host: str, route: str) -> Record:
    """A friend's place in the room of the link they opened (kept at once, under the game's
    route, so that a reload before the game starts keeps the same key)."""
    kept = of_game(store, route)
    if kept is not None and kept["secret"] == secret and kept.get("host") == host:
        return kept
    record = {"secret": secret, "hosting": False, "key": new_key(), "route": route, "host": host}
    started(store, record)
    return record


def matched(
    store: Store, route: str, secret: str, key: str, host: str | None, stranger: Record
) -> Record:
    """A stranger met in a lobby (app.peer.lobby): the room they agreed on, with this
    device's key there the one it had in the lobby (the other device knows it by it). The
    proposer hosts (`host` None), kept as the invite is until the game starts; the other
    joins the proposer's room, kept at once under the game's route."""
    record = {"secret": secret, "hosting": host is None, "key": key, "route": route}
    record["stranger"] = stranger
    if host is not None:
        record["host"] = host
        started(store, record)
    else:
        _save(store, {**_load(store), "invite": record})
    return record


def kept_match(store: Store, route: object) -> Record | None:
    """The room agreed with a stranger for this game (`matched`), if this device keeps one."""
    if route not in ROUTES:
        return None
    rooms = _load(store)
    for record in (rooms["invite"], rooms["games"].get(route)):
        if record is not None and record["route"] == route and "stranger" in record:
            return dict(record)
    return None


def forget_game(store: Store, route: str) -> None:
    """A game of this route begun another way (by codes): its room is not followed."""
    rooms = _load(store)
    if route in rooms["games"]:
        games = {name: record for name, record in rooms["games"].items() if name != route}
        _save(store, {**rooms, "games": games})


def started(store: Store, record: Record) -> None:
    """The room's game has started: kept by its route (the invite, if it was it, is done)."""
    rooms = _load(store)
    invite_kept = rooms["invite"]
    if invite_kept is not None and invite_kept["secret"] == record["secret"]:
        invite_kept = None
    _save(store, {"invite": invite_kept, "games": {**rooms["games"], record["route"]: record}})


def of_game(store: Store, route: str) -> Record | None:
    found: Record | None = _load(store)["games"].get(route)
    return found
