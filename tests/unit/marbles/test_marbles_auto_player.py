"""The Hint auto-player: legal, deterministic, budgeted, fair, and good."""

from types import SimpleNamespace

from games.common.rng import SeededRng
from games.marbles import choose_move, new_game, random_move, square
from games.marbles import evaluation
from marbles_fixtures import filled_rows, position


def _positions(count: int, version: int):
    """Positions from random play, a few moves into seeded games."""
    rng = SeededRng(version)
    for seed in range(count):
        state = new_game({"version": version}, 500 + seed)
        for _ in range(seed % 15):
            if state.is_over:
                break
            state.apply(random_move(state, rng))
        if not state.is_over:
            yield state


def test_the_move_is_legal():
    for version in (5, 4):
        for state in _positions(60, version):
            move = choose_move(state, SeededRng(1))
            assert move in state.legal_moves()


def test_same_seed_same_move():
    for state in _positions(30, 5):
        assert choose_move(state, SeededRng(8)) == choose_move(state.copy(), SeededRng(8))


def test_it_sees_only_what_the_player_sees():
    """It needs the board, the Next colours and the version: never the seed."""
    for state in _positions(20, 5):
        view = SimpleNamespace(board=list(state.board), next=list(state.next), min_line=state.min_line)
        assert choose_move(view, SeededRng(2)) == choose_move(state, SeededRng(2))


def test_no_move_when_the_game_is_over():
    state = position(filled_rows(free=[square(8, 1)]), next_colours="YYY")
    state.apply((square(8, 0), square(8, 1)))
    assert state.is_over and choose_move(state, SeededRng(1)) is None


def test_it_completes_a_line():
    state = position([
        "RRRR.....",
        ".........",
        "..G.B....",
        ".....Y...",
        "........R",
    ], next_colours="GBY")
    assert choose_move(state, SeededRng(1)) == (square(4, 8), 4)


def test_it_prefers_the_longer_line():
    state = position([
        "RRRR.....",
        ".........",
        "GG.GGG...",
        ".........",
        "R.......G",
    ], next_colours="YYY")
    assert choose_move(state, SeededRng(1)) == (square(4, 8), square(2, 2))


def test_the_budget_bounds_the_boards_judged(monkeypatch):
    judged = []
    original = evaluation.Judge.evaluate

    def counting(self, board, next_colours=None):
        judged.append(1)
        return original(self, board, next_colours)

    monkeypatch.setattr(evaluation.Judge, "evaluate", counting)
    for budget in (1, 5, 20):
        for state in _positions(15, 5):
            judged.clear()
            choose_move(state, SeededRng(1), budget)
            assert 1 <= len(judged) <= budget


def test_it_plays_far_better_than_random_moves():
    hint, chance = 0, 0
    for seed in range(3):
        for player, budget in ((choose_move, 8), (random_move, None)):
            state = new_game({"version": 5}, seed)
            rng = SeededRng(seed)
            while not state.is_over:
                state.apply(player(state, rng, budget) if budget else player(state, rng))
            if budget:
                hint += state.score
            else:
                chance += state.score
    assert hint > 10 * max(chance, 10)
