"""Seeded random games (no hypothesis: the same tests run inside Pyodide).

Over ~1,200 games in the three modes, between the quickest computer players:
no square is called twice, a ship sinks exactly when its last hole is hit,
a player's view never shows a square of the other's fleet they have not
called, and the game survives a JSON round trip (at every step for a share
of the games, at the end for the rest)."""

import json

import pytest
from games.battleship import new_game
from games.battleship.ai import computer_player
from games.battleship.fleet import LENGTH
from games.battleship.grid import SQUARE_NAMES, ship_squares, square_name
from games.battleship.state import State
from games.common.rng import SeededRng
from runs import runs

MODES = ("classic", "salvo", "advanced_salvo")
SQUARE_SET = set(SQUARE_NAMES)
VIEW_KEYS = {
    "player",
    "mode",
    "edition",
    "announce_ship",
    "phase",
    "current_player",
    "winner",
    "ready",
    "fleet",
    "shots",
    "incoming",
    "shots_allowed",
    "aimed",
    "opponent_afloat",
    "called",
    "opponent_fleet",
}
GAMES_WITH_STEP_ROUND_TRIPS = runs(40)
GAMES_WITH_FINAL_ROUND_TRIP = runs(350)


def fleet_squares(state, player) -> dict:
    return {
        ship_id: {square_name(i) for i in ship_squares(bow, orientation, LENGTH[ship_id])}
        for ship_id, (bow, orientation) in state.fleets[player].items()
    }


def check_view_hides_the_other_fleet(state, player, own_fleet: set, other_fleet: set, called: list):
    """The view's only window on the other grid is the record of the player's
    own shots, and it names only squares the player called."""
    view = state.view_for(player)
    assert set(view) == VIEW_KEYS
    assert {sq for ship in view["fleet"] for sq in ship["squares"]} == own_fleet
    shots = [shot for record in view["shots"] for shot in record["shots"]]
    assert {shot["square"] for shot in shots} == called[player]
    assert {shot["square"] for r in view["incoming"] for shot in r["shots"]} == called[1 - player]
    for shot in shots:
        if state.mode == "advanced_salvo":
            assert set(shot) == {"square"}
        else:
            assert (shot["result"] == "hit") == (shot["square"] in other_fleet)


def check_shot_event(state, event, before_called, before_sunk):
    shooter = event["player"]
    target = 1 - shooter
    squares = [shot["square"] for shot in event["shots"]]
    assert len(set(squares)) == len(squares)
    assert not set(squares) & before_called, "a square was called twice"
    called = before_called | set(squares)
    ships = fleet_squares(state, target)
    sunk_now = {ship_id for ship_id, cells in ships.items() if cells <= called}
    assert sunk_now == set(state.sunk[target])
    newly = sunk_now - before_sunk
    if state.mode != "advanced_salvo":
        assert set(event["sunk"]) == newly
        for shot in event["shots"]:
            owner = next((s for s, cells in ships.items() if shot["square"] in cells), None)
            assert shot["result"] == ("hit" if owner else "miss")
    else:
        assert set(event) == {"type", "player", "shots", "hits"}
        assert event["hits"] == sum(any(sq in cells for cells in ships.values()) for sq in squares)


def play_random_game(mode, seed, step_round_trips):
    rng = SeededRng(seed)
    state = new_game({"mode": mode, "announce_ship": seed % 3 != 0, "edition": "classic"}, seed)
    easy = computer_player("easy")
    for player in (0, 1):
        if seed % 2:
            state.apply({"type": "random_fleet", "player": player})
            state.apply({"type": "ready", "player": player})
        else:
            for move in computer_player("medium").choose_placement(player, rng):
                state.apply(move)
    fleets = [set().union(*fleet_squares(state, player).values()) for player in (0, 1)]
    called = [set(), set()]
    while not state.is_over:
        player = state.current_player
        move = easy.choose_move(state.view_for(player), rng)
        before_sunk = set(state.sunk[1 - player])
        events = state.apply(move)
        check_shot_event(state, events[0], called[player], before_sunk)
        called[player] |= set(move["squares"])
        check_view_hides_the_other_fleet(state, player, fleets[player], fleets[1 - player], called)
        if step_round_trips:
            assert_round_trip(state)
    assert_round_trip(state)
    assert state.result["winner"] == state.winner
    return state


def assert_round_trip(state):
    data = json.loads(json.dumps(state.to_json()))
    copy = State.from_json(data)
    assert copy.to_json() == data
    for player in (0, 1):
        assert copy.view_for(player) == state.view_for(player)


@pytest.mark.parametrize("mode", MODES)
def test_random_games_with_a_round_trip_at_every_step(mode):
    for seed in range(GAMES_WITH_STEP_ROUND_TRIPS):
        play_random_game(mode, seed, step_round_trips=True)


@pytest.mark.parametrize("mode", MODES)
def test_many_more_random_games_keep_every_invariant(mode):
    winners = [0, 0]
    for seed in range(1000, 1000 + GAMES_WITH_FINAL_ROUND_TRIP):
        winners[play_random_game(mode, seed, step_round_trips=False).winner] += 1
    assert min(winners) > 0


def test_round_trip_during_placement_keeps_the_rng_and_partial_fleets():
    state = new_game({"mode": "salvo"}, 77)
    state.apply(
        {"type": "place", "player": 1, "ship": "carrier", "square": "B2", "orientation": "v"}
    )
    state.apply({"type": "random_fleet", "player": 0})
    copy = State.from_json(json.loads(json.dumps(state.to_json())))
    assert copy.to_json() == state.to_json()
    assert copy.apply({"type": "random_fleet", "player": 1}) == state.apply(
        {"type": "random_fleet", "player": 1}
    )


def test_every_square_name_round_trips():
    from games.battleship.grid import square_index

    assert [square_name(square_index(name)) for name in SQUARE_NAMES] == SQUARE_NAMES
