"""Rules: 'A turn' (tip, then hop) and 'Deblockle'd' (passing, both stuck)."""

import json

import pytest
from deblockle_fixtures import cube, ends_of, notations, state_with
from games.common.errors import IllegalMove
from games.deblockle import Move, parse_square


def refused(state, move) -> str:
    with pytest.raises(IllegalMove) as error:
        state.apply(move)
    return error.value.key


def test_tip_choose_one_of_your_blocks_and_tip_it_into_an_adjacent_open_space():
    state = state_with(
        {"c3": "gold " + cube(top="star", north="cross"), "c4": "blue " + cube(top="x")}
    )
    assert {m.direction for m in state.legal_moves() if m.square == parse_square("c3")} <= {1, 2, 3}
    assert refused(state, "c3N") == "deblockle.tip_into_block"
    assert refused(state, "c4S") == "deblockle.not_your_block"
    assert refused(state, "e4S") == "deblockle.no_block"


def test_tip_you_may_not_tip_diagonally_or_off_the_board():
    state = state_with({"a1": "gold " + cube(top="star"), "g7": "blue " + cube(top="x")})
    assert refused(state, "a1NE") == "deblockle.bad_notation"
    assert refused(state, Move(parse_square("a1"), 2, ())) == "deblockle.tip_off_board"
    assert (
        refused(state, Move(parse_square("a1"), 7, ())) == "deblockle.bad_notation"
    )  # no such direction
    with pytest.raises(ValueError):
        Move.parse("a1W")


def test_tip_you_may_not_tip_into_a_star_space():
    state = state_with({"c2": "gold " + cube(west="cross"), "g7": "blue " + cube(top="x")})
    assert ends_of(state, "c2", "E") == set()
    assert refused(state, "c2E-d3") == "deblockle.tip_into_star"


def test_hop_that_same_block_as_the_symbol_now_on_top_says_and_it_is_not_turned_over():
    state = state_with({"c3": "gold " + cube(south="cross"), "g7": "blue " + cube(top="x")})
    events = state.apply("c3N-d4")
    assert events[0]["to"] == "c4" and events[1]["path"] == ["c4", "d4"]
    block = next(b for b in state.blocks() if b["player"] == 0)
    assert block["square"] == "d4"
    assert {k: block[k] for k in events[0]["faces"]} == events[0][
        "faces"
    ]  # same faces after the hop
    assert block["top"] == "cross"


def test_a_hop_only_lands_on_open_spaces():
    state = state_with(
        {
            "c3": "gold " + cube(south="x"),
            "d5": "blue " + cube(top="x"),
            "b3": "gold " + cube(top="x"),
            "d3": "blue " + cube(top="x"),
        }
    )
    assert ends_of(state, "c3", "N") == {"b5"}
    assert refused(state, "c3N-d5") == "deblockle.hop_blocked"


def test_no_block_may_end_a_turn_on_either_star_space():
    state = state_with(
        {
            "c3": "gold " + cube(north="cross"),
            "e5": "gold " + cube(south="cross"),
            "a7": "blue " + cube(top="x"),
        }
    )
    assert "d2" not in ends_of(state, "c3", "S") and "d6" not in ends_of(state, "e5", "N")
    assert refused(state, "e5N-d6") == "deblockle.ends_on_star"


def test_a_turn_is_legal_only_if_both_steps_can_be_completed_and_stop_always_completes():
    state = state_with(
        {"b1": "gold " + cube(east="x", north="stop"), "b2": "blue " + cube(top="x")}
    )
    assert ends_of(state, "b1", "W") == set()  # X cannot hop from a1
    assert ends_of(state, "b1", "S") == set()  # off the board
    assert ends_of(state, "b1", "E") != set()


def test_turns_alternate_and_events_are_plain_json():
    state = state_with({"c3": "gold " + cube(south="stop"), "e5": "blue " + cube(north="stop")})
    events = state.apply("c3N")
    assert state.current_player == 1
    json.dumps(events)
    events = state.apply("e5S")
    assert state.current_player == 0 and events[0]["player"] == 1
    assert state.history == ["c3N", "e5S"]


def test_tip_options_show_each_tip_with_the_symbol_it_brings_up_and_its_hops():
    state = state_with(
        {"c1": "gold " + cube(west="slider", north="x"), "a7": "blue " + cube(top="x")}
    )
    options = {o["direction"]: o for o in state.tip_options("c1")}
    east = options["E"]
    assert east["to"] == "d1" and east["top"] == "slider" and not east["removes"]
    assert ["d1", "d2", "d3", "d4", "d5"] in east["hops"]
    assert set(east["moves"]) == {m for m in notations(state) if m.startswith("c1E")}
    assert (
        state.tip_options("a7") == [] and state.tip_options("z9") == []
    )  # not the player to move; no square


# --- Deblockle'd ------------------------------------------------------------------

TRAPPED_BLUE = {
    "a1": "blue " + cube(south="star", east="cross"),
    "b1": "gold " + cube(top="x", north="stop"),
}


def test_deblockled_player_passes_and_the_other_keeps_taking_turns_and_removing():
    state = state_with(
        {**TRAPPED_BLUE, "f4": "gold " + cube(top="x"), "d5": "gold " + cube(south="star")}
    )
    free_move = next(m for m in state.legal_moves() if m.square == parse_square("f4"))
    events = state.apply(free_move)
    assert events[-1] == {"type": "pass", "player": 1, "reason": "deblockled"}
    assert state.current_player == 0
    events = state.apply("d5N*")
    assert events[1]["type"] == "remove" and events[-1]["type"] == "pass"
    assert state.current_player == 0 and state.position.removed == (1, 0)


def test_deblockled_player_plays_again_once_freed():
    state = state_with({**TRAPPED_BLUE, "f4": "gold " + cube(top="x")})
    freeing = next(
        m
        for m in state.legal_moves()
        if m.square == parse_square("b1") and m.end != parse_square("b1")
    )
    events = state.apply(freeing)
    assert not any(e["type"] == "pass" for e in events)
    assert state.current_player == 1


def _bottom_row(f1: str) -> dict:
    """Blocks filling row 1 so none can tip: each face south is the Star (d1 faces gold's own star)."""
    walled = cube(south="star")
    row = {"a1": "blue", "b1": "gold", "c1": "blue", "d1": "gold", "e1": "blue", "g1": "blue"}
    blocks = {sq: f"{player} {walled}" for sq, player in row.items()}
    if f1:
        blocks["f1"] = f"{f1} {walled}"
    return blocks


def test_neither_player_with_a_turn_ends_the_game_equal_removals_draw():
    state = state_with({**_bottom_row(""), "g3": "gold " + cube(east="slider", south="star")})
    events = state.apply("g3W-f1")
    assert events[-1] == {
        "type": "game_over",
        "winner": None,
        "reason": "both_stuck",
        "removed": [0, 0],
    }
    assert state.is_over and state.result["winner"] is None and state.legal_moves() == []
    assert refused(state, "f1N") == "deblockle.game_over"


def test_neither_player_with_a_turn_the_one_who_removed_more_blocks_wins():
    state = state_with({**_bottom_row("gold"), "d5": "gold " + cube(south="star")})
    events = state.apply("d5N*")
    assert events[-1] == {
        "type": "game_over",
        "winner": 0,
        "reason": "both_stuck",
        "removed": [1, 0],
    }


def test_the_first_player_to_take_off_all_their_blocks_wins():
    state = state_with(
        {"d5": "gold " + cube(south="star"), "a1": "blue " + cube(top="x")}, removed=(3, 2)
    )
    events = state.apply("d5N*")
    assert events[-1] == {
        "type": "game_over",
        "winner": 0,
        "reason": "all_removed",
        "removed": [4, 2],
    }
    assert state.result == {"winner": 0, "reason": "all_removed", "removed": [4, 2]}
