"""Move notation for records and fixtures; saving and resuming (to_json / from_json)."""

import copy
import json

import pytest
from deblockle_fixtures import cube, state_with
from games.common.errors import BadState
from games.deblockle import Move, Placement, State, new_game, parse_square
from games.deblockle.cube import CROSS, STAR


@pytest.mark.parametrize(
    "text", ["c3N", "c3N-d4", "c3E-d5", "c3N-c5-d5-d4", "d5N*", "g7S-g6-g5-g4", "a1E-g1"]
)
def test_move_notation_round_trips(text):
    assert str(Move.parse(text)) == text


def test_move_notation_reads_case_and_spaces_and_marks_removals():
    assert Move.parse(" C3n - D4 ") == Move(parse_square("c3"), 0, (parse_square("d4"),))
    assert str(Move(parse_square("d5"), 0, ())) == "d5N*"
    assert Move.parse("d5N") == Move.parse("d5N*")
    for bad in ("", "c3", "c3X", "h3N", "c3N-", "c3N-d9", "a7N", "c3NN"):
        with pytest.raises(ValueError):
            Move.parse(bad)


def test_placement_notation_round_trips():
    placement = Placement(parse_square("c3"), STAR, CROSS)
    assert str(placement) == "c3:star:cross" and Placement.parse("C3:Star:Cross") == placement
    for bad in ("c3:star", "c3:moon:cross", "z9:star:cross"):
        with pytest.raises(ValueError):
            Placement.parse(bad)


def _round_trip(state):
    data = json.loads(json.dumps(state.to_json()))
    again = State.from_json(data)
    assert again.to_json() == state.to_json()
    return again


def test_json_round_trip_in_set_up_play_and_over():
    state = new_game({"blocks": [3, 2], "first": 1, "no_side_by_side": True}, 21)
    assert _round_trip(state).to_json()["version"] == 1
    state.apply(state.legal_moves()[5])
    resumed = _round_trip(state)
    assert resumed.legal_moves() == state.legal_moves()
    finished = state_with(
        {"d5": "gold " + cube(south="star"), "a1": "blue " + cube(top="x")}, counts=[1, 1]
    )
    finished.apply("d5N*")
    assert _round_trip(finished).is_over


def _saved():
    state = new_game({"quick_setup": True}, 4)
    state.apply(state.legal_moves()[0])
    return state.to_json()


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda d: d.update(version=2),
        lambda d: d.update(phase="middle"),
        lambda d: d.update(current_player=2),
        lambda d: d.update(current_player=True),
        lambda d: d["options"].update(blocks=7),
        lambda d: d.update(removed=[0]),
        lambda d: d["blocks"].pop(),
        lambda d: d["blocks"][0].update(square="d2"),
        lambda d: d["blocks"][0].update(square="z9"),
        lambda d: d["blocks"][1].update(square=d["blocks"][0]["square"]),
        lambda d: d["blocks"][0].update(top="moon"),
        lambda d: d["blocks"][0].update(north=d["blocks"][0]["top"]),
        lambda d: d["blocks"][0].update(player=3),
        lambda d: d.update(to_place=[["star"], []]),
        lambda d: d.update(result={"winner": 0, "reason": "all_removed", "removed": [0, 0]}),
        lambda d: d.update(phase="over"),
        lambda d: d.update(history="c3N"),
        lambda d: d.update(history=["nonsense"]),
        lambda d: d.pop("blocks"),
    ],
)
def test_from_json_refuses_bad_data(corrupt):
    data = copy.deepcopy(_saved())
    corrupt(data)
    with pytest.raises(BadState):
        State.from_json(data)


def test_from_json_refuses_what_is_not_a_saved_game():
    for bad in (None, [], "{}", {"version": 1}):
        with pytest.raises(BadState):
            State.from_json(bad)


def test_from_json_refuses_a_stuck_player_to_move_and_side_by_side_in_that_variant():
    data = state_with({"c3": "gold " + cube(top="x"), "c5": "blue " + cube(top="x")}).to_json()
    side_by_side = copy.deepcopy(data)
    side_by_side["blocks"][1]["square"] = "c4"
    State.from_json(side_by_side)
    side_by_side["options"]["no_side_by_side"] = True
    with pytest.raises(BadState):
        State.from_json(side_by_side)
    stuck = copy.deepcopy(data)
    stuck["blocks"] = [
        {"player": 0, "square": "a1", "top": "x", "north": "stop"},
        {"player": 1, "square": "a2", "top": "x", "north": "stop"},
        {"player": 1, "square": "b1", "top": "x", "north": "stop"},
    ]
    stuck["options"]["blocks"] = [1, 2]
    stuck["options"]["start_squares"] = [["c3"], ["e5", "c5"]]
    with pytest.raises(BadState):
        State.from_json(stuck)


def test_set_up_in_progress_is_saved_and_resumed_with_the_rolls_still_to_place():
    state = new_game({}, 30)
    state.apply(state.legal_moves()[0])
    data = state.to_json()
    assert len(data["to_place"][1]) == 3 and len(data["to_place"][0]) == 4
    resumed = State.from_json(data)
    assert resumed.phase == "setup" and resumed.legal_moves() == state.legal_moves()
