"""The public engine (games.dominoes.public), rule by rule of docs/rules/dominoes.md: what
every device at a table with no referee knows and accepts; a docstring names the rule."""

import pytest
from games.common.errors import IllegalMove
from games.dominoes import new_game as ordinary_game
from games.dominoes.public import CHECK, OVER, PLAY, REVEAL, new_game
from public_fixtures import public_state, tiles


def kinds(events):
    return [e["type"] for e in events]


def reveal(state, *texts):
    """Each seat still to show its tiles shows the given ones, in seat order."""
    events = []
    for text in texts:
        events += state.apply({"type": "reveal", "tiles": [list(t) for t in tiles(text)]})
    return events


def check_all(state):
    events = []
    while state.phase == CHECK:
        events += state.apply("check")
    return events


# --- Players, tiles and the deal ------------------------------------------------------


@pytest.mark.parametrize(("seats", "boneyard"), [(2, 14), (3, 7), (4, 0)])
def test_rule_each_seat_holds_seven_and_the_rest_is_the_boneyard(seats, boneyard):
    """Rules 2.1 and 3.2: 2 to 4 players, 7 tiles each, the rest in the boneyard; the
    public engine knows only how many (rule 11.1)."""
    state = new_game({"seats": seats}, 3)
    assert state.hand_sizes == [7] * seats and state.boneyard == boneyard
    assert state.view_for(0)["hand"] is None and "hands" not in state.to_json()


def test_rule_partners_sit_opposite():
    """Rule 2.2: with 4 as partners, seats 1 and 3 play against 2 and 4."""
    state = new_game({"seats": 4, "partnerships": True}, 3)
    assert state.view_for(1)["teams"] == [[0, 2], [1, 3]] and len(state.scores) == 2


@pytest.mark.parametrize("seed", range(12))
def test_rule_the_first_leader_is_the_one_the_seed_draws(seed):
    """Rule 3.3: the seed (the devices' coin flip, rule 11.2) draws the first leader, the
    same one the ordinary engine draws from it."""
    for seats in (2, 3, 4):
        assert (
            new_game({"seats": seats}, seed).current == ordinary_game({"seats": seats}, seed).leader
        )


# --- Playing and drawing -------------------------------------------------------------------


def test_rule_the_lead_is_any_tile_and_cannot_be_a_draw_or_a_pass():
    """Rules 4.1 and 11.3: the leader plays any tile not on the table; no draw, no pass."""
    state = new_game({"seats": 2}, 1)
    assert len(state.legal_moves()) == 28
    for move, key in (("draw", "must_play_not_draw"), ("pass", "must_play_not_pass")):
        with pytest.raises(IllegalMove, match=key):
            state.apply(move)
    events = state.apply("6-4")
    assert events[0]["tile"] == [6, 4] and events[0]["tiles_left"] == 6
    assert state.hand_sizes[0 if events[0]["seat"] == 0 else 1] == 6


def test_rule_a_tile_must_fit_the_end_it_is_played_on():
    """Rules 4.3 and 11.3: any tile not on the table is taken as held, but it must fit."""
    state = public_state("6-4", sizes=(6, 7), current=1)
    with pytest.raises(IllegalMove, match="end_required"):
        state.apply("4-1")
    with pytest.raises(IllegalMove, match="tile_does_not_match"):
        state.apply("3-2@E")
    with pytest.raises(IllegalMove, match="not_in_hand"):
        state.apply("6-4@W")  # on the table already: no seat can hold it
    before = state.to_json()
    with pytest.raises(IllegalMove, match="end_not_open"):
        state.apply("6-1@N")
    assert state.to_json() == before
    state.apply("4-1@E")
    assert state.hand_sizes == [6, 6] and state.current == 0


def test_rule_the_first_double_is_the_spinner():
    """Rules 4.5 to 4.7: the layout is the ordinary one."""
    state = public_state("6-4", sizes=(6, 7), current=1)
    events = state.apply("4-4@E")
    assert events[0]["spinner"] and state.layout.spinner == 4


def test_rule_a_draw_tells_only_that_a_tile_was_drawn():
    """Rules 5.1, 5.5 and 11.3: the drawer draws again or plays; the others learn only
    that a tile was drawn and how many are left."""
    state = public_state("6-4", sizes=(6, 7), current=1)
    events = state.apply("draw")
    assert events == [{"type": "draw", "seat": 1, "boneyard": 13}]
    assert state.hand_sizes == [6, 8] and state.current == 1
    assert state.history[-1] == {"type": "draw", "seat": 1}


def test_rule_a_pass_only_with_the_boneyard_empty():
    """Rules 5.3 and 11.3: a pass while the boneyard has tiles is refused, as is a draw
    from an empty one."""
    state = public_state("6-4", sizes=(6, 7), current=1)
    with pytest.raises(IllegalMove, match="must_draw_not_pass"):
        state.apply("pass")
    state = public_state("6-4", sizes=(13, 14), boneyard=0, current=1)  # all in hands
    with pytest.raises(IllegalMove, match="boneyard_empty"):
        state.apply("draw")
    assert state.apply("pass") == [{"type": "pass", "seat": 1}] and state.current == 0


def test_rule_a_count_in_fives_scores_at_once():
    """Rules 6.1 and 6.6: a play leaving a count of 15 scores 15."""
    state = public_state("5-5 W:5-2", sizes=(5, 7), current=1)
    events = state.apply("5-3@E")  # 2 + 3 = 5, then the spinner's long sides open
    assert kinds(events) == ["play", "score"] and events[1]["points"] == 5
    assert state.scores == [0, 5]


# --- The end of a hand ---------------------------------------------------------------------


def test_rule_a_domino_ends_the_play_and_the_hands_are_shown():
    """Rules 7.1, 11.5 and 11.6: the last tile's count first, then each seat with tiles
    shows them in seat order, the hand is scored, every seat checks, the next deals."""
    state = public_state("6-4", sizes=(1, 3), current=0, boneyard=10)
    state.leader = 1
    events = state.apply("4-1@E")  # count 6 + 1 = 7: no points
    assert kinds(events) == ["play", "show_hands"] and events[1]["reason"] == "domino"
    assert state.phase == REVEAL and state.current == 1
    with pytest.raises(IllegalMove, match="bad_move"):
        state.apply("draw")
    for shown in ("6-6 3-2", "6-6 3-2 3-2"):  # three tiles held
        with pytest.raises(IllegalMove, match="bad_move"):
            reveal(state, shown)
    events = reveal(state, "6-6 3-2 1-1")
    summary = events[-1]
    assert kinds(events) == ["reveal", "hand_end"] and summary["points"] == 20  # 12 + 5 + 2 = 19
    assert summary["hands"] == [[], [[6, 6], [3, 2], [1, 1]]] and state.scores == [20, 0]
    assert (
        state.phase == CHECK and state.current == 0 and state.legal_moves() == [{"type": "check"}]
    )
    assert kinds(state.apply("check")) == ["check"] and state.current == 1
    events = state.apply("check")
    assert kinds(events) == ["check", "deal"] and state.phase == PLAY
    assert state.hand_number == 1 and state.current == 0 and state.leader == 0  # rule 3.3
    assert state.hand_sizes == [7, 7] and state.boneyard == 14 and state.layout.is_empty


BLOCKING = "4-4 W:4-1,1-2,2-4,4-0,0-5,5-4,4-6,6-3"  # 4 seats, no boneyard; then the 4-3


def blocked_by_the_4_3(**table):
    state = public_state(BLOCKING, sizes=(5, 5, 5, 4), boneyard=0, current=0, **table)
    assert not state.blocked()  # the 4-3 is in a hand
    return state, state.apply("4-3@W")  # both ends show 4, and every 4 is down


def test_rule_a_blocked_hand_is_seen_at_once_by_every_seat():
    """Rules 7.2 and 11.4: the boneyard empty and every tile that fits on the table; no
    one has to pass first."""
    state, events = blocked_by_the_4_3()
    assert kinds(events) == ["play", "show_hands"] and events[-1]["reason"] == "blocked"
    assert state.phase == REVEAL and state.current == 0 and state.ended["seat"] is None


@pytest.mark.parametrize(
    ("hands", "partners", "winner", "points"),
    [
        # seat 1 has the fewest pips: 34 + 23 + 26 = 83, rounded to 85
        (
            ("6-6 6-5 5-2 2-2", "6-2 6-0 3-1 1-0 0-0", "5-3 3-3 3-2 2-0 1-1", "5-5 6-1 5-1 3-0"),
            False,
            1,
            85,
        ),
        # partners: 57 against 45; the 57 held by the losers rounds to 55
        (
            ("6-6 6-5 5-2 2-2", "6-2 6-0 3-1 1-0 0-0", "5-3 3-3 3-2 2-0 1-1", "5-5 6-1 5-1 3-0"),
            True,
            1,
            55,
        ),
        # seats 0 and 3 tie with 11 pips: nobody scores
        (
            ("0-0 1-0 2-2 6-0", "3-2 3-3 5-1 5-2 6-1", "5-3 6-2 5-5 6-5 6-6", "1-1 2-0 3-0 3-1"),
            False,
            None,
            0,
        ),
    ],
)
def test_rule_a_blocked_hand_goes_to_the_fewest_pips_and_a_tie_scores_nothing(
    hands, partners, winner, points
):
    """Rules 7.3, 7.4 and 11.5: scored from the tiles shown, highest first."""
    state, _ = blocked_by_the_4_3(partnerships=partners)
    summary = reveal(state, *hands)[-1]
    assert summary["type"] == "hand_end" and summary["reason"] == "blocked"
    assert (summary["winner_team"], summary["points"]) == (winner, points)
    assert summary["hands"][0] == sorted(summary["hands"][0], reverse=True)
    assert state.scores[winner if winner is not None else 0] == points


def test_rule_the_game_ends_when_a_score_reaches_the_target_but_only_after_the_check():
    """Rules 8.1, 8.2 and 11.6: no more play and no hand score, the hands are still shown
    and checked, and only then is the game over."""
    state = public_state("5-5 W:5-2", sizes=(5, 7), current=1, scores=(0, 95), target=100)
    events = state.apply("5-3@E")
    assert kinds(events) == ["play", "score", "show_hands"] and events[-1]["reason"] == "target"
    assert not state.is_over and state.result is None and state.reached["winner_team"] == 1
    reveal(state, "6-6 6-5 6-4 6-3 6-2", "4-4 4-3 4-2 4-1 4-0 3-3")
    assert state.phase == CHECK and state.hand_summaries == [] and state.scores == [0, 100]
    events = check_all(state)
    assert kinds(events) == ["check", "check", "game_over"]
    assert state.is_over and state.phase == OVER and state.current_player is None
    assert state.result == {"winner_team": 1, "winners": [1], "scores": [0, 100]}
    with pytest.raises(IllegalMove, match="game_over"):
        state.apply("check")


def test_rule_a_hand_score_reaching_the_target_ends_the_game_after_the_check():
    """Rules 7.5, 8.1 and 11.6."""
    state = public_state("6-4", sizes=(1, 2), current=0, scores=(90, 0), target=100)
    state.apply("4-1@E")
    reveal(state, "6-6 5-5")
    assert state.scores == [110, 0] and state.reached["scores"] == [110, 0]
    assert kinds(check_all(state)) == ["check", "check", "game_over"] and state.is_over


def test_rule_reveals_and_checks_go_in_seat_order():
    """Rules 11.5 and 11.6: a seat with no tiles left has nothing to show; a tile on the
    table or shown already is taken (a lie the check finds, not one the engine can
    pin on a seat); nothing but the move due is taken."""
    state = public_state("6-4", sizes=(2, 1, 3), current=1, boneyard=21)
    state.apply("4-1@E")
    assert state.phase == REVEAL and state.current == 0 and state.legal_moves() == []
    reveal(state, "6-6 5-5")
    assert state.current == 2
    with pytest.raises(IllegalMove, match="bad_move"):
        state.apply("check")
    reveal(state, "5-5 4-1 2-2")
    assert state.phase == CHECK and state.current == 0
    assert state.revealed == [tiles("6-6 5-5"), [], tiles("5-5 4-1 2-2")]
    for move in ("draw", "4-2@E", "reveal 1-1"):
        with pytest.raises(IllegalMove, match="bad_move"):
            state.apply(move)
    assert [state.apply("check") and state.current for _ in range(2)] == [1, 2]
