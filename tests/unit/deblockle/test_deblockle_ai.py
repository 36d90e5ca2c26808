"""Computer players: legal, deterministic for a seed, and sensible where it is plain."""

import re
from pathlib import Path

import pytest
from deblockle_fixtures import cube, state_with
from games.common.rng import SeededRng
from games.deblockle import new_game
from games.deblockle.ai import PLAYERS, choose_move

ENGINE = Path(__file__).resolve().parents[3] / "py" / "games" / "deblockle"


@pytest.mark.parametrize("level", sorted(PLAYERS))
def test_every_player_places_and_plays_legal_moves(level):
    """Opponents: the computer at several strengths; it arranges the other side's blocks too."""
    state = new_game({"blocks": [3, 4]}, 5)
    rng = SeededRng(1)
    for _ in range(20):
        if state.is_over:
            break
        move = choose_move(state, rng, 500, level)
        assert move in state.legal_moves(all_paths=True)
        state.apply(move)
    assert state.phase == "play"


@pytest.mark.parametrize("level", sorted(PLAYERS))
def test_every_player_is_deterministic_for_a_seed(level):
    state = new_game({"quick_setup": True}, 6)
    assert choose_move(state, SeededRng(9), 800, level) == choose_move(
        state.copy(), SeededRng(9), 800, level
    )


@pytest.mark.parametrize("level", ["greedy", "strong"])
def test_a_winning_removal_is_taken(level):
    state = state_with(
        {"d5": "gold " + cube(south="star"), "g3": "blue " + cube(top="x")}, removed=(3, 3)
    )
    assert str(choose_move(state, SeededRng(2), None, level)) == "d5N*"


def test_strong_respects_a_tiny_budget():
    state = new_game({"quick_setup": True}, 12)
    move = choose_move(state, SeededRng(4), 1, "strong")
    assert move in state.legal_moves()


def test_the_engine_never_reads_the_clock_or_the_browser():
    for path in ENGINE.rglob("*.py"):
        text = path.read_text()
        assert not re.search(
            r"^\s*(import|from)\s+(time|datetime|random|js|pyscript|pyodide|threading)\b",
            text,
            re.M,
        ), path


def test_race_distances_are_shortest_turn_counts_for_both_sides():
    """Each state is one more than its best next state; distance 1 exactly when a removal is open."""
    from games.deblockle.ai.race import distances
    from games.deblockle.board import STARS
    from games.deblockle.position import Position
    from games.deblockle.rules import block_outcomes

    for player in (0, 1):
        table = distances(player)
        for square in set(range(49)) - STARS:
            for orientation in range(24):
                lone = Position.empty().with_block(square, player, orientation)
                outcomes = block_outcomes(lone, square, False)
                here = table[square * 24 + orientation]
                if any(end < 0 for _, _, end in outcomes):
                    assert here == 1
                else:
                    assert here == 1 + min(table[end * 24 + tipped] for _, tipped, end in outcomes)
