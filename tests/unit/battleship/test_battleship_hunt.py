"""The hunt, Battleship's one-player game (docs/rules/battleship.md 13): one rule or more per
test, each docstring citing it; then seeded random hunts (no hypothesis: the same tests run
inside Pyodide)."""

import json

import pytest
from battleship_fixtures import BLUE_FLEET, BLUE_SQUARES, WATER, place_fleet
from games.battleship import State, new_game
from games.battleship.game import GAME, options_from_params, options_to_params
from games.battleship.grid import SQUARE_NAMES
from games.battleship.notation import format_move, parse_move
from games.battleship.options import normalise_options
from games.common.errors import BadState, IllegalMove
from games.common.rng import SeededRng
from runs import runs

HUNT = {"mode": "classic", "solo": True}


def refused(state, move) -> str:
    before = state.to_json()
    with pytest.raises(IllegalMove) as caught:
        state.apply(move)
    assert state.to_json() == before, "a refused move must leave the state untouched"
    return caught.value.key


def a_hunt(seed=1):
    """A hunt with Blue's hand-built fleet placed and ready: Red to shoot."""
    state = new_game(HUNT, seed)
    place_fleet(state, 1, BLUE_FLEET)
    state.apply({"type": "ready", "player": 1})
    return state


def shoot(state, square):
    return state.apply({"type": "fire", "squares": [square]})


def test_rule_13_1_a_hunt_is_the_classic_game_and_nothing_else():
    """13.1: a hunt is the classic game, hits named; Salvo cannot be a hunt."""
    assert normalise_options(HUNT) == {
        "mode": "classic",
        "edition": "modern",
        "announce_ship": True,
        "solo": True,
    }
    for mode in ("salvo", "advanced_salvo"):
        with pytest.raises(ValueError):
            normalise_options({"mode": mode, "solo": True})
    with pytest.raises(ValueError):
        normalise_options({"solo": "yes"})


def test_rule_13_1_a_game_that_is_no_hunt_keeps_its_options_and_address():
    """13.1, 13.7: "solo" is written only for a hunt, so other games are as before."""
    assert "solo" not in normalise_options({"solo": False})
    assert "solo" not in options_to_params({})
    params = options_to_params(HUNT)
    assert params["solo"] == "1"
    assert options_from_params(params) == normalise_options(HUNT)


def test_rule_13_2_the_computer_places_the_fleet_from_the_seed_with_its_own_randomness():
    """13.2: the fleet is the computer's careful placement, from the seed; the game's own
    randomness draws nothing of it."""
    fleets = []
    for _ in range(2):
        state = GAME.new_game(HUNT, 77)
        rng_before = state.rng.to_json()
        while state.phase == "placement":
            view = state.view_for(1)
            move = GAME.computer["hard"](view, SeededRng(77).fork("computer:0"), None)
            state.apply(move)
        assert state.rng.to_json() == rng_before
        fleets.append(state.fleets[1])
    assert fleets[0] == fleets[1] and len(fleets[0]) == 5
    other = GAME.new_game(HUNT, 78)
    move = GAME.computer["hard"](other.view_for(1), SeededRng(78).fork("computer:0"), None)
    other.apply(move)
    assert other.fleets[1] != fleets[0]


def test_rule_13_3_the_hunter_has_no_fleet_and_places_nothing():
    """13.3: Red, the player, has no fleet and places nothing; only Blue's fleet is placed."""
    state = new_game(HUNT, 1)
    assert state.phase == "placement" and state.current_player == 1
    assert state.ready == [True, False]
    assert refused(state, {"type": "spread_fleet", "player": 0}) == "battleship.hunter_has_no_fleet"
    place = {"type": "place", "player": 0, "ship": "carrier", "square": "A1", "orientation": "h"}
    assert refused(state, place) == "battleship.hunter_has_no_fleet"
    assert {move["player"] for move in state.legal_moves()} == {1}
    assert refused(state, {"type": "fire", "squares": ["A1"]}) == "battleship.not_started"


def test_rule_13_3_red_fires_every_turn_one_square_and_never_twice():
    """13.3: Red fires every turn, one square a turn; a square already called is refused."""
    state = a_hunt()
    assert state.phase == "battle" and state.current_player == 0
    shoot(state, "J1")
    assert state.current_player == 0  # a miss: Red again, the fleet never fires
    shoot(state, "A10")
    assert state.current_player == 0
    assert refused(state, {"type": "fire", "squares": ["J1"]}) == "battleship.already_called"
    assert (
        refused(state, {"type": "fire", "squares": ["J2", "J3"]}) == "battleship.wrong_shot_count"
    )
    assert refused(state, {"type": "fire", "player": 1, "squares": ["J2"]}) == (
        "battleship.not_your_turn"
    )
    view = state.view_for(0)
    assert view["hunt"] is True and view["incoming"] == []
    assert [shot["square"] for r in view["shots"] for shot in r["shots"]] == ["J1", "A10"]


def test_rule_13_4_the_hunt_ends_with_the_17th_hit_all_sunk_red_winning():
    """13.4 (6.3): the 17th hit sinks the last ship and ends the hunt, won by Red."""
    state = a_hunt()
    shoot(state, WATER[0])
    squares = [square for ship in BLUE_SQUARES.values() for square in ship]
    for square in squares[:-1]:
        shoot(state, square)
    assert not state.is_over
    events = shoot(state, squares[-1])
    assert events[-1] == {"type": "game_over", "winner": 0}
    assert state.is_over and state.phase == "over" and state.winner == 0
    assert state.result == {"winner": 0, "turns": 18, "shots": [18, 0]}
    assert len(state.sunk[1]) == 5
    assert refused(state, {"type": "fire", "squares": ["J2"]}) == "battleship.game_over"


def test_rule_13_4_resign_ends_the_hunt_lost_and_shows_the_fleet():
    """13.4: Resign ends the hunt, lost (no winner), with the fleet shown."""
    state = a_hunt()
    shoot(state, "A10")
    assert state.view_for(0)["opponent_fleet"] is None
    events = state.apply({"type": "resign", "player": 0})
    assert events[-1] == {"type": "game_over", "winner": None}
    assert state.is_over and state.phase == "over" and state.winner is None
    assert state.result == {"winner": None, "turns": 1, "shots": [1, 0], "resigned": True}
    view = state.view_for(0)
    assert (
        view["resigned"] is True and view["opponent_fleet"][0]["squares"] == BLUE_SQUARES["carrier"]
    )
    assert refused(state, {"type": "fire", "squares": ["J2"]}) == "battleship.game_over"
    assert refused(state, {"type": "resign", "player": 0}) == "battleship.game_over"


def test_rule_13_4_only_a_hunt_in_its_battle_can_be_resigned_by_its_hunter():
    """13.4: only a hunt can be resigned on one device, and only once it has begun, by Red."""
    assert refused(new_game({}, 1), {"type": "resign", "player": 0}) == (
        "battleship.resign_hunt_only"
    )
    assert refused(new_game(HUNT, 1), {"type": "resign", "player": 0}) == "battleship.not_started"
    state = a_hunt()
    for player in (1, True, "0", None):
        assert refused(state, {"type": "resign", "player": player}) == "battleship.not_your_turn"
    assert {"type": "resign", "player": 0} in state.legal_moves()
    assert parse_move(format_move({"type": "resign", "player": 0})) == {
        "type": "resign",
        "player": 0,
    }


def test_rule_13_7_a_hunt_and_a_resigned_hunt_survive_a_json_round_trip():
    """13.7: a hunt is a version 1 save naming its option, and a resigned one says so."""
    state = a_hunt()
    shoot(state, "A10")
    saved = state.to_json()
    assert saved["version"] == 1 and saved["options"]["solo"] is True
    assert "resigned" not in saved
    assert State.from_json(json.loads(json.dumps(saved))).to_json() == saved
    state.apply({"type": "resign", "player": 0})
    saved = state.to_json()
    assert saved["resigned"] is True
    back = State.from_json(json.loads(json.dumps(saved)))
    assert back.to_json() == saved and back.is_over and back.winner is None
    for bad in ("yes", 1, None):
        with pytest.raises(BadState):
            State.from_json({**saved, "resigned": bad})


def test_rule_13_7_a_game_saved_before_hunts_loads_unchanged():
    """13.7: a save written before hunts existed (captured: no "solo", no "resigned")."""
    saved = {
        "version": 1,
        "options": {"mode": "classic", "edition": "modern", "announce_ship": True},
        "rng": SeededRng(5).to_json(),
        "fleets": [
            {
                "carrier": ["A1", "h"],
                "battleship": ["C1", "h"],
                "cruiser": ["E1", "h"],
                "submarine": ["G1", "h"],
                "patrol": ["I1", "h"],
            },
            {ship: list(placed) for ship, placed in BLUE_FLEET.items()},
        ],
        "ready": [True, True],
        "turns": [["A10"], ["J1"]],
        "aimed": [],
    }
    state = State.from_json(saved)
    assert not state.hunt and state.current_player == 0 and len(state.turns) == 2
    assert state.to_json() == saved
    assert "hunt" not in state.view_for(0)


# ----- seeded random hunts ----------------------------------------------------


@pytest.mark.parametrize("seed", range(runs(60)))
def test_random_hunts_always_end_with_every_ship_sunk_every_shot_counted(seed):
    """13.3, 13.4: a hunt shot at random ends, all five sunk, within 100 shots, with every
    shot counted once; it survives a JSON round trip at every tenth shot and at the end."""
    rng = SeededRng(seed)
    state = GAME.new_game(HUNT, 1000 + seed)
    while state.phase == "placement":
        state.apply(GAME.computer["medium"](state.view_for(1), rng, None))
    called = []
    while not state.is_over:
        fire = [move for move in state.legal_moves() if move["type"] == "fire"]
        move = rng.choice(fire)
        state.apply(move)
        called.append(move["squares"][0])
        if len(called) % 10 == 0:
            assert State.from_json(json.loads(json.dumps(state.to_json()))).to_json() == (
                state.to_json()
            )
    assert len(called) == len(set(called)) <= len(SQUARE_NAMES)
    assert state.winner == 0 and len(state.sunk[1]) == 5 and state.sunk[0] == []
    view = state.view_for(0)
    assert state.result["shots"] == [len(called), 0]
    assert sum(record["hits"] for record in view["shots"]) == 17
    assert all(ship["sunk"] for ship in view["opponent_fleet"])
    back = State.from_json(json.loads(json.dumps(state.to_json())))
    assert back.to_json() == state.to_json() and back.winner == 0
