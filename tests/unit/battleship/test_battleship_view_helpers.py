"""The engine's answers to what the Battleship page asks: where a ship in hand
would go, which squares a player has called, the log in the order played, what
Advanced Salvo proves and which sunk ships' squares are known, and the other
fleet once the game is over (docs/rules/battleship.md)."""

import pytest
from battleship_fixtures import RED_FLEET, battle, fire, place_fleet
from games.battleship import new_game
from games.battleship.state import known_sunk_squares, salvo_deductions, turns_in_order


def test_placement_squares_matches_the_place_move():
    """Rules 3.3 and 3.4: a ship on the grid, not over another; the answer is the
    refusal the place move would get, and the state is not changed."""
    state = new_game({}, 1)
    state.apply(
        {"type": "place", "player": 0, "ship": "carrier", "square": "B2", "orientation": "h"}
    )
    before = state.to_json()
    squares, refusal = state.placement_squares(0, "battleship", "D3", "h", hole=1)
    assert squares == ["D2", "D3", "D4", "D5"] and refusal is None
    squares, refusal = state.placement_squares(0, "battleship", "B4", "h")
    assert squares == ["B4", "B5", "B6", "B7"]
    assert refusal.key == "battleship.overlap" and refusal.params["other"] == "carrier"
    # Hanging off the right edge: the squares still on the grid, and the reason.
    squares, refusal = state.placement_squares(0, "battleship", "D9", "h", hole=1)
    assert squares == ["D8", "D9", "D10"] and refusal.key == "battleship.off_grid"
    # Held by its last square over A1, going down: off the top edge.
    squares, refusal = state.placement_squares(0, "patrol", "A1", "v", hole=1)
    assert squares == ["A1"] and refusal.key == "battleship.off_grid"
    # The ship in hand may move over its own old squares (3.6).
    squares, refusal = state.placement_squares(0, "carrier", "B4", "h", hole=2)
    assert squares == ["B2", "B3", "B4", "B5", "B6"] and refusal is None
    assert state.to_json() == before


@pytest.mark.parametrize(
    "args, key",
    [
        ((2, "carrier", "A1", "h"), "battleship.bad_player"),
        ((0, "dinghy", "A1", "h"), "battleship.unknown_ship"),
        ((0, "carrier", "A1", "x"), "battleship.bad_orientation"),
        ((0, "carrier", "K1", "h"), "battleship.bad_square"),
        ((0, "carrier", "A1", "h", 5), "battleship.unknown_move"),
    ],
)
def test_placement_squares_refuses_what_the_move_would(args, key):
    squares, refusal = new_game({}, 1).placement_squares(*args)
    assert squares == [] and refusal.key == key


def test_placement_squares_after_ready_says_the_fleet_is_locked():
    """Rule 3.8: once ready, the fleet is fixed."""
    state = new_game({}, 1)
    place_fleet(state, 0, RED_FLEET)
    state.apply({"type": "ready", "player": 0})
    assert state.placement_squares(0, "patrol", "J1", "h")[1].key == "battleship.fleet_locked"
    assert state.placement_squares(1, "patrol", "J1", "h") == (["J1", "J2"], None)


def test_the_view_lists_the_squares_called_and_hides_the_other_fleet_until_the_end():
    """Rules 5.4 and 6.3: called squares may not be called again; the game ends
    when a fleet is sunk, and then the other fleet is shown."""
    state = battle()
    fire(state, "B2")
    fire(state, "J1")
    fire(state, "A2")
    assert state.view_for(0)["called"] == ["A2", "B2"]
    assert state.view_for(1)["called"] == ["J1"]
    assert state.view_for(0)["opponent_fleet"] is None
    state = battle()
    blue = [sq for ship in state.view_for(1)["fleet"] for sq in ship["squares"]]
    water = [f"J{c}" for c in range(1, 11)] + [f"F{c}" for c in range(1, 7)]  # Red has none
    for mine, theirs in zip(blue, water + [None]):
        fire(state, mine)
        if theirs is not None:
            fire(state, theirs)
    assert state.is_over
    revealed = state.view_for(0)["opponent_fleet"]
    assert {sq for ship in revealed for sq in ship["squares"]} == set(blue)
    assert all(ship["sunk"] for ship in revealed)
    assert state.view_for(1)["opponent_fleet"] == state.view_for(0)["fleet"]


def test_turns_in_order_interleaves_from_red():
    """Rules 4.1 and 5.5: red fires first, then the players take turns; the log
    lists every shot of both players."""
    state = battle()
    for square in ("A10", "J1", "H5", "J2", "H6"):
        fire(state, square)
    for player in (0, 1):
        played = turns_in_order(state.view_for(player))
        assert [r["player"] for r in played] == [0, 1, 0, 1, 0]
        assert [r["shots"][0]["square"] for r in played] == ["A10", "J1", "H5", "J2", "H6"]


def test_salvo_deductions_and_known_sinks():
    """Rules 8.3 and 6.1: a salvo with no hit proves its squares empty, one whose
    every shot hit proves them hit; a sunk ship's hit squares are known."""
    state = battle(mode="advanced_salvo")
    fire(state, "J1", "J2", "J3", "J4", "J5")  # red: no hit
    fire(state, "J6", "J7", "J8", "J9", "J10")
    fire(state, "A2", "B2", "A4", "B4", "C4")  # red: all hit (patrol, submarine)
    empty, hit = salvo_deductions(state.view_for(0))
    assert empty == {"J1", "J2", "J3", "J4", "J5"}
    assert hit == {"A2", "B2", "A4", "B4", "C4"}
    assert known_sunk_squares(state.view_for(0)) == set()  # 8.2: no sink is told
    classic = battle()
    for square in ("A2", "J1", "B2"):
        fire(classic, square)
    assert known_sunk_squares(classic.view_for(0)) == {"A2", "B2"}
    unnamed = battle(announce_ship=False)
    for square in ("A2", "J1", "B2"):
        fire(unnamed, square)
    assert known_sunk_squares(unnamed.view_for(0)) == set()
