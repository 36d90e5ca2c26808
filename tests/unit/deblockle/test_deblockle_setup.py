"""Rules: 'Set-up' — rolled blocks, placed by the opponent, who starts, quick set-up."""

from collections import Counter

import pytest
from games.common.errors import IllegalMove
from games.deblockle import FACE_NAMES, Move, Placement, new_game, parse_square
from games.deblockle.setup import (
    chosen_start_squares,
    computer_start_squares,
    side_faces_of,
    with_start_square,
)


def test_rolling_the_blocks_like_dice_is_seeded():
    """'The rolls are random (seeded)': the same seed rolls the same symbols."""
    assert new_game({}, 7).to_place == new_game({}, 7).to_place
    assert len({str(new_game({}, seed).to_place) for seed in range(20)}) > 10


def test_every_symbol_can_be_rolled_face_up():
    """Rolled like dice; 'a block landing on an edge is rolled again' cannot happen on screen."""
    seen = Counter(
        top for seed in range(100) for tops in new_game({}, seed).to_place for top in tops
    )
    assert set(seen) == set(range(6))


def test_each_side_places_the_opponents_blocks_the_first_player_first():
    state = new_game({"first": 1}, 3)
    assert state.phase == "setup" and state.current_player == 1
    placement = state.legal_moves()[0]
    events = state.apply(placement)
    assert events[0]["player"] == 0 and events[0]["by"] == 1  # blue placed a gold block
    while state.current_player == 1:
        state.apply(state.legal_moves()[0])
    assert state.phase == "setup" and state.current_player == 0  # now gold places blue's
    assert state.to_place[0] == []


def test_placed_blocks_go_on_the_spaces_diagonal_to_their_home_star_any_space_any_turn():
    """'You may put them on any of those spaces in any orientation ... rolled symbols stay face up.'"""
    state = new_game({}, 11)
    moves = state.legal_moves()
    tops = set(state.to_place[1])
    assert {p.square for p in moves} == {parse_square(s) for s in ("c5", "e5", "c7", "e7")}
    assert {p.top for p in moves} == tops
    for top in tops:
        norths = {p.north for p in moves if p.top == top and p.square == moves[0].square}
        assert len(norths) == 4  # the four turns about the vertical axis


def test_the_rolled_symbol_stays_face_up_when_placed():
    state = new_game({}, 11)
    top = state.to_place[1][0]
    north = next(p.north for p in state.legal_moves() if p.top == top)
    events = state.apply(Placement(parse_square("c7"), top, north))
    assert events[0]["faces"]["top"] == events[0]["top"]
    block = next(b for b in state.blocks() if b["square"] == "c7")
    assert block["top"] == events[0]["top"] and block["player"] == 1


@pytest.mark.parametrize(
    "notation,key",
    [
        ("c3:{top}:{north}", "deblockle.not_a_start_square"),
        ("d6:{top}:{north}", "deblockle.not_a_start_square"),
        ("c5:{top}:{top}", "deblockle.north_not_side"),
        ("nonsense", "deblockle.bad_notation"),
    ],
)
def test_placements_against_the_rules_are_refused(notation, key):
    state = new_game({}, 11)
    legal = state.legal_moves()[0]
    text = notation.format(top=FACE_NAMES[legal.top], north=FACE_NAMES[legal.north])
    with pytest.raises(IllegalMove) as error:
        state.apply(text)
    assert error.value.key == key


def test_a_symbol_not_rolled_cannot_be_placed_and_a_square_holds_one_block():
    state = new_game({}, 11)
    missing = next(t for t in range(6) if t not in state.to_place[1])
    with pytest.raises(IllegalMove) as error:
        state.apply(Placement(parse_square("c5"), missing, side_faces_of(missing)[0]))
    assert error.value.key == "deblockle.not_rolled"
    state.apply(next(p for p in state.legal_moves() if p.square == parse_square("c5")))
    top = state.to_place[1][0]
    with pytest.raises(IllegalMove) as error:
        state.apply(Placement(parse_square("c5"), top, side_faces_of(top)[0]))
    assert error.value.key == "deblockle.square_taken"


def test_a_turn_is_not_a_set_up_move():
    state = new_game({}, 1)
    with pytest.raises(IllegalMove) as error:
        state.apply(Move(parse_square("c3"), 0, ()))
    assert error.value.key == "deblockle.wrong_phase"


def test_after_set_up_the_chosen_first_player_takes_the_first_turn():
    """'The youngest player goes first': the players choose who starts."""
    for first in (0, 1, "gold", "blue"):
        state = new_game({"first": first}, 4)
        events = []
        while state.phase == "setup":
            events = state.apply(state.legal_moves()[-1])
        expected = first if isinstance(first, int) else ("gold", "blue").index(first)
        assert {"type": "start", "player": expected} in events
        assert state.phase == "play" and state.current_player == expected


def test_quick_set_up_deals_the_same_rolls_at_random_and_starts_play():
    for seed in range(30):
        ceremony, quick = new_game({}, seed), new_game({"quick_setup": True}, seed)
        assert quick.phase == "play" and quick.current_player == 0
        for player in (0, 1):
            dealt = sorted(
                ("star", "stop", "cross", "x", "slider", "hoops").index(b["top"])
                for b in quick.blocks()
                if b["player"] == player
            )
            assert dealt == ceremony.to_place[player]
        assert quick.to_json() == new_game({"quick_setup": True}, seed).to_json()
    norths = {
        b["north"] for seed in range(30) for b in new_game({"quick_setup": True}, seed).blocks()
    }
    assert len(norths) == 6  # the turn about the vertical axis is dealt too


def test_options_are_checked():
    for bad in (
        {"blocks": 0},
        {"blocks": 5},
        {"blocks": [4]},
        {"first": 2},
        {"no_side_by_side": "yes"},
        {"start_squares": [["c3"], ["e5"]]},
        {"blocks": 1, "start_squares": [["d4"], ["e5"]]},
        {"colour": 1},
    ):
        with pytest.raises(ValueError):
            new_game(bad, 1)


# --- choosing the start squares with fewer blocks (rule 10.2) ------------------------------------


def test_start_squares_chosen_are_the_players_own_filled_in_the_rule_order():
    """docs/rules/deblockle.md 10.2."""
    assert chosen_start_squares(0, 2, None) == ["c3", "e3"]
    assert chosen_start_squares(0, 2, ["e1"]) == ["e1", "c3"]
    assert chosen_start_squares(0, 1, ["e1", "c1"]) == ["e1"]
    assert chosen_start_squares(1, 2, ["c3", "c7", "c7", "zz", 5]) == ["c7", "e5"]
    assert chosen_start_squares(1, 4, []) == ["e5", "c5", "e7", "c7"]


def test_picking_a_start_square_gives_up_the_one_chosen_longest_ago():
    assert with_start_square(0, 2, ["c3", "e3"], "c1") == ["e3", "c1"]
    assert with_start_square(0, 2, ["c3", "e3"], "e3") == ["c3", "e3"]  # always two
    assert with_start_square(0, 1, ["c3"], "e1") == ["e1"]
    assert with_start_square(0, 2, ["c3", "e3"], "e5") == ["c3", "e3"]  # not gold's


def test_the_computer_starts_nearest_the_star_it_makes_for():
    """Blue makes for d2: e5 and c5 are 4 steps away, e7 and c7 six."""
    assert computer_start_squares(1, 1) == ["e5"]
    assert computer_start_squares(1, 2) == ["e5", "c5"]
    assert computer_start_squares(0, 2) == ["c3", "e3"]
    assert sorted(computer_start_squares(1, 4)) == ["c5", "c7", "e5", "e7"]


def test_a_game_with_chosen_start_squares_sets_up_only_there():
    squares = [chosen_start_squares(0, 2, ["c1", "e1"]), ["c7"]]
    options = {"blocks": [2, 1], "start_squares": squares, "quick_setup": True}
    state = new_game(options, 4)
    assert sorted(b["square"] for b in state.blocks()) == ["c1", "c7", "e1"]
    ceremony = new_game({**options, "quick_setup": False}, 4)
    assert {str(p).split(":")[0] for p in ceremony.legal_moves()} == {"c7"}  # gold places blue's
