"""Saving and resuming: a plain JSON object with a version; bad data refused."""

import json

import pytest
from battleship_fixtures import battle, fire, random_ready_game
from games.battleship import new_game
from games.battleship.state import State
from games.common.errors import BadState


def round_trip(state) -> State:
    return State.from_json(json.loads(json.dumps(state.to_json())))


def test_save_is_plain_json_with_a_version():
    state = battle(mode="salvo")
    fire(state, "A10", "B10", "J1", "J2", "J3")
    data = state.to_json()
    assert data["version"] == 1
    assert json.loads(json.dumps(data)) == data
    assert set(data) == {"version", "options", "rng", "fleets", "ready", "turns", "aimed"}


def test_resumed_game_continues_identically():
    state = random_ready_game({"mode": "classic"}, 9)
    fire(state, "E5")
    fire(state, "F6")
    copy = round_trip(state)
    assert copy.view_for(0) == state.view_for(0) and copy.view_for(1) == state.view_for(1)
    assert copy.apply({"type": "fire", "squares": ["C3"]}) == state.apply(
        {"type": "fire", "squares": ["C3"]}
    )


def test_a_finished_game_resumes_finished():
    state = battle()
    water = iter(f"{r}{c}" for r in "HJ" for c in range(1, 11))
    for square in [
        "A2",
        "B2",
        "A4",
        "B4",
        "C4",
        "A6",
        "B6",
        "C6",
        "A8",
        "B8",
        "C8",
        "D8",
        "A10",
        "B10",
        "C10",
        "D10",
        "E10",
    ]:
        fire(state, square)
        if not state.is_over:
            fire(state, next(water))
    copy = round_trip(state)
    assert copy.is_over and copy.result == state.result


def valid_save():
    return battle().to_json()


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda d: "not a dict",
        lambda d: {**d, "version": 2},
        lambda d: {k: v for k, v in d.items() if k != "version"},
        lambda d: {**d, "options": {"mode": "blitz"}},
        lambda d: {**d, "options": {"colour": "red"}},
        lambda d: {**d, "rng": -5},
        lambda d: {**d, "fleets": [d["fleets"][0]]},
        lambda d: {
            **d,
            "fleets": [{**d["fleets"][0], "carrier": ["A7", "h"]}, d["fleets"][1]],
        },  # off the grid
        lambda d: {
            **d,
            "fleets": [{**d["fleets"][0], "carrier": ["C1", "h"]}, d["fleets"][1]],
        },  # overlaps
        lambda d: {**d, "fleets": [{**d["fleets"][0], "yacht": ["J9", "h"]}, d["fleets"][1]]},
        lambda d: {**d, "fleets": [{**d["fleets"][0], "carrier": "A1"}, d["fleets"][1]]},
        lambda d: {
            **d,
            "fleets": [{k: v for k, v in d["fleets"][0].items() if k != "patrol"}, d["fleets"][1]],
        },
        lambda d: {**d, "ready": [True]},
        lambda d: {**d, "ready": [False, True], "turns": [["A1"]]},  # shots before ready
        lambda d: {**d, "turns": [["A1"], ["A1"], ["A1"]]},  # red repeats A1
        lambda d: {**d, "turns": [["A1", "A2"]]},  # two shots, classic
        lambda d: {**d, "turns": [["Z1"]]},
        lambda d: {**d, "turns": "A1"},
    ],
)
def test_bad_saves_are_refused(corrupt):
    """Rule [decided]: never lets a game start with an illegal fleet (nor resume one)."""
    with pytest.raises(BadState):
        State.from_json(corrupt(valid_save()))


def test_moves_after_the_end_are_refused_in_a_save():
    state = battle()
    data = state.to_json()
    hits = [
        "A2",
        "B2",
        "A4",
        "B4",
        "C4",
        "A6",
        "B6",
        "C6",
        "A8",
        "B8",
        "C8",
        "D8",
        "A10",
        "B10",
        "C10",
        "D10",
        "E10",
    ]
    turns = []
    water = iter(f"{r}{c}" for r in "HJ" for c in range(1, 11))
    for square in hits:
        turns += [[square], [next(water)]]
    data["turns"] = turns  # the last entry is a blue shot after red has won
    with pytest.raises(BadState):
        State.from_json(data)


def test_rule_two_humans_on_one_device_each_view_hides_the_other_fleet():
    """Rule [decided]: two humans on one device (pass-and-play): whichever side's
    view is shown carries only that side's own fleet."""
    state = new_game({}, 2)
    for player in (0, 1):
        state.apply({"type": "random_fleet", "player": player})
    for player in (0, 1):
        view = state.view_for(player)
        own = {sq for ship in view["fleet"] for sq in ship["squares"]}
        assert len(own) == 17
        assert "fleets" not in view and view["shots"] == [] and view["incoming"] == []
