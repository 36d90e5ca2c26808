"""Rules: 'Board and blocks' — the 7 x 7 board, the star spaces, the cube and its tipping."""

import pytest
from games.common.rng import SeededRng
from games.deblockle import new_game, parse_square, square_name
from games.deblockle.board import HOME_STAR, START_SQUARES, TARGET_STAR
from games.deblockle.cube import (
    CROSS,
    FACE_NAMES,
    HOOPS,
    ORIENTATION_OF,
    ORIENTATIONS,
    SLIDER,
    STAR,
    STOP,
    TIP,
    TOP,
    X,
    faces,
    opposite,
)


def test_board_is_7_by_7_columns_a_to_g_rows_1_to_7():
    names = [square_name(sq) for sq in range(49)]
    assert names[0] == "a1" and names[6] == "g1" and names[42] == "a7" and names[48] == "g7"
    assert len(set(names)) == 49
    assert all(parse_square(n) == sq for sq, n in enumerate(names))
    assert parse_square("h1") == parse_square("a8") == parse_square("a") == -1


def test_star_spaces_d2_is_golds_home_d6_is_blues_home():
    assert [square_name(s) for s in HOME_STAR] == ["d2", "d6"]
    assert [square_name(s) for s in TARGET_STAR] == [
        "d6",
        "d2",
    ]  # each brings blocks into the opponent's star


def test_each_block_is_a_cube_with_six_faces_star_stop_cross_x_slider_hoops():
    assert FACE_NAMES == ("star", "stop", "cross", "x", "slider", "hoops")
    for o in range(24):
        assert sorted(faces(o).values()) == sorted(FACE_NAMES)


def test_opposite_faces_are_star_stop_cross_x_slider_hoops():
    assert (opposite(STAR), opposite(CROSS), opposite(SLIDER)) == (STOP, X, HOOPS)
    for o in range(24):
        f = faces(o)
        assert {f["top"], f["bottom"]} in ({"star", "stop"}, {"cross", "x"}, {"slider", "hoops"})
        assert FACE_NAMES.index(f["north"]) == opposite(FACE_NAMES.index(f["south"]))
        assert FACE_NAMES.index(f["east"]) == opposite(FACE_NAMES.index(f["west"]))


def test_one_mirror_form_star_up_cross_north_puts_slider_east():
    """'A cube has two mirror forms ... pick one': Star, Cross, Slider clockwise round their corner."""
    assert faces(ORIENTATION_OF[(STAR, CROSS)])["east"] == "slider"
    assert faces(ORIENTATION_OF[(CROSS, SLIDER)])["east"] == "star"  # the same cube turned


def test_all_24_orientations_are_distinct_and_named_by_top_and_north():
    assert len(ORIENTATIONS) == 24 == len(set(ORIENTATIONS))
    assert len({(f["top"], f["north"]) for f in map(faces, range(24))}) == 24


@pytest.mark.parametrize(
    "direction,comes_up", [(0, "south"), (1, "west"), (2, "north"), (3, "east")]
)
def test_tipping_brings_the_face_on_the_far_side_up(direction, comes_up):
    for o in range(24):
        before, after = faces(o), faces(TIP[o][direction])
        assert after["top"] == before[comes_up]
        assert (
            after["bottom"]
            == before[
                {"south": "north", "west": "east", "north": "south", "east": "west"}[comes_up]
            ]
        )


def test_a_roll_round_four_sides_returns_to_the_start():
    """Tipping the same way four times rolls the cube round its four sides, back to the start."""
    for o in range(24):
        for d in range(4):
            x = o
            for _ in range(4):
                x = TIP[x][d]
            assert x == o


def test_a_tip_and_the_tip_back_return_to_the_start():
    for o in range(24):
        for d in range(4):
            assert TIP[TIP[o][d]][(d + 2) % 4] == o


def _rotate(vectors, direction):
    """Roll a cube (face -> outward vector (east, north, up)) one step in direction."""

    def roll(v):
        x, y, z = v
        return [(x, z, -y), (z, y, -x), (x, -z, y), (-z, y, x)][direction]

    return {face: roll(v) for face, v in vectors.items()}


def _from_vectors(vectors):
    up = next(f for f, v in vectors.items() if v == (0, 0, 1))
    north = next(f for f, v in vectors.items() if v == (0, 1, 0))
    return ORIENTATION_OF[(up, north)]


def test_orientation_after_a_sequence_of_tips_matches_a_rolled_3d_cube():
    """Full orientation tracking: 500 random tip sequences checked against 3-D vectors."""
    reference = {
        STAR: (0, 0, 1),
        STOP: (0, 0, -1),
        CROSS: (0, 1, 0),
        X: (0, -1, 0),
        SLIDER: (1, 0, 0),
        HOOPS: (-1, 0, 0),
    }
    rng = SeededRng(3)
    for _ in range(500):
        vectors, o = dict(reference), ORIENTATION_OF[(STAR, CROSS)]
        for _ in range(rng.randint(1, 12)):
            d = rng.randrange(4)
            vectors, o = _rotate(vectors, d), TIP[o][d]
        assert _from_vectors(vectors) == o


def test_rolling_round_a_square_loop_turns_the_cube_about_its_vertical_axis_and_more():
    """N, E, S, W brings the block back to its square but not its orientation (as a real cube)."""
    o = ORIENTATION_OF[(STAR, CROSS)]
    x = o
    for d in range(4):
        x = TIP[x][d]
    assert x != o
    assert faces(x) == {
        "top": "x",
        "bottom": "cross",
        "north": "slider",
        "south": "hoops",
        "east": "stop",
        "west": "star",
    }


def test_blocks_start_on_the_four_spaces_diagonal_to_their_own_home_star():
    assert {square_name(s) for s in START_SQUARES[0]} == {"c1", "e1", "c3", "e3"}
    assert {square_name(s) for s in START_SQUARES[1]} == {"c5", "e5", "c7", "e7"}
    state = new_game({"quick_setup": True}, 5)
    for block in state.blocks():
        assert parse_square(block["square"]) in START_SQUARES[block["player"]]


def test_two_players_four_gold_blocks_four_blue_blocks():
    state = new_game({"quick_setup": True}, 9)
    assert [b["player"] for b in state.blocks()].count(0) == 4
    assert [b["player"] for b in state.blocks()].count(1) == 4
    assert state.current_player == 0 and not state.is_over and state.result is None
    assert TOP[0] == STAR
