"""A game with a stranger met by Find an opponent (docs/rules/README.md, "Playing someone new"):
the game agreed is the variant's standard one, and the guest refuses any other proposal; the
room they agreed on is kept as a link's would be; the end changes the player's rating for
that game alone, from the stranger's rating as their device said it."""

import json

import pytest
from app import saved_games
from app.frame import ending
from app.midend import Midend
from app.peer import ratings, room_records, strangers
from app.peer.room import new_key, new_secret
from app.remote.handshake import agreed_game
from app.remote.match import INCOMPATIBLE, Match
from app.storage import MemoryBackend, Store
from games.battleship.game import GAME as BATTLESHIP
from games.deblockle.game import GAME as DEBLOCKLE

from .test_remote_match import Wire

HOST_KEY = "ab" * 32


def store_with(*games):
    store = Store(MemoryBackend())
    saved_games.register(store, [game.name for game in games])
    return store


def stranger(variant="battleship/salvo", nick="Eve", rating=1350):
    return {"variant": variant, "nick": nick, "rating": rating}


def test_every_variant_names_a_game_and_a_lobby():
    from app.peer.lobby import is_variant

    assert {variant.route for variant in strangers.VARIANTS.values()} == {
        "battleship",
        "deblockle",
        "dominoes",
        "wordle",
    }
    assert all(is_variant(key) for key in strangers.VARIANTS)
    assert strangers.variant_of("battleship/advanced-salvo").prefs == {"mode": "advanced_salvo"}
    assert strangers.variant_of("wordle/cy") is not None  # (Welsh words too)
    assert strangers.variant_of("wordle/xx") is None
    assert strangers.variant_of(["deblockle"]) is None


def test_rule_the_guest_plays_the_game_agreed_and_refuses_another():
    agreed = dict(BATTLESHIP.options_to_params({"mode": "salvo"}))
    assert agreed_game(dict(agreed), agreed)
    assert not agreed_game({**agreed, "mode": "classic"}, agreed)
    assert not agreed_game({**agreed, "extra": "1"}, agreed)
    assert agreed_game({"lang": "en", "secret": "9"}, {"lang": "en", "secret": "4"})  # drawn


@pytest.mark.parametrize("proposed, refused", [({"quick_setup": True}, False), ({}, True)])
def test_a_stranger_proposing_another_game_than_agreed_is_refused(proposed, refused):
    wire = Wire()
    guest = Match.guest(Midend(store_with(DEBLOCKLE), DEBLOCKLE, lambda: 1000.0), wire.ends[1], "B")
    guest.handshake.agreed = dict(DEBLOCKLE.options_to_params({"quick_setup": True}))
    host_midend = Midend(store_with(DEBLOCKLE), DEBLOCKLE, lambda: 1000.0)
    Match.host(host_midend, wire.ends[0], "A", proposed, ["host", "guest"])
    wire.pump()
    if refused:
        assert guest.status == INCOMPATIBLE
        assert "not the game agreed" in guest.problems[0]["reason"]
        assert guest.midend.state is None
    else:
        assert guest.status != INCOMPATIBLE and guest.midend.state is not None


def test_the_proposer_keeps_the_room_as_an_invite_and_the_other_as_a_game_joined():
    store = Store(MemoryBackend())
    secret, key = new_secret(), new_key()
    hosting = room_records.matched(store, "battleship", secret, key, None, stranger())
    assert room_records.kept_invite(store) == hosting and hosting["hosting"]
    assert room_records.kept_match(store, "battleship") == hosting
    other = Store(MemoryBackend())
    joining = room_records.matched(other, "battleship", secret, new_key(), HOST_KEY, stranger())
    assert room_records.of_game(other, "battleship") == joining
    assert joining["host"] == HOST_KEY and not joining["hosting"]
    assert room_records.kept_match(other, "battleship") == joining
    assert room_records.kept_match(other, "deblockle") is None
    assert room_records.kept_match(other, "<script>") is None


@pytest.mark.parametrize(
    "damage",
    [
        {"variant": "chess"},
        {"nick": "<b>\u202eEve"},
        {"nick": ""},
        {"rating": 99},
        {"rating": 1200.5},
        {"rating": True},
        {"extra": 1},
    ],
)
def test_a_damaged_stranger_in_a_kept_room_drops_that_room_alone(damage):
    backend = MemoryBackend()
    store = Store(backend)
    room_records.matched(store, "deblockle", new_secret(), new_key(), HOST_KEY, stranger())
    room_records.matched(store, "battleship", new_secret(), new_key(), HOST_KEY, stranger())
    name = "gemau:" + room_records.SCHEMA.name
    saved = json.loads(backend.get(name))
    saved["data"]["games"]["deblockle"]["stranger"].update(damage)
    backend.set(name, json.dumps(saved))
    fresh = Store(backend)
    assert room_records.of_game(fresh, "deblockle") is None
    assert room_records.of_game(fresh, "battleship") is not None


@pytest.mark.parametrize(
    "won, over, rating, counts",
    [
        (True, True, 1228, {"won": 1}),  # 1200 against 1350 (expected 0.30), K 40
        (False, True, 1188, {"lost": 1}),
        (None, True, 1208, {"drawn": 1}),
        (None, False, 1200, {}),  # stopped with nobody winning: no change
    ],
)
def test_rule_the_end_of_a_game_with_a_stranger_rates_it_once_for_its_variant(
    won, over, rating, counts
):
    store = Store(MemoryBackend())
    room_records.matched(store, "battleship", new_secret(), new_key(), HOST_KEY, stranger())
    ending.rate_stranger_game(store, "battleship", won, over)
    entry = ratings.entry_of(store, "battleship/salvo")
    assert entry["rating"] == rating
    assert {name: entry[name] for name in ("won", "lost", "drawn") if entry[name]} == counts
    assert ratings.rating_of(store, "battleship/classic") == ratings.START  # apart


def test_a_game_with_a_friend_changes_no_rating():
    store = Store(MemoryBackend())
    room_records.joining(store, new_secret(), HOST_KEY, "battleship")
    ending.rate_stranger_game(store, "battleship", True, True)
    assert ratings.entry_of(store, "battleship/salvo")["games"] == 0
