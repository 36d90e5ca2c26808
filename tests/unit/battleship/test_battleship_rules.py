"""One test (at least) per rule of docs/rules/battleship.md; each docstring
gives the number of the rule it checks and quotes it."""

import pytest
from battleship_fixtures import BLUE_SQUARES, RED_FLEET, WATER, battle, fire, place_fleet
from games.battleship import new_game
from games.battleship.fleet import LENGTH, SHIP_IDS, random_fleet, touches
from games.battleship.grid import SQUARE_NAMES, square_index
from games.battleship.notation import format_move, parse_move
from games.common.errors import IllegalMove


def refused(state, move) -> str:
    before = state.to_json()
    with pytest.raises(IllegalMove) as caught:
        state.apply(move)
    assert state.to_json() == before, "a refused move must leave the state untouched"
    return caught.value.key


# ----- Board and fleet --------------------------------------------------------


def test_rule_grid_is_10_by_10_rows_A_to_J_columns_1_to_10():
    """Rule 2.1: each player has two 10 x 10 grids [decided: rows A-J, columns 1-10]."""
    assert len(SQUARE_NAMES) == 100
    assert SQUARE_NAMES[0] == "A1" and SQUARE_NAMES[9] == "A10" and SQUARE_NAMES[99] == "J10"
    assert square_index("d4") == 33
    assert square_index("K1") is None and square_index("A11") is None and square_index("A0") is None


def test_rule_ocean_grid_holds_own_ships_target_grid_records_called_shots():
    """Rule 2.2: the lower "ocean" grid holds their own ships; the upper "target" grid
    records the shots they have called (white peg = miss, red peg = hit)."""
    state = battle()
    fire(state, "A10")  # red hits blue's carrier
    fire(state, "J1")  # blue misses red
    red = state.view_for(0)
    assert [ship["squares"][0] for ship in red["fleet"]] == ["A1", "C1", "E1", "G1", "I1"]
    assert red["shots"][0]["shots"] == [{"square": "A10", "result": "hit", "ship": "carrier"}]
    assert red["incoming"][0]["shots"] == [{"square": "J1", "result": "miss"}]


def test_rule_one_set_of_five_different_ships_with_lengths_5_4_3_3_2():
    """Rule 2.3: each player has one set of five different ships (lengths 2, 3, 3, 4, 5)."""
    assert SHIP_IDS == ("carrier", "battleship", "cruiser", "submarine", "patrol")
    assert sorted(LENGTH.values()) == [2, 3, 3, 4, 5]
    view = new_game({}, 1).view_for(0)
    assert [(ship["ship"], ship["length"]) for ship in view["fleet"]] == list(LENGTH.items())


def test_rule_edition_only_changes_the_names_default_2002_and_later():
    """Rule 2.4 [decided]: the edition only changes the names; default 2002-and-later."""
    assert new_game({}, 1).options["edition"] == "modern"
    games = [battle(edition=edition) for edition in ("classic", "modern")]
    for square in ("A10", "J1", "B10", "J2"):
        results = [fire(game, square) for game in games]
        assert results[0] == results[1]


# ----- Placing ships ----------------------------------------------------------


def test_rule_each_player_places_five_ships_without_the_other_seeing():
    """Rule 3.1: each player places all five ships on their own ocean grid without the other seeing."""
    state = new_game({}, 3)
    place_fleet(state, 0, RED_FLEET)
    blue_view = state.view_for(1)
    assert all(ship["squares"] == [] for ship in blue_view["fleet"])
    assert "A1" not in repr(blue_view)


def test_rule_ships_lie_horizontally_or_vertically_never_diagonally():
    """Rule 3.2: ships lie horizontally or vertically, never diagonally."""
    state = new_game({}, 1)
    for orientation in ("d", "diagonal", None, 1):
        move = {
            "type": "place",
            "player": 0,
            "ship": "cruiser",
            "square": "D4",
            "orientation": orientation,
        }
        assert refused(state, move) == "battleship.bad_orientation"
    events = state.apply(
        {"type": "place", "player": 0, "ship": "cruiser", "square": "D4", "orientation": "v"}
    )
    assert events[0]["squares"] == ["D4", "E4", "F4"]


def test_rule_no_part_of_a_ship_may_hang_off_an_edge():
    """Rule 3.3: no part of a ship may hang off an edge of the grid."""
    state = new_game({}, 1)
    assert (
        refused(
            state,
            {"type": "place", "player": 0, "ship": "carrier", "square": "A7", "orientation": "h"},
        )
        == "battleship.off_grid"
    )
    assert (
        refused(
            state,
            {"type": "place", "player": 0, "ship": "carrier", "square": "G1", "orientation": "v"},
        )
        == "battleship.off_grid"
    )
    state.apply(
        {"type": "place", "player": 0, "ship": "carrier", "square": "A6", "orientation": "h"}
    )
    state.apply(
        {"type": "place", "player": 0, "ship": "battleship", "square": "G10", "orientation": "v"}
    )


def test_rule_only_one_ship_may_occupy_any_square():
    """Rule 3.4: only one ship may occupy any square."""
    state = new_game({}, 1)
    state.apply(
        {"type": "place", "player": 0, "ship": "carrier", "square": "C1", "orientation": "h"}
    )
    move = {"type": "place", "player": 0, "ship": "patrol", "square": "B3", "orientation": "v"}
    assert refused(state, move) == "battleship.overlap"
    # The other player's ships never get in the way.
    state.apply({**move, "player": 1})


def test_rule_ready_when_all_five_placed_then_no_ship_may_move():
    """Rule 3.8: when a player has placed all five ships they declare themselves ready.
    Once both are ready, no ship may be moved any more."""
    state = new_game({}, 1)
    state.apply(
        {"type": "place", "player": 0, "ship": "carrier", "square": "A1", "orientation": "h"}
    )
    assert refused(state, {"type": "ready", "player": 0}) == "battleship.fleet_incomplete"
    place_fleet(state, 0, RED_FLEET)
    state.apply({"type": "ready", "player": 0})
    for move in (
        {"type": "place", "player": 0, "ship": "patrol", "square": "J1", "orientation": "h"},
        {"type": "remove", "player": 0, "ship": "patrol"},
        {"type": "clear", "player": 0},
        {"type": "random_fleet", "player": 0},
    ):
        assert refused(state, move) == "battleship.fleet_locked"
    assert state.phase == "placement"
    state.apply({"type": "random_fleet", "player": 1})
    events = state.apply({"type": "ready", "player": 1})
    assert events[-1] == {"type": "battle_started", "first": 0}
    assert state.phase == "battle"


def test_rule_random_fleet_keeps_ships_apart_and_old_saves_replay_their_own_draw():
    """Rule 3.7 [decided]: "Random fleet replaces any ships already placed with a fleet
    drawn at random among the legal fleets in which no two ships touch (side by side or
    end to end; corners may meet), every such fleet being equally likely." A game saved
    before (its move written "random") replays the draw it had, ships touching or not."""
    drawn = set()
    for seed in range(60):
        state = new_game({}, seed)
        state.apply(
            {"type": "place", "player": 0, "ship": "patrol", "square": "J1", "orientation": "h"}
        )
        events = state.apply(parse_move("0 spread"))
        assert [e["type"] for e in events] == ["cleared"] + ["placed"] * 5
        assert not touches(state.fleets[0]), seed
        drawn.add(tuple(sorted(state.fleets[0].items())))
    assert len(drawn) == 60  # drawn at random, not one careful fleet
    assert format_move({"type": "spread_fleet", "player": 1}) == "1 spread"
    # Most fleets drawn among all legal ones have ships touching: the old draw is kept.
    old = [new_game({}, seed) for seed in range(20)]
    for state in old:
        state.apply(parse_move("0 random"))
    assert sum(touches(state.fleets[0]) for state in old) > 10
    assert [s.fleets[0] for s in old] == [random_fleet(new_game({}, n).rng) for n in range(20)]


def test_rule_placement_offers_move_rotate_random_and_clear_and_refuses_with_a_reason():
    """Rules 3.5 and 3.6 [decided]: drag/click placement with rotate, "random placement" and
    "clear"; an illegal placement is refused with a clear reason (off the grid /
    overlapping); never a game started with an illegal fleet."""
    state = new_game({}, 5)
    state.apply(
        {"type": "place", "player": 0, "ship": "battleship", "square": "B2", "orientation": "h"}
    )
    # Moving and rotating: placing a placed ship again moves it; it never collides with itself.
    events = state.apply(
        {"type": "place", "player": 0, "ship": "battleship", "square": "B2", "orientation": "v"}
    )
    assert events[0]["squares"] == ["B2", "C2", "D2", "E2"]
    state.apply({"type": "remove", "player": 0, "ship": "battleship"})
    assert (
        refused(state, {"type": "remove", "player": 0, "ship": "battleship"})
        == "battleship.not_placed"
    )
    events = state.apply({"type": "random_fleet", "player": 0})
    assert [e["type"] for e in events] == ["cleared"] + ["placed"] * 5
    squares = [sq for e in events[1:] for sq in e["squares"]]
    assert len(squares) == len(set(squares)) == 17
    state.apply({"type": "clear", "player": 0})
    assert all(ship["squares"] == [] for ship in state.view_for(0)["fleet"])
    assert (
        refused(
            state,
            {"type": "place", "player": 0, "ship": "yacht", "square": "A1", "orientation": "h"},
        )
        == "battleship.unknown_ship"
    )
    assert (
        refused(
            state,
            {"type": "place", "player": 0, "ship": "patrol", "square": "Z9", "orientation": "h"},
        )
        == "battleship.bad_square"
    )
    assert (
        refused(
            state,
            {"type": "place", "player": 2, "ship": "patrol", "square": "A1", "orientation": "h"},
        )
        == "battleship.bad_player"
    )


def test_rule_legal_placement_moves_are_exactly_the_accepted_ones():
    """Rule 3.6 [decided]: an illegal placement is refused; the offered ones are all legal."""
    state = new_game({}, 5)
    state.apply(
        {"type": "place", "player": 0, "ship": "carrier", "square": "E3", "orientation": "h"}
    )
    offered = [m for m in state.legal_moves() if m["type"] == "place" and m["ship"] == "submarine"]
    every = [
        {"type": "place", "player": 0, "ship": "submarine", "square": sq, "orientation": o}
        for sq in SQUARE_NAMES
        for o in "hv"
    ]
    for move in every:
        copy = type(state).from_json(state.to_json())
        try:
            copy.apply(move)
            accepted = True
        except IllegalMove:
            accepted = False
        assert accepted == (move in offered)


# ----- Who starts -------------------------------------------------------------


def test_rule_red_always_shoots_first():
    """Rule 4.1: the player with the red kit starts; [decided] red always shoots first."""
    state = battle()
    assert state.current_player == 0
    assert (
        refused(state, {"type": "fire", "squares": ["A1"], "player": 1})
        == "battleship.not_your_turn"
    )
    fire(state, "J1")
    assert state.current_player == 1


def test_rule_nobody_shoots_during_placement():
    """Rule 3.9: once both are ready the shooting starts (and not before)."""
    state = new_game({}, 1)
    assert refused(state, {"type": "fire", "squares": ["A1"]}) == "battleship.not_started"


# ----- Calling a shot (classic game) ------------------------------------------


def test_rule_classic_turn_calls_one_square_by_letter_and_number():
    """Rule 5.1: on your turn you choose one square and call it by letter and number (e.g. "D4")."""
    state = battle()
    assert (
        refused(state, {"type": "fire", "squares": ["D4", "D5"]}) == "battleship.wrong_shot_count"
    )
    assert refused(state, {"type": "fire", "squares": ["4D"]}) == "battleship.bad_square"
    assert refused(state, {"type": "fire", "squares": "D4"}) == "battleship.unknown_move"
    events = fire(state, "D4")
    assert events[0]["shots"][0]["square"] == "D4"
    assert len(state.legal_moves()) == 100


def test_rule_no_ship_there_they_say_miss():
    """Rule 5.2: no ship there: they say "miss"; the caller marks a white peg."""
    state = battle()
    (event,) = fire(state, "D4")
    assert event == {
        "type": "shots",
        "player": 0,
        "shots": [{"square": "D4", "result": "miss"}],
        "hits": 0,
        "sunk": [],
    }


def test_rule_ship_there_they_say_hit_and_which_ship():
    """Rules 5.2 and 5.3: a ship there: they say "hit", and say which ship was hit."""
    state = battle()
    (event,) = fire(state, "C6")
    assert event["shots"] == [{"square": "C6", "result": "hit", "ship": "cruiser"}]
    assert state.view_for(1)["fleet"][2]["hits"] == ["C6"]


def test_rule_hit_or_miss_the_turn_passes():
    """Rule 4.3: hit or miss, the turn then passes to the other player."""
    state = battle()
    fire(state, "A10")  # a hit
    assert state.current_player == 1
    fire(state, "J5")  # a miss
    assert state.current_player == 0


def test_rule_announce_which_ship_was_hit_setting_off_says_only_hit():
    """Rule 5.3 [decided]: a setting "announce which ship was hit" (default on); when
    off, a hit is announced only as "hit"."""
    assert new_game({}, 1).options["announce_ship"] is True
    state = battle(announce_ship=False)
    (event,) = fire(state, "A2")
    assert event["shots"] == [{"square": "A2", "result": "hit"}]
    assert state.view_for(0)["shots"][0]["shots"] == [{"square": "A2", "result": "hit"}]
    # The owner still knows which of their ships was hit.
    assert state.view_for(1)["incoming"][0]["shots"][0]["ship"] == "patrol"


def test_rule_repeated_square_is_refused_and_does_not_use_the_turn():
    """Rule 5.4 [decided]: calling a square you already called is refused with a
    message and does not use up the turn."""
    state = battle()
    fire(state, "D4")
    fire(state, "J1")
    assert refused(state, {"type": "fire", "squares": ["D4"]}) == "battleship.already_called"
    assert state.current_player == 0
    fire(state, "D5")


# ----- Sinking and winning ----------------------------------------------------


def test_rule_ship_sunk_when_every_hole_has_a_red_peg():
    """Rule 6.1: when every hole of a ship has a red peg, the ship is sunk: the owner
    says so ("you sank my Battleship")."""
    state = battle()
    squares = BLUE_SQUARES["battleship"]
    for square in squares[:-1]:
        (event,) = fire(state, square)
        assert event["sunk"] == []
        fire(state, WATER[squares.index(square)])
    (event,) = fire(state, squares[-1])
    assert event["sunk"] == ["battleship"]
    assert state.view_for(1)["fleet"][1]["sunk"] is True
    assert state.view_for(0)["opponent_afloat"] == 4


def test_rule_sink_is_named_even_when_hits_are_not():
    """Rule 6.2 [decided] with "announce which ship" off: a hit says only "hit", but
    the sinking is still announced ("you sank my Battleship")."""
    state = battle(announce_ship=False)
    fire(state, "A2")
    fire(state, "J1")
    (event,) = fire(state, "B2")
    assert event["sunk"] == ["patrol"] and "ship" not in event["shots"][0]


def test_rule_first_to_sink_all_five_wins():
    """Rule 6.3: the first player to sink all five of the other's ships wins."""
    state = battle()
    targets = [sq for squares in BLUE_SQUARES.values() for sq in squares]
    water = [f"{row}{col}" for row in "HJ" for col in range(1, 11)]
    for i, square in enumerate(targets):
        events = fire(state, square)
        if i < len(targets) - 1:
            assert not state.is_over
            fire(state, water[i])
    assert events[-1] == {"type": "game_over", "winner": 0}
    assert state.is_over and state.winner == 0 and state.current_player is None
    assert state.result == {"winner": 0, "turns": 33, "shots": [17, 16]}
    assert state.legal_moves() == []
    assert refused(state, {"type": "fire", "squares": ["J10"]}) == "battleship.game_over"


# ----- Salvo ------------------------------------------------------------------


def test_rule_salvo_calls_as_many_squares_as_own_ships_afloat():
    """Rule 7.1 (Salvo): you call as many squares as you have ships still afloat
    (sunk ships don't count): five with all five afloat, four with four left."""
    state = battle(mode="salvo")
    assert state.shots_allowed(0) == 5
    fire(state, "J1", "J2", "J3", "J4", "J5")
    fire(state, "I1", "I2", "J1", "J2", "J3")  # blue sinks red's patrol boat
    assert state.shots_allowed(0) == 4 and state.view_for(0)["shots_allowed"] == 4
    assert (
        refused(state, {"type": "fire", "squares": ["H1", "H2", "H3", "H4", "H5"]})
        == "battleship.wrong_shot_count"
    )
    fire(state, "H1", "H2", "H3", "H4")


def test_rule_salvo_squares_are_called_together():
    """Rule 7.3 (Salvo): all squares of a salvo are called together."""
    state = battle(mode="salvo")
    assert refused(state, {"type": "fire", "squares": ["J1"]}) == "battleship.wrong_shot_count"
    (event,) = fire(state, "J1", "J2", "J3", "J4", "J5")
    assert [shot["square"] for shot in event["shots"]] == ["J1", "J2", "J3", "J4", "J5"]


def test_rule_salvo_announces_which_shots_hit_and_which_ships():
    """Rule 7.5 (Salvo): the other player then announces which shots were hits and
    which ships were hit."""
    state = battle(mode="salvo")
    (event,) = fire(state, "D4", "E5", "A2", "G7", "A10")
    assert event["shots"] == [
        {"square": "D4", "result": "miss"},
        {"square": "E5", "result": "miss"},
        {"square": "A2", "result": "hit", "ship": "patrol"},
        {"square": "G7", "result": "miss"},
        {"square": "A10", "result": "hit", "ship": "carrier"},
    ]
    assert event["hits"] == 2


def play_red_to_victory(state) -> list:
    """Red calls blue's ships (padded with empty squares); blue calls only water."""
    targets = [sq for squares in BLUE_SQUARES.values() for sq in squares]
    red_water = iter(f"{row}{col}" for row in "FGHIJ" for col in range(1, 11))
    blue_water = iter(f"{row}{col}" for row in "BDFHJ" for col in range(1, 11))
    while True:
        count = state.shots_allowed(0)
        salvo, targets = targets[:count], targets[count:]
        events = fire(state, *salvo, *[next(red_water) for _ in range(count - len(salvo))])
        if state.is_over:
            return events
        fire(state, *[next(blue_water) for _ in range(state.shots_allowed(1))])


def test_rule_salvo_ending_is_the_same():
    """Rule 7.6 (Salvo): whoever first sinks all the other's ships wins."""
    state = battle(mode="salvo")
    events = play_red_to_victory(state)
    assert events[-1] == {"type": "game_over", "winner": 0}


def test_rule_salvo_cannot_contain_a_square_twice_or_one_already_called():
    """Rule 7.4 [decided] (Salvo): a salvo can't contain the same square twice or a
    square already called."""
    state = battle(mode="salvo")
    assert (
        refused(state, {"type": "fire", "squares": ["J1", "J1", "J2", "J3", "J4"]})
        == "battleship.repeated_in_salvo"
    )
    fire(state, "J1", "J2", "J3", "J4", "J5")
    fire(state, "J1", "J2", "J3", "J4", "J5")
    assert (
        refused(state, {"type": "fire", "squares": ["J1", "H2", "H3", "H4", "H5"]})
        == "battleship.already_called"
    )


def test_rule_salvo_calls_all_remaining_when_fewer_than_allowed():
    """Rule 7.2 [decided] (Salvo): if fewer uncalled squares remain than shots
    allowed, you call all that remain."""
    state = battle(mode="salvo")
    # Red calls blue's ships first but never A2 (so never wins); blue sinks red's
    # patrol boat at once (red keeps four shots a turn), then calls water only.
    blue_ships = [sq for squares in BLUE_SQUARES.values() for sq in squares]
    red_order = [sq for sq in blue_ships if sq != "A2"] + [
        sq for sq in SQUARE_NAMES if sq not in blue_ships
    ]
    red_ship_squares = {
        "A1",
        "A2",
        "A3",
        "A4",
        "A5",
        "C1",
        "C2",
        "C3",
        "C4",
        "E1",
        "E2",
        "E3",
        "G1",
        "G2",
        "G3",
    }
    blue_order = ["I1", "I2"] + [
        sq for sq in SQUARE_NAMES if sq not in red_ship_squares | {"I1", "I2"}
    ]
    while len(state.open_squares(0)) > 3:
        count = state.shots_allowed(0)
        salvo, red_order = red_order[:count], red_order[count:]
        fire(state, *salvo)
        count = state.shots_allowed(1)
        salvo, blue_order = blue_order[:count], blue_order[count:]
        fire(state, *salvo)
    assert state.afloat(0) == 4 and state.open_squares(0) == ["A2", "J9", "J10"]
    assert state.shots_allowed(0) == 3
    assert state.legal_moves() == [{"type": "aim", "square": sq} for sq in ("A2", "J9", "J10")]
    for square in ("A2", "J9", "J10"):
        state.apply({"type": "aim", "square": square})
    assert state.legal_moves()[-1] == {"type": "fire"}
    state.apply({"type": "fire"})
    assert state.winner == 0


# ----- Advanced Salvo ---------------------------------------------------------


def test_rule_advanced_salvo_tells_only_how_many_shots_hit():
    """Rule 8.1 (Advanced Salvo): after a salvo the other player only says how many of
    its shots were hits, not which shots hit, and not which ships."""
    state = battle(mode="advanced_salvo")
    (event,) = fire(state, "D4", "E5", "A2", "G7", "A10")
    assert event == {
        "type": "shots",
        "player": 0,
        "hits": 2,
        "shots": [{"square": s} for s in ("D4", "E5", "A2", "G7", "A10")],
    }
    assert state.view_for(0)["shots"] == [{k: v for k, v in event.items() if k != "type"}]


def test_rule_advanced_salvo_sinks_not_named_afloat_known_from_next_salvo_size():
    """Rule 8.2 [decided] (Advanced Salvo): sinks are not announced by name either;
    each side knows how many ships the other has afloat from the size of the
    other's next salvo."""
    state = battle(mode="advanced_salvo")
    fire(state, "A2", "B2", "J1", "J2", "J3")  # sinks blue's patrol boat, silently
    assert "sunk" not in state.view_for(0)["shots"][0]
    assert state.view_for(0)["opponent_afloat"] == 5
    fire(state, "J1", "J2", "J3", "J4")  # blue now has four ships afloat: four shots
    assert state.view_for(0)["opponent_afloat"] == 4


def test_rule_advanced_salvo_game_ends_and_is_announced_when_a_fleet_is_sunk():
    """Rule 8.4 [decided] (Advanced Salvo): the game ends, and is announced, when a
    fleet is fully sunk."""
    state = battle(mode="advanced_salvo")
    events = play_red_to_victory(state)
    assert events[-1] == {"type": "game_over", "winner": 0}
