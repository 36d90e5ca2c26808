"""Draws by repetition and by no progress (docs/rules/deblockle.md 9.1-9.4): the
rule in the engine, the record read back from saves, undo through the midend,
and the computer players keeping clear of repeats."""

import copy
import json

import pytest
from app import saved_games
from app.midend import HUMAN, Midend
from app.storage import MemoryBackend, Store
from deblockle_fixtures import cube, state_with
from games.common.errors import BadState
from games.common.rng import SeededRng
from games.deblockle import Move, State, new_game
from games.deblockle.ai import PLAYERS, choose_move
from games.deblockle.ai.evaluation import times_seen_after
from games.deblockle.game import GAME
from games.deblockle.repetition import TURNS_WITHOUT_PROGRESS
from games.deblockle.rules import play

# Gold's block goes c3 -> d4 -> c3 and Blue's e5 -> g5 -> e5, each turned back
# as it was: four turns bring the board back with Gold to move.
SHUFFLE = ["c3N-c5-d5-d4", "e5E-g5", "d4S-c3", "g5W-e5"]
SHUFFLERS = {"c3": "gold " + cube(top="cross", south="hoops"), "e5": "blue cross/star"}
REMOVER = {"d7": "gold " + cube(north="star")}  # tips south onto d6, star up: d7S*


def shuffle_state(extra=None) -> State:
    return state_with({**SHUFFLERS, **(extra or {})}, counts=[1 + len(extra or {}), 1])


def play_all(state, moves) -> list:
    events = []
    for move in moves:
        events = state.apply(move)
    return events


def test_a_position_the_third_time_with_the_same_player_to_move_is_a_draw():
    """9.1: the start comes back after four turns (second time) and after eight (third)."""
    state = shuffle_state()
    start = state.position
    play_all(state, SHUFFLE)
    assert state.position == start and state.current_player == 0
    assert state.times_seen(start, 0) == 2 and not state.is_over
    play_all(state, SHUFFLE[:3])
    assert not state.is_over and state.times_seen(start, 0) == 2
    events = state.apply(SHUFFLE[3])
    assert state.is_over and state.current_player is None and state.legal_moves() == []
    assert state.result == {"winner": None, "reason": "repetition", "removed": [0, 0]}
    assert events[-1] == {"type": "game_over", **state.result}
    assert state.times_seen(start, 0) == 3


def test_the_same_board_with_the_other_player_to_move_is_another_position():
    """9.1: Gold is Deblockle'd after turn 32, so Blue moves twice and the board of
    turn 31 (Blue to move) comes back after turn 33 with Gold to move."""
    turns = [
        "c3W-b4",
        "e5N-e7-e6-e5",
        "b4N-b6-b5-b4",
        "c5S-c5-b5-a5",
        "b4N-c4",
        "e5N-f7",
        "c4E",
        "f7S-g6-g5-g4",
        "d4E-e3",
        "a5N-a7",
        "e3N-e7",
        "a7S-a5-a4-a3",
        "e7S-e5",
        "g4S-g2",
        "e5S-e5-d5-c5",
        "g2N-g4-g5-f5",
        "c5W",
        "f5N-e5",
        "b5E-c4-c3-c2",
        "e5S-e5-e4-d4",
        "c2N-c2",
        "a3S-b3",
        "c2N-c1",
        "b3N-b5-b6-b5",
        "c1N-b1",
        "b5S-a5",
        "b1N-b3-b2-a2",
        "d4S-c3",
        "a2S-b2",
        "c3N-c5-c4-c3",
        "b2S-a1",
    ]
    state = new_game({"blocks": [1, 2], "no_side_by_side": True, "quick_setup": True}, 0)
    play_all(state, turns)
    board, blue_to_move = state.position, state.current_player
    assert blue_to_move == 1
    assert state.apply("c3S-b2")[-1] == {"type": "pass", "player": 0, "reason": "deblockled"}
    state.apply("b2N-b4-c4-c3")
    assert state.position == board and state.current_player == 0
    assert state.times_seen(board, 0) == 1 and state.times_seen(board, 1) == 1


def test_a_removal_starts_the_record_afresh():
    """No position from before a removal can come back; the count of turns without
    progress starts again too (9.1, 9.4)."""
    state = shuffle_state(REMOVER)
    start = state.position
    play_all(state, SHUFFLE)
    assert state.times_seen(start, 0) == 2 and state.turns_without_progress == 4
    state.apply("d7S*")
    assert state.positions == [(state.position.cells, 1)]
    assert state.turns_without_progress == 0 and state.times_seen(start, 0) == 0


def fresh_quiet_turn(state):
    """A turn that takes no block off and leads to a position not seen yet."""
    for move in state.legal_moves():
        if not move.removes and not times_seen_after(state, play(state.position, move)):
            return move
    raise AssertionError("no quiet fresh turn")


def test_a_hundred_turns_without_a_block_taken_off_is_a_draw():
    """9.4: the hundredth turn in a row without a removal ends the game, drawn."""
    state = new_game({"quick_setup": True}, 3)
    for turn in range(1, TURNS_WITHOUT_PROGRESS):
        state.apply(fresh_quiet_turn(state))
        assert not state.is_over and state.turns_without_progress == turn
    events = state.apply(fresh_quiet_turn(state))
    assert state.result == {"winner": None, "reason": "no_progress", "removed": [0, 0]}
    assert events[-1]["type"] == "game_over"
    assert max(state.positions.count(key) for key in state.positions) == 1


def test_the_record_is_read_back_from_a_save_and_a_draw_resumes_finished():
    state = shuffle_state()
    for move in SHUFFLE * 2:
        data = json.loads(json.dumps(state.to_json()))
        assert State.from_json(data).positions == state.positions
        state.apply(move)
    data = state.to_json()
    assert set(data) == set(shuffle_state().to_json())  # the save's format is unchanged
    again = State.from_json(data)
    assert again.is_over and again.result == state.result
    assert again.positions == state.positions


def test_a_save_whose_record_does_not_add_up_is_refused():
    state = shuffle_state()
    play_all(state, SHUFFLE[:3])
    saved = state.to_json()
    wrong_turn = copy.deepcopy(saved)
    wrong_turn["history"][1] = "e5E-g4"  # not how Blue's block got where it stands
    wrong_player = copy.deepcopy(saved)
    wrong_player["current_player"] = 0
    drawn_too_soon = copy.deepcopy(saved)
    drawn_too_soon.update(
        phase="over",
        current_player=None,
        result={"winner": None, "reason": "repetition", "removed": [0, 0]},
    )
    for bad in (wrong_turn, wrong_player, drawn_too_soon):
        with pytest.raises(BadState):
            State.from_json(bad)


def test_a_save_from_before_the_rule_that_went_past_it_loads_and_ends_at_its_next_turn():
    """A game saved before the rule may already have come back to a position many
    times: it loads, and its next turn into a position seen thrice draws it."""
    data = shuffle_state().to_json()
    data["history"] = SHUFFLE * 3
    old = State.from_json(data)
    assert old.phase == "play" and old.times_seen(old.position, 0) == 4
    old.apply(SHUFFLE[0])
    assert old.result["reason"] == "repetition"


def test_undo_through_the_midend_takes_the_count_back_too():
    store = Store(MemoryBackend())
    saved_games.register(store, ["deblockle"])
    start = shuffle_state()
    saved_games.save(store, "deblockle", start.to_json(), {"seed": 1, "opponent": "human"}, None)
    midend = Midend(store, GAME, lambda: 0.0)
    midend.resume(lambda state, meta: {"options": state.options, "seed": 1, "seats": [HUMAN] * 2})
    for move in SHUFFLE + SHUFFLE[:3]:
        midend.play(Move.parse(move))
    assert midend.state.times_seen(start.position, 0) == 2
    for _ in range(3):
        midend.undo()
    assert midend.state.times_seen(start.position, 0) == 2  # four turns in: twice
    midend.undo()
    assert midend.state.times_seen(start.position, 0) == 1 and len(midend.state.positions) == 4
    for move in SHUFFLE[3:] + SHUFFLE[:3]:
        midend.play(Move.parse(move))
    assert not midend.state.is_over  # seven turns in, as before the undos
    midend.play(Move.parse(SHUFFLE[3]))
    assert midend.state.result["reason"] == "repetition"


def recount(options, seed, history) -> list:
    """The record after each entry of `history` (None during the set-up), replaying
    it on a fresh game of the same seed and reading each position and player to
    move off it: since the last removal, one position a turn."""
    replay = new_game({**options, "quick_setup": False}, seed)
    keys: list = []
    records = []
    for entry in history:
        replay.apply(entry)
        if replay.phase == "setup":
            records.append(None)
            continue
        if ":" not in entry and Move.parse(entry).removes:
            keys = []
        if replay.current_player is not None:
            keys.append((replay.position.cells, replay.current_player))
        records.append(list(keys))
    return records


def test_the_record_always_matches_a_recount_from_the_history_over_random_games():
    """Random legal games, most of whose turns go back to a position already seen
    when one can, and some of whose turns head for the stars (greedy): the record
    is what the history says, and what a save gives back."""
    rng = SeededRng(11)
    reasons = []
    for game in range(50):
        options = {
            "blocks": [rng.randint(1, 4), rng.randint(1, 4)],
            "no_side_by_side": rng.random() < 0.5,
            "quick_setup": rng.random() < 0.8,
            "first": rng.randrange(2),
        }
        state = new_game(options, game)
        greedy_share = (0.0, 0.05, 0.3)[game % 3]
        records = {}
        while not state.is_over:
            moves, roll = state.legal_moves(), rng.random()
            if state.phase == "play" and roll < greedy_share:
                moves = [choose_move(state, rng, None, "greedy")]  # on towards the stars
            elif state.phase == "play" and roll < 0.9:
                back = [m for m in moves if times_seen_after(state, play(state.position, m))]
                moves = back or moves
            state.apply(rng.choice(moves))
            if state.phase != "setup":
                records[len(state.history) - 1] = list(state.positions)
            if rng.random() < 0.1:
                assert State.from_json(state.to_json()).positions == state.positions
        expected = recount(options, game, state.history)
        for index, record in records.items():
            if not (state.is_over and index == len(state.history) - 1):
                assert record == expected[index], (game, index)
        reasons.append(state.result["reason"])
        assert State.from_json(state.to_json()).result == state.result
    assert reasons.count("repetition") >= 4 and reasons.count("no_progress") >= 10
    assert reasons.count("all_removed") >= 10


# --- the computer players (9.2) ------------------------------------------------------


@pytest.mark.parametrize("level", sorted(PLAYERS))
def test_the_computer_does_not_go_back_to_a_position_while_it_has_another_move(level):
    """Blue, ahead in the race (Gold has a block far back on a1), is to move seven
    turns into the shuffle: g5W-e5 would bring the start back a third time, a draw;
    three turns in, it would be the second time. (Behind, a computer may well take
    the draw: losing the race is no reasonable alternative.)"""
    for turns in (SHUFFLE * 2)[:7], SHUFFLE[:3]:
        state = shuffle_state({"a1": "gold x/stop"})
        play_all(state, turns)
        for seed in range(5):
            move = choose_move(state, SeededRng(seed), 2000, level)
            assert move.outcome() != Move.parse(SHUFFLE[3]).outcome()
            assert not times_seen_after(state, play(state.position, move))


def test_strong_against_strong_in_no_side_by_side_ends_without_a_third_time():
    """The standoff of the players' report (issue 16): the strong computer no longer
    comes back to a position again and again."""
    for seed in (1, 4):
        state = new_game({"no_side_by_side": True, "quick_setup": True}, seed)
        rngs = [SeededRng(seed).fork(f"player-{p}") for p in (0, 1)]
        seen: dict = {}
        for _ in range(400):
            state.apply(choose_move(state, rngs[state.current_player], 800, "strong"))
            key = (state.position.cells, state.current_player)
            seen[key] = seen.get(key, 0) + 1
            if state.is_over:
                break
        assert state.is_over and max(seen.values()) <= 2
