"""One seat's own fleet in a game between two devices (games.battleship.private): placed
by the ordinary placement moves and rules, drawn at random from the device's own
randomness, sealed with a salt, saved and read back, and the moves its device makes by
itself (docs/rules/battleship.md 12.1, 12.2 and 12.8)."""

import hashlib

import pytest
from battleship_fixtures import BLUE_FLEET, RED_FLEET
from battleship_public_fixtures import seeded_bytes
from games.battleship import new_game as ordinary_game
from games.battleship.fleet import random_fleet
from games.battleship.private import PrivateFleet
from games.battleship.public import new_game
from games.common.errors import IllegalMove
from games.common.rng import SeededRng

SALT = bytes(range(32))


def place(fleet, ship, square, orientation="h") -> list:
    return fleet.place(
        {
            "type": "place",
            "player": fleet.seat,
            "ship": ship,
            "square": square,
            "orientation": orientation,
        }
    )


def test_rule_ships_are_placed_by_the_ordinary_moves_and_rules():
    """Rules 3.2 to 3.6 and 12.2: the same moves, events and refusals as on one device."""
    fleet, ordinary = PrivateFleet(1), ordinary_game()
    moves = [
        {"type": "place", "player": 1, "ship": "carrier", "square": "A1", "orientation": "h"},
        {"type": "place", "player": 1, "ship": "patrol", "square": "J9", "orientation": "h"},
        {"type": "place", "player": 1, "ship": "carrier", "square": "B1", "orientation": "v"},
        {"type": "remove", "player": 1, "ship": "patrol"},
    ]
    for move in moves:
        assert fleet.place(move) == ordinary.apply(move)
    for bad, key in [
        (
            {"type": "place", "player": 1, "ship": "patrol", "square": "B1", "orientation": "h"},
            "battleship.overlap",
        ),
        (
            {"type": "place", "player": 1, "ship": "patrol", "square": "A10", "orientation": "h"},
            "battleship.off_grid",
        ),
        (
            {"type": "place", "player": 1, "ship": "frigate", "square": "A5", "orientation": "h"},
            "battleship.unknown_ship",
        ),
        ({"type": "remove", "player": 1, "ship": "patrol"}, "battleship.not_placed"),
        (
            {"type": "place", "player": 0, "ship": "patrol", "square": "A5", "orientation": "h"},
            "battleship.bad_player",
        ),
        ({"type": "ready", "player": 1}, "battleship.unknown_move"),
        ({"type": "fire", "squares": ["A1"]}, "battleship.unknown_move"),
        ({"type": "clear", "player": 1, "extra": 1}, "battleship.unknown_move"),
    ]:
        with pytest.raises(IllegalMove) as refusal:
            fleet.place(bad)
        assert refusal.value.key == key
    assert fleet.ships == ordinary.fleets[1]
    mine, theirs = (
        fleet.placement_squares("patrol", "B1", "h"),
        ordinary.placement_squares(1, "patrol", "B1", "h"),
    )
    assert mine[0] == theirs[0] and (mine[1].key, mine[1].params) == (
        theirs[1].key,
        theirs[1].params,
    )
    assert fleet.view_for(new_game())["fleet"] == ordinary.view_for(1)["fleet"]
    assert fleet.place({"type": "clear", "player": 1}) == [{"type": "cleared", "player": 1}]
    assert fleet.ships == {}


def test_rule_a_random_fleet_comes_from_the_devices_randomness_not_the_seed():
    """Rules 3.7 and 12.1: the game's seed, which both devices know, draws nothing."""
    fleet = PrivateFleet(0, rng=SeededRng(77))
    events = fleet.place({"type": "random_fleet", "player": 0})
    assert fleet.ships == random_fleet(SeededRng(77))
    assert [e["type"] for e in events] == ["cleared"] + ["placed"] * 5
    drawn = [PrivateFleet(0) for _ in range(2)]
    for each in drawn:
        each.place({"type": "random_fleet", "player": 0})
    assert drawn[0].ships != drawn[1].ships  # the system's randomness (equal: about 1 in 10^10)


def test_rule_ready_seals_the_fleet_with_a_salt():
    """Rules 3.8 and 12.2: the commitment is SHA-256 of the salt and the fleet's text."""
    fleet = PrivateFleet(0, ships=RED_FLEET, random_bytes=lambda n: SALT[:n])
    text = "carrier A1 h battleship C1 h cruiser E1 h submarine G1 h patrol I1 h"
    assert " ".join(fleet.words) == text and not fleet.sealed
    ready = fleet.seal()
    assert ready == {
        "type": "ready",
        "player": 0,
        "commitment": hashlib.sha256(SALT + text.encode()).hexdigest(),
    }
    assert fleet.sealed and fleet.salt == SALT.hex() and fleet.seal() == ready
    with pytest.raises(IllegalMove) as refusal:
        place(fleet, "patrol", "J1")
    assert refusal.value.key == "battleship.fleet_locked"
    assert fleet.placement_squares("patrol", "J1", "h")[1].key == "battleship.fleet_locked"
    assert fleet.reveal() == {
        "type": "reveal",
        "player": 0,
        "ships": [fleet.words[i : i + 3] for i in range(0, 15, 3)],
        "salt": SALT.hex(),
    }
    incomplete = PrivateFleet(1)
    place(incomplete, "carrier", "A1")
    with pytest.raises(IllegalMove) as refusal:
        incomplete.seal()
    assert refusal.value.key == "battleship.fleet_incomplete"
    with pytest.raises(ValueError):
        incomplete.reveal()


def test_a_fleet_is_saved_and_read_back_and_damage_is_refused():
    """Rule 12.8: the fleet and its salt are kept with the game on its own device."""
    fleet = PrivateFleet(
        1, {"mode": "salvo"}, ships=BLUE_FLEET, random_bytes=seeded_bytes(SeededRng(3))
    )
    for stage in ("placed", "sealed"):
        if stage == "sealed":
            fleet.seal()
        again = PrivateFleet.from_json(fleet.to_json())
        assert again.to_json() == fleet.to_json() and again.commitment == fleet.commitment
    saved = fleet.to_json()
    half = {**saved, "ships": dict(list(saved["ships"].items())[:3])}
    assert PrivateFleet.from_json({**half, "salt": None}).ships == dict(
        list(fleet.ships.items())[:3]
    )
    for damaged in [
        {**saved, "salt": "00"},
        {**half},  # sealed with three ships
        {**saved, "seat": 2},
        {**saved, "options": {"mode": "chess"}},
        {**saved, "ships": {**saved["ships"], "patrol": ["A10", "v"]}},  # on the carrier
        {**saved, "ships": {**saved["ships"], "patrol": "A2"}},
        {k: v for k, v in saved.items() if k != "salt"},
        [saved],
    ]:
        with pytest.raises((ValueError, IllegalMove)):
            PrivateFleet.from_json(damaged)


def test_rule_its_device_makes_the_ready_the_answers_and_the_reveal_by_itself():
    """Rules 12.2, 12.3 and 12.5: only when it is this seat's turn, and only for the fleet
    the public state holds the commitment to."""
    public = new_game()
    red = PrivateFleet(0, ships=RED_FLEET)
    blue = PrivateFleet(1, ships=BLUE_FLEET)
    assert red.due_move(public) is None  # not sealed yet
    blue.seal()
    assert blue.due_move(public) is None  # red's Ready first
    public.apply(red.seal())
    public.apply(blue.due_move(public))
    assert public.phase == "battle" and red.due_move(public) is None  # red chooses its shot
    public.apply("fire J1")
    assert blue.due_move(public) == {
        "type": "answer",
        "player": 1,
        "shots": [{"square": "J1", "result": "miss"}],
        "sunk": [],
    }
    lost = PrivateFleet(1, ships=BLUE_FLEET)  # a save lost: a fleet sealed anew
    lost.seal()
    assert lost.due_move(public) is None
    with pytest.raises(ValueError):
        lost.answer(public)
    with pytest.raises(ValueError):
        red.answer(public)


def test_rule_a_salvo_has_one_shot_per_ship_afloat_as_its_own_device_counts():
    """Rules 7.1 and 7.2: the count comes from the fleet (in Advanced Salvo nobody else
    knows it)."""
    opts = {"mode": "advanced_salvo"}
    public = new_game(opts)
    red, blue = PrivateFleet(0, opts, ships=RED_FLEET), PrivateFleet(1, opts, ships=BLUE_FLEET)
    public.apply(red.seal())
    public.apply(blue.seal())
    assert red.shots_allowed(public) == 5
    public.apply("fire A10 B10 C10 D10 E10")
    public.apply(blue.due_move(public))
    assert blue.shots_allowed(public) == 4 and public.salvo_sizes(1) == (
        3,
        5,
    )  # 5 hits may sink two
    view = blue.view_for(public, aimed=["J1"])
    assert view["shots_allowed"] == 4 and view["aimed"] == ["J1"] and view["sealed"]
    assert view["fleet"][0]["sunk"] and view["incoming"][0]["sunk"] == ["carrier"]
    assert red.view_for(public, aimed=["J1"])["aimed"] == []  # not red's turn
