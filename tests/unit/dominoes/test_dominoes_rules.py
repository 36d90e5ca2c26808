"""One test (at least) for every rule of docs/rules/dominoes.md; a docstring
gives the number of the rule its test checks."""

import pytest
from dominoes_fixtures import make_state, play_out
from games.common.errors import IllegalMove
from games.common.rng import SeededRng
from games.dominoes import new_game
from games.dominoes.scoring import round_to_five
from games.dominoes.tiles import SET


def keys_of(events):
    return [e["type"] for e in events]


# --- Players and set ---------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_rule_two_to_four_players(seats):
    """Rule 2.1: 2 to 4 players."""
    state = new_game({"seats": seats}, 5)
    assert len(state.hands) == seats
    assert len(state.scores) == seats


@pytest.mark.parametrize(
    "options",
    [
        {"seats": 1},
        {"seats": 5},
        {"seats": "2"},
        {"seats": 3, "partnerships": True},
        {"seats": 2, "partnerships": True},
        {"target": 0},
        {"colour": "red"},
    ],
)
def test_bad_options_are_refused(options):
    with pytest.raises(ValueError):
        new_game(options, 1)


def test_rule_partners_sit_opposite_with_four():
    """Rule 2.2: With 4, partnerships may be used: partners sit opposite each other."""
    state = new_game({"seats": 4, "partnerships": True}, 5)
    assert len(state.scores) == 2
    assert [state.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert state.view_for(0)["teams"] == [[0, 2], [1, 3]]


def test_rule_four_players_every_player_for_themself():
    """Rule 2.2: [decided] With 4 players the table chooses "partners" or "every player for themself"."""
    state = new_game({"seats": 4, "partnerships": False}, 5)
    assert len(state.scores) == 4
    assert [state.team_of(s) for s in range(4)] == [0, 1, 2, 3]


def test_rule_three_players_always_play_alone():
    """Rule 2.2: 3 players always play alone."""
    state = new_game({"seats": 3}, 5)
    assert [state.team_of(s) for s in range(3)] == [0, 1, 2]


def test_rule_one_double_six_set_of_28_tiles():
    """Rule 2.3: One standard double-six set (28 tiles, 0-0 to 6-6)."""
    assert len(SET) == 28 and len(set(SET)) == 28
    assert (0, 0) in SET and (6, 6) in SET
    state = new_game({"seats": 2}, 9)
    assert sorted(state.boneyard + [t for h in state.hands for t in h]) == sorted(SET)


# --- Set-up ------------------------------------------------------------------


def test_rule_tiles_shuffled_face_down_from_the_seed():
    """Rule 3.1: All tiles are turned face down and shuffled (the seed decides the shuffle)."""
    a, b, c = new_game({}, 1), new_game({}, 1), new_game({}, 2)
    assert a.to_json() == b.to_json()
    assert a.hands != c.hands


@pytest.mark.parametrize("seats,boneyard", [(2, 14), (3, 7), (4, 0)])
def test_rule_each_player_draws_seven_and_the_rest_is_the_boneyard(seats, boneyard):
    """Rule 3.2: Each player draws a hand of 7 tiles; the remaining tiles are the boneyard
    (with 4 players that uses the whole set and there is no boneyard)."""
    state = new_game({"seats": seats}, 3)
    assert [len(h) for h in state.hands] == [7] * seats
    assert len(state.boneyard) == boneyard
    view = state.view_for(0)
    assert view["boneyard"] == boneyard


def test_rule_first_hand_led_by_a_random_player():
    """Rule 3.3: [decided] The first hand of a game is led by a random player."""
    leaders = {new_game({"seats": 3}, seed).current_player for seed in range(40)}
    assert leaders == {0, 1, 2}


def test_rule_later_hands_led_by_the_next_player_to_the_left():
    """Rule 3.3: [decided] Each later hand is led by the next player to the left of the previous leader."""
    state = new_game({"seats": 3}, 11)
    first = state.leader
    rng = SeededRng(4)
    deals = []
    while not state.is_over and len(deals) < 3:
        events = state.apply(rng.choice(state.legal_moves()))
        deals += [e for e in events if e["type"] == "deal"]
    assert len(deals) == 3
    assert [d["leader"] for d in deals] == [(first + k) % 3 for k in (1, 2, 3)]


# --- Play --------------------------------------------------------------------


def test_rule_first_player_plays_any_tile():
    """Rule 4.1: The first player plays any tile from their hand."""
    state = new_game({}, 4)
    moves = state.legal_moves()
    assert sorted(tuple(m["tile"]) for m in moves) == sorted(state.hands[state.current])
    assert all(m["end"] is None for m in moves)


def test_rule_lead_double_is_the_spinner():
    """Rule 4.5: [decided] If the lead tile is a double it is the spinner."""
    state = make_state(["5-5 1-2", "3-4"])
    events = state.apply("5-5")
    assert events[0]["spinner"] is True
    assert state.layout.spinner == 5


def test_rule_lead_non_double_is_ordinary_until_first_double():
    """Rule 4.5: [decided] If the lead is not a double, the first double played later becomes the spinner."""
    state = make_state(["6-4 1-2", "4-4 0-1"])
    assert state.apply("6-4")[0]["spinner"] is False
    assert state.layout.spinner is None
    events = state.apply("4-4@E")
    assert events[0]["spinner"] is True
    assert state.layout.spinner == 4


def test_rule_spinner_long_sides_open_after_both_ends_in_play():
    """Rule 4.6: The spinner's two long sides open for play once both of its ends have been played on."""
    state = make_state(["5-1 0-0", "5-3 6-6"], layout="5-5 W:5-2")
    assert {m["end"] for m in state.legal_moves()} == {"E"}
    state.apply("5-1@E")
    assert {m["end"] for m in state.legal_moves()} == {"N", "S"}


def test_rule_turns_pass_to_the_left():
    """Rule 4.2: Players then take turns (to the left)."""
    state = make_state(["6-6 1-0", "6-5 1-1", "6-4 1-2"])
    order = []
    for move in ["6-6", "6-5@W", "6-4@E"]:
        order.append(state.current_player)
        state.apply(move)
    assert order == [0, 1, 2]
    assert state.current_player == 0


def test_rule_tile_must_match_an_open_end():
    """Rule 4.3: A tile is played by matching one of its ends to the matching open end."""
    state = make_state(["3-2 0-0", "6-6"], layout="5-5 E:5-3")
    assert state.legal_moves() == [{"type": "play", "tile": [3, 2], "end": "E"}]
    with pytest.raises(IllegalMove) as error:
        state.apply({"type": "play", "tile": [3, 2], "end": "W"})
    assert error.value.key == "dominoes.tile_does_not_match"
    with pytest.raises(IllegalMove) as error:
        state.apply({"type": "play", "tile": [6, 6], "end": "E"})
    assert error.value.key == "dominoes.not_in_hand"
    with pytest.raises(IllegalMove) as error:
        state.apply({"type": "play", "tile": [3, 2], "end": None})
    assert error.value.key == "dominoes.end_required"


def test_rule_no_playable_tile_must_draw_until_one_plays():
    """Rule 5.1: A player with no playable tile must draw from the boneyard until they draw one that plays."""
    state = make_state(["0-0 0-1", "6-6"], layout="5-5 E:5-3", boneyard="6-0 1-2 3-1")
    assert state.legal_moves() == [{"type": "draw"}]
    with pytest.raises(IllegalMove) as error:
        state.apply("pass")
    assert error.value.key == "dominoes.must_draw_not_pass"
    events = state.apply("draw")  # 3-1 comes off the top, and it plays
    assert events == [{"type": "draw", "seat": 0, "boneyard": 2, "tile": [3, 1]}]
    assert state.current_player == 0
    assert state.legal_moves() == [{"type": "play", "tile": [3, 1], "end": "E"}]


def test_rule_drawing_a_tile_that_does_not_play_means_drawing_again():
    state = make_state(["0-0 0-1", "6-6"], layout="5-5 E:5-3", boneyard="6-3 1-2")
    state.apply("draw")
    assert state.legal_moves() == [{"type": "draw"}]
    state.apply("draw")
    assert state.legal_moves() == [{"type": "play", "tile": [6, 3], "end": "E"}]


def test_rule_boneyard_empty_then_pass():
    """Rule 5.3: ... or until the boneyard is empty (then they pass)."""
    state = make_state(["0-0 0-1", "3-6 4-4"], layout="5-5 E:5-3", boneyard="1-2")
    state.apply("draw")
    assert state.legal_moves() == [{"type": "pass"}]
    with pytest.raises(IllegalMove) as error:
        state.apply("draw")
    assert error.value.key == "dominoes.boneyard_empty"
    events = state.apply("pass")
    assert events == [{"type": "pass", "seat": 0}]
    assert state.current_player == 1


def test_rule_no_drawing_while_holding_a_playable_tile():
    """Rule 5.4: [decided] A player who holds a playable tile may not draw (nor pass)."""
    state = make_state(["3-1 0-0", "6-6"], layout="5-5 E:5-3")
    assert all(m["type"] == "play" for m in state.legal_moves())
    with pytest.raises(IllegalMove) as error:
        state.apply("draw")
    assert error.value.key == "dominoes.must_play_not_draw"
    with pytest.raises(IllegalMove) as error:
        state.apply("pass")
    assert error.value.key == "dominoes.must_play_not_pass"


def test_rule_doubles_crosswise_count_both_halves_when_scoring():
    """Rules 4.4 and 6.2: Doubles are placed crosswise on the tile they match. A double at an open end counts both halves."""
    state = make_state(["3-3 0-1", "6-2 1-1"], layout="6-6 W:6-3 E:6-4")
    events = state.apply("3-3@W")
    assert events[0]["placed"] == [3, 3]
    assert events[0]["onto"] == [6, 3] and events[0]["onto_spinner"] is False
    assert events[0]["count"] == 6 + 4
    assert events[1] == {
        "type": "score",
        "seat": 0,
        "count": 10,
        "team": 0,
        "points": 10,
        "scores": [10, 0],
    }


# --- Scoring during play -----------------------------------------------------


def test_rule_open_ends_multiple_of_five_scores_the_total():
    """Rule 6.1: If the total is a multiple of 5, the player scores that total: 25 scores 25 points."""
    state = make_state(
        ["2-5 0-1", "1-1"], layout="6-6 W:6-5,5-5 E:6-4 N:6-3,3-3 S:6-2", scores=[5, 0]
    )
    events = state.apply("2-5@S")
    assert events[0]["count"] == 25
    assert events[1]["points"] == 25
    assert state.scores == [30, 0]


def test_rule_open_ends_not_multiple_of_five_scores_nothing():
    state = make_state(["3-1 0-0", "6-6"], layout="5-5 E:5-3")
    events = state.apply("3-1@E")
    assert keys_of(events) == ["play"]
    assert events[0]["count"] == 11
    assert state.scores == [0, 0]


def test_rule_lone_lead_double_scores_both_halves():
    """Rule 6.3: [decided] A lone lead double counts both halves (5-5 led scores 10; 6-4 led scores 10)."""
    for lead in ("5-5", "6-4"):
        state = make_state([lead + " 0-1", "1-1"])
        events = state.apply(lead)
        assert events[1]["points"] == 10


def test_rule_spinner_count_before_and_after_its_second_end():
    """Rule 6.4: [decided] Until a spinner double's second end has been played on, its unplayed end counts as both halves."""
    state = make_state(["5-0 1-1", "5-3 1-2"], layout="5-5")
    events = state.apply("5-0@W")  # 0 + 5 + 5
    assert events[0]["count"] == 10 and events[1]["points"] == 10
    assert events[0]["onto"] == [5, 5] and events[0]["onto_spinner"] is True
    events = state.apply("5-3@E")  # 0 + 3
    assert events[0]["count"] == 3 and keys_of(events) == ["play"]


def test_rule_spinner_long_side_counts_once_played_on():
    """Rule 6.5: The spinner's long sides count only once a tile has been played on them."""
    state = make_state(["4-3 1-1", "6-6"], layout="4-4 W:4-2 E:4-1,1-0")
    events = state.apply("4-3@N")  # 2 + 0 + 3
    assert events[0]["count"] == 5 and events[1]["points"] == 5


# --- End of a hand -----------------------------------------------------------


def test_rule_domino_ends_the_hand_at_once():
    """Rule 7.1: Domino: a player who plays their last tile dominoes: the hand ends at once."""
    state = make_state(["5-1", "6-6 2-3", "0-0 4-4"], layout="5-5 E:5-3", boneyard="")
    events = state.apply("5-1@W")
    # 1 + 3 = 4: no play score; then the hand ends, with 12 + 5 + 8 = 25 pips in the other hands
    assert keys_of(events) == ["play", "hand_end", "deal"]
    end = events[1]
    assert end["reason"] == "domino" and end["seat"] == 0 and end["winner_team"] == 0
    assert end["pips"] == [0, 17, 8] and end["raw"] == 25 and end["points"] == 25
    assert state.scores == [25, 0, 0]


def test_rule_domino_play_scores_before_the_hand_score():
    state = make_state(["3-2", "6-6"], layout="5-5 E:5-3", boneyard="")
    events = state.apply("3-2@E")  # 10 + 2 = 12: nothing; hand: 12 -> 10
    assert keys_of(events) == ["play", "hand_end", "deal"]
    state = make_state(["3-0", "6-6"], layout="5-5 E:5-3", boneyard="")
    events = state.apply("3-0@E")  # 10 + 0 = 10 scores, then 12 -> 10 for the hand
    assert keys_of(events) == ["play", "score", "hand_end", "deal"]
    assert state.scores == [20, 0]


def test_rule_blocked_when_nobody_can_play_and_boneyard_empty():
    """Rule 7.2: Blocked: the hand also ends when nobody can play and the boneyard is empty."""
    state = make_state(["3-1 2-2", "6-6 0-0"], layout="5-5 W:5-1 E:5-3", boneyard="")
    events = state.apply("3-1@E")  # ends 1 and 1: nobody holds a 1
    assert keys_of(events) == ["play", "hand_end", "deal"]
    end = events[1]
    assert end["reason"] == "blocked" and end["seat"] is None
    # fewest pips wins: seat 0 has 4, seat 1 has 12 -> 12 rounds to 10
    assert (
        end["pips"] == [4, 12]
        and end["winner_team"] == 0
        and end["raw"] == 12
        and end["points"] == 10
    )


def test_rule_not_blocked_while_the_boneyard_has_tiles():
    state = make_state(["3-1 2-2", "6-6 0-0"], layout="5-5 W:5-1 E:5-3", boneyard="4-4")
    events = state.apply("3-1@E")
    assert keys_of(events) == ["play"]
    assert state.legal_moves() == [{"type": "draw"}]


def test_rule_blocked_tie_for_fewest_nobody_scores():
    """Rule 7.3: [decided] If two or more are tied for fewest, nobody scores for the hand."""
    state = make_state(["3-1 2-2", "6-0 0-0", "4-0 0-2"], layout="5-5 W:5-1 E:5-3", boneyard="")
    events = state.apply("3-1@E")
    end = events[1]
    assert end["reason"] == "blocked"
    assert end["pips"] == [4, 6, 6]
    assert end["winner_team"] == 0 and end["points"] == 10  # 12 -> 10
    state = make_state(["3-1 2-2", "4-0 0-0", "6-0"], layout="5-5 W:5-1 E:5-3", boneyard="")
    events = state.apply("3-1@E")
    end = events[1]
    assert end["pips"] == [4, 4, 6]
    assert end["winner_team"] is None and end["points"] == 0
    assert state.scores == [0, 0, 0]


def test_rule_blocked_partnerships_compare_team_totals():
    """Rule 7.3: Each player (or team) totals the pips left in their hands."""
    state = make_state(
        ["3-1 2-2", "0-0", "6-6", "2-0"], layout="5-5 W:5-1 E:5-3", boneyard="", partnerships=True
    )
    events = state.apply("3-1@E")
    end = events[1]
    assert end["team_pips"] == [4 + 12, 0 + 2]
    assert end["winner_team"] == 1 and end["raw"] == 16 and end["points"] == 15


@pytest.mark.parametrize(
    "raw,rounded", [(12, 10), (13, 15), (15, 15), (0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (67, 65)]
)
def test_rule_hand_score_rounded_to_nearest_five(raw, rounded):
    """Rule 7.4: Hand score: rounded to the nearest 5 (12 -> 10, 13 -> 15, 15 -> 15)."""
    assert round_to_five(raw) == rounded


def test_rule_hand_score_rounding_12_to_10_and_13_to_15_in_play():
    state = make_state(["5-1", "6-6"], layout="5-5 E:5-3", boneyard="")
    assert state.apply("5-1@W")[1]["points"] == 10  # 12 -> 10
    state = make_state(["5-1", "6-6 1-0"], layout="5-5 E:5-3", boneyard="")
    assert state.apply("5-1@W")[1]["points"] == 15  # 13 -> 15


def test_rule_hand_score_counts_all_opponents_not_partner():
    """Rule 7.4: The winner scores the pips left in the hands of all opposing players, added
    together; the winner's own and their partner's pips don't count."""
    state = make_state(
        ["5-1", "6-6", "4-4", "3-3"], layout="5-5 E:5-3", boneyard="", partnerships=True
    )
    end = state.apply("5-1@W")[1]
    assert end["winner_team"] == 0
    assert end["raw"] == 12 + 6 and end["points"] == 20
    assert state.scores == [20, 0]
    state = make_state(["5-1", "6-6", "4-4", "3-3"], layout="5-5 E:5-3", boneyard="")
    end = state.apply("5-1@W")[1]
    assert end["raw"] == 12 + 8 + 6 and end["points"] == 25


def test_rule_hand_score_added_before_next_hand():
    """Rule 7.5: The score is added before the next hand starts."""
    state = make_state(["5-1", "6-6"], layout="5-5 E:5-3", boneyard="", scores=[40, 5])
    events = state.apply("5-1@W")
    assert events[1]["scores"] == [50, 5]
    assert events[2]["type"] == "deal"
    assert state.scores == [50, 5] and state.hand_summaries[-1]["scores"] == [50, 5]
    assert state.layout.is_empty and [len(h) for h in state.hands] == [7, 7]


# --- End of the game ---------------------------------------------------------


def test_rule_game_ends_when_a_team_reaches_250():
    """Rule 8.1: The game ends when a player or team reaches 250 points; they are the winner."""
    state = make_state(["5-1", "6-6"], layout="5-5 E:5-3", boneyard="", scores=[240, 200])
    events = state.apply("5-1@W")
    assert keys_of(events) == ["play", "hand_end", "game_over"]
    assert state.is_over and state.current_player is None and state.legal_moves() == []
    assert state.result == {"winner_team": 0, "winners": [0], "scores": [250, 200]}
    with pytest.raises(IllegalMove) as error:
        state.apply("pass")
    assert error.value.key == "dominoes.game_over"


def test_rule_game_ends_the_moment_a_score_reaches_250_mid_hand():
    """Rule 8.2: [decided] The game ends the moment a score reaches 250, even in the middle of a hand."""
    state = make_state(["5-0 1-1 2-2", "6-6"], layout="5-5", scores=[245, 0])
    events = state.apply("5-0@W")
    assert keys_of(events) == ["play", "score", "game_over"]
    assert state.result["winner_team"] == 0 and state.scores == [255, 0]


def test_rule_partnership_game_won_by_the_team():
    state = make_state(
        ["6-6", "3-1", "4-4", "3-3"],
        layout="5-5 E:5-3",
        boneyard="",
        partnerships=True,
        scores=[100, 245],
        current=1,
    )
    events = state.apply("3-1@E")
    assert keys_of(events) == ["play", "hand_end", "game_over"]
    assert events[1]["raw"] == 12 + 8
    assert state.result == {"winner_team": 1, "winners": [1, 3], "scores": [100, 265]}


def test_target_option_shortens_the_game():
    state = new_game({"target": 50}, 3)
    play_out(state, SeededRng(2))
    assert max(state.scores) >= 50 and state.is_over


# --- Opponents ---------------------------------------------------------------


def test_rule_any_seat_may_be_human_or_computer():
    """Rule 9.1: [decided] Any seat may be a human or the computer, at several strengths: a
    computer player chooses from the seat's view alone."""
    from games.dominoes.ai import PLAYERS

    state = new_game({"seats": 4}, 8)
    levels = ["random", "greedy", "heuristic", "strong"]
    rngs = [SeededRng(k) for k in range(4)]
    for _ in range(60):
        if state.is_over:
            break
        seat = state.current_player
        move = PLAYERS[levels[seat]](state.view_for(seat), rngs[seat], 40)
        assert move in state.legal_moves()
        state.apply(move)
