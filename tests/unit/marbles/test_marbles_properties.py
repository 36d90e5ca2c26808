"""Properties over thousands of seeded games (plain loops: no hypothesis, so the
same tests run inside Pyodide).

Games come from a random-move player and, for long games full of lines, from
the auto-player on a small budget.
"""

import json

import pytest
from games.common.errors import IllegalMove
from games.common.rng import SeededRng
from games.marbles import State, choose_move, line_points, new_game, random_move
from runs import runs


def check_step(state: State, move) -> list:
    """Apply one move and check the step's invariants; returns the events."""
    before_board = list(state.board)
    before_score = state.score
    before_lines = state.lines
    events = state.apply(move)

    spawned = sum(len(e["marbles"]) for e in events if e["type"] == "spawn")
    line_events = [e for e in events if e["type"] == "line"]
    cleared = set()
    for e in line_events:
        cleared |= set(e["squares"])
    marbles_before = sum(1 for c in before_board if c)
    marbles_after = sum(1 for c in state.board if c)
    assert marbles_after == marbles_before + spawned - len(cleared), "marble count conservation"

    assert state.score - before_score == sum(e["points"] for e in line_events), (
        "score = sum of lines"
    )
    for e in line_events:
        assert (
            e["points"] == line_points(len(e["squares"]), state.min_line)
            and e["length"] >= state.min_line
        )
    assert state.lines - before_lines == len(line_events)
    assert (events[-1]["type"] == "game_over") == state.is_over
    assert _board_from_events(before_board, events) == state.board, "events describe the change"
    return events


def _board_from_events(board: list, events: list) -> list:
    board = list(board)
    step_lines = []

    def clear_pending():
        for squares in step_lines:
            for sq in squares:
                board[sq] = 0
        step_lines.clear()

    for event in events:
        if event["type"] == "move":
            assert board[event["from"]] == event["colour"] and board[event["to"]] == 0
            board[event["from"]], board[event["to"]] = 0, event["colour"]
        elif event["type"] == "line":
            assert all(board[sq] == event["colour"] for sq in event["squares"])
            step_lines.append(event["squares"])
        elif event["type"] == "spawn":
            clear_pending()
            for marble in event["marbles"]:
                assert board[marble["square"]] == 0
                board[marble["square"]] = marble["colour"]
    clear_pending()
    return board


def play(seed: int, version: int, player, each_step, max_moves: int = 10_000) -> State:
    state = new_game({"version": version}, seed)
    rng = SeededRng(seed).fork("player")
    while not state.is_over and state.moves < max_moves:
        each_step(state, player(state, rng))
    return state


def random_player(state, rng):
    return random_move(state, rng)


def quick_auto_player(state, rng):
    return choose_move(state, rng, budget=2)


def test_conservation_and_score_over_thousands_of_random_games():
    """Marble count conservation and score = sum of line scores, every step of 2,000 games."""
    lines = 0
    for seed in range(runs(1000)):
        for version in (5, 4):
            lines += play(seed, version, random_player, check_step).lines
    assert lines > 50, "the random games did make lines"


def test_long_auto_player_games_keep_the_invariants():
    """The same invariants through long games with many lines (auto-player, small
    budget; "4 in a row" games can last thousands of moves, so they are cut short)."""
    for seed in range(2):
        for version in (5, 4):
            state = play(seed, version, quick_auto_player, check_step, max_moves=300)
            assert state.lines >= 10


def _round_trip_and_undo(state: State, move) -> None:
    saved = state.to_json()
    text = json.dumps(saved, sort_keys=True)
    twin = State.from_json(json.loads(text))
    assert json.dumps(twin.to_json(), sort_keys=True) == text, "JSON round trip"

    events = check_step(state, move)
    assert twin.apply(move) == events, "a resumed game goes on the same way"
    assert twin.to_json() == state.to_json()

    if twin.is_over:  # docs/rules/marbles.md 8.4: no undo once over
        with pytest.raises(IllegalMove):
            twin.undo()
        return
    twin.undo()
    assert {k: v for k, v in twin.to_json().items() if k != "undo"} == {
        k: v for k, v in saved.items() if k != "undo"
    }, "undo restores exactly"
    assert twin.apply(move) == events, "after undo the same marbles come again"
    assert State.from_json(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()


def test_json_round_trip_and_undo_at_every_step():
    """JSON round trip at every step; undo restores exactly; same marbles after undo."""
    for seed in range(runs(100)):
        for version in (5, 4):
            play(10_000 + seed, version, random_player, _round_trip_and_undo)
    play(7, 5, quick_auto_player, _round_trip_and_undo)
    play(7, 4, quick_auto_player, _round_trip_and_undo, max_moves=200)


def test_same_seed_and_moves_give_the_same_game_byte_for_byte():
    """Same seed + same moves = same game, byte for byte (states and events)."""
    for seed in range(runs(60)):
        for version in (5, 4):
            transcripts = []
            for _ in range(2):
                log = []

                def record(state, move, log=log):
                    log.append(json.dumps(state.apply(move), sort_keys=True))
                    log.append(json.dumps(state.to_json(), sort_keys=True))

                play(seed, version, random_player, record)
                transcripts.append("\n".join(log))
            assert transcripts[0] == transcripts[1]


def test_legal_moves_match_the_reachable_squares():
    """legal_moves() is exactly every marble's reachable squares, and each one applies."""
    rng = SeededRng(3)
    for seed in range(runs(40)):
        state = new_game({"version": 5}, seed)
        while not state.is_over:
            moves = state.legal_moves()
            expected = [
                (src, dst) for src in range(81) if state.board[src] for dst in state.reachable(src)
            ]
            assert moves == expected
            src, dst = rng.choice(moves)
            route = state.path(src, dst)
            assert route[0] == src and route[-1] == dst
            state.apply((src, dst))


def test_random_move_is_a_uniform_choice_among_legal_moves():
    """random_move picks as rng.choice(legal_moves()) would, without the list."""
    for seed in range(runs(30)):
        state = new_game({"version": 4}, seed)
        while not state.is_over:
            a, b = SeededRng(seed + state.moves), SeededRng(seed + state.moves)
            move = random_move(state, a)
            assert move == b.choice(state.legal_moves())
            state.apply(move)
