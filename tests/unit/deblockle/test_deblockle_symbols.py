"""Rules: 'Symbols' — each symbol's hop at the edges, next to stars, across stars, blocked."""

import pytest
from deblockle_fixtures import cube, ends_of, notations, state_with
from games.common.errors import IllegalMove
from games.deblockle import parse_square


def refused(state, move) -> str:
    with pytest.raises(IllegalMove) as error:
        state.apply(move)
    return error.value.key


# --- Star -------------------------------------------------------------------------


def test_star_may_not_be_tipped_face_up_onto_an_ordinary_space():
    state = state_with({"c3": "gold " + cube(west="star"), "g7": "blue " + cube(top="stop")})
    assert ends_of(state, "c3", "E") == set()
    assert refused(state, "c3E") == "deblockle.star_up_off_star"


@pytest.mark.parametrize(
    "player,square,direction,side",
    [
        ("gold", "d5", "N", "south"),
        ("gold", "c6", "E", "west"),
        ("gold", "e6", "W", "east"),
        ("gold", "d7", "S", "north"),
        ("blue", "d3", "S", "north"),
        ("blue", "c2", "E", "west"),
        ("blue", "e2", "W", "east"),
        ("blue", "d1", "N", "south"),
    ],
)
def test_star_tipped_face_up_into_the_opponents_home_star_removes_the_block(
    player, square, direction, side
):
    other = "blue" if player == "gold" else "gold"
    state = state_with(
        {
            square: f"{player} " + cube(**{side: "star"}),
            "a4": f"{player} " + cube(top="x"),
            "g4": f"{other} " + cube(top="x"),
        },
        to_move=player,
    )
    move = square + direction + "*"
    assert move in notations(state)
    events = state.apply(move)
    star = "d6" if player == "gold" else "d2"
    assert events[0]["type"] == "tip" and events[0]["top"] == "star" and events[0]["to"] == star
    assert events[1] == {
        "type": "remove",
        "player": ("gold", "blue").index(player),
        "square": star,
        "removed": 1,
        "left": 1,
    }
    assert square not in {b["square"] for b in state.blocks()} and star not in {
        b["square"] for b in state.blocks()
    }
    assert state.history == [move]


def test_star_up_into_your_own_home_star_is_not_allowed():
    state = state_with({"d3": "gold " + cube(north="star"), "g7": "blue " + cube(top="x")})
    assert ends_of(state, "d3", "S") == set()
    assert refused(state, "d3S*") == "deblockle.tip_into_star"


def test_removal_only_star_up_other_symbols_may_not_enter_the_opponents_star():
    for symbol in ("stop", "cross", "x", "slider", "hoops"):
        state = state_with({"d5": "gold " + cube(south=symbol), "g7": "blue " + cube(top="x")})
        assert ends_of(state, "d5", "N") == set()
        assert refused(state, "d5N") == "deblockle.tip_into_star"


def test_a_block_removed_at_the_star_has_no_hop():
    state = state_with(
        {
            "d5": "gold " + cube(south="star"),
            "a1": "gold " + cube(top="x"),
            "g7": "blue " + cube(top="x"),
        }
    )
    assert refused(state, "d5N-d7") == "deblockle.removal_has_no_hop"


# --- Stop -------------------------------------------------------------------------


def test_stop_ends_the_turn_on_the_tip_space():
    state = state_with({"c3": "gold " + cube(south="stop"), "g7": "blue " + cube(top="x")})
    assert ends_of(state, "c3", "N") == {"c4"}
    events = state.apply("c3N")
    assert events[1] == {"type": "hop", "player": 0, "symbol": "stop", "path": ["c4"]}
    assert next(b for b in state.blocks() if b["player"] == 0)["square"] == "c4"


def test_stop_at_the_edge_and_next_to_a_star_and_it_takes_no_hop():
    state = state_with(
        {
            "b1": "gold " + cube(east="stop"),
            "c3": "gold " + cube(north="stop"),
            "g7": "blue " + cube(top="x"),
        }
    )
    assert ends_of(state, "b1", "W") == {"a1"}
    assert ends_of(state, "c3", "S") == {"c2"}  # beside gold's star d2
    assert refused(state, "b1W-a2") == "deblockle.hop_length"


# --- Cross ------------------------------------------------------------------------


def test_cross_hops_one_space_vertically_or_horizontally():
    state = state_with({"c4": "gold " + cube(west="cross"), "g7": "blue " + cube(top="x")})
    assert ends_of(state, "c4", "E") == {"d5", "d3", "e4", "c4"}


def test_cross_at_the_edge_and_in_the_corner():
    state = state_with({"b1": "gold " + cube(east="cross"), "g7": "blue " + cube(top="x")})
    assert ends_of(state, "b1", "W") == {"a2", "b1"}


def test_cross_next_to_a_star_may_not_hop_onto_it():
    state = state_with({"c3": "gold " + cube(north="cross"), "g7": "blue " + cube(top="x")})
    assert ends_of(state, "c3", "S") == {"c3", "b2", "c1"}
    assert refused(state, "c3S-d2") == "deblockle.ends_on_star"


def test_cross_blocked_by_other_blocks():
    state = state_with(
        {
            "c3": "gold " + cube(north="cross"),
            "b2": "blue " + cube(top="x"),
            "c1": "gold " + cube(top="x"),
        }
    )
    assert ends_of(state, "c3", "S") == {"c3"}
    assert refused(state, "c3S-b2") == "deblockle.hop_blocked"
    assert refused(state, "c3S-b1") == "deblockle.hop_shape"


# --- X ------------------------------------------------------------------------------


def test_x_hops_one_space_diagonally():
    state = state_with({"c4": "gold " + cube(west="x"), "g7": "blue " + cube(top="x")})
    assert ends_of(state, "c4", "E") == {"c5", "e5", "c3", "e3"}
    assert refused(state, "c4E-d5") == "deblockle.hop_shape"


def test_x_at_the_edge_and_next_to_a_star():
    state = state_with(
        {
            "b1": "gold " + cube(east="x"),
            "b3": "gold " + cube(west="x"),
            "g7": "blue " + cube(top="x"),
        }
    )
    assert ends_of(state, "b1", "W") == {"b2"}
    assert ends_of(state, "b3", "E") == {"b2", "b4", "d4"}  # not d2
    assert refused(state, "b3E-d2") == "deblockle.ends_on_star"


def test_x_with_every_diagonal_blocked_cannot_be_tipped_up():
    """'A tip whose symbol cannot then hop is not allowed.'"""
    state = state_with({"b1": "gold " + cube(east="x"), "b2": "blue " + cube(top="x")})
    assert ends_of(state, "b1", "W") == set()
    assert refused(state, "b1W") == "deblockle.tip_cannot_hop"
    assert refused(state, "b1W-b2") == "deblockle.hop_blocked"


# --- Slider -------------------------------------------------------------------------


def test_slider_moves_until_stopped_by_the_edge_or_another_block():
    state = state_with({"a4": "gold " + cube(west="slider"), "e4": "blue " + cube(top="x")})
    assert ends_of(state, "a4", "E") == {"b7", "b1", "d4", "a4"}
    assert refused(state, "a4E-c4") == "deblockle.slider_stop"
    assert refused(state, "a4E-f4") == "deblockle.hop_blocked"


def test_slider_tipped_against_the_edge_must_still_move_where_it_can():
    state = state_with({"b1": "gold " + cube(east="slider"), "a3": "blue " + cube(top="x")})
    assert ends_of(state, "b1", "W") == {
        "a2",
        "g1",
    }  # north stops at the blue block, east runs to g1
    assert refused(state, "b1W-a1") == "deblockle.hop_shape"


def test_slider_stops_just_before_a_star_or_slides_across_it_but_never_stops_on_it():
    state = state_with({"c1": "gold " + cube(west="slider"), "a7": "blue " + cube(top="x")})
    assert ends_of(state, "c1", "E") == {"d5", "d7", "g1", "a1"}  # across d2; d5 is before d6
    assert refused(state, "c1E-d6") == "deblockle.ends_on_star"
    assert refused(state, "c1E-d4") == "deblockle.slider_stop"


def test_a_slide_that_would_end_on_a_star_ends_on_the_square_before_it():
    state = state_with({"c3": "gold " + cube(west="slider"), "d7": "blue " + cube(top="x")})
    assert ends_of(state, "c3", "E") == {"d5", "d1", "g3", "a3"}


def test_slider_path_in_the_hop_event_lists_every_square_crossed():
    state = state_with({"c1": "gold " + cube(west="slider"), "a7": "blue " + cube(top="x")})
    events = state.apply("c1E-d7")
    assert events[1] == {
        "type": "hop",
        "player": 0,
        "symbol": "slider",
        "path": ["d1", "d2", "d3", "d4", "d5", "d6", "d7"],
    }


# --- Hoops --------------------------------------------------------------------------


def test_hoops_is_any_combination_of_three_vertical_or_horizontal_steps():
    state = state_with({"c4": "gold " + cube(west="hoops"), "a7": "blue " + cube(top="x")})
    ends = ends_of(state, "c4", "E")
    assert ends == {
        "d5",
        "d3",
        "c4",
        "e4",
        "d7",
        "c6",
        "e6",
        "b5",
        "f5",
        "a4",
        "g4",
        "b3",
        "f3",
        "c2",
        "e2",
        "d1",
    } - {"d6", "d2"}
    assert refused(state, "c4E-d5-d6") == "deblockle.hop_length"
    assert refused(state, "c4E-d5-e6-e7") == "deblockle.hop_shape"


def test_hoops_may_come_back_to_a_space_it_occupied_even_its_starting_space():
    state = state_with({"c3": "gold " + cube(west="hoops"), "a7": "blue " + cube(top="x")})
    every_path = notations(state, all_paths=True)
    assert "c3E-c3-d3-c3" in every_path and "c3E-d4-d3-e3" in every_path
    events = state.apply("c3E-c3-d3-c3")
    assert events[1]["path"] == ["d3", "c3", "d3", "c3"]


def test_hoops_may_pass_across_a_star_but_not_end_on_it():
    state = state_with({"c3": "gold " + cube(west="hoops"), "a7": "blue " + cube(top="x")})
    assert "c3E-d2-d1-c1" in notations(state, all_paths=True)
    assert refused(state, "c3E-d4-d3-d2") == "deblockle.ends_on_star"
    assert "d2" not in ends_of(state, "c3", "E")


def test_hoops_at_the_corner_and_blocked():
    state = state_with({"b1": "gold " + cube(east="hoops"), "a3": "blue " + cube(top="x")})
    assert ends_of(state, "b1", "W") == {"a2", "b1", "b3", "c2", "d1"}  # a4 only through a3
    assert refused(state, "b1W-a2-a3-a4") == "deblockle.hop_blocked"


def test_hoops_listing_one_path_per_end_unless_every_path_is_asked_for():
    state = state_with({"c4": "gold " + cube(west="hoops"), "a7": "blue " + cube(top="x")})
    short = [m for m in state.legal_moves() if m.square == parse_square("c4") and m.direction == 1]
    full = [
        m
        for m in state.legal_moves(all_paths=True)
        if m.square == parse_square("c4") and m.direction == 1
    ]
    assert len(short) == len({m.end for m in short}) < len(full)
    assert {m.end for m in short} == {m.end for m in full}
