"""Properties over thousands of seeded random games (plain loops: the same file runs in Pyodide)."""

import json
from pathlib import Path

from games.common.errors import IllegalMove
from games.common.rng import SeededRng
from games.deblockle import Move, State, new_game
from games.deblockle.ai import choose_move
from games.deblockle.board import HOOPS_PATHS, NEIGHBOUR, STARS
from games.deblockle.setup import random_placements
from runs import runs

CATALOGUES = Path(__file__).resolve().parents[3] / "py" / "i18n"


def random_options(rng) -> dict:
    return {
        "blocks": [rng.randint(1, 4), rng.randint(1, 4)],
        "no_side_by_side": rng.random() < 0.5,
        "first": rng.randrange(2),
        "quick_setup": rng.random() < 0.7,
    }


def random_games(count, plies, seed):
    """Yield (state, rng) at every position of `count` random games."""
    rng = SeededRng(seed)
    for _game in range(count):
        state = new_game(random_options(rng), rng.next_u64())
        for _ in range(plies):
            yield state, rng
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_moves()))


def assert_no_block_on_a_star(state):
    assert not STARS & set(state.position.squares[0] + state.position.squares[1])


def test_no_block_ever_ends_on_a_star_and_json_round_trips_over_random_games():
    positions, games = 0, runs(1000)
    for state, _rng in random_games(games, 30, seed=1):
        positions += 1
        assert_no_block_on_a_star(state)
        counted = [
            len(state.position.squares[p]) + state.position.removed[p] + len(state.to_place[p])
            for p in (0, 1)
        ]
        assert counted == state.options["blocks"]
        if positions % 4 == 0:
            data = json.loads(json.dumps(state.to_json()))
            assert State.from_json(data).to_json() == data
    assert positions > 20 * games  # 20,000 under CPython


def candidate_moves(state, rng):
    """Every tip with no hop, each single-square hop, every Hoops walk, and some nonsense."""
    for square in state.position.squares[state.current_player]:
        for direction in range(4):
            tip = NEIGHBOUR[square][direction]
            yield Move(square, direction, ())
            for end in range(49):
                yield Move(square, direction, (end,))
            if tip >= 0:
                for _, path in HOOPS_PATHS[tip]:
                    yield Move(square, direction, path)
            yield Move(square, direction, tuple(rng.randrange(49) for _ in range(3)))
            yield Move(square, direction, (rng.randrange(49), rng.randrange(49)))


def test_the_legal_turn_list_equals_what_apply_accepts():
    keys = set()
    checked = 0
    for state, rng in random_games(40, 40, seed=2):
        if state.phase != "play" or rng.random() > 0.1:
            continue
        legal = set(state.legal_moves(all_paths=True))
        accepted = set()
        for move in candidate_moves(state, rng):
            trial = state.copy()
            try:
                trial.apply(move)
            except IllegalMove as error:
                keys.add((error.key, tuple(sorted(error.params))))
                assert move not in legal, (str(move), error.key)
            else:
                accepted.add(move)
            checked += 1
        assert accepted == legal
        outcomes = {m.outcome() for m in legal}
        assert sorted(m.outcome() for m in state.legal_moves()) == sorted(outcomes)
    assert checked > 15_000
    english = json.loads((CATALOGUES / "en" / "deblockle-engine.json").read_text())
    for key, params in keys:
        english[key].format(
            **dict.fromkeys(params, "x")
        )  # every key raised is translated and formats
    assert len({k for k, _ in keys}) >= 10


def test_games_between_computer_players_end_properly():
    rng = SeededRng(3)
    for game in range(runs(24)):
        options = random_options(rng)
        state = new_game(options, game)
        levels = [("greedy", "random"), ("random", "greedy"), ("greedy", "greedy")][game % 3]
        for _ in range(600):
            if state.is_over:
                break
            events = state.apply(choose_move(state, rng, None, levels[state.current_player]))
            assert_no_block_on_a_star(state)
            for event in events:
                assert event["type"] in (
                    "place",
                    "start",
                    "tip",
                    "hop",
                    "remove",
                    "pass",
                    "game_over",
                )
        assert state.is_over, f"game {game} did not end"
        assert state.result["reason"] in ("all_removed", "both_stuck", "repetition", "no_progress")
        winner = state.result["winner"]
        if state.result["reason"] == "all_removed":
            assert state.position.removed[winner] == options["blocks"][winner]
        assert State.from_json(state.to_json()).result == state.result


def test_ceremony_set_up_with_random_placements_matches_rolls():
    rng = SeededRng(4)
    for game in range(runs(200)):
        state = new_game({**random_options(rng), "quick_setup": False}, game)
        rolls = [list(t) for t in state.to_place]
        while state.phase == "setup":
            state.apply(rng.choice(state.legal_moves()))
        for player in (0, 1):
            tops = sorted(
                ("star", "stop", "cross", "x", "slider", "hoops").index(b["top"])
                for b in state.blocks()
                if b["player"] == player
            )
            assert tops == rolls[player]
    assert random_placements  # the quick deal uses the same placement type
