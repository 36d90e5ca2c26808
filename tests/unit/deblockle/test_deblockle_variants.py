"""Rules: 'Variants' — fewer blocks (and handicaps) and no side by side."""

import pytest
from deblockle_fixtures import cube, ends_of, state_with
from games.common.errors import IllegalMove
from games.deblockle import new_game


def squares_of(state, player):
    return [b["square"] for b in state.blocks() if b["player"] == player]


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_fewer_blocks_1_2_3_or_4_each_on_the_default_squares_in_order(count):
    state = new_game({"blocks": count, "quick_setup": True}, 2)
    assert sorted(squares_of(state, 0)) == sorted(["c3", "e3", "c1", "e1"][:count])
    assert sorted(squares_of(state, 1)) == sorted(["e5", "c5", "e7", "c7"][:count])


def test_a_stronger_player_can_start_with_fewer_blocks_as_a_handicap():
    state = new_game({"blocks": [2, 4]}, 2)
    assert [len(t) for t in state.to_place] == [2, 4]
    while state.phase == "setup":
        state.apply(state.legal_moves()[0])
    assert len(squares_of(state, 0)) == 2 and len(squares_of(state, 1)) == 4


def test_with_fewer_blocks_each_player_chooses_which_start_squares_to_use():
    state = new_game(
        {"blocks": [1, 2], "start_squares": [["e1"], ["c7", "e5"]], "quick_setup": True}, 2
    )
    assert squares_of(state, 0) == ["e1"] and sorted(squares_of(state, 1)) == ["c7", "e5"]


def test_with_fewer_blocks_the_rules_are_unchanged_removing_them_all_wins():
    state = state_with(
        {"d5": "gold " + cube(south="star"), "a1": "blue " + cube(top="x")}, counts=[1, 1]
    )
    events = state.apply("d5N*")
    assert events[-1]["type"] == "game_over" and state.result["winner"] == 0


def test_no_side_by_side_a_block_may_not_finish_next_to_an_opponents_block():
    blocks = {"c3": "gold " + cube(south="stop"), "c5": "blue " + cube(top="x")}
    assert ends_of(state_with(blocks), "c3", "N") == {"c4"}
    state = state_with(blocks, no_side_by_side=True)
    assert ends_of(state, "c3", "N") == set()
    with pytest.raises(IllegalMove) as error:
        state.apply("c3N")
    assert error.value.key == "deblockle.side_by_side"


def test_no_side_by_side_diagonal_to_an_opponent_and_beside_your_own_blocks_are_allowed():
    state = state_with(
        {
            "c3": "gold " + cube(south="stop"),
            "d5": "blue " + cube(top="x"),
            "b4": "gold " + cube(top="x"),
        },
        no_side_by_side=True,
    )
    assert ends_of(state, "c3", "N") == {"c4"}


def test_no_side_by_side_applies_to_where_the_hop_ends():
    cross = {"c3": "gold " + cube(south="cross"), "c6": "blue " + cube(top="x")}
    assert ends_of(state_with(cross), "c3", "N") == {"c5", "b4", "d4", "c3"}
    assert ends_of(state_with(cross, no_side_by_side=True), "c3", "N") == {"b4", "d4", "c3"}
    slider = {"a4": "gold " + cube(west="slider"), "g5": "blue " + cube(top="x")}
    assert "g4" in ends_of(state_with(slider), "a4", "E")
    assert "g4" not in ends_of(state_with(slider, no_side_by_side=True), "a4", "E")
    state = state_with(slider, no_side_by_side=True)
    with pytest.raises(IllegalMove) as error:
        state.apply("a4E-g4")
    assert error.value.key == "deblockle.side_by_side"


def test_no_side_by_side_is_an_option_of_the_new_game_and_kept_in_the_save():
    state = new_game({"no_side_by_side": True, "quick_setup": True}, 8)
    assert state.no_side_by_side and state.to_json()["options"]["no_side_by_side"] is True
