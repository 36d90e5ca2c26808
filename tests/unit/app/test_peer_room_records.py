"""The rooms kept on this device (app.peer.room_records): the host's invite across reloads,
each game's room, a table's seats; what storage holds is read strictly."""

import json

from app.peer import room, room_records
from app.storage import NAMESPACE, MemoryBackend, Store


def test_the_hosts_invite_is_kept_until_its_game_starts():
    store = Store(MemoryBackend())
    first = room_records.invite(store, "battleship")
    assert room_records.invite(store, "battleship") == first  # a reload shows the same link
    assert room_records.invite(store, "battleship", fresh=True) != first
    kept = room_records.kept_invite(store)
    assert kept is not None and kept["hosting"] and room.is_secret(kept["secret"])
    room_records.started(store, kept)
    assert room_records.kept_invite(store) is None
    assert room_records.of_game(store, "battleship") == kept


def test_a_friend_keeps_the_room_of_the_game_they_joined_under_its_route():
    store = Store(MemoryBackend())
    secret, host = room.new_secret(), room.new_key()
    record = room_records.joining(store, secret, host, "deblockle")
    assert not record["hosting"] and room.KEY.fullmatch(record["key"]) and record["host"] == host
    assert room_records.of_game(store, "deblockle") == record  # kept at once
    assert room_records.joining(store, secret, host, "deblockle") == record  # (a reload)
    assert room_records.of_game(store, "battleship") is None
    place = room_records.place_of(record)
    assert place.host == host and place.friends is None and not place.hosting
    room_records.forget_game(store, "deblockle")  # a game of Deblockle by codes since
    assert room_records.of_game(store, "deblockle") is None


def test_a_hosts_game_of_two_pairs_only_with_its_friend_once_started():
    store = Store(MemoryBackend())
    friend = room.new_key()
    record = {**room_records.invite(store, "battleship"), "friend": friend}
    room_records.started(store, record)
    assert room_records.place_of(room_records.of_game(store, "battleship")).friends == {friend}


def test_a_tables_seats_are_kept_and_checked():
    store = Store(MemoryBackend())
    devices = [room.new_key() for _ in range(3)]
    record = {
        **room_records.invite(store, "dominoes-table"),
        "route": "dominoes",
        "seats": dict(zip(devices, ("g1", "g2", "g3"))),
    }
    room_records.started(store, record)
    kept = room_records.of_game(store, "dominoes")
    assert kept["seats"][devices[1]] == "g2"
    assert room_records.place_of(kept).friends == set(devices)
    bad = [{"x": "g1"}, {devices[0]: "host"}, {devices[0]: 1}, "g1"]
    for seats in bad:
        assert room_records.clean({"games": {"dominoes": {**record, "seats": seats}}}) == {
            "invite": None,
            "games": {},
        }


def test_bad_records_in_storage_are_dropped_and_the_rest_kept():
    backend = MemoryBackend()
    store = Store(backend)
    good = room_records.joining(Store(MemoryBackend()), room.new_secret(), room.new_key(), "wordle")
    junk = [
        {**good, "secret": "short"},
        {**good, "hosting": "yes"},
        {**good, "key": "<script>"},
        {**good, "host": "A" * 64},
        {**good, "route": "chess"},
        {**good, "extra": 1},
        "text",
    ]
    games = {"wordle": good, "battleship": junk[0], "deblockle": junk[1], "dominoes": junk[4]}
    data = {"invite": junk[5], "games": {**games, "marbles": junk[6]}}
    backend.set(NAMESPACE + "rooms", json.dumps({"v": 1, "rev": 1, "data": data}))
    room_records._load(store)
    assert room_records.of_game(store, "wordle") == good
    assert room_records.kept_invite(store) is None
    assert all(room_records.of_game(store, r) is None for r in ("battleship", "deblockle"))
    # a record filed under another game's route is not that game's room
    assert room_records.clean({"games": {"battleship": good}})["games"] == {}
