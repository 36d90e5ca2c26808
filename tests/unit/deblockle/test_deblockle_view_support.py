"""What the engine offers the view so that it decides no rule: the turns a rolled
block may take, why a tip is refused, placing at random, and the computer's dice."""

from deblockle_fixtures import state_with
from games.deblockle import FACE_NAMES, choose_move, new_game
from games.deblockle.ai import computer_rng, helper_rng
from games.deblockle.cube import faces, side_faces
from games.deblockle.setup import north_choices, placed_faces


def test_a_rolled_block_may_face_north_with_any_of_its_four_side_faces():
    for top in FACE_NAMES:
        choices = north_choices(top)
        assert len(choices) == 4 and top not in choices
        for north in choices:
            drawn = placed_faces(top, north)
            assert drawn["top"] == top and drawn["north"] == north
            assert {drawn[side] for side in ("north", "east", "south", "west")} == set(choices)


def test_placed_faces_agree_with_the_cube():
    for o in range(24):
        drawn = faces(o)
        assert placed_faces(drawn["top"], drawn["north"]) == drawn
        assert FACE_NAMES[side_faces(o)[0]] == drawn["north"]


def test_a_refused_tip_is_explained_in_the_engines_words():
    state = state_with({"c3": "gold cross/stop", "c4": "blue cross/stop", "a7": "blue x/stop"})
    refusal = state.tip_refusal("c3", "c4")
    assert refusal is not None and refusal.key == "deblockle.tip_into_block"
    assert refusal.params == {"square": "c4"}
    for option in state.tip_options("c3"):
        assert state.tip_refusal("c3", option["to"]) is None  # a tip it offers is no refusal
    assert state.tip_refusal("c3", "e5") is None  # not next to it: no tip goes there
    assert state.tip_refusal("c3", "zz") is None
    assert state.tip_refusal("c4", "c5") is None  # not the player's block


def test_a_tip_into_the_home_star_is_refused():
    state = state_with({"d3": "gold cross/stop", "a7": "blue x/stop"})
    refusal = state.tip_refusal("d3", "d2")
    assert refusal is not None and refusal.key == "deblockle.tip_into_star"


def test_placing_at_random_fills_the_free_start_squares_of_the_placer():
    state = new_game({"quick_setup": False}, 12)
    state.apply(state.legal_moves()[0])  # one of blue's blocks placed by hand
    placements = state.placements_at_random(helper_rng(12, 1))
    assert len(placements) == 3
    assert placements == state.placements_at_random(helper_rng(12, 1))  # seeded
    for placement in placements:
        state.apply(placement)
    assert state.to_place[1] == [] and state.current_player == 1  # now blue places gold's
    assert state.phase == "setup"
    assert new_game({"quick_setup": True}, 3).placements_at_random(helper_rng(3, 8)) == []


def test_the_computer_replays_from_the_seed_and_the_move_number():
    def play(seed):
        state, moves = new_game({"quick_setup": False}, seed), []
        while not state.is_over and len(moves) < 30:
            move = choose_move(state, computer_rng(seed, len(state.history)), 200, "random")
            state.apply(move)
            moves.append(str(move))
        return moves

    assert play(9) == play(9)
    assert play(9) != play(10)
    assert computer_rng(9, 3).next_u64() != computer_rng(9, 4).next_u64()
